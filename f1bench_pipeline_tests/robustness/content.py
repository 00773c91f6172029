"""What a faithful answer says about each decision type, phrased by a :class:`Voice`.

Each ``*_draft`` function turns an :class:`InstanceView` into a :class:`Draft`: an opening
sentence, labelled points, optionally a markdown table and a "did it work?" verdict. Every
statement is read off the view (or derived from it: a difference of two laps, the lap after a
pit lap, a gap seen from the other driver); a statement whose data is missing is left out,
never guessed. Styles switch phrasings on through the voice's features.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from f1bench_pipeline_tests.robustness.view import Battle, Defense, Driver, InstanceView, Stint, Stop
from f1bench_pipeline_tests.robustness.voice import Voice, en_suffix


@dataclass
class Point:
    label: str
    text: str


@dataclass
class Draft:
    intro: str
    points: list[Point] = field(default_factory=list)
    table: list[list[str]] | None = None
    verdict: tuple[str, str] | None = None  # (question, answer)


def _cap(s: str) -> str:
    """Upper-case the first letter (after any markdown emphasis)."""
    i = 0
    while i < len(s) and s[i] in "*_":
        i += 1
    return s[:i] + s[i:i + 1].upper() + s[i + 1:] if i < len(s) else s


def _plural(v: Voice, n: int, en: str, es: str, pt: str) -> str:
    """``n`` and its noun, singular for one ("1 lap", "2 vueltas")."""
    word = v.t(en, es, pt)
    if n != 1:
        word = v.t(en + "s", es + "s", pt + "s")
    return f"{n} {word}"


def _laps_n(v: Voice, n: int) -> str:
    return v.b(_plural(v, n, "lap", "vuelta", "volta"))


# --------------------------------------------------------------------------- shared statements


def stint_ref(v: Voice, s: Stint, k: int) -> str:
    """How the answer names a stint: "stint 2" or, with ``ordinals``, "the second stint", "2nd
    stint", "final stint", "opening stint" (``k`` stints in all)."""
    if not v.has("ordinals"):
        return v.t(f"stint {s.n}", f"stint {s.n}", f"stint {s.n}")
    options = [v.t(f"{v.ordinal(s.n)} stint", f"{v.ordinal(s.n)} stint", f"{v.ordinal(s.n)} stint"),
               v.t(f"{en_suffix(s.n)} stint", f"{v.ordinal(s.n, suffix=True)} stint", f"{v.ordinal(s.n, suffix=True)} stint"),
               f"stint {s.n}"]
    if s.n == k and k > 1:
        options.append(v.t("final stint", "último stint", "último stint"))
    if s.n == 1:
        options.append(v.t("opening stint", "stint inicial", "stint inicial"))
    if k == 3 and s.n == 2:
        options.append(v.t("middle stint", "stint intermedio", "stint do meio"))
    return v.pick(options)


def the_stint(v: Voice, s: Stint, k: int) -> str:
    """``the second stint`` / ``el segundo stint`` / ``o segundo stint`` (article included)."""
    ref = stint_ref(v, s, k)
    return v.t(f"the {ref}" if not ref.startswith("stint") else ref, f"el {ref}", f"o {ref}")


def compound_np(v: Voice, s: Stint) -> str:
    """A stint's compound, or an honest "unrecorded compound" when the data lost it."""
    if s.known:
        return v.tyre(s.compound)
    return v.t("a compound the data does not record", "un compuesto que los datos no registran",
               "um composto não registrado nos dados")


def avg_part(v: Voice, s: Stint, with_range: bool) -> str:
    """", avg 108.71s for laps 1–22, deg +0.057 s/lap" (only what the context states)."""
    if s.avg is None:
        return ""
    rng = f" {v.t('for', 'en las', 'nas')} {v.laps_range(s.start, s.end)}" if with_range and s.start != s.end else ""
    avg = v.laptime(s.avg)
    head = v.pick([
        v.t(f", avg {avg}{rng}", f", media de {avg}{rng}", f", média de {avg}{rng}"),
        v.t(f", averaging {avg}{rng}", f", con un ritmo medio de {avg}{rng}", f", com ritmo médio de {avg}{rng}"),
        v.t(f" at an average of {avg}", f" con un promedio de {avg}", f" com média de {avg}"),
    ])
    if s.deg is not None and v.chance(0.7):
        head += v.pick([v.t(f", deg {v.rate(s.deg)}", f", deg {v.rate(s.deg)}", f", deg {v.rate(s.deg)}"),
                        v.t(f" and degradation of {v.rate(s.deg)}", f" y una degradación de {v.rate(s.deg)}",
                            f" e degradação de {v.rate(s.deg)}")])
    return head


def stop_line(v: Voice, d: Driver, p: Stop, subject: bool = True) -> str:
    """One pit stop: lap, compounds, Safety Car; "D pitted on lap 14 (SOFT→HARD)"; with
    ``ordinals``, "D made his second stop on lap 40" (the stop's rank among D's pit stops)."""
    who = f"{d.code} " if subject else ""
    rank = next((i for i, q in enumerate(d.stops, 1) if q.lap == p.lap), 0)
    if v.has("ordinals") and rank and v.chance(0.6):
        sfx = v.chance(0.4)
        o_m, o_f = v.ordinal(rank, "m", suffix=sfx), v.ordinal(rank, "f", suffix=sfx)
        lap = v.lap(p.lap)
        head = v.pick([
            v.t(f"{who}made his {o_m} stop on {lap}", f"{who}hizo su {o_f} parada en la {lap}",
                f"{who}fez sua {o_f} parada na {lap}"),
            v.t(f"{who}made the {o_m} pit stop on {lap}", f"{who}hizo el {o_m} pit stop en la {lap}",
                f"{who}fez o {o_m} pit stop na {lap}"),
        ])
        if p.known:
            head += f" ({v.change(p.from_, p.to)})"
        return head
    if p.known and not p.under_sc and not p.under_vsc and v.chance(0.2):
        # "pasó a HARD en la vuelta 20": the new compound only, the lap after it.
        return v.t(f"{who}switched to {v.tyres_np(p.to)} on {v.lap(p.lap)}", f"{who}pasó a {v.tyre(p.to)} en la {v.lap(p.lap)}",
                   f"{who}passou para {v.tyre(p.to)} na {v.lap(p.lap)}")
    cond = ""
    if p.under_sc:
        cond = v.t(" under the Safety Car", " bajo Safety Car", " sob Safety Car")
    elif p.under_vsc:
        cond = v.t(" under the VSC", " bajo VSC", " sob VSC")
    lap = v.lap(p.lap)
    verb_en = v.pick(["pitted on", "stopped on", "made his stop on", "came in on"] +
                     (["boxed on"] if v.has("codeswitch") else []))
    verb_es = v.pick(["paró en la", "entró a boxes en la", "hizo su parada en la"] +
                     (["hizo pit en la", "hizo el pit stop en la"] if v.has("codeswitch") else []))
    verb_pt = v.pick(["parou na", "foi aos boxes na", "fez a parada na"] +
                     (["pitou na", "fez o pit stop na"] if v.has("codeswitch") else []))
    head = v.t(f"{who}{verb_en} {lap}{cond}", f"{who}{verb_es} {lap}{cond}", f"{who}{verb_pt} {lap}{cond}")
    if not p.known:
        return head
    if v.has("arrows") and v.chance(0.6):
        return f"{head} ({v.change(p.from_, p.to)})"
    return head + v.pick([
        v.t(f", switching {v.change(p.from_, p.to)}", f", pasando {v.change(p.from_, p.to)}",
            f", trocando {v.change(p.from_, p.to)}"),
        v.t(f" and went {v.change(p.from_, p.to)}", f" y cambió {v.change(p.from_, p.to)}",
            f" e passou {v.change(p.from_, p.to)}"),
        v.t(f" for {v.tyres_np(p.to, 'set')}", f" para montar {v.tyres_np(p.to, 'set')}",
            f" para colocar {v.tyres_np(p.to, 'set')}"),
    ])


