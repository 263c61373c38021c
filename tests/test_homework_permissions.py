"""Who may open every homework view: a matrix of views × roles, every expected status written out.

Roles: anonymous, outsider (signed in, in no club), a member of another club, a member of this
club (the set is his), and its organiser. Anyone not allowed gets a 404, as for a thing that does
not exist."""

import pytest
from django.urls import reverse

from homework.models import HomeworkDeal
from tests.clubs import _quick_passwords  # noqa: F401  (the world's five users hashed quickly)
from tests.compiled import ensure_compiled
from tests.homework_world import make_world

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "outsider", "other_member", "member", "organiser"]

# view, method, expected status for each role in ROLES order.
MATRIX = [
    ("index", "get", [404, 404, 404, 200, 200]),
    ("new", "get", [404, 404, 404, 404, 200]),
    ("new", "post", [404, 404, 404, 404, 302]),
    ("edit", "get", [404, 404, 404, 404, 200]),
    ("edit", "post", [404, 404, 404, 404, 302]),
    ("item_add", "post", [404, 404, 404, 404, 302]),
    ("item_move", "post", [404, 404, 404, 404, 302]),
    ("item_remove", "post", [404, 404, 404, 404, 302]),
    ("delete", "get", [404, 404, 404, 404, 200]),
    ("delete", "post", [404, 404, 404, 404, 302]),
    ("grid", "get", [404, 404, 404, 404, 200]),
    ("csv", "get", [404, 404, 404, 404, 200]),
    ("attempt_own", "get", [404, 404, 404, 200, 200]),  # the member's own attempt
    ("attempt_other", "get", [404, 404, 404, 404, 200]),  # another member's attempt
    ("deal_steps_own", "get", [404, 404, 404, 200, 200]),
    ("deal_steps_other", "get", [404, 404, 404, 404, 200]),
    ("start", "post", [404, 404, 404, 302, 404]),  # only a member the set is for plays its deal
]


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def _request(client, w, view, method):
    code, pk = w.club.code, w.set.pk
    urls = {
        "index": reverse("homework", args=[code]),
        "new": reverse("homework-new", args=[code]),
        "edit": reverse("homework-edit", args=[code, pk]),
        "item_add": reverse("homework-item-add", args=[code, pk]),
        "item_move": reverse("homework-item-move", args=[code, pk, w.p_item.pk]),
        "item_remove": reverse("homework-item-remove", args=[code, pk, w.p_item.pk]),
        "delete": reverse("homework-delete", args=[code, pk]),
        "grid": reverse("homework-grid", args=[code, pk]),
        "csv": reverse("homework-csv", args=[code, pk]),
        "attempt_own": reverse("homework-attempt", args=[code, pk, w.l_item.pk, w.member.pk]),
        "attempt_other": reverse("homework-attempt", args=[code, pk, w.l_item.pk, w.member2.pk]),
        "deal_steps_own": reverse("homework-deal-steps", args=[code, pk, w.d_item.pk, w.member.pk, 1]),
        "deal_steps_other": reverse("homework-deal-steps", args=[code, pk, w.d_item.pk, w.member2.pk, 1]),
        "start": reverse("homework-start", args=[code, pk, w.d_item.pk]),
    }
    data = {
        "new": {"title": "Week 2", "everyone": "all", "once": "k1"},
        "edit": {"title": "Week 1b", "everyone": "all"},
        "item_add": {"game": w.game.slug, "kind": "puzzle", "ref": w.puzzle.id},
        "item_move": {"to": "1"},
        "start": {"number": "1"},
    }.get(view, {})
    url = "/en" + urls[view][3:] if urls[view].startswith("/ja/") else urls[view]
    return getattr(client, method)(url, data)


def _deal_tables(w):
    """Each member has played (started) the deal, so that the step-through exists for both."""
    from games.table.codes import read_deal_code
    from games.table.match import start_table
    from games.ui import game_ui

    ui = game_ui(w.game.slug)
    seed, players, options = read_deal_code(ui.game, w.code)
    for user in (w.member, w.member2):
        table = start_table(ui, owner=f"u.{user.pk}", seed=seed, players=players, options=options, level="club")
        HomeworkDeal.objects.create(item=w.d_item, user=user, number=1, table=table.token)


@pytest.mark.parametrize("view,method,expected", MATRIX, ids=[f"{v}-{m}" for v, m, _ in MATRIX])
@pytest.mark.parametrize("role", ROLES)
def test_matrix(client, view, method, expected, role):
    w = make_world()
    _deal_tables(w)
    if role != "anonymous":
        client.force_login(getattr(w, role))
    response = _request(client, w, view, method)
    assert response.status_code == expected[ROLES.index(role)], (view, method, role)


def test_member_of_a_set_not_given_to_him_sees_nothing_of_it(client):
    w = make_world()
    w.set.everyone = False
    w.set.save()
    w.set.assignees.set([w.member2])
    client.force_login(w.member)
    page = client.get(reverse("homework", args=[w.club.code]))
    assert "Week 1" not in page.content.decode()
    assert client.get(reverse("homework-attempt", args=[w.club.code, w.set.pk, w.l_item.pk, w.member.pk])
                      ).status_code == 404
    assert client.post(reverse("homework-start", args=[w.club.code, w.set.pk, w.d_item.pk])).status_code == 404
