"""Clubs as their organisers and members use them: creating, joining (by code and by invite link,
twice, from two tabs), notices, members made from a list of names, one-time login codes and their
slips, renaming, promoting, moving and removing members, leaving."""

import re
import threading
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from clubs import hooks, services
from clubs.models import Club, LoginCode, MemberBatch, Membership, Notice
from games import owner
from tests.clubs import _quick_passwords, add_member, client_for, make_club, person  # noqa: F401

User = get_user_model()
SLIP_CODE = re.compile(r'class="slip-code">([A-Z2-9]{4}-[A-Z2-9]{4})<')
SLIP_USER = re.compile(r'class="slip-username">([^<]+)<')


def slips(response):
    """(username, code) on each slip of a slips page."""
    html = response.content.decode()
    return list(zip(SLIP_USER.findall(html), SLIP_CODE.findall(html)))


def at_once(n, fn):
    """Run fn(i) in n threads released together (each with its own connection); their results."""
    barrier = threading.Barrier(n)
    results = [None] * n

    def run(i):
        try:
            barrier.wait()
            results[i] = fn(i)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


# ---------- Creating and joining ----------

@pytest.mark.django_db
def test_creating_a_club_makes_its_creator_the_organiser_and_shows_code_and_invite_link():
    olga = person("olga")
    client = client_for(olga)
    response = client.post("/en/clubs/new/", {"name": "Tuesday club", "description_ja": "火曜の会",
                                               "description_en": ""})
    club = Club.objects.get(name="Tuesday club")
    assert response["Location"] == f"/en/clubs/{club.code}/"
    assert Membership.objects.get(club=club, user=olga).role == Membership.ORGANISER
    page = client.get(f"/en/clubs/{club.code}/").content.decode()
    assert club.code in page and f"/en/clubs/join/{club.invite}/" in page
    assert "火曜の会" in page  # no English description: the Japanese one
    assert "Tuesday club" in client.get("/ja/clubs/").content.decode()


@pytest.mark.django_db
def test_description_in_the_readers_language():
    olga = person("olga")
    club = make_club(olga, description_ja="日本語の説明", description_en="English words")
    client = client_for(olga)
    assert "English words" in client.get(f"/en/clubs/{club.code}/").content.decode()
    ja = client.get(f"/ja/clubs/{club.code}/").content.decode()
    assert "日本語の説明" in ja and "English words" not in ja


@pytest.mark.django_db
def test_a_club_without_a_name_is_refused_with_what_was_typed_kept():
    client = client_for(person("olga"))
    response = client.post("/en/clubs/new/", {"name": "", "description_en": "Kept text"})
    assert response.status_code == 200 and "Kept text" in response.content.decode()
    assert not Club.objects.exists()


@pytest.mark.django_db
def test_joining_by_code_as_typed_and_twice_is_one_membership():
    club = make_club(person("olga"))
    mika = person("mika")
    client = client_for(mika)
    typed = f" {club.code[:3].lower()}-{club.code[3:].lower()} "
    assert client.post("/en/clubs/join/", {"code": typed})["Location"] == f"/en/clubs/{club.code}/"
    assert client.post("/en/clubs/join/", {"code": club.code}).status_code == 302
    assert Membership.objects.filter(club=club, user=mika).count() == 1
    assert Membership.objects.get(club=club, user=mika).role == Membership.MEMBER


