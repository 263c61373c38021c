"""Tables of people: set up, joined by code, played by each person from their own seat, bots in the
other seats. No page, fragment or poll shows anyone a card their seat may not see; a move out of
turn, a stale page, a double submit, a forged seat and an illegal move are each refused with their
reason, and nothing is done twice."""

import re
import threading

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import translation

from games.controls import encode
from games.engine import registry
from games.models import PeopleSeat, PeopleTable
from games.people import play
from games.people.views import away_seats
from games.table.forms import setup_data
from games.ui import game_ui, site_games
from tests.clubs import _quick_passwords, client_for, person  # noqa: F401

CARD = re.compile(r'data-card="([^"]+)"')


def form(slug, players, seats, code="", proposals=()):
    data = {k: v for k, v in setup_data(game_ui(slug), players, code=code).items() if k != "level"}
    data.update({f"seat_{s}": kind for s, kind in enumerate(seats)})
    data.update({"away": "wait", "away_minutes": 3})
    data.update({name: "on" for name in proposals})
    return data


def open_table(client, slug, players, seats, code="", proposals=()):
    response = client.post(f"/en/{slug}/people/", form(slug, players, seats, code, proposals))
    assert response.status_code == 302, response.content.decode()[:1500]
    return PeopleTable.objects.get(token=response["Location"].rstrip("/").rsplit("/", 1)[1])


def url(table, name="table"):
    translation.activate("en")
    return reverse(f"people-{name}", args=[table.game, table.token])


def cards_in(html):
    return {c for c in CARD.findall(html) if c != "?"}


def visible(game, state, seat):
    view = game.view(state, seat) if seat is not None else game.public_view(state)
    return {c for cards in game.zones(view).values() for c in cards if c}


def post_action(client, table, seat, action):
    game, ui = registry.get(table.game), game_ui(table.game)
    state = play.replay(table).state
    fields = encode(action, ui.controls(game, game.view(state, seat), seat))
    return client.post(url(table, "act"), {**fields, "version": table.version})


@pytest.fixture
def two(toy):
    olga, mika = person("olga"), person("mika")
    table = open_table(client_for(olga), toy, 2, ["person", "person"])
    joined = client_for(mika).post(url(table, "take"), {"seat": 1})
    assert joined.status_code == 302
    return {"table": table, "clients": {0: client_for(olga), 1: client_for(mika)}, "toy": toy}


@pytest.mark.django_db
def test_a_whole_match_between_two_people_shows_each_only_their_seat(two):
    """At every step, each person's page and poll answer hold no card their seat cannot see; an
    onlooker with the address sees only what every player sees."""
    table, clients = two["table"], two["clients"]
    onlooker = client_for(person("ursula"))
    game = registry.get(table.game)
    steps = 0
    while True:
        table.refresh_from_db()
        state = play.replay(table).state
        for seat, client in clients.items():
            page = client.get(url(table)).content.decode()
            assert cards_in(page) <= visible(game, state, seat), (steps, seat)
            stale_poll = client.get(url(table, "poll") + f"?v={table.version - 1}")
            assert stale_poll.status_code == 200 and cards_in(stale_poll.content.decode()) <= visible(game, state, seat)
            assert client.get(url(table, "poll") + f"?v={table.version}").status_code == 204
        seen = onlooker.get(url(table)).content.decode()
        assert cards_in(seen) <= visible(game, state, None) and "Take a seat" in seen
        waiting = sorted(game.turn(state))
        if not waiting:
            break
        seat = waiting[0]
        other = 1 - seat
        # The one not to move is refused by name of the reason; the table does not change.
        refused = post_action(clients[other], table, other, game.legal_actions(state, seat)[0])
        assert refused.status_code == 409 and "not your turn" in refused.content.decode()
        action = game.legal_actions(state, seat)[-1]
        assert post_action(clients[seat], table, seat, action).status_code == 302
        steps += 1
        assert steps < 200
    table.refresh_from_db()
    assert table.finished and "The match is over." in clients[0].get(url(table)).content.decode()
    # Each person replays and reviews the finished deal from their own seat, on a copy of their own.
    copies = {}
    for seat, client in clients.items():
        response = client.post(url(table, "replay"))
        assert response.status_code == 302 and "/replay/" in response["Location"]
        assert client.get(response["Location"]).status_code == 200
        copies[seat] = response["Location"]
        assert client.post(url(table, "replay"))["Location"] == response["Location"]  # the same copy again
    assert copies[0] != copies[1]
    assert clients[1].get(copies[0]).status_code == 404  # nobody else's
    from games.models import Table

    mine = Table.objects.get(token=copies[1].rstrip("/").split("/")[-2])
    assert (mine.human_seat, mine.actions, mine.aids) == (1, table.actions, False)


