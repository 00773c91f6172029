"""Assets read their configuration from resources, so one run can change it (issue #18).

* rule thresholds given as run config (the launchpad's ``resources`` section) change the event
  tables of that run, and the metadata records the run's rules;
* the test season of a run comes from the ``benchmark`` resource (instances' split, test sample);
* the system registry is a resource: a systems file given in run config is the one read;
* no asset, op or check body of the package calls ``get_settings()`` (an AST scan);
* the partitions read only their own variables when the code location loads.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import dagster as dg
import pytest

from f1bench_pipeline.domains.f1.resources import f1_resources
from f1bench_pipeline.resources import SystemRegistryResource, default_resources
from f1bench_pipeline.domains.f1.settings import F1Settings, RaceRules
from f1bench_pipeline.settings import Settings, get_settings
from f1bench_pipeline.storage.warehouse import read_table

PACKAGE = Path(__file__).resolve().parents[1] / "f1bench_pipeline"
SEASON = "2024"


def _recorded(instance: dg.DagsterInstance, key: str) -> dict:
    mat = instance.fetch_materializations(dg.AssetKey(key), limit=1).records[0].asset_materialization
    return {k: v.value for k, v in mat.metadata.items()}


def _season_inputs(src_root: Path, data: Path) -> None:
    """The tables ``pit_battles`` reads, for one season, copied out of the sample build."""
    for table in ("green_flag_laps", "pit_stops"):
        shutil.copytree(src_root / table / f"season={SEASON}", data / "warehouse" / table / f"season={SEASON}")


def test_rule_thresholds_from_run_config_change_one_run(sample_build, tmp_path):
    from f1bench_pipeline.domains.f1.events.assets import pit_battles

    data = tmp_path / "data"
    _season_inputs(Path(sample_build["settings"].warehouse_dir), data)
    settings = sample_build["settings"].model_copy(update={"data_dir": data})
    resources = {**default_resources(settings), **f1_resources(settings)}
    rows, recorded = {}, {}
    with dg.DagsterInstance.ephemeral() as instance:
        for gap in (10.0, 0.0):
            # exactly what the launchpad sends: the `resources` section of the run config
            run_config = {"resources": {"race_rules": {"config": {"battle_max_gap_before_s": gap}}}}
            result = dg.materialize([pit_battles], instance=instance, resources=resources, partition_key=SEASON,
                                    run_config=run_config)
            assert result.success
            rows[gap] = read_table(data / "warehouse", "pit_battles", {"season": int(SEASON)}).height
            recorded[gap] = _recorded(instance, "pit_battles")
    assert rows[10.0] > 0 and rows[0.0] == 0  # no undercut or overcut fits a zero gap
    base = F1Settings.of(get_settings()).rules.as_json()  # the thresholds run config leaves out: the F1BENCH_RULES* settings
    for gap, meta in recorded.items():
        rules = RaceRules.model_validate({**base, "battle_max_gap_before_s": gap})
        assert meta["rules"] == rules.as_json() and meta["rules_hash"] == rules.fingerprint()
    assert recorded[10.0]["rules_hash"] != recorded[0.0]["rules_hash"]


def test_bound_rules_apply_without_run_config(sample_build, tmp_path):
    """``f1_resources(settings)`` binds the settings' thresholds: no run config, those rules."""
    from f1bench_pipeline.domains.f1.events.assets import pit_battles

    data = tmp_path / "data"
    _season_inputs(Path(sample_build["settings"].warehouse_dir), data)
    rules = RaceRules(battle_max_gap_before_s=0.0)
    settings = Settings.model_validate({**dict(sample_build["settings"]), "data_dir": data, "rules": rules})
    with dg.DagsterInstance.ephemeral() as instance:
        assert dg.materialize([pit_battles], instance=instance,
                              resources={**default_resources(settings), **f1_resources(settings)},
                              partition_key=SEASON).success
        assert _recorded(instance, "pit_battles")["rules_hash"] == rules.fingerprint()
    assert read_table(data / "warehouse", "pit_battles", {"season": int(SEASON)}).height == 0


def test_the_test_season_of_a_run_comes_from_the_benchmark_resource(sample_build, tmp_path):
    """One run holds 2024 out instead of 2025: its instances are the test split, and the test
    sample (of the size the run says) is drawn from them."""
    from f1bench_pipeline.domains.f1.instances.assets import EVENT_TABLES, instances, test_sample

    data = tmp_path / "data"
    root = Path(sample_build["settings"].warehouse_dir)
    for table in EVENT_TABLES:
        shutil.copytree(root / table / f"season={SEASON}", data / "warehouse" / table / f"season={SEASON}")
    settings = sample_build["settings"].model_copy(update={"data_dir": data})
    resources = {**default_resources(settings), **f1_resources(settings)}
    run_config = {"resources": {"benchmark": {"config": {"test_season": int(SEASON), "test_sample_size": 5}}}}
    with dg.DagsterInstance.ephemeral() as instance:
        assert dg.materialize([instances], instance=instance, resources=resources, partition_key=SEASON,
                              run_config=run_config).success
        assert dg.materialize([test_sample], instance=instance, resources=resources, run_config=run_config).success
        assert _recorded(instance, "test_sample")["seed"] == get_settings().sample_seed  # left out: the settings'
    assert set(read_table(data / "warehouse", "instances", {"season": int(SEASON)})["split"]) == {"test"}
    assert 0 < read_table(data / "warehouse", "test_sample", {"season": int(SEASON)}).height <= 5


