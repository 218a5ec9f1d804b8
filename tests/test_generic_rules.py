"""Generic tests that catch wrong rules, for every registered game (and the toy trick game)
at every player count: what the protocol tests (``test_protocol.py``) leave unchecked.

* every bot a game registers (``games.bots``) plays legal moves to the end, in every phase;
* ``view(seat)`` of a trick game hides every card that seat may not see: those cards dealt
  again among the other seats leave the view as it was (Diam's, which keeps no bit sets,
  has its own test of this: ``diams.hidden``);
* the game's imagined deals (``from_view``, through its Monte Carlo bot's hook) agree with
  the view they were imagined from and put no seen card in a hidden hand;
* a scripted start (``from_hands``, the hands of a dealt game) saves a start record that
  loads back to the same game, before and after some moves;
* a ``Scene`` replays its script (moves a script can write, one word each) and ``TryCard``
  judges every card of the hand to move as the engine does, playing none.

Kept cheap: bots that search get the smallest budget, games run in their quick form
(``Game.quick_options``), and one seed per case.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from test_protocol import MAX_RANDOM_MOVES, forms
from toytricks import GAME as TOY

from cardlib import games
from cardlib.bots import RandomBot
from cardlib.protocol import Game
from cardlib.tricks import TrickState
from cardlib.widgets.tricks import Scene, TrickTeaching, card_of
from cardlib.widgets.try_card import TryCard

GAMES = {name: games.get(name) for name in games.names()} | {TOY.name: TOY}
SEATINGS = [(name, players) for name, game in GAMES.items() for players in game.player_counts]
BUDGETS = {"playouts": 2, "samples": 1, "width": 2}
"""A searching bot's budget, shrunk (the Monte Carlo bots' ``playouts``, Diam's sampling
bot's ``samples`` and ``width``): the search still runs its whole path, once."""


def quick(game) -> dict:
    """The options under which random play ends soon (``Game.quick_options``)."""
    return dict(game.quick_options)


def cheap(bot):
    """``bot`` with the smallest budget it has (see BUDGETS)."""
    for attribute, value in BUDGETS.items():
        if hasattr(bot, attribute):
            setattr(bot, attribute, value)
    return bot


BOT_CASES = [(name, players, form, kind.name)
             for name, players in SEATINGS
             for form in forms(GAMES[name], players)
             for kind in games.bots(GAMES[name])]


@pytest.mark.parametrize(("name", "players", "form", "kind"), BOT_CASES,
                         ids=[f"{n}-{p}{''.join(f'-{v}' for v in f.values())}-{k}"
                              for n, p, f, k in BOT_CASES])
def test_every_registered_bot_plays_legal_moves_to_the_end(name, players, form, kind):
    """The bot sits at seat 0 (at every seat when it answers at once), random bots at the
    others; every move it chooses must be legal, through every phase, to the game's end."""
    game = GAMES[name]
    make = next(k for k in games.bots(game) if k.name == kind).make
    state = game.new(seed=players, players=players, **form, **quick(game))
    bots = {seat: RandomBot(f"{players}:{seat}") for seat in range(players)}
    first = cheap(make(1))
    bots[0] = first
    if not getattr(first, "thinks", False):
        bots.update({seat: make(seat) for seat in range(1, players)})
    chosen = 0
    for _ in range(MAX_RANDOM_MOVES):
        if state.is_over:
            break
        seat = state.to_move
        move = bots[seat].choose(state)
        legal = state.legal_moves()
        assert move in legal, f"{kind} chose {move!r}, not legal here: {legal}"
        chosen += seat == 0
        state = state.apply(move)
    assert state.is_over, f"{name}: not over after {MAX_RANDOM_MOVES} moves"
    assert chosen > 0


# --- what a seat sees ---------------------------------------------------------------------------

def positions(game, players: int, seed: int, every: int = 5):
    """Every ``every``-th position of a random game in its quick form."""
    rng = random.Random(seed)
    state = game.new(seed=seed, players=players, **quick(game))
    step = 0
    while not state.is_over:
        if step % every == 0:
            yield state
        state = state.apply(rng.choice(state.legal_moves()))
        step += 1


