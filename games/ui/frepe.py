"""How the site speaks about Frepe: rule explanations, actions, the table seen from one seat, the
story of a deal, the settlement as a ledger and the reasons behind the club player's choices."""

import math

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy

from games.engine.actions import Action
from games.engine.results import POT, holder_key, ledger

from . import GameUI, RuleText, TargetText, cards_in_sentence, join_sentences, ring_words

PACK = "spanish"


def _card(code):
    from games.cardnames import card_in_sentence

    return card_in_sentence(code, PACK)


RULES = {
    "frepe.deal.cards": RuleText(
        _("The pack and the deal"),
        _("Frepe uses the 40-card Spanish pack; each player is dealt five cards (six with five players)."),
    ),
    "frepe.deal.sit-out": RuleText(
        _("Seven at the table"),
        _("With seven players the dealer's left-hand neighbour sits the deal out."),
    ),
    "frepe.deal.trump": RuleText(
        _("The turned card"),
        _("The card after the deal is turned face up and gives trumps; the nine left are the stock."),
    ),
    "frepe.ante.empty-pot": RuleText(
        _("Antes into an empty pot"),
        _("When the pot is empty every player puts in the ante."),
    ),
    "frepe.ante.dealer": RuleText(
        _("The dealer's ante"),
        _("When the pot still holds chips only the dealer puts in the ante."),
    ),
    "frepe.turn.order": RuleText(
        _("Whose turn"),
        _("It is not your turn: wait for the player to move."),
    ),
    "frepe.turn.phase": RuleText(
        _("One decision at a time"),
        _("That is not a decision of this moment of the deal."),
    ),
    "frepe.card.in-hand": RuleText(
        _("Only your own cards"),
        _("You do not hold the %(card)s."),
    ),
    "frepe.trump.take": RuleText(
        _("Taking the turned card"),
        _("The dealer may take the turned card into his hand by discarding one card of his own face down."),
        {"discard-one": _("To take the %(turned)s, discard exactly one card of your hand.")},
    ),
    "frepe.trump.double": RuleText(
        _("The dealer pays double"),
        _("A dealer who took the turned card and gets frepe pays double."),
    ),
    "frepe.declare.choice": RuleText(
        _("Play or pass"),
        _("Say play or pass: a player who passes lays the hand down and sits out the rest of the deal."),
    ),
    "frepe.declare.dealer-plays": RuleText(
        _("The dealer plays"),
        _("The dealer cannot pass: he always plays."),
    ),
    "frepe.allpass.dummy": RuleText(
        _("The dummy"),
        _("When everyone else passes, the dealer's right-hand neighbour plays as a dummy: he lays his hand "
          "down, draws six cards from the stock and discards one."),
        {"discard-one": _("The dummy holds %(held)s cards and must discard exactly one.")},
    ),
    "frepe.exchange.count": RuleText(
        _("The exchange"),
        _("You may discard at most %(most)s cards here, and you chose %(discarded)s."),
    ),
    "frepe.exchange.five-players": RuleText(
        _("The exchange with five players"),
        _("With five players everyone discards at least %(least)s card and draws one fewer."),
    ),
    "frepe.exchange.reshuffle": RuleText(
        _("A new stock"),
        _("When the stock runs out, the other players' discards are shuffled into a new one."),
    ),
    "frepe.play.lead": RuleText(
        _("The lead"),
        _("The first player in play to the dealer's right leads; the winner of a trick leads to the next."),
    ),
    "frepe.play.follow-suit": RuleText(
        _("Follow suit"),
        _("You hold %(follow_with)s: you must follow the suit of the %(led)s."),
    ),
    "frepe.play.head": RuleText(
        _("Beat the best card"),
        _("Following suit, you must beat the %(best)s when you can, and %(higher)s would beat it."),
    ),
    "frepe.play.must-trump": RuleText(
        _("Trump when void"),
        _("The %(led)s was led and you have no card of its suit, so you must play a trump: %(trump_with)s."),
    ),
    "frepe.play.overtrump": RuleText(
        _("Over a trump"),
        _("The trick is trumped with the %(best)s and you cannot follow suit: play a higher trump if you can, "
          "and otherwise still a trump."),
    ),
    "frepe.trick.winner": RuleText(
        _("Who takes the trick"),
        _("The highest trump takes the trick; without a trump, the highest card of the suit led."),
    ),
    "frepe.trick.rank": RuleText(
        _("The order of the cards"),
        _("In every suit the cards rank ace, three, king, knight, knave, seven, six, five, four, two."),
    ),
    "frepe.frepe.tricks": RuleText(
        _("Frepe"),
        _("A player in play who takes fewer than two of the five tricks gets frepe."),
    ),
    "frepe.settle.pays-winners": RuleText(
        _("Frepe pays"),
        _("Each player who gets frepe pays each player who escapes it as many chips as the pot holds."),
    ),
    "frepe.settle.pot-shared": RuleText(
        _("Sharing the pot"),
        _("The players who escape frepe share the pot equally; one alone takes it all."),
    ),
    "frepe.settle.odd-chip": RuleText(
        _("The odd chip"),
        _("A chip that cannot be shared goes to the one with more tricks, or with equal tricks to the one "
          "nearer the dealer's right."),
    ),
    "frepe.settle.no-winner": RuleText(
        _("Nobody escapes"),
        _("When nobody escapes frepe, nobody pays and the pot stays for the next deal."),
    ),
    "frepe.spanish.share": RuleText(
        _("A fifth of the pot per trick"),
        _("Under the Spanish payout each trick takes a fifth of the pot."),
    ),
    "frepe.spanish.frepe": RuleText(
        _("Frepe feeds the pot"),
        _("Under the Spanish payout a player who gets frepe pays the pot's worth into the pot."),
    ),
    "frepe.allpass.sweep": RuleText(
        _("The dealer sweeps the pot"),
        _("Against the dummy, a dealer who takes four or five tricks takes the whole pot."),
    ),
    "frepe.allpass.half": RuleText(
        _("Half the pot"),
        _("Against the dummy, a dealer who takes two or three tricks takes half the pot."),
    ),
    "frepe.allpass.frepe": RuleText(
        _("The dealer's frepe against the dummy"),
        _("Against the dummy, a dealer who gets frepe pays the pot's worth into the pot."),
    ),
    "frepe.session.next-deal": RuleText(
        _("The next deal"),
        _("After each deal the player to the dealer's right deals the next."),
    ),
    "frepe.session.rounds": RuleText(
        _("The session"),
        _("A session is a number of deals chosen at the start; the best balance wins."),
    ),
    "frepe.session.pot-shared": RuleText(
        _("The pot at the end"),
        _("Chips left in the pot at the end of the session are shared equally by everyone."),
    ),
    "frepe.session.over": RuleText(
        _("Session over"),
        _("The session is over: nothing more can be played."),
    ),
}

