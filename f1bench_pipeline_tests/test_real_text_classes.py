"""The error classes found on real answers (issue #24), each in English, Spanish and Portuguese.

Each class has cases that must no longer give a wrong claim (``MISREAD``: the claim of that type
with those slots must be absent) and a case per class that must still give the right claim
(``STILL_READ``), so a fix that only deletes claims fails here. The sentences are written in the
style of the real answers (more.jsonl, dev.jsonl), not copied from them.
"""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.f1.extract import _extract

# (class, lang, text, claim type, slots of the wrong claim)
MISREAD = [
    # (issue #43) 1. an answer cut off inside a number: its last number is no value, at the very end, in
    # brackets or after "vs."
    ("cut_number", "en", "HAM undercut SAI, pitting two laps before SAI on lap 2", "pit_lap", {"driver": "SAI", "lap": 2}),
    ("cut_number", "en", "HAM pitted on lap 19 (SAI on lap 2", "pit_lap", {"lap": 2}),
    ("cut_number", "en", "HAM boxed on lap 19 vs. SAI lap 2", "pit_lap", {"driver": "SAI", "lap": 2}),
    ("cut_number", "en", "The undercut worked: HAM gained the place and finished P1", "final_position", {"position": 1}),
    ("cut_number", "es", "HAM paró en la vuelta 19 (SAI en la vuelta 2", "pit_lap", {"lap": 2}),
    ("cut_number", "es", "HAM entró a boxes en la vuelta 19 frente a SAI en la vuelta 2", "pit_lap",
     {"driver": "SAI", "lap": 2}),
    ("cut_number", "pt", "HAM parou na volta 19 (SAI na volta 2", "pit_lap", {"lap": 2}),
    ("cut_number", "pt", "HAM parou na volta 19 contra SAI na volta 2", "pit_lap", {"driver": "SAI", "lap": 2}),
    # 2. the overlap between two drivers' stops is no stint
    ("overlap_of_stops", "en", "GAS had 3 laps on new HARDs before OCO came in.", "stint_laps",
     {"driver": "GAS", "n_laps": 3}),
    ("overlap_of_stops", "en", "NOR got 2 laps on fresh MEDIUMs while PIA stayed out.", "stint_laps",
     {"driver": "NOR", "n_laps": 2}),
    ("overlap_of_stops", "es", "GAS tuvo 2 vueltas con MEDIUM nuevos mientras OCO seguía con HARD.", "stint_laps",
     {"driver": "GAS", "n_laps": 2}),
    ("overlap_of_stops", "pt", "GAS teve 2 voltas de MEDIUM novos enquanto OCO ainda usava HARD.", "stint_laps",
     {"driver": "GAS", "n_laps": 2}),
    # 3. subject vs object: the clause's subject stops, not the driver undercut; a driver in an aside is no
    # antecedent of "his"; a driver opening a bracket with its own value does not own the value before it
    ("subject_object", "es", "ALO undercut a STR al parar en vuelta 19.", "pit_lap", {"driver": "STR"}),
    ("subject_object", "pt", "ALO fez o undercut em STR ao parar na volta 19.", "pit_lap", {"driver": "STR"}),
    ("subject_object", "en", "HUL stayed out longer (lap 33 vs. BEA lap 30), extending his first stint to 33 laps.",
     "stint_laps", {"driver": "BEA"}),
    ("subject_object", "es", "HUL se quedó más tiempo en pista (vuelta 33 frente a BEA vuelta 30), alargando su "
     "primer stint a 33 vueltas.", "stint_laps", {"driver": "BEA"}),
    ("subject_object", "pt", "HUL ficou mais tempo na pista (volta 33 contra BEA volta 30), estendendo seu primeiro "
     "stint para 33 voltas.", "stint_laps", {"driver": "BEA"}),
    ("subject_object", "en", "HAM pitted on lap 19 (SAI on lap 24).", "pit_lap", {"driver": "SAI", "lap": 19}),
    ("subject_object", "es", "HAM paró en la vuelta 19 (SAI en la vuelta 24).", "pit_lap", {"driver": "SAI", "lap": 19}),
    ("subject_object", "pt", "HAM parou na volta 19 (SAI na volta 24).", "pit_lap", {"driver": "SAI", "lap": 19}),
    # a lap list written right after a driver is that driver's ("OCO laps 8 and 9"), not the clause's pair's
    ("subject_object", "en", "The first stops (BOR lap 7, OCO laps 8 and 9) came under the Safety Car.", "pit_lap",
     {"driver": "BOR", "lap": 8}),
    ("subject_object", "es", "Las primeras paradas (BOR vuelta 7, OCO vueltas 8 y 9) fueron bajo Safety Car.",
     "pit_lap", {"driver": "BOR", "lap": 8}),
    ("subject_object", "pt", "As primeiras paradas (BOR volta 7, OCO voltas 8 e 9) foram sob Safety Car.", "pit_lap",
     {"driver": "BOR", "lap": 8}),
    # a list of two laps after "A overcut B" is not A's then B's (the move says whose is whose): no owner stated
    ("subject_object", "en", "LEC overcut ANT during the pit stops on laps 9 and 10.", "pit_lap",
     {"driver": "ANT", "lap": 10}),
    ("subject_object", "es", "El overcut de LEC sobre ANT se produjo en las paradas de las vueltas 9 y 10.", "pit_lap",
     {"driver": "ANT", "lap": 10}),
    ("subject_object", "pt", "O overcut de LEC sobre ANT veio das paradas nas voltas 9 e 10.", "pit_lap",
     {"driver": "ANT", "lap": 10}),
    # the defender's counter-move denied ("OCO did not overcut" in an answer about BOR's undercut) is no outcome
    # of the move the answer is about
    ("counter_move", "en", "BOR undercut OCO on lap 32. OCO did not overcut; he stopped after BOR.", "battle_outcome",
     {"success": False}),
    ("counter_move", "es", "BOR hizo el undercut a OCO en la vuelta 32. OCO no hizo un overcut: paró después de BOR.",
     "battle_outcome", {"success": False}),
    ("counter_move", "pt", "BOR fez o undercut em OCO na volta 32. OCO não fez overcut: parou depois de BOR.",
     "battle_outcome", {"success": False}),
    # 4. "a stop" dated against another driver's is no stop count
    ("stop_dated", "en", "HAM undercut RUS with one stop a lap earlier.", "n_stops", {"n": 1}),
    ("stop_dated", "en", "NOR covered PIA with one stop two laps later.", "n_stops", {"n": 1}),
    ("stop_dated", "es", "HAM le hizo el undercut a RUS con una parada una vuelta antes.", "n_stops", {"n": 1}),
    ("stop_dated", "pt", "HAM fez o undercut em RUS com uma parada uma volta antes.", "n_stops", {"n": 1}),
    # 5. a heading's range over several stints (sub-items split it) is no stint
    ("phase_range", "en", "**HAM – middle phase: MEDIUM, laps 12–48**\n- Laps 12–30: first MEDIUM set\n"
     "- Laps 31–48: second MEDIUM set after the stop", "stint_laps", {"start_lap": 12, "end_lap": 48}),
    ("phase_range", "es", "**HAM – fase intermedia: MEDIUM, vueltas 12–48**\n- Vueltas 12–30: primer juego de MEDIUM\n"
     "- Vueltas 31–48: segundo juego de MEDIUM", "stint_laps", {"start_lap": 12, "end_lap": 48}),
    ("phase_range", "pt", "**HAM – fase intermediária: MEDIUM, voltas 12–48**\n- Voltas 12–30: primeiro jogo de "
     "MEDIUM\n- Voltas 31–48: segundo jogo de MEDIUM", "stint_laps", {"start_lap": 12, "end_lap": 48}),
    # 1. an index read as a quantity
    # a plural stint word is no one stint: "first and second stints", "second and third stints"
    ("several_stints", "en", "ANT's strategy featured slightly shorter first and second stints but a longer final "
     "SOFT stint (24 laps vs 22 for RUS).", "stint_laps", {"driver": "ANT", "stint": 2}),
    ("several_stints", "en", "HAM's second and third stints on HARD covered laps 20-50.", "stint_compound",
     {"driver": "HAM", "stint": 3}),
    ("several_stints", "es", "HAM hizo su segundo y tercer stints con HARD (vueltas 20-50).", "stint_laps",
     {"driver": "HAM", "stint": 3}),
    ("several_stints", "pt", "Os segundo e terceiro stints de HAM com HARD cobriram as voltas 20-50.", "stint_laps",
     {"driver": "HAM", "stint": 3}),
    # the tyre of "on the CMP" is the nearest driver's, not a driver further back across another one
    ("runner_far", "en", "LEC stayed out 1 lap longer (lap 10) while GAS set a fast lap on the MEDIUMs.",
     "stint_compound", {"driver": "LEC", "compound": "MEDIUM"}),
    ("runner_far", "es", "LEC extendió 1 vuelta más (vuelta 10) mientras GAS hizo una vuelta rápida con los MEDIUM.",
     "stint_compound", {"driver": "LEC", "compound": "MEDIUM"}),
    ("runner_far", "pt", "LEC estendeu 1 volta a mais (lap 10) enquanto GAS fez uma volta rápida nos MEDIUM.",
     "stint_compound", {"driver": "LEC", "compound": "MEDIUM"}),
    # a habit, not what happened: "the stops typically required when switching from soft to hard"
    ("habitual", "en", "This decision likely helped ANT avoid the pit stops typically required when switching from "
     "soft to hard tyres.", "compound_change", {"driver": "ANT"}),
    ("habitual", "es", "Esto ayudó a ANT a evitar las paradas que normalmente se requieren al cambiar de blando a duro.",
     "compound_change", {"driver": "ANT"}),
    ("habitual", "pt", "Isso ajudou ANT a evitar as paradas normalmente necessárias quando se troca de macio para duro.",
     "compound_change", {"driver": "ANT"}),
    # the weather, not the tyre: "conditions became wet enough", "el asfalto mojado", "o asfalto molhado"
    ("weather_wet", "en", "PIA ran intermediates. This final stint suggests conditions became wet enough again that "
     "intermediates were required.", "stint_compound", {"compound": "WET"}),
    ("weather_wet", "es", "PIA usó intermedios. En el último stint el asfalto mojado obligó a volver a intermedios.",
     "stint_compound", {"compound": "RAIN"}),
    ("weather_wet", "pt", "PIA usou intermediários. No último stint o asfalto molhado obrigou a voltar aos "
     "intermediários.", "stint_compound", {"compound": "RAIN"}),
    # "lap-11/lap-12": two laps, the slash is no "per lap", and "lap-12 stop" counts no stops
    ("lap_slash", "en", "BEA gained track position relative to GAS on the lap-11/lap-12 stop sequence.", "n_stops",
     {"n": 12}),
    # parallel places after the driver who "finished": the first place is the finisher's
    ("finish_subject", "en", "We cannot prove the undercut caused a position gain over STR, only that BOR came out "
     "with a larger gap and ultimately finished ahead (**P14 vs P17**).", "final_position",
     {"driver": "STR", "position": 14}),
    ("finish_subject", "es", "No se puede probar que el undercut le diera una posición sobre STR, solo que BOR salió "
     "con más margen y terminó por delante (P14 vs P17).", "final_position", {"driver": "BOR", "position": 17}),
    ("finish_subject", "pt", "Não dá para provar que o undercut deu uma posição sobre STR, só que BOR saiu com mais "
     "margem e terminou à frente (P14 vs P17).", "final_position", {"driver": "STR", "position": 14}),
    # "from 2.302s behind to 0.794s behind": two gaps, not a gain of the first
    ("gap_side", "en", "SAI undercut LAW and it worked in terms of time gain, because the gap shrank from 2.302s "
     "behind to 0.794s behind.", "gain", {"seconds": 2.302}),
    ("gap_side", "es", "SAI hizo el undercut a LAW y ganó tiempo, porque la diferencia bajó de 2,302 s detrás a "
     "0,794 s detrás.", "gain", {"seconds": 2.302}),
    ("gap_side", "pt", "SAI fez o undercut em LAW e ganhou tempo, porque a diferença caiu de 2,302 s atrás para "
     "0,794 s atrás.", "gain", {"seconds": 2.302}),
    # a stop count of a part of the race, not of the race
    ("stop_of_a_part", "en", "VER’s race was built around a one-stop style opening phase followed by a long run on "
     "Hard tyres.", "n_stops", {"driver": "VER", "n": 1}),
    ("stop_of_a_part", "en", "ALO stayed out, with one stop made under SC/VSC to limit the time impact.", "n_stops",
     {"driver": "ALO", "n": 1}),
    ("stop_of_a_part", "en", "ALO moved into the window for a one-stop to the finish on the HARD.", "n_stops",
     {"driver": "ALO", "n": 1}),
    ("stop_of_a_part", "es", "HAM hizo una estrategia de una parada hasta el final con HARD.", "n_stops",
     {"driver": "HAM", "n": 1}),
    ("stop_of_a_part", "pt", "HAM fez uma estratégia de uma parada até o final com HARD.", "n_stops",
     {"driver": "HAM", "n": 1}),
    ("index", "en", "BEA’s lap-14 stop undercut SAI’s lap-18 stop, and it worked.", "n_stops", {"n": 14}),
    ("index", "en", "HUL, after his lap 9 stop, was on fresh INTERMEDIATE tyres.", "n_stops", {"n": 9}),
    ("index", "en", "LEC had stint 3 of 17 laps on the HARD.", "stint_laps", {"n_laps": 3}),
    ("index", "es", "LEC hizo el stint 3 de 17 vueltas con duros.", "stint_laps", {"n_laps": 3}),
    ("index", "pt", "LEC fez o stint 3 de 17 voltas com duros.", "stint_laps", {"n_laps": 3}),
    ("index", "es", "La vuelta 9 parada de HUL fue rápida.", "n_stops", {"n": 9}),
    ("index", "pt", "A volta 9 parada de HUL foi rápida.", "n_stops", {"n": 9}),
    # 3. some laps of a stint (old tyres, set against another driver) read as the stint
    ("subrange", "en", "SAI while running older, degrading MEDIUMS during laps 15-18 lost time.", "stint_laps",
     {"start_lap": 15}),
    ("subrange", "en", "ALO ran laps 20-22 on new HARDs while STR stayed out.", "stint_laps", {"start_lap": 20}),
    ("subrange", "en", "LEC ran laps 12-14 (part of a 19-lap stint) on MEDIUM.", "stint_laps", {"start_lap": 12}),
    ("subrange", "es", "ALO rodó las vueltas 20-22 con duros nuevos mientras STR seguía en pista.", "stint_laps",
     {"start_lap": 20}),
    ("subrange", "es", "SAI con medios más viejos en las vueltas 15-18 perdió tiempo.", "stint_laps",
     {"start_lap": 15}),
    ("subrange", "pt", "ALO rodou as voltas 20-22 com duros novos enquanto STR ficava na pista.", "stint_laps",
     {"start_lap": 20}),
    ("subrange", "pt", "SAI com médios desgastados nas voltas 15-18 perdeu tempo.", "stint_laps", {"start_lap": 15}),
    # 4. "after an N-lap stint" is the stint of the tyre removed
    ("after_stint", "en", "HAM switched SOFT to MEDIUM after a 12-lap stint.", "stint_laps",
     {"compound": "MEDIUM", "n_laps": 12}),
    ("after_stint", "es", "HAM cambió de blandos a medios tras un stint de 12 vueltas.", "stint_laps",
     {"compound": "MEDIUM", "n_laps": 12}),
    ("after_stint", "pt", "HAM trocou macios por médios após um stint de 12 voltas.", "stint_laps",
     {"compound": "MEDIUM", "n_laps": 12}),
    ("after_stint", "en", "SAI ran a first stint of 27 laps on the MEDIUM, followed by a 24-lap stint to the finish "
     "on the HARD.", "stint_laps", {"compound": "MEDIUM", "n_laps": 24}),
    # 5. the stint number defaulting to 1 (or to the ordinal of another phrase)
    ("stint_number", "en", "HAM began the HARD stint on lap 22.", "stint_compound", {"stint": 1}),
    ("stint_number", "en", "The first Hard stint lasted 19 laps for OCO.", "stint_compound", {"stint": 1}),
    ("stint_number", "en", "HUL was quick on the second SOFT stint.", "stint_compound", {"stint": 2}),
    ("stint_number", "es", "HAM comenzó el stint de duros en la vuelta 22.", "stint_compound", {"stint": 1}),
    ("stint_number", "pt", "HAM começou o stint de duros na volta 22.", "stint_compound", {"stint": 1}),
    # 6. the driver bound to the nearest name, not the subject
    ("subject", "en", "GAS's undercut worked as it enabled him to overtake SAI, finishing in P10.", "final_position",
     {"driver": "SAI"}),
    ("subject", "en", "TSU also finished ahead of COL in the race results: P12 vs P15.", "final_position",
     {"driver": "COL", "position": 12}),
    ("subject", "en", "HAD also finished behind SAI, P17 to P13.", "final_position", {"driver": "SAI", "position": 17}),
    ("subject", "es", "GAS pudo adelantar a SAI, terminando en P10.", "final_position", {"driver": "SAI"}),
    ("subject", "es", "TSU terminó por delante de COL en la clasificación: P12 frente a P15.", "final_position",
     {"driver": "COL", "position": 12}),
    ("subject", "pt", "GAS conseguiu ultrapassar SAI, terminando em P10.", "final_position", {"driver": "SAI"}),
    ("subject", "pt", "TSU terminou à frente de COL na classificação: P12 contra P15.", "final_position",
     {"driver": "COL", "position": 12}),
    # 8. a from/to of lap times is no gap
    ("pace", "en", "In the overcut, HAD reduced his average stint time from 107.20s to 104.54s.", "gap",
     {"seconds": 107.2}),
    ("pace", "es", "En el overcut, HAD bajó su tiempo de vuelta medio de 107,20 s a 104,54 s.", "gap",
     {"seconds": 107.2}),
    ("pace", "pt", "No overcut, HAD baixou seu tempo de volta médio de 107,20 s para 104,54 s.", "gap",
     {"seconds": 107.2}),
    # 2/count: a stop count named as an option, or a part of the stops, is not the driver's count
    ("stop_option", "en", "The two-stop approach was faster than a one-stop for OCO.", "n_stops", {"driver": "OCO"}),
    ("stop_option", "en", "HAM's race was not built around a clean one-stop or two-stop plan.", "n_stops", {"n": 1}),
    ("stop_option", "en", "PIA's first four pit stops all came under the SC.", "n_stops", {"n": 4}),
    ("stop_option", "es", "La estrategia de dos paradas fue más rápida que una parada para OCO.", "n_stops",
     {"driver": "OCO"}),
    ("stop_option", "es", "Las primeras cuatro paradas de PIA fueron bajo SC.", "n_stops", {"n": 4}),
    ("stop_option", "pt", "A estratégia de duas paradas foi mais rápida do que uma parada para OCO.", "n_stops",
     {"driver": "OCO"}),
    ("stop_option", "pt", "As primeiras quatro paradas de PIA foram sob SC.", "n_stops", {"n": 4}),
    # 7. a list of stops: each change belongs to the lap before its brackets
    ("stop_list", "en", "HAM stops on laps 18 (SOFT→MEDIUM), 40 (MEDIUM→HARD) and 52 (HARD→HARD).", "compound_change",
     {"from": "MEDIUM", "lap": 18}),
    ("stop_list", "es", "HAM paró en las vueltas 18 (blando→medio), 40 (medio→duro) y 52 (duro→duro).",
     "compound_change", {"from": "MEDIUM", "lap": 18}),
    ("stop_list", "pt", "HAM parou nas voltas 18 (macio→médio), 40 (médio→duro) e 52 (duro→duro).", "compound_change",
     {"from": "MEDIUM", "lap": 18}),
    ("stop_list", "en", "Stint 1 (SOFT→MEDIUM) for HAM ended on lap 18.", "compound_change", {"lap": 1}),
    # a lap that is a deadline is no stop
    ("deadline", "en", "After both had pitted (by lap 19), the gap was 0.79s.", "pit_lap", {"lap": 19}),
    ("deadline", "en", "After both had pitted (post-lap 21), the gap grew.", "pit_lap", {"lap": 21}),
    # 6. the attacker is the subject of the clause the participle hangs on
    ("attempt", "en", "STR pitted one lap before TSU, attempting an undercut.", "battle", {"attacker": "TSU"}),
    ("attempt", "es", "STR paró una vuelta antes que TSU, intentando un undercut.", "battle", {"attacker": "TSU"}),
    ("attempt", "pt", "STR parou uma volta antes de TSU, tentando um undercut.", "battle", {"attacker": "TSU"}),
    # 8. a from/to of gaps is two gaps, not a gain of its first term; the terms of a sum are no gain
    ("gain_from_to", "en", "In the undercut, ALO's time gain shrank the gap from -4.833s to -1.049s against LAW.",
     "gain", {"seconds": -4.833}),
    ("gain_from_to", "en", "TSU gain over SAI in the undercut: 6.2 − 4.1 = 2.1 s.", "gain", {"seconds": 6.2}),
    ("gain_from_to", "es", "En el undercut, la ganancia de ALO redujo la diferencia de -4,833 s a -1,049 s frente a LAW.",
     "gain", {"seconds": -4.833}),
    ("gain_from_to", "pt", "No undercut, o ganho de ALO reduziu a diferença de -4,833 s para -1,049 s sobre LAW.",
     "gain", {"seconds": -4.833}),
    # a stint word and a tyre in two clauses; a lead, a gap or a total in laps is no stint
    ("stint_clause", "en", "The hard tyre was faster over VER's second stint than the medium was in the first stint.",
     "stint_compound", {"compound": "MEDIUM", "stint": 2}),
    ("stint_clause", "en", "NOR used SOFT tyres for the first stint covering 34 laps, followed by MEDIUM tyres for the "
     "second stint.", "stint_compound", {"compound": "MEDIUM", "stint": 1}),
    ("stint_clause", "es", "El segundo stint de VER fue más rápido que el de medios en el primer stint.", "stint_compound",
     {"compound": "MEDIUM", "stint": 2}),
    ("stint_clause", "pt", "O segundo stint de VER foi mais rápido do que o de médios no primeiro stint.",
     "stint_compound", {"compound": "MEDIUM", "stint": 2}),
    ("lap_lead", "en", "This allowed BEA to complete its second stint before ALB, gaining a 2-lap lead.", "stint_laps",
     {"n_laps": 2}),
    ("lap_lead", "en", "By using two sets of Mediums for the first two stints (totaling 44 laps), NOR was quick.",
     "stint_laps", {"n_laps": 44}),
    ("lap_lead", "es", "BEA terminó su segundo stint con 2 vueltas de ventaja sobre ALB.", "stint_laps", {"n_laps": 2}),
    ("lap_lead", "pt", "BEA terminou o segundo stint com 2 voltas de vantagem sobre ALB.", "stint_laps", {"n_laps": 2}),
    # an index before "of N laps": "stint 1 of 26 laps" is a stint's index and length, no race distance
    ("n_of_index", "en", "NOR: pit on lap 26, stint 1 of 26 laps on Medium, stint 2 of 36 laps on Hard.", "race_laps",
     {"laps": 26}),
    ("n_of_index", "es", "NOR: parada en la vuelta 26, stint 1 de 26 vueltas con medios, stint 2 de 36 vueltas con "
     "duros.", "race_laps", {"laps": 26}),
    ("n_of_index", "pt", "NOR: pit na volta 26, stint 1 de **26 voltas** em Medium, stint 2 de **36 voltas** em Hard.",
     "race_laps", {"laps": 36}),
    # a bound is no length ("more than 20 laps")
    ("bound", "en", "HAM ran more than 20 laps on the MEDIUM.", "stint_laps", {"n_laps": 20}),
    ("bound", "es", "HAM rodó más de 20 vueltas con medios.", "stint_laps", {"n_laps": 20}),
    ("bound", "pt", "HAM rodou mais de 20 voltas com médios.", "stint_laps", {"n_laps": 20}),
    # "una parada" that is "a stop" (or one stop more), not the count
    ("article_one", "en", "HUL made one stop more than the ideal.", "n_stops", {"n": 1}),
    ("article_one", "es", "La estrategia de ANT fue una parada planificada seguida de varias paradas bajo SC.",
     "n_stops", {"n": 1}),
    ("article_one", "es", "HUL hizo una parada más que el ideal.", "n_stops", {"n": 1}),
    ("article_one", "pt", "A estratégia de HUL foi uma parada a mais que o ideal.", "n_stops", {"n": 1}),
    # some of the stints are not all of them: no stop count from "two long stints"
    ("stint_count", "en", "STR followed a short opening stint with two long stints on the HARD.", "n_stops", {"n": 1}),
    ("stint_count", "es", "STR usó un stint inicial corto con medios seguido de dos stints largos con duros.", "n_stops",
     {"n": 1}),
    ("stint_count", "pt", "A estratégia de dois stints iniciais com médios deu ritmo a LEC.", "n_stops", {"n": 1}),
    # "until lap N" ends a stint; it is a stop only after a stayed-out word
    ("until", "en", "VER pitted on lap 37 and switched to SOFT until lap 71.", "pit_lap", {"lap": 71}),
    ("until", "es", "VER paró en la vuelta 37 y cambió a SOFT hasta la vuelta 71.", "pit_lap", {"lap": 71}),
    ("until", "pt", "HAD parou na volta 20 para trocar para HARD, completando a corrida com esse composto até a "
     "volta 50.", "pit_lap", {"lap": 50}),
    # a stint word and a tyre across a comparison (Spanish and Portuguese articles after "que")
    ("stint_clause", "pt", "TSU terminou à frente com SOFT no stint 3, mais rápido que o HARD de DOO.",
     "stint_compound", {"compound": "HARD", "stint": 3}),
    ("stint_clause", "pt", "A média de BOR na stint 2 (105,72s) foi mais lenta que a média dos HARD de HAD.",
     "stint_compound", {"driver": "BOR", "compound": "HARD"}),
    ("stint_clause", "es", "TSU usó SOFT en el stint 3, más rápido que las HARD de DOO.", "stint_compound",
     {"compound": "HARD", "stint": 3}),
    # out of the pits is not off the grid: "salió con duros" names no first stint
    ("came_out", "en", "BEA came out of the pits on hard tyres while SAI stayed on the medium.", "stint_compound",
     {"driver": "BEA", "stint": 1}),
    ("came_out", "es", "BEA salió a pista con neumático duro mientras SAI siguió 4 vueltas más con el medio.",
     "stint_compound", {"driver": "BEA", "stint": 1}),
    ("came_out", "es", "ANT salió con neumáticos HARD nuevos y pudo rodar más rápido que PIA.", "stint_compound",
     {"driver": "ANT", "stint": 1}),
    ("came_out", "pt", "BEA saiu com pneus duros novos enquanto SAI seguiu com médios.", "stint_compound",
     {"driver": "BEA", "stint": 1}),
    # "both switched: A on lap X and B on lap Y": X is A's, not both drivers'
    ("both_colon", "en", "Both switched to SOFT: PIA on lap 45 and NOR on lap 46.", "compound_change",
     {"driver": "NOR", "lap": 45}),
    ("both_colon", "es", "Ambos pasaron a SOFT: PIA en la vuelta 45 y NOR en la 46.", "compound_change",
     {"driver": "NOR", "lap": 45}),
    ("both_colon", "pt", "Ambos trocaram para SOFT: PIA na volta 45 e NOR na 46.", "compound_change",
     {"driver": "NOR", "lap": 45}),
    # an ordinal that is no place: "initial position gain"
    ("not_a_place", "en", "The early Soft stint provided initial position gain for HUL.", "final_position",
     {"position": 1}),
    ("not_a_place", "es", "El stint de blandos le dio a HUL la inicial posición de ventaja.", "final_position",
     {"position": 1}),
    ("not_a_place", "pt", "O stint de macios deu a HUL a inicial posição de vantagem.", "final_position",
     {"position": 1}),
    # "contributing to HAD finishing ahead (P10 vs P11)": HAD is the finish's subject
    ("finish_pair", "en", "HAD overcut BOR. This contributed to HAD finishing ahead (P10 vs P11).", "final_position",
     {"driver": "HAD", "position": 11}),
    ("finish_pair", "es", "BEA hizo el undercut a OCO. Esto ayudó a que BEA terminara por delante (P11 frente a P15).",
     "final_position", {"driver": "BEA", "position": 15}),
    ("finish_pair", "pt", "BEA fez o undercut em OCO. Isso ajudou BEA a terminar à frente (P11 contra P15).",
     "final_position", {"driver": "BEA", "position": 15}),
    # laps of track time gained are no stint
    ("lap_lead", "en", "As both were in stint 2 on MEDIUM, HAD gained two laps of track time over GAS.", "stint_laps",
     {"n_laps": 2}),
    ("lap_lead", "pt", "Como ambos estavam no stint 2 de MEDIUM, HAD ganhou duas voltas de pista em relação a GAS.",
     "stint_laps", {"n_laps": 2}),
    ("lap_lead", "es", "Como ambos estaban en el stint 2 con medios, HAD ganó dos vueltas de pista respecto a GAS.",
     "stint_laps", {"n_laps": 2}),
    # a stint started "on lap 42" is not stint 1
    ("stint_number", "en", "The final MEDIUM stint helped HUL, but starting it on lap 42 left a long 16-lap run to the "
     "flag.", "stint_laps", {"stint": 1}),
    ("stint_number", "es", "HUL empezó el stint final de medios en la vuelta 42, con 16 vueltas hasta la bandera.",
     "stint_laps", {"stint": 1}),
    ("stint_number", "pt", "HUL começou o stint final de médios na volta 42, com 16 voltas até a bandeirada.",
     "stint_laps", {"stint": 1}),
    # the stops counted beside the stints: no second count from the stints
    ("stint_count", "es", "SAI hizo una estrategia de dos paradas en el sentido de dos stints con el mismo duro.",
     "n_stops", {"n": 1}),
    ("stint_count", "pt", "SAI fez duas paradas, no sentido de dois stints com o mesmo composto duro.", "n_stops",
     {"n": 1}),
    ("article_one", "es", "ALO hizo el undercut por el timing del SC, no por una parada “normal” aislada.", "n_stops",
     {"n": 1}),
    # a tyre fitted "at the start" is the first tyre; "two stops with the medium" is a plan, no change
    ("fitted_start", "en", "Although HAD fitted the SOFT at the start, BEA had better pace.", "compound_change",
     {"driver": "HAD"}),
    ("fitted_start", "es", "Aunque HAD montó SOFT al inicio, BEA sostuvo un ritmo mejor.", "compound_change",
     {"driver": "HAD"}),
    ("fitted_start", "pt", "Embora HAD tenha colocado SOFT no início, BEA teve ritmo melhor.", "compound_change",
     {"driver": "HAD"}),
    ("fitted_start", "es", "LEC hizo una estrategia de dos paradas con neumático medio y dos tandas largas con duro.",
     "compound_change", {"to": "MEDIUM"}),
    # "NOR pitted on laps 20 and 52": both NOR's, not one each for the answer's pair
    ("own_list", "en", "NOR pitted on laps 20 and 52; PIA pitted on laps 24 and 53.", "pit_lap",
     {"driver": "PIA", "lap": 52}),
    ("own_list", "es", "NOR paró en las vueltas 20 y 52; PIA paró en las vueltas 24 y 53.", "pit_lap",
     {"driver": "PIA", "lap": 52}),
    ("own_list", "pt", "NOR parou nas voltas 20 e 52; PIA parou nas voltas 24 e 53.", "pit_lap",
     {"driver": "NOR", "lap": 53}),
    # "SAI pitted earlier than LAW, on lap 17 (SOFT → MEDIUM)": the lap and the change are SAI's
    ("subject", "en", "SAI pitted earlier than LAW, on lap 17 (SOFT → MEDIUM), while LAW stayed out until lap 19.",
     "compound_change", {"driver": "LAW", "lap": 17}),
    ("subject", "es", "SAI paró antes que LAW, en la vuelta 17 (blando→medio), mientras LAW siguió hasta la vuelta 19.",
     "pit_lap", {"driver": "LAW", "lap": 17}),
    ("subject", "pt", "SAI parou antes de LAW, na volta 17 (macio→médio), enquanto LAW ficou até a volta 19.",
     "compound_change", {"driver": "LAW", "lap": 17}),
    # the finish is no stop
    ("until", "en", "VER switched to the hard tyre at lap 32 and stayed on that set to the finish on lap 57.",
     "pit_lap", {"lap": 57}),
    ("until", "en", "PIA pitted on lap 32 and then completed the race on HARDs through lap 57.", "pit_lap", {"lap": 57}),
    ("until", "es", "VER cambió a duros en la vuelta 32 y siguió con ellos hasta la meta en la vuelta 57.", "pit_lap",
     {"lap": 57}),
    ("until", "pt", "VER trocou para duros na volta 32 e seguiu com eles até a bandeirada na volta 57.", "pit_lap",
     {"lap": 57}),
    # the laps a driver stayed out are run, not stops
    ("stayed_laps", "en", "In the two laps TSU stayed out (laps 36 and 37) on SOFT tyres, he gained time.", "pit_lap",
     {"lap": 36}),
    ("stayed_laps", "es", "En las dos vueltas en que TSU siguió en pista (vueltas 36 y 37) con blandos, ganó tiempo.",
     "pit_lap", {"lap": 36}),
    ("stayed_laps", "pt", "Nas duas voltas em que TSU ficou na pista (laps 36 e 37) com pneus SOFT, ele ganhou tempo.",
     "pit_lap", {"lap": 36}),
    # "from X" that is no tyre removed: the use of X, a new set of X, starting from X
    ("from_only", "en", "LAW's single stop and the use of a set from the HARD allocation gave him pace.",
     "compound_change", {"from": "HARD"}),
    ("from_only", "es", "LAW hizo una parada única y el uso del HARD le dio ritmo.", "compound_change", {"from": "HARD"}),
    ("from_only", "pt", "A troca para outro conjunto de INTERMEDIATE mostra que NOR seguiu.", "compound_change",
     {"from": "INTERMEDIATE"}),
    # "pneus de chuva", "neumáticos de lluvia" alone are rain tyres, not the full wets
    ("rain_tyre", "en", "NOR stayed on rain tyres before the switch to slicks.", "stint_compound", {"compound": "WET"}),
    ("rain_tyre", "es", "NOR siguió con neumáticos de lluvia sin pasar a slicks.", "stint_compound",
     {"compound": "WET"}),
    ("rain_tyre", "pt", "NOR manteve a aposta em pneus de chuva, sem passar para slicks.", "stint_compound",
     {"compound": "WET"}),
    ("stint_of_words", "es", "LEC hizo un stint de medios, a falta de 20 vueltas para el final.", "stint_laps",
     {"n_laps": 20}),
    ("heading_laps", "en", "Pit stops: HAM 2, OCO 2.", "pit_lap", {"lap": 2}),
    ("heading_laps", "es", "Paradas: HAM 2, OCO 2.", "pit_lap", {"lap": 2}),
    ("heading_laps", "pt", "Posições finais na volta 58: HAM 5, OCO 7.", "pit_lap", {"lap": 5}),
    # ---- issue #43, claims a human reads (classes 6-12): neighbouring wordings that must still give none
    # 6. a list of stints: a pace beside a range is no stint extent
    ("stint_list", "en", "GAS's pace on the HARD (avg 84.2 s) was best between laps 10-18.", "stint_laps",
     {"driver": "GAS", "start_lap": 10}),
    ("stint_list", "es", "GAS usó HARD (vueltas 1-18), con un ritmo medio en MEDIUM de 83,1 s entre las vueltas "
     "19-22.", "stint_laps", {"driver": "GAS", "start_lap": 19}),
    ("stint_list", "pt", "GAS usou HARD (voltas 1-18), com ritmo médio de 83,1 s nos MEDIUM entre as voltas 19-22.",
     "stint_laps", {"driver": "GAS", "start_lap": 19}),
    # ... and two counts shared out over two drivers are neither's in particular
    ("stint_list", "en", "HARD stints of 21 and 24 laps for OCO and GAS.", "stint_laps", {"driver": "OCO", "n_laps": 24}),
    ("stint_list", "es", "Stints con HARD de 21 y 24 vueltas para OCO y GAS.", "stint_laps",
     {"driver": "OCO", "n_laps": 24}),
    ("stint_list", "pt", "Stints de HARD de 21 e 24 voltas para OCO e GAS.", "stint_laps",
     {"driver": "OCO", "n_laps": 24}),
    # 7. a stint from one lap: not some laps of it, not a pace
    ("stint_from_lap", "en", "VER ran 10 laps on the HARD from lap 22.", "stint_laps", {"start_lap": 22}),
    ("stint_from_lap", "es", "El ritmo de VER con el HARD desde la vuelta 22 fue bueno.", "stint_laps",
     {"start_lap": 22}),
    ("stint_from_lap", "pt", "O ritmo de VER com o HARD a partir da volta 22 foi bom.", "stint_laps",
     {"start_lap": 22}),
    # 8. a gain: not the time lost in the pit lane, not a swing in the defender's favour (its sign)
    ("gain_noun", "en", "ALB undercut LEC. ALB lost 21.3 s in the pit lane, but the net swing was 2.1 s in ALB's "
     "favour.", "gain", {"seconds": 21.3}),
    ("gain_noun", "en", "ALB undercut LEC. That is a net swing of 2.1 s in LEC's favour.", "gain", {"seconds": 2.1}),
    ("gain_noun", "es", "ALB hizo el undercut a LEC. Hubo un swing de 2,1 s a favor de LEC.", "gain",
     {"seconds": 2.1}),
    ("gain_noun", "pt", "ALB fez o undercut em LEC. ALB perdeu 21,3 s no pit lane.", "gain", {"seconds": 21.3}),
    # 9. stayed out until: not when denied, not a later stop's lap, not "to the end"
    ("waited_until", "en", "TSU did not wait until lap 14.", "pit_lap", {"lap": 14}),
    ("waited_until", "es", "TSU siguió hasta el final con HARD.", "pit_lap", {"driver": "TSU"}),
    ("waited_until", "es", "TSU esperó hasta la vuelta 28 y luego paró en la 30.", "pit_lap", {"lap": 28}),
    ("waited_until", "pt", "TSU não esperou até a volta 14.", "pit_lap", {"lap": 14}),
    # 10. the rival's bracket: the tyre change in it is the rival's, not the subject's
    ("rival_bracket", "en", "SAI stopped three laps before LEC (on lap 21, switching HARD→MEDIUM).",
     "compound_change", {"driver": "SAI"}),
    ("rival_bracket", "es", "SAI paró tres vueltas antes que LEC (en la vuelta 21, cambiando de HARD a MEDIUM).",
     "compound_change", {"driver": "SAI"}),
    ("rival_bracket", "pt", "SAI parou três voltas antes de LEC (na volta 21, trocando de HARD para MEDIUM).",
     "compound_change", {"driver": "SAI"}),
    # 11. a fresh set names the tyre fitted only: no SOFT→SOFT
    ("fresh_set", "en", "NOR pitted on lap 9 and fitted a fresh set of SOFT.", "compound_change", {"from": "SOFT"}),
    ("fresh_set", "es", "NOR paró en la vuelta 9 y montó un nuevo juego de SOFT.", "compound_change",
     {"from": "SOFT"}),
    ("fresh_set", "pt", "NOR parou na volta 9 e colocou um novo jogo de SOFT.", "compound_change", {"from": "SOFT"}),
    # 12. a stops heading: counts are no laps, and each lap is the driver's right before it
    ("stop_wording", "en", "Pit laps: RIC 22 vs TSU 24 (RIC pitted two laps earlier).", "pit_lap",
     {"driver": "RIC", "lap": 24}),
    ("stop_wording", "es", "Paradas: RIC 1, TSU 2.", "pit_lap", {"driver": "RIC"}),
    ("stop_wording", "pt", "Paragens: RIC 1, TSU 2.", "pit_lap", {"driver": "RIC"}),
    # issue #43, verbose answers: a per-driver section ends at the next heading or paragraph, and a title
    # naming two drivers owns nothing
    ("driver_section", "en", "**ANT**\n- Pit: lap 28\n\n**SAI**\n- Pit: lap 30\n\nThe decisive stop came on lap 35.",
     "pit_lap", {"driver": "SAI", "lap": 35}),
    ("driver_section", "es", "#### COL\n- Parada en la vuelta 13\n\n#### TSU\n- Parada en la vuelta 17\n\n"
     "### Conclusión\nLa parada de la vuelta 20 fue clave.", "pit_lap", {"driver": "TSU", "lap": 20}),
    ("driver_section", "pt", "### Estratégia de PIA e NOR\n- Parada na volta 20\n- Terminou em P3", "pit_lap",
     {"driver": "PIA", "lap": 20}),
    ("driver_section", "en", "- **PIA**\n  - Pit stop: lap 20\n- Pit stop of the leader: lap 25\n- **NOR**\n"
     "  - Pit stop: lap 21", "pit_lap", {"driver": "PIA", "lap": 25}),
    # issue #43, verbose answers: a stint's tyre named on its line is another stint's tyre when the index differs
    ("stint_tyre", "en", "ALO started on SOFT. In stint 2, laps 12-30, he ran the MEDIUM.", "stint_laps",
     {"driver": "ALO", "compound": "SOFT", "start_lap": 12}),
    ("stint_tyre", "es", "ALO empezó con SOFT y paró en la vuelta 11; el stint 2 fueron las vueltas 12-30 con MEDIUM.",
     "stint_laps", {"driver": "ALO", "compound": "SOFT", "start_lap": 12}),
    ("stint_tyre", "pt", "ALO largou com SOFT e parou na volta 11; o stint 2 foram as voltas 12-30 com MEDIUM.",
     "stint_laps", {"driver": "ALO", "compound": "SOFT", "start_lap": 12}),
    # ... and a tyre change in brackets is no strategy, even with the word nearby
    ("strategy_sequence", "en", "COL pitted on lap 20 (MEDIUM → HARD), the strategy being sound.", "stint_compound",
     {"driver": "COL", "compound": "HARD", "stint": 2}),
    ("strategy_sequence", "es", "COL paró en la vuelta 20 (MEDIUM → HARD), y la estrategia funcionó.", "stint_compound",
     {"driver": "COL", "compound": "HARD", "stint": 2}),
    ("strategy_sequence", "pt", "COL parou na volta 20 (MEDIUM → HARD), e a estratégia funcionou.", "stint_compound",
     {"driver": "COL", "compound": "HARD", "stint": 2}),
    # issue #43, verbose answers: the laps two drivers overlap on fresh vs old tyres are a window, not a stint:
    # old tyres right before the range's own bracket, or a comparison "over those same laps"
    ("overlap_window", "en", "This pace advantage, maintained while BOR was on fresh MEDIUMS and HAD was on older "
     "MEDIUMS (laps 27-29), was enough to gain time.", "stint_laps", {"driver": "HAD", "start_lap": 27}),
    ("overlap_window", "en", "STR continued for two more laps on his used Hards (laps 50-51) before pitting.", "stint_laps",
     {"driver": "STR", "start_lap": 50}),
    ("overlap_window", "en", "PIA, on fresh SOFT tires for laps 31–33, was faster than RUS on aged MEDIUMS over those "
     "same laps.", "stint_laps", {"driver": "PIA", "start_lap": 31}),
    ("overlap_window", "es", "PIA, con SOFT nuevos en las vueltas 31-33, fue más rápido que RUS con MEDIUM gastados en "
     "esas mismas vueltas.", "stint_laps", {"driver": "PIA", "start_lap": 31}),
    ("overlap_window", "es", "STR siguió dos vueltas más con sus duros usados (vueltas 50-51) antes de parar.", "stint_laps",
     {"driver": "STR", "start_lap": 50}),
    ("overlap_window", "pt", "PIA, com SOFT novos nas voltas 31-33, foi mais rápido que RUS com MEDIUM gastos nessas "
     "mesmas voltas.", "stint_laps", {"driver": "PIA", "start_lap": 31}),
    ("overlap_window", "pt", "STR seguiu mais duas voltas com os duros usados (voltas 50-51) antes de parar.", "stint_laps",
     {"driver": "STR", "start_lap": 50}),
    # issue #43, verbose answers: laps after a demonstrative or a contracted article are some laps, not a stint
    # (the determiner is a word of its own: "was" holds "as", and it hid "a stint was 18 laps")
    ("count_determiner", "en", "ANT's new HARDs were much faster than SAI's used MEDIUMs over those 2 laps.",
     "stint_laps", {"driver": "SAI", "n_laps": 2}),
    ("count_determiner", "es", "Los HARD nuevos de ANT fueron más rápidos que los MEDIUM usados de SAI en esas 2 vueltas.",
     "stint_laps", {"driver": "SAI", "n_laps": 2}),
    ("count_determiner", "pt", "Os pneus HARD novos de ANT foram mais rápidos que os MEDIUM usados de SAI nessas 2 voltas.",
     "stint_laps", {"driver": "SAI", "n_laps": 2}),
    ("count_determiner", "pt", "BEA fez duas paradas com sequência SOFT → MEDIUM → SOFT ao longo das 71 voltas.",
     "stint_laps", {"driver": "BEA", "n_laps": 71}),
    ("count_determiner", "pt", "Isso é um stint muito longo de STR para um GP de 56 voltas.", "stint_laps",
     {"driver": "STR", "n_laps": 56}),
    ("count_determiner", "es", "Es un stint muy largo de STR para una carrera de 56 vueltas.", "stint_laps",
     {"driver": "STR", "n_laps": 56}),
    ("count_determiner", "en", "That is a very long stint by STR for a race of 56 laps.", "stint_laps",
     {"driver": "STR", "n_laps": 56}),

    # ---- issue 43, the cover-all answers (v5-cover): what a wording beside a claim word means
    # a failed outcome in the sense of the final result or a position, not of the time gained
    ("outcome_position_sense", "en", "ALO undercut COL by pitting first, but it was not a successful race-deciding undercut, "
     "because the gap he gained did not change the finishing order.", "battle_outcome", {"success": False}),
    ("outcome_position_sense", "en", "BOR undercut STR in the pit sequence, but it did not clearly work as a net position "
     "gain over STR.", "battle_outcome", {"success": False}),
    ("outcome_position_sense", "en", "VER undercut PIA.\n**Did the undercut work?**\n- **No, the undercut did not succeed "
     "in gaining VER track position over PIA.**", "battle_outcome", {"success": False}),
    ("outcome_position_sense", "es", "VER le hizo el undercut a PIA.\n**¿Funcionó?**\n- **No, el undercut no tuvo éxito en "
     "ganar la posición a PIA.**", "battle_outcome", {"success": False}),
    ("outcome_position_sense", "pt", "VER fez o undercut em PIA.\n**Funcionou?**\n- **Não, o undercut não teve sucesso em "
     "ganhar a posição de PIA.**", "battle_outcome", {"success": False}),
    ("outcome_position_sense", "es", "ANT le hizo el undercut a PIA, pero no funcionó como una maniobra decisiva para la "
     "carrera, porque ambos terminaron en las mismas posiciones.", "battle_outcome", {"success": False}),
    ("outcome_position_sense", "es", "BOR le hizo el undercut a STR, pero no tuvo éxito en ganar la posición a STR.",
     "battle_outcome", {"success": False}),
    ("outcome_position_sense", "pt", "ANT fez o undercut em PIA, mas não funcionou como uma manobra decisiva para a "
     "corrida, porque os dois terminaram nas mesmas posições.", "battle_outcome", {"success": False}),
    ("outcome_position_sense", "pt", "BOR fez o undercut em STR, mas não teve sucesso em ganhar a posição de STR.",
     "battle_outcome", {"success": False}),
    # a plan's success, in an answer that names no battle, is no battle outcome
    ("plan_worked", "en", "The data does not say whether OCO made an undercut or an overcut. The faster final stint "
     "shows this tactic worked as intended for OCO.", "battle_outcome", {"success": True}),
    ("plan_worked", "en", "VER's strategy of a single stop from MEDIUM to HARD on lap 21 succeeded thanks to the HARD's "
     "pace. No undercut or overcut can be judged.", "battle_outcome", {"success": True}),
    ("plan_worked", "es", "Los datos no dicen si OCO hizo un undercut o un overcut. El último stint más rápido muestra "
     "que esta táctica funcionó como se esperaba para OCO.", "battle_outcome", {"success": True}),
    ("plan_worked", "pt", "Os dados não dizem se OCO fez um undercut ou um overcut. O último stint mais rápido mostra "
     "que essa tática funcionou como planejado para OCO.", "battle_outcome", {"success": True}),
    # "impossible to determine if ... successful", "no data to indicate a successful ...": nothing stated
    ("outcome_unknowable", "en", "VER pitted on lap 20. The data does not give other drivers' pit laps, so it is "
     "impossible to determine if an undercut or overcut was attempted or successful.", "battle_outcome", {"success": True}),
    ("outcome_unknowable", "en", "HAM finished 5th. There is no data provided to indicate successful undercuts or "
     "overcuts.", "battle_outcome", {"success": True}),
    ("outcome_unknowable", "es", "VER paró en la vuelta 20. Los datos no dan las paradas de otros pilotos, así que es "
     "imposible determinar si hubo un undercut o un overcut exitoso.", "battle_outcome", {"success": True}),
    ("outcome_unknowable", "es", "HAM terminó quinto. No hay datos que indiquen un undercut exitoso.", "battle_outcome",
     {"success": True}),
    ("outcome_unknowable", "pt", "VER parou na volta 20. Os dados não trazem as paradas dos outros pilotos, então é "
     "impossível determinar se houve um undercut ou overcut bem-sucedido.", "battle_outcome", {"success": True}),
    ("outcome_unknowable", "pt", "HAM terminou em quinto. Não há dados que indiquem um undercut bem-sucedido.",
     "battle_outcome", {"success": True}),
    # the laps of a round of stops date the stops: no stint of either driver
    ("stop_phase_range", "en", "By the time both were on the same compound (MEDIUM) and during the next round of stops "
     "(laps 66-67), BOR was ahead of STR.", "stint_laps", {"start_lap": 66, "end_lap": 67}),
    ("stop_phase_range", "en", "BOR was on MEDIUM during the pit phase (laps 66-67) and STR stayed behind.",
     "stint_laps", {"driver": "BOR", "start_lap": 66}),
    ("stop_phase_range", "es", "Cuando ambos ya estaban en el mismo compuesto (MEDIUM) y durante la siguiente ronda de "
     "paradas (vueltas 66-67), BOR iba por delante de STR.", "stint_laps", {"start_lap": 66, "end_lap": 67}),
    ("stop_phase_range", "pt", "Quando ambos já estavam no mesmo composto (MEDIUM) e durante a rodada seguinte de "
     "paradas (voltas 66-67), BOR estava à frente de STR.", "stint_laps", {"start_lap": 66, "end_lap": 67}),
    # a move denied without a rival: no failed attempt on the other driver
    ("move_denied", "en", "No overcut attempt: OCO did not overcut; he stopped after BOR.", "battle_outcome",
     {"success": False, "attacker": "OCO"}),
    ("move_denied", "en", "HAM did not undercut, as he pitted after RUS.", "battle_outcome",
     {"success": False, "attacker": "HAM"}),
    ("move_denied", "es", "Sin intento de overcut: OCO no hizo overcut; paró después de BOR.", "battle_outcome",
     {"success": False, "attacker": "OCO"}),
    ("move_denied", "pt", "Sem tentativa de overcut: OCO não fez overcut; parou depois de BOR.", "battle_outcome",
     {"success": False, "attacker": "OCO"}),
    # a pass through the stops is the battle's, not a defense's outcome
    ("pass_via_stops", "en", "The overcut allowed TSU to overtake COL on track via the pit sequence, and TSU held the "
     "position to the finish.", "defense_outcome", {"pursuer": "TSU"}),
    ("pass_via_stops", "es", "El overcut permitió a TSU adelantar a COL en la secuencia de paradas, y TSU mantuvo a COL "
     "detrás hasta el final.", "defense_outcome", {"pursuer": "TSU"}),
    ("pass_via_stops", "pt", "O overcut permitiu a TSU ultrapassar COL na sequência de paradas, e TSU segurou COL atrás "
     "até o fim.", "defense_outcome", {"pursuer": "TSU"}),
    # "wet" against "dry": the weather's tyre category, not the full wet
    ("wet_or_dry", "en", "GAS went from wet to dry tyres on lap 11.", "compound_change", {"from": "WET"}),
    ("wet_or_dry", "es", "GAS pasó de neumáticos wet a dry en la vuelta 11.", "compound_change", {"from": "WET"}),
    ("wet_or_dry", "pt", "GAS passou de pneus wet para dry na volta 11.", "compound_change", {"from": "WET"}),
    # the net change of several stops is no one tyre change
    ("net_of_stops", "en", "OCO's two early stops under SC/VSC were effectively one compound change from Medium to "
     "Medium.", "compound_change", {"driver": "OCO", "from": "MEDIUM", "to": "MEDIUM"}),
    ("net_of_stops", "es", "Las dos primeras paradas de OCO bajo SC/VSC fueron en la práctica un cambio de Medio a "
     "Medio.", "compound_change", {"driver": "OCO", "from": "MEDIUM", "to": "MEDIUM"}),
    ("net_of_stops", "pt", "As duas primeiras paradas de OCO sob SC/VSC foram na prática uma troca de Médio para "
     "Médio.", "compound_change", {"driver": "OCO", "from": "MEDIUM", "to": "MEDIUM"}),
    # a count planned or overtaken by events is not the race's
    ("planned_count", "en", "HUL's long stint effectively made his strategy a two-stopper (SOFT-MEDIUM-SOFT) before the "
     "SC/VSC intervened.", "n_stops", {"driver": "HUL", "n": 2}),
    ("planned_count", "en", "HUL was on course for a two-stop race until the safety car came out.", "n_stops",
     {"driver": "HUL", "n": 2}),
    ("planned_count", "es", "El stint largo de HUL hacía de su estrategia una de dos paradas (SOFT-MEDIUM-SOFT) hasta "
     "que llegó el SC.", "n_stops", {"driver": "HUL", "n": 2}),
    ("planned_count", "es", "HUL tenía prevista una estrategia de dos paradas.", "n_stops", {"driver": "HUL", "n": 2}),
    ("planned_count", "pt", "O stint longo de HUL fazia da sua estratégia uma de duas paradas (SOFT-MEDIUM-SOFT) até o "
     "SC intervir.", "n_stops", {"driver": "HUL", "n": 2}),
    ("planned_count", "pt", "HUL tinha planejado uma estratégia de duas paradas.", "n_stops", {"driver": "HUL", "n": 2}),
    # "the lap-66/lap-67 exchange" of two drivers: the second lap is the second driver's
    ("paired_laps", "en", "The data does not say BOR passed STR because of the lap-66/lap-67 pit exchange.", "pit_lap",
     {"driver": "BOR", "lap": 67}),
    ("paired_laps", "es", "Los datos no dicen que BOR superó a STR por el intercambio de paradas vuelta 66/vuelta 67.",
     "pit_lap", {"driver": "BOR", "lap": 67}),
    ("paired_laps", "pt", "Os dados não dizem que BOR superou STR pela troca de paradas volta 66/volta 67.", "pit_lap",
     {"driver": "BOR", "lap": 67}),
    # issue #43, found on the held-out cover-all gold after it was measured: the laps of a tyre sequence are the
    # race's, and a statement the answer itself calls a typo is taken back
    ("sequence_count", "en", "HAD ran **SOFT → MEDIUM → MEDIUM** over **71 laps**, stopping on **lap 18** and **lap 37**.",
     "stint_laps", {"driver": "HAD", "n_laps": 71}),
    ("sequence_count", "es", "HAD hizo **SOFT → MEDIUM → MEDIUM** en **71 vueltas**, parando en las vueltas 18 y 37.",
     "stint_laps", {"driver": "HAD", "n_laps": 71}),
    ("sequence_count", "pt", "HAD fez **SOFT → MEDIUM → MEDIUM** ao longo de **71 voltas**, parando nas voltas 18 e 37.",
     "stint_laps", {"driver": "HAD", "n_laps": 71}),
    ("retracted", "en", "OCO's average lap time in Stint 1 (98.57s on MEDIUM is likely a typo in the provided stint "
     "labeling; his Stint 1 SOFT avg is 99.08s) was faster.", "stint_compound", {"driver": "OCO", "compound": "MEDIUM"}),
    ("retracted", "es", "El tiempo medio de OCO en el stint 1 (98,57 s con MEDIUM, probablemente una errata del "
     "etiquetado; su stint 1 con SOFT promedia 99,08 s) fue mejor.", "stint_compound",
     {"driver": "OCO", "compound": "MEDIUM"}),
    ("retracted", "pt", "O tempo médio de OCO no stint 1 (98,57 s com MEDIUM, provavelmente um erro de digitação; o stint "
     "1 com SOFT tem média de 99,08 s) foi melhor.", "stint_compound", {"driver": "OCO", "compound": "MEDIUM"}),
    # a yes/no question asserts nothing; its answer follows the "?" that closes it ("¿Funcionó el undercut? No.")
    ("question_answer", "es", "HAD paró antes que OCO. ¿Funcionó el undercut?", "battle_outcome", {"success": True}),
    ("question_answer", "es", "HAD paró antes que OCO. ¿Funcionó el undercut? No.", "battle_outcome", {"success": True}),
    ("question_answer", "pt", "HAD parou antes de OCO. O undercut funcionou para HAD? Não.", "battle_outcome",
     {"success": True}),
    ("question_answer", "en", "HAD stopped before OCO. Did the undercut work for HAD? No.", "battle_outcome",
     {"success": True}),
    # a tyre named before a consequence ("…, enabling a final stop for Softs") is not the tyre the stop removed
    ("consequence_from", "en", "- The long Medium stint likely positioned him to benefit from the late SC/VSC on Lap 54, "
     "enabling a cheap final stop for fresh Softs.", "compound_change", {"from": "MEDIUM"}),
    ("consequence_from", "es", "El largo stint con MEDIUM le permitió aprovechar el SC de la vuelta 54, posibilitando una "
     "última parada barata para SOFT nuevos.", "compound_change", {"from": "MEDIUM"}),
    ("consequence_from", "pt", "O longo stint de MEDIUM deixou-o aproveitar o SC da volta 54, permitindo uma última parada "
     "barata para SOFT novos.", "compound_change", {"from": "MEDIUM"}),
]

