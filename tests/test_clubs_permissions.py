"""Who may do what in clubs, as one table: every club view, GET and POST, for every role. Whoever may
not see a thing gets a 404 (the same as for a club that does not exist); someone not logged in is
sent to log in ("login") wherever logging in could help.

Roles: anonymous (not logged in), outsider (logged in, in no club), other (a member of another
club), member (of this club), organiser (of this club)."""

import pytest
from django.urls import reverse

from clubs import services
from clubs.models import Club, Membership, Notice
from tests.clubs import _quick_passwords, add_member, client_for, make_club, person  # noqa: F401

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "outsider", "other", "member", "organiser")
L = "login"  # a redirect to the login page, with `next`

# (name, view, method, what is posted) -> the status each role gets, in the order of ROLES.
MATRIX = [
    # name               url                                 method  data                    anonymous outsider other member organiser
    ("my clubs",         "/{lang}/clubs/",                   "GET",  None,                   (L, 200, 200, 200, 200)),
    ("create form",      "/{lang}/clubs/new/",               "GET",  None,                   (L, 200, 200, 200, 200)),
    ("create",           "/{lang}/clubs/new/",               "POST", {"name": "New"},        (L, 302, 302, 302, 302)),
    ("join form",        "/{lang}/clubs/join/",              "GET",  None,                   (L, 200, 200, 200, 200)),
    ("join by code",     "/{lang}/clubs/join/",              "POST", {"code": "{code}"},     (L, 302, 302, 302, 302)),
    ("join bad code",    "/{lang}/clubs/join/",              "POST", {"code": "ZZZZZZ"},     (L, 400, 400, 400, 400)),
    ("invite page",      "/{lang}/clubs/join/{invite}/",     "GET",  None,                   (200, 200, 200, 200, 200)),
    ("invite accept",    "/{lang}/clubs/join/{invite}/",     "POST", {},                     (L, 302, 302, 302, 302)),
    ("bad invite",       "/{lang}/clubs/join/nothing-here/", "GET",  None,                   (404, 404, 404, 404, 404)),
    ("club page",        "/{lang}/clubs/{code}/",            "GET",  None,                   (L, 404, 404, 200, 200)),
    ("no such club",     "/{lang}/clubs/ZZZZZZ/",            "GET",  None,                   (L, 404, 404, 404, 404)),
    ("edit form",        "/{lang}/clubs/{code}/edit/",       "GET",  None,                   (L, 404, 404, 404, 200)),
    ("edit",             "/{lang}/clubs/{code}/edit/",       "POST", {"name": "Renamed"},    (L, 404, 404, 404, 302)),
    ("renew by GET",     "/{lang}/clubs/{code}/renew/",      "GET",  None,                   (L, 404, 404, 404, 405)),
    ("renew",            "/{lang}/clubs/{code}/renew/",      "POST", {},                     (L, 404, 404, 404, 302)),
    ("leave form",       "/{lang}/clubs/{code}/leave/",      "GET",  None,                   (L, 404, 404, 200, 200)),
    # The organiser is the club's only organiser here: he may not leave it.
    ("leave",            "/{lang}/clubs/{code}/leave/",      "POST", {},                     (L, 404, 404, 302, 400)),
    ("notice by GET",    "/{lang}/clubs/{code}/notices/",    "GET",  None,                   (L, 404, 404, 404, 405)),
    ("post notice",      "/{lang}/clubs/{code}/notices/",    "POST", {"text": "Hello"},      (L, 404, 404, 404, 302)),
    ("delete notice",    "/{lang}/clubs/{code}/notices/{notice}/delete/", "POST", {},        (L, 404, 404, 404, 302)),
    ("members",          "/{lang}/clubs/{code}/members/",    "GET",  None,                   (L, 404, 404, 404, 200)),
    ("add form",         "/{lang}/clubs/{code}/members/add/", "GET", None,                   (L, 404, 404, 404, 302)),
    ("add members",      "/{lang}/clubs/{code}/members/add/", "POST", {"names": "Ann", "once": "t1"}, (L, 404, 404, 404, 200)),
    ("new codes",        "/{lang}/clubs/{code}/members/codes/", "POST", {"user": "{target}"}, (L, 404, 404, 404, 200)),
    ("rename",           "/{lang}/clubs/{code}/members/{target}/rename/", "POST", {"u{target}-name": "Bo"}, (L, 404, 404, 404, 302)),
    ("promote",          "/{lang}/clubs/{code}/members/{target}/promote/", "POST", {},        (L, 404, 404, 404, 302)),
    ("move",             "/{lang}/clubs/{code}/members/{target}/move/", "POST", {"to": "{second}"}, (L, 404, 404, 404, 302)),
    ("remove",           "/{lang}/clubs/{code}/members/{target}/remove/", "POST", {},         (L, 404, 404, 404, 302)),
    ("remove by GET",    "/{lang}/clubs/{code}/members/{target}/remove/", "GET", None,        (L, 404, 404, 404, 405)),
    # A member of another club, through this club's address: nobody here may touch him.
    ("rename stranger",  "/{lang}/clubs/{code}/members/{stranger}/rename/", "POST", {"u{stranger}-name": "X"}, (L, 404, 404, 404, 404)),
    # An account its owner made (mika signed up and joined): no organiser renames it or makes it a code.
    ("rename own account", "/{lang}/clubs/{code}/members/{member}/rename/", "POST", {"u{member}-name": "X"}, (L, 404, 404, 404, 404)),
    ("code for own account", "/{lang}/clubs/{code}/members/codes/", "POST", {"user": "{member}"}, (L, 404, 404, 404, 400)),
    ("move to not mine", "/{lang}/clubs/{code}/members/{target}/move/", "POST", {"to": "{other_club}"}, (L, 404, 404, 404, 404)),
    ("code login form",  "/{lang}/account/code/",             "GET",  None,                  (200, 200, 200, 200, 200)),
    ("code login wrong", "/{lang}/account/code/",             "POST", {"username": "tom", "code": "AAAA-AAAA"}, (400, 400, 400, 400, 400)),
    # Choosing a password without the old one: only right after logging in with a code.
    ("code password",    "/{lang}/account/code/password/",    "GET",  None,                  (L, 404, 404, 404, 404)),
]


