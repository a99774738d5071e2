"""Runs the play: matches, tournaments, ratings, results store, metrics and the CLI."""
