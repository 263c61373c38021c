"""The search of one turn: every position the player to move can reach in his turn, with
transpositions merged.

The moves are the rules' own (``rules.building_moves`` and ``rules.duty``, the same functions the
game's ``legal_actions`` reads), played as the enforced mode plays them: an obligation in force
leaves only the moves that meet it, and a card is turned from the talon only when no obligation
forbids it. Two positions are the same when they hold the same piles whatever the house or
foundation numbers (houses and foundations are common property; their places are only for show),
so a card moved to house 3 or to house 6 leads to one position.

``segment`` stops before each talon turn (what a player can plan knowing only the cards in sight);
``whole_turn`` also turns talon cards when they are known (a full position) and goes on to the end
of the turn. Either way the search answers, for every reachable position: the most cards on the
foundations, whether the reserve can be emptied, whether the player can go out, whether the
opponent's reserve card can be left with nowhere to go, and the lowest count he can get down to. A card that would decide something but is
unknown (a face-down reserve card turned up, a talon card in a view) marks the answer as not
exact, and so does running out of the node budget.
"""

from .rules import FOUNDATION_NEXT, HOUSE_TAKES, LOAD_TAKES, PLACE, RANK, building_moves, duty, spaces_to_fill

BUDGET = 20_000  # positions a search may visit before it gives up being exact

# Node metrics, each "the best reachable": foundation cards, reserve emptied, gone out, opponent
# blocked, the player's count left (negated, so that more is better). Indexes into the tuples below.
FOUND, EMPTY, OUT, BLOCK, LESS = 0, 1, 2, 3, 4


class Pos:
    """The parts of a position that one player's turn can change, in the game's numbering:
    houses, foundation tops (None: empty), own reserve bottom first (None: a face-down card not
    known), the exposed hand card, own talon and waste bottom first, the tops of the opponent's
    reserve and waste, and whether the turn is over (hand card wasted, or ended)."""

    __slots__ = ("houses", "ftops", "reserve", "hand", "talon", "waste", "opp_reserve", "opp_waste", "ended", "fkey")

    def __init__(self, houses, ftops, reserve, hand, talon, waste, opp_reserve, opp_waste, ended=False, fkey=None):
        self.houses = houses
        self.ftops = ftops
        self.reserve = reserve
        self.hand = hand
        self.talon = talon
        self.waste = waste
        self.opp_reserve = opp_reserve
        self.opp_waste = opp_waste
        self.ended = ended
        self.fkey = fkey if fkey is not None else tuple(sorted(t or "" for t in ftops))

    def key(self):
        return (tuple(sorted(self.houses)), self.fkey, len(self.reserve), self.hand, self.talon, self.waste,
                self.opp_reserve, self.opp_waste, self.ended)

    def foundation_cards(self):
        return sum(RANK[t] for t in self.ftops if t is not None)

    def count(self):
        """The player's count as the scoring reads it: 2 for each reserve card, 1 for each card of
        his talon and waste, the hand card with them."""
        return 2 * len(self.reserve) + len(self.talon) + len(self.waste) + (self.hand is not None)


def position_of(state, seat):
    """The search position of `seat` in a game state (or view)."""
    other = 1 - seat
    return Pos(
        houses=state.houses, ftops=tuple(f[-1] if f else None for f in state.foundations),
        reserve=state.reserves[seat], hand=state.hands[seat][0] if state.hands[seat] else None,
        talon=state.talons[seat], waste=state.wastes[seat],
        opp_reserve=state.reserves[other][-1] if state.reserves[other] else None,
        opp_waste=state.wastes[other][-1] if state.wastes[other] else None,
    )


def _set(seq, i, value):
    return seq[:i] + (value,) + seq[i + 1:]


