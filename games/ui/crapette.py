"""How the site speaks about Crapette: rule explanations, the board seen from one seat, the controls
of a move (a card, then where it goes), the story of a turn of many moves, Stop! calls, hint reasons
and the end of a deal.

Two packs hold every card twice, so a card is always named with its place: a control is a card in a
zone (the top of house 3, the reserve of seat 0, the exposed hand card), never a code alone.
"""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy

from games.engine.actions import Action

from . import GameUI, RuleText, TargetText

PACK = "french"

RULES = {
    # The deal and who starts
    "crapette.deal.layout": RuleText(
        _("The layout"),
        _("Each player deals his own pack: a reserve of 13 cards with only the top one face up, four "
          "houses face up, and the remaining 35 cards face down as his talon. The eight foundations "
          "start empty."),
    ),
    "crapette.start.reserve-top": RuleText(
        _("Who starts"),
        _("The player whose reserve shows the higher card starts the first deal (ace low); under the "
          "variant, the lower card starts."),
    ),
    "crapette.start.tie-break": RuleText(
        _("Breaking a tie for the start"),
        _("When the reserve cards are equal, the houses are compared pair by pair, starting next to the "
          "reserves; then the suits of the reserve cards (spades, hearts, diamonds, clubs); then a coin."),
    ),
    "crapette.start.alternate": RuleText(
        _("Taking turns to start"),
        _("After the first deal the players take turns to start."),
    ),
    # Whose decision
    "crapette.turn.order": RuleText(
        _("Whose turn"),
        _("It is not your turn: only the player whose turn it is moves cards."),
    ),
    "crapette.turn.phase": RuleText(
        _("One thing at a time"),
        _("That is not something the game offers at this moment."),
    ),
    # Which cards may move
    "crapette.card.available": RuleText(
        _("Cards you may move"),
        _("Only three kinds of card may move: the face-up top card of your reserve, the top card of a "
          "house and your hand card."),
        reasons={
            "opponent": _("That card belongs to your opponent's piles: you can load cards onto them, but "
                          "never take one from them."),
            "not-top": _("Only the top card of a pile may move, and the top card there is the %(top)s."),
            "empty": _("There is no card there to move."),
            "talon": _("The cards of your talon are turned up one at a time; they cannot be moved "
                       "directly."),
            "foundation": _("A card on a foundation stays there for the rest of the deal."),
        },
    ),
    "crapette.card.single": RuleText(
        _("One card at a time"),
        _("Cards move one at a time; a run of cards in a house can only be moved card by card."),
    ),
    "crapette.card.own-waste": RuleText(
        _("Your own waste pile"),
        _("Cards on your own waste pile cannot be played from it; they come back only when the waste "
          "is turned over as a new talon."),
    ),
    # Where they may go
    "crapette.foundation.ace": RuleText(
        _("Starting a foundation"),
        _("An empty foundation takes only an ace, and the %(card)s is not one."),
        reasons={
            "first-space": _("A new foundation is started on the first free space."),
        },
    ),
    "crapette.foundation.follow": RuleText(
        _("Building a foundation"),
        _("A foundation is built up in its own suit, one rank at a time: the %(card)s does not follow "
          "the %(top)s."),
    ),
    "crapette.house.space": RuleText(
        _("An empty house"),
        _("An empty house takes any card you may move."),
        reasons={
            "first-space": _("A card moved into a space goes to the first empty house: the houses are all "
                             "alike, so the site fills them in order."),
        },
    ),
    "crapette.house.build": RuleText(
        _("Building on a house"),
        _("A house is built down in alternating colours: the %(card)s cannot go on the %(top)s. It needs "
          "a card one rank lower, of the other colour."),
    ),
    "crapette.load.suit": RuleText(
        _("Loading your opponent"),
        _("A card loaded onto your opponent's reserve or waste must be of the same suit and one rank "
          "higher or lower: the %(card)s does not fit on the %(top)s."),
    ),
    "crapette.load.empty": RuleText(
        _("Nothing to load onto"),
        _("Your opponent's pile is empty: with no top card to match, nothing can be loaded onto it."),
    ),
    "crapette.move.target": RuleText(
        _("Where cards may go"),
        _("A card may go to a foundation, a house, your opponent's reserve or waste, or (your hand card "
          "only) your own waste. Never to your own reserve, a talon, or back where it came from."),
    ),
    "crapette.waste.hand-card": RuleText(
        _("What goes on your waste"),
        _("Only your hand card may be put on your own waste pile."),
    ),
    "crapette.waste.ends-turn": RuleText(
        _("The waste ends the turn"),
        _("Putting your hand card on your own waste pile ends your turn."),
    ),
    "crapette.reserve.turn-up": RuleText(
        _("The next reserve card"),
        _("When the top card of a reserve leaves it, the next card is turned face up at once."),
    ),
    # The talon and the hand card
    "crapette.talon.turn": RuleText(
        _("Turning up a card"),
        _("You may turn up the next card of your talon only when no hand card is showing: your hand "
          "card, the %(hand)s, must be placed first."),
    ),
    "crapette.talon.recycle": RuleText(
        _("The waste becomes the talon"),
        _("When your talon is empty and you need a card, your waste pile is turned over, without "
          "shuffling, as your new talon."),
    ),
    "crapette.talon.empty": RuleText(
        _("Nothing to turn"),
        _("Your talon and your waste are both empty: there is no card left to turn up."),
    ),
    "crapette.hand.move-next": RuleText(
        _("The hand card first"),
        _("Under this variant, once your hand card is turned up it must be moved before any other card: "
          "place the %(hand)s first."),
    ),
    "crapette.turn.end": RuleText(
        _("Ending a turn"),
        _("A turn ends when you put your hand card on your waste. You may end it otherwise only when "
          "nothing is left to turn."),
        reasons={
            "hand": _("Your hand card, the %(hand)s, is still waiting to be placed."),
            "cards": _("You still have cards to turn up (talon: %(talon)s, waste: %(waste)s): turn up the "
                       "next one instead."),
        },
    ),
    # Obligations, in order
    "crapette.duty.reserve-first": RuleText(
        _("Obligation 1: the reserve card to a foundation"),
        _("The top card of your reserve, the %(cards)s, can go to a foundation. That move comes "
          "before any other, and before turning a card."),
    ),
    "crapette.duty.foundation": RuleText(
        _("Obligation 2: every card that fits a foundation"),
        _("A card you may move can go to a foundation (%(cards)s). While one can, you may make no "
          "other move and may not turn a card."),
    ),
    "crapette.duty.fill-spaces": RuleText(
        _("Obligation 3: fill empty houses from the reserve"),
        _("A house is empty while your reserve still has cards. Fill the space from your reserve "
          "(its top card is the %(reserve)s) before you turn a card."),
    ),
    # Stop!
    "crapette.stop.mode": RuleText(
        _("When Stop can be called"),
        _("In the standard mode a move that skips an obligation is simply refused, so there is no Stop to "
          "call: Stop! belongs to the callable mode."),
    ),
    "crapette.stop.caller": RuleText(
        _("Who calls Stop"),
        _("Only the opponent of the player who moved may call Stop, never the player himself."),
    ),
    "crapette.stop.right": RuleText(
        _("A right call"),
        _("A right call takes the faulty move back; the offender then makes the move he skipped, and his "
          "turn is over."),
    ),
    "crapette.stop.wrong": RuleText(
        _("A wrong call"),
        _("Stop! has no effect here: the last move skipped no obligation. A wrong call costs nothing, and "
          "play goes on."),
        reasons={
            "deal-over": _("The deal is over: there is nothing left to stop."),
        },
    ),
    "crapette.stop.window": RuleText(
        _("Too late to call Stop"),
        _("Stop must be called before the offender's next action. He has moved on since, so the fault "
          "stands."),
        reasons={
            "nothing": _("A Stop answers your opponent's last action, before anyone acts again, and there is "
                         "none to answer now."),
        },
    ),
    "crapette.stop.owed": RuleText(
        _("The move you owe"),
        _("After a Stop you must make the compulsory move you skipped, and nothing else."),
    ),
    # End of a deal and scoring
    "crapette.end.win": RuleText(
        _("Going out"),
        _("A player wins the deal the moment his reserve, talon and waste are all empty."),
    ),
    "crapette.end.blocked": RuleText(
        _("A blocked deal"),
        _("When both players have gone through their whole talon and waste without a useful move, the "
          "deal is blocked and scored on the counts."),
    ),
    "crapette.end.repetition": RuleText(
        _("A position repeated"),
        _("When the same position comes back a third time at the start of the same player's turn, the "
          "deal ends as blocked."),
    ),
    "crapette.end.cap": RuleText(
        _("A deal that never ends"),
        _("A deal still going after a very long time ends as blocked (a safety limit of the site)."),
    ),
    "crapette.score.count": RuleText(
        _("A player's count"),
        _("A count is 1 point for each card in the talon and the waste, and 2 for each card in the "
          "reserve."),
    ),
    "crapette.score.win": RuleText(
        _("The winner's score"),
        _("The winner of a deal scores 30 plus the loser's count."),
    ),
    "crapette.score.blocked": RuleText(
        _("Scoring a blocked deal"),
        _("In a blocked deal the player with the lower count scores the difference; equal counts score "
          "nothing."),
    ),
    "crapette.match.target": RuleText(
        _("The target"),
        _("The first player whose total reaches the target wins the match."),
    ),
    "crapette.match.next-deal": RuleText(
        _("The next deal"),
        _("When a deal is scored, the next one is dealt when a player asks for it."),
    ),
    "crapette.match.over": RuleText(
        _("Match over"),
        _("The match is over: nothing more can be played."),
    ),
}