ACTIONS = {
    "leave": pgettext_lazy("frepe action", "Leave the turned card"),
    "take": pgettext_lazy("frepe action", "Take the turned card, discarding the ticked card"),
    "play": pgettext_lazy("frepe action", "Play"),
    "pass": pgettext_lazy("frepe action", "Pass"),
    "dummy": pgettext_lazy("frepe action", "Discard the ticked card"),
    "next": pgettext_lazy("frepe action", "Next deal"),
}

PHASES = {
    "trump": _("The dealer decides: take the turned card (and discard one), or leave it."),
    "declare": _("Play or pass: each player in turn, from the dealer's right."),
    "dummy": _("Everyone passed: the dummy discards one of his six cards."),
    "exchange": _("The exchange: discard and draw, from the dealer's right, the dealer last."),
    "play": _("Trick play: take at least two tricks to escape frepe."),
    "end": _("The deal is settled."),
    "over": _("The session is over."),
}

STATUS = {
    "o": pgettext_lazy("frepe seat", "sitting out"),
    "?": pgettext_lazy("frepe seat", "to say"),
    "p": pgettext_lazy("frepe seat", "playing"),
    "x": pgettext_lazy("frepe seat", "passed"),
    "m": pgettext_lazy("frepe seat", "dummy"),
}

SCORE_LEGEND = _("chips")

LEVEL_LABELS = {
    "beginner": _("Beginner: any legal choice, at random"),
    "club": _("Club player: plays a hand worth two tricks, wins tricks cheaply"),
    "expert": _("Expert: plays each choice out in deals it cannot rule out"),
}

