"""Model fields of the site's own.

A practice table keeps its actions as one JSON list, read on every request of the table and written
again with each move: a long match holds seven hundred actions, which the standard library
writes in 0.25 ms and reads in 0.16 ms in one process, a request's largest single piece of work
after drawing the page. ``ListJSONField`` is Django's JSONField read and written with orjson instead
(0.03 and 0.07 ms), for fields of plain lists and dicts of numbers and texts.

What it stores is read back the same by Django's own JSONField, and the other way round: the same
JSON, written without spaces and with non-ASCII text as UTF-8 rather than escaped (a database's
JSON functions read both alike). It is meant for values of JSON's own kinds (lists, dicts, texts,
numbers, booleans, None; whole numbers within 64 bits), as a table's actions are; there the two
agree. Outside them: a date, a dataclass or a subclass of a JSON kind is written by Django's own
way (the standard library's, which refuses what it cannot write); a whole number beyond 64 bits is
written so too, but read back as a float; a float that is not finite becomes null (the standard
library writes NaN, which JSON does not have), and a UUID its text (the standard library refuses
it).
"""

import orjson
from django.db import models
from django.db.models.fields.json import KeyTransform

# A dict's number keys become texts, as json.dumps makes them; what orjson writes of its own accord
# and the standard library does not (dates, dataclasses, subclasses) is left to the standard library.
OPTIONS = (orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
           | orjson.OPT_PASSTHROUGH_SUBCLASS)


def dumps(value):
    """The JSON text of value, as json.dumps writes it up to spaces and escapes; None if only the
    standard library can write it."""
    try:
        return orjson.dumps(value, option=OPTIONS).decode()
    except (orjson.JSONEncodeError, TypeError):
        return None


class ListJSONField(models.JSONField):
    """A JSONField without a custom encoder or decoder, read and written with orjson."""

    def __init__(self, *args, **kwargs):
        if kwargs.get("encoder") or kwargs.get("decoder"):
            raise ValueError("ListJSONField takes no encoder or decoder: use Django's JSONField for those")
        super().__init__(*args, **kwargs)

    def from_db_value(self, value, expression, connection):
        if value is None or (isinstance(expression, KeyTransform) and not isinstance(value, str)):
            return super().from_db_value(value, expression, connection)
        try:
            return orjson.loads(value)
        except orjson.JSONDecodeError:
            return super().from_db_value(value, expression, connection)

    def get_db_prep_value(self, value, connection, prepared=False):
        if not prepared:
            value = self.get_prep_value(value)
        text = dumps(value)
        if text is None:
            return connection.ops.adapt_json_value(value, self.encoder)
        if connection.vendor == "postgresql":
            from django.db.backends.postgresql.psycopg_any import Jsonb

            return Jsonb(value, dumps=lambda _value: text)
        return text
