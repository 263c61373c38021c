"""Frepe's rule book and the card logic of the tricks (decisions.md §2).

The follow rules live in one function, ``playable``: ``check`` refuses every other card, and the bots
ask it for the cards they may play, so no option or later change can make them disagree.
``follow_problem`` only explains a refusal.
"""

from games.engine.cards import rank, suit
from games.engine.rules import Rule, RuleBook

SUITS = "SHDC"
# High to low in every suit, trumps included: A 3 K (rey) Q (caballo) J (sota) 7 6 5 4 2.
ORDER = "A3KQJ76542"
STRENGTH = {r: len(ORDER) - i for i, r in enumerate(ORDER)}
TRICKS = 5  # tricks in a deal
SAFE = 2  # tricks a player must take to escape the frepe

RULES = RuleBook(
    # the deal
    Rule("frepe.deal.cards",
         "the 40-card Spanish pack; five cards each (six with five players), one at a time counter-clockwise "
         "from the dealer's right"),
    Rule("frepe.deal.sit-out", "with seven players the dealer's left-hand neighbour sits the deal out"),
    Rule("frepe.deal.trump",
         "the next card is turned face up and gives trumps; the nine left lie face down across it as the stock"),
    Rule("frepe.ante.empty-pot",
         "when the pot is empty every seated player puts in the ante, the dealer once (variant: not the player "
         "sitting out)"),
    Rule("frepe.ante.dealer", "when the pot holds chips only the dealer puts in the ante"),
    # turns
    Rule("frepe.turn.order", "only the player whose turn it is may act; play goes to the right (counter-clockwise)"),
    Rule("frepe.turn.phase", "each moment of the deal allows only its own decisions"),
    Rule("frepe.card.in-hand", "you can only use cards you hold"),
    # the dealer's trump card
    Rule("frepe.trump.take",
         "the dealer may take the turned card into his hand and discard one of his own face down (variant: when "
         "his turn to exchange comes)"),
    Rule("frepe.trump.double", "a dealer who took the turned card and gets frepe pays double"),
    # play or pass
    Rule("frepe.declare.choice",
         "from the dealer's right, each other player says play or pass; a passer lays his hand down and takes "
         "no further part"),
    Rule("frepe.declare.dealer-plays", "the dealer must play"),
    Rule("frepe.allpass.dummy",
         "when everyone else passes, the dealer's right-hand neighbour plays as a dummy who neither pays nor "
         "receives: his hand is laid down, he draws six from the stock and discards one"),
    # the exchange
    Rule("frepe.exchange.count",
         "from the dealer's right, the dealer last, each player discards up to five cards face down and draws "
         "as many"),
    Rule("frepe.exchange.five-players",
         "with five players each discards at least one card and draws one fewer, keeping five"),
    Rule("frepe.exchange.reshuffle",
         "when the stock runs out the other players' discards are shuffled into a new stock, then the hands "
         "laid down (variant: not those)"),
    # the tricks
    Rule("frepe.play.lead",
         "the first player in play to the dealer's right leads; the winner of a trick leads to the next"),
    Rule("frepe.play.follow-suit", "you must play a card of the suit led if you have one"),
    Rule("frepe.play.head",
         "following suit, you must beat the highest card of that suit in the trick if you can, unless the trick "
         "is already trumped"),
    Rule("frepe.play.must-trump", "with no card of the suit led you must play a trump if you have one"),
    Rule("frepe.play.overtrump",
         "trumping a trick already trumped, you must play a higher trump if you can, and otherwise still a trump "
         "(variant: then any card)"),
    Rule("frepe.trick.winner", "the highest trump wins the trick; without trumps, the highest card of the suit led"),
    Rule("frepe.trick.rank", "every suit ranks A 3 K Q J 7 6 5 4 2"),
    Rule("frepe.frepe.tricks", "a player in play who takes fewer than two of the five tricks gets frepe"),
    # settlement
    Rule("frepe.settle.pays-winners",
         "each player who gets frepe pays each player who escapes it as many chips as the pot holds"),
    Rule("frepe.settle.pot-shared",
         "the pot is shared equally by the players who escape frepe; a single one takes it all"),
    Rule("frepe.settle.odd-chip",
         "an odd chip goes to the one with more tricks, or with equal tricks to the one nearer the dealer's right"),
    Rule("frepe.settle.no-winner",
         "when nobody escapes frepe nobody pays and the pot stays (variant: each pays the pot's worth into it)"),
    Rule("frepe.spanish.share",
         "variant (Spanish payout): each trick takes a fifth of the pot; an odd remainder stays in it"),
    Rule("frepe.spanish.frepe",
         "variant (Spanish payout): a player who gets frepe pays the pot's worth into the pot"),
    Rule("frepe.allpass.sweep", "dummy deal: a dealer who takes four or five tricks takes the whole pot"),
    Rule("frepe.allpass.half", "dummy deal: a dealer who takes two or three tricks takes half the pot (rounded down)"),
    Rule("frepe.allpass.frepe", "dummy deal: a dealer who gets frepe pays the pot's worth into the pot"),
    # the session
    Rule("frepe.session.next-deal", "after each deal the player to the dealer's right deals the next"),
    Rule("frepe.session.rounds",
         "a session is a number of deals chosen at the start (each player deals twice unless chosen otherwise); "
         "the best balance wins"),
    Rule("frepe.session.pot-shared",
         "chips left in the pot at the end are shared equally by all; what cannot be shared stays"),
    Rule("frepe.session.over", "nothing can be played once the session is over"),
)


