"""The review workflow against the warehouse: export a sheet, import judgments, read them back.

Judgments live in the ``claim_reviews`` table, partitioned season × model like ``claims``
(``claim_reviews/season=2025/model=<safe name>/part-0.parquet``), every reviewer's rows
together. An import is validated whole before anything is written (``judgments``); then
each (season, model) partition it touches is rewritten atomically with the answers it
judges replaced (same reviewer and answer) and every other row kept. The table is written
by ``f1bench review import`` / ``review gold``, not by a Dagster asset: judgments are
inputs made by people, like imported generations, and no run may overwrite them. Each
write also rewrites the same partitions of ``review_scores``: the human precision, recall
and F1 of every reviewed answer (``review/human_score.py``), which the leaderboard's
corrected figures read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from f1bench_pipeline.generation.names import safe_name, unsafe_name
from f1bench_pipeline.review.export import ranked_frame, sample_answers, sampling_frame, sampling_status, sheet_rows
from f1bench_pipeline.review.human_score import HUMAN_SCORE_SCHEMA, NOT_RANDOM, human_scores
from f1bench_pipeline.review.judgments import REVIEW_SCHEMA, load_sheet, merge_reviews, parse_sheet, sheet_partitions
from f1bench_pipeline.review.sheet import ANSWER, write_rows
from f1bench_pipeline.storage.location import Root
from f1bench_pipeline.storage.warehouse import read_table, write_partition

TABLE = "claim_reviews"
SCORES_TABLE = "review_scores"  # the human score of every reviewed answer (review/human_score.py), derived from TABLE


def read_decoded(root: Root, table: str, partition: dict | None = None) -> pl.DataFrame:
    """``read_table`` with ``model`` decoded from its folder name (``ollama%2Fx`` → ``ollama/x``)."""
    df = read_table(root, table, partition)
    if not df.is_empty() and "model" in df.columns:
        df = df.with_columns(pl.col("model").map_elements(unsafe_name, return_dtype=pl.Utf8))
    return df


def read_parts(root: Root, table: str, parts: set[tuple[str, int]]) -> pl.DataFrame:
    frames = [read_decoded(root, table, {"season": s, "model": safe_name(m)}) for m, s in sorted(parts)]
    frames = [f for f in frames if not f.is_empty()]
    return pl.concat(frames, how="diagonal_relaxed") if frames else pl.DataFrame()


@dataclass
class ExportSummary:
    path: Path
    answers: int
    claims: int
    strata: dict[tuple[str, str], tuple[int, int]] = field(default_factory=dict)  # (model, lang) → (sampled, size)

    def format(self) -> str:
        out = [f"wrote {self.path}: {self.answers} answers, {self.claims} claims to review"]
        for (model, lang), (n, size) in sorted(self.strata.items()):
            out.append(f"  {model:30s} {lang}: {n} of {size} scored answers")
        return "\n".join(out)


def export_review(root: Root, out: str | Path, *, season: int, per_stratum: int = 10, seed: int = 0,
                  models: Sequence[str] | None = None, variant: str = "default",
                  extractor: str = "regex") -> ExportSummary:
    """Sample, lay out and write the sheet (``review/sheet.py``); raises ValueError when nothing can be sampled."""
    scores = read_decoded(root, "scores", {"season": season})
    frame = sampling_frame(scores, season=season, variant=variant, extractor=extractor, models=models)
    if frame.is_empty():
        known = sorted(set(scores["model"])) if scores.height else []
        raise ValueError(f"no scored answers for season {season}, variant {variant!r}, extractor {extractor!r}"
                         + (f" and models {', '.join(models)}" if models else "")
                         + (f" (scored models: {', '.join(known)})" if known else " (the season has no scores)"))
    sample = sample_answers(frame, per_stratum, seed)
    parts = set(sample.select("model", "season").unique().iter_rows())
    claims, generations = read_parts(root, "claims", parts), read_parts(root, "generations", parts)
    instances = read_table(root, "instances", {"season": season})
    rows = sheet_rows(sample, claims, generations, instances, scores)
    write_rows(rows, out)
    strata = sample.select("model", "lang").unique()
    recorded = ranked_frame(frame.join(strata, on=["model", "lang"], how="semi"), seed)
    recorded.with_columns(pl.col("stratum_position") < per_stratum).rename({"stratum_position": "sampled"}).with_columns(
        pl.lit(seed).alias("sample_seed")).drop("n_claims").write_csv(frame_path(out))
    strata = {(m, la): (n, size) for m, la, n, size in
              sample.group_by("model", "lang").agg(pl.col("stratum_sampled").first(), pl.col("stratum_size").first()).iter_rows()}
    return ExportSummary(Path(out), sample.height, sum(r["row_type"] == "claim" for r in rows), strata)


def frame_path(sheet: str | Path) -> Path:
    """Where the export records a sheet's sampling frame: ``<sheet stem>.frame.csv`` beside it."""
    sheet = Path(sheet)
    return sheet.with_name(sheet.stem + ".frame.csv")


