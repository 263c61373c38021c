"""Make sure the Japanese catalogue is compiled before pages are rendered in a test.

`make test` compiles it first (.ci/setup.sh); this keeps a bare `pytest` run honest too, and
forgets any catalogue Django loaded before the .mo file existed.
"""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "site" / "locale" / "ja" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")


def ensure_compiled():
    if MO.exists() and MO.stat().st_mtime >= PO.stat().st_mtime:
        return
    subprocess.run(["msgfmt", "--check", "-o", str(MO), str(PO)], check=True, cwd=ROOT)
    import gettext

    from django.utils.translation import trans_real

    gettext._translations.clear()  # the standard library keeps each .mo file it read, by path
    trans_real._translations = {}
    trans_real._default = None
    sys.stderr.write(f"(compiled {MO.relative_to(ROOT)})\n")
