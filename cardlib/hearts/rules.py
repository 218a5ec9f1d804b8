"""The rules of Hearts (Corazones) as data, each citing where it comes from.

Every explanation the engine gives cites one of these ids, so a notebook can print the rule
behind a refused card, and a test can check that the right rule refused it.  ``source``
quotes the seed text (``shared/seeds/001_a0490a4590938347.txt``, in Spanish with the accents
the stored copy lost) and names the section of ``shared/spec/hearts.md`` that decides where
the seed is silent, garbled or contradictory.
"""

from __future__ import annotations

from cardlib.options import Option, options_record, whole_number_at_least
from cardlib.protocol import Rule, RuleBook

SEED = "shared/seeds/001_a0490a4590938347.txt"
SPEC = "shared/spec/hearts.md"

RULES = RuleBook([
    # --- cards and deal ------------------------------------------------------------------
    Rule("hearts.deck",
         "Four players, each on their own, with a 52-card deck; 13 cards each, dealt one at "
         "a time round the table. A new hand is dealt until the game ends.",
         f"{SEED} 'Jugadores - 4 … Baraja - Una baraja de 52 cartas … Son distribuidas 13 "
         f"cartas para cada jugador, una a una, en el sentido horario'; {SPEC} §2.2"),
    Rule("hearts.rank-order",
         "Within a suit the cards rank 2 (low) up to 10, J, Q, K, A (high).",
         f"{SPEC} §2.1 and §2.5: every Hearts source ranks 2 < … < A, not the Sueca order "
         f"copied into {SEED} '2, 3, 4, 5, 6, Q, J, K, 7, A'"),
    Rule("hearts.turn",
         "Only the player whose turn it is moves, and only with a card from their own hand.",
         f"{SEED} 'cada jugador juega una carta'"),
    # --- the pass ------------------------------------------------------------------------
    Rule("hearts.pass.three-cards",
         "Before the first lead every player passes three cards, North, East, South, West in "
         "turn, choosing them before seeing the cards passed to them.",
         f"{SEED} 'cada jugador debe escoger 3 cartas y pasarlas'; {SPEC} §2.3 item 1"),
    Rule("hearts.pass.rotation",
         "The pass rotates by hand: to the left (the next player), to the right, across, "
         "then no pass; and again from the left until the game ends.",
         f"{SEED} 'pasarlas al jugador de la izquierda … de la derecha … de enfrente … no "
         f"son pasadas cartas'; {SPEC} §2.5 row 'Ronda': per hand, until the game ends"),
    # --- the play ------------------------------------------------------------------------
    Rule("hearts.lead.two-of-clubs",
         "Whoever holds the 2♣ (after the pass) leads it to the first trick of every hand.",
         f"{SEED} 'La primera carta de un juego es el 2 de tréboles'; {SPEC} §2.5 row "
         "'Primera carta': every hand, not only the first"),
    Rule("hearts.follow-suit",
         "Follow the suit that was led if you can.",
         f"{SEED} 'Los jugadores siguientes … deben seguir el palo jugado por el primer "
         "jugador'"),
    Rule("hearts.void.any-card",
         "If you cannot follow suit you may play any card (outside the first trick).",
         f"{SEED} 'Si un jugador no posee cartas para seguir el palo, debe echar otra carta'"),
    Rule("hearts.first-trick.no-points",
         "On the first trick no heart and not the Q♠ may be played by a player who has any "
         "other card.",
         f"{SEED} 'En la primera ronda no es permitido jugar una carta del palo de corazones "
         "ni la Dama negra'"),
    Rule("hearts.first-trick.only-points",
         "A player void in the led suit on the first trick who holds nothing but hearts and "
         "the Q♠ may play any of them (option first_trick_void='heart-not-queen': a heart, "
         "not the Q♠).",
         f"{SPEC} §2.5 row 'void in ♣ on trick 1 holding only ♥ + Q♠': OpenSpiel allows any"),
    Rule("hearts.lead.hearts-unbroken",
         "Hearts may not be led until hearts are broken, that is until a heart has been "
         "played to an earlier trick (with qs_breaks_hearts=True, the Q♠ as well).",
         f"{SEED} 'Cartas del palo de corazones sólo se podrán echar … después de que algún "
         f"jugador haya bajado una carta de ese palo'; {SPEC} §2.5: a restriction on "
         "leading ('salir'), not on discarding"),
    Rule("hearts.lead.only-hearts",
         "A leader holding only hearts may lead one even though hearts are not broken.",
         f"{SPEC} §2.3 item 5 and §2.5 row 'a leader holding only ♥'"),
    Rule("hearts.lead.queen-or-hearts",
         "With option can_lead_hearts_instead_of_qs: a leader whose only non-heart is the "
         "Q♠, hearts unbroken, may lead a heart instead of being forced to lead the Q♠.",
         f"{SPEC} §2.5 row 'lead when only ♥ + Q♠ remain' (default: the Q♠ is forced)"),
    Rule("hearts.lead.any",
         "Once hearts are broken (or must_break_hearts=False) the leader may lead any card.",
         f"{SPEC} §2.3 item 5 and §2.3 item 6 (the Q♠ may be led at any time)"),
    Rule("hearts.trick.winner",
         "The highest card of the suit led takes the trick; its winner leads the next one.",
         f"{SEED} 'el jugador que jugó la carta más alta del palo de la primera carta, "
         "coloca las 4 cartas de la ronda en su monte … El jugador vencedor de la ronda "
         "inicia la próxima ronda'"),
    # --- scoring and the end -------------------------------------------------------------
    Rule("hearts.score.points",
         "After 13 tricks each player scores 1 point per heart and 13 for the Q♠ among "
         "the tricks they took: 26 points per hand.",
         f"{SEED} 'Cartas del naipe Corazones: 1 punto. Dama de Espadas(Q): 13 puntos'; "
         f"{SPEC} §2.5: the Q♠ scores whether led or discarded"),
    Rule("hearts.score.moon",
         "Shooting the moon: a player who took every heart and the Q♠ scores 0 for the "
         "hand and each other player scores 26 (option moon='shooter-choice': the shooter "
         "may instead take 26 off their own score).",
         f"{SEED} 'Alcanzar la Luna … no gana ningún punto, y los otros 3 ganan 26 puntos "
         f"cada uno'; {SPEC} §2.5 row 'Moon'"),
    Rule("hearts.score.jack-of-diamonds",
         "Option jd_bonus: the J♦ scores −10 for the player who takes it (it is not needed "
         "to shoot the moon).",
         f"{SPEC} §2.4, OpenSpiel parameter jd_bonus"),
    Rule("hearts.score.no-tricks",
         "Option avoid_all_tricks_bonus: −5 for a player who took no trick, unless the moon "
         "was shot.",
         f"{SPEC} §2.4, OpenSpiel parameter avoid_all_tricks_bonus"),
    Rule("hearts.game.end",
         "The game ends after the hand in which a player's total reaches 50 (option "
         "end_score; option end_when='exceed': goes above it).",
         f"{SEED} 'termina cuando algún jugador alcanza 50 puntos'; {SPEC} §2.5 row "
         "'Este jugador … es el último colocado'"),
    Rule("hearts.game.ranking",
         "The lowest total wins; places follow the totals, more points being worse, and "
         "equal totals share a place (option tie_for_first='play-on': while the lowest "
         "total is shared, another hand is played).",
         f"{SEED} 'cuantos más puntos, peor será la colocación'; {SPEC} §2.5 rows on "
         "ranking and ties"),
])


