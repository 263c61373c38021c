"""Reads and writes the site makes on nearly every request, without Django building their SQL each
time."""

import threading

from django.core.exceptions import FieldDoesNotExist
from django.db import connections, models, router

_compiled = {}
_compiling = threading.Lock()


def _mark(field, n, name):
    """A stand-in value the ORM's filter keeps as it is, so that it is found again among the
    query's parameters: a text for most fields, and for a number's (a foreign key to a numbered row
    included), which the ORM would refuse as text, a number within every integer field's range
    (the ORM leaves out a comparison with one outside it). Never run: only the SQL is kept."""
    target = field.target_field if field.is_relation else field
    return 32_001 + n if isinstance(target, models.IntegerField) else f"<value of {name}>"


def rows_where(model, **where):
    """The rows of `model` whose fields equal `where` (field name: value), in the model's ordering:
    what ``list(model.objects.filter(**where))`` gives, with one query.

    A page reads a few rows by equal fields on nearly every request (a reader's records of one
    item, a table by its token), and Django's building of the SQL costs several times what the
    database takes to answer it (a reader's rows of a puzzle: 0.42 ms through the ORM's filter, of
    which 0.04 ms is the database's; 0.13 ms so, in one process). So the SQL of each shape (the
    model, the names filtered on, the database) is built by Django once a process, with marks where
    the values go, then run with each call's values; the rows are the model's own instances, made
    and converted as the ORM makes them (Model.from_db, each value through the converters the ORM
    would apply, found once a shape too: a raw query set finds them again for each query, which
    took a practice table's read 0.13 → 0.05 ms in one process)."""
    if any(value is None for value in where.values()):  # the ORM asks IS NULL for those
        raise ValueError(f"rows_where compares with values, not None: {where!r}")
    db = router.db_for_read(model)
    names = tuple(sorted(where))
    key = (model, names, db, connections[db].vendor)
    found = _compiled.get(key)
    if found is None:
        with _compiling:
            try:
                marks = {name: _mark(model._meta.get_field(name), n, name) for n, name in enumerate(names)}
            except FieldDoesNotExist:  # a lookup (owner__in) or a name of no field
                raise ValueError(f"rows_where filters on plain equality of fields only, not {where!r}") from None
            sql, params = model.objects.using(db).filter(**marks).query.sql_with_params()
            by_mark = {mark: name for name, mark in marks.items()}
            if sorted(params, key=repr) != sorted(marks.values(), key=repr):  # not one plain value per name
                raise ValueError(f"rows_where filters on plain equality only, not {where!r}")
            _selects_every_field(sql, model, connections[db])
            attnames = [f.attname for f in model._meta.concrete_fields]
            order = [by_mark[p] for p in params]
            found = _compiled[key] = (sql, order, attnames, _converters(model, connections[db]))
    sql, order, attnames, converters = found
    meta = model._meta
    connection = connections[db]
    values = [meta.get_field(name).get_db_prep_value(where[name], connection) for name in order]
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        rows = cursor.fetchall()
    out = []
    for row in rows:
        if converters:
            row = list(row)
            for i, column, funcs in converters:
                value = row[i]
                for convert in funcs:
                    value = convert(value, column, connection)
                row[i] = value
        out.append(model.from_db(db, attnames, row))
    return out


def _selects_every_field(sql, model, connection):
    """The rows are made from their values in the order of the model's fields: the ORM's SQL must
    select them so (it does: a guard against a change in Django)."""
    quote, table = connection.ops.quote_name, connection.ops.quote_name(model._meta.db_table)
    columns = ", ".join(f"{table}.{quote(f.column)}" for f in model._meta.concrete_fields)
    if not sql.startswith(f"SELECT {columns} FROM "):
        raise ValueError(f"rows_where expects the ORM to select every field of {model.__name__} in order")


def _converters(model, connection):
    """[(index, column, functions)]: what the ORM applies to each value of a row of `model` read with
    every concrete field in order (the database's converters, then the field's from_db_value), for the
    columns that have any: a JSON field's decoding, a time or a flag on SQLite."""
    out = []
    for i, field in enumerate(model._meta.concrete_fields):
        column = field.get_col(model._meta.db_table)
        funcs = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        if funcs:
            out.append((i, column, funcs))
    return out


def update_where(model, values, **where):
    """Set `values` (field name: value) on the rows of `model` whose fields equal `where`; the
    number of rows changed. What ``model.objects.filter(**where).update(**values)`` does, as one
    UPDATE: no signal, no auto_now, each value converted for the database by its field as the
    ORM converts it.

    A practice table's move or step writes its row by its id and the version read (table.write),
    and Django's building of that UPDATE cost more than the database's work. So the statement of
    each shape (the model, the names set, the names filtered on, the database) is written once a
    process."""
    if not values or not where or any(value is None for value in where.values()):
        raise ValueError(f"update_where sets some values where fields equal values: {values!r}, {where!r}")
    db = router.db_for_write(model)
    connection = connections[db]
    meta = model._meta
    sets, names = tuple(values), tuple(where)
    key = ("update", model, sets, names, db, connection.vendor)
    sql = _compiled.get(key)
    if sql is None:
        quote = connection.ops.quote_name
        column = {name: quote(meta.get_field(name).column) for name in sets + names}
        sql = _compiled[key] = (f"UPDATE {quote(meta.db_table)} SET "
                                + ", ".join(f"{column[name]} = %s" for name in sets)
                                + " WHERE " + " AND ".join(f"{column[name]} = %s" for name in names))
    params = ([meta.get_field(name).get_db_prep_save(values[name], connection) for name in sets]
              + [meta.get_field(name).get_db_prep_value(where[name], connection) for name in names])
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


def insert_once(row):
    """Store `row`, a model instance not saved yet, unless a unique constraint holds its like
    already; True if it was stored now (its id is then set). What ``with atomic(): row.save()``,
    with the IntegrityError caught, does for a new row, as one statement: an INSERT that does
    nothing on a conflict, written once a model, each value made as the ORM's insert makes it
    (pre_save, then get_db_prep_save). No signal is sent.

    A record is written on every answer and at every deal's end; the ORM's way took a savepoint
    (or a transaction) around the INSERT, three statements, each a round trip to PostgreSQL, and
    a conflict leaves the transaction it is part of usable either way."""
    model = type(row)
    db = router.db_for_write(model)
    connection = connections[db]
    meta = model._meta
    key = ("insert", model, db, connection.vendor)
    found = _compiled.get(key)
    if found is None:
        quote = connection.ops.quote_name
        fields = [f for f in meta.concrete_fields if f is not meta.auto_field]
        found = _compiled[key] = (fields, (
            f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
            f"VALUES ({', '.join(['%s'] * len(fields))}) "
            f"ON CONFLICT DO NOTHING RETURNING {quote(meta.pk.column)}"))
    fields, sql = found
    params = [f.get_db_prep_save(f.pre_save(row, True), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        made = cursor.fetchone()
    if made is None:
        return False
    row.pk = made[0]
    row._state.adding, row._state.db = False, db
    return True
