"""Écarté in words: every rule id's title and refusal text, and the labels of actions."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.utils.translation import pgettext_lazy

from games.engine.actions import Action

from . import GameUI, RuleText, TargetText, join_sentences

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
        _("Too many cards: the most you may discard now is %(limit)s (five at most, and never more than the "
          "stock still holds: %(stock)s)."),
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


def seat_names(viewer, players=2):
    """How the two seats are called from the viewer's side."""
    return {viewer: str(_("You")), 1 - viewer: str(_("Your opponent"))}


def _score_reason(rule):
    return {
        "ecarte.score.point": _("three or four tricks"),
        "ecarte.score.vole": _("all five tricks"),
        "ecarte.score.vulnerable": _("the opponent was vulnerable"),
        "ecarte.score.revoke": _("less one for a revoke"),
        "ecarte.deal.turned-king": _("a king turned up"),
        "ecarte.king.announce": _("the king of trumps"),
    }[rule]


def narrate(game, before, seat, action, after, names=None, viewer=None):
    """What happened, in sentences of the page language; reveals nothing a player cannot see.

    With `viewer`, that seat's own actions are told in the second person ("You play ...")."""
    from games.cardnames import card_in_sentence, card_name

    names = names or seat_names(seat)
    who = names[seat]
    me = viewer is not None and seat == viewer

    def you(s):
        return viewer is not None and s == viewer

    kind = action.kind
    out = []
    if kind == "propose":
        out.append((_("You propose an exchange.") if me else _("%(player)s proposes an exchange."))
                   % {"player": who})
    elif kind in ("stand", "refuse"):
        if kind == "stand" and any(len(d) for d in before.discards):  # after an exchange
            out.append((_("You stop exchanging: play begins.") if me else
                        _("%(player)s stops exchanging: play begins.")) % {"player": who})
        elif kind == "stand":
            out.append((_("You play the hand as dealt.") if me else _("%(player)s plays the hand as dealt."))
                       % {"player": who})
        else:
            out.append((_("You refuse the exchange.") if me else _("%(player)s refuses the exchange."))
                       % {"player": who})
        if after.vulnerable == seat and before.vulnerable is None:
            if me:
                text = _("You are now vulnerable: fewer than three tricks will give the opponent 2 points.")
            else:
                text = _("%(player)s is now vulnerable: fewer than three tricks will give the opponent "
                         "2 points.")
            out.append(text % {"player": who})
    elif kind == "accept":
        out.append((_("You accept the proposal.") if me else _("%(player)s accepts the proposal."))
                   % {"player": who})
    elif kind == "discard" and not action.cards:  # the dealer may keep his five cards (a variant)
        out.append((_("You keep all five cards.") if me else _("%(player)s keeps all five cards."))
                   % {"player": who})
    elif kind == "discard":
        n = len(action.cards)
        if me:
            text = ngettext("You discard %(n)s card and draw a replacement.",
                            "You discard %(n)s cards and draw as many.", n)
        else:
            text = ngettext("%(player)s discards %(n)s card and draws a replacement.",
                            "%(player)s discards %(n)s cards and draws as many.", n)
        out.append(text % {"player": who, "n": n})
    elif kind == "king":
        out.append((_("You show the king of trumps and score 1 point.") if me
                    else _("%(player)s shows the king of trumps and scores 1 point.")) % {"player": who})
    elif kind == "play":
        out.append((_("You play the %(card)s.") if me else _("%(player)s plays the %(card)s."))
                   % {"player": who, "card": card_in_sentence(action.card)})
        if not after.trick and after.deal == before.deal:
            winner = next(s for s in (0, 1) if after.tricks[s] > before.tricks[s])
            out.append((_("You take the trick.") if you(winner) else _("%(player)s takes the trick."))
                       % {"player": names[winner]})
            if after.phase in ("end", "over") and len(after.history) > len(before.history):
                result = after.history[-1]
                last = result.scores[-1]
                if last.points == 0:  # a winner who revoked and took three or four tricks
                    text = (_("You win the deal with %(tricks)s tricks but score nothing (%(reason)s).")
                            if you(last.seat) else
                            _("%(player)s wins the deal with %(tricks)s tricks but scores nothing (%(reason)s)."))
                elif you(last.seat):
                    text = ngettext(
                        "You win the deal with %(tricks)s tricks: %(points)s point (%(reason)s).",
                        "You win the deal with %(tricks)s tricks: %(points)s points (%(reason)s).",
                        last.points)
                else:
                    text = ngettext(
                        "%(player)s wins the deal with %(tricks)s tricks: %(points)s point (%(reason)s).",
                        "%(player)s wins the deal with %(tricks)s tricks: %(points)s points (%(reason)s).",
                        last.points)
                out.append(text % {"player": names[last.seat], "tricks": result.tricks[last.seat],
                                   "points": last.points, "reason": _score_reason(last.rule)})
    elif kind == "next":
        out.extend(_deal_lines(after, names, viewer))
    if after.phase == "over" and before.phase != "over":
        winner = 0 if after.scores[0] > after.scores[1] else 1
        out.append((_("You win the match, %(a)s to %(b)s.") if you(winner)
                    else _("%(player)s wins the match, %(a)s to %(b)s."))
                   % {"player": names[winner], "a": after.scores[winner], "b": after.scores[1 - winner]})
    return [str(s) for s in out]