def outlap_line(v: Voice, d: Driver, p: Stop) -> str | None:
    """The out-lap wording: the stop is on lap N (the in-lap), the new tyres' first lap is N+1.
    Said only when the next stint starts on N+1 on the compound fitted at that stop."""
    nxt = d.stint_starting(p.lap + 1)
    if nxt is None or not p.known or not nxt.known or nxt.compound != p.to:
        return None
    lap = v.lap(p.lap + 1)
    return v.pick([
        v.t(f"{d.code} fitted {v.tyres_np(p.to)} on {lap}", f"{d.code} montó {v.tyres_np(p.to)} en la {lap}",
            f"{d.code} colocou {v.tyres_np(p.to)} na {lap}"),
        v.t(f"{d.code} came out on {v.tyres_np(p.to, 'fresh')} for {lap}",
            f"{d.code} salió con {v.tyres_np(p.to, 'fresh')} en la {lap}",
            f"{d.code} saiu com {v.tyres_np(p.to, 'fresh')} na {lap}"),
        v.t(f"{d.code}'s first lap on {v.tyres_np(p.to)} was {lap}",
            f"la primera vuelta de {d.code} con {v.tyres_np(p.to)} fue la {lap}",
            f"a primeira volta de {d.code} com {v.tyres_np(p.to)} foi a {lap}"),
        v.t(f"{d.code}'s out-lap on {v.tyres_np(p.to)} was {lap}",
            f"la vuelta de salida de {d.code} con {v.tyres_np(p.to)} fue la {lap}",
            f"a volta de saída de {d.code} com {v.tyres_np(p.to)} foi a {lap}"),
        v.t(f"{d.code} was on {v.tyres_np(p.to, 'fresh')} from {lap}",
            f"{d.code} rodó con {v.tyres_np(p.to, 'fresh')} desde la {lap}",
            f"{d.code} estava com {v.tyres_np(p.to, 'fresh')} a partir da {lap}"),
        v.t(f"{d.code}'s in-lap was lap {p.lap} and the out-lap on {v.tyres_np(p.to)} {lap}",
            f"la vuelta de entrada de {d.code} fue la {p.lap} y la de salida, con {v.tyres_np(p.to)}, la {lap}",
            f"a volta de entrada de {d.code} foi a {p.lap} e a de saída, com {v.tyres_np(p.to)}, a {lap}"),
    ])


def result_line(v: Voice, d: Driver) -> str:
    """"D finished P8" / "D won the race" / "D did not finish (Retired)"."""
    if d.position is None:
        status = d.status or v.t("retired", "abandono", "abandono")
        if "disqualif" in status.lower():
            return v.t(f"{d.code} was disqualified", f"{d.code} fue descalificado", f"{d.code} foi desclassificado")
        if not d.status:
            return v.t(f"{d.code} was not classified", f"{d.code} no fue clasificado", f"{d.code} não foi classificado")
        return v.pick([v.t(f"{d.code} did not finish ({status})", f"{d.code} no terminó la carrera ({status})",
                           f"{d.code} não terminou a corrida ({status})"),
                       v.t(f"{d.code} retired ({status})", f"{d.code} abandonó ({status})",
                           f"{d.code} abandonou ({status})")])
    p = d.position
    if p == 1 and v.chance(0.5):
        return v.t(f"{d.code} won the race", f"{d.code} ganó la carrera", f"{d.code} venceu a corrida")
    return v.pick([
        v.t(f"{d.code} finished {v.pos(p)}", f"{d.code} terminó {v.pos(p)}", f"{d.code} terminou em {v.pos(p)}"),
        v.t(f"{d.code} took {v.pos(p)} at the flag", f"{d.code} acabó {v.pos(p)}", f"{d.code} cruzou a linha em {v.pos(p)}"),
        v.t(f"{d.code} ended up {v.pos(p)}",
            f"{d.code} terminó en la posición {v.b(str(p))}", f"{d.code} terminou na posição {v.b(str(p))}"),
    ])


def distance_phrase(v: Voice, view: InstanceView, full: bool) -> str:
    """" over the 57-lap distance" / " in a 57-lap race" (``full``: the driver covered it all)."""
    L = view.race_laps
    if not L or not v.has("distance"):
        return ""
    opts = [v.t(f" in a {L}-lap race", f" en una carrera de {L} vueltas", f" numa corrida de {L} voltas"),
            v.t(f" in the {L}-lap {view.event}", f" en las {L} vueltas del {view.event}", f" nas {L} voltas do {view.event}")]
    if full:
        opts += [v.t(f" over the {L}-lap distance", f" sobre la distancia de {L} vueltas", f" ao longo das {L} voltas"),
                 v.t(f" on the {L}-lap distance", f" en los {L} giros de la carrera", f" na distância de {L} voltas")]
    return v.pick(opts)


def both_results(v: Voice, a: Driver | None, b: Driver | None) -> str | None:
    if a is None or b is None:
        return None
    if a.position is not None and b.position is not None:
        return v.pick([
            v.t(f"At the flag {a.code} finished {v.pos(a.position)} and {b.code} {v.pos(b.position)}",
                f"Al final, {a.code} terminó {v.pos(a.position)} y {b.code} {v.pos(b.position)}",
                f"No fim, {a.code} terminou em {v.pos(a.position)} e {b.code} em {v.pos(b.position)}"),
            v.t(f"Final result: {a.code} {v.pos(a.position)}, {b.code} {v.pos(b.position)}",
                f"Resultado final: {a.code} {v.pos(a.position)}, {b.code} {v.pos(b.position)}",
                f"Resultado final: {a.code} {v.pos(a.position)}, {b.code} {v.pos(b.position)}"),
        ])
    return f"{_cap(result_line(v, a))}; {result_line(v, b)}"


# --------------------------------------------------------------------------- stint


def _sequence(v: Voice, d: Driver) -> str:
    """The stints in order: "SOFT (laps 1–7) → HARD (laps 8–42)" or "SOFT from lap 1 to 7, then ..."."""
    parts = []
    for s in d.stints:
        c = compound_np(v, s) if s.known else v.t("unrecorded compound", "compuesto no registrado", "composto não registrado")
        if v.has("paren"):
            parts.append(f"{c} ({stint_ref(v, s, len(d.stints))}, {v.laps_range(s.start, s.end).replace('**', '')})")
        elif v.has("ranges") and v.chance(0.4) and s.start != s.end:
            parts.append(v.t(f"{c} for {v.laps_range(s.start, s.end)}", f"{c} en las {v.laps_range(s.start, s.end)}",
                             f"{c} nas {v.laps_range(s.start, s.end)}"))
        elif v.has("ranges") or v.has("arrows"):
            parts.append(f"{c} ({v.laps_range(s.start, s.end)})")
        else:
            parts.append(f"{c} {v.from_to_laps(s.start, s.end)}" if s.start != s.end else f"{c} {v.t('on', 'en la', 'na')} {v.lap(s.start)}")
    if v.has("arrows"):
        return v.arrow.join(parts) if v.arrow.startswith(" ") else f" {v.arrow} ".join(parts)
    then = v.t(", then ", ", luego ", ", depois ")
    return then.join(parts)


