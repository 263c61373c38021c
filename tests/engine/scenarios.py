"""What every game's rule-scenario tests share: the check that each rule has a scenario, and the
golden playthrough file."""

import os
from pathlib import Path

GOLDEN_DIR = Path(__file__).parent / "golden"


def rules_without_scenario(rules, refused, covered_by_name, test_names):
    """Rule ids with no scenario: neither refused by a REFUSED case nor named by a test.
    refused: (rule id, ...) cases; covered_by_name: {rule id: test name prefix}."""
    covered = {case[0] for case in refused}
    covered |= {rule for rule, prefix in covered_by_name.items() if any(n.startswith(prefix) for n in test_names)}
    return [r.id for r in rules if r.id not in covered]


def check_golden(name, text):
    """The transcript must equal tests/engine/golden/<name>; DOJO_UPDATE_GOLDEN=1 rewrites it (read
    the diff before committing it)."""
    path = GOLDEN_DIR / name
    if os.environ.get("DOJO_UPDATE_GOLDEN") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), "run with DOJO_UPDATE_GOLDEN=1 to write the golden file"
    assert text == path.read_text(encoding="utf-8")
