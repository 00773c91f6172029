"""Failing fast on what cannot work (#26): an unset key variable, a provider that refuses
every call, and the user's mistakes said in one line — against the real CLI and a real
OpenAI-compatible server on loopback (``loopback_provider``)."""

from __future__ import annotations

import os
import subprocess
import sys

import polars as pl
import pytest

from f1bench_pipeline.domains import get_domain
from f1bench_pipeline.generation.registry import MissingSecretError, System
from f1bench_pipeline.settings import REPO_ROOT
from f1bench_pipeline_tests.loopback_provider import LoopbackProvider
from f1bench_pipeline_tests.test_generation import (  # noqa: F401 - fixtures
    SEASON, gen_settings, loop_system, test_key, write_registry)

F1 = get_domain("f1")  # the domain the generation road runs here

UNSET = "F1BENCH_TEST_UNSET_KEY_VARIABLE"


def _cli(args: list[str], env: dict[str, str], timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", *args], env=env, cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=timeout)


def _env(gen_settings, registry=None, **extra: str) -> dict[str, str]:  # noqa: F811
    env = {k: v for k, v in os.environ.items() if k != UNSET}
    env.update({"F1BENCH_DATA_DIR": str(gen_settings.data_dir), "PYTHONPATH": str(REPO_ROOT), "F1BENCH_PROGRESS": ""})
    if registry is not None:
        env["F1BENCH_SYSTEMS"] = str(registry)
    env.update(extra)
    return env


@pytest.mark.parametrize("dagster", [False, True], ids=["no-dagster", "dagster"])
def test_an_unset_key_variable_fails_before_any_call_in_one_line(gen_settings, tmp_path, dagster):  # noqa: F811
    with LoopbackProvider() as server:
        system = loop_system(server.api_base, name="keyless", api_key_env=UNSET)
        registry = write_registry(tmp_path / "systems.yaml", system)
        args = ["generate", "--systems", "keyless", "--season", str(SEASON), "--yes"]
        out = _cli(args + ([] if dagster else ["--no-dagster"]), _env(gen_settings, registry))
        assert server.state.requests == 0  # nothing called, nothing retried
    assert out.returncode == 2, out.stderr[-2000:]
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr, out.stderr[-2000:]
    assert lines[0].startswith("f1bench: system 'keyless'") and UNSET in lines[0] and "nothing was called" in lines[0]


def test_the_engine_refuses_an_unset_key_variable_too(gen_settings):  # noqa: F811
    """A run started elsewhere (the UI, a sensor) stops at its first call, before the request."""
    from f1bench_pipeline.generation.runner import generate_partition

    with LoopbackProvider() as server:
        system = loop_system(server.api_base, name="keyless", api_key_env=UNSET)
        os.environ.pop(UNSET, None)
        with pytest.raises(MissingSecretError, match=UNSET):
            generate_partition(F1, gen_settings, system, SEASON)
        assert server.state.requests == 0


def test_the_engine_refuses_an_unset_provider_key_variable_too(gen_settings, monkeypatch):  # noqa: F811
    """A run started elsewhere (the UI, a sensor) of a system naming no key variable stops before
    its first request when the one its provider reads is unset."""
    from f1bench_pipeline.generation.runner import generate_partition

    with LoopbackProvider() as server:
        monkeypatch.delenv("OPENAI_API_KEY", raising=False)
        monkeypatch.setenv("OPENAI_API_BASE", server.api_base)  # where litellm would send the calls
        system = System(name="remote", model="openai/gpt-4o-mini", instances="full", languages=("en",),
                        variants=("default",), max_instances=2)
        with pytest.raises(MissingSecretError, match="OPENAI_API_KEY"):
            generate_partition(F1, gen_settings, system, SEASON)
        assert server.state.requests == 0


def test_a_cached_rerun_needs_no_key(gen_settings, test_key, tmp_path, monkeypatch):  # noqa: F811
    from f1bench_pipeline.generation.runner import generate_partition

    with LoopbackProvider() as server:
        system = loop_system(server.api_base, name="cached", max_instances=5)
        generate_partition(F1, gen_settings, system, SEASON)
        first = server.state.requests
        monkeypatch.delenv("F1BENCH_TEST_KEY")
        res = generate_partition(F1, gen_settings, system, SEASON)
        assert server.state.requests == first and res.frame["from_cache"].all()


def test_every_call_refused_is_a_failed_run_and_a_nonzero_exit(gen_settings, test_key, tmp_path,  # noqa: F811
                                                                 monkeypatch):
    from f1bench_pipeline.generation.table import all_calls_failed
    from f1bench_pipeline.domains.f1.generation_runs import materialize_generations
    from f1bench_pipeline.generation.registry import load_registry

    with LoopbackProvider(lambda _body, _n: "echo_auth") as server:  # 401 on every call
        system = loop_system(server.api_base, name="refused", max_instances=4)
        registry = write_registry(tmp_path / "systems.yaml", system)
        out = _cli(["generate", "--no-dagster", "--systems", "refused", "--season", str(SEASON), "--yes"],
                   _env(gen_settings, registry))
        n = server.state.requests
        assert out.returncode == 1 and "all " in out.stderr and "calls of this run failed" in out.stderr, out.stderr
        assert n == len(pl.read_parquet(gen_settings.warehouse_dir / "generations" / f"season={SEASON}"
                                        / "model=refused")), "a 401 is not retried"
        # the same partition through Dagster: the rows are kept, the run fails
        monkeypatch.setenv("F1BENCH_SYSTEMS", str(registry))
        reg = load_registry(path=registry, data_dir=gen_settings.data_dir)
        ok = materialize_generations(["refused"], SEASON, gen_settings, registry=reg, progress=lambda _m: None)
        assert ok == {"refused": False}
        assert server.state.requests == 2 * n  # errors are not cached: asked again, once each
    part = pl.read_parquet(gen_settings.warehouse_dir / "generations" / f"season={SEASON}" / "model=refused")
    assert set(part["status"]) == {"error"} and all_calls_failed(part)
    # a partition with one answer is no failed run
    assert all_calls_failed(part.with_columns(pl.when(pl.int_range(pl.len()) == 0).then(pl.lit("ok"))
                                              .otherwise(pl.col("status")).alias("status"))) is None


def test_a_server_on_this_machine_without_a_price_costs_nothing():
    local = System(name="ollama-here", model="ollama_chat/llama3.1:8b", api_base="http://127.0.0.1:11434")
    proxy = System(name="proxy", model="openai/gpt-4o", api_base="http://localhost:4000/v1",
                   input_cost_per_token=2.5e-6, output_cost_per_token=1e-5)
    remote = System(name="remote", model="openai/gpt-4o")
    assert local.costless and local.on_this_machine
    assert not proxy.costless and proxy.on_this_machine  # a priced proxy to a paid provider asks first
    assert not remote.costless and not remote.on_this_machine


@pytest.mark.parametrize("args,extra,needle", [
    (["dry-run", "--systems", "no-such-system"], {}, "unknown system 'no-such-system'"),
    (["rerun", "no-such-system"], {}, "unknown system 'no-such-system'"),
    (["rerun", "template-terse", "--season", "1999"], {}, "the seasons are 2018–2025"),
    (["systems"], {"F1BENCH_OFFLINE": "maybe"}, "F1BENCH_OFFLINE='maybe'"),
])
def test_user_mistakes_are_one_line_without_a_traceback(gen_settings, args, extra, needle):  # noqa: F811
    out = _cli(args, _env(gen_settings, **extra), timeout=120)
    assert out.returncode == 2, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("f1bench: ") and needle in lines[0], out.stderr
    debug = _cli(["--debug", *args], _env(gen_settings, **extra), timeout=120)
    assert "Traceback" in debug.stderr  # asked for


def test_a_provider_key_variable_is_checked_on_the_generate_and_rerun_paths(gen_settings, tmp_path):  # noqa: F811
    """A system that names no key variable gets the one its provider reads checked (litellm's
    validate_environment): one line naming OPENAI_API_KEY, no request (litellm's own variable
    OPENAI_API_BASE points at a loopback server counting requests), no partition written."""
    with LoopbackProvider() as server:
        system = System(name="remote", model="openai/gpt-4o-mini", instances="full", languages=("en",),
                        variants=("default",), max_instances=2)
        registry = write_registry(tmp_path / "systems.yaml", system)
        env = {k: v for k, v in _env(gen_settings, registry, OPENAI_API_BASE=server.api_base).items()
               if k != "OPENAI_API_KEY"}
        for args in (["generate", "--systems", "remote", "--season", str(SEASON), "--yes", "--no-dagster"],
                     ["rerun", "remote", "--season", str(SEASON)]):
            out = _cli(args, env)
            lines = out.stderr.strip().splitlines()
            assert out.returncode == 2 and len(lines) == 1 and "OPENAI_API_KEY" in lines[0], out.stderr[-2000:]
            assert "export OPENAI_API_KEY=" in lines[0] and "nothing was called" in lines[0]
        assert server.state.requests == 0
    assert not (gen_settings.warehouse_dir / "generations").exists()


REFUSALS = {  # what the user typed → what the one line must name
    "key": (["openai/gpt-4o-mini", "--limit", "3", "--yes"], "OPENAI_API_KEY"),
    "provider": (["nosuchprovider/foo", "--limit", "3", "--yes"], "litellm knows no provider 'nosuchprovider'"),
    "season": (["openai/gpt-4o-mini", "--limit", "3", "--yes", "--season", "2019"],
               "season 2019 is not built (built: 2018, 2021, 2024, 2025): build it with `f1bench build --seasons 2019`"),
    "test-sample": (["openai/gpt-4o-mini", "--limit", "3", "--yes", "--season", "2021"],
                    "season 2021 has no test sample"),
    "langs": (["openai/gpt-4o-mini", "--limit", "3", "--yes", "--langs", "en,de"],
              "--langs 'en,de': unknown value 'de'; the allowed values are en,es,pt"),
    "variants": (["openai/gpt-4o-mini", "--variants", "short"], "the allowed values are default,cover_all"),
    "paid-not-confirmed": (["openai/gpt-4o-mini", "--limit", "3"], "rerun with --yes"),
    "name-clash": (["openai/x", "--name", "template-terse"], "pass --name"),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_a_refused_eval_exits_2_in_one_line_before_any_request_and_records_nothing(eval_env, case):
    """`f1bench eval` refuses what it can know before the first call (#42): exit 2, one line naming
    the cause and the fix, no request (the provider's base URL points at a loopback server that
    counts them), no generations, and no registry overlay — an overlay already there stays as it was."""
    import time

    from f1bench_pipeline.generation.registry import write_overlay_system

    data_dir, env = eval_env
    args, needle = REFUSALS[case]
    earlier = write_overlay_system(data_dir, "earlier", {"model": "openai/earlier", "languages": ["en"]})
    before = (earlier.read_bytes(), earlier.stat().st_mtime_ns)
    with LoopbackProvider() as server:
        env = {k: v for k, v in env.items() if k not in ("OPENAI_API_KEY", "OPENAI_BASE_URL")}
        env["OPENAI_API_BASE"] = server.api_base  # where litellm would send an openai/ call
        if case == "paid-not-confirmed":
            env["OPENAI_API_KEY"] = "sk-f1bench-test-not-a-key"
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", "eval", *args], env=env, cwd=REPO_ROOT,
                             capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
        took = time.perf_counter() - t0
        assert server.state.requests == 0
    print(f"\nrefusal {case}: exit {out.returncode} in {took:.2f} s: {out.stderr.strip().splitlines()[-1:]}")
    assert out.returncode == 2, out.stdout[-2000:] + out.stderr[-2000:]
    lines = out.stderr.strip().splitlines()
    assert "Traceback" not in out.stderr and "pydantic" not in out.stderr and needle in lines[-1], out.stderr
    if case != "paid-not-confirmed":  # (that one prints the estimate first, then the line)
        assert len(lines) == 1 and lines[0].startswith("f1bench: "), out.stderr
    assert sorted(p.name for p in (data_dir / "systems.d").iterdir()) == ["earlier.yaml"]
    assert (earlier.read_bytes(), earlier.stat().st_mtime_ns) == before
    assert not (data_dir / "warehouse" / "generations").exists()
