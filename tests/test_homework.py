"""Homework: results read from the attempts records into the grid, the member's page and the CSV;
sets and deals made once however often their forms are posted; bad input refused with what was
typed kept; both languages."""

import csv
import io
from html import unescape

import pytest
from django.urls import reverse

from attempts.models import DealPlayed, LessonAnswer, PuzzleMove
from clubs.models import Club, Membership
from games.models import Table
from homework.models import HomeworkDeal, HomeworkItem, HomeworkSet
from tests.clubs import _quick_passwords  # noqa: F401  (the world's five users hashed quickly)
from tests.compiled import ensure_compiled
from tests.homework_world import make_world

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


@pytest.fixture
def w():
    return make_world()


def text(response):
    return unescape(response.content.decode())


def url(name, lang, *args):
    return f"/{lang}" + reverse(name, args=args)[3:]


def key(user):
    return f"u.{user.pk}"


def records(w):
    """Mika: 3 steps of the lesson, the puzzle first try, the deal with its target met.
    Aiko: the puzzle missed at the first try, then solved after a hint; nothing else."""
    g = w.game.slug
    for step in (1, 2, 3):
        LessonAnswer.objects.create(owner=key(w.member), game=g, lesson=w.lesson.id, step=step, correct=True)
    LessonAnswer.objects.create(owner=key(w.member), game=g, lesson=w.lesson.id, step=4, correct=False,
                                answer="x", rule=next(iter(w.game.rules)).id)
    PuzzleMove.objects.create(owner=key(w.member), game=g, puzzle=w.puzzle.id, action="a1", verdict="solved")
    PuzzleMove.objects.create(owner=key(w.member2), game=g, puzzle=w.puzzle.id, attempt=1, action="bad",
                              verdict="wrong")
    PuzzleMove.objects.create(owner=key(w.member2), game=g, puzzle=w.puzzle.id, attempt=2, action="good",
                              hints=1, verdict="solved")
    w.d_item.target = "win"
    w.d_item.save()
    HomeworkDeal.objects.create(item=w.d_item, user=w.member, number=1, table="tok1")
    DealPlayed.objects.create(owner=key(w.member), game=g, table="tok1", deal=1, level="beginner",
                              result={"won": True}, target="win", target_met=True,
                              costliest={"text": "Led the wrong card."})
    # Someone else's deal at a table of the same token cannot count for Mika.
    DealPlayed.objects.create(owner="browser-x", game=g, table="tok2", deal=1, level="beginner", result={})


def test_grid_says_each_result_in_words(client, w):
    records(w)
    client.force_login(w.organiser)
    page = text(client.get(url("homework-grid", "en", w.club.code, w.set.pk)))
    total = len(w.lesson.steps)
    assert f"3/{total} steps" in page
    assert "✓ first try" in page
    assert "✓ after hints (2 tries)" in page
    assert "✓ target met" in page
    assert page.count("not started</a>") == 2  # Aiko's lesson and deal
    assert "<caption" in page and 'scope="row"' in page and 'scope="col"' in page
    assert 'hx-trigger="every 10s"' in page
    # Totals: Mika 2 of 3 done (the lesson is not finished), Aiko 1; the puzzle done by both.
    assert ">2/3<" in page and ">1/3<" in page and ">2/2<" in page


def test_grid_sorts_by_name_or_total_without_javascript(client, w):
    records(w)
    client.force_login(w.organiser)
    by_name = text(client.get(url("homework-grid", "en", w.club.code, w.set.pk) + "?sort=name"))
    assert by_name.index(">Aiko<") < by_name.index(">Mika<")
    by_total = text(client.get(url("homework-grid", "en", w.club.code, w.set.pk) + "?sort=total"))
    assert by_total.index(">Mika<") < by_total.index(">Aiko<")


def test_grid_fragment_for_htmx(client, w):
    client.force_login(w.organiser)
    page = text(client.get(url("homework-grid", "en", w.club.code, w.set.pk), HTTP_HX_REQUEST="true"))
    assert page.lstrip().startswith('<div id="grid"')
    assert "<html" not in page


