"""Versioned scores: extractor/verifier versions ignore comments and docstrings, change with
code, land in the claims/scores rows, and a new version marks stored partitions stale in Dagster."""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import dagster as dg
import polars as pl
import pytest

from f1bench_pipeline.domains.f1.instances.facts import facts_to_json, final_position, n_stops, pit_lap
from f1bench_pipeline.domains import versions
from f1bench_pipeline.scoring import versions as code_versions
from f1bench_pipeline.settings import Settings

SEASON, MODEL = 2024, "versions-test-model"
PARTITION = dg.MultiPartitionKey({"season": str(SEASON), "model": MODEL})

MODULE = '''"""A module docstring."""

LIMIT = 3  # a comment


def f(x):
    """A function docstring."""
    return x + LIMIT
'''


@pytest.fixture(autouse=True)
def _fresh_versions(monkeypatch):
    """Versions are cached per process: tests that edit sources must not leak theirs."""
    monkeypatch.delenv("F1BENCH_LLM_EXTRACTOR", raising=False)
    code_versions.cache_clear()
    yield
    code_versions.cache_clear()


def _hash(tmp_path: Path, text: str, name: str = "m.py") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return code_versions.source_hash([str(path)])


def test_comments_docstrings_and_layout_do_not_change_the_hash_code_does(tmp_path):
    base = _hash(tmp_path, MODULE)
    assert _hash(tmp_path, MODULE.replace("# a comment", "# another comment\n# and more")) == base
    assert _hash(tmp_path, MODULE.replace("A function docstring.", "Reworded, longer\n    docstring.")) == base
    assert _hash(tmp_path, MODULE.replace('"""A module docstring."""\n', "")) == base
    assert _hash(tmp_path, MODULE.replace("return x + LIMIT", "return (\n        x\n        + LIMIT\n    )")) == base
    assert _hash(tmp_path, MODULE.replace("LIMIT = 3", "LIMIT = 4")) != base
    assert _hash(tmp_path, MODULE.replace("x + LIMIT", "LIMIT + x")) != base
    assert _hash(tmp_path, MODULE + "\nEXTRA = f(1)\n") != base
    # only the named definitions count when a module is restricted to them
    path = tmp_path / "m.py"
    path.write_text(MODULE + "\n\ndef unrelated():\n    return 1\n", encoding="utf-8")
    only_f = code_versions.source_hash([(str(path), ("f", "LIMIT"))])
    path.write_text(MODULE + "\n\ndef unrelated():\n    return 2\n", encoding="utf-8")
    assert code_versions.source_hash([(str(path), ("f", "LIMIT"))]) == only_f
    # data files count byte for byte
    data = tmp_path / "drivers.csv"
    data.write_text("code,surname\nLEC,Leclerc\n", encoding="utf-8")
    with_data = code_versions.source_hash([str(path)], [data])
    data.write_text("code,surname\nLEC,Leclerc\nHAM,Hamilton\n", encoding="utf-8")
    assert code_versions.source_hash([str(path)], [data]) != with_data


def test_version_format_sources_and_data_files(tmp_path, monkeypatch):
    from f1bench_pipeline.domains.f1 import extract

    from f1bench_pipeline.domains import get_domain

    assert get_domain("f1").extractor_data() == (extract.DRIVERS_CSV,)
    # every module of the extractor package (its vocabulary too) is part of the regex version
    package = code_versions.PACKAGE / "domains" / "f1" / "extract"
    modules = {p.relative_to(code_versions.PACKAGE).as_posix() for p in package.rglob("*.py")}
    assert {"domains/f1/extract/__init__.py", "domains/f1/extract/vocabulary/en.py"} <= modules
    assert set(versions.sources("f1", "regex")) == modules | {"domains/f1/claims.py", "scoring/claims.py"}
    for v in (versions.extractor_version("f1"), versions.extractor_version("f1", "llm"), versions.verifier_version("f1"),
              versions.extractor_version("weather"), versions.verifier_version("weather")):
        assert re.fullmatch(r"(weather-)?(regex|llm|verify)-[0-9a-f]{12}", v), v
    # every definition a version is restricted to exists (a rename must not shrink a version silently)
    for kind in (("f1", "regex"), ("f1", "llm"), ("f1", "verify"), ("weather", "regex"), ("weather", "verify")):
        for src in versions.sources(*kind):
            rel, names = (src, ()) if isinstance(src, str) else src
            tree = ast.parse((code_versions.PACKAGE / rel).read_text(encoding="utf-8"))
            for name in names:
                assert any(code_versions._defines(node, (name,)) for node in tree.body), (kind, rel, name)
    # the surname table the regex extractor reads is part of its version
    regex = versions.extractor_version("f1")
    other = tmp_path / "drivers.csv"
    other.write_bytes(extract.DRIVERS_CSV.read_bytes() + b"\n")
    monkeypatch.setenv("F1BENCH_DRIVERS_CSV", str(other))
    assert versions.extractor_version("f1") != regex
    # the LLM extractor's model is part of its version, and the code version includes it only when enabled
    monkeypatch.delenv("F1BENCH_DRIVERS_CSV")
    plain = versions.scoring_code_version("f1")
    llm_none = versions.extractor_version("f1", "llm")
    monkeypatch.setenv("F1BENCH_LLM_EXTRACTOR", "some-extraction-model")
    assert versions.extractor_version("f1", "llm") != llm_none
    assert versions.scoring_code_version("f1") == f"{regex}+{versions.extractor_version('f1', 'llm')}+{versions.verifier_version('f1')}"
    assert plain == f"{regex}+{versions.verifier_version('f1')}"


