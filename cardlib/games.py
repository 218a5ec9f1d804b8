"""The registry of games: one name, one module, loaded on first use.

Adding a game is adding one package that defines a :class:`cardlib.protocol.Game`
subclass and exports its one instance as ``GAME`` (the object its states use), and one
line here.  Modules load lazily so that importing ``cardlib`` stays cheap and the
core never imports a game.
"""

from __future__ import annotations

import importlib

from cardlib.bots import RANDOM, BotKind
from cardlib.protocol import Game

# name -> (game package exporting GAME, optional rendering module registering the pictures)
_REGISTRY: dict[str, tuple[str, str | None]] = {
    "hearts": ("cardlib.hearts", "cardlib.render.hearts"),
    "diamonds": ("cardlib.diamonds", "cardlib.render.diamonds"),
    "diams": ("cardlib.diams", "cardlib.render.diams"),
    "black-diamond": ("cardlib.blackdiamond", "cardlib.render.blackdiamond"),
    "cruce": ("cardlib.cruce", "cardlib.render.cruce"),
}

_loaded: dict[str, Game] = {}


class UnknownGame(KeyError):
    def __str__(self) -> str:  # KeyError quotes its message; keep it readable
        return str(self.args[0])


def names() -> list[str]:
    """The registered games' names, in the order the notebooks teach them."""
    return list(_REGISTRY)


def package(name: str) -> str:
    """The package that holds the game called ``name`` (``"cardlib.cruce"``): what the
    layering test reads to know which packages of ``cardlib/`` are games."""
    try:
        return _REGISTRY[name][0]
    except KeyError:
        raise UnknownGame(f"unknown game {name!r}; known games: {', '.join(names())}") from None


def get(name: str) -> Game:
    """The game called ``name`` (the very object its states use as ``state.game``); an
    unknown name raises an error listing the known ones."""
    if name in _loaded:
        return _loaded[name]
    try:
        module_name, render_module = _REGISTRY[name]
    except KeyError:
        raise UnknownGame(f"unknown game {name!r}; known games: {', '.join(names())}") from None
    game = importlib.import_module(module_name).GAME
    if render_module is not None:
        importlib.import_module(render_module)  # registers the game's pictures
    _loaded[name] = game
    return game


def bots(game: Game | str) -> tuple[BotKind, ...]:
    """The kinds of bot that can play ``game`` (a game or its name), strongest first.

    A registered game lists them as ``BOTS`` in its package's ``bots`` module (the Monte
    Carlo searcher, then the rule of thumb, then :data:`~cardlib.bots.RANDOM`); a game with
    no such list (a solitaire, a test's toy game) gets the random bot alone.
    """
    name = game if isinstance(game, str) else game.name
    if name not in _REGISTRY or (not isinstance(game, str) and get(name) is not game):
        return (RANDOM,)
    module_name = _REGISTRY[name][0] + ".bots"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        return (RANDOM,)
    return tuple(getattr(module, "BOTS", (RANDOM,)))
