"""The weather domain (issue #7): records, oracle, extractor EN/ES/PT, verifier tolerances,
templates on all 490 real records, the api.weather.gov collector against a loopback
server, and the Dagster weather jobs end to end on the embedded sample."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from f1bench_pipeline.domains import get_domain
from f1bench_pipeline.domains.base import DomainClaim
from f1bench_pipeline.domains.scoring import score_generations
from f1bench_pipeline.domains.weather import sources
from f1bench_pipeline.domains.weather.extractor import _extract, extract_claims
from f1bench_pipeline.domains.weather.facts import record_facts
from f1bench_pipeline.domains.weather.records import (
    load_records,
    normalize_sky,
    record_dict,
)
from f1bench_pipeline.domains.weather.verifier import (
    WeatherContext,
    verify_weather_claim,
)
from f1bench_pipeline.scoring.metrics import aggregate
from f1bench_pipeline.settings import Settings

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "weather" / "noaa_forecasts.jsonl"
WEATHER = get_domain("weather")


@pytest.fixture(scope="module")
def records():
    return load_records(sources.SAMPLE_FILE)


@pytest.fixture(scope="module")
def instances(records):
    return WEATHER.instance_rows(records, batch=sources.SAMPLE_BATCH)


# --- data and oracle ---------------------------------------------------------------------------


def test_embedded_sample_is_the_shared_file_with_checksum(records):
    assert len(records) == 490
    assert sources.verify_sample()
    assert (sources.SAMPLE_DIR / "NOTICE.md").read_text().count("public domain")
    if SHARED.exists():
        assert SHARED.read_bytes() == sources.SAMPLE_FILE.read_bytes()
    raw = [json.loads(line) for line in sources.SAMPLE_FILE.read_text().splitlines()]
    assert [record_dict(r) for r in records] == raw  # the pydantic model keeps every field as is


def test_oracle_is_complete_and_true_on_every_record(records):
    assert sources.oracle_gaps(records) == []
    for r in records:
        g, facts = r.ground_truth, {f.type: f for f in record_facts(r)}
        assert facts["temperature"].key == {"kind": g.temp_kind}
        assert facts["temperature"].value == {"value": g.temp, "unit": "F"}
        assert facts["sky"].value == {"condition": g.sky}
        assert facts["wind_speed"].value == {"min": g.wind_min, "max": g.wind_max, "unit": "mph"}
        assert facts["wind_direction"].value == {"direction": g.wind_dir}
        assert facts["precip_chance"].value == {"percent": g.precip_prob}
        assert normalize_sky(g.sky_raw) == g.sky  # the normalization reproduces every record


def test_compound_sky_names_every_part():
    from f1bench_pipeline.domains.weather.records import sky_parts

    assert sky_parts("Chance Showers And Thunderstorms then Partly Cloudy") == ["thunderstorms", "rain", "partly_cloudy"]
    assert normalize_sky("Mostly Sunny then Slight Chance Rain Showers") == "rain"
    assert normalize_sky("Partly Cloudy then Patchy Fog") == "fog"
    assert normalize_sky("Snow Showers Likely") == "snow"
    with pytest.raises(ValueError, match="unknown NWS sky"):
        normalize_sky("Volcanic Ash")


def test_instances_have_three_languages_two_variants(instances, records):
    assert instances.height == 490 * 3 * 2
    row = instances.filter((pl.col("id") == "New_York::1") & (pl.col("lang") == "es") & (pl.col("variant") == "cover_all")).row(0, named=True)
    assert row["batch"] == "shared-2025" and row["kind"] == "high" and row["n_facts"] == 5
    assert "Datos del pronóstico:" in row["user_message"] and "Temperature high: 83 F" in row["user_message"]
    assert "dirección del viento" in row["prompt"] and row["system_prompt"].startswith("Eres un meteorólogo")


def test_oracle_facts_view(instances, tmp_path):
    from f1bench_pipeline.storage.warehouse import write_partition
    from f1bench_pipeline.storage.reader import reader

    write_partition(instances, tmp_path, "weather_instances", {"batch": "shared-2025"})
    con = reader(tmp_path)
    by_type = dict(con.execute("SELECT fact_type, count(*) FROM weather_oracle_facts GROUP BY ALL").fetchall())
    assert by_type == {"temperature": 490, "sky": 490, "wind_speed": 490, "wind_direction": 490, "precip_chance": 490}
    row = con.execute("SELECT fact_value ->> 'direction' FROM weather_oracle_facts "
                      "WHERE id = 'New_York::1' AND fact_type = 'wind_direction'").fetchone()
    assert row == ("NW",)


# --- extractor, per language -------------------------------------------------------------------


def _types(text: str, lang: str) -> list[tuple[str, dict]]:
    return [(c.type, c.slots) for c in _extract(text, lang)]


@pytest.mark.parametrize("text,lang,expected", [
    ("High of 83 °F.", "en", [("temperature", {"value": 83, "unit": "F", "kind": "high"})]),
    ("Tonight's low will be 64°F.", "en", [("temperature", {"value": 64, "unit": "F", "kind": "low"})]),
    ("Temperatures near 83 degrees Fahrenheit.", "en", [("temperature", {"value": 83, "unit": "F"})]),
    ("A high near 83, with temperatures falling to around 79 in the afternoon.", "en",
     [("temperature", {"value": 83, "unit": None, "kind": "high"}),
      ("temperature", {"value": 79, "unit": None, "kind": "trend"})]),
    ("Máxima de 28 °C.", "es", [("temperature", {"value": 28, "unit": "C", "kind": "high"})]),
    ("La temperatura mínima será de 18 grados.", "es", [("temperature", {"value": 18, "unit": None, "kind": "low"})]),
    ("Mínima de 16 ºC durante a noite.", "pt", [("temperature", {"value": 16, "unit": "C", "kind": "low"})]),
    ("Máxima de 28 graus Celsius.", "pt", [("temperature", {"value": 28, "unit": "C", "kind": "high"})]),
    ("Northwest wind around 15 mph.", "en", [("wind_direction", {"direction": "NW"}),
                                             ("wind_speed", {"value": 15, "unit": "mph"})]),
    ("South southwest wind 5 to 13 mph, with gusts as high as 25 mph.", "en",
     [("wind_direction", {"direction": "SSW"}), ("wind_speed", {"min": 5, "max": 13, "unit": "mph"}),
      ("wind_gust", {"max": 25, "unit": "mph"})]),
    ("Winds NW at 10 mph.", "en", [("wind_direction", {"direction": "NW"}), ("wind_speed", {"value": 10, "unit": "mph"})]),
    ("Vientos del noroeste de 15 a 20 km/h.", "es", [("wind_direction", {"direction": "NW"}),
                                                      ("wind_speed", {"min": 15, "max": 20, "unit": "km/h"})]),
    ("Viento del este a 10 km/h este martes.", "es", [("wind_direction", {"direction": "E"}),
                                                      ("wind_speed", {"value": 10, "unit": "km/h"})]),
    ("Este martes, viento del sur-suroeste a 24 km/h.", "es", [("wind_direction", {"direction": "SSW"}),
                                                               ("wind_speed", {"value": 24, "unit": "km/h"})]),
    ("Vento de nordeste de 8 a 21 km/h.", "pt", [("wind_direction", {"direction": "NE"}),
                                                  ("wind_speed", {"min": 8, "max": 21, "unit": "km/h"})]),
    ("Vento sudoeste, até 30 km/h.", "pt", [("wind_direction", {"direction": "SW"}), ("wind_speed", {"max": 30, "unit": "km/h"})]),
    ("Vento lés-sudeste de 5 km/h.", "pt", [("wind_direction", {"direction": "ESE"}), ("wind_speed", {"value": 5, "unit": "km/h"})]),
    ("Chance of precipitation is 30%.", "en", [("precip_chance", {"percent": 30})]),
    ("Probabilidad de lluvia del 30 %.", "es", [("precip_chance", {"percent": 30})]),
    ("Probabilidade de chuva de 30%.", "pt", [("precip_chance", {"percent": 30})]),
    ("Relative humidity near 60%.", "en", [("other", {"description": "humidity"})]),
    ("Mostly sunny.", "en", [("sky", {"condition": "mostly_clear"})]),
    ("Partly cloudy, then a chance of showers and thunderstorms.", "en",
     [("sky", {"condition": "partly_cloudy"}), ("sky", {"condition": "thunderstorms"})]),
    ("Cielo mayormente despejado.", "es", [("sky", {"condition": "mostly_clear"})]),
    ("Se esperan chubascos y tormentas eléctricas.", "es", [("sky", {"condition": "thunderstorms"})]),
    ("Dia ensolarado, com nevoeiro pela manhã.", "pt", [("sky", {"condition": "clear"}), ("sky", {"condition": "fog"})]),
    ("Céu parcialmente nublado.", "pt", [("sky", {"condition": "partly_cloudy"})]),
    ("No rain is expected.", "en", [("precip_chance", {"qualitative": "none"})]),   # #43 class 13: no sky "rain"
    ("Sin lluvia.", "es", [("precip_chance", {"qualitative": "none"})]),
    ("It is clear that the forecast is uncertain.", "en", []),
])
def test_extractor_examples(text, lang, expected):
    assert _types(text, lang) == expected


@pytest.mark.parametrize("lang,text,n_types", [
    ("en", "**New York — Today**\n- **Sky:** Mostly sunny\n- **High:** 83°F\n- **Wind:** NW at 15 mph\n"
           "- **Precipitation:** 6% chance\n\nGreat day to be outside!", 5),
    ("es", "### Nueva York – Hoy\n* **Cielo:** mayormente soleado\n* **Temperatura máxima:** 83 °F (28 °C)\n"
           "* **Viento:** NO a 15 mph\n* **Probabilidad de lluvia:** 6%", 5),
    ("pt", "**Nova York – Hoje**\n- Céu: predominantemente ensolarado\n- Temperatura máxima: 83 °F (28 °C)\n"
           "- Vento: NO, 15 mph (24 km/h)\n- Chance de precipitação: 6%", 5),
    ("en", "Expect a high of 83 degrees with a light northwest breeze around 15 mph and only a slight "
           "(6 percent) chance of showers. Mostly sunny.", 5),
])
def test_markdown_lists_and_loose_prose(lang, text, n_types):
    """Bullet lists and loose prose, New_York::1 (83 F high, mostly sunny, NW 15 mph, 6%): every claim supported."""
    rec = next(r for r in load_records(sources.SAMPLE_FILE) if r.id == "New_York::1")
    ctx = WeatherContext(record_facts(rec))
    claims = _extract(text, lang)
    assert len({c.type for c in claims}) == n_types
    assert [verify_weather_claim(c, ctx).label for c in claims] == ["supported"] * len(claims)


def test_extractor_spans_point_into_the_text():
    text = "Máxima de 28 °C. Vientos del noroeste de 15 a 20 km/h. Probabilidad de lluvia del 30%."
    claims = extract_claims(text, "es")
    assert [c.span.text for c in claims] == ["28 °C", "noroeste", "15 a 20 km/h", "30%"]
    assert all(text[c.span.start:c.span.end] == c.span.text for c in claims)
    assert extract_claims(b"High of 83 \xc2\xb0F.", "en")[0].slots["value"] == 83
    assert extract_claims("", "en") == [] and extract_claims("83 °F", "xx")  # unknown language: English rules


def test_rain_word_in_a_chance_with_percent_is_not_a_sky_claim():
    assert _types("Probabilidade de chuva de 30%.", "pt") == [("precip_chance", {"percent": 30})]
    # without a percentage the same words describe the sky
    assert _types("Chance of rain later.", "en") == [("sky", {"condition": "rain"})]


# --- verifier tolerances -----------------------------------------------------------------------


def _verify(claim_type: str, slots: dict, record_id: str = "New_York::1"):
    rec = next(r for r in load_records(sources.SAMPLE_FILE) if r.id == record_id)
    return verify_weather_claim(DomainClaim(type=claim_type, slots=slots), WeatherContext(record_facts(rec)))


@pytest.mark.parametrize("claim_type,slots,label", [
    ("temperature", {"value": 83, "unit": "F", "kind": "high"}, "supported"),
    ("temperature", {"value": 84, "unit": "F", "kind": "high"}, "contradicted"),
    ("temperature", {"value": 28, "unit": "C", "kind": "high"}, "supported"),      # 83 °F = 28.3 °C
    ("temperature", {"value": 29, "unit": "C"}, "contradicted"),
    ("temperature", {"value": 83, "unit": None}, "supported"),
    ("temperature", {"value": 83, "unit": "F", "kind": "low"}, "unverifiable"),   # a day period has no low
    ("temperature", {"value": 79, "unit": None, "kind": "trend"}, "unverifiable"),
    ("wind_speed", {"value": 15, "unit": "mph"}, "supported"),
    ("wind_speed", {"value": 24, "unit": "km/h"}, "supported"),                   # 15 mph = 24.1 km/h
    ("wind_speed", {"value": 20, "unit": "mph"}, "contradicted"),
    ("wind_speed", {"min": 10, "max": 15, "unit": "mph"}, "contradicted"),
    ("wind_direction", {"direction": "NW"}, "supported"),
    ("wind_direction", {"direction": "NNW"}, "supported"),                        # adjacent point: 22.5°
    ("wind_direction", {"direction": "N"}, "contradicted"),
    ("wind_gust", {"max": 25, "unit": "mph"}, "unverifiable"),
    ("precip_chance", {"percent": 6}, "supported"),
    ("precip_chance", {"percent": 10}, "contradicted"),
    ("sky", {"condition": "mostly_clear"}, "supported"),
    ("sky", {"condition": "clear"}, "contradicted"),
    ("other", {"description": "humidity"}, "unverifiable"),
])
def test_verifier_rules(claim_type, slots, label):
    v = _verify(claim_type, slots)
    assert v.label == label
    # a contradicted claim names the fact it disagrees with (what an edit instruction would say)
    assert bool(v.expected) == (label == "contradicted") and bool(v.matched) == (label == "supported")


def test_wind_range_and_compound_sky():
    # New_York::2: "12 to 16 mph N"; a single value inside the range is true of it
    assert _verify("wind_speed", {"min": 12, "max": 16, "unit": "mph"}, "New_York::2").label == "supported"
    assert _verify("wind_speed", {"value": 14, "unit": "mph"}, "New_York::2").label == "supported"
    assert _verify("wind_speed", {"max": 16, "unit": "mph"}, "New_York::2").label == "supported"
    assert _verify("wind_speed", {"min": 19, "max": 26, "unit": "km/h"}, "New_York::2").label == "supported"
    recs = load_records(sources.SAMPLE_FILE)
    compound = next(r for r in recs if r.ground_truth.sky_raw == "Chance Showers And Thunderstorms then Partly Cloudy")
    assert _verify("sky", {"condition": "partly_cloudy"}, compound.id).label == "supported"
    assert _verify("sky", {"condition": "thunderstorms"}, compound.id).label == "supported"
    assert _verify("sky", {"condition": "rain"}, compound.id).label == "supported"   # "Showers"
    assert _verify("sky", {"condition": "fog"}, compound.id).label == "contradicted"


# --- the offline systems on all 490 records ----------------------------------------------------


@pytest.fixture(scope="module")
def template_scores(instances):
    rows = []
    for kind in ("faithful", "noisy", "terse"):
        for r in instances.iter_rows(named=True):
            rows.append({"model": f"template-{kind}", "id": r["id"], "lang": r["lang"], "variant": r["variant"],
                         "status": "ok", "text": WEATHER.template_answer(kind, r["facts"], r["lang"], r["id"])})
    return score_generations(WEATHER, pl.DataFrame(rows), instances)


def test_faithful_is_perfect_on_every_record_in_every_language(template_scores):
    claims, scores = template_scores
    faithful = scores.filter(pl.col("model") == "template-faithful")
    assert faithful.height == 490 * 6
    assert faithful["precision"].min() == 1.0 and faithful["recall"].min() == 1.0
    assert (faithful["n_claims"] == faithful["n_oracle"]).all()
    assert claims.filter(pl.col("model") == "template-faithful")["label"].unique().to_list() == ["supported"]


def test_noisy_is_penalised_and_terse_abstains(template_scores):
    _claims, scores = template_scores
    agg = {(r["model"], r["lang"]): r for r in aggregate(scores, ["model", "lang"]).iter_rows(named=True)}
    for lang in ("en", "es", "pt"):
        noisy, terse = agg[("template-noisy", lang)], agg[("template-terse", lang)]
        assert noisy["precision"] == pytest.approx(0.6) and noisy["recall"] == pytest.approx(0.6)
        assert noisy["hallucination_rate"] == pytest.approx(0.4)
        assert terse["precision"] == 1.0 and terse["recall"] == pytest.approx(0.2)
        assert terse["f1"] < noisy["f1"] < agg[("template-faithful", lang)]["f1"] == 1.0
    noisy_rows = scores.filter(pl.col("model") == "template-noisy")
    assert (noisy_rows["n_contradicted"] >= 2).all()  # every noisy answer carries its errors


def test_nws_own_forecast_text_extracts_cleanly(instances, records):
    """The NWS detailedForecast of each period (real prose, never shown to a model) through the
    extractor and verifier: its temperatures, winds and directions all check out against the
    structured record; what differs is what the two NWS products really disagree on (the text
    rounds the chance of rain to 10%; a few texts name weather the shortForecast does not)."""
    rows = instances.filter((pl.col("lang") == "en") & (pl.col("variant") == "default"))
    gens = rows.select("id", "lang", "variant", pl.col("reference").alias("text")).with_columns(
        pl.lit("nws-text").alias("model"), pl.lit("ok").alias("status"))
    claims, scores = score_generations(WEATHER, gens, instances)
    by = {(r["type"], r["label"]): r["len"] for r in claims.group_by("type", "label").len().iter_rows(named=True)}
    assert by[("temperature", "supported")] == 490 and ("temperature", "contradicted") not in by
    assert by[("wind_speed", "supported")] == by[("wind_direction", "supported")] >= 250
    assert ("wind_speed", "contradicted") not in by and ("wind_direction", "contradicted") not in by
    assert by[("temperature", "unverifiable")] >= 40   # "temperatures falling to around 79", heat index
    assert by[("wind_gust", "unverifiable")] >= 50
    assert by.get(("sky", "contradicted"), 0) <= 4 and by[("sky", "supported")] >= 600
    mean = aggregate(scores, ["model"]).row(0, named=True)
    assert 0.75 < mean["precision"] < 0.9 and 0.55 < mean["recall"] < 0.7


def test_model_style_answers_score_perfectly_in_three_languages():
    """Answers written the way chat models write forecasts (markdown header, both units,
    parenthetical conversions, a closing remark) extract and verify cleanly."""
    recs = [r for r in load_records(sources.SAMPLE_FILE) if r.id in ("New_York::1", "New_York::2")]
    inst = WEATHER.instance_rows(recs, batch="x")
    texts = {
     ('New_York::1','en'): "**New York – Today:** Expect mostly sunny skies with a high near 83°F. Winds will be from the northwest at around 15 mph. The chance of precipitation is low, at just 6%.",
     ('New_York::1','es'): "**Pronóstico para Nueva York – Hoy:** Cielo mayormente soleado, con una temperatura máxima de 83 °F (unos 28 °C). Viento del noroeste de unas 15 mph (24 km/h). La probabilidad de precipitación es baja, de apenas un 6 %.",
     ('New_York::1','pt'): "**Previsão para Nova York – Hoje:** Céu predominantemente ensolarado, com máxima de 83 °F (cerca de 28 °C). Ventos de noroeste a 15 mph (aproximadamente 24 km/h). A probabilidade de precipitação é baixa, de apenas 6%.",
     ('New_York::2','en'): "Tonight in New York: Mostly clear, with a low around 64°F. North wind 12 to 16 mph. Chance of precipitation: 6%. A pleasant, dry night.",
     ('New_York::2','es'): "Esta noche: cielo mayormente despejado y una mínima de 64 °F (18 °C). Viento del norte de 12 a 16 mph (19-26 km/h). Probabilidad de precipitación: 6 %.",
     ('New_York::2','pt'): "Esta noite, em Nova York, o céu fica predominantemente limpo, com mínima de 64 °F (18 °C). Vento norte de 12 a 16 mph. Probabilidade de precipitação de 6%.",
    }
    gens = pl.DataFrame([{"model": "m", "id": i, "lang": lang, "variant": "default", "status": "ok", "text": t}
                         for (i, lang), t in texts.items()])
    claims, scores = score_generations(WEATHER, gens, inst)
    assert claims["label"].unique().to_list() == ["supported"] and claims.height == 37
    assert scores["precision"].min() == 1.0 and scores["recall"].min() == 1.0


def test_template_noise_is_deterministic():
    facts = WEATHER.index(WEATHER.instance_rows(load_records(sources.SAMPLE_FILE)[:1])).get("New_York::1").oracle
    from f1bench_pipeline.domains.base import domain_facts_to_json

    fj = domain_facts_to_json(facts)
    a = WEATHER.template_answer("noisy", fj, "pt", "New_York::1", seed=0)
    assert a == WEATHER.template_answer("noisy", fj, "pt", "New_York::1", seed=0)
    assert a != WEATHER.template_answer("noisy", fj, "pt", "New_York::1", seed=1)
    assert WEATHER.template_answer("faithful", fj, "es", "New_York::1") == (
        "Máxima de 28 °C. Se prevé cielo mayormente despejado. Viento del noroeste a 24 km/h. "
        "Probabilidad de precipitación del 6 %.")


def test_provider_dispatches_on_domain(instances):
    from f1bench_pipeline.generation.provider import METADATA_KEY, answer_for

    r = instances.filter((pl.col("id") == "Boston::3") & (pl.col("lang") == "en")).row(0, named=True)
    meta = {"metadata": {METADATA_KEY: {"domain": "weather", "id": r["id"], "lang": "en", "facts": r["facts"],
                                        "entities": r["entities"], "seed": 0}}}
    assert answer_for("f1bench/template-faithful", [], meta) == WEATHER.template_answer("faithful", r["facts"], "en", r["id"])
    meta["metadata"][METADATA_KEY]["domain"] = "finance"
    with pytest.raises(ValueError, match="unknown domain"):
        answer_for("f1bench/template-faithful", [], meta)


def test_a_template_call_keeps_the_cache_key_of_its_cached_answers(instances):
    """The one generation road (``generation.plan``) keys a weather template call as answers were
    cached before it: model, parameters, messages and the domain, oracle digest, seed and template
    version (``Domain.offline_cache_extra``); a changed key would ask every cached answer again."""
    import hashlib

    from f1bench_pipeline.generation.cache import cache_key
    from f1bench_pipeline.generation.plan import work_items
    from f1bench_pipeline.generation.registry import System

    system = System(name="template-noisy", model="f1bench/template-noisy", seed=3)
    rows = instances.head(6)
    for item, r in zip(work_items(WEATHER, system, rows), rows.iter_rows(named=True), strict=True):
        messages = [{"role": "system", "content": r["system_prompt"]}, {"role": "user", "content": r["user_message"]}]
        extra = {"domain": "weather", "oracle": hashlib.sha256(r["facts"].encode()).hexdigest()[:16], "seed": 3,
                 "template_version": WEATHER.template_version}
        assert item.cache_key == cache_key(system.model, system.params, messages, extra)
        assert item.metadata and item.metadata["f1bench"]["domain"] == "weather"


def restate(user_message: str) -> str:
    """What a careful model does with the forecast data: every line said back as a sentence,
    in the NWS's own words (sky conditions as the shortForecast names them)."""
    import re

    out = []
    for line in user_message.splitlines():
        m = re.match(r"Temperature (high|low): (\d+) F", line)
        if m:
            out.append(f"{m.group(1).capitalize()} of {m.group(2)} °F.")
        elif line.startswith("Sky: "):
            out.append(f"{line[5:]}.")
        elif line.startswith("Wind: "):
            out.append(f"Wind {line[6:]}.")
        elif line.startswith("Chance of precipitation: "):
            out.append(f"Chance of precipitation {line.split(': ')[1]}.")
    return " ".join(out)


