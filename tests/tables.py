"""What the table tests share: making a table as a reader does, reading its match, and filling its
board's form for an action (through the board's own controls, as a reader would)."""

from games.models import Table
from games.table.codes import deal_code
from games.table.forms import setup_data
from games.table.match import Match
from games.ui import game_ui, site_games

HX = {"HTTP_HX_REQUEST": "true"}


def tables(every_count=False):
    """(slug, players) of every game with a practice table: its fewest and most players, or every
    count it is played by."""
    out = []
    for game in site_games():
        counts = sorted(game.player_counts)
        for players in (counts if every_count else dict.fromkeys([counts[0], counts[-1]])):
            out.append((game.slug, players))
    return out


def quick(slug):
    """The set-up options of the game's quick match (GameUI.quick_match), which the suite plays its
    whole matches with."""
    return dict(game_ui(slug).quick_match)


def setup_form(slug, players=None, level="club", code="", **options):
    return setup_data(game_ui(slug), players, level, code, **options)


def create(client, slug, players=None, level="club", seed=None, lang="en", **options):
    """A new table; with a seed, its deals are that seed's (through a deal code, as a reader would)."""
    game = game_ui(slug).game
    players = players or game.player_counts[0]
    code = deal_code(game, seed, players, options) if seed else ""
    response = client.post(f"/{lang}/{slug}/play/", setup_form(slug, players, level, code, **options))
    assert response.status_code == 302, response.content.decode()[:2000]
    return response["Location"]


def table_of(url):
    return Table.objects.get(token=url.rstrip("/").rsplit("/", 1)[1])


def match_of(url):
    table = table_of(url)
    return Match(table, game_ui(table.game))


def form_for(match, action):
    """The fields the table's board posts for `action` by the reader at the position shown."""
    return match.form_for(action)


def advance(client, url, match, htmx=True):
    """One step of a table that waits for no decision of the reader: the next move of the bots'
    run on screen, or the bots' run itself. Returns the response."""
    extra = HX if htmx else {}
    if match.table.shown < match.length:
        return client.get(url + f"?at={match.table.shown + 1}", **extra)
    return client.post(url + "step/", {"version": match.table.version}, **extra)
