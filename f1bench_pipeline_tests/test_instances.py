"""Benchmark instances: ids, prompts, and the oracle's completeness in both directions.

The completeness proof parses every instance's ``context_text`` independently of the
builder (a small reader of the serialization) and checks, for a whole season:
1. every oracle fact is stated in the text (a model is never asked for what it was not given);
2. every checkable fact of the decision type's declared kinds found in the text is in the oracle.
"""

from __future__ import annotations

import json
import re

import polars as pl
import pytest

from f1bench_pipeline.domains.f1.instances import facts as F
from f1bench_pipeline.domains.f1.instances.builders import build_base_instances, in_oracle_scope
from f1bench_pipeline.domains.f1.instances.facts import Fact, facts_from_json, facts_to_json
from f1bench_pipeline.domains.f1.instances.rows import finetune_records, stratified_sample
from f1bench_pipeline.settings import Settings

ID_RE = re.compile(r"^\d{4}_[^\s:]+::(stint|undercut|overcut|defense|race_summary)::[A-Z]{3}(_[A-Z]{3})?(@\d+-\d+)?$")


def parse_context_text(text: str) -> list[Fact]:
    """Read the checkable facts back out of a context text (independent of the builder)."""
    out: list[Fact] = []
    driver = None
    for line in text.splitlines():
        if m := re.match(r"Race: .* \((\d+) laps\)$", line):
            out.append(F.race_laps(int(m[1])))
        elif m := re.match(r"Driver ([A-Z]{3}) \((.*)\)", line):
            driver = m[1]
            if p := re.search(r"finished P(\d+)", m[2]):
                out.append(F.final_position(driver, int(p[1])))
        elif m := re.match(r"  Stint (\d+): ([A-Z]+) laps (\d+)-(\d+) ", line):
            if m[2] != "UNKNOWN":
                out.append(F.stint_compound(driver, int(m[1]), m[2]))
            out.append(F.stint_laps(driver, int(m[1]), int(m[3]), int(m[4])))
        elif m := re.match(r"  Pit stops: (\d+)$", line):
            out.append(("n_stops", driver, int(m[1])))  # completed below with the official count
        elif m := re.match(r"  Pit lap (\d+): ([A-Z]+)->([A-Z]+)", line):
            out.append(F.pit_lap(driver, int(m[1])))
            if "UNKNOWN" not in (m[2], m[3]):
                out.append(F.compound_change(driver, int(m[1]), m[2], m[3]))
        elif m := re.search(r"official timing counts (\d+) stops", line):
            out.append(("official", driver, int(m[1])))
        elif m := re.match(r"Pit-timing battle \((\w+)\): ([A-Z]{3}) pitted lap (\d+), ([A-Z]{3}) pitted lap (\d+)\.", line):
            kind, a, la, d, ld = m[1], m[2], int(m[3]), m[4], int(m[5])
            out += [F.battle(kind, a, d), F.pit_lap(a, la), F.pit_lap(d, ld)]
        elif m := re.match(r"  Before the stops \(lap \d+\): ([A-Z]{3}) ([\d.]+)s (behind|ahead of) ([A-Z]{3});", line):
            out.append(F.gap(m[1], m[4], "before", float(m[2])))
        elif m := re.match(r"  After the stops \(lap \d+\): ([A-Z]{3}) ([\d.]+)s (behind|ahead of) ([A-Z]{3});", line):
            out.append(F.gap(m[1], m[4], "after", float(m[2])))
        elif m := re.match(r"  ([A-Z]{3}) gained ([\d.]+)s on ([A-Z]{3}); [A-Z]{3} ahead after the stops: (yes|no)\.", line):
            out += [F.gain(m[1], m[3], float(m[2])), F.battle_outcome(m[1], m[3], m[4] == "yes")]
        elif m := re.match(r"On-track defense: ([A-Z]{3}) held ([A-Z]{3}) behind for (\d+) laps", line):
            dfd, pur = m[1], m[2]
            out.append(F.defense(dfd, pur, int(m[3])))
        elif m := re.match(r"  ([A-Z]{3}) (passed|did not pass) ([A-Z]{3})", line):
            out.append(F.defense_outcome(m[3], m[1], m[2] == "passed"))
        elif m := re.match(r"  ([A-Z]{3})'s teammate ([A-Z]{3}) was ahead", line):
            out.append(F.teammate_protected(m[1], m[2]))
        elif line.strip() == "Teammate protected: none.":
            out.append(F.teammate_protected(dfd, None))
        elif m := re.match(r"Winner: ([A-Z]{3})", line):
            out.append(F.winner(m[1]))
        elif line.startswith("Podium: "):
            for p, d in re.findall(r"P(\d) ([A-Z]{3})", line):
                out.append(F.final_position(d, int(p)))
        elif m := re.match(r"Key pit battle: ([A-Z]{3}) (undercut|overcut) ([A-Z]{3}) \(laps (\d+)/(\d+)\), gained ([\d.]+)s, (ahead|still behind)", line):
            a, kind, d = m[1], m[2], m[3]
            out += [F.battle(kind, a, d), F.pit_lap(a, int(m[4])), F.pit_lap(d, int(m[5])),
                    F.gain(a, d, float(m[6])), F.battle_outcome(a, d, m[7] == "ahead")]
        elif m := re.match(r"Key defense: ([A-Z]{3}) held ([A-Z]{3}) behind for (\d+) laps", line):
            out.append(F.defense(m[1], m[2], int(m[3])))
    # Stop counts carry the official count as an alternative value.
    official = {d: n for tag, d, n in (x for x in out if isinstance(x, tuple) and x[0] == "official")}
    facts = [x for x in out if not isinstance(x, tuple)]
    facts += [F.n_stops(d, n, official.get(d)) for tag, d, n in (x for x in out if isinstance(x, tuple) and x[0] == "n_stops")]
    return facts


