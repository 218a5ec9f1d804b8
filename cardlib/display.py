"""How game objects find their pictures, without a game importing its renderer.

Rendering sits above the games: ``cardlib/render/<game>.py`` imports the game and
registers a function for its state (or view) class here.  A state's ``_repr_html_``
asks this module, so Jupyter shows a picture once the renderer is loaded (the games
registry loads it with the game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_renderers: dict[type, Callable[[Any], str]] = {}


def register(cls: type, render: Callable[[Any], str]) -> None:
    """Use ``render(obj) -> html`` for instances of ``cls``."""
    _renderers[cls] = render


def html(obj: Any) -> str | None:
    """HTML for ``obj`` from the most specific registered renderer, or None."""
    for cls in type(obj).__mro__:
        render = _renderers.get(cls)
        if render is not None:
            return render(obj)
    return None


class Drawable:
    """Mixin for values that draw themselves in Jupyter once their renderer is loaded."""

    __slots__ = ()

    def _repr_html_(self) -> str | None:
        return html(self)
