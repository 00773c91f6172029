"""The template systems render the facts the context states beyond the oracle (issue #44).

* the faithful answer states every rendered stated fact (a stint's pace and degradation, a stop
  under SC/VSC and the battle's green stops, the running order around a battle's stops), in each
  language, after the oracle's sentences, and the paper's extractor finds nothing wrong in it;
* the noisy answer perturbs about 40% of them, every perturbed one wrong against
  ``stated_facts`` (a pure check on facts, independent of any extractor), while its oracle part
  is the version-2 text (the paper's types keep their measured error rate);
* the provider passes the structured context from the generation engine to the template.

Real instances of the embedded sample (``sample_tables``) and hand-made contexts for the wordings.
"""

from __future__ import annotations

import json

import polars as pl
import pytest

from f1bench_pipeline.domains.f1.instances import facts as F
from f1bench_pipeline.domains.f1.instances.facts import FactType, facts_from_json, facts_to_json
from f1bench_pipeline.domains.f1.instances.stated import stated_facts
from f1bench_pipeline.domains.f1.instances.verbalize import verbalize
from f1bench_pipeline.domains.f1.instances.verbalize_stated import stated_sentences
from f1bench_pipeline.domains.f1.templates import (
    NOISE_RATE,
    TEMPLATE_VERSION,
    _drivers,
    answer_sentences,
    noisy_answer_facts,
    noisy_facts,
    perturb_stated,
    rendered_stated_facts,
    template_answer,
)
from f1bench_pipeline.domains import get_domain

F1 = get_domain("f1")  # the domain the generation road runs here

LANGS = ("en", "es", "pt")

# a pit battle instance's structured context, trimmed to what the stated facts read
CONTEXT = {
    "race": {"event": "Test Grand Prix", "season": 2025, "laps": 57},
    "drivers": [
        {"driver": "HAM", "stints": [
            {"stint": 1, "compound": "HARD", "avg_pace_s": 77.731, "degradation_s_per_lap": -0.515},
            {"stint": 2, "compound": "MEDIUM", "avg_pace_s": 76.9, "degradation_s_per_lap": 0.004}],
         "pit_stops": [{"lap": 30, "under_sc": False, "under_vsc": False},
                       {"lap": 41, "under_sc": False, "under_vsc": True}]},
        {"driver": "OCO", "stints": [{"stint": 1, "compound": "UNKNOWN", "avg_pace_s": 78.1,
                                      "degradation_s_per_lap": None}],
         "pit_stops": [{"lap": 32, "under_sc": False, "under_vsc": False},
                       {"lap": 56, "under_sc": True, "under_vsc": False}]},
    ],
    "battle": {"attacker": "HAM", "defender": "OCO", "attacker_pit_lap": 30, "defender_pit_lap": 32,
               "gap_before_s": -1.2, "gap_after_s": 0.8, "position_before": 5, "position_after": 6,
               "defender_position_before": 6, "defender_position_after": 5, "lap_before": 29, "lap_after": 33},
}
ORACLE = facts_to_json([F.n_stops("HAM", 2), F.pit_lap("HAM", 30), F.pit_lap("OCO", 32), F.final_position("HAM", 4)])

EXPECTED = {
    "en": ["HAM ran stint 1 on the hard tyres, with an average of 77.73 s and a degradation of -0.515 s/lap.",
           "HAM ran stint 2 on the medium tyres, with an average of 76.90 s and a degradation of +0.004 s/lap.",
           "HAM pitted on lap 30, not under a safety car or a virtual safety car.",
           "HAM pitted on lap 41 under the virtual safety car.",
           "In stint 1 OCO ran, with an average of 78.10 s.",
           "OCO pitted on lap 32, not under a safety car or a virtual safety car.",
           "OCO pitted on lap 56 under the safety car.",
           "Before the stops HAM ran ahead of OCO; after the stops OCO ran ahead of HAM."],
    "es": ["HAM hizo el stint 1 con el neumático duro, con una media de 77.73 s y una degradación de -0.515 s/vuelta.",
           "HAM entró en boxes en la vuelta 41 bajo el coche de seguridad virtual.",
           "OCO entró en boxes en la vuelta 32, no bajo coche de seguridad ni coche de seguridad virtual.",
           "OCO entró en boxes en la vuelta 56 bajo el coche de seguridad.",
           "Antes de las paradas HAM iba por delante de OCO; después de las paradas OCO iba por delante de HAM."],
    "pt": ["HAM fez o stint 1 com o pneu duro, com média de 77.73 s e degradação de -0.515 s/volta.",
           "HAM parou nos boxes na volta 41 sob o safety car virtual.",
           "OCO parou nos boxes na volta 32, não sob safety car nem safety car virtual.",
           "OCO parou nos boxes na volta 56 sob o safety car.",
           "Antes das paradas HAM estava à frente de OCO; depois das paradas OCO estava à frente de HAM."],
}


