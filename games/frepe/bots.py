"""Frepe bots at three strengths. Each sees only a view: ``choose(view, seat, rng)``.

- beginner: any legal choice, at random.
- club: plays when its hand looks good for two tricks, keeps trumps and aces in the exchange, wins
  a trick as cheaply as it can and otherwise throws its lowest card.
- expert: decides by simulation. It deals the cards it cannot see at random (deals consistent with
  its view), plays each choice it weighs out to the end of the deal in every such deal, everyone
  playing as the club player, and takes the choice that wins it the most chips on average (its own
  chips: each player at the table plays for himself). The same deals and the same luck serve every
  choice, so their difference is meaningful.
"""

from games.engine.actions import Action
from games.engine.bots import Bot, Evaluation, RandomBot
from games.engine.cards import rank, suit
from games.engine.rng import rng_for

from .rules import STRENGTH, beats, playable, trick_winner

# Roughly how likely each card is to take a trick, trumps and other suits.
TRUMP_WORTH = {"A": 1.0, "3": 0.95, "K": 0.85, "Q": 0.75, "J": 0.65, "7": 0.55, "6": 0.5, "5": 0.45, "4": 0.4,
               "2": 0.35}
SIDE_WORTH = {"A": 0.7, "3": 0.45, "K": 0.25, "Q": 0.1, "J": 0.05, "7": 0.0, "6": 0.0, "5": 0.0, "4": 0.0, "2": 0.0}
PLAY_AT = 1.8  # the expected tricks at which a hand plays


def worth(card, trumps):
    return (TRUMP_WORTH if suit(card) == trumps else SIDE_WORTH)[rank(card)]


def expected_tricks(hand, trumps):
    return sum(worth(c, trumps) for c in hand)


def weakest(cards, trumps):
    """The cards from the one most worth throwing away to the least."""
    return sorted(cards, key=lambda c: (worth(c, trumps), STRENGTH[rank(c)], c))


class Beginner(RandomBot):
    level = "beginner"


class Club(Bot):
    level = "club"

    def choose(self, view, seat, rng):
        phase = view.phase
        # In the tricks and the exchange the choice below is always legal (it picks among the
        # playable cards, within the exchange's bounds); elsewhere a single legal choice is taken.
        legal = None if phase in ("play", "exchange") else self.game.legal_actions(view, seat)
        if legal is not None and len(legal) == 1:
            return legal[0]
        hand = [c for c in view.hands[seat] if c is not None]
        trumps = view.trumps
        if phase == "trump":
            # Take the turned card when it is worth more than the weakest card it replaces.
            out = weakest(hand, trumps)[0]
            if worth(view.turned, trumps) >= 0.85 and worth(view.turned, trumps) > worth(out, trumps):
                return Action("take", (out,))
            return Action("leave")
        if phase == "declare":
            good = expected_tricks(hand, trumps) >= PLAY_AT
            return Action("declare", choice="play" if good else "pass")
        if phase == "dummy":
            return Action("discard", (weakest(hand, trumps)[0],))
        if phase == "exchange":
            least, most = self.game.exchange_bounds(view, seat)
            weak = [c for c in weakest(hand, trumps) if worth(c, trumps) < 0.4]
            n = max(least, min(most, len(weak)))
            return Action("discard", tuple(weakest(hand, trumps)[:n]))
        if phase == "play":
            cards = playable(hand, view.trick, trumps, view.options.may_discard_if_cannot_overtrump)
            return Action("play", (self._card(cards, view.trick, trumps),))
        return legal[0]

    @staticmethod
    def _card(cards, trick, trumps):
        if not trick:
            # Lead the strongest card: a high trump draws the others', a side ace may stand.
            return max(cards, key=lambda c: (worth(c, trumps), c))
        best = trick[trick_winner(trick, trumps)]
        winners = [c for c in cards if beats(c, best, trumps)]
        if winners:  # win as cheaply as possible
            return min(winners, key=lambda c: (suit(c) == trumps, STRENGTH[rank(c)], c))
        return weakest(cards, trumps)[0]


