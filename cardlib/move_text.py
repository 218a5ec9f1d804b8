"""Reading a move from its text: verbs, a bare card, and one-word forms, once for every game.

A game writes its moves as short phrases (``pass QS``, ``bid 2``, ``KH announce``,
``market 7 sum 3 4``) and its ``parse_move`` reads them back, for saved games, typed
moves and tests.  Every game read them the same way (a verb, the word after it, a card
alone, a refusal naming the text and what to write), so that reading lives here and a
game only declares its words::

    MOVE_TEXT = MoveText(
        HeartsMove,
        such_as="'QS' or 'pass QS'",
        expected="write a card ('QS'), 'pass QS' or 'moon add' / 'moon subtract'",
        word=Play,                                      # a card alone: play it
        verbs={"play": Play, "pass": Pass, "moon": MoonChoice},
    )
    parse_move = MOVE_TEXT.read

What a text may be, tried in this order (a verb matches in any case):

1. ``alone``: a word that is a whole move (Cruce's ``pass``); a word after it is refused.
2. ``phrases``: a verb followed by any number of words, read by the game's own reader,
   which gets those words (Diam's ``market 7 sum 3 4``).
3. ``verbs``: a verb followed by exactly one word, which its reader (usually the move's
   own class) reads: ``pass QS``.  A verb in ``after`` may follow its word
   (``KH announce``), one in ``glued`` may be written without the space (``bid2``,
   ``giveKH``: for scripts that split moves at spaces), and a ``marks`` suffix stands for
   a verb (``KH+`` is ``KH announce``).
4. ``word``: any other single word (a card: ``QS`` plays it).
5. ``other``: any other text, whole (Black Diamond's ``7S to NE``), or None if it is none.

A reader refuses with a ``ValueError`` (:class:`~cardlib.protocol.BadMoveText`, or a
``BadCard`` from a card code) saying what is wrong with its part; the refusal that reaches
the caller is a :class:`~cardlib.protocol.BadMoveText` that quotes the whole text first
(``bad move 'pass ZZ': bad card code 'ZZ'``).  Text that fits no form is refused with the
game's ``expected``: ``bad move 'QS QH': write a card ('QS'), 'pass QS' or …``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from cardlib.protocol import BadMoveText

Reader = Callable[[str], Any]
"""Reads one word into a move (a move class itself, such as ``Play``, is one)."""
PhraseReader = Callable[[list[str]], Any]
"""Reads the words after a verb into a move, refusing with a ``ValueError`` saying why."""


class MoveText:
    """How one game's moves are written, and the reader of that text (:meth:`read`).

    ``kind`` is the game's move type (or a tuple of them): a move of it is returned as it
    is, so a caller may pass a move or its text.  ``such_as`` gives examples for a value
    that is not text at all; ``expected`` says what to write when the text fits no form.
    ``lower`` reads the whole text in lower case (a game whose every word is its own; a
    game whose refusals quote a card as written leaves it off, verbs match in any case
    either way).  The other arguments are the forms of the module docstring.
    """

    def __init__(
        self,
        kind: type | tuple[type, ...] | None,
        *,
        such_as: str,
        expected: str,
        word: Reader | None = None,
        verbs: Mapping[str, Reader] | None = None,
        phrases: Mapping[str, PhraseReader] | None = None,
        alone: Mapping[str, Any] | None = None,
        after: Iterable[str] = (),
        glued: Iterable[str] = (),
        marks: Mapping[str, str] | None = None,
        other: Callable[[str], Any] | None = None,
        lower: bool = False,
    ):
        self.kind = kind
        self.such_as = such_as
        self.expected = expected
        self.word = word
        self.verbs = {verb.lower(): read for verb, read in (verbs or {}).items()}
        self.phrases = {verb.lower(): read for verb, read in (phrases or {}).items()}
        self.alone = {verb.lower(): move for verb, move in (alone or {}).items()}
        self.after = tuple(verb.lower() for verb in after)
        self.glued = tuple(verb.lower() for verb in glued)
        self.marks = dict(marks or {})
        self.other = other
        self.lower = lower
        unknown = [verb for verb in (*self.after, *self.glued, *self.marks.values())
                   if verb.lower() not in self.verbs]
        if unknown:  # a game's declaration is wrong: say so when it loads, not on a move
            raise ValueError(f"after, glued and marks name verbs of one word: {unknown} "
                             f"are not among the verbs {sorted(self.verbs)}")

    def read(self, text: Any) -> Any:
        """The move written as ``text`` (a move of ``kind`` comes back as it is);
        :class:`BadMoveText` naming the text and what is wrong, or what to write."""
        if self.kind is not None and isinstance(text, self.kind):
            return text
        if not isinstance(text, str):
            raise BadMoveText(f"a move is text such as {self.such_as}, not {text!r}")
        try:
            move = self._read((text.lower() if self.lower else text).split(), text)
        except ValueError as exc:  # BadMoveText, or BadCard from a card code
            raise BadMoveText(f"bad move {text!r}: {exc}") from None
        if move is None:
            raise BadMoveText(f"bad move {text!r}: {self.expected}")
        return move

    def _read(self, words: list[str], text: str) -> Any:
        """The move the words make, or None when they fit no form."""
        if not words:
            return None
        head, rest = words[0].lower(), words[1:]
        if head in self.alone:
            if rest:
                raise BadMoveText(f"{head!r} takes nothing after it")
            return self.alone[head]
        if head in self.phrases:
            return self.phrases[head](rest)
        if head in self.verbs:
            return self.verbs[head](rest[0]) if len(rest) == 1 else None
        if len(words) == 2 and words[1].lower() in self.after:
            return self.verbs[words[1].lower()](words[0])
        if len(words) == 1:
            return self._one_word(words[0], head, text)
        return self.other(text) if self.other is not None else None

    def _one_word(self, word: str, head: str, text: str) -> Any:
        """A single word that is no verb: a marked or glued form, the game's word, or
        the game's other reader."""
        for mark, verb in self.marks.items():
            if word.endswith(mark) and len(word) > len(mark):
                return self.verbs[verb](word[:-len(mark)])
        for verb in self.glued:
            if head.startswith(verb) and len(head) > len(verb):
                return self.verbs[verb](word[len(verb):])
        if self.word is not None:
            return self.word(word)
        return self.other(text) if self.other is not None else None
