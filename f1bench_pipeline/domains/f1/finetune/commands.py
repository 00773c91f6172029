"""The handlers of the commands ``f1bench_pipeline.domains.f1.finetune.cli`` parses."""

from __future__ import annotations

import argparse
import sys
import time

from f1bench_pipeline.domains.f1.finetune.config import FinetuneConfig
from f1bench_pipeline.domains.f1.finetune.study import PAPER_ROWS, study_table
from f1bench_pipeline.domains.f1.partitions import partition_key
from f1bench_pipeline.domains.f1.runs import build
from f1bench_pipeline.generation.registry import load_registry
from f1bench_pipeline.orchestration.dynamic_partitions import register_model_partitions
from f1bench_pipeline.orchestration.execute import Runs, quiet_config
from f1bench_pipeline.orchestration.instance import open_instance
from f1bench_pipeline.settings import get_settings
from f1bench_pipeline.storage.warehouse import read_table
from f1bench_pipeline.text_table import format_table


def cmd_finetune(args: argparse.Namespace) -> int:
    settings = get_settings()
    season = settings.test_season
    t0 = time.perf_counter()
    instance = open_instance()
    if read_table(settings.warehouse_dir, "instances", {"season": season}).is_empty():
        print("no test-season instances yet: building the warehouse (no systems)", flush=True)
        build(with_systems=False, with_other_domains=False)
    runs = Runs.open(settings, instance=instance)
    base = args.base
    base_system = load_registry().get(base)
    if base_system.local is None:
        print(f"f1bench finetune: {base} is not a local model (no `local:` in its registry entry)", file=sys.stderr)
        return 2
    cfg = FinetuneConfig(base_weights=base_system.local.weights, name=f"{base_system.name}+lora", max_steps=args.steps,
                         study_instances=args.instances, languages=args.languages)
    run_config = quiet_config({"lora_adapter": cfg.model_dump(exclude_none=True)})
    t1 = time.perf_counter()
    print(f"training the LoRA adapter ({cfg.max_steps} steps; checkpoints resume a killed run)", flush=True)
    res = runs.run("finetune", run_config=run_config)
    if not res.success:
        print("f1bench finetune: the finetune run failed (see `make ui` → Runs)", file=sys.stderr)
        return 1
    train_s = time.perf_counter() - t1
    tuned = cfg.adapter_name
    register_model_partitions(instance, [base, tuned])
    gen_s: dict[str, float] = {}
    for system in (base, tuned):
        t2 = time.perf_counter()
        print(f"generating and scoring {system} on {season} (first {args.instances} test-sample instances)", flush=True)
        r = runs.run("generate_and_score", partition_key(system, season))
        gen_s[system] = time.perf_counter() - t2
        if not r.success:
            print(f"f1bench finetune: {system} failed (see `make ui` → Runs)", file=sys.stderr)
            return 1
    scores = read_table(settings.warehouse_dir, "scores", {"season": season})
    table = study_table(scores, load_registry().get(base).name, tuned)
    print(f"\nSmall-model study — season {season}, default prompt, regex extractor "
          f"(same instances for both; training {train_s:.0f} s, answers {gen_s[base]:.0f} s + {gen_s[tuned]:.0f} s, "
          f"total {time.perf_counter() - t0:.0f} s):")
    cols = ["lang", "role", "model", "answers", "precision", "recall", "f1", "hallucination", "claims_per_answer",
            "abstentions", "truncated", "not_ok"]
    rows = [{c: (round(v, 3) if isinstance(v, float) else v) for c, v in r.items()} for r in table.iter_rows(named=True)]
    print(format_table(rows, cols) if rows else "(no scored answers)")
    print("\nReference, the paper's Table 5 (EN, its own 2025 test sample, on a GPU):")
    print(format_table(PAPER_ROWS, ["system", "precision", "recall", "f1"]))
    return 0