OPTIONS = {
    "ante": (_("The ante"), {1: _("1 chip"), 2: _("2 chips")}),
    "dealer_takes_trump_at": (_("When the dealer may take the turned card"), {
        "before-declarations": _("before anyone says play or pass"),
        "at-dealer-exchange": _("when his turn to exchange comes"),
    }),
    "may_discard_if_cannot_overtrump": (_("A trumped trick you cannot overtrump"), {
        False: _("you must still play a trump"),
        True: _("you may play any card"),
    }),
    "reshuffle_includes_passed_hands": (_("A new stock"), {
        True: _("from the discards, then the hands laid down"),
        False: _("from the discards only"),
    }),
    "no_winner_rule": (_("When nobody escapes frepe"), {
        "carry": _("nobody pays; the pot stays"),
        "frepe-pays-pot": _("each pays the pot's worth into the pot"),
    }),
    "payout_model": (_("Payments"), {
        "seed": _("frepe pays the winners; the winners share the pot"),
        "spanish": _("a fifth of the pot per trick; frepe pays into the pot (Spanish)"),
    }),
    "sit_out_antes": (_("The player sitting out (seven players)"), {
        True: _("antes too when the pot is refilled"),
        False: _("does not ante"),
    }),
    "rounds": (_("Session length"), {
        0: _("each player deals twice"),
        1: _("one deal"),
        6: _("6 deals"),
        12: _("12 deals"),
    }),
}

TARGETS = {
    "escape-frepe": TargetText(
        _("Escape frepe"),
        _("You played and took at least two tricks."),
        _("You played and took fewer than two tricks: frepe."),
    ),
    "win-chips": TargetText(
        _("Come out of the deal with more chips"),
        _("You ended the deal with more chips than you started it with."),
        _("You did not gain chips in this deal."),
    ),
}


def seat_names(viewer, players=6):
    """You, then the others by their place in playing order after you: Player 2 is on your right
    and plays after you."""
    names = {viewer: str(_("You"))}
    for k in range(1, players):
        names[(viewer + k) % players] = str(_("Player %(n)s") % {"n": k + 1})
    return names


def _names(view, seat, names):
    return names or seat_names(seat, view.players)


def _suit_name(code):
    from games.cardnames import SPANISH_SUITS

    return str(SPANISH_SUITS[code])


def _trick_winner_seat(state, leader, cards):
    from games.frepe.rules import trick_winner

    return state.seat_of(leader, trick_winner(cards, state.trumps))


def _net(record, players):
    """Each seat's chips won (above zero) or paid in one finished deal, antes included (the deal's
    payments added up once for every seat: the chart asks this of each deal of the session)."""
    book = ledger(record.payments)
    return [book.get(holder_key(s), 0) for s in range(players)]


def _signed(n):
    """A gain or loss as a table shows it: +3, −2 (a true minus sign), 0."""
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def _signed_tenths(x):
    """+0.8, −1.0 (a true minus sign), 0.0."""
    text = f"{abs(x):.1f}"
    return text if text == "0.0" else ("+" if x > 0 else "\u2212") + text


def _holder_name(holder, names):
    return str(_("the pot")) if holder == POT else names[holder]


# --- the story of a deal ---------------------------------------------------------------------------
def narrate(game, before, seat, action, after, names=None, viewer=None):
    """What happened, in sentences of the page language; reveals nothing a player cannot see."""
    from games.frepe.game import draws_for

    names = names or seat_names(viewer if viewer is not None else seat, before.players)
    who = names[seat]
    me = viewer is not None and seat == viewer
    facts = {"player": who}
    out = []
    kind = action.kind
    if kind == "leave":
        out.append((_("You leave the turned card.") if me else _("%(player)s leaves the turned card.")) % facts)
    elif kind == "take":
        facts.update(card=_card(before.turned), out=_card(action.cards[0]))
        out.append((_("You take the %(card)s into your hand and discard the %(out)s face down.") if me else
                    _("%(player)s takes the %(card)s into the hand and discards a card face down.")) % facts)
    elif kind == "declare" and action.choice == "play":
        out.append((_("You play.") if me else _("%(player)s plays.")) % facts)
    elif kind == "declare":
        out.append((_("You pass and lay your hand down.") if me else _("%(player)s passes.")) % facts)
    elif kind == "discard" and before.phase == "dummy":
        out.append((_("You, the dummy, discard one card face down.") if me else
                    _("%(player)s, the dummy, discards one card face down.")) % facts)
    elif kind == "discard":
        n = len(action.cards)
        drawn = draws_for(before.players, n)
        facts.update(n=n, d=drawn)
        if not n:
            out.append((_("You keep your hand.") if me else _("%(player)s keeps the hand.")) % facts)
        elif me:
            out.append(ngettext("You discard %(n)s card and draw %(d)s.",
                                "You discard %(n)s cards and draw %(d)s.", n) % facts)
        else:
            out.append(ngettext("%(player)s discards %(n)s card and draws %(d)s.",
                                "%(player)s discards %(n)s cards and draws %(d)s.", n) % facts)
        if drawn > len(before.stock):
            out.append(_("The stock ran out: the discards are shuffled into a new one."))
    elif kind == "play":
        out.append((_("You play the %(card)s.") if me else _("%(player)s plays the %(card)s."))
                   % {"player": who, "card": _card(action.cards[0])})
        if len(after.done) > len(before.done):
            winner = _trick_winner_seat(after, *after.done[-1])
            out.append((_("You take the trick.") if winner == viewer else _("%(player)s takes the trick."))
                       % {"player": names[winner]})
    elif kind == "next":
        out.extend(_deal_lines(after, names, viewer))
    if kind == "declare" and after.phase == "dummy":
        dummy = after.dummy
        out.append((_("Everyone else passed: you play as the dummy, with six cards from the stock.")
                    if dummy == viewer else
                    _("Everyone else passed: %(player)s plays as the dummy, with six cards from the stock."))
                   % {"player": names[dummy]})
    if after.phase == "play" and before.phase != "play":
        out.append((_("The tricks begin: you lead.") if after.leader == viewer else
                    _("The tricks begin: %(player)s leads.")) % {"player": names[after.leader]})
    if len(after.history) > len(before.history):
        out.extend(_settled_lines(after, names, viewer))
    return [str(line) for line in out]