def traded(state, seat: int, rng: random.Random) -> tuple[int, ...]:
    """The hands (bit sets) with every card ``seat`` cannot see dealt again among the other
    seats, each keeping its number of cards: the others' hands and the cards in no hand and
    not yet played (Diamonds' cards set aside, a stock), so two seats trade too."""
    hands = state.hands
    played = sum(1 << bit for bit in state.trick) | sum(state.taken)
    out = state.layout.full & ~sum(hands) & ~played
    others = [s for s in range(len(hands)) if s != seat]
    unseen = sum(hands[s] for s in others) | out
    pool = [bit for bit in range(unseen.bit_length()) if unseen >> bit & 1]
    rng.shuffle(pool)
    new = list(hands)
    for s in others:
        size = hands[s].bit_count()
        new[s] = sum(1 << bit for bit in pool[:size])
        pool = pool[size:]
    return tuple(new)


TRICK_SEATINGS = [(name, players) for name, players in SEATINGS
                  if isinstance(GAMES[name].new(seed=0, players=players), TrickState)]


@pytest.mark.parametrize(("name", "players"), TRICK_SEATINGS)
def test_a_view_hides_the_other_hands(name, players):
    """Dealing again every card a seat cannot see changes nothing its view shows."""
    game = GAMES[name]
    rng = random.Random(players)
    changed = 0
    for state in positions(game, players, seed=players):
        for seat in range(players):
            hands = traded(state, seat, rng)
            changed += hands != state.hands
            twin = dataclasses.replace(state, hands=hands)
            assert twin.view(seat) == state.view(seat), (
                f"{name}: seat {seat}'s view shows something of another seat's hand")
    assert changed, "no position had hidden cards to trade"


# --- imagined deals ---------------------------------------------------------------------------

def imagining(bot):
    """The hook a searching bot imagines hidden cards with (``determinize(view, rng)``),
    if it has one: the Monte Carlo searcher's, or that of the searcher a bot wraps."""
    return getattr(bot, "determinize", None)


MEMORY = {"passed_bits", "received_bits", "passes_made", "drawn_bits", "last_done", "log"}
"""What a view remembers of earlier moves (the cards a seat passed, received or drew, the
log, what the last move did): an imagined state has no history, so these are not its to
show, and the play from there does not depend on them."""


def present(view) -> dict:
    """A view's fields but its memory of earlier moves (see MEMORY)."""
    return {f.name: getattr(view, f.name) for f in dataclasses.fields(view)
            if f.name not in MEMORY}


IMAGINED = [(name, players) for name, players in SEATINGS
            if imagining(games.bots(GAMES[name])[0].make(0)) is not None]


@pytest.mark.parametrize(("name", "players"), IMAGINED)
def test_imagined_deals_agree_with_the_view(name, players):
    """The game's ``from_view`` (through its bot's determinize hook) gives a state whose view
    from that seat is the view it was imagined from: its own hand, every size, the table."""
    game = GAMES[name]
    bot = games.bots(game)[0].make(0)
    imagine = imagining(bot)
    searches = getattr(bot, "searches", None) or bot._search.searches
    rng = random.Random(players)
    checked = 0
    for state in positions(game, players, seed=players, every=3):
        if not searches(state):
            continue
        view = state.view(state.to_move)
        for _ in range(2):
            world = imagine(view, rng)
            assert present(world.view(state.to_move)) == present(view), (
                f"{name}: an imagined deal shows otherwise")
            assert world.legal_moves() == state.legal_moves()
            if isinstance(state, TrickState):
                hidden = [world.hands[s] for s in range(players) if s != state.to_move]
                seen = sum(1 << b for b in state.trick) | sum(state.taken)
                assert sum(hidden) & (seen | state.hands[state.to_move]) == 0
                assert sum(h.bit_count() for h in hidden) == sum(hidden).bit_count()
        checked += 1
    assert checked, f"{name}: no position where the bot searches"


# --- scripted starts, scenes and try-a-card -----------------------------------------------------

SCRIPTED = [(name, players, form) for name, players in SEATINGS
            for form in forms(GAMES[name], players)
            if type(GAMES[name]).from_hands is not Game.from_hands]


