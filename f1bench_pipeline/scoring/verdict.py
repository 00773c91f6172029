"""A claim's verdict, the same for every domain: supported, contradicted or unverifiable.

supported     — a fact under the claim's key holds the claimed value;
contradicted  — facts under that key exist, but with other values only;
unverifiable  — no fact has that key.

Each domain's verifier (``domains/f1/verifier.py``, ``domains/weather/verifier.py``) finds the
facts under a claim's key and calls :func:`judge`; the metrics count the labels.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SUPPORTED, CONTRADICTED, UNVERIFIABLE = "supported", "contradicted", "unverifiable"


@dataclass
class Verdict:
    label: str
    reason: str
    matched: list[str] = field(default_factory=list)  # fact_ids the claim is true of
    # contradicted: the context facts that hold the claim's key (the correction to offer)
    expected: list[str] = field(default_factory=list)
    # supported under a named alternative reading of ambiguous wording (READINGS); None = plain
    reading: str | None = None


def judge(candidates: list, matches, what: str, source: str = "context") -> Verdict:
    """supported if some candidate matches, contradicted if candidates exist, else unverifiable.
    ``candidates`` are the facts under the claim's key (any domain's: they need a ``fact_id``);
    ``source`` names what was checked in the reasons ("context", "forecast")."""
    if not candidates:
        return Verdict(UNVERIFIABLE, f"the {source} states no {what}")
    hits = [f.fact_id for f in candidates if matches(f)]
    if hits:
        return Verdict(SUPPORTED, f"matches the {source}", hits)
    return Verdict(CONTRADICTED, f"the {source} states {candidates[0].fact_id}" + (" (and others)" if len(candidates) > 1 else ""),
                   expected=[f.fact_id for f in candidates])
