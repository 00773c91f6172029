"""`f1bench review …`: the human check of the instrument.

    f1bench review export [--season 2025] [--models a,b] [--per-model-lang 10] [--seed 0] [--out FILE.csv]
    f1bench review import FILE.csv [--reviewer NAME]
    f1bench review report [--metrics] [--format table|json]
    f1bench review gold [--gold-dir DIR] [--include-context-mismatch]
    f1bench review plan [--half-width 0.02] [--season 2025]

Imports neither Dagster nor litellm.
"""

from __future__ import annotations

from f1bench_pipeline.command import Handler


def register(sub) -> None:
    p = sub.add_parser("review", help="human review of the instrument: export a sheet of claims to judge, "
                                      "import the judgments, report the instrument's error")
    rs = p.add_subparsers(dest="review_command", required=True)
    e = rs.add_parser("export", help="write a seeded, stratified sample of scored answers as a CSV sheet to judge")
    e.add_argument("--season", type=int, help="default: the test season")
    e.add_argument("--models", help="comma-separated systems (default: every scored one)")
    e.add_argument("--per-model-lang", type=int, default=10, help="answers per model × language (default 10)")
    e.add_argument("--seed", type=int, default=0)
    e.add_argument("--variant", default="default", help="prompt variant (default: default)")
    e.add_argument("--extractor", default="regex", help="whose claims to review (default: regex)")
    e.add_argument("--out", help="default: $F1BENCH_DATA_DIR/reviews/review_<season>_<variant>_seed<seed>.csv")
    e.add_argument("--force", action="store_true", help="overwrite --out if it exists")
    e.set_defaults(func=Handler("f1bench_pipeline.review.commands:cmd_export"))
    i = rs.add_parser("import", help="validate a judged sheet and merge it into claim_reviews (all or nothing)")
    i.add_argument("file")
    i.add_argument("--reviewer", default="reviewer",
                   help="who judged (default 'reviewer'); a re-import by the same reviewer replaces their judgments "
                        "of the same answers")
    i.add_argument("--max-errors", type=int, default=50, help="problems to print")
    i.set_defaults(func=Handler("f1bench_pipeline.review.commands:cmd_import"))
    r = rs.add_parser("report", help="the instrument's error per system and language beside the leaderboard")
    r.add_argument("--metrics", action="store_true", help="every metric of the instrument_error view, one per row")
    r.add_argument("--format", choices=["table", "json"], default="table")
    r.set_defaults(func=Handler("f1bench_pipeline.review.commands:cmd_report"))
    g = rs.add_parser("gold", help="import the shared claim-level gold (gold_dev) as judgments of the answers "
                                   "scored here (reviewer gold_dev)")
    g.add_argument("--domain", default="f1", help="whose gold (default f1: the paper's dev gold)")
    g.add_argument("--gold-dir", help="default: the domain's (F1: ../shared/data/paper_generations/gold_dev)")
    g.add_argument("--extractor", default="regex")
    g.add_argument("--include-context-mismatch", action="store_true",
                   help="also answers whose published context states facts ours does not (their gold judged another context)")
    g.set_defaults(func=Handler("f1bench_pipeline.review.commands:cmd_gold"))
    pl_ = rs.add_parser("plan", help="how many answers to review per system for a target interval half-width on "
                                     "corrected precision")
    pl_.add_argument("--half-width", type=float, help="target 95%% half-width (default F1BENCH_REVIEW_PLAN_HALF_WIDTH, 0.02)")
    pl_.add_argument("--season", type=int, help="default: the test season")
    pl_.add_argument("--variant", default="default")
    pl_.add_argument("--extractor", default="regex")
    pl_.set_defaults(func=Handler("f1bench_pipeline.review.commands:cmd_plan"))