# (class, lang, text, claim type, slots the right claim has)
STILL_READ = [
    # (issue #43) classes 1-5: the right claim beside them
    ("cut_number", "en", "HAM undercut SAI, pitting two laps before SAI on lap 24.", "pit_lap",
     {"driver": "SAI", "lap": 24}),
    ("cut_number", "en", "HAM pitted on lap 19 (SAI on lap 2", "pit_lap", {"driver": "HAM", "lap": 19}),
    ("cut_number", "es", "HAM paró en la vuelta 19 (SAI en la vuelta 2", "pit_lap", {"driver": "HAM", "lap": 19}),
    ("cut_number", "pt", "HAM parou na volta 19 (SAI na volta 2", "pit_lap", {"driver": "HAM", "lap": 19}),
    ("overlap_of_stops", "en", "GAS ran 20 laps on the HARD before he pitted.", "stint_laps",
     {"driver": "GAS", "n_laps": 20}),
    ("overlap_of_stops", "en", "GAS ran 20 laps on the HARD while OCO did 25 laps on the MEDIUM.", "stint_laps",
     {"driver": "OCO", "n_laps": 25}),
    ("overlap_of_stops", "es", "GAS hizo 20 vueltas con HARD antes de parar.", "stint_laps", {"driver": "GAS", "n_laps": 20}),
    ("overlap_of_stops", "pt", "GAS fez 20 voltas com HARD até parar.", "stint_laps", {"driver": "GAS", "n_laps": 20}),
    ("subject_object", "es", "ALO undercut a STR al parar en vuelta 19.", "pit_lap", {"driver": "ALO", "lap": 19}),
    ("subject_object", "pt", "ALO fez o undercut em STR ao parar na volta 19.", "pit_lap", {"driver": "ALO", "lap": 19}),
    ("subject_object", "en", "HUL stayed out longer (lap 33 vs. BEA lap 30), extending his first stint to 33 laps.",
     "stint_laps", {"driver": "HUL", "n_laps": 33}),
    ("subject_object", "es", "HUL se quedó más tiempo en pista (vuelta 33 frente a BEA vuelta 30), alargando su "
     "primer stint a 33 vueltas.", "stint_laps", {"driver": "HUL", "n_laps": 33}),
    ("subject_object", "en", "HAM pitted on lap 19 (SAI on lap 24).", "pit_lap", {"driver": "HAM", "lap": 19}),
    ("subject_object", "pt", "HAM parou na volta 19 (SAI na volta 24).", "pit_lap", {"driver": "SAI", "lap": 24}),
    ("subject_object", "en", "The first stops (BOR lap 7, OCO laps 8 and 9) came under the Safety Car.", "pit_lap",
     {"driver": "OCO", "lap": 8}),
    ("subject_object", "es", "Las primeras paradas (BOR vuelta 7, OCO vueltas 8 y 9) fueron bajo Safety Car.",
     "pit_lap", {"driver": "OCO", "lap": 8}),
    ("subject_object", "pt", "HAM e RUS pararam nas voltas 20 e 22, respectivamente.", "pit_lap",
     {"driver": "RUS", "lap": 22}),
    # a pronoun inside the aside that names a driver is that driver's
    ("subject_object", "en", "TSU's stint was poor compared to STR's fresh INTERMEDIATES after his stop on lap 10.",
     "pit_lap", {"driver": "STR", "lap": 10}),
    ("subject_object", "es", "El stint de TSU fue peor frente a los INTERMEDIATE nuevos de STR tras su parada en la "
     "vuelta 10.", "pit_lap", {"driver": "STR", "lap": 10}),
    ("counter_move", "en", "STR tried an overcut on ALO, but STR did not overcut ALO in the end.", "battle_outcome",
     {"success": False, "attacker": "STR"}),
    ("stop_dated", "en", "HAM won with one stop, on lap 20.", "n_stops", {"driver": "HAM", "n": 1}),
    ("stop_dated", "es", "HAM hizo una sola parada, en la vuelta 20.", "n_stops", {"driver": "HAM", "n": 1}),
    ("stop_dated", "pt", "HAM fez uma única parada, na volta 20.", "n_stops", {"driver": "HAM", "n": 1}),
    ("phase_range", "en", "**HAM – middle phase: MEDIUM, laps 12–48**\n- Pace: 84.2 s on average", "stint_laps",
     {"driver": "HAM", "start_lap": 12, "end_lap": 48}),
    ("phase_range", "en", "HAM ran the MEDIUM on laps 12-48.\n\n**Pace**\n- Laps 12-30: 84.2 s\n- Laps 31-48: 85.0 s",
     "stint_laps", {"driver": "HAM", "start_lap": 12, "end_lap": 48}),
    ("phase_range", "es", "**HAM – fase intermedia: MEDIUM, vueltas 12–48**\n- Ritmo: 84,2 s de media", "stint_laps",
     {"driver": "HAM", "start_lap": 12, "end_lap": 48}),
    ("phase_range", "pt", "**HAM – fase intermediária: MEDIUM, voltas 12–48**\n- Ritmo: 84,2 s de média", "stint_laps",
     {"driver": "HAM", "start_lap": 12, "end_lap": 48}),
    ("index", "en", "BEA’s lap-14 stop undercut SAI’s lap-18 stop, and it worked.", "pit_lap",
     {"driver": "BEA", "lap": 14}),
    ("index", "en", "HAM made two stops.", "n_stops", {"driver": "HAM", "n": 2}),
    ("index", "es", "BEA hizo dos paradas.", "n_stops", {"driver": "BEA", "n": 2}),
    ("index", "pt", "BEA fez duas paradas.", "n_stops", {"driver": "BEA", "n": 2}),
    ("subrange", "en", "HAM ran MEDIUM on laps 1-18, then HARD on laps 19-52.", "stint_laps",
     {"driver": "HAM", "compound": "HARD", "start_lap": 19, "end_lap": 52}),
    ("subrange", "es", "HAM usó medios en las vueltas 1-18 y duros en las vueltas 19-52.", "stint_laps",
     {"driver": "HAM", "compound": "MEDIUM", "start_lap": 1, "end_lap": 18}),
    ("subrange", "en", "ANT remained on the INTERMEDIATE from laps 5-33, while OCO stayed on it until lap 39.",
     "stint_laps", {"driver": "ANT", "start_lap": 5, "end_lap": 33}),
    ("subrange", "pt", "STR fez HARD por 27 voltas (voltas 25-51), enquanto ALB fez HARD por 24 voltas (voltas 24-47).",
     "stint_laps", {"driver": "STR", "start_lap": 25, "end_lap": 51}),
    ("subrange", "pt", "HAM usou médios nas voltas 1-18 e duros nas voltas 19-52.", "stint_laps",
     {"driver": "HAM", "compound": "MEDIUM", "start_lap": 1, "end_lap": 18}),
    ("after_stint", "en", "HAM switched SOFT to MEDIUM after a 12-lap stint.", "stint_laps",
     {"driver": "HAM", "compound": "SOFT", "n_laps": 12}),
    ("after_stint", "es", "HAM cambió de blandos a medios tras un stint de 12 vueltas.", "stint_laps",
     {"driver": "HAM", "compound": "SOFT", "n_laps": 12}),
    ("after_stint", "pt", "HAM trocou macios por médios após um stint de 12 voltas.", "stint_laps",
     {"driver": "HAM", "compound": "SOFT", "n_laps": 12}),
    ("after_stint", "es", "SAI hizo un primer stint de 27 vueltas con medios.", "stint_laps",
     {"driver": "SAI", "compound": "MEDIUM", "n_laps": 27}),
    ("stint_number", "en", "HAM started on the MEDIUM and pitted on lap 22.", "stint_compound",
     {"driver": "HAM", "compound": "MEDIUM", "stint": 1}),
    ("stint_number", "es", "HAM empezó con medios.", "stint_compound", {"driver": "HAM", "compound": "MEDIUM", "stint": 1}),
    ("stint_number", "pt", "HAM largou com médios.", "stint_compound", {"driver": "HAM", "compound": "MEDIUM", "stint": 1}),
    ("stint_number", "en", "The first Hard stint lasted 19 laps for OCO.", "stint_compound",
     {"driver": "OCO", "compound": "HARD"}),
    ("stint_number", "en", "NOR struggled in the opening Intermediate stint.", "stint_compound",
     {"driver": "NOR", "compound": "INTERMEDIATE", "stint": 1}),
    ("subject", "en", "ALO finished ahead of HUL: P7 vs P8.", "final_position", {"driver": "HUL", "position": 8}),
    ("subject", "en", "ALB was able to overtake HAD and finish in P6.", "final_position", {"driver": "ALB", "position": 6}),
    ("subject", "es", "ALB logró adelantar a HAD y terminó en P6.", "final_position", {"driver": "ALB", "position": 6}),
    ("subject", "pt", "ALB conseguiu ultrapassar HAD e terminou em P6.", "final_position",
     {"driver": "ALB", "position": 6}),
    ("pace", "en", "In the overcut the gap HAD to BOR went from 2.61s to 8.04s.", "gap", {"seconds": 8.04}),
    ("pace", "es", "En el undercut la diferencia entre HAD y BOR pasó de 2,61 s a 8,04 s.", "gap", {"seconds": 8.04}),
    ("pace", "pt", "No undercut a diferença entre HAD e BOR passou de 2,61 s para 8,04 s.", "gap", {"seconds": 8.04}),
    # 10. a tyre fitted as the verb's object ("fitted another set of HARDs") is a change
    ("fitted", "en", "HAM fitted another set of HARDs at the lap-40 stop.", "compound_change",
     {"driver": "HAM", "from": "HARD", "to": "HARD", "lap": 40}),
    ("fitted", "es", "GAS paró en la vuelta 32 y montó neumáticos medios.", "compound_change",
     {"driver": "GAS", "to": "MEDIUM", "lap": 32}),
    ("fitted", "pt", "GAS parou na volta 32 e colocou MEDIUM.", "compound_change", {"driver": "GAS", "to": "MEDIUM", "lap": 32}),
    ("stop_option", "en", "HAM ran a one-stop strategy.", "n_stops", {"driver": "HAM", "n": 1}),
    ("stop_option", "en", "OCO made two stops, more than a one-stop rival.", "n_stops", {"driver": "OCO", "n": 2}),
    ("stop_option", "es", "HAM hizo una estrategia de una parada.", "n_stops", {"driver": "HAM", "n": 1}),
    ("stop_option", "pt", "HAM fez uma estratégia de uma parada.", "n_stops", {"driver": "HAM", "n": 1}),
    ("stop_list", "en", "HAM stops on laps 18 (SOFT→MEDIUM), 40 (MEDIUM→HARD) and 52 (HARD→HARD).", "compound_change",
     {"driver": "HAM", "from": "MEDIUM", "to": "HARD", "lap": 40}),
    ("stop_list", "es", "HAM paró en las vueltas 18 (blando→medio), 40 (medio→duro) y 52 (duro→duro).",
     "pit_lap", {"driver": "HAM", "lap": 52}),
    ("stop_list", "pt", "HAM parou nas voltas 18 (macio→médio), 40 (médio→duro) e 52 (duro→duro).", "compound_change",
     {"driver": "HAM", "from": "HARD", "to": "HARD", "lap": 52}),
    ("deadline", "en", "SAI pitted on lap 17 while LAW stayed out until lap 19.", "pit_lap", {"driver": "LAW", "lap": 19}),
    ("deadline", "es", "SAI paró en la vuelta 17.", "pit_lap", {"driver": "SAI", "lap": 17}),
    ("deadline", "pt", "SAI parou na volta 17.", "pit_lap", {"driver": "SAI", "lap": 17}),
    ("attempt", "en", "STR undercut TSU.", "battle", {"attacker": "STR", "defender": "TSU"}),
    ("attempt", "es", "STR paró una vuelta antes que TSU, intentando un undercut.", "battle",
     {"attacker": "STR", "defender": "TSU"}),
    ("attempt", "pt", "STR parou uma volta antes de TSU, tentando um undercut.", "battle",
     {"attacker": "STR", "defender": "TSU"}),
    ("gain_from_to", "en", "In the undercut TSU gained −0.417 s on SAI.", "gain", {"seconds": -0.417}),
    ("gain_from_to", "en", "In the undercut, ALO's time gain shrank the gap from -4.833s to -1.049s against LAW.",
     "gap", {"seconds": 1.049, "when": "after"}),
    ("gain_from_to", "es", "En el undercut TSU ganó 3,8 s sobre SAI.", "gain", {"seconds": 3.8}),
    ("gain_from_to", "pt", "No undercut TSU ganhou 3,8 s sobre SAI.", "gain", {"seconds": 3.8}),
    ("stint_clause", "en", "HAM's second stint on the HARD lasted 30 laps.", "stint_compound",
     {"driver": "HAM", "compound": "HARD", "stint": 2}),
    ("stint_clause", "es", "El segundo stint de HAM con duros duró 30 vueltas.", "stint_laps",
     {"driver": "HAM", "compound": "HARD", "stint": 2, "n_laps": 30}),
    ("stint_clause", "pt", "O segundo stint de HAM com duros durou 30 voltas.", "stint_laps",
     {"driver": "HAM", "compound": "HARD", "stint": 2, "n_laps": 30}),
    ("lap_lead", "en", "HAM's second stint on the HARD lasted 30 laps.", "stint_laps", {"driver": "HAM", "n_laps": 30}),
    ("lap_lead", "es", "HAM hizo un stint de 27 vueltas con medios.", "stint_laps", {"driver": "HAM", "n_laps": 27}),
    ("lap_lead", "pt", "HAM fez um stint de 27 voltas com médios.", "stint_laps", {"driver": "HAM", "n_laps": 27}),
    ("n_of_index", "en", "NOR: pit on lap 26, stint 1 of 26 laps on Medium.", "stint_laps",
     {"driver": "NOR", "stint": 1, "n_laps": 26, "compound": "MEDIUM"}),
    ("n_of_index", "es", "NOR: parada en la vuelta 26, stint 1 de 26 vueltas con medios.", "stint_laps",
     {"driver": "NOR", "stint": 1, "n_laps": 26}),
    ("n_of_index", "pt", "NOR: pit na volta 26, stint 2 de **36 voltas** em Hard.", "stint_laps",
     {"driver": "NOR", "stint": 2, "n_laps": 36, "compound": "HARD"}),
    ("n_of_index", "pt", "HAM completou 58 de 70 voltas.", "race_laps", {"laps": 70}),
    ("bound", "en", "ALO gained more than 4 seconds on COL in the undercut.", "gain", {"seconds": 4.0, "bound": "min"}),
    ("bound", "es", "ALO ganó una ventaja de más de 4 segundos sobre COL en el undercut.", "gain",
     {"seconds": 4.0, "bound": "min"}),
    ("bound", "pt", "A diferença entre TSU e SAI era de menos de 1 segundo após as paradas.", "gap",
     {"seconds": 1.0, "bound": "max", "driver_a": "TSU"}),
    ("article_one", "en", "HAM made only one stop.", "n_stops", {"driver": "HAM", "n": 1}),
    ("article_one", "es", "HAM hizo una sola parada.", "n_stops", {"driver": "HAM", "n": 1}),
    ("article_one", "pt", "HAM fez só uma parada.", "n_stops", {"driver": "HAM", "n": 1}),
    ("stint_count", "en", "HUL used a three-stint strategy.", "n_stops", {"driver": "HUL", "n": 2}),
    ("stint_count", "es", "HUL hizo una estrategia de tres stints.", "n_stops", {"driver": "HUL", "n": 2}),
    ("stint_count", "pt", "HUL fez uma estratégia de três stints.", "n_stops", {"driver": "HUL", "n": 2}),
    ("until", "en", "VER pitted on lap 37 and switched to SOFT until lap 71.", "pit_lap", {"driver": "VER", "lap": 37}),
    ("until", "es", "LAW se quedó en pista hasta la vuelta 19.", "pit_lap", {"driver": "LAW", "lap": 19}),
    ("until", "pt", "LAW ficou na pista até a volta 19.", "pit_lap", {"driver": "LAW", "lap": 19}),
    ("came_out", "en", "HAM started on the MEDIUM.", "stint_compound", {"driver": "HAM", "stint": 1}),
    ("came_out", "es", "HAM arrancó con medios.", "stint_compound", {"driver": "HAM", "compound": "MEDIUM", "stint": 1}),
    ("came_out", "pt", "HAM largou com médios.", "stint_compound", {"driver": "HAM", "compound": "MEDIUM", "stint": 1}),
    ("both_colon", "en", "Both switched to SOFT: PIA on lap 45 and NOR on lap 46.", "compound_change",
     {"driver": "NOR", "to": "SOFT", "lap": 46}),
    ("both_colon", "es", "Ambos pasaron a SOFT: PIA en la vuelta 45 y NOR en la 46.", "compound_change",
     {"driver": "PIA", "to": "SOFT", "lap": 45}),
    ("both_colon", "pt", "Ambos trocaram para SOFT: PIA na volta 45 e NOR na 46.", "compound_change",
     {"driver": "PIA", "to": "SOFT", "lap": 45}),
    ("not_a_place", "en", "ALO finished in 7th place.", "final_position", {"driver": "ALO", "position": 7}),
    ("not_a_place", "es", "ALO terminó en séptimo lugar.", "final_position", {"driver": "ALO", "position": 7}),
    ("not_a_place", "pt", "ALO terminou em sétimo lugar.", "final_position", {"driver": "ALO", "position": 7}),
    ("finish_pair", "en", "HAD overcut BOR. This contributed to HAD finishing ahead (P10 vs P11).", "final_position",
     {"driver": "BOR", "position": 11}),
    ("finish_pair", "es", "BEA hizo el undercut a OCO. Esto ayudó a que BEA terminara por delante (P11 frente a P15).",
     "final_position", {"driver": "BEA", "position": 11}),
    ("finish_pair", "pt", "BEA fez o undercut em OCO. Isso ajudou BEA a terminar à frente (P11 contra P15).",
     "final_position", {"driver": "OCO", "position": 15}),
    ("share_tyre", "en", "VER completed 41 of 52 laps on INTERMEDIATE.", "stint_laps",
     {"driver": "VER", "compound": "INTERMEDIATE", "n_laps": 41}),
    ("share_tyre", "es", "VER completó 41 de 52 vueltas con INTERMEDIATE.", "stint_laps",
     {"driver": "VER", "compound": "INTERMEDIATE", "n_laps": 41}),
    ("share_tyre", "pt", "VER completou 41 de 52 voltas com INTERMEDIATE.", "stint_laps",
     {"driver": "VER", "compound": "INTERMEDIATE", "n_laps": 41}),
    ("fitted_start", "en", "HAM pitted for hards on lap 20.", "compound_change", {"driver": "HAM", "to": "HARD", "lap": 20}),
    ("fitted_start", "es", "GAS paró en la vuelta 32 y montó neumáticos medios.", "compound_change",
     {"driver": "GAS", "to": "MEDIUM", "lap": 32}),
    ("fitted_start", "pt", "GAS parou na volta 32 e colocou MEDIUM.", "compound_change",
     {"driver": "GAS", "to": "MEDIUM", "lap": 32}),
    ("own_list", "en", "NOR pitted on laps 20 and 52; PIA pitted on laps 24 and 53.", "pit_lap",
     {"driver": "NOR", "lap": 52}),
    ("own_list", "es", "NOR paró en las vueltas 20 y 52; PIA paró en las vueltas 24 y 53.", "pit_lap",
     {"driver": "PIA", "lap": 53}),
    ("own_list", "pt", "NOR parou nas voltas 20 e 52; PIA parou nas voltas 24 e 53.", "pit_lap",
     {"driver": "PIA", "lap": 24}),
    ("own_list", "en", "ALO and SAI pitted on laps 13 and 17.", "pit_lap", {"driver": "SAI", "lap": 17}),
    ("subject", "en", "SAI pitted earlier than LAW, on lap 17 (SOFT → MEDIUM), while LAW stayed out until lap 19.",
     "compound_change", {"driver": "SAI", "from": "SOFT", "to": "MEDIUM", "lap": 17}),
    ("subject", "es", "SAI paró antes que LAW, en la vuelta 17 (blando→medio), mientras LAW siguió hasta la vuelta 19.",
     "pit_lap", {"driver": "SAI", "lap": 17}),
    ("subject", "pt", "SAI parou antes de LAW, na volta 17 (macio→médio), enquanto LAW ficou até a volta 19.",
     "pit_lap", {"driver": "LAW", "lap": 19}),
    ("stayed_laps", "en", "SAI pitted on lap 17 while LAW stayed out until lap 19.", "pit_lap",
     {"driver": "LAW", "lap": 19}),
    ("stayed_laps", "es", "LAW se quedó en pista hasta la vuelta 19.", "pit_lap", {"driver": "LAW", "lap": 19}),
    ("stayed_laps", "pt", "LAW ficou na pista até a volta 19.", "pit_lap", {"driver": "LAW", "lap": 19}),
    # a colon that spells out the stops of the clause before it
    ("stops_spelled", "en", "HUL undercut HAD because he stopped a lap earlier: HUL on lap 5 and HAD on lap 6.",
     "pit_lap", {"driver": "HAD", "lap": 6}),
    ("stops_spelled", "es", "TSU hizo el undercut a HAM porque paró antes: TSU lo hizo en lap 2 y HAM en lap 4.",
     "pit_lap", {"driver": "TSU", "lap": 2}),
    ("stops_spelled", "pt", "HUL fez o undercut em HAD porque parou uma volta antes: HUL na volta 5 e HAD na volta 6.",
     "pit_lap", {"driver": "HAD", "lap": 6}),
    # change verbs that hold their preposition ("foi para", "volvió a", "went back to")
    ("change_verb", "en", "HAM went back to intermediates on lap 47.", "compound_change",
     {"driver": "HAM", "to": "INTERMEDIATE", "lap": 47}),
    ("change_verb", "es", "Finalmente, HAM volvió a intermedios en la vuelta 47 bajo SC/VSC.", "compound_change",
     {"driver": "HAM", "to": "INTERMEDIATE", "lap": 47}),
    ("change_verb", "pt", "ALB foi para MEDIUM na volta 44.", "compound_change", {"driver": "ALB", "to": "MEDIUM", "lap": 44}),
    ("change_verb", "pt", "HAM voltou para intermediários na volta 47.", "compound_change",
     {"driver": "HAM", "to": "INTERMEDIATE", "lap": 47}),
    ("from_only", "en", "HUL made an early switch from Softs on lap 12.", "compound_change",
     {"driver": "HUL", "from": "SOFT", "lap": 12}),
    ("from_only", "es", "VER cambió del MEDIUM en la vuelta 12.", "compound_change",
     {"driver": "VER", "from": "MEDIUM", "lap": 12}),
    ("from_only", "pt", "HUL trocou cedo do SOFT na volta 12.", "compound_change", {"driver": "HUL", "from": "SOFT"}),
    ("rain_tyre", "en", "HAM switched from intermediates to full wets.", "compound_change",
     {"driver": "HAM", "from": "INTERMEDIATE", "to": "WET"}),
    ("rain_tyre", "es", "HAM cambió de intermedios a neumáticos de lluvia.", "compound_change",
     {"driver": "HAM", "from": "INTERMEDIATE", "to": "WET"}),
    ("rain_tyre", "pt", "NOR manteve a aposta em pneus de chuva, sem passar para slicks.", "stint_compound",
     {"driver": "NOR", "compound": "RAIN"}),
    # a stint's length with words between the stint and its laps
    ("stint_of_words", "en", "GAS ran a very long stint of 33 laps on MEDIUM.", "stint_laps",
     {"driver": "GAS", "compound": "MEDIUM", "n_laps": 33}),
    ("stint_of_words", "es", "Tras el cambio a MEDIUM, GAS hizo un stint muy largo de 33 vueltas.", "stint_laps",
     {"driver": "GAS", "compound": "MEDIUM", "n_laps": 33}),
    ("stint_of_words", "pt", "GAS fez um stint muito longo de 33 voltas com MEDIUM.", "stint_laps",
     {"driver": "GAS", "compound": "MEDIUM", "n_laps": 33}),
    ("stint_of_words", "es", "HUL hizo un stint de INTERMEDIATE de 33 vueltas en el stint 2.", "stint_laps",
     {"driver": "HUL", "stint": 2, "compound": "INTERMEDIATE", "n_laps": 33}),
    # a heading with a lap word and a pit word, then "driver number" pairs: pit laps
    ("heading_laps", "en", "**Pit laps:** HAM 18 vs OCO 16.", "pit_lap", {"driver": "OCO", "lap": 16}),
    ("heading_laps", "es", "**Vueltas de parada:** HAM 18 vs OCO 16.", "pit_lap", {"driver": "HAM", "lap": 18}),
    ("heading_laps", "pt", "**Voltas de parada:** HAM 18, OCO 16.", "pit_lap", {"driver": "OCO", "lap": 16}),
    # the owner of a tyre named beside it: "RUS’s fresh Medium", "los Medium nuevos de RUS"
    ("tyre_owner", "en", "RUS’s fresh Medium stint was much faster than TSU’s aging Intermediate.", "stint_compound",
     {"driver": "TSU", "compound": "INTERMEDIATE"}),
    ("tyre_owner", "es", "Los Medium nuevos de RUS fueron más rápidos que los Intermedios gastados de TSU.",
     "stint_compound", {"driver": "TSU", "compound": "INTERMEDIATE"}),
    ("tyre_owner", "pt", "Os MEDIUM novos de RUS foram mais rápidos que os Intermediários gastos do TSU.",
     "stint_compound", {"driver": "RUS", "compound": "MEDIUM"}),
    # a driver who "did X and set a fast lap on the MEDIUMs": many words (a count, a bracketed lap) between
    # the subject and its tyre, none of them another driver
    ("runner_far", "en", "LEC stayed out 1 lap longer (lap 10) and set a fast lap on the MEDIUMs.", "stint_compound",
     {"driver": "LEC", "compound": "MEDIUM"}),
    ("runner_far", "es", "LEC extendió 1 vuelta más (vuelta 10) e hizo una vuelta rápida con los MEDIUM.",
     "stint_compound", {"driver": "LEC", "compound": "MEDIUM"}),
    ("runner_far", "pt", "LEC estendeu 1 volta a mais (lap 10) e fez uma volta rápida nos MEDIUM.", "stint_compound",
     {"driver": "LEC", "compound": "MEDIUM"}),
    # a habit stated beside what happened does not hide it
    ("habitual", "en", "ANT switched from soft to hard on lap 25, as teams usually do when the soft fades.",
     "compound_change", {"driver": "ANT", "from": "SOFT", "to": "HARD", "lap": 25}),
    ("habitual", "es", "ANT cambió de blando a duro en la vuelta 25, como suelen hacer los equipos cuando el blando cae.",
     "compound_change", {"driver": "ANT", "from": "SOFT", "to": "HARD", "lap": 25}),
    ("habitual", "pt", "ANT trocou de macio para duro na volta 25, como as equipes costumam fazer quando o macio cai.",
     "compound_change", {"driver": "ANT", "from": "SOFT", "to": "HARD", "lap": 25}),
    # the move, then who it put ahead of whom: "the overcut gained HAM track position over OCO"
    ("gave_position", "en", "The overcut succeeded in gaining HAM track position over OCO.", "battle",
     {"kind": "overcut", "attacker": "HAM", "defender": "OCO"}),
    ("gave_position", "es", "El undercut le dio a NOR la posición sobre PIA.", "battle",
     {"kind": "undercut", "attacker": "NOR", "defender": "PIA"}),
    ("gave_position", "pt", "O undercut deu a NOR a posição sobre PIA.", "battle",
     {"kind": "undercut", "attacker": "NOR", "defender": "PIA"}),
    ("weather_wet", "en", "HAM switched from intermediates to wet tyres on lap 30.", "compound_change",
     {"driver": "HAM", "from": "INTERMEDIATE", "to": "WET", "lap": 30}),
    ("weather_wet", "es", "HAM pasó de intermedios a neumáticos de lluvia extrema en la vuelta 30.", "compound_change",
     {"driver": "HAM", "from": "INTERMEDIATE", "to": "WET"}),
    ("weather_wet", "pt", "HAM trocou de intermediários para pneus de chuva extrema na volta 30.", "compound_change",
     {"driver": "HAM", "from": "INTERMEDIATE", "to": "WET"}),
    ("lap_slash", "en", "HAM lost 0.05 s/lap on the HARD.", "stint_compound", {"driver": "HAM", "compound": "HARD"}),
    ("lap_slash", "es", "BEA ganó posición sobre GAS en la secuencia de paradas vuelta 11/vuelta 12.", "pit_lap",
     {"driver": "GAS", "lap": 12}),
    ("lap_slash", "pt", "BEA ganhou posição sobre GAS na sequência de paradas volta 11/volta 12.", "pit_lap",
     {"driver": "GAS", "lap": 12}),
    ("finish_subject", "en", "HAM finished ahead of VER (P3 vs P5).", "final_position", {"driver": "VER", "position": 5}),
    ("finish_subject", "es", "HAM terminó por delante de VER (P3 vs P5).", "final_position",
     {"driver": "HAM", "position": 3}),
    ("finish_subject", "pt", "HAM terminou à frente de VER (P3 vs P5).", "final_position",
     {"driver": "VER", "position": 5}),
    ("gap_side", "en", "SAI undercut LAW: the gap shrank from 2.302s behind to 0.794s behind.", "gap",
     {"seconds": 0.794, "when": "after"}),
    ("gap_side", "es", "SAI hizo el undercut a LAW: la diferencia bajó de 2,302 s detrás a 0,794 s detrás.", "gap",
     {"seconds": 2.302, "when": "before"}),
    ("gap_side", "pt", "SAI fez o undercut em LAW: a diferença caiu de 2,302 s atrás para 0,794 s atrás.", "gap",
     {"seconds": 0.794, "when": "after"}),
    ("stop_of_a_part", "en", "VER ran a one-stop strategy.", "n_stops", {"driver": "VER", "n": 1}),
    ("stop_of_a_part", "es", "HAM hizo dos paradas.", "n_stops", {"driver": "HAM", "n": 2}),
    ("stop_of_a_part", "pt", "HAM fez duas paradas.", "n_stops", {"driver": "HAM", "n": 2}),
    ("several_stints", "en", "ANT's first stints were short, but his final SOFT stint lasted 24 laps.", "stint_laps",
     {"driver": "ANT", "compound": "SOFT", "n_laps": 24}),
    ("several_stints", "es", "HAM hizo un segundo stint con HARD en las vueltas 20-50.", "stint_laps",
     {"driver": "HAM", "stint": 2, "start_lap": 20, "end_lap": 50}),
    ("several_stints", "pt", "HAM fez o segundo stint com HARD nas voltas 20-50.", "stint_laps",
     {"driver": "HAM", "stint": 2, "start_lap": 20}),
    # ---- issue #43, claims a human reads and were missed (classes 6-12)
    # 6. every item of a stint list, and a plural stint word shared out over drivers
    ("stint_list", "en", "GAS's strategy: HARD (laps 1-18, avg 84.2 s), MEDIUM (laps 19-40, avg 83.1 s).",
     "stint_laps", {"driver": "GAS", "compound": "MEDIUM", "start_lap": 19, "end_lap": 40}),
    ("stint_list", "en", "Hard stints of 21 laps for OCO (laps 19-39) against 24 laps for GAS.", "stint_laps",
     {"driver": "GAS", "compound": "HARD", "n_laps": 24}),
    ("stint_list", "es", "GAS usó HARD (vueltas 1-18, ritmo medio 84,2 s) y luego MEDIUM (vueltas 19-40, ritmo medio "
     "83,1 s).", "stint_laps", {"driver": "GAS", "compound": "MEDIUM", "start_lap": 19, "end_lap": 40}),
    ("stint_list", "es", "Stints con HARD de 21 vueltas para OCO (vueltas 19-39) frente a 24 vueltas para GAS.",
     "stint_laps", {"driver": "GAS", "compound": "HARD", "n_laps": 24}),
    ("stint_list", "pt", "GAS usou HARD (voltas 1-18, média 84,2 s) e depois MEDIUM (voltas 19-40, média 83,1 s).",
     "stint_laps", {"driver": "GAS", "compound": "MEDIUM", "start_lap": 19, "end_lap": 40}),
    ("stint_list", "pt", "Stints de HARD de 21 voltas para OCO (voltas 19-39) contra 24 voltas para GAS.",
     "stint_laps", {"driver": "OCO", "compound": "HARD", "n_laps": 21, "start_lap": 19}),
    # 7. a stint bounded by its first lap
    ("stint_from_lap", "en", "VER ran the HARD from lap 22.", "stint_laps",
     {"driver": "VER", "compound": "HARD", "start_lap": 22}),
    ("stint_from_lap", "es", "VER llevó el HARD desde la vuelta 22.", "stint_laps",
     {"driver": "VER", "compound": "HARD", "start_lap": 22}),
    ("stint_from_lap", "pt", "VER usou o HARD a partir da volta 22.", "stint_laps",
     {"driver": "VER", "compound": "HARD", "start_lap": 22}),
    ("stint_from_lap", "en", "COL remained on his original HARD tires from lap 15 all the way to lap 66.",
     "stint_laps", {"driver": "COL", "compound": "HARD", "start_lap": 15, "end_lap": 66}),
    # 8. a gain named as a turnaround
    ("gain_noun", "en", "ALB undercut LEC. The undercut produced a turnaround of 2.1 s in ALB's favour.", "gain",
     {"seconds": 2.1, "attacker": "ALB"}),
    ("gain_noun", "es", "ALB hizo el undercut a LEC. Hubo una remontada de 2,1 s a favor de ALB.", "gain",
     {"seconds": 2.1, "attacker": "ALB"}),
    ("gain_noun", "pt", "ALB fez o undercut em LEC. Foi uma virada de 2,1 s a favor de ALB.", "gain",
     {"seconds": 2.1, "attacker": "ALB"}),
    # 9. the lap a stop was put off to
    ("waited_until", "en", "TSU waited until lap 14 to stop.", "pit_lap", {"driver": "TSU", "lap": 14}),
    ("waited_until", "es", "HUL paró en la vuelta 11, mientras TSU esperó hasta la vuelta 14.", "pit_lap",
     {"driver": "TSU", "lap": 14}),
    ("waited_until", "pt", "TSU esperou até a volta 14.", "pit_lap", {"driver": "TSU", "lap": 14}),
    # 10. the rival's stop in the bracket after the compared driver
    ("rival_bracket", "en", "SAI pitted on lap 18 (SOFT→HARD), three laps before LEC (lap 21, HARD→MEDIUM).",
     "pit_lap", {"driver": "LEC", "lap": 21}),
    ("rival_bracket", "en", "SAI stopped three laps before LEC (on lap 21, switching HARD→MEDIUM).",
     "compound_change", {"driver": "LEC", "from": "HARD", "to": "MEDIUM"}),
    ("rival_bracket", "es", "SAI paró en la vuelta 18 (SOFT→HARD), tres vueltas antes que LEC (vuelta 21, "
     "HARD→MEDIUM).", "pit_lap", {"driver": "LEC", "lap": 21}),
    ("rival_bracket", "pt", "SAI parou na volta 18 (SOFT→HARD), três voltas antes de LEC (volta 21, HARD→MEDIUM).",
     "pit_lap", {"driver": "LEC", "lap": 21}),
    # 11. a tyre change naming the tyre fitted only
    ("fresh_set", "en", "NOR pitted on lap 9 for a fresh set of SOFT.", "compound_change",
     {"driver": "NOR", "to": "SOFT", "lap": 9}),
    ("fresh_set", "es", "NOR paró en la vuelta 9 por un juego nuevo de SOFT.", "compound_change",
     {"driver": "NOR", "to": "SOFT", "lap": 9}),
    ("fresh_set", "pt", "NOR parou na volta 9 para um novo jogo de SOFT.", "compound_change",
     {"driver": "NOR", "to": "SOFT", "lap": 9}),
    ("fresh_set", "en", "HUL pitted first (lap 44) onto fresh INTERMEDIATE tires.", "compound_change",
     {"driver": "HUL", "to": "INTERMEDIATE", "lap": 44}),
    ("fresh_set", "pt", "HUL parou primeiro (volta 44) para INTERMEDIATE novos.", "compound_change",
     {"driver": "HUL", "to": "INTERMEDIATE", "lap": 44}),
    # 12. stop counts and pit verbs
    ("stop_wording", "en", "Stops: RIC 22 vs TSU 24.", "pit_lap", {"driver": "TSU", "lap": 24}),
    ("stop_wording", "es", "RIC fue a parada única.", "n_stops", {"driver": "RIC", "n": 1}),
    ("stop_wording", "es", "RIC boxeó en la vuelta 22.", "pit_lap", {"driver": "RIC", "lap": 22}),
    ("stop_wording", "pt", "RIC foi de paragem única.", "n_stops", {"driver": "RIC", "n": 1}),
    ("stop_wording", "pt", "RIC boxou na volta 22.", "pit_lap", {"driver": "RIC", "lap": 22}),
    # issue #43, verbose answers: a heading or label naming one driver owns the lines under it
    ("driver_section", "en", "### What the data shows\n- **PIA**\n  - Stint 1: **Medium**, laps **1–20**\n"
     "  - Pit stop: **lap 20**, **Medium → Hard**\n- **NOR**\n  - Pit stop: **lap 21**, **Medium → Hard**\n"
     "  - Finished **P2**", "pit_lap", {"driver": "NOR", "lap": 21}),
    ("driver_section", "en", "### What the data shows\n- **PIA**\n  - Stint 1: **Medium**, laps **1–20**\n"
     "  - Pit stop: **lap 20**\n- **NOR**\n  - Pit stop: **lap 21**", "stint_laps",
     {"driver": "PIA", "start_lap": 1, "end_lap": 20}),
    ("driver_section", "es", "#### COL\n- Stint 1: MEDIUM, vueltas 1–13\n- Parada en la vuelta 13: MEDIUM → HARD\n\n"
     "#### TSU\n- Parada en la vuelta 17: SOFT → HARD\n- Terminó **P12**", "final_position",
     {"driver": "TSU", "position": 12}),
    ("driver_section", "pt", "**ANT**\n- Stint 1: **MEDIUM**, voltas **1–28**\n- Parada: **volta 28**, "
     "**MEDIUM -> HARD**\n\n**SAI**\n- Parada: **volta 30**, **MEDIUM -> HARD**\n- Terminou em **P11**",
     "compound_change", {"driver": "SAI", "from": "MEDIUM", "to": "HARD", "lap": 30}),
    ("driver_section", "en", "**NOR:** pit laps **20** and **52**; two stops total\n**PIA:** pit laps **24** and "
     "**53**; two stops total", "n_stops", {"driver": "PIA", "n": 2}),
    ("driver_section", "en", "#### PIA\n- Pitted on lap 20, one lap before NOR\n- NOR pitted on lap 21", "pit_lap",
     {"driver": "PIA", "lap": 20}),
    # issue #43, verbose answers: a stint's laps and its tyre on one line are one stint ("ALO's INTERMEDIATE
    # stint: laps 1-11"), not laps with no tyre beside a tyre with no laps
    ("stint_tyre", "en", "- ALO’s **INTERMEDIATE stint**: laps 1–11, average **123.95s**", "stint_laps",
     {"driver": "ALO", "compound": "INTERMEDIATE", "start_lap": 1, "end_lap": 11}),
    ("stint_tyre", "en", "NOR started on **HARD** tyres and ran them for **34 laps** (Stint 1: laps 1-34).", "stint_laps",
     {"driver": "NOR", "compound": "HARD", "stint": 1, "end_lap": 34}),
    ("stint_tyre", "es", "- Stint de ALO con **INTERMEDIATE**: vueltas 1–11, media de **123,95 s**", "stint_laps",
     {"driver": "ALO", "compound": "INTERMEDIATE", "start_lap": 1, "end_lap": 11}),
    ("stint_tyre", "pt", "NOR largou com **HARD** e os usou por **34 voltas** (stint 1: voltas 1-34).", "stint_laps",
     {"driver": "NOR", "compound": "HARD", "stint": 1, "end_lap": 34}),
    # issue #43, verbose answers: a strategy named as its tyres in order is a tyre per stint
    ("strategy_sequence", "en", "TSU's strategy was MEDIUM-SOFT-HARD, while COL ran a MEDIUM-HARD-HARD strategy.",
     "stint_compound", {"driver": "COL", "compound": "HARD", "stint": 3}),
    ("strategy_sequence", "es", "La estrategia de TSU fue MEDIUM → SOFT → HARD.", "stint_compound",
     {"driver": "TSU", "compound": "SOFT", "stint": 2}),
    ("strategy_sequence", "pt", "A estratégia de TSU foi MEDIUM-SOFT-HARD.", "stint_compound",
     {"driver": "TSU", "compound": "HARD", "stint": 3}),
    # ... while fresh tyres run to the finish, or a stint compared with another driver, are stints
    ("overlap_window", "en", "PIA ran fresh SOFT tires for laps 31–53 to the finish.", "stint_laps",
     {"driver": "PIA", "compound": "SOFT", "start_lap": 31, "end_lap": 53}),
    ("overlap_window", "es", "PIA montó SOFT nuevos para las vueltas 31-53 hasta el final.", "stint_laps",
     {"driver": "PIA", "compound": "SOFT", "start_lap": 31, "end_lap": 53}),
    ("overlap_window", "pt", "O segundo stint de PIA foi com SOFT (voltas 31-53), mais rápido que RUS.", "stint_laps",
     {"driver": "PIA", "stint": 2, "start_lap": 31, "end_lap": 53}),
    # ... while a stint's length after its copula is read ("ANT's first stint was 18 laps")
    ("count_determiner", "en", "ANT's first stint was 18 laps.", "stint_laps", {"driver": "ANT", "stint": 1, "n_laps": 18}),
    ("count_determiner", "en", "LAW's first stint on MEDIUM was **20 laps** with an average lap time of 106.93s.",
     "stint_laps", {"driver": "LAW", "stint": 1, "compound": "MEDIUM", "n_laps": 20}),
    ("count_determiner", "es", "El primer stint de ANT fue de 18 vueltas.", "stint_laps",
     {"driver": "ANT", "stint": 1, "n_laps": 18}),
    ("count_determiner", "pt", "O primeiro stint de ANT foi de 18 voltas.", "stint_laps",
     {"driver": "ANT", "stint": 1, "n_laps": 18}),
    ("count_determiner", "es", "El primer stint de LAW con MEDIUM fue de **20 vueltas**, con un tiempo medio de 106,93 s.",
     "stint_laps", {"driver": "LAW", "stint": 1, "compound": "MEDIUM", "n_laps": 20}),
    ("count_determiner", "pt", "O primeiro stint de LAW com MEDIUM foi de **20 voltas**, com tempo médio de 106,93 s.",
     "stint_laps", {"driver": "LAW", "stint": 1, "compound": "MEDIUM", "n_laps": 20}),

    # ---- issue 43, the cover-all answers (v5-cover)
    ("outcome_position_sense", "en", "The undercut attempt did not work as a position swap or a gap gain over RUS.",
     "battle_outcome", {"success": False}),
    ("outcome_position_sense", "en", "ALO undercut COL, and it worked in the pit window: he gained 6.75 s.",
     "battle_outcome", {"success": True, "attacker": "ALO"}),
    ("outcome_position_sense", "en", "ALB undercut SAI, but it did not work in the sense of gaining track position or time "
     "on SAI.", "battle_outcome", {"success": False, "attacker": "ALB"}),
    ("outcome_position_sense", "en", "VER undercut PIA.\n**Did the undercut work?**\n- **No, VER lost 1.2 s in the stops.**",
     "battle_outcome", {"success": False, "attacker": "VER"}),
    ("outcome_position_sense", "es", "ALO le hizo el undercut a COL, pero no funcionó: perdió 1,2 s.", "battle_outcome",
     {"success": False, "attacker": "ALO"}),
    ("outcome_position_sense", "pt", "ALO fez o undercut em COL, mas não funcionou: perdeu 1,2 s.", "battle_outcome",
     {"success": False, "attacker": "ALO"}),
    ("plan_worked", "en", "ALO undercut MAG on lap 12. The strategy worked: ALO came out ahead.", "battle_outcome",
     {"success": True, "attacker": "ALO"}),
    ("plan_worked", "es", "ALO le hizo el undercut a MAG en la vuelta 12 y la estrategia funcionó.", "battle_outcome",
     {"success": True, "attacker": "ALO"}),
    ("plan_worked", "pt", "ALO fez o undercut em MAG na volta 12 e a estratégia funcionou.", "battle_outcome",
     {"success": True, "attacker": "ALO"}),
    ("outcome_unknowable", "en", "The data shows that the undercut by HAM on RUS was successful.", "battle_outcome",
     {"success": True, "attacker": "HAM"}),
    ("outcome_unknowable", "es", "Los datos indican que el undercut de HAM sobre RUS fue exitoso.", "battle_outcome",
     {"success": True}),
    ("outcome_unknowable", "pt", "Os dados indicam que o undercut de HAM sobre RUS foi bem-sucedido.", "battle_outcome",
     {"success": True}),
    ("stop_phase_range", "en", "After the second round of stops, BOR ran MEDIUM on laps 50-65.", "stint_laps",
     {"driver": "BOR", "start_lap": 50, "end_lap": 65}),
    ("stop_phase_range", "es", "Tras la segunda ronda de paradas, BOR usó MEDIUM en las vueltas 50-65.", "stint_laps",
     {"driver": "BOR", "start_lap": 50, "end_lap": 65}),
    ("stop_phase_range", "pt", "Depois da segunda rodada de paradas, BOR usou MEDIUM nas voltas 50-65.", "stint_laps",
     {"driver": "BOR", "start_lap": 50, "end_lap": 65}),
    ("move_denied", "en", "HAM did not overcut HUL: he stayed out longer and came out behind.", "battle_outcome",
     {"success": False, "attacker": "HAM", "defender": "HUL"}),
    ("move_denied", "es", "STR no le hizo un overcut a ALO.", "battle_outcome", {"success": False, "attacker": "STR"}),
    ("move_denied", "pt", "OCO não fez o overcut em BOR: ficou duas voltas a mais na pista e saiu atrás.",
     "battle_outcome", {"success": False, "attacker": "OCO", "defender": "BOR"}),
    ("pass_via_stops", "en", "BOT held off STR for 12 laps, but STR eventually passed BOT on lap 40.", "defense_outcome",
     {"passed": True, "pursuer": "STR"}),
    ("pass_via_stops", "en", "BOT held off STR for 10 laps. GAS undercut ALO and then STR passed BOT on lap 40.",
     "defense_outcome", {"passed": True, "pursuer": "STR", "defender": "BOT"}),
    ("pass_via_stops", "es", "BOT mantuvo a STR detrás durante 12 vueltas, pero STR acabó adelantando a BOT.",
     "defense_outcome", {"passed": True}),
    ("pass_via_stops", "pt", "BOT segurou STR atrás por 12 voltas, mas STR acabou ultrapassando BOT.",
     "defense_outcome", {"passed": True}),
    ("wet_or_dry", "en", "GAS moved from wet to intermediate tyres on lap 11.", "compound_change",
     {"driver": "GAS", "from": "WET", "to": "INTERMEDIATE"}),
    ("wet_or_dry", "es", "GAS pasó de wets a medios en la vuelta 11.", "compound_change",
     {"driver": "GAS", "from": "WET", "to": "MEDIUM"}),
    ("wet_or_dry", "pt", "GAS passou dos wets para os médios na volta 11.", "compound_change",
     {"driver": "GAS", "from": "WET", "to": "MEDIUM"}),
    ("net_of_stops", "en", "OCO made two stops, going from MEDIUM to HARD on lap 8.", "compound_change",
     {"driver": "OCO", "from": "MEDIUM", "to": "HARD"}),
    ("net_of_stops", "es", "OCO hizo dos paradas: pasó de Medio a Duro en la vuelta 8.", "compound_change",
     {"driver": "OCO", "from": "MEDIUM", "to": "HARD"}),
    ("net_of_stops", "pt", "OCO fez duas paradas: passou de Médio para Duro na volta 8.", "compound_change",
     {"driver": "OCO", "from": "MEDIUM", "to": "HARD"}),
    ("planned_count", "en", "HUL ran a two-stop race.", "n_stops", {"driver": "HUL", "n": 2}),
    ("planned_count", "en", "The SC turned ANT's planned three-stop into a six-stop race.", "n_stops",
     {"driver": "ANT", "n": 6}),
    ("planned_count", "es", "HUL hizo una estrategia de dos paradas.", "n_stops", {"driver": "HUL", "n": 2}),
    ("planned_count", "pt", "HUL fez uma estratégia de duas paradas.", "n_stops", {"driver": "HUL", "n": 2}),
    ("paired_laps", "en", "BOR came out ahead of STR after the lap-66/lap-67 pit exchange.", "pit_lap",
     {"driver": "STR", "lap": 67}),
    ("paired_laps", "es", "BEA ganó posición sobre GAS en la secuencia de paradas vuelta 11/vuelta 12.", "pit_lap",
     {"driver": "GAS", "lap": 12}),
    ("paired_laps", "pt", "BOR superou STR na troca de paradas volta 66/volta 67.", "pit_lap",
     {"driver": "STR", "lap": 67}),
    # ... while a sequence's own stint, and the statement that corrects a typo, are read
    ("sequence_count", "en", "HAD switched SOFT → MEDIUM after a 12-lap stint.", "stint_laps",
     {"driver": "HAD", "compound": "SOFT", "n_laps": 12}),
    ("sequence_count", "es", "HAD cambió SOFT → MEDIUM tras un stint de 12 vueltas.", "stint_laps",
     {"driver": "HAD", "compound": "SOFT", "n_laps": 12}),
    ("sequence_count", "pt", "HAD trocou SOFT → MEDIUM depois de um stint de 12 voltas.", "stint_laps",
     {"driver": "HAD", "compound": "SOFT", "n_laps": 12}),
    ("retracted", "en", "OCO's average lap time in Stint 1 (98.57s on MEDIUM is likely a typo in the provided stint "
     "labeling; his Stint 1 SOFT avg is 99.08s) was faster.", "stint_compound",
     {"driver": "OCO", "compound": "SOFT", "stint": 1}),
    ("retracted", "es", "El tiempo medio de OCO en el stint 1 (98,57 s con MEDIUM, probablemente una errata del "
     "etiquetado; su stint 1 con SOFT promedia 99,08 s) fue mejor.", "stint_compound",
     {"driver": "OCO", "compound": "SOFT", "stint": 1}),
    ("retracted", "pt", "O tempo médio de OCO no stint 1 (98,57 s com MEDIUM, provavelmente um erro de digitação; o stint "
     "1 com SOFT tem média de 99,08 s) foi melhor.", "stint_compound", {"driver": "OCO", "compound": "SOFT", "stint": 1}),
    ("question_answer", "es", "HAD paró antes que OCO. ¿Funcionó el undercut? No.", "battle_outcome", {"success": False}),
    ("question_answer", "pt", "HAD parou antes de OCO. O undercut funcionou para HAD? Não.", "battle_outcome",
     {"success": False}),
    ("question_answer", "en", "HAD stopped before OCO. Did the undercut work for HAD? No.", "battle_outcome",
     {"success": False}),
    ("consequence_from", "en", "ALO ran MEDIUM, then pitted on lap 31 for HARDs.", "compound_change",
     {"driver": "ALO", "from": "MEDIUM", "to": "HARD", "lap": 31}),
    ("consequence_from", "es", "ALO corrió con MEDIUM y luego paró en la vuelta 31 para HARD.", "compound_change",
     {"driver": "ALO", "from": "MEDIUM", "to": "HARD", "lap": 31}),
    ("consequence_from", "pt", "ALO correu de MEDIUM e depois parou na volta 31 para HARD.", "compound_change",
     {"driver": "ALO", "from": "MEDIUM", "to": "HARD", "lap": 31}),
]