def _stops_adj(v: Voice, n: int) -> str:
    if v.lang == "en":
        return v.pick([f"{v.count(n)}-stop", f"{n}-stop"])
    word = v.count(n, "f")
    return v.t("", f"a {word} parada{'s' if n != 1 else ''}", f"de {word} parada{'s' if n != 1 else ''}")


def stint_draft(view: InstanceView, v: Voice) -> Draft:
    d = view.focus
    assert d is not None
    k = len(d.stints)
    full = bool(view.race_laps) and d.stints[-1].end == view.race_laps and d.position is not None
    dist = distance_phrase(v, view, full)
    n = d.n_stops or 0
    if n == 0:
        intro = v.t(f"{d.code} did not make a pit stop{dist}", f"{d.code} no hizo ninguna parada{dist}",
                    f"{d.code} não fez nenhuma parada{dist}")
    else:
        stints_w = v.count(k) if v.lang == "en" else v.count(k, "m")
        intro = v.pick([
            v.t(f"{d.code} ran a {v.b(_stops_adj(v, n))} strategy{dist}", f"{d.code} hizo una estrategia {v.b(_stops_adj(v, n))}{dist}",
                f"{d.code} fez uma estratégia {v.b(_stops_adj(v, n))}{dist}"),
            v.t(f"{d.code} made {v.b(_plural(v, n, 'pit stop', 'parada', 'parada'))}{dist}, using {stints_w} stints",
                f"{d.code} hizo {v.b(_plural(v, n, 'pit stop', 'parada', 'parada'))}{dist}, con {stints_w} stints",
                f"{d.code} fez {v.b(_plural(v, n, 'pit stop', 'parada', 'parada'))}{dist}, com {stints_w} stints"),
            v.t(f"{d.code}'s race was a {v.b(f'{stints_w}-stint')} strategy{dist}",
                f"La carrera de {d.code} fue una estrategia de {v.b(f'{stints_w} stints')}{dist}",
                f"A corrida de {d.code} foi uma estratégia de {v.b(f'{stints_w} stints')}{dist}"),
        ])
    intro = f"{intro}: {_sequence(v, d)}."
    pts: list[Point] = []
    L_stint, L_stop, L_res = "Stint", v.t("Pit stop", "Parada", "Parada"), v.t("Result", "Resultado", "Resultado")
    for s in d.stints:
        ref = stint_ref(v, s, k)
        c = compound_np(v, s)
        rng = v.laps_range(s.start, s.end)
        length = _laps_n(v, s.n_laps)
        avg = avg_part(v, s, with_range=v.has("avg") and v.chance(0.6)) if v.has("avg") else ""
        if v.has("paren"):
            text = v.t(f"{d.code} ran {c} ({ref}, {rng.replace('**', '')}){avg}",
                       f"{d.code} rodó con {c} ({ref}, {rng.replace('**', '')}){avg}",
                       f"{d.code} rodou com {c} ({ref}, {rng.replace('**', '')}){avg}")
        else:
            text = v.pick([
                v.t(f"{_cap(ref)}: {c}, {rng} ({length}){avg}", f"{_cap(ref)}: {c}, {rng} ({length}){avg}",
                    f"{_cap(ref)}: {c}, {rng} ({length}){avg}"),
                v.t(f"{_cap(the_stint(v, s, k))} was on {c} {v.from_to_laps(s.start, s.end)}, {length}{avg}",
                    f"{_cap(the_stint(v, s, k))} fue con {c} {v.from_to_laps(s.start, s.end)}, {length}{avg}",
                    f"{_cap(the_stint(v, s, k))} foi com {c} {v.from_to_laps(s.start, s.end)}, {length}{avg}"),
            ])
        if v.has("subrange") and s.n_laps >= 4 and s.known:
            a, b = s.end - 1, s.end
            text += v.t(f"; {d.code} was still on {v.tyres_np(s.compound)} on {v.laps_range(a, b)}",
                        f"; {d.code} seguía con {v.tyres_np(s.compound)} en las {v.laps_range(a, b)}",
                        f"; {d.code} ainda estava com {v.tyres_np(s.compound)} nas {v.laps_range(a, b)}")
        if v.has("distance") and view.race_laps and v.chance(0.4):
            text += v.t(f", {s.n_laps} of the {view.race_laps} laps", f", {s.n_laps} de {view.race_laps} vueltas",
                        f", {s.n_laps} das {view.race_laps} voltas")
        pts.append(Point(L_stint, text + "."))
    for p in d.stops:
        text = _cap(stop_line(v, d, p))
        if v.has("distance") and view.race_laps and view.race_laps > p.lap and v.chance(0.5):
            text += v.t(f", with {view.race_laps - p.lap} laps to go", f", a falta de {view.race_laps - p.lap} vueltas",
                        f", faltando {view.race_laps - p.lap} voltas")
        if v.has("outlap"):
            ol = outlap_line(v, d, p)
            if ol:
                text += f"; {ol}"
        pts.append(Point(L_stop, text + "."))
    for r in d.red_flag:
        if "UNKNOWN" not in (r.from_, r.to):
            chg = v.change(r.from_, r.to)
        else:
            chg = v.t("a tyre change", "un cambio de neumáticos", "uma troca de pneus")
        official = d.n_stops_official
        extra = "" if official is None else v.t(f"; official timing counts {official} stops",
                                                f"; el cronometraje oficial cuenta {official} paradas",
                                                f"; a cronometragem oficial conta {official} paradas")
        pts.append(Point(L_stop, v.t(
            f"On {v.lap(r.lap)} {d.code} changed tyres ({chg}) while the race was suspended under the red flag, "
            f"which is not a pit stop{extra}.",
            f"En la {v.lap(r.lap)} {d.code} cambió neumáticos ({chg}) con la carrera suspendida por bandera roja, "
            f"lo que no es una parada en boxes{extra}.",
            f"Na {v.lap(r.lap)} {d.code} trocou pneus ({chg}) com a corrida suspensa pela bandeira vermelha, "
            f"o que não é um pit stop{extra}.")))
    if v.has("compare"):
        cmp_ = _stint_compare(v, d)
        if cmp_:
            pts.append(Point(v.t("Pace", "Ritmo", "Ritmo"), cmp_))
    if v.has("stated"):  # issue #44: what the context states beyond the oracle
        from f1bench_pipeline_tests.robustness.stated import stint_sentences

        pts += [Point(v.t("Pace", "Ritmo", "Ritmo"), x) for x in stint_sentences(view, v, d)]
    pts.append(Point(L_res, _cap(result_line(v, d)) + "."))
    table = None
    if d.stints:
        head = v.t("Stint|Compound|Laps|Length|Avg|Deg", "Stint|Compuesto|Vueltas|Duración|Media|Deg",
                   "Stint|Composto|Voltas|Duração|Média|Deg").split("|")
        rows = [head]
        for s in d.stints:
            rows.append([str(s.n), s.compound if s.known else "—", v.span(s.start, s.end), str(s.n_laps),
                         v.laptime(s.avg).replace("**", "") if s.avg is not None else "n/a",
                         v.rate(s.deg).replace("**", "") if s.deg is not None else "n/a"])
        table = rows
    return Draft(_cap(intro), pts, table)