# --- Options: the named variants of the table above ---------------------------------------
# The first eight mirror OpenSpiel's Hearts parameters (same names, so the differential test
# can pass them straight through); the rest settle what the seed leaves open.

OPTIONS: tuple[Option, ...] = (
    Option("pass_cards", True,
           "Pass three cards before each hand (left, right, across, none, repeating). "
           "False: never pass.", (False, True)),
    Option("no_pts_on_first_trick", True,
           "No heart and not the Q♠ on the first trick, by a player holding anything else "
           "(seed: 'En la primera ronda no es permitido…').", (False, True)),
    Option("first_trick_void", "any",
           "On the first trick, a player void in clubs holding only hearts and the Q♠ may "
           "play 'any' of them (OpenSpiel; the default) or only a heart "
           "('heart-not-queen').", ("any", "heart-not-queen")),
    Option("can_lead_any_club", False,
           "The holder of the 2♣ may open with any club instead of the 2♣ (OpenSpiel "
           "variant).", (False, True)),
    Option("must_break_hearts", True,
           "Hearts may not be led until broken. False: hearts may be led at any time.",
           (False, True)),
    Option("qs_breaks_hearts", False,
           "Playing the Q♠ also breaks hearts (Bicycle, Yahoo, OpenSpiel's default). The "
           "seed says only a heart does, so the default is False.", (False, True)),
    Option("can_lead_hearts_instead_of_qs", False,
           "Hearts unbroken and the Q♠ the only non-heart: the leader may lead a heart "
           "instead of being forced to lead the Q♠ (Yahoo).", (False, True)),
    Option("jd_bonus", False,
           "The J♦ scores −10 (the 'Omnibus' variant); not needed to shoot the moon.",
           (False, True)),
    Option("avoid_all_tricks_bonus", False,
           "−5 for a player who took no trick in a hand, unless the moon was shot.",
           (False, True)),
    Option("moon", "add-to-others",
           "Shooting the moon: the others score +26 ('add-to-others', the seed), or the "
           "shooter chooses between that and −26 for themselves ('shooter-choice').",
           ("add-to-others", "shooter-choice")),
    Option("end_score", 50,
           "The total that ends the game (seed: 50; Bicycle: usually 100).",
           check=whole_number_at_least(1)),
    Option("end_when", "reach",
           "End when a total reaches end_score ('reach', the seed's 'alcanza') or only when "
           "it goes above it ('exceed').", ("reach", "exceed")),
    Option("tie_for_first", "share",
           "At the end, players tied on the lowest total share first place ('share'), or "
           "another hand is played until one total is lowest ('play-on').",
           ("share", "play-on")),
)


Options = options_record("hearts", OPTIONS, player_counts=(4,))
"""The typed, checked options of one game (``players`` first, then ``OPTIONS``)."""
