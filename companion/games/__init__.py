"""The games: one module per game, each registering its `Game` (found by the registry)."""
