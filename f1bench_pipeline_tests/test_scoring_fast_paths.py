"""The scoring path's shortcuts give what the plain computations gave.

``ContextIndex.keyed`` (candidate facts by type and key) must equal the scan over the type's
facts it replaced, and ``score_generations`` judging a repeated claim about the same instance
once must label every claim row as ``verify_claim`` does on its own (benchmarks/scoring_bench.py
times the path; benchmarks/extractor_snapshot.py compares whole outputs).
"""

from __future__ import annotations

import json

import polars as pl

from f1bench_pipeline.domains.f1.instances import facts as F
from f1bench_pipeline.domains.f1.instances.facts import facts_to_json
from f1bench_pipeline.domains.f1.claims import Claim
from f1bench_pipeline.domains import get_domain
from f1bench_pipeline.domains.scoring import score_generations
from f1bench_pipeline.domains.f1.verifier import _KEY_SLOT, ContextIndex, verify_claim

CONTEXT = [
    F.pit_lap("LEC", 15), F.pit_lap("LEC", 30), F.pit_lap("HAM", 20),
    F.compound_change("LEC", 15, "MEDIUM", "HARD"), F.compound_change("HAM", 20, "SOFT", "HARD"),
    F.n_stops("LEC", 2), F.n_stops("HAM", 1, official_n=2),
    F.stint_compound("LEC", 1, "MEDIUM"), F.stint_compound("LEC", 2, "HARD"), F.stint_compound("HAM", 1, "SOFT"),
    F.stint_laps("LEC", 1, 1, 15), F.stint_laps("LEC", 2, 16, 53),
    F.final_position("LEC", 1), F.final_position("HAM", 4),
    F.battle("undercut", "LEC", "HAM"), F.battle_outcome("LEC", "HAM", True), F.gain("LEC", "HAM", 2.4),
    F.gap("LEC", "HAM", "before", 1.2), F.gap("LEC", "HAM", "after", 3.6),
    F.defense("HAM", "LEC", 5), F.defense_outcome("HAM", "LEC", False), F.teammate_protected("HAM", "RUS"),
    F.race_laps(53),
]
ENTITIES = {"drivers": ["LEC", "HAM", "RUS"], "teams": ["Ferrari", "Mercedes"]}


def test_keyed_equals_the_scan_it_replaced():
    idx = ContextIndex(CONTEXT, ENTITIES)
    for t, slot in _KEY_SLOT.items():
        values = {f.key[slot] for f in idx.facts(t)} | {"VER", "ham", 15, "HAM|LEC", "LEC|HAM"}
        for v in values:
            assert idx.keyed(t, v) == [f for f in idx.facts(t) if f.key[slot] == v], (t, v)
        assert idx.keyed(t, ["LEC"]) == []  # unhashable (free-form LLM slots): scanned, no match


def _claims() -> list[Claim]:
    """Every context fact restated (supported), perturbed (contradicted), about an unknown driver
    (unverifiable) and incomplete, plus numbers that compare equal but print differently."""
    out = []
    for f in CONTEXT:
        slots = {**f.key, **f.value}
        slots.pop("pair", None)
        if f.type in ("battle", "battle_outcome", "gain"):
            slots.setdefault("attacker", f.value.get("attacker", "LEC"))
            slots.setdefault("defender", f.value.get("defender", "HAM"))
        out.append(Claim(type=f.type, slots=slots))
        bumped = {k: (v + 1 if isinstance(v, int) and not isinstance(v, bool) else v) for k, v in slots.items()}
        out.append(Claim(type=f.type, slots=bumped))
        if "driver" in slots:
            out.append(Claim(type=f.type, slots={**slots, "driver": "VER"}))
    out += [Claim(type="pit_lap", slots={"driver": "LEC", "lap": 15.0}), Claim(type="pit_lap", slots={"driver": "LEC"}),
            Claim(type="battle_outcome", slots={"success": 1}), Claim(type="entity", slots={"name": "VER"})]
    return out


def test_repeated_claims_are_labelled_as_verify_claim_labels_them():
    instances = pl.DataFrame([{
        "id": "X::stint::LEC", "facts": facts_to_json(CONTEXT[:3]), "context_facts": facts_to_json(CONTEXT),
        "entities": json.dumps(ENTITIES), "decision_type": "stint", "kind": "stint", "season": 2024,
    }])
    claims = _claims()
    gens = pl.DataFrame({"id": ["X::stint::LEC"] * 4, "model": ["a", "b", "a", "b"], "lang": ["en", "en", "es", "es"],
                         "text": ["x"] * 4})
    table, scores = score_generations(get_domain("f1"), gens, instances, lambda text, lang, ents: list(claims))
    assert table.height == 4 * len(claims) and scores.height == 4
    idx = ContextIndex(CONTEXT, ENTITIES)
    expected = [verify_claim(c, idx) for c in claims]
    assert {v.label for v in expected} == {"supported", "contradicted", "unverifiable"}
    for g in range(4):
        rows = table.slice(g * len(claims), len(claims)).iter_rows(named=True)
        for row, c, v in zip(rows, claims, expected):
            assert json.loads(row["slots"]) == c.slots and row["type"] == c.type
            assert (row["label"], row["reason"], row["expected_facts"]) == (v.label, v.reason, v.expected)
            assert row["matched_fact"] == (v.matched[0] if v.matched else None)
    assert len(set(scores["n_supported"].to_list())) == 1


def test_the_collector_state_is_restored_after_scoring():
    import gc

    import pytest

    instances = pl.DataFrame([{
        "id": "X::stint::LEC", "facts": facts_to_json(CONTEXT[:3]), "context_facts": facts_to_json(CONTEXT),
        "entities": json.dumps(ENTITIES), "decision_type": "stint", "kind": "stint", "season": 2024,
    }])
    gens = pl.DataFrame({"id": ["X::stint::LEC"], "model": ["a"], "lang": ["en"], "text": ["x"]})
    assert gc.isenabled()
    score_generations(get_domain("f1"), gens, instances, lambda text, lang, ents: [])
    assert gc.isenabled()

    def boom(text, lang, ents):
        assert not gc.isenabled()  # paused during the call
        raise RuntimeError("extractor failed")

    with pytest.raises(RuntimeError):
        score_generations(get_domain("f1"), gens, instances, boom)
    assert gc.isenabled()
    gc.disable()
    try:
        score_generations(get_domain("f1"), gens, instances, lambda text, lang, ents: [])
        assert not gc.isenabled()  # a caller's choice is kept
    finally:
        gc.enable()
