"""Klaberjass bots at three strengths. Each sees only a view: ``choose(view, seat, rng)``.

- beginner: knows the rules: takes trumps when it holds the jack or three of a suit, plays its
  highest card, trumps whenever it may.
- club: weighs its hand for the bid (jass, menel, aces and tens, trump length, sequences), draws
  trumps with the master trump, cashes masters, wins tricks cheaply, saves its trumps, throws
  worthless cards, counts what is left.
- expert: deals the unseen cards many ways consistent with what it has seen (suits shown void, the
  declarations) and solves each deal exactly (perfect-information Monte Carlo); bids by playing each
  choice out over sampled deals.

``Seer`` (not a level) is a measuring stick: it is given the real deal and solves it, so the
luck ceiling of a match can be measured against it.
"""

import time

from games.engine.actions import Action
from games.engine.bots import Bot, Evaluation
from games.engine.cards import piquet_pack
from games.engine.rng import below

from .game import cannot_hold
from .rules import BELLA, SUITS, auto_dialogue, beats, points, run_value, runs, sequence_points, strength
from .solver import cards_for, legal_mask

PACK = piquet_pack()
TRUMP_WORTH = {"J": 3.0, "9": 2.2, "A": 1.4, "T": 1.1, "K": 0.8, "Q": 0.7, "8": 0.5, "7": 0.5}
SIDE_WORTH = {"A": 1.0, "T": 0.45, "K": 0.15, "Q": 0.05, "J": 0.0, "9": 0.0, "8": 0.0, "7": 0.0}


def bid_strength(cards, trumps, proposal):
    """Roughly how well a hand plays with `trumps`: trump honours and length, side aces and
    guarded tens, sequences, and the turned card for the holder of the seven (the dix)."""
    total = 0.0
    held = set(cards)
    for c in cards:
        total += TRUMP_WORTH[c[0]] if c[1] == trumps else SIDE_WORTH[c[0]]
    for s in SUITS:
        if s != trumps and "A" + s in held and "T" + s in held:
            total += 0.35
    if proposal[1] == trumps and "7" + trumps in held:
        total += TRUMP_WORTH[proposal[0]] - TRUMP_WORTH["7"]
    return total + sequence_points(cards) / 30


def own(view, seat):
    return tuple(c for c in view.hands[seat] if c is not None)


def may_hold(view, seat):
    """The cards the other player may hold, as far as `seat` knows: those shown from his hand, and
    those unseen that his play has not ruled out."""
    other = 1 - seat
    seen = set(own(view, seat)) | set(view.won[0]) | set(view.won[1]) | set(view.trick) | {view.proposal}
    seen |= set(view.bottom)
    shown = {c for c in view.hands[other] if c is not None}
    ruled_out = cannot_hold(view, other)
    return {c for c in PACK if c not in seen and c not in shown and c not in ruled_out} | shown


def is_master(card, others, trumps):
    """No card the other may hold beats `card` in its own suit."""
    return not any(c[1] == card[1] and strength(c, trumps) > strength(card, trumps) for c in others)


def cheapest(cards, trumps):
    return min(cards, key=lambda c: (points(c, trumps), c[1] == trumps, strength(c, trumps), c))


