"""Who a request is (games/owner.py): a visitor who is not signed in is a token in a signed cookie,
given with his first write, and costs no session; a token kept in a session before moves to the
cookie; a forged cookie is nobody's; a log-in takes the token back once its things are moved."""

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.test import Client

from attempts.models import PuzzleMove
from games import owner
from games.models import Table
from games.table.forms import setup_data
from games.ui import game_ui
from tests.compiled import ensure_compiled
from tests.test_merge import nonce
from tutorials import puzzles

pytestmark = pytest.mark.django_db
GAME = "toy"  # the toy game (tests/toy/), registered for every test here


@pytest.fixture(autouse=True)
def _ready(toy):
    assert toy == GAME
    ensure_compiled()


def answer(client, p):
    url = f"/en/{GAME}/puzzles/{p.id}/"
    return client.post(url, {"action": p.answers[0], "nonce": nonce(client, url)})


def a_puzzle():
    return puzzles.puzzles(GAME)[0]


def test_a_visitors_first_answer_gives_a_signed_cookie_and_no_session():
    client = Client()
    p = a_puzzle()
    response = answer(client, p)
    morsel = response.cookies[owner.COOKIE]
    assert morsel["httponly"] and morsel["samesite"] == "Lax"
    assert morsel["max-age"] == settings.SESSION_COOKIE_AGE
    token = owner.token_in(client.cookies)
    assert token and PuzzleMove.objects.get().owner == token
    assert settings.SESSION_COOKIE_NAME not in client.cookies and not Session.objects.exists()
    # The next answer is the same visitor's, and gives the same token again for another full age (a
    # visitor who keeps answering keeps his records); a page only read gives nothing.
    again = answer(client, p)
    assert owner.token_in(again.cookies) == token and again.cookies[owner.COOKIE]["max-age"] == settings.SESSION_COOKIE_AGE
    assert owner.COOKIE not in client.get(f"/en/{GAME}/puzzles/{p.id}/").cookies
    assert set(PuzzleMove.objects.values_list("owner", flat=True)) == {token}
    # A practice table too; and a move there gives the token again, as a page read does not.
    client.post(f"/en/{GAME}/play/", setup_data(game_ui(GAME)))
    table = Table.objects.get()
    assert table.owner == token and not Session.objects.exists()
    url = f"/en/{GAME}/play/{table.token}/"
    assert owner.COOKIE not in client.get(url).cookies
    moved = client.post(url + "step/", {"version": table.version})
    assert owner.token_in(moved.cookies) == token


def test_a_token_kept_in_the_session_before_moves_to_the_cookie():
    client = Client()
    client.get("/en/")
    session = client.session
    session[owner.SESSION_KEY] = "browser-token-of-before"
    session.save()
    answer(client, a_puzzle())
    assert owner.token_in(client.cookies) == "browser-token-of-before"
    assert PuzzleMove.objects.get().owner == "browser-token-of-before"
    assert owner.SESSION_KEY not in client.session


def test_a_forged_or_altered_cookie_is_nobodys():
    client = Client()
    answer(client, a_puzzle())
    mine = owner.token_in(client.cookies)
    other = Client()
    other.cookies[owner.COOKIE] = mine  # the token without its signature
    answer(other, a_puzzle())
    value = client.cookies[owner.COOKIE].value
    third = Client()
    third.cookies[owner.COOKIE] = "x" + value  # a signature that does not match
    answer(third, a_puzzle())
    owners = list(PuzzleMove.objects.values_list("owner", flat=True))
    assert len(set(owners)) == 3 and owners.count(mine) == 1


def test_a_log_in_moves_the_visitors_things_and_takes_the_token_back():
    client = Client()
    answer(client, a_puzzle())
    user = get_user_model().objects.create_user("learner", password="a long pass phrase")
    page = client.get("/en/account/login/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    response = client.post("/en/account/login/", {"username": "learner", "password": "a long pass phrase",
                                                   "csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert PuzzleMove.objects.get().owner == owner.user_key(user)
    assert response.cookies[owner.COOKIE].value == "" and owner.token_in(client.cookies) is None
    # After a log-out, whoever uses the browser is a new visitor with nothing of the account's.
    client.post("/en/account/logout/")
    answer(client, a_puzzle())
    fresh = owner.token_in(client.cookies)
    assert fresh and fresh != owner.user_key(user) and PuzzleMove.objects.filter(owner=fresh).count() == 1


def test_only_a_token_made_by_the_request_itself_is_new():
    """A reader of records may skip the database for a new token (games.owner.is_new): never for a
    token the browser brought, or one moved from its session, which may hold records."""
    from django.test import RequestFactory

    made = RequestFactory().post("/")
    made.COOKIES = {}
    assert not owner.is_new(made)
    token = owner.browser_token(made)
    assert owner.is_new(made) and owner.browser_token(made) == token
    client = Client()
    answer(client, a_puzzle())
    brought = RequestFactory().post("/")
    brought.COOKIES = {owner.COOKIE: client.cookies[owner.COOKIE].value}
    assert owner.browser_token(brought) == owner.token_in(client.cookies) and not owner.is_new(brought)
    # A second answer of the same browser is its try's second move, read from the rows stored.
    answer(client, a_puzzle())
    assert sorted(PuzzleMove.objects.values_list("attempt", flat=True)) == [1, 2]
    moved = Client()
    moved.get("/en/")
    session = moved.session
    session[owner.SESSION_KEY] = "browser-token-of-before"
    session.save()
    PuzzleMove.objects.create(owner="browser-token-of-before", game=GAME, puzzle=a_puzzle().id, verdict="right")
    answer(moved, a_puzzle())
    assert sorted(PuzzleMove.objects.filter(owner="browser-token-of-before").values_list("attempt", flat=True)) == [1, 2]
