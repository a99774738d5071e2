"""Shared test setup: the test-only game is registered for every test."""

import engine
from tests.support import duel

engine.register(duel.GAME)
