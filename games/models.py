"""Practice tables: a match against bots, stored as its seed, options and the actions taken.

The actions are the truth (event-sourced): the position is their replay from
``new(seed, players, options)``, so a table can be replayed, undone and reviewed exactly. So that a
request never replays a whole long match, the position is also kept as a snapshot (its notation)
at the start of every deal and every few hundred actions inside a long deal (``TableSnapshot``); a
request replays from the nearest one. ``version`` counts the writes; every write is a conditional
UPDATE on it, so two tabs (or a double click) can never both apply an action to the same position.
"""

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone

from dojo.fields import ListJSONField
from dojo.queries import update_where

TOKEN_BYTES = 6  # 8 URL-safe characters
SHARE_TOKEN_BYTES = 12  # 16 URL-safe characters


def new_token():
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_share_token():
    """Long enough that nobody finds a shared deal by guessing."""
    return secrets.token_urlsafe(SHARE_TOKEN_BYTES)


class Table(models.Model):
    """One browser's practice match of one game against bots."""

    LEVELS = ("beginner", "club", "expert")

    token = models.CharField(max_length=16, unique=True, default=new_token)
    game = models.CharField(max_length=20)
    owner = models.CharField(max_length=40, db_index=True)  # games.owner.owner_key
    seed = models.CharField(max_length=64)
    players = models.PositiveSmallIntegerField(default=2)
    options = models.JSONField(default=dict)  # option name -> value, as the game's Options take them
    human_seat = models.PositiveSmallIntegerField(default=0)
    level = models.CharField(max_length=12, choices=[(v, v) for v in LEVELS], default="club")
    actions = ListJSONField(default=list)  # [[seat, action text], ...] in the order played
    version = models.PositiveIntegerField(default=0)
    # How many of the actions the reader has been shown: the bots' moves of one request are shown
    # one at a time, and the reader may interrupt only at the move on his screen.
    shown = models.PositiveIntegerField(default=0)
    # What a list of tables shows without replaying anything (kept up to date on every write).
    deal = models.PositiveIntegerField(default=1)
    scores = models.JSONField(default=list)
    finished = models.BooleanField(default=False)
    # A table opened at a moment of another (a practice position) begins with that table's actions
    # up to it: undo never goes back before them.
    start = models.PositiveIntegerField(default=0)
    # A target the deals of this table are judged against (Game.deal_targets; a homework deal's),
    # recorded with each finished deal (attempts.DealPlayed); "" for none.
    target = models.CharField(max_length=40, blank=True, default="")
    # Whether the hint and undo are offered: not at a table played for a result (a challenge's deal).
    aids = models.BooleanField(default=True)
    # What the bots' choices are keyed by: "" for this table alone (its token), or a key tables
    # share (a club challenge's deal), so that tables of the same deal, options and level whose
    # actions so far are the same get the same bot replies.
    bots_key = models.CharField(max_length=64, blank=True, default="")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [models.Index(fields=["owner", "game", "-updated"], name="table_owner_recent")]

    def __str__(self):
        return f"{self.game} table {self.token} ({len(self.actions)} actions, v{self.version})"

    def write(self, actions, summary, shown=None):
        """Store new actions if nobody wrote since this row was read; True if it was stored.

        The UPDATE carries ``version = <the version read>`` in its WHERE clause, so of two
        simultaneous requests that read the same version exactly one changes a row.
        """
        now = timezone.now()
        fields = {"actions": actions, "version": self.version + 1, "updated": now,
                  "shown": len(actions) if shown is None else shown, **summary}
        done = update_where(Table, fields, id=self.pk, version=self.version)
        if done:
            for name, value in fields.items():
                setattr(self, name, value)
        return bool(done)


