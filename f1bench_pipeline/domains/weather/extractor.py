"""Regex extractor for weather forecasts in English, Spanish and Portuguese.

Claims (``DomainClaim``; slots carry the unit as stated — the verifier converts):

* ``temperature`` {value, unit: F|C|None, kind: high|low|trend|apparent|None} —
  "83 °F", "28 ºC", "83 degrees", "high near 83", "máxima de 28 °C", "mínima de 16 graus".
  ``kind`` comes from the nearest high/low word before the number in the same sentence;
  "temperatures falling to around 79" is a ``trend`` and "feels like 90" ``apparent``
  (neither is stated by a forecast record: unverifiable).
* ``wind_speed`` {min, max} or {value} or {max} (``up to``), unit mph|km/h|kt|m/s —
  "5 to 13 mph", "de 15 a 20 km/h", "around 15 mph", "hasta 30 km/h". Speeds after a
  gust word are ``wind_gust``.
* ``wind_direction`` {direction: 16-point code} — compass words per language
  ("northwest", "del noroeste", "de nordeste", "lés-sudeste") and abbreviations (NW,
  SO = sudoeste) in a sentence that speaks of wind.
* ``precip_chance`` {percent} — "30%", "30 por ciento" (a percentage next to a humidity
  word is ``other``); {qualitative: "none"} — a statement of no or negligible precipitation
  ("no chance of rain", "virtually no chance of precipitation", "sunny and dry", "sin
  probabilidad de lluvia", "tiempo seco", "sem chance de chuva"; ``precip``), kept only
  when the answer states no percentage and no precipitation sky (then it adds nothing, or
  is hedged).
* ``sky`` {condition: category} — the NWS sky and weather words per language, mapped to
  the record's categories (mostly_clear, clear, partly_cloudy, cloudy, rain,
  thunderstorms, fog, snow); negated or hedged mentions ("no rain", "no chance of
  thunderstorms", "a low chance of rain", "sin lluvia") are not sky claims, and the
  precipitation phrase a percentage states the chance of ("a 30% chance of rain") belongs
  to the precipitation claim — only that one: in "a chance of rain showers, with a 28%
  chance of precipitation" the showers are the sky's.

``extract_claims`` never raises (an unexpected error yields no claims, like F1's).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from f1bench_pipeline.domains.base import DomainClaim
from f1bench_pipeline.domains.weather import lexicon as L
from f1bench_pipeline.domains.weather import precip
from f1bench_pipeline.scoring.claims import Span

_SENT = re.compile(r"(?<!\d)[.!?;](?!\d)|\n|(?<=\d)\.(?=\s|$)")
_NUM = r"-?\d{1,3}(?:[.,]\d)?"
_DEG = r"(?:\s*°\s*|\s*(?:degrees?|grados?|graus?|deg\.?)\s*)"
_UNIT_T = r"(?:fahrenheit|celsius|centigrados?|f|c)\b"
_T_UNIT = re.compile(r"(?<![\d.,])(" + _NUM + r")(?:" + _DEG + r"?(" + _UNIT_T + r"))")
_T_DEG = re.compile(r"(?<![\d.,])(" + _NUM + r")(?:\s*°|\s+(?:degrees?|grados?|graus?)\b)")
_SPEED_UNIT = (r"mph|mi/h|miles per hour|millas por hora|milhas por hora|km/h|kmh|kph|km/hr|km por hora|"
               r"kilometers per hour|kilometres per hour|kilometros por hora|quilometros por hora|knots?|kts?|nudos|nos|m/s")
_SPEED = re.compile(
    r"(?:\b(up to|as high as|as much as|hasta|ate|de ate|maximos? de)\s+)?(?<![\d.,])(\d{1,3})"
    r"(?:\s*(?:-|to|a|al|y|e|and|hasta|ate)\s*(\d{1,3}))?\s*(" + _SPEED_UNIT + r")(?![a-z])")
_PCT = re.compile(r"(?<![\d.,])(\d{1,3}(?:[.,]\d+)?)\s*(?:%|por ?ciento|por ?cento|percent\b|per cent\b)")
_T_KEYWORD = re.compile(r"\b(?:" + L.HIGH_WORDS + "|" + L.LOW_WORDS + "|" + L.TEMP_WORDS + r")\b[^\d.;!?\n]{0,28}?"
                        r"(?<![\d.,])(" + _NUM + r")(?![\d.,]*\s*(?:%|" + _SPEED_UNIT + r"|por ?cien|percent))")
_HIGH = re.compile(r"(?<!\bas )\b(?:" + L.HIGH_WORDS + r")\b")   # "as high as" is not "the high"
_LOW = re.compile(r"(?<!\bas )\b(?:" + L.LOW_WORDS + r")\b")
_TREND = re.compile(r"\b(?:" + L.TREND_WORDS + r")\b")
_APPARENT = re.compile(r"\b(?:" + L.APPARENT_WORDS + r")\b")
_GUST = re.compile(r"\b(?:" + L.GUST_WORDS + r")\b[^\d.;!?\n]{0,20}$")
_HUMIDITY = re.compile(r"\b(?:" + L.HUMIDITY_WORDS + r")\b")
_NEGATION = re.compile(L.NEGATION)
_PRECIP_SKY = ("rain", "thunderstorms", "snow")  # the sky categories that are precipitation
_ABBREV = re.compile(r"(?<![A-Za-z])(" + "|".join(sorted(L.COMPASS_ABBREV, key=len, reverse=True)) + r")(?![A-Za-z])")
_SPEED_UNITS = {"mph": "mph", "mi/h": "mph", "miles per hour": "mph", "millas por hora": "mph",
                "milhas por hora": "mph", "knot": "kt", "knots": "kt", "kt": "kt", "kts": "kt", "nudos": "kt",
                "nos": "kt", "m/s": "m/s"}


@lru_cache(maxsize=8)
def _patterns(lang: str) -> tuple[re.Pattern[str], dict[str, str], re.Pattern[str],
                                  list[tuple[re.Pattern[str], str]], re.Pattern[str], re.Pattern[str]]:
    compass, compass_lookup = L.compass_pattern(lang)
    sky, sky_entries = L.sky_pattern(lang)
    wind = re.compile(r"\b(?:" + L.WIND_WORDS.get(lang, L.WIND_WORDS["en"]) + r")\b")
    precip = re.compile(r"\b(?:" + L.PRECIP_PHRASES.get(lang, L.PRECIP_PHRASES["en"]) + r")\b")
    return compass, compass_lookup, sky, sky_entries, wind, precip


def _num(text: str) -> float | int:
    x = float(text.replace(",", "."))
    return int(x) if x.is_integer() else x


def _sentences(folded: str) -> list[tuple[int, int]]:
    out, start = [], 0
    for m in _SENT.finditer(folded):
        if m.start() > start:
            out.append((start, m.start()))
        start = m.end()
    if start < len(folded):
        out.append((start, len(folded)))
    return out


def _overlaps(a: int, b: int, taken: list[tuple[int, int]]) -> bool:
    return any(a < y and x < b for x, y in taken)


def _temp_kind(before: str) -> str | None:
    """The kind named closest before the number (within the sentence, after any other number)."""
    before = re.split(r"\d", before)[-1][-48:]
    if _APPARENT.search(before):  # "heat index values as high as 103": never the forecast's high
        return "apparent"
    best, kind = -1, None
    for pat, k in ((_HIGH, "high"), (_LOW, "low"), (_TREND, "trend"), (_APPARENT, "apparent")):
        for m in pat.finditer(before):
            if m.start() > best:
                best, kind = m.start(), k
    return kind


def _claim(kind: str, slots: dict, text: str, a: int, b: int) -> DomainClaim:
    return DomainClaim(type=kind, slots=slots, span=Span(start=a, end=b, text=text[a:b]))


def extract_claims(text: str | bytes, lang: str, context: object = None) -> list[DomainClaim]:
    """Typed weather claims of one answer, in text order. Never raises."""
    try:
        return _extract(text if isinstance(text, str) else text.decode("utf-8", "replace"), lang)
    except Exception:  # noqa: BLE001 - the contract is "never raise"; tests call _extract directly
        return []


def _extract(text: str, lang: str) -> list[DomainClaim]:
    lang = lang if lang in L.SKY_WORDS else "en"
    compass, compass_lookup, sky_re, sky_entries, wind_re, precip_re = _patterns(lang)
    folded = L.fold(text)
    claims: list[tuple[int, DomainClaim]] = []
    nones: list[tuple[int, DomainClaim]] = []  # "no chance of rain", "dry": kept only if nothing else states the chance
    for s0, s1 in _sentences(folded):
        sent = folded[s0:s1]
        taken: list[tuple[int, int]] = []  # spans (sentence offsets) already claimed

        # wind speeds (before temperatures: "15 mph" is never a temperature)
        speed_spans = []
        for m in _SPEED.finditer(sent):
            unit: str | None = _SPEED_UNITS.get(m.group(4), "km/h" if "k" in m.group(4) else m.group(4))
            lo, hi = int(m.group(2)), int(m.group(3)) if m.group(3) else None
            slots: dict[str, Any]
            if m.group(1):
                slots = {"max": hi if hi is not None else lo}
            elif hi is not None:
                slots = {"min": min(lo, hi), "max": max(lo, hi)}
            else:
                slots = {"value": lo}
            slots["unit"] = unit
            kind = "wind_gust" if _GUST.search(sent[: m.start()]) else "wind_speed"
            claims.append((s0 + m.start(), _claim(kind, slots, text, s0 + m.start(), s0 + m.end())))
            taken.append(m.span())
            speed_spans.append(m.span())

        # precipitation chance (and other percentages)
        precip_pcts = []
        for m in _PCT.finditer(sent):
            if _overlaps(*m.span(), taken):
                continue
            ctx = sent[max(0, m.start() - 40): m.end() + 40]
            if _HUMIDITY.search(ctx) and not precip_re.search(ctx):
                claims.append((s0 + m.start(), _claim("other", {"description": "humidity"}, text, s0 + m.start(), s0 + m.end())))
            else:
                claims.append((s0 + m.start(), _claim("precip_chance", {"percent": _num(m.group(1))}, text,
                                                      s0 + m.start(), s0 + m.end())))
                precip_pcts.append(m.span())
            taken.append(m.span())

        # temperatures: number + unit, number + degrees, then high/low/temperature + bare number
        for pat, has_unit in ((_T_UNIT, True), (_T_DEG, False), (_T_KEYWORD, False)):
            for m in pat.finditer(sent):
                a, b = m.span(1)
                end = m.end()
                if _overlaps(a, end, taken):
                    continue
                unit = None
                if has_unit:
                    u = m.group(2)
                    unit = "F" if u.startswith("f") else "C"
                slots = {"value": _num(m.group(1)), "unit": unit}
                temp_kind = _temp_kind(sent[:a])
                if temp_kind:
                    slots["kind"] = temp_kind
                claims.append((s0 + a, _claim("temperature", slots, text, s0 + a, s0 + end)))
                taken.append((a, end))

        # wind directions: only in a sentence that speaks of wind
        winds = [m.span() for m in wind_re.finditer(sent)] + speed_spans
        if winds:
            for m in compass.finditer(sent):
                word = m.group(0)
                if _overlaps(*m.span(), taken):
                    continue
                key = word if word in compass_lookup else re.sub(r"[- ]", "", word)
                code = compass_lookup.get(key) or compass_lookup.get(word.replace(" ", "-"))
                if code is None:
                    continue
                prefixes = L.AMBIGUOUS_DIRECTION.get(lang, {}).get(word)
                if prefixes and not sent[: m.start()].endswith(prefixes):
                    continue
                claims.append((s0 + m.start(), _claim("wind_direction", {"direction": code}, text,
                                                      s0 + m.start(), s0 + m.end())))
                taken.append(m.span())
            raw = text[s0:s1]
            for m in _ABBREV.finditer(raw):
                a, b = m.span(1)
                if _overlaps(a, b, taken):
                    continue
                reach = 12 if len(m.group(1)) == 1 else 25
                if not any(a - reach <= y and x <= b + reach for x, y in winds):
                    continue
                if len(m.group(1)) == 1 and raw[max(0, a - 1): a] not in ("", " ", "(") and raw[b: b + 1] not in ("", " ", ")", ",", "."):
                    continue
                claims.append((s0 + a, _claim("wind_direction", {"direction": L.COMPASS_ABBREV[m.group(1)]}, text,
                                              s0 + a, s0 + b)))
                taken.append((a, b))

        # sky: skip the precipitation phrase a percentage states the chance of (class 14: only that
        # one), negated or hedged mentions and statements of no precipitation (class 13)
        phrases = [p.span() for p in precip_re.finditer(sent)] if precip_pcts else []
        nones_here, masked = precip.read(sent, lang)
        masked += precip.bound_phrases(phrases, precip_pcts)
        for a, b in nones_here:
            if not _overlaps(a, b, taken):
                nones.append((s0 + a, _claim("precip_chance", {"qualitative": "none"}, text, s0 + a, s0 + b)))
                taken.append((a, b))
        for m in sky_re.finditer(sent):
            a, b = m.span()
            if _overlaps(a, b, taken) or _NEGATION.search(sent[max(0, a - 24): a]):
                continue
            phrase = m.group(0)
            cat = next((c for p, c in sky_entries if p.fullmatch(phrase)), None)
            if cat is None or (cat in _PRECIP_SKY and _overlaps(a, b, masked)):
                continue
            claims.append((s0 + a, _claim("sky", {"condition": cat}, text, s0 + a, s0 + b)))
            taken.append((a, b))
    if not any(_states_precipitation(c) for _, c in claims):
        claims += nones
    claims.sort(key=lambda t: t[0])
    return [c for _, c in claims]


def _states_precipitation(claim: DomainClaim) -> bool:
    """A percentage, or a sky with precipitation: either makes a "none" statement redundant or a hedge."""
    if claim.type == "precip_chance":
        return True
    return claim.type == "sky" and claim.slots.get("condition") in _PRECIP_SKY