def _stint_compare(v: Voice, d: Driver) -> str | None:
    """A true comparison of two stints' average pace ("107.22 s vs. 108.71 s, 1.49 s/lap quicker")."""
    timed = [s for s in d.stints if s.avg is not None]
    if len(timed) < 2:
        return None
    a, b = timed[0], timed[-1]
    faster, slower = (a, b) if a.avg < b.avg else (b, a)
    k = len(d.stints)
    diff = slower.avg - faster.avg
    vs = v.pick(["vs.", "vs", "versus"])
    return v.t(
        f"{_cap(the_stint(v, faster, k))} was the quicker one: {v.laptime(faster.avg)} {vs} {v.laptime(slower.avg)} "
        f"on average, about {v.number(diff, 2)} s per lap faster than {the_stint(v, slower, k)}.",
        f"{_cap(the_stint(v, faster, k))} fue el más rápido: {v.laptime(faster.avg)} {vs} {v.laptime(slower.avg)} "
        f"de media, unos {v.number(diff, 2)} s por vuelta más rápido que {the_stint(v, slower, k)}.",
        f"{_cap(the_stint(v, faster, k))} foi o mais rápido: {v.laptime(faster.avg)} {vs} {v.laptime(slower.avg)} "
        f"de média, cerca de {v.number(diff, 2)} s por volta mais rápido que {the_stint(v, slower, k)}.")


# --------------------------------------------------------------------------- undercut / overcut


def battle_points(view: InstanceView, v: Voice, b: Battle, full: bool = True) -> list[Point]:
    """The statements about one pit-timing battle (also used, shorter, by race summaries)."""
    A, B = b.attacker, b.defender
    dA, dB = view.drivers.get(A), view.drivers.get(B)
    first, f_lap, second, s_lap = (A, b.a_lap, B, b.d_lap) if b.a_lap <= b.d_lap else (B, b.d_lap, A, b.a_lap)
    delta = s_lap - f_lap
    pts: list[Point] = []
    L_t, L_g, L_r = v.t("Timing", "Timing", "Timing"), v.t("Gap", "Diferencia", "Gap"), v.t("Result", "Resultado", "Resultado")
    # Timing of the two stops.
    if v.has("compare") and delta > 0:
        later = v.t(f"{v.count(delta)} lap{'s' if delta != 1 else ''} later",
                    f"{v.count(delta, 'f')} vuelta{'s' if delta != 1 else ''} después",
                    f"{v.count(delta, 'f')} volta{'s' if delta != 1 else ''} depois")
        vs = v.pick(["vs.", "vs", "versus"])
        timing = v.pick([
            v.t(f"{first} stopped first and {second} came in {later} ({v.lap(f_lap)} {vs} {v.lap(s_lap)})",
                f"{first} paró primero y {second} entró {later} ({v.lap(f_lap)} {vs} {v.lap(s_lap)})",
                f"{first} parou primeiro e {second} entrou {later} ({v.lap(f_lap)} {vs} {v.lap(s_lap)})"),
            v.t(f"Pit laps: {first} {v.lap(f_lap)} {vs} {second} {v.lap(s_lap)}, so {second} stayed out {later.replace('later', 'longer')}",
                f"Vueltas de parada: {first} {v.lap(f_lap)} {vs} {second} {v.lap(s_lap)}; {second} paró {later}",
                f"Voltas de parada: {first} {v.lap(f_lap)} {vs} {second} {v.lap(s_lap)}; {second} parou {later}"),
            v.t(f"The lap-{f_lap} {vs} lap-{s_lap} stops decided it: {first} went first and {second} followed {later}",
                f"Las paradas de la vuelta {f_lap} {vs} la {s_lap} lo decidieron: {first} paró primero y {second} {later}",
                f"As paradas da volta {f_lap} {vs} {s_lap} decidiram: {first} parou primeiro e {second} {later}"),
        ])
    else:
        timing = v.pick([
            v.t(f"{first} pitted on {v.lap(f_lap)} and {second} on {v.lap(s_lap)}",
                f"{first} paró en la {v.lap(f_lap)} y {second} en la {v.lap(s_lap)}",
                f"{first} parou na {v.lap(f_lap)} e {second} na {v.lap(s_lap)}"),
            v.t(f"{first} stopped on {v.lap(f_lap)}, while {second} stayed out until {v.lap(s_lap)}",
                f"{first} entró a boxes en la {v.lap(f_lap)}, mientras {second} siguió en pista hasta la {v.lap(s_lap)}",
                f"{first} foi aos boxes na {v.lap(f_lap)}, enquanto {second} ficou na pista até a {v.lap(s_lap)}"),
        ])
    if v.has("distance") and view.race_laps and v.chance(0.6):
        timing += v.t(f" of the {view.race_laps}-lap race", f" de una carrera de {view.race_laps} vueltas",
                      f" de uma corrida de {view.race_laps} voltas")
    pts.append(Point(L_t, _cap(timing) + "."))
    # Compounds at those stops.
    if full:
        chg = []
        for code, lap in ((first, f_lap), (second, s_lap)):
            drv = view.drivers.get(code)
            p = drv.stop_on(lap) if drv else None
            if p and p.known:
                chg.append(v.t(f"{code} went {v.change(p.from_, p.to)}", f"{code} pasó {v.change(p.from_, p.to)}",
                               f"{code} trocou {v.change(p.from_, p.to)}"))
            if p and (p.under_sc or p.under_vsc):
                chg.append(v.t(f"{code}'s stop came under {'the Safety Car' if p.under_sc else 'the VSC'}",
                               f"la parada de {code} fue bajo {'Safety Car' if p.under_sc else 'VSC'}",
                               f"a parada de {code} foi sob {'Safety Car' if p.under_sc else 'VSC'}"))
        if chg:
            pts.append(Point(v.t("Tyres", "Neumáticos", "Pneus"), _cap("; ".join(chg)) + "."))
        if v.has("outlap"):
            drv = view.drivers.get(first)
            p = drv.stop_on(f_lap) if drv else None
            ol = outlap_line(v, drv, p) if p else None
            if ol:
                pts.append(Point(v.t("Out-lap", "Vuelta de salida", "Volta de saída"), _cap(ol) + "."))
        if v.has("subrange") and delta >= 1:
            sub = _subrange(view, v, first, f_lap, second, s_lap)
            if sub:
                pts.append(Point(v.t("Window", "Ventana", "Janela"), sub))
        if v.has("avg"):
            av = _battle_avgs(view, v, first, f_lap, second, s_lap)
            if av:
                pts.append(Point(v.t("Pace", "Ritmo", "Ritmo"), av))
    if full and v.has("stated"):  # issue #44: what the context states beyond the oracle
        from f1bench_pipeline_tests.robustness.stated import battle_sentences

        pts += [Point(v.t("Order", "Orden", "Ordem"), x) for x in battle_sentences(view, v, b)]
    # Gaps.
    gaps = _gap_text(v, b)
    if gaps:
        pts.append(Point(L_g, gaps))
    pts.append(Point(v.t("Gain", "Ganancia", "Ganho"), _gain_text(v, b)))
    if v.has("positions") and None not in (b.pos_before, b.pos_after, b.d_pos_before, b.d_pos_after):
        pts.append(Point(v.t("Positions", "Posiciones", "Posições"), v.t(
            f"On track, {A} ran P{b.pos_before} before the stops (lap {b.lap_before}) and P{b.pos_after} after them "
            f"(lap {b.lap_after}), while {B} went from P{b.d_pos_before} to P{b.d_pos_after}.",
            f"En pista, {A} rodaba P{b.pos_before} antes de las paradas (vuelta {b.lap_before}) y P{b.pos_after} "
            f"después (vuelta {b.lap_after}), mientras {B} pasó de P{b.d_pos_before} a P{b.d_pos_after}.",
            f"Na pista, {A} estava em P{b.pos_before} antes das paradas (volta {b.lap_before}) e em P{b.pos_after} "
            f"depois (volta {b.lap_after}), enquanto {B} foi de P{b.d_pos_before} para P{b.d_pos_after}.")))
    if full:
        res = both_results(v, dA, dB)
        if res:
            pts.append(Point(L_r, _cap(res) + "."))
    return pts


