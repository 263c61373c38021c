"""Crapette's rules by id (decisions.md §1), what may go on what, and the moves and obligations of a
position, computed from the tops of the piles only.

``building_moves`` and ``duty`` are the single source of the building rules and obligations: the
game's ``legal_actions``, its ``check`` (through the same predicates) and the turn search all read
them.
"""

from games.engine.cards import RANKS, SUITS
from games.engine.rules import Rule, RuleBook

RULES = RuleBook(
    # The deal and who starts
    Rule("crapette.deal.layout", "each player deals from his own pack: a reserve of 13 cards with the top one face up, four houses face up and the rest (35) as his talon, face down; the eight foundations start empty"),
    Rule("crapette.start.reserve-top", "the player whose reserve top card is higher (ace low) starts the first deal; lower in the variant"),
    Rule("crapette.start.tie-break", "equal reserve cards: compare the houses pair by pair from the one next to the reserve, then the suits of the reserve cards (spades, hearts, diamonds, clubs), then toss a coin"),
    Rule("crapette.start.alternate", "the players take turns to start the later deals"),
    # Whose decision
    Rule("crapette.turn.order", "only the player whose turn it is moves cards"),
    Rule("crapette.turn.phase", "an action must be one the game offers at this stage: move, turn, end, stop or next"),
    # Which cards may move
    Rule("crapette.card.available", "only the face-up top card of your reserve, the top card of a house and your exposed hand card may be moved"),
    Rule("crapette.card.single", "cards move one at a time"),
    Rule("crapette.card.own-waste", "the cards of your own waste pile may not be taken back (a variant allows its top card)"),
    # Where they may go
    Rule("crapette.foundation.ace", "an empty foundation takes only an ace; a new foundation is started on the first free space"),
    Rule("crapette.foundation.follow", "a foundation is built up in suit, one rank at a time, up to the king"),
    Rule("crapette.house.space", "an empty house takes any available card; a card moved into a space goes to the first empty house"),
    Rule("crapette.house.build", "a house is built down in alternating colours: one rank lower and the other colour"),
    Rule("crapette.load.suit", "you may load your opponent's reserve or waste pile with a card of the same suit one rank higher or lower than its top card"),
    Rule("crapette.load.empty", "an empty reserve or waste pile of the opponent cannot be loaded"),
    Rule("crapette.move.target", "cards go only to a foundation, a house, the opponent's reserve or waste, or (the hand card) your own waste"),
    Rule("crapette.waste.hand-card", "only the exposed hand card may be put on your own waste pile"),
    Rule("crapette.waste.ends-turn", "putting the hand card on your own waste pile ends your turn"),
    Rule("crapette.reserve.turn-up", "when the top card of a reserve is moved, the next one is turned face up at once"),
    # The talon and the hand card
    Rule("crapette.talon.turn", "you turn up the top card of your talon as your hand card only while no hand card is exposed"),
    Rule("crapette.talon.recycle", "when the talon is empty and a card is needed, the waste pile is turned over, unshuffled, as the new talon"),
    Rule("crapette.talon.empty", "with talon and waste both empty there is no card to turn"),
    Rule("crapette.hand.move-next", "variant: once the hand card is turned up it must be moved before any other card"),
    Rule("crapette.turn.end", "a turn ends on its own only when nothing is left to turn: no hand card exposed and talon and waste empty"),
    # Obligations, in order
    Rule("crapette.duty.reserve-first", "if the top card of your reserve can go to a foundation, that move comes before any other"),
    Rule("crapette.duty.foundation", "while an available card can go to a foundation, you may make no other move and may not turn a card"),
    Rule("crapette.duty.fill-spaces", "while a house is empty and your reserve is not, you may not turn a card: fill the space from the reserve first"),
    # Stop!
    Rule("crapette.stop.mode", "Stop is called only in the callable mode; otherwise a move that skips an obligation is simply refused"),
    Rule("crapette.stop.caller", "only the opponent of the player who moved may call Stop"),
    Rule("crapette.stop.right", "a right call: the move is taken back, the offender makes the compulsory move and his turn ends"),
    Rule("crapette.stop.wrong", "a Stop called when no obligation was skipped has no effect"),
    Rule("crapette.stop.window", "Stop must be called before the offender's next action (after a turn-ending move: before the opponent begins his turn)"),
    Rule("crapette.stop.owed", "after a right call the offender must make the compulsory move he skipped"),
    # End of a deal and scoring
    Rule("crapette.end.win", "a player wins the deal the moment his reserve, talon and waste are all empty"),
    Rule("crapette.end.blocked", "the deal is blocked when both players have gone through their whole talon and waste since the last meaningful move"),
    Rule("crapette.end.repetition", "the deal is blocked when the same position comes back a third time at the start of the same player's turn"),
    Rule("crapette.end.cap", "a safety limit: a deal still going after so many actions ends as a blocked deal"),
    Rule("crapette.score.count", "a player's count: 1 for each card in his talon and waste, 2 for each card in his reserve"),
    Rule("crapette.score.win", "the winner of a deal scores 30 plus the loser's count"),
    Rule("crapette.score.blocked", "in a blocked deal the lower count scores the difference; equal counts score nothing"),
    Rule("crapette.match.target", "the first player whose total reaches the target wins the match"),
    Rule("crapette.match.next-deal", "after a deal, the next one is dealt when a player asks for it"),
    Rule("crapette.match.over", "nothing can be played once the match is over"),
)

