"""Practice tables: a match against bots, stored as its seed, options and the actions taken.

The actions are the truth (event-sourced): the position is their replay from
``new(seed, players, options)``, so a table can be replayed, undone and reviewed exactly. So that a
request never replays a whole long match, the position is also kept as a snapshot (its notation)
at the start of every deal and every few hundred actions inside a long deal (``TableSnapshot``); a
request replays from the nearest one. ``version`` counts the writes; every write is a conditional
UPDATE on it, so two tabs (or a double click) can never both apply an action to the same position.
"""

import secrets

from django.db import models
from django.utils import timezone

TOKEN_BYTES = 6  # 8 URL-safe characters


def new_token():
    return secrets.token_urlsafe(TOKEN_BYTES)


class Table(models.Model):
    """One browser's practice match of one game against bots."""

    LEVELS = ("beginner", "club", "expert")

    token = models.CharField(max_length=16, unique=True, default=new_token)
    game = models.CharField(max_length=20)
    owner = models.CharField(max_length=40, db_index=True)  # games.owner.browser_token
    seed = models.CharField(max_length=64)
    players = models.PositiveSmallIntegerField(default=2)
    options = models.JSONField(default=dict)  # option name -> value, as the game's Options take them
    human_seat = models.PositiveSmallIntegerField(default=0)
    level = models.CharField(max_length=12, choices=[(v, v) for v in LEVELS], default="club")
    actions = models.JSONField(default=list)  # [[seat, action text], ...] in the order played
    version = models.PositiveIntegerField(default=0)
    # How many of the actions the reader has been shown: the bots' moves of one request are shown
    # one at a time, and the reader may interrupt only at the move on his screen.
    shown = models.PositiveIntegerField(default=0)
    # What a list of tables shows without replaying anything (kept up to date on every write).
    deal = models.PositiveIntegerField(default=1)
    scores = models.JSONField(default=list)
    finished = models.BooleanField(default=False)
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
        done = Table.objects.filter(pk=self.pk, version=self.version).update(**fields)
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
