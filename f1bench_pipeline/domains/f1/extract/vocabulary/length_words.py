"""Comparatives and superlatives of a stint's length in laps (``extract/stint_length.py``), EN/ES/PT."""

from __future__ import annotations

# a comparative of length: "longer", "shorter", "más larga", "más corto", "mais longo", "mais curta"
LONGER = r"\b(?:longer|shorter)\b|\bm[áa]s (?:larg|cort)[oa]s?\b|\bmais (?:long|curt)[oa]s?\b"
# a difference in laps written as a count: "laps fewer", "vueltas menos", "voltas a menos" (its number before)
FEWER = r"\blaps? (?:fewer|less|more)\b|\bvueltas? (?:menos|m[áa]s)\b|\bvoltas? (?:a )?(?:menos|mais)\b"
LONGEST = r"\b(?:longest|shortest)\b"
# literals one of which every match of the three holds (single spaces, as the patterns are written): the rule's
# answer-wide gate (``dispatch.py``)
STEMS = ("longer", "shorter", "longest", "shortest", "más larg", "mas larg", "más cort", "mas cort", "mais long",
         "mais curt", "lap fewer", "laps fewer", "lap less", "laps less", "lap more", "laps more", "vuelta menos",
         "vueltas menos", "vuelta más", "vueltas más", "vuelta mas", "vueltas mas", "volta menos", "voltas menos",
         "volta mais", "voltas mais", "volta a menos", "voltas a menos", "volta a mais", "voltas a mais")
# the words of side a having fewer laps (else more)
LOWER = r"short|cort|curt|fewer|less|menos"
# between a lap count and its comparative: "4 laps longer", "3 vueltas más larga" (the number's unit)
LAP_UNIT = r"[\s*_]*(?:laps?|vueltas?|voltas?)?[\s*_]*"
LAP_UNIT_END = r"(?:laps?|vueltas?|voltas?)[\s*_]*$"
# the driver whose stints a superlative is over, right before it: "RUS's longest", "his longest stint",
# "su tanda más larga", "seu stint mais longo" (the driver's code lower case: ``low`` is searched)
SCOPE_DRIVER_BEFORE = (r"(?:\b[a-z]{3}(?:'|’)s|\bhis|\bsu|\bseu|\bsua)\s+(?:\*\*)?(?:(?:own|overall|stint|stints|"
                       r"tanda|relevo|tramo)\s+)?(?:\*\*)?$")