@pytest.mark.parametrize("lang", LANGS)
def test_faithful_wordings(lang):
    text = template_answer("faithful", ORACLE, lang, "x::undercut::HAM_OCO", "{}", 0, json.dumps(CONTEXT))
    for s in EXPECTED[lang]:
        assert s in text, (s, text)
    assert "UNKNOWN" not in text and "race_position" not in text
    # the oracle's sentences in their order, a stint's or a stop's stated facts ending its sentence
    at = 0
    for s in verbalize(facts_from_json(ORACLE), lang).split(". "):
        at = text.index(s.rstrip("."), at)
    assert text.count("HAM pitted on lap 30") <= 1 and text.count("OCO pitted on lap 32") <= 1


def test_a_stated_fact_is_woven_into_its_oracle_sentence_and_left_out_when_that_is_wrong():
    oracle = facts_from_json(ORACLE)
    stated = rendered_stated_facts(CONTEXT)
    faithful = answer_sentences(oracle, oracle, stated, "en")
    assert "HAM pitted on lap 30, not under a safety car or a virtual safety car." in faithful
    assert "HAM pitted on lap 30." not in faithful
    wrong = [F.pit_lap("HAM", 28) if f == F.pit_lap("HAM", 30) else f for f in oracle]
    told = answer_sentences(wrong, oracle, stated, "en")
    assert "HAM pitted on lap 28." in told  # the oracle's error alone
    # the stop's neutralisation is left out: a sentence of its own would restate the true lap 30 beside
    # the error (and cover the stop for recall)
    assert not any("lap 30" in t for t in told), told


def test_only_neutralised_stops_and_the_battles_green_ones():
    facts = rendered_stated_facts(CONTEXT)
    stops = {(f.key["driver"], f.key["lap"]): f.value["kind"] for f in facts if f.type == FactType.stop_neutralisation}
    assert stops == {("HAM", 30): "none", ("HAM", 41): "VSC", ("OCO", 32): "none", ("OCO", 56): "SC"}
    no_battle = {**CONTEXT, "battle": None}
    stops = {(f.key["driver"], f.key["lap"]) for f in rendered_stated_facts(no_battle)
             if f.type == FactType.stop_neutralisation}
    assert stops == {("HAM", 41), ("OCO", 56)}
    assert {f.type for f in rendered_stated_facts(CONTEXT)} == {
        FactType.stint_pace, FactType.stint_degradation, FactType.stop_neutralisation, FactType.running_order}


def test_without_a_context_the_answers_are_the_oracles():
    for kind in ("faithful", "noisy", "terse"):
        assert template_answer(kind, ORACLE, "en", "i", "{}", 0) == template_answer(kind, ORACLE, "en", "i", "{}", 0, None)
    assert template_answer("faithful", ORACLE, "en", "i") == verbalize(facts_from_json(ORACLE), "en")
    assert template_answer("terse", ORACLE, "en", "i", "{}", 0, json.dumps(CONTEXT)) == \
        template_answer("terse", ORACLE, "en", "i")
    assert TEMPLATE_VERSION >= 3


def _wrong(true, told, paces: list[float]) -> bool:
    """``told`` (a perturbed stated fact) is false against ``true`` (the context's)."""
    t, v, w = FactType(true.type), true.value, told.value
    if t == FactType.stint_pace:  # beyond the context's rounding, and not another stint's pace
        return abs(w["seconds"] - v["seconds"]) > 0.005 and all(abs(w["seconds"] - p) > 0.005 for p in paces)
    if t == FactType.stint_degradation:
        return (w["s_per_lap"] > 0) != (v["s_per_lap"] > 0) and abs(w["s_per_lap"] - v["s_per_lap"]) > 0.0005
    if t == FactType.stop_neutralisation:
        return w["neutralised"] != v["neutralised"] and w["kind"] != v["kind"]
    if t == FactType.running_order:
        return w["ahead"] != v["ahead"]
    return False


