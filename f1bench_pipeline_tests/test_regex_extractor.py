"""The deterministic regex claim extractor (EN / ES / PT).

* template round trip: every oracle fact, verbalized by ``instances.verbalize`` in each
  language, comes back as a claim with the same type and slots (single sentences and
  whole instance answers built with the ``instances.context`` fact builders);
* hand-written phrasings of every claim type in the three languages;
* spans are exact substrings of the original text; claims follow the shared schema;
* never raises: hypothesis on arbitrary text / bytes / nested markdown, 1 MB inputs and
  adversarial "regex bomb" texts (bounded time);
* the shared gold (48 annotated answers, ../shared) keeps per-language recall and precision
  above floors measured on it (minus a margin); skipped when ../shared is absent.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from f1bench_pipeline.domains.f1.instances import context as C
from f1bench_pipeline.domains.f1.gold import load_gold, match_claims
from f1bench_pipeline.domains.f1.instances import facts as F
from f1bench_pipeline.domains.f1.instances.verbalize import sentence, verbalize
from f1bench_pipeline.domains.f1.claims import CLAIM_SLOTS, Claim, ClaimType
from f1bench_pipeline.domains.f1.extract import _extract, driver_table, extract_claims

LANGS = ("en", "es", "pt")
SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "paper_generations"

TEAMS = {"LEC": "Ferrari", "HAM": "Ferrari", "VER": "Red Bull Racing", "NOR": "McLaren", "PIA": "McLaren",
         "ALO": "Alpine F1 Team", "OCO": "Alpine F1 Team", "MAG": "Haas F1 Team", "STR": "Aston Martin",
         "SAI": "Williams", "PER": "Red Bull Racing", "VET": "Ferrari", "RAI": "Ferrari", "GRO": "Haas F1 Team",
         "ALB": "Williams", "RUS": "Mercedes", "BOT": "Mercedes"}


def ents(*drivers: str) -> dict:
    return {"drivers": list(drivers), "teams": sorted({TEAMS[d] for d in drivers if d in TEAMS})}


def check_claims(text: str | bytes, claims: list[Claim]) -> None:
    """Spans exact, schema respected."""
    if isinstance(text, (bytes, bytearray)):
        text = bytes(text).decode("utf-8", errors="replace")
    for c in claims:
        assert isinstance(c, Claim) and c.extractor == "regex"
        assert text[c.span.start:c.span.end] == c.span.text, (c, text[c.span.start:c.span.end])
        required, optional = CLAIM_SLOTS[c.type]
        assert set(c.slots) <= set(required) | set(optional), c
        for v in c.slots.values():
            assert isinstance(v, (str, int, float, bool)) and v is not None
        Claim.model_validate(c.model_dump())


# --------------------------------------------------------------------------- driver table


def test_driver_table_maps_surnames_to_codes():
    table = driver_table()
    assert {"LEC", "HAM", "ALO", "VER", "HUL", "PER", "DEV", "ANT"} <= set(table)
    assert "Leclerc" in table["LEC"]["surnames"] and "Hamilton" in table["HAM"]["surnames"]
    assert {"Hülkenberg", "Hulkenberg"} <= set(table["HUL"]["surnames"])
    for text, code in (("Leclerc pitted on lap 15.", "LEC"), ("Hamilton pitted on lap 15.", "HAM"),
                       ("Alonso pitted on lap 15.", "ALO"), ("Hulkenberg pitted on lap 15.", "HUL"),
                       ("Hülkenberg (HUL) pitted on lap 15.", "HUL")):
        assert [c.slots for c in extract_claims(text, "en")] == [{"driver": code, "lap": 15}]


# --------------------------------------------------------------------------- templates

SINGLE_FACTS = [
    F.n_stops("LEC", 1), F.n_stops("HAM", 2), F.n_stops("VER", 0), F.n_stops("ALO", 3), F.n_stops("SAI", 8),
    F.pit_lap("LEC", 15), F.pit_lap("VER", 1),
    F.compound_change("LEC", 15, "MEDIUM", "HARD"), F.compound_change("NOR", 44, "INTERMEDIATE", "WET"),
    F.compound_change("HAM", 20, "WET", "INTERMEDIATE"), F.compound_change("VET", 12, "ULTRASOFT", "SOFT"),
    F.compound_change("RAI", 30, "HYPERSOFT", "SUPERSOFT"), F.compound_change("GRO", 30, "SUPERHARD", "SOFT"),
    F.compound_change("PER", 22, "HARD", "HARD"), F.compound_change("BOT", 30, "MEDIUM", "UNKNOWN"),
    F.compound_change("BOT", 31, "UNKNOWN", "HARD"), F.stint_compound("BOT", 3, "UNKNOWN"),
    F.stint_compound("LEC", 2, "MEDIUM"), F.stint_compound("PIA", 1, "SOFT"),
    F.stint_compound("ALB", 3, "INTERMEDIATE"), F.stint_compound("ALB", 1, "WET"),
    F.stint_compound("VET", 2, "HYPERSOFT"),
    F.stint_laps("LEC", 2, 16, 40), F.stint_laps("LEC", 1, 1, 15),
    F.final_position("LEC", 5), F.final_position("VER", 1), F.final_position("STR", 17),
    F.battle("undercut", "ALO", "MAG"), F.battle("overcut", "STR", "ALO"),
    F.battle_outcome("ALO", "MAG", True), F.battle_outcome("ALO", "MAG", False),
    F.gain("ALO", "MAG", 3.6), F.gain("ALO", "MAG", 0.4), F.gain("STR", "ALO", -0.9),
    F.gap("ALO", "MAG", "before", 1.8), F.gap("ALO", "MAG", "after", 5.3),
    F.defense("ALO", "HAM", 11), F.defense_outcome("ALO", "HAM", True), F.defense_outcome("ALO", "HAM", False),
    F.teammate_protected("ALO", "OCO"), F.teammate_protected("ALO", None),
    F.winner("VER"), F.race_laps(53),
]


def expected_slots(f: F.Fact) -> dict:
    """What a claim of this fact states: the fact's slots (pair keys spelled out)."""
    if f.type in ("battle", "defense", "battle_outcome", "gain", "defense_outcome"):
        return dict(f.value)
    return {**{k: v for k, v in f.key.items() if k != "pair"}, **f.value}


