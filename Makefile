# The two commands of the README. Each sets up what it needs first (see .ci/setup.sh).
.PHONY: run dev test test-fast e2e bench

run:
	@bash .ci/setup.sh run

# The site with DEBUG on, for development.
dev:
	@bash .ci/setup.sh dev

test:
	@bash .ci/setup.sh test

# Quicker loops while working (assume `make test` or `make run` has set things up once).
test-fast:
	@.venv/bin/python -m pytest -m "not e2e" -q -n 2

e2e:
	@.venv/bin/python -m pytest -m e2e -q

# Speed figures with production settings (DEBUG off, hashed static files), over plain HTTP on the
# test Client. `make bench ARGS="--game shithead"` for one game.
bench:
	@DJANGO_SECRET_KEY=bench-only DJANGO_SSL_REDIRECT=0 .venv/bin/python manage.py collectstatic --noinput -v0
	@DJANGO_SECRET_KEY=bench-only DJANGO_SSL_REDIRECT=0 .venv/bin/python manage.py bench $(ARGS)
