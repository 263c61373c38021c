# The two commands of the README. Each sets up what it needs first (see .ci/setup.sh).
.PHONY: run test test-fast e2e bench

run:
	@bash .ci/setup.sh run

test:
	@bash .ci/setup.sh test

# Quicker loops while working (assume `make test` or `make run` has set things up once).
test-fast:
	@.venv/bin/python -m pytest -m "not e2e" -q -n 2

e2e:
	@.venv/bin/python -m pytest -m e2e -q