def test_restating_the_data_in_nws_words_is_perfect_on_every_record(instances):
    """Every one of the 71 NWS sky strings, wind formats and temperatures of the sample,
    said back as written, extracts and verifies: precision and recall 1.000 on all 490."""
    rows = instances.filter((pl.col("lang") == "en") & (pl.col("variant") == "default"))
    gens = rows.select("id", "lang", "variant", pl.col("user_message").map_elements(restate, return_dtype=pl.Utf8)
                       .alias("text")).with_columns(pl.lit("m").alias("model"), pl.lit("ok").alias("status"))
    _claims, scores = score_generations(WEATHER, gens, instances)
    assert scores.height == 490 and scores["precision"].min() == 1.0 and scores["recall"].min() == 1.0


@pytest.mark.slow
def test_a_model_over_http_answers_weather_through_the_engine(tmp_path, monkeypatch, records):
    """A non-template system (OpenAI protocol on loopback) on a weather batch: retries,
    a content filter recorded and kept out of the means, the cache on rerun."""
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.generation.registry import System
    from f1bench_pipeline.generation.runner import generate_partition
    from f1bench_pipeline.storage.warehouse import read_table, write_partition
    from f1bench_pipeline_tests.loopback_provider import LoopbackProvider

    monkeypatch.setenv("F1BENCH_WEATHER_TEST_KEY", "sk-weather-test-not-stored")
    settings = Settings(data_dir=tmp_path)
    inst = WEATHER.instance_rows(records[:20], batch="loop")
    write_partition(inst, settings.warehouse_dir, "weather_instances", {"batch": "loop"})
    filtered = inst.filter(pl.col("id") == records[3].id)["user_message"][0]

    def script(body: dict, n: int) -> str:
        last = body["messages"][-1]["content"]
        if last == filtered:
            return "content_filter"
        return "server_error" if n == 0 and len(last) % 3 == 0 else "ok"

    def content(body: dict) -> str:
        return restate(body["messages"][-1]["content"])

    with LoopbackProvider(script, content_fn=content) as server:
        system = System(name="loop/weather-model", model="openai/loop-weather", api_base=server.api_base,
                        api_key_env="F1BENCH_WEATHER_TEST_KEY", params={"temperature": 0.0, "max_tokens": 200},
                        languages=("en",), variants=("default",), concurrency=8, max_attempts=3,
                        backoff_base_s=0.01, backoff_max_s=0.05)
        res = generate_partition(get_domain("weather"), settings, system, "loop")
        assert res.missing == 0 and res.expected == 20 and res.stats.retries > 0
        first = server.state.stats()["requests"]
        again = generate_partition(get_domain("weather"), settings, system, "loop")
        assert server.state.stats()["requests"] == first and again.stats.cache_hits == 20  # a filter is final, cached too
    gens = read_table(settings.warehouse_dir, "weather_generations", {"batch": "loop", "model": system.safe_name})
    assert sorted(gens["status"].value_counts().rows()) == [("content_filtered", 1), ("ok", 19)]
    assert not any("sk-weather-test" in str(v) for v in gens.rows())
    # what each answer was given (provenance.py), as F1's rows record it
    assert gens["context_sha256"].is_not_null().all() and gens["facts_sha256"].is_not_null().all()
    _claims, scores = score_generations(WEATHER, gens.with_columns(pl.lit(system.name).alias("model")), inst)
    agg = aggregate(scores, ["model"]).row(0, named=True)
    assert agg["n_scored"] == 19 and agg["n_content_filtered"] == 1
    assert agg["precision"] == 1.0 and agg["recall"] == 1.0