def test_grid_counts_a_lesson_finished_and_a_missed_puzzle(client, w):
    g = w.game.slug
    for step in range(1, len(w.lesson.steps) + 1):
        LessonAnswer.objects.create(owner=key(w.member), game=g, lesson=w.lesson.id, step=step, correct=True)
    PuzzleMove.objects.create(owner=key(w.member), game=g, puzzle=w.puzzle.id, action="bad", verdict="wrong")
    client.force_login(w.organiser)
    page = text(client.get(url("homework-grid", "en", w.club.code, w.set.pk)))
    n = len(w.lesson.steps)
    assert f"✓ {n}/{n} steps" in page
    assert "missed (1 try)" in page


@pytest.mark.parametrize("lang,member,done", [("en", "Member", "Done"), ("ja", "メンバー", "済み")])
def test_csv_has_a_bom_and_the_page_language_headers(client, w, lang, member, done):
    records(w)
    client.force_login(w.organiser)
    response = client.get(url("homework-csv", lang, w.club.code, w.set.pk))
    assert response["Content-Type"].startswith("text/csv")
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(body[1:])))
    assert rows[0][0] == member and rows[0][-1] == done
    mika = next(r for r in rows if r[0] == "Mika")
    if lang == "en":
        assert mika[2] == "✓ first try" and mika[3] == "✓ target met" and mika[-1] == "2/3"


def test_member_page_shows_own_results_and_whats_left(client, w):
    records(w)
    client.force_login(w.member)
    page = text(client.get(url("homework", "en", w.club.code)))
    assert "My homework" in page and "Week 1" in page
    assert "1 item left to do." in page
    assert "✓ first try" in page and "✓ target met" in page
    assert reverse("lesson", args=[w.game.slug, w.lesson.id])[3:] in page
    assert reverse("puzzle", args=[w.game.slug, w.puzzle.id])[3:] in page
    assert "after hints" not in page  # Aiko's result is not Mika's to see
    assert "Play it again" in page


def test_member_page_in_japanese(client, w):
    client.force_login(w.member)
    page = text(client.get(url("homework", "ja", w.club.code)))
    assert "宿題" in page and "未着手" in page
    assert "My homework" not in page and "not started" not in page


def test_grid_in_japanese(client, w):
    records(w)
    client.force_login(w.organiser)
    page = text(client.get(url("homework-grid", "ja", w.club.code, w.set.pk)))
    assert "一発正解" in page and "目標達成" in page
    assert "first try" not in page


def test_creating_a_set_twice_from_one_form_makes_one_set(client, w):
    client.force_login(w.organiser)
    data = {"title": "Week 2", "due": "2030-01-31", "everyone": "some", "assignees": [w.member.pk],
            "once": "form-key-1"}
    first = client.post(url("homework-new", "en", w.club.code), data)
    second = client.post(url("homework-new", "en", w.club.code), data)
    made = HomeworkSet.objects.get(title="Week 2")
    assert HomeworkSet.objects.filter(title="Week 2").count() == 1
    assert first["Location"].split("#")[0] == second["Location"].split("#")[0] == reverse(
        "homework-edit", args=[w.club.code, made.pk])
    assert list(made.assignees.all()) == [w.member] and not made.everyone
    assert made.members() == [w.member]


def test_a_set_with_errors_keeps_what_was_typed(client, w):
    client.force_login(w.organiser)
    response = client.post(url("homework-new", "en", w.club.code),
                           {"title": "Week 3", "due": "not a date", "everyone": "some", "once": "k"})
    assert response.status_code == 400
    page = text(response)
    assert 'value="Week 3"' in page and "Enter a valid date." in page
    assert "Choose at least one member" in page
    assert not HomeworkSet.objects.filter(title="Week 3").exists()