class KlaberjassBot(Bot):
    accept_at = 4.4  # bid strength to take the turned suit (tuned in club-against-club matches)
    name_at = 4.5  # bid strength to name a suit in the second round

    def choose(self, view, seat, rng):
        phase = view.phase
        if phase == "end":
            return Action("next")
        legal = self.game.legal_actions(view, seat)
        if len(legal) == 1:
            return legal[0]
        if phase == "bid1":
            return self.bid1(view, seat, legal, rng)
        if phase == "schmeiss":
            return self.answer_schmeiss(view, seat, legal, rng)
        if phase == "bid2":
            return self.bid2(view, seat, legal, rng)
        if phase == "dix":
            return self.dix(view, seat, legal, rng)
        if phase == "declare":
            return self.declare(view, seat, legal, rng)
        return self.play(view, seat, legal, rng)

    # --- bidding ------------------------------------------------------------------------------
    def strength(self, view, seat, trumps):
        return bid_strength(own(view, seat), trumps, view.proposal)

    def bid1(self, view, seat, legal, rng):
        s = self.strength(view, seat, view.turned_suit)
        if s >= self.accept_at:
            return Action("accept")
        if Action("schmeiss") in legal and s >= self.accept_at - 0.8:
            return Action("schmeiss")
        return Action("pass")

    def answer_schmeiss(self, view, seat, legal, rng):
        # Refusing makes the schmeisser the maker: worth it when the turned suit suits us too.
        s = self.strength(view, seat, view.turned_suit)
        return Action("refuse") if s >= self.accept_at - 1.5 else Action("throw-in")

    def bid2(self, view, seat, legal, rng):
        best, best_s = None, None
        for s in SUITS:
            if s == view.turned_suit:
                continue
            value = self.strength(view, seat, s)
            if best_s is None or value > best_s:
                best, best_s = s, value
        if best_s >= self.name_at:
            return Action("name", choice=best)
        return Action("pass")

    # --- the dix and the declarations ---------------------------------------------------------
    def dix(self, view, seat, legal, rng):
        if Action("dix") not in legal:
            return Action("pass")
        hand = own(view, seat)
        seven = "7" + view.trumps
        after = tuple(c for c in hand if c != seven) + (view.proposal,)
        if view.declared or sequence_points(after) >= sequence_points(hand):
            return Action("dix")
        return Action("pass")

    def declare(self, view, seat, legal, rng):
        # Declare in full and answer truthfully: concealing gives away points for little.
        said = [a for a in legal if a.choice not in ("none", "good")]
        return said[0] if said else legal[0]

    # --- the tricks ---------------------------------------------------------------------------
    def play(self, view, seat, legal, rng):
        raise NotImplementedError

    @staticmethod
    def with_bella(card, legal):
        """The play of `card`, announcing bella when that is allowed."""
        announced = Action("play", (card,), choice="bella")
        return announced if announced in legal else Action("play", (card,))


class Beginner(KlaberjassBot):
    """Takes trumps with the jack or three of a suit, plays its highest card, trumps when it may."""

    level = "beginner"

    def bid1(self, view, seat, legal, rng):
        hand = own(view, seat)
        t = view.turned_suit
        held = [c for c in hand if c[1] == t]
        return Action("accept") if "J" + t in hand or len(held) >= 3 else Action("pass")

    def bid2(self, view, seat, legal, rng):
        hand = own(view, seat)
        for s in sorted(SUITS, key=lambda s: -sum(c[1] == s for c in hand)):
            if s == view.turned_suit:
                continue
            held = [c for c in hand if c[1] == s]
            if "J" + s in hand or len(held) >= 3:
                return Action("name", choice=s)
        return Action("pass")

    def answer_schmeiss(self, view, seat, legal, rng):
        return Action("throw-in")

    def dix(self, view, seat, legal, rng):
        return Action("dix") if Action("dix") in legal else Action("pass")

    def play(self, view, seat, legal, rng):
        cards = sorted({a.card for a in legal})
        trumps = view.trumps
        if below(rng, 5) == 0:
            card = cards[below(rng, len(cards))]
        else:
            card = max(cards, key=lambda c: (strength(c, trumps), c))
        return self.with_bella(card, legal)


class Club(KlaberjassBot):
    """Sound habits: bids on a weighed hand, draws trumps with the master trump, cashes masters,
    wins cheaply, trumps with its smallest trump, throws its most worthless card."""

    level = "club"

    def play(self, view, seat, legal, rng):
        cards = sorted({a.card for a in legal})
        card = club_card(own(view, seat), cards, view.trick, view.trumps, may_hold(view, seat), seat == view.maker)
        return self.with_bella(card, legal)


def club_card(hand, cards, trick, trumps, others, maker):
    """The club player's card: `cards` are the legal ones, `others` what the other may hold."""
    if len(cards) == 1:
        return cards[0]
    other_trumps = [c for c in others if c[1] == trumps]
    if not trick:
        mine = [c for c in cards if c[1] == trumps]
        # Draw trumps with the master trump while the other may hold some.
        if other_trumps and mine:
            top = max(mine, key=lambda c: strength(c, trumps))
            if is_master(top, others, trumps) and (maker or len(mine) >= 2):
                return top
        # Cash side masters the other must follow (or cannot trump).
        masters = [c for c in cards if c[1] != trumps and is_master(c, others, trumps)
                   and (not other_trumps or any(o[1] == c[1] for o in others))]
        if masters:
            return max(masters, key=lambda c: (points(c, trumps), strength(c, trumps), c))
        # Otherwise lead something cheap, from a side suit if possible.
        side = [c for c in cards if c[1] != trumps] or cards
        return min(side, key=lambda c: (points(c, trumps), sum(h[1] == c[1] for h in hand), strength(c, trumps), c))
    led = trick[0]
    winners = [c for c in cards if beats(c, led, trumps)]
    if winners:
        if winners[0][1] == led[1]:
            # Following suit and winning: take with the richest winner.
            return max(winners, key=lambda c: (points(c, trumps), -strength(c, trumps), c))
        # Trumping: with the smallest trump, unless the trick is not worth a trump worth keeping.
        small = cheapest(winners, trumps)
        losers = [c for c in cards if not beats(c, led, trumps)]
        if losers and points(led, trumps) == 0 and points(small, trumps) >= 10:
            return cheapest(losers, trumps)
        return small
    return cheapest(cards, trumps)


