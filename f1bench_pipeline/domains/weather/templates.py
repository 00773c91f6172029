"""The offline systems' answers to a forecast, written from its oracle facts (pure).

* ``faithful`` states every fact: in English in °F and mph (as the NWS does), in
  Spanish and Portuguese in °C and km/h (as a forecaster there would, which exercises
  the verifier's unit conversion).
* ``noisy`` perturbs ``max(1, round(0.4 n))`` of the ``n`` facts, chosen by a RNG seeded
  with (id, language, seed): a temperature 3–8 °F off, a wind speed 5–10 mph off, the
  direction turned 90–180°, the rain chance 20–50 points off, another sky category —
  every error beyond its tolerance.
* ``terse`` states one true fact (the first: the temperature): the abstainer.
"""

from __future__ import annotations

import hashlib
import random

from f1bench_pipeline.domains.base import DomainFact, domain_facts_from_json
from f1bench_pipeline.domains.weather.facts import f_to_c, to_kmh
from f1bench_pipeline.domains.weather.lexicon import COMPASS_NAMES, SKY_PHRASE
from f1bench_pipeline.domains.weather.records import (
    COMPASS,
    SKY_CATEGORIES,
    SKY_COVER,
    SKY_WEATHER,
)

TEMPLATE_VERSION = 2
NOISE_RATE = 0.4
KINDS = ("faithful", "noisy", "terse")
METRIC = {"en": False, "es": True, "pt": True}


def _temp(f: DomainFact, lang: str) -> str:
    v = float(f.value["value"])
    if f.value.get("unit", "F") == "C":
        v = v * 9 / 5 + 32
    kind = f.key.get("kind", "high")
    if METRIC[lang]:
        c = round(f_to_c(v))
        word = {"es": {"high": "Máxima", "low": "Mínima"}, "pt": {"high": "Máxima", "low": "Mínima"}}[lang][kind]
        return f"{word} de {c} °C."
    return f"{'High' if kind == 'high' else 'Low'} of {round(v)} °F."


def _wind(speed: DomainFact | None, direction: DomainFact | None, lang: str) -> str:
    d = COMPASS_NAMES[lang][direction.value["direction"]][0] if direction else None
    sp = ""
    if speed:
        lo, hi, unit = speed.value["min"], speed.value["max"], speed.value.get("unit", "mph")
        if METRIC[lang]:
            lo, hi, unit = round(to_kmh(lo, unit)), round(to_kmh(hi, unit)), "km/h"
        join = {"en": "to", "es": "a", "pt": "a"}[lang]
        if lang == "en":
            sp = f"{lo} {unit}" if lo == hi else f"{lo} {join} {hi} {unit}"
            sp = ("at " if lo == hi else "") + sp
        else:
            sp = f"a {lo} {unit}" if lo == hi else f"de {lo} {join} {hi} {unit}"
    if lang == "en":
        head = f"{d.capitalize()} wind" if d else "Wind"
    elif lang == "es":
        head = f"Viento del {d}" if d else "Viento"
    else:
        head = f"Vento de {d}" if d else "Vento"
    return f"{head} {sp}".strip() + "."


def _sky(f: DomainFact, lang: str) -> str:
    phrase = SKY_PHRASE[lang][f.value["condition"]]
    return {"en": f"Expect {phrase}.", "es": f"Se prevé {phrase}.", "pt": f"Previsão de {phrase}."}[lang]


def _precip(f: DomainFact, lang: str) -> str:
    p = f.value["percent"]
    return {"en": f"Chance of precipitation: {p}%.", "es": f"Probabilidad de precipitación del {p} %.",
            "pt": f"Probabilidade de chuva de {p}%."}[lang]


def verbalize(facts: list[DomainFact], lang: str) -> str:
    """One sentence per fact (wind speed and direction share one), in the facts' order."""
    by = {f.type: f for f in facts}
    out: list[str] = []
    wind_done = False
    for f in facts:
        if f.type == "temperature":
            out.append(_temp(f, lang))
        elif f.type == "sky":
            out.append(_sky(f, lang))
        elif f.type in ("wind_speed", "wind_direction") and not wind_done:
            out.append(_wind(by.get("wind_speed"), by.get("wind_direction"), lang))
            wind_done = True
        elif f.type == "precip_chance":
            out.append(_precip(f, lang))
    return " ".join(out)


def perturb(f: DomainFact, rng: random.Random) -> DomainFact:
    v = dict(f.value)
    if f.type == "temperature":
        v["value"] = v["value"] + rng.choice((-1, 1)) * rng.randint(3, 8)
    elif f.type == "wind_speed":
        delta = rng.randint(5, 10)
        if v["min"] - delta < 0 or rng.random() < 0.5:
            v.update(min=v["min"] + delta, max=v["max"] + delta)
        else:
            v.update(min=v["min"] - delta, max=v["max"] - delta)
    elif f.type == "wind_direction":
        i = COMPASS.index(v["direction"])
        v["direction"] = COMPASS[(i + rng.choice((-1, 1)) * rng.randint(4, 8)) % 16]
    elif f.type == "precip_chance":
        p, delta = v["percent"], rng.randint(20, 50)
        v["percent"] = p + delta if p + delta <= 100 and (p - delta < 0 or rng.random() < 0.5) else max(0, p - delta)
        if v["percent"] == p:
            v["percent"] = min(100, p + 20)
    elif f.type == "sky":
        true = {v["condition"], *(a["condition"] for a in f.alt_values)}
        # a cover the forecast does not state would be unverifiable, not wrong: then pick weather
        pool = SKY_CATEGORIES if true & set(SKY_COVER) else SKY_WEATHER
        v["condition"] = rng.choice([c for c in pool if c not in true])
    return f.model_copy(update={"value": v, "alt_values": []})


def noisy_facts(facts: list[DomainFact], instance_id: str, lang: str, seed: int = 0) -> list[DomainFact]:
    rng = random.Random(int(hashlib.sha256(f"{instance_id}|{lang}|{seed}".encode()).hexdigest()[:16], 16))
    n_wrong = max(1, round(NOISE_RATE * len(facts)))
    chosen = set(rng.sample(range(len(facts)), n_wrong))
    return [perturb(f, rng) if i in chosen else f for i, f in enumerate(facts)]


def template_answer(kind: str, facts_json: str, lang: str, instance_id: str, entities_json: str = "{}",
                    seed: int = 0) -> str:
    facts = domain_facts_from_json(facts_json)
    lang = lang if lang in METRIC else "en"
    if not facts:
        return ""
    if kind == "faithful":
        return verbalize(facts, lang)
    if kind == "terse":
        return verbalize(facts[:1], lang)
    if kind == "noisy":
        return verbalize(noisy_facts(facts, instance_id, lang, seed), lang)
    raise ValueError(f"unknown template kind {kind!r} (known: {', '.join(KINDS)})")
