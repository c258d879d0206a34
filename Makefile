# Two entry points for a newcomer; each sets itself up on a fresh machine:
#   make run   - create .venv, install Parley, start the app
#   make test  - create .venv, install Parley with its test tools, run lint, layer contracts,
#                the type checker, tests
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: run test lint contracts types pytest monkey soak bench bench-retrieval bench-team fidelity screenshots clean

run: $(STAMP)
	@if [ "$$(uname)" = Linux ] && [ -z "$$WAYLAND_DISPLAY" ] && ! ldconfig -p 2>/dev/null | grep -q libxcb-cursor.so.0; then \
	  echo "note: Qt's X11 plugin needs libxcb-cursor0: sudo apt-get install libxcb-cursor0"; fi
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
# window on Xvfb (the normal run, in make test, does 2,000). PARLEY_MONKEY_SEED=N picks others.
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
	rm -f $(VENV)/.installed-*
	touch $@

clean:
	rm -rf $(VENV) .venv-compare .pytest_cache .ruff_cache .hypothesis *.egg-info
