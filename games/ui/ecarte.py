"""Écarté in words: every rule id's title and refusal text, and the labels of actions."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.utils.translation import pgettext_lazy

from . import RuleText

PACK = "french"

RULES = {
    "ecarte.deal.pack": RuleText(
        _("The pack and the deal"),
        _("Écarté uses 32 cards; each player gets five and the eleventh card is turned up for trumps."),
    ),
    "ecarte.deal.turned-king": RuleText(
        _("A king turned up"),
        _("When the turned-up card is a king, the dealer scores 1 point at once."),
    ),
    "ecarte.turn.order": RuleText(
        _("Whose turn"),
        _("It is not your turn: wait for the other player."),
    ),
    "ecarte.turn.phase": RuleText(
        _("One decision at a time"),
        _("That is not a decision of this moment of the deal."),
    ),
    "ecarte.card.in-hand": RuleText(
        _("Only your own cards"),
        _("You do not hold the %(card)s."),
    ),
    "ecarte.exchange.propose": RuleText(
        _("Propose or play"),
        _("The non-dealer either proposes an exchange or plays the hand as dealt."),
    ),
    "ecarte.exchange.respond": RuleText(
        _("Accept or refuse"),
        _("The dealer accepts the proposal or refuses it."),
    ),
    "ecarte.exchange.nondealer-minimum": RuleText(
        _("The non-dealer discards at least one"),
        _("Your proposal was accepted, so you must discard at least one card."),
    ),
    "ecarte.exchange.dealer-minimum": RuleText(
        _("The dealer's minimum"),
        _("Under this variant the dealer must discard at least %(least)s card."),
    ),
    "ecarte.exchange.limit": RuleText(
        _("Exchange limit"),
        _("You may discard at most %(limit)s card(s) now: five at most, and no more than the stock still holds (%(stock)s)."),
    ),
    "ecarte.exchange.repeat": RuleText(
        _("Exchanging again"),
        _("After each exchange the non-dealer may propose again, until someone declines or the stock runs out."),
    ),
    "ecarte.king.announce": RuleText(
        _("The king of trumps"),
        _("Only the holder of the king of trumps may show it."),
        reasons={
            "not-held": _("You do not hold the king of trumps (%(king)s), so there is nothing to show."),
            "too-late": _("The king of trumps must be shown before or as you play your first card; you have already played."),
            "already": _("You have already shown the king of trumps this deal."),
        },
    ),
    "ecarte.play.lead": RuleText(
        _("The lead"),
        _("The non-dealer leads to the first trick; whoever wins a trick leads to the next."),
    ),
    "ecarte.play.follow-suit": RuleText(
        _("Follow suit"),
        _("You hold %(follow_with)s: you must follow the suit of the %(led)s."),
    ),
    "ecarte.play.must-beat": RuleText(
        _("Play higher"),
        _("Following suit, you must beat the %(led)s when you can, and %(beat_with)s would beat it."),
    ),
    "ecarte.play.must-trump": RuleText(
        _("Trump when void"),
        _("You have no card of the suit led (%(led)s), so you must play a trump: %(trump_with)s."),
    ),
    "ecarte.trick.winner": RuleText(
        _("Who takes the trick"),
        _("A trump beats any other suit; otherwise the higher card of the suit led takes the trick."),
    ),
    "ecarte.score.point": RuleText(_("One point"), _("Three or four tricks score 1 point.")),
    "ecarte.score.vole": RuleText(_("The vole"), _("All five tricks score 2 points.")),
    "ecarte.score.vulnerable": RuleText(
        _("Vulnerable"),
        _("The player who refused the first exchange failed to take three tricks: the opponent scores 2."),
    ),
    "ecarte.score.revoke": RuleText(
        _("Revoke penalty"),
        _("A winner who broke the follow rules scores one point less."),
    ),
    "ecarte.match.target": RuleText(
        _("The target"), _("The first player to reach the target wins the match at once."),
    ),
    "ecarte.match.next-deal": RuleText(
        _("The next deal"), _("After a deal is scored the other player deals the next one."),
    ),
    "ecarte.match.over": RuleText(
        _("Match over"), _("The match is over: nothing more can be played."),
    ),
}

ACTIONS = {
    "propose": pgettext_lazy("ecarte action", "Propose an exchange"),
    "stand": pgettext_lazy("ecarte action", "Play as dealt"),
    "accept": pgettext_lazy("ecarte action", "Accept"),
    "refuse": pgettext_lazy("ecarte action", "Refuse"),
    "discard": pgettext_lazy("ecarte action", "Discard"),
    "king": pgettext_lazy("ecarte action", "Show the king of trumps"),
    "play": pgettext_lazy("ecarte action", "Play"),
    "next": pgettext_lazy("ecarte action", "Next deal"),
}

PHASES = {
    "propose": _("The non-dealer decides: propose an exchange, or play as dealt."),
    "respond": _("The dealer decides: accept the proposal, or refuse it."),
    "discard": _("Choose the cards to discard."),
    "play": _("Trick play."),
    "end": _("The deal is over."),
    "over": _("The match is over."),
}


def seat_names(viewer):
    """How the two seats are called from the viewer's side."""
    return {viewer: str(_("You")), 1 - viewer: str(_("Your opponent"))}