ACTIONS = {
    "turn": pgettext_lazy("crapette action", "Turn up your next card"),
    "end": pgettext_lazy("crapette action", "End your turn"),
    "stop": pgettext_lazy("crapette action", "Stop!"),
    "next": pgettext_lazy("crapette action", "Deal the next hand"),
}

LEVEL_LABELS = {
    "beginner": _("Beginner: obvious moves, turns its next card early, sometimes forgets an obligation"),
    "club": _("Club player: reserve first, loads you when it can, rarely misses a Stop"),
    "expert": _("Expert: searches every line up to its next card"),
}

OPTIONS = {
    "start_rule": (_("Who starts the first deal"), {
        "higher": _("the higher reserve card"), "lower": _("the lower reserve card")}),
    "reserve_size": (_("Reserve"), {13: _("13 cards"), 12: _("12 cards"), 11: _("11 cards")}),
    "stop_mode": (_("Obligations and Stop!"), {
        "enforced": _("a move that skips an obligation is refused, with the reason"),
        "callable": _("such a move is allowed, and the other player may call Stop!")}),
    "hand_card_must_move_next": (_("The hand card"), {
        False: _("other cards may move while it is showing"),
        True: _("it must be placed before any other move")}),
    "own_waste_top_available": (_("Your own waste pile"), {
        False: _("its cards cannot be played"), True: _("its top card may be played")}),
    "target": (_("Target score"), {300: _("300 points"), 100: _("100 points"), 50: _("50 points")}),
}