def _deal_lines(state, names, viewer=None):
    """Who deals and what is turned up, at the start of a deal."""
    from games.cardnames import card_in_sentence, card_name

    facts = {"deal": state.deal, "player": names[state.dealer], "card": card_in_sentence(state.turnup)}
    if viewer is not None and state.dealer == viewer:
        out = [_("Deal %(deal)s: you deal and turn up the %(card)s.") % facts]
    else:
        out = [_("Deal %(deal)s: %(player)s deals and turns up the %(card)s.") % facts]
    if state.turnup[0] == "K":
        out.append(_("A king: the dealer scores 1 point at once."))
    return out


# What a lesson, example or puzzle may leave off its board when its step is not about it.
BOARD_FACTS = {
    "score": ("scores",),
    "tricks": ("tricks",),
    "vulnerable": ("vulnerable",),
    "discards": ("my_discards", "other_discards"),
}


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
        "last_trick": _last_trick(view, names, seat),
        "hand_zone": f"hand.{seat}",
        "shown_king": view.king_of_trumps if view.announced[other] else None,
    }


def _last_trick(view, names, seat):
    """The trick just taken, [(player, card), (player, card)] in the order played, while the
    table is empty; None otherwise. The winner of a trick leads the next, so he is view.leader."""
    if view.trick or not sum(view.tricks) or view.phase not in ("play", "end", "over"):
        return None
    winner = view.leader
    if len(view.won[winner]) < 2:
        return None
    led, second = view.won[winner][-2:]
    from games.ecarte.rules import trick_winner

    first = winner if trick_winner(led, second, view.trumps) == 0 else 1 - winner
    return {"cards": [(names[first], led), (names[1 - first], second)], "winner": names[winner],
            "mine": winner == seat}


def controls(game, state, seat, only_legal=False):
    """The decisions open to `seat`: each card of the hand to play, the cards to tick for a
    discard, and buttons. With only_legal=False the reader may also try a card the rules forbid, and
    the engine explains why; a button is offered only when the engine allows its action (the king of
    trumps only to its holder, while it may be shown)."""
    from games.controls import Button, CardButton, Controls, TickCards

    if seat not in game.to_move(state):
        return Controls()
    legal = set(game.legal_actions(state, seat))
    zone = f"hand.{seat}"
    items, buttons = [], []
    for action in game.candidate_actions(state, seat):
        ok = action in legal
        if not ok and (only_legal or action.kind != "play"):
            continue
        if action.kind == "play":
            items.append(CardButton(action.card, zone, action, ok))
        elif action.kind != "discard":
            buttons.append(Button(action, str(ACTIONS[action.kind]), ok))
    sizes = sorted(len(a.cards) for a in legal if a.kind == "discard")
    if sizes:
        least, most = sizes[0], sizes[-1]
        label = _("Discard the ticked cards (%(a)s–%(b)s)") % {"a": least, "b": most}
        hand = tuple(c for c in state.hands[seat] if c is not None)
        items.append(TickCards(Action("discard"), str(label), zone, hand, frozenset(hand), least, most))
    return Controls(items + buttons)


# --- the practice table (games/tables.py) -------------------------------------------------------
# Beyond the rules pages, a table asks a game's ui module for: option labels for the set-up form,
# the deal a position belongs to, the opening lines of a deal, an action as words, the reason for
# a hint, and the end-of-deal summary.