def test_an_unknown_deal_code_is_refused_with_what_was_typed(client, w):
    client.force_login(w.organiser)
    before = w.set.items.count()
    response = client.post(url("homework-item-add", "en", w.club.code, w.set.pk),
                           {"game": w.game.slug, "kind": "deal", "ref": "nonsense-code", "level": "expert",
                            "target": "", "once": "a"})
    assert response.status_code == 400
    page = text(response)
    assert 'value="nonsense-code"' in page
    assert f"starts with “{w.game.slug}-”" in page
    assert 'value="expert" checked' in page
    assert w.set.items.count() == before


def test_items_are_added_once_moved_and_removed(client, w):
    client.force_login(w.organiser)
    add = url("homework-item-add", "en", w.club.code, w.set.pk)
    data = {"game": w.game.slug, "kind": "deal", "ref": f"  {w.code} ", "level": "expert", "target": "",
            "once": "same"}
    client.post(add, data)
    client.post(add, data)
    added = HomeworkItem.objects.filter(set=w.set, once="same")
    assert added.count() == 1 and added[0].ref == w.code and added[0].level == "expert"
    bad_game = client.post(add, {**data, "game": "nogame", "once": "other"})
    assert bad_game.status_code == 400
    move = url("homework-item-move", "en", w.club.code, w.set.pk, added[0].pk)
    client.post(move, {"to": "1"})
    client.post(move, {"to": "1"})
    assert [i.pk for i in w.set.items.all()][0] == added[0].pk
    assert [i.position for i in w.set.items.all()] == [1, 2, 3, 4]
    remove = url("homework-item-remove", "en", w.club.code, w.set.pk, added[0].pk)
    assert client.post(remove).status_code == 302
    assert client.post(remove).status_code == 302  # already gone: nothing to do, no error
    assert w.set.items.count() == 3


def test_edit_page_lists_the_picked_games_lessons_puzzles_and_targets(client, w):
    client.force_login(w.organiser)
    page = text(client.get(url("homework-edit", "en", w.club.code, w.set.pk) + f"?game={w.game.slug}"))
    assert w.lesson.title["en"] in page
    assert f'value="{w.puzzle.id}"' in page
    assert "finish the deal" in page
    for target in w.game.deal_targets():
        assert f'value="{target}"' in page


def test_starting_a_deal_twice_gives_the_same_table(client, w):
    client.force_login(w.member)
    start = url("homework-start", "en", w.club.code, w.set.pk, w.d_item.pk)
    first = client.post(start, {"number": "1"})
    second = client.post(start, {"number": "1"})
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    link = HomeworkDeal.objects.get(item=w.d_item, user=w.member)
    table = Table.objects.get(token=link.table)
    assert table.owner == key(w.member) and table.level == "beginner" and table.human_seat == 0
    assert table.seed == "hwseed22"
    # "Play again" before the deal is over (a stale page, a forged number) opens the same table.
    assert client.post(start, {"number": "2"})["Location"] == first["Location"]
    assert client.post(start, {"number": "7"})["Location"] == first["Location"]
    # Once its deal is recorded, a second go is a new table, made once.
    DealPlayed.objects.create(owner=key(w.member), game=w.game.slug, table=link.table, deal=1, level="beginner")
    again = client.post(start, {"number": "2"})
    assert client.post(start, {"number": "2"})["Location"] == again["Location"] != first["Location"]
    assert HomeworkDeal.objects.filter(item=w.d_item, user=w.member).count() == 2


def test_attempt_shows_the_moves_in_order_with_verdicts(client, w):
    records(w)
    client.force_login(w.organiser)
    page = text(client.get(url("homework-attempt", "en", w.club.code, w.set.pk, w.p_item.pk, w.member2.pk)))
    assert page.index("Try 1") < page.index(">bad<") < page.index("Try 2") < page.index(">good<")
    assert "✗ wrong" in page and "✓ solved" in page
    lesson = text(client.get(url("homework-attempt", "en", w.club.code, w.set.pk, w.l_item.pk, w.member.pk)))
    rule = next(iter(w.game.rules)).id
    from games.ui import game_ui

    assert str(game_ui(w.game.slug).rule_text(rule).title) in lesson
    deal = text(client.get(url("homework-attempt", "en", w.club.code, w.set.pk, w.d_item.pk, w.member.pk)))
    assert "Led the wrong card." in deal and "✓ met" in deal