PHASES = {
    "end": _("The deal is over."),
    "over": _("The match is over."),
}

DUTY_SHORT = {  # said of whoever is to move
    "crapette.duty.reserve-first": _("the reserve card goes to a foundation before anything else"),
    "crapette.duty.foundation": _("a card that fits a foundation goes there before anything else"),
    "crapette.duty.fill-spaces": _("an empty house is filled from the reserve before a card is turned"),
}


# --- words ---------------------------------------------------------------------------------------
def seat_names(viewer, players=2):
    """You and your opponent."""
    return {viewer: str(_("You")), 1 - viewer: str(_("Your opponent"))}


def _card(code):
    from games.cardnames import card_in_sentence

    return card_in_sentence(code, PACK)


def _cards(codes):
    return pgettext("list separator", ", ").join(_card(c) for c in codes)


def _either(codes):
    """Cards of which any one would do: "the four of diamonds or the five of diamonds" (the sentence
    gives the first "the")."""
    names = [_card(c) for c in codes]
    if len(names) == 1:
        return names[0]
    return pgettext("cards, any one of them", "%(some)s or the %(last)s") % {
        "some": pgettext("cards, any one of them: separator", ", the ").join(names[:-1]), "last": names[-1]}


def _num(zone):
    return int(zone.split(".")[1])


def place_label(zone, seat):
    """A place as a destination button says it, from the mover's side."""
    kind = zone.split(".")[0]
    if kind == "foundation":
        return str(_("Foundation %(n)s") % {"n": _num(zone)})
    if kind == "house":
        return str(_("House %(n)s") % {"n": _num(zone)})
    if kind == "reserve":
        return str(_("Opponent's reserve"))
    if kind == "waste" and _num(zone) != seat:
        return str(_("Opponent's waste"))
    return str(_("Your waste: end of turn"))


def place_phrase(zone, seat):
    """A place inside a sentence, from the mover's side ("house 3", "your opponent's waste")."""
    kind = zone.split(".")[0]
    if kind == "foundation":
        return str(_("foundation %(n)s") % {"n": _num(zone)})
    if kind == "house":
        return str(_("house %(n)s") % {"n": _num(zone)})
    if kind == "reserve":
        return str(_("your opponent's reserve"))
    if _num(zone) != seat:
        return str(_("your opponent's waste"))
    return str(_("your waste"))


def _what(state, seat, source, card, me):
    """The moved card with where it comes from, as a noun phrase."""
    kind = source.split(".")[0]
    facts = {"card": _card(card), "n": _num(source)}
    if kind == "reserve":
        return (_("the %(card)s from your reserve") if me else _("the %(card)s from the reserve")) % facts
    if kind == "house":
        return _("the %(card)s from house %(n)s") % facts
    if kind == "hand":
        return (_("your hand card (the %(card)s)") if me else _("the hand card (the %(card)s)")) % facts
    return (_("the %(card)s from your waste") if me else _("the %(card)s from the waste")) % facts


def _move_lines(game, before, seat, action, after, names, me):
    card, source, target = action.cards[0], action.source, action.target
    who = names[seat]
    facts = {"player": who, "what": _what(before, seat, source, card, me), "n": 0, "card": _card(card)}
    kind = target.split(".")[0]
    out = []
    if kind == "foundation":
        if before.foundations[_num(target) - 1]:
            out.append((_("You put %(what)s on its foundation.") if me else
                        _("%(player)s puts %(what)s on its foundation.")) % facts)
        else:
            out.append((_("You start a foundation with %(what)s.") if me else
                        _("%(player)s starts a foundation with %(what)s.")) % facts)
    elif kind == "house":
        pile = before.houses[_num(target) - 1]
        facts["n"] = _num(target)
        if pile:
            facts["top"] = _card(pile[-1])
            out.append((_("You put %(what)s on the %(top)s in house %(n)s.") if me else
                        _("%(player)s puts %(what)s on the %(top)s in house %(n)s.")) % facts)
        else:
            out.append((_("You put %(what)s in the empty house %(n)s.") if me else
                        _("%(player)s puts %(what)s in the empty house %(n)s.")) % facts)
    elif _num(target) != seat:
        facts["top"] = _card((before.reserves if kind == "reserve" else before.wastes)[1 - seat][-1])
        if kind == "reserve":
            out.append((_("You load %(what)s onto your opponent's reserve, on the %(top)s.") if me else
                        _("%(player)s loads %(what)s onto your reserve, on the %(top)s.")) % facts)
        else:
            out.append((_("You load %(what)s onto your opponent's waste, on the %(top)s.") if me else
                        _("%(player)s loads %(what)s onto your waste, on the %(top)s.")) % facts)
    else:
        out.append((_("You put your hand card, the %(card)s, on your waste: your turn is over.") if me else
                    _("%(player)s puts the hand card, the %(card)s, on the waste: the turn passes to you."))
                   % facts)
    if source.split(".")[0] == "reserve" and after.deal == before.deal:
        pile = after.reserves[seat]
        if not pile:
            if after.remaining(seat):
                out.append(_("Your reserve is empty.") if me else _("Your opponent's reserve is empty."))
        elif after.down[seat] < before.down[seat] and pile[-1] is not None:
            text = (_("Your reserve turns up the %(card)s.") if me else
                    _("Your opponent's reserve turns up the %(card)s."))
            out.append(text % {"card": _card(pile[-1])})
    return out