DUTIES = ("crapette.duty.reserve-first", "crapette.duty.foundation", "crapette.duty.fill-spaces")
DUTY_NAMES = {"crapette.duty.reserve-first": "reserve-first", "crapette.duty.foundation": "foundation",
              "crapette.duty.fill-spaces": "fill-spaces"}
DUTY_IDS = {v: k for k, v in DUTY_NAMES.items()}

# --- cards ------------------------------------------------------------------------------------
CARDS = tuple(r + s for s in SUITS for r in RANKS)
RANK = {c: RANKS.index(c[0]) + 1 for c in CARDS}  # ace 1 ... king 13
RED = {c: c[1] in "HD" for c in CARDS}
SUIT_RANK = {"S": 4, "H": 3, "D": 2, "C": 1}  # the start rule's last tie-break


def _card(rank, suit):
    return RANKS[rank - 1] + suit if 1 <= rank <= 13 else None


# The card a foundation with this top takes next (None above a king).
FOUNDATION_NEXT = {c: _card(RANK[c] + 1, c[1]) for c in CARDS}
# The cards a house with this top takes: one rank lower, of the other colour.
HOUSE_TAKES = {c: tuple(_card(RANK[c] - 1, s) for s in SUITS if (s in "HD") != RED[c] and RANK[c] > 1)
               for c in CARDS}
# The cards an opponent's reserve or waste with this top takes: same suit, one rank either way.
LOAD_TAKES = {c: tuple(x for x in (_card(RANK[c] - 1, c[1]), _card(RANK[c] + 1, c[1])) if x) for c in CARDS}
ACES = tuple(c for c in CARDS if c[0] == "A")


def fits_foundation(card, top):
    return card[0] == "A" if top is None else FOUNDATION_NEXT[top] == card


def fits_house(card, top):
    return top is None or card in HOUSE_TAKES[top]


def fits_load(card, top):
    return top is not None and card in LOAD_TAKES[top]


def foundation_pile(top):
    """The whole foundation whose top card is `top`: ace up to it, in its suit."""
    return tuple(_card(r, top[1]) for r in range(1, RANK[top] + 1))


# --- zone names -------------------------------------------------------------------------------
HOUSES = tuple(f"house.{k}" for k in range(1, 9))
FOUNDATIONS = tuple(f"foundation.{k}" for k in range(1, 9))
RESERVE = ("reserve.0", "reserve.1")
TALON = ("talon.0", "talon.1")
WASTE = ("waste.0", "waste.1")
HAND = ("hand.0", "hand.1")
# Each player's column of houses, next to his reserve first (house.1 and house.5 break start ties).
SIDE = {0: HOUSES[:4], 1: HOUSES[4:]}
PLACE = {name: (name.split(".")[0], int(name.split(".")[1])) for name in
         HOUSES + FOUNDATIONS + RESERVE + TALON + WASTE + HAND}


