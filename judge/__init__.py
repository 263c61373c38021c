"""The one judge: every page where a learner acts asks here for the verdict on what he did, its
explanation in the page language, and what the answer stores as a record (attempts.models).

Views stay thin: they read the request, call the judge, store what it says to store (attempts.
record) and render. The modules:

- ``judge.core``: the engine's answer to any action. ``answer(slug, state, seat, action, names=,
  viewer=)`` -> ``Answer`` (legal, with the position after it and the sentences telling it; or
  refused, with ``explanation`` = {"rule", "title", "text", "url"}); ``why_not(slug, verdict)``
  (a refusal in words); ``tell(slug, states, moves, viewer)`` (a line of moves in words);
  ``given_away_text``.
- ``judge.lessons``: a lesson step. ``act(slug, step, start, made, action, lang, names)`` ->
  (result, position); ``quiz(slug, step, value, lang)`` -> result | None; ``interrupt(slug, step,
  states, lang, names, posted)`` -> (context, position, done, status), the verdict in
  context["result"]; ``to_record(result)`` -> {"correct", "rule"} | None (a LessonAnswer).
- ``judge.puzzles``: a puzzle move. ``Attempt(p, made)`` replays and judges the learner's moves so
  far (NotationError if one is not right); ``move(p, attempt, action, names, lang)`` -> (result,
  {"ply", "verdict": right | wrong | solved, "rule"}) (a PuzzleMove).
- ``judge.tables``: a decision at a table. ``refusal(slug, state, seat, action)`` -> None (allowed)
  | the refusal to show.
- ``judge.room``: an answer to a teaching-table question. ``answer(slug, state, seat, action)`` ->
  {"legal", "rule"} (an Answer); ``best(slug, state, seat)``; ``verdict(stored, best, text)``.

A result is a dict the templates read: "ok"; when right, "narration" (sentences) and "text" (the
author's words), "more" when the learner's line goes on; when wrong, "explanation" (a rule refused
it) or "text" (legal, but not what was asked), with "refutation" and "figures" for puzzles. The
texts are exactly those of the engine, the game's ui and the lesson or puzzle author.
"""