def _stop_lines(game, before, seat, after, names, viewer):
    """A Stop call: what the offender skipped (with the rule), and what follows; or, for a wrong
    call, that the move it answered skipped nothing and play goes on (with that rule)."""
    me = seat == viewer
    out = [(_("You call “Stop!”.") if me else _("%(player)s calls “Stop!”.")) % {"player": names[seat]}]
    if not game.stop_is_right(before, seat):
        mover = before.last[0]
        facts = {"player": names[mover], "rule": RULES["crapette.stop.wrong"].title}
        out.append((_("Your last move skipped no obligation, so the call has no effect (%(rule)s): play goes on.")
                    if mover == viewer else
                    _("%(player)s's last move skipped no obligation, so the call has no effect (%(rule)s): play "
                      "goes on.")) % facts)
        return out
    f = before.fault
    offender = f.seat
    undone = game.before_fault(before)
    facts = {"player": names[offender], "rule": RULES[f.duty].title}
    if f.duty == "crapette.duty.fill-spaces":
        facts["why"] = _("a house was empty while the reserve still had cards, so no card could be turned up")
    else:
        found = game.duty(undone, offender)
        cards = sorted({m[0] for m in found[1]}) if found else []
        if f.duty == "crapette.duty.reserve-first":
            facts["why"] = _("the reserve card, the %(cards)s, could go to a foundation, and that comes first") \
                % {"cards": _cards(cards)}
        else:
            facts["why"] = _("the %(cards)s could go to a foundation, and that comes before any other move") \
                % {"cards": _either(cards)}
    out.append((_("Your last move skipped an obligation (%(rule)s): %(why)s.") if offender == viewer else
                _("%(player)s's last move skipped an obligation (%(rule)s): %(why)s.")) % facts)
    out.append(_("The move is taken back."))
    if after.owed is not None:
        out.append(_("You must now make the move you skipped; then your turn is over.") if offender == viewer
                   else _("%(player)s must now make the move he skipped; then the turn passes.") % facts)
        return out
    owed = sorted(set(game.owed_moves(undone, offender, f.duty)))
    if owed:
        card, _source, target = owed[0]
        what = {"card": _card(card), "n": _num(target)}
        if target.startswith("foundation"):
            out.append(_("The %(card)s goes to its foundation instead.") % what)
        else:
            out.append(_("The %(card)s fills house %(n)s instead.") % what)
    if after.phase == "play":
        out.append(_("Your turn is over.") if offender == viewer else _("Now it is your turn."))
    return out


def _deal_end_lines(before, after, names, viewer):
    record = after.records[-1]
    out = []
    if record.end == "win":
        w = record.winner
        out.append((_("You have no cards left: you win the deal.") if w == viewer else
                    _("%(player)s has no cards left and wins the deal.")) % {"player": names[w]})
        loser = 1 - w
        out.append((_("You score 30 + %(count)s (your opponent's count) = %(points)s.") if w == viewer else
                    _("%(player)s scores 30 + %(count)s (your count) = %(points)s."))
                   % {"player": names[w], "count": record.counts[loser], "points": record.scored})
    else:
        out.append({
            "blocked": _("Neither player can get any further: the deal is blocked."),
            "repetition": _("The same position has come back a third time: the deal ends as blocked."),
            "cap": _("The deal has gone on too long: it ends as blocked."),
        }[record.end])
        mine, theirs = record.counts[viewer], record.counts[1 - viewer]
        out.append(_("Counts: you %(a)s, your opponent %(b)s.") % {"a": mine, "b": theirs})
        if record.scorer is None:
            out.append(_("The counts are equal: nobody scores."))
        else:
            out.append((_("You have the lower count and score the difference, %(n)s.") if record.scorer == viewer
                        else _("%(player)s has the lower count and scores the difference, %(n)s."))
                       % {"player": names[record.scorer], "n": record.scored})
    if after.phase == "over":
        best = 0 if after.scores[0] >= after.scores[1] else 1
        out.append((_("You win the match, %(a)s to %(b)s.") if best == viewer else
                    _("%(player)s wins the match, %(a)s to %(b)s."))
                   % {"player": names[best], "a": after.scores[best], "b": after.scores[1 - best]})
    return out


def narrate(game, before, seat, action, after, names=None, viewer=None):
    """What happened, in sentences of the page language, from the viewer's side: his own moves in
    the second person, his opponent's in the third. Nothing hidden is told: the cards named were
    face up (a turned card, a reserve card turned up) the moment they moved."""
    viewer = seat if viewer is None else viewer
    names = names or seat_names(viewer)
    me = seat == viewer
    who = names[seat]
    kind = action.kind
    out = []
    if kind in ("move", "turn", "end") and after.last == before.last:
        # Not played: the chance to call Stop on the last move of the turn before closed with it,
        # and what that turn's end decided (the deal is over) came first.
        kind = None
    if kind == "move":
        out += _move_lines(game, before, seat, action, after, names, me)
    elif kind == "turn":
        card = after.hands[seat][0] if after.hands[seat] else None
        facts = {"player": who, "card": _card(card) if card else "?"}
        if not before.talons[seat]:
            out.append((_("You turn your waste over as a new talon and turn up the %(card)s.") if me else
                        _("%(player)s turns the waste over as a new talon and turns up the %(card)s.")) % facts)
        else:
            out.append((_("You turn up the %(card)s.") if me else _("%(player)s turns up the %(card)s.")) % facts)
    elif kind == "end":
        out.append(_("You have nothing left to turn: your turn is over.") if me else
                   _("%(player)s has nothing left to turn: the turn passes to you.") % {"player": who})
    elif kind == "stop":
        out += _stop_lines(game, before, seat, after, names, viewer)
    elif kind == "next":
        out.append((_("Deal %(n)s: you start.") if after.turn == viewer else _("Deal %(n)s: %(player)s starts."))
                   % {"n": after.deal, "player": names[after.turn]})
    if before.phase == "play" and after.phase in ("end", "over") and len(after.records) > len(before.records):
        out += _deal_end_lines(before, after, names, viewer)
    return [str(line) for line in out]


