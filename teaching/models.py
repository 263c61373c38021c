"""The teaching table: one deal an organiser shows a room, on a projector. Who may open it is decided
in clubs/permissions.py (the club's organisers)."""

import secrets

from django.conf import settings
from django.db import models

from dojo.fields import ListJSONField


def new_token():
    return secrets.token_urlsafe(9)


class TeachingTable(models.Model):
    """A deal and the moves made in it so far (by the organiser, for any seat), whose cards the board
    shows (`mode`) and the organiser's notes. The move shown is in the page's address (?step=). `start` is the deal's first position in the game's notation, every card in it:
    it never reaches a page, only the view `mode` allows does."""

    OPEN, SEAT, PUBLIC = "open", "seat", "public"
    MODES = [(OPEN, OPEN), (SEAT, SEAT), (PUBLIC, PUBLIC)]

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="teaching_tables")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    token = models.CharField(max_length=16, unique=True, default=new_token)
    game = models.CharField(max_length=20)
    players = models.PositiveSmallIntegerField()
    code = models.CharField(max_length=80)  # the deal code it was opened from
    start = models.TextField()
    actions = ListJSONField(default=list)  # [[seat, action text], ...]
    mode = models.CharField(max_length=8, choices=MODES, default=OPEN)
    seat = models.PositiveSmallIntegerField(default=0)  # whose view, in the seat mode
    notes = models.TextField(blank=True, max_length=4000)
    version = models.PositiveIntegerField(default=0)  # a write with an older version is refused
    # Opened from a match still being played (a table of people): the room sees only what every
    # player sees, whatever the organiser chooses.
    public_only = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self):
        return f"{self.game} teaching table {self.token}"


class Question(models.Model):
    """"What would you play here?": the position after `step` moves of a teaching table, asked of the
    room from `seat` (the seat to move). Members answer on their phones with `code`; the organiser
    reveals the answers once."""

    table = models.ForeignKey(TeachingTable, on_delete=models.CASCADE, related_name="questions")
    step = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    code = models.CharField(max_length=8, unique=True)
    created = models.DateTimeField(auto_now_add=True)
    revealed = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self):
        return f"question {self.code} on {self.table}"


class Answer(models.Model):
    """One member's answer to a question: one per member (answering again replaces it), with the
    engine's verdict on it."""

    question = models.ForeignKey(Question, on_delete=models.CASCADE, related_name="answers")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    action = models.CharField(max_length=200)
    legal = models.BooleanField()
    rule = models.CharField(max_length=80, blank=True)  # the rule that refuses it, when illegal
    verdict = models.CharField(max_length=8, blank=True)  # the judge's word, set at the reveal
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["question", "user"], name="one_answer_each")]
        ordering = ["updated", "pk"]


class ClubPuzzle(models.Model):
    """A moment of a deal saved as a puzzle for a club: the position (every card in it, shown to the
    solver from `seat`, or open), the organiser's words in both languages and the accepted answers.
    It is a draft until the judge backs the answers (teaching/authoring.py): proved by the exact
    solver where every card that matters is known, else by `target` deals dealt from the seat's
    view (the sample's progress and figures are kept here, dealt a few at a time)."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="puzzles")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    game = models.CharField(max_length=20)
    position = models.TextField()
    seat = models.PositiveSmallIntegerField()
    open = models.BooleanField(default=False)
    level = models.PositiveSmallIntegerField(default=1)
    words = models.JSONField(default=dict)  # {"question": {en, ja}, "explanation": {en, ja}, "hints": {en: [], ja: []}}
    answers = models.JSONField(default=list)  # accepted action texts
    # The sample, where the answer cannot be proved: its seed, the deals it is to hold, and per
    # action the values and ahead flags of the deals dealt so far (tutorials.puzzles.record's shape).
    seed = models.CharField(max_length=40, blank=True)
    target = models.PositiveIntegerField(default=0)
    sample = models.JSONField(null=True, blank=True)
    saved = models.DateTimeField(null=True, blank=True)  # a draft until then
    once = models.CharField(max_length=64, unique=True, null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self):
        return f"{self.game} puzzle {self.pk} of {self.club}"

    @property
    def ident(self):
        """Its id among puzzles (records and homework items name it so); never a content file's."""
        return f"club-{self.pk}"
