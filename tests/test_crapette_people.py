"""Crapette's callable Stop! between two people at a table of people: after a move of one, the
other's page offers the call (and keeps asking for changes); the call made then counts, once (a
double click is refused by the version guard); a call where no move of the opponent's answers it is
refused with the rule's reason, and nothing changes."""

import pytest

from games.engine import registry
from games.models import PeopleTable
from games.people import play
from games.table.codes import deal_code
from tests.clubs import _quick_passwords, client_for, person  # noqa: F401
from tests.test_people_tables import open_table, post_action, url

pytestmark = pytest.mark.django_db


def test_stop_between_two_people():
    crapette = registry.get("crapette")
    options = {"stop_mode": "callable"}
    olga, mika = person("olga"), person("mika")
    table = open_table(client_for(olga), "crapette", 2, ["person", "person"],
                       code=deal_code(crapette, "peoplestop", 2, options))
    assert client_for(mika).post(url(table, "take"), {"seat": 1}).status_code == 302
    clients = {0: client_for(olga), 1: client_for(mika)}
    state = play.replay(table).state
    mover = min(crapette.turn(state))
    other = 1 - mover
    # Nothing of the opponent's to answer yet: refused by its rule, the table unchanged.
    early = clients[other].post(url(table, "act"), {"action": "stop", "version": table.version})
    assert early.status_code in (409, 422) and "Not allowed:" in early.content.decode()
    table.refresh_from_db()
    assert table.actions == []
    action = next(a for a in crapette.legal_actions(state, mover) if a.kind in ("move", "turn"))
    assert post_action(clients[mover], table, mover, action).status_code == 302
    table.refresh_from_db()
    page = clients[other].get(url(table)).content.decode()
    assert 'value="stop"' in page and "you may interrupt now" in page and "people-poll" in page
    called = clients[other].post(url(table, "act"), {"action": "stop", "version": table.version})
    assert called.status_code == 302
    again = clients[other].post(url(table, "act"), {"action": "stop", "version": table.version})
    assert again.status_code == 409  # the same call once more: the table has moved on
    table = PeopleTable.objects.get(pk=table.pk)
    assert [a for _s, a in table.actions].count("stop") == 1 and table.actions[1] == [other, "stop"]
