"""`f1bench eval MODEL`: one model evaluated in one command.

    f1bench eval openai/gpt-4o-mini [--api-base URL] [--api-key-env VAR] [--name NAME]
                 [--season Y] [--instances test_sample|full] [--langs en,es,pt]
                 [--variants default,cover_all] [--limit N] [--max-cost-usd X]
                 [--extractor regex|SYSTEM] [--yes]

1. The system is written as a registry overlay (``<data_dir>/systems.d/<name>.yaml``): the run
   is reproducible and visible in ``f1bench systems`` and the UI like any other system.
2. Before any call: its key variable is set, its server answers (``--api-base``), and a paid
   model's estimated cost is shown and confirmed (``--yes``).
3. The ``generate_and_score`` Dagster job on its season partition — the run the UI, ``make
   rerun`` and the sensor launch (cached, resumable; a rerun asks only what is missing).
4. The leaderboard of its answers beside every other system on the same answers, and
   ``results.json`` + ``samples.jsonl`` under ``data/results/<name>/<timestamp>/``.

Exit 0 when the run succeeded and at most ``F1BENCH_EVAL_MAX_ERROR_SHARE`` of the calls failed;
1 when nothing could be scored or more failed; 2 for a mistake caught before any call.
"""

from __future__ import annotations

import argparse
import sys
import time
from datetime import UTC, datetime
from pathlib import Path


def _names(text: str) -> tuple[str, ...]:
    return tuple(t.strip() for t in text.split(",") if t.strip())


def cmd_eval(args: argparse.Namespace) -> int:
    from f1bench_pipeline.errors import UserError
    from f1bench_pipeline.evaluation.system import check_reachable, eval_entry, system_name
    from f1bench_pipeline.generation.cli import confirm_paid, require_key
    from f1bench_pipeline.generation.registry import load_registry, overlay_dir, write_overlay_system
    from f1bench_pipeline.settings import get_settings

    settings = get_settings()
    season = settings.checked_season(args.season)
    name = system_name(args.model, args.name)
    main = load_registry(overlays=False)
    if name in main.systems and main.systems[name].model != args.model:
        raise UserError(f"the name {name!r} is a system of {main.path} ({main.systems[name].model}); "
                        "pass --name to record this model under another name")
    entry = eval_entry(args.model, api_base=args.api_base, api_key_env=args.api_key_env, instances=args.instances,
                       languages=_names(args.langs), variants=_names(args.variants), limit=args.limit,
                       max_cost_usd=args.max_cost_usd)
    try:
        overlay = write_overlay_system(settings.data_dir, name, entry)
    except ValueError as exc:
        raise UserError(f"system {name!r}: {exc}") from None
    reg = load_registry()
    system = reg.get(name)
    print(f"{name}: {args.model} recorded in {overlay.relative_to(overlay_dir(settings.data_dir).parent)}")
    require_key(system, season, settings)
    base = system.resolved_api_base()
    if base:
        check_reachable(name, base)
    if args.extractor != "regex":
        reg.get(args.extractor)  # an LLM extractor must be a registry system: one line if it is not
    refused = confirm_paid([] if system.costless else [name], season, args.max_cost_usd, args.yes)
    if refused is not None:
        return refused
    return _run_and_report(settings, reg, system, season, entry, args)


