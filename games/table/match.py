"""A practice table's match: its positions, the bots' runs, the story of a deal and the undo policy.

Positions come from snapshots (games.models.TableSnapshot) and a short replay, so the work of a
request does not grow with the length of the match. Everything here is domain logic; the views
only ask and render.
"""

from collections import Counter

from django.db import transaction
from django.utils.translation import get_language

from games.controls import encode
from games.engine.play import acting_seat, interruption
from games.engine.rng import rng_for
from games.models import Table, TableSnapshot
from games.ui import join_sentences

from . import memo, played

SNAPSHOT_EVERY = 200  # a snapshot every so many actions inside a long deal
RUN_LIMIT = 400  # the most bot actions one request plays (a safety net; a turn is far shorter)
LOG_LINES = 30  # the table shows the latest lines of a deal's story; the rest is one link away


class Match:
    """One table's match, for one request."""

    def __init__(self, table, ui):
        self.table = table
        self.ui = ui
        self.game = ui.game
        self.human = table.human_seat
        self.names = ui.seat_names(self.human, table.players)
        # The positions and story lines worked out so far, from the memo of earlier requests
        # (games/table/memo.py: only what holds for this table's actions now).
        self._states, self._lines, self._snaps = memo.take(table)

    # --- positions ------------------------------------------------------------------------------
    @property
    def length(self):
        return len(self.table.actions)

    def first_state(self):
        game, t = self.game, self.table
        return game.new(t.seed, t.players, game.options(t.options))

    def snapshots(self):
        """[(index, deal, starts_deal)] of the table's snapshots, in order (written if missing)."""
        if self._snaps is None:
            rows = list(TableSnapshot.objects.filter(table_id=self.table.pk).values_list("index", "deal", "starts_deal"))
            if not rows or rows[0][0] != 0:
                rows = self._backfill()
            self._snaps = rows
        return self._snaps

    def _backfill(self):
        """A table without snapshots (made before they existed): replay it once and write them."""
        state = self.first_state()
        records = [self._snapshot(0, state, True)]
        last = 0
        for i, (seat, text) in enumerate(self.table.actions, start=1):
            after = self.game.apply(state, seat, self.game.parse_action(text))
            starts = self.game.deal_number(after) != self.game.deal_number(state)
            if starts or i - last >= SNAPSHOT_EVERY:
                records.append(self._snapshot(i, after, starts))
                last = i
            state = after
        TableSnapshot.objects.bulk_create(records, ignore_conflicts=True)
        return [(r.index, r.deal, r.starts_deal) for r in records]

    def _snapshot(self, index, state, starts):
        return TableSnapshot(table_id=self.table.pk, index=index, deal=self.game.deal_number(state),
                             starts_deal=starts, position=self.game.to_text(state))

    def state_at(self, index):
        """The full position after `index` actions."""
        if index in self._states:
            return self._states[index]
        if not 0 <= index <= self.length:
            raise IndexError(index)
        base = max(i for i, _d, _s in self.snapshots() if i <= index)
        start = next((j for j in range(index, base - 1, -1) if j in self._states), None)
        if start is None:
            start = base
            if base == 0:
                state = self.first_state()
            else:
                text = TableSnapshot.objects.get(table_id=self.table.pk, index=base).position
                state = self.game.from_text(text)
            self._states[base] = state
        state = self._states[start]
        for j in range(start, index):
            seat, text = self.table.actions[j]
            state = self.game.apply(state, seat, self.game.parse_action(text))
            self._states[j + 1] = state
        return state

    @property
    def state(self):
        return self.state_at(self.length)

    def view(self, index=None):
        return self.game.view(self.state_at(self.length if index is None else index), self.human)

    def summary(self, state):
        """What the table row keeps for lists without replaying: deal, scores, finished."""
        outcome = self.game.outcome(state)
        return {"deal": self.game.deal_number(state), "scores": list(outcome.scores), "finished": outcome.finished}

    # --- writing ----------------------------------------------------------------------------------
    def record(self, moves, states, keep=None, shown=None):
        """Store `moves` (after the first `keep` actions, all of them by default) with the states
        they lead to; snapshots at each new deal and every SNAPSHOT_EVERY actions. False if another
        request wrote first (nothing is stored then)."""
        keep = self.length if keep is None else keep
        before = self.state_at(keep)
        actions = self.table.actions[:keep] + [[seat, str(action)] for seat, action in moves]
        last_snap = max(i for i, _d, _s in self.snapshots() if i <= keep)
        records = []
        prev = before
        for k, state in enumerate(states, start=keep + 1):
            starts = self.game.deal_number(state) != self.game.deal_number(prev)
            if starts or k - last_snap >= SNAPSHOT_EVERY:
                records.append(self._snapshot(k, state, starts))
                last_snap = k
            prev = state
        with transaction.atomic():
            if not self.table.write(actions, self.summary(states[-1] if states else before), shown):
                return False
            if any(i > keep for i, _d, _s in self.snapshots()):  # the table's snapshots, as read with it
                TableSnapshot.objects.filter(table_id=self.table.pk, index__gt=keep).delete()
            TableSnapshot.objects.bulk_create(records)
        self._snaps = [s for s in self.snapshots() if s[0] <= keep] + [(r.index, r.deal, r.starts_deal) for r in records]
        self._states = {i: s for i, s in self._states.items() if i <= keep}
        for k, state in enumerate(states, start=keep + 1):
            self._states[k] = state
        # The lines telling the actions after `keep` (and the deals they open) were of other actions.
        self._lines = {k: v for k, v in self._lines.items() if (k[2] <= keep if k[0] == "opening" else k[2] < keep)}
        self.remember()
        if states:
            played.record_finished(self, before, states)  # each deal scored here, as a record
        return True

    def remember(self):
        """Keep the latest positions and story lines for the table's next requests (memo.py)."""
        memo.keep(self.table, self._states, self._lines, self._snaps)

    def show(self, upto):
        """The reader has now seen the actions up to `upto` (never backwards; a stale tab's step is
        ignored)."""
        upto = min(upto, self.length)
        if upto > self.table.shown:
            done = Table.objects.filter(pk=self.table.pk, version=self.table.version,
                                        shown__lt=upto).update(shown=upto)
            if done:
                self.table.shown = upto

    def form_for(self, action, at=None):
        """The fields the board posts for the reader's `action` at the position shown (through
        the board's own controls, as a reader fills it), with the version and the position."""
        at = self.table.shown if at is None else at
        view = self.game.view(self.state_at(at), self.human)
        fields = encode(action, self.ui.controls(self.game, view, self.human))
        fields.update({"version": self.table.version, "at": at})
        return fields

    # --- the bots ---------------------------------------------------------------------------------
    def run_bots(self, state, index, limit=RUN_LIMIT):
        """The bots' actions from `state` (after `index` actions) until the reader's decision is
        awaited, the match ends, or `limit` actions: bots that may interrupt are asked first, then
        the seat the game waits for. Returns (moves, states)."""
        game, table = self.game, self.table
        level = self.ui.levels[table.level]
        bots = {s: level(game) for s in range(table.players) if s != self.human}
        moves, states = [], []
        for k in range(limit):
            rng = self.bots_rng(index + k)
            taken = interruption(game, state, bots, rng)
            if taken is None:
                seat = acting_seat(game, state, prefer=self.human)
                if seat is None or seat == self.human:
                    break
                taken = seat, bots[seat].choose(game.view(state, seat), seat, rng)
            state = game.apply(state, *taken)
            moves.append(taken)
            states.append(state)
        return moves, states

    def bots_rng(self, index):
        """The generator of the bots' decision after `index` actions: keyed by the table's own
        token, or by its shared bots key, so that every table with that key, the same deal and the
        same actions up to `index` is answered alike."""
        table = self.table
        if table.bots_key:
            return rng_for("bots", table.bots_key, index)
        return rng_for("table", table.token, index)

    def reader_awaited(self, index=None):
        """Is the reader's decision what the game waits for, in the position after `index` actions?"""
        return self.human in self.game.turn(self.state_at(self.length if index is None else index))

    def bots_to_move(self):
        state = self.state
        return bool(self.game.turn(state)) and self.human not in self.game.turn(state)

    # --- deals ------------------------------------------------------------------------------------
    def deals(self):
        """[(deal number, first index)] of every deal begun."""
        return [(d, i) for i, d, starts in self.snapshots() if starts]

    def deal_span(self, deal):
        """(first, last) indices of the positions of one deal, or None."""
        starts = self.deals()
        for n, (d, first) in enumerate(starts):
            if d == deal:
                last = starts[n + 1][1] - 1 if n + 1 < len(starts) else self.length
                return first, last
        return None

    def deal_of(self, index):
        return self.game.deal_number(self.state_at(index))

    def deal_finished(self, deal):
        """True once a deal is scored (so its replay may show every hand)."""
        span = self.deal_span(deal)
        if span is None:
            return False
        first, last = span
        if last < self.length:
            return True
        return len(self.game.outcome(self.state_at(last)).deals) > len(self.game.outcome(self.state_at(first)).deals)

    def finished_deals(self):
        return [d for d, _first in self.deals() if self.deal_finished(d)]

    # --- the story --------------------------------------------------------------------------------
    def narrate(self, i):
        """The sentences telling action i, from the reader's side, in the page's language (told once
        per table and language: the story of what has happened does not change)."""
        key = ("action", get_language(), i)
        if key not in self._lines:
            seat, text = self.table.actions[i]
            self._lines[key] = [str(line) for line in self.ui.narrate(
                self.game, self.state_at(i), seat, self.game.parse_action(text), self.state_at(i + 1), self.names,
                self.human)]
        return list(self._lines[key])

    def opening(self, first):
        """The first lines of the story of the deal that begins after `first` actions."""
        key = ("opening", get_language(), first)
        if key not in self._lines:
            self._lines[key] = [str(line) for line in self.ui.opening(self.view(first), self.human, self.names)]
        return list(self._lines[key])

    def log(self, upto=None, whole=False):
        """(lines, earlier): the story of the deal that position `upto` belongs to, up to it, from
        the reader's side; the latest LOG_LINES lines unless whole, and how many were left out."""
        upto = self.length if upto is None else upto
        first, _last = self.deal_span(self.deal_of(upto))
        begin = first if whole else max(first, upto - LOG_LINES)
        lines = []
        if begin == first:
            lines.append({"seat": None, "text": join_sentences(self.opening(first))})
        for i in range(begin, upto):
            seat = self.table.actions[i][0]
            lines.append({"seat": seat, "mine": seat == self.human, "text": join_sentences(self.narrate(i))})
        self.remember()
        return lines, begin - first

    # --- undo -------------------------------------------------------------------------------------
    def last_human_decision(self):
        """The index of the reader's last action, never one before the table's start (a practice
        position begins after actions that are not its reader's to take back)."""
        for i in range(self.length - 1, self.table.start - 1, -1):
            if self.table.actions[i][0] == self.human:
                return i
        return None

    def undo_block(self):
        """What taking back the reader's last decision meets now, the one test of the undo view
        and of the table that offers it: (index of that decision, None) when it may be taken back;
        (index, ("cards", cards)) when he has seen cards since that were not visible there, or
        (index, ("choice", j)) another player's choice at action j; (None, None) when he has no
        decision to take back."""
        index = self.last_human_decision()
        if index is None:
            return None, None
        seen = self.revealed_since(index)
        if seen:
            return index, ("cards", seen)
        chosen = self.choices_seen_since(index)
        if chosen:
            return index, ("choice", chosen[0])
        return index, None

    def seen(self, index):
        """The cards the reader can see in the position after `index` actions, as a multiset."""
        zones = self.game.zones(self.view(index))
        return Counter(c for cards in zones.values() for c in cards if c is not None)

    def revealed_since(self, index):
        """Cards the reader has seen since the position after `index` actions that were not
        visible there (up to the move on his screen: what he has not been shown, he has not seen)."""
        before = self.seen(index)
        new = Counter()
        for j in range(index + 1, min(self.table.shown, self.length) + 1):
            new |= self.seen(j) - before
        return sorted(new.elements())

    def choices_seen_since(self, index):
        """The other players' decisions the reader has been shown since his decision at action
        `index` where they had a choice, as action indices. A choice tells something about the
        cards behind it (a discard of four says the hand was weak; a refusal, that it was strong)."""
        out = []
        for j in range(index + 1, min(self.table.shown, self.length)):
            seat = self.table.actions[j][0]
            if seat != self.human and len(self.game.legal_actions(self.state_at(j), seat)) > 1:
                out.append(j)
        return out

    # --- practice from a moment -------------------------------------------------------------------
    def practice_from(self, index, owner):
        """A new table for `owner` at the position before action `index` (a decision of the
        reader's): the same seed, players, options and bots, the actions before it already played
        and shown; undo cannot go back before them."""
        table = self.table
        copy = Table(game=table.game, owner=owner, seed=table.seed, players=table.players,
                     options=table.options, human_seat=table.human_seat, level=table.level,
                     actions=table.actions[:index], shown=index, start=index, bots_key=table.bots_key)
        for name, value in self.summary(self.state_at(index)).items():
            setattr(copy, name, value)
        copy.save()
        Match(copy, self.ui).snapshots()  # written now, from the replay of the actions kept
        return copy


def start_table(ui, *, owner, seed, players, options, level, target="", human_seat=0, bots_key="", aids=True):
    """A new practice table of `ui`'s game for `owner`, with its first position kept from the
    start: the one way a table begins (the set-up form, a homework deal, a challenge deal). With a
    `bots_key`, its bots answer as at every other table of that key (Match.bots_rng); without
    `aids`, it offers no hint and no undo."""
    table = Table(game=ui.slug, owner=owner, seed=seed, players=players, options=options,
                  human_seat=human_seat, level=level, target=target, bots_key=bots_key, aids=aids)
    match = Match(table, ui)
    for name, value in match.summary(match.first_state()).items():
        setattr(table, name, value)
    table.save()
    match.snapshots()
    return table
