"""The domain interface: what a benchmark domain must provide so the shared machinery —
generation through litellm (offline templates included), the generic scoring loop and
its metrics (``scoring.metrics.score_generation``), the warehouse and the views — works
on it unchanged.

A domain is one package that answers six questions:

1. **Records and oracle facts.** What one decision to explain is (an F1 undercut, a NWS
   forecast period) and its *complete* fact set: typed facts with an exact ``key`` and a
   ``value`` (:class:`DomainFact`, the same shape as F1's ``instances.facts.Fact``).
2. **Instances and prompts.** ``instance_rows`` turns records into one row per
   id × language × prompt variant with the system prompt, the user message (context
   the model sees), the oracle as stable JSON, and the domain's partition value.
3. **Claim types.** Which atomic claims its extractor produces (``claim_types``).
4. **Extraction.** ``extract_claims(text, lang, context)`` — regex patterns per language.
5. **Verification.** ``verify(claim, context)`` → a ``scoring.verifier.Verdict``
   (supported / contradicted / unverifiable, a reason, the matched fact ids), with the
   tolerance per fact type declared as named configuration (``tolerances``).
6. **Offline answers.** ``template_answer(kind, ...)`` for the ``template-faithful``,
   ``template-noisy`` and ``template-terse`` systems, served by the same litellm custom
   provider (``generation.provider``) which dispatches on ``metadata['f1bench']['domain']``.

The metric core never looks inside facts or claims: it needs each oracle fact's
``fact_id`` and each verdict's ``label`` and ``matched`` ids. So a third domain (finance,
box scores) is a new package implementing :class:`Domain` plus its Dagster assets.
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import polars as pl
from pydantic import BaseModel, ConfigDict, Field

from f1bench_pipeline.oracle import (  # noqa: F401 - re-exported
    DomainFact,
    domain_facts_from_json,
    domain_facts_to_json,
    format_slot,
)
from f1bench_pipeline.errors import UserError
from f1bench_pipeline.scoring.claims import Span
from f1bench_pipeline.scoring.verdict import Verdict
from f1bench_pipeline.scoring.versions import Source
from f1bench_pipeline.storage.warehouse import read_table

if TYPE_CHECKING:  # annotations only: the registry is the generation stage's, the runs orchestration's
    from f1bench_pipeline.generation.registry import System
    from f1bench_pipeline.orchestration.execute import Runs
    from f1bench_pipeline.settings import Settings

TEMPLATE_KINDS = ("faithful", "noisy", "terse")

class DomainClaim(BaseModel):
    """A claim of any domain (F1 keeps its stricter ``domains.f1.claims.Claim``)."""

    model_config = ConfigDict(frozen=True)

    type: str
    slots: dict[str, Any] = Field(default_factory=dict)
    span: Span | None = None
    extractor: str = "regex"


@dataclass
class InstanceContext:
    """What scoring needs of one instance: the oracle (recall's denominator), what the
    verifier reads, what the extractor reads, and the instance's descriptive columns."""

    oracle: list[Any]
    verify_context: Any
    extract_context: Any
    meta: dict[str, Any] = field(default_factory=dict)


# Score columns only F1 fills: which classification (official or timing order) a race's oracle rests on.
F1_ONLY_SCORE_COLUMNS = ("results_source",)


class InstanceIndex:
    """Instance rows parsed lazily per id (shared by every language and variant)."""

    def __init__(self, instances: pl.DataFrame, columns: list[str], parse):
        rows = instances.select(columns).unique(subset=["id"], keep="first")
        self.frame = rows  # the rows read, one per id: what a scoring worker process is sent
        self._raw = {r["id"]: r for r in rows.iter_rows(named=True)}
        self._parse = parse
        self._parsed: dict[str, InstanceContext] = {}

    def __contains__(self, instance_id: str) -> bool:
        return instance_id in self._raw

    def meta(self, instance_id: str) -> dict[str, Any]:
        return self._raw[instance_id]

    def get(self, instance_id: str) -> InstanceContext:
        hit = self._parsed.get(instance_id)
        if hit is None:
            hit = self._parsed[instance_id] = self._parse(self._raw[instance_id])
        return hit

    # --- scoring ---
    def row_keys(self) -> dict[str, tuple]:
        """Per id, the values of its row: two rows with the same values parse to the same context
        (a scoring worker keeps contexts between chunks under these keys)."""
        return {iid: tuple(r.values()) for iid, r in self._raw.items()}

    def parsed(self) -> dict[str, InstanceContext]:
        """The contexts parsed so far, by id."""
        return self._parsed

    def reuse(self, instance_id: str, context: InstanceContext) -> None:
        """Take ``context`` as the parsed row of ``instance_id`` (one parsed from a row of the same values)."""
        self._parsed[instance_id] = context


class Domain(ABC):
    """One benchmark domain. Subclasses set the class attributes and implement the methods."""

    name: str
    #: the warehouse partition column of instances/generations/claims/scores (F1: season)
    partition_column: str
    partition_dtype: Any = pl.Utf8
    #: columns of the F1 score table this domain also fills (F1_ONLY_SCORE_COLUMNS)
    own_score_columns: tuple[str, ...] = ()
    #: table names in the warehouse (F1 keeps its historical unprefixed names)
    tables: Mapping[str, str]
    languages: tuple[str, ...] = ("en", "es", "pt")
    variants: tuple[str, ...] = ("default", "cover_all")
    fact_types: tuple[str, ...] = ()
    claim_types: tuple[str, ...] = ()
    #: bumped when a template's wording or noise changes (part of the offline cache key)
    template_version: int = 1
    #: The modules whose code decides this domain's claims (its regex and LLM extractors) and
    #: labels (its verifier and instance parsing): paths relative to the package, each optionally
    #: with the only top-level names that count. Hashed into the versions stored with every claim
    #: and score row (``domains/versions.py``, which adds the shared scoring modules), so a change of
    #: this code marks the stored rows stale.
    extractor_sources: tuple[Source, ...] = ()
    llm_extractor_sources: tuple[Source, ...] = ()
    verifier_sources: tuple[Source, ...] = ()

    def extractor_data(self) -> tuple[Path | bytes, ...]:
        """Data files the regex extractor reads, hashed into its version with its code (F1: the
        driver surname table). Default: none."""
        return ()

    @property
    @abstractmethod
    def tolerances(self) -> Mapping[str, Any]:
        """Named verification tolerances per fact type (documentation and config)."""

    @abstractmethod
    def instance_rows(self, records: Any, **options: Any) -> pl.DataFrame:
        """Records → one row per id × language × variant (prompts, context, oracle JSON)."""

    @abstractmethod
    def index(self, instances: pl.DataFrame) -> InstanceIndex:
        """Instance rows → per-id :class:`InstanceContext` (parsed lazily)."""

    @abstractmethod
    def extract_claims(self, text: str, lang: str, context: Any) -> list[Any]:
        """The regex extractor of this domain (never raises; unknown language → [])."""

    @abstractmethod
    def verify(self, claim: Any, context: InstanceContext) -> Verdict:
        """One claim against one instance's context, with this domain's tolerances."""

    @abstractmethod
    def template_answer(self, kind: str, facts_json: str, lang: str, instance_id: str,
                        entities_json: str = "{}", seed: int = 0, context_json: str | None = None) -> str:
        """The answer of the offline system ``template-<kind>`` (faithful, noisy, terse);
        ``context_json``: the instance's structured context when the rows hold one (a domain
        may render what it states beyond the oracle; the provider passes it only when present)."""

    #: where ``f1bench review gold`` finds this domain's claim-level human gold by default (None: none)
    gold_dir: Path | None = None

    def import_gold(self, gold_dir: Path, root: Any, resolve_model: Any, *, extractor: str = "regex",
                    include_context_mismatch: bool = False) -> tuple[Any, Any]:
        """Store the domain's claim-level gold in ``gold_dir`` as judgments of the answers scored in
        the warehouse at ``root`` (``f1bench review gold``): (summary or None, report)."""
        raise UserError(f"the {self.name} domain has no claim-level gold to import")

    def revise_answer(self, answer: str, message: str) -> str:
        """A template system's earlier ``answer`` revised as ``message`` (a verifier-guided round's
        edit instructions) asks; a domain without such rounds keeps the answer."""
        return answer

    def reading_coverage(self, text: str, lang: str, claims: list[Any]) -> float | None:
        """The share of the answer's checkable tokens (numbers, names) its claims or deliberate
        skip rules account for (the scores' ``reading_coverage``); None: not measured in this domain."""
        return None

    # --- generation ---------------------------------------------------------------------------
    # What ``generation.runner.generate_partition`` (the one generation road) asks of a domain.

    def select_instances(self, warehouse_root: Path | str, system: System, partition: Any) -> tuple[pl.DataFrame, str]:
        """The instance rows ``system`` answers in ``partition`` (sorted by id, lang, variant) and a
        note on how they were chosen. Default: every instance of the partition (a system's
        ``instances`` set is not read), the first ``max_instances`` ids when it sets one, in the
        system's languages and prompt variants."""
        rows = read_table(warehouse_root, self.tables["instances"], {self.partition_column: partition})
        if rows.is_empty():
            return rows, (f"no instances for {self.partition_column} {partition} "
                          f"(materialize `{self.tables['instances']}` first)")
        note = f"full {self.partition_column}"
        if system.max_instances:
            keep = rows["id"].unique().sort().head(system.max_instances)
            rows = rows.filter(pl.col("id").is_in(keep.implode()))
            note += f", first {keep.len()} ids (max_instances)"
        rows = rows.filter(pl.col("lang").is_in(list(system.languages)) & pl.col("variant").is_in(list(system.variants)))
        return rows.sort("id", "lang", "variant"), note

    def offline_cache_extra(self, row: Mapping[str, Any], seed: int) -> dict[str, Any]:
        """What, beside the model, parameters and messages, decides an offline template system's
        answer to an instance row, and so is part of its cache key: the oracle's digest, the seed,
        the template version, and the domain's name. A change of it answers afresh; keep it stable,
        or every cached answer is asked again."""
        return {"domain": self.name, "oracle": text_digest(row["facts"]), "seed": seed,
                "template_version": self.template_version}

    # --- scoring ---
    @property
    def version_prefix(self) -> str:
        """What the kinds of this domain's code versions start with (``domains/versions.py``):
        its name and a dash (``weather-regex``, ``weather-verify``)."""
        return f"{self.name}-"

    def verifier(self) -> Callable[[Any, InstanceContext], Verdict]:
        """``verify`` in the scoring loop's calling shape, taken once per scoring call (a domain
        whose verifier is costly to import imports it there, not once per claim)."""
        return self.verify

    def coverage(self) -> Callable[[str, str, list[Any]], float | None]:
        """``reading_coverage`` in the scoring loop's calling shape, taken once per scoring call."""
        return self.reading_coverage

    def warm_worker(self) -> None:
        """In a scoring worker process, before its first chunk (``scoring.pool.prestart``): import
        the scoring code and build what each chunk would otherwise build first. Default: nothing
        beyond the import of the domain."""
        return None

    # --- evaluation ---------------------------------------------------------------------------
    # What ``f1bench eval MODEL --domain NAME`` (``evaluation/commands.py``) and the Inspect task
    # (``evaluation/samples.py``) ask of a domain. A domain that does not define the partition and
    # the run cannot be evaluated: the command says so in one line.

    def evaluation_partition(self, settings: Settings, value: int | None) -> Any:
        """The partition a model is evaluated on: ``value`` (``f1bench eval``'s ``--season``) checked,
        or the domain's default when None. Default: this domain cannot be evaluated."""
        raise self.not_evaluable()

    def evaluation_run(self, system_name: str, partition: Any) -> tuple[str, Any]:
        """The Dagster job that generates, extracts and scores one system's answers in ``partition``,
        and that (partition, system) pair's partition key. Default: this domain cannot be evaluated."""
        raise self.not_evaluable()

    def check_evaluable(self, warehouse_root: Path | str, system: System, partition: Any, settings: Settings) -> None:
        """One line (``UserError``) when ``system`` would have nothing to answer in ``partition``,
        before any call. Default: when ``select_instances`` selects no instance row, its note."""
        rows, note = self.select_instances(warehouse_root, system, partition)
        if rows.is_empty():
            raise UserError(f"{self.partition_column} {partition}: nothing to ask ({note}) (nothing was called)")

    def evaluation_leaderboard(self, warehouse_root: Path | str, partition: Any, variant: str, lang: str = "all", *,
                               like: str, within: pl.DataFrame) -> tuple[list[dict], list[str]]:
        """(the leaderboard rows, its warnings) of every system on the answers ``like`` gave among
        ``within`` (the id × lang × variant rows an evaluation selected), in ``partition``.
        Default: this domain cannot be evaluated."""
        raise self.not_evaluable()

    def refresh_views(self, runs: Runs, partitions: list[Any]) -> None:
        """After a command changed scores: what a reader sees first brought up to date with them.
        Default: nothing (the views read the tables)."""
        return None

    def claim_extractor(self, name: str) -> Any:
        """The extractor called ``name`` in the scoring loop's terms (``domains.scoring``): None for
        ``regex``, the domain's own. Default: ``regex`` only."""
        if name != "regex":
            raise UserError(f"the {self.name} domain has no extractor {name!r} (only regex)")
        return None

    def not_evaluable(self) -> UserError:
        return UserError(f"the {self.name} domain cannot be evaluated by `f1bench eval` (it defines no evaluation "
                         "partition and run: docs/adding-a-domain.md)")

    # --- shared by every domain -------------------------------------------------------------

    def extractor(self):
        """``extract_claims`` bound to this domain, in the scoring loop's calling shape."""
        return self.extract_claims

    def score_schema(self) -> dict[str, Any]:
        from f1bench_pipeline.scoring.score import SCORE_SCHEMA

        generic = {k: v for k, v in SCORE_SCHEMA.items()
                   if k not in F1_ONLY_SCORE_COLUMNS or k in self.own_score_columns}
        return _rename(generic, "season", self.partition_column, self.partition_dtype)

    def claim_schema(self) -> dict[str, Any]:
        from f1bench_pipeline.scoring.score import CLAIM_SCHEMA

        return _rename(CLAIM_SCHEMA, "season", self.partition_column, self.partition_dtype)


def text_digest(text: str | None) -> str:
    """A short SHA-256 of ``text`` (of '' when None), as the offline cache keys hold it."""
    return hashlib.sha256((text or "").encode("utf-8")).hexdigest()[:16]


def _rename(schema: Mapping[str, Any], old: str, new: str, dtype: Any) -> dict[str, Any]:
    return {(new if k == old else k): (dtype if k == old else v) for k, v in schema.items()}
