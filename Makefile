# Two entry points for a newcomer; each sets itself up on a fresh machine:
#   make run   - create .venv, install Parley (only what the app needs), start the app
#   make test  - create .venv, install Parley with its test tools, run lint, layer contracts,
#                the type checker, tests
# and for a release: make dist (the standalone bundle), make package-check (pipx, bundle and
# desktop entry checked on this machine; below).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Each install is keyed on pyproject.toml's checksum: the app alone, or the app and its test tools.
CKSUM     := $(shell cat pyproject.toml | cksum | cut -d' ' -f1)
STAMP     := $(VENV)/.installed-$(CKSUM)
RUN_STAMP := $(VENV)/.installed-app-$(CKSUM)

.PHONY: run dist package-check test lint contracts types pytest monkey soak bench bench-retrieval bench-team fidelity screenshots translations clean

# Before Qt starts: on Linux under X11, ldd on Qt's xcb plugin; a missing library stops here with
# the one command that installs what is missing, for this distribution (ui/qt_libs.py).
run: $(RUN_STAMP)
	@$(BIN)/python -m parley.ui.qt_libs
	$(BIN)/parley

test: $(STAMP) lint contracts types pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

contracts: $(STAMP)
	$(BIN)/lint-imports

# mypy: which packages and how strictly is [tool.mypy] in pyproject.toml
types: $(STAMP)
	$(BIN)/mypy

# The suite runs on every core, up to 4 (pytest-xdist); PARLEY_TEST_WORKERS=0 runs it in one
# process (for debugging: output in order, pdb works).
pytest: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q \
	  -n $${PARLEY_TEST_WORKERS:-auto} --maxprocesses 4

# make monkey - the monkey test at length (tests/monkey): 20,000 random user actions in the real
# window on Xvfb (the normal run, in make test, does 1,000). PARLEY_MONKEY_SEED=N picks others.
monkey: $(STAMP)
	PARLEY_MONKEY_ACTIONS=$${PARLEY_MONKEY_ACTIONS:-20000} QT_QPA_PLATFORM=offscreen \
	  $(BIN)/python -m pytest -q -s tests/monkey

# make soak - kill -9 at random points (issue 14; docs/reliability.md): `parley ask` killed 300
# times mid-answer, half of them in a silence of the provider, then shown-vs-stored text, the
# hash chains and integrity checked after recovery; then 300 kills of the runtime around
# checkpoints. About 15 minutes on 2 cores.
soak: $(STAMP)
	$(BIN)/python benchmarks/shown_soak.py --rounds 300
	$(BIN)/python benchmarks/crash_soak.py --rounds 300

# make translations - the window's languages (issue 20; docs/translations.md): pyside6-lupdate
# collects every translate("Context", "...") / self.tr("...") of ui/ (not ui/cli: the command line
# stays English) and every QT_TRANSLATE_NOOP of the layers below (domain/texts.py) into
# ui/i18n/parley_<lang>.ts, then pyside6-lrelease compiles the .qm files the package ships. Fill the new entries of each .ts (scripts/fill_translations.py), then run it again.
LANGS := de fr es zh_CN ar
translations: $(STAMP)
	$(BIN)/pyside6-lupdate -locations none -no-obsolete \
	  $$(find ui domain application infrastructure -name '*.py' -not -path 'ui/cli/*' | sort) \
	  $(foreach l,$(LANGS),-ts ui/i18n/parley_$(l).ts)
	@# lupdate reads a "#:" comment above a call as a note to translators; ours document attributes
	perl -0777 -pi -e 's/\n\s*<extracomment>.*?<\/extracomment>//gs' $(foreach l,$(LANGS),ui/i18n/parley_$(l).ts)
	$(BIN)/python scripts/composed_catalog.py
	$(foreach l,$(LANGS),$(BIN)/pyside6-lrelease -silent ui/i18n/parley_$(l).ts -qm ui/i18n/parley_$(l).qm;)

# make bench - the performance suite (issue 8): each script prints its figures as ratios against
# a baseline measured in the same run, with the budgets; docs/performance.md records them.
# A few minutes on 2 cores; the first run also builds a 1,000,000-event database (~70 s, cached
# in ~/.cache/parley-bench/).
BENCH := QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks
bench: $(STAMP)
	$(BENCH)/startup.py --runs 5
	$(BENCH)/memory.py
	$(BENCH)/streaming.py --messages 5000
	$(BENCH)/open_conversation.py
	$(BENCH)/turn_overhead.py
	$(BENCH)/history.py
	$(BENCH)/history_scale.py
	$(BENCH)/history_window.py --sessions 10000
	$(BENCH)/compaction.py

# make bench-retrieval - the knowledge index (issue 18; docs/performance.md, Retrieval): recall@5
# on the 117-page PDF's own index, indexing throughput, search p50/p99 at 10,000 and 100,000
# chunks (the generated indexes are cached in ~/.cache/parley-bench/; first run about a minute).
bench-retrieval: $(STAMP)
	$(BIN)/python benchmarks/bench_retrieval.py

