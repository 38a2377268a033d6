"""Shared machinery for a family of games, built on the contract (pile games)."""
