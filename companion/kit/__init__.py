"""Shared machinery that knows no game: messages and numbers, cards and packs, who wins a trick,
counting card points, scoring helpers, settlement, the translation catalogues, where files are."""