def _ids(facts: list[Fact]) -> set[str]:
    return {f.fact_id + json.dumps(f.alt_values) for f in facts}


def assert_complete_oracle(instances) -> None:
    assert instances, "no instances built"
    for inst in instances:
        stated = _ids(parse_context_text(inst.context_text))
        oracle = _ids(inst.facts)
        missing = oracle - stated
        assert not missing, f"{inst.id}: oracle facts not stated in its context: {sorted(missing)}"
        in_scope = {f.fact_id + json.dumps(f.alt_values) for f in parse_context_text(inst.context_text) if in_oracle_scope(inst, f)}
        extra = in_scope - oracle
        assert not extra, f"{inst.id}: context facts of declared kinds missing from the oracle: {sorted(extra)}"
        assert _ids(inst.context_facts) == stated, f"{inst.id}: context_facts differ from what the text states"


@pytest.fixture(scope="module")
def sample_instances(sample_tables):
    return sample_tables("instances")


def test_every_instance_of_a_full_season_has_a_complete_oracle(season_2021_events):
    instances = build_base_instances(season_2021_events, Settings())
    kinds = {i.kind for i in instances}
    assert kinds == {"stint", "undercut", "overcut", "defense", "race_summary"}
    assert len(instances) > 500
    assert_complete_oracle(instances)


def test_sample_instances_complete_and_well_formed(sample_build, sample_instances):
    from f1bench_pipeline.storage.warehouse import read_table

    s = sample_build["settings"]
    tables = {t: read_table(s.warehouse_dir, t) for t in
              ["classification", "stints", "pit_stops", "red_flag_tyre_changes", "pit_battles", "defenses", "green_flag_laps"]}
    instances = build_base_instances(tables, s)
    assert_complete_oracle(instances)
    ids = sample_instances["id"].unique().to_list()
    assert all(ID_RE.match(i) for i in ids), [i for i in ids if not ID_RE.match(i)][:3]
    # One row per id × language × variant.
    assert sample_instances.height == len(ids) * 3 * 2
    assert set(sample_instances["split"].unique()) == {"train", "test"}
    assert set(sample_instances.filter(pl.col("season") == 2025)["split"].unique()) == {"test"}