@pytest.mark.django_db
def test_forged_seats_stale_pages_and_illegal_moves_are_refused(two):
    table, clients = two["table"], two["clients"]
    game = registry.get(table.game)
    state = play.replay(table).state
    seat = min(game.turn(state))
    client = clients[seat]
    action = game.legal_actions(state, seat)[0]
    # A seat named in the form is no seat: the one who asks plays their own.
    forged = clients[1 - seat].post(url(table, "act"), {"action": str(action), "seat": seat, "version": table.version})
    assert forged.status_code == 409
    stale = client.post(url(table, "act"), {"action": str(action), "version": table.version + 5})
    assert stale.status_code == 409 and "Nothing you sent was played" in stale.content.decode()
    illegal = next((a for a in game.candidate_actions(state, seat) if not game.check(state, seat, a)), None)
    if illegal is not None:
        refused = client.post(url(table, "act"), {"action": str(illegal), "version": table.version})
        assert refused.status_code == 422 and "Not allowed:" in refused.content.decode()
    garbled = client.post(url(table, "act"), {"action": "not a move", "version": table.version})
    assert garbled.status_code in (400, 422)
    table.refresh_from_db()
    assert table.actions == [] and table.version == 0
    stranger = client_for(person("ursula"))
    assert stranger.post(url(table, "act"), {"action": str(action), "version": 0}).status_code == 403
    assert client_for(None).get(url(table)).status_code == 302  # sent to log in
    assert stranger.get(f"/en/{table.game}/people/nosuchtable/").status_code == 404


@pytest.mark.django_db
def test_joining_by_code_and_seats(two):
    table = two["table"]
    ursula = client_for(person("ursula"))
    found = ursula.post("/en/people/", {"code": table.code.lower()})
    assert found.status_code == 302 and found["Location"] == url(table)
    assert "No table has that code" in ursula.post("/en/people/", {"code": "ZZZZZZ"}).content.decode()
    full = ursula.post(url(table, "take"), {"seat": 1})
    assert full.status_code == 409 and PeopleSeat.objects.filter(table=table).count() == 2
    # Leaving frees the seat for anyone with the address; the table waits meanwhile.
    assert two["clients"][1].post(url(table, "leave")).status_code == 302
    assert ursula.post(url(table, "take"), {"seat": 1}).status_code == 302
    assert PeopleSeat.objects.get(table=table, seat=1).user.username == "ursula"


@pytest.mark.django_db(transaction=True)
def test_two_requests_on_one_position_apply_once(toy):
    """A double submit (the same form twice at once) and two people taking one seat at once: one
    wins, the other is told, nothing is done twice."""
    olga = person("olga")
    table = open_table(client_for(olga), toy, 2, ["person", "person"])
    takers = [person("mika"), person("nina")]
    barrier = threading.Barrier(2)
    results = [None, None]

    def take(i):
        try:
            barrier.wait()
            results[i] = client_for(takers[i]).post(url(table, "take"), {"seat": 1}).status_code
        finally:
            connection.close()

    threads = [threading.Thread(target=take, args=(i,)) for i in range(2)]
    [t.start() for t in threads]
    [t.join(60) for t in threads]
    assert sorted(results) == [302, 409] and PeopleSeat.objects.filter(table=table, seat=1).count() == 1
    game = registry.get(toy)
    state = play.replay(table).state
    seat = min(game.turn(state))
    mover = olga if seat == 0 else PeopleSeat.objects.get(table=table, seat=1).user
    action = game.legal_actions(state, seat)[0]
    fields = encode(action, game_ui(toy).controls(game, game.view(state, seat), seat))
    barrier = threading.Barrier(2)

    def submit(i):
        try:
            barrier.wait()
            results[i] = client_for(mover).post(url(table, "act"), {**fields, "version": 0}).status_code
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(2)]
    [t.start() for t in threads]
    [t.join(60) for t in threads]
    table.refresh_from_db()
    assert sorted(results) == [302, 409] and table.version == 1 and table.actions[0] == [seat, str(action)]


