"""The context's stated facts (``instances/stated.py``) → plain sentences in EN/ES/PT.

The offline template systems append these after the oracle facts (``templates.py``), so the
perturbation experiment covers the claim types of issue #44 too. The wordings are deliberately
plain and explicit (one fact or one stint per sentence, the context's own rounding and decimal
point), what an extractor of the new types can be expected to read:

* a stint's pace and degradation, one sentence after the oracle's stint wording: "HAM ran stint 1
  on the hard tyres, with an average of 77.73 s and a degradation of -0.515 s/lap." ("In stint 1
  HAM ran, with an average of ..." when the timing data lost the compound);
* a stop under a neutralisation, after the oracle's pit-lap wording: "HAM pitted on lap 56 under
  the safety car." — and, for a pit battle's stops only, a green one: "HAM pitted on lap 30, not
  under a safety car or a virtual safety car." (every stop of every driver would swamp the answer);
* the running order around a battle's stops: "Before the stops HAM ran ahead of OCO; after the
  stops OCO ran ahead of HAM."

A driver's position before/after the stops (``race_position``) is not rendered: "P5" reads as a
finishing position to the paper's extractor, one number with two readings.
"""

from __future__ import annotations

from typing import Any

from f1bench_pipeline.domains.f1.instances.facts import Fact, FactType
from f1bench_pipeline.domains.f1.instances.tyre_words import tyre

#: The stated fact types a template renders (``race_position`` is not: see the module docstring).
RENDERED = (FactType.stint_pace, FactType.stint_degradation, FactType.stop_neutralisation, FactType.running_order)

UNKNOWN = "UNKNOWN"


def pace(x: float) -> str:
    return f"{x:.2f}"  # the context prints a stint's average to 0.01 s


def rate(x: float) -> str:
    return f"{x:+.3f}"  # the context prints a degradation to 0.001 s/lap, signed


def _stint_head(driver: str, stint: int, compound: str | None, lang: str) -> str:
    # the oracle's own stint wording ("HAM ran stint 1 on the hard tyres", ``verbalize.sentence``)
    if compound and compound != UNKNOWN:
        return {"en": f"{driver} ran stint {stint} on the {tyre(compound, lang)} tyres",
                "es": f"{driver} hizo el stint {stint} con el neumático {tyre(compound, lang)}",
                "pt": f"{driver} fez o stint {stint} com o pneu {tyre(compound, lang)}"}[lang]
    return {"en": f"In stint {stint} {driver} ran", "es": f"En el stint {stint} {driver} rodó",
            "pt": f"No stint {stint} {driver} rodou"}[lang]


def stint_tail(avg: float | None, deg: float | None, lang: str) -> str:
    """", with an average of 77.73 s and a degradation of -0.515 s/lap." (a stint sentence's end)."""
    if avg is not None and deg is not None:
        return {"en": f", with an average of {pace(avg)} s and a degradation of {rate(deg)} s/lap.",
                "es": f", con una media de {pace(avg)} s y una degradación de {rate(deg)} s/vuelta.",
                "pt": f", com média de {pace(avg)} s e degradação de {rate(deg)} s/volta."}[lang]
    if avg is not None:
        return {"en": f", with an average of {pace(avg)} s.", "es": f", con una media de {pace(avg)} s.",
                "pt": f", com média de {pace(avg)} s."}[lang]
    return {"en": f", with a degradation of {rate(deg or 0.0)} s/lap.",
            "es": f", con una degradación de {rate(deg or 0.0)} s/vuelta.",
            "pt": f", com degradação de {rate(deg or 0.0)} s/volta."}[lang]


def _stint(driver: str, stint: int, compound: str | None, avg: float | None, deg: float | None, lang: str) -> str:
    return _stint_head(driver, stint, compound, lang) + stint_tail(avg, deg, lang)


def stop_tail(kind: str, lang: str) -> str:
    """" under the safety car." (a pit-lap sentence's end)."""
    if kind == "SC":
        return {"en": " under the safety car.", "es": " bajo el coche de seguridad.", "pt": " sob o safety car."}[lang]
    if kind == "VSC":
        return {"en": " under the virtual safety car.", "es": " bajo el coche de seguridad virtual.",
                "pt": " sob o safety car virtual."}[lang]
    return {"en": ", not under a safety car or a virtual safety car.",
            "es": ", no bajo coche de seguridad ni coche de seguridad virtual.",
            "pt": ", não sob safety car nem safety car virtual."}[lang]


def _stop(driver: str, lap: int, kind: str, lang: str) -> str:
    # the oracle's own pit-lap wording ("HAM pitted on lap 56", ``verbalize.sentence``), then the neutralisation
    head = {"en": f"{driver} pitted on lap {lap}", "es": f"{driver} entró en boxes en la vuelta {lap}",
            "pt": f"{driver} parou nos boxes na volta {lap}"}[lang]
    return head + stop_tail(kind, lang)


