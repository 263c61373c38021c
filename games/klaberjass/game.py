"""The Klaberjass rules engine: the cut, two bidding rounds, the second round of the deal, the dix,
the sequences and their declaration, nine tricks with bella, the maker's scoring and the match to
500 (decisions.md §3)."""

from games.engine.actions import Action
from games.engine.cards import piquet_pack, rank, suit
from games.engine.game import Game, Outcome
from games.engine.results import Score
from games.engine.rng import rng_for, shuffled
from games.engine.rules import LEGAL, refuse

from . import notation
from .rules import (BELLA, LAST_TRICK, REPLIES, RULES, SUITS, auto_dialogue, beats, best_run, dialogue_over,
                    dialogue_winner, follow_problem, playable, points, run_value, runs, sorted_hand, stage_part,
                    stage_word, stages, true_reply)
from .state import KlaberjassDeal, KlaberjassOptions, KlaberjassState

KINDS = {
    "bid1": ("accept", "pass", "schmeiss"),
    "schmeiss": ("throw-in", "refuse"),
    "bid2": ("name", "pass"),
    "dix": ("dix", "pass"),
    "declare": ("declare", "reply"),
    "play": ("play",),
    "end": ("next",),
    "over": (),
}
PLAIN_KINDS = frozenset({"accept", "pass", "schmeiss", "throw-in", "refuse", "dix", "next"})
CUT_ORDER = "789TJQKA"
GOALS = {
    "make": "as the maker, end the deal with a higher total than the opponent",
    "beat": "as the opponent, leave the maker with a lower total than yours (bête)",
}
DEAL_TARGETS = {
    "make-your-bid": "as the maker, end the deal with a higher total than the opponent (not a tie, not bête)",
    "beat-the-maker": "as the opponent, leave the maker with a lower total than yours (bête)",
    "win-the-deal": "score more points than the opponent in the deal",
}


def replace(state, **changes):
    """A copy of the state with some fields changed (dataclasses.replace without its per-call
    introspection: states are copied on every action)."""
    new = object.__new__(KlaberjassState)
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


def _set(pair, index, value):
    return (value, pair[1]) if index == 0 else (pair[0], value)


def first_cut(seed):
    """The cards the two seats cut for the first deal, and the first dealer (the lower card; equal
    ranks cut again): deterministic in the seed."""
    rng = rng_for("klaberjass", seed, "cut")
    while True:
        cards = shuffled(piquet_pack(), rng)
        a, b = cards[0], cards[1]
        if a[0] != b[0]:
            return (a, b), (0 if CUT_ORDER.index(a[0]) < CUT_ORDER.index(b[0]) else 1)


def played_by(state, seat) -> tuple:
    """The cards `seat` has played this deal, read from the tricks (who led each follows from who
    won it and whether the card led won) and the trick in progress."""
    out = []
    trumps = state.trumps
    for winner in (0, 1):
        pile = state.won[winner]
        for i in range(0, len(pile), 2):
            led, second = pile[i], pile[i + 1]
            leader = 1 - winner if beats(second, led, trumps) else winner
            out.append(led if leader == seat else second)
    if state.trick and state.leader == seat:
        out.append(state.trick[0])
    return tuple(out)


def tricks_taken(state, seat) -> int:
    return len(state.won[seat]) // 2


def dix_possible(state) -> bool:
    """Could a dix still be made: trumps are the turned suit and the seven of trumps is not yet on
    the table (turned up, or put there by an exchange)."""
    return state.trumps == state.turned_suit and state.proposal != "7" + state.trumps


def hand_at_declaration(state, seat) -> tuple:
    """The cards `seat` held when the sequences were compared (an exchange made after them undone)."""
    held = [c for c in state.hands[seat] if c is not None] + list(played_by(state, seat))
    if state.dix == seat and state.dix_late:
        held = [c for c in held if c != state.taken] + ["7" + state.trumps]
    return tuple(held)


