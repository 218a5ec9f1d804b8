"""The rules of Diam's as data, each citing where it comes from, and the game's options.

Every explanation the engine gives cites one of these ids.  ``source`` quotes the seed
(``shared/seeds/002_b79310fa263a0c39.txt``: Board Game Arena's English help page written in
Serbian Cyrillic letters, quoted as it is written) and names the section of
``shared/spec/diams.md`` that gives it back in English or decides where it is silent.

So that a reader can tell what the seed says from what this project decided, every part of a
rule that rests on one of the spec's defaults (its §3 table, rows A1–A33) says so in the
text, "(project decision, spec A7)", and its source quotes that row ("row A7 '…'");
``tests/test_diams_rules.py`` checks that the two agree and that each quote is the row's.  A
decision the spec does not make either says "(project decision beyond the spec)".  The seed
is quoted in its own Cyrillic letters, so the source check can compare it letter for letter;
:func:`seed_english` gives the English those letters spell, by the spec's §1 key.
"""

from __future__ import annotations

from cardlib.options import Option, options_record
from cardlib.protocol import Rule, RuleBook

SEED = "shared/seeds/002_b79310fa263a0c39.txt"
SPEC = "shared/spec/diams.md"
DEFAULTS = f"{SPEC} §3. Ambiguities and recommended defaults"

_LATIN = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "ђ": "đ", "е": "e", "ж": "ž", "з": "z",
    "и": "i", "ј": "j", "к": "k", "л": "l", "љ": "lj", "м": "m", "н": "n", "њ": "nj",
    "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "ћ": "ć", "у": "u", "ф": "f",
    "х": "h", "ц": "c", "ч": "č", "џ": "dž", "ш": "š",
}
_SERBIAN_LATIN = str.maketrans({**_LATIN, **{cyr.upper(): lat.capitalize()
                                             for cyr, lat in _LATIN.items()}})


def seed_english(text: str) -> str:
    """The English that the seed's Cyrillic letters spell: ``'Еацх цолор'`` → ``'Each
    color'``.

    The seed is an English page written letter for letter in Serbian Cyrillic (the spec's
    §1: ц→c, х→h, ј→j, тх→th …; w, y, q and x stayed Latin), so the standard Serbian
    Cyrillic-to-Latin letters give the English back, and one table does for every quote,
    rather than an English copy typed beside each that could drift from it."""
    return text.translate(_SERBIAN_LATIN)


def is_cyrillic(text: str) -> bool:
    """Does ``text`` hold a Cyrillic letter (a quote of the seed as it is written)?"""
    return any("\u0400" <= ch <= "\u04ff" for ch in text)


