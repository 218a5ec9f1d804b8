"""The kit's pieces a game declares instead of writing (issue 30 §1): move text read by
``cardlib.move_text``, moves naming one value (``cardlib.tricks.ValueMove``), and the
Monte Carlo bot's hand-over of the phases it does not search."""

from __future__ import annotations

import copy
import pickle
from dataclasses import dataclass

import pytest

from cardlib import games
from cardlib.bots import MonteCarloBot, RandomBot
from cardlib.cards import BadCard
from cardlib.move_text import MoveText
from cardlib.protocol import BadMoveText
from cardlib.tricks.moves import InternedMove, ValueMove

# --- moves that name one value ---------------------------------------------------------------


class ToyMove(InternedMove):
    __slots__ = ()


class Pick(ValueMove, ToyMove):
    """A value move written the default way: ``pick 2``."""

    __slots__ = ("number",)
    number: int
    verb = "pick"


class Aim(ValueMove, ToyMove):
    """A value move whose values are written as words of their own: seats by name."""

    __slots__ = ("seat",)
    seat: int
    verb = "aim"


class Call(ValueMove, ToyMove):
    """A value move that writes itself its own way: ``no call`` for 0."""

    __slots__ = ("level",)
    level: int
    verb = "call"

    def __str__(self) -> str:
        return "no call" if self.level == 0 else f"call {self.level}"


PICKS = Pick.intern(range(3), first_key=10, what="pick", expected="pick 0, 1 or 2")
AIMS = Aim.intern(range(3), first_key=20, words={0: "Ann", 1: "Ben", 2: "Cat"},
                  what="target", expected="name a seat: Ann, Ben or Cat")
CALLS = Call.intern(range(2), first_key=5, what="call", expected="call 1, or no call")


def test_each_value_has_one_move_found_by_value_or_by_its_word():
    assert PICKS == (Pick(0), Pick(1), Pick(2))
    assert Pick(2) is PICKS[2] is Pick("2") is Pick(" 2 ")
    assert Aim(2) is Aim("cat") is Aim("CAT") is AIMS[2]
    assert (Pick(1).number, Pick(1).value, Pick(1).word) == (1, 1, "1")
    assert (Aim(2).seat, Aim(2).word) == (2, "Cat")


@pytest.mark.parametrize("value", [3, -1, True, 2.0, "two", None, [1]])
def test_a_value_off_the_list_is_refused_naming_it_and_what_to_give(value):
    with pytest.raises(BadMoveText) as caught:
        Pick(value)
    assert str(caught.value) == f"bad pick {value!r}: pick 0, 1 or 2"


def test_a_value_written_by_a_word_of_its_own_is_read_by_that_word_only():
    with pytest.raises(BadMoveText, match=r"bad target '2': name a seat: Ann, Ben or Cat"):
        Aim("2")


def test_value_moves_are_written_read_back_copied_and_pickled_as_themselves():
    assert [str(m) for m in (Pick(2), Aim(1), Call(0), Call(1))] == [
        "pick 2", "aim Ben", "no call", "call 1"]
    assert [repr(m) for m in (Pick(2), Aim(1), Call(0))] == ["Pick(2)", "Aim('Ben')", "Call(0)"]
    for move in (*PICKS, *AIMS, *CALLS):
        assert copy.deepcopy(move) is move and pickle.loads(pickle.dumps(move)) is move
        assert type(move)(move.word) is move and hash(move) == move._key


def test_value_moves_sort_by_their_keys_across_kinds():
    assert sorted([Aim(0), Pick(2), Call(1), Pick(0)]) == [Call(1), Pick(0), Pick(2), Aim(0)]


def test_a_value_move_is_immutable():
    with pytest.raises(AttributeError, match="immutable"):
        Pick(1).number = 2  # type: ignore[misc]


# --- move text ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Card:
    """A stand-in for a card move: any two-character code, refused otherwise."""

    code: str

    def __post_init__(self):
        if len(self.code) != 2:
            raise BadCard(f"bad card code {self.code!r}")


@dataclass(frozen=True)
class Passed:
    code: str


TEXT = MoveText(
    (Card, Passed), such_as="'QS' or 'pass QS'", expected="write a card ('QS') or 'pass QS'",
    word=Card, verbs={"play": Card, "Pass": lambda code: Passed(Card(code).code),
                      "pick": Pick, "show": lambda code: ("shown", Card(code).code)},
    alone={"fold": "folded"}, phrases={"sum": lambda words: ("sum", tuple(words))},
    after=("show",), glued=("pick",), marks={"!": "show"})


@pytest.mark.parametrize(("text", "move"), [
    ("QS", Card("QS")), ("play QS", Card("QS")), ("PLAY qs", Card("qs")),
    ("  pass   QS ", Passed("QS")), ("pick 2", Pick(2)), ("pick2", Pick(2)),
    ("QS show", ("shown", "QS")), ("show QS", ("shown", "QS")), ("QS!", ("shown", "QS")),
    ("fold", "folded"), ("Fold", "folded"), ("sum 3 4", ("sum", ("3", "4"))), ("sum", ("sum", ())),
])
def test_every_form_reads(text, move):
    assert TEXT.read(text) == move


def test_a_move_is_returned_as_it_is():
    move = Passed("QS")
    assert TEXT.read(move) is move


