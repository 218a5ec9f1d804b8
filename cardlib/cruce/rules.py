"""The rules of Cruce (Crucea) as data, each citing where it comes from, and its options.

Every explanation the engine gives cites one of these ids, so a notebook can print the rule
behind a refused card or bid, and a test can check that the right rule refused it.  The
seed (``shared/seeds/004``) is a machine translation into Romanian and garbled in places;
where it is, ``source`` quotes the phrase and cites the reading ``shared/spec/cruce.md``
settles on.  Where the spec offers a variant, it is an option below, named once.
"""

from __future__ import annotations

from cardlib.options import Option, options_record, whole_number_at_least
from cardlib.protocol import Rule, RuleBook

SEED = "shared/seeds/004_d2100e05801ad594.txt"
SPEC = "shared/spec/cruce.md"

RULES = RuleBook([
    # --- cards, players and the deal -------------------------------------------------------
    Rule("cruce.deck",
         "24 cards: the Hungarian pack without its 7s and 8s, that is 9, 10, J (Unter), "
         "Q (Ober), K and A in four suits. Card points: A 11, 10 10, K 4, Q 3, J 2, 9 0; "
         "the deck holds 120 points.",
         f"{SEED} 'pachet de cărți standard maghiară … eliminați opturile și șaptele. Acest "
         f"lucru vă va lăsa cu 24 de cărți'; {SPEC} §4.2"),
    Rule("cruce.rank-order",
         "Within a suit the cards rank as their points do: A, 10, K, Q, J, 9. The seed's "
         "'two milk bottles' is the jack (Doiar, 2 points).",
         f"{SEED} 'A+11 = as; 11 puncte … Două sticle de lapte înseamnă două puncte … Zero "
         f"(IX) puncte pentru un nouă'; {SPEC} §4.2 and §4.10 row 'Rank list'"),
    Rule("cruce.players",
         "Two, three or four players. At four the seed plays both ways, and so does the "
         "engine: partners sit opposite (Ana and Cristina against Bogdan and Dan) and pool "
         "their points, by default; or, with option teams=False, each plays for himself, as "
         "in the seed's tournament.",
         f"{SEED} 'doi, trei, patru sau chiar o pereche de participanți'; {SEED} 'iar "
         f"ceilalți trei jucători nu câștigă niciun punct'; {SEED} 'Se va juca unu la unu "
         f"(fiecare pentru el)'; {SPEC} §4.3 and §4.10 row 'Crucea este un joc de pariuri'"),
    Rule("cruce.deal",
         "The whole deal comes before the bidding: 6 cards each at four players, 8 each at "
         "three, 8 each and 8 face down as a stock at two. Cards go one at a time, starting "
         "on the dealer's left; the deal passes to the left after every hand.",
         f"{SEED} 'După ce fiecărui jucător i s-au împărțit trei cărți (sau mai multe'; "
         f"{SPEC} §4.3 and §4.10 row 'După ce fiecărui jucător'"),
    Rule("cruce.turn",
         "Only the player whose turn it is moves, and only with a card from their own hand.",
         f"{SEED} 'După ce primul jucător dintr-o mână solicită o anumită culoare, ceilalți "
         "jucători trebuie să pună pe masă o carte'"),
    # --- bidding ---------------------------------------------------------------------------
    Rule("cruce.bid.once",
         "Each player bids once, in turn from the dealer's left, the dealer last: a number, "
         "or pass. Bid k promises that the bidder's side will take at least 33·k points "
         "(1 = 33, 2 = 66, 3 = 99, 4 = 132).",
         f"{SEED} 'cel mai mare de puncte (1=33, 2=66, 3=99, 4=132'; {SPEC} §4.4"),
    Rule("cruce.bid.higher",
         "A bid must be higher than every bid before it; anyone may pass.",
         f"{SPEC} §4.4"),
    Rule("cruce.bid.max",
         "The highest bid is 4 at two or three players and 5 when partners play at four "
         "(option max_bid: 4, 5 or 6 at any count).",
         f"{SEED} 'cinci puncte pot fi acumulate doar dacă joci în echipe'; {SPEC} §4.4 and "
         "§4.10 row '5 … doar dacă joci în echipe'"),
    Rule("cruce.bid.all-pass",
         "If everybody passes, the first bidder leads with no contract (option all_pass: "
         "'redeal', the next dealer deals again; 'dealer-bids-one', the dealer may not pass "
         "when everyone before has).",
         f"{SPEC} §4.4 and §4.10 row 'All players pass'"),
    Rule("cruce.teams",
         "At four, partners pool their points and marriages; the high bid is a contract for "
         "the bidder's side, one contract per hand.",
         f"{SEED} 'o pereche de participanți'; {SPEC} §4.10 row 'Crucea este un joc de "
         "pariuri'"),
    # --- trump and the play ----------------------------------------------------------------
    Rule("cruce.trump.first-lead",
         "The high bidder leads the first trick, and the suit of that first card is trump "
         "for the hand (option trump='declarer-names': the high bidder names trump, then "
         "leads any card).",
         f"{SEED} 'Cel mai mare ofertant … poate alege culoarea atuului'; {SPEC} §4.5 and "
         "§4.10 row 'Cel mai mare ofertant'"),
    Rule("cruce.play.lead",
         "The leader may lead any card; the winner of a trick leads the next.",
         f"{SEED} 'cartea cu cea mai mare valoare a unui costum care se potrivește cu prima "
         f"carte'; {SPEC} §4.5"),
    Rule("cruce.play.follow-suit",
         "Follow the suit led if you can.",
         f"{SEED} 'ceilalți jucători trebuie să pună pe masă o carte care se potrivește cu "
         "culoarea dorită'"),
    Rule("cruce.play.must-trump",
         "If you cannot follow suit, you must play a trump if you hold one.",
         f"{SEED} 'Dacă un jucător nu are această culoare, el trebuie să pună un atu'"),
    Rule("cruce.play.any-card",
         "With neither the suit led nor a trump, play any card.",
         f"{SEED} 'iar dacă nu are un atu, trebuie să pună orice altă culoare'"),
    Rule("cruce.play.must-head",
         "Option must_head: you must also beat the card winning the trick when you can: a "
         "higher card of the suit led (unless a trump already holds the trick), or, when "
         "void, a higher trump. Off by default: the seed names no such duty.",
         f"{SPEC} §4.5 and §4.10 row 'Play obligations'"),
    Rule("cruce.trick.winner",
         "The highest trump takes the trick; with no trump in it, the highest card of the "
         "suit led. The winner leads next.",
         f"{SEED} 'Trump câștigă implicit. Un atu mai mare va bate întotdeauna un atu mai "
         f"jos'; {SPEC} §4.5"),
    Rule("cruce.stock.draw",
         "At two players, after each trick while the stock lasts, the winner draws its top "
         "card, then the other player draws the next.",
         f"{SPEC} §4.3"),
    Rule("cruce.stock.free",
         "At two players, while the stock lasts there is no duty to follow suit or to "
         "trump: any card may be played. The duties start when the stock is gone.",
         f"{SPEC} §4.10 row '2p: \"cu cărți de jos\" vs \"la licitație\"'"),
    Rule("cruce.stock.auction",
         "Option two_player_form='auction' (two players, 'la licitație'): nobody draws. "
         "After the bidding the declarer (the high bidder, or the player the all-pass rule "
         "makes declarer) takes the top 4 cards of the stock into hand, unseen by the "
         "other player; the other 4 are dead: out of the hand, seen by nobody, their "
         "points counted for nobody, so the two players share 120 minus those points. "
         "Play is 10 tricks with the duties to follow suit and to trump from the first "
         "trick.",
         f"{SPEC} §4.3 'the bid winner takes 4 stock cards and gives any 2 to the "
         "opponent; the other 4 are dead' and §4.10 row '2p: \"cu cărți de jos\" vs "
         "\"la licitație\"'"),
    Rule("cruce.stock.give",
         "In the auction form the declarer, holding 12 cards, then gives any 2 of them to "
         "the other player, one card at a time, before naming trump or leading; both "
         "players know the two cards given. Then each holds 10.",
         f"{SPEC} §4.3 'gives any 2 to the opponent'"),
    # --- marriages -------------------------------------------------------------------------
    Rule("cruce.marriage.announce",
         "A player holding the K and Q of one suit may announce them when leading one of "
         "the two: 20 points, or 40 in trumps, for their side. The announcement is part of "
         "the lead and shown to all; the first lead announces in the suit it makes trump, so "
         "40.",
         f"{SEED} 'poate „anunța” când este rândul lui să împartă și are în mână atât o "
         f"regină, cât și un rege de aceeași culoare … (anunțul atu valorează 40 de puncte)'"
         f"; {SPEC} §4.6 and §4.10 row 'poate „anunța” când este rândul lui'"),
    Rule("cruce.marriage.held",
         "Only the leader announces, and only with a K or Q whose partner card (Q or K of "
         "the same suit) is still in hand.",
         f"{SEED} 'Cine face anunțul trebuie să afișeze și cuplul'; {SPEC} §4.10 row "
         "'The **announcer** leads K or Q face up'"),
    Rule("cruce.marriage.needs-trick",
         "Option marriage_needs_trick (the Schnapsen rule): a marriage counts only if the "
         "announcer's side takes at least one trick in the hand. Off by default: announcing "
         "before any trick is allowed and counts at once.",
         f"{SPEC} §4.6 and §4.10 row 'Announcing before winning any trick'"),
    Rule("cruce.penalty.renege",
         "Option training: a card that breaks a duty (follow suit, trump, or beat with "
         "must_head) may be played, as at a real table, and costs its side 3 game points "
         "at the end of the hand; the card stays played. Off by default: the engine "
         "refuses such a card.",
         f"{SEED} 'primesc o penalizare de -3 puncte (de exemplu: el nu pune culoarea "
         f"necesară pe masă'; {SPEC} §4.10 row 'Penalties'"),
    # --- scoring and the end ---------------------------------------------------------------
    Rule("cruce.score.points",
         "After the last trick each side counts the card points it took plus its marriages, "
         "and scores floor(points / 33) game points.",
         f"{SEED} 'acestea sunt totalurile obținute prin acumularea cărților'; {SPEC} §4.7"),
    Rule("cruce.score.made",
         "A side that made its bid scores all its game points, not only the bid (option "
         "made_bid='bid': exactly the bid).",
         f"{SPEC} §4.7 and §4.10 row 'Made bid'"),
    Rule("cruce.score.failed",
         "A side that took fewer game points than it bid scores minus the bid; the others "
         "score their own game points (option failed_bid='seed-literal': the others score "
         "nothing that hand).",
         f"{SEED} 'Turnul este punctat ca -2 pentru persoana care a licitat'; {SPEC} §4.7 and "
         "§4.10 row 'Failed bid'"),
    Rule("cruce.game.end",
         "The game is played to 21 (option target: 11 or 15): after a hand in which a "
         "side's total reaches the target, the highest total wins; if the highest totals "
         "are tied, another hand is played (option end_rule='lead-by-two': the leader must "
         "also be 2 ahead of every other side; option hand_limit: after that many hands the "
         "highest total wins whatever it is).",
         f"{SEED} 'Câștigătorul este primul jucător care atinge 21'; {SPEC} §4.8 and §4.10 "
         "rows 'Până la vârsta de 21 de ani' and 'Simultaneous crossing'"),
])


