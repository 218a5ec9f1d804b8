"""The rules of Diamonds as data, each citing where it comes from, and the game's options.

Every explanation the engine gives, and every suit action it records, cites one of these
ids, so a notebook can print the rule behind a refused card or a crystal that moved, and a
test can check that the right rule decided.  ``source`` quotes the seed text
(``shared/seeds/000_da206419310b0d10.txt``, a Spanish machine translation of the official
rule book, where "truco" is a trick and "traje", "demanda" and "pleito" are a suit) and
names the section of ``shared/spec/diamonds.md`` that decides where the seed is silent.
"""

from __future__ import annotations

from cardlib.options import Option, options_record
from cardlib.protocol import Rule, RuleBook

SEED = "shared/seeds/000_da206419310b0d10.txt"
SPEC = "shared/spec/diamonds.md"

RULES = RuleBook([
    # --- cards, seats, deal --------------------------------------------------------------
    Rule("diamonds.deck",
         "60 cards in four suits (♦ ♥ ♠ ♣), each numbered 1 (low) to 15 (high); no trumps.",
         f"{SEED} 'Baraja de 60 cartas en 4 palos'; {SPEC} §1.2"),
    Rule("diamonds.deal",
         "Each round the 60 cards are shuffled and every player is dealt 10, at every "
         "player count; the rest are set aside unseen.",
         f"{SEED} 'reparte 10 cartas a cada jugador. Las cartas restantes no se utilizan "
         f"para esta Ronda y se colocan a un lado sin ser examinadas'; {SPEC} §1.4 item 2"),
    Rule("diamonds.dealer",
         "The first dealer is chosen at random (from the game's seed); after each round the "
         "deal passes to the left (the next seat in play order).",
         f"{SEED} 'Determina al azar un crupier … el siguiente crupier será el jugador a la "
         f"izquierda'; {SPEC} §1.4 item 1"),
    Rule("diamonds.rounds",
         "The game lasts 4 rounds with 2 players, 6 with 3, 4 with 4, 5 with 5 and 6 with 6 "
         "(the 2-player rounds are played by the base rules: the rule book's 2-player "
         "variant is not known).",
         f"{SEED} 'Para un juego de 2 jugadores, juega 4 rondas'; {SPEC} §1.6 and §1.7"),
    Rule("diamonds.turn",
         "Only the player whose turn it is moves, and only with a card from their own hand.",
         f"{SEED} 'la persona a la izquierda de ese jugador jugará 1 carta'"),
    # --- the pass ------------------------------------------------------------------------
    Rule("diamonds.pass.count",
         "After looking at their hand the dealer announces how many cards everyone passes: "
         "1, 2 or 3 (never 0).",
         f"{SEED} 'El crupier puede elegir 1, 2 o 3 cartas para pasar'; {SPEC} §1.4 item 3"),
    Rule("diamonds.pass.cards",
         "Then every player, from the dealer's left round to the dealer, chooses that many "
         "cards and passes them to the left; all choose before anyone sees the cards "
         "passed to them, so the pass is simultaneous.",
         f"{SEED} 'Las cartas siempre se pasan a la izquierda … Seleccione las tarjetas que "
         f"pasará antes de mirar las tarjetas que se le pasaron'; {SPEC} §1.4 item 3"),
    # --- the play ------------------------------------------------------------------------
    Rule("diamonds.lead",
         "The player to the dealer's left leads the first trick with any card; the winner "
         "of each trick leads the next one.",
         f"{SEED} 'la persona a la izquierda del crupier jugará (liderará) una carta'; "
         f"{SPEC} §1.4 item 4"),
    Rule("diamonds.follow-suit",
         "Follow the suit that was led if you can.",
         f"{SEED} 'los jugadores deben jugar una carta del mismo palo que salió si tiene "
         f"una'; {SPEC} §1.10"),
    Rule("diamonds.off-suit",
         "A player who cannot follow suit may play any card, and at once takes the suit "
         "action of the suit they played, before the next player plays.",
         f"{SEED} 'ese jugador puede jugar cualquier carta … obtiene inmediatamente una "
         f"Acción de palo en el palo que jugó'; {SPEC} §1.4 item 6"),
    Rule("diamonds.trick.winner",
         "The highest card of the suit led takes the trick. Its winner keeps the cards "
         "(they count at the end of the round), takes the suit action of the suit led, "
         "then leads the next trick; after the tenth trick the round ends.",
         f"{SEED} 'el jugador que jugó la carta más alta del palo que salió gana la baza … "
         f"obtiene inmediatamente una Acción de palo en el palo que se inició'; "
         f"{SPEC} §1.4 item 7"),
    # --- the suit actions ----------------------------------------------------------------
    Rule("diamonds.action.diamond",
         "♦ action: 1 point from the supply into your vault.",
         f"{SEED} 'Tome un cristal de diamante de 1 punto del suministro y colóquelo en su "
         f"bóveda'; {SPEC} §1.5"),
    Rule("diamonds.action.heart",
         "♥ action: 1 point from the supply into your showroom.",
         f"{SEED} 'Tome un cristal de diamante de 1 punto del suministro y colóquelo en su "
         f"sala de exposición'; {SPEC} §1.5"),
    Rule("diamonds.action.spade",
         "♠ action: 1 point from your showroom into your vault.",
         f"{SEED} 'Tome un cristal de diamante de 1 punto de la sala de exposición y "
         f"colóquelo en su bóveda'; {SPEC} §1.5"),
    Rule("diamonds.action.club",
         "♣ action: 1 point from another player's showroom into yours; you choose whom to "
         "rob among the players whose showroom is not empty.",
         f"{SEED} 'Toma un cristal de diamante de 1 punto de la sala de exhibición de otro "
         f"jugador'; {SPEC} §1.8"),
    Rule("diamonds.action.spade-empty",
         "A ♠ action with an empty showroom moves nothing; it is not kept for later.",
         f"{SPEC} §1.8 and §1.10"),
    Rule("diamonds.action.club-no-victim",
         "A ♣ action when every other showroom is empty moves nothing; you may never rob "
         "your own showroom.",
         f"{SPEC} §1.8 and §1.10; {SEED} 'sala de exhibición de otro jugador'"),
    Rule("diamonds.action.immediate",
         "A suit action is taken at once, when it is earned, and it must be taken.",
         f"{SEED} 'Las acciones de traje siempre se toman inmediatamente cuando se "
         f"obtienen'; {SPEC} §1.5"),
    # --- crystals ------------------------------------------------------------------------
    Rule("diamonds.crystals.setup",
         "Every player starts with 3 points of crystals in their showroom and an empty "
         "vault. The showroom is open for all to see; what is in a vault is secret.",
         f"{SEED} 'Los cristales de diamante de tu bóveda deben permanecer en secreto … 3 "
         f"pequeños cristales de diamante: coloque estos cristales de diamante en su sala de "
         f"exposición'; {SPEC} §1.3"),
    Rule("diamonds.supply",
         "The supply is unlimited: the engine counts points, not crystals (option "
         "finite_supply: the box's 235 points, less the 3 per player set out; a ♦ or ♥ "
         "action does nothing once the supply is empty).",
         f"{SPEC} §1.8 and §1.10; {SEED} '110 pequeños cristales … 25 cristales de diamante "
         f"de plástico grandes'"),
    # --- the end of a round --------------------------------------------------------------
    Rule("diamonds.round.majority",
         "After the tenth trick everyone counts the cards of each suit they took, and in "
         "this order the player with the most ♦ takes a ♦ action, the most ♥ a ♥ action, "
         "the most ♠ a ♠ action, the most ♣ a ♣ action. If two or more tie for most in a "
         "suit (0 each included), nobody takes that suit's action.",
         f"{SEED} 'Las acciones de final de la ronda de palos ahora ocurren en este orden … "
         f"Si hay un empate para quién ganó más en cualquier palo, nadie puede realizar la "
         f"Acción del palo para ese palo'; {SPEC} §1.4 item 8"),
    Rule("diamonds.round.no-tricks",
         "Then every player who took no trick in the round takes two ♦ actions (from the "
         "dealer's left round the table, which matters only when a finite supply runs "
         "out).",
         f"{SEED} 'Cualquier jugador que no haya ganado ninguna baza durante la Ronda "
         f"realiza dos Acciones del Palo Diamante'; {SPEC} §1.4 item 8"),
    # --- scoring and the end -------------------------------------------------------------
    Rule("diamonds.score",
         "At the end of the last round each point in your vault scores 2 and each point in "
         "your showroom 1: 21 in the vault and 5 in the showroom make 47.",
         f"{SEED} 'Cada punto de cristales de diamante en la bóveda de un jugador vale 2 … "
         f"21 puntos de cristales de diamante en su bóveda y 5'; {SPEC} §1.6"),
    Rule("diamonds.tie-break",
         "The highest score wins; among tied players the most points in the vault wins; "
         "if still tied, they share the win.",
         f"{SEED} 'el jugador entre los empatados con más puntos en Cristales de Diamante en "
         f"su Bóveda es el ganador. Si todavía hay empate, los jugadores comparten la "
         f"victoria'; {SPEC} §1.6"),
])


# --- Options: the named variants of the table above ---------------------------------------

OPTIONS: tuple[Option, ...] = (
    Option("finite_supply", False,
           "False (the default): the supply never runs out; the engine counts points. "
           "True: the supply holds the box's 235 points, less the 3 per player set out, "
           "and a ♦ or ♥ action does nothing once it is empty.", (False, True)),
)

Options = options_record("diamonds", OPTIONS, player_counts=(2, 3, 4, 5, 6), usual_players=4)
"""The typed, checked options of one game (``players`` first, then ``OPTIONS``)."""
