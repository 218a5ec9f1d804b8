"""Black Diamond as a CP-SAT model: the variables of a whole game, one constraint group per rule.

How a solitaire becomes constraints
-----------------------------------
A solution of the model is a whole game, written down at once; a proof that the model
has no solution is a proof that the deal cannot be won.  The question is what to write
down, and the game's structure answers it:

* **Plays are the clock.**  The black cards arrive in the order the deal fixes, two at a
  time, so there are exactly as many plays as black cards (26 for a fresh deal), and play
  ``j`` places one of at most two known cards: one yes/no ``swap`` per hand ("its second
  card goes first") decides which.  The piles are recorded before and after every play.
* **Diamonds change only at events.**  An *event* is a replace, a clear when stuck, or
  the automatic clear of a pile that reaches its limit.  Each one takes at least one
  diamond from the deck, so a game has at most as many events as the deck has diamonds
  (9).  Between two events the four diamonds stand still: an *epoch*.  The diamonds are
  recorded per epoch, and each play knows which epoch it falls in.
* **Events sit between plays.**  Replaces and stuck-clears happen in the *gap* before a
  play (the player is stuck there); an automatic clear happens right after the play
  that fills the pile.  Counters ``gap_start[j]`` and ``gap_end[j]`` (events before gap
  ``j`` opens and before play ``j``) place every event on the clock.

This keeps every rule local: a play is checked against its pile's state at that play and
its epoch's diamonds; a stuck move against the hand of its gap and its epoch's diamonds.

Every constraint group below is a function named after the rule it encodes and cites the
rule's id, so the notebook can print each next to the rule text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardlib.blackdiamond import PILES, POSITIONS, REFILL_ORDER, Pile
from cardlib.cards import Card

from .backend import IntVar, cp_model
from .instance import Instance
from .tables import CARD_VALUES, allowed_by_touching, free_values

Literal = IntVar  # a Boolean variable or its negation
SUITS = ("S", "C")


class BlackDiamondModel:
    """The CP-SAT model of one game, with its variables kept by name for decoding.

    Plays ``j = 0 .. plays - 1``:

    * ``play_to[j][pile]``: where play ``j`` goes; ``fills[j][pile]``: it brings the pile
      to its limit (an automatic clear follows);
    * piles when gap ``j`` opens (``count_at_gap``/``top_at_gap``, ``j = 0 .. plays``;
      the last one is the final board) and just before play ``j`` (``count``/``top``);
    * ``gap_start[j]``, ``gap_end[j]``: events before gap ``j`` and before play ``j``;
      ``epoch_is[j][e]``: play ``j`` happens in epoch ``e``.

    Events ``e = 0 .. events - 1``: exactly one of ``replace[e][pos]``,
    ``clear[e][pile]`` (stuck moves), ``auto_clear[e][pile]``, ``unused[e]``;
    ``in_gap[e][j]``: event ``e`` is a stuck move in gap ``j``.

    Epochs ``e = 0 .. events``: ``diamond[e][pos]``, ``used[e]`` (deck diamonds taken
    before it) and ``allows[e][pile][v]`` (a card of value ``v`` passes the pile's value
    rule in this epoch).
    """

    def __init__(self, instance: Instance,
                 groups: Sequence[Callable[[BlackDiamondModel], None]] | None = None):
        """The model of ``instance`` with every constraint group, or only ``groups``
        (tests pose one fact alone, to check it against brute force)."""
        self.instance = instance
        self.model = cp_model.CpModel()
        self.plays = len(instance.plays)
        self.deck_size = len(instance.deck)
        self.events = self.deck_size  # every event takes at least one deck diamond
        declare_variables(self)
        for group in groups if groups is not None else [g for _, g in CONSTRAINT_GROUPS]:
            group(self)

    # --- small helpers the constraint groups share ----------------------------------------
    def new_bool(self, name: str) -> IntVar:
        return self.model.NewBoolVar(name)

    def candidates(self, j: int) -> list[tuple[Card, Literal | None]]:
        """The cards play ``j`` may place, each with the literal that makes it the one
        (``None`` when it is certain): a hand's first play is its first card unless
        swapped, its second play the other card."""
        g = self.instance.group_of[j]
        group = self.instance.groups[g]
        if len(group) == 1:
            return [(group[0], None)]
        swap = self.swap[g]
        if self.instance.first_of_pair[j]:
            return [(group[0], swap.Not()), (group[1], swap)]
        return [(group[0], swap), (group[1], swap.Not())]

    def hand_at_gap(self, j: int) -> list[tuple[Card, Literal | None]]:
        """What the hand holds in gap ``j`` (before play ``j``), as (card, condition):
        both cards of a fresh hand, or the one left after the hand's first play."""
        g = self.instance.group_of[j]
        group = self.instance.groups[g]
        if len(group) == 2 and self.instance.first_of_pair[j]:
            return [(group[0], None), (group[1], None)]
        return self.candidates(j)

    def allows_value(self, e: int, pile: Pile, value: int) -> Literal | bool:
        """"A card of ``value`` passes ``pile``'s value rule in epoch ``e``": a literal,
        or a constant when the pile's rule ignores the diamonds (the centre)."""
        free = free_values(pile)
        if free is not None:
            return value in free
        return self.allows[e][pile.name][value]

    def clause(self, literals: Sequence[Literal | bool | None]) -> None:
        """Add "at least one of ``literals``"; ``None`` and False drop out, True satisfies."""
        kept = [lit for lit in literals if lit is not None and lit is not False]
        if any(lit is True for lit in kept):
            return
        self.model.AddBoolOr(kept)


