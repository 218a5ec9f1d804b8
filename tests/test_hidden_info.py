"""Nothing a seat may not see is ever shown to it (issue 25 §1).

Every registered game, at every number of players and in every form, is played at random
through the :class:`~cardlib.widgets.GameTable` by its callbacks (move buttons legal and
refused, step back and forward, reveal on and off, Undo, hot seat with "Show my hand",
"Next hand"), and after every callback everything the table shows (every text, label,
tooltip and picture of every widget in it) is searched for cards the table's eyes may not
see: the human seat's, in hot seat the seat whose hand is up (nobody's while every hand is
down), and nothing is checked while every hand is revealed.

Which cards a seat may see is what its ``view`` shows (its hand, what it passed and
received, the table, the tricks, Diam's market, discard pile and public log), at the
states the text is about: the message line tells the moves of the last click, so it may
name what the view showed at any state of that click; the rule panel the move into the
step shown; everything else the step shown or the live position.  A seat also knows the
moves it made or may make (its own buttons name the cards it may guess in a Diam's drill).

Rule sentences name cards in general ("Q♠ breaks hearts"), and Diam's writes a plain
diamond as its bare digit, as "round 2" writes a number: so the test marks every card
label the engine writes (``Card.label`` and ``name``, Diam's ``cards.label`` and ``name``
become ``⟦Q♠⟧``, ``⟦7⌕⟧``, brackets no widget uses) and looks for marked labels, for card
codes, and for the faces the pictures draw (``data-card``, ``data-diams-card``), never
for the bare words a rule is written in.  An explanation may name a card in general too
("Ana does not hold K♠"): it does when its words stay the same however the other hands
are dealt.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from html import unescape
from typing import Any

import ipywidgets as widgets
import pytest

from cardlib import games
from cardlib.cards import Card, NumberedCard, french_deck
from cardlib.diams import cards as diams_cards
from cardlib.diams.moves import EXPRESS, SECURE
from cardlib.diams.moves import Move as DiamsMove
from cardlib.protocol import GameState
from cardlib.tricks import CardMove, FaceDownMove
from cardlib.widgets import GameTable

MARK = re.compile(r"⟦([^⟦⟧]+)⟧")
FACE = re.compile(r"data-card=['\"]([0-9A-Z]+)['\"]")
DIAMS_FACE = re.compile(r"data-diams-card=['\"]([^'\"]+)['\"]")
ACTIONS = 150
"""Callbacks per table: enough to reach the end of a hand or a round in every game."""


def forms(game, players: int) -> list[dict]:
    """The defaults, and each value of an option allowed only at some counts."""
    found: list[dict] = [{}]
    for option in game.options:
        if option.only_players and players in option.only_players:
            found += [{option.name: value} for value in option.choices or ()
                      if value != option.default]
    return found


SEATINGS = [(name, players, form) for name in games.names()
            for players in games.get(name).player_counts
            for form in forms(games.get(name), players)]
IDS = [f"{name}-{players}" + "".join(f"-{v}" for v in form.values())
       for name, players, form in SEATINGS]


# --- marking every card label the engine writes ------------------------------------------------

@dataclass
class Cards:
    """How one game's cards are named, read back: marked text to card, code to card."""

    by_words: dict[str, Any] = field(default_factory=dict)
    by_code: dict[str, Any] = field(default_factory=dict)
    diams: bool = False


def mark_labels(set_attr=setattr) -> None:
    """Write every label and name of a card the engine writes between ⟦ ⟧ from now on
    (``set_attr`` is ``setattr``, or a test's ``monkeypatch.setattr`` to undo it after;
    the browser test marks its Voila kernel's labels with this too)."""
    def wrap(prop):
        return property(lambda card: f"⟦{_bare(prop.fget(card))}⟧")

    for cls in (Card, NumberedCard):
        for attr in ("label", "name"):
            if attr in cls.__dict__:
                set_attr(cls, attr, wrap(cls.__dict__[attr]))
    label, name = diams_cards.label, diams_cards.name
    set_attr(diams_cards, "label", lambda kind: f"⟦{_bare(label(kind))}⟧")
    set_attr(diams_cards, "name", lambda kind: f"⟦{_bare(name(kind))}⟧")


