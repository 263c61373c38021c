"""Klaberjass's rule book and the card logic every phase relies on (decisions.md §3).

The follow rules live in one function, ``playable``: ``check`` refuses every other card, and the
exact solver and the bots ask it (or a cache of its answers) for the cards they may search, so no
option or later change can make them disagree. Sequences (melds) and their comparison live here too:
the engine, the declaration dialogue and the bots all rank them with ``sequence_key``.
"""

from games.engine.cards import rank, suit
from games.engine.rules import Rule, RuleBook

SUITS = "SHDC"
# High to low. In trumps the jack (jass) and the nine (menel) lead; elsewhere the ten follows the ace.
TRUMP_ORDER = "J9ATKQ87"
PLAIN_ORDER = "ATKQJ987"
# The natural order in which sequences are counted, the same in every suit.
SEQUENCE_ORDER = "AKQJT987"

TRUMP_STRENGTH = {r: len(TRUMP_ORDER) - i for i, r in enumerate(TRUMP_ORDER)}
PLAIN_STRENGTH = {r: len(PLAIN_ORDER) - i for i, r in enumerate(PLAIN_ORDER)}
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
LAST_TRICK = 10
BELLA = 20
RUN_OF_THREE = 20
RUN_OF_FOUR = 50

RULES = RuleBook(
    Rule("klaberjass.deal.first-dealer",
         "both cut; the lower card deals first (7 low, ace high, equal ranks cut again), then the deal alternates"),
    Rule("klaberjass.deal.first-round",
         "32 cards; three then three to each, non-dealer first; the next card is turned crosswise under the "
         "stock and proposes its suit as trumps"),
    Rule("klaberjass.deal.second-round",
         "once trumps are fixed, three more to each (nine in all); the stock's bottom card is turned face up "
         "on top, for information only"),
    Rule("klaberjass.deal.annulled",
         "when both pass in both rounds (or a schmeiss is accepted) the deal is void and the other player deals"),
    Rule("klaberjass.turn.order", "only the player whose turn it is may act"),
    Rule("klaberjass.turn.phase", "each moment of the deal allows only its own decisions"),
    Rule("klaberjass.card.in-hand", "you can only play cards you hold"),
    Rule("klaberjass.bid.accept",
         "first round: the non-dealer, then the dealer, accepts the turned suit as trumps or passes"),
    Rule("klaberjass.bid.name",
         "second round: in the same order each may name one of the three other suits as trumps, or pass"),
    Rule("klaberjass.bid.maker", "whoever accepts or names trumps is the maker; the other is the opponent"),
    Rule("klaberjass.bid.schmeiss",
         "variant: in the first round a player may schmeiss, offering to throw the deal in; if the other "
         "refuses, the turned suit is trumps and the schmeisser is the maker"),
    Rule("klaberjass.dix.exchange",
         "when the turned suit is trumps, the holder of its seven may exchange it for the turned card, which "
         "is then shown in his hand"),
    Rule("klaberjass.dix.window",
         "the exchange is made after the second round of the deal and before the declarations (variant: "
         "until the first card is played)"),
    Rule("klaberjass.dix.sequence-seven",
         "variant: after the declarations, a seven in the player's own scoring sequence may not be exchanged"),
    Rule("klaberjass.sequence.run",
         "three or more cards of one suit in a row in the order A K Q J 10 9 8 7; a run of three is worth 20, "
         "four or more 50, and a run counts once"),
    Rule("klaberjass.sequence.compare",
         "the best sequences are compared: higher value, then higher top card, then a sequence in trumps wins"),
    Rule("klaberjass.sequence.longer", "variant: between sequences worth 50, the longer one wins before the top card"),
    Rule("klaberjass.sequence.dead-tie", "if the best sequences are still equal, neither player scores for sequences"),
    Rule("klaberjass.sequence.score",
         "the holder of the better sequence shows all his sequences and scores every one; the other scores none"),
    Rule("klaberjass.sequence.require-trick",
         "variant: a player who takes no trick scores nothing for his sequences"),
    Rule("klaberjass.declare.announce",
         "the non-dealer announces his best sequence (none, 20 or 50), and when told it is equal, its top card "
         "and whether it is in trumps; what he announces must be true, and none conceals"),
    Rule("klaberjass.declare.reply",
         "the dealer answers good, not good or equal, truthfully; good may also concede"),
    Rule("klaberjass.play.lead", "the non-dealer leads to the first trick; the winner of a trick leads to the next"),
    Rule("klaberjass.play.follow-suit", "you must play a card of the suit led if you have one"),
    Rule("klaberjass.play.overtrump", "when trumps are led you must play a higher trump if you can"),
    Rule("klaberjass.play.must-trump", "with no card of a plain suit led you must play a trump if you have one"),
    Rule("klaberjass.trick.winner", "the highest trump wins the trick; without trumps, the highest card of the suit led"),
    Rule("klaberjass.trick.rank",
         "trumps rank J 9 A 10 K Q 8 7 (jass, menel first); the other suits A 10 K Q J 9 8 7"),
    Rule("klaberjass.bella.announce",
         "the holder of the king and queen of trumps may say bella as he plays the second of them: 20 points"),
    Rule("klaberjass.score.card-points",
         "cards taken count: jack of trumps 20, nine of trumps 14, ace 11, ten 10, king 4, queen 3, other jacks 2"),
    Rule("klaberjass.score.last-trick", "the last trick is worth 10 more"),
    Rule("klaberjass.score.made",
         "each total is cards, sequences, bella and last trick; when the maker's is higher, both score their own"),
    Rule("klaberjass.score.tie", "when the totals are equal the maker scores nothing and the opponent his own"),
    Rule("klaberjass.score.bete",
         "when the maker's total is lower he is bête: he scores nothing and the opponent scores both totals"),
    Rule("klaberjass.match.target", "at the end of a deal, a player at 500 or more wins; if both are, the higher"),
    Rule("klaberjass.match.equal-at-target", "if both reach the target with equal totals, another deal is played"),
    Rule("klaberjass.match.next-deal", "after a deal, the other player deals the next"),
    Rule("klaberjass.match.over", "nothing can be played once the match is won"),
)


