"""Crapette bots at three strengths. Each sees only a view: ``choose(view, seat, rng)``.

A turn is many decisions, so a bot plans the stretch of its turn up to its next talon card (or
the end of its turn) at once, and replays the plan while the views it is shown are the ones it
expected; anything else (a face-down reserve card coming up, a Stop) makes it plan again.

- beginner: makes the moves it must, puts its reserve card on the first place it sees, tries its
  hand card somewhere before wasting it, and turns the next card as soon as it can. In the
  callable mode it often forgets an obligation, and it misses some of its opponent's.
- club: foundation moves, then its reserve card onto the opponent or a house, its hand card the
  same way, a house card moved to free a space for the reserve; loads from houses. It forgets an
  obligation now and then, and calls Stop on every fault it sees.
- expert: searches every sequence of moves up to its next talon card (transpositions merged) and
  keeps the one that leaves the best position: reserve cards gone first, then its other cards,
  cards loaded onto the opponent, foundation cards, and what the opponent could do next. Where its
  turn ends, the best few ways of ending it are weighed again by a search of the opponent's reply
  (his moves before his first talon card, his face-down reserve cards dealt in a few worlds when
  one would come up). It never skips an obligation and calls every Stop.
"""

from games.engine.actions import Action
from games.engine.bots import Bot, Evaluation

from .game import END, NEXT, STOP, TURN
from .rules import FOUNDATION_NEXT, HAND, HOUSES, LOAD_TAKES, RESERVE, WASTE, spaces_to_fill
from .search import LESS, OUT, Options, Pos, TurnSearch, moves_of, opponent_stuck, play_move, position_of

MAX_STEPS = 80  # moves a greedy plan may make before it turns a card (a guard: plans end well before)


def _act(step):
    if step == "turn":
        return TURN
    if step == "end":
        return END
    card, source, target = step
    return Action("move", (card,), source, target)


class CrapetteBot(Bot):
    err = 0.0  # chance, in the callable mode, of skipping an obligation in force
    miss = 0.0  # chance of letting the opponent's fault go without calling Stop

    def __init__(self, game):
        super().__init__(game)
        self.plan = []  # [(the view expected, the action to take then), ...]

    def interrupt(self, view, seat, rng):
        if self.game.stop_is_right(view, seat) and rng.random() >= self.miss:
            return STOP
        return None

    def choose(self, view, seat, rng):
        if self.plan and self.plan[0][0] == view:
            return self.plan.pop(0)[1]
        legal = self.game.legal_actions(view, seat)
        if len(legal) == 1:
            self.plan = []
            return legal[0]
        if view.phase != "play":
            return NEXT
        if self.game.stop_is_right(view, seat) and rng.random() >= self.miss:
            return STOP
        if view.owed is not None:
            return min(a for a in legal if a.kind == "move")
        steps = self.steps(view, seat, rng)
        actions = [_act(s) for s in steps] or [next(a for a in legal if a != STOP)]
        self.plan = self._expected(view, seat, actions)
        return self.plan.pop(0)[1]

    def _expected(self, view, seat, actions):
        """The plan as (view expected, action) pairs: the view after each action is what applying
        it to the previous one gives, as long as it stays this seat's turn."""
        out, current = [], view
        for action in actions:
            out.append((current, action))
            if action.kind != "move":
                break
            current = self.game.apply(current, seat, action)
            if current.phase != "play" or current.turn != seat:
                break
        return out

    def steps(self, view, seat, rng):
        """The moves of this stretch of the turn, then turn, end or the hand card to the waste."""
        raise NotImplementedError

    # --- shared pieces of a greedy plan -------------------------------------------------------
    def skip_duty(self, pos, seat, moves, found, rng):
        """In the callable mode, now and then leave the obligation undone: another move, or the
        turn of the next card, or the hand card to the waste."""
        if not self.callable or self.err <= 0 or rng.random() >= self.err:
            return None
        must = set(found[1])
        others = [m for m in moves if m not in must]
        if others:
            return others[0]
        if pos.hand is None and (pos.talon or pos.waste):
            return "turn"
        return None

    def greedy(self, view, seat, rng, pick):
        """Play `pick`'s choice move by move (the forced ones first) until it has nothing to add,
        then finish the stretch: the hand card to the waste, or turn, or end."""
        opts = Options(view.options)
        self.callable = view.options.callable
        pos = position_of(view, seat)
        out = []
        for _ in range(MAX_STEPS):
            if pos.reserve and pos.reserve[-1] is None:
                return out  # a face-down card came up: plan again once it is seen
            moves, found = moves_of(pos, seat, opts)
            if found:
                skipped = self.skip_duty(pos, seat, moves, found, rng)
                if skipped == "turn":
                    return out + ["turn"]
                step = skipped or pick(pos, seat, found[1], True)
            else:
                step = pick(pos, seat, moves, False)
            if step is None:
                break
            out.append(step)
            pos = play_move(pos, seat, *step)
            if pos.ended:
                return out
        if pos.hand is not None:
            return out + [(pos.hand, HAND[seat], WASTE[seat])]
        if pos.talon or pos.waste:
            if spaces_to_fill(pos.reserve, [h[-1] if h else None for h in pos.houses]):
                empty = next(k for k in range(8) if not pos.houses[k])
                return out + [(pos.reserve[-1], RESERVE[seat], HOUSES[empty])]
            return out + ["turn"]
        return out + ["end"]