def neg(lit: Literal | bool | None) -> Literal | bool | None:
    """The negation of a literal or constant (``None`` stays ``None``: "no condition")."""
    if lit is None:
        return None
    if isinstance(lit, bool):
        return not lit
    return lit.Not()


def declare_variables(m: BlackDiamondModel) -> None:
    """Create every variable (see the class doc).  Domains carry knowledge for free: a
    diamond position only ever holds its first diamond or one from the deck, and a pile
    never *stays* at its limit (reaching it clears it), so counts run to limit - 1."""
    inst, model, new = m.instance, m.model, m.new_bool
    plays, events = range(m.plays), range(m.events)
    moments, epochs = range(m.plays + 1), range(m.events + 1)

    def piles_at(label: str, j: int) -> tuple[dict[str, IntVar], dict[str, dict[str, IntVar]]]:
        counts = {p.name: model.NewIntVar(0, p.limit - 1, f"{label}_n_{j}_{p.name}")
                  for p in PILES}
        tops = {p.name: {s: new(f"{label}_top_{j}_{p.name}_{s}") for s in SUITS}
                for p in PILES}
        return counts, tops

    m.swap = {g: new(f"swap_{g}") for g, group in enumerate(inst.groups) if len(group) == 2}
    m.play_to = [{p.name: new(f"play_{j}_{p.name}") for p in PILES} for j in plays]
    m.fills = [{p.name: new(f"fill_{j}_{p.name}") for p in PILES} for j in plays]
    m.count_at_gap, m.top_at_gap = zip(*(piles_at("gap", j) for j in moments), strict=True)
    m.count, m.top = zip(*(piles_at("ready", j) for j in plays), strict=True)
    m.cleared_in_gap = [{p.name: new(f"cleared_{j}_{p.name}") for p in PILES} for j in plays]

    m.gap_start = [model.NewIntVar(0, m.events, f"gap_start_{j}") for j in moments]
    m.gap_end = [model.NewIntVar(0, m.events, f"gap_end_{j}") for j in plays]
    m.epoch_is = [{e: new(f"epoch_{j}_{e}") for e in epochs} for j in plays]
    m.in_gap = [{j: new(f"in_gap_{e}_{j}") for j in plays} for e in events]

    m.replace = [{pos: new(f"replace_{e}_{pos}") for pos in POSITIONS} for e in events]
    m.clear = [{p.name: new(f"clear_{e}_{p.name}") for p in PILES} for e in events]
    m.auto_clear = [{p.name: new(f"auto_clear_{e}_{p.name}") for p in PILES} for e in events]
    m.unused = [new(f"unused_{e}") for e in events]
    m.stuck_move = [new(f"stuck_move_{e}") for e in events]
    m.same_gap = [new(f"same_gap_{e}") for e in events]  # same gap as event e - 1
    m.cleared_earlier = [{p.name: new(f"cleared_earlier_{e}_{p.name}") for p in PILES}
                         for e in events]

    m.diamond_values = {pos: frozenset({inst.diamonds[i], *inst.deck})
                        for i, pos in enumerate(POSITIONS)}
    m.diamond = [{pos: model.NewIntVarFromDomain(
        cp_model.Domain.FromValues(sorted(m.diamond_values[pos])), f"d_{e}_{pos}")
        for pos in POSITIONS} for e in epochs]
    m.used = [model.NewIntVar(0, m.deck_size, f"used_{e}") for e in epochs]
    m.allows = [{p.name: {v: new(f"allows_{e}_{p.name}_{v}") for v in CARD_VALUES}
                 for p in PILES if free_values(p) is None} for e in epochs]
    # deck_next[e][i]: the (i+1)-th diamond from the top when event e happens, 0 past the
    # bottom of the deck.  A replace or a refill copies these onto the board.
    padded = list(inst.deck) + [0] * 4
    deck_domain = cp_model.Domain.FromValues(sorted({0, *inst.deck}))
    m.deck_next = [[model.NewIntVarFromDomain(deck_domain, f"deck_{e}_{i}") for i in range(4)]
                   for e in events]
    for e in events:
        for i in range(4):
            model.AddElement(m.used[e] + i, padded, m.deck_next[e][i])


