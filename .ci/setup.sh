#!/usr/bin/env bash
# Sets up a machine for the card dojo and then runs the site or the test suite.
#   bash .ci/setup.sh run    venv + requirements + translations + database, then the site on :8000
#                            as its users see it (DEBUG off; a local secret kept in .local/)
#   bash .ci/setup.sh dev    the same with DEBUG on, for development
#   bash .ci/setup.sh test   the same, plus chromium, CJK fonts, gettext and (as root) PostgreSQL,
#                            then the whole suite on SQLite and again on a throwaway PostgreSQL
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-test}
PY=${PYTHON:-python3}

say() { printf '\033[1m== %s\033[0m\n' "$*"; }

need_apt=()
want() { # want <command-or-path> <debian-package>
  if ! command -v "$1" >/dev/null 2>&1 && [[ ! -e "$1" ]]; then need_apt+=("$2"); fi
}

system_packages() {
  want msgfmt gettext
  if [[ $mode == test ]]; then
    want /usr/bin/chromium chromium
    want /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc fonts-noto-cjk
    want /usr/lib/postgresql postgresql
  fi
  if ((${#need_apt[@]})); then
    if [[ $(id -u) -eq 0 ]]; then
      say "installing ${need_apt[*]} (apt)"
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq
      apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
    else
      echo "Missing system packages. Run as root:  apt-get update && apt-get install -y ${need_apt[*]}" >&2
      [[ $mode != test && ! " ${need_apt[*]} " =~ " gettext " ]] || exit 1
    fi
  fi
}

python_env() {
  if [[ ! -x .venv/bin/python ]]; then
    say "creating .venv"
    "$PY" -m venv .venv
  fi
  if ! cmp -s requirements.txt .venv/.requirements 2>/dev/null; then
    say "installing requirements"
    .venv/bin/python -m pip install -q --upgrade pip >/dev/null
    .venv/bin/python -m pip install -q -r requirements.txt
    cp requirements.txt .venv/.requirements
  fi
}

prepare() {
  say "compiling translations"
  # Set-up commands need settings; without a production environment they use development mode.
  export DJANGO_DEBUG=${DJANGO_DEBUG:-1}
  .venv/bin/python manage.py compilemessages -v 0 --ignore=.venv
}

system_packages
python_env
prepare

case $mode in
  run)
    # The site as its users see it: DEBUG off (a mistyped address is the site's own 404), hashed
    # static files, a secret made once for this checkout and kept out of git (.local/), plain HTTP
    # on this machine.
    export DJANGO_DEBUG=0
    if [[ -z ${DJANGO_SECRET_KEY:-} ]]; then
      mkdir -p .local
      if [[ ! -s .local/secret-key ]]; then
        (umask 077; .venv/bin/python -c "import secrets; print(secrets.token_urlsafe(50))" > .local/secret-key)
      fi
      DJANGO_SECRET_KEY=$(cat .local/secret-key)
      export DJANGO_SECRET_KEY
    fi
    export DJANGO_ALLOWED_HOSTS=${DJANGO_ALLOWED_HOSTS:-localhost,127.0.0.1,[::1]}
    export DJANGO_SSL_REDIRECT=${DJANGO_SSL_REDIRECT:-0} DJANGO_SECURE_COOKIES=${DJANGO_SECURE_COOKIES:-0}
    export DJANGO_HSTS_SECONDS=${DJANGO_HSTS_SECONDS:-0}
    .venv/bin/python manage.py migrate -v 0
    .venv/bin/python manage.py load_content
    .venv/bin/python manage.py collectstatic --noinput -v 0
    say "the site: http://127.0.0.1:${PORT:-8000}/"
    exec .venv/bin/python -m gunicorn --pythonpath site dojo.serve:application --preload --workers 2 --bind "0.0.0.0:${PORT:-8000}" \
      --access-logfile - --error-logfile -
    ;;
  dev)
    # Development: DEBUG on (Django's error pages, static files from the source folders).
    export DJANGO_DEBUG=1
    .venv/bin/python manage.py migrate -v 0
    .venv/bin/python manage.py load_content
    say "the site (development): http://127.0.0.1:${PORT:-8000}/"
    exec .venv/bin/python manage.py runserver "0.0.0.0:${PORT:-8000}"
    ;;
  test)
    say "test suite on SQLite"
    # The slowest tests are listed at the end, so that a run that grows shows where it grew.
    .venv/bin/python -m pytest -q -p no:cacheprovider -n 2 --durations=30
    if [[ -d /usr/lib/postgresql && $(id -u) -eq 0 ]]; then
      # The engines know no database, and the browser tests see the same pages from either: the
      # second run is the web layer's own tests (storage, concurrency, two servers, every table),
      # those of them that may reach the database (tests/conftest.py: any other is refused every query).
      say "test suite on PostgreSQL (throwaway cluster): the web layer"
      DOJO_DATABASE_TESTS_ONLY=1 bash .ci/with-postgres.sh .venv/bin/python -m pytest -q -p no:cacheprovider -n 2 \
        -m "not engine and not e2e"
    elif [[ -n ${CI:-} ]]; then
      echo "PostgreSQL is required in CI (run as root to install it)" >&2; exit 1
    else
      echo "(PostgreSQL run skipped: needs root to install and start a throwaway cluster)"
    fi
    ;;
  *) echo "usage: $0 run|dev|test" >&2; exit 2 ;;
esac