LEVEL_LABELS = {
    "beginner": _("Beginner: knows the rules, plays its best card"),
    "club": _("Club player: sound habits, wins tricks cheaply"),
    "expert": _("Expert: searches the deals it cannot see"),
}

OPTIONS = {
    "target": (_("Target score"), {5: _("5 points"), 10: _("10 points (a longer match)")}),
    "dealer_min_exchange": (_("The dealer's exchange"), {
        0: _("the dealer may keep all five cards"),
        1: _("the dealer must exchange at least one card"),
    }),
    "vulnerability": (_("Vulnerability"), {
        True: _("on: whoever declines the first exchange and then fails gives away 2 points"),
        False: _("off: a lost deal gives away 1 point (2 for a vole)"),
    }),
    "must_trump": (_("Trumping when void"), {
        True: _("you must trump when you cannot follow suit"),
        False: _("trumping is never compulsory (older English rule)"),
    }),
    "allow_revoke": (_("Revoke"), {
        False: _("only legal cards can be played"),
        True: _("any card may be played; a winner who revoked scores one point less"),
    }),
}


def opening(view, seat, names=None):
    """The first lines of a deal's log, told to `seat`: who deals and which card is turned up."""
    return [str(line) for line in _deal_lines(view, names or seat_names(seat), seat)]


def _card_list(cards):
    from django.utils.translation import pgettext

    from games.cardnames import card_in_sentence

    return pgettext("list separator", ", ").join(
        pgettext("a card in a list", "the %(card)s") % {"card": card_in_sentence(c)} for c in cards)


def describe(view, seat, action):
    """An action as the end of a sentence ("play the king of hearts"), in the page language."""
    from games.cardnames import card_in_sentence, card_name

    kind = action.kind
    if kind == "play":
        return str(_("play the %(card)s") % {"card": card_in_sentence(action.card)})
    if kind == "discard":
        if not action.cards:
            return str(_("keep all five cards"))
        return str(_("discard %(cards)s") % {"cards": _card_list(action.cards)})
    return str({
        "propose": _("propose an exchange"),
        "stand": _("play the hand as dealt"),
        "accept": _("accept the exchange"),
        "refuse": _("refuse the exchange"),
        "king": _("show the king of trumps"),
        "next": _("go on to the next deal"),
    }[kind])


def _hand_facts(hand, trumps):
    n_trumps = sum(c[1] == trumps for c in hand)
    n_kings = sum(c[1] != trumps and c[0] == "K" for c in hand)
    return {
        "trumps": (ngettext("%(n)s trump", "%(n)s trumps", n_trumps) % {"n": n_trumps} if n_trumps
                   else _("no trump")),
        "kings": (ngettext("%(n)s side king", "%(n)s side kings", n_kings) % {"n": n_kings} if n_kings
                  else _("no side king")),
    }


def hint_reason(view, seat, action):
    """Why the club player (games.ecarte.bots.Club) makes this choice, in one or two sentences.

    It applies the club player's own tests, so the reason given is the real one: how many tricks
    the hand promises for the exchange, which cards cannot take a trick for the discard, the
    cheapest winner or the lowest card in play.
    """
    from games.ecarte.bots import card_worth, discard_bounds
    from games.ecarte.rules import trick_winner

    hand = [c for c in view.hands[seat] if c is not None]
    trumps = view.trumps
    kind = action.kind
    if kind == "next":
        return str(_("The deal is scored; the other player deals the next one."))
    if kind in ("stand", "refuse"):
        text = str(_("With %(trumps)s and %(kings)s your hand should take three tricks: play it before the "
                     "opponent can improve their hand.") % _hand_facts(hand, trumps))
        if view.first_decision and view.options.vulnerability:
            text = join_sentences([text, _("Declining the first exchange makes you vulnerable: you must then "
                                           "take three tricks.")])
        return text
    if kind in ("propose", "accept"):
        return str(_("With %(trumps)s and %(kings)s your hand is not sure of three tricks: new cards "
                     "should help.") % _hand_facts(hand, trumps))
    if kind == "discard":
        _least, most = discard_bounds(view, seat)
        weak = [c for c in hand if card_worth(c, trumps) < 0.5]
        if not action.cards:
            return str(_("Trumps and side kings can all take tricks: keep every card."))
        if len(action.cards) > len(weak):
            return str(_("You must discard at least one card: give up the one least likely to take a trick."))
        if len(action.cards) < len(weak) and len(action.cards) == most:
            return str(_("Keep trumps and side kings; the stock allows no more, so change the weakest "
                         "cards."))
        return str(_("Keep trumps and side kings; the other cards seldom take a trick, so change them."))
    if kind == "king":
        return str(_("Showing the king of trumps scores 1 point at once; it must be done before or as you "
                     "play your first card."))
    card = action.card
    if view.trick:
        if trick_winner(view.trick[0], card, trumps) == 1:
            return str(_("It wins the trick as cheaply as possible."))
        return str(_("No card you may play can win this trick, so give the lowest one."))
    held = [c for c in hand if c[1] == trumps]
    if card[1] == trumps and len(held) == len(hand):
        return str(_("You hold only trumps: lead the highest."))
    if card[1] == trumps:
        return str(_("With %(n)s trumps, lead the highest to draw the opponent's trumps.") % {"n": len(held)})
    if card[0] == "K":
        return str(_("A king is the highest card of its suit: it takes the trick unless it is trumped."))
    return str(_("Lead the highest card of your longest suit and keep your trumps for later."))