def _order(when: str, ahead: str, behind: str, lang: str) -> str:
    return {"en": {"before": f"Before the stops {ahead} ran ahead of {behind}",
                   "after": f"after the stops {ahead} ran ahead of {behind}"},
            "es": {"before": f"Antes de las paradas {ahead} iba por delante de {behind}",
                   "after": f"después de las paradas {ahead} iba por delante de {behind}"},
            "pt": {"before": f"Antes das paradas {ahead} estava à frente de {behind}",
                   "after": f"depois das paradas {ahead} estava à frente de {behind}"}}[lang][when]


def _other(pair: str, ahead: str) -> str:
    a, b = pair.split("|")
    return b if ahead == a else a


def stated_sentences(facts: list[Fact], lang: str) -> list[str]:
    """One sentence per stint (pace and degradation together), per stop, and one for the running
    order before and after the stops, in the order the facts first name them."""
    stints: dict[tuple[str, int], dict[str, Any]] = {}
    out: list[tuple[Any, str] | tuple[Any, None]] = []
    orders: dict[str, dict[str, str]] = {}
    for f in facts:
        t, k, v = FactType(f.type), f.key, f.value
        if t in (FactType.stint_pace, FactType.stint_degradation):
            key = (k["driver"], int(k["stint"]))
            if key not in stints:
                stints[key] = {"compound": v.get("compound")}
                out.append((("stint", key), None))
            stints[key]["avg" if t == FactType.stint_pace else "deg"] = \
                v["seconds"] if t == FactType.stint_pace else v["s_per_lap"]
        elif t == FactType.stop_neutralisation:
            out.append((None, _stop(k["driver"], k["lap"], str(v["kind"]), lang)))
        elif t == FactType.running_order:
            if k["pair"] not in orders:
                out.append((("order", k["pair"]), None))
            orders.setdefault(k["pair"], {})[k["when"]] = v["ahead"]
    text = []
    for ref, sentence in out:
        if sentence is not None:
            text.append(sentence)
        elif ref[0] == "stint":
            s = stints[ref[1]]
            text.append(_stint(ref[1][0], ref[1][1], s.get("compound"), s.get("avg"), s.get("deg"), lang))
        else:
            pair, by_when = ref[1], orders[ref[1]]
            parts = [_order(w, by_when[w], _other(pair, by_when[w]), lang) for w in ("before", "after") if w in by_when]
            joined = "; ".join(parts)
            text.append(joined[0].upper() + joined[1:] + ".")
    return text


#: every stated fact type (``instances/stated.py``): ``fact_sentence`` words each one alone
STATED = (*RENDERED, FactType.race_position)


def fact_sentence(f: Fact, lang: str) -> str:
    """One stated fact alone, e.g. the correction a verifier-guided round sends back for it
    (``verbalize.sentence`` delegates here)."""
    t, k, v = FactType(f.type), f.key, f.value
    if t == FactType.stint_pace:
        return _stint(k["driver"], int(k["stint"]), v.get("compound"), float(v["seconds"]), None, lang)
    if t == FactType.stint_degradation:
        return _stint(k["driver"], int(k["stint"]), v.get("compound"), None, float(v["s_per_lap"]), lang)
    if t == FactType.stop_neutralisation:
        return _stop(k["driver"], k["lap"], str(v["kind"]), lang)
    if t == FactType.running_order:
        text = _order(k["when"], v["ahead"], _other(k["pair"], v["ahead"]), lang)
        return text[0].upper() + text[1:] + "."
    if t == FactType.race_position:
        when = {"en": {"before": "Before the stops", "after": "After the stops"},
                "es": {"before": "Antes de las paradas", "after": "Después de las paradas"},
                "pt": {"before": "Antes das paradas", "after": "Depois das paradas"}}[lang][k["when"]]
        return {"en": f"{when} {k['driver']} was running in position {v['position']}.",
                "es": f"{when} {k['driver']} rodaba en la posición {v['position']}.",
                "pt": f"{when} {k['driver']} estava na posição {v['position']}."}[lang]
    raise ValueError(f"not a stated fact type: {f.type}")


def stints_of(stated: list[Fact]) -> dict[tuple[str, int], dict[str, float]]:
    out: dict[tuple[str, int], dict[str, float]] = {}
    for f in stated:
        if f.type == FactType.stint_pace:
            out.setdefault((f.key["driver"], int(f.key["stint"])), {})["avg"] = float(f.value["seconds"])
        elif f.type == FactType.stint_degradation:
            out.setdefault((f.key["driver"], int(f.key["stint"])), {})["deg"] = float(f.value["s_per_lap"])
    return out
