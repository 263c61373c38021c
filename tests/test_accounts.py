"""Accounts: sign up, log in, log out and change password in both languages, with plain forms (CSRF
enforced, no JavaScript); sessions the server ends everywhere; log-in throttling that tells nobody
whether a username exists; and a browser's things moved into the account at sign-up and log-in."""

import re
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.sessions.models import Session
from django.test import Client

from accounts.models import User
from games.catalogue import CATALOGUE
from games import owner
from tests.compiled import ensure_compiled

pytestmark = pytest.mark.django_db

PASSWORD = "plum-kettle-93"
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
LANGS = ("ja", "en")


@pytest.fixture(autouse=True)
def _catalogue_compiled():
    ensure_compiled()


def browser():
    """A browser as a reader has one: every POST must carry the CSRF token of a page it was given."""
    return Client(enforce_csrf_checks=True)


def submit(client, url, data, page=None):
    """Post a form as a browser without JavaScript does: open the page, send the form with its token."""
    response = client.get(page or url)
    assert response.status_code == 200, (page or url, response.status_code)
    token = TOKEN.search(response.content.decode()).group(1)
    return client.post(url, {**data, "csrfmiddlewaretoken": token})


def make_user(username="alice", password=PASSWORD):
    return User.objects.create_user(username=username, password=password)


def log_in(client, username="alice", password=PASSWORD, lang="en", **extra):
    return submit(client, f"/{lang}/account/login/", {"username": username, "password": password, **extra})


def signed_in_as(client, lang="en"):
    """The username the header shows, or None when the page offers to log in."""
    html = client.get(f"/{lang}/").content.decode()
    match = re.search(r'<span class="account-name">.*?</span>([^<]+)</span>', html)
    if match:
        return match.group(1).strip()
    assert f'href="/{lang}/account/login/' in html
    return None


# --- pages -------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, words", [("ja", ("ログイン", "新規登録")), ("en", ("Log in", "Sign up"))])
def test_account_pages_in_both_languages(lang, words):
    c = browser()
    for path, word in (("login", words[0]), ("signup", words[1])):
        html = c.get(f"/{lang}/account/{path}/").content.decode()
        assert f'<html lang="{lang}"' in html
        assert f"<h1>{word}</h1>" in html
        assert 'name="csrfmiddlewaretoken"' in html
        assert "<script>" not in html and "style=" not in html  # nothing inline: the CSP stands
        for field in re.findall(r'<input type="(?:text|password)" name="(\w+)"[^>]*id="(\w+)"', html):
            assert f'for="{field[1]}"' in html, (path, field)  # every field has its label
    make_user()
    log_in(c, lang=lang)
    html = c.get(f"/{lang}/account/password/").content.decode()
    assert f'<html lang="{lang}"' in html and 'name="old_password"' in html
    assert ("パスワードの変更" if lang == "ja" else "Change password") in html


def test_header_offers_log_in_and_sign_up_back_to_the_page():
    html = browser().get("/en/cards/").content.decode()
    assert 'href="/en/account/login/?next=/en/cards/"' in html
    assert 'href="/en/account/signup/?next=/en/cards/"' in html


def test_header_shows_the_user_with_change_password_and_a_log_out_form():
    make_user()
    c = browser()
    log_in(c, lang="ja")
    html = c.get("/ja/").content.decode()
    assert signed_in_as(c, "ja") == "alice"
    assert 'href="/ja/account/password/"' in html
    form = re.search(r'<form method="post" action="/ja/account/logout/">(.*?)</form>', html, re.S)
    assert form and "csrfmiddlewaretoken" in form.group(1) and "ログアウト" in form.group(1)


