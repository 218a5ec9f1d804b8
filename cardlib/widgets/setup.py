"""The game table's setup panel: the next game chosen at the table, not in code.

A class picks a variant before it plays: how many players, the game's options, who plays
which seat, which bot plays the rest, and the seed everyone types.  Everything the panel
offers is read from what the game declares once: the player counts and every
:class:`~cardlib.options.Option` (its choices, its one-line doc, the counts it is played
at) from ``game.options``, and the bots, strongest first, from :func:`cardlib.games.bots`.
Nothing here names a game, so a new game's table gets its panel for free.

The panel only holds choices.  The table (:class:`cardlib.widgets.table.GameTable`) deals
them when "New game" is pressed, reading :meth:`SetupPanel.chosen`; the one exception is
the human seats, which act at once while the panel's player count is the game's (hot-seat
play switched on in the middle of a game).  An option played only at some counts (Cruce's
2-player form) shows only while the panel's count is one of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib.bots import BotKind
from cardlib.options import Option, OptionsRecord
from cardlib.protocol import Game
from cardlib.widgets.base import SeedBox, TeachingWidget, add_classes

GIVEN = "as-given"
"""The bots' choice that keeps the bots the table was built with (a notebook's own)."""

_AUTO = {"width": "auto"}


@dataclass(frozen=True)
class Setup:
    """What the panel says the next game is (see :meth:`SetupPanel.chosen`)."""

    seed: int
    players: int
    options: dict[str, Any]
    """Every option played at ``players`` (``players`` itself not included)."""
    humans: frozenset[int]
    bot: str
    """A :class:`~cardlib.bots.BotKind` name, or :data:`GIVEN`."""


class SetupPanel(widgets.VBox):
    """The controls of :mod:`this module <cardlib.widgets.setup>` for one table.

    ``owner`` is the table: the panel's callbacks run through it, so an error shows in
    its message line.  ``current`` is the options record of the game at the table (the
    panel starts from it), ``kinds`` the game's bots strongest first, ``bot`` the kind
    selected (:data:`GIVEN` for bots the table was handed that are of no listed kind,
    ``given`` then names them).  ``on_seat(seat, human)`` is called when a seat toggle
    changes while the panel's count is the game's; ``on_new()`` when "New game" is
    pressed.  ``seat_names(players)`` names the seats as the board does.
    """

    def __init__(
        self,
        owner: TeachingWidget,
        game: Game,
        current: OptionsRecord,
        *,
        seed: int,
        humans: Iterable[int],
        kinds: Sequence[BotKind],
        bot: str,
        given: str = "",
        seat_names: Callable[[int], Sequence[str]],
        on_seat: Callable[[int, bool], Any],
        on_new: Callable[[], Any],
    ):
        super().__init__()
        add_classes(self, "cardlib-setup")
        self.owner, self.game, self.kinds = owner, game, tuple(kinds)
        self.seat_names, self._on_seat = seat_names, on_seat
        self.live_players = current.players
        """The player count of the game at the table (the seat toggles act at once)."""
        self._humans = frozenset(humans)

        self.seed = add_classes(SeedBox(seed, description="Seed", layout={"width": "160px"}),
                                "cardlib-seed")
        self.new_button = owner.button(
            "New game", on_new, "cardlib-new", layout=_AUTO, button_style="primary",
            tooltip="deal the game set up here: the same seed gives everyone the same deal")
        self.players = add_classes(widgets.ToggleButtons(
            options=[(str(n), n) for n in game.player_counts], value=current.players,
            tooltip=game.options[0].doc, style={"button_width": "36px"},
            layout={"width": "auto"}), "cardlib-setup-players")
        owner.on_change(self.players, self._players_changed)
        choices = [(kind.label, kind.name) for kind in self.kinds]
        if bot == GIVEN:
            choices.insert(0, (f"as set up ({given})" if given else "as set up", GIVEN))
        self.bots = add_classes(widgets.Dropdown(
            options=choices, value=bot, description="Bots",
            style={"description_width": "initial"}, layout={"width": "max-content"}),
            "cardlib-setup-bots")
        self.bot_doc = add_classes(widgets.HTML(layout={"margin": "0 0 0 0.6em"}),
                                   "cardlib-setup-bot-doc")
        owner.on_change(self.bots, lambda _: self._describe_bot())
        self._describe_bot()

        self.seats_label = add_classes(widgets.Label("Human seats:"), "cardlib-seats-label")
        self.seats = add_classes(widgets.HBox(), "cardlib-setup-seats")
        self.seat_toggles: list[widgets.ToggleButton] = []
        self._seat_row(current.players)

        self.option_controls: dict[str, widgets.ValueWidget] = {}
        self.option_rows: dict[str, widgets.Box] = {}
        for option in game.options[1:]:
            control = self._control(option, getattr(current, option.name))
            self.option_controls[option.name] = control
            doc = add_classes(widgets.HTML(f"<small>{escape(option.doc)}</small>",
                                           layout={"flex": "1 1 20em"}), "cardlib-option-doc")
            self.option_rows[option.name] = add_classes(
                widgets.HBox([control, doc], layout={"align_items": "baseline"}),
                "cardlib-option", f"cardlib-option-{option.name}")
        self.options_box = add_classes(
            widgets.VBox(list(self.option_rows.values()), layout={"display": "none"}),
            "cardlib-setup-options")
        self.options_toggle = add_classes(widgets.ToggleButton(
            description=f"Rule options ({len(self.option_rows)})", layout=_AUTO,
            tooltip="every option of the game, with what it changes; New game deals them"),
            "cardlib-options-toggle")
        owner.on_change(self.options_toggle, self.show_options)
        self._show_rows(current.players)

        first: list[widgets.Widget] = [self.seed, self.new_button]
        if len(game.player_counts) > 1:
            first += [widgets.Label("Players", layout={"margin": "0 0 0 1em"}), self.players]
        rows: list[widgets.Widget] = [widgets.HBox(first, layout={"flex_flow": "row wrap",
                                                                 "align_items": "center"})]
        if current.players > 1 or len(game.player_counts) > 1:
            rows += [widgets.HBox([self.bots, self.bot_doc], layout={
                "flex_flow": "row wrap", "align_items": "center"}), self.seats]
        if self.option_rows:
            rows += [widgets.HBox([self.options_toggle]), self.options_box]
        self.children = rows

    # --- what the panel says ------------------------------------------------------------
    def chosen(self) -> Setup:
        """The next game as the panel sets it: seed, count, the options played at that
        count, the human seats and the bots' kind."""
        players = self.players.value
        options = {option.name: self.option_controls[option.name].value
                   for option in self.game.options[1:] if _played_at(option, players)}
        return Setup(self.seed.seed, players, options, self._humans, self.bots.value)

    @property
    def humans(self) -> frozenset[int]:
        """The seats the toggles say people play."""
        return self._humans

    def kind(self, name: str) -> BotKind | None:
        """The listed bot kind called ``name`` (None for :data:`GIVEN`)."""
        return next((kind for kind in self.kinds if kind.name == name), None)

    # --- kept in step with the table ----------------------------------------------------
    def dealt(self, current: OptionsRecord, humans: Iterable[int], seed: int) -> None:
        """A game was dealt: the panel shows it (its count, options, seats and seed)."""
        self.live_players = current.players
        with self.owner.quietly():
            self.seed.value = seed
            self.players.value = current.players
            for name, control in self.option_controls.items():
                control.value = getattr(current, name)
        self.set_humans(humans, current.players)
        self._show_rows(current.players)

    def set_humans(self, seats: Iterable[int], players: int | None = None) -> None:
        """Show ``seats`` as the human ones (the seat toggles redrawn for ``players``)."""
        self._humans = frozenset(seats)
        if players is not None and players != len(self.seat_toggles):
            self._seat_row(players)
        with self.owner.quietly():
            for seat, toggle in enumerate(self.seat_toggles):
                toggle.value = seat in self._humans

    def show_options(self, on: bool) -> None:
        """Open (or close) the list of the game's options."""
        self.options_box.layout.display = None if on else "none"
        with self.owner.quietly():
            self.options_toggle.value = bool(on)

    # --- drawing ------------------------------------------------------------------------
    def _control(self, option: Option, value: Any) -> widgets.ValueWidget:
        """A control for ``option``: a checkbox for yes/no, a menu of its choices, or a
        number box for an open range (a target score)."""
        style = {"description_width": "initial"}
        if option.choices is not None and {type(c) for c in option.choices} == {bool}:
            control = widgets.Checkbox(value=value, description=option.name, indent=False,
                                       style=style, layout={"width": "auto"})
        elif option.choices is not None:
            control = widgets.Dropdown(options=[(str(c), c) for c in option.choices],
                                       value=value, description=option.name, style=style,
                                       layout={"width": "max-content"})
        elif isinstance(option.default, int):
            control = widgets.IntText(value=value, description=option.name, style=style,
                                      layout={"width": "14em"})
        else:
            control = widgets.Text(value=str(value), description=option.name, style=style)
        control.tooltip = option.doc
        return add_classes(control, "cardlib-option-control")

    def _seat_row(self, players: int) -> None:
        names = self.seat_names(players)
        self.seat_toggles = [
            add_classes(widgets.ToggleButton(
                value=seat in self._humans, description=names[seat], layout=_AUTO,
                tooltip=f"pressed: a person plays {names[seat]}; up: a bot does"),
                "cardlib-seat-toggle", f"cardlib-seat-toggle-{seat}")
            for seat in range(players)]
        for seat, toggle in enumerate(self.seat_toggles):
            self.owner.on_change(toggle, lambda human, seat=seat: self._seat_changed(seat, human))
        self.seats.children = (self.seats_label, *self.seat_toggles) if players > 1 else ()

    def _seat_changed(self, seat: int, human: bool) -> None:
        """A seat toggle: at the game's count the table changes hands at once; at another
        count the choice waits for New game.  Never no human at all."""
        wanted = self._humans | {seat} if human else self._humans - {seat}
        if not wanted:
            with self.owner.quietly():
                self.seat_toggles[seat].value = True
            raise ValueError("at least one seat must be played by a person "
                             "(with none, the bots would play the whole game alone)")
        if self.players.value == self.live_players:
            try:
                self._on_seat(seat, human)
            except ValueError:
                self.set_humans(self._humans)
                raise
            return
        self._humans = wanted

    def _players_changed(self, players: int) -> None:
        """Another count: seats and options for it (taken once New game is pressed)."""
        kept = {seat for seat in self._humans if seat < players} or {0}
        self.set_humans(kept, players)
        self._show_rows(players)

    def _show_rows(self, players: int) -> None:
        for option in self.game.options[1:]:
            self.option_rows[option.name].layout.display = (
                None if _played_at(option, players) else "none")

    def _describe_bot(self) -> None:
        kind = self.kind(self.bots.value)
        words = (f"{kind.label}: {kind.doc}" if kind is not None
                 else "the bots this table was set up with")
        self.bot_doc.value = f"<small>{escape(words)}</small>"


def _played_at(option: Option, players: int) -> bool:
    """Whether ``option`` is played at ``players`` (Cruce's 2-player form only at 2)."""
    return option.only_players is None or players in option.only_players


__all__ = ["GIVEN", "Setup", "SetupPanel"]
