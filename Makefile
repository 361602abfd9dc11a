# Two commands on a fresh machine with Python 3.11: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed

.PHONY: install run test lint bench demo play clean table soak-tests browser-code chaos

$(INSTALLED): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(INSTALLED)

install: $(INSTALLED)

# make reports a failure with its own exit code 2: a service manager runs .venv/bin/whyfirst.
run: $(INSTALLED)
	$(PY) -m bot

test: $(INSTALLED) browser-code
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports
	$(PY) -m pytest -n 2 --dist worksteal

# The end-to-end tests N times in a row (HOG busy processes beside them); counts what failed.
N ?= 20
HOG ?= 0
soak-tests: $(INSTALLED)
	$(PY) -m tests.soak --runs $(N) --hogs $(HOG)

# An hour of games and league nights while a seeded killer SIGKILLs the bot every 20-60 s, on
# SQLite and on a 2-process PostgreSQL fleet; prints what was lost, doubled or never came.
MINUTES ?= 60
SEED ?= 1
chaos: $(INSTALLED)
	$(PY) -m tests.chaos --minutes $(MINUTES) --seed $(SEED)

# The browser code (activity/): Biome's lint and Node's test runner, at the lockfile's versions.
# Needs Node and npm (Debian: apt-get install nodejs npm): skipped without them, but under CI=true.
NODE_MODULES := activity/node_modules/.installed
$(NODE_MODULES): activity/package-lock.json
	npm ci --prefix activity --no-audit --no-fund --loglevel=error
	touch $(NODE_MODULES)

browser-code:
	@if command -v npm >/dev/null; then \
		$(MAKE) --no-print-directory $(NODE_MODULES) && \
		npm run --prefix activity --silent lint && \
		npm test --prefix activity --silent; \
	elif [ "$$CI" = true ]; then \
		echo "CI=true, but npm is not installed (Debian: nodejs npm)" >&2; exit 1; \
	else \
		echo "npm is not installed (Debian: nodejs npm): the browser code is not checked"; \
	fi

lint: $(INSTALLED) browser-code
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

bench: $(INSTALLED)
	$(PY) bench/engine.py
	$(PY) bench/storage.py
	$(PY) bench/render.py

# No token, no Discord: the bot plays one game against the loopback Discord; prints each file's path.
demo: $(INSTALLED)
	$(PY) -m tests.demo --out whyfirst-demo.html

# No token, no Discord: the loopback Discord, the bot and a test Discord client; prints the address
# that seats you at the table of a game with AI players (needs port 3333 free). Ctrl-C stops it.
# LEVEL=expert (or casual) chooses how the AI players play; sharp unless given.
LEVEL ?= sharp
play: $(INSTALLED)
	$(PY) -m tests.table.play --level $(LEVEL)

# The table's script (bot/table/assets/table.js, committed): activity/table.js with the Embedded
# App SDK, bundled by esbuild, both at the exact versions of activity/package-lock.json.
# Needs Node and npm (Debian: apt-get install nodejs npm); only to change the script. make test
# checks that the committed script is this build.
table:
	npm ci --prefix activity --no-audit --no-fund --loglevel=error
	npm run --prefix activity --silent build > bot/table/assets/table.js.new
	mv bot/table/assets/table.js.new bot/table/assets/table.js

clean:
	rm -rf $(VENV) *.egg-info