def _kind(place):
    return place.split(".")[0]


class Beginner(CrapetteBot):
    """The obvious moves and the first place that fits; turns the next card early."""

    level = "beginner"
    err = 0.3
    miss = 0.4

    def steps(self, view, seat, rng):
        def pick(pos, seat, moves, forced):
            if forced:
                return moves[0]
            for m in moves:
                if m[1] == RESERVE[seat]:
                    return m
            for m in moves:
                if m[1] == HAND[seat] and m[2] != WASTE[seat]:
                    return m
            return None

        return self.greedy(view, seat, rng, pick)


class Club(CrapetteBot):
    """Foundation moves first, then the reserve card onto the opponent or a house, the hand card
    likewise, a house card moved to free a space for the reserve, and loads from the houses."""

    level = "club"
    err = 0.05
    miss = 0.0

    def steps(self, view, seat, rng):
        return self.greedy(view, seat, rng, self.pick)

    def pick(self, pos, seat, moves, forced):
        reserve, hand = RESERVE[seat], HAND[seat]
        if forced:  # the reserve card first, then the hand card, then the houses
            return min(moves, key=lambda m: (m[1] != reserve, m[1] != hand, m))
        houses = pos.houses
        loads = [m for m in moves if _kind(m[2]) in ("reserve", "waste") and m[2] != WASTE[seat]]
        builds = [m for m in moves if _kind(m[2]) == "house" and houses[int(m[2][6:]) - 1]]
        spaces = [m for m in moves if _kind(m[2]) == "house" and not houses[int(m[2][6:]) - 1]]
        for group in (loads, builds):
            for m in group:
                if m[1] == reserve:
                    return m
        for group in (loads, builds):
            for m in group:
                if m[1] == hand:
                    return m
        for m in spaces:
            if m[1] == reserve:
                return m
        if pos.reserve and pos.reserve[-1] is not None:
            # A house's last card moved onto another house frees a space for the reserve card.
            for m in builds:
                if m[1].startswith("house") and len(houses[int(m[1][6:]) - 1]) == 1:
                    return m
        for m in builds:
            # A house card moved off a card that can go to a foundation.
            if m[1].startswith("house"):
                pile = houses[int(m[1][6:]) - 1]
                if len(pile) > 1 and _fits_foundation(pile[-2], pos.ftops):
                    return m
        for m in loads:
            if m[1].startswith("house"):
                return m
        if not pos.reserve:
            for m in spaces:
                if m[1] == hand:
                    return m
        return None


def _fits_foundation(card, ftops):
    for top in ftops:
        if (top is None and card[0] == "A") or (top is not None and FOUNDATION_NEXT[top] == card):
            return True
    return False