def play_move(pos, seat, card, source, target):
    """The position after a building move (card, source, target)."""
    houses, ftops, reserve, hand, waste = pos.houses, pos.ftops, pos.reserve, pos.hand, pos.waste
    opp_reserve, opp_waste = pos.opp_reserve, pos.opp_waste
    skind, sidx = PLACE[source]
    if skind == "reserve":
        reserve = reserve[:-1]
    elif skind == "house":
        houses = _set(houses, sidx - 1, houses[sidx - 1][:-1])
    elif skind == "hand":
        hand = None
    else:
        waste = waste[:-1]
    tkind, tidx = PLACE[target]
    ended = False
    fkey = pos.fkey
    if tkind == "foundation":
        ftops = _set(ftops, tidx - 1, card)
        fkey = None
    elif tkind == "house":
        houses = _set(houses, tidx - 1, houses[tidx - 1] + (card,))
    elif tkind == "reserve":
        opp_reserve = card
    elif tidx == seat:  # the hand card to one's own waste: the turn is over
        waste = waste + (card,)
        ended = True
    else:
        opp_waste = card
    return Pos(houses, ftops, reserve, hand, pos.talon, waste, opp_reserve, opp_waste, ended, fkey)


def turn_card(pos):
    """The position after turning the next talon card (the waste turned over first if need be)."""
    talon, waste = pos.talon, pos.waste
    if not talon:
        talon, waste = tuple(reversed(waste)), ()
    return Pos(pos.houses, pos.ftops, pos.reserve, talon[-1], talon[:-1], waste, pos.opp_reserve, pos.opp_waste,
               False, pos.fkey)


class Options:
    """The option values the search needs, read once."""

    def __init__(self, options):
        self.hand_next = options.hand_card_must_move_next
        self.waste_top = options.own_waste_top_available


def moves_of(pos, seat, opts):
    """The building moves of a position, and the obligation in force among them."""
    moves = building_moves(
        seat, pos.reserve[-1] if pos.reserve else None, pos.hand,
        pos.waste[-1] if opts.waste_top and pos.waste else None,
        [h[-1] if h else None for h in pos.houses], pos.ftops, pos.opp_reserve, pos.opp_waste, opts.hand_next)
    return moves, duty(moves, seat)


def opponent_stuck(pos, seat):
    """The opponent's reserve top has nowhere to go: no foundation, no house, and no load onto
    this player's reserve or waste top (as they lie now)."""
    card = pos.opp_reserve
    if card is None:
        return False
    for top in pos.ftops:
        if (top is None and card[0] == "A") or (top is not None and FOUNDATION_NEXT[top] == card):
            return False
    for h in pos.houses:
        if not h or card in HOUSE_TAKES[h[-1]]:
            return False
    own_tops = (pos.reserve[-1] if pos.reserve else None, pos.waste[-1] if pos.waste else None)
    return not any(t is not None and card in LOAD_TAKES[t] for t in own_tops)