# --- the collector against a loopback api.weather.gov ------------------------------------------


@pytest.fixture()
def nws(records):
    from f1bench_pipeline.domains.weather.collector import load_locations
    from f1bench_pipeline_tests.loopback_nws import LoopbackNWS, nws_period

    locations = {loc.name: (loc.lat, loc.lon) for loc in load_locations(sources.LOCATIONS_FILE)}
    periods: dict[str, list[dict]] = {}
    for r in records:
        periods.setdefault(r.location, []).append(nws_period(r.model_dump(), int(r.id.split("::")[1])))
    with LoopbackNWS(locations, periods) as server:
        yield server


def _client(nws, **kw):
    from f1bench_pipeline.domains.weather.collector import NWSClient

    return NWSClient(base_url=nws.base_url, user_agent="f1bench-tests (ci@example.org)", timeout_s=5,
                     backoff_s=0.0, **kw)


def test_collector_reproduces_the_shared_records(nws, records, tmp_path):
    from f1bench_pipeline.domains.weather.collector import (
        collect,
        load_locations,
        read_batch,
    )

    report = collect(load_locations(sources.LOCATIONS_FILE), tmp_path / "b1", _client(nws))
    assert report.ok and len(report.collected) == 35 and report.records == 490 and not report.dropped_periods
    got = {r.id: record_dict(r) for r in read_batch(tmp_path / "b1")}
    assert got == {r.id: record_dict(r) for r in records}  # same record shape, field for field
    assert nws.state.user_agents == {"f1bench-tests (ci@example.org)"}
    assert nws.state.accepts == {"application/geo+json"}
    assert sum(nws.state.requests.values()) == 70  # points + forecast per location, nothing else