def _has(claims, ctype, slots):
    return [c for c in claims if c.type == ctype and all(c.slots.get(k) == v for k, v in slots.items())]


@pytest.mark.parametrize("cls,lang,text,ctype,slots", MISREAD, ids=[f"{m[0]}-{m[1]}:{m[2][:36]}" for m in MISREAD])
def test_real_text_class_not_misread(cls, lang, text, ctype, slots):
    claims = _extract(text, lang)
    assert not _has(claims, ctype, slots), [(c.type, c.slots) for c in claims]


@pytest.mark.parametrize("cls,lang,text,ctype,slots", STILL_READ,
                         ids=[f"{m[0]}-{m[1]}:{m[2][:36]}" for m in STILL_READ])
def test_real_text_class_still_read(cls, lang, text, ctype, slots):
    claims = _extract(text, lang)
    assert _has(claims, ctype, slots), [(c.type, c.slots) for c in claims]


@pytest.mark.parametrize("lang,text", [("en", "The undercut did not give NOR the position over PIA."),
                                       ("es", "El undercut no le dio a NOR la posición sobre PIA."),
                                       ("pt", "O undercut não deu a NOR a posição sobre PIA.")])
def test_a_move_that_did_not_give_the_position_names_no_attacker(lang, text):
    assert not _has(_extract(text, lang), "battle", {"attacker": "NOR"})