def opening(view, seat, names=None):
    """Who starts the deal, and why."""
    from games.crapette.rules import start_player

    names = names or seat_names(seat)
    first = view.first
    starts = {"player": names[first]}
    line = (_("Deal %(n)s: you start.") if first == seat else _("Deal %(n)s: %(player)s starts.")) \
        % {"n": view.deal, **starts}
    out = [line]
    if view.deal == 1 and view.reserves[0] and view.reserves[1] and view.moves == 0:
        tops = (view.reserves[0][-1], view.reserves[1][-1])
        columns = tuple(tuple(h[0] for h in view.houses[4 * s:4 * s + 4]) for s in (0, 1))
        if None not in tops and all(len(h) == 1 for h in view.houses):
            _seat, how = start_player(view.options.start_rule, tops, columns, 0)
            facts = {"mine": _card(tops[seat]), "theirs": _card(tops[1 - seat])}
            if how == "reserve":
                text = (_("The higher reserve card starts: yours is the %(mine)s, your opponent's the "
                          "%(theirs)s.") if view.options.start_rule == "higher" else
                        _("The lower reserve card starts: yours is the %(mine)s, your opponent's the "
                          "%(theirs)s."))
            elif how.startswith("house"):
                text = _("The reserve cards are equal, so the houses next to the reserves decide, pair by pair.")
            elif how == "suit":
                text = _("The reserve cards and the houses tie, so the suits of the reserve cards decide.")
            else:
                text = _("Everything ties: a coin decides.")
            out.append(text % facts)
    elif view.deal > 1:
        out.append(_("The players take turns to start."))
    return [str(line) for line in out]


def describe(view, seat, action):
    """An action as the end of a sentence ("move the 7 of spades from your reserve to house 3")."""
    kind = action.kind
    if kind == "move":
        if action.target == f"waste.{seat}":
            return str(_("put your hand card, the %(card)s, on your waste") % {"card": _card(action.card)})
        facts = {"what": _what(view, seat, action.source, action.card, True),
                 "place": place_phrase(action.target, seat)}
        return str(_("move %(what)s to %(place)s") % facts)
    return str({
        "turn": _("turn up your next card"),
        "end": _("end your turn"),
        "stop": _("call Stop!"),
        "next": _("go on to the next deal"),
    }.get(kind, kind))


# --- the board -------------------------------------------------------------------------------------
def _top(pile):
    return pile[-1] if pile else None


def _side(view, s, seat, names, opened):
    """One player's own piles: reserve, talon, hand card and waste."""
    reserve = view.reserves[s]
    down = view.down[s]
    talon = view.talons[s]
    waste = view.wastes[s]
    known_talon = opened and talon and None not in talon
    return {
        "seat": s, "name": names[s], "mine": s == seat,
        "to_move": view.phase == "play" and view.turn == s,
        "reserve_zone": f"reserve.{s}", "talon_zone": f"talon.{s}", "waste_zone": f"waste.{s}",
        "hand_zone": f"hand.{s}",
        "reserve_down": down,
        # The piles' captions, worded here: a board draws six of them after every move.
        "reserve_caption": ngettext("reserve: %(n)s card", "reserve: %(n)s cards", len(reserve))
        % {"n": len(reserve)},
        "talon_caption": ngettext("talon: %(n)s card", "talon: %(n)s cards", len(talon)) % {"n": len(talon)},
        "waste_caption": ngettext("waste: %(n)s card", "waste: %(n)s cards", len(waste)) % {"n": len(waste)},
        # Face down: known only in an open position (a replay); else drawn as one back.
        "reserve_down_cards": reserve[:down] if opened and down and None not in reserve[:down] else (),
        # Loaded cards under the top, face up: drawn as corners, like a house's fan.
        "reserve_up": [{"code": c, "tab": _tab(c)} for c in reserve[down:-1]] if reserve else (),
        "reserve_top": _top(reserve),
        "talon_count": len(talon),
        "talon_cards": tuple(reversed(talon)) if known_talon else (),  # next card first
        "waste_top": _top(waste),
        "waste_under": waste[:-1] if opened else (),
        "hand": view.hands[s][0] if view.hands[s] else None,
        "score": view.scores[s],
    }


SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _tab(code):
    """A card's corner: its rank and suit sign ("10♥")."""
    return ("10" if code[0] == "T" else code[0]) + SUIT_SIGNS[code[1]]


def _house(view, k, seat, side_of):
    zone = f"house.{k + 1}"
    cards = view.houses[k]
    # The cards under the top one show only their corner in the fan: drawn as index tabs, which
    # weigh half a full card (a board is sent after every move).
    under = [{"code": c, "tab": _tab(c)} for c in cards[:-1]]
    return {"zone": zone, "n": k + 1, "cards": under, "top": _top(cards), "size": len(cards),
            "label": str(_("House %(n)s") % {"n": k + 1}), "side": side_of}


