# Set-up, serve and test the blackjack trainer. On a fresh machine `make run` or `make test`
# installs everything it needs: the virtualenv from pyproject.toml, and from Debian apt
# gettext (msgfmt) and Chromium when they are missing.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
# The test steps share one PostgreSQL, the apt lock and the cores: run them in order.
.NOTPARALLEL:

VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-test
CHROMIUM := /usr/bin/chromium

# apt-get needs root; elsewhere go through sudo. The lock timeout waits out another apt run.
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
APT_GET := $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600

# The database suites run in parallel, one pytest-xdist worker a core (make test-sqlite
# PYTEST_WORKERS=0 for one process); pytest-django gives each worker its own test database.
PYTEST_WORKERS ?= auto
PYTEST_DB_ARGS := tests --ignore=tests/e2e -n $(PYTEST_WORKERS)
# Where `make run` serves (make run RUN_ADDR=127.0.0.1:8001 for another port).
RUN_ADDR ?= 127.0.0.1:8000

.PHONY: help venv messages run lint format chromium test test-sqlite test-postgres test-e2e clean

help:
	@echo "make run            set up and serve on http://127.0.0.1:8000/ (SQLite) with a task worker (RUN_ADDR=127.0.0.1:8001 for another port)"
	@echo "make test           lint, tests on SQLite, then PostgreSQL, then Chromium browser tests"
	@echo "make test-sqlite | test-postgres | test-e2e   one part of the suite"
	@echo "make bench          timings of the engine, edge's start-up and a table action (printed, not asserted)"
	@echo "make loadtest       32 players for 60 s against 2 gunicorns, a worker and PostgreSQL, then the books"
	@echo "make lint | format | messages | chromium | venv | clean"

venv: $(STAMP)

# Prefer python3.13 (pyenv's shim resolves it from .python-version); a shim whose version is
# not installed fails to run, so each candidate is tried by running it, not by finding it.
$(PY):
	@py=""; \
	for cand in python3.13 python3; do \
	  if "$$cand" -c 'import sys; sys.exit(sys.version_info < (3, 13))' >/dev/null 2>&1; then \
	    py="$$cand"; break; \
	  fi; \
	done; \
	if [ -z "$$py" ]; then \
	  echo "error: Python >= 3.13 is required (tried python3.13, python3)." >&2; \
	  echo "       Install it, e.g. 'pyenv install 3.13' (the repo's .python-version is 3.13)." >&2; \
	  exit 1; \
	fi; \
	echo "Creating $(VENV) with $$py ($$("$$py" --version 2>&1))"; \
	"$$py" -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

# Local use: the settings default to DEBUG off (production); these targets turn it on.
messages run: export DEBUG = 1

messages: venv
	@command -v msgfmt >/dev/null || { $(APT_GET) update && $(APT_GET) install -y gettext; }
	@# compilemessages refuses to run when no locale directory exists at all (git keeps no empty dirs).
	mkdir -p locale
	$(PY) manage.py compilemessages --ignore=.venv --ignore=.git

# The analyses of new rule sets run in a worker beside the server (manage.py db_worker,
# django-tasks-db); the trap stops it when runserver exits, however it exits.
run: venv messages
	$(PY) manage.py migrate --noinput
	$(PY) manage.py precompute_strategy
	$(PY) manage.py db_worker & worker=$$!; \
	trap 'kill $$worker 2>/dev/null || true; wait $$worker 2>/dev/null || true' EXIT; \
	$(PY) manage.py runserver $(RUN_ADDR)

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	@# The django-stubs plugin reads the settings, which want a SECRET_KEY unless DEBUG is on.
	DEBUG=1 $(VENV)/bin/mypy

format: venv
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# Debian's Chromium for the Playwright tests, and a font so screenshots show text.
chromium:
	@missing=""; \
	[ -x $(CHROMIUM) ] || missing="$$missing chromium"; \
	dpkg-query -W -f='$${Status}' fonts-dejavu-core 2>/dev/null | grep -q 'install ok installed' \
	  || missing="$$missing fonts-dejavu-core"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing from apt:$$missing"; \
	  $(APT_GET) update && $(APT_GET) install -y $$missing; \
	fi

test: venv messages lint test-sqlite test-postgres test-e2e

# DATABASE_URL is unset so this run is SQLite whatever the caller's environment says.
test-sqlite: venv messages
	env -u DATABASE_URL $(PY) -m pytest $(PYTEST_DB_ARGS)

# The engine is pure Python: its tests say nothing new on another database.
test-postgres: venv messages
	scripts/with_postgres.sh $(PY) -m pytest $(PYTEST_DB_ARGS) --ignore=tests/engine \
	  -p no:cacheprovider

test-e2e: venv messages chromium
	env -u DATABASE_URL $(PY) -m pytest tests/e2e

clean:
	rm -rf $(VENV) *.egg-info build staticfiles test-artifacts .pytest_cache .ruff_cache \
	  .hypothesis
	find . -path ./.git -prune -o \( -name __pycache__ -type d -prune -exec rm -rf {} + \) \
	  -o \( -name '*.mo' -path '*/locale/*' -type f -exec rm -f {} + \)

# Timings of the strategy engine, of `manage.py edge`'s start-up (scripts/bench_startup.py),
# then of one table action against a bare Django view in one gunicorn server
# (scripts/bench_web.py, about a minute), printed and not asserted
# (`$(PY) scripts/bench_strategy.py --game` adds H17 and infinite-deck game EVs, a few seconds).
.PHONY: bench
bench: venv
	$(PY) scripts/bench_strategy.py
	$(PY) scripts/bench_startup.py
	$(PY) scripts/bench_web.py

# Many players at once against production settings (scripts/loadtest.py: two gunicorn servers
# and a task worker on a throwaway PostgreSQL, 127.0.0.1 only), then every table's books are
# checked. Figures printed, not asserted; exits 1 when the books do not hold. Options:
# make loadtest LOADTEST_ARGS="--duration 30 --players 16 --web-processes 1 --database sqlite"
LOADTEST_ARGS ?=
.PHONY: loadtest
loadtest: venv messages
	$(PY) scripts/loadtest.py $(LOADTEST_ARGS)
