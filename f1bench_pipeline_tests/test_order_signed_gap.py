"""Issue #44, fifth pass: a change "from [a gap] behind to [a signed gap] ahead" dates each half by its
own side. The to-side's gap was read only unsigned, so "to +1.2s ahead" (the sign as the context prints
it) fell back to the sentence's "before the stops" cue: ahead *before* the stops, a false contradiction
that a reviewer who does no tuning found in a held-out answer (its class, not its text).

Both ways, EN/ES/PT: each half of the change is read with its own time; a signed gap with no change
around it keeps the cue of its sentence (and a real error stays contradicted). The context is
``test_race_claims``' (the real 2025 Spanish undercut TSU -> SAI: TSU behind before the stops, ahead after).
"""

from __future__ import annotations

import pytest

from f1bench_pipeline_tests.test_order_when_cues import _orders

CHANGE = [("TSU", "SAI", "before", False, "supported"), ("TSU", "SAI", "after", True, "supported")]


@pytest.mark.parametrize("text,lang", [
    ("TSU went from 0.8s behind SAI before the stops to +1.2s ahead of SAI.", "en"),
    ("TSU went from -0.8s behind SAI before the stops to +1.2s ahead.", "en"),
    ("TSU went from 0.8s behind SAI before the stops to 1.2s ahead.", "en"),  # unsigned, read before too
    ("TSU pasó de estar 0,8 s detrás de SAI antes de las paradas a +1,2 s por delante.", "es"),
    ("TSU pasó de 0,8 s detrás de SAI antes de las paradas a +1,2 s por delante de SAI.", "es"),
    ("TSU passou de 0,8 s atrás de SAI antes das paradas para +1,2 s à frente.", "pt"),
    ("O undercut levou TSU de 0,8 s atrás de SAI antes das paradas para +1,2 s à frente.", "pt"),
])
def test_each_half_of_a_change_has_its_own_time(text, lang):
    assert _orders(text, lang) == CHANGE


@pytest.mark.parametrize("text,lang", [
    ("TSU was +1.2s ahead of SAI before the stops.", "en"),
    ("TSU estaba a +1,2 s por delante de SAI antes de las paradas.", "es"),
    ("TSU estava +1,2 s à frente de SAI antes das paradas.", "pt"),
])
def test_a_signed_gap_with_no_change_keeps_its_sentences_cue(text, lang):
    assert _orders(text, lang) == [("TSU", "SAI", "before", True, "contradicted")]  # a real error, still caught