class TableSnapshot(models.Model):
    """A table's full position (its notation, seed included) after `index` of its actions: at the
    start of each deal (starts_deal) and every so often in a long one."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="snapshots")
    index = models.PositiveIntegerField()
    deal = models.PositiveIntegerField()
    starts_deal = models.BooleanField(default=False)
    position = models.TextField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "index"], name="one_snapshot_per_index")]
        ordering = ["index"]

    def __str__(self):
        return f"{self.table.token} @{self.index} (deal {self.deal})"


class DealReview(models.Model):
    """The review of the reader's decisions in one finished deal of a table (games/table/review.py),
    filled a few decisions per request. `key` is a digest of the deal's actions: a review made of
    other actions (a deal taken back and played again) is started afresh."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="reviews")
    deal = models.PositiveIntegerField()
    key = models.CharField(max_length=64)
    total = models.PositiveIntegerField(default=0)  # the reader's decisions in the deal
    done = models.PositiveIntegerField(default=0)  # how many of them are reviewed (len(decisions))
    decisions = models.JSONField(default=list)  # one verdict per reviewed decision, in order of play
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "deal"], name="one_review_per_deal")]

    def __str__(self):
        return f"{self.table.token} deal {self.deal}: {self.done}/{self.total} reviewed"


class SharedDeal(models.Model):
    """A finished deal of a table that its reader has shared: anyone with the token may open its
    replay, read-only. The deal must still be finished whenever it is opened."""

    token = models.CharField(max_length=24, unique=True, default=new_share_token)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="shared_deals")
    deal = models.PositiveIntegerField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "deal"], name="one_share_per_deal")]

    def __str__(self):
        return f"{self.table.token} deal {self.deal} shared as {self.token}"


def new_join_code():
    """Six characters to type or read aloud (no 0/O, 1/I)."""
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    return "".join(secrets.choice(alphabet) for _ in range(6))


class PeopleTable(models.Model):
    """A match where people play each other, each from their own device, with bots in the seats
    set for bots. The actions are the truth, as at a practice table; ``version`` guards every write
    (two people acting at once: one write wins, the other is refused and sees the table as it is).
    Who may see what is decided in games/people/access.py."""

    token = models.CharField(max_length=16, unique=True, default=new_token)
    code = models.CharField(max_length=8, unique=True, default=new_join_code)  # typed to join
    game = models.CharField(max_length=20)
    seed = models.CharField(max_length=64)
    players = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict)
    # One entry per seat: {"kind": "person"} or {"kind": "bot", "level": <a level of the game's ui>}.
    seats = models.JSONField(default=list)
    actions = ListJSONField(default=list)  # [[seat, action text], ...]
    version = models.PositiveIntegerField(default=0)
    finished = models.BooleanField(default=False)
    # When a person's seat is awaited and nobody is there (left, or not seen for `away_minutes`):
    # "wait", or the level of a bot that plays for them until they are back. Said up front.
    away = models.CharField(max_length=12, default="wait")
    away_minutes = models.PositiveSmallIntegerField(default=3)
    # What the set-up proposes, in force only once every person seated has agreed to it: the hint and
    # undo, and a club organiser watching with every hand open.
    propose_aids = models.BooleanField(default=False)
    propose_open = models.BooleanField(default=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated", "-pk"]

    def __str__(self):
        return f"{self.game} table of people {self.token} (v{self.version})"

    def person_seats(self):
        return [s for s, seat in enumerate(self.seats) if seat["kind"] == "person"]

    def agreed(self):
        """Has every person seat someone in it who agreed to the set-up's proposals?"""
        rows = list(self.sitting.all())
        return len(rows) == len(self.person_seats()) and all(r.agrees for r in rows)

    def aids_on(self):
        return self.propose_aids and self.agreed()

    def open_to_watchers(self):
        return self.finished or (self.propose_open and self.agreed())


class PeopleSeat(models.Model):
    """A person sitting at a seat of a table of people: one person per seat, one seat per person."""

    table = models.ForeignKey(PeopleTable, on_delete=models.CASCADE, related_name="sitting")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    joined = models.DateTimeField(auto_now_add=True)
    seen = models.DateTimeField(null=True, blank=True)  # the person's page last asked (to half a minute)
    agrees = models.BooleanField(default=False)  # to what the table's set-up proposes
    # The person's own copy of the match as a practice table (Table.token), for its replay and
    # review from this seat; brought up to date each time it is asked for.
    replay = models.CharField(max_length=16, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "seat"], name="one_person_per_seat"),
                       models.UniqueConstraint(fields=["table", "user"], name="one_seat_per_person")]
        ordering = ["seat"]