def test_versions_are_kept_on_disk_keyed_by_the_exact_sources(tmp_path, monkeypatch):
    """A second process reads a version from the cache instead of parsing; any edit of a source
    is a new key (a comment edit still gives the same version, a code edit another); an
    unwritable cache only means parsing again."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    module = tmp_path / "m.py"
    module.write_text(MODULE, encoding="utf-8")
    monkeypatch.setitem(versions.SOURCES, "weather-regex", (str(module),))
    first = versions.extractor_version("weather")
    assert first == f"weather-regex-{code_versions.source_hash([str(module)])[:12]}"
    kept = json.loads(code_versions._cache_file().read_text(encoding="utf-8"))
    assert list(kept.values()) == [first]
    # read back, not parsed: a planted value under the same key is what comes out
    kept = {k: "weather-regex-from-disk" for k in kept}
    code_versions._cache_file().write_text(json.dumps(kept), encoding="utf-8")
    code_versions.cache_clear()
    assert versions.extractor_version("weather") == "weather-regex-from-disk"
    code_versions._cache_file().unlink()
    code_versions.cache_clear()
    module.write_text(MODULE.replace("# a comment", "# reworded"), encoding="utf-8")
    assert versions.extractor_version("weather") == first
    code_versions.cache_clear()
    module.write_text(MODULE.replace("LIMIT = 3", "LIMIT = 4"), encoding="utf-8")
    changed = versions.extractor_version("weather")
    assert changed != first
    assert sorted(json.loads(code_versions._cache_file().read_text(encoding="utf-8")).values()) == sorted([first, changed])
    # a cache that cannot be written (its folder is a file): the same version, parsed
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    code_versions.cache_clear()
    assert versions.extractor_version("weather") == changed


def test_code_versions_are_computed_without_litellm_or_dagster():
    code = ("import os, sys; os.environ['F1BENCH_LLM_EXTRACTOR'] = 'gpt-5.4-mini'\n"
            "from f1bench_pipeline.domains import versions as v\n"
            "print(v.scoring_code_version('f1'), v.scoring_code_version('weather'))\n"
            "assert 'litellm' not in sys.modules and 'dagster' not in sys.modules\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "+llm-" in r.stdout


# --- Dagster: a new extractor version marks stored claims/scores stale -----------------------


def _tiny_warehouse(settings: Settings) -> None:
    """One instance and two answers: enough for the real claims/scores asset to run in a second."""
    from f1bench_pipeline.storage.warehouse import write_partition

    facts = [n_stops("LEC", 1), pit_lap("LEC", 15), final_position("LEC", 1)]
    instances = pl.DataFrame([{
        "id": "2024_Italian_Grand_Prix::stint::LEC", "lang": lang, "variant": "default",
        "facts": facts_to_json(facts), "context_facts": facts_to_json(facts),
        "entities": json.dumps({"drivers": ["LEC"], "teams": ["Ferrari"]}), "decision_type": "stint", "kind": "stint",
    } for lang in ("en", "es")])
    gens = pl.DataFrame({"id": ["2024_Italian_Grand_Prix::stint::LEC"] * 2, "lang": ["en", "es"],
                         "variant": ["default"] * 2, "status": ["ok"] * 2,
                         "text": ["LEC made one stop, pitting on lap 15, and won the race.",
                                  "LEC hizo una parada: entró en boxes en la vuelta 15 y ganó la carrera."]})
    write_partition(instances, settings.warehouse_dir, "instances", {"season": SEASON})
    write_partition(gens, settings.warehouse_dir, "generations", {"season": SEASON, "model": MODEL})


def _definitions(settings: Settings, monkeypatch) -> dg.Definitions:
    """The code location as the UI loads it: build_definitions builds the claims/scores asset, so
    its code version is the extractor code of this moment (as in a freshly loaded code server)."""
    from f1bench_pipeline.orchestration.definitions_builder import build_definitions

    return build_definitions(settings)


def _staleness(defs: dg.Definitions, instance: dg.DagsterInstance, key: str):
    """(status, causes) of the test partition, resolved as the UI resolves them."""
    from dagster._core.asset_graph_view.asset_graph_view import AssetGraphView, TemporalContext
    from dagster._core.definitions.data_version import CachingStaleStatusResolver
    from dagster._time import get_current_datetime

    # as the webserver's request context does: a resolver over the code location's asset graph,
    # with the request as loading context
    graph = defs.resolve_asset_graph()
    view = AssetGraphView(temporal_context=TemporalContext(effective_dt=get_current_datetime(), last_event_id=None),
                          instance=instance, asset_graph=graph)
    resolver = CachingStaleStatusResolver(instance, asset_graph=lambda: graph, loading_context=view)
    asset_key = dg.AssetKey(key)
    return resolver.get_status(asset_key, PARTITION), resolver.get_stale_causes(asset_key, PARTITION)


def test_a_new_extractor_version_marks_stored_claims_and_scores_stale(tmp_path, monkeypatch):
    from dagster._core.definitions.data_version import StaleCauseCategory, StaleStatus

    from f1bench_pipeline.storage.warehouse import read_table

    settings = Settings(data_dir=tmp_path / "data")
    _tiny_warehouse(settings)
    # The regex extractor's version reads a copy of one of its modules, which the test then edits.
    module = tmp_path / "drivers.py"
    shutil.copy(code_versions.PACKAGE / "domains" / "f1" / "extract" / "drivers.py", module)
    regex = tuple(str(module) if src == "domains/f1/extract/drivers.py" else src for src in versions.sources("f1", "regex"))
    assert str(module) in regex
    monkeypatch.setattr(versions, "SOURCES", {**versions.SOURCES, "regex": regex})
    code_versions.cache_clear()
    first = versions.extractor_version("f1")

    with dg.DagsterInstance.ephemeral() as instance:
        instance.add_dynamic_partitions("models", [MODEL])
        defs = _definitions(settings, monkeypatch)
        result = defs.resolve_job_def("score_only").execute_in_process(instance=instance, partition_key=PARTITION)
        assert result.success
        for key in ("claims", "scores"):
            assert _staleness(defs, instance, key) == (StaleStatus.FRESH, [])
            mat = instance.fetch_materializations(dg.AssetKey(key), limit=1).records[0].asset_materialization
            assert mat.metadata["extractor_version"].value == first
            assert mat.metadata["verifier_version"].value == versions.verifier_version("f1")
            assert mat.tags["dagster/code_version"] == f"{first}+{versions.verifier_version('f1')}"
            stored = read_table(settings.warehouse_dir, key, {"season": SEASON, "model": MODEL})
            assert stored.height > 0
            assert stored["extractor_version"].unique().to_list() == [first]
            assert stored["verifier_version"].unique().to_list() == [versions.verifier_version("f1")]

        # a comment and a docstring edit: same version, still fresh
        text = module.read_text(encoding="utf-8")
        module.write_text("# reviewed\n" + text.replace('"""code -> {"surnames"', '"""Code -> {"surnames"', 1),
                          encoding="utf-8")
        code_versions.cache_clear()
        assert versions.extractor_version("f1") == first
        defs = _definitions(settings, monkeypatch)
        assert _staleness(defs, instance, "claims") == (StaleStatus.FRESH, [])

        # a code edit: new version, both assets stale because of their code version
        module.write_text(text + "\n_SEEN_BY_THE_VERSION = True\n", encoding="utf-8")
        code_versions.cache_clear()
        assert versions.extractor_version("f1") != first
        defs = _definitions(settings, monkeypatch)
        for key in ("claims", "scores"):
            status, causes = _staleness(defs, instance, key)
            assert status == StaleStatus.STALE
            assert [(c.category, c.reason) for c in causes] == [(StaleCauseCategory.CODE, "has a new code version")]


def test_weather_claims_and_scores_carry_their_versions(tmp_path):
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.domains.weather.assets import build_weather_claims_and_scores
    from f1bench_pipeline.domains.weather.records import load_records
    from f1bench_pipeline.domains.weather.sources import SAMPLE_FILE
    from f1bench_pipeline.resources import WarehouseResource
    from f1bench_pipeline.storage.warehouse import read_table, write_partition

    weather, batch = get_domain("weather"), "versions-test"
    settings = Settings(data_dir=tmp_path)
    instances = weather.instance_rows(load_records(SAMPLE_FILE)[:2], batch=batch)
    gens = instances.select("id", "lang", "variant", pl.lit("ok").alias("status"), pl.struct("facts", "lang", "id").map_elements(
        lambda r: weather.template_answer("faithful", r["facts"], r["lang"], r["id"]), return_dtype=pl.Utf8).alias("text"))
    write_partition(instances, settings.warehouse_dir, "weather_instances", {"batch": batch})
    write_partition(gens, settings.warehouse_dir, "weather_generations", {"batch": batch, "model": MODEL})
    asset = build_weather_claims_and_scores()
    expected = {"extractor_version": versions.extractor_version("weather"),
                "verifier_version": versions.verifier_version("weather")}
    assert {spec.code_version for spec in asset.specs} == {"{extractor_version}+{verifier_version}".format(**expected)}
    with dg.DagsterInstance.ephemeral() as instance:
        instance.add_dynamic_partitions("weather_batches", [batch])
        instance.add_dynamic_partitions("models", [MODEL])
        result = dg.materialize([asset], instance=instance, resources={"warehouse": WarehouseResource(data_dir=str(tmp_path))},
                                partition_key=dg.MultiPartitionKey({"batch": batch, "model": MODEL}))
        assert result.success
        mat = instance.fetch_materializations(dg.AssetKey("weather_scores"), limit=1).records[0].asset_materialization
        assert {k: mat.metadata[k].value for k in expected} == expected
    for table in ("weather_claims", "weather_scores"):
        stored = read_table(settings.warehouse_dir, table, {"batch": batch})
        assert stored.height > 0
        assert stored.select(*expected).unique().to_dicts() == [expected], table


@pytest.mark.slow
def test_score_command_prints_the_versions(tmp_path):
    settings = Settings(data_dir=tmp_path / "data")
    _tiny_warehouse(settings)
    f = tmp_path / "gens.jsonl"
    f.write_text(json.dumps({"id": "2024_Italian_Grand_Prix::stint::LEC", "model": "m", "lang": "en",
                             "text": "LEC pitted on lap 15."}) + "\n", encoding="utf-8")
    env = {"F1BENCH_DATA_DIR": str(settings.data_dir), "PATH": "/usr/bin:/bin", "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    run = [sys.executable, "-m", "f1bench_pipeline.cli", "score", str(f)]
    table = subprocess.run(run, capture_output=True, text=True, env=env)
    as_json = subprocess.run([*run, "--format", "json"], capture_output=True, text=True, env=env)
    assert table.returncode == 0 and as_json.returncode == 0, table.stderr + as_json.stderr
    regex, verify = versions.extractor_version("f1"), versions.verifier_version("f1")
    assert f"with the regex extractor ({regex}, verifier {verify})" in table.stdout
    out = json.loads(as_json.stdout)
    assert (out["extractor_version"], out["verifier_version"]) == (regex, verify)


def test_every_module_the_f1_verifier_imports_is_a_verifier_version_source():
    """A verifier module left out of ``verifier_sources`` would change verdicts without marking stored
    scores stale (#44's second pass added ``verify_stops.py`` and nearly did)."""
    from f1bench_pipeline.domains.f1 import domain, verifier

    tree = ast.parse(Path(verifier.__file__).read_text(encoding="utf-8"))
    imported = {f"domains/f1/{alias.name}.py" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                and node.module == "f1bench_pipeline.domains.f1" for alias in node.names}
    sources = {s if isinstance(s, str) else s[0] for s in domain.F1Domain.verifier_sources}
    assert imported and imported <= sources, sorted(imported - sources)