@pytest.mark.django_db
def test_a_wrong_code_is_explained_and_kept():
    client = client_for(person("mika"))
    response = client.post("/en/clubs/join/", {"code": "QQQQQQ"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "No club has this code" in page and 'value="QQQQQQ"' in page


@pytest.mark.django_db
def test_an_invite_link_asks_before_joining_and_joining_twice_is_harmless():
    club = make_club(person("olga"))
    mika = person("mika")
    client = client_for(mika)
    url = f"/en/clubs/join/{club.invite}/"
    assert client.get(url).status_code == 200
    assert not Membership.objects.filter(user=mika).exists()  # a GET joins nobody
    assert client.post(url)["Location"] == f"/en/clubs/{club.code}/"
    assert client.post(url).status_code == 302  # the stale confirmation page sent again
    assert Membership.objects.filter(club=club, user=mika).count() == 1
    assert "already a member" in client.get(url).content.decode()


@pytest.mark.django_db
def test_someone_not_logged_in_is_asked_to_log_in_or_sign_up_and_comes_back():
    club = make_club(person("olga"))
    url = f"/ja/clubs/join/{club.invite}/"
    page = client_for().get(url).content.decode()
    assert "next=%2Fja%2Fclubs%2Fjoin%2F" in page
    assert page.count(f"next=%2Fja%2Fclubs%2Fjoin%2F{club.invite}%2F") == 2  # log in, sign up


@pytest.mark.django_db
def test_a_new_code_and_link_replace_the_old_ones():
    olga = person("olga")
    club = make_club(olga)
    old_code, old_invite = club.code, club.invite
    response = client_for(olga).post(f"/en/clubs/{old_code}/renew/")
    club.refresh_from_db()
    assert club.code != old_code and club.invite != old_invite
    assert response["Location"] == f"/en/clubs/{club.code}/"
    mika = client_for(person("mika"))
    assert mika.post("/en/clubs/join/", {"code": old_code}).status_code == 400
    assert mika.get(f"/en/clubs/join/{old_invite}/").status_code == 404
    assert mika.post("/en/clubs/join/", {"code": club.code}).status_code == 302


@pytest.mark.django_db(transaction=True)
def test_two_tabs_joining_at_the_same_moment_make_one_membership():
    club = make_club(person("olga"))
    mika = person("mika")
    clients = [client_for(mika), client_for(mika)]
    statuses = at_once(2, lambda i: clients[i].post(f"/en/clubs/join/{club.invite}/").status_code)
    assert statuses == [302, 302]
    assert Membership.objects.filter(club=club, user=mika).count() == 1


# ---------- Notices ----------

@pytest.mark.django_db
def test_notices_are_markdown_without_raw_html_and_a_double_post_is_one_notice():
    olga = person("olga")
    club = make_club(olga)
    mika = person("mika")
    add_member(club, mika)
    client = client_for(olga)
    text = "**Bring** cards <script>alert(1)</script> [x](javascript:alert(1))"
    client.post(f"/en/clubs/{club.code}/notices/", {"text": text})
    client.post(f"/en/clubs/{club.code}/notices/", {"text": text})
    assert Notice.objects.filter(club=club).count() == 1
    page = client_for(mika).get(f"/en/clubs/{club.code}/").content.decode()
    assert "<strong>Bring</strong>" in page
    assert "<script>alert" not in page and "&lt;script&gt;" in page
    assert 'href="javascript' not in page
    notice = Notice.objects.get()
    assert client.post(f"/en/clubs/{club.code}/notices/{notice.pk}/delete/").status_code == 302
    assert client.post(f"/en/clubs/{club.code}/notices/{notice.pk}/delete/").status_code == 302  # stale page
    assert not Notice.objects.exists()


class FormInParagraph(HTMLParser):
    """Finds a <form> written inside a <p>: a browser closes the paragraph there, and the form
    falls out of the line it was meant to share."""

    def __init__(self):
        super().__init__()
        self.open_p, self.found = 0, []

    def handle_starttag(self, tag, attrs):
        if tag == "p":
            self.open_p += 1
        elif tag == "form" and self.open_p:
            self.found.append(dict(attrs).get("action"))

    def handle_endtag(self, tag):
        if tag == "p" and self.open_p:
            self.open_p -= 1


@pytest.mark.django_db
def test_a_notices_delete_button_stays_on_its_date_line():
    olga = person("olga")
    club = make_club(olga)
    client = client_for(olga)
    client.post(f"/en/clubs/{club.code}/notices/", {"text": "Bring cards."})
    page = client.get(f"/en/clubs/{club.code}/").content.decode()
    parser = FormInParagraph()
    parser.feed(page)
    assert parser.found == []
    assert re.search(r'<div class="club-meta"><time [^>]+>[^<]+</time>\s*<form method="post" action="/en/clubs/'
                     + club.code + r'/notices/\d+/delete/"', page)


# ---------- Members made from a list of names ----------

@pytest.mark.django_db
def test_usernames_are_made_from_the_names_readable_and_unique():
    person("taro.yamada")
    assert services.username_base("Taro  Yamada") == "taro.yamada"
    assert services.username_base("田中 花子") == "田中.花子"
    assert services.username_base("<>!!") == "member"
    olga = person("olga")
    club = make_club(olga)
    made = services.create_members(club, ["Taro Yamada", "Taro Yamada", "田中 花子"], once="x1")
    assert [u.username for u, _ in made] == ["taro.yamada2", "taro.yamada3", "田中.花子"]
    assert [u.first_name for u, _ in made] == ["Taro Yamada", "Taro Yamada", "田中 花子"]
    assert all(not u.has_usable_password() for u, _ in made)


@pytest.mark.django_db
def test_bulk_creation_shows_each_code_once_on_slips_and_stores_only_a_hash():
    olga = person("olga")
    club = make_club(olga, "Tuesday club")
    client = client_for(olga)
    form = client.get(f"/en/clubs/{club.code}/members/").content.decode()
    once = re.search(r'name="once" value="([^"]+)"', form).group(1)
    response = client.post(f"/en/clubs/{club.code}/members/add/", {"names": "Ann Lee\n\n  Bob  \n", "once": once})
    assert response.status_code == 200
    found = slips(response)
    assert [u for u, _ in found] == ["ann.lee", "bob"]
    page = response.content.decode()
    assert page.count("<svg") == 2 and "Tuesday club" in page and "http://testserver/en/account/code/" in page
    assert "https://" not in page.split("slip-page", 1)[1].split("</main>")[0]  # no outside host
    assert Membership.objects.filter(club=club, role=Membership.MEMBER).count() == 2
    for username, code in found:
        stored = LoginCode.objects.get(user__username=username)
        assert code.replace("-", "") not in stored.digest and code not in stored.digest
    # The code is never shown again: not on the members page, not on the club page.
    for url in (f"/en/clubs/{club.code}/members/", f"/en/clubs/{club.code}/"):
        assert found[0][1] not in client.get(url).content.decode()


@pytest.mark.django_db
def test_the_same_list_sent_twice_creates_nobody_twice_and_the_last_slips_work():
    olga = person("olga")
    club = make_club(olga)
    client = client_for(olga)
    data = {"names": "Ann\nBob", "once": "form-1"}
    first = slips(client.post(f"/en/clubs/{club.code}/members/add/", data))
    second = slips(client.post(f"/en/clubs/{club.code}/members/add/", data))
    assert [u for u, _ in first] == [u for u, _ in second] == ["ann", "bob"]
    assert User.objects.filter(username__in=["ann", "bob", "ann2", "bob2"]).count() == 2
    assert services.redeem("ann", first[0][1]) is None  # replaced: the page showing it was left behind
    assert services.redeem("ann", second[0][1]).username == "ann"


@pytest.mark.django_db(transaction=True)
def test_a_double_submit_at_the_same_moment_creates_nobody_twice():
    olga = person("olga")
    club = make_club(olga)
    clients = [client_for(olga), client_for(olga)]
    data = {"names": "Ann\nBob\nCy", "once": "form-2"}
    responses = at_once(2, lambda i: clients[i].post(f"/en/clubs/{club.code}/members/add/", data))
    assert [r.status_code for r in responses] == [200, 200]
    assert Membership.objects.filter(club=club, role=Membership.MEMBER).count() == 3
    assert MemberBatch.objects.count() == 1
    # Whichever answer the browser shows, its codes are... the last one's: at least one set works.
    working = [all(services.redeem(u, c) for u, c in slips(r)) for r in responses]
    assert any(working)


@pytest.mark.django_db
def test_an_empty_list_is_refused_and_too_long_names_are_cut():
    olga = person("olga")
    club = make_club(olga)
    client = client_for(olga)
    response = client.post(f"/en/clubs/{club.code}/members/add/", {"names": " \n ", "once": "o"})
    assert response.status_code == 400 and "Write at least one name" in response.content.decode()
    made = services.create_members(club, services.parse_names("x" * 300), once="o2")
    assert len(made[0][0].first_name) == 150 and len(made[0][0].username) <= services.USERNAME_LENGTH


# ---------- Logging in with a code ----------

@pytest.mark.django_db
def test_logging_in_with_a_code_adopts_the_browsers_things_and_asks_for_a_password():
    olga = person("olga")
    club = make_club(olga)
    [(ann, code)] = services.create_members(club, ["Ann"], once="o")
    moved = []
    merge = owner.on_merge(lambda old, new: moved.append((old, new)))
    try:
        client = client_for()
        session = client.session
        session[owner.SESSION_KEY] = "browser-token-1"
        session.save()
        client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key  # a cookie-held session
        form = client.get(f"/en/account/code/?u=ann&c={services.show_code(code)}").content.decode()
        assert 'value="ann"' in form  # the slip's QR code fills the form in; a GET logs nobody in
        response = client.post("/en/account/code/", {"username": "Ann", "code": services.show_code(code).lower()})
        assert response["Location"] == "/en/account/code/password/"
    finally:
        owner._MERGES.remove(merge)
    assert moved == [("browser-token-1", f"u.{ann.pk}")]
    assert client.get("/en/clubs/").status_code == 200
    assert client.get("/en/account/code/password/").status_code == 200
    response = client.post("/en/account/code/password/", {"new_password1": "cards and dice 42",
                                                          "new_password2": "cards and dice 42"})
    assert response["Location"] == "/en/clubs/"
    ann.refresh_from_db()
    assert ann.check_password("cards and dice 42")
    assert client.get("/en/clubs/").status_code == 200  # still logged in after the change
    assert client.get("/en/account/code/password/").status_code == 404  # only once, right after the code


@pytest.mark.django_db
def test_a_code_works_once_but_the_same_form_sent_twice_is_fine():
    club = make_club(person("olga"))
    [(ann, code)] = services.create_members(club, ["Ann"], once="o")
    tab = client_for()
    data = {"username": "ann", "code": code}
    assert tab.post("/en/account/code/", data).status_code == 302
    assert tab.post("/en/account/code/", data)["Location"] == "/en/account/code/password/"  # double submit
    other = client_for()
    response = other.post("/en/account/code/", data)
    assert response.status_code == 400 and "ask your organiser for a new code" in response.content.decode()
    assert "_auth_user_id" not in other.session


@pytest.mark.django_db(transaction=True)
def test_two_browsers_with_the_same_code_at_the_same_moment_one_gets_in():
    club = make_club(person("olga"))
    [(ann, code)] = services.create_members(club, ["Ann"], once="o")
    clients = [client_for(), client_for()]
    statuses = at_once(2, lambda i: clients[i].post("/en/account/code/", {"username": "ann", "code": code}).status_code)
    assert sorted(statuses) == [302, 400]


@pytest.mark.django_db
def test_expired_wrong_and_replaced_codes_do_not_log_in():
    club = make_club(person("olga"))
    [(ann, code)] = services.create_members(club, ["Ann"], once="o")
    assert services.redeem("ann", "AAAAAAAA") is None
    assert services.redeem("nobody", code) is None
    LoginCode.objects.filter(user=ann).update(expires=timezone.now())
    assert services.redeem("ann", code) is None
    newer = services.issue_code(ann)
    assert services.redeem("ann", code) is None
    assert services.redeem("ann", newer) == ann


@pytest.mark.django_db
def test_new_codes_for_chosen_members_replace_their_old_ones():
    olga = person("olga")
    club = make_club(olga)
    made = services.create_members(club, ["Ann", "Bob"], once="o")
    (ann, ann_code), (bob, bob_code) = made
    response = client_for(olga).post(f"/en/clubs/{club.code}/members/codes/", {"user": [ann.pk]})
    [(username, new_code)] = slips(response)
    assert username == "ann"
    assert services.redeem("ann", ann_code) is None
    assert services.redeem("ann", new_code) == ann
    assert services.redeem("bob", bob_code) == bob
    outsider = person("x")
    response = client_for(olga).post(f"/en/clubs/{club.code}/members/codes/", {"user": [outsider.pk]})
    assert response.status_code == 400 and not LoginCode.objects.filter(user=outsider).exists()


# ---------- Managing members ----------

@pytest.mark.django_db
def test_rename_promote_move_and_remove():
    olga = person("olga")
    club, other = make_club(olga, "Tuesday"), make_club(olga, "Thursday")
    [(mika, _), (tom, _)] = services.create_members(club, ["mika", "tom"], once="o")
    client = client_for(olga)
    base = f"/en/clubs/{club.code}/members"
    client.post(f"{base}/{mika.pk}/rename/", {f"u{mika.pk}-name": "  Mika S.  "})
    mika.refresh_from_db()
    assert mika.first_name == "Mika S." and mika.username == "mika"
    signed_up = person("sam")  # made his own account and joined: his name is his
    add_member(club, signed_up)
    assert client.post(f"{base}/{signed_up.pk}/rename/", {f"u{signed_up.pk}-name": "X"}).status_code == 404
    page = client.get(f"{base}/").content.decode()
    assert f'value="{signed_up.pk}" form="codes-form"' not in page and f'value="{mika.pk}" form="codes-form"' in page
    response = client.post(f"{base}/{mika.pk}/rename/", {f"u{mika.pk}-name": ""})
    assert response.status_code == 400
    client.post(f"{base}/{mika.pk}/promote/")
    assert Membership.objects.get(club=club, user=mika).role == Membership.ORGANISER
    client.post(f"{base}/{tom.pk}/move/", {"to": other.pk})
    assert list(Membership.objects.filter(user=tom).values_list("club__name", flat=True)) == ["Thursday"]
    assert client.post(f"{base}/{tom.pk}/move/", {"to": other.pk}).status_code == 404  # already moved
    client.post(f"/en/clubs/{other.code}/members/{tom.pk}/remove/")
    assert not Membership.objects.filter(user=tom).exists()
    assert User.objects.filter(pk=tom.pk).exists()  # his account and records stay his


@pytest.mark.django_db
def test_the_last_organiser_cannot_leave_or_be_removed_but_one_of_two_can():
    olga = person("olga")
    club = make_club(olga)
    client = client_for(olga)
    response = client.post(f"/en/clubs/{club.code}/leave/")
    assert response.status_code == 400 and "only organiser" in response.content.decode()
    assert client.post(f"/en/clubs/{club.code}/members/{olga.pk}/remove/").status_code == 400
    assert Membership.objects.filter(club=club, user=olga).exists()
    mika = person("mika")
    add_member(club, mika, Membership.ORGANISER)
    assert client.post(f"/en/clubs/{club.code}/leave/")["Location"] == "/en/clubs/"
    assert list(club.memberships.values_list("user__username", flat=True)) == ["mika"]
    mika_client = client_for(mika)
    assert mika_client.post(f"/en/clubs/{club.code}/leave/").status_code == 400


@pytest.mark.django_db(transaction=True)
def test_two_organisers_leaving_at_the_same_moment_leave_one_behind():
    olga, mika = person("olga"), person("mika")
    club = make_club(olga)
    add_member(club, mika, Membership.ORGANISER)
    clients = [client_for(olga), client_for(mika)]
    statuses = at_once(2, lambda i: clients[i].post(f"/en/clubs/{club.code}/leave/").status_code)
    assert sorted(statuses) == [302, 400]
    assert club.memberships.filter(role=Membership.ORGANISER).count() == 1


@pytest.mark.django_db
def test_a_member_leaves_and_a_stale_leave_page_is_harmless():
    club = make_club(person("olga"))
    mika = person("mika")
    add_member(club, mika)
    client = client_for(mika)
    assert client.post(f"/en/clubs/{club.code}/leave/")["Location"] == "/en/clubs/"
    assert client.post(f"/en/clubs/{club.code}/leave/").status_code == 404  # no longer his club
    assert client.get(f"/en/clubs/{club.code}/").status_code == 404


@pytest.mark.django_db
def test_the_member_list_is_for_organisers_and_members_see_notices():
    olga = person("olga")
    club = make_club(olga)
    mika = person("mika")
    add_member(club, mika)
    assert "Manage members" in client_for(olga).get(f"/en/clubs/{club.code}/").content.decode()
    page = client_for(mika).get(f"/en/clubs/{club.code}/").content.decode()
    assert "Manage members" not in page and 'class="club-code"' not in page and club.invite not in page


# ---------- The homework app's place on the page ----------

@pytest.mark.django_db
def test_other_apps_fill_the_homework_block():
    club = make_club(person("olga"))
    mika = person("mika")
    add_member(club, mika)

    def summary(request, club, membership):
        return {"homework_summary": f"<p>Two sets for {membership.user.username}</p>"}

    hooks.club_page(summary)
    try:
        page = client_for(mika).get(f"/en/clubs/{club.code}/").content.decode()
    finally:
        hooks._CLUB_PAGE.remove(summary)
    assert "Two sets for mika" in page and 'id="homework-title"' in page


@pytest.mark.django_db
def test_an_app_may_add_sections_of_its_own_to_the_club_page():
    from django.utils.safestring import mark_safe

    organiser = person("sectioner")
    club = make_club(organiser, "Sections club")

    @hooks.club_page
    def two(request, club, membership):
        return {"sections": [{"id": "first-extra", "title": "First extra", "html": mark_safe("<p>one</p>")},
                             {"id": "second-extra", "title": "Second extra", "html": mark_safe("<p>two</p>")}]}
    try:
        page = client_for(organiser).get(f"/en/clubs/{club.code}/").content.decode()
    finally:
        hooks._CLUB_PAGE.remove(two)
    assert page.index('id="first-extra"') < page.index('id="second-extra"')
    assert "First extra</h2>" in page and "<p>two</p>" in page