def _settled_lines(state, names, viewer):
    record = state.history[-1]
    out = []
    frepe = record.frepe
    if record.case == "no-winner":
        out.append(_("Nobody escaped frepe."))
    elif frepe:
        others = [names[s] for s in frepe if s != viewer]
        listed = pgettext("list separator", ", ").join(others)
        if viewer in frepe and others:
            out.append(ngettext("You and %(players)s get frepe.", "You and %(players)s get frepe.", len(others))
                       % {"players": listed})
        elif viewer in frepe:
            out.append(_("You get frepe."))
        else:
            out.append(ngettext("%(players)s gets frepe.", "%(players)s get frepe.", len(others))
                       % {"players": listed})
    else:
        out.append(_("Nobody got frepe."))
    if viewer is not None:
        net = _net(record, state.players)[viewer]
        if net > 0:
            out.append(ngettext("You win %(n)s chip in this deal.", "You win %(n)s chips in this deal.", net)
                       % {"n": net})
        elif net < 0:
            out.append(ngettext("You lose %(n)s chip in this deal.", "You lose %(n)s chips in this deal.", -net)
                       % {"n": -net})
        else:
            out.append(_("Your chips are as they were before the deal."))
    if state.phase == "over":
        best = max(state.balances)
        winners = [s for s in range(state.players) if state.balances[s] == best]
        shared = [names[s] for s in winners if s != viewer]
        if viewer in winners and shared:
            out.append(_("The session is over: you share the best balance (%(n)s) with %(players)s.") % {
                "n": best, "players": pgettext("list separator", ", ").join(shared)})
        elif viewer in winners:
            out.append(_("The session is over, and you finish with the best balance (%(n)s).") % {"n": best})
        else:
            out.append(ngettext("The session is over: %(players)s finishes with the best balance (%(n)s).",
                                "The session is over: %(players)s finish with the best balance (%(n)s).",
                                len(winners)) % {
                "players": pgettext("list separator", ", ").join(names[s] for s in winners), "n": best})
    return out


def _deal_lines(state, names, viewer=None):
    """Who deals, the antes, who sits out and the turned card, at the start of a deal."""
    facts = {"deal": state.deal, "deals": state.options.deals(state.players), "player": names[state.dealer]}
    out = [(_("Deal %(deal)s of %(deals)s: you deal.") if state.dealer == viewer else
            _("Deal %(deal)s of %(deals)s: %(player)s deals.")) % facts]
    antes = [p for p in state.paid if p.payee == POT and p.rule.startswith("frepe.ante.")]
    amount = state.options.ante
    if any(p.rule == "frepe.ante.empty-pot" for p in antes):
        out.append(ngettext("The pot was empty: everyone antes %(n)s chip.",
                            "The pot was empty: everyone antes %(n)s chips.", amount) % {"n": amount})
    elif antes:
        out.append(ngettext("The dealer antes %(n)s chip; the pot holds %(pot)s.",
                            "The dealer antes %(n)s chips; the pot holds %(pot)s.", amount)
                   % {"n": amount, "pot": state.pot})
    if state.sitting_out is not None:
        out.append((_("You sit this deal out.") if state.sitting_out == viewer else
                    _("%(player)s sits this deal out.")) % {"player": names[state.sitting_out]})
    out.append(_("The %(card)s is turned: %(suit)s are trumps.") % {
        "card": _card(state.turned), "suit": _suit_name(state.trumps)})
    return out


