# Two entry points for a newcomer; each sets itself up on a fresh machine:
#   make run   - create .venv, install Parley, start the app
#   make test  - create .venv, install Parley with its test tools, run lint, layer contracts, tests
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: run test lint contracts pytest bench screenshots clean

run: $(STAMP)
	@if [ "$$(uname)" = Linux ] && [ -z "$$WAYLAND_DISPLAY" ] && ! ldconfig -p 2>/dev/null | grep -q libxcb-cursor.so.0; then \
	  echo "note: Qt's X11 plugin needs libxcb-cursor0: sudo apt-get install libxcb-cursor0"; fi
	$(BIN)/parley

test: $(STAMP) lint contracts pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

contracts: $(STAMP)
	$(BIN)/lint-imports

pytest: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q

# make bench - print performance figures as ratios against in-run baselines (docs/performance.md)
bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/startup.py
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/streaming.py
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/history.py
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/history_window.py --sessions 3000

# make screenshots - the README's pictures of the main window, light and dark (offscreen)
screenshots: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python scripts/screenshots.py

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	rm -f $(VENV)/.installed-*
	touch $@

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis *.egg-info
