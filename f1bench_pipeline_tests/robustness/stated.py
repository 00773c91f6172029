"""The ``stated`` feature (tuned family ``race_facts``): the facts the context states beyond the
oracle, in a real answer's varied wordings (issue #44): a stint's degradation as a signed rate or
as a direction, a comparison of two stints' pace or degradation, a stop made under green flag, the
running order before and after a pit battle's stops, the place gained or lost through them, the
lap difference between the two stops.

Only what the context makes unambiguous is said: a degradation's direction when it is at least
``CLEAR_DEG`` from zero, a comparison when the two values differ by at least ``CLEAR_DEG`` /
``CLEAR_PACE`` (the context's rounding cannot flip it) and, for degradation, when both stints
really degrade (a "lower degradation" between a negative and a positive rate reads either way);
a place gained or lost when the running order and the positions agree.
"""

from __future__ import annotations

from f1bench_pipeline_tests.robustness.view import Battle, Driver, InstanceView, Stint
from f1bench_pipeline_tests.robustness.voice import Voice

CLEAR_DEG = 0.02  # s/lap: ten times the context's 0.001 rounding
CLEAR_PACE = 0.1  # s: ten times the context's 0.01 rounding


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def _de(ref: str) -> str:
    """Spanish "de" + the stint's reference ("del stint 2")."""
    return "del " + ref[3:] if ref.startswith("el ") else "de " + ref


def _ref(v: Voice, s: Stint) -> str:
    """"stint 2" / "the HARD stint (stint 2)": a stint named so no reading is in doubt."""
    if s.known and v.chance(0.5):
        return v.t(f"the {v.tyre(s.compound)} stint (stint {s.n})", f"el stint con {v.tyre(s.compound)} (stint {s.n})",
                   f"o stint com {v.tyre(s.compound)} (stint {s.n})")
    return v.t(f"stint {s.n}", f"el stint {s.n}", f"o stint {s.n}")


def _deg_line(v: Voice, code: str, s: Stint) -> str | None:
    if s.deg is None:
        return None
    ref = _ref(v, s)
    if abs(s.deg) < CLEAR_DEG or v.chance(0.4):  # the signed rate as the context gives it
        return v.pick([
            v.t(f"{code}'s degradation in {ref} was {v.rate(s.deg)}", f"La degradación de {code} en {ref} fue de {v.rate(s.deg)}",
                f"A degradação de {code} n{ref[0]} {ref[2:]} foi de {v.rate(s.deg)}"),
            v.t(f"In {ref} {code} degraded at {v.rate(s.deg)}", f"En {ref} {code} tuvo una degradación de {v.rate(s.deg)}",
                f"N{ref[0]} {ref[2:]} {code} teve degradação de {v.rate(s.deg)}"),
        ])
    if s.deg > 0:
        return v.pick([
            v.t(f"{code}'s lap times got slower through {ref}, by {v.rate(s.deg, signed=False)}",
                f"Los tiempos de {code} empeoraron a lo largo {_de(ref)}, {v.rate(s.deg, signed=False)}",
                f"Os tempos de {code} pioraram ao longo d{ref[0]} {ref[2:]}, {v.rate(s.deg, signed=False)}"),
            v.t(f"In {ref} the tyres of {code} degraded, losing {v.rate(s.deg, signed=False)}",
                f"En {ref} los neumáticos de {code} se degradaron, perdiendo {v.rate(s.deg, signed=False)}",
                f"N{ref[0]} {ref[2:]} os pneus de {code} se degradaram, perdendo {v.rate(s.deg, signed=False)}"),
        ])
    return v.pick([
        v.t(f"{code}'s lap times fell through {ref} (a degradation of {v.rate(s.deg)}), as the fuel burned off",
            f"Los tiempos de {code} bajaron a lo largo {_de(ref)} (una degradación de {v.rate(s.deg)}), al quemar combustible",
            f"Os tempos de {code} caíram ao longo d{ref[0]} {ref[2:]} (degradação de {v.rate(s.deg)}), com a queima de combustível"),
        v.t(f"In {ref} {code} got quicker lap by lap: negative degradation, {v.rate(s.deg)}",
            f"En {ref} {code} fue más rápido vuelta a vuelta: degradación negativa, {v.rate(s.deg)}",
            f"N{ref[0]} {ref[2:]} {code} ficou mais rápido volta a volta: degradação negativa, {v.rate(s.deg)}"),
    ])