def duty_now(game, state, seat):
    """The obligation the player to move faces now, for the board: (rule id, cards that must move,
    moves meeting it) or None. Shown in the enforced mode only: in the callable mode spotting
    obligations is the players' own business (and the opponent's chance to call Stop)."""
    if state.phase != "play" or state.turn != seat or state.options.callable:
        return None
    if state.owed is not None:
        moves = game.owed_moves(state, seat, state.owed)
        return state.owed, sorted({m[0] for m in moves}), moves
    found = game.duty(state, seat)
    if found:
        return found[0], sorted({m[0] for m in found[1]}), found[1]
    if not state.hands[seat] and game.must_fill_spaces(state, seat) and (state.talons[seat] or state.wastes[seat]):
        return "crapette.duty.fill-spaces", [state.reserves[seat][-1]], []
    return None


# What a lesson, example or puzzle may leave off its board when its step is not about it: each
# player's count (a quiz asks for it) and the obligation in force (taught in its own lesson, and
# the answer to a quiz about it).
BOARD_FACTS = {"counts": ("counts",), "duty": ("duty",)}


def board(view, seat, names=None):
    """What the Crapette board shows from one seat, for templates/games/crapette/board.html. A fact
    of BOARD_FACTS a learning page leaves out comes as None."""
    from games.crapette import GAME

    names = names or seat_names(seat)
    other = 1 - seat
    # A full position with its seed is a table's replay: every card may be shown, face-down ones too
    # (views and lesson positions have no seed).
    opened = view.seed is not None and not any(c is None for s in (0, 1) for c in view.talons[s] + view.reserves[s])
    mine_side = tuple(range(4 * seat, 4 * seat + 4))  # this seat's column: house next to its reserve first
    their_side = tuple(range(4 * other, 4 * other + 4))
    duty = duty_now(GAME, view, view.turn)
    duty_info = None
    if duty is not None and view.turn == seat:
        rule, cards, _moves = duty
        duty_info = {"rule": rule, "title": str(RULES[rule].title), "cards": _cards(cards),
                     "text": str(DUTY_SHORT.get(rule, RULES[rule].title)) if rule != "crapette.stop.owed"
                     else str(RULES[rule].text)}
    elif duty is not None:
        rule, cards, _moves = duty
        duty_info = {"rule": rule, "title": str(RULES[rule].title), "cards": _cards(cards), "theirs": True,
                     "text": str(DUTY_SHORT.get(rule, RULES[rule].title))}
    foundations = []
    for k, pile in enumerate(view.foundations):
        foundations.append({"zone": f"foundation.{k + 1}", "n": k + 1, "top": _top(pile), "size": len(pile)})
    on_foundations = sum(len(p) for p in view.foundations)
    return {
        "seat": seat, "me": names[seat], "other": names[other], "names": names,
        "phase": view.phase, "deal": view.deal,
        "my_turn": view.phase == "play" and view.turn == seat,
        "their_turn": view.phase == "play" and view.turn == other,
        "opened": opened,
        "mine": _side(view, seat, seat, names, opened),
        "theirs": _side(view, other, seat, names, opened),
        # The opponent's column runs down from his reserve (top left), this seat's up to his own
        # (bottom right): each house next to its reserve is nearest to it on the screen.
        "houses_theirs": [_house(view, k, seat, "theirs") for k in their_side],
        "houses_mine": [_house(view, k, seat, "mine") for k in reversed(mine_side)],
        "foundations": foundations,
        "foundations_label": ngettext("Foundations: %(n)s card", "Foundations: %(n)s cards", on_foundations)
        % {"n": on_foundations},
        "duty": duty_info,
        "counts": {"mine": view.count(seat), "theirs": view.count(other)},
        "callable": view.options.callable,
        "owed": view.owed is not None and view.turn == seat,
        "phase_text": phase_text(view, seat),
    }


def near_misses(state, seat, card, source):
    """Places a card almost fits, where a learner may well try it: a foundation of its suit it does
    not follow, a house one rank higher of the same colour, an opponent's pile one rank away in
    another suit. Offered (marked not legal) so that the engine can say why not."""
    from games.crapette.rules import RANK, RED

    out = []
    if card[0] != "A":
        for k, pile in enumerate(state.foundations):
            if pile and pile[-1][1] == card[1] and RANK[card] == RANK[pile[-1]] + 2:  # a card skipped
                out.append(f"foundation.{k + 1}")
                break
    for k, pile in enumerate(state.houses):
        zone = f"house.{k + 1}"
        if pile and zone != source and RANK[pile[-1]] == RANK[card] + 1 and RED[pile[-1]] == RED[card]:
            out.append(zone)
    other = 1 - seat
    for zone, pile in ((f"reserve.{other}", state.reserves[other]), (f"waste.{other}", state.wastes[other])):
        top = _top(pile)
        if top and abs(RANK[top] - RANK[card]) == 1 and top[1] != card[1]:
            out.append(zone)
    return out