@pytest.fixture
def world():
    organiser, member = person("olga"), person("mika")
    club = make_club(organiser, "Tuesday club")
    add_member(club, member)
    [(target, _code)] = services.create_members(club, ["Tom"], once="world")  # an account made by the club
    second = make_club(organiser, "Thursday club")  # the organiser's other club (moves go there)
    other_organiser, other = person("oscar"), person("otto")
    other_club = make_club(other_organiser, "Other club")
    add_member(other_club, other)
    outsider = person("ursula")
    notice = Notice.objects.create(club=club, author=organiser, text="Bring cards")
    return {
        "club": club, "second": second, "other_club": other_club, "notice": notice, "target": target,
        "stranger": other,
        "users": {"anonymous": None, "outsider": outsider, "other": other, "member": member,
                  "organiser": organiser},
    }


def _fill(text, w):
    return text.format(lang="{lang}", code=w["club"].code, invite=w["club"].invite, notice=w["notice"].pk,
                       target=w["target"].pk, second=w["second"].pk, other_club=w["other_club"].pk,
                       stranger=w["stranger"].pk, member=w["users"]["member"].pk)


CELLS = [(name, url, method, data, role, expected)
         for name, url, method, data, statuses in MATRIX
         for role, expected in zip(ROLES, statuses)]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name,url,method,data,role,expected", CELLS,
                         ids=[f"{c[0]}-{c[2]}-{c[4]}" for c in CELLS])
def test_permission_matrix(world, lang, name, url, method, data, role, expected):
    client = client_for(world["users"][role])
    address = _fill(url, world).format(lang=lang)
    if method == "GET":
        response = client.get(address)
    else:
        response = client.post(address, {_fill(k, world): _fill(v, world) for k, v in (data or {}).items()})
    if expected == L:
        assert response.status_code == 302, (name, role, response.status_code)
        assert response["Location"].startswith(reverse("login")) and "next=" in response["Location"]
    else:
        assert response.status_code == expected, (name, role, response.status_code)


def test_the_matrix_names_every_club_view():
    """A club view added later must be added to the table."""
    from clubs import urls

    in_table = {url.split("?")[0] for _, url, *_ in MATRIX}
    for pattern in urls.urlpatterns:
        route = "/{lang}/" + str(pattern.pattern)
        for part, placeholder in (("<str:code>", "{code}"), ("<str:invite>", "{invite}"),
                                  ("<int:pk>", "{notice}"), ("<int:user_id>", "{target}")):
            route = route.replace(part, placeholder)
        assert route in in_table, f"{pattern.name} ({route}) is missing from the permission matrix"


def test_a_refused_organiser_action_changes_nothing(world):
    """The 404s above are not just answers: the thing did not happen."""
    club, member = world["club"], world["users"]["member"]
    client = client_for(member)
    code = club.code
    client.post(f"/en/clubs/{code}/renew/")
    client.post(f"/en/clubs/{code}/members/{world['target'].pk}/promote/")
    client.post(f"/en/clubs/{code}/members/{world['target'].pk}/remove/")
    client.post(f"/en/clubs/{code}/notices/{world['notice'].pk}/delete/")
    club.refresh_from_db()
    assert club.code == code
    assert Membership.objects.get(club=club, user=world["target"]).role == Membership.MEMBER
    assert Notice.objects.filter(pk=world["notice"].pk).exists()
    assert Club.objects.count() == 3
    from clubs.models import LoginCode
    assert not LoginCode.objects.filter(user=world["users"]["member"]).exists()
