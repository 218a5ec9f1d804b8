"""The registry of games: one name, one module, loaded on first use.

Adding a game is adding one module that defines a :class:`cardlib.protocol.Game` subclass
and one line here.  Modules load lazily so that importing ``cardlib`` stays cheap and the
core never imports a game.
"""

from __future__ import annotations

import importlib

from cardlib.protocol import Game

# name -> (module, class name, optional rendering module registering the pictures)
_REGISTRY: dict[str, tuple[str, str, str | None]] = {
    "hearts": ("cardlib.hearts", "Hearts", "cardlib.render.hearts"),
    "black-diamond": ("cardlib.blackdiamond", "BlackDiamond", "cardlib.render.blackdiamond"),
}

_loaded: dict[str, Game] = {}


class UnknownGame(KeyError):
    def __str__(self) -> str:  # KeyError quotes its message; keep it readable
        return str(self.args[0])


def names() -> list[str]:
    """The registered games' names, in the order the notebooks teach them."""
    return list(_REGISTRY)


def get(name: str) -> Game:
    """The game called ``name``; an unknown name raises an error listing the known ones."""
    if name in _loaded:
        return _loaded[name]
    try:
        module_name, class_name, render_module = _REGISTRY[name]
    except KeyError:
        raise UnknownGame(f"unknown game {name!r}; known games: {', '.join(names())}") from None
    game = getattr(importlib.import_module(module_name), class_name)()
    if render_module is not None:
        importlib.import_module(render_module)  # registers the game's pictures
    _loaded[name] = game
    return game
