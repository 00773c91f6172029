"""`f1bench finetune`: the small-model study end to end (what `make finetune` runs).

1. the warehouse: built from the configured source (the embedded sample by default) when it
   has no test-season instances yet (instances, test sample, fine-tuning export);
2. the ``finetune`` job: a LoRA adapter on the train split (``lora_adapter``), which registers
   ``<base>+lora``;
3. ``generate_and_score`` runs for the base system and the fine-tune on the test season — the
   same first instances of the stratified test sample (``max_instances``), EN by default;
4. the table: both systems on the instances both answered, beside the paper's Table 5.

Every step is a Dagster run on the project's instance (visible in `make ui`); rerunning resumes
(the adapter from its checkpoints, answers from the generation cache).
"""

from __future__ import annotations

import argparse

from f1bench_pipeline.command import Handler


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("finetune", help="the small-model study: LoRA-tune a local model on the train split, "
                                        "answer the test instances with base and fine-tune, score both (Dagster runs)")
    p.add_argument("--base", default="smollm2-135m", help="the base system of systems.yaml (a local model)")
    p.add_argument("--steps", type=int, default=80, help="LoRA training steps (CPU default 80)")
    p.add_argument("--instances", type=int, default=24, help="test-sample instances both systems answer")
    p.add_argument("--languages", nargs="+", default=["en"], help="languages to train and answer in")
    p.set_defaults(func=Handler("f1bench_pipeline.domains.f1.finetune.commands:cmd_finetune"))