def opening(view, seat, names=None):
    """The first lines of a deal's log, told to `seat`."""
    return [str(line) for line in _deal_lines(view, _names(view, seat, names), seat)]


# --- the board -------------------------------------------------------------------------------------
BOARD_FACTS = {}
QUICK_MATCH = {"rounds": 6}  # six deals: short, yet every seat of five or six deals (and so plays) once


def _known(cards):
    """Cards shown where every one is known (a replay, an open example); a player's view never is."""
    return tuple(cards) if cards and None not in cards else ()


def _warning(view, s, tricks):
    """'sure' when a seat in play can no longer take two tricks, 'risk' while it has fewer than two."""
    from games.frepe.rules import SAFE, TRICKS

    if view.phase != "play" or view.status[s] != "p":
        return None
    if tricks[s] + (TRICKS - len(view.done)) < SAFE:
        return "sure"
    return "risk" if tricks[s] < SAFE else None


# The seat ring's word for a seat's warning (_warning): bound to get frepe, or not yet safe from it.
WARNING_LABELS = {"sure": _("frepe"), "risk": _("frepe?")}


def _seat(view, s, names, tricks, to_move):
    hand = view.hands[s]
    warning = _warning(view, s, tricks)
    return {
        "seat": s, "name": names[s], "chips": view.balances[s], "status": view.status[s],
        "status_label": str(STATUS[view.status[s]]), "tricks": tricks[s],
        **ring_words(chips=view.balances[s], tricks=tricks[s], cards=len(hand)),
        "dealer": view.dealer == s, "to_move": s in to_move, "warning": warning,
        "warning_label": str(WARNING_LABELS[warning]) if warning else None,
        "cards": len(hand), "open_cards": _known(hand),
        "open_groups": [{"label": str(label), "cards": cards} for label, cards in (
            (_("laid down:"), _known(view.passed[s])), (_("discards:"), _known(view.discards[s]))) if cards],
        "shown": tuple(c for c in hand if c is not None) if None in hand else (),
        "in_play": view.status[s] in "pm",
    }


def board(view, seat, names=None):
    """What the Frepe table shows from one seat, for templates/games/frepe/board.html."""
    from games.frepe import GAME

    names = _names(view, seat, names)
    n = view.players
    tricks = view.tricks_taken()
    to_move = GAME.to_move(view) if view.phase not in ("end", "over") else frozenset()
    # The others from the left-hand neighbour round to the right-hand one: play, which goes to the
    # right, then runs across the top of the table from right to left.
    ring = [_seat(view, (seat - k) % n, names, tricks, to_move) for k in range(1, n)]
    trick = [(names[view.seat_of(view.leader, i)], card) for i, card in enumerate(view.trick)]
    return {
        "seat": seat, "names": names, "me": names[seat], "ring": ring,
        "mine": _seat(view, seat, names, tricks, to_move),
        "hand": view.hands[seat], "hand_zone": f"hand.{seat}",
        "passed": _known(view.passed[seat]), "my_discards": _known(view.discards[seat]),
        "pot": view.pot, "ante": view.options.ante, "taken": view.taken,
        # Once the dealer has taken the turned card, it is drawn only while the view shows where it
        # is (in his hand until his exchange; for all the others know he may then discard it).
        "turned": view.turned if not view.taken or any(view.turned in hand for hand in view.hands) else None,
        "trumps": _suit_name(view.trumps), "stock": len(view.stock),
        "trick": trick, "last_trick": _last_trick(view, names, seat),
        "phase": view.phase, "phase_text": phase_text(view, seat), "deal": view.deal,
        "deals": view.options.deals(n), "dealer": names[view.dealer], "i_deal": view.dealer == seat,
        "my_turn": seat in to_move,
    }


def _last_trick(view, names, seat):
    if view.trick or not view.done or view.phase not in ("play", "end", "over"):
        return None
    leader, cards = view.done[-1]
    winner = _trick_winner_seat(view, leader, cards)
    return {"cards": [(names[view.seat_of(leader, i)], c) for i, c in enumerate(cards)],
            "winner": names[winner], "mine": winner == seat}