# --- cards ----------------------------------------------------------------------------------------
def strength(card: str, trumps: str | None) -> int:
    """How high a card stands in tricks: every trump above every plain card."""
    if suit(card) == trumps:
        return 10 + TRUMP_STRENGTH[rank(card)]
    return PLAIN_STRENGTH[rank(card)]


def points(card: str, trumps: str | None) -> int:
    """What the card counts when taken in a trick."""
    return (TRUMP_POINTS if suit(card) == trumps else PLAIN_POINTS)[rank(card)]


def beats(card: str, other: str, trumps: str) -> bool:
    """Does `card`, played after `other` was led, take the trick from it?"""
    if suit(card) == suit(other):
        return strength(card, trumps) > strength(other, trumps)
    return suit(card) == trumps


def trick_winner(led: str, second: str, trumps: str) -> int:
    """0 if the card led wins the trick, 1 if the second card does."""
    return 1 if beats(second, led, trumps) else 0


def playable(hand, trick, trumps: str) -> tuple:
    """The cards of `hand` that may be played to `trick` (the card led, if any): the one source of
    the follow rules. Follow suit; on a trump lead, a higher trump if possible; void in a plain suit
    led, any trump if possible; otherwise anything."""
    if not trick:
        return tuple(hand)
    led = trick[0]
    led_suit = led[1]
    same = [c for c in hand if c[1] == led_suit]
    if same:
        if led_suit == trumps:
            above = TRUMP_STRENGTH[led[0]]
            higher = [c for c in same if TRUMP_STRENGTH[c[0]] > above]
            return tuple(higher or same)
        return tuple(same)
    trumps_held = [c for c in hand if c[1] == trumps]
    return tuple(trumps_held or hand)


def follow_problem(hand, card: str, led: str, trumps: str):
    """Which follow rule playing `card` to `led` breaks, with its facts; None if none. It explains a
    refusal; ``playable`` decides legality. Checked in the order the rules apply."""
    same = [c for c in hand if suit(c) == suit(led)]
    if same:
        if suit(card) != suit(led):
            return "klaberjass.play.follow-suit", {"led": led, "follow_with": sorted_cards(same, trumps)}
        if suit(led) == trumps:
            higher = [c for c in same if strength(c, trumps) > strength(led, trumps)]
            if higher and strength(card, trumps) < strength(led, trumps):
                return "klaberjass.play.overtrump", {"led": led, "higher": sorted_cards(higher, trumps)}
        return None
    held = [c for c in hand if suit(c) == trumps]
    if held and suit(card) != trumps:
        return "klaberjass.play.must-trump", {"led": led, "trump_with": sorted_cards(held, trumps)}
    return None


SUIT_ORDER = "SHCD"  # alternating colours when a hand is laid out


def sort_key(card: str, trumps: str | None = None):
    return (SUIT_ORDER.index(suit(card)), -strength(card, trumps))


def sorted_cards(cards, trumps: str | None = None) -> list:
    return sorted(cards, key=lambda c: sort_key(c, trumps))


