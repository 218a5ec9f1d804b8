"""A game's options, declared once: a list of :class:`Option` and the typed record made from it.

Each game writes its options one time, as a tuple of ``Option(name, default, doc, choices)``
beside the rules they change.  :func:`options_record` turns that tuple into a frozen
dataclass (the game's ``Options``), so the engine reads ``state.options.moon`` with a typo
caught at once, the notebooks list the same docs, saved games store ``as_dict()``, and the
command line builds its flags from the same declarations.  Nothing restates an option.

Every record also holds ``players``: how many seats the game is played with.  It is an
option like the others (saved, loaded, checked against the counts the game allows), so a
game that allows 2 to 6 players needs no second mechanism for it.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar


@dataclasses.dataclass(frozen=True)
class Option:
    """A named game option: its default, what it changes (shown in notebooks), and the
    values it allows (``choices``, or ``check`` for an open range such as a target score).

    ``check(value)`` returns None when the value is fine, else the words that say what to
    give instead.  ``only_players``: the player counts at which a value other than the
    default makes sense (Cruce's 2-player forms); at any other count such a value is
    refused, naming the option and the count.
    """

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    check: Callable[[Any], str | None] | None = dataclasses.field(
        default=None, compare=False, repr=False)
    only_players: tuple[int, ...] | None = None

    def problem(self, value: Any) -> str | None:
        """Why ``value`` is refused for this option, or None when it is allowed."""
        if self.choices is not None:
            # 1 == True in Python; an option of bools must get a bool, a count an int.
            if not any(value == c and type(value) is type(c) for c in self.choices):
                return f"choose from {', '.join(map(repr, self.choices))}"
            return None
        if type(value) is not type(self.default):
            return f"give a {type(self.default).__name__} like {self.default!r}"
        return self.check(value) if self.check is not None else None


def whole_number_at_least(low: int) -> Callable[[Any], str | None]:
    """A ``check`` for an option that is a whole number from ``low`` up (a target score)."""

    def check(value: Any) -> str | None:
        return None if value >= low else f"give a whole number, {low} or more"

    return check


_DEFAULTS: dict[type, OptionsRecord] = {}
"""Each game's record of the default options (a random playout starts many games)."""


class OptionsRecord:
    """Base of every game's typed options (built by :func:`options_record`)."""

    game_name: ClassVar[str]
    declared: ClassVar[tuple[Option, ...]]
    """Every option of the game, ``players`` first, in the order the game declared them."""
    player_counts: ClassVar[tuple[int, ...]]

    def __post_init__(self) -> None:
        for option in self.declared:
            value = getattr(self, option.name)
            why = option.problem(value)
            if why is None:
                continue
            if option.name == "players":
                raise ValueError(f"{self.game_name}: players={value!r} is not allowed; it is "
                                 f"played by {_counts_words(self.player_counts)} players")
            raise ValueError(f"{self.game_name}: option {option.name}={value!r}; {why}")
        players = self.as_dict()["players"]
        for option in self.declared:
            value = getattr(self, option.name)
            if option.only_players is None or players in option.only_players \
                    or value == option.default:
                continue
            counts = " or ".join(map(str, option.only_players))
            raise ValueError(f"{self.game_name}: option {option.name}={value!r} is played "
                             f"only with {counts} players, not with {players}")

    @classmethod
    def played_at(cls, players: int, given: Mapping[str, Any]) -> dict[str, Any]:
        """``given`` without the options whose value is not played at ``players`` (a
        table switched from 2 to 3 players drops Cruce's 2-player form, keeps the rest)."""
        only = {option.name: option.only_players for option in cls.declared}
        return {name: value for name, value in given.items()
                if only.get(name) is None or players in only[name]}

    @classmethod
    def from_given(cls, given: Mapping[str, Any]) -> OptionsRecord:
        """The record for ``given`` options: defaults filled in, unknown names refused
        (``TypeError``, like an unknown keyword argument), bad values refused by name."""
        known = [option.name for option in cls.declared]
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise TypeError(f"{cls.game_name}: unknown option(s) {', '.join(unknown)}; "
                            f"known: {', '.join(known)}")
        if not given:  # the defaults: one record, built once (records are frozen)
            default = _DEFAULTS.get(cls)
            if default is None:
                default = _DEFAULTS[cls] = cls()
            return default
        return cls(**given)

    def as_dict(self) -> dict[str, Any]:
        """The options as plain JSON-safe values (for saved games)."""
        return {option.name: getattr(self, option.name) for option in self.declared}

    def changed(self) -> dict[str, Any]:
        """Only the options that differ from their defaults (for short labels)."""
        return {option.name: getattr(self, option.name) for option in self.declared
                if getattr(self, option.name) != option.default}


def options_record(
    game_name: str,
    options: Sequence[Option],
    *,
    player_counts: Sequence[int],
    usual_players: int | None = None,
    class_name: str = "Options",
    module: str | None = None,
) -> type[OptionsRecord]:
    """The typed, frozen record of a game's options, with ``players`` as its first field.

    ``player_counts`` are the numbers of seats the game allows; ``usual_players`` (default:
    the first count) is what ``game.new()`` uses when no count is given.

    Records pickle (a process pool, a copy) when the result is assigned to a module-level
    name equal to ``class_name`` (``Options = options_record(...)``) in the module that
    calls this: the record names that module as its home by itself.  ``module`` overrides
    it, for a record made in one module and kept in another.
    """
    if module is None:  # the caller's module: where ``Options = options_record(...)`` is
        module = sys._getframe(1).f_globals.get("__name__")
    counts = tuple(sorted(player_counts))
    if not counts or any(not isinstance(n, int) or n < 1 for n in counts):
        raise ValueError(f"{game_name}: player_counts must be whole numbers, got {counts}")
    usual = counts[0] if usual_players is None else usual_players
    players = Option("players", usual,
                     f"How many seats play: {_counts_words(counts)}.", counts)
    declared = (players, *options)
    names = [option.name for option in declared]
    if len(set(names)) != len(names):
        raise ValueError(f"{game_name}: an option is declared twice in {names}")
    record = dataclasses.make_dataclass(
        class_name,
        [(o.name, Any, dataclasses.field(default=o.default)) for o in declared],
        bases=(OptionsRecord,),
        frozen=True,
        namespace={"game_name": game_name, "declared": declared, "player_counts": counts,
                   "__doc__": f"The options of {game_name} (see ``declared``)."},
    )
    if module is not None:
        record.__module__ = module
    return record


def _counts_words(counts: tuple[int, ...]) -> str:
    if len(counts) == 1:
        return f"exactly {counts[0]}"
    if counts == tuple(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"