def recovered(f: F.Fact, claims: list[Claim]) -> bool:
    want = expected_slots(f)
    for c in claims:
        if c.type != f.type:
            continue
        ok = True
        for k, v in want.items():
            got = c.slots.get(k)
            if isinstance(v, float) and not isinstance(v, bool):
                ok = ok and got is not None and abs(got - round(v, 1)) <= 0.051  # templates print 1 decimal
            else:
                ok = ok and got == v
        if ok:
            return True
    return False


def fact_drivers(f: F.Fact) -> list[str]:
    vals = list(f.key.values()) + list(f.value.values())
    out = []
    for v in vals:
        if isinstance(v, str):
            out += [x for x in v.split("|") if re.fullmatch(r"[A-Z]{3}", x)]
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("fact", SINGLE_FACTS, ids=lambda f: f.fact_id)
def test_template_sentence_round_trip(fact, lang):
    text = sentence(fact, lang)
    drivers = fact_drivers(fact)
    # "Así protegió a su compañero de equipo OCO" names no defender: the driver->team map does
    claims = extract_claims(text, lang, ents(*drivers), {d: TEAMS[d] for d in TEAMS})
    check_claims(text, claims)
    assert recovered(fact, claims), (text, [(c.type, c.slots) for c in claims])
    assert not [c for c in claims if c.type == "entity"], claims


def stint_driver(code, team, pos, stints, stops):
    return {"driver": code, "team": team, "final_position": pos, "n_stops": len(stops),
            "stints": [{"stint": i + 1, "compound": c, "start_lap": a, "end_lap": b, "n_laps": b - a + 1,
                        "avg_pace_s": 90.0, "degradation_s_per_lap": 0.02} for i, (c, a, b) in enumerate(stints)],
            "pit_stops": [{"lap": lap, "from": f, "to": t, "under_sc": False, "under_vsc": False}
                          for lap, f, t in stops]}


INSTANCES = {
    "stint_one_stop": [F.race_laps(57)] + C.driver_facts(stint_driver(
        "LEC", "Ferrari", 3, [("MEDIUM", 1, 15), ("HARD", 16, 57)], [(15, "MEDIUM", "HARD")])),
    "stint_two_stops": C.driver_facts(stint_driver(
        "NOR", "McLaren", 1, [("INTERMEDIATE", 1, 11), ("INTERMEDIATE", 12, 44), ("MEDIUM", 45, 52)],
        [(11, "INTERMEDIATE", "INTERMEDIATE"), (44, "INTERMEDIATE", "MEDIUM")])),
    "stint_2018": C.driver_facts(stint_driver(
        "VET", "Ferrari", 2, [("ULTRASOFT", 1, 18), ("SUPERSOFT", 19, 40), ("SOFT", 41, 58)],
        [(18, "ULTRASOFT", "SUPERSOFT"), (40, "SUPERSOFT", "SOFT")])),
    "undercut_worked": C.battle_facts({"kind": "undercut", "attacker": "ALO", "defender": "MAG",
                                       "gap_before_s": 1.8, "gap_after_s": -1.8, "time_gained_s": 3.6,
                                       "success": True}) + [F.pit_lap("ALO", 20), F.pit_lap("MAG", 21)],
    "overcut_failed": C.battle_facts({"kind": "overcut", "attacker": "STR", "defender": "ALO",
                                      "gap_before_s": 2.4, "gap_after_s": 3.3, "time_gained_s": -0.9,
                                      "success": False}),
    "defense_protected": C.defense_facts({"defender": "ALO", "pursuer": "HAM", "laps_held": 11,
                                          "ended_in_pass": False, "teammate": "OCO", "teammate_protected": True}),
    "defense_passed": C.defense_facts({"defender": "PER", "pursuer": "HAM", "laps_held": 6,
                                       "ended_in_pass": True, "teammate": None, "teammate_protected": False}),
    "podium": [F.winner("VER"), F.final_position("VER", 1), F.final_position("NOR", 2), F.final_position("PIA", 3)],
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(INSTANCES))
def test_template_answer_round_trip(name, lang):
    """A whole template answer (every fact of an instance) is read back fact by fact, and
    nothing of a type the instance does not have is invented."""
    facts = INSTANCES[name]
    text = verbalize(facts, lang)
    drivers = sorted({d for f in facts for d in fact_drivers(f)})
    claims = extract_claims(text, lang, ents(*drivers))
    check_claims(text, claims)
    missing = [f.fact_id for f in facts if not recovered(f, claims)]
    assert not missing, (text, missing, [(c.type, c.slots) for c in claims])
    types = {str(f.type) for f in facts}
    assert {c.type for c in claims} <= types, [(c.type, c.slots) for c in claims if c.type not in types]


def _warehouse_root() -> Path | None:
    import os

    for root in (os.environ.get("F1BENCH_WAREHOUSE", ""), "/tmp/demo1/warehouse",
                 str(Path(__file__).resolve().parents[1] / "data" / "warehouse")):
        if root and ((Path(root) / "instances").is_dir() or (Path(root) / "classification").is_dir()):
            return Path(root)
    return None