def test_collector_errors_name_the_location_and_keep_what_was_collected(nws, tmp_path):
    from f1bench_pipeline.domains.weather.collector import (
        CollectionError,
        Location,
        collect,
        load_locations,
    )

    locs = load_locations(sources.LOCATIONS_FILE)[:4]
    # Chicago's forecast endpoint fails with 500 on every attempt; an Atlantic point is not served (404)
    client = _client(nws, max_attempts=3)
    chicago_points = client.points_url(locs[2])
    nws.state.fail[chicago_points.replace(nws.base_url, "")] = [500, 500, 500]
    ocean = Location(name="Mid Atlantic", lat=35.0, lon=-50.0)
    with pytest.raises(CollectionError) as err:
        collect([*locs, ocean], tmp_path / "b2", client)
    report = err.value.report
    msg = str(err.value)
    assert "Chicago" in msg and chicago_points in msg and "500" in msg and "Unexpected Problem" in msg
    assert "Mid Atlantic" in msg and "/points/35,-50" in msg and "404" in msg and "Data Unavailable" in msg
    assert sorted(report.collected) == ["Houston", "Los Angeles", "New York"]
    assert sorted(p.name for p in (tmp_path / "b2").glob("*.jsonl")) == ["Houston.jsonl", "Los_Angeles.jsonl",
                                                                         "New_York.jsonl"]
    assert nws.state.requests[chicago_points.replace(nws.base_url, "")] == 3  # retried, then given up
    # the rerun fetches only what is missing: the server has recovered for Chicago
    before = dict(nws.state.requests)
    report2 = collect(locs, tmp_path / "b2", client)
    assert report2.collected == ["Chicago"] and sorted(report2.skipped) == ["Houston", "Los Angeles", "New York"]
    new = {k: v - before.get(k, 0) for k, v in nws.state.requests.items() if v - before.get(k, 0)}
    assert len(new) == 2 and all("/points/" in k or "/forecast" in k for k in new)