def building_moves(seat, reserve_top, hand, waste_top, house_tops, foundation_tops, opp_reserve_top,
                   opp_waste_top, hand_next=False):
    """Every move the building rules allow, as (card, source, target), before obligations.

    reserve_top: the face-up top of the mover's reserve (None when empty or unknown); hand: the
    exposed hand card or None; waste_top: the top of the mover's own waste when the variant makes
    it available, else None; house_tops, foundation_tops: 8 each (None for empty);
    opp_reserve_top, opp_waste_top: the tops the mover may load (None when empty). With
    hand_next (the variant) an exposed hand card is the only available card."""
    avail = []
    if hand is not None:
        avail.append((hand, HAND[seat]))
    if not (hand_next and hand is not None):
        if reserve_top is not None:
            avail.append((reserve_top, RESERVE[seat]))
        for k in range(8):
            top = house_tops[k]
            if top is not None:
                avail.append((top, HOUSES[k]))
        if waste_top is not None:
            avail.append((waste_top, WASTE[seat]))
    found_for = {}
    empty_foundations = []
    for k in range(8):
        top = foundation_tops[k]
        if top is None:
            empty_foundations.append(FOUNDATIONS[k])
        else:
            nxt = FOUNDATION_NEXT[top]
            if nxt is not None:
                found_for.setdefault(nxt, []).append(FOUNDATIONS[k])
    house_for = {}
    spaces = []
    for k in range(8):
        top = house_tops[k]
        if top is None:
            spaces.append(HOUSES[k])
        else:
            for c in HOUSE_TAKES[top]:
                house_for.setdefault(c, []).append(HOUSES[k])
    other = 1 - seat
    load_r = LOAD_TAKES[opp_reserve_top] if opp_reserve_top is not None else ()
    load_w = LOAD_TAKES[opp_waste_top] if opp_waste_top is not None else ()
    out = []
    for card, source in avail:
        if card is None:
            continue
        if card[0] == "A" and empty_foundations:
            out.append((card, source, empty_foundations[0]))
        for target in found_for.get(card, ()):
            out.append((card, source, target))
        for target in house_for.get(card, ()):
            if target != source:
                out.append((card, source, target))
        if spaces:  # a card goes into the first empty house: the houses are alike (see house.space)
            out.append((card, source, spaces[0]))
        if card in load_r:
            out.append((card, source, RESERVE[other]))
        if card in load_w:
            out.append((card, source, WASTE[other]))
        if source == HAND[seat]:
            out.append((card, source, WASTE[seat]))
    return out


def duty(moves, seat):
    """The obligation in force among these building moves: (rule id, the moves that meet it), the
    reserve card to a foundation first, then any card to a foundation; None when neither."""
    to_foundation = [m for m in moves if m[2][0] == "f"]
    if not to_foundation:
        return None
    first = [m for m in to_foundation if m[1] == RESERVE[seat]]
    if first:
        return "crapette.duty.reserve-first", first
    return "crapette.duty.foundation", to_foundation


def spaces_to_fill(reserve, house_tops):
    """Obligation 3: the reserve holds cards while a house is empty."""
    return bool(reserve) and any(t is None for t in house_tops)


def is_meaningful(seat, source, target):
    """A move that counts as progress for the blocked-deal detector (decisions.md §1.7): from the
    mover's reserve, hand card or (variant) waste to a foundation, a house or an opponent's pile,
    or anything to a foundation. Rearranging houses, loading from a house and wasting the hand
    card are not."""
    if target[0] == "f":
        return True
    return source in (RESERVE[seat], HAND[seat], WASTE[seat]) and target != WASTE[seat]


def start_player(rule, reserve_tops, first_houses, coin):
    """Who starts the first deal: the higher (or lower) reserve top, ace low; if equal, each pair
    of houses from the reserve outwards; then the suit of the reserve cards, spades highest; then
    the coin. Returns (seat, how) with how one of "reserve", "house.k" (k = 1..4), "suit", "coin"."""
    pairs = [(reserve_tops[0], reserve_tops[1], "reserve")]
    pairs += [(first_houses[0][k], first_houses[1][k], f"house.{k + 1}") for k in range(4)]
    for a, b, how in pairs:
        if RANK[a] != RANK[b]:
            higher = 0 if RANK[a] > RANK[b] else 1
            return (higher if rule == "higher" else 1 - higher), how
    a, b = reserve_tops
    if SUIT_RANK[a[1]] != SUIT_RANK[b[1]]:
        higher = 0 if SUIT_RANK[a[1]] > SUIT_RANK[b[1]] else 1
        return (higher if rule == "higher" else 1 - higher), "suit"
    return coin, "coin"
