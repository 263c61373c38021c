"""Forged posts and stale tabs on the club and homework pages: a post without the form's security
token, a post to another club's address, and forms sent after what they were about changed in
another tab. Each is refused or done once, with a page (never a 500), and changes nothing else."""

from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from clubs import services
from clubs.models import Club, Membership, Notice
from homework.models import HomeworkDeal, HomeworkItem, HomeworkSet
from tests.clubs import _quick_passwords  # noqa: F401
from tests.compiled import ensure_compiled
from tests.homework_world import make_world

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


@pytest.fixture
def w():
    return make_world()


def url(name, *args, lang="en"):
    return f"/{lang}" + reverse(name, args=args)[3:]


def as_(user, csrf=False):
    client = Client(enforce_csrf_checks=csrf)
    client.force_login(user)
    return client


def counts():
    return (Club.objects.count(), Membership.objects.count(), Notice.objects.count(),
            HomeworkSet.objects.count(), HomeworkItem.objects.count(), HomeworkDeal.objects.count())


def posts(w):
    """(who, url, data) for every kind of change a club's pages make."""
    set_, item = w.set.pk, w.l_item.pk
    code = w.club.code
    return [
        (w.organiser, url("club-create"), {"name": "Forged club"}),
        (w.organiser, url("club-edit", code), {"name": "Renamed"}),
        (w.organiser, url("club-renew", code), {}),
        (w.organiser, url("club-notice", code), {"text": "Forged notice"}),
        (w.organiser, url("club-members-add", code), {"names": "Zed", "once": "forged-1"}),
        (w.organiser, url("club-member-remove", code, w.member.pk), {}),
        (w.organiser, url("club-member-promote", code, w.member.pk), {}),
        (w.organiser, url("homework-new", code), {"title": "Forged", "everyone": "all", "once": "f-1"}),
        (w.organiser, url("homework-item-add", code, set_),
         {"game": w.game.slug, "kind": "puzzle", "ref": w.puzzle.id, "once": "f-2"}),
        (w.organiser, url("homework-item-remove", code, set_, item), {}),
        (w.organiser, url("homework-delete", code, set_), {}),
        (w.member, url("club-leave", code), {}),
        (w.member, url("homework-start", code, set_, w.d_item.pk), {"number": "1"}),
        (w.outsider, url("club-join"), {"code": code}),
    ]


def test_a_post_without_the_security_token_is_refused_with_the_sites_page_and_changes_nothing(w):
    before = counts()
    name, club_code = w.club.name, w.club.code
    for who, target, data in posts(w):
        response = as_(who, csrf=True).post(target, data)
        assert response.status_code == 403, target
        assert "<html" in response.content.decode() and "Card Dojo" in unescape(response.content.decode())
    w.club.refresh_from_db()
    assert counts() == before and (w.club.name, w.club.code) == (name, club_code)


def test_an_organiser_posting_to_another_clubs_addresses_gets_a_404_and_changes_nothing(w):
    """The organiser of one club sends the forms of his own pages to the other club's addresses
    (its code, its set and member numbers)."""
    theirs = HomeworkSet.objects.create(club=w.other, title="Theirs", created_by=w.other_member)
    Membership.objects.filter(club=w.other, user=w.other_member).update(role=Membership.ORGANISER)
    item = HomeworkItem.objects.create(set=theirs, position=1, game=w.game.slug, kind="lesson", ref=w.lesson.id)
    before = counts()
    olga = as_(w.organiser)
    other = w.other.code
    forged = [
        (url("club-edit", other), {"name": "Mine now"}),
        (url("club-renew", other), {}),
        (url("club-notice", other), {"text": "Forged"}),
        (url("club-members-add", other), {"names": "Zed", "once": "forged-2"}),
        (url("club-member-remove", other, w.other_member.pk), {}),
        (url("club-member-promote", other, w.other_member.pk), {}),
        (url("homework-new", other), {"title": "Forged", "everyone": "all", "once": "f-3"}),
        (url("homework-item-add", other, theirs.pk), {"game": w.game.slug, "kind": "puzzle",
                                                       "ref": w.puzzle.id, "once": "f-4"}),
        (url("homework-item-remove", other, theirs.pk, item.pk), {}),
        (url("homework-delete", other, theirs.pk), {}),
        # His own club's address with the other club's set, item or member in it.
        (url("homework-item-add", w.club.code, theirs.pk), {"game": w.game.slug, "kind": "puzzle",
                                                             "ref": w.puzzle.id, "once": "f-5"}),
        (url("club-member-remove", w.club.code, w.other_member.pk), {}),
        (url("club-member-move", w.club.code, w.member.pk), {"to": str(w.other.pk)}),
    ]
    for target, data in forged:
        response = olga.post(target, data)
        assert response.status_code == 404, (target, response.status_code)
    # Another set's item or set under his own club: not there, nothing to remove (as when already gone).
    assert olga.post(url("homework-item-remove", w.club.code, w.set.pk, item.pk)).status_code == 302
    assert olga.post(url("homework-delete", w.club.code, theirs.pk)).status_code == 302
    w.other.refresh_from_db()
    assert counts() == before and w.other.name == "Other club"
    assert HomeworkSet.objects.filter(pk=theirs.pk).exists() and HomeworkItem.objects.filter(pk=item.pk).exists()
    assert Membership.objects.filter(club=w.club, user=w.member).exists()


