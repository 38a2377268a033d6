"""The pure engine: check and replay a session's hands, a hand's stored result as data,
statistics and charts over sessions. No Flask, no SQL."""