@pytest.mark.parametrize("lang,text", [
    ("en", "After BEA pitted on lap 30 and HUC pitted on lap 33, HUL was 0.387s behind BEA."),
    ("es", "Tras la parada de BEA en la vuelta 30 y la de HUC en la vuelta 33, HUL quedó a 0.387s de BEA."),
    ("pt", "Depois que BEA parou na volta 30 e HUC parou na volta 33, HUL ficou 0.387s atrás de BEA.")])
def test_a_misspelt_code_is_the_context_driver_a_letter_away(lang, text):
    # left unread, "HUC"'s lap 33 went to BEA: a false contradiction of BEA's stop
    claims = _extract(text, lang, {"drivers": ["HUL", "BEA", "HAD"]})
    assert _has(claims, "pit_lap", {"driver": "HUL", "lap": 33}), [(c.type, c.slots) for c in claims]
    assert not _has(claims, "pit_lap", {"driver": "BEA", "lap": 33})


@pytest.mark.parametrize("lang,text", [("en", "ALE pitted on lap 30, and the undercut did NOT work for NOR."),
                                       ("es", "ALE paró en la vuelta 30, y el undercut NO funcionó para NOR."),
                                       ("pt", "ALE parou na volta 30, e o undercut NÃO funcionou para NOR.")])
