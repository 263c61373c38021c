"""Shithead's rules by id (decisions.md §5), the order of the ranks and what may be played on what."""

from games.engine.rules import Rule, RuleBook

RULES = RuleBook(
    Rule("shithead.deal.layout", "three face-down, three face-up and three hand cards each; the rest is the stock; two jokers join with six players"),
    Rule("shithead.swap.exchange", "before play each player may swap hand cards with his face-up cards, one for one"),
    Rule("shithead.swap.first-player", "the first player has a face-up 3, else a 3 in hand, else 4s and so on, from the dealer's left"),
    Rule("shithead.turn.order", "only the player whose turn it is may act"),
    Rule("shithead.turn.phase", "each phase of the deal allows only its own decisions"),
    Rule("shithead.card.held", "you can only play or swap cards you hold"),
    Rule("shithead.card.source", "you play from your hand while it has cards, then from your face-up cards, then blind from your face-down cards"),
    Rule("shithead.play.same-rank", "several cards played at once must all be of one rank"),
    Rule("shithead.play.beat", "a card must be of the same rank as the top card of the pile or higher"),
    Rule("shithead.special.two", "a 2 may be played on anything, and anything may be played on a 2"),
    Rule("shithead.special.ten", "a 10 may be played on anything and burns the pile"),
    Rule("shithead.special.four", "four cards of one rank on top of the pile burn it"),
    Rule("shithead.special.joker", "a joker may be played on anything, reverses the direction of play and is see-through"),
    Rule("shithead.burn.again", "after burning the pile the same player plays again"),
    Rule("shithead.pickup.pile", "a player who cannot or will not play picks up the pile"),
    Rule("shithead.pickup.face-up", "picking up while playing from face-up cards, you also take one face-up card of your choice"),
    Rule("shithead.blind.flip", "with only face-down cards left you turn one over; if it cannot be played you take it with the pile"),
    Rule("shithead.refill.draw", "after playing, draw back up to three cards while the stock lasts"),
    Rule("shithead.out.finish", "a player with no cards left is out of the deal"),
    Rule("shithead.end.shithead", "the last player holding cards is the shithead"),
    Rule("shithead.match.deals", "a match is one or more deals; the loser is the player who was the shithead most often"),
    Rule("shithead.match.next-deal", "after a deal the next player round deals (or the shithead, in a variant)"),
    Rule("shithead.match.over", "nothing can be played once the match is over"),
)

# Low to high for beating; 2 and 10 are special, the joker has no rank.
LADDER = "3456789TJQKA2"
BEAT = {r: i for i, r in enumerate("3456789TJQKA")}
SPECIAL = {"2", "T", "X"}
DISPLAY = {r: i for i, r in enumerate("3456789TJQKA2X")}
SUIT_ORDER = {s: i for i, s in enumerate("SHDC12")}


def sort_key(card):
    return (DISPLAY[card[0]], SUIT_ORDER[card[1]])


def sorted_cards(cards):
    """Cards in display order; hidden ones (None) keep their count at the end."""
    if None in cards:
        return tuple(sorted((c for c in cards if c is not None), key=sort_key)) + tuple(c for c in cards if c is None)
    return tuple(sorted(cards, key=sort_key))


def effective_top(pile):
    """The topmost card of the pile that is not a joker (jokers are see-through), or None."""
    for card in reversed(pile):
        if card[0] != "X":
            return card
    return None


def playable_rank(r, pile):
    """May a card of rank r go on this pile? (2, 10 and jokers always; anything on a 2.)"""
    top = effective_top(pile)
    if top is None or r in SPECIAL or top[0] == "2":
        return True
    return BEAT[r] >= BEAT[top[0]]


def burns(pile, played, jokers_see_through=False):
    """Does this play burn the pile? A 10 in it, or four of one rank on top."""
    if any(c[0] == "T" for c in played):
        return True
    cards = [c for c in pile if c[0] != "X"] if jokers_see_through else list(pile)
    top = cards[-4:]
    return len(top) == 4 and top[0][0] != "X" and all(c[0] == top[0][0] for c in top)