# --- Options: the named variants of the spec's table (spec §4.10) ---------------------------

OPTIONS: tuple[Option, ...] = (
    Option("must_head", False,
           "Must beat the trick when able (a higher card of the suit led, else a higher "
           "trump), as CruceGame and Schnapsen play. Default off: the seed asks only follow, "
           "else trump, else any card.", (False, True)),
    Option("marriage_needs_trick", False,
           "A marriage counts only if the announcer's side takes a trick in the hand (the "
           "Schnapsen rule). Default off: it counts at once, the first lead included.",
           (False, True)),
    Option("failed_bid", "others-score",
           "On a failed bid the bidder's side scores minus the bid and the others their own "
           "game points ('others-score', CruceGame), or the others score nothing "
           "('seed-literal').", ("others-score", "seed-literal")),
    Option("made_bid", "all",
           "A side that makes its bid scores all its game points ('all', CruceGame) or "
           "exactly the bid ('bid').", ("all", "bid")),
    Option("target", 21,
           "The total that ends the game: 21 (the seed), 15 or 11.", (21, 15, 11)),
    Option("end_rule", "highest",
           "At the target the highest total wins, a tie plays another hand ('highest'); or "
           "the leader must be 2 ahead of every other side ('lead-by-two', CruceGame's "
           "docs).", ("highest", "lead-by-two")),
    Option("hand_limit", 0,
           "Stop after this many hands: the highest total wins, a tie plays another hand. "
           "0 (the default) plays to the target. Not in the sources: for a short lesson, "
           "and for games of random bots, whose failed bids can keep every total below the "
           "target for ever.", check=whole_number_at_least(0)),
    Option("max_bid", "seed",
           "The highest bid: 'seed' (4 at two or three players, 5 for partners at four), "
           "or 4, 5 or 6 at any count (CruceGame allows 6).", ("seed", 4, 5, 6)),
    Option("trump", "first-lead",
           "Trump is the suit of the high bidder's first lead ('first-lead'), or the high "
           "bidder names it before leading ('declarer-names').",
           ("first-lead", "declarer-names")),
    Option("all_pass", "first-bidder-leads",
           "When everybody passes: the first bidder leads with no contract "
           "('first-bidder-leads', CruceGame), the next dealer deals again ('redeal'), or "
           "the dealer may not pass after all the others have ('dealer-bids-one').",
           ("first-bidder-leads", "redeal", "dealer-bids-one")),
    Option("training", False,
           "Training mode, the seed's penalty: a card that breaks a duty may be played and "
           "costs its side 3 game points at the end of the hand. Default off: the engine "
           "refuses it.", (False, True)),
    Option("two_player_form", "stock",
           "At two players: both draw from the stock after each trick ('stock', CruceGame, "
           "the default), or 'auction' (la licitație, cruceonline): the high bidder takes "
           "4 of the 8 stock cards and gives any 2 cards to the other player; the other 4 "
           "are out of the hand, seen by nobody.", ("stock", "auction"), only_players=(2,)),
    Option("teams", True,
           "At four players: partners sit opposite and pool their points (True, the "
           "default), or each plays for himself (False), as in the seed's tournament, 'unu "
           "la unu (fiecare pentru el)'; then the highest bid is 4. Both are standard forms. "
           "Played at four only.", (True, False), only_players=(4,)),
)


Options = options_record("cruce", OPTIONS, player_counts=(2, 3, 4), usual_players=4)
"""The typed, checked options of one game (``players`` first, then ``OPTIONS``)."""


def highest_bid(options: Options) -> int:
    """The highest bid allowed under ``options`` (rule ``cruce.bid.max``)."""
    if options.max_bid != "seed":
        return options.max_bid
    return 5 if partnered(options) else 4


def partnered(options: Options) -> bool:
    """Whether seats play in partnerships: four players with ``teams`` on."""
    return options.players == 4 and options.teams