@pytest.fixture
def marked(monkeypatch) -> None:
    """Every card label and name the engine writes, marked (see :func:`mark_labels`)."""
    mark_labels(monkeypatch.setattr)


def _bare(text: str) -> str:
    return text.replace("⟦", "").replace("⟧", "")


def _squeezed(text: str) -> str:
    """A card's words without marks or spaces: how a picture split over lines reads back."""
    return re.sub(r"\s+", "", _bare(text))


def card_names(state: GameState) -> Cards:
    """Every card of ``state``'s game by its (unmarked) label, name and code."""
    found = Cards()
    if state.game.name == "diams":
        found.diams = True
        for kind in range(diams_cards.KINDS):
            found.by_words[_squeezed(diams_cards.label(kind))] = kind
            found.by_words[_squeezed(diams_cards.name(kind))] = kind
            found.by_code[diams_cards.code(kind)] = kind
        return found
    deck = ([c for c in state.layout.card_at if c is not None] if hasattr(state, "layout")
            else french_deck())  # Black Diamond: cards leave the game as piles are cleared
    for card in deck:
        found.by_words[_squeezed(card.label)] = card
        found.by_words[_squeezed(card.name)] = card
        found.by_code[card.code] = card
    return found


# --- what a seat may see ----------------------------------------------------------------------

def seen(state: GameState, seat: int | None) -> set[Any]:
    """The cards ``view(seat)`` shows (for None, nobody's hand: what every seat sees)."""
    if seat is None:
        common = [seen(state, s) for s in range(state.players)]
        return set.intersection(*common)
    view = state.view(seat)
    if state.game.name == "diams":
        kinds = {k for pile in (view.hand, view.safe, view.market, view.discard)
                 for k, n in enumerate(pile) if n}
        return kinds | mentioned(" ".join(view.log), card_names(state))
    if hasattr(view, "layout"):  # a trick game's view
        layout = view.layout
        cards = set(view.hand) | set(view.trick.cards)
        for trick in view.tricks:
            cards |= set(trick.cards)
        for name in ("passed_bits", "received_bits", "played_bits", "drawn_bits",
                     "given_bits"):
            bits = getattr(view, name, None)
            if bits:
                cards |= set(layout.cards(bits))
        for bits in getattr(view, "taken_bits", ()):
            cards |= set(layout.cards(bits))
        for marriage in getattr(view, "marriages", ()):  # Cruce: the K and Q are shown
            cards |= {Card(12, marriage.suit), Card(13, marriage.suit)}
        return cards
    cards = {*view.diamonds, *view.hand}  # Black Diamond
    for pile in view.piles.values():
        cards |= set(pile)
    if view.next_diamond is not None:
        cards.add(view.next_diamond)
    return cards


def mentioned(text: str, names: Cards) -> set[Any]:
    """The cards a text names: its marked labels and names, and its card codes."""
    words = [re.sub(r"\s+", "", word) for word in MARK.findall(text)]
    found = {names.by_words[word] for word in words if word in names.by_words}
    unknown = [word for word in words if word not in names.by_words]
    assert not unknown, f"marked words that name no card: {unknown}"
    if not names.diams:  # a Diam's code is a bare digit: only its marked label counts
        for token in re.findall(r"(?<![0-9A-Za-z])([0-9]{1,2}[SHDC]|[2-9TJQKA][SHDC])"
                                r"(?![0-9A-Za-z])", text):
            if token in names.by_code:
                found.add(names.by_code[token])
    return found