def test_monza_2024_leclerc_stint_instance(sample_instances):
    row = sample_instances.filter((pl.col("id") == "2024_Italian_Grand_Prix::stint::LEC") & (pl.col("lang") == "en")
                                  & (pl.col("variant") == "default")).row(0, named=True)
    ids = [f.fact_id for f in facts_from_json(row["facts"])]
    assert ids == [
        "n_stops(driver=LEC, n=1)", "pit_lap(driver=LEC, lap=15)",
        "compound_change(driver=LEC, from=MEDIUM, lap=15, to=HARD)",
        "stint_compound(driver=LEC, stint=1, compound=MEDIUM)", "stint_compound(driver=LEC, stint=2, compound=HARD)",
        "final_position(driver=LEC, position=1)",
    ]
    assert json.loads(row["entities"]) == {"drivers": ["LEC"], "teams": ["Ferrari"]}
    assert row["prompt"].startswith("Explain LEC's tyre strategy")


def test_hungary_2021_defense_instance(sample_instances):
    row = sample_instances.filter((pl.col("id") == "2021_Hungarian_Grand_Prix::defense::ALO_HAM")
                                  & (pl.col("lang") == "es") & (pl.col("variant") == "cover_all")).row(0, named=True)
    facts = {f.type: f for f in facts_from_json(row["facts"])}
    assert facts["defense"].value["laps"] >= 10
    assert facts["teammate_protected"].value == {"teammate": "OCO"}
    assert "OCO" in json.loads(row["entities"])["drivers"]
    assert row["prompt"].startswith("Explica cómo ALO se defendió de HAM")
    assert "Menciona todos los datos" in row["prompt"]


def test_prompts_per_language_and_variant(sample_instances):
    one = sample_instances.filter(pl.col("id") == "2024_Italian_Grand_Prix::stint::LEC")
    prompts = {(r["lang"], r["variant"]): r["prompt"] for r in one.iter_rows(named=True)}
    assert "estrategia de neumáticos" in prompts[("es", "default")]
    assert "estratégia de pneus" in prompts[("pt", "default")]
    assert prompts[("en", "default")] in prompts[("en", "cover_all")]
    # The default variant carries no length or coverage instruction.
    assert "every fact" not in prompts[("en", "default")]
    # Numbers in the context are identical whatever the language.
    assert one["context_text"].n_unique() == 1


def test_red_flag_change_carries_both_stop_counts():
    fact = F.n_stops("VER", 1, official_n=2)
    back = facts_from_json(facts_to_json([fact]))[0]
    assert back.value == {"n": 1} and back.alt_values == [{"n": 2}]


def test_stratified_sample_is_seeded_and_spread(sample_instances):
    a = stratified_sample(sample_instances, 40, seed=7)
    b = stratified_sample(sample_instances, 40, seed=7)
    assert a.equals(b) and a.height == 40
    assert set(a["season"].unique()) == {2025}
    counts = dict(a.group_by("kind").len().iter_rows())
    assert set(counts) == {"stint", "undercut", "overcut", "defense", "race_summary"} & set(
        sample_instances.filter(pl.col("split") == "test")["kind"].unique())
    # Several races per decision type where the season has them.
    assert a.filter(pl.col("kind") == "defense")["round"].n_unique() == 3


def test_finetune_export_states_every_fact_in_each_language(sample_build, sample_instances):
    recs = {lang: finetune_records(sample_instances, lang) for lang in ("en", "es", "pt")}
    n_train = sample_instances.filter(pl.col("split") == "train")["id"].n_unique()
    assert all(len(r) == n_train for r in recs.values())
    lec = next(r for r in recs["pt"] if r["id"] == "2024_Italian_Grand_Prix::stint::LEC")
    roles = [m["role"] for m in lec["messages"]]
    assert roles == ["system", "user", "assistant"]
    assert "volta 15" in lec["messages"][2]["content"] and "1º lugar" in lec["messages"][2]["content"]
    export = sample_build["settings"].data_dir / "exports" / "finetune" / "train_es.jsonl"
    assert sum(1 for _ in export.open()) == n_train