def _word_part(word, stage):
    """The compared part of what the non-dealer said at a stage (see rules.stage_part)."""
    if stage == "value":
        return 0 if word == "none" else int(word)
    if stage == "length":
        return int(word.split("-")[1])
    if stage == "top":
        return len("AKQJT987") - "AKQJT987".index(word.split("-")[1])
    return 1 if word == "trumps" else 0


def allowed_reply(best, announced, stage, trumps):
    """The dealer's truthful answer to what the non-dealer announced, his own best sequence `best`."""
    a, b = stage_part(best, stage, trumps), _word_part(announced, stage)
    if a > b:
        return "not-good"
    if a < b or (stage == "value" and a == 0):
        return "good"
    return "equal"


class Klaberjass(Game):
    slug = "klaberjass"
    name = "Klaberjass"
    player_counts = (2,)
    rules = RULES
    Options = KlaberjassOptions

    # --- a new match and each deal ------------------------------------------------------------
    def new(self, seed, players=2, options=None):
        if players != 2:
            raise ValueError("Klaberjass is for two players")
        options = self.options(options)
        seed = notation.check_seed(str(seed))
        cut, dealer = first_cut(seed)
        return self._deal(options, seed, cut, 1, dealer, (0, 0), ())

    def _deal(self, options, seed, cut, number, dealer, scores, history):
        cards = shuffled(piquet_pack(), rng_for(self.slug, seed, number))
        nondealer = 1 - dealer
        # Three and three to each, the non-dealer first; the 13th card proposes the trump suit.
        hand = {nondealer: cards[0:3] + cards[6:9], dealer: cards[3:6] + cards[9:12]}
        return KlaberjassState(
            options=options, seed=seed, cut=cut, deal=number, dealer=dealer, scores=scores, phase="bid1",
            to=nondealer, proposal=cards[12], bottom=(), hands=(sorted_hand(hand[0]), sorted_hand(hand[1])),
            stock=cards[13:], trumps=None, maker=None, trick=(), leader=nondealer, won=((), ()), dix=None,
            taken=None, dix_late=False, said=(), declared=False, seq_winner=None, melds=(), bella=None,
            history=history,
        )

    # --- whose turn ---------------------------------------------------------------------------
    def to_move(self, state):
        phase = state.phase
        if phase == "play":
            return frozenset({state.leader if not state.trick else 1 - state.leader})
        if phase == "end":
            return frozenset({0, 1})
        if phase == "over":
            return frozenset()
        return frozenset({state.to})

    def players(self, state):
        return 2

    def _kinds(self, state, seat):
        if state.phase == "declare":
            return ("declare",) if seat == state.nondealer else ("reply",)
        return KINDS[state.phase]

    # --- legality -----------------------------------------------------------------------------
    def check(self, state, seat, action):
        phase = state.phase
        if phase == "over":
            return refuse("klaberjass.match.over", scores=list(state.scores))
        movers = self.to_move(state)
        if seat not in movers:
            return refuse("klaberjass.turn.order", to_move=sorted(movers), phase=phase)
        kinds = self._kinds(state, seat)
        kind = action.kind
        if kind not in kinds:
            return refuse("klaberjass.turn.phase", phase=phase, allowed=list(kinds))
        if kind in PLAIN_KINDS:
            if action.cards or action.places:
                return refuse("klaberjass.turn.phase", phase=phase, allowed=list(kinds))
            if kind == "schmeiss" and not state.options.schmeiss:
                return refuse("klaberjass.bid.schmeiss", reason="variant-off")
            if kind == "dix":
                return self._check_dix(state, seat)
            return LEGAL
        if kind == "name":
            return self._check_name(state, action)
        if kind in ("declare", "reply"):
            return self._check_declaration(state, seat, action)
        return self._check_play(state, seat, action)

    def _check_name(self, state, action):
        if action.cards or action.source is not None or action.target is not None:
            return refuse("klaberjass.turn.phase", phase=state.phase, allowed=list(KINDS[state.phase]))
        if action.choice not in tuple(SUITS):
            return refuse("klaberjass.bid.name", reason="no-suit", named=action.choice)
        if action.choice == state.turned_suit:
            return refuse("klaberjass.bid.name", reason="turned-suit", named=action.choice,
                          turned=state.proposal)
        return LEGAL

    def _check_dix(self, state, seat):
        seven = "7" + state.trumps
        if seven not in state.hands[seat]:
            return refuse("klaberjass.dix.exchange", reason="not-held", seven=seven, turned=state.proposal)
        if state.declared and state.seq_winner == seat and any(seven in run for run in state.melds):
            return refuse("klaberjass.dix.sequence-seven", seven=seven,
                          sequence=list(next(run for run in state.melds if seven in run)))
        return LEGAL

    def _check_declaration(self, state, seat, action):
        if action.cards or action.source is not None or action.target is not None or action.choice is None:
            return refuse("klaberjass.turn.phase", phase=state.phase, allowed=list(self._kinds(state, seat)))
        longer = state.options.longer_sequence_wins
        stage = stages(longer)[len(state.said) // 2]
        best = best_run(state.hands[seat], state.trumps, longer)
        if action.kind == "declare":
            allowed = [stage_word(best, stage, state.trumps)]
            if stage == "value" and best is not None:
                allowed.insert(0, "none")  # declaring is optional: none conceals
            if action.choice not in allowed:
                return refuse("klaberjass.declare.announce", said=action.choice, stage=stage, allowed=allowed)
            return LEGAL
        announced = state.said[-1][1]
        truth = allowed_reply(best, announced, stage, state.trumps)
        allowed = ["good"] if truth == "good" else ["good", truth]
        if action.choice not in allowed:
            return refuse("klaberjass.declare.reply", said=action.choice, announced=announced, stage=stage,
                          allowed=allowed)
        return LEGAL

    def _check_play(self, state, seat, action):
        if len(action.cards) != 1 or action.source is not None or action.target is not None:
            return refuse("klaberjass.turn.phase", phase=state.phase, allowed=["play"])
        if action.choice not in (None, "bella"):
            return refuse("klaberjass.turn.phase", phase=state.phase, allowed=["play"])
        card = action.cards[0]
        hand = state.hands[seat]
        if card not in hand:
            return refuse("klaberjass.card.in-hand", card=card)
        if card not in playable(hand, state.trick, state.trumps):
            rule, facts = follow_problem(hand, card, state.trick[0], state.trumps)
            return refuse(rule, card=card, **facts)
        if action.choice == "bella":
            return self._check_bella(state, seat, card)
        return LEGAL

    def _check_bella(self, state, seat, card):
        trumps = state.trumps
        if card not in ("K" + trumps, "Q" + trumps):
            return refuse("klaberjass.bella.announce", reason="not-king-or-queen", card=card)
        other = ("Q" if rank(card) == "K" else "K") + trumps
        if other not in played_by(state, seat):
            return refuse("klaberjass.bella.announce", reason="not-second", card=card, other=other)
        return LEGAL

    def candidate_actions(self, state, seat):
        phase = state.phase
        if phase in ("bid1", "schmeiss", "dix", "end"):
            return [Action(k) for k in KINDS[phase]]
        if phase == "bid2":
            return [Action("pass")] + [Action("name", choice=s) for s in SUITS]
        if phase == "declare":
            if seat == state.nondealer:
                words = ("none", "20", "50", "trumps", "plain") + tuple(f"len-{n}" for n in range(3, 9)) + tuple(
                    f"top-{r}" for r in "AKQJT9")
                return [Action("declare", choice=w) for w in words]
            return [Action("reply", choice=w) for w in REPLIES]
        if phase == "play":
            hand = [c for c in state.hands[seat] if c is not None]
            out = [Action("play", (c,)) for c in hand]
            out += [Action("play", (c,), choice="bella") for c in hand if rank(c) in "KQ" and suit(c) == state.trumps]
            return out
        return []

    def legal_actions(self, state, seat):
        # As the generic one, built directly for the tricks (bots and tables ask for it at every
        # card); the conformance suite checks it against check() in every position it visits.
        if state.phase != "play" or seat not in self.to_move(state):
            return super().legal_actions(state, seat)
        hand = state.hands[seat]
        out = [Action("play", (c,)) for c in playable(hand, state.trick, state.trumps)]
        trumps = state.trumps
        pair = ("K" + trumps, "Q" + trumps)
        for action in list(out):
            card = action.cards[0]
            if card in pair:
                other = pair[1] if card == pair[0] else pair[0]
                if other in played_by(state, seat):
                    out.append(Action("play", (card,), choice="bella"))
        return sorted(out)

    # --- playing an action --------------------------------------------------------------------
    def _apply(self, state, seat, action):
        kind = action.kind
        phase = state.phase
        if kind == "accept":
            return self._make(state, seat, state.turned_suit)
        if kind == "pass":
            if phase == "bid1":
                if seat == state.nondealer:
                    return replace(state, to=state.dealer)
                return replace(state, phase="bid2", to=state.nondealer)
            if phase == "bid2":
                if seat == state.nondealer:
                    return replace(state, to=state.dealer)
                return self._annul(state)
            return self._dix_next(state, seat)
        if kind == "schmeiss":
            return replace(state, phase="schmeiss", to=1 - seat)
        if kind == "throw-in":
            return self._annul(state)
        if kind == "refuse":
            return self._make(state, 1 - seat, state.turned_suit)
        if kind == "name":
            return self._make(state, seat, action.choice)
        if kind == "dix":
            return self._dix(state, seat)
        if kind in ("declare", "reply"):
            said = state.said + ((seat, action.choice),)
            if dialogue_over(said, state.options.longer_sequence_wins):
                return self._declared(state, said, dialogue_winner(said, state.nondealer))
            return replace(state, said=said, to=1 - seat)
        if kind == "play":
            return self._play(state, seat, action.cards[0], action.choice == "bella")
        if kind == "next":
            return self._deal(state.options, state.seed, state.cut, state.deal + 1, 1 - state.dealer, state.scores,
                              state.history)
        raise AssertionError(kind)

    def _annul(self, state):
        record = KlaberjassDeal(deal=state.deal, dealer=state.dealer, annulled=True)
        return replace(state, phase="end", to=None, history=state.history + (record,))

    def _make(self, state, maker, trumps):
        """Trumps are fixed: the second round of the deal, three more to each, the non-dealer first;
        the stock's bottom card is turned face up on top of it."""
        nd, dealer = state.nondealer, state.dealer
        stock = state.stock
        hands = {nd: state.hands[nd] + stock[0:3], dealer: state.hands[dealer] + stock[3:6]}
        rest = stock[6:]
        state = replace(state, trumps=trumps, maker=maker, hands=(sorted_hand(hands[0], trumps),
                        sorted_hand(hands[1], trumps)), stock=rest[:-1], bottom=(rest[-1],))
        if dix_possible(state):
            # Both are asked in turn, so that a pass says nothing of who holds the seven.
            return replace(state, phase="dix", to=nd)
        return self._declarations(state)

    def _dix(self, state, seat):
        seven = "7" + state.trumps
        hand = tuple(c for c in state.hands[seat] if c != seven) + (state.proposal,)
        state = replace(state, hands=_set(state.hands, seat, sorted_hand(hand, state.trumps)), proposal=seven,
                        dix=seat, taken=state.proposal, dix_late=state.declared)
        return self._dix_closed(state)

    def _dix_next(self, state, seat):
        if seat == state.nondealer:
            return replace(state, to=state.dealer)
        return self._dix_closed(state)

    def _dix_closed(self, state):
        if not state.declared:
            return self._declarations(state)
        return self._to_play(state)

    def _declarations(self, state):
        if not state.options.auto_declare:
            return replace(state, phase="declare", to=state.nondealer)
        nd = state.nondealer
        said, winner = auto_dialogue(state.hands[nd], state.hands[1 - nd], nd, state.trumps,
                                     state.options.longer_sequence_wins)
        return self._declared(state, said, winner)

    def _declared(self, state, said, winner):
        """The sequences are compared: the winner's are shown at once (they stay public in his hand
        until played). Under the variant the dix window opens again until the first card."""
        melds = runs(state.hands[winner]) if winner is not None else ()
        state = replace(state, said=said, declared=True, seq_winner=winner, melds=melds)
        if state.options.dix_until_first_card and state.dix is None and dix_possible(state):
            return replace(state, phase="dix", to=state.nondealer)
        return self._to_play(state)

    def _to_play(self, state):
        return replace(state, phase="play", to=None, leader=state.nondealer, trick=())

    def _play(self, state, seat, card, bella):
        hand = tuple(c for c in state.hands[seat] if c != card)
        hands = _set(state.hands, seat, hand)
        if not state.trick:
            return replace(state, hands=hands, trick=(card,), bella=seat if bella else state.bella)
        led = state.trick[0]
        winner = seat if beats(card, led, state.trumps) else state.leader
        state = replace(state, hands=hands, trick=(), leader=winner, bella=seat if bella else state.bella,
                        won=_set(state.won, winner, state.won[winner] + (led, card)))
        if not hands[0] and not hands[1]:
            return self._score(state)
        return state

    # --- scoring ------------------------------------------------------------------------------
    def _score(self, state):
        trumps = state.trumps
        maker, opp = state.maker, 1 - state.maker
        last = state.leader
        cards = tuple(sum(points(c, trumps) for c in state.won[s]) for s in (0, 1))
        seq = [0, 0]
        lost_for_want_of_trick = None
        if state.seq_winner is not None:
            w = state.seq_winner
            if state.options.melds_require_trick and not state.won[w]:
                lost_for_want_of_trick = w
            else:
                seq[w] = sum(run_value(r) for r in state.melds)
        totals = tuple(cards[s] + (LAST_TRICK if last == s else 0) + seq[s] + (BELLA if state.bella == s else 0)
                       for s in (0, 1))

        def parts(s):
            out = []
            if cards[s]:
                out.append(Score(s, cards[s], "klaberjass.score.card-points"))
            if last == s:
                out.append(Score(s, LAST_TRICK, "klaberjass.score.last-trick"))
            if seq[s]:
                out.append(Score(s, seq[s], "klaberjass.sequence.score"))
            if lost_for_want_of_trick == s:
                out.append(Score(s, 0, "klaberjass.sequence.require-trick"))
            if state.bella == s:
                out.append(Score(s, BELLA, "klaberjass.bella.announce"))
            return out

        gained = [0, 0]
        tie = bete = False
        if totals[maker] > totals[opp]:
            events = parts(maker) + parts(opp)
            gained = list(totals)
        elif totals[maker] == totals[opp]:
            tie = True
            events = [Score(maker, 0, "klaberjass.score.tie")] + parts(opp)
            gained[opp] = totals[opp]
        else:
            bete = True
            events = [Score(maker, 0, "klaberjass.score.bete")] + parts(opp) + [
                Score(opp, totals[maker], "klaberjass.score.bete")]
            gained[opp] = totals[maker] + totals[opp]
        scores = (state.scores[0] + gained[0], state.scores[1] + gained[1])
        record = KlaberjassDeal(
            deal=state.deal, scores=tuple(events), dealer=state.dealer, maker=maker, trumps=trumps,
            card_points=cards, last_trick=last, sequence_winner=state.seq_winner, sequence_points=tuple(seq),
            bella=state.bella, totals=totals, tie=tie, bete=bete,
        )
        over = max(scores) >= state.options.target and scores[0] != scores[1]
        return replace(state, scores=scores, phase="over" if over else "end", to=None,
                       history=state.history + (record,))

    # --- what each seat sees ------------------------------------------------------------------
    def visible(self, state, seat):
        """Each sees his own hand; of the other's only the cards shown from it (a card taken by the
        dix, the scoring sequences) until they are played; never the face-down stock. The turned
        cards, the trick and the tricks taken are open."""
        other = 1 - seat
        shown = state.shown(other)
        return {f"hand.{other}": tuple(c in shown for c in state.hands[other]), "stock": False}

    def view(self, state, seat):
        # As the generic view, built directly: the table and the bots ask for views often.
        other = 1 - seat
        shown = state.shown(other)
        hand = sorted_hand(tuple(c if c in shown else None for c in state.hands[other]), state.trumps)
        return replace(state, seed=None, hands=_set(state.hands, other, hand), stock=(None,) * len(state.stock))

    def held_zones(self, state):
        return {"hand.0": 0, "hand.1": 1}

    def zones(self, state):
        return {
            "hand.0": state.hands[0], "hand.1": state.hands[1], "stock": state.stock,
            "proposal": (state.proposal,), "bottom": state.bottom, "trick": state.trick,
            "won.0": state.won[0], "won.1": state.won[1],
        }

    def with_zones(self, state, zones):
        trumps = state.trumps
        return replace(
            state,
            hands=(sorted_hand(zones["hand.0"], trumps), sorted_hand(zones["hand.1"], trumps)),
            stock=tuple(zones["stock"]), proposal=zones["proposal"][0], bottom=tuple(zones["bottom"]),
            trick=tuple(zones["trick"]), won=(tuple(zones["won.0"]), tuple(zones["won.1"])),
        )

    def pack(self, state):
        return piquet_pack()

    def hide_secrets(self, state):
        return replace(state, seed=None)

    def reseed(self, state, seed):
        return replace(state, seed=seed)

    def determinize(self, view, seat, rng):
        """Deal the unseen cards at random, but never give the other player a card his play has
        shown he lacks (a suit he did not follow, trumps when he did not trump, a higher trump when
        he did not overtrump), and, once the sequences are compared, keep only deals in which the
        declarations could have been said as they were (a few tries, then the last one)."""
        other = 1 - seat
        excluded = {f"hand.{other}": cannot_hold(view, other)}
        world = self.determinize_with(view, rng, excluded)
        if not view.declared or view.trumps is None:
            return world
        for _ in range(24):
            if declarations_fit(world):
                return world
            world = self.determinize_with(view, rng, excluded)
        return world

    def outcome(self, state):
        over = state.phase == "over"
        winners = ()
        if over:
            best = max(state.scores)
            winners = tuple(s for s in (0, 1) if state.scores[s] == best)
        return Outcome(over, state.scores, winners, state.history)

    def option_choices(self):
        return {"target": (500, 501), "schmeiss": (False, True), "dix_until_first_card": (False, True),
                "longer_sequence_wins": (False, True), "melds_require_trick": (False, True),
                "auto_declare": (True, False)}

    # --- exact play ---------------------------------------------------------------------------
    def exact_values(self, state, seat):
        """With both hands known during the tricks: each legal action's value for `seat` with best
        play by both, in points of the deal: `seat`'s deal score minus the other's (after the maker's
        result: a bête counts the whole of both totals against the maker)."""
        from .solver import Solver, bella_status, position_value

        if state.phase != "play" or seat not in self.to_move(state):
            return None
        if any(c is None for hand in state.hands for c in hand):
            return None
        solver = Solver(state.trumps, state.maker)
        c = solver.c
        h0, h1 = c.mask(state.hands[0]), c.mask(state.hands[1])
        led = c.index[state.trick[0]] if state.trick else -1
        so_far = self._maker_points(state)
        bella = bella_status(state, state.trumps, lambda s: played_by(state, s))
        sign = 1 if seat == state.maker else -1
        values = {}
        for action in self.legal_actions(state, seat):
            card = action.card
            settled = list(bella)
            if bella[seat] is None and self._second_of_pair(state, seat, card):
                settled[seat] = BELLA if action.choice == "bella" else 0
            value = self._deal_value(state, tuple(settled))
            bit = 1 << c.index[card]
            n0, n1 = (h0 ^ bit, h1) if seat == 0 else (h0, h1 ^ bit)
            took = bool(state.won[state.seq_winner]) if state.seq_winner is not None else True
            if led < 0:
                v = position_value(solver, value, n0, n1, c.index[card], state.leader, so_far, took)
            else:
                winner = seat if beats(card, state.trick[0], state.trumps) else state.leader
                gain = c.points[c.index[card]] + c.points[led] + (LAST_TRICK if not n0 and not n1 else 0)
                after = so_far + (gain if winner == state.maker else 0)
                took_after = took or winner == state.seq_winner
                v = position_value(solver, value, n0, n1, -1, winner, after, took_after)
            values[action] = sign * v
        return values

    def given_away(self, view, seat, action):
        """Saying "good" to give way when "not good" was the truth: the sequences the speaker would
        have scored (all his own, known from his hand) go unscored. None under the variant where
        sequences count only with a trick taken, since they might not have scored anyway."""
        if view.phase != "declare" or action.kind != "reply" or action.choice != "good" \
                or view.options.melds_require_trick:
            return None
        longer = view.options.longer_sequence_wins
        stage = stages(longer)[len(view.said) // 2]
        hand = view.hands[seat]
        if allowed_reply(best_run(hand, view.trumps, longer), view.said[-1][1], stage, view.trumps) != "not-good":
            return None
        return sum(run_value(r) for r in runs(hand)), Action("reply", choice="not-good")

    def solved_value(self, state, seat):
        """With both hands known during the tricks: the deal's value for `seat` with best play by
        both, in exact_values' points (the best of the mover's values, seen from `seat`). Before
        the first card it is found by one search from the position, which gives the same value
        faster; later by exact_values itself."""
        from .solver import Solver, bella_status, position_value

        if state.phase != "play" or any(c is None for hand in state.hands for c in hand):
            raise ValueError("solved_value needs the tricks with both hands known")
        mover = min(self.to_move(state))
        if state.trick or state.won[0] or state.won[1]:
            best = max(self.exact_values(state, mover).values())
            return best if mover == seat else -best
        # No card played yet: nobody has settled bella, so the values of the leader's cards are
        # those of the position, searched once.
        solver = Solver(state.trumps, state.maker)
        c = solver.c
        bella = bella_status(state, state.trumps, lambda s: played_by(state, s))
        took = state.seq_winner is None  # no trick taken yet: only matters under melds_require_trick
        v = position_value(solver, self._deal_value(state, bella), c.mask(state.hands[0]), c.mask(state.hands[1]),
                           -1, state.leader, 0, took)
        return v if seat == state.maker else -v

    def sampled_values(self, state, seat, seed, deals):
        """Before the tricks: each choice played out over deals dealt from `seat`'s view (see
        sampling.py for the policy)."""
        from .sampling import sampled_values

        return sampled_values(self, state, seat, seed, deals)

    def _second_of_pair(self, state, seat, card):
        trumps = state.trumps
        pair = ("K" + trumps, "Q" + trumps)
        if card not in pair:
            return False
        return (pair[1] if card == pair[0] else pair[0]) in played_by(state, seat)

    def _maker_points(self, state):
        trumps = state.trumps
        return sum(points(c, trumps) for c in state.won[state.maker])

    def _in_play(self, state):
        """Every card point of the deal (the cards in the hands, the trick and the tricks, and the
        last trick's 10)."""
        trumps = state.trumps
        cards = [c for h in state.hands for c in h] + list(state.trick) + list(state.won[0]) + list(state.won[1])
        return sum(points(c, trumps) for c in cards) + LAST_TRICK

    def _deal_value(self, state, bella, kind="score"):
        from .solver import DealValue

        seq = [0, 0]
        if state.seq_winner is not None:
            seq[state.seq_winner] = sum(run_value(r) for r in state.melds)
        return DealValue(state.maker, self._in_play(state), seq, state.seq_winner,
                         state.options.melds_require_trick, bella, kind)

    # --- puzzle goals -------------------------------------------------------------------------
    def goals(self):
        return dict(GOALS)

    def goal_reached(self, state, seat, goal):
        if goal not in GOALS:
            raise KeyError(goal)
        if state.phase not in ("end", "over") or not state.history or state.history[-1].deal != state.deal:
            return False
        r = state.history[-1]
        if r.annulled:
            return False
        if goal == "make":
            return r.maker == seat and not r.tie and not r.bete
        return r.maker == 1 - seat and r.bete

    # --- homework targets for a whole deal -----------------------------------------------------
    def deal_targets(self):
        return dict(DEAL_TARGETS)

    def deal_target_met(self, state, seat, target):
        """Judged on the deal's record. An annulled deal (both passed twice, or a schmeiss taken)
        answers none; "make your bid" is asked only of the maker, "beat the maker" only of the
        opponent (a tie is neither made nor bête: the maker missed, the opponent did not beat him)."""
        if target not in DEAL_TARGETS:
            raise KeyError(target)
        record = self.finished_deal(state)
        if record is None or record.annulled:
            return None
        if target == "make-your-bid":
            return None if record.maker != seat else not (record.tie or record.bete)
        if target == "beat-the-maker":
            return None if record.maker == seat else record.bete
        return record.points(seat) > record.points(1 - seat)

    def goal_reachable(self, state, seat, goal):
        from .solver import Solver, bella_status, position_value

        if goal not in GOALS:
            raise KeyError(goal)
        if state.phase in ("end", "over"):
            return self.goal_reached(state, seat, goal)
        if state.phase != "play":
            return None
        if (goal == "make") != (seat == state.maker):
            return False
        if any(c is None for hand in state.hands for c in hand):
            return None
        bella = bella_status(state, state.trumps, lambda s: played_by(state, s))
        value = self._deal_value(state, bella, "make" if goal == "make" else "avoid-bete")
        solver = Solver(state.trumps, state.maker)
        c = solver.c
        led = c.index[state.trick[0]] if state.trick else -1
        took = bool(state.won[state.seq_winner]) if state.seq_winner is not None else True
        v = position_value(solver, value, c.mask(state.hands[0]), c.mask(state.hands[1]), led, state.leader,
                           self._maker_points(state), took)
        return v == 1 if goal == "make" else v == 0

    # --- notation -----------------------------------------------------------------------------
    def to_text(self, state):
        return notation.to_text(state)

    def from_text(self, text):
        return notation.from_text(text)


def cannot_hold(view, other) -> set:
    """Cards `other` cannot hold, read from the finished tricks of this deal."""
    trumps = view.trumps
    out = set()
    if trumps is None:
        return out
    pack = piquet_pack()
    for winner in (0, 1):
        pile = view.won[winner]
        for i in range(0, len(pile), 2):
            led, second = pile[i], pile[i + 1]
            leader = 1 - winner if beats(second, led, trumps) else winner
            if leader == other:
                continue
            if suit(second) != suit(led):
                out.update(c for c in pack if suit(c) == suit(led))
                if suit(second) != trumps:
                    out.update(c for c in pack if suit(c) == trumps)
            elif suit(led) == trumps and not beats(second, led, trumps):
                out.update(c for c in pack if suit(c) == trumps and beats(c, led, trumps))
    return out


def declarations_fit(world) -> bool:
    """Could the declarations have gone as they did with the hands of this world? Automatic
    declarations must come out the same; declared ones must each have been allowed; the winner's
    sequences must be exactly those shown."""
    nd = world.nondealer
    longer = world.options.longer_sequence_wins
    trumps = world.trumps
    hands = (hand_at_declaration(world, 0), hand_at_declaration(world, 1))
    if world.seq_winner is not None and runs(hands[world.seq_winner]) != world.melds:
        return False
    if world.options.auto_declare:
        said, _winner = auto_dialogue(hands[nd], hands[1 - nd], nd, trumps, longer)
        return said == world.said
    bests = [best_run(h, trumps, longer) for h in hands]
    for i, (seat, word) in enumerate(world.said):
        stage = stages(longer)[i // 2]
        if seat == nd:
            if word != "none" and word != stage_word(bests[nd], stage, trumps):
                return False
        elif word != "good" and word != allowed_reply(bests[seat], world.said[i - 1][1], stage, trumps):
            return False
    return True


__all__ = ["Klaberjass", "cannot_hold", "declarations_fit", "first_cut", "played_by", "hand_at_declaration",
           "true_reply"]