def known(states: Iterable[GameState], seat: int | None, names: Cards) -> set[Any]:
    """What ``seat`` may know at any of ``states``: what its view shows, and the cards its
    own moves name (made, or on its buttons)."""
    cards: set[Any] = set()
    states = list(states)
    for state in states:
        cards |= seen(state, seat)
        if seat is not None and state.to_move == seat:
            for move in state.candidate_moves():
                cards |= mentioned(state.game.move_label(move), names)
    for before, after in zip(states, states[1:], strict=False):
        if len(after.history) != len(before.history) + 1:
            continue  # not one move apart (an Undo, a new deal)
        move = after.history[-1]
        if before.to_move == seat or face_up(move):
            cards |= mentioned(before.game.move_label(move), names)
    return cards


def face_up(move: Any) -> bool:
    """Whether every seat sees ``move``'s cards as it is made, by the rules (not by what the
    table says of it): a card played to a trick or given in the open (the trick kit's card
    moves but a pass), and every Diam's move but one into a private safe.  (The last card
    of a hand is seen by all, though no view holds it: the next deal is already there.)"""
    if isinstance(move, DiamsMove):
        return move.verb not in (SECURE, EXPRESS)
    return isinstance(move, CardMove) and not isinstance(move, FaceDownMove)


# --- what the table shows ----------------------------------------------------------------------

def texts(widget: widgets.Widget) -> Iterator[str]:
    """Every text a widget shows (value, label, tooltip, options), and its children's."""
    for attr in ("value", "description", "tooltip", "placeholder"):
        value = getattr(widget, attr, None)
        if isinstance(value, str):
            yield value
    for option in getattr(widget, "_options_labels", ()) or ():
        yield str(option)
    for child in getattr(widget, "children", ()) or ():
        yield from texts(child)


def readable(html: str) -> str:
    """What a person reads in ``html``: its text (a picture's words too, which it may split
    over several ``<text>`` elements), then the titles and labels shown on hovering."""
    shown = re.sub(r"<[^>]*>", " ", html)
    hover = re.findall(r"""(?:title|aria-label|alt)=(['"])(.*?)\1""", html)
    return unescape("\n".join([shown, *(value for _, value in hover)]))


def faces(html: str, names: Cards) -> Counter:
    """The card faces a picture draws, by card (Diam's: by kind, with how many)."""
    if names.diams:
        return Counter(names.by_code[code] for code in DIAMS_FACE.findall(html))
    return Counter(names.by_code[code] for code in FACE.findall(html))


