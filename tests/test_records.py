"""Learning progress as records (attempts/): every judged answer posted is one row, a GET writes
nothing, a form sent twice is stored once, and the pages' progress is what attempts.summary says."""

import re
from html import unescape

import pytest
from django.conf import settings

from attempts import summary
from attempts.models import LessonAnswer, PuzzleMove
from games import owner
from games.engine import registry
from tests.compiled import ensure_compiled
from tutorials import lessons, puzzles

pytestmark = pytest.mark.django_db
GAME = "toy"  # the toy game (tests/toy/), registered for every test here


@pytest.fixture(autouse=True)
def _toy(toy):
    assert toy == GAME


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def text(response):
    return unescape(response.content.decode())


def nonce(page):
    return re.search(r'name="nonce" value="([^"]+)"', page).group(1)


def first_step(kind):
    for lesson in lessons.lessons(GAME):
        for n, step in enumerate(lesson.steps, start=1):
            if step.kind == kind:
                return lesson, n, step
    raise LookupError(kind)


def step_url(lesson, n):
    return f"/en/{GAME}/lessons/{lesson.id}/{n}/"


def puzzle_url(p):
    return f"/en/{GAME}/puzzles/{p.id}/"


@pytest.mark.parametrize("slug", [g.slug for g in registry.all_games()])
def test_a_get_of_any_lesson_or_puzzle_page_records_nothing_and_sets_no_session(client, slug):
    urls = [f"/en/{slug}/lessons/", f"/en/{slug}/puzzles/"]
    for lesson in lessons.lessons(slug):
        urls.append(f"/en/{slug}/lessons/{lesson.id}/")
        for n, step in enumerate(lesson.steps, start=1):
            urls.append(f"/en/{slug}/lessons/{lesson.id}/{n}/")
            if step.kind == "watch":
                urls.append(f"/en/{slug}/lessons/{lesson.id}/{n}/?at={len(step.line)}")
    for p in puzzles.puzzles(slug):
        urls += [f"/en/{slug}/puzzles/{p.id}/", f"/en/{slug}/puzzles/{p.id}/?hint=1"]
    for url in urls:
        response = client.get(url)
        assert response.status_code in (200, 302, 404), url
        assert settings.SESSION_COOKIE_NAME not in response.cookies, url
        assert owner.COOKIE not in response.cookies, url
    assert LessonAnswer.objects.count() == 0 and PuzzleMove.objects.count() == 0
    assert settings.SESSION_COOKIE_NAME not in client.cookies and owner.COOKIE not in client.cookies


def test_an_act_answer_is_one_record_right_or_refused_with_its_rule(client):
    game = registry.get(GAME)
    for lesson in lessons.lessons(GAME):
        found = [(n, s) for n, s in enumerate(lesson.steps, start=1) if s.kind == "act"]
        for n, step in found:
            state = game.from_text(step.position)
            legal = set(game.legal_actions(state, step.seat))
            wrong = [a for a in game.candidate_actions(state, step.seat) if a not in legal]
            if wrong:
                break
        else:
            continue
        break
    else:
        pytest.skip("no act step offers an illegal move")
    page = text(client.get(step_url(lesson, n)))
    client.post(step_url(lesson, n), {"action": str(wrong[0]), "nonce": nonce(page)})
    row = LessonAnswer.objects.get()
    assert (row.lesson, row.step, row.correct, row.answer) == (lesson.id, n, False, str(wrong[0]))
    assert row.rule == game.check(state, step.seat, wrong[0]).rule
    assert row.owner == owner.token_in(client.cookies)
    page = text(client.get(step_url(lesson, n)))
    client.post(step_url(lesson, n), {"action": step.expect[0][0], "nonce": nonce(page)})
    if len(step.expect[0]) == 1:
        right = LessonAnswer.objects.filter(correct=True).get()
        assert right.step == n and right.answer == step.expect[0][0] and right.rule == ""


def test_the_same_form_sent_twice_is_stored_once_and_shows_the_same_answer(client):
    lesson, n, step = first_step("quiz")
    from tutorials.lessons import quiz_truth

    truth = quiz_truth(GAME, step)
    page = text(client.get(step_url(lesson, n)))
    form = {"choice": truth, "nonce": nonce(page)}
    first = text(client.post(step_url(lesson, n), form))
    second = text(client.post(step_url(lesson, n), form))
    assert LessonAnswer.objects.count() == 1
    assert 'class="result is-ok"' in first and 'class="result is-ok"' in second
    # Another page (another nonce) is another answer.
    client.post(step_url(lesson, n), {"choice": truth, "nonce": nonce(text(client.get(step_url(lesson, n))))})
    assert LessonAnswer.objects.count() == 2


