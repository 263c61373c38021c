"""Settings for the test suite: production settings (DEBUG off), runnable on plain http.

The environment is set before the real settings are read, so the tests exercise the same code
paths as production, less TLS and the collected-static manifest.
"""

import os

os.environ.setdefault("DJANGO_SECRET_KEY", "test-secret-key-only-for-the-test-suite-0123456789")
os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver,localhost,127.0.0.1")
os.environ["DJANGO_DEBUG"] = "0"
os.environ["DJANGO_SSL_REDIRECT"] = "0"
os.environ["DJANGO_SECURE_COOKIES"] = "0"
os.environ["DJANGO_STATIC_MANIFEST"] = "0"

from .settings import *  # noqa: E402,F403

# On SQLite the test database is a file configured as the site's own (write-ahead log, immediate
# transactions, a lock wait), not Django's default in-memory shared cache, where a lock fails at
# once and concurrency tests would see failures production never sees. Each xdist worker gets its
# own file (pytest-django adds the worker's suffix), and each run its own name, so that two runs in
# one checkout never share a database (the run's number is passed on to its workers and servers).
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):  # noqa: F405
    RUN = os.environ.setdefault("DOJO_TEST_RUN", str(os.getpid()))
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / ".test-databases" / f"dojo-{RUN}.sqlite3")}  # noqa: F405
    (BASE_DIR / ".test-databases").mkdir(exist_ok=True)  # noqa: F405

# Static files come from the finders (no collectstatic in the test run), so there is no
# STATIC_ROOT for WhiteNoise to look in.
STATIC_ROOT = None

# The templates of the toy game the suite plays the platform's generic tests on (tests/toy/; it is
# registered only while a test asks for it, see tests/conftest.py).
TEMPLATES[0]["DIRS"] = [*TEMPLATES[0]["DIRS"], BASE_DIR / "tests" / "toy" / "templates"]  # noqa: F405