def test_a_member_cannot_post_an_organisers_forms(w):
    before = counts()
    mika = as_(w.member)
    for target, data in [(url("club-notice", w.club.code), {"text": "Mine"}),
                         (url("club-members-add", w.club.code), {"names": "Zed", "once": "m-1"}),
                         (url("homework-new", w.club.code), {"title": "Mine", "everyone": "all", "once": "m-2"}),
                         (url("homework-item-remove", w.club.code, w.set.pk, w.l_item.pk), {})]:
        assert mika.post(target, data).status_code == 404, target
    assert counts() == before


# --- stale tabs -----------------------------------------------------------------------------------
def test_forms_of_a_set_deleted_in_another_tab_answer_404_and_make_nothing(w):
    olga = as_(w.organiser)
    assert olga.post(url("homework-delete", w.club.code, w.set.pk)).status_code == 302
    assert olga.post(url("homework-delete", w.club.code, w.set.pk)).status_code == 302  # sent again
    before = counts()
    for target, data in [
        (url("homework-edit", w.club.code, w.set.pk), {"title": "Week 1b", "everyone": "all"}),
        (url("homework-item-add", w.club.code, w.set.pk), {"game": w.game.slug, "kind": "puzzle",
                                                            "ref": w.puzzle.id, "once": "s-1"}),
        (url("homework-item-move", w.club.code, w.set.pk, w.p_item.pk), {"to": "1"}),
        (url("homework-item-remove", w.club.code, w.set.pk, w.p_item.pk), {}),
    ]:
        assert olga.post(target, data).status_code == 404, target
    # The member's homework page, opened before: its "Play this deal" finds no such set.
    assert as_(w.member).post(url("homework-start", w.club.code, w.set.pk, w.d_item.pk),
                              {"number": "1"}).status_code == 404
    assert counts() == before


def test_a_deal_started_from_a_page_opened_before_the_item_was_removed(w):
    olga, mika = as_(w.organiser), as_(w.member)
    assert olga.post(url("homework-item-remove", w.club.code, w.set.pk, w.d_item.pk)).status_code == 302
    assert mika.post(url("homework-start", w.club.code, w.set.pk, w.d_item.pk), {"number": "1"}).status_code == 404
    assert not HomeworkDeal.objects.exists()


def test_a_member_removed_in_another_tab(w):
    """An organiser removes a member in one tab, then renames him, promotes him or gives him a new
    code from the members page still open in another: each is a 404 or the page with its reason."""
    made = services.create_members(w.club, ["Zed Ando"], "stale-1")
    zed = made[0][0]
    olga = as_(w.organiser)
    assert olga.post(url("club-member-remove", w.club.code, zed.pk)).status_code == 302
    assert olga.post(url("club-member-remove", w.club.code, zed.pk)).status_code == 404  # sent again
    assert olga.post(url("club-member-rename", w.club.code, zed.pk), {f"u{zed.pk}-name": "Zed"}).status_code == 404
    assert olga.post(url("club-member-promote", w.club.code, zed.pk)).status_code == 404
    response = olga.post(url("club-members-codes", w.club.code), {"user": [str(zed.pk)]})
    assert response.status_code == 400 and "Choose the members who need a new code." in unescape(
        response.content.decode())
    assert not Membership.objects.filter(club=w.club, user=zed).exists()


def test_a_tab_opened_before_the_club_had_a_new_code(w):
    """The club's address changes with its code: a notice posted from a tab opened before is a 404
    (the site's page, the notice not posted), and the club page under the new code is there."""
    olga = as_(w.organiser)
    old = w.club.code
    assert olga.post(url("club-renew", old)).status_code == 302
    w.club.refresh_from_db()
    assert w.club.code != old
    assert olga.post(url("club-notice", old), {"text": "From the old tab"}).status_code == 404
    assert olga.get(url("club", w.club.code)).status_code == 200
    assert not Notice.objects.exists()
