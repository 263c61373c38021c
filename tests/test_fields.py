"""dojo.fields.ListJSONField: what it stores reads back as Django's own JSONField reads it, on every
database the site runs on, and the ORM's JSON lookups still find it."""

import json

import pytest
from django.db import connection, models, transaction

from dojo.fields import ListJSONField
from games.models import Table

pytestmark = pytest.mark.django_db

VALUES = [
    [],
    [[0, "move T>H"], [1, "pass"], [0, "play 7h,7d"]],
    {"deals": 3, "target": None, "open": True, "name": "日本語 «x» \"quoted\" \\ back"},
    {1: "one", "2": [2.5, -3, 0]},
    [[True, False, None], {"nested": {"deeper": ["é", "\u2660", "\n\t"]}}],
    [2 ** 63 - 1, -(2 ** 63)],
]


def stored_text(pk, column):
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {column} FROM games_table WHERE id = %s", [pk])
        return cursor.fetchone()[0]


@pytest.mark.parametrize("value", VALUES)
def test_a_value_reads_back_as_djangos_own_json_field_reads_it(value):
    assert isinstance(Table._meta.get_field("actions"), ListJSONField)
    assert type(Table._meta.get_field("options")) is models.JSONField
    table = Table.objects.create(game="toy", owner="o", seed="s", actions=value, options=value)
    fresh = Table.objects.get(pk=table.pk)
    assert fresh.actions == fresh.options == json.loads(json.dumps(value))
    # The text each wrote means the same JSON, read by the standard library.
    text = stored_text(table.pk, "actions")
    assert (json.loads(text) if isinstance(text, str) else text) == fresh.options


def test_text_written_by_djangos_field_is_read_by_it_and_the_other_way_round():
    value = [[0, "日本"], {"k": [1, 2.5, None]}]
    table = Table.objects.create(game="toy", owner="o", seed="s")
    # The stock field writes into the list field's column, and the list field into the stock one's.
    with connection.cursor() as cursor:
        stock = models.JSONField().get_db_prep_value(value, connection)
        mine = ListJSONField().get_db_prep_value(value, connection)
        cursor.execute("UPDATE games_table SET actions = %s, options = %s WHERE id = %s",
                       [stock, mine, table.pk])
    fresh = Table.objects.get(pk=table.pk)
    assert fresh.actions == value and fresh.options == value


def test_json_lookups_find_what_it_stored():
    Table.objects.create(game="toy", owner="o", seed="a", actions=[[0, "pass"], [1, "play 7h"]])
    Table.objects.create(game="toy", owner="o", seed="b", actions=[[1, "pass"]])
    assert list(Table.objects.filter(actions__1__1="play 7h").values_list("seed", flat=True)) == ["a"]
    assert list(Table.objects.filter(actions__0__0=1).values_list("seed", flat=True)) == ["b"]
    assert Table.objects.filter(actions=[[1, "pass"]]).get().seed == "b"
    found = Table.objects.filter(actions__1__1="play 7h").values_list("actions__1", flat=True)
    assert list(found) == [[1, "play 7h"]]


def test_values_outside_jsons_own_kinds_are_left_to_djangos_way():
    import datetime

    # The standard library refuses a date, and so does the field (nothing half-written).
    with pytest.raises(TypeError), transaction.atomic():
        Table.objects.create(game="toy", owner="o", seed="s", actions=[datetime.date(2026, 1, 1)])
    # A whole number beyond 64 bits is written as the standard library writes it.
    table = Table.objects.create(game="toy", owner="o", seed="s", actions=[2 ** 70])
    text = stored_text(table.pk, "actions")
    assert (json.loads(text) if isinstance(text, str) else text) == [2 ** 70]


def test_it_takes_no_encoder_or_decoder():
    with pytest.raises(ValueError):
        ListJSONField(encoder=json.JSONEncoder)
    with pytest.raises(ValueError):
        ListJSONField(decoder=json.JSONDecoder)