def test_a_code_a_letter_from_two_drivers_or_a_capitalised_word_is_no_known_driver(lang, text):
    claims = _extract(text, lang, {"drivers": ["ALB", "ALO", "NOR"]})
    assert not [c for c in claims if c.type == "pit_lap" and c.slots.get("driver") in ("ALB", "ALO")]
    assert not [c for c in claims if c.type == "entity" and c.slots.get("name") in ("NOT", "NO", "NÃO")]


def test_every_class_has_cases_in_three_languages_and_a_recall_case():
    for cls in {m[0] for m in MISREAD} | {m[0] for m in STILL_READ}:
        assert {m[1] for m in MISREAD + STILL_READ if m[0] == cls} == {"en", "es", "pt"}, cls
        assert any(m[0] == cls for m in STILL_READ), cls


# --------------------------------------------------------------------------- one reading per number

def _readings_of_tokens(text: str, lang: str, claims) -> dict[tuple[int, int], set[str]]:
    """For every number token of the answer that fits a claim slot without doubt (the only token of
    that value in the claim's span written as that reading: "lap 14", "14 stops", "stint 2", "P5"),
    the readings the claims give it."""
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.finalize import READING_OF_SLOT, _cued
    from f1bench_pipeline.domains.f1.extract.tokenizer import tokenize

    doc = Document(text, lang, None, None)
    tokenize(doc)
    toks = doc.toks
    nums = [i for i, t in enumerate(toks) if isinstance(t.value, (int, float)) and not isinstance(t.value, bool)
            and t.kind in ("NUM", "NUMW", "POS", "LAPID", "ORDN")]
    out: dict[tuple[int, int], set[str]] = {}
    for c in claims:
        for slot, v in c.slots.items():
            reading = READING_OF_SLOT.get((c.type, slot))
            if reading is None or isinstance(v, bool) or not isinstance(v, (int, float)):
                continue
            cands = [toks[i] for i in nums if c.span.start <= toks[i].start < c.span.end and
                     abs(abs(toks[i].value) - abs(v)) < 1e-9 and _cued(toks, i, reading)]
            if len(cands) == 1:
                out.setdefault((cands[0].start, cands[0].end), set()).add(reading)
    return out