def _pace_compare(v: Voice, code: str, a: Stint, b: Stint) -> str | None:
    if a.avg is None or b.avg is None or abs(a.avg - b.avg) < CLEAR_PACE:
        return None
    fast, slow = (a, b) if a.avg < b.avg else (b, a)
    return v.pick([
        v.t(f"{code} was quicker on average in {_ref(v, fast)} than in {_ref(v, slow)}",
            f"{code} fue más rápido de media en {_ref(v, fast)} que en {_ref(v, slow)}",
            f"{code} foi mais rápido em média n{_ref(v, fast)[0]} {_ref(v, fast)[2:]} do que n{_ref(v, slow)[0]} "
            f"{_ref(v, slow)[2:]}"),
        v.t(f"{code}'s average pace was slower in {_ref(v, slow)} than in {_ref(v, fast)}",
            f"El ritmo medio de {code} fue más lento en {_ref(v, slow)} que en {_ref(v, fast)}",
            f"O ritmo médio de {code} foi mais lento n{_ref(v, slow)[0]} {_ref(v, slow)[2:]} do que n{_ref(v, fast)[0]} "
            f"{_ref(v, fast)[2:]}"),
    ])


def _deg_compare(v: Voice, code: str, a: Stint, b: Stint) -> str | None:
    if a.deg is None or b.deg is None or min(a.deg, b.deg) < CLEAR_DEG or abs(a.deg - b.deg) < CLEAR_DEG:
        return None
    low, high = (a, b) if a.deg < b.deg else (b, a)
    return v.pick([
        v.t(f"{code}'s degradation was lower in {_ref(v, low)} than in {_ref(v, high)}",
            f"La degradación de {code} fue menor en {_ref(v, low)} que en {_ref(v, high)}",
            f"A degradação de {code} foi menor n{_ref(v, low)[0]} {_ref(v, low)[2:]} do que n{_ref(v, high)[0]} "
            f"{_ref(v, high)[2:]}"),
        v.t(f"{code}'s tyres degraded more in {_ref(v, high)} than in {_ref(v, low)}",
            f"Los neumáticos de {code} se degradaron más en {_ref(v, high)} que en {_ref(v, low)}",
            f"Os pneus de {code} se degradaram mais n{_ref(v, high)[0]} {_ref(v, high)[2:]} do que n{_ref(v, low)[0]} "
            f"{_ref(v, low)[2:]}"),
    ])


def _green_stop(v: Voice, code: str, lap: int) -> str:
    return v.pick([
        v.t(f"{code}'s stop on {v.lap(lap)} came under green flag, with no safety car",
            f"La parada de {code} en la {v.lap(lap)} fue con bandera verde, sin coche de seguridad",
            f"A parada de {code} na {v.lap(lap)} foi com bandeira verde, sem safety car"),
        v.t(f"There was no Safety Car or VSC when {code} pitted on {v.lap(lap)}",
            f"No había Safety Car ni VSC cuando {code} paró en la {v.lap(lap)}",
            f"Não havia Safety Car nem VSC quando {code} parou na {v.lap(lap)}"),
    ])


def stint_sentences(view: InstanceView, v: Voice, d: Driver) -> list[str]:
    """A stint instance's stated facts: degradation, one comparison, a green-flag stop."""
    out = [x for s in d.stints if v.chance(0.6) and (x := _deg_line(v, d.code, s))]
    timed = [s for s in d.stints if s.known]
    if len(timed) >= 2:
        a, b = timed[0], timed[-1]
        cmp_ = _deg_compare(v, d.code, a, b) if v.chance(0.5) else None
        cmp_ = cmp_ or _pace_compare(v, d.code, a, b)
        if cmp_:
            out.append(cmp_)
    green = [p for p in d.stops if not p.under_sc and not p.under_vsc]
    if green and v.chance(0.6):
        out.append(_green_stop(v, d.code, v.rng.choice(green).lap))
    return [_cap(x) + "." for x in out]