RULES = RuleBook([
    # --- cards, set-up, the closing card ---------------------------------------------------
    Rule("diams.deck",
         "Diamonds carry a digit from 1 to 10, one colour per digit; some are of exceptional "
         "purity (a magnifying glass). Three special cards and one closing card complete the "
         "deck. How many copies of each digit and which are pure is the ruleset's: by "
         "default 6 of each digit, one of them pure (ASSUMED numbers; project decision, spec "
         "A2, A3).",
         f"{SEED} 'Еацх цолор хас а матцхинг qуалитy дигит рангинг фром 1 то 10'; "
         f"{SPEC} §2.2 'Number of copies per digit and total deck size: **NOT FOUND**'; "
         f"{DEFAULTS} row A2 '6 of each digit 1–10 → 60 diamond cards'; row A3 'Exactly 1 "
         "pure card per digit'"),
    Rule("diams.setup",
         "Each round starts from a fresh shuffle: every player gets the ruleset's starting "
         "hand and the market shows its starting diamonds (ASSUMED 3 cards and 4 diamonds; "
         "project decision, spec A6); a special card met while turning them stays in the "
         "draw pile (project decision beyond the spec). A seeded random player starts the "
         "first round, and the start passes to the next seat each round (project decision, "
         "spec A7).",
         f"{SPEC} §2.4 'Starting hand size, initial market and first player: **NOT FOUND**'; "
         f"{DEFAULTS} row A6 'Deal 3 cards to each player' … 'reveal 4 cards to start the "
         "market'; row A7 'Random first player; the start passes clockwise each round'"),
    Rule("diams.closing.placement",
         "The closing card is shuffled into the last 15 cards of the draw pile with 2 or 3 "
         "players and the last 5 with 4 or 5 (option closing='deterministic': it is the very "
         "last card). It lands at each of those places with the same chance (project "
         "decision, spec A24).",
         f"{SEED} 'тхе цлосинг цард ис рандомлy схуффлед амонг тхе ласт 15 цардс ат 2/3 "
         "плаyерс, анд амонг тхе ласт 5 цардс ат 4/5 плаyерс' … 'тхе цлосинг цард ис тхе "
         f"ласт оне'; {DEFAULTS} row A24 'Shuffle the closing card with the bottom K−1 "
         "cards, so it lands uniformly in the last K positions'"),
    Rule("diams.turn",
         "Only the player whose turn it is moves: phase 1 (a draw), then phase 2 (a play "
         "action or a special card), then discards down to the hand limit.",
         f"{SEED} 'yоу муст фирст цхоосе бетwеен тwо'; {SPEC} §2.5"),
    # --- phase 1 ---------------------------------------------------------------------------
    Rule("diams.draw.hand",
         "Phase 1, first choice: draw one card into your hand.",
         f"{SEED} 'Драw оне цард анд пут ит ин yоур ханд'; {SPEC} §2.5"),
    Rule("diams.draw.market",
         "Phase 1, second choice: draw two cards onto the market. A special card drawn this "
         "way goes to your hand instead (the market holds diamonds only), with no draw to "
         "replace it (project decision, spec A14).",
         f"{SEED} 'Драw тwо цардс анд пут тхем он тхе маркет'; {DEFAULTS} row A14 'It goes "
         "to the drawer's hand instead (the market holds diamonds only); no replacement "
         "draw'"),
    Rule("diams.draw.closing",
         "Drawing the closing card: it is set aside, counts as one of the cards drawn, and "
         "the round ends when this turn does, phase 2 and the discards still played "
         "(project decision, spec A23).",
         f"{SPEC} §2.7 'What exactly happens when it is drawn: **NOT FOUND**'; {DEFAULTS} "
         "row A23 'Set it aside with no replacement draw. The current player finishes the "
         "turn'"),
    # --- phase 2: the market -----------------------------------------------------------------
    Rule("diams.market.visit",
         "Phase 2, first choice: go to the market with one diamond from your hand (a special "
         "card has no colour and cannot go: project decision beyond the spec). It joins the "
         "market, then you take one of three outcomes.",
         f"{SEED} 'Селецт оне оф yоур цардс анд го то тхе маркет wитх ит'; {SPEC} §2.5"),
    Rule("diams.market.colour",
         "Market outcome 1: take every diamond of your card's colour (digit) on the market, "
         "your card included. With no match you simply take your card back, a wasted visit "
         "(project decision, spec A9).",
         f"{SEED} 'Таке алл цардс оф тхе саме цолор тхан тхе оне yоу wент то тхе маркет wитх "
         f"(инцлудинг ит)'; {DEFAULTS} row A9 'Allowed; you simply take back your card'"),
    Rule("diams.market.sum",
         "Market outcome 2: take one or more diamonds whose digits add up exactly to your "
         "card's digit (project decision, spec A10); your card stays on the market "
         "(project decision, spec A8), and the sum is taken from the diamonds that were "
         "there before it came (project decision beyond the spec).",
         f"{SEED} 'Таке а селецтион оф цардс wхосе дигитс сум уп то тхе дигит оф тхе цард yоу "
         f"wент то тхе маркет wитх'; {DEFAULTS} row A10 'Cards must sum exactly; at least 1 "
         "card'; row A8 'The played card stays on the market'"),
    Rule("diams.market.nothing",
         "Market outcome 3: come back empty-handed; your card stays on the market (project "
         "decision, spec A8).",
         f"{SEED} 'Ор цоме бацк емптy ендед'; {DEFAULTS} row A8 'The played card stays on "
         "the market'"),
    # --- phase 2: securing ---------------------------------------------------------------------
    Rule("diams.secure.new-collection",
         "Phase 2, second choice: move diamonds from your hand into your safe. The selection "
         "must hold at least one new collection: three or more diamonds of one digit that "
         "your safe does not hold yet, as a safe holds one collection per digit (project "
         "decision, spec A12).",
         f"{SEED} 'Селецт цардс ин yоур ханд анд сецуре тхем инто yоур сафе' … 'Муст цонтаин "
         f"ат леаст оне цоллецтион (тхрее диамондс оф тхе саме цолор)'; {DEFAULTS} row A12 "
         "'Not allowed: one collection per digit, capped at 5'"),
    Rule("diams.secure.extend",
         "Besides new collections, the selection may only hold diamonds of a digit already "
         "in your safe, to extend that collection; any other digit needs three cards of its "
         "own.",
         f"{SEED} 'Цан цонтаин диамондс матцхинг а цоллецтион алреадy пресент ин yоур сафе "
         "(ин ордер то еxпанд тхе цоллецтион)'; {SPEC} §2.5"),
    Rule("diams.secure.five",
         "A collection holds at most five diamonds.",
         f"{SEED} 'А цоллецтион ис а сет оф тхрее диамондс оф тхе саме цолор, ор море (уп то "
         f"фиве)'; {SPEC} §2.5 'A collection has at most 5 cards'"),
    Rule("diams.play.pass",
         "With nothing to play in phase 2 (no diamond in hand, and no special card with a "
         "target), phase 2 is skipped (project decision beyond the spec: the seed does not "
         "say).",
         f"{SEED} 'Тхен yоу wилл хаве то цхоосе бетwеен тwо'; {SPEC} §2.5"),
    # --- special cards ---------------------------------------------------------------------------
    Rule("diams.special",
         "Instead of phase 2 you may play a special card from your hand, for its own power "
         "or for the compulsory sale that all three share. At most one per turn, and it is "
         "discarded after use, even when the power fails (project decision, spec A22).",
         f"{SEED} 'Тхрее специал цардс гиве yоу тхе поwер yоу то плаy трицкс он yоур "
         "оппонентс инстеад оф плаyинг пхасе 2' … 'поwер тхат тхеy алл схаре, ор wитх тхеир "
         f"отхер (анд униqуе) поwер'; {DEFAULTS} row A22 'At most one per turn; always "
         "discarded after use, including a failed drilling or sale'"),
    Rule("diams.special.sale",
         "Compulsory sale: name a digit you hold in hand and an opponent. They put every "
         "diamond of that digit from their hand on the market, never from their safe "
         "(project decision, spec A16), and you take every diamond of that digit from the "
         "market. If they had none, you lose yours: they go to the market (project "
         "decision, spec A18; option failed_sale_to='discard': to the discard pile).",
         f"{SEED} 'Цомпулсорy сале енаблес yоу то гет алл диамондс оф а qуалитy тхат yоу хаве "
         "ин yоур ханд фром тхе маркет афтер форцинг ан оппонент то пут алл хис диамондс оф "
         f"тхис qуалитy он тхе маркет'; {DEFAULTS} row A16 'Opponent's hand only (safes are "
         "secured)'; row A18 'All your cards of that digit go to the market'"),
    Rule("diams.special.express",
         "Secur'express: secure one or more diamonds of one digit that your safe already "
         "holds, without a new collection; it cannot start one, and the collection still "
         "holds at most five (project decision, spec A19).",
         f"{SEED} 'еxпресс енаблес yоу то сецуре диамондс оф оне qуалитy алреадy пресент ин "
         f"yоур сафе'; {DEFAULTS} row A19 'Any number ≥1 of one digit already collected in "
         "your safe, respecting the cap of 5. It cannot start a new collection.'"),
    Rule("diams.special.drill",
         "Safe drilling: name an opponent, a digit and a purity. If their safe holds such a "
         "diamond, it goes into your hand (project decision, spec A20); otherwise, an empty "
         "safe too, the drilling fails.",
         f"{SEED} 'Сафе дриллинг енаблес yоу то гет а диамонд оф а гивен qуалитy анд пуритy, "
         "страигхт фром тхе сафе оф ан оппонент' … 'иф yоур оппонент доесн'т хаве анy "
         f"диамонд оф тхис кинд, дриллинг wилл фаил'; {DEFAULTS} row A20 'Into the driller's "
         "hand'"),
    Rule("diams.special.sleight",
         "Sleight of hand: take any one diamond you want from the market.",
         f"{SEED} 'Слеигхт оф ханд енаблес yоу то таке анy диамонд yоу wант фром тхе маркет'; "
         f"{SPEC} §2.6"),
    # --- end of the turn and of the round ----------------------------------------------------
    Rule("diams.hand-limit",
         "At the end of your turn, holding more than 5 cards, special cards included "
         "(project decision, spec A15), you discard one card at a time down to 5. Discards "
         "go to the discard pile, out of play for the round (project decision, spec A13; "
         "option discard_to='market': onto the market, where special cards still go to the "
         "discard pile).",
         f"{SEED} 'иф yоу хаве море тхан 5 цардс ин yоур ханд, yоу wилл хаве то дисцард соме "
         f"то кееп онлy 5'; {DEFAULTS} row A15 'They count toward the limit'; row A13 'A "
         "discard pile, out of play for the round'"),
    Rule("diams.hidden",
         "Hands and safes are private: the others see only how many cards each holds "
         "(project decision, spec A33). The market is face up, and so is the discard pile "
         "(project decision beyond the spec).",
         f"{SPEC} §2.4 'Each player's hand and safe are private'; {DEFAULTS} row A33 "
         "'Opponents see safe *sizes* only; the market is face-up'"),
    Rule("diams.score.collections",
         "At the end of a round each collection in a safe scores by the ruleset's value "
         "table for its digit and size, the 7 the most valuable colour (ASSUMED numbers; "
         "project decision, spec A5). A collection cut below three by a drilling scores "
         "nothing (project decision, spec A21).",
         f"{SEED} 'Цоллецтионс аре wортх море ор лесс депендинг упон тхе диамонд цолор анд "
         f"тхе нумбер оф диамондс'; {SPEC} §2.3; {DEFAULTS} row A5 'Placeholder table "
         "below'; row A21 'Scores 0 at round end unless it is back to ≥3'"),
    Rule("diams.score.purity-bonus",
         "Purity bonus: the player with the most pure diamonds in their safe scores 5; "
         "players tied for the most score 2 each. When no safe holds a pure diamond, nobody "
         "scores it (project decision, spec A25).",
         f"{SEED} 'фор тхе плаyер wитх тхе мост диамондс оф еxцептионал пуритy (магнифyинг "
         "гласс сyмбол) ин хис сафе (5 бонус поинтс, 2 поинтс ин цасе оф а тие)'; "
         f"{SPEC} §2.8; {DEFAULTS} row A25 'No bonus'"),
    Rule("diams.score.hand-bonus",
         "Hand bonus: the player whose diamonds still in hand have the largest digit sum "
         "scores 3, and so does every player tied with them. Special cards count 0 in the "
         "sum (project decision, spec A15), and a largest sum of 0 earns nothing (project "
         "decision, spec A27).",
         f"{SEED} 'фор тхе плаyер wхосе дигитс фор тхе диамондс стилл ин ханд сум уп то тхе "
         f"биггест валуе (3 бонус поинтс, тие ор но тие)'; {DEFAULTS} row A15 'digit 0'; "
         "row A27 'no bonus if the highest sum is 0'"),
    Rule("diams.score.chips",
         "A round's points, collections and bonuses together (project decision, spec A28), "
         "rank the players, who earn victory chips by place from the ruleset: 4, 3, then 2, "
         "1, 0 (ASSUMED below 2nd; project decision, spec A29). Tied players share the best "
         "of their places, and the next place is skipped (project decision, spec A30).",
         f"{SEED} 'тхе 1ст плаyер гетс 4 цхипс, тхе 2д гетс 3 цхипс анд со он'; {DEFAULTS} "
         "row A28 'Yes: round points = collections + bonuses'; row A29 '4/3/2/1/0'; row A30 "
         "'Tied players each get the chips for the best tied place'"),
    Rule("diams.round.end",
         "After the turn in which the closing card was drawn, the round is scored; the next "
         "round starts from a new shuffle of every card (project decision, spec A32).",
         f"{SPEC} §2.7; {DEFAULTS} row A32 'Full reset: hands, market and safes return to "
         "the deck'"),
    Rule("diams.game.end",
         "The game is three rounds (option length='quick': one round). Most victory chips "
         "wins; a tie goes to the tied player who won round 2 alone. Failing that, the "
         "higher total of round points wins, else the win is shared (project decision, spec "
         "A31).",
         f"{SEED} 'Тхе плаyер wитх тхе мост вицторy цхипс ат тхе енд оф тхрее роундс wинс' … "
         "'тхе плаyер wхо wон тхе 2д роунд wхо wилл гет тхе вицторy' … 'вариант макес ит "
         f"поссибле то плаy а гаме ин јуст оне роунд'; {DEFAULTS} row A31 'Then higher total "
         "round points over the game; then a shared win'"),
])


