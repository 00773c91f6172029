"""A stop's time stated as a number (``extract/stop_time.py``, ``unstated_fact`` kind ``pit_time``), EN/ES/PT (#44, fifth
pass): "RUS's average pit stop time was 1.037 seconds faster than HAM's", "his pit stop took 2.4s", "lost about 20s in
the pit lane", "la parada de RUS duró 2,4 s", "perdió unos 20 s en boxes", "a parada durou 2,4 s", "perdeu cerca de 20 s
no pit". No context states how long a stop took or what it cost in the pit lane (the pit laps only), so it is
unverifiable, as the words-only ``pit_time`` readings are. Not read: a time a stint or average word owns ("his average
stop time was 91.66 seconds" is read as the stint's average, which it is), a general remark or hedge ("a stop
typically costs ~20s", "likely lost ~20s"), a gap or gain another claim reads.

Regex sources, compiled by ``stop_time.py`` on the lower-cased answer.
"""

from __future__ import annotations

# Literal pieces, one of which a sentence must hold for the rule to look further (a substring test).
STEMS = ("stop time", "took", "lasted", "stop duration", "pit time", "pit-stop time", "pit lane", "pit-lane",
         "pitlane", "in the pits", "stationary", "duró", "duro ", "durou", "en boxes", "en los boxes", "en el pit",
         "en pits", "no pit", "nos pits", "no box", "nos boxes", "tiempo de parada", "tempo de parada", "tiempo en boxes",
         "tempo no pit", "tempo nos boxes")

# the stop's time, before its number: "pit stop time was", "stop time of", "his pit stop took", "stationary time:",
# "pit lane time loss of", "la parada (de RUS) duró", "tiempo de parada de", "a parada (de RUS) durou", "tempo de
# parada de"
BEFORE = (r"\b(?:pit[- ]?stop|stop|pit|pit[- ]?lane|stationary)\s+(?:time|duration|time\s+loss|loss)\b|"
          r"\b(?:pit[- ]?stop|stop)(?:\s+on\s+lap\s+\d{1,2})?\s+(?:took|lasted)\b|"
          r"\bparadas?\s+(?:de\s+[a-z]{3}\s+)?dur(?:[óo]|aron|ou|aram)\b|"
          r"\btiempo\s+(?:de\s+parada|en\s+(?:los\s+)?boxes|en\s+(?:el\s+)?pit)(?:\s+de\s+[a-z]{3})?\b|"
          r"\btempo\s+(?:de\s+parada|(?:no|nos)\s+(?:pit|pits|box|boxes))(?:\s+de\s+[a-z]{3})?\b")
# what may stand between that phrase and its number: a copula, a preposition, an approximation
FILLER = (r"(?:\s|\*|_|:|\(|~|≈)*(?:(?:was|were|is|being|of|at|just|only|about|around|roughly|approximately|"
          r"fue|de|fueron|unos|unas|alrededor\s+de|cerca\s+de|aproximadamente|apenas|solo|sólo|foi|foram|"
          r"em\s+torno\s+de|s[óo])(?:\s|\*|_|~|≈)*)*$")
# time lost in the pit lane, its number between the verb and the place: "lost about 20s in the pit lane", "perdió
# unos 20 s en boxes", "perdeu cerca de 20 s no pit"
LOST_BEFORE = (r"\b(?:lost|losing|loses|cost\s+(?:him|her|them)|perdi[óo]|perdiendo|perdeu|perdendo|cost[óo]|custou)"
               r"(?:\s+(?:about|around|roughly|approximately|some|unos|unas|cerca\s+de|alrededor\s+de|"
               r"aproximadamente|em\s+torno\s+de|~|≈))*\s*$")
PLACE_AFTER = (r"\s*(?:s|secs?|seconds?|segundos?)?\s+(?:in\s+the\s+(?:pit\s*-?\s*lane|pits|pit)|"
               r"en\s+(?:los\s+)?boxes|en\s+(?:el\s+)?pit|en\s+(?:los\s+)?pits|(?:no|nos)\s+(?:pit|pits|box|boxes))\b")
