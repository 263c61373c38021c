"""A club with an organiser and members, another club, an outsider, and a homework set with one
lesson, one puzzle and one deal of the first game that has all three (any game will do: none is
named)."""

from types import SimpleNamespace

from django.contrib.auth import get_user_model

from clubs.models import Club, Membership
from games.table.codes import deal_code
from games.ui import site_games
from homework.models import HomeworkItem, HomeworkSet
from tutorials import lessons, puzzles


def a_game():
    for game in site_games():
        if lessons.lessons(game.slug) and puzzles.puzzles(game.slug) and \
                deal_code(game, "hwseed22", game.player_counts[0], {}):
            return game
    raise LookupError("no game with lessons, puzzles and deal codes")


def make_world():
    User = get_user_model()
    game = a_game()
    w = SimpleNamespace(game=game)
    w.organiser = User.objects.create_user("olga", password="x", first_name="Olga")
    w.member = User.objects.create_user("mika", password="x", first_name="Mika")
    w.member2 = User.objects.create_user("aiko", password="x", first_name="Aiko")
    w.outsider = User.objects.create_user("otto", password="x")
    w.other_member = User.objects.create_user("bea", password="x")
    w.club = Club.objects.create(name="Tuesday club")
    w.other = Club.objects.create(name="Other club")
    Membership.objects.create(club=w.club, user=w.organiser, role=Membership.ORGANISER)
    Membership.objects.create(club=w.club, user=w.member)
    Membership.objects.create(club=w.club, user=w.member2)
    Membership.objects.create(club=w.other, user=w.other_member)
    w.lesson = lessons.lessons(game.slug)[0]
    w.puzzle = puzzles.puzzles(game.slug)[0]
    w.code = deal_code(game, "hwseed22", game.player_counts[0], {})
    w.set = HomeworkSet.objects.create(club=w.club, title="Week 1", created_by=w.organiser)
    w.l_item = HomeworkItem.objects.create(set=w.set, position=1, game=game.slug, kind="lesson", ref=w.lesson.id)
    w.p_item = HomeworkItem.objects.create(set=w.set, position=2, game=game.slug, kind="puzzle", ref=w.puzzle.id)
    w.d_item = HomeworkItem.objects.create(set=w.set, position=3, game=game.slug, kind="deal", ref=w.code,
                                           level="beginner")
    return w