def test_a_read_step_is_done_by_going_on_and_the_lesson_resumes_after_it(client):
    lesson, n, step = first_step("read")
    page = text(client.get(step_url(lesson, n)))
    client.post(step_url(lesson, n), {"go": step_url(lesson, n + 1), "nonce": nonce(page)})
    client.post(step_url(lesson, n), {"go": step_url(lesson, n + 1), "nonce": nonce(page)})  # a double click
    assert LessonAnswer.objects.filter(step=n, correct=True).count() == 1
    done = summary.lesson(LessonAnswer.objects.all(), len(lesson.steps))
    assert done.done == {n}
    # go= leads only within the site.
    response = client.post(step_url(lesson, n), {"go": "https://elsewhere.example/"})
    assert response["Location"] == step_url(lesson, n)
    response = client.post(f"/en/{GAME}/lessons/{lesson.id}/reset/")
    assert client.get(f"/en/{GAME}/lessons/{lesson.id}/")["Location"].endswith(f"/{lesson.id}/1/")
    assert f'max="{len(lesson.steps)}" value="0"' in text(client.get(f"/en/{GAME}/lessons/"))


def test_a_watch_step_seen_to_its_end_is_done_by_going_on(client):
    lesson, n, step = first_step("watch")
    page = text(client.get(step_url(lesson, n)))
    assert 'name="go"' not in page  # not seen yet: its Next is a plain link
    page = text(client.get(step_url(lesson, n) + f"?at={len(step.line)}"))
    assert 'name="go"' in page
    client.post(step_url(lesson, n), {"go": step_url(lesson, n + 1), "nonce": nonce(page)})
    assert LessonAnswer.objects.get().answer == "watch"


def test_puzzle_moves_are_records_of_tries_with_their_hints(client):
    p = next(p for p in puzzles.puzzles(GAME) if p.wrong and len(p.hints["en"]) >= 1)
    action = next(iter(p.wrong))
    page = text(client.get(puzzle_url(p) + "?hint=1"))
    client.post(puzzle_url(p), {"action": action, "hint": 1, "nonce": nonce(page)})
    client.post(puzzle_url(p), {"action": action, "hint": 1, "nonce": nonce(page)})  # sent again: once
    move = PuzzleMove.objects.get()
    assert (move.attempt, move.ply, move.action, move.hints, move.verdict) == (1, 0, action, 1, PuzzleMove.WRONG)
    page = text(client.get(puzzle_url(p)))
    assert "missed" in page
    page = text(client.post(puzzle_url(p), {"action": p.answers[0], "nonce": nonce(page)}))
    second = PuzzleMove.objects.order_by("pk").last()
    assert second.attempt == 2 and second.ply == 0
    assert second.verdict in (PuzzleMove.SOLVED, PuzzleMove.RIGHT)
    done = summary.puzzle(PuzzleMove.objects.all())
    assert done.attempts == 2 and done.hints == 1 and done.wrong == 1


def test_a_puzzle_solved_at_the_first_try_is_counted_solved(client):
    p = next(p for p in puzzles.puzzles(GAME) if len(p.moves()) == 1)
    page = text(client.get(puzzle_url(p)))
    client.post(puzzle_url(p), {"action": p.answers[0], "nonce": nonce(page)})
    assert summary.puzzle(PuzzleMove.objects.all()).status == summary.FIRST_TRY
    assert "Solved 1 of" in text(client.get(f"/en/{GAME}/puzzles/"))


