"""F1: a gain stated by its direction only (``gain`` with ``sign_only``; issue #44, third pass).

"HUL gained time on STR", "BOR lost ground to LAW", "OCO extended his advantage", "BOR quedó más atrás",
"the gap shrank" / "la brecha se redujo" / "o gap aumentou": the text says which way the time went
through the stops, not how much. ``seconds`` is +1 (the attacker gained time on the defender) or -1
(lost it); with ``of_gap`` it is the change of the gap's size instead (+1 grew, -1 shrank), whoever led.

* A gain's direction is judged on the sign of the context's gain, oriented to the claim's attacker
  (the context's gain is its battle attacker's).
* A gap's size is judged only when the running order is the same before and after the stops. Across
  a swap, "the gap shrank" has no single reading (the size may grow while the trailing driver gains).
* A change within ``NO_CHANGE`` (the context's own rounding) is no direction: unverifiable.

Supported, it covers no oracle fact (``Verdict.matched`` stays empty): the text states no value.
"""

from __future__ import annotations

from f1bench_pipeline.domains.f1.claims import Claim
from f1bench_pipeline.domains.f1.context_index import ContextIndex
from f1bench_pipeline.domains.f1.instances.facts import pair_key
from f1bench_pipeline.domains.f1.verify_race import _order
from f1bench_pipeline.scoring.verdict import CONTRADICTED, SUPPORTED, UNVERIFIABLE, Verdict

# The contexts state gaps and gains to three decimals ("gained 0.000s"): a change of at most half the
# last digit is no change the context can show either way.
NO_CHANGE = 0.0005


def _attacker(idx: ContextIndex, pair: str) -> str | None:
    """The attacker of the context's battle of this pair (its gain is the attacker's)."""
    battles = idx.keyed("battle", pair) if idx.facts("battle") else []
    return str(battles[0].value["attacker"]) if battles else None


def _gap_size(claim: Claim, idx: ContextIndex, a: str, d: str) -> Verdict:
    sizes = {f.key["when"]: abs(float(f.value["seconds"])) for f in idx.facts("gap")
             if {f.key["driver_a"], f.key["driver_b"]} == {a, d}}
    if "before" not in sizes or "after" not in sizes:
        return Verdict(UNVERIFIABLE, f"the context states no gap of {a} and {d} before and after the stops")
    first, then = _order(idx, a, d, "before"), _order(idx, a, d, "after")
    if first is None or first != then:
        return Verdict(UNVERIFIABLE, "the running order changed through the stops: the gap's size has no one direction")
    change = sizes["after"] - sizes["before"]
    if abs(change) <= NO_CHANGE:
        return Verdict(UNVERIFIABLE, "the context's gap did not change")
    said = float(claim.slots["seconds"]) > 0
    went = "grew" if change > 0 else "shrank"
    if said == (change > 0):
        return Verdict(SUPPORTED, f"the gap {went} ({sizes['before']:.3f}s to {sizes['after']:.3f}s)", [])
    return Verdict(CONTRADICTED, f"the gap {went} ({sizes['before']:.3f}s to {sizes['after']:.3f}s)",
                   expected=[f.fact_id for f in idx.facts("gap") if {f.key["driver_a"], f.key["driver_b"]} == {a, d}])


def verify(claim: Claim, idx: ContextIndex) -> Verdict:
    s = claim.slots
    a, d = s.get("attacker"), s.get("defender")
    if not a or not d or a == d:
        return Verdict(UNVERIFIABLE, "a direction of no named pair")
    if s.get("of_gap"):
        return _gap_size(claim, idx, a, d)
    pair = pair_key(a, d)
    gains = [f for f in idx.facts("gain") if f.key.get("pair") == pair]
    owner = _attacker(idx, pair)
    if not gains or owner is None:
        return Verdict(UNVERIFIABLE, f"the context states no gain between {a} and {d}")
    g = float(gains[0].value["seconds"]) * (1 if owner == a else -1)  # the claim's attacker's gain
    if abs(g) <= NO_CHANGE:
        return Verdict(UNVERIFIABLE, f"the context's gain of {a} on {d} is nil")
    said = float(s["seconds"]) > 0
    if said == (g > 0):
        return Verdict(SUPPORTED, f"{a} {'gained' if g > 0 else 'lost'} {abs(g):.3f}s on {d}", [])
    return Verdict(CONTRADICTED, f"{a} {'gained' if g > 0 else 'lost'} {abs(g):.3f}s on {d}",
                   expected=[f.fact_id for f in gains])
