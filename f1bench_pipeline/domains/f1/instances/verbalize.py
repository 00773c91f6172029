"""Oracle facts → natural sentences in EN/ES/PT.

Used for the fine-tuning export (an answer that states every fact) and by the offline
template systems. Phrasing is what a commentator would write; numbers follow each
language's convention (decimal comma in Spanish and Portuguese).
"""

from __future__ import annotations

from f1bench_pipeline.domains.f1.instances.facts import Fact, FactType
from f1bench_pipeline.domains.f1.instances.tyre_words import COMPOUND_WORDS, tyre  # noqa: F401 - re-exported

NUMBER_WORDS = {
    "en": ["no", "one", "two", "three", "four", "five", "six"],
    "es": ["ninguna", "una", "dos", "tres", "cuatro", "cinco", "seis"],
    "pt": ["nenhuma", "uma", "duas", "três", "quatro", "cinco", "seis"],
}


def seconds(x: float, lang: str) -> str:
    text = f"{x:.1f}"
    return text.replace(".", ",") if lang in ("es", "pt") else text


def _stops(n: int, lang: str) -> str:
    word = NUMBER_WORDS[lang][n] if n < len(NUMBER_WORDS[lang]) else str(n)
    if lang == "en":
        return f"{word} pit stop{'s' if n != 1 else ''}"
    if lang == "es":
        return f"{word} parada{'s' if n != 1 else ''}"
    return f"{word} parada{'s' if n != 1 else ''}"