def _subrange(view: InstanceView, v: Voice, first: str, f_lap: int, second: str, s_lap: int) -> str | None:
    """Laps between the two stops: the second driver still on its old set (a sub-range of its
    stint), the first on its new one. Checked against both drivers' stints."""
    d1, d2 = view.drivers.get(first), view.drivers.get(second)
    if d1 is None or d2 is None:
        return None
    old = d2.stint_ending(s_lap)
    new = d1.stint_starting(f_lap + 1)
    a, b = f_lap + 1, s_lap
    if old is None or new is None or not old.known or not new.known or old.start > a or new.end < b or a > b:
        return None
    where = v.laps_range(a, b)
    return v.t(
        f"On {where}, {second} was still on {v.tyres_np(old.compound, 'old')} while {first} already had {v.tyres_np(new.compound, 'fresh')}.",
        f"En las {where}, {second} seguía con {v.tyres_np(old.compound, 'old')} mientras {first} ya llevaba {v.tyres_np(new.compound, 'fresh')}.",
        f"Nas {where}, {second} ainda estava com {v.tyres_np(old.compound, 'old')} enquanto {first} já tinha {v.tyres_np(new.compound, 'fresh')}.",
    ) if a != b else v.t(
        f"On {where}, {second} was still on {v.tyres_np(old.compound, 'old')} while {first} already had {v.tyres_np(new.compound, 'fresh')}.",
        f"En la {where}, {second} seguía con {v.tyres_np(old.compound, 'old')} mientras {first} ya llevaba {v.tyres_np(new.compound, 'fresh')}.",
        f"Na {where}, {second} ainda estava com {v.tyres_np(old.compound, 'old')} enquanto {first} já tinha {v.tyres_np(new.compound, 'fresh')}.")


def _battle_avgs(view: InstanceView, v: Voice, first: str, f_lap: int, second: str, s_lap: int) -> str | None:
    """Average pace of the stints that ended at the two stops (each "for laps a–b" of that stint)."""
    out = []
    for code, lap in ((first, f_lap), (second, s_lap)):
        d = view.drivers.get(code)
        s = d.stint_ending(lap) if d else None
        if s is None or s.avg is None:
            continue
        c = compound_np(v, s)
        out.append(v.t(f"{code}'s {c} stint before the stop averaged {v.laptime(s.avg)} for {v.laps_range(s.start, s.end)}",
                       f"el stint de {code} con {c} antes de parar promedió {v.laptime(s.avg)} en las {v.laps_range(s.start, s.end)}",
                       f"o stint de {code} com {c} antes da parada teve média de {v.laptime(s.avg)} nas {v.laps_range(s.start, s.end)}")
                   + (v.t(f" (deg {v.rate(s.deg)})", f" (deg {v.rate(s.deg)})", f" (deg {v.rate(s.deg)})") if s.deg is not None else ""))
    return (_cap("; ".join(out)) + ".") if out else None


def _gap_text(v: Voice, b: Battle) -> str:
    """Gaps before and after the stops, as the context states them or -- with ``gap_sign`` --
    signed from one driver's point of view (+ = that driver ahead)."""
    A, B = b.attacker, b.defender
    if v.has("gap_sign"):
        # The context's gap is positive when the attacker is behind: seen from A (+ = A ahead) it flips.
        a_before, a_after = -b.gap_before, -b.gap_after
        return v.pick([
            v.t(f"The gap {A}{v.arrow}{B} went from {v.secs(a_before, signed=True)} (lap {b.lap_before}) to "
                f"{v.secs(a_after, signed=True)} (lap {b.lap_after}), positive meaning {A} ahead.",
                f"La diferencia {A}{v.arrow}{B} pasó de {v.secs(a_before, signed=True)} (vuelta {b.lap_before}) a "
                f"{v.secs(a_after, signed=True)} (vuelta {b.lap_after}); positivo significa {A} por delante.",
                f"O gap {A}{v.arrow}{B} passou de {v.secs(a_before, signed=True)} (volta {b.lap_before}) para "
                f"{v.secs(a_after, signed=True)} (volta {b.lap_after}); positivo = {A} à frente."),
            v.t(f"Seen from {B}, the margin over {A} was {v.secs(b.gap_before, signed=True)} before the stops and "
                f"{v.secs(b.gap_after, signed=True)} after them.",
                f"Desde el punto de vista de {B}, su margen sobre {A} era de {v.secs(b.gap_before, signed=True)} antes de "
                f"las paradas y de {v.secs(b.gap_after, signed=True)} después.",
                f"Do ponto de vista de {B}, a margem sobre {A} era de {v.secs(b.gap_before, signed=True)} antes das "
                f"paradas e de {v.secs(b.gap_after, signed=True)} depois."),
            v.t(f"Gap to {B}: {v.secs(a_before, signed=True)} before, {v.secs(a_after, signed=True)} after "
                f"(negative = {A} behind).",
                f"Gap respecto a {B}: {v.secs(a_before, signed=True)} antes, {v.secs(a_after, signed=True)} después "
                f"(negativo = {A} detrás).",
                f"Gap para {B}: {v.secs(a_before, signed=True)} antes, {v.secs(a_after, signed=True)} depois "
                f"(negativo = {A} atrás)."),
        ])

    if v.has("codeswitch") and v.lang != "en" and v.chance(0.5):
        # F1 jargon in a Spanish/Portuguese sentence: "el gap", "o gap", "atrás/por delante".
        def side(g: float) -> str:
            return (v.t("behind", "por detrás", "atrás") if g > 0 else v.t("ahead", "por delante", "à frente"))
        if v.lang == "es":
            return (f"El gap de {A} con {B} era de {v.secs(abs(b.gap_before))} ({A} {side(b.gap_before)}) en la vuelta "
                    f"{b.lap_before} y de {v.secs(abs(b.gap_after))} ({A} {side(b.gap_after)}) en la {b.lap_after}.")
        return (f"O gap de {A} para {B} era de {v.secs(abs(b.gap_before))} ({A} {side(b.gap_before)}) na volta "
                f"{b.lap_before} e de {v.secs(abs(b.gap_after))} ({A} {side(b.gap_after)}) na {b.lap_after}.")

    def rel(g: float) -> str:
        if g > 0:
            return v.t(f"{v.secs(g)} behind {B}", f"{v.secs(g)} por detrás de {B}", f"{v.secs(g)} atrás de {B}")
        return v.t(f"{v.secs(-g)} ahead of {B}", f"{v.secs(-g)} por delante de {B}", f"{v.secs(-g)} à frente de {B}")

    return v.pick([
        v.t(f"Before the stops (lap {b.lap_before}) {A} was {rel(b.gap_before)}; after them (lap {b.lap_after}) "
            f"{A} was {rel(b.gap_after)}.",
            f"Antes de las paradas (vuelta {b.lap_before}) {A} estaba {rel(b.gap_before)}; después (vuelta {b.lap_after}) "
            f"estaba {rel(b.gap_after)}.",
            f"Antes das paradas (volta {b.lap_before}) {A} estava {rel(b.gap_before)}; depois (volta {b.lap_after}) "
            f"estava {rel(b.gap_after)}."),
        v.t(f"{A} went from {rel(b.gap_before)} before the stops to {rel(b.gap_after)} after them.",
            f"{A} pasó de estar {rel(b.gap_before)} antes de las paradas a {rel(b.gap_after)} después.",
            f"{A} passou de {rel(b.gap_before)} antes das paradas para {rel(b.gap_after)} depois."),
    ])


