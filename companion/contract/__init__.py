"""The Game contract: plain values, the `Game` class, the registry, the trick referee's contract,
the one strict parser of raw input and a game's own figures. Imports only from `companion.kit`."""