def _real_instances(root: Path) -> list[tuple[list[F.Fact], str, dict]]:
    """(facts, lang, entities) of built instances: the ``instances`` table when present, else
    instances built in memory (read-only) from the event tables of each season."""
    import polars as pl

    files = sorted((root / "instances").rglob("*.parquet")) if (root / "instances").is_dir() else []
    if files:
        rows = pl.concat([pl.read_parquet(f, columns=["id", "lang", "facts", "entities"]) for f in files],
                         how="vertical_relaxed").unique(subset=["id", "lang"]).sort(["id", "lang"])
        return [(F.facts_from_json(r["facts"]), r["lang"], json.loads(r["entities"] or "{}"))
                for r in rows.iter_rows(named=True)]
    from f1bench_pipeline.domains.f1.instances.assets import EVENT_TABLES
    from f1bench_pipeline.domains.f1.instances.builders import build_base_instances
    from f1bench_pipeline.settings import get_settings

    out = []
    for part in sorted((root / "classification").glob("season=*")):
        season = int(part.name.split("=", 1)[1])
        tables = {}
        for t in EVENT_TABLES:
            fs = sorted((root / t / part.name).rglob("*.parquet"))
            tables[t] = pl.concat([pl.read_parquet(f) for f in fs], how="vertical_relaxed").with_columns(
                pl.lit(season).alias("season")) if fs else pl.DataFrame()
        for inst in build_base_instances(tables, get_settings()):
            out += [(inst.facts, lang, inst.entities) for lang in LANGS]
    return out


def test_real_instances_round_trip(sample_build):
    """Instances built by the pipeline (a full warehouse when one is around, e.g. F1BENCH_WAREHOUSE,
    else the embedded sample's): the template answer of every instance is read back fact by fact."""
    root = _warehouse_root() or Path(sample_build["settings"].warehouse_dir)
    try:
        instances = _real_instances(root)
    except Exception as exc:  # a half-built or older warehouse is not this extractor's concern
        pytest.skip(f"could not read instances from {root}: {exc!r}"[:300])
    if not instances:
        pytest.skip(f"no instances in {root}")
    total, missed = 0, []
    for facts, lang, entities in instances:
        text = verbalize(facts, lang)
        claims = extract_claims(text, lang, entities)
        check_claims(text, claims)
        total += len(facts)
        missed += [(lang, f.fact_id) for f in facts if not recovered(f, claims)]
    assert total and not missed, (len(missed), total, missed[:10])


# --------------------------------------------------------------------------- hand-written phrasings

