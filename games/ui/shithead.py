"""How the site speaks about Shithead: rule explanations, actions, the board seen from one seat,
the story of a deal and the reasons behind the club player's choices."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy

from games.engine.actions import Action

from . import GameUI, RuleText, TargetText

PACK = "french"

RULES = {
    "shithead.deal.layout": RuleText(
        _("The layout"),
        _("Each player has three face-down cards, three face-up cards on them and three in hand."),
    ),
    "shithead.swap.exchange": RuleText(
        _("Swapping before play"),
        _("A swap exchanges one card of your hand with one of your face-up cards."),
    ),
    "shithead.swap.first-player": RuleText(
        _("Who plays first"),
        _("The first player shows a 3 face up, or else holds one; failing 3s, 4s, and so on."),
    ),
    "shithead.turn.order": RuleText(
        _("Whose turn"),
        _("It is not your turn: wait for the player to move."),
    ),
    "shithead.turn.phase": RuleText(
        _("One thing at a time"),
        _("That is not a decision of this stage of the deal."),
    ),
    "shithead.card.held": RuleText(
        _("Cards you hold"),
        _("You do not hold that card there."),
        {"nothing": _("Nothing was chosen: tick the cards you want to play, then play them.")},
    ),
    "shithead.card.source": RuleText(
        _("Hand first, then face up, then face down"),
        _("You play from your hand while it has cards, then from your face-up cards, and only then "
          "blind from your face-down cards."),
    ),
    "shithead.play.same-rank": RuleText(
        _("One rank at a time"),
        _("Several cards played together must all be of the same rank."),
    ),
    "shithead.play.beat": RuleText(
        _("Same rank or higher"),
        _("The %(card)s is lower than the %(top)s on the pile: play the same rank or higher, a 2, a 10 "
          "or a joker, or pick up the pile."),
    ),
    "shithead.special.two": RuleText(
        _("The 2"),
        _("A 2 goes on anything, and anything may be played on a 2."),
    ),
    "shithead.special.ten": RuleText(
        _("The 10"),
        _("A 10 goes on anything and burns the pile."),
    ),
    "shithead.special.four": RuleText(
        _("Four of a kind"),
        _("Four cards of one rank together on top of the pile burn it."),
    ),
    "shithead.special.joker": RuleText(
        _("The joker"),
        _("A joker goes on anything and reverses the direction of play; the next player must beat the "
          "card under it."),
    ),
    "shithead.burn.again": RuleText(
        _("Play again after a burn"),
        _("Whoever burns the pile plays again, on the empty table."),
    ),
    "shithead.pickup.pile": RuleText(
        _("Picking up"),
        _("There is no pile to pick up: play any card."),
    ),
    "shithead.pickup.face-up": RuleText(
        _("Picking up from face-up cards"),
        _("Playing from your face-up cards, you take one of them along with the pile: choose which. "
          "With cards in hand you take only the pile."),
    ),
    "shithead.blind.flip": RuleText(
        _("Blind play"),
        _("With only face-down cards left you turn one over, choosing it blind; you cannot pick up "
          "instead."),
    ),
    "shithead.refill.draw": RuleText(
        _("Drawing back to three"),
        _("After playing you draw from the stock until you hold three cards again."),
    ),
    "shithead.out.finish": RuleText(
        _("Going out"),
        _("A player with no cards left is out of the deal."),
    ),
    "shithead.end.shithead": RuleText(
        _("The shithead"),
        _("The last player still holding cards is the shithead."),
    ),
    "shithead.match.deals": RuleText(
        _("The match"),
        _("A match is one or more deals; whoever was the shithead most often loses it."),
    ),
    "shithead.match.next-deal": RuleText(
        _("The next deal"),
        _("After a deal the next player round deals."),
    ),
    "shithead.match.over": RuleText(
        _("Match over"),
        _("The match is over: nothing more can be played."),
    ),
}

ACTIONS = {
    "swap": pgettext_lazy("shithead action", "Swap the chosen cards"),
    "ready": pgettext_lazy("shithead action", "Done swapping"),
    "play": pgettext_lazy("shithead action", "Play the ticked cards"),
    "pickup": pgettext_lazy("shithead action", "Pick up the pile"),
    "flip": pgettext_lazy("shithead action", "Turn over"),
    "next": pgettext_lazy("shithead action", "Next deal"),
}

# What the practice table's scoreboard counts for this game (lower is better here).
SCORE_LEGEND = _("times the shithead")

PHASES = {
    "swap": _("Swap cards between your hand and your face-up cards, then say you are done."),
    "play": _("Play cards of one rank, the same as the pile's top card or higher, or pick up."),
    "end": _("The deal is over."),
    "over": _("The match is over."),
}

LEVEL_LABELS = {
    "beginner": _("Beginner: plays its lowest card, one at a time"),
    "club": _("Club player: strong cards face up, low cards first, specials kept back"),
    "expert": _("Expert: plays the deal out many ways before choosing"),
}

OPTIONS = {
    "deals": (_("Match length"), {1: _("One deal"), 3: _("Three deals")}),
    "first_player": (_("Who plays first"), {
        "swap": _("Decided after the swap"), "deal": _("Decided on the cards as dealt")}),
    "reverse_per_joker": (_("Two jokers played together"), {
        False: _("Reverse the direction once"), True: _("Reverse it twice (no change)")}),
    "jokers_see_through_for_four": (_("Four of a kind across a joker"), {
        False: _("A joker breaks the four"), True: _("The joker is ignored: the four still burns")}),
    "loser_deals": (_("The next dealer"), {False: _("The next player round"), True: _("The shithead")}),
}


def seat_names(viewer, players=6):
    """You, then the others by their place round the table from you."""
    names = {viewer: str(_("You"))}
    for k in range(1, players):
        names[(viewer + k) % players] = str(_("Player %(n)s") % {"n": k + 1})
    return names


def _names(view, seat, names):
    return names or seat_names(seat, view.players)


def _cards(cards):
    from games.cardnames import card_in_sentence

    return pgettext("list separator", ", ").join(card_in_sentence(c) for c in cards)


def narrate(game, before, seat, action, after, names=None, viewer=None):
    """What happened, in sentences of the page language; reveals nothing a player cannot see."""
    names = names or seat_names(viewer if viewer is not None else seat, before.players)
    who = names[seat]
    me = viewer is not None and seat == viewer
    out = []
    kind = action.kind
    if kind == "swap":
        hand_card, up_card = action.cards
        facts = {"player": who, "up": _cards([hand_card]), "hand": _cards([up_card])}
        out.append((_("You put the %(up)s face up and take the %(hand)s into your hand.") if me else
                    _("%(player)s puts the %(up)s face up and takes the %(hand)s into hand.")) % facts)
    elif kind == "ready":
        out.append((_("You are done swapping.") if me else _("%(player)s is done swapping.")) % {"player": who})
        if after.phase == "play":
            first = after.turn
            out.append(str(_("You play first.") if first == viewer else
                           _("%(player)s plays first.") % {"player": names[first]}))
    elif kind == "next":
        out.append(str(_("Deal %(n)s begins: you deal.") % {"n": after.deal} if after.dealer == viewer else
                       _("Deal %(n)s begins: %(player)s deals.") % {"n": after.deal, "player": names[after.dealer]}))
    elif kind == "pickup":
        n = len(before.pile)
        if action.cards:
            text = (ngettext("You pick up the pile (%(n)s card) and your %(card)s.",
                             "You pick up the pile (%(n)s cards) and your %(card)s.", n) if me else
                    ngettext("%(player)s picks up the pile (%(n)s card) and the face-up %(card)s.",
                             "%(player)s picks up the pile (%(n)s cards) and the face-up %(card)s.", n))
            out.append(text % {"player": who, "n": n, "card": _cards(action.cards)})
        else:
            text = (ngettext("You pick up the pile (%(n)s card).", "You pick up the pile (%(n)s cards).", n)
                    if me else ngettext("%(player)s picks up the pile (%(n)s card).",
                                        "%(player)s picks up the pile (%(n)s cards).", n))
            out.append(text % {"player": who, "n": n})
    elif kind == "flip":
        card = before.down[seat][int(action.source)]
        facts = {"player": who, "card": _cards([card]) if card else "?"}
        if card and not (len(after.pile) > len(before.pile) or len(after.burned) > len(before.burned)):
            out.append((_("You turn over a face-down card: the %(card)s. It cannot be played, so you take "
                          "it with the pile.") if me else
                        _("%(player)s turns over a face-down card: the %(card)s. It cannot be played, so "
                          "it goes with the pile into the hand.")) % facts)
        else:
            out.append((_("You turn over a face-down card: the %(card)s, and it can be played.") if me else
                        _("%(player)s turns over a face-down card: the %(card)s, and it can be played."))
                       % facts)
    elif kind == "play":
        out.append((_("You play the %(cards)s.") if me else _("%(player)s plays the %(cards)s."))
                   % {"player": who, "cards": _cards(action.cards)})
    if kind in ("play", "flip") and before.phase == "play":
        out += _after_play_lines(before, seat, after, names, me, viewer)
    return [str(line) for line in out]


def _after_play_lines(before, seat, after, names, me, viewer=None):
    out = []
    who = names[seat]
    if len(after.burned) > len(before.burned):
        out.append(_("The pile is burned."))
    if after.direction != before.direction:
        out.append(_("The joker reverses the direction of play."))
    if len(after.out) > len(before.out):
        place = len(after.out)
        out.append((_("You are out (place %(n)s).") if me else _("%(player)s is out (place %(n)s)."))
                   % {"player": who, "n": place})
    if len(after.losers) > len(before.losers):
        loser = after.losers[-1]
        out.append(_("You are left holding cards: you are the shithead.") if loser == viewer else
                   _("%(player)s is left holding cards: the shithead.") % {"player": names[loser]})
    elif after.phase == "play" and after.turn == seat and len(after.burned) > len(before.burned):
        out.append((_("You play again.") if me else _("%(player)s plays again.")) % {"player": who})
    return out


# From this many cards a hand is drawn compactly: one card per rank with the suits to tick beside it
# (suits never matter in this game). A player who keeps picking up the pile can hold most of the
# pack, and the board is sent after every move.
COMPACT_HAND = 13
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _rank_groups(hand):
    groups = {}
    for card in hand:
        groups.setdefault(card[0], []).append({"code": card, "sign": SUIT_SIGNS.get(card[1], "★")})
    return [{"rank": rank, "cards": cards, "first": cards[0]["code"]} for rank, cards in groups.items()]


# What a lesson, example or puzzle may leave off its board when its step is not about it.
BOARD_FACTS = {"burned": ("burned",)}


def board(view, seat, names=None):
    """What the Shithead board shows from one seat, for templates/games/shithead/board.html."""
    from games.shithead.rules import effective_top

    names = _names(view, seat, names)
    n = view.players
    known = lambda cards: cards if cards and None not in cards else ()  # shown only where known
    others = []
    for k in range(1, n):
        s = (seat + k) % n
        hand, down = len(view.hands[s]), len(view.down[s])
        others.append({
            "seat": s, "name": names[s], "hand": hand, "up": view.up[s], "down": down,
            "is_dealer": view.dealer == s,
            # A replay or an open example knows every card; a player's view never does.
            "hand_cards": known(view.hands[s]), "down_cards": known(view.down[s]),
            "to_move": view.phase == "play" and view.turn == s,
            "out": (view.out.index(s) + 1) if s in view.out else None,
            "ready": view.phase == "swap" and view.ready[s],
            # Worded here: a table of six draws them for five seats after every move.
            "counts": ngettext("%(n)s card in hand", "%(n)s cards in hand", hand) % {"n": hand}
            + " · " + ngettext("%(n)s face down", "%(n)s face down", down) % {"n": down},
        })
    top = effective_top(view.pile)
    return {
        "seat": seat, "names": names, "me": names[seat], "others": others,
        "hand": view.hands[seat], "up": view.up[seat], "down": len(view.down[seat]),
        "down_cards": known(view.down[seat]),
        "hand_groups": _rank_groups(view.hands[seat]) if len(view.hands[seat]) >= COMPACT_HAND else None,
        "pile_top": view.pile[-4:], "pile": len(view.pile), "to_beat": top,
        "joker_on_top": bool(view.pile) and view.pile[-1][0] == "X",
        "stock": len(view.stock), "burned": len(view.burned),
        "clockwise": view.direction == 1, "phase": view.phase,
        "phase_text": str(PHASES[view.phase]), "i_deal": view.dealer == seat,
        "my_turn": view.phase == "play" and view.turn == seat,
        "out": (view.out.index(seat) + 1) if seat in view.out else None,
        "source": view.source(seat) if view.phase == "play" else None,
        "deal": view.deal,
        "hand_zone": f"hand.{seat}", "up_zone": f"up.{seat}", "down_zone": f"down.{seat}",
    }


def controls(game, state, seat, only_legal=False):
    """The decisions open to `seat`: the cards of the hand (or the face-up cards, once the hand is
    empty) to tick and play together, each marked legal when it may be played; the pick-up; the
    face-down places to turn over blind; a swap of one hand card with one face-up card. Only what
    the engine allows is offered as a button (no pick-up of an empty pile, no play button when only
    a blind flip is possible); a card the rules forbid may still be tried, and the engine says why."""
    from games.controls import Button, CardButton, Controls, PickCards, TickCards

    if seat not in game.to_move(state):
        return Controls()
    legal = set(game.legal_actions(state, seat))
    if state.phase == "swap":
        hand, up = state.hands[seat], state.up[seat]
        items = []
        if any(a.kind == "swap" for a in legal):
            items.append(PickCards(Action("swap"), str(ACTIONS["swap"]),
                                   ((f"hand.{seat}", str(_("swap this hand card")), hand),
                                    (f"up.{seat}", str(_("swap this face-up card")), up))))
        items.extend(Button(a, str(ACTIONS[a.kind])) for a in sorted(legal) if a.kind == "ready")
        return Controls(items)
    if state.phase == "end":
        return Controls([Button(a, str(ACTIONS[a.kind])) for a in sorted(legal) if a.kind == "next"])
    source = state.source(seat)
    if source == "down":
        return Controls([CardButton(None, f"down.{seat}", Action("flip", (), str(i)), Action("flip", (), str(i)) in legal,
                                    index=i, label=str(_("Turn over face-down card %(n)s") % {"n": i + 1}))
                         for i in range(len(state.down[seat]))])
    zone = state.hands[seat] if source == "hand" else state.up[seat]
    alone = frozenset(c for c in zone if Action("play", (c,)) in legal)
    items = [TickCards(Action("play"), str(ACTIONS["play"]), f"{source}.{seat}", tuple(zone), alone, 1, len(zone))]
    if Action("pickup") in legal:
        items.append(Button(Action("pickup"), str(ACTIONS["pickup"])))
    for c in zone:
        if Action("pickup", (c,)) in legal:
            label = _("Pick up the pile and the %(card)s") % {"card": _cards([c])}
            items.append(Button(Action("pickup", (c,)), str(label)))
    return Controls(items)


def opening(view, seat, names=None):
    names = _names(view, seat, names)
    if view.dealer == seat:
        line = _("Deal %(n)s: you deal.") % {"n": view.deal}
    else:
        line = _("Deal %(n)s: %(player)s deals.") % {"n": view.deal, "player": names[view.dealer]}
    return [str(line), str(_("Everyone may now swap hand cards with face-up cards."))]


def describe(view, seat, action):
    """An action as the end of a sentence ("play the 7 of spades")."""
    kind = action.kind
    if kind == "play":
        return str(_("play the %(cards)s") % {"cards": _cards(action.cards)})
    if kind == "pickup":
        if action.cards:
            return str(_("pick up the pile with the %(card)s") % {"card": _cards(action.cards)})
        return str(_("pick up the pile"))
    if kind == "flip":
        return str(_("turn over face-down card %(n)s") % {"n": int(action.source) + 1})
    if kind == "swap":
        return str(_("put the %(up)s face up in place of the %(hand)s")
                   % {"up": _cards(action.cards[:1]), "hand": _cards(action.cards[1:])})
    if kind == "ready":
        return str(_("finish swapping"))
    return str(ACTIONS.get(kind, kind))


def hint_reason(view, seat, action):
    """Why the club player (games.shithead.bots.Club) makes this choice."""
    kind = action.kind
    if kind == "swap":
        return str(_("Strong cards (2s, 10s, aces, kings) are safest face up, where they wait for the end; "
                     "low cards are best played early from the hand."))
    if kind == "ready":
        return str(_("The face-up cards are already the strongest ones."))
    if kind == "flip":
        return str(_("Face-down cards are played blind: any one is as good as another."))
    if kind == "pickup":
        return str(_("Nothing that can be played is worth spending here."))
    rank = action.cards[0][0]
    if rank in "2TX":
        return str(_("Only a special card can go on this pile; keep the others for later."))
    if len(action.cards) > 1:
        return str(_("Play every card of your lowest playable rank together: fewer turns to get rid of them."))
    return str(_("Get rid of your lowest playable card while the pile allows it; keep 2s, 10s and "
                 "high cards for when you need them."))


def deal_summary(view, seat, names=None):
    """The last finished deal: the order in which players went out, and the shithead."""
    from games.shithead import GAME

    deals = GAME.outcome(view).deals
    if not deals or view.phase not in ("end", "over"):
        return None
    names = _names(view, seat, names)
    result = deals[-1]
    places = [{"player": names[s], "mine": s == seat, "place": i + 1} for i, s in enumerate(result.places[:-1])]
    return {
        "deal": result.deal,
        "places": places,
        "shithead": names[result.loser],
        "shithead_is_me": result.loser == seat,
        "rule": "shithead.end.shithead",
        "title": str(RULES["shithead.end.shithead"].title),
        "tally": [{"player": names[s], "times": sum(d.points(s) for d in deals)} for s in range(view.players)],
    }


def quiz_facts(game, before, after, seat):
    """Shithead quizzes ask what may be played and whose turn it is: the platform's own facts."""
    return {}