@pytest.mark.parametrize("lang,clubs,progress", [("ja", "マイクラブ", "学習の記録"), ("en", "My clubs", "My progress")])
def test_header_leads_a_signed_in_user_to_his_clubs_and_progress(lang, clubs, progress):
    assert 'href="/en/clubs/"' not in browser().get("/en/").content.decode()
    make_user()
    c = browser()
    log_in(c, lang=lang)
    nav = re.search(r'<div class="account-nav">(.*?)</div>', c.get(f"/{lang}/").content.decode(), re.S).group(1)
    assert f'<a href="/{lang}/clubs/">{clubs}</a>' in nav
    assert f'<a href="/{lang}/account/progress/">{progress}</a>' in nav
    here = re.search(r'<div class="account-nav">(.*?)</div>', c.get(f"/{lang}/clubs/").content.decode(), re.S).group(1)
    assert f'<a href="/{lang}/clubs/" aria-current="page">{clubs}</a>' in here


# --- sign up -----------------------------------------------------------------------------------
def test_sign_up_makes_the_account_and_logs_it_in():
    c = browser()
    response = submit(c, "/en/account/signup/", {"username": "bob", "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/en/"
    user = User.objects.get(username="bob")
    assert user.check_password(PASSWORD) and not user.email
    assert signed_in_as(c) == "bob"


def test_sign_up_goes_on_to_the_page_it_came_from():
    response = submit(browser(), "/ja/account/signup/?next=/ja/cards/",
                      {"username": "bob", "password1": PASSWORD, "password2": PASSWORD, "next": "/ja/cards/"})
    assert response["Location"] == "/ja/cards/"


@pytest.mark.parametrize("lang, said", [("en", "A user with that username already exists."),
                                        ("ja", "同じユーザー名が既に登録済みです。")])
def test_a_taken_username_is_refused(lang, said):
    make_user("alice")
    response = submit(browser(), f"/{lang}/account/signup/",
                      {"username": "Alice", "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 200
    assert said in response.content.decode()
    assert User.objects.count() == 1


@pytest.mark.parametrize("password, said", [("12345678", "This password is entirely numeric."),
                                            ("short", "This password is too short."),
                                            ("password", "This password is too common.")])
def test_a_weak_password_is_refused_and_the_username_kept(password, said):
    c = browser()
    response = submit(c, "/en/account/signup/", {"username": "bob", "password1": password, "password2": password})
    html = response.content.decode()
    assert response.status_code == 200 and said in html
    assert re.search(r'<input type="text" name="username" value="bob"', html)
    assert 'aria-invalid="true"' in html
    assert password not in re.findall(r'value="([^"]*)"', html)  # a password is never sent back
    assert not User.objects.exists()
    assert signed_in_as(c) is None


def test_the_weak_password_error_is_in_japanese_on_the_japanese_page():
    response = submit(browser(), "/ja/account/signup/", {"username": "bob", "password1": "12345678",
                                                          "password2": "12345678"})
    assert "数字しか使われていません" in response.content.decode()


# --- log in and out ----------------------------------------------------------------------------
def test_log_in_and_out():
    make_user()
    c = browser()
    response = log_in(c)
    assert response.status_code == 302 and response["Location"] == "/en/"
    assert signed_in_as(c) == "alice"
    response = submit(c, "/en/account/logout/", {}, page="/en/")
    assert response.status_code == 302
    assert signed_in_as(c) is None


def test_log_out_is_post_only_and_needs_the_token():
    make_user()
    c = browser()
    log_in(c)
    assert c.get("/en/account/logout/").status_code == 405
    assert c.post("/en/account/logout/").status_code == 403  # no CSRF token
    assert signed_in_as(c) == "alice"


def test_forms_refuse_a_post_without_the_token():
    make_user()
    c = browser()
    assert c.post("/en/account/login/", {"username": "alice", "password": PASSWORD}).status_code == 403
    assert c.post("/en/account/signup/", {"username": "bob", "password1": PASSWORD,
                                          "password2": PASSWORD}).status_code == 403
    assert signed_in_as(c) is None and not User.objects.filter(username="bob").exists()


@pytest.mark.parametrize("target, lands", [
    ("/en/cards/", "/en/cards/"),
    (f"/ja/{CATALOGUE[0].slug}/?anchor=x", f"/ja/{CATALOGUE[0].slug}/?anchor=x"),  # a game's hub
    ("https://evil.example/", "/en/"),
    ("//evil.example/", "/en/"),
    ("/\\evil.example/", "/en/"),
    ("http://testserver/en/cards/", "/en/"),  # only paths
    ("javascript:alert(1)", "/en/"),
])
def test_next_leads_only_to_a_path_on_this_site(target, lands):
    make_user()
    response = log_in(browser(), next=target)
    assert response.status_code == 302 and response["Location"] == lands


def test_the_login_page_carries_a_safe_next_and_drops_another():
    def login_form(path):
        html = browser().get(path).content.decode()
        return re.search(r'<form method="post" action="/en/account/login/" class="account-form".*?</form>', html, re.S)[0]

    assert 'name="next" value="/en/cards/"' in login_form("/en/account/login/?next=/en/cards/")
    assert 'name="next"' not in login_form("/en/account/login/?next=https://evil.example/")


def test_change_password_needs_a_login():
    response = browser().get("/ja/account/password/")
    assert response.status_code == 302 and response["Location"].startswith("/ja/account/login/?next=")


# --- sessions the server ends ------------------------------------------------------------------
def test_sessions_are_kept_in_the_database():
    make_user()
    c = browser()
    log_in(c)
    key = c.cookies["sessionid"].value
    assert Session.objects.filter(session_key=key).exists()
    Session.objects.filter(session_key=key).delete()  # the server ends it
    assert signed_in_as(c) is None


def test_a_password_change_ends_every_other_session_and_keeps_this_one():
    make_user()
    here, elsewhere = browser(), browser()
    log_in(here)
    log_in(elsewhere)
    new = "quiet-harbour-58"
    response = submit(here, "/en/account/password/",
                      {"old_password": PASSWORD, "new_password1": new, "new_password2": new})
    assert response.status_code == 302 and response["Location"] == "/en/account/password/done/"
    assert here.get("/en/account/password/done/").status_code == 200
    assert signed_in_as(here) == "alice"
    assert signed_in_as(elsewhere) is None
    assert elsewhere.get("/en/account/password/").status_code == 302
    assert log_in(browser(), password=new).status_code == 302


def test_a_wrong_old_password_changes_nothing():
    make_user()
    here, elsewhere = browser(), browser()
    log_in(here)
    log_in(elsewhere)
    response = submit(here, "/ja/account/password/",
                      {"old_password": "wrong-one-11", "new_password1": "x-new-pass-58", "new_password2": "x-new-pass-58"})
    assert response.status_code == 200 and 'aria-invalid="true"' in response.content.decode()
    assert User.objects.get().check_password(PASSWORD)
    assert signed_in_as(elsewhere) == "alice"


def test_logging_out_ends_the_users_sessions_everywhere():
    make_user()
    make_user("bob")
    here, elsewhere, other_user = browser(), browser(), browser()
    log_in(here)
    log_in(elsewhere)
    log_in(other_user, "bob")
    submit(here, "/en/account/logout/", {}, page="/en/")
    assert signed_in_as(here) is None
    assert signed_in_as(elsewhere) is None
    assert signed_in_as(other_user) == "bob"  # only this user's sessions end
    log_in(elsewhere)
    assert signed_in_as(elsewhere) == "alice"  # and a new log-in works as before


# --- a browser's things move into the account --------------------------------------------------
@pytest.fixture
def merges(monkeypatch):
    """Every call of adopt, and every call of a dummy merge rule registered as the only one."""
    calls = {"adopt": [], "rule": []}
    monkeypatch.setattr(owner, "_MERGES", [])
    owner.on_merge(lambda old, new: calls["rule"].append((old, new)))
    real = owner.adopt

    def adopt(old, new):
        calls["adopt"].append((old, new))
        real(old, new)

    monkeypatch.setattr(owner, "adopt", adopt)
    return calls


def with_browser_token(client, token="browser-token-1"):
    client.get("/en/")
    session = client.session
    session[owner.SESSION_KEY] = token
    session.save()
    return session.session_key


def test_sign_up_moves_the_browsers_things_into_the_account_once(merges):
    c = browser()
    old_session = with_browser_token(c)
    submit(c, "/en/account/signup/", {"username": "bob", "password1": PASSWORD, "password2": PASSWORD})
    key = owner.user_key(User.objects.get(username="bob"))
    assert merges["adopt"] == [("browser-token-1", key)]
    assert merges["rule"] == [("browser-token-1", key)]
    assert c.cookies["sessionid"].value != old_session  # a new session, and it works
    assert not Session.objects.filter(session_key=old_session).exists()
    assert signed_in_as(c) == "bob"
    # The browser's token is taken back: whoever uses the browser after a log-out starts afresh.
    assert owner.SESSION_KEY not in c.session and owner.token_in(c.cookies) is None


def test_log_in_moves_the_browsers_things_into_the_account_once(merges):
    user = make_user()
    c = browser()
    old_session = with_browser_token(c, "browser-token-2")
    log_in(c)
    assert merges["adopt"] == [("browser-token-2", owner.user_key(user))]
    assert merges["rule"] == [("browser-token-2", owner.user_key(user))]
    assert c.cookies["sessionid"].value != old_session
    assert signed_in_as(c) == "alice"
    signed_in_as(c)
    assert len(merges["adopt"]) == 1  # pages after the log-in move nothing again


def test_a_failed_log_in_moves_nothing(merges):
    make_user()
    c = browser()
    with_browser_token(c)
    log_in(c, password="not-the-one-1")
    assert merges["adopt"] == [] and merges["rule"] == []


def test_a_browser_with_nothing_of_its_own_adopts_nothing(merges):
    user = make_user()
    log_in(browser())
    assert merges["adopt"] == [(None, owner.user_key(user))] and merges["rule"] == []


# --- throttling and no username enumeration ----------------------------------------------------
def test_five_failures_lock_that_username_from_that_address_for_a_while(settings):
    assert settings.AXES_ENABLED
    make_user()
    c = browser()
    for _ in range(4):
        assert log_in(c, password="wrong-1").status_code == 200
    locked = log_in(c, password="wrong-1")
    assert locked.status_code == 429
    assert "Too many attempts" in locked.content.decode() and "15 minutes" in locked.content.decode()
    response = log_in(c)  # even the right password
    assert response.status_code == 429 and signed_in_as(c) is None
    ja = log_in(c, lang="ja")
    assert ja.status_code == 429 and "試行回数が多すぎます" in ja.content.decode()
    # Another username from here, and this username from another address, are not locked.
    make_user("bob")
    assert log_in(browser(), "bob").status_code == 302
    other = browser()
    other.defaults["REMOTE_ADDR"] = "192.0.2.7"
    assert log_in(other).status_code == 302
    # Once the lock's time has passed (its attempts made 16 minutes ago), the pair may log in.
    AccessAttempt.objects.update(attempt_time=AccessAttempt.objects.get().attempt_time - timedelta(minutes=16))
    assert log_in(c).status_code == 302 and signed_in_as(c) == "alice"


def test_a_success_clears_the_failures():
    make_user()
    c = browser()
    for _ in range(4):
        log_in(c, password="wrong-1")
    assert log_in(c).status_code == 302
    submit(c, "/en/account/logout/", {}, page="/en/")
    for _ in range(4):
        assert log_in(c, password="wrong-1").status_code == 200


def _page_without_tokens(html, username):
    return TOKEN.sub("", html).replace(username, "NAME")


def test_the_log_in_form_does_not_tell_whether_a_username_exists():
    make_user("alice")
    c = browser()
    known = log_in(c, "alice", "wrong-password-1")
    unknown = log_in(c, "nobody", "wrong-password-1")
    assert known.status_code == unknown.status_code == 200
    assert known.context["form"].errors == unknown.context["form"].errors
    assert _page_without_tokens(known.content.decode(), "alice") == _page_without_tokens(
        unknown.content.decode(), "nobody")
    # and both are counted and locked alike
    for _ in range(4):
        known = log_in(c, "alice", "wrong-password-1")
        unknown = log_in(c, "nobody", "wrong-password-1")
    assert known.status_code == unknown.status_code == 429
    assert _page_without_tokens(known.content.decode(), "alice") == _page_without_tokens(
        unknown.content.decode(), "nobody")


def test_an_inactive_account_is_refused_like_a_wrong_password():
    User.objects.create_user("carol", password=PASSWORD, is_active=False)
    c = browser()
    inactive = log_in(c, "carol", PASSWORD)
    unknown = log_in(c, "nobod", PASSWORD)
    assert inactive.context["form"].errors == unknown.context["form"].errors
    assert signed_in_as(c) is None


# --- the admin ---------------------------------------------------------------------------------
def test_the_admin_is_for_staff_and_lists_users_records_and_clubs():
    staff = User.objects.create_superuser("boss", password=PASSWORD)
    c = Client()
    assert c.get("/admin/").status_code == 302
    c.force_login(make_user())
    assert c.get("/admin/").status_code == 302  # not staff
    c.force_login(staff)
    for path in ("/admin/", "/admin/accounts/user/", f"/admin/accounts/user/{staff.pk}/change/", "/admin/clubs/club/",
                 "/admin/clubs/membership/", "/admin/attempts/lessonanswer/", "/admin/attempts/puzzlemove/",
                 "/admin/attempts/dealplayed/", "/admin/axes/accessattempt/"):
        assert c.get(path).status_code == 200, path


def test_behind_the_proxy_the_lock_is_on_the_address_the_proxy_saw(settings):
    settings.AXES_CLIENT_IP_CALLABLE = "accounts.throttle.client_ip"
    make_user()
    c, neighbour = browser(), browser()
    c.defaults["HTTP_X_FORWARDED_FOR"] = "10.9.9.9, 198.51.100.1"  # the first part is the client's to forge
    neighbour.defaults["HTTP_X_FORWARDED_FOR"] = "198.51.100.2"
    for _ in range(5):
        response = log_in(c, password="wrong-1")
    assert response.status_code == 429
    c.defaults["HTTP_X_FORWARDED_FOR"] = "10.0.0.1, 198.51.100.1"  # forging the first part does not help
    assert log_in(c).status_code == 429
    assert log_in(neighbour).status_code == 302  # same proxy, another client


# --- stale forms -------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, said", [("ja", "ページを再読み込み"), ("en", "Reload it and try again.")])
def test_a_form_from_before_a_log_in_is_refused_with_the_sites_page(lang, said):
    """Logging in renews the CSRF token: a tab opened before it posts an old one. Nothing changes;
    the reader gets a page in its language (with fresh forms), htmx only the notice."""
    make_user()
    c = browser()
    stale = TOKEN.search(c.get(f"/{lang}/").content.decode()).group(1)
    log_in(c, lang=lang)
    response = c.post(f"/{lang}/account/logout/", {"csrfmiddlewaretoken": stale})
    html = response.content.decode()
    assert response.status_code == 403 and said in html and f'<html lang="{lang}"' in html
    assert TOKEN.search(html)  # the page's own forms work again
    assert signed_in_as(c, lang) == "alice"
    fragment = c.post(f"/{lang}/account/logout/", {"csrfmiddlewaretoken": stale}, HTTP_HX_REQUEST="true")
    assert fragment.status_code == 403 and said in fragment.content.decode()
    assert "<html" not in fragment.content.decode()
