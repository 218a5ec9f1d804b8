"""Every rule's ``source`` can be followed by a reader who has only the repository.

A source names files under ``shared/`` (the folder beside the checkout that holds the specs
and the seed texts; CI copies it beside its clone): ``shared/spec/<game>.md §<section>``,
the section being a heading's text or number as the spec writes it, optionally followed by
``item N`` for a numbered step of that section; and ``shared/seeds/<file>`` followed by a
quoted phrase ('…'; an ellipsis inside joins pieces that occur in that order).  A quote in a
spec part must occur in the cited sections.

A game whose rules come from elsewhere cites a public page by its address instead:
``https://<address> '<phrase>'``, the phrase being the sentence the rule rests on, so a
reader who opens the page finds it.  The tests run offline, so for such a part only the
form is checked (an https address, a quoted phrase), never the page.

The stored seed copies lost some accented letters ("Descripcin") while the rule books
restore them, so quotes and files are compared after dropping accented Latin letters and
other non-ASCII marks and folding case and whitespace: the quote must still really occur in
the file.  Letters of other scripts are kept, so the Cyrillic quotes of Diam's seed are
compared letter for letter like any other.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import pytest
from harness import ROOT

from cardlib import games

SHARED = ROOT.parent / "shared"
CITED_FILE = re.compile(r"shared/(spec|seeds)/[\w.-]+|(https?)://[^\s']+")
"""A cited file under shared/ (group 1: spec or seeds), or a web page (group 2: its scheme)."""
# A quote opens after a non-letter and closes before one, so "seed's" is no quote mark.
QUOTE = re.compile(r"(?<!\w)'(.+?)'(?!\w)")
HEADING = re.compile(r"^(#+)\s+(.*?)\s*$")
NUMBERED = re.compile(r"^(\d+(?:\.\d+)*)\s+(.+)$")
ITEM = re.compile(r" item (\d+)")


def kept(ch: str) -> bool:
    """ASCII, or a letter of a script other than Latin: an accented Latin letter (its
    decomposition starts with an ASCII letter) is dropped, as the seeds lost them, and so is
    non-ASCII punctuation."""
    return ch.isascii() or (ch.isalpha()
                            and not unicodedata.normalize("NFKD", ch)[0].isascii())


def normalise(text: str) -> str:
    """Drop what :func:`kept` drops, fold case and whitespace."""
    return " ".join("".join(ch for ch in text if kept(ch)).casefold().split())


def occurs_in_order(quote: str, text: str) -> bool:
    """Do the pieces of ``quote`` (split at '…') occur in ``text`` in that order?"""
    text, at = normalise(text), 0
    for piece in map(normalise, quote.split("…")):
        found = text.find(piece, at)
        if found < 0:
            return False
        at = found + len(piece)
    return True


@dataclass(frozen=True)
class Section:
    names: tuple[str, ...]  # the heading's text, and its number and title when numbered
    body: str


def sections(spec: str) -> list[Section]:
    """The spec's headings, each with the text up to the next heading of its level or above."""
    lines = spec.splitlines()
    found: list[tuple[int, int, str]] = []
    for index, line in enumerate(lines):
        if match := HEADING.match(line):
            found.append((index, len(match[1]), match[2]))
    result = []
    for k, (index, level, title) in enumerate(found):
        end = next((i for i, lvl, _ in found[k + 1:] if lvl <= level), len(lines))
        numbered = NUMBERED.match(title)
        names = (title, *numbered.groups()) if numbered else (title,)
        result.append(Section(names, "\n".join(lines[index + 1:end])))
    return result


def cited_section_text(part: str, spec: str) -> tuple[str, list[str]]:
    """The text of every section (or numbered item) ``part`` cites with §, and the problems."""
    known = sections(spec)
    texts, problems = [], []
    for at in [m.end() for m in re.finditer("§", part)]:
        rest = part[at:]
        # The longest name that the citation starts with and that ends at a word boundary.
        matches = [(name, section) for section in known for name in section.names
                   if re.match(re.escape(name) + r"(?!\w|\.\d)", rest)]
        if not matches:
            headings = "; ".join(s.names[0] for s in known)
            problems.append(f"§{rest[:30]!r} is no heading of the spec (headings: {headings})")
            continue
        name, section = max(matches, key=lambda found: len(found[0]))
        body = section.body
        if item := ITEM.match(rest[len(name):]):
            steps = re.split(r"(?m)^(?=\d+\. )", body)
            step = next((s for s in steps if s.startswith(f"{item[1]}. ")), None)
            if step is None:
                problems.append(f"§{name} has no numbered item {item[1]}")
                continue
            body = step
        texts.append(body)
    if not texts and not problems:
        problems.append("a spec is cited without a §section")
    return "\n".join(texts), problems