def controls(game, state, seat, only_legal=False):
    """The decisions open to `seat`. In his turn: each card he may move (his hand card, his reserve
    top, each house top) with the places it may go, each a button; the obligation in force (in the
    enforced mode) is marked on the cards and places that meet it, and the moves it forbids are
    offered too, so that the engine can say why not (unless only_legal). His talon, which turns up
    the next card, or says why not now. Then turning the next card or ending the turn as buttons,
    and Stop!, each only when the rules allow it now. Out of turn: Stop!, when the rules let him
    call it."""
    from games.controls import Button, CardButton, Controls, MoveCard, Target

    if seat not in game.to_move(state):
        return Controls()
    legal = set(game.legal_actions(state, seat))
    if state.phase == "end":
        return Controls([Button(a, str(ACTIONS["next"])) for a in sorted(legal) if a.kind == "next"])
    stop = Action("stop")
    # Stop! is never marked legal: a button lit up (or given the focus after a move, as the first
    # legal choice) the moment the opponent skips an obligation would call the fault for the player.
    stop_button = Button(stop, str(ACTIONS["stop"]), False, "btn-stop")
    if seat != state.turn:
        return Controls([stop_button] if stop in legal else [])
    if state.owed is not None:
        moves = game.owed_moves(state, seat, state.owed)
        must = set(moves)
    else:
        moves = game.building(state, seat)
        found = duty_now(game, state, seat)
        must = set(found[2]) if found else set()
    order = [f"hand.{seat}", f"reserve.{seat}"] + [f"house.{k}" for k in range(1, 9)] + [f"waste.{seat}"]
    by_source = {}
    for card, source, target in moves:
        by_source.setdefault((source, card), []).append(target)
    if not only_legal and state.owed is None:
        available = [(f"hand.{seat}", _top(state.hands[seat]))]
        if not (state.options.hand_card_must_move_next and state.hands[seat]):
            available.append((f"reserve.{seat}", _top(state.reserves[seat])))
            available += [(f"house.{k + 1}", _top(h)) for k, h in enumerate(state.houses)]
        for source, card in available:
            if card is None:
                continue
            extra = near_misses(state, seat, card, source)
            if extra:
                targets = by_source.setdefault((source, card), [])
                targets.extend(t for t in extra if t not in targets)
    items = []
    for source in order:
        for (src, card), targets in by_source.items():
            if src != source:
                continue
            out = []
            for target in targets:
                action = Action("move", (card,), source, target)
                ok = action in legal
                if only_legal and not ok:
                    continue
                css = "is-duty" if (card, source, target) in must else ""
                out.append(Target(target, place_label(target, seat), action, ok, css))
            if out:
                css = "is-duty" if any(t.css for t in out) else ""
                items.append(MoveCard(card, source, tuple(out), css))
    # His talon is a card to press as well: it turns up the next card, and when the rules forbid
    # that just now (an obligation first, a hand card still to place) it says why not.
    turn = Action("turn")
    if state.owed is None and state.talons[seat] and (turn in legal or not only_legal):
        items.append(CardButton(None, f"talon.{seat}", turn, turn in legal, index=0,
                                label=str(_("Your talon: turn up the next card"))))
    # Turning a card and ending the turn are offered as buttons only when the rules allow them now
    # (an obligation in force is met by the moves marked on the cards, and those say why not).
    for action in (turn, Action("end")):
        if action in legal:
            items.append(Button(action, str(ACTIONS[action.kind]), True, "btn-turn" if action.kind == "turn" else ""))
    if stop in legal:
        items.append(stop_button)
    return Controls(items)


def phase_text(view, seat):
    if view.phase in PHASES:
        return str(PHASES[view.phase])
    if view.turn != seat:
        if view.options.callable:
            return str(_("Your opponent is playing. Press Stop! if he skips an obligation."))
        return str(_("Your opponent is playing."))
    if view.owed is not None:
        return str(_("After the Stop, make the compulsory move you skipped; then your turn is over."))
    hand = view.hands[seat]
    if hand:
        return str(_("Place your hand card, the %(card)s: on a foundation, a house or your opponent's piles "
                     "to go on, or on your waste to end your turn.") % {"card": _card(hand[0])})
    if not view.talons[seat] and not view.wastes[seat]:
        return str(_("Nothing is left to turn: make your moves, then end your turn."))
    return str(_("Move cards one at a time (choose a card, then where it goes), then turn up your next card."))


# --- hints, summary, quizzes -----------------------------------------------------------------------
def hint_reason(view, seat, action):
    """Why the club player (games.crapette.bots.Club) makes this choice: its own order of
    preferences, said in words."""
    from games.crapette import GAME

    kind = action.kind
    if kind == "stop":
        return str(_("Your opponent's last move skipped an obligation: calling Stop! takes it back and ends "
                     "his turn."))
    if kind == "next":
        return str(_("The deal is scored: go on to the next one."))
    if kind == "turn":
        return str(_("No move left is worth making: turn up your next card and see where it can go."))
    if kind == "end":
        return str(_("Nothing is left to turn: end your turn."))
    if view.owed is not None:
        return str(_("After a Stop you must make the move you skipped."))
    found = GAME.duty(view, seat)
    step = (action.card, action.source, action.target)
    if found and step in found[1]:
        if found[0] == "crapette.duty.reserve-first":
            return str(_("Obligation 1: your reserve card fits a foundation, and that move comes before any other."))
        return str(_("Obligation 2: a card that fits a foundation must go there before anything else; the club "
                     "player plays the hand card before the house cards."))
    source, target = action.source.split(".")[0], action.target.split(".")[0]
    if action.target == f"waste.{seat}":
        return str(_("Your hand card fits nowhere useful: put it on your waste, which ends your turn."))
    if target in ("reserve", "waste"):
        if source == "reserve":
            return str(_("Loading your reserve card onto your opponent gets rid of a card that counts double, "
                         "and gives him one more to clear."))
        if source == "hand":
            return str(_("Loading your hand card onto your opponent is one card fewer for you and one more for "
                         "him."))
        return str(_("Loading a house card onto your opponent gives him one more card to clear."))
    pile = view.houses[_num(action.target) - 1]
    if not pile:
        if source == "reserve":
            return str(_("An empty house is best filled from your reserve: every reserve card counts double, "
                         "and you must fill the space before turning a card."))
        return str(_("Your reserve is empty, so the space may as well take your hand card."))
    if source == "reserve":
        return str(_("Building your reserve card on a house gets it out of your reserve, where every card "
                     "counts double and hides the next one."))
    if source == "hand":
        return str(_("The hand card goes on a house instead of your waste: one card fewer to turn again later."))
    below = view.houses[_num(action.source) - 1]
    if len(below) == 1:
        return str(_("Moving the last card of a house onto another frees a space for your reserve card."))
    return str(_("Moving this card uncovers the card under it, which can then go to a foundation."))