@dataclass
class Watch:
    """A table played at random, and the states each part of it speaks about."""

    table: GameTable
    rng: random.Random
    message_states: list[GameState] = field(default_factory=list)
    """The states the message line tells of: those of the last click that said something."""
    message_known: set[Any] = field(default_factory=set)
    """Cards named in general by the explanation the message line shows (see
    :func:`general`)."""
    refusal_states: list[GameState] = field(default_factory=list)
    refusal_known: set[Any] = field(default_factory=set)
    checks: int = 0
    moves: int = 0
    """Move buttons clicked (legal or refused)."""

    def eyes(self) -> int | None:
        table = self.table
        return table.hand_shown if table.hot_seat else table.seat

    def act(self) -> None:
        """One callback, chosen at random among those the table offers now."""
        table = self.table
        before, message, live = list(table._history), table.message.value, table.state
        action, move = self._choose()
        action()
        after = table._history
        explained = set() if move is None else general(live, move, self.rng)
        if len(after) > len(before) and after[:len(before)] == before:
            self.message_states, self.message_known = after[len(before) - 1:], explained
        elif table.message.value != message or len(after) != len(before):
            self.message_states = [*self.message_states, table.state]
            self.message_known = self.message_known | explained
        if move is not None and table.state is live:  # refused: the panel's second line
            self.refusal_states, self.refusal_known = [live], explained

    def _choose(self) -> tuple[Any, Any]:
        table, rng = self.table, self.rng
        buttons, steps = table.move_buttons, table.move_steps
        if table.next_hand_button.layout.display is None and rng.random() < 0.9:
            return table.next_hand_button.click, None
        if table.hand_button.layout.display is None and rng.random() < 0.9:
            return table.hand_button.click, None
        if table.reveal and rng.random() < 0.7:  # every hand up: nothing is checked
            return (lambda: setattr(table.reveal_toggle, "value", False)), None
        if table.state.is_over and rng.random() < 0.3:
            return table.new_button.click, None  # the same deal again, other clicks
        roll = rng.random()
        if steps and roll < 0.72 and (not buttons or rng.random() < 0.25):
            return rng.choice(steps).click, None  # a first step: whose safe, which card
        if buttons and roll < 0.72:
            legal = [b for b in buttons if "cardlib-legal" in b._dom_classes]
            refused = [b for b in buttons if "cardlib-illegal" in b._dom_classes]
            pool = refused if refused and (rng.random() < 0.15 or not legal) else legal
            if pool:
                button = rng.choice(pool)
                self.moves += 1
                return button.click, table.game.parse_move(button.move_text)
        if roll < 0.80:
            return rng.choice([table.back_button, table.next_button, table.first_button,
                               table.last_button]).click, None
        if roll < 0.88:
            value = not table.reveal

            def reveal():
                table.reveal_toggle.value = value
            return reveal, None
        if roll < 0.93:
            return table.undo_button.click, None
        return table.last_button.click, None

    def check(self) -> None:
        """Nothing the table shows names a card its eyes may not know."""
        table = self.table
        if table.reveal:
            return
        self.checks += 1
        eyes, history, step = self.eyes(), table._history, table.step
        live, shown = table.state, history[step]
        names = card_names(live)
        where = (f"{table.game.name} {table.players}p seed {live.start_record().get('seed')} "
                 f"step {step}/{len(history) - 1}, eyes {eyes}")

        board_ok = known([shown], eyes, names)
        drawn = faces(table.board.value, names)
        if names.diams:
            counts: Counter = Counter()
            if eyes is not None:
                view = shown.view(eyes)
                for pile in (view.hand, view.safe, view.market, view.discard):
                    counts.update({k: n for k, n in enumerate(pile) if n})
            over = {k: n for k, n in drawn.items() if n > counts[k]}
            assert not over, f"{where}: the board draws faces of hidden cards {over}"
        else:
            hidden = set(drawn) - board_ok
            assert not hidden, f"{where}: the board draws hidden cards {hidden}"

        message = known(self.message_states or [live], eyes, names) | self.message_known
        self._no_secret("message line", table.message, message, names, where)
        panel = (known([*history[max(step - 1, 0):step + 1], *self.refusal_states], eyes,
                       names) | self.refusal_known)
        self._no_secret("rule panel", table.rules_panel, panel, names, where)
        allowed = known([shown, live], eyes, names)
        for widget in table.children:
            if widget is not table.message and widget is not table.rules_panel:
                self._no_secret(type(widget).__name__, widget, allowed, names, where)

    @staticmethod
    def _no_secret(name: str, widget: widgets.Widget, allowed: set[Any], names: Cards,
                   where: str) -> None:
        text = "\n".join(readable(text) for text in texts(widget))
        secret = mentioned(text, names) - allowed
        if secret:
            shown = sorted(str(names_of(card, names)) for card in secret)
            context = [text[max(0, m.start() - 80):m.end() + 40]
                       for m in MARK.finditer(text)
                       if names.by_words.get(re.sub(r"\s+", "", m[1])) in secret][:3]
            pytest.fail(f"{where}: the {name} names hidden cards {shown}: {context}")


def general(state: GameState, move: Any, rng: random.Random) -> set[Any]:
    """The cards the explanation of ``move`` at ``state`` names in general: the same text
    whatever the other seats hold ("Ana does not hold K♠: no marriage" names the K♠, but
    says nothing of where it is).  Worked out by dealing the other hands again from the
    same cards: an explanation that changes with them names nothing in general."""
    text = state.explain(move).text
    for _ in range(3):
        other = redealt(state, state.to_move, rng)
        if other is None or other.explain(move).text != text:
            return set()
    return mentioned(text, card_names(state))


