"""`make test` passes whatever the user's shell holds: conftest removes the variables f1bench and the
model providers read before any test, fixture or subprocess sees them."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from f1bench_pipeline.settings import REPO_ROOT

pytestmark = pytest.mark.slow  # a pytest subprocess (Dagster's import, two materializations)

# What a user following the docs has set: the full build's cache, offline mode, a provider key.
USER_SHELL = {"F1BENCH_FASTF1_CACHE": "/nonexistent/fastf1-cache", "F1BENCH_OFFLINE": "1",
              "F1BENCH_DATA_DIR": "/nonexistent/data", "OPENAI_API_KEY": "sk-the-users-own-key"}


def test_conftest_removes_the_users_variables_before_anything_reads_them():
    # in a process of its own: this one's environment is the suite's (tests and the code they run
    # may set variables of their own, e.g. litellm's LITELLM_TELEMETRY)
    code = ("import os, f1bench_pipeline_tests.conftest as c; "
            "print(sorted(n for n in os.environ if c.USER_VARIABLES.fullmatch(n)))")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, env={**os.environ, **USER_SHELL},
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "['LITELLM_LOCAL_MODEL_COST_MAP']"  # set by conftest itself, not the user's


def test_a_settings_test_passes_with_the_full_builds_variables_set(tmp_path):
    # this test failed on a fresh clone with F1BENCH_FASTF1_CACHE set (issue #42)
    test = "f1bench_pipeline_tests/test_dagster_conventions.py::test_fields_bind_to_env_vars_and_run_config"
    env = {**os.environ, **USER_SHELL}
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", test],
                         cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert "1 passed" in out.stdout
