"""The handlers of the commands ``f1bench_pipeline.evaluation.cli`` parses."""

from __future__ import annotations

import argparse
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from f1bench_pipeline.domains import get_domain
from f1bench_pipeline.domains.base import Domain
from f1bench_pipeline.errors import UserError
from f1bench_pipeline.evaluation.results import generation_counts, results_document, write_json
from f1bench_pipeline.evaluation.system import check_reachable, checked_names, eval_entry, first_error, system_name
from f1bench_pipeline.generation.preflight import confirm_paid, require_key
from f1bench_pipeline.generation.registry import (
    LANGUAGES,
    VARIANTS,
    load_registry,
    overlay_dir,
    registry_with,
    write_overlay_system,
)
from f1bench_pipeline.scoring.leaderboard_cli import printable
from f1bench_pipeline.scoring.printout import write_samples
from f1bench_pipeline.domains.versions import score_versions
from f1bench_pipeline.settings import get_settings
from f1bench_pipeline.storage.warehouse import read_table
from f1bench_pipeline.text_table import format_table


def _domain(name: str) -> Domain:
    try:
        return get_domain(name)
    except KeyError as exc:  # an unknown --domain: one line naming the known ones
        raise UserError(str(exc.args[0])) from None


def cmd_eval(args: argparse.Namespace) -> int:
    settings = get_settings()
    domain = _domain(args.domain)
    partition = domain.evaluation_partition(settings, args.season)
    languages = checked_names("--langs", args.langs, LANGUAGES)
    variants = checked_names("--variants", args.variants, VARIANTS)
    name = system_name(args.model, args.name)
    main = load_registry(overlays=False)
    if name in main.systems and main.systems[name].model != args.model:
        raise UserError(f"the name {name!r} is a system of {main.path} ({main.systems[name].model}); "
                        "pass --name to record this model under another name")
    entry = eval_entry(args.model, api_base=args.api_base, api_key_env=args.api_key_env, instances=args.instances,
                       languages=languages, variants=variants, limit=args.limit, max_cost_usd=args.max_cost_usd)
    # Every check runs on the registry as it will read with this system, before the overlay is
    # written: a refused eval leaves systems.d (and the Dagster partitions) as they were.
    try:
        reg = registry_with(name, entry, settings.data_dir)
    except ValueError as exc:
        raise UserError(f"system {name!r}: {str(exc).split(f': system {name!r}: ', 1)[-1]}") from None
    system = reg.get(name)
    domain.check_evaluable(settings.warehouse_dir, system, partition, settings)
    if args.extractor != "regex":
        reg.get(args.extractor)  # an LLM extractor must be a registry system: one line if it is not
    require_key(domain, system, partition, settings)  # its provider and key variables (imports litellm: seconds)
    base = system.resolved_api_base()
    if base:
        check_reachable(name, base)
    refused = confirm_paid(domain, [] if system.costless else [name], partition, args.max_cost_usd, args.yes,
                           registry=reg)
    if refused is not None:
        return refused
    overlay = write_overlay_system(settings.data_dir, name, entry)
    print(f"{name}: {args.model} recorded in {overlay.relative_to(overlay_dir(settings.data_dir).parent)}")
    reg = load_registry()
    return _run_and_report(settings, domain, reg, reg.get(name), partition, entry, args)