def _gain_text(v: Voice, b: Battle) -> str:
    A, B = b.attacker, b.defender
    g = b.gained
    if g < 0:
        return v.t(f"{A} actually lost {v.secs(-g)} to {B} across the stops.",
                   f"En realidad {A} perdió {v.secs(-g)} frente a {B} con las paradas.",
                   f"Na verdade {A} perdeu {v.secs(-g)} para {B} com as paradas.")
    opts = [v.t(f"{A} gained {v.secs(g)} on {B}.", f"{A} ganó {v.secs(g)} respecto a {B}.",
                f"{A} ganhou {v.secs(g)} sobre {B}."),
            v.t(f"Net gain for {A}: {v.secs(g)}.", f"Ganancia neta de {A}: {v.secs(g)}.",
                f"Ganho líquido de {A}: {v.secs(g)}.")]
    if b.gap_before > 0 and b.gap_after > 0:  # still behind, closer
        opts.append(v.t(f"{A} cut the deficit to {B} by {v.secs(g)}.", f"{A} recortó la desventaja con {B} en {v.secs(g)}.",
                        f"{A} reduziu o déficit para {B} em {v.secs(g)}."))
    if b.gap_before < 0 and b.gap_after < 0:  # ahead, further ahead
        opts.append(v.t(f"{A} extended the margin over {B} by {v.secs(g)}.", f"{A} amplió su margen sobre {B} en {v.secs(g)}.",
                        f"{A} ampliou a vantagem sobre {B} em {v.secs(g)}."))
    if b.gap_before > 0 > b.gap_after:
        opts.append(v.t(f"That is a swing of {v.secs(g)} in {A}'s favour.", f"Eso supone un vuelco de {v.secs(g)} a favor de {A}.",
                        f"Isso é uma virada de {v.secs(g)} a favor de {A}."))
    return v.pick(opts)


def _verdict(v: Voice, b: Battle) -> tuple[str, str]:
    A, B, move = b.attacker, b.defender, b.kind  # "undercut"/"overcut" in all three languages
    q = v.t("Did it work?", "¿Funcionó?", "Funcionou?")
    if b.success:
        a = v.pick([
            v.t(f"Yes. The {move} worked: {A} came out ahead of {B} after the stops.",
                f"Sí. El {move} funcionó: {A} salió por delante de {B} tras las paradas.",
                f"Sim. O {move} funcionou: {A} saiu à frente de {B} depois das paradas."),
            v.t(f"Yes — {A} was ahead of {B} once both had stopped.",
                f"Sí: {A} quedó por delante de {B} una vez que ambos pararon.",
                f"Sim: {A} ficou à frente de {B} depois que os dois pararam."),
        ])
    else:
        a = v.pick([
            v.t(f"No. {A} was still behind {B} after the stops, so the {move} did not work.",
                f"No. {A} seguía detrás de {B} tras las paradas, así que el {move} no funcionó.",
                f"Não. {A} continuou atrás de {B} depois das paradas, então o {move} não funcionou."),
            v.t(f"Not in terms of position: {A} stayed behind {B} after the stops.",
                f"No en cuanto a posición: {A} siguió detrás de {B} tras las paradas.",
                f"Não em termos de posição: {A} continuou atrás de {B} depois das paradas."),
        ])
    return q, a


def battle_draft(view: InstanceView, v: Voice) -> Draft:
    b = view.battle
    assert b is not None
    A, B, move = b.attacker, b.defender, b.kind
    if v.has("codeswitch") and v.lang != "en":
        intro = (f"{A} le hizo el {move} a {B} con el timing del pit stop" if v.lang == "es"
                 else f"{A} fez o {move} em {B} com o timing do pit stop")
    else:
        intro = v.pick([
            v.t(f"{A} {move} {B} through pit-stop timing", f"{A} le hizo el {move} a {B} con el momento de su parada",
                f"{A} fez o {move} em {B} pelo momento da parada"),
            v.t(f"{A} went for the {move} on {B}", f"{A} intentó el {move} sobre {B}", f"{A} tentou o {move} sobre {B}"),
        ])
    intro += "."
    pts = battle_points(view, v, b)
    q, a = _verdict(v, b)
    rows = [v.t("Driver|Pit lap|Change|Finish", "Piloto|Vuelta de parada|Cambio|Resultado",
                "Piloto|Volta da parada|Troca|Resultado").split("|")]
    for code, lap in ((A, b.a_lap), (B, b.d_lap)):
        d = view.drivers.get(code)
        p = d.stop_on(lap) if d else None
        chg = f"{p.from_}{v.arrow.strip()}{p.to}" if p and p.known else "—"
        fin = (f"P{d.position}" if d and d.position is not None else (d.status or "DNF") if d else "—")
        rows.append([code, str(lap), chg, fin])
    return Draft(_cap(intro), pts, rows, verdict=(q, a))


# --------------------------------------------------------------------------- defense