def phase_text(view, seat):
    if view.phase == "play" and view.source(seat) == "down":
        return str(_("Only face-down cards are left: turn one over, blind."))
    return str(PHASES[view.phase])

# Homework targets for a deal (the engine's deal_targets).
TARGETS = {
    "avoid-shithead": TargetText(
        _("Avoid being the shithead"),
        _("You went out in time: you are not the shithead."),
        _("You were left holding cards: you are the shithead."),
    ),
    "go-out-first": TargetText(
        _("Go out first"),
        _("You were the first to get rid of all your cards."),
        _("Someone else got rid of all their cards before you."),
    ),
}


class ShitheadUI(GameUI):
    """Shithead as the web layer sees it: the module's functions above, declared as its parts."""

    slug = "shithead"
    pack = PACK
    rules = RULES
    options = OPTIONS
    targets = TARGETS
    level_labels = LEVEL_LABELS
    hint_level = "expert"  # it answers within HINT_BUDGET (manage.py bench)
    score_legend = SCORE_LEGEND
    board_facts = BOARD_FACTS
    seat_names = staticmethod(seat_names)
    board = staticmethod(board)
    controls = staticmethod(controls)
    narrate = staticmethod(narrate)
    opening = staticmethod(opening)
    describe = staticmethod(describe)
    hint_reason = staticmethod(hint_reason)
    deal_summary = staticmethod(deal_summary)
    quiz_facts = staticmethod(quiz_facts)
    phase_text = staticmethod(phase_text)


UI = ShitheadUI()
