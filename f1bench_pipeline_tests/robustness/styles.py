"""Faithful answers in many styles, from each instance's own context.

``render(row, style, seed)`` writes an answer to one ``instances`` row in that row's
language (en/es/pt) in which every stated fact is true per the row's context: stints,
compounds, lap ranges, averages and degradation (when the context has them), pit laps, the
race distance, gaps before/after, gains, positions, defenses. Some of what it states is true
but not an oracle fact (the race distance, a stint's average "for laps 15–33", a sub-range of
a stint, "lap 14 vs. lap 16", a gap seen from the other driver): a scorer must not turn such
numbers into wrong checkable claims. Nothing is invented; a statement whose data is missing
is left out.

Styles (``STYLES``) are named families of phrasing, each switching on features of the
:class:`~f1bench_pipeline_tests.robustness.voice.Voice` and choosing a layout (prose, bullets,
markdown table, numbered sections with a "did it work?" verdict). ``HELD_OUT`` is a fixed
~30% of the families, kept out of tuning: tune an extractor on the others, check these last.
Formatting features (bold, dashes in lap ranges, arrows) are also sprinkled over the other
families, as real answers combine them ("combine freely"); the phrasing a held-out family
tests never appears in a tuned one.

Pure: no Dagster, no I/O. Deterministic for a seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import polars as pl

from f1bench_pipeline_tests.robustness import blind, blind2
from f1bench_pipeline_tests.robustness.blind import BLIND
from f1bench_pipeline_tests.robustness.blind2 import BLIND2
from f1bench_pipeline_tests.robustness.content import DRAFTS, Draft, Point
from f1bench_pipeline_tests.robustness.view import kind_of, view_of
from f1bench_pipeline_tests.robustness.voice import Voice

LAYOUTS = ("prose", "bullets", "table", "numbered")
# Formatting a real answer adds to any phrasing (bold figures, dashed ranges, arrows).
GARNISH = ("bold", "ranges", "arrows")
# Phrasing features of tuned families (the ``mix`` family draws from these only).
TUNED_FEATURES = ("bold", "arrows", "ranges", "distance", "ordinals", "avg", "gap_sign", "codeswitch")


@dataclass(frozen=True)
class StyleSpec:
    """A style family: the layouts it uses and the voice features it switches on."""

    layouts: tuple[str, ...]
    features: frozenset[str] = frozenset()
    garnish: bool = True  # may add GARNISH features (not for the plain baselines)
    doc: str = ""


def _spec(layouts: tuple[str, ...], *features: str, garnish: bool = True, doc: str = "") -> StyleSpec:
    return StyleSpec(layouts, frozenset(features), garnish, doc)


STYLE_SPECS: dict[str, StyleSpec] = {
    # --- tuned families
    "prose": _spec(("prose",), garnish=False, doc="plain paragraphs, lap ranges in words"),
    "bullets": _spec(("bullets",), garnish=False, doc="bullet points, 'Did it work?' heading"),
    "table": _spec(("table",), doc="markdown table of stints / stops / podium, then bullets"),
    "bold": _spec(("prose", "bullets"), "bold", doc="bold numbers and key phrases"),
    "arrows": _spec(("prose", "bullets"), "arrows", doc="SOFT→HARD, ->, =>; stint sequences with arrows"),
    "lap_ranges": _spec(("prose", "bullets"), "ranges", doc="laps 15–33 / 15-33 / L15–L33"),
    "distance": _spec(("prose", "bullets"), "distance",
                      doc="the race distance: 'on the 57-lap distance', '20 of 53 laps', 'with 43 laps to go'"),
    "ordinals": _spec(("prose", "bullets"), "ordinals", doc="second stint / 2nd stint / final stint / 8th"),
    "stint_avg": _spec(("prose", "bullets"), "avg", doc="per-stint averages 'avg 89.6 s for laps 15–33', degradation"),
    "gap_sign": _spec(("prose", "bullets"), "gap_sign", doc="signed gaps from either driver's view (+ = ahead)"),
    "codeswitch": _spec(("prose", "bullets"), "codeswitch",
                        doc="English tyre names and F1 jargon inside ES/PT ('hizo pit', 'pitou', 'na lap 17')"),
    "outlap": _spec(("prose", "bullets"), "outlap",
                    doc="out-lap wording: 'fitted the softs on lap 31' after a stop on lap 30 (judge separately)"),
    "race_facts": _spec(("prose", "bullets"), "stated", "avg",
                        doc="what the context states beyond the oracle (#44): degradation as a rate or a direction, "
                            "pace/degradation comparisons, green-flag stops, running order and places around the stops"),
    "mix": _spec(("prose", "bullets", "table"), doc="2-4 tuned features combined"),
    # --- held-out families
    "paren_stint": _spec(("prose", "bullets"), "paren", "ranges", doc="parentheses '(stint 2, laps 15–33)'"),
    "comparison": _spec(("prose", "bullets"), "compare",
                        doc="'lap 14 vs. lap 16', 'two laps later', pace 'X vs. Y'"),
    "subrange": _spec(("prose", "bullets"), "subrange",
                      doc="a sub-range of a stint: 'still on the old softs on laps 15–16'"),
    "positions": _spec(("prose", "bullets"), "positions", doc="running positions before/after the stops (P13 → P14)"),
    "numbered_qa": _spec(("numbered",), doc="'Com base nos dados:' + numbered bold-labelled sections + verdict"),
    "decimals": _spec(("prose", "bullets"), "decimals", doc="decimal commas, 1-3 decimals, '~2.3 s', lap times 1:48.71"),
}
STYLES: tuple[str, ...] = tuple(STYLE_SPECS)
# A fixed, deterministic ~30% of the families (6 of 19), never used for tuning.
HELD_OUT: frozenset[str] = frozenset({"paren_stint", "comparison", "subrange", "positions", "numbered_qa", "decimals"})
assert HELD_OUT <= set(STYLES)
# A second, blind held-out set (``blind.BLIND``): rendered by ``blind.render``, never in ``STYLES``
# (so the default sample is unchanged); ask for them by name or as ``"blind"``.
assert not BLIND & set(STYLES)
# A third, blind held-out set (``blind2.BLIND2``), kept for a final check; ask for it as ``"blind2"``.
assert not BLIND2 & set(STYLES) and not BLIND2 & BLIND


def family_of(style: str) -> str:
    """The family a style belongs to (a style is its own family; kept for ``style+variant`` names)."""
    return style.split("+", 1)[0]


def is_held_out(style: str) -> bool:
    return family_of(style) in HELD_OUT or family_of(style) in BLIND or family_of(style) in BLIND2


# --------------------------------------------------------------------------- layouts

_PREAMBLE = {
    "en": ("Based solely on the data provided:", "Based on the data:", "From the race data:"),
    "es": ("Basándonos únicamente en los datos proporcionados:", "Según los datos:", "Con base en los datos:"),
    "pt": ("Com base apenas nos dados fornecidos:", "Com base nos dados:", "Pelos dados da corrida:"),
}
_HOW = {"en": ("**How it played out:**", "Key points:", "**Details**", "### How it played out"),
        "es": ("**Cómo se desarrolló:**", "Puntos clave:", "**Detalles**", "### Cómo se desarrolló"),
        "pt": ("**Como se desenrolou:**", "Pontos-chave:", "**Detalhes**", "### Como se desenrolou")}


def _labelled(label: str, text: str) -> str:
    """``**Gap:** text``, unless the text already opens with its label ("Final result: ...")."""
    plain = text.lstrip("*").lower()
    if plain.startswith(label.lower()) or label.lower() in plain.split(":", 1)[0]:
        return text
    return f"**{label}:** {text}"


def _prose(d: Draft, v: Voice) -> str:
    sentences = [p.text for p in d.points]
    cut = v.rng.randint(1, max(1, len(sentences))) if sentences else 0
    paras = [d.intro + (" " + " ".join(sentences[:cut]) if sentences[:cut] else "")]
    if sentences[cut:]:
        paras.append(" ".join(sentences[cut:]))
    if d.verdict:
        paras.append(d.verdict[1])
    if v.chance(0.2):
        paras.insert(0, v.pick(_PREAMBLE[v.lang]))
    return "\n\n".join(paras)


def _bullets(d: Draft, v: Voice, points: list[Point] | None = None) -> str:
    pts = d.points if points is None else points
    labelled = v.chance(0.4)
    lines = [f"- {_labelled(p.label, p.text)}" if labelled else f"- {p.text}" for p in pts]
    head = [d.intro]
    if v.chance(0.5):
        head.append(v.pick(_HOW[v.lang]))
    out = "\n\n".join(head) + "\n" + ("\n" if v.chance(0.5) else "") + "\n".join(lines)
    if d.verdict:
        q, a = d.verdict
        out += v.pick([f"\n\n**{q}**  \n{a}", f"\n\n**{q}** {a}", f"\n\n{a}"])
    return out


def _table(d: Draft, v: Voice) -> str:
    if not d.table:
        return _bullets(d, v)
    head, *rows = d.table
    align = "|" + "|".join("---" for _ in head) + "|"
    md = "\n".join(["| " + " | ".join(head) + " |", align, *("| " + " | ".join(r) + " |" for r in rows)])
    rest = [p for p in d.points if v.chance(0.7)] or d.points[-1:]
    body = "\n".join(f"- {p.text}" for p in rest)
    out = f"{d.intro}\n\n{md}\n\n{body}"
    if d.verdict:
        out += f"\n\n**{d.verdict[0]}** {d.verdict[1]}"
    return out


def _numbered(d: Draft, v: Voice) -> str:
    lines = [v.pick(_PREAMBLE[v.lang]), "", d.intro, ""]
    # Points with the same label merge into one numbered section, as DeepSeek-style answers do.
    merged: list[tuple[str, list[str]]] = []
    for p in d.points:
        if merged and merged[-1][0] == p.label:
            merged[-1][1].append(p.text)
        else:
            merged.append((p.label, [p.text]))
    for i, (label, texts) in enumerate(merged, 1):
        if len(texts) == 1:
            lines.append(f"{i}. {_labelled(label, texts[0])}")
        else:
            lines.append(f"{i}. **{label}**:")
            lines += [f"   - {t}" for t in texts]
    if d.verdict:
        lines += ["", f"**{d.verdict[0]}**", d.verdict[1]]
    return "\n".join(lines)


_LAYOUT_FNS = {"prose": _prose, "bullets": _bullets, "table": _table, "numbered": _numbered}


# --------------------------------------------------------------------------- API


def _features(spec: StyleSpec, style: str, rng: random.Random) -> frozenset[str]:
    feats = set(spec.features)
    if family_of(style) == "mix":
        feats |= set(rng.sample(TUNED_FEATURES, rng.randint(2, 4)))
    elif spec.garnish:
        feats |= {g for g in GARNISH if rng.random() < 0.25}
    return frozenset(feats)


def render(row: dict[str, Any], style: str, seed: int) -> str:
    """A faithful answer to ``row`` (an ``instances`` row) in ``style``, in the row's language.

    Deterministic for (row id, language, style, seed). Raises ``KeyError`` for an unknown style.
    """
    if family_of(style) in BLIND:
        return blind.render(row, style, seed)
    if family_of(style) in BLIND2:
        return blind2.render(row, style, seed)
    spec = STYLE_SPECS[family_of(style)]
    view = view_of(row)
    rng = random.Random(f"{seed}|{view.id}|{view.lang}|{style}")
    feats = _features(spec, style, rng)
    voice = Voice(view.lang, feats, rng)
    draft = DRAFTS[view.kind](view, voice)
    layout = rng.choice(spec.layouts)
    return _LAYOUT_FNS[layout](draft, voice).strip()


def renderable(row: dict[str, Any]) -> bool:
    """False for a row the renderers cannot answer (a stint row without stints, a summary without podium)."""
    v = view_of(row)
    if v.kind == "stint":
        return bool(v.focus and v.focus.stints)
    if v.kind in ("undercut", "overcut"):
        return v.battle is not None
    if v.kind == "defense":
        return v.defense is not None
    return bool(v.podium)


def faithful_answers(instances: pl.DataFrame, n: int, seed: int, styles: list[str] | tuple[str, ...] | None = None
                     ) -> list[dict[str, Any]]:
    """``n`` answers over ``instances`` (one row per id and language is used; prompt variants
    share a context), stratified: styles in turn, and for each style the (language, decision
    type) cells in turn, an instance drawn at random within the cell.

    Each dict: ``id, lang, kind, decision_type, style, family, held_out, model``
    (``style-<style>``), ``variant`` ("default"), ``status`` ("ok"), ``seed``, ``text``.
    Deterministic for ``seed``."""
    styles = tuple(styles or STYLES)
    if "blind" in styles:  # the whole blind set, in a fixed order
        styles = tuple(x for s in styles for x in ((*sorted(BLIND),) if s == "blind" else (s,)))
    if "blind2" in styles:  # the second blind set, in a fixed order
        styles = tuple(x for s in styles for x in ((*sorted(BLIND2),) if s == "blind2" else (s,)))
    for s in styles:
        if family_of(s) not in STYLE_SPECS and family_of(s) not in BLIND and family_of(s) not in BLIND2:
            raise KeyError(f"unknown style {s!r}; known: {', '.join(STYLES)}")
    rows = (instances.unique(subset=["id", "lang"], keep="first").sort("id", "lang").to_dicts()
            if not instances.is_empty() else [])
    cells: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in rows:
        if renderable(r):
            cells.setdefault((str(r["lang"]), kind_of(r)), []).append(r)
    keys = sorted(cells)
    if not keys or n <= 0:
        return []
    rng = random.Random(seed)
    out = []
    for i in range(n):
        style = styles[i % len(styles)]
        j = i // len(styles)
        cell = keys[(j + styles.index(style)) % len(keys)]
        row = rng.choice(cells[cell])
        answer_seed = rng.randrange(2 ** 31)
        out.append({
            "id": row["id"], "lang": row["lang"], "kind": kind_of(row), "decision_type": row.get("decision_type"),
            "style": style, "family": family_of(style), "held_out": is_held_out(style), "model": f"style-{style}",
            "variant": "default", "status": "ok", "seed": answer_seed, "text": render(row, style, answer_seed),
        })
    return out
