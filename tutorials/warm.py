"""What a server process loads of the learning content before it answers anyone (dojo.ready): for
each published game, its rules pages in every language with their live examples' boards (drawn
once for every reader), its glossary, lessons and puzzles, and the proof of each puzzle's answer,
which is an exact search."""

from django.utils import translation

from games.engine import registry

from . import content, lessons, markdown, puzzles, views


def warm():
    for game in registry.all_games():
        slug = game.slug
        if not content.published(slug):
            continue
        if content.has_rules(slug):
            for lang in content.LANGS:
                with translation.override(lang):
                    for seg in content.rules_page(slug, lang).segments:
                        if isinstance(seg, markdown.Example):
                            views.example_context(slug, seg, lang)
        content.glossary(slug)
        lessons.lessons(slug)
        puzzles.theme_names(slug)
        puzzles.sampled_data(slug)
        for p in puzzles.puzzles(slug):
            puzzles.proof(p)