def test_one_reading_per_number_over_the_style_sets(sample_tables):
    """Property: over faithful answers of all three style sets, no number token fills claims of two
    readings (a lap and a count, an index and a length)."""
    from f1bench_pipeline_tests.robustness.styles import STYLES, faithful_answers

    instances = sample_tables("instances")
    answers = faithful_answers(instances, n=len(STYLES) * 6, seed=24)
    answers += faithful_answers(instances, n=13 * 6, seed=24, styles=["blind"])
    answers += faithful_answers(instances, n=12 * 6, seed=24, styles=["blind2"])
    bad = []
    for a in answers:
        claims = _extract(a["text"], a["lang"])
        for span, readings in _readings_of_tokens(a["text"], a["lang"], claims).items():
            if len(readings) > 1:
                bad.append((a["style"], a["lang"], a["text"][span[0] - 30:span[1] + 10], readings))
    assert not bad, bad[:5]


def test_a_number_read_two_ways_gives_no_claim():
    """The rule itself: when two rules read one number as two quantities, neither claim stays."""
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.finalize import one_reading_per_number
    from f1bench_pipeline.domains.f1.extract.tokenizer import tokenize

    text = "HAM made 14 stops."
    doc = Document(text, "en", None, None)
    tokenize(doc)
    doc.records = [["n_stops", {"driver": "HAM", "n": 14}, 0, 17], ["pit_lap", {"driver": "HAM", "lap": 14}, 0, 11]]
    doc.records.append(["final_position", {"driver": "HAM", "position": 3}, 0, 3])
    assert [r[0] for r in one_reading_per_number(doc)] == ["final_position"]