# --- a quick playout with every card known (the expert's bidding) -----------------------------------
def greedy_card(c, mover_hand, other_hand, led, trumps_held_other):
    """A fast full-information choice: lead a card that cannot be beaten (the richest), else the
    cheapest; follow with the richest winning card, else the cheapest."""
    moves = legal_mask(c, mover_hand, led)
    best = -1
    best_key = None
    m = moves
    while m:
        bit = m & -m
        m ^= bit
        i = bit.bit_length() - 1
        if led < 0:
            answers = legal_mask(c, other_hand, i)
            safe = True
            a = answers
            while a:
                abit = a & -a
                a ^= abit
                if c.wins[i][abit.bit_length() - 1]:
                    safe = False
                    break
            key = (1, c.points[i], c.strength[i]) if safe else (0, -c.points[i], -c.strength[i])
        elif c.wins[led][i]:
            key = (1, c.points[i], -c.strength[i])
        else:
            key = (0, -c.points[i], -c.strength[i])
        if best_key is None or key > best_key:
            best, best_key = i, key
    return best


def playout(c, h0, h1, leader, maker):
    """The maker's card points (last trick included) when both play greedy_card to the end."""
    taken = 0
    led = -1
    while h0 or h1:
        mover = leader if led < 0 else 1 - leader
        mine, theirs = (h0, h1) if mover == 0 else (h1, h0)
        i = greedy_card(c, mine, theirs, led, 0)
        bit = 1 << i
        if mover == 0:
            h0 ^= bit
        else:
            h1 ^= bit
        if led < 0:
            led = i
            continue
        winner = mover if c.wins[led][i] else leader
        gain = c.points[i] + c.points[led] + (10 if not h0 and not h1 else 0)
        if winner == maker:
            taken += gain
        leader, led = winner, -1
    return taken


def deal_score(maker_total, opp_total):
    """The maker's deal score minus the opponent's."""
    if maker_total > opp_total:
        return maker_total - opp_total
    if maker_total == opp_total:
        return -opp_total
    return -(maker_total + opp_total)


