"""An instance's context facts indexed for the verifier: by type, and by each type's key slot.

``context_index(row)`` builds it from an ``instances`` row: the context facts stored with the row
plus the facts its structured context states beyond the oracle's types (``instances/stated.py``).
"""

from __future__ import annotations

import json
from typing import Any

from f1bench_pipeline.domains.f1.instances.facts import Fact, FactType, facts_from_json
from f1bench_pipeline.domains.f1.instances.stated import stated_facts

# The key slot a claim's candidate facts are looked up by, per type (ContextIndex.keyed).
_KEY_SLOT = {"pit_lap": "driver", "compound_change": "driver", "n_stops": "driver", "stint_compound": "driver",
             "stint_laps": "driver", "final_position": "driver", "teammate_protected": "defender",
             "battle": "pair", "defense": "pair", "stint_pace": "driver", "stint_degradation": "driver",
             "stop_neutralisation": "driver", "race_position": "driver", "running_order": "pair"}


class ContextIndex:
    """An instance's context facts indexed by type, for fast lookups per claim."""

    def __init__(self, context_facts: list[Fact], entities: dict[str, list[str]] | None = None):
        self.by_type: dict[str, list[Fact]] = {}
        for f in context_facts:
            self.by_type.setdefault(str(f.type), []).append(f)
        ents = entities or {}
        self.drivers = set(ents.get("drivers", []))
        if not self.drivers:  # fall back to the drivers the facts mention
            for f in context_facts:
                for slot in ("driver", "attacker", "defender", "pursuer"):
                    v = f.key.get(slot) or f.value.get(slot)
                    if isinstance(v, str):
                        self.drivers.add(v)
        self.teams = set(ents.get("teams", []))
        # (type, key value) -> facts, in context order: a claim's candidates in one look-up instead
        # of a scan of every fact of its type. A type with a fact lacking its key slot is not
        # indexed (``keyed`` scans it, raising as the scan always did).
        self._keyed: dict[tuple[str, Any], list[Fact]] = {}
        self._scanned: set[str] = set()
        for t, slot in _KEY_SLOT.items():
            facts = self.by_type.get(t, [])
            try:
                for f in facts:
                    self._keyed.setdefault((t, f.key[slot]), []).append(f)
            except (KeyError, TypeError):
                self._scanned.add(t)

    def facts(self, t: FactType | str) -> list[Fact]:
        return self.by_type.get(str(t), [])

    def keyed(self, t: str, value: Any) -> list[Fact]:
        """``[f for f in self.facts(t) if f.key[_KEY_SLOT[t]] == value]`` (read-only)."""
        if t not in self._scanned:
            try:
                return self._keyed.get((t, value), [])
            except TypeError:  # an unhashable claimed value (the LLM extractor's slots are free-form)
                pass
        slot = _KEY_SLOT[t]
        return [f for f in self.facts(t) if f.key[slot] == value]


def context_index(row: dict[str, Any]) -> ContextIndex:
    """The index of one ``instances`` row (``context_facts``, ``entities`` and, when the row has it,
    ``context``)."""
    facts = facts_from_json(row["context_facts"]) + stated_facts(row.get("context"))
    return ContextIndex(facts, json.loads(row["entities"]))

