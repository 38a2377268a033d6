"""A small thread-safe memo for things built once and reused by every request: a game's fields
for a setup, a form class, the HTML of an empty form. Bounded: the least recently used go."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Kept(Generic[K, V]):
    """Values by key, made on first use by `make` and kept (at most `size` of them)."""

    def __init__(self, size: int = 256) -> None:
        self._size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The value kept for `key`, made now if there is none (two threads may both make it
        the first time: the values are equal, one is kept)."""
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        value = make()
        with self._lock:
            self._items[key] = value
            while len(self._items) > self._size:
                self._items.popitem(last=False)
        return value