class Expert(Club):
    """Perfect-information Monte Carlo: each decision is tried on deals consistent with the view
    and solved exactly in each (the card play), or played out quickly (the bidding)."""

    level = "expert"
    worlds = 40  # at most, per decision
    least = 4  # at least, whatever the clock says
    budget = 0.17  # seconds for the sampled deals of one decision
    bid_worlds = 40

    # --- the tricks ---------------------------------------------------------------------------
    def play(self, view, seat, legal, rng):
        if len({a.card for a in legal}) == 1 and len(legal) == 1:
            return legal[0]
        totals = dict.fromkeys(legal, 0.0)
        started = time.perf_counter()
        n = 0
        while n < self.worlds:
            elapsed = time.perf_counter() - started
            if n >= self.least and elapsed + elapsed / n > self.budget:
                break
            world = self.game.determinize(view, seat, rng)
            values = self.game.exact_values(world, seat)
            for action in legal:
                totals[action] += values[action]
            n += 1
        best = max(totals.values())
        near = [a for a in legal if totals[a] >= best - 1e-9]
        trumps = view.trumps
        # Among equal choices keep the cheapest card (and say bella when it costs nothing).
        card = cheapest([a.card for a in near], trumps)
        choices = [a for a in near if a.card == card]
        return max(choices, key=lambda a: a.choice == "bella")

    # --- bidding by playing each choice out ---------------------------------------------------
    def _bid_worlds(self, view, seat, rng):
        return [self.game.determinize(view, seat, rng) for _ in range(self.bid_worlds)]

    def _outcome(self, world, seat, maker, trumps):
        """The deal's score difference for `seat` if `maker` plays with `trumps` in this world:
        the second round dealt, the dix made if it helps, sequences compared, then a quick
        playout with every card known."""
        nd, dealer = world.nondealer, world.dealer
        stock = world.stock
        hands = {nd: list(world.hands[nd]) + list(stock[0:3]), dealer: list(world.hands[dealer]) + list(stock[3:6])}
        if trumps == world.turned_suit and world.proposal[0] != "7":
            seven = "7" + trumps
            for s in (0, 1):
                if seven in hands[s]:
                    after = [c for c in hands[s] if c != seven] + [world.proposal]
                    if sequence_points(after) >= sequence_points(hands[s]):
                        hands[s] = after
        longer = world.options.longer_sequence_wins
        _said, winner = auto_dialogue(hands[nd], hands[dealer], nd, trumps, longer)
        seq = [0, 0]
        if winner is not None:
            seq[winner] = sum(run_value(r) for r in runs(hands[winner]))
        bella = [0, 0]
        for s in (0, 1):
            if "K" + trumps in hands[s] and "Q" + trumps in hands[s]:
                bella[s] = BELLA
        c = cards_for(trumps)
        taken = playout(c, c.mask(hands[0]), c.mask(hands[1]), nd, maker)
        in_play = sum(points(x, trumps) for x in hands[0] + hands[1]) + 10
        opp = 1 - maker
        m_total = taken + seq[maker] + bella[maker]
        o_total = in_play - taken + seq[opp] + bella[opp]
        diff = deal_score(m_total, o_total)
        return diff if seat == maker else -diff

    def _club_takes(self, world, who, round_one):
        """Would a club player in seat `who` of this world take trumps (and which)?"""
        hand = world.hands[who]
        if round_one:
            s = bid_strength(hand, world.turned_suit, world.proposal)
            return world.turned_suit if s >= self.accept_at else None
        best, best_s = None, None
        for s in SUITS:
            if s == world.turned_suit:
                continue
            v = bid_strength(hand, s, world.proposal)
            if best_s is None or v > best_s:
                best, best_s = s, v
        return best if best_s >= self.name_at else None

    def _bid_values(self, view, seat, rng, choices):
        """The average value over sampled deals of each choice: a suit to play as maker, or None
        to pass (the rest of the bidding then played by club players on the other side and by
        this bot's own best later choice, averaged alike)."""
        samples = self._bid_samples(view, seat, rng, choices)
        return {choice: sum(values) / len(values) for choice, values in samples.items()}

    def _bid_samples(self, view, seat, rng, choices):
        """Each choice's value in each sampled deal (the same deals for every choice)."""
        worlds = self._bid_worlds(view, seat, rng)
        other = 1 - seat
        samples = {}
        for choice in choices:
            if choice is not None:
                samples[choice] = tuple(self._outcome(w, seat, seat, choice) for w in worlds)
        if None in choices:
            samples[None] = self._pass_samples(view, seat, other, worlds)
        return samples

    def _pass_samples(self, view, seat, other, worlds):
        """What passing is worth in each deal: the rest of the bidding with the other bidding as a
        club player and this bot's own later choice made once for all the deals in which it comes
        back (the choice best on average over them)."""
        nd = view.nondealer
        if view.phase == "bid2":
            if seat != nd:
                return (0.0,) * len(worlds)  # the dealer's pass in round two annuls the deal
            out = []
            for w in worlds:
                taken = self._club_takes(w, other, False)
                out.append(self._outcome(w, seat, other, taken) if taken else 0.0)
            return tuple(out)
        out, back = [None] * len(worlds), []
        for i, w in enumerate(worlds):
            # Round one goes on with the dealer (if I am the non-dealer); then round two opens with
            # the non-dealer: the other, if I am the dealer.
            taken = self._club_takes(w, other, True) if seat == nd else None
            if taken is None and seat != nd:
                taken = self._club_takes(w, other, False)
            if taken is not None:
                out[i] = self._outcome(w, seat, other, taken)
            else:
                back.append(i)
        if back:
            # My turn in round two: name the suit that does best over these deals, or pass (then,
            # as non-dealer, the other may still name; as dealer, the deal is annulled).
            options = [[self._outcome(worlds[i], seat, seat, s) for i in back]
                       for s in SUITS if s != view.turned_suit]
            passing = [0.0] * len(back)
            if seat == nd:
                for j, i in enumerate(back):
                    taken = self._club_takes(worlds[i], other, False)
                    passing[j] = self._outcome(worlds[i], seat, other, taken) if taken else 0.0
            chosen = max(options + [passing], key=lambda values: sum(values) / len(values))
            for j, i in enumerate(back):
                out[i] = chosen[j]
        return tuple(out)

    def values(self, view, seat, rng, include=()):
        """The comparisons the expert decides by, deal by deal, in points of the deal (`seat`'s deal
        score minus the other's): in the tricks every legal card, solved exactly in each of
        `worlds` deals consistent with the view (all of them, whatever the clock, so that the same
        rng gives the same values); in the bidding taking the turned suit or passing, or each suit
        that may be named and passing, each played out in the same sampled deals. The dix, the
        declarations and the schmeiss are decided by rule: nothing is weighed there."""
        return self.values_within(view, seat, rng, None, include)

    def values_within(self, view, seat, rng, seconds, include=()):
        """``values`` with the card play's deals cut short after about `seconds` (never fewer than
        `least` of them; every one of them when seconds is None): the bidding's quick playouts are
        all made whatever the clock."""
        legal = self.game.legal_actions(view, seat)
        if len(legal) < 2:
            return None
        if view.phase == "play":
            solved = []
            started = time.perf_counter()
            while len(solved) < self.worlds:
                n, elapsed = len(solved), time.perf_counter() - started
                if seconds is not None and n >= self.least and elapsed + elapsed / n > seconds:
                    break
                solved.append(self.game.exact_values(self.game.determinize(view, seat, rng), seat))
            return Evaluation({a: tuple(float(v[a]) for v in solved) for a in legal},
                              complete=len(solved) == self.worlds)
        if view.phase == "bid1" and Action("schmeiss") not in legal:
            samples = self._bid_samples(view, seat, rng, [view.turned_suit, None])
            return Evaluation({Action("accept"): tuple(map(float, samples[view.turned_suit])),
                               Action("pass"): tuple(map(float, samples[None]))})
        if view.phase == "bid2":
            options = [s for s in SUITS if s != view.turned_suit]
            samples = self._bid_samples(view, seat, rng, options + [None])
            out = {Action("name", choice=s): tuple(map(float, samples[s])) for s in options}
            out[Action("pass")] = tuple(map(float, samples[None]))
            return Evaluation({a: v for a, v in out.items() if a in legal})
        return None

    def bid1(self, view, seat, legal, rng):
        if Action("schmeiss") in legal:
            return super().bid1(view, seat, legal, rng)
        values = self._bid_values(view, seat, rng, [view.turned_suit, None])
        return Action("accept") if values[view.turned_suit] > values[None] else Action("pass")

    def bid2(self, view, seat, legal, rng):
        options = [s for s in SUITS if s != view.turned_suit]
        values = self._bid_values(view, seat, rng, options + [None])
        best = max(options, key=lambda s: values[s])
        return Action("name", choice=best) if values[best] > values[None] else Action("pass")