BOT_GAMES = [(g.slug, max(g.player_counts)) for g in site_games() if max(g.player_counts) >= 3]


@pytest.mark.django_db
@pytest.mark.parametrize("slug,players", BOT_GAMES)
def test_bots_play_their_seats_and_nobody_sees_another_hand(slug, players):
    """Two people and bots: the bots move by themselves until a person is awaited; at every step of
    the first moves each person's page shows only their seat's cards."""
    olga, mika = person("olga"), person("mika")
    seats = ["person", "person"] + ["club"] * (players - 2)
    table = open_table(client_for(olga), slug, players, seats)
    clients = {0: client_for(olga), 1: client_for(mika)}
    assert clients[1].post(url(table, "take"), {"seat": 1}).status_code == 302
    game = registry.get(slug)
    # Bots that act first did so when the table was set up; after that, after each person.
    for _step in range(12):
        table.refresh_from_db()
        state = play.replay(table).state
        waiting = sorted(game.turn(state))
        if not waiting:
            break
        assert set(waiting) & {0, 1} or set(game.interrupters(state)) & {0, 1}, "the bots stopped before a person"
        for seat, client in clients.items():
            assert cards_in(client.get(url(table)).content.decode()) <= visible(game, state, seat)
        seat = next(s for s in waiting if s in clients)
        assert post_action(clients[seat], table, seat, game.legal_actions(state, seat)[0]).status_code == 302
    table.refresh_from_db()
    assert any(s >= 2 for s, _a in table.actions), "no bot moved"


@pytest.mark.django_db
def test_a_call_out_of_turn_between_two_people(toy):
    """Stop! between people: the dealer's page shows that they may interrupt (and keeps asking for
    changes); the call made in its moment counts; made after the lead it is refused by its rule."""
    from games.table.codes import deal_code

    game = registry.get(toy)
    olga, mika = person("olga"), person("mika")
    for late in (False, True):
        table = open_table(client_for(olga), toy, 2, ["person", "person"],
                           code=deal_code(game, f"stop{int(late)}", 2, {"target": 1, "stop": True}))
        client_for(mika).post(url(table, "take"), {"seat": 1})
        clients = {0: client_for(olga), 1: client_for(mika)}
        state = play.replay(table).state
        elder = min(game.turn(state))
        dealer = 1 - elder
        assert post_action(clients[elder], table, elder, game.parse_action("stake=2")).status_code == 302
        table.refresh_from_db()
        page = clients[dealer].get(url(table)).content.decode()
        assert "you may interrupt now" in page and 'value="stop"' in page and "people-poll" in page
        if late:
            state = play.replay(table).state
            assert post_action(clients[elder], table, elder, game.legal_actions(state, elder)[0]).status_code == 302
            table.refresh_from_db()
            refused = clients[dealer].post(url(table, "act"), {"action": "stop", "version": table.version})
            assert refused.status_code == 422 and "Not allowed:" in refused.content.decode()  # by its rule
            table.refresh_from_db()
            assert [s for s, _a in table.actions] == [elder, elder]
        else:
            called = clients[dealer].post(url(table, "act"), {"action": "stop", "version": table.version})
            assert called.status_code == 302
            table.refresh_from_db()
            assert table.actions[-1] == [dealer, "stop"]