def _score_text(score, mine):
    """A score of the summary as a format string: "You score 2 points", "You score nothing"."""
    if score.points == 0:
        return _("You score nothing") if mine else _("%(player)s scores nothing")
    if mine:
        return ngettext("You score %(n)s point", "You score %(n)s points", score.points)
    return ngettext("%(player)s scores %(n)s point", "%(player)s scores %(n)s points", score.points)


def deal_summary(view, seat, names=None):
    """The last finished deal explained: tricks, each score with its rule, vulnerability."""
    if not view.history:
        return None
    names = names or seat_names(seat)
    result = view.history[-1]
    other = 1 - seat
    lines = [{
        "player": names[score.seat],
        "text": _score_text(score, score.seat == seat) % {"player": names[score.seat], "n": score.points},
        "mine": score.seat == seat,
        "points": score.points,
        "rule": score.rule,
        "title": str(RULES[score.rule].title),
        "why": str(_score_reason(score.rule)),
    } for score in result.scores]
    notes = []
    if result.vulnerable is not None:
        notes.append({"rule": "ecarte.score.vulnerable", "title": str(RULES["ecarte.score.vulnerable"].title),
                      "text": str(_("You declined the first exchange and so were vulnerable this deal.")
                                  if result.vulnerable == seat else
                                  _("%(player)s declined the first exchange and so was vulnerable this deal.")
                                  % {"player": names[result.vulnerable]})})
    if not result.finished:
        notes.append({"rule": "ecarte.match.target", "title": str(RULES["ecarte.match.target"].title),
                      "text": str(_("The target was reached during the deal, so its cards were not "
                                    "played out."))})
    return {
        "deal": result.deal,
        "tricks": [(names[seat], result.tricks[seat]), (names[other], result.tricks[other])],
        "lines": lines,
        "notes": notes,
    }


def quiz_facts(game, before, after, seat):
    """What a lesson quiz may ask about a line that ends here: who took the last trick of it, and
    who scored how many points in the deal it finished."""
    facts = {}
    won = [s for s in (0, 1) if after.deal == before.deal and after.tricks[s] > before.tricks[s]]
    if won:
        facts["trick-winner"] = "me" if won[0] == seat else "opponent"
    deals = game.outcome(after).deals
    if len(deals) > len(game.outcome(before).deals):
        last = deals[-1].scores[-1]
        facts["deal-points"] = f"{'me' if last.seat == seat else 'opponent'}:{last.points}"
    return facts

# Homework targets for a deal (the engine's deal_targets).
TARGETS = {
    "win-the-point": TargetText(
        _("Win the point"),
        _("You took three tricks or more and won the point."),
        _("You took fewer than three tricks: the point went to your opponent."),
    ),
    "vole": TargetText(
        _("Take all five tricks (the vole)"),
        _("You took all five tricks: a vole."),
        _("You did not take all five tricks."),
    ),
}


class EcarteUI(GameUI):
    """Écarté as the web layer sees it: the module's functions above, declared as its parts."""

    slug = "ecarte"
    pack = PACK
    rules = RULES
    options = OPTIONS
    targets = TARGETS
    level_labels = LEVEL_LABELS
    hint_level = "expert"  # it answers within HINT_BUDGET (manage.py bench)
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

    @staticmethod
    def phase_text(view, seat):
        return str(PHASES[view.phase])


UI = EcarteUI()