class Expert(CrapetteBot):
    """Searches every sequence of moves up to the next talon card and keeps the best outcome."""

    level = "expert"
    budget = 3000  # positions per search: the rare huge stretch is cut short, not slow
    # A review weighs every decision of a deal (often two hundred): its values are given over fewer
    # deals and a smaller search than play, so that a deal is reviewed in well under a minute.
    worlds = 4  # the deals a review's values are given over (``values``)
    review_budget = 1000  # positions per search of ``values``
    going_out = 30  # what going out is worth besides the cards shed: the winner's 30 (crapette.score.win)

    def values(self, view, seat, rng, include=()):
        """How the expert weighs a decision of its turn, in points of the deal: for each legal
        action, how far the player can bring his count down (2 for each reserve card, 1 for each
        other card of his) before he turns up his next talon card, taking that action first and
        then the best line of the stretch (30 more when he goes out). A move that skips an
        obligation (the callable mode) is valued as the Stop it invites leaves it: taken back, the
        owed move made, the turn over. Given over `worlds` deals of the hidden cards dealt from
        the view: when no card the player cannot see comes up in the stretch, the search of the
        view holds in every one of them; when a face-down reserve card can come up, each deal is
        searched with its own. None outside the player's own turn, while he owes the move a Stop
        left him (the rule chooses it), or with one choice."""
        if view.phase != "play" or view.turn != seat or view.owed is not None:
            return None
        legal = self.game.legal_actions(view, seat)
        if len(legal) < 2:
            return None
        seen = self._stretch_values(view, seat, legal, known_only=True)
        if seen is not None:
            return Evaluation({a: (v,) * self.worlds for a, v in seen.items()})
        dealt = [self._stretch_values(self.game.determinize(view, seat, rng), seat, legal, known_only=False)
                 for _ in range(self.worlds)]
        return Evaluation({a: tuple(values[a] for values in dealt) for a in legal})

    def _stretch_values(self, state, seat, legal, known_only):
        """Each legal action's value in one position (a view, or a deal with every card known), or
        None when known_only and a card not known would come up in the stretch."""
        game = self.game
        found = TurnSearch(position_of(state, seat), seat, state.options, whole_turn=False,
                           budget=self.review_budget)
        if known_only and found.unknown:
            return None
        best = found.best()
        start = state.count(seat)
        out = {}
        for action in legal:
            after = game.apply(state, seat, action)
            fault = after.fault
            if fault is not None and fault.open and fault.seat == seat:
                after = game.apply(after, 1 - seat, STOP)
                while after.phase == "play" and after.owed is not None and after.turn == seat:
                    after = game.apply(after, seat, min(game.legal_actions(after, seat)))
            # A Stop at the start of the turn leaves it going on (a wrong call changes nothing; a
            # right one hands the turn back after the offender's owed move): valued as a move is.
            if action.kind not in ("move", "stop") or after.phase != "play" or after.turn != seat:
                left, out_ = after.count(seat), after.count(seat) == 0
            else:
                pos = position_of(after, seat)
                reached = best.get(pos.key())
                if reached is None:  # a position the search did not keep (its budget ran out)
                    more = TurnSearch(pos, seat, state.options, whole_turn=False, budget=self.review_budget)
                    reached = more.best()[more.root]
                left, out_ = -reached[LESS], reached[OUT]
            out[action] = float(start - left + (self.going_out if out_ else 0))
        return out

    # The opponent's reply: the best places to end the turn are weighed again by what the
    # opponent can do at the start of his next turn, up to his first talon card. Every card that
    # matters then is in sight but the face-down ones of his reserve; when one of them would come
    # up, his stretch is searched again in a few deals of the cards not seen.
    reply_ends = 6  # turn-ending positions weighed again
    reply_worlds = 3  # deals of the hidden cards
    reply_budget = 200  # positions per search of the opponent's stretch
    reply_weight = 5.0  # per point of count the opponent can shed (a reserve card: 10, as ours)
    reply_empty = 20.0  # more when he can empty his reserve

    def steps(self, view, seat, rng):
        self.callable = view.options.callable
        found = TurnSearch(position_of(view, seat), seat, view.options, whole_turn=False, budget=self.budget)
        start = found.nodes[found.root][0]
        opts = found.opts
        scored = {}
        for n, (key, node) in enumerate(found.nodes.items()):
            finish = self._finish(node[0], seat, opts)
            if finish is not False:
                scored[key] = [self.value(start, node[0], seat, finish), -n, finish]
        if not scored:
            return []
        if self.reply_ends:
            self._weigh_replies(view, seat, rng, found, scored)
        best = max(scored, key=scored.get)
        steps = found.path(best)
        finish = self._finish(found.nodes[best][0], seat, opts)
        return steps + ([finish] if finish in ("turn", "end") else [])

    def _weigh_replies(self, view, seat, rng, found, scored):
        """Take off the best turn-ending positions' values what the opponent can make of each;
        the other turn-ending positions are dropped (they were not looked at)."""
        ends = sorted((k for k, v in scored.items() if v[2] == "over"), key=scored.get, reverse=True)
        for key in ends[self.reply_ends:]:
            del scored[key]
        worlds, cache = None, {}
        for key in ends[:self.reply_ends]:
            pos = found.nodes[key][0]
            cost = self._reply(view, None, pos, seat, cache)
            if cost is None:  # a face-down card of his would come up: deal the cards not seen
                worlds = worlds or [self.game.determinize(view, seat, rng) for _ in range(self.reply_worlds)]
                cost = sum(self._reply(view, w, pos, seat, cache) for w in worlds) / len(worlds)
            scored[key][0] -= cost

    def _reply(self, view, world, pos, seat, cache):
        """What the opponent can make of the start of his next turn if this player's turn ends at
        `pos`: the count he can shed before he turns his first talon card, weighed, and more if he
        can empty his reserve or go out. His face-down reserve cards are those of `world`; with
        no world, those of the view, and None when one of them would come up."""
        other = 1 - seat
        reserve, waste = list((world or view).reserves[other]), list(view.wastes[other])
        if pos.opp_reserve is not None and (not reserve or reserve[-1] != pos.opp_reserve):
            reserve.append(pos.opp_reserve)  # loaded this turn (only the top card is tracked)
        if pos.opp_waste is not None and (not waste or waste[-1] != pos.opp_waste):
            waste.append(pos.opp_waste)
        theirs = Pos(pos.houses, pos.ftops, tuple(reserve), None, view.talons[other], tuple(waste),
                     pos.reserve[-1] if pos.reserve else None, pos.waste[-1] if pos.waste else None)
        key = (theirs.key(), theirs.reserve)  # the key counts the reserve only: it is his, fixed in his turn
        if key in cache:
            return cache[key]
        search = TurnSearch(theirs, other, view.options, whole_turn=False, budget=self.reply_budget)
        if world is None and search.unknown:
            cost = None
        else:
            shed = theirs.count() - min(n[0].count() for n in search.nodes.values())
            emptied = bool(reserve) and any(not n[0].reserve for n in search.nodes.values())
            out = any(not n[0].reserve and n[0].hand is None and not n[0].talon and not n[0].waste
                      for n in search.nodes.values())
            cost = self.reply_weight * shed + (self.reply_empty if emptied else 0.0) + (100.0 if out else 0.0)
        cache[key] = cost
        return cost

    def _finish(self, pos, seat, opts):
        """How a stretch may stop at this position: "turn"; "over" (the step that led here ended
        the turn); "reveal" (a face-down card came up: plan again once it is seen); False when it
        may not stop here."""
        if pos.ended:
            return "over"
        if pos.reserve and pos.reserve[-1] is None:
            return "reveal"
        if pos.hand is not None:
            return False  # its own successor puts the hand card on the waste
        moves, found = moves_of(pos, seat, opts)
        if found:
            return False
        if pos.talon or pos.waste:
            if spaces_to_fill(pos.reserve, [h[-1] if h else None for h in pos.houses]):
                return False
            return "turn"
        return False  # the "end" step is its own successor

    def value(self, start, pos, seat, finish):
        """How good a place this is to stop: what the player got rid of (reserve cards most),
        what he loaded on the opponent, foundation cards, and what the opponent could do next."""
        reserve_gone = len(start.reserve) - len(pos.reserve)
        before = len(start.talon) + len(start.waste) + (start.hand is not None)
        after = len(pos.talon) + len(pos.waste) + (pos.hand is not None)
        others_gone = before - after
        loaded = (pos.opp_reserve != start.opp_reserve) + (pos.opp_waste != start.opp_waste)
        value = 10.0 * reserve_gone + 3.0 * others_gone + 0.5 * (pos.foundation_cards() - start.foundation_cards())
        value += 2.0 * loaded
        if not pos.reserve and not pos.talon and not pos.waste and pos.hand is None:
            value += 1000.0  # out
        spaces = sum(1 for h in pos.houses if not h)
        if finish in ("turn", "reveal"):
            value += 4.0  # the turn goes on
            if not pos.reserve:
                value += 0.5 * spaces
        else:  # the turn ends here: what is left for the opponent
            if pos.opp_reserve is not None:
                value -= 1.5 * spaces
                if not opponent_stuck(pos, seat):
                    value -= 2.0
            value -= 0.1 * _opponent_loads(pos)
        # Long house columns are hard to undo; prefer positions with cards spread out.
        value -= 0.05 * sum(max(0, len(h) - 4) for h in pos.houses)
        return value


def _opponent_loads(pos):
    """How many cards in sight could be loaded onto this player's waste or reserve top."""
    tops = [t for t in (pos.reserve[-1] if pos.reserve else None, pos.waste[-1] if pos.waste else None) if t]
    n = 0
    for top in tops:
        takes = LOAD_TAKES[top]
        n += sum(1 for h in pos.houses if h and h[-1] in takes)
        if pos.opp_reserve in takes:
            n += 3
    return n


LEVELS = {"beginner": Beginner, "club": Club, "expert": Expert}


class ExpertWithoutReply(Expert):
    """The expert without its look at the opponent's reply: a yardstick for what the look adds."""

    reply_ends = 0


MEASURING = {"expert-no-reply": ExpertWithoutReply}  # for the arena only

__all__ = ["Beginner", "Club", "Expert", "ExpertWithoutReply", "LEVELS", "MEASURING"]