def defense_points(view: InstanceView, v: Voice, x: Defense, full: bool = True) -> list[Point]:
    D, P = x.defender, x.pursuer
    pts: list[Point] = []
    rng = v.laps_range(x.start, x.end)
    if v.has("paren"):
        run = v.t(f"{D} kept {P} behind for {_laps_n(v, x.laps)} ({rng.replace('**', '')})",
                  f"{D} mantuvo a {P} detrás durante {_laps_n(v, x.laps)} ({rng.replace('**', '')})",
                  f"{D} segurou {P} atrás por {_laps_n(v, x.laps)} ({rng.replace('**', '')})")
    else:
        run = v.pick([
            v.t(f"{D} held {P} behind for {_laps_n(v, x.laps)}, {v.from_to_laps(x.start, x.end)}",
                f"{D} mantuvo a {P} detrás durante {_laps_n(v, x.laps)}, {v.from_to_laps(x.start, x.end)}",
                f"{D} segurou {P} atrás por {_laps_n(v, x.laps)}, {v.from_to_laps(x.start, x.end)}"),
            v.t(f"{D} kept {P} at bay {v.from_to_laps(x.start, x.end)} ({_laps_n(v, x.laps)})",
                f"{D} contuvo a {P} {v.from_to_laps(x.start, x.end)} ({_laps_n(v, x.laps)})",
                f"{D} conteve {P} {v.from_to_laps(x.start, x.end)} ({_laps_n(v, x.laps)})"),
        ])
    if v.has("distance") and view.race_laps and v.chance(0.6):
        run += v.t(f" of the {view.race_laps}-lap race", f" de una carrera de {view.race_laps} vueltas",
                   f" de uma corrida de {view.race_laps} voltas")
    pts.append(Point(v.t("Defense", "Defensa", "Defesa"), _cap(run) + "."))
    if full and x.mean_gap is not None:
        if v.has("gap_sign"):
            gap = v.t(f"Over the run the gap {P}{v.arrow}{D} averaged {v.secs(-x.mean_gap, signed=True)} "
                      f"({P} behind), always within 1.5 s.",
                      f"Durante ese tramo la diferencia {P}{v.arrow}{D} fue de {v.secs(-x.mean_gap, signed=True)} de media "
                      f"({P} detrás), siempre dentro de 1,5 s.",
                      f"Nesse trecho o gap {P}{v.arrow}{D} foi em média {v.secs(-x.mean_gap, signed=True)} "
                      f"({P} atrás), sempre dentro de 1,5 s.")
        else:
            gap = v.t(f"{P} stayed within 1.5 s, with a mean gap of {v.secs(x.mean_gap)}.",
                      f"{P} estuvo siempre a menos de 1,5 s, con una diferencia media de {v.secs(x.mean_gap)}.",
                      f"{P} ficou sempre a menos de 1,5 s, com gap médio de {v.secs(x.mean_gap)}.")
        pts.append(Point(v.t("Gap", "Diferencia", "Gap"), gap))
    if full and x.pace_delta is not None and x.pursuer_pace is not None and x.defender_pace is not None:
        vs = v.pick(["vs.", "vs", "against"]) if v.lang == "en" else v.pick(["vs.", "vs", "frente a" if v.lang == "es" else "contra"])
        if v.has("compare") or v.has("avg"):
            pace = v.t(f"On race-long median green-flag pace {P} was quicker: {v.laptime(x.pursuer_pace)} {vs} "
                       f"{v.laptime(x.defender_pace)}, {v.rate(x.pace_delta, signed=False)} faster.",
                       f"Con el ritmo mediano de bandera verde de toda la carrera, {P} era más rápido: "
                       f"{v.laptime(x.pursuer_pace)} {vs} {v.laptime(x.defender_pace)}, {v.rate(x.pace_delta, signed=False)} más.",
                       f"No ritmo mediano de bandeira verde da corrida, {P} era mais rápido: {v.laptime(x.pursuer_pace)} "
                       f"{vs} {v.laptime(x.defender_pace)}, {v.rate(x.pace_delta, signed=False)} mais rápido.")
        else:
            pace = v.t(f"{P} was the faster car, by {v.rate(x.pace_delta, signed=False)} on median green-flag pace.",
                       f"{P} tenía el coche más rápido: {v.rate(x.pace_delta, signed=False)} en ritmo mediano con bandera verde.",
                       f"{P} tinha o carro mais rápido: {v.rate(x.pace_delta, signed=False)} no ritmo mediano com bandeira verde.")
        pts.append(Point(v.t("Pace", "Ritmo", "Ritmo"), pace))
    if v.has("subrange") and x.laps >= 3:
        pts.append(Point(v.t("Run", "Tramo", "Trecho"), v.t(
            f"{P} was already stuck behind {D} on {v.laps_range(x.start, x.start + 1)}.",
            f"{P} ya estaba atascado detrás de {D} en las {v.laps_range(x.start, x.start + 1)}.",
            f"{P} já estava preso atrás de {D} nas {v.laps_range(x.start, x.start + 1)}.")))
    if x.passed and x.pass_lap is not None:
        later = ""
        if v.has("compare") and x.pass_lap > x.end:
            n = x.pass_lap - x.end
            later = v.t(f", {v.count(n)} lap{'s' if n != 1 else ''} after the run ended on lap {x.end}",
                        f", {v.count(n, 'f')} vuelta{'s' if n != 1 else ''} después de terminar el tramo en la vuelta {x.end}",
                        f", {v.count(n, 'f')} volta{'s' if n != 1 else ''} depois do fim do trecho na volta {x.end}")
        dist = ""
        if v.has("distance") and view.race_laps:
            dist = v.t(f" of {view.race_laps}", f" de {view.race_laps}", f" de {view.race_laps}")
        out = v.t(f"{P} eventually got past {D} on {v.lap(x.pass_lap)}{dist}{later}.",
                  f"{P} acabó adelantando a {D} en la {v.lap(x.pass_lap)}{dist}{later}.",
                  f"{P} acabou ultrapassando {D} na {v.lap(x.pass_lap)}{dist}{later}.")
    else:
        out = v.t(f"{P} never got past {D} during the run.", f"{P} no logró adelantar a {D} en ese tramo.",
                  f"{P} não conseguiu ultrapassar {D} nesse trecho.")
    pts.append(Point(v.t("Outcome", "Desenlace", "Desfecho"), out))
    if full:
        if x.protected and x.teammate:
            mate = v.t(f"It protected {D}'s teammate {x.teammate}, who was ahead of {P} throughout.",
                       f"Así protegió a su compañero de equipo {x.teammate}, que iba por delante de {P} todo el tiempo.",
                       f"Isso protegeu o companheiro de equipe {x.teammate}, que estava à frente de {P} o tempo todo.")
        else:
            mate = v.t(f"{D} was not protecting a teammate.", f"{D} no protegía a ningún compañero de equipo.",
                       f"{D} não estava protegendo nenhum companheiro de equipe.")
        pts.append(Point(v.t("Teammate", "Compañero", "Companheiro"), mate))
    return pts


def defense_draft(view: InstanceView, v: Voice) -> Draft:
    x = view.defense
    assert x is not None
    D, P = x.defender, x.pursuer
    kind = {"sustained": v.t("a sustained defense", "una defensa sostenida", "uma defesa prolongada"),
            "brief": v.t("a brief defense", "una defensa breve", "uma defesa curta")}.get(x.kind)
    intro = v.t(f"{D} defended against a faster {P} on track", f"{D} se defendió en pista de un {P} más rápido",
                f"{D} se defendeu na pista de um {P} mais rápido")
    if kind:
        intro += v.t(f" in {kind}", f" en {kind}", f" em {kind}")
    pts = defense_points(view, v, x)
    dD, dP = view.drivers.get(D), view.drivers.get(P)
    res = both_results(v, dD, dP)
    if res:
        pts.append(Point(v.t("Result", "Resultado", "Resultado"), _cap(res) + "."))
    rows = [["", D, P], [v.t("Team", "Equipo", "Equipe"), x.defender_team or "—", x.pursuer_team or "—"]]
    if dD and dP:
        rows.append([v.t("Finish", "Resultado", "Resultado"),
                     f"P{dD.position}" if dD.position is not None else (dD.status or "DNF"),
                     f"P{dP.position}" if dP.position is not None else (dP.status or "DNF")])
    if x.defender_pace is not None and x.pursuer_pace is not None:
        rows.append([v.t("Median pace", "Ritmo mediano", "Ritmo mediano"), v.laptime(x.defender_pace).replace("**", ""),
                     v.laptime(x.pursuer_pace).replace("**", "")])
    q = v.t("What did it achieve?", "¿Qué consiguió?", "O que conseguiu?")
    if x.passed:
        a = v.t(f"{D} delayed {P} for {_laps_n(v, x.laps)} before the pass.",
                f"{D} retrasó a {P} durante {_laps_n(v, x.laps)} antes del adelantamiento.",
                f"{D} atrasou {P} por {_laps_n(v, x.laps)} antes da ultrapassagem.")
    else:
        a = v.t(f"{D} kept the position for the whole {x.laps}-lap run.", f"{D} conservó la posición durante todo el tramo.",
                f"{D} manteve a posição durante todo o trecho.")
    return Draft(_cap(intro) + ".", pts, rows, verdict=(q, a))


# --------------------------------------------------------------------------- race summary


