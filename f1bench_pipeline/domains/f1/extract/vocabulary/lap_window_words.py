"""A pace comparison over the laps between two drivers' stops (``extract/lap_pace.py``), EN/ES/PT (#44, fifth pass).

Models explain an undercut by the laps one driver ran on fresh tyres while the other was still out: "BEA's fresh
HARD pace was much faster than SAI's aging MEDIUM pace during laps 15-18", "during the 4-lap window (laps 37-40),
STR ... was significantly faster than LAW", "PIA ... was faster than RUS on aged MEDIUMS over those same laps",
"NOR's fresh HARD pace over laps 20-22 significantly outperformed LEC's", "en esas mismas vueltas", "nas mesmas
voltas". Such a stretch is longer than ``SHORT_RANGE_LAPS`` allows but still a few laps (``WINDOW_LAPS``), and a
comparison over it states lap times the context does not hold (unverifiable). Not read: a long range ("laps
34-44": a stint), a stint or average word in the stretch (the stint rules read it).

Regex sources, compiled by ``lap_pace.py`` on the lower-cased answer.
"""

from __future__ import annotations

# Literal pieces, one of which a sentence must hold for a range of laps longer than a short one to be read as a
# window (a substring test before the pattern).
WINDOW_STEMS = ("same laps", "same 2", "same 3", "same 4", "same 5", "same two", "same three", "same four", "same five",
                "window", "mismas vueltas", "mesmas voltas", "ventana", "janela", "overlap")

# The laps are said to be a window or the same laps for both drivers: "over those same laps", "on the same laps",
# "during the 4-lap window", "the overcut window", "the overlapping laps", "en esas mismas vueltas", "en la ventana
# de 3 vueltas", "nas mesmas voltas", "na janela de 2 voltas".
WINDOW = (r"\bsame\s+(?:[1-5]\s+|two\s+|three\s+|four\s+|five\s+)?laps\b|\bwindow\b|\boverlap\w*|"
          r"\bmismas\s+(?:[1-5]\s+|dos\s+|tres\s+|cuatro\s+|cinco\s+)?vueltas\b|\bventana\b|"
          r"\bmesmas\s+(?:[1-5]\s+|duas\s+|tr[êe]s\s+|quatro\s+|cinco\s+)?voltas\b|\bjanela\b")

# A few laps counted as a window: "the two-lap window", "the 4-lap window", "una ventana de tres vueltas", "a janela
# de 2 voltas" (five at most, as ``lap_words.COUNTED``).
WINDOW_STRETCH = (r"\b(?:[1-5]|one|two|three|four|five)-?\s*laps?\s+window\b|"
                  r"\bventana\s+de\s+(?:[1-5]|una|dos|tres|cuatro|cinco)\s+vueltas?\b|"
                  r"\bjanela\s+de\s+(?:[1-5]|uma|duas|tr[êe]s|quatro|cinco)\s+voltas?\b")

# A driver out-pacing another, said by a verb: "outpaced", "outperformed LEC's ... pace", "superó en ritmo a",
# "superou em ritmo"; not in the passive ("was outpaced by NOR": the relation turns).
OUTPACED_STEMS = ("outpac", "out-pac", "outperform", "en ritmo", "em ritmo")
OUTPACED = (r"\bout-?pac(?:ed|es|ing)\b(?!\s+by\b)|\boutperform(?:ed|s|ing)?\b(?!\s+by\b)|"
            r"\bsuper[óo]\s+en\s+ritmo\b|\bsuperou\s+em\s+ritmo\b")

# (#44, fifth pass) The two drivers' tyres told apart by their age around a comparative: one side on fresh tyres, the
# other on old ones ("BEA's fresh HARD tire pace was much faster than SAI's aging MEDIUM tire pace", "os pneus médios
# novos de ALB foram mais rápidos do que os intermediários desgastados de HAD", "voltou mais rápido do que LAW, ainda
# em MEDIUM já degradados"): the laps both ran on those tyres are the few between the stops, so it is a lap-level
# comparison, no stint's (the stint averages are named "average"; one driver's fresh and worn sets are his stints).
AGE_STEMS = ("fresh", "new", "nuev", "novo", "nova", "fresc")
FRESH = r"\b(?:fresh(?:er)?|new(?:er)?|nuev[oa]s?|fresc[oa]s?|nov[oa]s?)\b"
OLD = (r"\b(?:old(?:er)?|worn|aging|ageing|aged|degrad(?:ing|ed)|usad[oa]s|gastad[oa]s|desgastad[oa]s|"
       r"degradad[oa]s|viej[oa]s|velh[oa]s|gast[oa]s)\b")