def scripted_start(game, players: int, form: dict, seed: int = 4):
    """``from_hands`` with the hands of a dealt game (and, where the game scripts a stock,
    the cards left over)."""
    dealt = game.new(seed=seed, players=players, **form)
    hands = [" ".join(card.code for card in dealt.hand_cards(seat)) for seat in range(players)]
    extra = {}
    if "stock" in getattr(game, "scripted_fields", ()):
        held = sum(dealt.hands)
        extra["stock"] = " ".join(c.code for c in dealt.layout.cards(dealt.layout.full & ~held))
    return hands, extra, game.from_hands(hands, seed=seed, players=players, **form, **extra)


def same_position(a, b) -> bool:
    return (a.to_move == b.to_move and a.legal_moves() == b.legal_moves()
            and all(a.view(seat) == b.view(seat) for seat in range(a.players)))


@pytest.mark.parametrize(("name", "players", "form"), SCRIPTED,
                         ids=[f"{n}-{p}{''.join(f'-{v}' for v in f.values())}"
                              for n, p, f in SCRIPTED])
def test_a_scripted_start_record_loads_to_the_same_game(name, players, form):
    game = GAMES[name]
    _, _, state = scripted_start(game, players, form)
    record = json.loads(json.dumps(state.start_record()))
    assert same_position(game.from_start_record(record), state)
    rng = random.Random(players)
    for _ in range(25):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    loaded = game.load(json.loads(json.dumps(game.save(state))))
    assert loaded.history == state.history and same_position(loaded, state)


def first_card_turn(state, rng: random.Random):
    """Random legal moves until a card is to be played with a card already played: the
    position."""
    played = 0
    while not state.is_over:
        candidates = state.candidate_moves()
        if played and candidates and all(card_of(m) is not None for m in candidates):
            return state
        move = rng.choice(state.legal_moves())
        played += card_of(move) is not None
        state = state.apply(move)
    raise AssertionError("the game ended before a card was to be played")


def one_word(game, move) -> str | None:
    """``move`` written as one word, as a scene's script needs (its moves are split at
    spaces): its text, or the text glued (``bid2``), if that reads back as the move."""
    for text in (str(move), str(move).replace(" ", "")):
        try:
            if " " not in text and game.parse_move(text) == move:
                return text
        except ValueError:
            continue
    return None


def scripted_line(game, start, rng: random.Random, cards: int = 2):
    """Random moves a scene can script (one word each) from ``start`` until ``cards``
    cards are played, or until no legal move can be written in one word: the texts and
    the position."""
    texts, state = [], start
    while not state.is_over and sum(card_of(game.parse_move(t)) is not None
                                    for t in texts) < cards:
        writable = [(move, text) for move in state.legal_moves()
                    if (text := one_word(game, move)) is not None]
        if not writable:
            break
        move, text = rng.choice(writable)
        texts.append(text)
        state = state.apply(move)
    return texts, state


@pytest.mark.parametrize(("name", "players", "form"), SCRIPTED,
                         ids=[f"{n}-{p}{''.join(f'-{v}' for v in f.values())}"
                              for n, p, f in SCRIPTED])
def test_a_scene_and_try_a_card_work(name, players, form):
    """A Scene of a dealt game's hands and the moves since replays to the same position;
    TryCard judges every card of the hand to move as the engine does, and plays none."""
    game = GAMES[name]
    hands, extra, start = scripted_start(game, players, form)
    texts, state = scripted_line(game, start, random.Random(players))
    scene = Scene(game, "generic", "a generic scene", tuple(hands), " ".join(texts),
                  start={"seed": 4, "players": players, **form, **extra})
    assert same_position(scene.state(), state)
    if not texts:
        assert same_position(scene.state(), start)
    state = first_card_turn(start, random.Random(players))
    step = TryCard(TrickTeaching(game, hand_order=lambda card: (card.suit, card.rank)), state)
    legal = state.legal_moves()
    assert {card.code for card in step.legal_cards} == {
        card_of(move).code for move in legal if card_of(move) is not None}
    for move in state.candidate_moves():
        verdict = step.try_card(card_of(move))
        assert verdict.legal == (move in legal) and verdict.rule == state.explain(move).rule
        assert (step.after is not None) == verdict.legal
        if verdict.legal:
            assert step.after.history == state.apply(move).history
    assert step.state is state, "trying a card plays nothing"
