"""The club load run's core (homework/management/commands/clubrun.py) with two members through the
Django test client: every request answered without error, and nothing lost (the records equal what
each client saw accepted, and the grid's final text is the records'). Nothing here is timed."""

import pytest
from django.test import Client

from attempts.models import LessonAnswer
from games.owner import user_key
from homework.management.commands import clubrun
from tests.compiled import ensure_compiled

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


class ClientBrowser:
    """loadrun's Browser interface over the Django test client, with CSRF checks on."""

    def __init__(self, port=None):
        self.client = Client(enforce_csrf_checks=True)

    def request(self, method, path, form=None, port=None, hx=False):
        extra = {"HTTP_HX_REQUEST": "true"} if hx else {}
        if method == "GET":
            response = self.client.get(path, **extra)
        else:
            token = self.client.cookies["csrftoken"].value if "csrftoken" in self.client.cookies else ""
            response = self.client.post(path, {**form, "csrfmiddlewaretoken": token}, **extra)
        data = b"".join(response.streaming_content) if response.streaming else response.content
        return response.status_code, response.headers, data


PASSES = 3


@pytest.fixture
def ran():
    world = clubrun.make_world(2, tag="t")
    tally, members, organiser = clubrun.run(world, ClientBrowser, [None], passes=PASSES, threaded=False)
    return world, tally, members, organiser


def test_two_members_work_through_the_set_with_no_error_and_nothing_lost(ran):
    world, tally, members, organiser = ran
    assert dict(tally.errors) == {}, tally.problems
    assert clubrun.check_nothing_lost(world, members, organiser) == []
    steps = len(world["lesson"].steps)
    for m in members:
        assert m.logged_in
        # Every step of the lesson answered in every pass, the puzzle solved at the first try,
        # and the member's moves accepted at the homework deal's table.
        assert m.lesson_answers == steps * PASSES and m.lesson_finished
        assert m.puzzle_moves == PASSES and m.puzzle_first_try is True
        assert len(m.tables) >= 1 and sum(m.table_moves.values()) + len(m.deals_finished) > 0
    for kind in ("login-page", "login", "homework", "step-get", "step-post", "puzzle-get", "puzzle-post", "deal-start",
                 "table-move", "grid", "grid-htmx", "csv"):
        assert tally.times[kind], kind


def test_a_record_lost_is_found(ran):
    world, tally, members, organiser = ran
    m = members[0]
    LessonAnswer.objects.filter(owner=user_key(m.user)).order_by("-pk").first().delete()
    lost = clubrun.check_nothing_lost(world, members, organiser)
    assert [name for name, _said in lost] == [m.user.get_full_name()]
    assert "lesson answers" in lost[0][1]

