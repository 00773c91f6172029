"""A third domain added without editing a shared module (#28): a toy "sums" domain written to a
temporary folder as an installed package (its entry point under ``f1bench_pipeline.domains``)
with its own ``domain.py``, ``definitions.py``, ``cli.py`` and ``sql/views/``. In a fresh
process the code location holds its assets and job, its job runs end to end through Dagster
(instances → the offline systems' answers through litellm, by ``generation.runner.generate_partition``,
the function F1's ``generations`` asset calls → claims → scores), ``f1bench sql``
reads its view and ``f1bench toy`` is a command."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]

DOMAIN = '''
import re

import polars as pl

from f1bench_pipeline.domains.base import (Domain, DomainClaim, DomainFact, InstanceContext, InstanceIndex, Span,
                                           domain_facts_from_json, domain_facts_to_json)
from f1bench_pipeline.scoring.verdict import judge

SUM = re.compile(r"(\\d+) \\+ (\\d+) = (\\d+)")


class ToyDomain(Domain):
    """Sums: the oracle of "what is a + b?" is one fact, the total."""

    name = "toy"
    partition_column = "batch"
    tables = {"instances": "toy_instances", "generations": "toy_generations", "claims": "toy_claims",
              "scores": "toy_scores"}
    languages = ("en",)
    variants = ("default",)
    fact_types = ("sum",)
    claim_types = ("sum",)

    @property
    def tolerances(self):
        return {"sum": {"exact": True}}

    def instance_rows(self, records, **options):
        rows = []
        for a, b in records:
            facts = domain_facts_to_json([DomainFact(type="sum", key={"a": a, "b": b}, value={"total": a + b})])
            rows.append({"id": f"{a}+{b}", "lang": "en", "variant": "default", "decision_type": "sum", "kind": "sum",
                         "batch": options["batch"], "system_prompt": "Add the two numbers.",
                         "user_message": f"What is {a} + {b}?", "facts": facts, "context_facts": facts})
        return pl.DataFrame(rows)

    def index(self, instances):
        def parse(r):
            return InstanceContext(oracle=domain_facts_from_json(r["facts"]),
                                   verify_context=domain_facts_from_json(r["context_facts"]), extract_context=None,
                                   meta=r)

        return InstanceIndex(instances, ["id", "facts", "context_facts", "decision_type", "kind", "batch"], parse)

    def extract_claims(self, text, lang, context):
        return [DomainClaim(type="sum", slots={"a": int(m[1]), "b": int(m[2]), "total": int(m[3])},
                            span=Span(start=m.start(), end=m.end(), text=m[0])) for m in SUM.finditer(text)]

    def verify(self, claim, context):
        key = {"a": claim.slots["a"], "b": claim.slots["b"]}
        return judge([f for f in context.verify_context if f.key == key],
                     lambda f: f.value["total"] == claim.slots["total"], "sum")

    def template_answer(self, kind, facts_json, lang, instance_id, entities_json="{}", seed=0):
        (fact,) = domain_facts_from_json(facts_json)
        a, b, total = fact.key["a"], fact.key["b"], fact.value["total"]
        return {"faithful": f"{a} + {b} = {total}.", "noisy": f"{a} + {b} = {total + 1}.",
                "terse": "It is a sum."}[kind]
'''

DEFINITIONS = '''
import dagster as dg
import polars as pl

# the scoring function F1's claims_and_scores asset calls (checked by RUN)
from f1bench_pipeline.domains.scoring import score_generations_parallel
from f1bench_pipeline.domains.versions import score_versions

from f1bench_pipeline.resources import SystemRegistryResource, WarehouseResource

BATCH = "toy-1"


@dg.asset(group_name="toy")
def toy_instances(warehouse: WarehouseResource) -> None:
    from f1bench_pipeline.domains import get_domain

    warehouse.write(get_domain("toy").instance_rows([(2, 3), (10, 5), (7, 8)], batch=BATCH), "toy_instances",
                    {"batch": BATCH})


@dg.asset(group_name="toy", deps=[toy_instances])
def toy_scores(warehouse: WarehouseResource, system_registry: SystemRegistryResource) -> None:
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.generation.runner import generate_partition

    domain = get_domain("toy")
    instances = warehouse.read("toy_instances", {"batch": BATCH})
    registry = system_registry.registry
    for system in registry.offline_systems():
        answers = generate_partition(domain, warehouse.path_settings(), system, BATCH, registry=registry).frame
        # in a worker process too (min_rows=0): the worker finds the toy domain by its name and entry point
        _claims, scores = score_generations_parallel(domain, answers.with_columns(pl.lit(system.name).alias("model")),
                                                     instances, workers=2, min_rows=0, **score_versions("toy"))
        warehouse.write(scores.drop("model", "batch"), "toy_scores", {"batch": BATCH, "model": system.safe_name})
    warehouse.refresh_views()


def definitions(settings=None):
    return dg.Definitions(assets=[toy_instances, toy_scores],
                          jobs=[dg.define_asset_job("toy_pipeline", selection=["toy_instances", "toy_scores"])])
'''

CLI = '''
def register(sub):
    p = sub.add_parser("toy", help="the toy domain's own command")
    p.set_defaults(func=lambda args: print("toy domain here") or 0)
'''

VIEW = """-- toy_scores: the toy domain's scores
CREATE OR REPLACE VIEW toy_scores AS
SELECT * FROM read_parquet('{warehouse}/toy_scores/**/*.parquet', hive_partitioning = true, union_by_name = true);
"""

RUN = '''
import dagster as dg

from f1bench_pipeline.definitions import defs
from f1bench_pipeline.discovery import domain_names
from f1bench_pipeline.domains.f1 import generation_assets
from f1bench_pipeline.generation import runner
from f1bench_pipeline.settings import get_settings
from f1bench_pipeline.storage.warehouse import read_table

assert domain_names() == ["f1", "toy", "weather"], domain_names()
# the toy is scored by the very function F1's claims/scores asset calls
from f1bench_pipeline.domains import scoring
from f1bench_pipeline.domains.f1 import scoring_assets
from toy_domain import definitions as toy_definitions

assert toy_definitions.score_generations_parallel is scoring_assets.score_generations_parallel \
    is scoring.score_generations_parallel
assert dg.AssetKey("toy_scores") in {k for a in defs.assets for k in a.keys}

# The toy's answers go through the function F1's `generations` asset calls: a spy on it counts the calls.
assert generation_assets.generate_partition is runner.generate_partition
called = []
road = runner.generate_partition


def spy(domain, settings, system, partition, **options):
    called.append((domain.name, system.name, partition))
    return road(domain, settings, system, partition, **options)


runner.generate_partition = spy
with dg.DagsterInstance.ephemeral() as instance:
    result = defs.resolve_job_def("toy_pipeline").execute_in_process(instance=instance)
    assert result.success
assert sorted(called) == [("toy", f"template-{k}", "toy-1") for k in ("faithful", "noisy", "terse")], called
# what only that road writes: the table the domain names, with each answer's provenance hashes
answers = read_table(get_settings().warehouse_dir, "toy_generations", {"batch": "toy-1"})
assert answers.height == 9 and answers["context_sha256"].is_not_null().all(), answers
assert answers["facts_sha256"].is_not_null().all()
print("RAN")
'''


def _write_plugin(root: Path) -> None:
    package = root / "toy_domain"
    (package / "sql" / "views").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "domain.py").write_text(DOMAIN, encoding="utf-8")
    (package / "definitions.py").write_text(DEFINITIONS, encoding="utf-8")
    (package / "cli.py").write_text(CLI, encoding="utf-8")
    (package / "sql" / "views" / "75__toy_scores.sql").write_text(VIEW, encoding="utf-8")
    dist = root / "toy_domain-0.1.dist-info"  # what `pip install` of a package declaring the entry point leaves
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-domain\nVersion: 0.1\n", encoding="utf-8")
    (dist / "entry_points.txt").write_text("[f1bench_pipeline.domains]\ntoy = toy_domain.domain:ToyDomain\n",
                                           encoding="utf-8")


def test_a_toy_domain_in_its_own_folder_runs_end_to_end(tmp_path):
    _write_plugin(tmp_path / "site")
    env = {k: v for k, v in os.environ.items() if not k.startswith("F1BENCH_")}
    env.update(PYTHONPATH=os.pathsep.join([str(tmp_path / "site"), str(REPO)]), F1BENCH_DATA_DIR=str(tmp_path / "data"),
               F1BENCH_PROGRESS="off", LITELLM_LOCAL_MODEL_COST_MAP="True", DAGSTER_HOME=str(tmp_path / "home"))
    (tmp_path / "home").mkdir()

    def run(*argv: str) -> subprocess.CompletedProcess:
        r = subprocess.run([sys.executable, *argv], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600)
        assert r.returncode == 0, (argv, r.stdout[-3000:], r.stderr[-3000:])
        return r

    assert "RAN" in run("-c", textwrap.dedent(RUN)).stdout
    assert "toy domain here" in run("-m", "f1bench_pipeline.cli", "toy").stdout
    out = run("-m", "f1bench_pipeline.cli", "sql", "--format", "csv",
              "SELECT model, avg(precision) AS p, avg(recall) AS r, sum(n_claims) AS n, "
              "min(extractor_version) AS ev, min(verifier_version) AS vv FROM toy_scores "
              "GROUP BY model ORDER BY model").stdout
    rows = {r["model"]: r for r in csv.DictReader(io.StringIO(out))}
    assert set(rows) == {"template-faithful", "template-noisy", "template-terse"}, out
    assert float(rows["template-faithful"]["p"]) == 1.0 and float(rows["template-faithful"]["r"]) == 1.0
    assert rows["template-faithful"]["ev"].startswith("toy-regex-") and rows["template-faithful"]["vv"].startswith("toy-verify-")
    assert float(rows["template-noisy"]["p"]) == 0.0 and float(rows["template-noisy"]["r"]) == 0.0
    assert float(rows["template-terse"]["n"]) == 0 and float(rows["template-terse"]["r"]) == 0.0  # it abstains


def test_the_shared_modules_name_no_domain_but_f1():
    """Weather lives in its folder: no shared module (outside domains/) imports it or names its
    tables, partitions or commands in code."""
    package = REPO / "f1bench_pipeline"
    shared = [p for p in package.rglob("*.py") if "domains" not in p.relative_to(package).parts[:1]]
    named = []
    for path in shared:
        text = path.read_text(encoding="utf-8")
        for word in ("domains.weather", "weather_batch", "weather_definitions", "build_weather"):
            if word in text:
                named.append(f"{path.relative_to(package)}: {word}")
    assert not named, named
    assert not list((package / "sql" / "views").glob("*weather*"))
