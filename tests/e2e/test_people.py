"""A table of people in Chromium: two people on two devices (a computer and a phone); a move made on
one appears on the other's board by itself (its page asks every two seconds), each page shows only
its own seat's cards, with no console error and no serious accessibility finding."""

import re

import pytest
from playwright.sync_api import expect

from games.engine import registry
from games.models import PeopleTable
from games.people import play
from tests.clubs import person
from tests.e2e.conftest import PASSWORD, make_a_move
from tests.e2e.conftest import log_in as log_in_only
from tests.e2e.test_accessibility import audit

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _quick_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # quick, for tests


def log_in(page, live_server, name):
    log_in_only(page, live_server, name)
    page.wait_for_load_state()


def seat_cards(page):
    return {c for c in page.locator("#people-table [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
            if c != "?"}


def test_two_people_play_each_on_their_own_device(live_server, watched, browser, problems, shot):
    for name in ("olga", "mika"):
        user = person(name)
        user.set_password(PASSWORD)
        user.save()
    from games.ui import site_games

    slug = next(g.slug for g in site_games() if 2 in g.player_counts)
    game = registry.get(slug)
    olga = watched
    log_in(olga, live_server, "olga")
    olga.goto(f"{live_server.url}/en/{slug}/people/")
    olga.get_by_role("button", name="Open the table").click()
    olga.wait_for_url(re.compile(r"/people/[\w-]+/$"))
    code = olga.locator("h1 code").inner_text()
    mika = problems.watch(browser.new_context(viewport={"width": 390, "height": 844}).new_page())
    log_in(mika, live_server, "mika")
    mika.goto(f"{live_server.url}/en/people/")
    mika.get_by_label("The table's code").fill(code.lower())
    mika.get_by_role("button", name="Go to the table").click()
    mika.locator(".people-join button").first.click()
    expect(mika.locator(".table-about")).to_contain_text("olga")
    olga.reload()
    table = PeopleTable.objects.get()
    for _move in range(3):
        table.refresh_from_db()
        state = play.replay(table).state
        seat = min(game.turn(state))
        mover, other = (olga, mika) if seat == 0 else (mika, olga)
        for page, s in ((olga, 0), (mika, 1)):
            allowed = {c for cards in game.zones(game.view(state, s)).values() for c in cards if c}
            assert seat_cards(page) <= allowed, (s, seat_cards(page) - allowed)
        expect(mover.locator(".turn")).to_contain_text("Your turn.")
        before = table.version
        make_a_move(mover)
        # The other device shows the move by itself, without a reload.
        expect(other.locator("#people-table")).to_have_attribute("data-version", re.compile(rf"^(?!{before}$)\d+$"),
                                                                 timeout=15000)
        expect(mover.locator("#people-table")).to_have_attribute("data-version", re.compile(rf"^(?!{before}$)\d+$"))
    assert audit(olga) == []
    assert audit(mika) == []
    shot(olga, "people-wide-en")
    shot(mika, "people-phone-en")
    assert problems == []