@pytest.mark.django_db(transaction=True)
def test_old_progress_rows_become_records():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before = [("attempts", "0001_initial"), ("tutorials", "0001_initial")]
    after = [("attempts", "0002_records_from_progress"), ("tutorials", "0002_delete_progress")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    Progress = old.get_model("tutorials", "Progress")
    Progress.objects.create(browser="b1", game=GAME, kind="lesson", item="the-deal",
                            data={"done": [1, 2, 4], "at": 5, "finished": False})
    Progress.objects.create(browser="b1", game=GAME, kind="puzzle", item="p1", data={"status": "solved", "tries": 1})
    Progress.objects.create(browser="b1", game=GAME, kind="puzzle", item="p2",
                            data={"status": "failed", "solved": True, "tries": 3, "hints": 2})
    Progress.objects.create(browser="b1", game=GAME, kind="puzzle", item="p3", data={"status": "failed"})
    executor = MigrationExecutor(connection)
    executor.migrate(after)
    executor.loader.build_graph()
    assert summary.lesson(LessonAnswer.objects.filter(owner="b1"), 9).done == {1, 2, 4}
    assert summary.puzzle(PuzzleMove.objects.filter(puzzle="p1")).status == summary.FIRST_TRY
    p2 = summary.puzzle(PuzzleMove.objects.filter(puzzle="p2"))
    assert p2.status == summary.AFTER_HINTS and p2.attempts == 2 and p2.hints == 2
    assert summary.puzzle(PuzzleMove.objects.filter(puzzle="p3")).status == summary.MISSED
    assert "tutorials_progress" not in connection.introspection.table_names()


def test_the_rows_read_for_a_page_are_the_orms_rows_and_only_the_owners():
    """attempts.record reads with dojo.queries (SQL built once a shape, run with each call's
    values): the rows must be exactly what the ORM's filter gives, in its order, whoever and
    whatever is asked, with their fields (JSON too) as the ORM reads them."""
    from datetime import timedelta

    from django.utils import timezone

    from attempts import record
    from attempts.models import DealPlayed
    from dojo.queries import rows_where

    start = timezone.now()
    for i, (who, game, item) in enumerate([("a", "toy", "p1"), ("b", "toy", "p1"), ("a", "toy", "p2"),
                                           ("a", "other", "p1"), ("a", "toy", "p1"), ("b", "toy", "p2")]):
        at = start - timedelta(minutes=i * 7 % 5)  # not in the order written
        PuzzleMove.objects.create(owner=who, game=game, puzzle=item, attempt=i + 1, verdict="right",
                                  action=f"m{i}", at=at)
        LessonAnswer.objects.create(owner=who, game=game, lesson=item, step=i, correct=bool(i % 2), at=at)
        DealPlayed.objects.create(owner=who, game=game, table=f"t{i}", deal=i, level="easy", at=at,
                                  result={"scores": [i, 2], "won": i % 2 == 0})

    def same(read, orm):
        assert [(r.pk, type(r)) for r in read] == [(r.pk, type(r)) for r in orm]
        assert [r.__dict__ | {"_state": None} for r in read] == [r.__dict__ | {"_state": None} for r in orm]

    for who in ("a", "b", "c"):
        for game in ("toy", "other"):
            for item in ("p1", "p2"):
                same(record.puzzle_rows(who, game, item),
                     PuzzleMove.objects.filter(owner=who, game=game, puzzle=item))
                same(record.lesson_rows(who, game, item),
                     LessonAnswer.objects.filter(owner=who, game=game, lesson=item))
            by_item = record.puzzle_rows_by_item(who, game)
            expected = {item: [r.pk for r in PuzzleMove.objects.filter(owner=who, game=game, puzzle=item)]
                        for item in ("p1", "p2")}
            assert {k: [r.pk for r in v] for k, v in by_item.items()} == {k: v for k, v in expected.items() if v}
            same(record.deal_rows(who, game), DealPlayed.objects.filter(owner=who, game=game))
        same(record.deal_rows(who), DealPlayed.objects.filter(owner=who))
    assert record.deal_rows("a", "toy")[0].result["scores"][1] == 2
    with pytest.raises(ValueError):
        rows_where(PuzzleMove, owner__in=["a", "b"])
    with pytest.raises(ValueError):
        rows_where(PuzzleMove, owner=None, game="toy")


def test_a_rows_update_writes_what_the_orms_update_writes_and_only_where_asked():
    """games.models.Table.write updates with dojo.queries.update_where (its UPDATE written once a
    shape): the rows it changes, and what they hold after (JSON, a time, numbers), must be what the
    ORM's filter(...).update(...) gives, and no other row may change."""
    from datetime import timedelta

    from django.utils import timezone

    from dojo.queries import update_where
    from games.models import Table

    def tables():
        return [Table.objects.create(token=f"tok{i}", game="toy", owner="o", seed="s", actions=[[0, "a"]],
                                     version=i % 2) for i in range(4)]

    def state():
        return [(t.token, t.actions, t.version, t.updated if t.version == 7 else None, t.shown, t.scores,
                 t.finished) for t in Table.objects.order_by("token")]

    later = timezone.now() + timedelta(hours=1)
    fields = {"actions": [[0, "a"], [1, "b \"c\" é"]], "version": 7, "updated": later, "shown": 2,
              "scores": [1, 2], "finished": True}
    made = tables()
    orm = [Table.objects.filter(pk=made[i].pk, version=v).update(**fields) for i, v in ((0, 0), (1, 0), (2, 0))]
    expected = state()
    Table.objects.all().delete()
    made = tables()
    ours = [update_where(Table, fields, id=made[i].pk, version=v) for i, v in ((0, 0), (1, 0), (2, 0))]
    assert ours == orm == [1, 0, 1]
    assert state() == expected
    assert Table.objects.get(token="tok1").actions == [[0, "a"]]  # its version was 1: left alone
    assert Table.objects.get(token="tok0").updated == later
    for bad in ({"values": {}, "id": 1}, {"values": {"shown": 1}}, {"values": {"shown": 1}, "id": None}):
        with pytest.raises(ValueError):
            update_where(Table, **bad)


def test_rows_are_read_by_number_fields_and_foreign_keys_as_the_orm_reads_them():
    """dojo.queries.rows_where on fields the ORM would refuse a text for (an id, a version, a
    foreign key's id: a people's table's seat is read by its table and user on every poll)."""
    from dojo.queries import rows_where
    from games.models import Table, TableSnapshot

    actions = [[0, "a"], [1, "b \"c\" é"]]
    made = [Table.objects.create(token=f"tok{i}", game="toy", owner="o", seed="s", version=i % 2,
                                 finished=i == 1, actions=actions[:i], options={"target": i}, scores=[i, -i])
            for i in range(3)]
    for k in (5, 1, 3):
        TableSnapshot.objects.create(table=made[0], index=k, deal=1, position="p")
    TableSnapshot.objects.create(table=made[2], index=2, deal=1, position="p")
    for t in made:
        for version in (0, 1):
            read = rows_where(Table, id=t.pk, version=version)
            orm = Table.objects.filter(pk=t.pk, version=version)
            # Every value as the ORM makes it (JSON, times, flags), and a row as saved, not to be added.
            assert [r.__dict__ | {"_state": None} for r in read] == \
                [r.__dict__ | {"_state": None} for r in orm]
            assert all(not r._state.adding and r._state.db == "default" for r in read)
        read = rows_where(TableSnapshot, table_id=t.pk)
        assert [(r.pk, r.index) for r in read] == [(r.pk, r.index) for r in TableSnapshot.objects.filter(table=t)]
    assert [r.index for r in rows_where(TableSnapshot, table_id=made[0].pk)] == [1, 3, 5]
    with pytest.raises(ValueError):
        rows_where(Table, version__gt=0)


def test_a_record_is_stored_once_as_the_orm_stores_it_and_a_conflict_leaves_the_transaction_usable():
    """attempts.record.save writes with dojo.queries.insert_once (one INSERT that does nothing on a
    conflict): the row stored must be what the ORM's save stores, a second copy of a form (its
    `once` key) or of a deal (its table and deal) must be kept out, rows without a key must all be
    kept, and a conflict inside a transaction must leave it usable (PostgreSQL aborts a transaction
    on an error)."""
    from django.db import transaction

    from attempts import record
    from attempts.models import DealPlayed

    fields = dict(owner="a", game="toy", puzzle="p1", attempt=2, ply=1, action="m é", hints=1,
                  verdict="right", rule="r")
    orm = PuzzleMove(**fields, once="k1")
    orm.save()
    ours = PuzzleMove(**fields, once="k2")
    assert record.save(ours) is True
    assert ours.pk and ours.pk != orm.pk and not ours._state.adding and ours._state.db == "default"
    stored = {row.once: row for row in PuzzleMove.objects.all()}
    assert stored["k2"].at == ours.at  # the time the field's default made, stored as it was

    def values(row):
        return row.__dict__ | {"_state": None, "id": None, "once": None, "at": None}

    assert values(stored["k2"]) == values(stored["k1"])
    with transaction.atomic():
        assert record.save(PuzzleMove(**fields, once="k2")) is False
        deal = dict(owner="a", game="toy", table="t", deal=1, level="club")
        assert record.save(DealPlayed(**deal, result={"won": True}))
        assert not record.save(DealPlayed(**deal, result={"won": False}))  # the same deal again
        assert record.save(PuzzleMove(**fields)) and record.save(PuzzleMove(**fields))  # no key: both kept
        assert PuzzleMove.objects.count() == 4
    assert DealPlayed.objects.get(table="t", deal=1).result == {"won": True}
    assert PuzzleMove.objects.filter(once="k2").count() == 1
