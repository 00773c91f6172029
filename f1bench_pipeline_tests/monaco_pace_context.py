"""The real context the pace tests read (``test_pace_claims.py``, ``test_pace_sides.py``,
``test_lap_pace_claims.py``): the 2025 Monaco overcut HAM -> OCO, its stints as its context states them
(HAM: HARD laps 1-18 77.73s -0.515, HARD 19-56 75.67s +0.010, MEDIUM 57-78 75.85s -0.014; OCO: MEDIUM
1-16 78.48s -0.472, MEDIUM 17-28 77.20s +0.081, HARD 29-77 77.20s +0.024), read through
``instances/stated.py``."""

from __future__ import annotations

import os
from pathlib import Path

from f1bench_pipeline.domains.f1.context_index import ContextIndex
from f1bench_pipeline.domains.f1.instances import facts as F
from f1bench_pipeline.domains.f1.instances.stated import stated_facts


def stint(n: int, compound: str, avg: float, deg: float) -> dict:
    return {"stint": n, "compound": compound, "avg_pace_s": avg, "degradation_s_per_lap": deg}


CONTEXT = {"drivers": [
    {"driver": "HAM", "stints": [stint(1, "HARD", 77.731, -0.5151), stint(2, "HARD", 75.668, 0.0102),
                                 stint(3, "MEDIUM", 75.853, -0.0139)], "pit_stops": []},
    {"driver": "OCO", "stints": [stint(1, "MEDIUM", 78.482, -0.4717), stint(2, "MEDIUM", 77.201, 0.0811),
                                 stint(3, "HARD", 77.198, 0.0241)], "pit_stops": []},
]}
ENTITIES = {"drivers": ["HAM", "OCO"], "teams": []}
STINT_LAPS = [F.stint_laps("HAM", 1, 1, 18), F.stint_laps("HAM", 2, 19, 56), F.stint_laps("HAM", 3, 57, 78),
              F.stint_laps("OCO", 1, 1, 16), F.stint_laps("OCO", 2, 17, 28), F.stint_laps("OCO", 3, 29, 77)]


def index(context_facts: list) -> ContextIndex:
    """The index of the given context facts plus the stated ones of ``CONTEXT``."""
    return ContextIndex(context_facts + stated_facts(CONTEXT), ENTITIES)


WAREHOUSE = Path(os.environ.get("F1BENCH_FULL_WAREHOUSE", "/work/full/warehouse"))
REAL_ID = "2025_Monaco_Grand_Prix::overcut::HAM_OCO"


def real_instance() -> tuple[ContextIndex, dict]:
    """The same instance read from the full 2025 warehouse (its index and entities); the test is
    skipped, saying why, when the warehouse or the instance is not on this machine."""
    import polars as pl
    import pytest

    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.storage.warehouse import read_table

    if not (WAREHOUSE / "instances").exists():
        pytest.skip("the full 2025 warehouse is not on this machine")
    rows = read_table(WAREHOUSE, "instances", {"season": 2025})
    index = get_domain("f1").index(rows.filter(pl.col("variant") == "default"))
    if REAL_ID not in index:
        pytest.skip(f"{REAL_ID} is not in the warehouse")
    ctx = index.get(REAL_ID)
    return ctx.verify_context, ctx.extract_context
