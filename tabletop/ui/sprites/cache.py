"""One cache for every surface the tables draw once and blit every frame (card faces, tokens, dials, tracks).

``@surface_cache(limit)`` keeps a function's surfaces by its arguments; ``reset_all()`` forgets every one of
them, which the app does when the window's scale changes or the display is made again.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import wraps
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

_CACHES: list[dict[Hashable, object]] = []


def surface_cache(limit: int = 512) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """Remember up to ``limit`` results of the decorated function, keyed by its (hashable) arguments."""

    def decorate(draw: Callable[P, T]) -> Callable[P, T]:
        cache: dict[Hashable, object] = {}
        _CACHES.append(cache)

        @wraps(draw)
        def cached(*args: P.args, **kwargs: P.kwargs) -> T:
            key = (args, tuple(sorted(kwargs.items())))
            found = cache.get(key)
            if found is None:
                if len(cache) >= limit:
                    cache.clear()
                found = cache[key] = draw(*args, **kwargs)
            return found  # type: ignore[return-value]

        return cached

    return decorate


def reset_all() -> None:
    """Forget every cached surface (the scale changed, or the display was made again)."""
    for cache in _CACHES:
        cache.clear()