def redealt(state: GameState, seat: int | None, rng: random.Random) -> GameState | None:
    """``state`` with the hands of every seat but ``seat`` dealt again from the cards they
    hold together, each the same size (None for a game with no hands to deal again)."""
    others = [s for s in range(state.players) if s != seat]
    if hasattr(state, "layout"):  # the trick kit: hands are bit sets
        bits = [b for s in others for b in range(state.hands[s].bit_length())
                if state.hands[s] >> b & 1]
        rng.shuffle(bits)
        hands, at = list(state.hands), 0
        for s in others:
            size = state.hands[s].bit_count()
            hands[s] = sum(1 << b for b in bits[at:at + size])
            at += size
        return dataclasses.replace(state, hands=tuple(hands))
    if state.game.name == "diams":
        fields = {}
        for name in ("hands", "safes"):
            piles = getattr(state, name)
            kinds = [k for s in others for k, n in enumerate(piles[s]) for _ in range(n)]
            rng.shuffle(kinds)
            new, at = [list(p) for p in piles], 0
            for s in others:
                size = sum(piles[s])
                new[s] = [0] * len(piles[s])
                for k in kinds[at:at + size]:
                    new[s][k] += 1
                at += size
            fields[name] = tuple(tuple(p) for p in new)
        return dataclasses.replace(state, **fields)
    return None


def names_of(card: Any, names: Cards) -> str:
    return diams_cards.code(card) if names.diams else card.code


def play(name: str, players: int, form: dict, seed: int, humans: set[int]) -> Watch:
    """A table for ``humans`` played at random, checked after every callback."""
    game = games.get(name)
    table = GameTable(game, seed=seed, options={"players": players, **form}, humans=humans)
    watch = Watch(table, random.Random(f"{name}:{players}:{seed}:{sorted(humans)}"))
    watch.check()
    for _ in range(ACTIONS):
        watch.act()
        watch.check()
    return watch