# --- the constraint groups, one per rule -------------------------------------------------

def start_board(m: BlackDiamondModel) -> None:
    """black-diamond.deal: the first epoch's diamonds and the piles when the first gap
    opens are the board the deal (or the given position) lays out."""
    inst, model = m.instance, m.model
    for i, pos in enumerate(POSITIONS):
        model.Add(m.diamond[0][pos] == inst.diamonds[i])
    model.Add(m.used[0] == 0)
    for pile, count, top in zip(PILES, inst.counts, inst.tops, strict=True):
        model.Add(m.count_at_gap[0][pile.name] == count)
        for suit in SUITS:
            model.Add(m.top_at_gap[0][pile.name][suit] == int(top == suit))


def every_card_played(m: BlackDiamondModel) -> None:
    """black-diamond.hand, black-diamond.end.win: every black card is played, in the
    deal's order up to the choice inside each hand (``swap``), onto exactly one pile.
    Winning *is* this (plus refills that succeed, see ``refill_in_order``): there is no
    separate goal."""
    for j in range(m.plays):
        m.model.AddExactlyOne(m.play_to[j].values())


def place_by_value(m: BlackDiamondModel) -> None:
    """black-diamond.place.outer, black-diamond.place.inner, black-diamond.place.centre:
    a card's value must be one its pile allows next to the diamonds of the play's epoch.

    Per epoch and pile, one table links the diamonds the pile touches to the thirteen
    ``allows`` flags; its rows come from the engine's own ``allowed_values`` (see
    :mod:`.tables`), never from a second copy of the arithmetic.  A play in epoch ``e``
    of a card of value ``v`` onto a pile then needs ``allows[e][pile][v]``."""
    model = m.model
    for e in range(m.events + 1):
        for pile in PILES:
            if free_values(pile) is not None:
                continue
            touching = [m.diamond[e][pos] for pos in pile.touches]
            domains = [m.diamond_values[pos] for pos in pile.touches]
            rows = [(*key, *(int(v in values) for v in CARD_VALUES))
                    for key, values in allowed_by_touching(pile).items()
                    if all(x in dom for x, dom in zip(key, domains, strict=True))]
            flags = [m.allows[e][pile.name][v] for v in CARD_VALUES]
            model.AddAllowedAssignments(touching + flags, rows)
    for j in range(m.plays):
        for e, in_epoch in m.epoch_is[j].items():
            for pile in PILES:
                for card, is_card in m.candidates(j):
                    m.clause([m.play_to[j][pile.name].Not(), in_epoch.Not(), neg(is_card),
                              m.allows_value(e, pile, card.value)])


