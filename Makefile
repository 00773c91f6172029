# f1bench — the two commands a new user needs are `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
export LITELLM_LOCAL_MODEL_COST_MAP := True
export F1BENCH_DAGSTER_STORAGE ?= $(CURDIR)/data/dagster_home
export DAGSTER_HOME ?= $(CURDIR)

.PHONY: demo test full bench ui venv clean-warehouse

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

venv: $(STAMP)

## demo: build the embedded sample offline and print the per-race summary
demo: $(STAMP)
	F1BENCH_OFFLINE=1 $(PY) -m f1bench_pipeline.cli build

## test: the test suite (skips, with a reason, what needs ../shared when it is absent)
test: $(STAMP)
	$(PY) -m pytest -q

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

clean-warehouse:
	rm -rf data/warehouse data/warehouse.duckdb