@pytest.mark.django_db
@pytest.mark.parametrize("slug,players", [(g.slug, n) for g in site_games()
                                          for n in sorted({min(g.player_counts), max(g.player_counts)})])
def test_every_seat_of_every_game_sees_only_its_own_cards(slug, players):
    """People in every seat of a seeded match: at each of its first steps, every person's page and
    the poll answer they get hold no card their seat may not see."""
    from games.table.codes import deal_code

    game = registry.get(slug)
    people = [person(f"p{s}") for s in range(players)]
    table = open_table(client_for(people[0]), slug, players, ["person"] * players,
                       code=deal_code(game, f"leak{players}", players, {}) or "")
    clients = {0: client_for(people[0])}
    for s in range(1, players):
        clients[s] = client_for(people[s])
        assert clients[s].post(url(table, "take"), {"seat": s}).status_code == 302
    rng = __import__("random").Random(f"{slug}{players}")
    for _step in range(16):
        table.refresh_from_db()
        state = play.replay(table).state
        for seat, client in clients.items():
            allowed = visible(game, state, seat)
            assert cards_in(client.get(url(table)).content.decode()) <= allowed, (slug, seat)
            poll = client.get(url(table, "poll") + f"?v={table.version - 1}")
            assert cards_in(poll.content.decode()) <= allowed, (slug, seat)
        waiting = sorted(game.turn(state))
        if not waiting:
            break
        seat = waiting[0]
        action = rng.choice(game.legal_actions(state, seat))
        assert post_action(clients[seat], table, seat, action).status_code == 302


@pytest.mark.django_db
def test_a_person_away_at_their_turn_is_waited_for_or_played_for_as_set_up(two):
    """Said up front; with "wait" the table waits; with a bot level, once the person awaited has
    not been seen for the minutes set, a bot plays their turn (and the seat stays theirs)."""
    from datetime import timedelta

    from django.utils import timezone

    table, clients = two["table"], two["clients"]
    game = registry.get(table.game)
    state = play.replay(table).state
    mover = min(game.turn(state))
    other = 1 - mover
    page = clients[other].get(url(table)).content.decode()
    assert "the table waits for them" in page
    PeopleSeat.objects.filter(table=table, seat=mover).update(seen=timezone.now() - timedelta(minutes=10))
    assert clients[other].get(url(table, "poll") + f"?v={table.version}").status_code == 204  # it waits
    table.refresh_from_db()
    assert table.actions == []
    PeopleTable.objects.filter(pk=table.pk).update(away="club")
    words = clients[other].get(url(table)).content.decode()
    assert "plays for them until they are back" in words, re.findall(r"When a person[^<]*", words)
    table.refresh_from_db()
    assert table.actions and table.actions[0][0] == mover and table.version == 1
    assert PeopleSeat.objects.get(table=table, seat=mover).user.username in ("olga", "mika")  # still theirs
    # Back at their page, the person is seen again: the bot no longer plays for them.
    clients[mover].get(url(table))
    assert mover not in away_seats(table, game, play.replay(table).state)


@pytest.mark.django_db
def test_a_person_is_noted_as_seen_at_most_once_every_twenty_seconds(two):
    """Each page and poll notes that the person is here; a poll every two seconds writes the seat
    only when its time is older than SEEN_EVERY (no statement that waits for a write lock
    otherwise), and a stale time is written again."""
    from datetime import timedelta

    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from games.people.views import SEEN_EVERY

    table, clients = two["table"], two["clients"]
    seat = PeopleSeat.objects.get(table=table, seat=0)
    client = clients[0]
    old = timezone.now() - SEEN_EVERY - timedelta(seconds=5)
    PeopleSeat.objects.filter(pk=seat.pk).update(seen=old)
    poll = url(table, "poll") + f"?v={table.version}"
    with CaptureQueriesContext(connection) as first:
        assert client.get(poll).status_code == 204
    noted = PeopleSeat.objects.get(pk=seat.pk).seen
    assert noted > old and any(q["sql"].startswith("UPDATE") for q in first.captured_queries)
    for _ in range(3):
        with CaptureQueriesContext(connection) as later:
            assert client.get(poll).status_code == 204
        assert not any(q["sql"].startswith(("UPDATE", "INSERT", "DELETE")) for q in later.captured_queries)
    assert PeopleSeat.objects.get(pk=seat.pk).seen == noted
    other = PeopleSeat.objects.exclude(pk=seat.pk).get(table=table)
    assert other.seen != noted  # only the asking person's seat is noted