def test_collector_retries_a_transient_500(nws, tmp_path):
    from f1bench_pipeline.domains.weather.collector import collect, load_locations

    loc = load_locations(sources.LOCATIONS_FILE)[0]
    client = _client(nws)
    path = client.points_url(loc).replace(nws.base_url, "")
    nws.state.fail[path] = [503]
    report = collect([loc], tmp_path / "b3", client)
    assert report.ok and report.records == 14 and nws.state.requests[path] == 2


@pytest.mark.slow
def test_collected_batch_feeds_the_pipeline(nws, tmp_path):
    from f1bench_pipeline.domains.weather.collector import collect, load_locations

    collect(load_locations(sources.LOCATIONS_FILE)[:2], sources.batches_dir(tmp_path) / "nws-test", _client(nws))
    recs = sources.load_batch("nws-test", tmp_path)
    assert len(recs) == 28 and not sources.oracle_gaps(recs)
    with pytest.raises(sources.BatchError, match="collect --batch nws-missing"):
        sources.load_batch("nws-missing", tmp_path)
    with pytest.raises(sources.BatchError):
        sources.check_batch_name("2025")
    # the collected batch is its own partition, through the same Dagster jobs
    import dagster as dg

    from f1bench_pipeline.domains.weather.build import build_weather
    from f1bench_pipeline.storage.warehouse import read_table

    settings = Settings(data_dir=tmp_path)
    with dg.DagsterInstance.ephemeral() as instance:
        ok = build_weather("nws-test", ["template-terse"], settings, instance, progress=lambda _m: None)
        assert ok == {"weather_data": True, "template-terse": True}
        assert "nws-test" in instance.get_dynamic_partitions("weather_batches")
        failed = build_weather("nws-missing", ["template-terse"], settings, instance, progress=lambda _m: None)
        assert failed == {"weather_data": False}
    scores = read_table(settings.warehouse_dir, "weather_scores", {"batch": "nws-test"})
    assert scores.height == 28 * 6 and scores["recall"].mean() == pytest.approx(0.2)