def sorted_hand(cards, trumps: str | None = None) -> tuple:
    """A hand in display order (suit by suit, strongest first, trumps in their own order); hidden
    cards (None) keep their count at the end."""
    known = sorted((c for c in cards if c is not None), key=lambda c: sort_key(c, trumps))
    return tuple(known) + tuple(None for c in cards if c is None)


# --- sequences ------------------------------------------------------------------------------------
def runs(hand) -> tuple:
    """Every maximal run of three or more cards of one suit in sequence order, highest card first."""
    out = []
    held = set(c for c in hand if c is not None)
    for s in SUITS:
        run = []
        for r in SEQUENCE_ORDER:
            if r + s in held:
                run.append(r + s)
                continue
            if len(run) >= 3:
                out.append(tuple(run))
            run = []
        if len(run) >= 3:
            out.append(tuple(run))
    return tuple(out)


def run_value(run) -> int:
    return RUN_OF_THREE if len(run) == 3 else RUN_OF_FOUR


def sequence_key(run, trumps: str, longer_wins: bool = False) -> tuple:
    """How a sequence ranks against another: value, (length under the variant), top card, trumps."""
    top = len(SEQUENCE_ORDER) - SEQUENCE_ORDER.index(rank(run[0]))
    return (run_value(run), len(run) if longer_wins else 0, top, suit(run[0]) == trumps)


def best_run(hand, trumps: str, longer_wins: bool = False):
    """The hand's best sequence, or None."""
    found = runs(hand)
    if not found:
        return None
    return max(found, key=lambda r: sequence_key(r, trumps, longer_wins))


def sequence_points(hand) -> int:
    """What all the hand's sequences are worth together."""
    return sum(run_value(r) for r in runs(hand))


# --- the declaration dialogue ---------------------------------------------------------------------
# The non-dealer states one fact of his best sequence at each stage; the dealer answers good (yours
# is better, or I concede), not-good (mine is better) or equal (go on to the next stage).
REPLIES = ("good", "not-good", "equal")
STAGES = ("value", "length", "top", "trumps")


def stages(longer_wins: bool) -> tuple:
    return STAGES if longer_wins else ("value", "top", "trumps")


def stage_word(run, stage: str, trumps: str) -> str:
    """What the non-dealer says of his best sequence `run` (None: no sequence) at a stage."""
    if stage == "value":
        return "none" if run is None else str(run_value(run))
    if stage == "length":
        return f"len-{len(run)}"
    if stage == "top":
        return f"top-{rank(run[0])}"
    return "trumps" if suit(run[0]) == trumps else "plain"


def stage_part(run, stage: str, trumps: str) -> int:
    """The part of the sequence key compared at a stage (0 for no sequence)."""
    if run is None:
        return 0
    if stage == "value":
        return run_value(run)
    if stage == "length":
        return len(run)
    if stage == "top":
        return len(SEQUENCE_ORDER) - SEQUENCE_ORDER.index(rank(run[0]))
    return 1 if suit(run[0]) == trumps else 0


def true_reply(mine, theirs, stage: str, trumps: str) -> str:
    """The dealer's truthful answer at a stage: his best sequence `mine` against `theirs`."""
    a, b = stage_part(mine, stage, trumps), stage_part(theirs, stage, trumps)
    if a > b:
        return "not-good"
    if a < b or (stage == "value" and a == 0):
        return "good"
    return "equal"


def auto_dialogue(nd_hand, dealer_hand, nondealer: int, trumps: str, longer_wins: bool):
    """The dialogue both players hold when each declares his best sequence truthfully: a tuple of
    (seat, word), and the seat whose sequences score (None: nobody)."""
    mine = best_run(nd_hand, trumps, longer_wins)
    theirs = best_run(dealer_hand, trumps, longer_wins)
    dealer = 1 - nondealer
    said = []
    for stage in stages(longer_wins):
        said.append((nondealer, stage_word(mine, stage, trumps)))
        reply = true_reply(theirs, mine, stage, trumps)
        said.append((dealer, reply))
        if reply != "equal":
            break
    return tuple(said), dialogue_winner(said, nondealer)


def dialogue_winner(said, nondealer: int):
    """Who scores sequences after a finished dialogue: the non-dealer when told good (if he has
    announced a sequence), the dealer on not-good, nobody on a dead tie or when no one declared."""
    if not said:
        return None
    last_seat, last = said[-1]
    if last == "good":
        return None if said[0][1] == "none" else nondealer
    if last == "not-good":
        return last_seat
    return None


def dialogue_over(said, longer_wins: bool) -> bool:
    """Is the dialogue finished: an answer other than equal, or equal at the last stage."""
    if not said or len(said) % 2:
        return False
    last = said[-1][1]
    return last != "equal" or len(said) // 2 >= len(stages(longer_wins))
