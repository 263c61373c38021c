"""What the interrupt-drill tests share: a one-step drill lesson put in place of a game's lessons,
and whether the browser's records count it as done."""

from tutorials import lessons


def drill_lesson(monkeypatch, slug, position, line, fault, feedback=None, interrupt="stop"):
    """A lesson "drill" of `slug` whose one step is an interrupt drill (checked valid), served in
    place of the game's lessons: (its address with {lang}, the form's hidden fields, the step)."""
    from tutorials.learn_views import drill_version

    step = lessons.Step(kind="interrupt", position=position, seat=0, line=line, interrupt=interrupt, fault=fault,
                        text={"en": "Call it.", "ja": "止めよう。"},
                        success={"en": "Well stopped.", "ja": "よく止めました。"}, feedback=feedback or {})
    lesson = lessons.Lesson(slug, "drill", 1, {"en": "D", "ja": "D"}, {"en": "D", "ja": "D"}, (step,))
    assert lessons.validate(lesson) == []
    monkeypatch.setattr(lessons, "lesson", lambda game, lesson_id: lesson)
    return "/{lang}/%s/lessons/drill/1/" % slug, {"drill": drill_version(step)}, step


def drill_done(client, slug):
    """Whether the browser's records count the drill's one step as done."""
    from attempts import summary
    from attempts.models import LessonAnswer

    return summary.lesson(LessonAnswer.objects.filter(game=slug, lesson="drill"), 1).done == {1}