def summary_draft(view: InstanceView, v: Voice) -> Draft:
    pod = list(view.podium)
    w = pod[0]
    L = view.race_laps
    dist = ""
    if v.has("distance") and L:
        dist = v.pick([v.t(f" over {L} laps", f" a {L} vueltas", f" em {L} voltas"),
                       v.t(f" (a {L}-lap race)", f" (una carrera de {L} vueltas)", f" (uma corrida de {L} voltas)")])
    team = f" ({w.team})" if w.team and v.chance(0.7) else ""
    intro = v.pick([
        v.t(f"{w.driver}{team} won the {view.event} {view.season}{dist}.",
            f"{w.driver}{team} ganó el {view.event} {view.season}{dist}.",
            f"{w.driver}{team} venceu o {view.event} {view.season}{dist}."),
        v.t(f"The {view.event} {view.season}{dist} went to {w.driver}{team}.",
            f"La victoria en el {view.event} {view.season}{dist} fue para {w.driver}{team}.",
            f"A vitória no {view.event} {view.season}{dist} ficou com {w.driver}{team}."),
    ])
    pts: list[Point] = []
    if len(pod) > 1:
        parts = []
        for p in pod[1:]:
            t = f" ({p.team})" if p.team and v.chance(0.5) else ""
            parts.append(v.pick([f"{p.driver}{t} {v.pos(p.position)}",
                                 v.t(f"{p.driver}{t} in {v.ordinal(p.position) if v.has('ordinals') else 'P' + str(p.position)}"
                                     + (" place" if v.has("ordinals") else ""),
                                     f"{p.driver}{t} {v.pos(p.position)}", f"{p.driver}{t} em {v.pos(p.position)}")]))
        pts.append(Point(v.t("Podium", "Podio", "Pódio"),
                         v.t("Completing the podium: ", "Completaron el podio: ", "Completaram o pódio: ") + ", ".join(parts) + "."))
    for b in view.battles:
        pts.append(Point(v.t("Pit battle", "Batalla en boxes", "Batalha de pit"), _summary_battle(view, v, b)))
    for x in view.defenses:
        pts.append(Point(v.t("Defense", "Defensa", "Defesa"), _summary_defense(view, v, x)))
    rows = [v.t("Pos|Driver|Team", "Pos|Piloto|Equipo", "Pos|Piloto|Equipe").split("|")]
    rows += [[f"P{p.position}" if v.chance(0.5) else str(p.position), p.driver, p.team or "—"] for p in pod]
    return Draft(intro, pts, rows)


def _summary_battle(view: InstanceView, v: Voice, b: Battle) -> str:
    A, B = b.attacker, b.defender
    if v.has("compare"):
        laps = v.t(f"lap {b.a_lap} vs. lap {b.d_lap}", f"vuelta {b.a_lap} vs. {b.d_lap}", f"volta {b.a_lap} vs. volta {b.d_lap}")
    elif v.has("ranges") or v.has("paren"):
        laps = v.t(f"laps {b.a_lap}/{b.d_lap}", f"vueltas {b.a_lap}/{b.d_lap}", f"voltas {b.a_lap}/{b.d_lap}")
    else:
        laps = v.t(f"{A} pitted on lap {b.a_lap}, {B} on lap {b.d_lap}", f"{A} paró en la vuelta {b.a_lap} y {B} en la {b.d_lap}",
                   f"{A} parou na volta {b.a_lap} e {B} na {b.d_lap}")
    gained = (v.t(f"gaining {v.secs(b.gained)}", f"ganando {v.secs(b.gained)}", f"ganhando {v.secs(b.gained)}")
              if b.gained >= 0 else v.t(f"losing {v.secs(-b.gained)}", f"perdiendo {v.secs(-b.gained)}",
                                        f"perdendo {v.secs(-b.gained)}"))
    outcome = (v.t(f"and came out ahead of {B}", f"y salió por delante de {B}", f"e saiu à frente de {B}") if b.success
               else v.t(f"but stayed behind {B}", f"pero siguió detrás de {B}", f"mas continuou atrás de {B}"))
    text = v.t(f"{A} made the {b.kind} on {B} ({laps}), {gained} {outcome}.",
               f"{A} le hizo el {b.kind} a {B} ({laps}), {gained}, {outcome}.",
               f"{A} fez o {b.kind} em {B} ({laps}), {gained}, {outcome}.")
    if v.has("gap_sign"):
        text += v.t(f" The gap {A}{v.arrow}{B} went from {v.secs(-b.gap_before, signed=True)} to {v.secs(-b.gap_after, signed=True)}.",
                    f" La diferencia {A}{v.arrow}{B} pasó de {v.secs(-b.gap_before, signed=True)} a {v.secs(-b.gap_after, signed=True)}.",
                    f" O gap {A}{v.arrow}{B} passou de {v.secs(-b.gap_before, signed=True)} para {v.secs(-b.gap_after, signed=True)}.")
    if v.has("positions") and None not in (b.pos_before, b.pos_after):
        text += v.t(f" {A} was running P{b.pos_before} before and P{b.pos_after} after the stops.",
                    f" {A} rodaba P{b.pos_before} antes de las paradas y P{b.pos_after} después.",
                    f" {A} estava em P{b.pos_before} antes das paradas e em P{b.pos_after} depois.")
    if v.has("outlap"):
        first, f_lap = (A, b.a_lap) if b.a_lap <= b.d_lap else (B, b.d_lap)
        text += v.t(f" {first} rejoined for lap {f_lap + 1} after stopping on lap {f_lap}.",
                    f" {first} volvió a pista para la vuelta {f_lap + 1} tras parar en la {f_lap}.",
                    f" {first} voltou à pista para a volta {f_lap + 1} depois de parar na {f_lap}.")
    return text


def _summary_defense(view: InstanceView, v: Voice, x: Defense) -> str:
    D, P = x.defender, x.pursuer
    rng = v.laps_range(x.start, x.end)
    text = v.pick([
        v.t(f"{D} held {P} behind for {_laps_n(v, x.laps)} ({rng})", f"{D} mantuvo a {P} detrás durante {_laps_n(v, x.laps)} ({rng})",
            f"{D} segurou {P} atrás por {_laps_n(v, x.laps)} ({rng})"),
        v.t(f"{D} defended from {P} for {_laps_n(v, x.laps)}, {v.from_to_laps(x.start, x.end)}",
            f"{D} se defendió de {P} durante {_laps_n(v, x.laps)}, {v.from_to_laps(x.start, x.end)}",
            f"{D} se defendeu de {P} por {_laps_n(v, x.laps)}, {v.from_to_laps(x.start, x.end)}"),
    ])
    if x.passed and x.pass_lap is not None:
        text += v.t(f"; {P} got past on lap {x.pass_lap}", f"; {P} lo adelantó en la vuelta {x.pass_lap}",
                    f"; {P} o ultrapassou na volta {x.pass_lap}")
    else:
        text += v.t(f" and {P} never got by", f" y {P} no consiguió pasar", f" e {P} não conseguiu passar")
    if v.has("subrange") and x.laps >= 3:
        text += v.t(f" (already on {v.laps_range(x.start, x.start + 1)} {P} was right behind)",
                    f" (ya en las {v.laps_range(x.start, x.start + 1)} {P} iba justo detrás)",
                    f" (já nas {v.laps_range(x.start, x.start + 1)} {P} estava logo atrás)")
    return text + "."


DRAFTS = {"stint": stint_draft, "undercut": battle_draft, "overcut": battle_draft, "defense": defense_draft,
          "race_summary": summary_draft}