def sentence(f: Fact, lang: str) -> str:
    k, v = f.key, f.value
    t = FactType(f.type)
    if t == FactType.n_stops:
        n = v["n"]
        return {"en": f"{k['driver']} made {_stops(n, lang)}.",
                "es": f"{k['driver']} hizo {_stops(n, lang)}.",
                "pt": f"{k['driver']} fez {_stops(n, lang)}."}[lang]
    if t == FactType.pit_lap:
        return {"en": f"{k['driver']} pitted on lap {v['lap']}.",
                "es": f"{k['driver']} entró en boxes en la vuelta {v['lap']}.",
                "pt": f"{k['driver']} parou nos boxes na volta {v['lap']}."}[lang]
    if t == FactType.compound_change:
        a, b = tyre(v["from"], lang), tyre(v["to"], lang)
        return {"en": f"On lap {v['lap']} {k['driver']} switched from the {a} to the {b} tyres.",
                "es": f"En la vuelta {v['lap']} {k['driver']} cambió del neumático {a} al {b}.",
                "pt": f"Na volta {v['lap']} {k['driver']} trocou o pneu {a} pelo {b}."}[lang]
    if t == FactType.stint_compound:
        c, s = tyre(v["compound"], lang), k["stint"]
        return {"en": f"{k['driver']} ran stint {s} on the {c} tyres.",
                "es": f"{k['driver']} hizo el stint {s} con el neumático {c}.",
                "pt": f"{k['driver']} fez o stint {s} com o pneu {c}."}[lang]
    if t == FactType.stint_laps:
        return {"en": f"{k['driver']}'s stint {k['stint']} ran from lap {v['start_lap']} to lap {v['end_lap']}.",
                "es": f"El stint {k['stint']} de {k['driver']} fue de la vuelta {v['start_lap']} a la {v['end_lap']}.",
                "pt": f"O stint {k['stint']} de {k['driver']} foi da volta {v['start_lap']} à {v['end_lap']}."}[lang]
    if t == FactType.final_position:
        p = v["position"]
        return {"en": f"{k['driver']} finished P{p}.",
                "es": f"{k['driver']} terminó en la posición {p}.",
                "pt": f"{k['driver']} terminou em {p}º lugar."}[lang]
    if t == FactType.battle:
        a, d, kind = v["attacker"], v["defender"], v["kind"]
        return {"en": f"{a} made the {kind} on {d}.",
                "es": f"{a} le hizo el {kind} a {d}.",
                "pt": f"{a} fez o {kind} em {d}."}[lang]
    if t == FactType.battle_outcome:
        a, d = k["pair"].split("|")
        if v["success"]:
            return {"en": "The move worked: the attacker came out ahead after the stops.",
                    "es": "La maniobra funcionó: el atacante salió por delante tras las paradas.",
                    "pt": "A manobra funcionou: o atacante saiu à frente depois das paradas."}[lang]
        return {"en": "The move did not work: the attacker was still behind after the stops.",
                "es": "La maniobra no funcionó: el atacante seguía detrás tras las paradas.",
                "pt": "A manobra não funcionou: o atacante continuou atrás depois das paradas."}[lang]
    if t == FactType.gain:
        s = seconds(v["seconds"], lang)
        return {"en": f"The stops gained {s} seconds.",
                "es": f"Las paradas le hicieron ganar {s} segundos.",
                "pt": f"As paradas renderam um ganho de {s} segundos."}[lang]
    if t == FactType.gap:
        s = seconds(v["seconds"], lang)
        when = {"en": {"before": "before", "after": "after"}, "es": {"before": "antes de", "after": "después de"},
                "pt": {"before": "antes das", "after": "depois das"}}[lang][k["when"]]
        return {"en": f"The gap between {k['driver_a']} and {k['driver_b']} {when} the stops was {s} seconds.",
                "es": f"La diferencia entre {k['driver_a']} y {k['driver_b']} {when} las paradas era de {s} segundos.",
                "pt": f"A diferença entre {k['driver_a']} e {k['driver_b']} {when} paradas era de {s} segundos."}[lang]
    if t == FactType.defense:
        return {"en": f"{v['defender']} held {v['pursuer']} behind for {v['laps']} laps.",
                "es": f"{v['defender']} mantuvo a {v['pursuer']} detrás durante {v['laps']} vueltas.",
                "pt": f"{v['defender']} segurou {v['pursuer']} atrás por {v['laps']} voltas."}[lang]
    if t == FactType.defense_outcome:
        if v["passed"]:
            return {"en": "The pursuer eventually got past.", "es": "El perseguidor acabó adelantando.",
                    "pt": "O perseguidor acabou ultrapassando."}[lang]
        return {"en": "The pursuer never got past during the run.", "es": "El perseguidor no logró adelantar en esa fase.",
                "pt": "O perseguidor não conseguiu ultrapassar nesse trecho."}[lang]
    if t == FactType.teammate_protected:
        mate = v["teammate"]
        if mate == "none":
            return {"en": f"{k['defender']} was not protecting a teammate.",
                    "es": f"{k['defender']} no protegía a ningún compañero de equipo.",
                    "pt": f"{k['defender']} não protegia nenhum companheiro de equipe."}[lang]
        return {"en": f"That protected {k['defender']}'s teammate {mate} ahead.",
                "es": f"Así protegió a su compañero de equipo {mate}, que iba delante.",
                "pt": f"Isso protegeu o companheiro de equipe {mate}, que ia à frente."}[lang]
    if t == FactType.winner:
        return {"en": f"{v['driver']} won the race.", "es": f"{v['driver']} ganó la carrera.",
                "pt": f"{v['driver']} venceu a corrida."}[lang]
    if t == FactType.race_laps:
        return {"en": f"The race ran over {v['laps']} laps.", "es": f"La carrera se disputó a {v['laps']} vueltas.",
                "pt": f"A corrida teve {v['laps']} voltas."}[lang]
    # what the context states beyond the oracle (issue #44); imported here: that module words tyres with ours
    from f1bench_pipeline.domains.f1.instances.verbalize_stated import STATED, fact_sentence

    if t in STATED:
        return fact_sentence(f, lang)
    raise ValueError(f"no sentence for fact type {f.type}")


def verbalize(facts: list[Fact], lang: str) -> str:
    """One sentence per fact, in order: an answer that states every oracle fact."""
    return " ".join(sentence(f, lang) for f in facts)