def suits_alternate(m: BlackDiamondModel) -> None:
    """black-diamond.place.alternate: a card may not go on a top card of its own suit."""
    for j in range(m.plays):
        for pile in PILES:
            for card, is_card in m.candidates(j):
                m.clause([m.play_to[j][pile.name].Not(), neg(is_card),
                          m.top[j][pile.name][card.suit].Not()])


def piles_and_limits(m: BlackDiamondModel) -> None:
    """black-diamond.limit: a play adds one card to its pile; at the limit it is cleared.

    The count's domain stops one below the limit, so ``count + 1 - limit * fills`` can
    only stay in range if ``fills`` is true exactly when the pile reaches its limit: the
    automatic clear is forced, never optional.  The top suit is the card just played; an
    empty pile has no top (tied to the count on every board).
    """
    model = m.model
    boards = [(m.count_at_gap[j], m.top_at_gap[j]) for j in range(m.plays + 1)]
    boards += [(m.count[j], m.top[j]) for j in range(m.plays)]
    for counts, tops in boards:
        for pile in PILES:
            nonempty = tops[pile.name]["S"] + tops[pile.name]["C"]
            model.Add(nonempty <= 1)
            model.Add(counts[pile.name] >= nonempty)
            model.Add(counts[pile.name] <= (pile.limit - 1) * nonempty)
    for j in range(m.plays):
        for pile in PILES:
            name = pile.name
            playing, fills = m.play_to[j][name], m.fills[j][name]
            model.AddImplication(fills, playing)
            before, after = m.count[j][name], m.count_at_gap[j + 1][name]
            model.Add(after == before + playing - pile.limit * fills)
            for card, is_card in m.candidates(j):
                m.clause([playing.Not(), fills, neg(is_card),
                          m.top_at_gap[j + 1][name][card.suit]])
            for suit in SUITS:
                model.Add(m.top_at_gap[j + 1][name][suit] == m.top[j][name][suit]
                          ).OnlyEnforceIf(playing.Not())


def events_between_plays(m: BlackDiamondModel) -> None:
    """black-diamond.stuck, black-diamond.limit: where each event sits among the plays.

    Gap ``j`` holds the stuck moves made before play ``j``: events ``gap_start[j]`` to
    ``gap_end[j] - 1``.  A play that fills its pile causes the next event, number
    ``gap_end[j]`` (the play's epoch ends there), so the next gap opens one later.  Events
    past the last one used are ``unused``.  Every event is exactly one thing.
    """
    model, new = m.model, m.new_bool
    model.Add(m.gap_start[0] == 0)
    for j in range(m.plays):
        model.Add(m.gap_end[j] >= m.gap_start[j])
        model.Add(m.gap_start[j + 1] == m.gap_end[j] + sum(m.fills[j].values()))
        model.AddExactlyOne(m.epoch_is[j].values())
        model.Add(m.gap_end[j] == sum(e * lit for e, lit in m.epoch_is[j].items()))
        for e in range(m.events):
            # in_gap[e][j] <=> gap_start[j] <= e < gap_end[j]
            started, not_ended = new(f"started_{j}_{e}"), new(f"not_ended_{j}_{e}")
            model.Add(m.gap_start[j] <= e).OnlyEnforceIf(started)
            model.Add(m.gap_start[j] > e).OnlyEnforceIf(started.Not())
            model.Add(m.gap_end[j] > e).OnlyEnforceIf(not_ended)
            model.Add(m.gap_end[j] <= e).OnlyEnforceIf(not_ended.Not())
            model.AddBoolAnd([started, not_ended]).OnlyEnforceIf(m.in_gap[e][j])
            model.AddBoolOr([started.Not(), not_ended.Not(), m.in_gap[e][j]])
            for pile in PILES:  # a fill causes the event that ends the play's epoch
                m.clause([m.fills[j][pile.name].Not(), m.epoch_is[j][e].Not(),
                          m.auto_clear[e][pile.name]])
        m.clause([m.epoch_is[j][m.events].Not()] + [f.Not() for f in m.fills[j].values()])
    for e in range(m.events):
        model.AddExactlyOne([*m.replace[e].values(), *m.clear[e].values(),
                             *m.auto_clear[e].values(), m.unused[e]])
        model.Add(m.stuck_move[e] == sum(m.replace[e].values()) + sum(m.clear[e].values()))
        model.Add(m.stuck_move[e] == sum(m.in_gap[e].values()))
        model.Add(m.gap_start[m.plays] <= e).OnlyEnforceIf(m.unused[e])
        model.Add(m.gap_start[m.plays] > e).OnlyEnforceIf(m.unused[e].Not())
    for pile in PILES:
        model.Add(sum(m.auto_clear[e][pile.name] for e in range(m.events))
                  == sum(m.fills[j][pile.name] for j in range(m.plays)))


