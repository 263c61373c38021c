"""The teaching table in Chromium, as an organiser uses it in front of a room: open a deal from the
club's page, play a few moves for the seats, step back and forward with the keyboard, show the room
only what every player sees, write a note; no console error, no serious accessibility finding, and
nothing sticking out sideways on a phone or a projector."""

import re

import pytest
from playwright.sync_api import expect

from games.engine import registry
from teaching import positions
from teaching.models import TeachingTable
from tests.clubs import add_member, make_club, person
from tests.e2e.conftest import make_a_move, press
from tests.e2e.test_accessibility import audit

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PASSWORD = "plum-kettle-93"


@pytest.fixture(autouse=True)
def _quick_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # quick, for tests


def test_an_organiser_teaches_a_deal(live_server, watched, browser, problems, shot):
    organiser = person("olga")
    organiser.set_password(PASSWORD)
    organiser.save()
    club = make_club(organiser, "Tuesday club")
    page = watched
    page.goto(f"{live_server.url}/en/account/login/")
    page.locator("input[name=username]").fill("olga")
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("input[name=password]").press("Enter")
    page.wait_for_url(re.compile(r"/en/(clubs/)?$"))
    page.goto(f"{live_server.url}/en/clubs/{club.code}/")
    page.get_by_role("link", name="Open the teaching table").click()
    page.get_by_role("button", name="Open the deal").click()
    page.wait_for_url(re.compile(r"/teach/[\w-]+/\?step=0$"))
    expect(page.locator(".teach-step")).to_contain_text("As dealt")
    # Three moves for whichever seat is to play, from the board's own buttons and cards.
    for n in (1, 2, 3):
        make_a_move(page)
        page.wait_for_url(re.compile(rf"step={n}$"))
    table = TeachingTable.objects.get(club=club)
    assert len(table.actions) == 3
    shot(page, "teach-open-en")
    # The keyboard steps back and forward (the replay's keys).
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(re.compile(r"step=2$"))
    expect(page.locator(".teach-step")).to_contain_text("Move 2 of 3")
    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(r"step=3$"))
    # Only what every player sees: no card of a hand on the page.
    page.get_by_label("What every player sees").check()
    page.get_by_role("button", name="Show", exact=True).click()
    page.wait_for_url(re.compile(r"step=3$"))
    game = registry.get(table.game)
    state = positions.states(table)[3]
    public = {c for cards in game.zones(game.public_view(state)).values() for c in cards if c}
    drawn = {c for c in page.locator(".teach-board [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)") if c != "?"}
    assert drawn <= public, drawn - public
    # A note for the room, shown beside the board.
    page.get_by_label("Notes for the room").fill("Who holds the highest trump?")
    page.get_by_role("button", name="Save the notes").click()
    expect(page.locator(".teach-notes-shown")).to_contain_text("Who holds the highest trump?")
    assert audit(page) == []
    for size in ({"width": 390, "height": 844}, {"width": 1920, "height": 1080}):
        page.set_viewport_size(size)
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, (size, overflow)
    page.goto(page.url.replace("/en/", "/ja/"))
    expect(page.locator(".teach-step")).to_contain_text("3手中3手目")
    assert audit(page) == []
    shot(page, "teach-public-ja-projector")

    # Ask the room: a member answers on a phone; the projector counts it by itself, then reveals.
    page.goto(page.url.replace("/ja/", "/en/"))
    page.get_by_role("button", name="Ask the room").click()
    code = page.locator(".room-code strong").inner_text()
    expect(page.locator(".room-count")).to_have_text("0 answers")
    expect(page.locator(".room-qr-box svg")).to_have_count(1)
    member = person("mika")
    member.set_password(PASSWORD)
    member.save()
    add_member(club, member)
    phone = problems.watch(browser.new_context(viewport={"width": 390, "height": 844}).new_page())
    phone.goto(f"{live_server.url}/en/account/login/")
    phone.locator("input[name=username]").fill("mika")
    phone.locator("input[name=password]").fill(PASSWORD)
    phone.locator("input[name=password]").press("Enter")
    phone.wait_for_load_state()
    phone.goto(f"{live_server.url}/en/room/")
    phone.get_by_label("The code on the projector").fill(code.lower())
    phone.get_by_role("button", name="Open the question").click()
    expect(phone.locator("h1")).to_have_text("What would you play here?")
    question = table.questions.first()
    seen = {c for cards in game.zones(game.view(state, question.seat)).values() for c in cards if c}
    on_phone = {c for c in phone.locator(".room-board [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)") if c != "?"}
    assert on_phone <= seen, on_phone - seen
    press(phone.locator('.room-board button[name="action"]').first)
    expect(phone.locator(".room-mine")).to_contain_text("Your answer:")
    assert audit(phone) == []
    shot(phone, "room-answer-phone-en")
    expect(page.locator(".room-count")).to_have_text("1 answer")  # polled, no reload
    page.get_by_role("button", name="Reveal the answers").click()
    expect(page.locator(".room-result li")).to_have_count(1)
    shot(page, "room-revealed-en")
    phone.reload()
    expect(phone.locator(".room-own")).to_be_visible()
    assert problems == []