# --- cards ----------------------------------------------------------------------------------------
def strength(card: str) -> int:
    return STRENGTH[rank(card)]


def beats(card: str, best: str, trumps: str) -> bool:
    """Does `card` take the trick from `best`, the card winning it so far?"""
    if suit(card) == suit(best):
        return strength(card) > strength(best)
    return suit(card) == trumps


def trick_winner(trick, trumps: str) -> int:
    """The index in `trick` (cards in the order played) of the card that wins it."""
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[best], trumps):
            best = i
    return best


def _highest(cards):
    return max(cards, key=strength) if cards else None


def playable(hand, trick, trumps: str, may_discard: bool = False) -> tuple:
    """The cards of `hand` that may be played to `trick` (the cards played so far): asistir, montar,
    fallar, pisar. Follow suit, beating the best card of the suit led unless the trick is already
    trumped (in a plain suit); void, trump, over any trump already played if possible, else still
    a trump (under the variant, then anything); with neither, anything."""
    if not trick:
        return tuple(hand)
    led = suit(trick[0])
    trumped = led != trumps and any(suit(c) == trumps for c in trick)
    same = [c for c in hand if suit(c) == led]
    if same:
        if trumped:
            return tuple(same)
        best = _highest([c for c in trick if suit(c) == led])
        higher = [c for c in same if strength(c) > strength(best)]
        return tuple(higher or same)
    held = [c for c in hand if suit(c) == trumps]
    if held:
        if trumped:
            best = _highest([c for c in trick if suit(c) == trumps])
            higher = [c for c in held if strength(c) > strength(best)]
            if higher:
                return tuple(higher)
            return tuple(hand) if may_discard else tuple(held)
        return tuple(held)
    return tuple(hand)


def follow_problem(hand, card: str, trick, trumps: str, may_discard: bool = False):
    """Which follow rule playing `card` to `trick` breaks, with its facts (None if none). It explains
    a refusal; ``playable`` decides."""
    led = suit(trick[0])
    trumped = led != trumps and any(suit(c) == trumps for c in trick)
    same = [c for c in hand if suit(c) == led]
    if same:
        if suit(card) != led:
            return "frepe.play.follow-suit", {"led": trick[0], "follow_with": sorted_cards(same)}
        best = _highest([c for c in trick if suit(c) == led])
        higher = [c for c in same if strength(c) > strength(best)]
        if not trumped and higher and card not in higher:
            return "frepe.play.head", {"led": trick[0], "best": best, "higher": sorted_cards(higher)}
        return None
    held = [c for c in hand if suit(c) == trumps]
    if not held:
        return None
    if trumped:
        best = _highest([c for c in trick if suit(c) == trumps])
        higher = [c for c in held if strength(c) > strength(best)]
        if higher and card not in higher:
            return "frepe.play.overtrump", {"led": trick[0], "best": best, "higher": sorted_cards(higher)}
        if not higher and not may_discard and suit(card) != trumps:
            return "frepe.play.overtrump", {"led": trick[0], "best": best, "trump_with": sorted_cards(held)}
        return None
    if suit(card) != trumps:
        return "frepe.play.must-trump", {"led": trick[0], "trump_with": sorted_cards(held)}
    return None


SUIT_ORDER = "SHCD"  # alternating colours when a hand is laid out


def sort_key(card: str):
    return (SUIT_ORDER.index(suit(card)), -strength(card))


def sorted_cards(cards) -> list:
    return sorted(cards, key=sort_key)


def sorted_hand(cards) -> tuple:
    """Cards in display order (suit by suit, strongest first); hidden cards (None) last."""
    known = sorted((c for c in cards if c is not None), key=sort_key)
    return tuple(known) + tuple(None for c in cards if c is None)
