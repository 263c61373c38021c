"""Crapette's Stop! drills in real Chromium: the interrupt kind of lesson step, on the one game that
has an interruption."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_stop_drill_explains_the_right_call(live_server, watched, problems, shot, lang):
    """Crapette's Stop! drills: the opponent's moves come one at a time (Go on by the keyboard, the
    button keeps the focus); Stop! right after the fault is explained and the move taken back."""
    from tutorials import lessons

    lesson = lessons.lesson("crapette", "stop-drills")
    n, step = next((n, s) for n, s in enumerate(lesson.steps, 1) if s.kind == "interrupt" and s.fault > 1)
    page = watched
    page.goto(f"{live_server.url}/{lang}/crapette/lessons/{lesson.id}/{n}/")
    expect(page.locator('#drill button[value="stop"]')).to_have_count(0)
    page.locator('#drill button[value="go"]').click()
    at = page.locator('#drill input[name="at"]')
    for k in range(1, step.fault):
        expect(at).to_have_value(str(k))
        expect(page.locator('#drill button[value="go"]')).to_be_focused()
        page.keyboard.press("Enter")
    expect(at).to_have_value(str(step.fault))
    shot(page, f"stop-drill-question-{lang}")
    page.locator('#drill button[value="stop"]').click()
    result = page.locator(".result.is-ok")
    expect(result).to_contain_text(step.success[lang])
    expect(result).to_contain_text("“Stop!”" if lang == "en" else "「ストップ！」")
    expect(page.locator('#drill button')).to_have_count(0)
    shot(page, f"stop-drill-right-{lang}")
    assert problems == []