class Expert(Club):
    """Play-or-pass, taking the trump card, the exchange and each card weighed over `worlds` deals
    dealt from the view, each choice played out by the club player for everyone."""

    level = "expert"
    worlds = 24
    least = 6  # the fewest deals a choice is weighed over when the time runs short
    kept = 3  # of the exchange's discards and the trump card's, the club player's best few weighed

    def choose(self, view, seat, rng):
        evaluation = self.values(view, seat, rng)
        if evaluation is None:
            return Club.choose(self, view, seat, rng)
        # The best mean; between equals, the first weighed (a fixed order: ties break alike everywhere).
        ranked = [(sum(v) / len(v), -i, a) for i, (a, v) in enumerate(evaluation.samples.items())]
        return max(ranked, key=lambda r: r[:2])[2]

    def candidates(self, view, seat):
        """The legal actions the expert weighs: every one in the tricks and at play-or-pass; in the
        exchange and when taking the trump card, the few discards the club player rates best (its
        weakest cards, so many of them), since weighing every set of cards would cost too much."""
        legal = self.game.legal_actions(view, seat)
        if view.phase not in ("exchange", "trump", "dummy"):
            return legal
        hand = [c for c in view.hands[seat] if c is not None]
        rank_of = {c: i for i, c in enumerate(weakest(hand, view.trumps))}
        picked = sorted(legal, key=lambda a: (a.kind != "leave", sum(rank_of.get(c, 9) for c in a.cards)
                                              - 0.5 * len(a.cards), str(a)))
        if view.phase == "exchange":
            # For each number of cards, the weakest that many; then the best of those.
            by_count = {}
            for a in picked:
                by_count.setdefault(len(a.cards), a)
            return sorted(by_count.values(), key=lambda a: len(a.cards))
        return picked[:self.kept]

    def values(self, view, seat, rng, include=()):
        """What each weighed action (and any legal one in `include`) wins `seat` in chips, deal by
        deal: its chips at the end of the deal less its chips before the choice (what it puts in
        the pot counts as paid), in each of `worlds` deals dealt from the view. None when there is
        a single choice."""
        return self.values_within(view, seat, rng, None, include)

    def values_within(self, view, seat, rng, seconds, include=()):
        import time

        legal = self.game.legal_actions(view, seat)
        if len(legal) < 2:
            return None
        actions = list(dict.fromkeys(list(self.candidates(view, seat)) + [a for a in include if a in legal]))
        if len(actions) < 2:
            return None
        seed = f"{rng.random():.12f}"
        rows = {a: [] for a in actions}
        started = time.perf_counter()
        for k in range(self.worlds):
            elapsed = time.perf_counter() - started
            if seconds is not None and k >= self.least and elapsed + elapsed / k > seconds:
                break
            world = self.game.determinize(view, seat, rng_for("frepe-expert", seed, k))
            for a in actions:
                rows[a].append(self._played_out(world, seat, a, rng_for("frepe-expert-play", seed, k)))
        done = len(rows[actions[0]])
        return Evaluation({a: tuple(v) for a, v in rows.items()}, unit="chips", complete=done == self.worlds)

    def _played_out(self, world, seat, action, rng):
        """`seat`'s chips won in the deal after `action`, everyone then playing as the club player."""
        game = self.game
        before = world.balances[seat]
        deal = world.deal
        club = Club(game)
        state = game.apply(world, seat, action)
        while state.deal == deal and state.phase not in ("end", "over"):
            movers = game.to_move(state)
            if not movers:
                break
            mover = min(movers)
            state = game.apply(state, mover, club.choose(game.view(state, mover), mover, rng))
        return float(state.balances[seat] - before)


LEVELS = {"beginner": Beginner, "club": Club, "expert": Expert}


EXACT_FROM = 2  # tricks played before the seer searches exactly (earlier the search takes seconds)


class Seer(Expert):
    """Not a level: a player shown the whole deal, for measuring the ceiling luck leaves (the arena
    only). ``choose_full`` gets the real state: in the tricks it plays the exact max-n value where
    three tricks or fewer are left; every other choice is the expert's, weighed on the true deal."""

    level = "seer"
    sees_all = True  # the arena gives it the whole state (games.engine.play.play_match)
    worlds = 2  # the deal is known: only the club players' luck differs from one playout to another
    least = 2

    def choose(self, view, seat, rng):
        raise RuntimeError("the seer needs the full state: use choose_full")

    def choose_full(self, state, seat, rng):
        legal = self.game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        if state.phase == "play" and len(state.done) >= EXACT_FROM:
            values = self.game.exact_values(state, seat)
            if values is not None:
                best = max(values.values())
                return next(a for a in sorted(legal) if values[a] >= best)
        return Expert.choose(self, state, seat, rng)


MEASURING = {"seer": Seer}  # for the arena only: the ceiling luck leaves
