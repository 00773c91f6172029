"""`f1bench eval MODEL`: one model evaluated in one command.

    f1bench eval openai/gpt-4o-mini [--api-base URL] [--api-key-env VAR] [--name NAME]
                 [--season Y] [--instances test_sample|full] [--langs en,es,pt]
                 [--variants default,cover_all] [--limit N] [--max-cost-usd X]
                 [--extractor regex|SYSTEM] [--replace] [--yes] [--domain NAME]

On a domain (``--domain``, default ``f1``) that defines its evaluation (``Domain``'s ``# ---
evaluation ---`` methods): its partition (F1: the season), run, checks, leaderboard and views.

1. Before any call, each a one-line error and exit 2: the languages and variants are known, the
   season is built (and has the instances asked), the name is free, litellm knows the provider,
   the key variable (``--api-key-env``, else the ones the provider reads) is set, the server
   answers (``--api-base``), and a paid model's estimated cost is shown and confirmed (``--yes``).
2. Then the system is written as a registry overlay (``<data_dir>/systems.d/<name>.yaml``): the
   run is reproducible and visible in ``f1bench systems`` and the UI like any other system. A
   refused eval writes none (and leaves an earlier one as it was).
3. The domain's evaluation run (F1: the ``generate_and_score`` Dagster job on its season
   partition) — the run the UI, ``make rerun`` and the sensor launch (cached, resumable; a rerun asks only what is missing). The
   partition accumulates: answers of earlier evals this one does not ask are kept (and scored);
   ``--replace`` keeps this run's only.
4. The leaderboard of this run's answers beside every other system on the same answers, and
   ``results.json`` + ``samples.jsonl`` of this run's answers under
   ``data/results/<name>/<timestamp>/``; ``f1bench leaderboard`` shows every answer kept.

Exit 0 when the run succeeded and at most ``F1BENCH_EVAL_MAX_ERROR_SHARE`` of the calls failed;
1 when nothing could be scored or more failed (its first error printed); 2 for a mistake caught
before any call.
"""

from __future__ import annotations

import argparse

from f1bench_pipeline.command import Handler


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
    p.add_argument("--langs", default="en,es,pt", help="comma-separated, of: en,es,pt")
    p.add_argument("--variants", default="default", help="comma-separated prompt variants, of: default,cover_all")
    p.add_argument("--limit", type=int, help="at most N instances (a quick look)")
    p.add_argument("--max-cost-usd", type=float, help="spending cap for this run (USD)")
    p.add_argument("--extractor", default="regex",
                   help="regex (default), or a registry system that extracts claims besides the regex extractor")
    p.add_argument("--replace", action="store_true",
                   help="keep only this run's answers of the system (default: answers of earlier evals this one "
                        "does not ask are kept, and the leaderboard counts them)")
    p.add_argument("--yes", action="store_true", help="make a paid model's calls without asking")
    p.add_argument("--domain", default="f1", help="the benchmark domain the model is evaluated on (default: f1)")
    p.set_defaults(func=Handler("f1bench_pipeline.evaluation.commands:cmd_eval"))

