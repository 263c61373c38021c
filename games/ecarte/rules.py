"""Écarté's rule book and the card logic every phase relies on (decisions.md §4)."""

from games.engine.cards import rank, suit
from games.engine.rules import Rule, RuleBook

# High to low in every suit: the ace ranks between the jack and the ten.
ORDER = "KQJAT987"
STRENGTH = {r: len(ORDER) - i for i, r in enumerate(ORDER)}

RULES = RuleBook(
    Rule("ecarte.deal.pack", "32 cards, K Q J A 10 9 8 7 in each suit; five each, the 11th card turned for trumps"),
    Rule("ecarte.deal.turned-king", "a king turned up scores 1 point for the dealer at once"),
    Rule("ecarte.turn.order", "only the player whose turn it is may act"),
    Rule("ecarte.turn.phase", "each phase of the deal allows only its own decisions"),
    Rule("ecarte.card.in-hand", "you can only discard or play cards you hold"),
    Rule("ecarte.exchange.propose", "the non-dealer either proposes an exchange or plays the hand as dealt"),
    Rule("ecarte.exchange.respond", "the dealer accepts or refuses a proposal"),
    Rule("ecarte.exchange.nondealer-minimum", "after an accepted proposal the non-dealer discards at least one card"),
    Rule("ecarte.exchange.dealer-minimum", "the dealer may discard none (one at least under the variant)"),
    Rule("ecarte.exchange.limit", "at most five cards, and no more than the stock still holds"),
    Rule("ecarte.exchange.repeat", "exchanges repeat until someone declines or the stock runs out"),
    Rule("ecarte.king.announce", "the holder of the king of trumps may show it for 1 point before or as he plays his first card"),
    Rule("ecarte.play.lead", "the non-dealer leads to the first trick; the winner of a trick leads the next"),
    Rule("ecarte.play.follow-suit", "you must play a card of the suit led if you have one"),
    Rule("ecarte.play.must-beat", "following suit, you must play a card higher than the card led if you can"),
    Rule("ecarte.play.must-trump", "with no card of the suit led you must play a trump if you have one"),
    Rule("ecarte.trick.winner", "a trump beats any other suit; otherwise the higher card of the suit led wins"),
    Rule("ecarte.score.point", "three or four tricks score 1 point"),
    Rule("ecarte.score.vole", "all five tricks (the vole) score 2 points"),
    Rule("ecarte.score.vulnerable", "if the player who declined the first proposal (or played without proposing) fails to take three tricks, the opponent scores 2"),
    Rule("ecarte.score.revoke", "under the revoke variant, a winner who broke the follow rules scores one point less"),
    Rule("ecarte.match.target", "the first to reach the target (5 points) wins at once"),
    Rule("ecarte.match.next-deal", "after a deal is scored the next one is dealt, the deal alternating"),
    Rule("ecarte.match.over", "nothing can be played once the match is won"),
)


def strength(card: str) -> int:
    return STRENGTH[rank(card)]


def trick_winner(led: str, second: str, trumps: str) -> int:
    """0 if the card led wins the trick, 1 if the second card does."""
    if suit(second) == suit(led):
        return 1 if strength(second) > strength(led) else 0
    return 1 if suit(second) == trumps else 0


def playable(hand, trick, trumps: str, must_trump: bool = True, allow_revoke: bool = False) -> tuple:
    """The cards of `hand` that may be played to `trick` (the card led, if any): the one source of
    the follow rules. ``check`` refuses every other card, and the exact solver and the bots search
    only these, so no option can make them disagree.

    Under the revoke variant a player holding the suit led may play anything (the revoke is
    penalised when the deal is scored); the duty to trump when void still holds."""
    if not trick:
        return tuple(hand)
    led = trick[0]
    same = [c for c in hand if c[1] == led[1]]
    if same:
        if allow_revoke:
            return tuple(hand)
        higher = [c for c in same if STRENGTH[c[0]] > STRENGTH[led[0]]]
        return tuple(higher or same)
    if must_trump:
        trumps_held = [c for c in hand if c[1] == trumps]
        if trumps_held:
            return tuple(trumps_held)
    return tuple(hand)


def follow_problem(hand, card: str, led: str, trumps: str, must_trump: bool):
    """Which follow rule playing `card` to `led` breaks, with its facts; None if none. It explains
    a refusal (or, under the revoke variant, names the revoke); ``playable`` decides legality.

    Checked in the order the rules apply: follow suit, then beat the card led, then trump.
    """
    same = [c for c in hand if suit(c) == suit(led)]
    if same:
        if suit(card) != suit(led):
            return "ecarte.play.follow-suit", {"led": led, "follow_with": sorted(same, key=sort_key)}
        higher = [c for c in same if strength(c) > strength(led)]
        if higher and strength(card) <= strength(led):
            return "ecarte.play.must-beat", {"led": led, "beat_with": sorted(higher, key=sort_key)}
        return None
    trumps_held = [c for c in hand if suit(c) == trumps]
    if must_trump and trumps_held and suit(card) != trumps:
        return "ecarte.play.must-trump", {"led": led, "trump_with": sorted(trumps_held, key=sort_key)}
    return None


SUIT_ORDER = "SHCD"  # alternating colours when a hand is laid out


def sort_key(card: str):
    return (SUIT_ORDER.index(suit(card)), -strength(card))


def sorted_hand(cards) -> tuple:
    """A hand in display order; hidden cards (None) keep their count at the end."""
    known = sorted((c for c in cards if c is not None), key=sort_key)
    return tuple(known) + tuple(None for c in cards if c is None)