def problems_of(source: str, shared: Path) -> list[str]:
    """Everything a reader could not follow in ``source``; empty when it all checks out."""
    cited = list(CITED_FILE.finditer(source))
    if not cited:
        return ["names no file under shared/spec/ or shared/seeds/, nor a page by its "
                "https:// address"]
    if QUOTE.search(source[:cited[0].start()]) or "§" in source[:cited[0].start()]:
        return ["a quote or § comes before any file is named"]
    problems = []
    for match, after in zip(cited, [*cited[1:], None], strict=True):
        part = source[match.start():after.start() if after else len(source)]
        if match[2]:  # a web page: the form only (the tests run offline)
            problems += page_problems(match[0], part)
            continue
        path = shared.parent / match[0]
        if not path.is_file():
            problems.append(f"{match[0]} does not exist under {shared}")
            continue
        text = path.read_text(encoding="utf-8")
        if match[1] == "spec":
            text, found = cited_section_text(part, text)
            problems += [f"{match[0]}: {p}" for p in found]
        quotes = QUOTE.findall(part)
        if match[1] == "seeds" and not quotes:
            problems.append(f"{match[0]} is cited without a quoted phrase")
        problems += [f"{match[0]} does not say {q!r}" for q in quotes
                     if not occurs_in_order(q, text)]
    return problems


def page_problems(address: str, part: str) -> list[str]:
    """What is wrong with a cited web page's form: it must be an https address with a
    host, followed by the quoted phrase the rule rests on."""
    problems = []
    if not address.startswith("https://"):
        problems.append(f"{address} is not an https:// address")
    if "." not in address.split("/")[2]:
        problems.append(f"{address} names no host")
    if not QUOTE.search(part):
        problems.append(f"{address} is cited without a quoted phrase")
    return problems


@pytest.fixture(scope="session")
def shared() -> Path:
    if not (SHARED / "spec").is_dir() or not (SHARED / "seeds").is_dir():
        pytest.fail(f"the specs and seeds are missing: expected {SHARED}/spec and "
                    f"{SHARED}/seeds beside the checkout (CI copies shared/ there)")
    return SHARED


RULES = [(name, rule) for name in games.names() for rule in games.get(name).rules.values()]


@pytest.mark.parametrize(("game", "rule"), RULES, ids=[rule.id for _, rule in RULES])
def test_rule_source_can_be_followed(game, rule, shared):
    assert problems_of(rule.source, shared) == [], f"{game} rule {rule.id}: {rule.source}"


def test_every_game_cites_its_seed(shared):
    """Each game's rule book quotes its seed text at least once, not only the spec."""
    for name in games.names():
        sources = " ".join(rule.source for rule in games.get(name).rules.values())
        assert "shared/seeds/" in sources, f"{name} never quotes a seed"


# --- the checker itself refuses what a reader could not follow -------------------------

HEARTS = games.get("hearts").rules
SEED_001 = "shared/seeds/001_a0490a4590938347.txt"


@pytest.mark.parametrize("broken", [
    HEARTS["hearts.turn"].source.replace("juega", "baraja"),         # a word not in the seed
    HEARTS["hearts.turn"].source.replace("001_a0490a4590938347", "001"),  # no such file
    HEARTS["hearts.turn"].source.replace("'", ""),                  # seed without a quote
    HEARTS["hearts.pass.three-cards"].source.replace("§2.3 item 1", "§2.9"),   # no section
    HEARTS["hearts.pass.three-cards"].source.replace("item 1", "item 12"),     # no step
    HEARTS["hearts.lead.only-hearts"].source.replace("§2.5 row", "§2.2 row"),  # elsewhere
    f"{SEED_001} 'inicia la próxima ronda … coloca las 4 cartas de la ronda'",  # out of order
    "spec §2.2",                                                    # no file under shared/
    "https://www.example.org/whist.html",                           # a page, no phrase
    "http://www.example.org/whist.html 'the highest bidder'",       # not https
    "https://whist/ 'the highest bidder'",                          # no host
    f"'cada jugador juega una carta' in {SEED_001} 'cada jugador juega una carta'",
])
def test_checker_refuses_what_cannot_be_followed(broken, shared):
    assert problems_of(broken, shared), broken


def test_quotes_compare_without_accents_case_or_spacing(shared):
    """The seed lost 'ó' in 'sólo'; a quote may restore it, but not change a letter."""
    assert problems_of(f"{SEED_001} 'Cartas del palo de corazones SÓLO  se podrán'", shared) == []
    assert problems_of(f"{SEED_001} 'Cartas del palo de corazones sala se podrán'", shared)


def test_quotes_in_another_script_compare_letter_for_letter(shared):
    """Diam's seed is an English page written in Cyrillic letters: its letters are kept,
    so a quote that changes one (к for ц) is refused, not folded away with the accents."""
    seed = "shared/seeds/002_b79310fa263a0c39.txt"
    assert problems_of(f"{seed} 'Сецуре ас манy диамонд цоллецтионс'", shared) == []
    assert problems_of(f"{seed} 'Сецуре ас манy диамонд цоллектионс'", shared)


def test_a_public_page_is_cited_by_its_address_and_a_phrase(shared):
    """A rule from outside shared/ cites the page and the phrase it rests on; the form is
    checked, the page is not (no network in the tests).  Parts may be mixed."""
    page = "https://www.example.org/whist.html 'The highest bidder leads'"
    assert problems_of(page, shared) == []
    assert problems_of(f"{page}; {SEED_001} 'cada jugador juega una carta'", shared) == []
    assert problems_of(f"{page}; {SEED_001} 'cada jugador baraja una carta'", shared)
