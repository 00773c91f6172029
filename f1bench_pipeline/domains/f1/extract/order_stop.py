"""The stop an order after the stops is said of (#44, fourth pass): "When TSU finally pitted on lap 56, he emerged
ahead of GAS", "TSU emerged ahead of GAS after his lap-56 stop", "tras su parada en la vuelta 56, TSU salió por
delante de GAS", "após parar na volta 56, TSU saiu à frente de GAS".

A ``relative_position`` after the stops whose sentence states one stop lap of its two drivers (a ``pit_lap``
claim of either) takes that lap as ``stop_lap``: the context orders the pair only around the battle's own
stops (``verify_race``: a lap outside the battle's window leaves the order after that stop unstated, so
unverifiable). Two different laps in the sentence: which stop is meant is not said, no slot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence


def stop_of_order(doc: Document, sent: Sentence) -> None:
    recs = [r for r in doc.records if sent.start <= r[2] and r[3] <= sent.end]
    for r in recs:
        slots = r[1]
        if r[0] != "relative_position" or slots["when"] != "after" or "stop_lap" in slots:
            continue
        pair = (slots["driver_a"], slots["driver_b"])
        laps = {p[1]["lap"] for p in recs if p[0] == "pit_lap" and p[1].get("driver") in pair}
        if len(laps) == 1:
            slots["stop_lap"] = laps.pop()
