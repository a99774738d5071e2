"""The arena: hosts matches of the engine games over gRPC for bots in any language."""
