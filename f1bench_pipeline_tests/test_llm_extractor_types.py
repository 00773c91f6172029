"""The LLM extractor's prompt lists every claim type and slot of ``claims.CLAIM_SLOTS`` (issue #44's
included) with one example each for the new types, whose slots are the schema's, so the LLM and
the regex extractor feed the same verifier; its parser normalises the new slots' case."""

from __future__ import annotations

import json

from f1bench_pipeline.domains.f1.claims import CLAIM_SLOTS
from f1bench_pipeline.domains.f1.llm_extractor import EXAMPLES, SYSTEM_PROMPT, parse_response

NEW_TYPES = ("stint_pace", "stint_degradation", "pace_comparison", "stop_neutralisation", "relative_position",
             "position_change", "pit_lap_difference", "laps_to_go", "lap_pace", "unstated_fact", "entity")


def test_every_type_and_slot_is_in_the_prompt():
    for t, (required, optional) in CLAIM_SLOTS.items():
        line = next((x for x in SYSTEM_PROMPT.splitlines() if x.startswith(f"- {t}: slots")), None)
        assert line, t
        for slot in required + optional:
            assert slot in line, (t, slot)


def test_one_example_per_new_type_with_the_schemas_slots():
    assert set(NEW_TYPES) <= set(EXAMPLES)
    for t, (text, slots) in EXAMPLES.items():
        required, optional = CLAIM_SLOTS[t]
        assert set(required) <= set(slots) <= set(required + optional), t
        assert f'"{text}" -> {json.dumps({"type": t, "slots": slots})}' in SYSTEM_PROMPT


def test_the_examples_parse_into_the_claims_they_show():
    answer = " ".join(text for text, _ in EXAMPLES.values())
    content = json.dumps({"claims": [{"type": t, "slots": s, "span": text} for t, (text, s) in EXAMPLES.items()]})
    claims = parse_response(content, answer)
    assert [(c.type, c.slots) for c in claims] == [(t, s) for t, (_, s) in EXAMPLES.items()]
    assert all(c.span is not None and not c.missing_required() for c in claims)


def test_case_of_the_new_slots_is_normalised():
    content = json.dumps({"claims": [
        {"type": "stop_neutralisation", "slots": {"neutralised": True, "driver": "ham", "lap": 5, "kind": "vsc"}},
        {"type": "pace_comparison", "slots": {"metric": "Pace", "relation": "LOWER", "compound_a": "hard",
                                              "compound_b": "Medium", "scope": "Race"}},
        {"type": "position_change", "slots": {"driver": "bea", "gained": False, "rival": "sai"}},
        {"type": "battle", "slots": {"kind": "undercut", "attacker": "gas", "defender": "doo"}},
    ]})
    slots = [c.slots for c in parse_response(content, "")]
    assert slots[0] == {"neutralised": True, "driver": "HAM", "lap": 5, "kind": "VSC"}
    assert slots[1] == {"metric": "pace", "relation": "lower", "compound_a": "HARD", "compound_b": "MEDIUM",
                        "scope": "race"}
    assert slots[2] == {"driver": "BEA", "gained": False, "rival": "SAI"}
    assert slots[3]["kind"] == "undercut"  # a battle's kind keeps its case