@pytest.mark.django_db
def test_a_seat_kept_for_a_club_member_is_theirs_alone(toy):
    from tests.clubs import add_member, make_club

    olga, mika, ursula = person("olga"), person("mika"), person("ursula")
    club = make_club(olga, "Tuesday club")
    add_member(club, mika)
    organiser = client_for(olga)
    setup = organiser.get(f"/en/{toy}/people/").content.decode()
    assert f'value="user:{mika.pk}"' in setup and f'value="user:{ursula.pk}"' not in setup
    table = open_table(organiser, toy, 2, ["person", f"user:{mika.pk}"])
    assert table.seats[1] == {"kind": "person", "for": mika.pk}
    stranger = client_for(ursula)
    assert "Take a seat" in stranger.get(url(table)).content.decode()
    assert "Sit at" not in stranger.get(url(table)).content.decode()  # no seat of theirs to take
    refused = stranger.post(url(table, "take"), {"seat": 1})
    assert refused.status_code == 409 and "kept for someone else" in refused.content.decode()
    listed = client_for(mika).get("/en/people/").content.decode()
    assert url(table) in listed  # among the tables waiting for them
    assert client_for(mika).post(url(table, "take"), {"seat": 1}).status_code == 302
    # Anyone may read what a table of people is; opening one asks to log in.
    anonymous = client_for(None)
    assert anonymous.get(f"/en/{toy}/people/").status_code == 200
    assert anonymous.post(f"/en/{toy}/people/", form(toy, 2, ["person", "person"])).status_code == 302
    assert PeopleTable.objects.count() == 1


@pytest.mark.django_db
def test_a_clubs_organiser_watches_its_members_play_and_asks_the_room(two):
    """The organiser of a club whose members sit at the table finds it on the club page, opens the
    moment on the teaching table, where the room sees only what every player sees while the match
    goes on (no other view, no puzzle), and may ask the room; an organiser of another club may not."""
    from teaching.models import TeachingTable
    from tests.clubs import add_member, make_club

    table = two["table"]
    olga_mika = [row.user for row in table.sitting.all()]
    boss = person("bianca")
    club = make_club(boss, "Tuesday club")
    for user in olga_mika:
        add_member(club, user)
    other = person("oscar")
    other_club = make_club(other, "Other club")
    organiser = client_for(boss)
    club_page = organiser.get(f"/en/clubs/{club.code}/").content.decode()
    assert "Members playing each other" in club_page and url(table) in club_page
    assert "Members playing each other" not in client_for(other).get(f"/en/clubs/{other_club.code}/").content.decode()
    refused = client_for(other).post("/en/teach/from/", {"club": other_club.code, "game": table.game, "kind": "people",
                                                          "ref": table.token})
    assert refused.status_code == 404
    opened = organiser.post("/en/teach/from/", {"club": club.code, "game": table.game, "kind": "people",
                                                "ref": table.token})
    assert opened.status_code == 302
    teaching = TeachingTable.objects.get()
    assert teaching.public_only and teaching.mode == TeachingTable.PUBLIC
    game = registry.get(table.game)
    page = organiser.get(opened["Location"]).content.decode()
    state = play.replay(table).state
    assert cards_in(page) <= visible(game, state, None)
    base = f"/en/clubs/{club.code}/teach/{teaching.token}/"
    assert organiser.post(base + "view/", {"mode": "open", "step": "0"}).status_code == 409
    assert organiser.post(base + "puzzle/", {"step": "0"}).status_code == 409
    assert organiser.post("/en/teach/from/", {"club": club.code, "game": table.game, "kind": "people",
                                              "ref": table.token, "then": "puzzle"}).status_code == 404
    assert organiser.post(base + "ask/", {"step": "0"}).status_code == 302