def stuck_only(m: BlackDiamondModel) -> None:
    """black-diamond.stuck: a replace or a clear is allowed only when no card in the hand
    has a legal placement.

    For a stuck move (event ``e`` in gap ``j``), every card the hand holds in gap ``j``
    must fail on every pile: its value is refused in epoch ``e``, or the pile's top card
    has its suit.  The piles are as they were when the gap opened, except those already
    cleared earlier in the same gap, which are empty (``cleared_earlier``).  A legal play
    that loses is still a legal play, which is exactly what this says.
    """
    model = m.model
    for e in range(m.events):
        # same_gap[e]: events e - 1 and e are stuck moves of one gap (no play between);
        # cleared_earlier[e][pile]: the pile was cleared by a stuck move before e in it.
        if e == 0:
            model.Add(m.same_gap[e] == 0)
            for pile in PILES:
                model.Add(m.cleared_earlier[e][pile.name] == 0)
        else:
            for j in range(m.plays):
                m.clause([m.in_gap[e][j].Not(), m.in_gap[e - 1][j].Not(), m.same_gap[e]])
                m.clause([m.same_gap[e].Not(), m.in_gap[e][j].Not(), m.in_gap[e - 1][j]])
            model.AddImplication(m.same_gap[e], m.stuck_move[e])
            for pile in PILES:
                earlier = m.cleared_earlier[e][pile.name]
                before = [m.cleared_earlier[e - 1][pile.name], m.clear[e - 1][pile.name]]
                model.AddImplication(earlier, m.same_gap[e])
                model.AddBoolOr([earlier.Not(), *before])
                for lit in before:
                    model.AddBoolOr([m.same_gap[e].Not(), lit.Not(), earlier])
        for j in range(m.plays):
            here = m.in_gap[e][j]
            for card, held in m.hand_at_gap(j):
                for pile in PILES:
                    fits = m.allows_value(e, pile, card.value)
                    top_same = m.top_at_gap[j][pile.name][card.suit]
                    m.clause([here.Not(), neg(held), neg(fits), top_same])
                    m.clause([here.Not(), neg(held), neg(fits),
                              m.cleared_earlier[e][pile.name].Not()])


def replace_diamond(m: BlackDiamondModel) -> None:
    """black-diamond.replace: when stuck, the deck's top diamond replaces the one at a
    position (the deck must not be empty; the old diamond leaves the game)."""
    model = m.model
    for e in range(m.events):
        for pos in POSITIONS:
            model.Add(m.diamond[e + 1][pos] == m.deck_next[e][0]).OnlyEnforceIf(
                m.replace[e][pos])


