"""dojo.template_loader: one copy of a template per language, its fixed translations made text, drawing
exactly what Django's own templates draw in every language."""

import re

import pytest
from django.template import Context, Engine, engines
from django.templatetags.i18n import BlockTranslateNode, TranslateNode
from django.utils import translation

from dojo.template_loader import Loader, translate_fixed

# Texts the site's catalogue translates, in every place a fixed translation may stand, and the
# kinds that are left to be drawn on each render.
SOURCE = """{% load i18n partials %}
{% partialdef part inline %}<p>{% translate "Hint" %}</p>{% endpartialdef %}
<h1>{% translate "Rules of the game" %}</h1>{% translate "Rules of the game" context "no such context" %}
{% if flag %}{% translate "Continue" %}{% elif other %}{% translate "Set" %}
{% else %}{% translate "Hint" %}{% endif %}
{% for x in items %}{% blocktranslate %}Continue{% endblocktranslate %}
{% empty %}{% translate "Set" %}{% endfor %}
{% with v=1 %}{% blocktranslate trimmed %}
  Rules of the game
{% endblocktranslate %}{% endwith %}
{% translate "Hint"|upper %} {% translate "Hint" as hint %}[{{ hint }}] {% translate "100% <b>" %}
{% blocktranslate with n=count %}to {{ n }}{% endblocktranslate %}
{% language "ja" %}{% translate "Continue" %}{% endlanguage %}
{% language "en" %}{% translate "Continue" %}{% endlanguage %}
{% autoescape off %}{% translate "a <b>" %}{% endautoescape %}{% translate "a <b>" %}"""

LIBRARIES = {"i18n": "django.templatetags.i18n", "partials": "template_partials.templatetags.partials"}


def engine():
    memory = ("django.template.loaders.locmem.Loader", {"t.html": SOURCE})
    return Engine(loaders=[("dojo.template_loader.Loader", [memory])], libraries=LIBRARIES)


CONTEXTS = [{"flag": True, "items": [1, 2], "count": 3}, {"other": True, "items": []}, {}]


def test_each_language_draws_what_djangos_own_template_draws():
    loaded, stock = engine(), Engine(libraries=LIBRARIES)
    drawn = {}
    for language in ("en", "ja", "en", "ja"):
        with translation.override(language):
            for values in CONTEXTS:
                mine = loaded.get_template("t.html").render(Context(values))
                assert mine == stock.from_string(SOURCE).render(Context(values))
                drawn.setdefault(language, set()).add(mine)
    # The languages differ (the test would see a copy drawn in the wrong one).
    assert drawn["en"] != drawn["ja"] and "ゲームのルール" not in "".join(drawn["en"])
    with translation.override("ja"):
        assert "ゲームのルール" in loaded.get_template("t.html").render(Context({}))


def test_a_copy_per_language_with_its_fixed_translations_made_text():
    loaded = engine()
    with translation.override("en"):
        en = loaded.get_template("t.html")
    with translation.override("ja"):
        ja = loaded.get_template("t.html")
        assert loaded.get_template("t.html") is ja  # kept
    assert en is not ja
    for template in (en, ja):
        nodes = template.nodelist
        left = nodes.get_nodes_by_type(TranslateNode) + nodes.get_nodes_by_type(BlockTranslateNode)
        # Left: the filtered one, the one kept "as", the counted-with-a-value one, the two inside
        # {% language %} and the one inside {% autoescape %}.
        assert sorted(n.token.contents for n in left) == sorted([
            'translate "Hint"|upper', 'translate "Hint" as hint', "blocktranslate with n=count",
            'translate "Continue"', 'translate "Continue"', 'translate "a <b>"'])
    # Everything else was replaced, once (a second pass finds nothing).
    assert translate_fixed(ja) == 0


def test_the_site_draws_its_templates_through_it():
    def loaders(found):
        for loader in found:
            yield loader
            yield from loaders(getattr(loader, "loaders", ()))

    assert any(isinstance(loader, Loader) for loader in loaders(engines["django"].engine.template_loaders))


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_site_template_draws_the_same_as_compiled_afresh(language, rf):
    """The table's template, loaded by the site (folded) and compiled from its text (not), draws the
    same page for a context that reaches many of its branches."""
    from django.template import RequestContext

    engine = engines["django"].engine
    source = open(engine.find_template("games/table.html")[1].name).read()
    request = rf.get("/")
    values = {"over": True, "won": False, "winners": ["A", "B"], "players": 3, "can_hint": True,
              "can_undo": True, "urls": {"page": "/p/"}, "log_earlier": 2, "scores": [("A", 1, True)],
              "code": "X1",
              "board_template": "games/partials/game_facts.html", "g": {"players": 2}}
    with translation.override(language):
        drawn = []
        for template in (engine.get_template("games/table.html"), engine.from_string(source)):
            context = RequestContext(request, values)
            with context.bind_template(template):
                page = template.extra_data["partials"]["table"].nodelist.render(context)
            # The CSRF token is masked afresh each time.
            drawn.append(re.sub(r'(csrfmiddlewaretoken" value=")[^"]+', r"\1", page))
        folded, fresh = drawn
        assert folded == fresh and len(folded) > 1000
