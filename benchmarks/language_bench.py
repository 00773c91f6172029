"""Which language-identification library measures an answer's language (language.py)?

Runs ``f1bench_pipeline.language.detect`` (py3langid, restricted to its CANDIDATES, with its
word and probability thresholds) and, when it is importable, lingua (``pip install
lingua-language-detector``; not a dependency of f1bench) with the same candidates, over:

* the published answers of real models (``../shared/data/paper_generations``: dev.jsonl and
  more.jsonl, EN/ES/PT), full text and their first N words (short answers);
* the offline template systems' answers in a built warehouse (``--warehouse``, default
  ``data/warehouse``): short, templated, in all three languages.

Prints agreement with the asked language, the confusions (ES vs PT above all), unknowns,
time per answer, import + model load time and peak memory. Figures go to benchmarks/RESULTS.md.

    .venv/bin/python benchmarks/language_bench.py [--lingua] [--warehouse data/warehouse]
"""

from __future__ import annotations

import argparse
import collections
import json
import resource
import time
from pathlib import Path

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "paper_generations"
PREFIX_WORDS = (12, 16, 20, 30)  # with the thresholds
RAW_PREFIX_WORDS = (5, 8, 12)  # the classifier alone: why MIN_WORDS


def paper_answers(folder: Path) -> list[tuple[str, str, str]]:
    out = []
    for name in ("dev.jsonl", "more.jsonl"):
        for line in (folder / name).read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            if r.get("text"):
                out.append((r["model"], r["lang"], r["text"]))
    return out


def template_answers(warehouse: Path) -> list[tuple[str, str, str]]:
    import polars as pl

    df = pl.read_parquet(str(warehouse / "generations" / "**" / "*.parquet"), hive_partitioning=True)
    df = df.filter(pl.col("status") == "ok")
    return list(df.select("model", "lang", "text").iter_rows())


def prefix(text: str, n: int) -> str:
    """``text`` up to its ``n``-th word (words as language.words counts them)."""
    from f1bench_pipeline.language import _CODE, _WORD

    ws = list(_WORD.finditer(_CODE.sub(lambda m: " " * len(m.group()), text)))
    return text[:ws[n - 1].end()] if len(ws) >= n else text


def measure(name: str, detect, answers: list[tuple[str, str, str]], label: str) -> dict:
    t = time.perf_counter()
    got = [detect(x) for _m, _l, x in answers]
    dt = time.perf_counter() - t
    pairs = collections.Counter((lang, d) for (_m, lang, _x), d in zip(answers, got))
    right = sum(n for (a, d), n in pairs.items() if a == d)
    unknown = sum(n for (_a, d), n in pairs.items() if d is None)
    print(f"{name:7} {label}: {len(answers)} answers, {right} as asked, {unknown} unknown, "
          f"{len(answers) - right - unknown} other; {dt / len(answers) * 1e3:.2f} ms/answer")
    print("         other: " + ", ".join(f"{a}->{d}: {n}" for (a, d), n in sorted(pairs.items(), key=str)
                                       if d is not None and a != d) or "none")
    es_pt = pairs.get(("es", "pt"), 0) + pairs.get(("pt", "es"), 0)
    print(f"         ES<->PT confusions: {es_pt}")
    return {"got": got, "seconds": dt}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lingua", action="store_true", help="also measure lingua (must be importable)")
    ap.add_argument("--warehouse", default="data/warehouse")
    ap.add_argument("--shared", default=str(SHARED))
    args = ap.parse_args()
    paper = paper_answers(Path(args.shared))
    wh = Path(args.warehouse)
    templates = template_answers(wh) if (wh / "generations").exists() else []

    detectors = {}
    t = time.perf_counter()
    from f1bench_pipeline import language

    language.detect("warm up: the model loads on the first call " * 3)
    print(f"py3langid: import + model load {time.perf_counter() - t:.2f} s, "
          f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    detectors["py3langid"] = language.detect
    if args.lingua:
        rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        t = time.perf_counter()
        from lingua import IsoCode639_1, Language, LanguageDetectorBuilder

        langs = [Language.from_iso_code_639_1(getattr(IsoCode639_1, c.upper())) for c in language.CANDIDATES]
        det = LanguageDetectorBuilder.from_languages(*langs).with_preloaded_language_models().build()
        print(f"lingua: import + model load {time.perf_counter() - t:.2f} s, peak RSS "
              f"+{(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss0) / 1024:.0f} MB")

        def lingua_detect(text: str) -> str | None:  # the same word and probability thresholds
            if language.words(text) < language.MIN_WORDS:
                return None
            v = det.compute_language_confidence_values(language._CODE.sub(" ", text))
            return v[0].language.iso_code_639_1.name.lower() if v and v[0].value >= language.MIN_PROBABILITY else None

        detectors["lingua"] = lingua_detect
    for name, detect in detectors.items():
        full = measure(name, detect, paper, "published answers, full")
        off = [(m, lang, x) for (m, lang, x), d in zip(paper, full["got"]) if d is not None and d != lang]
        for m, lang, x in off:
            print(f"         {m} asked {lang}: {x[:90]!r}")
        for n in PREFIX_WORDS:
            measure(name, detect, [(m, lang, prefix(x, n)) for m, lang, x in paper], f"first {n} words")
        if name == "py3langid":
            def raw(text: str) -> str:
                return str(language._identifier().classify(language._CODE.sub(" ", text))[0])

            for n in RAW_PREFIX_WORDS:
                measure("raw", raw, [(m, lang, prefix(x, n)) for m, lang, x in paper],
                        f"first {n} words, no thresholds")
        if templates:
            measure(name, detect, templates, "template systems' answers")


if __name__ == "__main__":
    main()