HINT_LINK = re.compile(r'hx-get="[^"]*\?hint=1"')


@pytest.mark.django_db
def test_the_hint_and_undo_only_once_every_person_agrees(toy):
    olga, mika = person("olga"), person("mika")
    table = open_table(client_for(olga), toy, 2, ["person", "person"], proposals=["propose_aids"])
    clients = {0: client_for(olga), 1: client_for(mika)}
    clients[1].post(url(table, "take"), {"seat": 1})
    game = registry.get(toy)
    state = play.replay(table).state
    mover = min(game.turn(state))
    page = clients[mover].get(url(table) + "?hint=1").content.decode()
    assert "Not everyone has agreed yet." in page and not HINT_LINK.search(page) and "table-hint" not in page
    refused = clients[mover].post(url(table, "undo"), {"version": table.version})
    assert refused.status_code == 409 and "only if every person agrees" in refused.content.decode()
    assert clients[1].post(url(table, "agree"), {"agree": "yes"}).status_code == 302
    table.refresh_from_db()
    page = clients[mover].get(url(table) + "?hint=1").content.decode()
    assert "Everyone agrees: it applies." in page and HINT_LINK.search(page)
    hinted = re.search(r'class="table-hint" role="status" data-hint="([^"]+)"', page)
    assert hinted and game.check(state, mover, game.parse_action(hinted.group(1)))
    # A decision taken back while nobody has acted since; not once the other has.
    action = game.legal_actions(state, mover)[0]
    assert post_action(clients[mover], table, mover, action).status_code == 302
    table.refresh_from_db()
    assert clients[mover].post(url(table, "undo"), {"version": table.version}).status_code == 302
    table.refresh_from_db()
    assert table.actions == []
    assert post_action(clients[mover], table, mover, action).status_code == 302
    table.refresh_from_db()
    state = play.replay(table).state
    nxt = min(game.turn(state))
    if nxt != mover:
        assert post_action(clients[nxt], table, nxt, game.legal_actions(state, nxt)[0]).status_code == 302
        table.refresh_from_db()
        late = clients[mover].post(url(table, "undo"), {"version": table.version})
        assert late.status_code == 409 and "cannot be taken back" in late.content.decode()
    # Withdrawn, the agreement no longer holds.
    clients[1].post(url(table, "agree"), {"agree": "no"})
    table.refresh_from_db()
    assert not table.aids_on()


@pytest.mark.django_db
def test_watching_with_every_hand_open_once_every_player_agrees(toy):
    from teaching.models import TeachingTable
    from tests.clubs import add_member, make_club

    olga, mika, boss = person("olga"), person("mika"), person("bianca")
    club = make_club(boss, "Tuesday club")
    add_member(club, olga)
    add_member(club, mika)
    table = open_table(client_for(olga), toy, 2, ["person", "person"], proposals=["propose_open"])
    client_for(mika).post(url(table, "take"), {"seat": 1})
    organiser = client_for(boss)
    data = {"club": club.code, "game": toy, "kind": "people", "ref": table.token}
    organiser.post("/en/teach/from/", data)
    assert TeachingTable.objects.get().public_only  # mika has not agreed yet
    client_for(mika).post(url(table, "agree"), {"agree": "yes"})
    organiser.post("/en/teach/from/", data)
    newest = TeachingTable.objects.order_by("-pk").first()
    assert not newest.public_only and newest.mode == TeachingTable.OPEN


@pytest.mark.django_db
def test_the_tables_version_is_posted_back_as_a_number_whatever_the_locale_formats(two, settings):
    """The version the forms post back and the poll asks with are written as they are even where
    the locale would group a number's digits."""
    settings.USE_THOUSAND_SEPARATOR = True
    table = two["table"]
    PeopleTable.objects.filter(pk=table.pk).update(version=12345)
    html = two["clients"][0].get(url(table)).content.decode()
    assert 'data-version="12345"' in html and 'name="version" value="12345"' in html
    assert "12,345" not in html