@pytest.mark.slow
def test_online_a_new_batch_partition_collects_itself(nws, tmp_path, monkeypatch):
    """F1BENCH_OFFLINE=0: materializing a new weather_batches partition collects it from the API."""
    import dagster as dg

    from f1bench_pipeline.domains.weather.build import build_weather
    from f1bench_pipeline.settings import get_settings
    from f1bench_pipeline.storage.warehouse import read_table

    monkeypatch.setenv("F1BENCH_OFFLINE", "0")
    monkeypatch.setenv("F1BENCH_NWS_BASE_URL", nws.base_url)
    monkeypatch.setenv("F1BENCH_NWS_USER_AGENT", "f1bench-online-test (ci@example.org)")
    get_settings.cache_clear()
    settings = Settings(data_dir=tmp_path, offline=False)  # what the CLI's settings say under F1BENCH_OFFLINE=0
    nws.state.fail["/points/61.2181,-149.9003"] = [404]  # Anchorage fails once
    try:
        with dg.DagsterInstance.ephemeral() as instance:
            first = build_weather("nws-online", ["template-terse"], settings, instance, progress=lambda _m: None)
            assert first == {"weather_data": False}
            kept = sorted(p.stem for p in (sources.batches_dir(tmp_path) / "nws-online").glob("*.jsonl"))
            assert len(kept) == 34 and "Anchorage" not in kept
            second = build_weather("nws-online", ["template-terse"], settings, instance, progress=lambda _m: None)
            assert second == {"weather_data": True, "template-terse": True}
    finally:
        get_settings.cache_clear()
    assert read_table(settings.warehouse_dir, "weather_records", {"batch": "nws-online"}).height == 490
    assert nws.state.requests["/points/40.7128,-74.006"] == 1  # New York was not fetched twice