# --- the controls ----------------------------------------------------------------------------------
def controls(game, state, seat, only_legal=False):
    """The decisions open to `seat`: take the turned card by ticking the card to discard, or leave
    it; play or pass; the dummy's discard; the exchange's discards, ticked; each card of the hand in
    the tricks (one the rules forbid may still be tried, and the engine says why); the next deal."""
    from games.controls import Button, CardButton, ChoiceGroup, Controls, TickCards

    if seat not in game.to_move(state):
        return Controls()
    legal = set(game.legal_actions(state, seat))
    phase = state.phase
    hand = tuple(c for c in state.hands[seat] if c is not None)
    zone = f"hand.{seat}"
    if phase == "trump":
        takes = frozenset(a.cards[0] for a in legal if a.kind == "take")
        items = []
        if takes:
            label = ACTIONS["take"]
            items.append(TickCards(Action("take"), str(label), zone, hand, takes, 1, 1))
        items.append(Button(Action("leave"), str(ACTIONS["leave"]), Action("leave") in legal))
        return Controls(items)
    if phase == "declare":
        buttons = tuple(Button(a, str(ACTIONS[a.choice]), a in legal)
                        for a in game.candidate_actions(state, seat) if a in legal or not only_legal)
        return Controls([ChoiceGroup(str(_("Play or pass?")), buttons)])
    if phase == "dummy":
        return Controls([TickCards(Action("discard"), str(ACTIONS["dummy"]), zone, hand, frozenset(hand), 1, 1)])
    if phase == "exchange":
        least, most = game.exchange_bounds(state, seat)
        if least == most:
            label = ngettext("Discard the ticked card and draw", "Discard the %(n)s ticked cards and draw",
                             most) % {"n": most}
        elif least == 0:
            label = _("Discard the ticked cards and draw (none keeps your hand; at most %(b)s)") % {"b": most}
        else:
            label = _("Discard the ticked cards and draw (%(a)s–%(b)s)") % {"a": least, "b": most}
        return Controls([TickCards(Action("discard"), str(label), zone, hand, frozenset(hand), least, most)])
    if phase == "play":
        items = []
        for c in hand:
            action = Action("play", (c,))
            ok = action in legal
            if ok or not only_legal:
                items.append(CardButton(c, zone, action, ok))
        return Controls(items)
    return Controls([Button(a, str(ACTIONS["next"])) for a in sorted(legal) if a.kind == "next"])


def describe(view, seat, action):
    """An action as the end of a sentence ("play the three of cups")."""
    kind = action.kind
    if kind == "play":
        return str(_("play the %(card)s") % {"card": _card(action.cards[0])})
    if kind == "take":
        return str(_("take the turned card and discard the %(card)s") % {"card": _card(action.cards[0])})
    if kind == "leave":
        return str(_("leave the turned card"))
    if kind == "declare":
        return str(_("play the hand") if action.choice == "play" else _("pass"))
    if kind == "discard":
        if not action.cards:
            return str(_("keep your hand"))
        return str(_("discard %(cards)s") % {"cards": cards_in_sentence(action.cards, PACK, named=5)})
    return str(_("go on to the next deal"))


def action_label(view, seat, action):
    text = describe(view, seat, action)
    return text[:1].upper() + text[1:]


# --- the hint's reasons ----------------------------------------------------------------------------
HINT_DEALS = 200  # the most deals sampled on the spot for the play-or-pass hint's figure
HINT_SECONDS = 0.15  # and the time they may take: the hint as a whole answers within HINT_BUDGET


def _play_figure(view, seat):
    """Play-or-pass weighed on the spot: in HINT_DEALS deals dealt from the view (the platform's
    sampler), everyone then playing as the club player, how often playing escapes frepe and the
    chips it wins on average (passing wins nothing more and pays nothing more)."""
    from games.frepe import GAME
    from games.frepe.notation import to_text
    from games.frepe.sampling import play_or_pass_figures

    found = play_or_pass_figures(GAME, view, seat, to_text(view), range(HINT_DEALS), HINT_SECONDS)
    chips = [x for x, _escaped in found]
    n = len(chips)
    p = sum(escaped for _x, escaped in found) / n
    mean = sum(chips) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in chips) / (n - 1))
    return {"pct": round(100 * p), "pct_pm": max(1, round(196 * math.sqrt(p * (1 - p) / n))), "n": n,
            "chips": _signed_tenths(mean), "chips_pm": f"{1.96 * sd / math.sqrt(n):.1f}"}


