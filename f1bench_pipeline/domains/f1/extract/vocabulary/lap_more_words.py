"""More wordings of a lap-level pace (``extract/lap_pace.py``), EN/ES/PT, beside ``lap_words`` (#44, third pass).

A single lap named by what it was ("a full lap", "a flying lap", "una vuelta completa"), a driver's
best lap ("his fastest lap", "su vuelta más rápida", "sua melhor volta"), a few laps pointed at or
counted in other ways than ``lap_words.COUNTED`` ("during those three laps", "that extra lap", "the next
two laps", "his first few laps", "sus primeras vueltas", "nas voltas finais"), and a lap's pace said
strong or weak ("his in-lap pace was sufficiently strong"). Not read: "an extra lap", "one lap longer"
(the stops' timing), "those laps" uncounted (a stint as often as not), "the fastest lap times" of a tyre
(its stint average), the final seven laps (a stint: five at most, as ``COUNTED``).
"""

from __future__ import annotations

# Literal pieces, one of which a sentence must hold for the patterns below to be searched in it (a substring
# test: the old, shorter patterns run alone elsewhere; "lap"/"vuelta" alone would open them everywhere).
LAP_STEMS = ("full lap", "single lap", "flying lap", "fastest lap", "quickest lap", "best lap", "vuelta completa",
             "vuelta lanzada", "volta completa", "volta lançada", "volta lancada", "vuelta más", "vuelta mas",
             "mejor vuelta", "volta mais", "melhor volta")
STRETCH_STEMS = ("those 2", "those 3", "those 4", "those 5", "those two", "those three", "those four", "those five",
                 "these 2", "these 3", "these 4", "these 5", "these two", "these three", "these four", "these five",
                 "extra lap", "additional lap", "next 2", "next 3", "next 4", "next 5", "next two", "next three",
                 "next four", "next five", "next couple", "next few", "following 2", "following 3", "following two",
                 "following three", "following four", "following five", "following couple", "following few",
                 "few laps", "esas ", "estas ", "esa vuelta", "siguientes ", "próximas ", "proximas ", "sus primeras",
                 "sus últimas", "sus ultimas", "essas ", "nessas ", "nestas ", "essa volta", "nessa volta",
                 "seguintes ", "suas primeiras", "suas últimas", "suas ultimas", "voltas finais")

# one lap named by what it was: "a full lap", "a flying lap", "una vuelta completa", "uma volta lançada"
SINGLE_LAP = r"\b(?:full|single|flying)\s+lap\b|\bvuelta\s+(?:completa|lanzada)\b|\bvolta\s+(?:completa|lan[çc]ada)\b"
# a driver's best lap (its speed in the words): "his fastest lap", "the quickest lap", "su mejor vuelta",
# "la vuelta más rápida de HAM", "sua volta mais rápida"; not "the fastest lap times" (a tyre's average)
BEST_LAP = (r"\b(?:fastest|quickest|best)\s+lap\b(?!\s*times)(?!\s*-)|\bvuelta\s+m[áa]s\s+r[áa]pida\b|\bmejor\s+vuelta\b"
            r"|\bvolta\s+mais\s+r[áa]pida\b|\bmelhor\s+volta\b")
_FEW = r"(?:[1-5]|two|three|four|five)"
# a few laps pointed at or counted: "those three laps", "that extra lap", "the next two laps", "his first
# few laps", "esas dos vueltas", "las siguientes dos vueltas", "sus primeras vueltas", "essas duas voltas",
# "nas próximas 2 voltas", "nas voltas finais"
STRETCH = (
    r"\b(?:those|these) " + _FEW + r"\s+(?:extra\s+|additional\s+)?laps\b"
    r"|\b(?:that|this|those|these)\s+(?:extra|additional)\s+laps?\b"
    r"|\b(?:the\s+)?(?:next|following) (?:" + _FEW + r"|couple\s+of|few)\s+laps\b"
    r"|\b(?:first|last|final|opening|closing)\s+few\s+laps\b"
    r"|\b(?:esas|estas)\s+(?:[1-5]|dos|tres|cuatro|cinco)\s+vueltas\b|\besa\s+vuelta\s+(?:extra|adicional)\b"
    r"|\b(?:las\s+)?(?:siguientes|pr[óo]ximas)\s+(?:[1-5]|dos|tres)\s+vueltas\b|\bsus\s+(?:primeras|[úu]ltimas)\s+vueltas\b"
    r"|\b(?:essas|estas|nessas|nestas)\s+(?:[1-5]|duas|tr[êe]s|quatro|cinco)\s+voltas\b"
    r"|\b(?:essa|nessa)\s+volta\s+(?:extra|adicional)\b"
    r"|\b(?:nas\s+|as\s+)?(?:pr[óo]ximas|seguintes)\s+(?:[1-5]|duas|tr[êe]s)\s+voltas\b"
    r"|\bsuas\s+(?:primeiras|[úu]ltimas)\s+voltas\b|\bnas\s+voltas\s+finais\b"
)
# a lap's pace said strong or weak as its predicate: "his in-lap pace was sufficiently strong", "su vuelta
# de salida fue débil", "sua volta de saída foi fraca"
SPEED_AFTER = (r"[^.;:\n]{0,50}?\b(?:was|were|is|fue|era|foi)\s+(?:\w+\s+)?(?:strong|weak|good|poor|fuerte|"
               r"d[ée]bil|buena|mala|forte|fraca|boa|ruim)\b"
               # (#44, fourth pass) an advantage or deficit of the lap: "BEA's out-lap advantage", "his in-lap pace advantage"
               r"|\s+(?:pace\s+|time\s+|speed\s+)?(?:advantage|edge|deficit|disadvantage)\b")
# (#44, fourth pass) time lost or gained on a driver's own out/in-lap, or an advantage on it, right before its
# possessive: "lost a large amount of time on his in-lap", "gained time on his out-lap", "perdió mucho tiempo en su
# vuelta de entrada", "ganhou tempo na sua volta de saída", "la ventaja en su vuelta de salida"
TIME_BEFORE = (r"\b(?:lost|gained|perdi[óo]|gan[óo]|perdeu|ganhou)\s+(?:(?:a\s+)?(?:lot\s+of|large\s+amount\s+of|"
               r"significant(?:\s+amount\s+of)?|substantial|much|little|some|mucho|poco|bastante|muito|pouco)\s+)?"
               r"(?:time|tiempo|tempo)\s+(?:on|in|during|en|durante|na|no|em)\s+(?:his|her|su|sua|seu)\s+$"
               r"|\b(?:ventaja|desventaja|vantagem|desvantagem)\s+(?:de\s+ritmo\s+)?(?:en|na|no|em)\s+(?:su|sua|seu)\s+$")