HAND = [
    # pit_lap
    ("en", "LEC pitted on lap 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("en", "LEC boxed on lap 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("en", "LEC stopped on lap 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("en", "LEC made his pit stop on lap 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("en", "LEC's lap-15 stop was quick.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("en", "LEC: Pit lap 15: MEDIUM->HARD", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("en", "LEC pitted on laps 15 and 40.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("en", "LEC pitted on laps 15 and 40.", "pit_lap", {"driver": "LEC", "lap": 40}),
    ("en", "GAS overcut BEA during the second pit stop cycle (lap 31 vs. lap 35).", "pit_lap",
     {"driver": "BEA", "lap": 35}),
    ("es", "LEC paró en la vuelta 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("es", "LEC entró en boxes en la vuelta 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("es", "LEC hizo su parada en la vuelta 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("es", "LEC se detuvo en la vuelta 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("es", "LEC paró en las vueltas 15 y 40.", "pit_lap", {"driver": "LEC", "lap": 40}),
    ("es", "ALO hizo su parada antes (lap 3) y STR después (lap 4).", "pit_lap", {"driver": "STR", "lap": 4}),
    ("es", "BEA paró una vuelta antes que HAD, que paró en la 18.", "pit_lap", {"driver": "HAD", "lap": 18}),
    ("pt", "LEC parou na volta 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("pt", "LEC fez o pit stop na volta 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("pt", "LEC fez o pit na volta 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("pt", "LEC entrou nos boxes na volta 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("pt", "LEC parou nos boxes na volta 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("pt", "Leclerc parou no giro 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("pt", "PIA fez o pit na volta 20 e NOR só na volta 21.", "pit_lap", {"driver": "NOR", "lap": 21}),
    # compound_change
    ("en", "LEC switched from mediums to hards.", "compound_change", {"driver": "LEC", "from": "MEDIUM", "to": "HARD"}),
    ("en", "LEC pitted on lap 15 (MEDIUM→HARD).", "compound_change",
     {"driver": "LEC", "from": "MEDIUM", "to": "HARD", "lap": 15}),
    ("en", "LEC pitted on lap 15: MEDIUM->HARD.", "compound_change",
     {"driver": "LEC", "from": "MEDIUM", "to": "HARD", "lap": 15}),
    ("en", "LEC went from the medium to the hard tyres.", "compound_change",
     {"driver": "LEC", "from": "MEDIUM", "to": "HARD"}),
    ("en", "HAM switched from inters to wets.", "compound_change", {"driver": "HAM", "from": "INTERMEDIATE", "to": "WET"}),
    ("en", "VER went from hypersofts to ultrasofts.", "compound_change",
     {"driver": "VER", "from": "HYPERSOFT", "to": "ULTRASOFT"}),
    ("es", "LEC cambió de medios a duros.", "compound_change", {"driver": "LEC", "from": "MEDIUM", "to": "HARD"}),
    ("es", "LEC cambió del neumático medio al duro.", "compound_change", {"driver": "LEC", "from": "MEDIUM", "to": "HARD"}),
    ("es", "LEC pasó del blando al duro en la vuelta 20.", "compound_change",
     {"driver": "LEC", "from": "SOFT", "to": "HARD", "lap": 20}),
    ("es", "LEC pasó de blandas a intermedios.", "compound_change",
     {"driver": "LEC", "from": "SOFT", "to": "INTERMEDIATE"}),
    ("es", "VER pasó del hiperblando al superblando.", "compound_change",
     {"driver": "VER", "from": "HYPERSOFT", "to": "SUPERSOFT"}),
    ("es", "HAM cambió de intermedios a neumáticos de lluvia.", "compound_change",
     {"driver": "HAM", "from": "INTERMEDIATE", "to": "WET"}),
    ("es", "STR cambió a HARD en la vuelta 33 y luego a INTERMEDIATE en la vuelta 44.", "compound_change",
     {"driver": "STR", "to": "INTERMEDIATE", "lap": 44}),
    ("pt", "LEC trocou o pneu médio pelo duro.", "compound_change", {"driver": "LEC", "from": "MEDIUM", "to": "HARD"}),
    ("pt", "LEC passou de médios para duros.", "compound_change", {"driver": "LEC", "from": "MEDIUM", "to": "HARD"}),
    ("pt", "LEC foi do macio para o duro.", "compound_change", {"driver": "LEC", "from": "SOFT", "to": "HARD"}),
    ("pt", "LEC trocou os macios pelos intermediários.", "compound_change",
     {"driver": "LEC", "from": "SOFT", "to": "INTERMEDIATE"}),
    ("pt", "VER trocou o ultramacio pelo superduro.", "compound_change",
     {"driver": "VER", "from": "ULTRASOFT", "to": "SUPERHARD"}),
    ("pt", "HAM trocou os intermediários por pneus de chuva.", "compound_change",
     {"driver": "HAM", "from": "INTERMEDIATE", "to": "WET"}),
    # n_stops
    ("en", "LEC ran a one-stop strategy.", "n_stops", {"driver": "LEC", "n": 1}),
    ("en", "LEC made two stops.", "n_stops", {"driver": "LEC", "n": 2}),
    ("en", "LEC was on a two-stopper.", "n_stops", {"driver": "LEC", "n": 2}),
    ("en", "LEC used a three-stint strategy.", "n_stops", {"driver": "LEC", "n": 2}),
    ("en", "LEC made 2 pit stops.", "n_stops", {"driver": "LEC", "n": 2}),
    ("es", "LEC hizo una estrategia de una parada.", "n_stops", {"driver": "LEC", "n": 1}),
    ("es", "LEC hizo dos paradas.", "n_stops", {"driver": "LEC", "n": 2}),
    ("es", "LEC corrió a dos paradas.", "n_stops", {"driver": "LEC", "n": 2}),
    ("es", "PIA hizo una estrategia de dos tramos.", "n_stops", {"driver": "PIA", "n": 1}),
    ("pt", "LEC fez uma estratégia de uma parada.", "n_stops", {"driver": "LEC", "n": 1}),
    ("pt", "LEC fez duas paradas.", "n_stops", {"driver": "LEC", "n": 2}),
    ("pt", "LEC fez três paradas.", "n_stops", {"driver": "LEC", "n": 3}),
    # stint_compound
    ("en", "LEC started on the soft.", "stint_compound", {"driver": "LEC", "compound": "SOFT", "stint": 1}),
    ("en", "LEC ran the mediums in stint 2.", "stint_compound", {"driver": "LEC", "compound": "MEDIUM", "stint": 2}),
    ("en", "LEC: Stint 1: MEDIUM laps 1-15.", "stint_compound", {"driver": "LEC", "compound": "MEDIUM", "stint": 1}),
    ("en", "LEC spent his first stint on hards.", "stint_compound", {"driver": "LEC", "compound": "HARD", "stint": 1}),
    ("es", "LEC empezó con blandos.", "stint_compound", {"driver": "LEC", "compound": "SOFT", "stint": 1}),
    ("es", "LEC hizo el primer stint con medios.", "stint_compound", {"driver": "LEC", "compound": "MEDIUM", "stint": 1}),
    ("es", "LEC hizo el 2º stint con duros.", "stint_compound", {"driver": "LEC", "compound": "HARD", "stint": 2}),
    ("pt", "LEC largou com macios.", "stint_compound", {"driver": "LEC", "compound": "SOFT", "stint": 1}),
    ("pt", "LEC fez o primeiro stint com médios.", "stint_compound", {"driver": "LEC", "compound": "MEDIUM", "stint": 1}),
    ("pt", "LEC fez o terceiro stint com duros.", "stint_compound", {"driver": "LEC", "compound": "HARD", "stint": 3}),
    # stint_laps
    ("en", "LEC ran MEDIUM on laps 1-15.", "stint_laps", {"driver": "LEC", "start_lap": 1, "end_lap": 15, "n_laps": 15}),
    ("en", "LEC ran 17 laps on the mediums.", "stint_laps", {"driver": "LEC", "n_laps": 17, "compound": "MEDIUM"}),
    ("en", "LEC was on SOFT for laps 1–7.", "stint_laps", {"driver": "LEC", "compound": "SOFT", "start_lap": 1,
                                                         "end_lap": 7}),
    ("es", "LEC usó blandos en las vueltas 1 a 7.", "stint_laps", {"driver": "LEC", "compound": "SOFT", "start_lap": 1,
                                                                 "end_lap": 7}),
    ("es", "BEA hizo 5 laps en Medios (laps 40-44).", "stint_laps",
     {"driver": "BEA", "compound": "MEDIUM", "start_lap": 40, "end_lap": 44, "n_laps": 5}),
    ("pt", "LEC usou macios da volta 1 à 7.", "stint_laps", {"driver": "LEC", "compound": "SOFT", "start_lap": 1,
                                                           "end_lap": 7}),
    ("pt", "LEC completou 20 voltas com médios.", "stint_laps", {"driver": "LEC", "compound": "MEDIUM", "n_laps": 20}),
    # final_position / winner
    ("en", "LEC finished P5.", "final_position", {"driver": "LEC", "position": 5}),
    ("en", "LEC finished fifth.", "final_position", {"driver": "LEC", "position": 5}),
    ("en", "LEC took P1.", "final_position", {"driver": "LEC", "position": 1}),
    ("en", "LEC finished in 3rd place.", "final_position", {"driver": "LEC", "position": 3}),
    ("en", "LEC won the race.", "final_position", {"driver": "LEC", "position": 1}),
    ("en", "GAS finished far ahead of BEA (P8 vs. P17).", "final_position", {"driver": "BEA", "position": 17}),
    ("es", "LEC terminó quinto.", "final_position", {"driver": "LEC", "position": 5}),
    ("es", "LEC terminó en la posición 5.", "final_position", {"driver": "LEC", "position": 5}),
    ("es", "LEC acabó P3.", "final_position", {"driver": "LEC", "position": 3}),
    ("es", "LEC acabó en quinto lugar.", "final_position", {"driver": "LEC", "position": 5}),
    ("es", "LEC terminó tercera.", "final_position", {"driver": "LEC", "position": 3}),
    ("es", "LEC terminó 3º.", "final_position", {"driver": "LEC", "position": 3}),
    ("es", "La estrategia de STR (finalizar P6 vs P17 de ALO) funcionó.", "final_position",
     {"driver": "ALO", "position": 17}),
    ("pt", "LEC terminou em 5º lugar.", "final_position", {"driver": "LEC", "position": 5}),
    ("pt", "LEC terminou em quinto.", "final_position", {"driver": "LEC", "position": 5}),
    ("pt", "LEC chegou em P3.", "final_position", {"driver": "LEC", "position": 3}),
    ("pt", "LEC terminou em terceiro lugar.", "final_position", {"driver": "LEC", "position": 3}),
    ("en", "VER won.", "winner", {"driver": "VER"}),
    ("en", "VER won the race.", "winner", {"driver": "VER"}),
    ("es", "VER ganó la carrera.", "winner", {"driver": "VER"}),
    ("pt", "VER venceu.", "winner", {"driver": "VER"}),
    ("pt", "VER venceu a corrida.", "winner", {"driver": "VER"}),
    # battle
    ("en", "ALO undercut MAG.", "battle", {"kind": "undercut", "attacker": "ALO", "defender": "MAG"}),
    ("en", "ALO made the undercut on MAG.", "battle", {"kind": "undercut", "attacker": "ALO", "defender": "MAG"}),
    ("en", "This was the undercut by ALO on MAG.", "battle", {"kind": "undercut", "attacker": "ALO", "defender": "MAG"}),
    ("en", "ALO overcut MAG.", "battle", {"kind": "overcut", "attacker": "ALO", "defender": "MAG"}),
    ("en", "MAG was undercut by ALO.", "battle", {"kind": "undercut", "attacker": "ALO", "defender": "MAG"}),
    ("es", "ALO le hizo el undercut a MAG.", "battle", {"kind": "undercut", "attacker": "ALO", "defender": "MAG"}),
    ("es", "ALO le hizo el overcut a MAG.", "battle", {"kind": "overcut", "attacker": "ALO", "defender": "MAG"}),
    ("es", "El undercut de ALO sobre MAG fue claro.", "battle", {"kind": "undercut", "attacker": "ALO",
                                                                "defender": "MAG"}),
    ("pt", "ALO fez o undercut em MAG.", "battle", {"kind": "undercut", "attacker": "ALO", "defender": "MAG"}),
    ("pt", "ALO fez o overcut sobre MAG.", "battle", {"kind": "overcut", "attacker": "ALO", "defender": "MAG"}),
    ("pt", "BEA executou um undercut bem-sucedido em ALB.", "battle",
     {"kind": "undercut", "attacker": "BEA", "defender": "ALB"}),
    # battle_outcome (with negation)
    ("en", "ALO undercut MAG. The undercut worked.", "battle_outcome", {"success": True, "attacker": "ALO"}),
    ("en", "ALO undercut MAG. The undercut succeeded.", "battle_outcome", {"success": True}),
    ("en", "ALO undercut MAG. The undercut paid off.", "battle_outcome", {"success": True}),
    ("en", "ALO undercut MAG. The undercut failed.", "battle_outcome", {"success": False}),
    ("en", "ALO undercut MAG. The undercut did not work.", "battle_outcome", {"success": False}),
    ("en", "ALO undercut MAG. The undercut didn't work.", "battle_outcome", {"success": False}),
    ("en", "ALO tried to undercut MAG. Did it work? Yes.", "battle_outcome", {"success": True}),
    ("en", "LEC did not overcut ANT in the pit-stop battle.", "battle_outcome",
     {"success": False, "attacker": "LEC", "defender": "ANT"}),
    ("es", "ALO le hizo el undercut a MAG. Funcionó.", "battle_outcome", {"success": True}),
    ("es", "ALO le hizo el undercut a MAG y salió bien.", "battle_outcome", {"success": True}),
    ("es", "ALO le hizo el undercut a MAG, pero no funcionó.", "battle_outcome", {"success": False}),
    ("es", "ALO le hizo el undercut a MAG. El undercut fracasó.", "battle_outcome", {"success": False}),
    ("es", "ALO le hizo el undercut a MAG. ¿Funcionó? Sí.", "battle_outcome", {"success": True}),
    ("es", "STR no le hizo un overcut a ALO.", "battle_outcome", {"success": False, "attacker": "STR"}),
    ("pt", "ALO fez o undercut em MAG. Funcionou.", "battle_outcome", {"success": True}),
    ("pt", "ALO fez o undercut em MAG e deu certo.", "battle_outcome", {"success": True}),
    ("pt", "ALO fez o undercut em MAG, mas não funcionou.", "battle_outcome", {"success": False}),
    ("pt", "ALO fez o undercut em MAG. A manobra falhou.", "battle_outcome", {"success": False}),
    ("pt", "ALO fez o undercut em MAG. Funcionou? Não.", "battle_outcome", {"success": False}),
    # gain
    ("en", "ALO undercut MAG and gained 3.6 seconds.", "gain", {"seconds": 3.6, "attacker": "ALO"}),
    ("en", "ALO undercut MAG, gaining 3.6s.", "gain", {"seconds": 3.6}),
    ("en", "ALO undercut MAG: a 3.6 s gain.", "gain", {"seconds": 3.6}),
    ("es", "ALO le hizo el undercut a MAG y ganó 3,6 segundos.", "gain", {"seconds": 3.6}),
    ("es", "ALO ganó 3.6 segundos con el undercut a MAG.", "gain", {"seconds": 3.6}),
    ("pt", "ALO fez o undercut em MAG e ganhou 3,6 segundos.", "gain", {"seconds": 3.6}),
    ("pt", "ALO ganhou 3.6 s com o undercut em MAG.", "gain", {"seconds": 3.6}),
    # gap
    ("en", "ALO undercut MAG: the gap went from 1.75 s to 5.31 s.", "gap",
     {"seconds": 1.75, "when": "before", "driver_a": "ALO", "driver_b": "MAG"}),
    ("en", "ALO undercut MAG: the gap went from 1.75 s to 5.31 s.", "gap",
     {"seconds": 5.31, "when": "after", "driver_a": "ALO", "driver_b": "MAG"}),
    ("en", "ALO undercut MAG with a gap of 2.6s.", "gap", {"seconds": 2.6}),
    ("en", "HUL undercut LEC. Before the stops HUL was behind LEC by 4.984 seconds.", "gap",
     {"seconds": 4.984, "when": "before", "driver_a": "HUL", "driver_b": "LEC"}),
    ("es", "La brecha entre ALO y MAG pasó de 1,75 s a 5,31 s.", "gap",
     {"seconds": 5.31, "when": "after", "driver_a": "ALO", "driver_b": "MAG"}),
    ("es", "El hueco de HAD a OCO cambió de -3.213s (HAD por detrás) a +1.11s (HAD por delante).", "gap",
     {"seconds": 1.11, "when": "after", "driver_a": "HAD", "driver_b": "OCO"}),
    ("pt", "A diferença ALO→MAG passou de 1,75 s para 5,31 s.", "gap",
     {"seconds": 1.75, "when": "before", "driver_a": "ALO", "driver_b": "MAG"}),
    # defense
    ("en", "ALO held off HAM for 11 laps.", "defense", {"defender": "ALO", "pursuer": "HAM", "laps": 11}),
    ("en", "ALO kept HAM behind for 11 laps.", "defense", {"defender": "ALO", "pursuer": "HAM", "laps": 11}),
    ("en", "ALO defended against HAM.", "defense", {"defender": "ALO", "pursuer": "HAM"}),
    ("es", "ALO mantuvo a HAM detrás durante 11 vueltas.", "defense", {"defender": "ALO", "pursuer": "HAM", "laps": 11}),
    ("es", "ALO resistió a HAM.", "defense", {"defender": "ALO", "pursuer": "HAM"}),
    ("pt", "ALO segurou HAM atrás por 11 voltas.", "defense", {"defender": "ALO", "pursuer": "HAM", "laps": 11}),
    ("pt", "ALO conteve HAM.", "defense", {"defender": "ALO", "pursuer": "HAM"}),
    # defense_outcome
    ("en", "ALO held off HAM for 11 laps. HAM eventually got past.", "defense_outcome", {"passed": True}),
    ("en", "ALO held off HAM for 11 laps. HAM passed ALO on lap 65.", "defense_outcome",
     {"passed": True, "pursuer": "HAM", "defender": "ALO"}),
    ("en", "ALO held off HAM for 11 laps. HAM never got past.", "defense_outcome", {"passed": False}),
    ("es", "ALO mantuvo a HAM detrás. HAM acabó adelantando.", "defense_outcome", {"passed": True}),
    ("es", "ALO mantuvo a HAM detrás. HAM no logró adelantar.", "defense_outcome", {"passed": False}),
    ("pt", "ALO segurou HAM atrás. HAM acabou ultrapassando.", "defense_outcome", {"passed": True}),
    ("pt", "ALO segurou HAM atrás. HAM não conseguiu ultrapassar.", "defense_outcome", {"passed": False}),
    # teammate_protected
    ("en", "ALO held HAM behind, protecting his teammate OCO.", "teammate_protected",
     {"defender": "ALO", "teammate": "OCO"}),
    ("en", "ALO was not protecting a teammate.", "teammate_protected", {"defender": "ALO", "teammate": "none"}),
    ("es", "ALO protegió a su compañero de equipo OCO.", "teammate_protected", {"defender": "ALO", "teammate": "OCO"}),
    ("es", "ALO no protegía a ningún compañero de equipo.", "teammate_protected",
     {"defender": "ALO", "teammate": "none"}),
    ("pt", "ALO protegeu o companheiro de equipe OCO.", "teammate_protected", {"defender": "ALO", "teammate": "OCO"}),
    ("pt", "ALO não protegia nenhum companheiro de equipe.", "teammate_protected",
     {"defender": "ALO", "teammate": "none"}),
    # race_laps
    ("en", "It was the 53-lap race.", "race_laps", {"laps": 53}),
    ("en", "The race ran over 53 laps.", "race_laps", {"laps": 53}),
    ("es", "La carrera se disputó a 53 vueltas.", "race_laps", {"laps": 53}),
    ("pt", "A corrida teve 53 voltas.", "race_laps", {"laps": 53}),
    # coreference, names, entities
    ("en", "Leclerc pitted on lap 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("en", "Hamilton finished P4.", "final_position", {"driver": "HAM", "position": 4}),
    ("en", "Alonso made two stops.", "n_stops", {"driver": "ALO", "n": 2}),
    ("en", "LEC had a good race. He pitted on lap 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("es", "LEC tuvo una buena carrera. Él paró en la vuelta 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("pt", "LEC teve uma boa corrida. Ele parou na volta 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("pt", "NOR fez o undercut em PIA ao fazer seu pit stop na volta 20.", "pit_lap", {"driver": "NOR", "lap": 20}),
    ("en", "The Ferrari driver pitted on lap 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("es", "El piloto de Ferrari paró en la vuelta 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("pt", "O piloto da Ferrari parou na volta 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("en", "The Monegasque pitted on lap 15.", "pit_lap", {"driver": "LEC", "lap": 15}),
    ("en", "VER and RUS fought; Verstappen finished P2.", "entity", {"name": "RUS"}),
    ("en", "LEC finished ahead of Sainz.", "entity", {"name": "SAI"}),
    ("en", "The Red Bull strategy was different.", "entity", {"name": "Red Bull"}),
]
HAND_ENTITIES = {"drivers": ["LEC", "ALO", "MAG", "HAM", "OCO", "VER", "NOR", "PIA", "STR", "GAS", "BEA", "HAD",
                             "HUL", "ANT", "ALB"],
                 "teams": ["Ferrari", "Alpine", "Haas", "Mercedes"]}
HAND_TEAMS = {"LEC": "Ferrari", "ALO": "Alpine", "OCO": "Alpine", "MAG": "Haas", "HAM": "Mercedes",
              "VER": "Red Bull Racing", "NOR": "McLaren", "PIA": "McLaren"}


@pytest.mark.parametrize("lang,text,ctype,slots", HAND, ids=[f"{h[0]}:{h[1][:40]}" for h in HAND])
def test_hand_written(lang, text, ctype, slots):
    claims = _extract(text, lang, HAND_ENTITIES, HAND_TEAMS)
    check_claims(text, claims)
    assert any(c.type == ctype and all(c.slots.get(k) == v for k, v in slots.items()) for c in claims), \
        [(c.type, c.slots) for c in claims]


@pytest.mark.parametrize("lang,text", [
    ("en", "It is hard to say whether the strategy mattered."),
    ("en", "LEC set a good pace in wet conditions."),
    ("es", "El ritmo medio de LEC fue de 90.1 s y la degradación fue baja."),
    ("pt", "O ritmo médio de LEC foi de 90,1 s com desgaste de 0,05 s/volta."),
    ("en", "Did LEC undercut MAG through the timing of the stop, and did it work?"),
    ("es", "No se puede decir que el undercut de ALO a MAG funcionó."),
])
def test_no_false_claims(lang, text):
    """Everyday uses of tyre words, averages, the restated question and hedges are no claims."""
    claims = _extract(text, lang)
    assert not [c for c in claims if c.type in ("compound_change", "stint_compound", "gap", "gain", "battle",
                                                "battle_outcome")], [(c.type, c.slots) for c in claims]


# Precision first: a number that may belong to another quantity (the race distance, an average,
# a sub-range, a stint ordinal, a compared value without its owner) or a move named only as a
# noun gives no claim of that kind -- never a checkable wrong one. (lang, text, type, slots
# that must not be claimed together).
PRECISION_FIRST = [
    ("en", "LEC used a three-stint strategy on the 52-lap distance.", "stint_laps", {"n_laps": 52}),
    ("en", "HUL ran a one-stop strategy over the 57-lap distance.", "n_stops", {"n": 7}),
    ("es", "LEC hizo una estrategia de tres stints en las 52 vueltas de distancia.", "stint_laps", {"n_laps": 52}),
    ("en", "LEC's second stint (stint avg 89.6 s for laps 15–18) was strong.", "stint_laps", {"start_lap": 15}),
    ("pt", "O segundo stint de LEC (média de 89,6 s nas voltas 15–18) foi forte.", "stint_laps", {"start_lap": 15}),
    ("en", "LEC was quickest on laps 15-16 of his second stint.", "stint_laps", {"start_lap": 15}),
    ("es", "LEC fue más rápido entre las vueltas 15 y 16.", "stint_laps", {"start_lap": 15}),
    ("en", "HAM pitted on lap 18 (stint 2 began on lap 19).", "pit_lap", {"lap": 19}),
    ("en", "LEC stopped on lap 14 vs. lap 1 of the race.", "pit_lap", {"lap": 1}),
    ("pt", "Isso indica que GAS não perdeu a posição diretamente no undercut.", "battle", {"attacker": "GAS"}),
    ("en", "GAS lost time to BEA during the undercut.", "battle", {"attacker": "GAS"}),
]


@pytest.mark.parametrize("lang,text,ctype,slots", PRECISION_FIRST, ids=[f"{p[0]}:{p[1][:40]}" for p in PRECISION_FIRST])
def test_precision_first(lang, text, ctype, slots):
    claims = _extract(text, lang, HAND_ENTITIES, HAND_TEAMS)
    check_claims(text, claims)
    bad = [c for c in claims if c.type == ctype and all(c.slots.get(k) == v for k, v in slots.items())]
    assert not bad, [(c.type, c.slots) for c in claims]


def test_dedupe_keeps_first_span_and_scopes_numbers_to_their_sentence():
    text = "LEC pitted on lap 15. As said, LEC pitted on lap 15. HAM had a long race. Lap 30 was wet."
    claims = extract_claims(text, "en")
    pits = [c for c in claims if c.type == "pit_lap"]
    assert [c.slots for c in pits] == [{"driver": "LEC", "lap": 15}]
    assert pits[0].span.start == 0
    assert not [c for c in claims if c.slots.get("lap") == 30]


def test_entities_only_when_given():
    text = "VER undercut NOR. Sainz and the Ferrari of Leclerc were far behind."
    assert not [c for c in extract_claims(text, "en") if c.type == "entity"]
    names = {c.slots["name"] for c in extract_claims(text, "en", {"drivers": ["VER", "NOR"], "teams": ["McLaren"]})
             if c.type == "entity"}
    assert names == {"SAI", "LEC", "Ferrari"}


# --------------------------------------------------------------------------- never raise

MD_PIECES = ["**", "__", "*", "_", "#", "## ", "| ", " |", "- ", "1. ", "`", "> ", "\n", " ", "LEC", "HAM", "ALO",
             "lap", "laps", "vuelta", "volta", "15", "3.6s", "3,6 s", "P5", "->", "→", "MEDIUM", "duro", "macios",
             "undercut", "funcionó", "não", "gap", "from", "to", "de", "a", "(", ")", ":", ".", "?", "¿", "sobre",
             "pitted", "paró", "parou", "stint", "1-15", "won", "held", "behind", "teammate", "both", "su", "ele"]


@settings(max_examples=150, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=3000), st.sampled_from(LANGS + ("fr", "", "EN")))
def test_never_raises_on_text(text, lang):
    claims = _extract(text, lang, {"drivers": ["LEC"], "teams": []})
    check_claims(text, claims)


@settings(max_examples=100, deadline=2000)
@given(st.binary(max_size=3000), st.sampled_from(LANGS))
def test_never_raises_on_bytes(data, lang):
    claims = _extract(data, lang)
    check_claims(data, claims)
    assert isinstance(extract_claims(data, lang), list)


@settings(max_examples=150, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(MD_PIECES) | st.text(max_size=5), max_size=400), st.sampled_from(LANGS))
def test_never_raises_on_nested_markdown(pieces, lang):
    text = "".join(pieces)
    claims = _extract(text, lang)
    check_claims(text, claims)


@pytest.mark.slow
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])  # wall time is not the test: other xdist workers share the cores
@given(st.lists(st.sampled_from(MD_PIECES), min_size=1, max_size=30), st.sampled_from(LANGS))
def test_one_megabyte_input(pieces, lang):
    unit = " ".join(pieces) + " "
    text = (unit * (1_000_000 // len(unit) + 1))[:1_000_000]
    claims = extract_claims(text, lang)
    check_claims(text, claims)


BOMB_SIZE = 300_000  # a quadratic path would take many minutes at this size; linear ones take 1-7 s


@pytest.mark.parametrize("unit", [
    "a", "lap ", "1-", "(", "**", "gap from 1.0s to ", "P1 vs P2 ", "LEC pitted on lap 5 and ", " ", "vuelta 1 a ",
    "ALO undercut MAG ", "1.0s ", "İ", "\n", ".", "hard to ", "del blando al duro → ", "no funcionó el undercut ",
    # pronouns with no sentence break before them (each looked back for the last break: was quadratic)
    "ALO su ", "HAM and he ",
], ids=repr)
@pytest.mark.slow
def test_regex_bombs_are_linear(unit):
    bomb = (unit * (BOMB_SIZE // len(unit) + 1))[:BOMB_SIZE]
    if unit == " ":
        bomb = "lap" + bomb + "5"
    # this process's CPU time, not the wall clock: other tests (pytest-xdist workers) share the cores
    t0 = time.process_time()
    claims = extract_claims(bomb, "es")
    check_claims(bomb, claims)
    assert time.process_time() - t0 < 30, "pathological input took too long"


@pytest.mark.parametrize("value", [None, "", "   ", 12, b"", bytearray(b"LEC pitted on lap 15"), memoryview(b"x")])
def test_odd_inputs(value):
    assert isinstance(extract_claims(value, "en"), list)
    assert isinstance(extract_claims("LEC pitted on lap 15.", None, entities="nonsense", driver_teams=5), list)


# --------------------------------------------------------------------------- shared data (gold, dev)

# Measured on the gold (benchmarks/extractor_bench.py): recall 0.946 / 0.946 / 0.947 and precision
# 0.897 / 0.927 / 0.935 (en / es / pt). Floors leave a 0.05 margin.
# Precision-first extraction may cost recall, at most 0.02 below what the extractor had before
# that policy (0.946 / 0.946 / 0.947).
RECALL_FLOOR = {"en": 0.926, "es": 0.926, "pt": 0.927}
PRECISION_FLOOR = {"en": 0.84, "es": 0.87, "pt": 0.88}


@pytest.fixture(scope="module")
def gold():
    if not (SHARED / "gold_dev").exists():
        pytest.skip(f"shared gold not found at {SHARED / 'gold_dev'} (only dev machines have ../shared)")
    out = {lang: load_gold(SHARED / "gold_dev", lang) for lang in LANGS}
    return out


BEYOND_PAPER = frozenset(ClaimType.__args__[ClaimType.__args__.index("other") + 1:])  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", LANGS)
def test_gold_recall_and_precision(gold, lang):
    tp = fp = fn = 0
    for g, item in gold[lang]:
        ent = {"drivers": re.findall(r"Driver ([A-Z]{3})\b", item.get("context_text", "")), "teams": []}
        # (the gold labels the types beyond the paper's ontology "other": they are matched in ontology_bench.py)
        preds = [c for c in _extract(item["text"], lang, ent) if c.type != "other" and c.type not in BEYOND_PAPER]
        check_claims(item["text"], preds)
        matches, missed, spurious = match_claims([c for c in g["claims"] if c["type"] != "other"], preds)
        tp, fn, fp = tp + len(matches), fn + len(missed), fp + len(spurious)
    recall, precision = tp / (tp + fn), tp / (tp + fp)
    assert recall >= RECALL_FLOOR[lang], (lang, recall)
    assert precision >= PRECISION_FLOOR[lang], (lang, precision)


@pytest.mark.slow
def test_dev_answers_never_empty_and_never_raise():
    """On the 1,171 real answers (_extract without the safety net): no exception, spans exact,
    and Spanish/Portuguese answers are not left without claims (the published extractor left
    ~50% of them empty)."""
    path = SHARED / "dev.jsonl"
    if not path.exists():
        pytest.skip(f"shared generations not found at {path}")
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    per_lang: dict[str, list[int]] = {lang: [] for lang in LANGS}
    for r in rows:
        if not r.get("text"):
            continue
        claims = _extract(r["text"], r["lang"])
        check_claims(r["text"], claims)
        per_lang[r["lang"]].append(len(claims))
    for lang, counts in per_lang.items():
        assert counts
        assert sum(n == 0 for n in counts) / len(counts) <= 0.02, lang
    mean = {lang: sum(v) / len(v) for lang, v in per_lang.items()}
    assert mean["es"] >= 0.85 * mean["en"] and mean["pt"] >= 0.85 * mean["en"], mean


# A lap time between a stay word and a lap is that lap's time, not the end of a stint; a stay word
# with no time before the lap still ends one ("stayed out until lap 20": the stop).
@pytest.mark.parametrize("text,lang,laps", [
    ("HAM ran 92.4s on lap 20.", "en", []),
    ("HAM ran a 1:32.4 on lap 20.", "en", []),
    ("HAM continuó con 92,4 s en la vuelta 20.", "es", []),
    ("HAM continuou com 92,4 s na volta 20.", "pt", []),
    ("HAM stayed out 3 laps longer, until lap 20.", "en", [20]),
    ("HAM se quedó en pista hasta la vuelta 20.", "es", [20]),
    ("HAM permaneceu na pista até a volta 20.", "pt", [20]),
])
def test_lap_time_after_a_stay_word_is_no_stop(text, lang, laps):
    assert [c.slots["lap"] for c in extract_claims(text, lang) if c.type == "pit_lap"] == laps