def deal_summary(view, seat, names=None):
    """The last finished deal: how it ended, each player's count, and who scored what, with the
    rules that say so."""
    if not view.records or view.phase not in ("end", "over"):
        return None
    names = names or seat_names(seat)
    r = view.records[-1]
    other = 1 - seat
    counts = [{"player": names[s], "mine": s == seat, "reserve": r.reserve[s], "talon": r.talon[s],
               "waste": r.waste[s], "count": r.counts[s]} for s in (seat, other)]
    lines = []
    if r.end == "win":
        w = r.winner
        lines.append({"player": names[w], "mine": w == seat, "points": 30, "rule": "crapette.score.win",
                      "title": str(RULES["crapette.score.win"].title), "why": str(_("for going out"))})
        lines.append({"player": names[w], "mine": w == seat, "points": r.counts[1 - w],
                      "rule": "crapette.score.count", "title": str(RULES["crapette.score.count"].title),
                      "why": str(_("the loser's count"))})
        how = (_("You went out: reserve, talon and waste all empty.") if w == seat else
               _("%(player)s went out: reserve, talon and waste all empty.")) % {"player": names[w]}
        end_rule = "crapette.end.win"
    else:
        if r.scorer is not None:
            lines.append({"player": names[r.scorer], "mine": r.scorer == seat, "points": r.scored,
                          "rule": "crapette.score.blocked", "title": str(RULES["crapette.score.blocked"].title),
                          "why": str(_("the difference between the counts"))})
        how = {"blocked": _("The deal was blocked: neither player could get any further."),
               "repetition": _("The deal ended as blocked: the same position came back a third time."),
               "cap": _("The deal ended as blocked: it went on too long.")}[r.end]
        end_rule = {"blocked": "crapette.end.blocked", "repetition": "crapette.end.repetition",
                    "cap": "crapette.end.cap"}[r.end]
    return {
        "deal": r.deal, "end": r.end, "how": str(how), "end_rule": end_rule,
        "end_title": str(RULES[end_rule].title),
        "counts": counts, "lines": lines, "nobody": r.end != "win" and r.scorer is None,
        "count_rule": "crapette.score.count", "count_title": str(RULES["crapette.score.count"].title),
        "totals": [{"player": names[s], "mine": s == seat, "points": view.scores[s]} for s in (seat, other)],
    }


def quiz_facts(game, before, after, seat):
    """What a lesson quiz may ask about the position a line ends in: the obligation in force for the
    player to move ("duty": reserve-first, foundation, fill-spaces or none), the learner's and the
    opponent's counts, and the points of a deal the line finished ("me:77")."""
    facts = {"count-me": str(after.count(seat)), "count-opponent": str(after.count(1 - seat))}
    if after.phase == "play":
        mover = after.turn
        found = game.duty(after, mover) if after.owed is None else None
        if found:
            facts["duty"] = found[0].rsplit(".", 1)[1]
        elif not after.hands[mover] and game.must_fill_spaces(after, mover):
            facts["duty"] = "fill-spaces"
        else:
            facts["duty"] = "none"
    if len(after.records) > len(before.records):
        last = after.records[-1]
        if last.scorer is not None:
            facts["deal-points"] = f"{'me' if last.scorer == seat else 'opponent'}:{last.scored}"
        else:
            facts["deal-points"] = "none"
    return facts

# Homework targets for a deal (the engine's deal_targets).
TARGETS = {
    "win-the-deal": TargetText(
        _("Win the deal"),
        _("You won the deal and scored its points."),
        _("You did not score this deal."),
    ),
    "empty-reserve": TargetText(
        _("Empty your reserve"),
        _("Your reserve was empty when the deal ended."),
        _("Your reserve still held cards when the deal ended."),
    ),
}


class CrapetteUI(GameUI):
    """Crapette as the web layer sees it: the module's functions above, declared as its parts."""

    slug = "crapette"
    pack = PACK
    rules = RULES
    options = OPTIONS
    targets = TARGETS
    level_labels = LEVEL_LABELS
    hint_level = "expert"  # it answers within HINT_BUDGET (manage.py bench)
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
    board_facts = BOARD_FACTS
    # A match to 300 is a dozen deals; 50 is usually one or two.
    quick_match = {"target": 50}

    def action_label(self, view, seat, action):
        """Turning a card, ending a turn, Stop! and the next deal as the table's buttons name them."""
        if action.kind in ACTIONS:
            return str(ACTIONS[action.kind])
        return super().action_label(view, seat, action)


UI = CrapetteUI()
