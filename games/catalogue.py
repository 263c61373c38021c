"""What the site says about each game on the home page and the game hubs (display only).

The engines know the rules; this knows how to present a game to a reader: its names in both
languages, players, pack, a typical length and what makes it special.
"""

from dataclasses import dataclass

from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name_en: str
    name_ja: str
    players: str
    pack: str
    length: str
    special: str
    pack_kind: str  # "french" or "spanish": which faces the cards use

    def name(self, lang):
        return self.name_ja if lang == "ja" else self.name_en

    def other_name(self, lang):
        return self.name_en if lang == "ja" else self.name_ja

    # For templates, which cannot pass arguments: the names as the current page language sees them.
    @property
    def local_name(self):
        return self.name(get_language())

    @property
    def foreign_name(self):
        return self.other_name(get_language())

    @property
    def foreign_lang(self):
        return "en" if get_language() == "ja" else "ja"


CATALOGUE = (
    GameInfo(
        slug="crapette",
        name_en="Crapette (Russian Bank)",
        name_ja="クラペット",
        players=_("2 players"),
        pack=_("two 52-card packs, one each"),
        length=_("about 20–40 minutes a deal"),
        special=_("A race of patience for two: build together, and call “Stop!” when your rival slips."),
        pack_kind="french",
    ),
    GameInfo(
        slug="frepe",
        name_en="Frepe (Julepe)",
        name_ja="フレペ",
        players=_("5–7 players"),
        pack=_("the 40-card Spanish pack"),
        length=_("about 5 minutes a deal"),
        special=_("Take two tricks or pay the pot: a Puerto Rican trick game played for chips."),
        pack_kind="spanish",
    ),
    GameInfo(
        slug="klaberjass",
        name_en="Klaberjass (Bela)",
        name_ja="クラバーヤス",
        players=_("2 players"),
        pack=_("32 cards (7 to ace)"),
        length=_("about 30–45 minutes to 500 points"),
        special=_("The jack and nine of trumps rule the deal; whoever names trumps must outscore the other."),
        pack_kind="french",
    ),
    GameInfo(
        slug="ecarte",
        name_en="Écarté",
        name_ja="エカルテ",
        players=_("2 players"),
        pack=_("32 cards (7 to ace)"),
        length=_("about 10–15 minutes to 5 points"),
        special=_("Five cards each and the king above the ace: exchange cards if both agree, then take three tricks of five."),
        pack_kind="french",
    ),
    GameInfo(
        slug="shithead",
        name_en="Shithead (Palace)",
        name_ja="シットヘッド",
        players=_("2–6 players"),
        pack=_("52 cards (plus two jokers with six)"),
        length=_("about 10 minutes a deal"),
        special=_("Get rid of every card — the last one still holding cards is the shithead."),
        pack_kind="french",
    ),
)

BY_SLUG = {g.slug: g for g in CATALOGUE}