def _score_reason(rule):
    return {
        "ecarte.score.point": _("three or four tricks"),
        "ecarte.score.vole": _("the vole"),
        "ecarte.score.vulnerable": _("the opponent was vulnerable"),
        "ecarte.score.revoke": _("less one for a revoke"),
        "ecarte.deal.turned-king": _("a king turned up"),
        "ecarte.king.announce": _("the king of trumps"),
    }[rule]


def narrate(game, before, seat, action, after, names=None):
    """What happened, in sentences of the page language; reveals nothing a player cannot see."""
    from games.cardnames import card_name

    names = names or seat_names(seat)
    who = names[seat]
    kind = action.kind
    out = []
    if kind == "propose":
        out.append(_("%(player)s proposes an exchange.") % {"player": who})
    elif kind in ("stand", "refuse"):
        if kind == "stand":
            out.append(_("%(player)s plays the hand as dealt.") % {"player": who})
        else:
            out.append(_("%(player)s refuses the exchange.") % {"player": who})
        if after.vulnerable == seat and before.vulnerable is None:
            out.append(_("%(player)s is now vulnerable: fewer than three tricks will give the opponent 2 points.")
                       % {"player": who})
    elif kind == "accept":
        out.append(_("%(player)s accepts the proposal.") % {"player": who})
    elif kind == "discard":
        n = len(action.cards)
        out.append(ngettext("%(player)s discards %(n)s card and draws a replacement.",
                            "%(player)s discards %(n)s cards and draws as many.", n)
                   % {"player": who, "n": n})
    elif kind == "king":
        out.append(_("%(player)s shows the king of trumps and scores 1 point.") % {"player": who})
    elif kind == "play":
        out.append(_("%(player)s plays the %(card)s.") % {"player": who, "card": card_name(action.card)})
        if not after.trick and after.deal == before.deal:
            winner = next(s for s in (0, 1) if after.tricks[s] > before.tricks[s])
            out.append(_("%(player)s takes the trick.") % {"player": names[winner]})
            if after.phase in ("end", "over") and len(after.history) > len(before.history):
                result = after.history[-1]
                last = result.scores[-1]
                out.append(ngettext(
                    "%(player)s wins the deal with %(tricks)s tricks: %(points)s point (%(reason)s).",
                    "%(player)s wins the deal with %(tricks)s tricks: %(points)s points (%(reason)s).",
                    last.points) % {"player": names[last.seat], "tricks": result.tricks[last.seat],
                                    "points": last.points, "reason": _score_reason(last.rule)})
    elif kind == "next":
        out.append(_("Deal %(deal)s: %(player)s deals and turns up the %(card)s.")
                   % {"deal": after.deal, "player": names[after.dealer], "card": card_name(after.turnup)})
        if after.turnup[0] == "K":
            out.append(_("A king: the dealer scores 1 point at once."))
    if after.phase == "over" and before.phase != "over":
        winner = 0 if after.scores[0] > after.scores[1] else 1
        out.append(_("%(player)s wins the match, %(a)s to %(b)s.")
                   % {"player": names[winner], "a": after.scores[winner], "b": after.scores[1 - winner]})
    return [str(s) for s in out]


def board(view, seat, names=None):
    """What the Écarté board shows from one seat, ready for templates/games/ecarte/board.html."""
    names = names or seat_names(seat)
    other = 1 - seat
    return {
        "seat": seat,
        "names": names,
        "me": names[seat],
        "other": names[1 - seat],
        "other_hand": view.hands[other],
        "hand": view.hands[seat],
        "turnup": view.turnup,
        "trumps": view.trumps,
        "stock": len(view.stock),
        "trick": [(names[(view.leader + i) % 2], card) for i, card in enumerate(view.trick)],
        "scores": {"me": view.scores[seat], "other": view.scores[other]},
        "tricks": {"me": view.tricks[seat], "other": view.tricks[other]},
        "target": view.options.target,
        "dealer": names[view.dealer],
        "i_deal": view.dealer == seat,
        "deal": view.deal,
        "phase": view.phase,
        "phase_text": str(PHASES[view.phase]),
        "vulnerable": names[view.vulnerable] if view.vulnerable is not None else None,
        "my_discards": view.discards[seat],
        "other_discards": len(view.discards[other]),
    }


def choices(game, state, seat, only_legal=False, highlight=False):
    """The decisions open to `seat`: card actions by card, other actions as buttons, and whether
    a choice of several cards (the discard) is asked for. With only_legal=False the reader may
    also try what the rules forbid, and the engine explains why; highlight marks the legal ones."""
    if seat not in game.to_move(state):
        return {"cards": {}, "buttons": [], "discard": None}
    legal = set(game.legal_actions(state, seat))
    cards, buttons = {}, []
    discard = None
    for action in game.candidate_actions(state, seat):
        if only_legal and action not in legal:
            continue
        if action.kind == "play":
            cards[action.card] = {"action": str(action), "legal": action in legal,
                                  "css": "is-legal" if highlight and action in legal else ""}
        elif action.kind == "discard":
            discard = discard or {"least": None, "most": 0}
        else:
            buttons.append({"action": str(action), "label": str(ACTIONS[action.kind]), "legal": action in legal,
                            "css": "is-legal" if highlight and action in legal else ""})
    if discard is not None:
        sizes = sorted(len(a.cards) for a in legal if a.kind == "discard")
        discard = {"least": sizes[0] if sizes else 0, "most": sizes[-1] if sizes else 0}
    return {"cards": cards, "buttons": buttons, "discard": discard}