def read_review_scores(root: Root) -> pl.DataFrame:
    """The human score of every reviewed answer (``HUMAN_SCORE_SCHEMA``), empty when none."""
    df = read_decoded(root, SCORES_TABLE)
    return (df.select([pl.col(c).cast(t) for c, t in HUMAN_SCORE_SCHEMA.items() if c in df.columns])
            if not df.is_empty() else pl.DataFrame(schema=HUMAN_SCORE_SCHEMA))


def read_reviews(root: Root) -> pl.DataFrame:
    """Every judgment imported so far (``REVIEW_SCHEMA``), empty when none."""
    df = read_decoded(root, TABLE)
    return df.select([c for c in REVIEW_SCHEMA if c in df.columns]) if not df.is_empty() else pl.DataFrame(schema=REVIEW_SCHEMA)


def write_reviews(root: Root, new: pl.DataFrame, *, replace_reviewer: str | None = None) -> list[tuple[int, str]]:
    """Merge ``new`` into its (season, model) partitions (see module doc); returns the partitions written.
    ``replace_reviewer``: first drop every row of that reviewer, in every partition (a conversion
    that is redone whole, like the gold's)."""
    parts = {(s, m): p for (s, m), p in new.partition_by(["season", "model"], as_dict=True).items()}
    if replace_reviewer is not None:
        old = read_reviews(root).filter(pl.col("reviewer") == replace_reviewer)
        for s, m in old.select("season", "model").unique().iter_rows():
            parts.setdefault((s, m), new.clear())
    written = []
    for (season, model), part in sorted(parts.items()):
        where = {"season": season, "model": safe_name(model)}
        existing = read_decoded(root, TABLE, where)
        if replace_reviewer is not None and not existing.is_empty():
            existing = existing.filter(pl.col("reviewer") != replace_reviewer)
        merged = merge_reviews(existing, part)
        write_partition(merged, root, TABLE, where)
        write_partition(human_scores(merged).drop("season", "model"), root, SCORES_TABLE, where)
        written.append((season, model))
    return written


@dataclass
class ImportSummary:
    path: str
    reviewer: str
    answers: int
    reviewed_answers: int
    claims: int
    missed: int
    partitions: list[tuple[int, str]]

    def format(self) -> str:
        parts = ", ".join(f"season={s} model={m}" for s, m in self.partitions)
        return (f"{self.path}: imported {self.answers} answers ({self.reviewed_answers} reviewed whole), "
                f"{self.claims} judged claims, {self.missed} missed claims as reviewer {self.reviewer!r} → {TABLE} ({parts})")


def summarise(path: str, reviewer: str, frame: pl.DataFrame, partitions: list[tuple[int, str]]) -> ImportSummary:
    kind = frame["row_type"]
    return ImportSummary(path, reviewer, int((kind == "answer").sum()),
                         int(((kind == "answer") & frame["answer_reviewed"]).sum()), int((kind == "claim").sum()),
                         int((kind == "missed").sum()), partitions)


def import_review(path: str | Path, root: Root, *, reviewer: str) -> ImportSummary:
    """Validate the judged sheet against the warehouse, then merge it into ``claim_reviews``.
    Raises ``judgments.ReviewImportError`` (nothing written) on any problem."""
    sheet = load_sheet(path)
    parts = sheet_partitions(sheet[1])
    new = parse_sheet(path, read_parts(root, "claims", parts), read_parts(root, "generations", parts),
                      reviewer=reviewer, sheet=sheet)
    new = new.with_columns(pl.col("review_id").replace_strict(_sampling(root, new), default=NOT_RANDOM).alias("sampling"))
    return summarise(str(path), reviewer, new, write_reviews(root, new))


def _sampling(root: Root, new: pl.DataFrame) -> dict[str, str]:
    """review_id → random / not_random for the answers of an imported sheet (``export.sampling_status``)."""
    answers = new.filter(pl.col("row_type") == ANSWER)
    out: dict[str, str] = {}
    for (season, variant, extractor), part in answers.partition_by(["season", "variant", "extractor"], as_dict=True).items():
        frame = sampling_frame(read_decoded(root, "scores", {"season": season}), season=int(season), variant=str(variant),
                               extractor=str(extractor))
        out.update(sampling_status(part, frame))
    return out


