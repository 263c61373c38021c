"""The Japanese catalogue is complete and in step with the code.

A small English edit silently marks its Japanese entry fuzzy (and /ja/ then shows English), a new
string arrives untranslated, a removed one lingers: each of these fails here, with the msgids named.
"""

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "site" / "locale" / "ja" / "LC_MESSAGES" / "django.po"
SKIP = {".venv", "staticfiles", ".git", "node_modules", "__pycache__", ".pytest_cache", ".hypothesis",
        "test-results", "tmp"}

needs_gettext = pytest.mark.skipif(
    shutil.which("msgfmt") is None or shutil.which("xgettext") is None,
    reason="GNU gettext is missing: apt-get install -y gettext",
)


# --- a small .po reader ------------------------------------------------------------------------
def parse_po(text):
    """Entries of a .po file as dicts: ctxt, id, plural, strs, flags, obsolete (header included)."""
    entries = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = block.splitlines()
        obsolete = bool(lines) and all(line.startswith("#~") or not line.strip() for line in lines)
        entry = {"ctxt": None, "id": None, "plural": None, "strs": [], "flags": set(), "obsolete": obsolete}
        field = None
        for line in lines:
            if obsolete:
                line = line[2:].lstrip()
            if line.startswith("#,"):
                entry["flags"].update(f.strip() for f in line[2:].split(","))
                continue
            if line.startswith("#") or not line.strip():
                continue
            m = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")\s*$', line)
            if m:
                field, value = m.group(1), ast.literal_eval(m.group(2))
            elif line.startswith('"') and field:
                value = ast.literal_eval(line)
            else:
                raise ValueError(f"unreadable line in .po: {line!r}")
            if m and field.startswith("msgstr"):
                entry["strs"].append(value)
            elif not m and field.startswith("msgstr"):
                entry["strs"][-1] += value
            else:
                key = {"msgctxt": "ctxt", "msgid": "id", "msgid_plural": "plural"}[field]
                entry[key] = (entry[key] or "") + value
        if entry["id"] is not None:
            entries.append(entry)
    return entries


def messages(entries):
    """The (context, msgid) pairs of the live (not obsolete) entries, header excluded."""
    return {(e["ctxt"], e["id"]) for e in entries if not e["obsolete"] and e["id"] != ""}


def show(keys):
    return "\n  ".join(f"{id!r}" + (f" (context {ctxt!r})" if ctxt else "") for ctxt, id in sorted(
        keys, key=lambda k: (k[1], k[0] or "")))


@pytest.fixture(scope="module")
def committed():
    assert PO.exists(), f"{PO.relative_to(ROOT)} is missing: run makemessages -l ja"
    return parse_po(PO.read_text(encoding="utf-8"))


# --- the committed catalogue -------------------------------------------------------------------
def test_header_is_japanese_with_one_plural_form(committed):
    header = next(e for e in committed if e["id"] == "")
    assert "fuzzy" not in header["flags"], "the header is still marked fuzzy"
    text = header["strs"][0]
    assert "Language: ja\n" in text
    assert "Plural-Forms: nplurals=1; plural=0;" in text
    assert "charset=UTF-8" in text


def test_no_fuzzy_entries(committed):
    fuzzy = {(e["ctxt"], e["id"]) for e in committed if "fuzzy" in e["flags"] and e["id"] and not e["obsolete"]}
    assert not fuzzy, "fuzzy entries (check the Japanese, then drop the flag):\n  " + show(fuzzy)


def test_no_untranslated_entries(committed):
    empty = {(e["ctxt"], e["id"]) for e in committed
             if e["id"] and not e["obsolete"] and (not e["strs"] or not all(s.strip() for s in e["strs"]))}
    assert not empty, "untranslated entries:\n  " + show(empty)


def test_one_plural_form_only(committed):
    wrong = {(e["ctxt"], e["id"]) for e in committed if e["plural"] and len(e["strs"]) != 1}
    assert not wrong, "Japanese has one plural form; these have another number of msgstr[n]:\n  " + show(wrong)


def test_no_obsolete_entries(committed):
    old = {(e["ctxt"], e["id"]) for e in committed if e["obsolete"]}
    assert not old, "obsolete (#~) entries to delete:\n  " + show(old)


def test_placeholders_survive_translation(committed):
    pattern = re.compile(r"%\(\w+\)[sd]|\{\w*\}")
    bad = set()
    for e in committed:
        if e["id"] and not e["obsolete"] and e["strs"] and e["strs"][0]:
            source = pattern.findall(e["id"]) + pattern.findall(e["plural"] or "")
            if set(pattern.findall(e["strs"][0])) != set(source):
                bad.add((e["ctxt"], e["id"]))
    assert not bad, "placeholders differ between English and Japanese:\n  " + show(bad)


@needs_gettext
def test_msgfmt_check_passes():
    result = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(PO)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


# --- in step with the code ---------------------------------------------------------------------
@needs_gettext
def test_catalogue_matches_the_code(committed, tmp_path):
    """Run makemessages on a copy of the project and compare its msgids with the committed ones."""
    copy = tmp_path / "project"
    shutil.copytree(ROOT, copy, ignore=lambda folder, names: [n for n in names if n in SKIP or n.endswith(".mo")])
    (copy / PO.relative_to(ROOT)).unlink()
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(DJANGO_DEBUG="1", DJANGO_SETTINGS_MODULE="dojo.settings", PYTHONPATH=str(copy / "site"))
    result = subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "ja", "--no-location",
         "--ignore=.venv", "--ignore=staticfiles"],
        cwd=copy, env=env, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    fresh = messages(parse_po((copy / PO.relative_to(ROOT)).read_text(encoding="utf-8")))
    mine = messages(committed)
    missing, stale = fresh - mine, mine - fresh
    hint = ("\nRegenerate: DJANGO_DEBUG=1 python manage.py makemessages -l ja --no-location "
            "--ignore=.venv --ignore=staticfiles, then translate.")
    assert not missing, "strings in the code that the catalogue lacks:\n  " + show(missing) + hint
    assert not stale, "catalogue entries no longer in the code:\n  " + show(stale) + hint


# --- the reader itself -------------------------------------------------------------------------
def test_reader_sees_fuzzy_empty_obsolete_and_plurals():
    sample = '''msgid ""
msgstr ""
"Language: ja\\n"

#, fuzzy, python-format
msgid "Hello %(name)s"
msgstr "こんにちは%(name)s"

msgctxt "card"
msgid "Jack"
msgstr ""

msgid "one card"
msgid_plural "%(n)s cards"
msgstr[0] "%(n)s枚"

#~ msgid "Gone"
#~ msgstr "消えた"
'''
    entries = parse_po(sample)
    by_id = {e["id"]: e for e in entries}
    assert by_id["Hello %(name)s"]["flags"] >= {"fuzzy", "python-format"}
    assert by_id["Jack"]["ctxt"] == "card" and by_id["Jack"]["strs"] == [""]
    assert by_id["one card"]["plural"] == "%(n)s cards" and by_id["one card"]["strs"] == ["%(n)s枚"]
    assert by_id["Gone"]["obsolete"]
    assert messages(entries) == {(None, "Hello %(name)s"), ("card", "Jack"), (None, "one card")}
