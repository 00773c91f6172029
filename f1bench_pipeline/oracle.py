"""The fact every domain's oracle is made of (``DomainFact``): a type, an exact key, the true
value, and other values that are also true. F1's ``instances.facts.Fact`` and the weather
facts are this model; ``fact_id`` and the stable JSON are therefore the same everywhere.
(A module of its own so that both ``instances`` and ``domains`` import it without a cycle.)"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cached_property
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


def format_slot(v: Any) -> str:
    """How a slot value reads in a fact id."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return f"{v:.3f}".rstrip("0").rstrip(".")
    return str(v)


class DomainFact(BaseModel):
    """One checkable fact of any domain: ``type``, an exact ``key``, the true ``value``,
    and ``alt_values`` that are also true (e.g. every sky condition a compound NWS
    forecast names)."""

    model_config = ConfigDict(frozen=True)

    type: str
    key: dict[str, Any] = Field(default_factory=dict)
    value: dict[str, Any]
    alt_values: list[dict[str, Any]] = Field(default_factory=list)

    @cached_property
    def fact_id(self) -> str:
        slots = [*sorted(self.key.items()), *sorted(self.value.items())]
        return f"{self.type}(" + ", ".join(f"{k}={format_slot(v)}" for k, v in slots) + ")"

    def stable_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type, "key": self.key, "value": self.value}
        if self.alt_values:
            d["alt_values"] = self.alt_values
        return d


def domain_facts_to_json(facts: Sequence[DomainFact]) -> str:
    return json.dumps([f.stable_dict() for f in facts], sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def domain_facts_from_json(text: str) -> list[DomainFact]:
    return [DomainFact(**d) for d in json.loads(text or "[]")]