def test_race_rules_resource_has_every_threshold_documented():
    from f1bench_pipeline.domains.f1.resources import RaceRulesResource

    fields = RaceRulesResource.model_fields
    assert set(fields) == set(RaceRules.model_fields)
    for name, info in fields.items():
        assert info.default is None  # unset: the settings when the run starts
        assert RaceRules.model_fields[name].description in info.description
        assert f"F1BENCH_RULES__{name.upper()}" in info.description


def test_registry_resource_reads_the_systems_file_of_the_run_config(tmp_path):
    systems = tmp_path / "run_systems.yaml"
    systems.write_text(json.dumps({"systems": {"run-config-system": {"model": "f1bench/template-faithful"}}}),
                       encoding="utf-8")
    overlays = tmp_path / "overlays"
    overlays.mkdir()
    (overlays / "extra.yaml").write_text(json.dumps({"systems": {"overlay-system": {"model": "f1bench/template-terse"}}}),
                                         encoding="utf-8")
    seen: dict = {}

    @dg.asset
    def probe(system_registry: SystemRegistryResource) -> None:
        registry = system_registry.registry
        assert system_registry.registry is registry  # read once for the run
        seen.update(names=registry.names(), path=registry.path, overlays=list(registry.overlays))

    resources = default_resources()  # the code location's: nothing resolved
    run_config = {"resources": {"system_registry": {"config": {"path": str(systems), "overlays_dir": ""}}}}
    assert dg.materialize([probe], resources=resources, run_config=run_config).success
    assert seen == {"names": ["run-config-system"], "path": str(systems), "overlays": []}
    run_config = {"resources": {"system_registry": {"config": {"path": str(systems), "overlays_dir": str(overlays)}}}}
    assert dg.materialize([probe], resources=resources, run_config=run_config).success
    assert seen["names"] == ["run-config-system", "overlay-system"]
    assert seen["overlays"] == [str(overlays / "extra.yaml")]


# --- no get_settings() in an asset body ---------------------------------------------------------

_OP_DECORATORS = {"asset", "multi_asset", "op", "graph_asset", "asset_check", "multi_asset_check"}


def _decorator_name(node: ast.expr) -> str:
    node = node.func if isinstance(node, ast.Call) else node
    return node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")


def _calls(fn: ast.AST) -> set[str]:
    out = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Call):
            f = node.func
            out.add(f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", ""))
    return out


def _bodies_calling_get_settings() -> tuple[list[str], int]:
    """(asset/op/check bodies — and the module's own functions they call — that call
    ``get_settings``, how many bodies were scanned)."""
    offenders, scanned = [], 0
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions = {n.name: n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        bodies = [f for f in functions.values() if any(_decorator_name(d) in _OP_DECORATORS for d in f.decorator_list)]
        scanned += len(bodies)
        todo, seen = [(f, f.name) for f in bodies], set()
        while todo:  # the body, and the helpers of the same module it calls (transitively)
            fn, via = todo.pop()
            if fn.name in seen:
                continue
            seen.add(fn.name)
            called = _calls(fn)
            if "get_settings" in called:
                offenders.append(f"{path.relative_to(PACKAGE.parent)}:{fn.lineno} {fn.name} (from {via})")
            todo.extend((functions[c], via) for c in called if c in functions and c not in seen)
    return offenders, scanned


@pytest.mark.slow
def test_no_asset_body_calls_get_settings():
    offenders, scanned = _bodies_calling_get_settings()
    assert scanned >= 25, f"only {scanned} asset/op/check bodies found: the scan misses them"
    assert offenders == [], "read configuration from a resource (resources.py), not get_settings():\n" + "\n".join(offenders)


# --- partitions: only their own variables, at load ----------------------------------------------


def _import_definitions(**env: str) -> subprocess.CompletedProcess:
    code = ("from f1bench_pipeline.domains.f1.partitions import season_partitions, round_partitions\n"
            "import f1bench_pipeline.definitions\n"
            "print(season_partitions.get_partition_keys(), len(round_partitions.get_partition_keys()))\n")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True", **env}, timeout=300)


@pytest.mark.parametrize("env, expected", [
    ({"F1BENCH_OFFLINE": "ture"}, "'2025'] 24"),  # a broken run-time value does not stop the code location
    ({"F1BENCH_FIRST_SEASON": "2023", "F1BENCH_LAST_SEASON": "2024", "F1BENCH_MAX_ROUNDS": "3"}, "['2023', '2024'] 3"),
])
@pytest.mark.slow
def test_partitions_read_their_variables_alone(env, expected):
    r = _import_definitions(**env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().endswith(expected)


def test_a_bad_season_variable_is_named():
    r = _import_definitions(F1BENCH_LAST_SEASON="2025x")
    assert r.returncode != 0 and "F1BENCH_LAST_SEASON='2025x'" in r.stderr