class TurnSearch:
    """Every position reachable in the rest of `seat`'s turn from `pos` (see the module doc).

    nodes: key -> [pos, parent key, step that led here, successor keys]; a step is a move
    (card, source, target), "turn" or "end". exact: False when the budget ran out or an unknown
    card was met on the way."""

    def __init__(self, pos, seat, options, whole_turn=False, budget=BUDGET):
        self.seat = seat
        self.opts = Options(options)
        self.whole_turn = whole_turn
        self.budget = budget
        self.root = pos.key()
        self.nodes = {self.root: [pos, None, None, []]}
        self.truncated = False
        self.unknown = False
        self._run()
        self._best = None

    @property
    def exact(self):
        return not (self.truncated or self.unknown)

    def steps(self, pos):
        """The steps a player may take from a position, each with the position it leads to."""
        if pos.ended:
            return []
        seat = self.seat
        moves, found = moves_of(pos, seat, self.opts)
        if found:
            moves = found[1]
        houses = pos.houses
        # A house's only card moved to an empty house leaves the same position: not a step.
        out = [((c, s, t), play_move(pos, seat, c, s, t)) for c, s, t in moves
               if not (s[0] == "h" and t[0] == "h" and s[1] == "o" and not houses[PLACE[t][1] - 1]
                       and len(houses[PLACE[s][1] - 1]) == 1)]
        if pos.hand is None and not found:
            if pos.talon or pos.waste:
                if self.whole_turn and not spaces_to_fill(pos.reserve, [h[-1] if h else None for h in pos.houses]):
                    nxt = turn_card(pos)
                    if nxt.hand is None:
                        self.unknown = True
                    else:
                        out.append(("turn", nxt))
            else:
                out.append(("end", Pos(pos.houses, pos.ftops, pos.reserve, None, (), (), pos.opp_reserve,
                                       pos.opp_waste, True, pos.fkey)))
        return out

    def _run(self):
        nodes = self.nodes
        frontier = [self.root]
        while frontier:
            nxt_frontier = []
            for key in frontier:
                node = nodes[key]
                pos = node[0]
                if pos.reserve and pos.reserve[-1] is None:
                    self.unknown = True  # a face-down card came up: what follows is not known
                    continue
                if key != self.root and not pos.reserve and pos.hand is None and not pos.talon and not pos.waste:
                    continue  # the player is out: the deal is won, nothing follows
                for step, after in self.steps(pos):
                    k = after.key()
                    node[3].append(k)
                    if k not in nodes:
                        if len(nodes) >= self.budget:
                            self.truncated = True
                            return
                        nodes[k] = [after, key, step, []]
                        nxt_frontier.append(k)
            frontier = nxt_frontier

    # --- answers ------------------------------------------------------------------------------
    def metrics(self, pos):
        """(foundation cards, reserve empty, gone out, opponent stuck, minus the count left) of one
        position."""
        empty = not pos.reserve
        out = empty and pos.hand is None and not pos.talon and not pos.waste
        return (pos.foundation_cards(), empty, out, opponent_stuck(pos, self.seat), -pos.count())

    def best(self):
        """For every reached position, the best of each metric over what can still be reached
        from it (strongly connected parts first: house moves can go round in circles)."""
        if self._best is not None:
            return self._best
        nodes = self.nodes
        own = {k: self.metrics(n[0]) for k, n in nodes.items()}
        succ = {k: [w for w in n[3] if w in nodes] for k, n in nodes.items()}
        # Tarjan's algorithm, iteratively; components come out successors first.
        index, low, on_stack, stack, comp_of, comps = {}, {}, set(), [], {}, []
        counter = 0
        for start in nodes:
            if start in index:
                continue
            index[start] = low[start] = counter
            counter += 1
            stack.append(start)
            on_stack.add(start)
            calls = [(start, iter(succ[start]))]
            while calls:
                v, it = calls[-1]
                deeper = False
                for w in it:
                    if w not in index:
                        index[w] = low[w] = counter
                        counter += 1
                        stack.append(w)
                        on_stack.add(w)
                        calls.append((w, iter(succ[w])))
                        deeper = True
                        break
                    if w in on_stack and index[w] < low[v]:
                        low[v] = index[w]
                if deeper:
                    continue
                calls.pop()
                if calls:
                    u = calls[-1][0]
                    if low[v] < low[u]:
                        low[u] = low[v]
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp_of[w] = len(comps)
                        comp.append(w)
                        if w == v:
                            break
                    comps.append(comp)
        value = []
        width = len(own[self.root])
        for comp in comps:  # successors' components were numbered first
            best = list(own[comp[0]])
            for v in comp:
                m = own[v]
                for j in range(width):
                    if m[j] > best[j]:
                        best[j] = m[j]
                for w in succ[v]:
                    c = comp_of[w]
                    if c != comp_of[v]:
                        bw = value[c]
                        for j in range(width):
                            if bw[j] > best[j]:
                                best[j] = bw[j]
            value.append(tuple(best))
        self._best = {k: value[comp_of[k]] for k in nodes}
        return self._best

    def path(self, key):
        """The steps from the root to a reached position."""
        out = []
        while key != self.root:
            node = self.nodes[key]
            out.append(node[2])
            key = node[1]
        return out[::-1]


def search(state, seat, whole_turn=False, budget=BUDGET):
    """The search of `seat`'s turn from a game state (or a view)."""
    return TurnSearch(position_of(state, seat), seat, state.options, whole_turn, budget)


__all__ = ["TurnSearch", "Pos", "search", "position_of", "play_move", "turn_card", "opponent_stuck", "FOUND",
           "EMPTY", "OUT", "BLOCK", "LESS"]