def hint_reason(view, seat, action):
    """Why the club player (games.frepe.bots.Club) makes this choice, by its own tests; for play or
    pass, with the figure of the deals sampled from the reader's view."""
    from games.frepe.bots import expected_tricks, worth
    from games.frepe.rules import beats, trick_winner

    hand = [c for c in view.hands[seat] if c is not None]
    trumps = view.trumps
    kind = action.kind
    if kind == "next":
        return str(_("The deal is settled; the player on the dealer's right deals the next."))
    if kind == "take":
        return str(_("The %(card)s is a high trump, worth more than your %(out)s, the card least likely to "
                     "take a trick.") % {"card": _card(view.turned), "out": _card(action.cards[0])})
    if kind == "leave":
        return str(_("The turned card is not worth more than any card of your hand: leave it."))
    if kind == "declare":
        tricks = expected_tricks(hand, trumps)
        if action.choice == "play":
            text = _("Trumps and aces count most: this hand should take about %(n)s tricks, enough to escape "
                     "frepe.")
        else:
            text = _("Trumps and aces count most: this hand promises only about %(n)s tricks, short of the two "
                     "you need to escape frepe.")
        lines = [text % {"n": f"{tricks:.1f}"}]
        if view.phase == "declare" and seat == view.to:
            lines.append(_("Played out from your view by the club player, playing escapes frepe in %(pct)s%% "
                           "± %(pct_pm)s%% of %(n)s deals you cannot rule out, and its chips for the deal come to "
                           "%(chips)s on average (± %(chips_pm)s); passing pays nothing more.") % _play_figure(view, seat))
        return join_sentences(lines)
    if kind == "discard" and view.phase == "dummy":
        return str(_("Throw away the card least likely to take a trick."))
    if kind == "discard":
        if not action.cards:
            return str(_("Every card here may take a trick: keep them all."))
        weak = [c for c in hand if worth(c, trumps) < 0.4]
        if len(action.cards) > len(weak):
            return str(_("You must discard at least one card: give up the one least likely to take a trick."))
        return str(_("Keep trumps and aces; low cards of the other suits seldom take a trick, so change them."))
    card = action.cards[0]
    if not view.trick:
        if card[1] == trumps:
            return str(_("Lead your strongest card: a high trump draws the others' trumps."))
        return str(_("Lead your strongest card: a side ace may take the trick before anyone can trump it."))
    best = view.trick[trick_winner(view.trick, trumps)]
    if beats(card, best, trumps):
        return str(_("It takes the trick as cheaply as possible."))
    return str(_("No card you may play can take this trick, so give away the weakest."))


# --- the end of a deal -----------------------------------------------------------------------------
CASES = {
    "normal": _("Those who took two tricks or more escaped frepe."),
    "no-winner": _("Nobody escaped frepe."),
    "all-pass": _("Everyone passed: the dealer played against the dummy."),
}


def _why(payment):
    return str(RULES[payment.rule].title)