@pytest.mark.parametrize("text", ["", "   ", "QS QH", "pass", "pass QS QH", "QS show now"])
def test_text_of_no_form_is_refused_quoting_it_and_saying_what_to_write(text):
    with pytest.raises(BadMoveText) as caught:
        TEXT.read(text)
    assert str(caught.value) == f"bad move {text!r}: write a card ('QS') or 'pass QS'"


@pytest.mark.parametrize(("text", "reason"), [
    ("QSX", "bad card code 'QSX'"), ("pass Q", "bad card code 'Q'"),
    ("pick 7", "bad pick '7': pick 0, 1 or 2"), ("pick7", "bad pick '7': pick 0, 1 or 2"),
    ("fold now", "'fold' takes nothing after it"), ("X!", "bad card code 'X'"),
])
def test_a_refusal_from_a_reader_quotes_the_whole_text_first(text, reason):
    with pytest.raises(BadMoveText) as caught:
        TEXT.read(text)
    assert str(caught.value) == f"bad move {text!r}: {reason}"


@pytest.mark.parametrize("value", [7, None, ["QS"]])
def test_a_value_that_is_no_text_is_refused_with_examples(value):
    with pytest.raises(BadMoveText, match=r"a move is text such as 'QS' or 'pass QS', not "):
        TEXT.read(value)


def test_lower_reads_the_whole_text_in_lower_case_and_otherwise_words_keep_their_case():
    seen = []
    for lower in (False, True):
        text = MoveText(None, such_as="'X'", expected="-", lower=lower,
                        verbs={"take": lambda word: seen.append(word) or word})
        text.read("TAKE Qs")
    assert seen == ["Qs", "qs"]


def test_other_reads_any_text_no_verb_starts_and_none_means_it_fits_no_form():
    text = MoveText(None, such_as="'7S>N'", expected="expected CARD>PILE",
                    verbs={"clear": str.upper},
                    other=lambda whole: whole.strip() if ">" in whole else None)
    assert text.read(" 7S > N ") == "7S > N" and text.read("clear n") == "N"
    with pytest.raises(BadMoveText, match=r"bad move 'hello': expected CARD>PILE"):
        text.read("hello")


def test_a_declaration_naming_an_unknown_verb_is_refused_when_it_is_made():
    with pytest.raises(ValueError, match=r"\['annonce'\] are not among the verbs"):
        MoveText(None, such_as="'X'", expected="-", verbs={"announce": str},
                 after=("annonce",))


# --- the Monte Carlo bot's hand-over -----------------------------------------------------------

@dataclass(frozen=True)
class Position:
    """Just what the searcher asks of a state."""

    phase: str
    moves: tuple[str, ...]
    to_move: int = 0

    def legal_moves(self):
        return list(self.moves)

    def view(self, seat):
        return (self.phase, self.moves, seat)


@dataclass(frozen=True)
class Finished:
    move: str
    is_over: bool = True


class World:
    def apply(self, move):
        return Finished(move)


class Asked:
    """A hand-over bot that says what it was asked."""

    name = "asked"

    def __init__(self):
        self.asked = []

    def choose(self, state):
        self.asked.append(state.phase)
        return "handed over"


def searcher(**hand_over):
    calls = []

    def determinize(view, rng):
        calls.append(view)
        return World()

    bot = MonteCarloBot(determinize, lambda view, end: end.move == "b", playouts=4,
                        **hand_over)
    return bot, calls


def test_a_phase_it_does_not_search_goes_to_the_hand_over_bot_without_a_search():
    helper = Asked()
    bot, searched = searcher(search_phases=("play",), hand_over_to=helper)
    assert bot.choose(Position("bid", ("a", "b"))) == "handed over"
    assert helper.asked == ["bid"] and searched == []
    assert bot.choose(Position("play", ("a", "b", "c"))) == "b"
    assert helper.asked == ["bid"] and searched  # the play was searched


def test_without_search_phases_every_phase_is_searched():
    bot, searched = searcher()
    assert bot.choose(Position("bid", ("a", "b"))) == "b" and searched


@pytest.mark.parametrize("hand_over", [{"search_phases": ("play",)},
                                       {"hand_over_to": RandomBot(0)}])
def test_search_phases_and_hand_over_to_go_together(hand_over):
    with pytest.raises(ValueError, match="search_phases and hand_over_to go together"):
        searcher(**hand_over)


def test_a_reseeded_searcher_hands_over_to_its_helper_reseeded_too():
    state = games.get("hearts").new(seed=3)  # passing: a phase the searcher hands over
    first, second = RandomBot(1).choose(state), RandomBot(5).choose(state)
    assert first != second  # the two seeds choose apart here, so the test can tell them
    bot, searched = searcher(search_phases=("play",), hand_over_to=RandomBot(1))
    assert bot.choose(state) == first
    assert bot.reseeded(5).choose(state) == second and bot.choose(state) == first
    assert searched == []


def test_a_value_move_without_its_one_field_is_refused_when_interned():
    class NoField(ValueMove, ToyMove):
        __slots__ = ()

    with pytest.raises(TypeError, match=r"NoField names its one field in __slots__"):
        NoField.intern(range(2), first_key=0, what="x", expected="y")
