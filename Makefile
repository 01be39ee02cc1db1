# Two commands for a new user: `make run` (set up + serve the demo) and `make test` (the whole suite).
SHELL := /bin/bash
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
# Django 6 needs Python >= 3.12: take the newest of 3.13/3.12 on PATH or in pyenv.
PYTHON ?= $(shell for p in python3.13 python3.12 $$HOME/.pyenv/versions/3.13*/bin/python3 $$HOME/.pyenv/versions/3.12*/bin/python3 python3; do \
	$$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null && { command -v $$p; break; }; done)

.PHONY: run test setup demo e2e-browser bench soak clean

$(BIN)/.installed: requirements-dev.lock
	@test -n "$(PYTHON)" || { echo "Python 3.12 or newer is needed (Django 6). Install python3.12 or python3.13."; exit 1; }
	@echo "Using $(PYTHON)"
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements-dev.lock
	touch $@

setup: $(BIN)/.installed

demo: setup
	DEBUG=1 $(BIN)/python manage.py migrate --no-input
	DEBUG=1 $(BIN)/python manage.py loadrules
	DEBUG=1 $(BIN)/python manage.py seeddemo
	DEBUG=1 $(BIN)/python manage.py collectstatic --no-input --verbosity 0

run: demo
	@echo "Serving on http://$(HOST):$(PORT)/  (Ctrl-C stops)"
	DEBUG=1 $(BIN)/uvicorn config.asgi:application --host $(HOST) --port $(PORT) --ws websockets-sansio --ws-per-message-deflate false

# One pytest worker per core (pytest-xdist); each has its own test database and Redis database.
TEST_WORKERS ?= auto
test: setup
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -n $(TEST_WORKERS) $(PYTEST_ARGS)

# Not part of `make test`: they take minutes. They need PostgreSQL on 127.0.0.1:5432 (or DATABASE_URL) and Debian's
# redis-server (each starts its own Redis). `make bench` runs every script that exists, each with short settings
# (about 15 minutes in all), and fails at the end if any of them missed a goal.
BENCHES := \
	"live_fanout.py --phones 10,100 --turns 20 --pairs 3" \
	"floor.py --phones 10,100 --turns 10 --pairs 1" \
	"read_once.py --phones 10,100,500 --turns 10" \
	"connects.py --sockets 300" \
	"many_tables.py --minutes 3 --warm-up 30" \
	"soak.py --minutes 3 --restart-every 1" \
	"page_weight.py" \
	"gm_scale.py" \
	"commands.py"
bench: setup
	@failed=; for run in $(BENCHES); do \
		script=bench/$${run%% *}; \
		test -f $$script || { echo "== $$script: not there yet, skipped"; continue; }; \
		echo "== $$run"; $(BIN)/python bench/$$run || failed="$$failed $${run%% *}"; \
	done; test -z "$$failed" || { echo "goals missed or errors in:$$failed"; exit 1; }

soak: setup
	$(BIN)/python bench/soak.py --minutes 30 --phones 20 --interval 2 --restart-every 5

clean:
	rm -rf $(VENV) db.sqlite3* staticfiles .pytest_cache