def _balance_chart(view, names, seat):
    """Each seat's balance after every deal of the session so far, as SVG polylines (the reader's
    drawn last and thicker)."""
    n = view.players
    balances = [0] * n
    rows = [tuple(balances)]
    for record in view.history:
        for s, x in enumerate(_net(record, n)):
            balances[s] += x
        rows.append(tuple(balances))
    low = min(min(r) for r in rows)
    high = max(max(r) for r in rows)
    if high == low:
        high, low = high + 1, low - 1
    width, height, pad = 320, 160, 12
    steps = max(1, len(rows) - 1)

    def point(i, value):
        x = pad + (width - 2 * pad) * i / steps
        y = pad + (height - 2 * pad) * (high - value) / (high - low)
        return f"{x:.1f},{y:.1f}"

    zero = pad + (height - 2 * pad) * high / (high - low)
    lines = []
    for s in sorted(range(n), key=lambda s: s == seat):
        lines.append({"name": names[s], "mine": s == seat, "hue": (s * 360 // n) % 360,
                      "points": " ".join(point(i, r[s]) for i, r in enumerate(rows)),
                      "last": rows[-1][s]})
    # The same figures as a table, for a screen reader: each seat's balance after each deal.
    table = [{"name": names[s], "mine": s == seat, "balances": [_signed(r[s]) for r in rows[1:]]} for s in range(n)]
    return {"width": width, "height": height, "lines": lines, "zero": f"{zero:.1f}", "high": high, "low": low,
            "deals": len(rows) - 1, "table": table,
            "headings": [gettext("Deal %(n)s") % {"n": n} for n in range(1, len(rows))]}


def _ledger(payments, names, seat):
    """The payments as a ledger's rows: one row for each run of payments under one rule of one amount
    from several holders to the same one (the antes) or from one holder to several (a pot shared)."""
    groups = []
    for p in payments:
        last = groups[-1] if groups else None
        if last and last[0].rule == p.rule and last[0].amount == p.amount and (
                (last[0].payee == p.payee and len({q.payer for q in last}) == len(last) and all(
                    q.payee == p.payee for q in last)) or
                (last[0].payer == p.payer and all(q.payer == p.payer for q in last))):
            last.append(p)
        else:
            groups.append([p])
    separator = pgettext("list separator", ", ")

    def first(holders):  # the reader first in a list: "You, Player 2, Player 3"
        return sorted(dict.fromkeys(holders), key=lambda h: h != seat)

    rows = []
    for group in groups:
        payers = [_holder_name(h, names) for h in first(p.payer for p in group)]
        payees = [_holder_name(h, names) for h in first(p.payee for p in group)]
        rows.append({"payer": separator.join(payers), "payee": separator.join(payees),
                     "amount": group[0].amount, "count": len(group), "total": group[0].amount * len(group),
                     "rule": group[0].rule, "title": _why(group[0]),
                     "mine": any(seat in (p.payer, p.payee) for p in group)})
    return rows


def deal_summary(view, seat, names=None):
    """The last finished deal explained: tricks and frepe, the ledger of payments with the rule of
    each, every seat's gain or loss, and the balances of the session with their chart."""
    if not view.history or view.phase not in ("end", "over"):
        return None
    names = _names(view, seat, names)
    record = view.history[-1]
    n = view.players
    net = _net(record, n)
    ledger = _ledger(record.payments, names, seat)
    players = [{"name": names[s], "mine": s == seat, "tricks": record.tricks[s] if s in record.active else None,
                "status": (str(STATUS["o"]) if s == record.sitting_out else
                           str(STATUS["m"]) if s == record.dummy else
                           str(STATUS["p"]) if s in record.active else str(STATUS["x"])),
                "frepe": s in record.frepe, "net": net[s], "net_text": _signed(net[s]), "balance": _signed(view.balances[s])}
               for s in [(record.dealer + k) % n for k in range(1, n + 1)]]
    case_rule = {"no-winner": "frepe.settle.no-winner", "all-pass": "frepe.allpass.dummy"}.get(
        record.case, "frepe.frepe.tricks")
    return {
        "deal": record.deal, "deals": view.options.deals(n), "pot": record.pot, "pot_after": view.pot,
        "case": str(CASES[record.case]), "case_rule": case_rule, "case_title": str(RULES[case_rule].title),
        "took_trump": names[record.dealer] if record.took_trump else None,
        "players": players, "ledger": ledger, "chart": _balance_chart(view, names, seat),
        "lines": [str(line) for line in _settled_lines(view, names, seat)],
        "over": view.phase == "over",
    }


def quiz_facts(game, before, after, seat):
    """What a lesson quiz may ask about a line that ends here: who took its last trick (a seat), and
    of the deal it finished, who got frepe ("none", or seats "0,6"), every seat's net chips antes
    included ("0:+2 1:-1 ..."), and what the pot holds after the settlement."""
    facts = {}
    if len(after.done) > len(before.done) and after.deal == before.deal:
        facts["trick-winner"] = str(_trick_winner_seat(after, *after.done[-1]))
    if len(after.history) > len(before.history):
        record = after.history[-1]
        facts["frepe"] = ",".join(str(s) for s in sorted(record.frepe)) or "none"
        facts["net"] = " ".join(f"{s}:{x:+d}" for s, x in enumerate(_net(record, after.players)))
        facts["pot"] = str(after.pot)
    return facts


def phase_text(view, seat):
    if view.phase == "declare" and view.to == seat:
        return str(_("Play or pass? To escape frepe you need two of the five tricks."))
    if view.phase == "exchange" and view.to == seat:
        from games.frepe import GAME

        least, most = GAME.exchange_bounds(view, seat)
        if view.players == 5:
            return str(_("Your exchange: discard from %(a)s to %(b)s cards and draw one fewer.") % {"a": least, "b": most})
        return str(_("Your exchange: discard up to %(b)s cards and draw as many.") % {"b": most})
    return str(PHASES[view.phase])


class FrepeUI(GameUI):
    """Frepe as the web layer sees it: the module's functions above, declared as its parts."""

    slug = "frepe"
    pack = PACK
    rules = RULES
    options = OPTIONS
    targets = TARGETS
    level_labels = LEVEL_LABELS
    hint_level = "expert"  # it answers within HINT_BUDGET (manage.py bench)
    score_legend = SCORE_LEGEND
    board_facts = BOARD_FACTS
    quick_match = QUICK_MATCH
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
    action_label = staticmethod(action_label)


UI = FrepeUI()