# make bench-team - the team store at scale (issue 19; docs/performance.md): an operator's search
# over 10,000,000 events of 100 members (word + member + date; budget p50 < 50 ms, p99 < 300 ms)
# on a throwaway PostgreSQL (needs initdb/pg_ctl). The first run generates the cluster with COPY
# (here: 1,000,000 events in 42 s; 10,000,000 in about 6 minutes, ~16 GB) and caches it in
# ~/.cache/parley-bench/; a restored cache is brought up to the current schema (init_team: about
# 17 s for m004's index at 10M). TEAM_EVENTS=1000000 for a quicker run.
bench-team: $(STAMP)
	$(BIN)/python benchmarks/team_scale.py --events $${TEAM_EVENTS:-10000000}

# make fidelity - attachments against an outside corpus (issue 15; docs/attachments.md): Parley,
# markitdown and pdfplumber score the same documents (tests/fixtures/outside) with one scorer.
# markitdown and pdfplumber live in their own .venv-compare (from PyPI, for this comparison only).
fidelity: $(STAMP)
	test -x .venv-compare/bin/python || { $(PYTHON) -m venv .venv-compare && \
	  .venv-compare/bin/pip install -q 'markitdown[all]==0.1.9' 'pdfplumber==0.11.10' 'lxml<6'; }
	$(BIN)/python benchmarks/fidelity.py --compare-python .venv-compare/bin/python

# make screenshots - docs/screenshots/: first start, a rich answer, thinking, streaming, a
# permission prompt, attachments, History and Settings at 1440x900 and 1024x700, light and dark.
# Offscreen: its pictures match Xvfb's pixel for pixel (same fonts through fontconfig), and it
# needs no display; the model is a loopback server in the script, nothing leaves the machine.
screenshots: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python scripts/screenshots.py

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	find $(VENV) -maxdepth 1 -name '.installed-*' ! -name '*-$(CKSUM)' -delete
	touch $@ $(RUN_STAMP)

# The app alone (no test tools); nothing to do when the test install is already there.
$(RUN_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	test -e $(STAMP) || { $(BIN)/python -m pip install --quiet --upgrade pip && \
	  $(BIN)/python -m pip install --quiet -e .; }
	find $(VENV) -maxdepth 1 -name '.installed-*' ! -name '*-$(CKSUM)' -delete
	touch $@

# make dist - the standalone bundle for people without Python (issue 20): dist/parley/ (the
# `parley` program and its _internal/ folder) and dist/parley-VERSION-linux-ARCH.tar.gz, built by
# PyInstaller (packaging/parley.spec) in its own build/venv-dist from the wheel of this checkout;
# the desktop entry comes with it: dist/parley/parley desktop install. Both from PyPI. The same
# spec builds on macOS and Windows (docs/user-guide/installing.md).
DIST_VENV := build/venv-dist
# The bundle carries the X11/xcb libraries of the machine that builds it: the ldd check first.
dist: $(RUN_STAMP)
	$(BIN)/python -m parley.ui.qt_libs --force
	# (setuptools copies build/lib into every wheel: a module deleted since would come back)
	rm -rf build/lib build/bdist.* build/wheel build/pyinstaller dist/parley dist/parley-*.tar.gz
	$(BIN)/python -m pip wheel --quiet --no-deps --wheel-dir build/wheel .
	test -x $(DIST_VENV)/bin/python || $(PYTHON) -m venv $(DIST_VENV)
	$(DIST_VENV)/bin/python -m pip install --quiet --upgrade pip 'pyinstaller>=6.10'
	$(DIST_VENV)/bin/python -m pip install --quiet build/wheel/*.whl
	$(DIST_VENV)/bin/python -m pip install --quiet --force-reinstall --no-deps build/wheel/*.whl
	$(DIST_VENV)/bin/pyinstaller --noconfirm --log-level WARN --distpath dist \
	  --workpath build/pyinstaller packaging/parley.spec
	tar -C dist -czf dist/parley-$$($(BIN)/python -c 'import importlib.metadata as m; \
	  print(m.version("parley-desktop"))')-linux-$$(uname -m).tar.gz parley
	@du -sh dist/parley

# make package-check - what a clean machine gets (issue 20), needs the network for PyPI: the
# wheel built (no deprecation warning) and `pipx install`ed, and `pipx install .`, each into a
# throwaway PIPX_HOME (pipx from PyPI into build/venv-tools when missing); `parley --version`;
# the window started under Xvfb until it maps a window titled Parley with its icon, then stopped;
# `make dist` and the same start of the bundle; `parley desktop install` into a throwaway
# XDG_DATA_HOME, validated (desktop-file-validate, appstreamcli) and uninstalled
# (packaging/check.sh). Too slow for `make test`: about 6.5 minutes
# on 2 cores (make dist ~3.5, the rest ~3; measured 2026-12-04 under load, docs/performance.md).
package-check: dist
	packaging/check.sh

clean:
	rm -rf $(VENV) .venv-compare .pytest_cache .ruff_cache .hypothesis *.egg-info build dist