def clear_pile(m: BlackDiamondModel) -> None:
    """black-diamond.clear: when stuck, any pile holding cards may be cleared; it is
    empty from then on (and refilled as a full pile would be, see ``refill_in_order``).

    ``cleared_in_gap[j][pile]`` collects the clears of gap ``j``, which turn the board of
    the gap's opening into the board play ``j`` sees."""
    model = m.model
    for e in range(m.events):
        for j in range(m.plays):
            for pile in PILES:
                clearing = m.clear[e][pile.name]
                tops = m.top_at_gap[j][pile.name]
                m.clause([clearing.Not(), m.in_gap[e][j].Not(), tops["S"], tops["C"]])
                m.clause([clearing.Not(), m.in_gap[e][j].Not(), m.cleared_in_gap[j][pile.name]])
        for pile in PILES:
            m.clause([m.clear[e][pile.name].Not(), m.cleared_earlier[e][pile.name].Not()])
    for pile in PILES:
        name = pile.name
        model.Add(sum(m.cleared_in_gap[j][name] for j in range(m.plays))
                  == sum(m.clear[e][name] for e in range(m.events)))
        for j in range(m.plays):
            cleared = m.cleared_in_gap[j][name]
            model.Add(m.count[j][name] == 0).OnlyEnforceIf(cleared)
            model.Add(m.count[j][name] == m.count_at_gap[j][name]).OnlyEnforceIf(cleared.Not())
            for suit in SUITS:
                model.Add(m.top[j][name][suit] == m.top_at_gap[j][name][suit]
                          ).OnlyEnforceIf(cleared.Not())


def refill_in_order(m: BlackDiamondModel) -> None:
    """black-diamond.limit, black-diamond.end.refill: an emptied pile's diamonds are
    refilled from the deck in the order N, E, S, W; a refill the deck cannot complete
    loses.

    ``deck_next[e][i]`` is the i-th diamond from the top (0 past the bottom).  A position
    refilled takes the next one in order; since no position may hold 0, a refill past the
    end of the deck cannot happen in a winning plan.  Positions no event touches keep
    their diamond, and ``used`` counts every diamond taken."""
    model = m.model
    for e in range(m.events):
        touched: dict[str, list[Literal]] = {pos: [m.replace[e][pos]] for pos in POSITIONS}
        taken = sum(m.replace[e].values())
        for pile in PILES:
            emptied = [m.auto_clear[e][pile.name], m.clear[e][pile.name]]
            order = [pos for pos in REFILL_ORDER if pos in pile.touches]
            for i, pos in enumerate(order):
                for event in emptied:
                    model.Add(m.diamond[e + 1][pos] == m.deck_next[e][i]).OnlyEnforceIf(event)
                    touched[pos].append(event)
            taken += len(order) * sum(emptied)
        for pos in POSITIONS:
            model.Add(m.diamond[e + 1][pos] == m.diamond[e][pos]).OnlyEnforceIf(
                [event.Not() for event in touched[pos]])
        model.Add(m.used[e + 1] == m.used[e] + taken)