def test_every_stated_perturbation_is_wrong():
    import random

    rng = random.Random(7)
    facts = rendered_stated_facts(CONTEXT)
    paces = [f.value["seconds"] for f in facts if f.type == FactType.stint_pace]
    for f in facts:
        for _ in range(30):
            g = perturb_stated(f, rng, paces)
            assert g.key == f.key and _wrong(f, g, paces), (f.fact_id, g.fact_id)


def _rows(sample_tables) -> list[dict]:
    rows = sample_tables("instances").filter(pl.col("variant") == "default")
    rows = [r for r in rows.iter_rows(named=True) if r.get("context") and rendered_stated_facts(r["context"])]
    if not rows:
        pytest.skip("the embedded sample holds no instance whose context states a stint pace or a stop")
    return rows


def test_faithful_renders_the_stated_facts_of_real_instances(sample_tables):
    from f1bench_pipeline.domains.f1.context_index import context_index
    from f1bench_pipeline.domains.f1.extract import extract_claims
    from f1bench_pipeline.domains.f1.verifier import verify_claim

    rows = _rows(sample_tables)
    kinds = set()
    for r in rows:
        text = template_answer("faithful", r["facts"], r["lang"], r["id"], r["entities"], 0, r["context"])
        stated = rendered_stated_facts(r["context"])
        every = stated_facts(r["context"])
        assert all(f in every for f in stated)
        for s in stated_sentences(stated, r["lang"]):
            assert s in text
        for f in stated:  # each fact's own value is in the text, as the context rounds it
            if f.type == FactType.stint_pace:
                assert f"{f.value['seconds']:.2f} s" in text
            elif f.type == FactType.stint_degradation:
                assert f"{f.value['s_per_lap']:+.3f} s/" in text
            kinds.add(f.type)
        # the whole answer is true: no claim the verifier does not support (with the new types'
        # extractors merged this is the perturbation experiment's "faithful precision 1.000")
        idx = context_index(r)
        bad = [(c.type, c.slots, v.reason) for c in extract_claims(text, r["lang"], json.loads(r["entities"]))
               if (v := verify_claim(c, idx)).label != "supported" and v.label != "unverifiable"]
        assert not bad, (r["id"], r["lang"], bad, text)
    assert {FactType.stint_pace, FactType.stint_degradation} <= kinds
    assert {r["lang"] for r in rows} == set(LANGS)


def test_noisy_perturbs_stated_facts_of_real_instances(sample_tables):
    rows = _rows(sample_tables)
    n = n_wrong = 0
    wrong_types = set()
    for r in rows:
        facts = facts_from_json(r["facts"])
        drivers = _drivers(r["entities"], facts)
        stated = rendered_stated_facts(r["context"])
        oracle_part, told = noisy_answer_facts(facts, stated, r["id"], r["lang"], drivers)
        # the oracle part is drawn first, exactly as version 2 drew it
        assert oracle_part == noisy_facts(facts, r["id"], r["lang"], drivers)
        text = template_answer("noisy", r["facts"], r["lang"], r["id"], r["entities"], 0, r["context"])
        assert text == template_answer("noisy", r["facts"], r["lang"], r["id"], r["entities"], 0, r["context"])
        assert text == " ".join(answer_sentences(oracle_part, facts, told, r["lang"]))
        paces = [f.value["seconds"] for f in stated if f.type == FactType.stint_pace]
        changed = [(a, b) for a, b in zip(stated, told, strict=True) if a != b]
        assert len(changed) == max(1, round(NOISE_RATE * len(stated)))
        for a, b in changed:
            assert _wrong(a, b, paces), (r["id"], a.fact_id, b.fact_id)
            assert b.key == a.key and b not in stated_facts(r["context"])
            wrong_types.add(a.type)
        # a stated fact of a stint tyre or stop lap the answer gets wrong is left out (no true restatement)
        wrong_keys = {(g.type == FactType.stint_compound, g.key.get("driver"),
                       g.key.get("stint") if g.type == FactType.stint_compound else g.value.get("lap"))
                      for f, g in zip(oracle_part, facts, strict=True)
                      if f != g and g.type in (FactType.stint_compound, FactType.pit_lap)}
        for f in told:
            if f.type not in (FactType.stint_pace, FactType.stint_degradation, FactType.stop_neutralisation):
                continue
            key = (f.type != FactType.stop_neutralisation, f.key["driver"], f.key.get("stint", f.key.get("lap")))
            if key in wrong_keys:
                assert all(s not in text for s in stated_sentences([f], r["lang"])), (r["id"], f.fact_id, text)
        n, n_wrong = n + len(stated), n_wrong + len(changed)
    assert 0.30 <= n_wrong / n <= 0.55, n_wrong / n
    assert {FactType.stint_pace, FactType.stint_degradation} <= wrong_types