# --- Options: the variants the seed names, and the spec's alternative readings ---------------

OPTIONS: tuple[Option, ...] = (
    Option("length", "standard",
           "Game length: 'standard' plays three rounds; 'quick' plays one (the seed's "
           "Quick game).", ("standard", "quick")),
    Option("closing", "standard",
           "The closing card: 'standard' shuffles it among the last 15 cards of the draw "
           "pile with 2–3 players, the last 5 with 4–5; 'deterministic' makes it the very "
           "last card.", ("standard", "deterministic")),
    Option("discard_to", "discard",
           "Where cards discarded down to 5 go: 'discard', a face-up pile out of play for "
           "the round (the spec's default), or 'market' (diamonds only).",
           ("discard", "market")),
    Option("failed_sale_to", "market",
           "A compulsory sale against a player with none of the digit costs you your cards "
           "of it: they go to the 'market' (the spec's default) or to the 'discard' pile.",
           ("market", "discard")),
)

Options = options_record("diams", OPTIONS, player_counts=(2, 3, 4, 5))

CLOSING_WINDOW = {2: 15, 3: 15, 4: 5, 5: 5}
"""How many cards at the bottom of the draw pile the closing card is shuffled among."""
ROUNDS = {"standard": 3, "quick": 1}
PURITY_BONUS, PURITY_TIE_BONUS, HAND_BONUS = 5, 2, 3