class Seer(Club):
    """Not a level: a player shown the whole deal, for measuring the luck ceiling. ``choose_full``
    gets the real state; it bids by solving each choice and plays by the exact solver."""

    level = "seer"
    sees_all = True  # the arena gives it the whole state (games.engine.play.play_match)

    def choose(self, view, seat, rng):
        raise RuntimeError("the seer needs the full state: use choose_full")

    def choose_full(self, state, seat, rng):
        game = self.game
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        if state.phase == "play":
            values = game.exact_values(state, seat)
            best = max(values.values())
            near = [a for a in legal if values[a] >= best]
            card = cheapest([a.card for a in near], state.trumps)
            return max((a for a in near if a.card == card), key=lambda a: a.choice == "bella")
        if state.phase in ("bid1", "bid2"):
            return self._bid(state, seat, legal)
        return super().choose(game.view(state, seat), seat, rng)

    def _solved(self, state, seat, maker, trumps):
        """The solved value for `seat` of the deal played with `trumps` by `maker`."""
        game = self.game
        from .game import replace

        after = game._make(replace(state, phase="bid1"), maker, trumps)
        # Settle the dix and the declarations as the club player would, then solve the tricks.
        rng = None
        while after.phase in ("dix", "declare"):
            who = min(game.to_move(after))
            after = game.apply(after, who, Club(game).choose(game.view(after, who), who, rng))
        values = game.exact_values(after, min(game.to_move(after)))
        mover = min(game.to_move(after))
        best = max(values.values())
        return best if mover == seat else -best

    def _bid(self, state, seat, legal):
        best_action, best_value = None, None
        for action in legal:
            if action.kind == "accept":
                v = self._solved(state, seat, seat, state.turned_suit)
            elif action.kind == "name":
                v = self._solved(state, seat, seat, action.choice)
            elif action.kind == "pass":
                v = 0.0 if state.phase == "bid2" and seat == state.dealer else -1.0
            else:
                continue
            if best_value is None or v > best_value:
                best_action, best_value = action, v
        return best_action or legal[0]


LEVELS = {"beginner": Beginner, "club": Club, "expert": Expert}
MEASURING = {"seer": Seer}  # for the arena only: the ceiling luck leaves

__all__ = ["Beginner", "Club", "Expert", "LEVELS", "MEASURING", "Seer", "bid_strength", "club_card"]