def test_provider_passes_the_context():
    from f1bench_pipeline.generation.provider import METADATA_KEY, answer_for

    meta = {"metadata": {METADATA_KEY: {"domain": "f1", "id": "i", "lang": "pt", "facts": ORACLE, "entities": "{}",
                                        "seed": 0, "context": json.dumps(CONTEXT)}}}
    text = answer_for("f1bench/template-faithful", [], meta)
    assert text == template_answer("faithful", ORACLE, "pt", "i", "{}", 0, json.dumps(CONTEXT))
    assert "safety car virtual" in text
    del meta["metadata"][METADATA_KEY]["context"]
    assert answer_for("f1bench/template-faithful", [], meta) == template_answer("faithful", ORACLE, "pt", "i")
    del meta["metadata"][METADATA_KEY]["domain"]  # the provider names no domain: the item says which
    with pytest.raises(ValueError, match="domain"):
        answer_for("f1bench/template-faithful", [], meta)


def test_generation_items_carry_the_context():
    from f1bench_pipeline.generation.plan import work_items
    from f1bench_pipeline.generation.registry import System

    row = {"id": "i", "lang": "en", "variant": "default", "decision_type": "undercut", "system_prompt": "s",
           "user_message": "u", "facts": ORACLE, "entities": "{}", "context": json.dumps(CONTEXT)}
    system = System(name="template-faithful", model="f1bench/template-faithful")
    (item,) = work_items(F1, system, pl.DataFrame([row]))
    assert item.metadata and item.metadata["f1bench"]["context"] == row["context"]
    assert item.metadata["f1bench"]["domain"] == "f1"
    (old,) = work_items(F1, system, pl.DataFrame([{k: v for k, v in row.items() if k != "context"}]))
    assert old.metadata and old.metadata["f1bench"].get("context") is None


def test_a_template_call_keeps_the_cache_key_of_its_cached_answers():
    """The one generation road keys an F1 template call as answers were cached before it: model,
    parameters, messages and the oracle's and entities' digests, seed and template version — no
    domain name (``F1Domain.offline_cache_extra``); a changed key would ask every cached answer again."""
    import hashlib

    from f1bench_pipeline.domains.f1.templates import TEMPLATE_VERSION
    from f1bench_pipeline.generation.cache import cache_key
    from f1bench_pipeline.generation.plan import item_for
    from f1bench_pipeline.generation.registry import System

    row = {"id": "i", "lang": "en", "variant": "default", "decision_type": "undercut", "facts": ORACLE,
           "entities": '{"VER": "Verstappen"}'}
    messages = [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}]
    system = System(name="template-terse", model="f1bench/template-terse", seed=1)

    def digest(text: str) -> str:
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    extra = {"oracle": digest(ORACLE), "entities": digest(row["entities"]), "seed": 1,
             "template_version": TEMPLATE_VERSION}
    assert item_for(F1, system, row, messages).cache_key == cache_key(system.model, system.params, messages, extra)


@pytest.mark.parametrize("lang", LANGS)
def test_every_stated_fact_has_a_sentence_of_its_own(lang):
    """A verifier-guided round sends back the true fact of a contradicted claim of a new type."""
    from f1bench_pipeline.domains.f1.instances.verbalize import sentence

    facts = stated_facts(CONTEXT)
    assert {f.type for f in facts} == {FactType.stint_pace, FactType.stint_degradation, FactType.stop_neutralisation,
                                       FactType.race_position, FactType.running_order}
    for f in facts:
        text = sentence(f, lang)
        assert text.endswith(".") and f.key.get("driver", f.key.get("pair", "|").split("|")[0]) in text
    pace = F.stint_pace("HAM", 1, "HARD", 77.731)
    assert sentence(pace, lang) in " ".join(stated_sentences([pace], lang))
    assert "5" in sentence(F.race_position("HAM", "before", 5, 29), lang)