def _run_and_report(settings, domain: Domain, reg, system, partition: Any, entry: dict,  # noqa: ANN001
                    args: argparse.Namespace) -> int:
    started = datetime.now(UTC)
    ops: dict[str, dict] = {}
    if args.max_cost_usd is not None or args.replace:
        ops["generations"] = {k: v for k, v in (("max_cost_usd", args.max_cost_usd), ("replace", args.replace or None))
                              if v is not None}
    if args.extractor != "regex":
        ops["claims_and_scores"] = {"llm_extractor": args.extractor}
    # Dagster loads here, after every check: ~2 s that a refused eval (no key, no season built) need
    # not pay, and that a second eval queued behind a first must not add before it queues
    from f1bench_pipeline.orchestration.dynamic_partitions import register_model_partitions
    from f1bench_pipeline.orchestration.execute import Runs, quiet_config

    runs = Runs.open(settings)
    register_model_partitions(runs.instance, [system.name], reg)
    t0 = time.perf_counter()
    job, key = domain.evaluation_run(system.name, partition)
    result = runs.step(f"eval {system.name} {partition}", "generations, claims and scores", job, key,
                       run_config=quiet_config(ops) if ops else None)
    if result.success:  # what a reader sees first (F1: the season's figure, the audit page), with this system
        domain.refresh_views(runs, [partition])
    wh, part = settings.warehouse_dir, {domain.partition_column: partition, "model": system.safe_name}
    grain = ["id", "lang", "variant"]
    # this run's answers (what its options selected); the partition may hold earlier ones too
    selected = domain.select_instances(wh, system, partition)[0].select(grain)
    everything, scores, claims = (read_table(wh, domain.tables[t], part) for t in ("generations", "scores", "claims"))
    gens, scores, claims = ((df.join(selected, on=grain, how="semi") if df.height else df) for df in
                            (everything, scores, claims))
    counts = generation_counts(gens)
    print(f"{system.name} {partition}: {counts['rows']} answers ({', '.join(f'{k}={v}' for k, v in counts['statuses'].items())}), "
          f"{counts['calls']} calls, {counts['from_cache']} cached, ${counts['cost_usd']:.4f} "
          f"in {time.perf_counter() - t0:.1f} s")
    if everything.height > gens.height:
        print(f"{system.name} {partition}: {everything.height} answers kept in all (earlier evals' too; "
              "`f1bench leaderboard` counts them all, --replace keeps a run's own only)")
    if scores.is_empty():
        why = first_error(gens, result) or "no answer was written"
        print(f"f1bench eval: nothing of {system.name} could be scored: {why}", file=sys.stderr)
        return 1
    own: list[dict] = []  # its figures per variant and language, on this run's answers
    comparison: dict[str, list[dict]] = {}
    warnings: list[str] = []
    for variant in system.variants:
        rows, warns = domain.evaluation_leaderboard(wh, partition, variant, like=system.name, within=selected)
        comparison[variant] = rows
        warnings += warns
        own += [r for r in rows if r["model"] == system.name]
        for lang in system.languages:
            own += [r for r in domain.evaluation_leaderboard(wh, partition, variant, lang, like=system.name,
                                                              within=selected)[0]
                    if r["model"] == system.name]
        table, cols = printable(rows)
        print(f"\n{domain.partition_column.capitalize()} {partition}, {variant} prompt: every system on the answers "
              f"{system.name} gave in this run (95% bootstrap intervals):")
        print(format_table(table, cols))
    for w in dict.fromkeys(warnings):
        print(w, file=sys.stderr)
    out = Path(settings.data_dir) / "results" / system.safe_name / started.strftime("%Y%m%dT%H%M%SZ")
    out.mkdir(parents=True, exist_ok=True)
    texts = {(r["model"], r["id"], r["lang"], r["variant"]): r["text"] for r in
             gens.select("model", "id", "lang", "variant", "text").iter_rows(named=True)} if gens.height else {}
    write_samples(str(out / "samples.jsonl"), scores, claims, texts)
    doc = results_document(name=system.name, entry=entry, season=partition, versions=score_versions(domain.name, "regex"),
                           started_at=started.isoformat(),
                           finished_at=datetime.now(UTC).isoformat(), run_ok=result.success, counts=counts,
                           own=own, comparison=comparison, warnings=list(dict.fromkeys(warnings)),
                           answers_in_warehouse=everything.height)
    write_json(out / "results.json", doc)
    print(f"\nresults.json and samples.jsonl ({scores.height} answers) → {out}")
    errors = counts["statuses"].get("error", 0)
    share = errors / counts["rows"] if counts["rows"] else 1.0
    if not result.success or share > settings.eval_max_error_share:
        print(f"f1bench eval: {errors} of {counts['rows']} calls failed ({share:.0%}, more than "
              f"F1BENCH_EVAL_MAX_ERROR_SHARE={settings.eval_max_error_share:g}); {first_error(gens, result)}"
              if result.success else
              f"f1bench eval: the Dagster run failed (its rows are kept; run again to retry them): "
              f"{first_error(gens, result) or 'see the run in the UI'}", file=sys.stderr)
        return 1
    return 0

