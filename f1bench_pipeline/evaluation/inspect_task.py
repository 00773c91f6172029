"""f1bench as an Inspect AI task, for people who run their evals there (extra ``f1bench[inspect]``).

    inspect eval f1bench_pipeline/f1bench --model openai/gpt-4o-mini \\
        -T season=2025 -T instances=test_sample -T langs=en -T limit=20
    f1bench import-inspect logs/<the log>.eval        # its answers into `generations`

The samples are the built instances of a season (``make demo`` / ``f1bench build`` first): the
system prompt and user message each system gets, so an answer's ``context_sha256`` is that of
the instance. The scorer is f1bench's own: the extractor reads the claims, the verifier judges
them against the instance's context, and the oracle facts give recall — precision, recall and F1
per sample (NaN, Inspect's unscored, for an abstention's precision: left out of the means, as in
the leaderboard), means with stderr.
Inspect's ``mockllm/model`` runs it offline.

Which instances: the F1 domain's ``select_instances`` (what a generation run asks), with the
options of ``f1bench eval`` (``instances`` test_sample|full, ``langs``, ``variants``, ``limit`` ids). The warehouse is
``F1BENCH_DATA_DIR``'s, or ``data_dir``.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ChatMessageSystem, ChatMessageUser
from inspect_ai.scorer import Score, Target, mean, scorer, stderr
from inspect_ai.solver import TaskState, generate

from f1bench_pipeline.evaluation.samples import SAMPLE_ID_SEP, instance_rows, scored_answer
from f1bench_pipeline.settings import environment, set_environment

MEASURES = ("precision", "recall", "f1")


def _offline_tokenizers() -> None:
    # Inspect counts tokens with tiktoken's o200k_base, which tiktoken downloads on first use; litellm
    # (a dependency) ships that file, so an offline machine can run the task (mockllm included).
    spec = importlib.util.find_spec("litellm")
    if "TIKTOKEN_CACHE_DIR" in environment() or spec is None or not spec.submodule_search_locations:
        return
    bundled = Path(next(iter(spec.submodule_search_locations))) / "litellm_core_utils" / "tokenizers"
    if bundled.is_dir():
        set_environment("TIKTOKEN_CACHE_DIR", str(bundled))


_offline_tokenizers()


def _names(value: str | list[str] | tuple[str, ...]) -> tuple[str, ...]:
    items = value.split(",") if isinstance(value, str) else list(value)
    return tuple(s.strip() for s in items if s.strip())


@task
def f1bench(season: int | None = None, instances: str = "test_sample", langs: str = "en,es,pt",
            variants: str = "default", limit: int | None = None, extractor: str = "regex",
            data_dir: str | None = None) -> Task:
    """The season's instances (the test season unless given) as samples, scored by f1bench."""
    rows, season = instance_rows(season=season, instances=instances, languages=_names(langs),
                                 variants=_names(variants), limit=limit,
                                 data_dir=Path(data_dir) if data_dir else None)
    samples = [
        Sample(id=SAMPLE_ID_SEP.join((r["id"], r["lang"], r["variant"])),
               input=[ChatMessageSystem(content=r["system_prompt"]), ChatMessageUser(content=r["user_message"])],
               metadata={"instance_id": r["id"], "lang": r["lang"], "variant": r["variant"], "season": season,
                         "decision_type": r["decision_type"], "context_sha256": r["context_sha256"]})
        for r in rows.iter_rows(named=True)]
    return Task(dataset=MemoryDataset(samples, name=f"f1bench-{season}"), solver=generate(),
                scorer=f1bench_scorer(season=season, extractor=extractor, data_dir=data_dir),
                metadata={"f1bench_season": season, "f1bench_instances": instances})


@scorer(metrics={m: [mean(), stderr()] for m in MEASURES})
def f1bench_scorer(season: int | None = None, extractor: str = "regex", data_dir: str | None = None) -> Any:
    """Precision, recall and F1 of one answer against its instance, by f1bench's extractor and verifier."""

    async def score(state: TaskState, target: Target) -> Score:
        meta = state.metadata
        row = scored_answer(state.output.completion, meta["instance_id"], meta["lang"], meta["variant"],
                            season=int(meta.get("season") or season or 0), extractor=extractor,
                            data_dir=Path(data_dir) if data_dir else None)
        # NaN is Inspect's "unscored": an abstention's precision, an empty answer's figures -- left out
        # of the means, as the leaderboard leaves them out (None would count as 0)
        value = {m: float("nan") if row.get(m) is None else float(row[m]) for m in MEASURES}
        return Score(value=value, answer=state.output.completion,
                     explanation=(f"{row.get('n_claims', 0)} claim(s): {row.get('n_supported', 0)} supported, "
                                  f"{row.get('n_contradicted', 0)} contradicted, "
                                  f"{row.get('n_unverifiable', 0)} unverifiable; "
                                  f"{row.get('n_covered', 0)} of {row.get('n_oracle', 0)} oracle facts stated"),
                     metadata={k: row.get(k) for k in ("n_claims", "n_supported", "n_contradicted",
                                                       "n_unverifiable", "n_covered", "n_oracle", "status")})

    return score