def test_cli_collect_against_loopback(nws, tmp_path, monkeypatch, capsys):
    from f1bench_pipeline import cli
    from f1bench_pipeline.settings import get_settings

    csv = tmp_path / "locs.csv"
    csv.write_text("location,lat,lon\nDenver,39.7392,-104.9903\nAtlantis,10.0,-40.0\n")
    monkeypatch.setenv("F1BENCH_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("F1BENCH_NWS_USER_AGENT", "f1bench-cli-test (ci@example.org)")
    get_settings.cache_clear()
    try:
        rc = cli.main(["weather", "collect", "--batch", "nws-cli", "--locations", str(csv), "--base-url", nws.base_url])
    finally:
        get_settings.cache_clear()
    err = capsys.readouterr().err
    assert rc == 1 and "Atlantis" in err and "404" in err and "run the same command again" in err
    assert (tmp_path / "weather" / "batches" / "nws-cli" / "Denver.jsonl").exists()


# --- Dagster, end to end on the embedded sample ------------------------------------------------


@pytest.mark.slow
def test_weather_jobs_materialize_end_to_end(tmp_path):
    import dagster as dg

    from f1bench_pipeline.domains.weather.report import print_weather_leaderboard
    from f1bench_pipeline.orchestration.definitions_builder import domain_only_definitions
    from f1bench_pipeline.domains.weather.build import build_weather
    from f1bench_pipeline.storage.warehouse import read_table
    from f1bench_pipeline.storage.reader import reader

    settings = Settings(data_dir=tmp_path)
    logs: list[str] = []
    with dg.DagsterInstance.ephemeral() as instance:
        ok = build_weather(settings=settings, instance=instance, progress=logs.append)
        assert ok == {"weather_data": True, "template-faithful": True, "template-noisy": True, "template-terse": True}, logs
        root = settings.warehouse_dir
        scores = read_table(root, "weather_scores")
        assert scores.height == 3 * 490 * 6 and set(scores["batch"].unique()) == {"shared-2025"}
        gens = read_table(root, "weather_generations")
        assert gens["status"].unique().to_list() == ["ok"] and gens.height == 3 * 2940
        check = [r for run in instance.get_runs() for r in instance.get_records_for_run(
            run.run_id, of_type=dg.DagsterEventType.ASSET_CHECK_EVALUATION).records]
        assert check and all(e.event_log_entry.dagster_event.event_specific_data.passed for e in check)
        con = reader(root)
        inv = {r[0]: r[1:] for r in con.execute(
            "SELECT model, rank_by_precision, rank_by_f1, round(precision, 3), round(f1, 3) FROM weather_ranking_inversion "
            "WHERE batch = 'shared-2025' AND variant = 'default' AND lang = 'all'").fetchall()}
        assert inv["template-terse"][:2] == (1, 3)      # first by precision, last by F1
        assert inv["template-faithful"][:2] == (1, 1)
        assert inv["template-noisy"][:2] == (3, 2)
        text = print_weather_leaderboard(root)
        assert "template-terse" in text and "rank(F1)" in text
        # one rank correlation per ranking: a line per language under the table, not a column repeating it
        table, _sep, after = text.partition("Rank agreement of precision and F1 over 3 systems: ")
        assert "spearman" not in table.split("\n")[2] and after.startswith("all"), text
        assert "the inversion appears in" in text and "no system is first by both in" not in text  # no double negative
        from f1bench_pipeline.storage import queries

        cols, rows = queries.run("weather_ranking_inversion", root, settings.duckdb_path)
        assert len(rows) == 2 * 4 * 3 and "spearman" in cols  # variants × (all, en, es, pt) × systems
        cols, rows = queries.run("weather_leaderboard", root, settings.duckdb_path)
        assert {r[cols.index("model")] for r in rows} == {"template-faithful", "template-noisy", "template-terse"}
        # a rerun answers every call from the cache
        defs = domain_only_definitions("weather", settings)
        ok2 = build_weather(settings=settings, instance=instance, progress=logs.append, defs=defs)
        assert all(ok2.values())
        mats = instance.fetch_materializations(dg.AssetKey("weather_generations"), limit=1).records
        md = mats[0].asset_materialization.metadata
        assert md["calls"].value == 0 and md["cache_hits"].value == 2940


@pytest.mark.slow
def test_weather_builds_into_a_memory_warehouse(tmp_path):
    """The weather group writes through the warehouse resource and the settings' root alike, so a
    remote warehouse URL (here fsspec's memory://) holds every weather table and nothing lands locally."""
    import dagster as dg

    from f1bench_pipeline.domains.weather.report import weather_leaderboard
    from f1bench_pipeline.domains.weather.build import build_weather
    from f1bench_pipeline.storage.warehouse import read_table

    settings = Settings(data_dir=tmp_path, warehouse_url="memory://f1bench-weather-test")
    with dg.DagsterInstance.ephemeral() as instance:
        ok = build_weather(systems=["template-terse"], settings=settings, instance=instance, progress=lambda _m: None)
    assert all(ok.values())
    for table in ("weather_records", "weather_instances", "weather_generations", "weather_claims", "weather_scores"):
        assert read_table(settings.warehouse_dir, table).height > 0, table
    assert not list(tmp_path.rglob("*.parquet"))
    _cols, rows = weather_leaderboard(settings.warehouse_dir, "shared-2025")
    # every answer identical in recall: the figure and its whole interval are 0.2
    assert rows and rows[0]["model"] == "template-terse" and rows[0]["recall"] == "0.200 [0.200, 0.200]"


def test_weather_answers_made_elsewhere_are_scored_from_the_command_line(instances, template_scores, tmp_path):
    """`f1bench weather score FILE`: the same figures as the pipeline's scoring loop, bad lines
    numbered, variants kept apart, exit 3 when lines were skipped."""
    import os
    import subprocess
    import sys

    from f1bench_pipeline.settings import REPO_ROOT

    faithful = [r for r in instances.iter_rows(named=True)][:12]
    lines = [json.dumps({"id": r["id"], "model": "elsewhere", "lang": r["lang"], "variant": r["variant"],
                         "text": WEATHER.template_answer("noisy", r["facts"], r["lang"], r["id"])}) for r in faithful]
    lines += ["{broken", json.dumps({"id": "Nowhere::9", "model": "elsewhere", "lang": "en", "text": "Sunny."})]
    f = tmp_path / "weather.jsonl"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    env = {**os.environ, "F1BENCH_DATA_DIR": str(tmp_path / "empty"), "PYTHONPATH": str(REPO_ROOT)}
    out = subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", "weather", "score", str(f), "--format", "json"],
                         env=env, cwd=REPO_ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 3, out.stderr[-2000:]
    assert ":13: malformed JSON" in out.stderr and ":14: unknown instance id 'Nowhere::9'" in out.stderr
    doc = json.loads(out.stdout)
    assert doc["scored_lines"] == 12 and doc["bad_lines"] == 2
    board = {(r["variant"], r["lang"]): r for r in doc["leaderboard"] if r["model"] == "elsewhere"}
    expected = score_generations(WEATHER, pl.DataFrame([
        {"model": "elsewhere", "id": r["id"], "lang": r["lang"], "variant": r["variant"], "status": "ok",
         "text": WEATHER.template_answer("noisy", r["facts"], r["lang"], r["id"])} for r in faithful]), instances)[1]
    for (variant, lang), row in board.items():
        part = expected.filter((pl.col("variant") == variant) & ((pl.col("lang") == lang) if lang != "all" else True)
                               & (pl.col("n_claims") > 0))
        assert row["precision"] == pytest.approx(part["precision"].mean())
    assert {v for v, _ in board} == set(r["variant"] for r in faithful)  # one row per variant, never pooled
