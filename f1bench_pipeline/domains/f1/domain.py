"""Formula 1 as the first :class:`~f1bench_pipeline.domains.base.Domain`: an adapter over
the existing modules, so nothing about F1's results changes.

* records: a season's event tables → ``instances.builders.build_base_instances``
* instances and prompts: ``instances.rows.instance_rows`` (EN/ES/PT × default/cover_all)
* facts and tolerances: ``instances.facts`` (``TOLERANCES``)
* claims: ``domains.f1.claims`` (``ClaimType``), extracted by ``domains.f1.extract``
* verification: ``domains.f1.verifier.verify_claim`` on a ``ContextIndex``
* offline answers: ``domains.f1.templates.template_answer``
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, get_args

import polars as pl

from f1bench_pipeline.domains.base import Domain, InstanceContext, InstanceIndex, text_digest
from f1bench_pipeline.package_data import REPO_ROOT
from f1bench_pipeline.scoring.verdict import Verdict

if TYPE_CHECKING:
    from f1bench_pipeline.generation.registry import System
    from f1bench_pipeline.orchestration.execute import Runs
    from f1bench_pipeline.settings import Settings


class F1Domain(Domain):
    name = "f1"
    partition_column = "season"
    partition_dtype = pl.Int64
    own_score_columns = ("results_source",)
    tables = {"instances": "instances", "generations": "generations", "claims": "claims", "scores": "scores"}
    gold_dir = REPO_ROOT.parent / "shared" / "data" / "paper_generations" / "gold_dev"  # the paper's dev gold
    llm_extractor_sources = ("domains/f1/llm_extractor.py", "domains/f1/claims.py")  # the prompt is built in these two
    verifier_sources = (
        "domains/f1/verifier.py", "domains/f1/domain.py", "domains/f1/claims.py",
        "domains/f1/context_index.py", "domains/f1/verify_pace.py", "domains/f1/verify_race.py",
        "domains/f1/verify_lap_pace.py", "domains/f1/verify_stops.py", "domains/f1/verify_unstated.py",
        "domains/f1/verify_gap_trend.py", "domains/f1/instances/stated.py",
        ("domains/f1/instances/facts.py", ("TOLERANCES", "pair_key", "stint_pace", "stint_degradation",
                                           "stop_neutralisation", "race_position", "running_order")),
    )

    @property
    def extractor_sources(self) -> tuple[str, ...]:  # type: ignore[override]
        """Every module of the extractor package (its vocabulary is in the package) and the claim schema."""
        from f1bench_pipeline.scoring.versions import package_modules

        return (*package_modules("domains/f1/extract"), "domains/f1/claims.py")

    def extractor_data(self) -> tuple[Path, ...]:
        """The driver surname table the extractor reads (``F1BENCH_DRIVERS_CSV``, else package data)."""
        from f1bench_pipeline.package_data import DRIVERS_CSV
        from f1bench_pipeline.settings import process_setting

        return (process_setting("drivers_csv") or DRIVERS_CSV,)

    @property
    def fact_types(self) -> tuple[str, ...]:  # type: ignore[override]
        from f1bench_pipeline.domains.f1.instances.facts import FactType

        return tuple(t.value for t in FactType)

    @property
    def claim_types(self) -> tuple[str, ...]:  # type: ignore[override]
        from f1bench_pipeline.domains.f1.claims import ClaimType

        return tuple(get_args(ClaimType))

    @property
    def template_version(self) -> int:  # type: ignore[override]
        from f1bench_pipeline.domains.f1.templates import TEMPLATE_VERSION

        return TEMPLATE_VERSION

    @property
    def tolerances(self) -> Mapping[str, Any]:
        from f1bench_pipeline.domains.f1.instances.facts import TOLERANCES

        return {str(t.value): dict(v) for t, v in TOLERANCES.items()}

    def instance_rows(self, records: Any, **options: Any) -> pl.DataFrame:
        """``records``: the season's event tables by name; ``settings`` in ``options``."""
        from f1bench_pipeline.domains.f1.instances.builders import build_base_instances
        from f1bench_pipeline.domains.f1.instances.rows import instance_rows
        from f1bench_pipeline.settings import get_settings

        return instance_rows(build_base_instances(records, options.get("settings") or get_settings()))

    def index(self, instances: pl.DataFrame) -> InstanceIndex:
        from f1bench_pipeline.domains.f1.context_index import context_index
        from f1bench_pipeline.domains.f1.instances.facts import facts_from_json

        def parse(r: dict) -> InstanceContext:
            return InstanceContext(oracle=facts_from_json(r["facts"]), verify_context=context_index(r),
                                   extract_context=json.loads(r["entities"]), meta=r)

        columns = ["id", "facts", "context_facts", "entities", "decision_type", "kind", "season"]
        columns += [c for c in ("context",) if c in instances.columns]
        return InstanceIndex(instances, columns + [c for c in self.own_score_columns if c in instances.columns], parse)

    def extract_claims(self, text: str, lang: str, context: Any) -> list[Any]:
        from f1bench_pipeline.domains.f1.extract import extract_claims

        return extract_claims(text, lang, context)

    def reading_coverage(self, text: str, lang: str, claims: list[Any]) -> float | None:
        from f1bench_pipeline.domains.f1.extract.coverage import reading_coverage

        return reading_coverage(text, lang, claims)

    def verify(self, claim: Any, context: InstanceContext) -> Verdict:
        from f1bench_pipeline.domains.f1.verifier import verify_claim

        return verify_claim(claim, context.verify_context)

    def template_answer(self, kind: str, facts_json: str, lang: str, instance_id: str,
                        entities_json: str = "{}", seed: int = 0, context_json: str | None = None) -> str:
        from f1bench_pipeline.domains.f1.templates import template_answer

        return template_answer(kind, facts_json, lang, instance_id, entities_json, seed, context_json)

    def revise_answer(self, answer: str, message: str) -> str:
        from f1bench_pipeline.domains.f1.refinement.edits import apply_edits, parse_edit_message

        return apply_edits(answer, parse_edit_message(message))

    def import_gold(self, gold_dir: Path, root: Any, resolve_model: Any, *, extractor: str = "regex",
                    include_context_mismatch: bool = False) -> tuple[Any, Any]:
        from f1bench_pipeline.domains.f1.review_gold import import_gold

        return import_gold(gold_dir, root, resolve_model, extractor=extractor,
                           include_context_mismatch=include_context_mismatch)

    # --- generation ---------------------------------------------------------------------------

    def select_instances(self, warehouse_root: Path | str, system: System, partition: Any) -> tuple[pl.DataFrame, str]:
        """A system whose ``instances`` is ``test_sample`` answers the ids of the season's test sample
        (``instance_selection``); any other, every instance of the season (the shared default)."""
        if system.instances != "test_sample":
            return super().select_instances(warehouse_root, system, partition)
        from f1bench_pipeline.domains.f1.instance_selection import select_test_sample

        return select_test_sample(warehouse_root, system, partition)

    def offline_cache_extra(self, row: Mapping[str, Any], seed: int) -> dict[str, Any]:
        """F1's templates name the drivers of the instance's ``entities``: their digest is in the key,
        the domain's name is not (the keys of the answers cached before weather existed)."""
        return {"oracle": text_digest(row["facts"]), "entities": text_digest(row["entities"]), "seed": seed,
                "template_version": self.template_version}

    # --- evaluation ---------------------------------------------------------------------------
    # A season; its Dagster runs and views (Dagster, DuckDB: seconds) imported in the methods, not
    # with the domain, which every scoring worker imports.

    def evaluation_partition(self, settings: Settings, value: int | None) -> int:
        """The season (default: the test season), one of the configured ones."""
        return settings.checked_season(value)

    def evaluation_run(self, system_name: str, partition: Any) -> tuple[str, Any]:
        """The ``generate_and_score`` job on the system's season × model partition (the run the UI,
        ``make rerun`` and the sensor launch)."""
        from f1bench_pipeline.domains.f1.partitions import partition_key

        return "generate_and_score", partition_key(system_name, partition)

    def check_evaluable(self, warehouse_root: Path | str, system: System, partition: Any, settings: Settings) -> None:
        """The season is built, and holds a test sample when the system asks it."""
        from f1bench_pipeline.domains.f1.evaluation import check_selection

        check_selection(self, warehouse_root, system, partition, settings.test_season)

    def evaluation_leaderboard(self, warehouse_root: Path | str, partition: Any, variant: str, lang: str = "all", *,
                               like: str, within: pl.DataFrame) -> tuple[list[dict], list[str]]:
        """The ``leaderboard`` of the season (``f1bench leaderboard``'s rows) on the answers ``like`` gave."""
        from f1bench_pipeline.scoring.leaderboard_cli import leaderboard

        return leaderboard(warehouse_root, partition, variant, lang, like=like, within=within)

    def refresh_views(self, runs: Runs, partitions: list[Any]) -> None:
        """Each season's precision-recall figure and the audit page's first leaderboard."""
        from f1bench_pipeline.domains.f1.runs import refresh_season_views

        refresh_season_views(runs, partitions)

    def claim_extractor(self, name: str) -> Any:
        """None for ``regex`` (the domain's own), else the LLM extractor (``F1BENCH_LLM_EXTRACTOR``)."""
        if name == "regex":
            return None
        from f1bench_pipeline.domains.f1.llm_extractor import default_llm_extractor

        return default_llm_extractor()

    # --- scoring ---
    version_prefix = ""  # F1's code versions keep their historical unprefixed kinds: regex-…, llm-…, verify-…

    def extractor(self):
        """The regex extractor itself (imported here: the extractor costs ~0.5 s to import, paid
        when scoring starts, not by every user of the domain), so a worker can import it by name."""
        from f1bench_pipeline.domains.f1.extract import extract_claims

        return extract_claims

    def verifier(self) -> Callable[[Any, InstanceContext], Verdict]:
        """``verify`` with ``verify_claim`` imported once per scoring call: an import statement
        costs more than a cheap verdict, and the verifier (~0.3 s) is not imported with the domain."""
        from f1bench_pipeline.domains.f1.verifier import verify_claim

        def verify(claim: Any, context: InstanceContext) -> Verdict:
            return verify_claim(claim, context.verify_context)

        return verify

    def coverage(self) -> Callable[[str, str, list[Any]], float | None]:
        """``reading_coverage`` itself, imported once per scoring call (as ``verifier``)."""
        from f1bench_pipeline.domains.f1.extract.coverage import reading_coverage

        return reading_coverage

    def warm_worker(self) -> None:
        """The imports and compiled word tables every chunk needs: the extractor, the verifier,
        the facts and polars (scoring itself is then quick)."""
        import polars  # noqa: F401

        from f1bench_pipeline.domains.f1 import verifier  # noqa: F401
        from f1bench_pipeline.domains.f1.extract import extract_claims  # noqa: F401
        from f1bench_pipeline.domains.f1.extract.tokens import word_table
        from f1bench_pipeline.domains.f1.instances import facts  # noqa: F401

        for lang in self.languages:
            word_table(lang)