def test_deal_steps_show_only_the_members_view(client, w):
    from games.table.match import Match
    from games.ui import game_ui

    client.force_login(w.member)
    client.post(url("homework-start", "en", w.club.code, w.set.pk, w.d_item.pk), {"number": "1"})
    link = HomeworkDeal.objects.get(item=w.d_item, user=w.member)
    client.force_login(w.organiser)
    response = client.get(url("homework-deal-steps", "en", w.club.code, w.set.pk, w.d_item.pk, w.member.pk, 1)
                          + "?step=0")
    assert response.status_code == 200
    ui = game_ui(w.game.slug)
    match = Match(Table.objects.get(token=link.table), ui)
    seen = ui.board(ui.game.view(match.state_at(0), 0), 0, match.names)
    assert response.context["board"] == seen
    hidden = ui.board(match.state_at(0), 0, match.names)
    if hidden != seen:  # the full position shows more than the seat saw: that is not what is shown
        assert response.context["board"] != hidden


def test_an_organiser_of_another_club_sees_nothing(client, w):
    other_org = type(w.organiser).objects.create_user("ola", password="x")
    Membership.objects.create(club=Club.objects.get(name="Other club"), user=other_org,
                              role=Membership.ORGANISER)
    client.force_login(other_org)
    assert client.get(url("homework-grid", "en", w.club.code, w.set.pk)).status_code == 404
    assert client.get(url("homework-attempt", "en", w.club.code, w.set.pk, w.l_item.pk, w.member.pk)
                      ).status_code == 404
    # Nor a set of this club through his own club's address.
    assert client.get(url("homework-grid", "en", w.other.code, w.set.pk)).status_code == 404


def test_the_club_page_shows_a_member_what_is_left_and_an_organiser_the_way_to_the_sets(client, w):
    records(w)
    client.force_login(w.member)
    page = text(client.get(url("club", "en", w.club.code)))
    assert "1 item left to do." in page
    assert reverse("homework", args=[w.club.code])[3:] in page
    client.force_login(w.organiser)
    page = text(client.get(url("club", "en", w.club.code)))
    assert "Homework sets and results" in page and "left to do" not in page


def test_the_club_page_and_the_homework_page_count_what_is_left_in_the_same_words(client, w):
    records(w)
    client.force_login(w.member)
    for lang, words in (("ja", "残りは1項目です。"), ("en", "1 item left to do.")):
        assert words in text(client.get(url("club", lang, w.club.code)))
        assert words in text(client.get(url("homework", lang, w.club.code)))


@pytest.mark.parametrize("lang,clubs", [("ja", "マイクラブ"), ("en", "My clubs")])
def test_homework_pages_lead_back_through_my_clubs_as_the_club_pages_do(client, w, lang, clubs):
    client.force_login(w.organiser)
    for page in (url("homework", lang, w.club.code), url("homework-grid", lang, w.club.code, w.set.pk)):
        crumbs = text(client.get(page)).split('<nav class="breadcrumbs"', 1)[1].split("</nav>", 1)[0]
        assert f'<li><a href="/{lang}/clubs/">{clubs}</a></li><li><a href="/{lang}/clubs/{w.club.code}/">' in crumbs


def test_the_club_pages_ways_to_the_homework_are_the_sites_buttons(client, w):
    for who, words in ((w.member, "My homework"), (w.organiser, "Homework sets and results")):
        client.force_login(who)
        page = text(client.get(url("club", "en", w.club.code)))
        assert f'<a class="btn" href="/en/clubs/{w.club.code}/homework/">{words}</a>' in page