def _ahead(b: Battle, gap: float) -> tuple[str, str]:
    """(ahead, behind) for a context gap (> 0: the attacker is behind)."""
    return (b.defender, b.attacker) if gap > 0 else (b.attacker, b.defender)


def battle_sentences(view: InstanceView, v: Voice, b: Battle) -> list[str]:
    """A pit battle's stated facts: running order, place gained or lost, green stops, lap difference."""
    out: list[str] = []
    if b.gap_before and b.gap_after:
        (a0, b0), (a1, _) = _ahead(b, b.gap_before), _ahead(b, b.gap_after)
        if a0 == a1:
            out.append(v.pick([
                v.t(f"{a0} was ahead of {b0} before the stops and still ahead after them",
                    f"{a0} iba por delante de {b0} antes de las paradas y siguió delante después",
                    f"{a0} estava à frente de {b0} antes das paradas e continuou à frente depois"),
                v.t(f"{b0} ran behind {a0} both before and after the stops",
                    f"{b0} rodaba detrás de {a0} antes y después de las paradas",
                    f"{b0} andava atrás de {a0} antes e depois das paradas"),
            ]))
        else:
            out.append(v.pick([
                v.t(f"Before the stops {a0} was ahead of {b0}; after them {a1} was in front",
                    f"Antes de las paradas {a0} iba por delante de {b0}; después, {a1} iba delante",
                    f"Antes das paradas {a0} estava à frente de {b0}; depois delas, {a1} estava na frente"),
                v.t(f"{b0} ran behind {a0} before the stops but ahead of {a0} after them",
                    f"{b0} rodaba detrás de {a0} antes de las paradas, pero por delante después",
                    f"{b0} andava atrás de {a0} antes das paradas, mas à frente depois"),
            ]))
            pos = {b.attacker: (b.pos_before, b.pos_after), b.defender: (b.d_pos_before, b.d_pos_after)}
            p0, p1 = pos[a1]
            if p0 is not None and p1 is not None and p1 < p0:  # the order and the positions agree
                out.append(v.pick([
                    v.t(f"{a1} gained a place on {a0} through the stops", f"{a1} ganó una posición a {a0} con las paradas",
                        f"{a1} ganhou uma posição de {a0} com as paradas"),
                    v.t(f"{a0} lost the position to {a1} in the pit cycle", f"{a0} perdió la posición frente a {a1} en las paradas",
                        f"{a0} perdeu a posição para {a1} nas paradas"),
                ]))
    stops = [(code, lap) for code, lap in ((b.attacker, b.a_lap), (b.defender, b.d_lap))
             if (d := view.drivers.get(code)) and (p := d.stop_on(lap)) and not p.under_sc and not p.under_vsc]
    if len(stops) == 2 and v.chance(0.5):
        out.append(v.t("Neither stop came under a Safety Car or a VSC", "Ninguna de las dos paradas fue bajo Safety Car ni VSC",
                       "Nenhuma das duas paradas foi sob Safety Car nem VSC"))
    elif stops:
        out.append(_green_stop(v, *stops[0]))
    first, f_lap, second, s_lap = (b.attacker, b.a_lap, b.defender, b.d_lap) if b.a_lap <= b.d_lap \
        else (b.defender, b.d_lap, b.attacker, b.a_lap)
    delta = s_lap - f_lap
    if delta > 0 and v.chance(0.6):
        n = v.count(delta) if v.lang == "en" else v.count(delta, "f")
        laps = v.t("lap" if delta == 1 else "laps", "vuelta" if delta == 1 else "vueltas", "volta" if delta == 1 else "voltas")
        out.append(v.pick([
            v.t(f"{first} stopped {n} {laps} earlier than {second}", f"{first} paró {n} {laps} antes que {second}",
                f"{first} parou {n} {laps} antes de {second}"),
            v.t(f"{second} stayed out {n} {laps} longer than {first}", f"{second} se quedó en pista {n} {laps} más que {first}",
                f"{second} ficou na pista {n} {laps} a mais que {first}"),
        ]))
    return [_cap(x) + "." for x in out]