def _run_and_report(settings, reg, system, season: int, entry: dict,  # noqa: ANN001
                    args: argparse.Namespace) -> int:
    from f1bench_pipeline.evaluation.results import generation_counts, results_document, write_json
    from f1bench_pipeline.orchestration.dynamic_partitions import register_model_partitions
    from f1bench_pipeline.orchestration.execute import Runs, quiet_config
    from f1bench_pipeline.partitions import partition_key
    from f1bench_pipeline.scoring.cli import write_samples
    from f1bench_pipeline.scoring.leaderboard_cli import leaderboard, printable, system_rows
    from f1bench_pipeline.scoring.versions import score_versions
    from f1bench_pipeline.storage.warehouse import read_table
    from f1bench_pipeline.summary import format_table

    started = datetime.now(UTC)
    ops: dict[str, dict] = {}
    if args.max_cost_usd is not None:
        ops["generations"] = {"max_cost_usd": args.max_cost_usd}
    if args.extractor != "regex":
        ops["claims_and_scores"] = {"llm_extractor": args.extractor}
    runs = Runs.open(settings)
    register_model_partitions(runs.instance, [system.name], reg)
    t0 = time.perf_counter()
    result = runs.step(f"eval {system.name} {season}", "generations, claims and scores", "generate_and_score",
                       partition_key(system.name, season), run_config=quiet_config(ops) if ops else None)
    wh, part = settings.warehouse_dir, {"season": season, "model": system.safe_name}
    gens, scores, claims = (read_table(wh, t, part) for t in ("generations", "scores", "claims"))
    counts = generation_counts(gens)
    print(f"{system.name} {season}: {counts['rows']} answers ({', '.join(f'{k}={v}' for k, v in counts['statuses'].items())}), "
          f"{counts['calls']} calls, {counts['from_cache']} cached, ${counts['cost_usd']:.4f} "
          f"in {time.perf_counter() - t0:.1f} s")
    if scores.is_empty():
        print(f"f1bench eval: nothing of {system.name} could be scored (see the run's errors: "
              f"`f1bench query` or the UI)", file=sys.stderr)
        return 1
    own = system_rows(wh, season, system.name)  # its figures per variant and language (the view's)
    comparison: dict[str, list[dict]] = {}
    warnings: list[str] = []
    for variant in system.variants:
        rows, warns = leaderboard(wh, season, variant, like=system.name)
        comparison[variant] = rows
        warnings += warns
        table, cols = printable(rows)
        print(f"\nSeason {season}, {variant} prompt: every system on the answers {system.name} gave "
              "(95% bootstrap intervals):")
        print(format_table(table, cols))
    for w in dict.fromkeys(warnings):
        print(w, file=sys.stderr)
    out = Path(settings.data_dir) / "results" / system.safe_name / started.strftime("%Y%m%dT%H%M%SZ")
    out.mkdir(parents=True, exist_ok=True)
    texts = {(r["model"], r["id"], r["lang"], r["variant"]): r["text"] for r in
             gens.select("model", "id", "lang", "variant", "text").iter_rows(named=True)} if gens.height else {}
    write_samples(str(out / "samples.jsonl"), scores, claims, texts)
    doc = results_document(name=system.name, entry=entry, season=season, versions=score_versions("regex"), started_at=started.isoformat(),
                           finished_at=datetime.now(UTC).isoformat(), run_ok=result.success, counts=counts,
                           own=own, comparison=comparison, warnings=list(dict.fromkeys(warnings)))
    write_json(out / "results.json", doc)
    print(f"\nresults.json and samples.jsonl ({scores.height} answers) → {out}")
    errors = counts["statuses"].get("error", 0)
    share = errors / counts["rows"] if counts["rows"] else 1.0
    if not result.success or share > settings.eval_max_error_share:
        print(f"f1bench eval: {errors} of {counts['rows']} calls failed ({share:.0%}, more than "
              f"F1BENCH_EVAL_MAX_ERROR_SHARE={settings.eval_max_error_share:g})" if result.success else
              "f1bench eval: the Dagster run failed (its rows are kept; run again to retry them)", file=sys.stderr)
        return 1
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("eval", help="evaluate one model in one command: record it, check it, generate, score, "
                                    "print the leaderboard on the same answers, write results.json and samples.jsonl")
    p.add_argument("model", help="a litellm model string: openai/gpt-4o-mini, ollama_chat/llama3.1:8b, "
                                 "hosted_vllm/<model>, ...")
    p.add_argument("--api-base", help="the server's URL (a local or self-hosted OpenAI-compatible server)")
    p.add_argument("--api-key-env", help="the environment variable holding the key (never the key)")
    p.add_argument("--name", help="the registry name (default: the model string's last part)")
    p.add_argument("--season", type=int, help="default: the test season")
    p.add_argument("--instances", choices=["test_sample", "full"], default="test_sample")
    p.add_argument("--langs", default="en,es,pt", help="comma-separated: en,es,pt")
    p.add_argument("--variants", default="default", help="comma-separated prompt variants: default,cover_all")
    p.add_argument("--limit", type=int, help="at most N instances (a quick look)")
    p.add_argument("--max-cost-usd", type=float, help="spending cap for this run (USD)")
    p.add_argument("--extractor", default="regex",
                   help="regex (default), or a registry system that extracts claims besides the regex extractor")
    p.add_argument("--yes", action="store_true", help="make a paid model's calls without asking")
    p.set_defaults(func=cmd_eval)