@pytest.mark.parametrize(("name", "players", "form"), SEATINGS, ids=IDS)
def test_the_table_never_shows_a_hidden_card(marked, name, players, form):
    watches = [play(name, players, form, 0, {0})]
    if players > 1:  # hot seat: the eyes move with the hand that is up
        watches.append(play(name, players, form, 1, {0, players - 1}))
    # most callbacks were checked (not those with every hand up), and many were moves
    assert sum(w.checks for w in watches) > ACTIONS * len(watches) // 2
    assert all(w.moves > ACTIONS // 4 for w in watches)


# --- each private move, as each seat is told it ---------------------------------------------

def first_state(start: GameState, wanted, rng: random.Random, games_: int = 30) -> GameState:
    """The first position of random games from ``start`` where ``wanted(state)`` holds."""
    for _ in range(games_):
        state = start
        while not state.is_over:
            if wanted(state):
                return state
            state = state.apply(rng.choice(state.legal_moves()))
    raise AssertionError("no such position in random games")


@pytest.mark.parametrize(("name", "players"), [("hearts", 4), ("diamonds", 3),
                                               ("diamonds", 6)])
def test_a_pass_names_its_card_to_the_passer_alone(name, players):
    game = games.get(name)
    state = first_state(game.new(seed=5, players=players),
                        lambda s: any(str(m).startswith("pass ") for m in s.legal_moves()),
                        random.Random(5))
    move, passer = state.legal_moves()[0], state.to_move
    receiver = game.seat_names(players)[state.passes_to(passer)]
    assert state.move_seen_by(move, passer) == game.move_label(move) == f"pass {move.card.label}"
    for observer in [None, *range(players)]:
        if observer != passer:  # the receiver too: the cards change hands once all passed
            assert state.move_seen_by(move, observer) == f"pass a card to {receiver}"


def test_a_diams_secure_is_counted_to_the_other_seats():
    game, rng = games.get("diams"), random.Random(2)
    state = game.new(seed=2, players=4)
    for verb, words in (("secure", "secure"), ("express", "Secur'express:")):
        found = first_state(state, lambda s, verb=verb: any(m.verb == verb
                                                             for m in s.legal_moves()), rng)
        move = next(m for m in found.legal_moves() if m.verb == verb)
        mover, count = found.to_move, len(move.cards)
        assert found.move_seen_by(move, mover) == game.move_label(move)
        for observer in (None, *(s for s in range(4) if s != mover)):
            told = found.move_seen_by(move, observer)
            assert told == f"{words} {count} card{'s' if count > 1 else ''}"
            assert not set(told.split()) & {diams_cards.label(k) for k in move.cards}


def test_cruce_given_cards_are_told_to_both_players():
    # the 2-player auction form: the declarer gives 2 cards, which both players then know;
    # the 4 dead cards are named by no move at all
    game, rng = games.get("cruce"), random.Random(4)
    state = first_state(game.new(seed=4, players=2, two_player_form="auction"),
                        lambda s: any(str(m).startswith("give") for m in s.legal_moves()),
                        rng)
    move = state.legal_moves()[0]
    after = state.apply(move)
    for seat in (0, 1):
        assert state.move_seen_by(move, seat) == game.move_label(move)
        assert move.card in after.view(seat).given


def test_the_diams_table_tells_a_bots_secure_as_a_count():
    # issue 25's reproducer: the table told "seat 1: secure 2 2 2 2⌕" in the message line
    from cardlib.diams.bots import RuleOfThumbBot

    game = games.get("diams")
    table = GameTable(game, seed=3, options={"players": 3},
                      bots={1: RuleOfThumbBot(), 2: RuleOfThumbBot()})
    secured = []
    while not secured:
        before = len(table._history)
        table.try_move(table.state.legal_moves()[0])  # the first legal move, as clicked
        secured = [(b.to_move, a.history[-1]) for b, a in
                   zip(table._history[before:], table._history[before + 1:], strict=False)
                   if a.history[-1].verb in (SECURE, EXPRESS)]
        assert len(table._history) < 400, "no bot secured anything"
    seat, move = secured[0]
    name, count = game.seat_names(3)[seat], len(move.cards)
    assert f"{name}: " in table.message.value and f"secure {count} cards" in table.message.value
    assert game.move_label(move) not in table.message.value
    while table._history[table.step].history[-1:] != (move,):
        assert table.step > 0
        table.back_button.click()                     # step back to the secure
    assert f"Last move by {name}: secure {count} cards" in table.rules_panel.value
    assert game.move_label(move) not in table.rules_panel.value
    table.set_reveal(True)                            # every hand up: the cards are named
    assert game.move_label(move) in table.rules_panel.value


def test_the_board_at_the_games_end_keeps_cruces_dead_cards_hidden():
    # the table laid the whole state open at the end, the dead cards of the 2-player
    # auction form with it ("Out of play, seen by no player: …")
    game = games.get("cruce")
    for seed in range(20):
        table = GameTable(game, seed=seed, options={"players": 2, "two_player_form": "auction",
                                                    "hand_limit": 1})
        while not table.state.is_over:
            if getattr(table, "paused", False):  # a hand's end: its tally first
                table.next_hand()
            else:
                table.try_move(table.state.legal_moves()[0])
        dead = table.state.dead
        if dead:
            break
    assert dead, "no auction hand with dead cards was played"
    names = card_names(table.state)
    drawn = set(faces(table.board.value, names))
    assert not drawn & set(table.state.layout.cards(dead))
    assert "seen by no player" not in table.board.value
    table.set_reveal(True)                       # the teacher may still lay them open
    assert "seen by no player" in table.board.value


def test_play_it_out_tells_a_bots_pass_without_its_card():
    # the trick steps' "play it out" from a fresh deal: the learner (North) passes three
    # cards, then the bots pass theirs, told to the learner without naming them
    from cardlib.widgets.hearts import PlayOut

    hearts = games.get("hearts")
    step = PlayOut(hearts.new(seed=5))
    for _ in range(3):
        step.play(step.state.legal_moves()[0])
    passes = [p for p in step.played if p.seat != 0 and str(p.move).startswith("pass")]
    assert len(passes) == 9
    told = " ".join(step.told)
    assert "pass a card to" in told
    for played in passes:
        assert hearts.move_label(played.move) not in told
