"""The account pages in Chromium on a phone: signing up, changing the password and logging out with
the keyboard alone, and no serious axe finding on any account page (the lock-out page too)."""

import pytest
from playwright.sync_api import expect

from tests.e2e.test_accessibility import audit

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def no_sideways_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_sign_up_change_password_and_log_out_by_keyboard_on_a_phone(live_server, page, shot, lang):
    page.set_viewport_size(PHONE)
    findings = {}
    page.goto(f"{live_server.url}/{lang}/account/signup/")
    findings["signup"] = audit(page)
    # The username field has the focus; a weak password first, then a good one.
    page.keyboard.type("hanako")
    page.keyboard.press("Tab")
    page.keyboard.type("12345678")
    page.keyboard.press("Tab")
    page.keyboard.type("12345678")
    page.keyboard.press("Enter")
    expect(page.locator(".account-field.has-error")).to_have_count(1)
    expect(page.locator("#id_username")).to_have_value("hanako")
    findings["signup with errors"] = audit(page)
    assert no_sideways_scroll(page)
    shot(page, f"account-signup-errors-{lang}")
    page.locator("#id_password1").focus()
    page.keyboard.type("plum-kettle-93")
    page.keyboard.press("Tab")
    page.keyboard.type("plum-kettle-93")
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{live_server.url}/{lang}/")
    expect(page.locator(".account-name")).to_contain_text("hanako")
    assert no_sideways_scroll(page)
    shot(page, f"account-signed-in-{lang}")

    page.locator(f'.account-nav a[href="/{lang}/account/password/"]').focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{live_server.url}/{lang}/account/password/")
    findings["password"] = audit(page)
    page.keyboard.type("plum-kettle-93")  # the old password has the focus
    page.keyboard.press("Tab")
    page.keyboard.type("quiet-harbour-58")
    page.keyboard.press("Tab")
    page.keyboard.type("quiet-harbour-58")
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{live_server.url}/{lang}/account/password/done/")
    findings["password done"] = audit(page)

    page.locator(".account-nav button").focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{live_server.url}/{lang}/")
    expect(page.locator(".account-name")).to_have_count(0)

    page.goto(f"{live_server.url}/{lang}/account/login/")
    findings["login"] = audit(page)
    for _ in range(5):
        page.locator("#id_username").fill("hanako")
        page.locator("#id_password").fill("wrong-password-1")
        page.locator("#id_password").press("Enter")
        page.wait_for_load_state()
    expect(page.locator("h1")).to_have_text("試行回数が多すぎます" if lang == "ja" else "Too many attempts")
    findings["locked out"] = audit(page)
    assert no_sideways_scroll(page)
    shot(page, f"account-locked-out-{lang}")
    assert not {k: v for k, v in findings.items() if v}, findings