def redundant_facts(m: BlackDiamondModel) -> None:
    """Not rules but facts that follow from them and help the solver prune (they never
    change the answer).

    * The four diamonds on the board are different cards, so different values.
    * Unused events come last, so the solver never tries to place a gap among them.
    * Diamond budget (the search solver's pruning rule, as a constraint): the piles hold
      at most ``limit - 1`` cards each (24 in all) before one must be emptied, and one
      deck diamond empties at most 3 cards (an outer edge: 3 cards for 1 diamond; inner:
      4 for 2; centre: 5 for 4).  So when gap ``j`` opens, the cards still to play that
      do not fit in the room left need at least a third as many diamonds as remain.
    """
    model = m.model
    for e in range(m.events + 1):
        model.AddAllDifferent(m.diamond[e].values())
    for e in range(m.events - 1):
        model.AddImplication(m.unused[e], m.unused[e + 1])
    room = sum(pile.limit - 1 for pile in PILES)
    per_diamond = max(pile.limit // len(pile.touches) for pile in PILES)
    for j in range(m.plays + 1):
        used = model.NewIntVar(0, m.deck_size, f"used_at_gap_{j}")
        model.AddElement(m.gap_start[j], m.used, used)
        to_play = m.plays - j
        room_left = room - sum(m.count_at_gap[j].values())
        model.Add(to_play - room_left <= per_diamond * (m.deck_size - used))


def suits_need_openings(m: BlackDiamondModel) -> None:
    """Not a rule but a fact that follows from black-diamond.place.alternate (the search's
    openings bound, as counting constraints): a run of one suit needs piles open to it.

    Take a window of consecutive plays ``j .. k - 1`` and a suit, say spades, and piles
    ``P`` that hold every pile a spade of the window can go on.  On one pile, two spades
    need a club or a clear between them (suits alternate; a clear is an event, and an
    event also follows a play that fills its pile), and the first needs the same if the
    pile is spade-topped when play ``j`` is ready.  Summed over ``P``:

        spades <= piles of P not spade-topped + clubs played on P + events

    and clubs on ``P`` are the window's plays on ``P`` less its spades.  The events
    between play ``j`` and play ``k - 1`` are ``gap_end[k - 1] - gap_end[j]`` (replaces
    counted too: a looser bound is still sound).

    ``P`` holds the centre and every pile whose positions can ever hold diamonds allowing
    a spade of the window (a position only ever holds its diamond or one from the deck);
    of those, an outer pile (one diamond) only when ``live[j][pile][suit]``: a
    spade still to come from play ``j`` on could go there, by the diamond on its position
    in play ``j``'s epoch or by one still in the deck (a deck diamond at index ``i`` is
    still there while fewer than ``i + 1`` have been used).  The model may set ``live``
    true where it is false (a looser bound), never the reverse.  CP-SAT learns clauses,
    which count badly: this tells it at once that a long run of one suit costs diamonds,
    once the diamonds that took that suit's values on the outer piles are gone.
    """
    model, new, inst = m.model, m.new_bool, m.instance
    takes = {pile.name: _values_ever_allowed(m, pile) for pile in PILES}
    outer = [pile for pile in PILES if len(pile.touches) == 1]
    epochs = range(m.events + 1)
    deck_index = {value: i for i, value in enumerate(inst.deck)}
    diamond_at, used_at = [], []
    for j in range(m.plays):
        here = {}
        for pile in outer:
            (pos,) = pile.touches
            here[pos] = model.NewIntVarFromDomain(
                cp_model.Domain.FromValues(sorted(m.diamond_values[pos])), f"d_play_{j}_{pos}")
            model.AddElement(m.gap_end[j], [m.diamond[e][pos] for e in epochs], here[pos])
        used = model.NewIntVar(0, m.deck_size, f"used_play_{j}")
        model.AddElement(m.gap_end[j], [m.used[e] for e in epochs], used)
        diamond_at.append(here)
        used_at.append(used)
    for suit in SUITS:
        of_suit = [sum((1 if lit is None else lit) for card, lit in m.candidates(i)
                       if card.suit == suit) for i in range(m.plays)]
        for j in range(m.plays):
            to_come = {card.value for group in inst.groups[inst.group_of[j]:]
                       for card in group if card.suit == suit}
            opened = {}
            for pile in outer:
                (pos,) = pile.touches
                diamonds = sorted(d for d in m.diamond_values[pos]
                                  if to_come & allowed_by_touching(pile)[(d,)])
                if not diamonds:
                    continue
                live = new(f"live_{j}_{pile.name}_{suit}")
                others = sorted(set(m.diamond_values[pos]) - set(diamonds))
                model.AddLinearExpressionInDomain(
                    diamond_at[j][pos], cp_model.Domain.FromValues(others)
                ).OnlyEnforceIf(live.Not())
                in_deck = [deck_index[d] for d in diamonds if d in deck_index]
                if in_deck:
                    model.Add(used_at[j] >= max(in_deck) + 1).OnlyEnforceIf(live.Not())
                is_open = new(f"open_{j}_{pile.name}_{suit}")
                model.AddImplication(is_open, live)
                model.AddImplication(is_open, m.top[j][pile.name][suit].Not())
                opened[pile.name] = (live, is_open)
            for k in range(j + 1, m.plays + 1):
                hands = range(inst.group_of[j], inst.group_of[k - 1] + 1)
                values = {card.value for g in hands for card in inst.groups[g]
                          if card.suit == suit}
                if not values:
                    continue
                fixed = [pile.name for pile in PILES
                         if pile not in outer and values & takes[pile.name]]
                spades = sum(of_suit[j:k])
                room = sum(1 - m.top[j][name][suit] for name in fixed)
                played_on = sum(m.play_to[i][name] for i in range(j, k) for name in fixed)
                for name, (live, is_open) in opened.items():
                    if not values & takes[name]:
                        continue  # no spade of the window can ever go there
                    on_it = model.NewIntVar(0, k - j, f"on_{j}_{k}_{name}_{suit}")
                    model.Add(on_it <= sum(m.play_to[i][name] for i in range(j, k)))
                    model.Add(on_it <= (k - j) * live)
                    room += is_open
                    played_on += on_it
                events = m.gap_end[k - 1] - m.gap_end[j]
                model.Add(2 * spades <= room + played_on + events)


def _values_ever_allowed(m: BlackDiamondModel, pile: Pile) -> frozenset[int]:
    """Card values ``pile`` allows for some diamonds its positions can ever hold."""
    free = free_values(pile)
    if free is not None:
        return free
    domains = [m.diamond_values[pos] for pos in pile.touches]
    return frozenset().union(*(values for key, values in allowed_by_touching(pile).items()
                               if all(x in dom for x, dom in zip(key, domains, strict=True))))


CONSTRAINT_GROUPS: tuple[tuple[tuple[str, ...], Callable[[BlackDiamondModel], None]], ...] = (
    (("black-diamond.deal",), start_board),
    (("black-diamond.hand", "black-diamond.end.win"), every_card_played),
    (("black-diamond.place.outer", "black-diamond.place.inner", "black-diamond.place.centre"),
     place_by_value),
    (("black-diamond.place.alternate",), suits_alternate),
    (("black-diamond.limit",), piles_and_limits),
    (("black-diamond.stuck", "black-diamond.limit"), events_between_plays),
    (("black-diamond.stuck",), stuck_only),
    (("black-diamond.replace",), replace_diamond),
    (("black-diamond.clear",), clear_pile),
    (("black-diamond.limit", "black-diamond.end.refill"), refill_in_order),
    ((), redundant_facts),
)
"""Each constraint group with the rule ids it encodes (the notebook prints them in turn;
the last group encodes no rule, only facts that follow from them)."""

LOSS_PROOF_GROUPS: tuple[Callable[[BlackDiamondModel], None], ...] = (
    *(group for _, group in CONSTRAINT_GROUPS), suits_need_openings)
"""The groups of a model built to prove a loss (``solve(..., suit_counts=True)``, which
:mod:`.split` uses): every constraint group and the suit-openings counts, which help a
proof on deals whose black cards come in runs of one suit and cost a win's search some
time (they add a third to the model).  Both sets are exact: the counts cut no win."""


@dataclass(frozen=True)
class Step:
    """One decoded move of a solution, before it becomes an engine move."""

    kind: str  # "play", "replace", "clear"
    where: str
    card: Card | None = None


def decode(m: BlackDiamondModel, solver: cp_model.CpSolver) -> list[Step]:
    """The moves a solution describes, in order: each gap's stuck moves, then its play."""
    value, true = solver.Value, solver.BooleanValue
    steps: list[Step] = []
    for j in range(m.plays):
        for e in range(value(m.gap_start[j]), value(m.gap_end[j])):
            steps += [Step("replace", pos) for pos in POSITIONS if true(m.replace[e][pos])]
            steps += [Step("clear", p.name) for p in PILES if true(m.clear[e][p.name])]
        (card,) = [c for c, lit in m.candidates(j) if lit is None or true(lit)]
        (pile,) = [p.name for p in PILES if true(m.play_to[j][p.name])]
        steps.append(Step("play", pile, card))
    return steps
