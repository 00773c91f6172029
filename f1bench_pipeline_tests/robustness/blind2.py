"""A second blind held-out set of style families (``BLIND2``): faithful answers in layouts and
phrasings that no family of ``styles`` (tuned or held-out) or ``blind`` (the first blind set) uses.

The maintainer tunes the extractor on ``styles.STYLES`` and checks ``HELD_OUT`` and then
``blind.BLIND``; this set is kept apart for a final, unseen check. It is written independently of
``content``/``voice`` and ``blind``: its own wording, number formats and layouts, read off the same
:class:`~f1bench_pipeline_tests.robustness.view.InstanceView` (plus, for verbatim quotes, the row's
``context_text``).

Same rule as everywhere: every stated fact is true per the instance's context (the
``context_text`` the model sees), using only values in the context or exactly derivable from it
(a difference of two laps or two averages, a value rounded within its tolerance). A statement
whose data is missing is left out. Conditional and counterfactual sentences (``counterfactual``)
state what did happen next to what did not; they never assert an untrue fact. For a race summary
only what its context text shows is used (race length, podium, each key battle's kind, stop laps,
gain and outcome, each key defense's laps); nothing the text leaves out.

Families (``BLIND2_SPECS``): layouts (briefing, timeline, procon, checklist, factblock, footnotes,
pipes), phrasings over prose or bullets (quoted, restate, counterfactual, runon, jargon).

Pure: no I/O. Deterministic for a seed.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

from f1bench_pipeline_tests.robustness.view import Battle, Defense, Driver, InstanceView, Stint, Stop, view_of

BLIND2_SPECS: dict[str, str] = {
    "briefing": "executive summary ('Bottom line:' / 'TL;DR') + a 'Key numbers' block with the number first "
                "('**10** — GAS's pit lap'), then a short 'Why' paragraph; strategy strings 'M(10) → H(46)'",
    "timeline": "chronological entries stamped with laps ('Lap 14 —', '[Vuelta 14]', '⏱ Volta 14:'), "
                "present tense, often without a subject; spans 'Laps 8–13 —'; a closing verdict",
    "procon": "'What worked / What didn't / Net' sections ('Lo que funcionó', 'O que não funcionou', Pros/Cons): "
              "true facts framed as strengths and weaknesses, stint-vs-stint pace comparisons",
    "checklist": "emoji and checkbox outcome markers on each line: ✅ ❌ ⚠️ 🏁 🛞 🔧, '- [x]' / '- [ ] goal — truth'",
    "factblock": "a YAML- or JSON-like block of facts (English or translated keys) embedded in prose, "
                 "followed by a reading of it",
    "footnotes": "claims carrying footnote markers ([1], [^2], ¹) and a 'Sources' list quoting the context lines",
    "quoted": "verbatim quotes of the (English) context inside the answer: 'the data shows «Pit lap 14: SOFT->HARD»', "
              "'(en el contexto: «…»)', blockquotes",
    "restate": "restates the question, gives a 'Short answer:', then topic-fronted paragraphs "
               "('As for the gap, …', 'En cuanto al resultado, …', 'Quanto ao timing das paradas, …')",
    "counterfactual": "conditional / counterfactual sentences around true facts ('had DOO reacted on lap 10 too…, but he "
                      "stopped on lap 11'), concessives ('even though…'), 'not on lap X but on lap Y'",
    "runon": "one long sentence per topic: every stint, stop and gap chained with semicolons and 'then'",
    "jargon": "strategist / pit-wall jargon in all languages: 'boxed', 'box, box', 'pit window', 'stop cycle', "
              "'kept the door shut'; Anglicisms in ES/PT ('boxeó', 'boxou', 'hizo box', 'el pace', 'o gap', 'o delta')",
    "pipes": "inline pipe-separated comparisons 'Pit lap — GAS: 10 | DOO: 11', 'Stint 1 | MEDIUM | laps 1–10 | 10 laps', "
             "'Median pace — ANT: 91.309 s | HUL: 92.617 s | Δ 1.308 s/lap'",
}
BLIND2: frozenset[str] = frozenset(BLIND2_SPECS)
# Footnote markers and checkbox marks the families write (not numbers of laps or positions).
FOOTNOTE_MARK = re.compile(r"\[\^?\d+\]|[¹²³⁴⁵⁶⁷⁸⁹⁰]+")

UNKNOWN = "UNKNOWN"
_TYRE_WORD = {
    "es": {"SOFT": "blando", "MEDIUM": "medio", "HARD": "duro", "INTERMEDIATE": "intermedio", "WET": "de lluvia",
           "HYPERSOFT": "hiperblando", "ULTRASOFT": "ultrablando", "SUPERSOFT": "superblando", "SUPERHARD": "superduro"},
    "pt": {"SOFT": "macio", "MEDIUM": "médio", "HARD": "duro", "INTERMEDIATE": "intermediário", "WET": "de chuva",
           "HYPERSOFT": "hipermacio", "ULTRASOFT": "ultramacio", "SUPERSOFT": "supermacio", "SUPERHARD": "superduro"},
}
_ABBR = {"SOFT": "S", "MEDIUM": "M", "HARD": "H", "INTERMEDIATE": "I", "WET": "W", "HYPERSOFT": "HS",
         "ULTRASOFT": "US", "SUPERSOFT": "SS", "SUPERHARD": "SH"}


def _cap(s: str) -> str:
    """Upper-case the first letter (after markdown or list markers)."""
    i = 0
    while i < len(s) and s[i] in "*_#>- [":
        i += 1
    return s[:i] + s[i:i + 1].upper() + s[i + 1:] if i < len(s) else s


def _low(s: str) -> str:
    """Lower-case the first letter unless the first word is a code or a name in capitals."""
    word = s.split(" ", 1)[0].strip("*,.:;")
    if len(word) > 1 and word.isupper():
        return s
    return s[:1].lower() + s[1:]


# --------------------------------------------------------------------------- the ink


class Ink:
    """Per-answer writing choices (drawn once from the seed) and the formatters that apply them."""

    def __init__(self, lang: str, family: str, rng: random.Random):
        self.lang = lang
        self.family = family
        self.rng = rng
        self.comma = lang != "en" and rng.random() < 0.45
        self.gd = rng.choice((3, 3, 2, 1))  # decimals of gaps and gains
        self.u = rng.choice(("s", " s", "s", " s", "long"))
        if self.u == "long":
            self.u = " seconds" if lang == "en" else " segundos"
        self.dash = rng.choice(("–", "-", "–"))
        modes = ("upper", "upper", "title", "word")
        if family == "jargon" and lang != "en":
            modes = ("upper", "upper", "title")  # English tyre names with the jargon
        self.tmode = rng.choice(modes)
        self.boldp = rng.choice((0.0, 0.0, 0.5))
        self.arrow = rng.choice(("→", "->", "→", "➜"))
        per = {"en": ("s/lap", " s/lap", " s per lap"), "es": (" s/vuelta", " s por vuelta", "s/vuelta"),
               "pt": (" s/volta", " s por volta", "s/volta")}[lang]
        if family == "jargon":
            per = ("s/lap", " s/lap")
        self.per = rng.choice(per)

    # ------------------------------------------------------------------ basics

    def t(self, en: str, es: str, pt: str) -> str:
        return en if self.lang == "en" else es if self.lang == "es" else pt

    def pick(self, options: list[str] | tuple[str, ...]) -> str:
        return self.rng.choice(list(options))

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def bd(self, s: str) -> str:
        return f"**{s}**" if self.boldp and self.rng.random() < self.boldp else s

    # ------------------------------------------------------------------ numbers

    def num(self, x: float, d: int) -> str:
        s = f"{x:.{d}f}"
        return s.replace(".", ",") if self.comma else s

    def sec(self, x: float, bold: bool = True) -> str:
        """A gap or a gain as a size (the sentence says who is ahead)."""
        x = abs(x)
        d = self.gd if x >= 1 else max(self.gd, 2)
        s = self.num(x, d) + self.u
        return self.bd(s) if bold else s

    def avg(self, x: float) -> str:
        """A stint average as the context prints it (two decimals), now and then one."""
        unit = self.u if self.u.strip() == "s" else " s"
        return self.num(x, 2 if self.gd > 1 else 1) + unit

    def pace(self, x: float) -> str:
        """A median race pace (the context prints three decimals)."""
        unit = self.u if self.u.strip() == "s" else " s"
        return self.num(x, 3 if self.gd == 3 else 2) + unit

    def deg(self, x: float) -> str:
        return ("+" if x >= 0 else "-") + self.num(abs(x), 3) + self.per

    def rate(self, x: float) -> str:
        return self.num(abs(x), 3) + self.per

    def one_five(self) -> str:
        return self.num(1.5, 1) + " s"

    # ------------------------------------------------------------------ laps

    def lapw(self, n: int) -> str:
        return self.t(f"lap {n}", f"vuelta {n}", f"volta {n}")

    def Lapw(self, n: int) -> str:
        return self.t(f"Lap {n}", f"Vuelta {n}", f"Volta {n}")

    def on(self, n: int) -> str:
        return self.t(f"on {self.bd(f'lap {n}')}", f"en la {self.bd(f'vuelta {n}')}", f"na {self.bd(f'volta {n}')}")

    def laps_n(self, n: int) -> str:
        return self.t(f"{n} lap{'s' if n != 1 else ''}", f"{n} vuelta{'s' if n != 1 else ''}",
                      f"{n} volta{'s' if n != 1 else ''}")

    def span(self, a: int, b: int) -> str:
        if a == b:
            return self.lapw(a)
        return self.t(f"laps {a}{self.dash}{b}", f"vueltas {a}{self.dash}{b}", f"voltas {a}{self.dash}{b}")

    def Span(self, a: int, b: int) -> str:
        return _cap(self.span(a, b))

    def bare(self, a: int, b: int) -> str:
        return str(a) if a == b else f"{a}{self.dash}{b}"

    def from_to(self, a: int, b: int) -> str:
        if a == b:
            return self.on(a)
        return self.t(f"from lap {a} to lap {b}", f"de la vuelta {a} a la {b}", f"da volta {a} à {b}")

    # ------------------------------------------------------------------ tyres

    def tyre(self, c: str) -> str:
        if c == UNKNOWN:
            return self.t("an unrecorded compound", "un compuesto no registrado", "um composto não registrado")
        if self.tmode == "upper":
            return c
        if self.tmode == "title":
            return c.title()
        if self.lang == "en":
            return c.lower()
        return _TYRE_WORD[self.lang].get(c, c.lower())

    def the(self, c: str) -> str:
        """The compound with its article: the HARD / el duro / o médio (none for an unrecorded one)."""
        if c == UNKNOWN:
            return self.tyre(c)
        return self.t(f"the {self.tyre(c)}", f"el {self.tyre(c)}", f"o {self.tyre(c)}")

    def ab(self, c: str) -> str:
        return "?" if c == UNKNOWN else _ABBR.get(c, c)

    def chg(self, a: str, b: str) -> str:
        A, B = self.tyre(a), self.tyre(b)
        if self.chance(0.5):
            return f"{A} {self.arrow} {B}"
        return self.t(f"from {A} to {B}", f"de {A} a {B}", f"de {A} para {B}")

    def cond(self, p: Stop | None) -> str:
        if p is None:
            return ""
        if p.under_sc:
            return self.t(" under the Safety Car", " con Safety Car", " com Safety Car")
        if p.under_vsc:
            return self.t(" under the VSC", " con VSC", " com VSC")
        return ""

    # ------------------------------------------------------------------ results

    def res(self, d: Driver | None) -> str:
        """A driver's result as a short value: P7 / DNF (Engine)."""
        if d is None:
            return "—"
        if d.position is not None:
            return f"P{d.position}"
        return f"DNF ({d.status})" if d.status else self.t("not classified", "no clasificado", "não classificado")

    def kind_np(self, kind: str) -> str:
        return self.t(f"the {kind}", f"el {kind}", f"o {kind}")


# --------------------------------------------------------------------------- facts


@dataclass
class Fx:
    """One statement an answer can make, with what it needs to say it."""

    kind: str
    lap: int | None = None  # when (timeline order); None: no lap of its own
    end: int | None = None  # the last lap of a span
    d: Driver | None = None
    code: str = ""
    s: Stint | None = None
    p: Stop | None = None
    r: Any = None
    b: Battle | None = None
    x: Defense | None = None
    when: str = ""


def _order(b: Battle) -> tuple[str, int, str, int]:
    """(first to stop, lap, second, lap)."""
    return (b.attacker, b.a_lap, b.defender, b.d_lap) if b.a_lap <= b.d_lap else (b.defender, b.d_lap, b.attacker, b.a_lap)


def facts(view: InstanceView) -> list[Fx]:
    """The statements a faithful answer makes about ``view``, in the order a model tells them."""
    out: list[Fx] = []
    if view.kind == "stint":
        d = view.focus
        assert d is not None
        out.append(Fx("nstops", d=d, code=d.code))
        seq: list[tuple[tuple[int, int], Fx]] = []
        for s in d.stints:
            seq.append(((s.start, 0), Fx("stint", lap=s.start, end=s.end, d=d, code=d.code, s=s)))
        for p in d.stops:
            seq.append(((p.lap, 1), Fx("stop", lap=p.lap, d=d, code=d.code, p=p, s=d.stint_ending(p.lap))))
        for r in d.red_flag:
            seq.append(((r.lap, 2), Fx("redflag", lap=r.lap, d=d, code=d.code, r=r)))
        out += [f for _, f in sorted(seq, key=lambda e: e[0])]
        out.append(Fx("result", d=d, code=d.code))
    elif view.kind in ("undercut", "overcut"):
        b = view.battle
        assert b is not None
        out.append(Fx("move", b=b))
        out.append(Fx("gap", lap=b.lap_before, b=b, when="before"))
        first, f_lap, second, s_lap = _order(b)
        for code, lap in ((first, f_lap), (second, s_lap)):
            d = view.drivers.get(code)
            p = d.stop_on(lap) if d else None
            out.append(Fx("stop", lap=lap, d=d, code=code, p=p, s=d.stint_ending(lap) if d else None, b=b))
        out.append(Fx("gap", lap=b.lap_after, b=b, when="after"))
        out.append(Fx("gain", b=b))
        out.append(Fx("outcome", b=b))
        for code in (b.attacker, b.defender):
            d = view.drivers.get(code)
            if d is not None:
                out.append(Fx("result", d=d, code=code))
    elif view.kind == "defense":
        x = view.defense
        assert x is not None
        out.append(Fx("drun", lap=x.start, end=x.end, x=x))
        if x.mean_gap is not None:
            out.append(Fx("dgap", x=x))
        if x.pace_delta is not None and x.pursuer_pace is not None and x.defender_pace is not None:
            out.append(Fx("dpace", x=x))
        out.append(Fx("dpass", lap=x.pass_lap if x.passed else None, x=x))
        out.append(Fx("dmate", x=x))
        for code in (x.defender, x.pursuer):
            d = view.drivers.get(code)
            if d is not None:
                out.append(Fx("result", d=d, code=code))
    else:
        out.append(Fx("winner"))
        if len(view.podium) > 1:
            out.append(Fx("podium"))
        for b in view.battles:
            out.append(Fx("sbattle", lap=min(b.a_lap, b.d_lap), b=b))
        for x in view.defenses:
            out.append(Fx("sdefense", lap=x.start, end=x.end, x=x))
    return out


# --------------------------------------------------------------------------- clauses


def clause(f: Fx, k: Ink, view: InstanceView, jargon: bool = False) -> str:
    """One statement as a clause (no capital, no full stop)."""
    return _CLAUSES[f.kind](f, k, view, jargon)


def say(f: Fx, k: Ink, view: InstanceView, jargon: bool = False) -> str:
    return _cap(clause(f, k, view, jargon)) + "."


def _c_nstops(f: Fx, k: Ink, view: InstanceView, j: bool) -> str:
    d = f.d
    assert d is not None
    n, D = d.n_stops or 0, d.code
    if j:
        if n == 0:
            s = k.t(f"{D} never boxed", f"{D} nunca hizo box", f"{D} nunca foi ao box")
        elif n == 1:
            s = k.t(f"{D} boxed once: a one-stop", f"{D} boxeó una sola vez: one-stop", f"{D} boxou uma vez só: one-stop")
        else:
            s = k.t(f"{D} boxed {n} times, a {n}-stop race", f"{D} boxeó {n} veces, estrategia a {n} stops",
                    f"{D} boxou {n} vezes, estratégia de {n} stops")
    elif n == 0:
        s = k.t(f"{D} made no pit stops", f"{D} no hizo ninguna parada", f"{D} não fez nenhuma parada")
    elif n == 1:
        s = k.pick([k.t(f"{D} made one pit stop", f"{D} hizo una sola parada", f"{D} fez uma única parada"),
                    k.t(f"{D} stopped once", f"{D} paró una vez", f"{D} parou uma vez")])
    else:
        s = k.pick([k.t(f"{D} made {n} pit stops", f"{D} hizo {n} paradas", f"{D} fez {n} paradas"),
                    k.t(f"{D} stopped {n} times", f"{D} paró {n} veces", f"{D} parou {n} vezes")])
    if d.red_flag and d.n_stops_official is not None:
        o = d.n_stops_official
        s += k.t(f" (official timing counts {o}, including the red-flag tyre change{'s' if len(d.red_flag) > 1 else ''})",
                 f" (el cronometraje oficial cuenta {o}, contando los cambios con bandera roja)",
                 f" (a cronometragem oficial conta {o}, contando as trocas sob bandeira vermelha)")
    return s


def _avg_tail(k: Ink, s: Stint, j: bool, p: float = 0.65) -> str:
    if s.avg is None or not (j or k.chance(p)):
        return ""
    a = k.bd(k.avg(s.avg))
    tail = (k.t(f", avg pace {a}", f", pace medio de {a}", f", pace médio de {a}") if j else
            k.t(f", averaging {a}", f", con una media de {a}", f", com média de {a}"))
    if s.deg is not None and k.chance(0.6):
        g = k.deg(s.deg)
        tail += (k.t(f" and deg {g}", f" y deg de {g}", f" e deg de {g}") if j else
                 k.t(f" and degradation of {g}", f" y una degradación de {g}", f" e degradação de {g}"))
    return tail


def _c_stint(f: Fx, k: Ink, view: InstanceView, j: bool) -> str:
    d, s = f.d, f.s
    assert d is not None and s is not None
    n, a, b, ln = s.n, s.start, s.end, k.laps_n(s.n_laps)
    if not s.known:
        return k.t(f"stint {n} ({k.span(a, b)}, {ln}) was on a compound the data do not record",
                   f"el stint {n} ({k.span(a, b)}, {ln}) fue con un compuesto que los datos no registran",
                   f"o stint {n} ({k.span(a, b)}, {ln}) foi com um composto que os dados não registram") + _avg_tail(k, s, j)
    T = k.the(s.compound)
    if j:
        base = k.pick([k.t(f"stint {n} on {T}: {k.span(a, b)}, {ln}", f"stint {n} con {T}: {k.span(a, b)}, {ln}",
                            f"stint {n} com {T}: {k.span(a, b)}, {ln}"),
                       k.t(f"{d.code} ran {T} for {ln} in stint {n} ({k.span(a, b)})",
                           f"{d.code} estiró {T} {ln} en el stint {n} ({k.span(a, b)})",
                           f"{d.code} esticou {T} por {ln} no stint {n} ({k.span(a, b)})")])
    else:
        base = k.pick([k.t(f"stint {n} was on {T}, {k.span(a, b)} ({ln})", f"el stint {n} fue con {T}, {k.span(a, b)} ({ln})",
                            f"o stint {n} foi com {T}, {k.span(a, b)} ({ln})"),
                       k.t(f"{d.code} ran {T} {k.from_to(a, b)} in stint {n}, {ln} in all",
                           f"{d.code} usó {T} {k.from_to(a, b)} en el stint {n}, {ln} en total",
                           f"{d.code} usou {T} {k.from_to(a, b)} no stint {n}, {ln} no total")])
    return base + _avg_tail(k, s, j)


def _c_stop(f: Fx, k: Ink, view: InstanceView, j: bool) -> str:
    p, lap, D = f.p, f.lap, f.code
    assert lap is not None
    pre = ""
    prev = f.s
    if j and prev is not None and prev.known and k.chance(0.5):
        pre = k.t(f"after {k.laps_n(prev.n_laps)} on {k.the(prev.compound)}, ", f"tras {k.laps_n(prev.n_laps)} con {k.the(prev.compound)}, ",
                  f"depois de {k.laps_n(prev.n_laps)} com {k.the(prev.compound)}, ")
    if j:
        if k.chance(0.2):
            head = k.t(f"box, box for {D} {k.on(lap)}", f"box, box para {D} {k.on(lap)}", f"box, box para {D} {k.on(lap)}")
        else:
            verb = k.pick(k.t("boxed|pulled the trigger|came in", "boxeó|hizo box|entró al pit lane",
                              "boxou|fez o box|entrou no pit lane").split("|"))
            head = f"{D} {verb} {k.on(lap)}"
    else:
        verb = k.pick(k.t("pitted|stopped|came into the pits", "paró|entró en boxes|hizo su parada",
                          "parou|foi aos boxes|fez sua parada").split("|"))
        head = f"{D} {verb} {k.on(lap)}"
    head = pre + head + k.cond(p)
    if p is not None and p.known and k.chance(0.85):
        head += k.pick([f", {k.chg(p.from_, p.to)}", f" ({k.tyre(p.from_)}{k.arrow}{k.tyre(p.to)})",
                        k.t(f" for {k.the(p.to)}", f" para montar {k.the(p.to)}", f" para colocar {k.the(p.to)}")])
    return head


def _c_redflag(f: Fx, k: Ink, view: InstanceView, j: bool) -> str:
    d, r = f.d, f.r
    assert d is not None
    known = UNKNOWN not in (r.from_, r.to)
    what = (k.t(f"from {k.tyre(r.from_)} to {k.tyre(r.to)}", f"de {k.tyre(r.from_)} a {k.tyre(r.to)}",
                f"de {k.tyre(r.from_)} para {k.tyre(r.to)}") if known else k.t("tyres", "neumáticos", "pneus"))
    verb = k.t("switched" if known else "changed", "cambió", "trocou")
    s = k.t(f"on lap {r.lap}, with the race suspended under the red flag, {d.code} {verb} {what}; that is not a pit stop",
            f"en la vuelta {r.lap}, con la carrera suspendida por bandera roja, {d.code} {verb} {what}; eso no es una parada",
            f"na volta {r.lap}, com a corrida suspensa pela bandeira vermelha, {d.code} {verb} {what}; isso não é uma parada")
    if d.n_stops_official is not None:
        s += k.t(f" (official timing counts {d.n_stops_official} stops)",
                 f" (el cronometraje oficial cuenta {d.n_stops_official} paradas)",
                 f" (a cronometragem oficial conta {d.n_stops_official} paradas)")
    return s


def _c_result(f: Fx, k: Ink, view: InstanceView, j: bool) -> str:
    d = f.d
    assert d is not None
    D = d.code
    if d.position is None:
        st = d.status
        if not st:
            return k.t(f"{D} was not classified", f"{D} no fue clasificado", f"{D} não foi classificado")
        if j:
            return k.t(f"{D} was a DNF ({st})", f"{D} fue DNF ({st})", f"{D} foi DNF ({st})")
        return k.t(f"{D} did not finish ({st})", f"{D} no terminó la carrera ({st})", f"{D} não terminou a corrida ({st})")
    P = k.bd(f"P{d.position}")
    if j:
        return k.pick([k.t(f"{D} brought it home in {P}", f"{D} cruzó la meta en {P}", f"{D} recebeu a bandeirada em {P}"),
                       k.t(f"{D} took the flag {P}", f"{D} vio la bandera a cuadros {P}", f"{D} cruzou a linha em {P}")])
    return k.pick([k.t(f"{D} finished {P}", f"{D} terminó {P}", f"{D} terminou em {P}"),
                   k.t(f"{D} came home {P}", f"{D} acabó {P}", f"{D} fechou a corrida em {P}")])


def _c_move(f: Fx, k: Ink, view: InstanceView, j: bool) -> str:
    b = f.b
    assert b is not None
    A, B, kind = b.attacker, b.defender, b.kind
    if j:
        return k.t(f"{A} went for the {kind} on {B} in the stop cycle", f"{A} buscó el {kind} a {B} en el ciclo de paradas",
                   f"{A} buscou o {kind} em {B} no ciclo de pit")
    return k.pick([k.t(f"{A} went for the {kind} on {B}", f"{A} intentó el {kind} sobre {B}", f"{A} tentou o {kind} em {B}"),
                   k.t(f"this was an {kind} attempt by {A} on {B}", f"se trata de un {kind} de {A} sobre {B}",
                       f"trata-se de um {kind} de {A} sobre {B}")])


def _gap_parts(b: Battle, when: str) -> tuple[float, int, int | None, int | None, str, str]:
    g = b.gap_before if when == "before" else b.gap_after
    lap = b.lap_before if when == "before" else b.lap_after
    pa, pb = (b.pos_before, b.d_pos_before) if when == "before" else (b.pos_after, b.d_pos_after)
    lead, trail = (b.defender, b.attacker) if g > 0 else (b.attacker, b.defender)
    return g, lap, pa, pb, lead, trail


def _c_gap(f: Fx, k: Ink, view: InstanceView, j: bool) -> str:
    b = f.b
    assert b is not None
    g, lap, pa, pb, lead, trail = _gap_parts(b, f.when)
    G = k.sec(g)
    pos = f" ({b.attacker} P{pa}, {b.defender} P{pb})" if pa is not None and pb is not None and k.chance(0.7) else ""
    if j:
        when = (k.t(f"going into the pit window (lap {lap})", f"antes de la ventana de paradas (vuelta {lap})",
                    f"antes da janela de pit (volta {lap})") if f.when == "before" else
                k.t(f"once the stop cycle had played out (lap {lap})", f"tras el ciclo de paradas (vuelta {lap})",
                    f"depois do ciclo de pit (volta {lap})"))
        return k.pick([k.t(f"{when} the gap was {G}, {lead} in front{pos}", f"{when} el gap era de {G}, con {lead} delante{pos}",
                           f"{when} o gap era de {G}, com {lead} na frente{pos}"),
                       k.t(f"{when}, {trail} sat {G} behind {lead}{pos}", f"{when}, {trail} rodaba a {G} de {lead}{pos}",
                           f"{when}, {trail} andava a {G} de {lead}{pos}")])
    when = (k.t(f"before the stops, {k.on(lap)}", f"antes de las paradas, {k.on(lap)}", f"antes das paradas, {k.on(lap)}")
            if f.when == "before" else
            k.t(f"after the stops, {k.on(lap)}", f"después de las paradas, {k.on(lap)}", f"depois das paradas, {k.on(lap)}"))
    return k.pick([k.t(f"{when}, {lead} was {G} ahead of {trail}{pos}", f"{when}, {lead} iba {G} por delante de {trail}{pos}",
                       f"{when}, {lead} estava {G} à frente de {trail}{pos}"),
                   k.t(f"{when}, {trail} was {G} behind {lead}{pos}", f"{when}, {trail} estaba {G} por detrás de {lead}{pos}",
                       f"{when}, {trail} estava {G} atrás de {lead}{pos}")])


def _c_gain(f: Fx, k: Ink, view: InstanceView, j: bool) -> str:
    b = f.b
    assert b is not None
    A, B, g = b.attacker, b.defender, b.gained
    G = k.sec(g)
    if g >= 0:
        if j:
            return k.t(f"{A} made up {G} on {B} over the stop cycle", f"{A} le sacó {G} a {B} en el ciclo de paradas",
                       f"{A} tirou {G} de {B} no ciclo de pit")
        return k.pick([k.t(f"{A} gained {G} on {B}", f"{A} le ganó {G} a {B}", f"{A} ganhou {G} sobre {B}"),
                       k.t(f"the stops were worth {G} to {A} against {B}", f"las paradas le valieron {G} a {A} frente a {B}",
                           f"as paradas valeram {G} para {A} contra {B}")])
    if j:
        return k.t(f"the cycle cost {A} {G} against {B}", f"el ciclo le costó a {A} {G} frente a {B}",
                   f"o ciclo custou {G} a {A} em relação a {B}")
    return k.t(f"{A} lost {G} to {B}", f"{A} perdió {G} frente a {B}", f"{A} perdeu {G} para {B}")


def _c_outcome(f: Fx, k: Ink, view: InstanceView, j: bool) -> str:
    b = f.b
    assert b is not None
    A, B, kind = b.attacker, b.defender, b.kind
    if b.success:
        if j:
            return k.t(f"the {kind} was on: {A} came out of the cycle ahead of {B}",
                       f"el {kind} salió: {A} terminó el ciclo de paradas por delante de {B}",
                       f"o {kind} deu certo: {A} saiu do ciclo de pit à frente de {B}")
        return k.pick([k.t(f"{A} was ahead of {B} after the stops, so the {kind} worked",
                           f"{A} quedó por delante de {B} tras las paradas, así que el {kind} funcionó",
                           f"{A} ficou à frente de {B} depois das paradas, então o {kind} funcionou"),
                       k.t(f"the {kind} worked: {A} came out in front of {B}", f"el {kind} funcionó: {A} salió delante de {B}",
                           f"o {kind} funcionou: {A} saiu na frente de {B}")])
    if b.gap_before <= 0:  # the attacker was not behind before the stops: no "still"/"stayed"
        return k.t(f"{A} was behind {B} after the stops, so the {kind} did not work",
                   f"{A} quedó detrás de {B} tras las paradas, así que el {kind} no funcionó",
                   f"{A} ficou atrás de {B} depois das paradas, então o {kind} não funcionou")
    if j:
        return k.t(f"the {kind} didn't come off: {B} kept track position over {A}",
                   f"el {kind} no salió: {B} conservó la posición en pista ante {A}",
                   f"o {kind} não deu certo: {B} manteve a posição de pista sobre {A}")
    return k.pick([k.t(f"{A} was still behind {B} after the stops, so the {kind} did not work",
                       f"{A} seguía detrás de {B} tras las paradas, así que el {kind} no funcionó",
                       f"{A} continuava atrás de {B} depois das paradas, então o {kind} não funcionou"),
                   k.t(f"the {kind} did not work: {B} stayed ahead of {A}", f"el {kind} no funcionó: {B} siguió delante de {A}",
                       f"o {kind} não funcionou: {B} continuou à frente de {A}")])


def _c_drun(f: Fx, k: Ink, view: InstanceView, j: bool) -> str:
    x = f.x
    assert x is not None
    D, P, ln = x.defender, x.pursuer, k.laps_n(x.laps)
    if j:
        return k.t(f"{D} kept the door shut on {P} for {ln} ({k.span(x.start, x.end)})",
                   f"{D} le cerró la puerta a {P} durante {ln} ({k.span(x.start, x.end)})",
                   f"{D} fechou a porta para {P} por {ln} ({k.span(x.start, x.end)})")
    return k.pick([k.t(f"{D} held {P} behind for {ln}, {k.span(x.start, x.end)}",
                       f"{D} mantuvo a {P} detrás durante {ln}, {k.span(x.start, x.end)}",
                       f"{D} segurou {P} atrás por {ln}, {k.span(x.start, x.end)}"),
                   k.t(f"{D} kept {P} behind {k.from_to(x.start, x.end)} ({ln})",
                       f"{D} contuvo a {P} {k.from_to(x.start, x.end)} ({ln})",
                       f"{D} conteve {P} {k.from_to(x.start, x.end)} ({ln})")])


def _c_dgap(f: Fx, k: Ink, view: InstanceView, j: bool) -> str:
    x = f.x
    assert x is not None and x.mean_gap is not None
    D, P, M, W = x.defender, x.pursuer, k.sec(x.mean_gap), k.one_five()
    if j:
        return k.t(f"{P} was glued to {D}'s gearbox: mean gap {M}, never more than {W}",
                   f"{P} estuvo pegado a la caja de cambios de {D}: gap medio de {M}, siempre dentro de {W}",
                   f"{P} ficou colado na caixa de câmbio de {D}: gap médio de {M}, sempre dentro de {W}")
    return k.t(f"{P} stayed within {W} of {D} throughout, {M} on average",
               f"{P} estuvo siempre a menos de {W} de {D}, a {M} de media",
               f"{P} ficou sempre a menos de {W} de {D}, a {M} em média")


def _c_dpace(f: Fx, k: Ink, view: InstanceView, j: bool) -> str:
    x = f.x
    assert x is not None and x.pace_delta is not None and x.pursuer_pace is not None and x.defender_pace is not None
    D, P, dl = x.defender, x.pursuer, x.pace_delta
    pp, dp = k.pace(x.pursuer_pace), k.pace(x.defender_pace)
    if abs(dl) < 0.0005:
        return k.t(f"on median green-flag pace the two were level ({pp} and {dp})",
                   f"en ritmo mediano con bandera verde iban igualados ({pp} y {dp})",
                   f"no ritmo mediano com bandeira verde os dois estavam iguais ({pp} e {dp})")
    if dl < 0:
        return k.t(f"{D} was in fact the quicker of the two on median green-flag pace: {dp} against {pp} for {P}",
                   f"{D} era en realidad el más rápido en ritmo mediano con bandera verde: {dp} frente a {pp} de {P}",
                   f"{D} era na verdade o mais rápido no ritmo mediano com bandeira verde: {dp} contra {pp} de {P}")
    R = k.bd(k.rate(dl))
    if j:
        return k.t(f"{P} had {R} of pace in hand (median green-flag laps: {pp} vs {dp})",
                   f"{P} tenía {R} más de pace (vueltas medianas con bandera verde: {pp} vs {dp})",
                   f"{P} tinha {R} a mais de pace (voltas medianas com bandeira verde: {pp} vs {dp})")
    return k.t(f"{P} was quicker on median green-flag pace, {pp} against {D}'s {dp}, {R} faster",
               f"{P} era más rápido en ritmo mediano con bandera verde: {pp} frente a {dp} de {D}, {R} más",
               f"{P} era mais rápido no ritmo mediano com bandeira verde: {pp} contra {dp} de {D}, {R} a mais")


def _c_dpass(f: Fx, k: Ink, view: InstanceView, j: bool) -> str:
    x = f.x
    assert x is not None
    D, P = x.defender, x.pursuer
    if x.passed and x.pass_lap is not None:
        if j:
            return k.t(f"{P} made the move stick {k.on(x.pass_lap)}", f"{P} completó el adelantamiento {k.on(x.pass_lap)}",
                       f"{P} completou a ultrapassagem {k.on(x.pass_lap)}")
        return k.pick([k.t(f"{P} finally got past {D} {k.on(x.pass_lap)}", f"{P} acabó pasando a {D} {k.on(x.pass_lap)}",
                           f"{P} acabou passando {D} {k.on(x.pass_lap)}"),
                       k.t(f"the pass came {k.on(x.pass_lap)}", f"el adelantamiento llegó {k.on(x.pass_lap)}",
                           f"a ultrapassagem veio {k.on(x.pass_lap)}")])
    if j:
        return k.t(f"{D} never opened the door: no pass during the run", f"{D} nunca abrió la puerta: sin adelantamiento en el tramo",
                   f"{D} nunca abriu a porta: sem ultrapassagem no trecho")
    return k.t(f"{P} never got past {D} during the run", f"{P} no consiguió pasar a {D} en ese tramo",
               f"{P} não conseguiu passar {D} nesse trecho")


def _c_dmate(f: Fx, k: Ink, view: InstanceView, j: bool) -> str:
    x = f.x
    assert x is not None
    D, P = x.defender, x.pursuer
    if x.protected and x.teammate:
        return k.t(f"it protected {D}'s teammate {x.teammate}, who was ahead of {P} throughout",
                   f"eso protegió a su compañero de equipo {x.teammate}, que iba por delante de {P} todo el tiempo",
                   f"isso protegeu o companheiro de equipe {x.teammate}, que estava à frente de {P} o tempo todo")
    return k.t(f"{D} was not protecting a teammate", f"{D} no protegía a ningún compañero de equipo",
               f"{D} não protegia nenhum companheiro de equipe")


def _c_winner(f: Fx, k: Ink, view: InstanceView, j: bool) -> str:
    w = view.podium[0]
    ev, yr, tm = view.event, view.season, w.team
    if j and tm:
        return k.t(f"{w.driver} took the win for {tm} at the {ev} {yr}", f"{w.driver} se llevó la victoria con {tm} en el {ev} {yr}",
                   f"{w.driver} levou a vitória pela {tm} no {ev} {yr}")
    return k.pick([k.t(f"{w.driver} won the {ev} {yr}" + (f" for {tm}" if tm else ""),
                       f"{w.driver} ganó el {ev} {yr}" + (f" con {tm}" if tm else ""),
                       f"{w.driver} venceu o {ev} {yr}" + (f" pela {tm}" if tm else "")),
                   k.t(f"victory in the {ev} {yr} went to {w.driver}" + (f" ({tm})" if tm else ""),
                       f"la victoria en el {ev} {yr} fue para {w.driver}" + (f" ({tm})" if tm else ""),
                       f"a vitória no {ev} {yr} ficou com {w.driver}" + (f" ({tm})" if tm else ""))])


def _c_podium(f: Fx, k: Ink, view: InstanceView, j: bool) -> str:
    rest = view.podium[1:]
    parts = [f"{p.driver}" + (f" ({p.team})" if p.team and k.chance(0.5) else "") + f" P{p.position}" for p in rest]
    joined = k.t(" and ", " y ", " e ").join(parts)
    return k.t(f"also on the podium: {joined}", f"en el podio también: {joined}", f"no pódio também: {joined}")


def _c_sbattle(f: Fx, k: Ink, view: InstanceView, j: bool) -> str:
    b = f.b
    assert b is not None
    A, B, kind, g = b.attacker, b.defender, b.kind, b.gained
    laps = k.pick([k.t(f"laps {b.a_lap}/{b.d_lap}", f"vueltas {b.a_lap}/{b.d_lap}", f"voltas {b.a_lap}/{b.d_lap}"),
                   k.t(f"{A} stopping on lap {b.a_lap}, {B} on lap {b.d_lap}", f"{A} paró en la vuelta {b.a_lap} y {B} en la {b.d_lap}",
                       f"{A} parou na volta {b.a_lap} e {B} na {b.d_lap}")])
    G = k.sec(g)
    gain = (k.t(f"gaining {G}", f"ganando {G}", f"ganhando {G}") if g >= 0 else
            k.t(f"losing {G}", f"perdiendo {G}", f"perdendo {G}"))
    out = (k.t("was ahead after the stops", "quedó por delante tras las paradas", "ficou à frente depois das paradas")
           if b.success else
           k.t("was still behind after the stops", "seguía detrás tras las paradas", "continuou atrás depois das paradas"))
    if j:
        return k.t(f"{A} {kind} {B} in the stop cycle ({laps}), {gain}, and {out}",
                   f"{A} le hizo el {kind} a {B} en el ciclo de paradas ({laps}), {gain}, y {out}",
                   f"{A} fez o {kind} em {B} no ciclo de pit ({laps}), {gain}, e {out}")
    return k.t(f"{A} made the {kind} on {B} ({laps}), {gain}, and {out}",
               f"{A} le hizo el {kind} a {B} ({laps}), {gain}, y {out}",
               f"{A} fez o {kind} em {B} ({laps}), {gain}, e {out}")


def _c_sdefense(f: Fx, k: Ink, view: InstanceView, j: bool) -> str:
    x = f.x
    assert x is not None
    D, P, ln, sp = x.defender, x.pursuer, k.laps_n(x.laps), k.span(x.start, x.end)
    if j:
        return k.t(f"{D} kept the door shut on {P} for {ln} ({sp})", f"{D} le cerró la puerta a {P} durante {ln} ({sp})",
                   f"{D} fechou a porta para {P} por {ln} ({sp})")
    return k.t(f"{D} held {P} behind for {ln} ({sp})", f"{D} mantuvo a {P} detrás durante {ln} ({sp})",
               f"{D} segurou {P} atrás por {ln} ({sp})")


def _c_racelaps(f: Fx, k: Ink, view: InstanceView, j: bool) -> str:
    L = view.race_laps
    return k.t(f"the race ran over {L} laps", f"la carrera se disputó a {L} vueltas", f"a corrida teve {L} voltas")


_CLAUSES = {"nstops": _c_nstops, "stint": _c_stint, "stop": _c_stop, "redflag": _c_redflag, "result": _c_result,
            "move": _c_move, "gap": _c_gap, "gain": _c_gain, "outcome": _c_outcome, "drun": _c_drun, "dgap": _c_dgap,
            "dpace": _c_dpace, "dpass": _c_dpass, "dmate": _c_dmate, "winner": _c_winner, "podium": _c_podium,
            "sbattle": _c_sbattle, "sdefense": _c_sdefense, "racelaps": _c_racelaps}


# --------------------------------------------------------------------------- shared summaries


def notation(k: Ink, d: Driver) -> str:
    """The strategy as a string of compounds and stint lengths: ``M(10) → H(46)`` / ``MEDIUM (10) - HARD (46)``."""
    short = k.chance(0.6)
    parts = [f"{k.ab(s.compound)}({s.n_laps})" if short else f"{s.compound if s.known else '?'} ({s.n_laps})" for s in d.stints]
    return k.pick((f" {k.arrow} ", " - ", " > ")).join(parts)


def _stops_np(k: Ink, n: int) -> str:
    if n == 0:
        return k.t("no stops", "sin paradas", "sem paradas")
    if n == 1:
        return k.t("one stop", "una parada", "uma parada")
    return k.t(f"{n} stops", f"{n} paradas", f"{n} paradas")


def bottom_line(view: InstanceView, k: Ink) -> str:
    """The answer in one clause."""
    if view.kind == "stint":
        d = view.focus
        assert d is not None
        # The compounds in order, only when every change between them is a pit stop (a red-flag tyre
        # change would put more changes in the sequence than the stops it states).
        seq = (f" {k.arrow} ".join(k.tyre(s.compound) for s in d.stints)
               if all(s.known for s in d.stints) and not d.red_flag else "")
        res = (k.t(f"P{d.position} at the flag", f"P{d.position} al final", f"P{d.position} no fim") if d.position is not None
               else k.t(f"no finish ({d.status or 'not classified'})", f"sin terminar ({d.status or 'no clasificado'})",
                        f"sem terminar ({d.status or 'não classificado'})"))
        return f"{d.code}: {_stops_np(k, d.n_stops or 0)}" + (f", {seq}" if seq and len(d.stints) > 1 else "") + f", {res}"
    if view.kind in ("undercut", "overcut"):
        b = view.battle
        assert b is not None
        A, B, kind, g = b.attacker, b.defender, b.kind, b.gained
        G = k.sec(g)
        if b.success and g >= 0:
            return k.t(f"the {kind} worked: {A} came out ahead of {B} after the stops, gaining {G}",
                       f"el {kind} funcionó: {A} salió por delante de {B} tras las paradas y ganó {G}",
                       f"o {kind} funcionou: {A} saiu à frente de {B} depois das paradas e ganhou {G}")
        if b.success:
            return k.t(f"{A} was ahead of {B} after the stops, although {A} lost {G}",
                       f"{A} quedó por delante de {B} tras las paradas, aunque perdió {G}",
                       f"{A} ficou à frente de {B} depois das paradas, embora tenha perdido {G}")
        tail = (k.t(f", although {A} gained {G}", f", aunque ganó {G}", f", embora tenha ganhado {G}") if g >= 0 else
                k.t(f", and {A} lost {G}", f", y además perdió {G}", f", e ainda perdeu {G}"))
        if b.gap_before <= 0:
            return k.t(f"the {kind} did not work: {A} was behind {B} after the stops",
                       f"el {kind} no funcionó: {A} quedó detrás de {B} tras las paradas",
                       f"o {kind} não funcionou: {A} ficou atrás de {B} depois das paradas") + tail
        return k.t(f"the {kind} did not work: {A} was still behind {B} after the stops",
                   f"el {kind} no funcionó: {A} seguía detrás de {B} tras las paradas",
                   f"o {kind} não funcionou: {A} continuava atrás de {B} depois das paradas") + tail
    if view.kind == "defense":
        x = view.defense
        assert x is not None
        D, P, ln, sp = x.defender, x.pursuer, k.laps_n(x.laps), k.span(x.start, x.end)
        if x.passed and x.pass_lap is not None:
            return k.t(f"{D} kept {P} behind for {ln} ({sp}) before {P} got past on lap {x.pass_lap}",
                       f"{D} mantuvo a {P} detrás durante {ln} ({sp}) hasta que {P} lo pasó en la vuelta {x.pass_lap}",
                       f"{D} segurou {P} atrás por {ln} ({sp}) até {P} passar na volta {x.pass_lap}")
        return k.t(f"{D} kept {P} behind for the whole {ln} of the run ({sp}); {P} did not get past during the run",
                   f"{D} mantuvo a {P} detrás durante las {ln} del tramo ({sp}); {P} no lo pasó en ese tramo",
                   f"{D} segurou {P} atrás durante as {ln} do trecho ({sp}); {P} não passou nesse trecho")
    w = view.podium[0]
    s = k.t(f"{w.driver} won the {view.event} {view.season}", f"{w.driver} ganó el {view.event} {view.season}",
            f"{w.driver} venceu o {view.event} {view.season}")
    if w.team:
        s += k.t(f" for {w.team}", f" con {w.team}", f" pela {w.team}")
    rest = view.podium[1:]
    if rest:
        s += k.t(", ahead of ", ", por delante de ", ", à frente de ") + k.t(" and ", " y ", " e ").join(
            f"{p.driver} (P{p.position})" for p in rest)
    return s


def key_numbers(view: InstanceView, k: Ink) -> list[tuple[str, str]]:
    """(value, what it is) pairs: the figures that matter, number first."""
    out: list[tuple[str, str]] = []
    L = view.race_laps
    if view.kind == "stint":
        d = view.focus
        assert d is not None
        out.append((str(d.n_stops or 0), k.t("pit stops", "paradas en boxes", "paradas nos boxes")))
        for p in d.stops:
            what = f" ({k.tyre(p.from_)} {k.arrow} {k.tyre(p.to)}{k.cond(p)})" if p.known else (f" ({k.cond(p).strip()})" if k.cond(p) else "")
            out.append((str(p.lap), k.t(f"{d.code}'s pit lap", f"vuelta de parada de {d.code}", f"volta da parada de {d.code}") + what))
        for s in d.stints:
            c = k.tyre(s.compound)
            out.append((str(s.n_laps), k.t(f"laps on {c} in stint {s.n} ({k.span(s.start, s.end)})",
                                           f"vueltas con {c} en el stint {s.n} ({k.span(s.start, s.end)})",
                                           f"voltas com {c} no stint {s.n} ({k.span(s.start, s.end)})")))
            if s.avg is not None and k.chance(0.6):
                out.append((k.avg(s.avg), k.t(f"average lap in stint {s.n}", f"vuelta media del stint {s.n}",
                                              f"volta média do stint {s.n}")))
        for r in d.red_flag:
            out.append((str(r.lap), k.t("red-flag tyre change (not a pit stop)", "cambio con bandera roja (no es parada)",
                                        "troca sob bandeira vermelha (não é parada)")))
        if L and k.chance(0.5):
            out.append((str(L), k.t("race laps", "vueltas de carrera", "voltas de corrida")))
        out.append((k.res(d), k.t(f"{d.code}'s result", f"resultado de {d.code}", f"resultado de {d.code}")))
    elif view.kind in ("undercut", "overcut"):
        b = view.battle
        assert b is not None
        A, B = b.attacker, b.defender
        for code, lap in ((A, b.a_lap), (B, b.d_lap)):
            dd = view.drivers.get(code)
            p = dd.stop_on(lap) if dd else None
            what = f" ({k.tyre(p.from_)} {k.arrow} {k.tyre(p.to)}{k.cond(p)})" if p is not None and p.known else ""
            out.append((str(lap), k.t(f"{code}'s pit lap", f"vuelta de parada de {code}", f"volta da parada de {code}") + what))
        for when in ("before", "after"):
            g, lap, pa, pb, lead, trail = _gap_parts(b, when)
            lab = (k.t(f"gap on lap {lap}, before the stops", f"diferencia en la vuelta {lap}, antes de las paradas",
                       f"diferença na volta {lap}, antes das paradas") if when == "before" else
                   k.t(f"gap on lap {lap}, after the stops", f"diferencia en la vuelta {lap}, tras las paradas",
                       f"diferença na volta {lap}, depois das paradas"))
            out.append((k.sec(g, bold=False), lab + k.t(f", {lead} ahead", f", {lead} delante", f", {lead} à frente")))
        g = b.gained
        out.append((k.sec(g, bold=False), k.t(f"time {A} gained on {B}", f"tiempo que {A} le ganó a {B}", f"tempo que {A} ganhou sobre {B}")
                    if g >= 0 else k.t(f"time {A} lost to {B}", f"tiempo que {A} perdió frente a {B}", f"tempo que {A} perdeu para {B}")))
        if b.pos_before is not None and b.pos_after is not None:
            out.append((f"P{b.pos_before} {k.arrow} P{b.pos_after}",
                        k.t(f"{A}'s position, lap {b.lap_before} to lap {b.lap_after}",
                            f"posición de {A}, de la vuelta {b.lap_before} a la {b.lap_after}",
                            f"posição de {A}, da volta {b.lap_before} à {b.lap_after}")))
        for code in (A, B):
            dd = view.drivers.get(code)
            if dd is not None:
                out.append((k.res(dd), k.t(f"{code}'s result", f"resultado de {code}", f"resultado de {code}")))
    elif view.kind == "defense":
        x = view.defense
        assert x is not None
        D, P = x.defender, x.pursuer
        out.append((str(x.laps), k.t(f"laps {D} held {P} behind ({k.span(x.start, x.end)})",
                                     f"vueltas que {D} mantuvo a {P} detrás ({k.span(x.start, x.end)})",
                                     f"voltas em que {D} segurou {P} atrás ({k.span(x.start, x.end)})")))
        if x.mean_gap is not None:
            out.append((k.sec(x.mean_gap, bold=False), k.t("mean gap during the run", "diferencia media en el tramo", "diferença média no trecho")))
        if x.pace_delta is not None and x.pace_delta > 0:
            out.append((k.rate(x.pace_delta), k.t(f"{P}'s median green-flag pace advantage", f"ventaja de ritmo mediano de {P} con bandera verde",
                                                  f"vantagem de ritmo mediano de {P} com bandeira verde")))
        if x.passed and x.pass_lap is not None:
            out.append((str(x.pass_lap), k.t(f"lap on which {P} got past", f"vuelta en que {P} pasó", f"volta em que {P} passou")))
        for code in (D, P):
            dd = view.drivers.get(code)
            if dd is not None:
                out.append((k.res(dd), k.t(f"{code}'s result", f"resultado de {code}", f"resultado de {code}")))
    else:
        for p in view.podium:
            out.append((f"P{p.position}", p.driver + (f" ({p.team})" if p.team else "")))
        for b in view.battles:
            g = b.gained
            out.append((k.sec(g, bold=False), k.t(f"{b.attacker}'s gain in the {b.kind} on {b.defender} (laps {b.a_lap}/{b.d_lap}), "
                                                  + ("ahead after the stops" if b.success else "still behind after the stops"),
                                                  f"ganancia de {b.attacker} en el {b.kind} a {b.defender} (vueltas {b.a_lap}/{b.d_lap}), "
                                                  + ("delante tras las paradas" if b.success else "aún detrás tras las paradas"),
                                                  f"ganho de {b.attacker} no {b.kind} em {b.defender} (voltas {b.a_lap}/{b.d_lap}), "
                                                  + ("à frente depois das paradas" if b.success else "ainda atrás depois das paradas"))))
        for x in view.defenses:
            out.append((str(x.laps), k.t(f"laps {x.defender} held {x.pursuer} behind ({k.span(x.start, x.end)})",
                                         f"vueltas que {x.defender} mantuvo a {x.pursuer} detrás ({k.span(x.start, x.end)})",
                                         f"voltas em que {x.defender} segurou {x.pursuer} atrás ({k.span(x.start, x.end)})")))
        if L:
            out.append((str(L), k.t("race laps", "vueltas de carrera", "voltas de corrida")))
    return out


@dataclass
class Item:
    """A pro or a con: its text, a marker, and (for a con) the goal it missed, for checkboxes."""

    text: str
    emoji: str
    goal: str | None = None
    f: Fx | None = field(default=None, repr=False)


def judge(view: InstanceView, k: Ink, fx: list[Fx]) -> tuple[list[Item], list[Item], list[Fx]]:
    """(pros, cons, the facts left neutral) from the protagonist's point of view: the driver, the
    attacker, the defender; for a summary, the strategy calls."""
    pros: list[Item] = []
    cons: list[Item] = []
    used: set[int] = set()

    def P(text: str, emoji: str = "✅", f: Fx | None = None) -> None:
        pros.append(Item(text, emoji, None, f))
        if f is not None:
            used.add(id(f))

    def C(text: str, emoji: str = "❌", f: Fx | None = None, goal: str | None = None) -> None:
        cons.append(Item(text, emoji, goal, f))
        if f is not None:
            used.add(id(f))

    by = {f.kind: f for f in fx}
    if view.kind == "stint":
        d = view.focus
        assert d is not None
        prev: Stint | None = None
        for s in d.stints:
            if prev is not None and prev.avg is not None and s.avg is not None and prev.known and s.known and s.avg != prev.avg:
                a, b_ = k.avg(s.avg), k.avg(prev.avg)
                if a != b_:
                    if s.avg < prev.avg:
                        P(k.t(f"stint {s.n} on {k.the(s.compound)} was quicker than stint {prev.n} on average ({a} vs {b_})",
                              f"el stint {s.n} con {k.the(s.compound)} fue más rápido de media que el stint {prev.n} ({a} frente a {b_})",
                              f"o stint {s.n} com {k.the(s.compound)} foi mais rápido em média que o stint {prev.n} ({a} contra {b_})"), "✅")
                    else:
                        C(k.t(f"stint {s.n} on {k.the(s.compound)} was slower than stint {prev.n} on average ({a} vs {b_})",
                              f"el stint {s.n} con {k.the(s.compound)} fue más lento de media que el stint {prev.n} ({a} frente a {b_})",
                              f"o stint {s.n} com {k.the(s.compound)} foi mais lento em média que o stint {prev.n} ({a} contra {b_})"), "⚠️")
            if s.deg is not None and s.known:
                if s.deg < 0:
                    P(k.t(f"lap times fell through stint {s.n} on {k.the(s.compound)} (deg {k.deg(s.deg)})",
                          f"los tiempos bajaron a lo largo del stint {s.n} con {k.the(s.compound)} (deg {k.deg(s.deg)})",
                          f"os tempos caíram ao longo do stint {s.n} com {k.the(s.compound)} (deg {k.deg(s.deg)})"), "📉")
                elif s.deg >= 0.05:
                    C(k.t(f"degradation on {k.the(s.compound)} in stint {s.n} was {k.deg(s.deg)}",
                          f"la degradación con {k.the(s.compound)} en el stint {s.n} fue de {k.deg(s.deg)}",
                          f"a degradação com {k.the(s.compound)} no stint {s.n} foi de {k.deg(s.deg)}"), "⚠️")
            prev = s
        for f in fx:
            if f.kind == "stop" and f.p is not None and (f.p.under_sc or f.p.under_vsc):
                P(clause(f, k, view), "✅", f)
        rf = by["result"]
        if d.position is not None and d.position <= 3:
            P(clause(rf, k, view), "🏆", rf)
        elif d.position is None:
            C(clause(rf, k, view), "❌", rf)
    elif view.kind in ("undercut", "overcut"):
        b = view.battle
        assert b is not None
        A, B = b.attacker, b.defender
        if b.gained >= 0:
            P(clause(by["gain"], k, view), "✅", by["gain"])
        else:
            C(clause(by["gain"], k, view), "❌", by["gain"],
              goal=k.t(f"time gained on {B}", f"ganar tiempo a {B}", f"ganhar tempo sobre {B}"))
        if b.success:
            P(clause(by["outcome"], k, view), "✅", by["outcome"])
        else:
            C(clause(by["outcome"], k, view), "❌", by["outcome"],
              goal=k.t(f"{A} ahead of {B} after the stops", f"{A} delante de {B} tras las paradas", f"{A} à frente de {B} depois das paradas"))
        if b.pos_before is not None and b.pos_after is not None and b.pos_before != b.pos_after:
            if b.pos_after < b.pos_before:
                P(k.t(f"{A} climbed from P{b.pos_before} to P{b.pos_after} on the road between lap {b.lap_before} and lap {b.lap_after}",
                      f"{A} subió de P{b.pos_before} a P{b.pos_after} en pista entre la vuelta {b.lap_before} y la {b.lap_after}",
                      f"{A} subiu de P{b.pos_before} para P{b.pos_after} na pista entre a volta {b.lap_before} e a {b.lap_after}"), "📈")
            else:
                C(k.t(f"{A} dropped from P{b.pos_before} to P{b.pos_after} on the road between lap {b.lap_before} and lap {b.lap_after}",
                      f"{A} cayó de P{b.pos_before} a P{b.pos_after} en pista entre la vuelta {b.lap_before} y la {b.lap_after}",
                      f"{A} caiu de P{b.pos_before} para P{b.pos_after} na pista entre a volta {b.lap_before} e a {b.lap_after}"), "⚠️")
        dA, dB = view.drivers.get(A), view.drivers.get(B)
        for f in fx:
            if f.kind == "result" and f.code == A and dA is not None and dA.position is None:
                C(clause(f, k, view), "❌", f)
        if dA and dB and dA.position is not None and dB.position is not None:
            if dA.position < dB.position:
                P(k.t(f"{A} also finished ahead of {B} (P{dA.position} vs P{dB.position})",
                      f"{A} además terminó por delante de {B} (P{dA.position} frente a P{dB.position})",
                      f"{A} também terminou à frente de {B} (P{dA.position} contra P{dB.position})"), "🏁")
            else:
                C(k.t(f"{A} finished behind {B} in the end (P{dA.position} vs P{dB.position})",
                      f"{A} terminó por detrás de {B} al final (P{dA.position} frente a P{dB.position})",
                      f"{A} terminou atrás de {B} no fim (P{dA.position} contra P{dB.position})"), "🏁")
    elif view.kind == "defense":
        x = view.defense
        assert x is not None
        D, P_ = x.defender, x.pursuer
        P(clause(by["drun"], k, view), "🛡️", by["drun"])
        if x.passed and x.pass_lap is not None:
            C(clause(by["dpass"], k, view), "❌", by["dpass"],
              goal=k.t(f"keep {P_} behind for the whole run", f"mantener a {P_} detrás todo el tramo", f"segurar {P_} atrás o trecho todo"))
        else:
            P(clause(by["dpass"], k, view), "✅", by["dpass"])
        if x.protected and x.teammate:
            P(clause(by["dmate"], k, view), "👥", by["dmate"])
        if "dpace" in by and x.pace_delta is not None and x.pace_delta > 0:
            P(k.t(f"{D} held off a quicker car: {P_} was {k.rate(x.pace_delta)} faster on median green-flag pace",
                  f"{D} contuvo a un coche más rápido: {P_} era {k.rate(x.pace_delta)} más rápido en ritmo mediano con bandera verde",
                  f"{D} segurou um carro mais rápido: {P_} era {k.rate(x.pace_delta)} mais rápido no ritmo mediano com bandeira verde"),
              "💪", by["dpace"])
        dD, dP = view.drivers.get(D), view.drivers.get(P_)
        if dD and dP and dD.position is not None and dP.position is not None:
            if dD.position < dP.position:
                P(k.t(f"{D} finished ahead of {P_} (P{dD.position} vs P{dP.position})",
                      f"{D} terminó por delante de {P_} (P{dD.position} frente a P{dP.position})",
                      f"{D} terminou à frente de {P_} (P{dD.position} contra P{dP.position})"), "🏁")
            else:
                C(k.t(f"{D} finished behind {P_} (P{dD.position} vs P{dP.position})",
                      f"{D} terminó por detrás de {P_} (P{dD.position} frente a P{dP.position})",
                      f"{D} terminou atrás de {P_} (P{dD.position} contra P{dP.position})"), "🏁")
        elif dD and dD.position is None:
            rf = next(f for f in fx if f.kind == "result" and f.code == D)
            C(clause(rf, k, view), "❌", rf)
    else:
        for f in fx:
            if f.kind == "sbattle" and f.b is not None:
                if f.b.success:
                    P(clause(f, k, view), "✅", f)
                else:
                    C(clause(f, k, view), "❌", f, goal=k.t(f"{f.b.attacker} ahead of {f.b.defender} after the stops",
                                                          f"{f.b.attacker} delante de {f.b.defender} tras las paradas",
                                                          f"{f.b.attacker} à frente de {f.b.defender} depois das paradas"))
            elif f.kind == "sdefense":
                P(clause(f, k, view), "🛡️", f)
    neutral = [f for f in fx if id(f) not in used]
    return pros, cons, neutral


# --------------------------------------------------------------------------- the context, verbatim


class Ctx:
    """The row's ``context_text``, line by line and per driver block, for verbatim quotes."""

    def __init__(self, text: str | None):
        self.text = text or ""
        self.lines = [x.strip() for x in self.text.splitlines() if x.strip()]
        self.blocks: dict[str, list[str]] = {}
        cur = None
        for raw in self.text.splitlines():
            line = raw.strip()
            m = re.match(r"Driver (\w+) \(", line)
            if m:
                cur = m.group(1)
                self.blocks[cur] = [line]
            elif raw.startswith("  ") and cur:
                self.blocks[cur].append(line)
            else:
                cur = None

    def line(self, prefix: str, driver: str | None = None) -> str | None:
        pool = self.blocks.get(driver or "", []) if driver else self.lines
        return next((x for x in pool if x.startswith(prefix)), None)

    def find(self, pattern: str, driver: str | None = None) -> str | None:
        pool = self.blocks.get(driver or "", []) if driver else self.lines
        for x in pool:
            m = re.search(pattern, x)
            if m:
                return m.group(0)
        return None


def quote(f: Fx, ctx: Ctx) -> tuple[str, str | None] | None:
    """(the verbatim context text that states ``f``, the driver whose block it is in) or None."""
    K = f.kind
    q: str | None = None
    who: str | None = None
    if K == "stint" and f.s is not None:
        q, who = ctx.line(f"Stint {f.s.n}: ", f.code), f.code
    elif K == "stop" and f.lap is not None:
        q, who = ctx.line(f"Pit lap {f.lap}: ", f.code), f.code
    elif K == "nstops":
        q, who = ctx.line("Pit stops: ", f.code), f.code
    elif K == "redflag" and f.r is not None:
        q, who = ctx.line(f"Red-flag tyre change lap {f.r.lap}:", f.code), f.code
    elif K == "result":
        q, who = ctx.find(r"finished P\d+|did not finish: [^)]+", f.code), f.code
    elif K == "move":
        q = ctx.line("Pit-timing battle")
    elif K == "gap":
        q = ctx.find(("Before" if f.when == "before" else "After") + r" the stops \(lap \d+\): [^;]+")
    elif K == "gain":
        q = ctx.find(r"\w+ gained -?[\d.]+s on \w+")
    elif K == "outcome":
        q = ctx.find(r"\w+ ahead after the stops: (yes|no)\.")
    elif K == "drun":
        q = ctx.find(r"\w+ held \w+ behind for \d+ laps? \(laps \d+-\d+\)")
    elif K == "dgap":
        q = ctx.find(r"within 1\.5s \(mean gap [\d.]+s\)")
    elif K == "dpace":
        q = ctx.line("Median green-flag pace:")
    elif K == "dpass":
        q = ctx.find(r"\w+ (passed \w+ on lap \d+|did not pass \w+ during the run)\.")
    elif K == "dmate":
        q = ctx.find(r"Teammate protected: none\.|\w+'s teammate \w+ was ahead of \w+ throughout: teammate protected\.")
    elif K == "winner":
        q = ctx.line("Winner:")
    elif K == "podium":
        q = ctx.line("Podium:")
    elif K == "sbattle" and f.b is not None:
        q = ctx.line(f"Key pit battle: {f.b.attacker} {f.b.kind} {f.b.defender} ")
    elif K == "sdefense" and f.x is not None:
        q = ctx.line(f"Key defense: {f.x.defender} held {f.x.pursuer} ")
    elif K == "racelaps":
        q = ctx.line("Race:")
    if not q or UNKNOWN in q:
        return None
    return q, who


# --------------------------------------------------------------------------- layout helpers


def _paras(k: Ink, sentences: list[str], most: int = 3) -> str:
    """Sentences in 1..``most`` paragraphs."""
    if len(sentences) <= 2:
        return " ".join(sentences)
    n = k.rng.randint(1, min(most, len(sentences)))
    cuts = sorted(k.rng.sample(range(1, len(sentences)), n - 1))
    out, last = [], 0
    for c in cuts + [len(sentences)]:
        out.append(" ".join(sentences[last:c]))
        last = c
    return "\n\n".join(out)


def _list(k: Ink, sentences: list[str]) -> str:
    mark = k.pick(("- ", "* ", "• "))
    return "\n".join(mark + s for s in sentences)


def _he(k: Ink) -> str:
    return k.t("he", "él", "ele")


# --------------------------------------------------------------------------- briefing


def _briefing(view: InstanceView, k: Ink, fx: list[Fx], ctx: Ctx) -> str:
    i = k.rng.randrange(3)
    head_sum = [k.t("**Bottom line:**", "**Conclusión:**", "**Conclusão:**"), k.t("**TL;DR:**", "**En resumen:**", "**Em resumo:**"),
                k.t("**Executive summary:**", "**Resumen ejecutivo:**", "**Resumo executivo:**")][i]
    head_num = k.pick([k.t("**Key numbers**", "**Cifras clave**", "**Números-chave**"), k.t("**The numbers**", "**Los números**", "**Os números**"),
                       k.t("### Key numbers", "### Datos clave", "### Dados-chave")])
    head_why = k.pick([k.t("**Why:**", "**Por qué:**", "**Por quê:**"), k.t("**Context:**", "**Contexto:**", "**Contexto:**"),
                       k.t("**How it happened:**", "**Cómo ocurrió:**", "**Como aconteceu:**")])
    form = k.pick(("bold", "code", "plain"))
    sep = k.pick((" — ", ": ", " · "))

    def val(v: str) -> str:
        return f"**{v}**" if form == "bold" else f"`{v}`" if form == "code" else v

    nums = key_numbers(view, k)
    if view.kind == "stint" and view.focus is not None and k.chance(0.6):
        nums.insert(1, (notation(k, view.focus), k.t("strategy (compound and stint length)", "estrategia (compuesto y vueltas del stint)",
                                                     "estratégia (composto e voltas do stint)")))
    lines = [f"- {val(v)}{sep}{lab}" for v, lab in nums]
    pool = [f for f in fx if f.kind not in ("result", "nstops", "winner", "podium")]
    n = min(len(pool), k.rng.randint(2, 4))
    chosen = sorted(k.rng.sample(range(len(pool)), n)) if pool else []
    why = " ".join(say(pool[c], k, view) for c in chosen)
    out = f"{head_sum} {_cap(bottom_line(view, k))}.\n\n{head_num}\n" + "\n".join(lines)
    if why:
        out += f"\n\n{head_why} {why}"
    return out


# --------------------------------------------------------------------------- timeline


def _timeline(view: InstanceView, k: Ink, fx: list[Fx], ctx: Ctx) -> str:
    hfmt = k.pick(("**{h}** — ", "{h} — ", "[{h}] ", "⏱ {h}: ", "- {h}: "))
    ev: list[tuple[int, int, str, str]] = []  # (lap, order, head, text)
    notes: list[str] = []
    tail: list[str] = []
    L = view.race_laps
    W = k.one_five()
    flag = k.t("Flag", "Final", "Final")

    def add(lap: int, head: str, text: str, order: int = 0) -> None:
        ev.append((lap, order, head, _cap(text)))

    if view.kind == "stint":
        d = view.focus
        assert d is not None
        intro = k.t(f"{d.code}'s race, lap by lap ({_stops_np(k, d.n_stops or 0)}):",
                    f"La carrera de {d.code}, vuelta a vuelta ({_stops_np(k, d.n_stops or 0)}):",
                    f"A corrida de {d.code}, volta a volta ({_stops_np(k, d.n_stops or 0)}):")
        for f in fx:
            if f.kind == "stint" and f.s is not None:
                s = f.s
                ln = k.laps_n(s.n_laps)
                text = (k.t(f"stint {s.n} on {k.the(s.compound)}, {ln}", f"stint {s.n} con {k.the(s.compound)}, {ln}",
                            f"stint {s.n} com {k.the(s.compound)}, {ln}") if s.known else
                        k.t(f"stint {s.n}, {ln}, compound not recorded", f"stint {s.n}, {ln}, compuesto no registrado",
                            f"stint {s.n}, {ln}, composto não registrado"))
                if s.avg is not None and k.chance(0.6):
                    text += k.t(f", avg {k.avg(s.avg)}", f", media {k.avg(s.avg)}", f", média {k.avg(s.avg)}")
                    if s.deg is not None and k.chance(0.5):
                        text += f", deg {k.deg(s.deg)}"
                add(s.start, k.Span(s.start, s.end), text)
            elif f.kind == "stop" and f.lap is not None:
                p = f.p
                text = k.t("pits", "entra en boxes", "vai aos boxes") + k.cond(p)
                if p is not None and p.known:
                    text += f": {k.chg(p.from_, p.to)}"
                add(f.lap, k.Lapw(f.lap), text, 1)
            elif f.kind == "redflag":
                r = f.r
                what = f" ({k.tyre(r.from_)} {k.arrow} {k.tyre(r.to)})" if UNKNOWN not in (r.from_, r.to) else ""
                add(r.lap, k.Lapw(r.lap), k.t(f"red flag: tyres changed{what} while the race is suspended, not a pit stop",
                                              f"bandera roja: cambio de neumáticos{what} con la carrera suspendida, no es una parada",
                                              f"bandeira vermelha: troca de pneus{what} com a corrida suspensa, não é uma parada"), 2)
        if d.position is not None and L and d.stints and d.stints[-1].end == L:
            tail.append(hfmt.format(h=k.Lapw(L)) + k.t(f"Chequered flag: {d.code} P{d.position}", f"Bandera a cuadros: {d.code} P{d.position}",
                                                       f"Bandeirada: {d.code} P{d.position}"))
        else:
            tail.append(hfmt.format(h=flag) + say(fx[-1], k, view))
    elif view.kind in ("undercut", "overcut"):
        b = view.battle
        assert b is not None
        A, B, kind = b.attacker, b.defender, b.kind
        intro = k.t(f"{A} vs {B}, the {kind} in order:", f"{A} contra {B} — el {kind}, paso a paso:", f"{A} x {B} — o {kind}, passo a passo:")
        for f in fx:
            if f.kind == "gap":
                g, lap, pa, pb, lead, trail = _gap_parts(b, f.when)
                text = k.t(f"{lead} {k.sec(g)} ahead of {trail}", f"{lead} {k.sec(g)} por delante de {trail}", f"{lead} {k.sec(g)} à frente de {trail}")
                if pa is not None and pb is not None:
                    text += f" ({A} P{pa}, {B} P{pb})"
                text += (k.t(", before the stops", ", antes de las paradas", ", antes das paradas") if f.when == "before" else
                         k.t(", after the stops", ", después de las paradas", ", depois das paradas"))
                add(lap, k.Lapw(lap), text, 0 if f.when == "before" else 2)
            elif f.kind == "stop" and f.lap is not None:
                p = f.p
                text = k.t(f"{f.code} pits", f"{f.code} entra en boxes", f"{f.code} vai aos boxes") + k.cond(p)
                if p is not None and p.known:
                    text += f" ({k.chg(p.from_, p.to)})"
                add(f.lap, k.Lapw(f.lap), text, 1)
            elif f.kind == "gain":
                tail.append(k.t("**Net:** ", "**Balance:** ", "**Saldo:** ") + _cap(clause(f, k, view)) + ".")
            elif f.kind == "outcome":
                tail.append(k.t("**Verdict:** ", "**Veredicto:** ", "**Veredito:** ") + _cap(clause(f, k, view)) + ".")
        res = [clause(f, k, view) for f in fx if f.kind == "result"]
        if res:
            tail.append(k.t("**Finish:** ", "**Final:** ", "**Final:** ") + _cap("; ".join(res)) + ".")
    elif view.kind == "defense":
        x = view.defense
        assert x is not None
        D, P = x.defender, x.pursuer
        intro = k.t(f"{D} vs {P}, how the defense unfolded:", f"{D} contra {P} — así fue la defensa:", f"{D} x {P} — como foi a defesa:")
        ln = k.laps_n(x.laps)
        mg = (k.t(f", mean gap {k.sec(x.mean_gap)}", f", gap medio {k.sec(x.mean_gap)}", f", gap médio {k.sec(x.mean_gap)}")
              if x.mean_gap is not None else "")
        if x.start != x.end:
            add(x.start, k.Lapw(x.start), k.t(f"{P} is within {W} of {D}: the run begins", f"{P} está a menos de {W} de {D}: empieza el tramo",
                                              f"{P} está a menos de {W} de {D}: começa o trecho"))
        add(x.start, k.Span(x.start, x.end), k.t(f"{D} holds {P} behind, {ln}{mg}", f"{D} mantiene a {P} detrás, {ln}{mg}",
                                                   f"{D} segura {P} atrás, {ln}{mg}"), 1)
        if x.passed and x.pass_lap is not None:
            add(x.pass_lap, k.Lapw(x.pass_lap), k.t(f"{P} gets past {D}", f"{P} pasa a {D}", f"{P} passa {D}"), 2)
        else:
            add(x.end, k.Lapw(x.end), k.t(f"end of the run, {P} still behind {D}", f"fin del tramo, {P} sigue detrás de {D}",
                                          f"fim do trecho, {P} continua atrás de {D}"), 2)
        notes += [say(f, k, view) for f in fx if f.kind in ("dpace", "dmate")]
        res = [clause(f, k, view) for f in fx if f.kind == "result"]
        if res:
            tail.append(k.t("**Finish:** ", "**Final:** ", "**Final:** ") + _cap("; ".join(res)) + ".")
    else:
        intro = k.t(f"The {view.event} {view.season} in order:", f"El {view.event} {view.season}, en orden:",
                    f"O {view.event} {view.season}, em ordem:")
        for f in fx:
            if f.kind == "sbattle" and f.b is not None:
                b = f.b
                A, B, kind, G = b.attacker, b.defender, b.kind, k.sec(b.gained)
                gain = (k.t(f"gains {G}", f"gana {G}", f"ganha {G}") if b.gained >= 0 else k.t(f"loses {G}", f"pierde {G}", f"perde {G}"))
                out = (k.t(f"{A} ahead after the stops", f"{A} queda delante tras las paradas", f"{A} fica à frente depois das paradas")
                       if b.success else
                       k.t(f"{A} still behind after the stops", f"{A} sigue detrás tras las paradas", f"{A} continua atrás depois das paradas"))
                head = k.t(f"Laps {b.a_lap}/{b.d_lap}", f"Vueltas {b.a_lap}/{b.d_lap}", f"Voltas {b.a_lap}/{b.d_lap}")
                add(min(b.a_lap, b.d_lap), head, k.t(f"{A} {kind}s {B} ({A} in on lap {b.a_lap}, {B} on lap {b.d_lap}): {gain}, {out}",
                                                     f"{A} hace el {kind} a {B} ({A} para en la vuelta {b.a_lap}, {B} en la {b.d_lap}): {gain}, {out}",
                                                     f"{A} faz o {kind} em {B} ({A} para na volta {b.a_lap}, {B} na {b.d_lap}): {gain}, {out}"))
            elif f.kind == "sdefense" and f.x is not None:
                x = f.x
                add(x.start, k.Span(x.start, x.end), k.t(f"{x.defender} holds {x.pursuer} behind ({k.laps_n(x.laps)})",
                                                         f"{x.defender} mantiene a {x.pursuer} detrás ({k.laps_n(x.laps)})",
                                                         f"{x.defender} segura {x.pursuer} atrás ({k.laps_n(x.laps)})"), 1)
        w = view.podium[0]
        rest = ", ".join(f"P{p.position} {p.driver}" for p in view.podium[1:])
        text = k.t(f"chequered flag: {w.driver} wins", f"bandera a cuadros: gana {w.driver}", f"bandeirada: vitória de {w.driver}")
        if w.team:
            text += f" ({w.team})"
        if rest:
            text += f"; {rest}"
        tail.append(hfmt.format(h=k.Lapw(L) if L else flag) + _cap(text))
    lines = [hfmt.format(h=h) + t for _, _, h, t in sorted(ev, key=lambda e: (e[0], e[1]))]
    out = intro + "\n\n" + "\n".join(lines)
    if notes:
        out += "\n\n" + " ".join(notes)
    if tail:
        out += "\n" + ("\n" if k.chance(0.6) else "") + "\n".join(tail)
    return out


# --------------------------------------------------------------------------- procon / checklist


_NEUTRAL_EMOJI = {"nstops": "🔢", "stint": "🛞", "stop": "🔧", "redflag": "🚩", "result": "🏁", "move": "🎯", "gap": "⏱️",
                  "gain": "⏱️", "outcome": "🎯", "drun": "🛡️", "dgap": "📏", "dpace": "⚡", "dpass": "🏎️", "dmate": "👥",
                  "winner": "🏆", "podium": "🥇", "sbattle": "🔄", "sdefense": "🛡️", "racelaps": "🏁"}


def _procon(view: InstanceView, k: Ink, fx: list[Fx], ctx: Ctx) -> str:
    pros, cons, neutral = judge(view, k, fx)
    i = k.rng.randrange(3)
    h_what = [k.t("**What happened**", "**Qué pasó**", "**O que aconteceu**"), k.t("**The facts**", "**Los hechos**", "**Os fatos**"),
              k.t("### What happened", "### Qué pasó", "### O que aconteceu")][i]
    h_pro = [k.t("**What worked**", "**Lo que funcionó**", "**O que funcionou**"), k.t("**Pros**", "**A favor**", "**Pontos positivos**"),
             k.t("### What worked", "### Lo que salió bien", "### O que deu certo")][i]
    h_con = [k.t("**What didn't**", "**Lo que no funcionó**", "**O que não funcionou**"), k.t("**Cons**", "**En contra**", "**Pontos negativos**"),
             k.t("### What didn't work", "### Lo que salió mal", "### O que deu errado")][i]
    h_net = k.pick([k.t("**Net:**", "**Balance:**", "**Saldo:**"), k.t("**Bottom line:**", "**En conclusión:**", "**Em conclusão:**")])
    none = k.t("nothing clear-cut in the data", "nada claro en los datos", "nada de claro nos dados")
    mark = k.pick(("- ", "* "))
    parts = []
    what = [say(f, k, view) for f in neutral]
    if what:
        parts.append(h_what + "\n" + (_paras(k, what, 2) if k.chance(0.5) else "\n".join(mark + s for s in what)))
    parts.append(h_pro + "\n" + "\n".join(mark + _cap(it.text) + "." for it in pros) if pros else h_pro + "\n" + mark + _cap(none) + ".")
    parts.append(h_con + "\n" + "\n".join(mark + _cap(it.text) + "." for it in cons) if cons else h_con + "\n" + mark + _cap(none) + ".")
    parts.append(f"{h_net} {_cap(bottom_line(view, k))}.")
    return "\n\n".join(parts)


def _good(view: InstanceView) -> bool | None:
    if view.kind in ("undercut", "overcut") and view.battle is not None:
        return view.battle.success
    if view.kind == "defense" and view.defense is not None:
        return not view.defense.passed
    return None


def _checklist(view: InstanceView, k: Ink, fx: list[Fx], ctx: Ctx) -> str:
    pros, cons, neutral = judge(view, k, fx)
    tasks = k.chance(0.35)
    lines = []
    for f in neutral:
        lines.append(f"- [x] {say(f, k, view)}" if tasks else f"- {_NEUTRAL_EMOJI.get(f.kind, '•')} {say(f, k, view)}")
    for it in pros:
        lines.append(f"- [x] {_cap(it.text)}." if tasks else f"- {it.emoji} {_cap(it.text)}.")
    for it in cons:
        if tasks and it.goal:
            lines.append(f"- [ ] {_cap(it.goal)} — {it.text}.")
        else:
            lines.append(f"- {it.emoji if not tasks else '⚠️'} {_cap(it.text)}.")
    good = _good(view)
    mark = "🏁" if good is None else "✅" if good else "❌"
    head = k.pick([k.t("**Checklist**", "**Checklist**", "**Checklist**"), k.t("**At a glance**", "**De un vistazo**", "**Num relance**"), ""])
    verdict = k.t("**Verdict:** ", "**Veredicto:** ", "**Veredito:** ") + f"{mark} {_cap(bottom_line(view, k))}."
    body = "\n".join(lines)
    if k.chance(0.5):
        return (head + "\n" if head else "") + body + "\n\n" + verdict
    return verdict + "\n\n" + (head + "\n" if head else "") + body


# --------------------------------------------------------------------------- factblock


_KEYS = {
    "driver": ("piloto", "piloto"), "team": ("equipo", "equipe"), "result": ("resultado", "resultado"),
    "pit_stops": ("n_paradas", "n_paradas"), "strategy": ("estrategia", "estrategia"), "stints": ("stints", "stints"),
    "stint": ("stint", "stint"), "compound": ("compuesto", "composto"), "laps": ("vueltas", "voltas"),
    "length": ("duración", "duração"), "avg_s": ("media_s", "media_s"), "deg_s_per_lap": ("deg_s_vuelta", "deg_s_volta"),
    "stops": ("paradas", "paradas"), "lap": ("vuelta", "volta"), "change": ("cambio", "troca"), "under": ("bajo", "sob"),
    "red_flag": ("bandera_roja", "bandeira_vermelha"), "note": ("nota", "nota"),
    "official_stop_count": ("paradas_oficiales", "paradas_oficiais"), "move": ("maniobra", "manobra"),
    "attacker": ("atacante", "atacante"), "defender": ("defensor", "defensor"), "pit_lap": ("vuelta_parada", "volta_parada"),
    "tyres": ("neumaticos", "pneus"), "gap_before": ("gap_antes", "gap_antes"), "gap_after": ("gap_despues", "gap_depois"),
    "seconds": ("segundos", "segundos"), "ahead": ("delante", "a_frente"), "positions": ("posiciones", "posicoes"),
    "gained_s": ("ganancia_s", "ganho_s"), "lost_s": ("perdida_s", "perda_s"),
    "ahead_after_stops": ("delante_tras_paradas", "a_frente_apos_paradas"), "finish": ("final", "final"),
    "pursuer": ("perseguidor", "perseguidor"), "laps_held": ("vueltas_defendidas", "voltas_defendidas"),
    "run": ("tramo", "trecho"), "mean_gap_s": ("gap_medio_s", "gap_medio_s"), "median_pace_s": ("ritmo_mediano_s", "ritmo_mediano_s"),
    "faster": ("mas_rapido", "mais_rapido"), "by_s_per_lap": ("por_s_vuelta", "por_s_volta"),
    "passed_on_lap": ("adelantado_en_vuelta", "ultrapassado_na_volta"), "passed": ("adelantado", "ultrapassado"),
    "teammate_protected": ("companero_protegido", "companheiro_protegido"), "race": ("carrera", "corrida"),
    "winner": ("ganador", "vencedor"), "podium": ("podio", "podio"), "pit_battles": ("batallas_paradas", "batalhas_pit"),
    "kind": ("tipo", "tipo"), "pit_laps": ("vueltas_parada", "voltas_parada"), "defenses": ("defensas", "defesas"),
}


def _block(view: InstanceView, k: Ink, translate: bool) -> dict[str, Any]:
    def K(key: str) -> str:
        if not translate or k.lang == "en":
            return key
        es, pt = _KEYS.get(key, (key, key))
        return es if k.lang == "es" else pt

    yes, no = True, False
    none = k.t("none", "ninguno", "nenhum")
    out: dict[str, Any] = {}
    if view.kind == "stint":
        d = view.focus
        assert d is not None
        out[K("driver")] = d.code
        if d.team:
            out[K("team")] = d.team
        out[K("pit_stops")] = d.n_stops or 0
        if k.chance(0.5):
            out[K("strategy")] = notation(k, d)
        stints = []
        for s in d.stints:
            e: dict[str, Any] = {K("stint"): s.n, K("compound"): s.compound if s.known else "?", K("laps"): f"{s.start}-{s.end}",
                                 K("length"): s.n_laps}
            if s.avg is not None:
                e[K("avg_s")] = round(s.avg, 2)
            if s.deg is not None:
                e[K("deg_s_per_lap")] = round(s.deg, 3)
            stints.append(e)
        out[K("stints")] = stints
        stops = []
        for p in d.stops:
            e = {K("lap"): p.lap}
            if p.known:
                e[K("change")] = f"{p.from_} -> {p.to}"
            if p.under_sc or p.under_vsc:
                e[K("under")] = "SC" if p.under_sc else "VSC"
            stops.append(e)
        if stops:
            out[K("stops")] = stops
        if d.red_flag:
            out[K("red_flag")] = [{K("lap"): r.lap, **({K("change"): f"{r.from_} -> {r.to}"} if UNKNOWN not in (r.from_, r.to) else {}),
                                   K("note"): k.t("not a pit stop", "no es una parada", "não é uma parada")} for r in d.red_flag]
            if d.n_stops_official is not None:
                out[K("official_stop_count")] = d.n_stops_official
        out[K("result")] = k.res(d)
    elif view.kind in ("undercut", "overcut"):
        b = view.battle
        assert b is not None
        A, B = b.attacker, b.defender
        out[K("move")] = b.kind
        out[K("attacker")] = A
        out[K("defender")] = B
        out[K("pit_lap")] = {A: b.a_lap, B: b.d_lap}
        tyres = {}
        for code, lap in ((A, b.a_lap), (B, b.d_lap)):
            dd = view.drivers.get(code)
            p = dd.stop_on(lap) if dd else None
            if p is not None and p.known:
                tyres[code] = f"{p.from_} -> {p.to}" + (" (SC)" if p.under_sc else " (VSC)" if p.under_vsc else "")
        if tyres:
            out[K("tyres")] = tyres
        for when, key in (("before", "gap_before"), ("after", "gap_after")):
            g, lap, pa, pb, lead, trail = _gap_parts(b, when)
            e = {K("lap"): lap, K("seconds"): round(abs(g), 3), K("ahead"): lead}
            if pa is not None and pb is not None:
                e[K("positions")] = {A: f"P{pa}", B: f"P{pb}"}
            out[K(key)] = e
        if b.gained >= 0:
            out[K("gained_s")] = round(b.gained, 3)
        else:
            out[K("lost_s")] = round(-b.gained, 3)
        out[K("ahead_after_stops")] = yes if b.success else no
        fin = {code: k.res(view.drivers.get(code)) for code in (A, B) if view.drivers.get(code) is not None}
        if fin:
            out[K("finish")] = fin
    elif view.kind == "defense":
        x = view.defense
        assert x is not None
        out[K("defender")] = x.defender
        out[K("pursuer")] = x.pursuer
        out[K("run")] = f"{x.start}-{x.end}"
        out[K("laps_held")] = x.laps
        if x.mean_gap is not None:
            out[K("mean_gap_s")] = round(x.mean_gap, 3)
        if x.pursuer_pace is not None and x.defender_pace is not None:
            out[K("median_pace_s")] = {x.pursuer: round(x.pursuer_pace, 3), x.defender: round(x.defender_pace, 3)}
        if x.pace_delta is not None and x.pace_delta > 0:
            out[K("faster")] = {x.pursuer: {K("by_s_per_lap"): round(x.pace_delta, 3)}}
        if x.passed and x.pass_lap is not None:
            out[K("passed_on_lap")] = x.pass_lap
        else:
            out[K("passed")] = no
        out[K("teammate_protected")] = x.teammate if x.protected and x.teammate else none
        fin = {code: k.res(view.drivers.get(code)) for code in (x.defender, x.pursuer) if view.drivers.get(code) is not None}
        if fin:
            out[K("finish")] = fin
    else:
        out[K("race")] = f"{view.event} {view.season}"
        if view.race_laps:
            out[K("laps")] = view.race_laps
        w = view.podium[0]
        out[K("winner")] = w.driver + (f" ({w.team})" if w.team else "")
        out[K("podium")] = [f"P{p.position} {p.driver}" + (f" ({p.team})" if p.team else "") for p in view.podium]
        if view.battles:
            out[K("pit_battles")] = [{K("attacker"): b.attacker, K("defender"): b.defender, K("kind"): b.kind,
                                      K("pit_laps"): f"{b.a_lap}/{b.d_lap}",
                                      **({K("gained_s"): round(b.gained, 3)} if b.gained >= 0 else {K("lost_s"): round(-b.gained, 3)}),
                                      K("ahead_after_stops"): yes if b.success else no} for b in view.battles]
        if view.defenses:
            out[K("defenses")] = [{K("defender"): x.defender, K("pursuer"): x.pursuer, K("laps_held"): x.laps,
                                   K("laps"): f"{x.start}-{x.end}"} for x in view.defenses]
    return out


def _yv(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def _yaml(obj: dict[str, Any], indent: int = 0) -> list[str]:
    pad = "  " * indent
    lines: list[str] = []
    for key, val in obj.items():
        if isinstance(val, dict):
            lines.append(f"{pad}{key}:")
            lines += _yaml(val, indent + 1)
        elif isinstance(val, list):
            lines.append(f"{pad}{key}:")
            for item in val:
                if isinstance(item, dict):
                    sub = _yaml(item, indent + 2)
                    sub[0] = f"{pad}  - " + sub[0].lstrip()
                    lines += sub
                else:
                    lines.append(f"{pad}  - {_yv(item)}")
        else:
            lines.append(f"{pad}{key}: {_yv(val)}")
    return lines


def _factblock(view: InstanceView, k: Ink, fx: list[Fx], ctx: Ctx) -> str:
    data = _block(view, k, translate=k.chance(0.5))
    fmt = k.pick(("yaml", "yaml", "json", "bare"))
    if fmt == "json":
        block = "```json\n" + json.dumps(data, ensure_ascii=False, indent=2) + "\n```"
    elif fmt == "yaml":
        block = "```yaml\n" + "\n".join(_yaml(data)) + "\n```"
    else:
        block = "\n".join("    " + x for x in _yaml(data))
    intro = k.pick([k.t("The relevant facts from the data:", "Los datos relevantes:", "Os dados relevantes:"),
                    k.t("Structured, the data say:", "En formato estructurado, los datos dicen:", "Em formato estruturado, os dados dizem:"),
                    k.t("Here is what the data contain, then what it means.", "Esto es lo que contienen los datos, y luego lo que significa.",
                        "Eis o que os dados contêm, e depois o que significa.")])
    head = k.pick([k.t("**Reading it:**", "**Lectura:**", "**Leitura:**"), k.t("**What it means:**", "**Qué significa:**", "**O que significa:**"),
                   k.t("In words:", "En palabras:", "Em palavras:")])
    pool = [f for f in fx if f.kind not in ("podium",)]
    n = min(len(pool), k.rng.randint(2, 4))
    chosen = sorted(k.rng.sample(range(len(pool)), n)) if pool else []
    words = " ".join(say(pool[c], k, view) for c in chosen)
    return f"{intro}\n\n{block}\n\n{head} {words} {_cap(bottom_line(view, k))}."


# --------------------------------------------------------------------------- footnotes / quoted


_SUP = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _footnotes(view: InstanceView, k: Ink, fx: list[Fx], ctx: Ctx) -> str:
    style = k.pick(("brackets", "brackets", "caret", "super"))
    ql, qr = k.pick((("“", "”"), ("«", "»"), ('"', '"')))
    idx: dict[str, int] = {}
    src: list[tuple[int, str, str | None]] = []
    sentences = []
    for f in fx:
        s = _cap(clause(f, k, view))
        qq = quote(f, ctx) if k.chance(0.85) else None
        if qq:
            q, who = qq
            if q not in idx:
                idx[q] = len(idx) + 1
                src.append((idx[q], q, who))
            i = idx[q]
            s += f"[{i}]" if style == "brackets" else f"[^{i}]" if style == "caret" else str(i).translate(_SUP)
        sentences.append(s + ".")
    body = _paras(k, sentences, 3) if k.chance(0.6) else _list(k, sentences)
    if not src:
        return body
    head = k.pick([k.t("Sources:", "Fuentes:", "Fontes:"), k.t("**References**", "**Referencias**", "**Referências**"),
                   k.t("Notes:", "Notas:", "Notas:")])
    notes = []
    for i, q, who in src:
        where = (k.t(f"context, {who}'s block", f"contexto, bloque de {who}", f"contexto, bloco de {who}") if who else
                 k.t("context", "contexto", "contexto"))
        if style == "brackets":
            notes.append(f"[{i}] {where}: {ql}{q}{qr}")
        elif style == "caret":
            notes.append(f"[^{i}]: {where} — {ql}{q}{qr}")
        else:
            notes.append(f"{str(i).translate(_SUP)} {where}: {ql}{q}{qr}")
    return f"{body}\n\n{head}\n" + "\n".join(notes)


def _quoted(view: InstanceView, k: Ink, fx: list[Fx], ctx: Ctx) -> str:
    ql, qr = k.pick((("“", "”"), ("«", "»"), ('"', '"'))) if k.lang != "en" else k.pick((("“", "”"), ('"', '"'), ("«", "»")))
    blocks: list[str] = []
    cur: list[str] = []
    for f in fx:
        c = clause(f, k, view)
        qq = quote(f, ctx) if k.chance(0.6) else None
        if not qq:
            cur.append(_cap(c) + ".")
            continue
        q = f"{ql}{qq[0].rstrip('.')}{qr}"
        form = k.rng.randrange(4)
        if form == 3:
            if cur:
                blocks.append(" ".join(cur))
                cur = []
            blocks.append(f"> {qq[0]}\n\n" + _cap(c) + ".")
            continue
        if k.lang == "en":
            s = [f"{_cap(c)} — the data: {q}.", f"The data shows {q}: {c}.", f"As the context puts it, {q}; in other words, {c}."][form]
        elif k.lang == "es":
            s = [f"{_cap(c)} (en el contexto: {q}).", f"Los datos lo dicen: {q}. Es decir, {c}.", f"Según el contexto, {q}; o sea, {c}."][form]
        else:
            s = [f"{_cap(c)} (no contexto: {q}).", f"Os dados mostram {q}: {c}.", f"Segundo o contexto, {q}; ou seja, {c}."][form]
        cur.append(s)
        if len(cur) >= 3 or k.chance(0.3):
            blocks.append(" ".join(cur))
            cur = []
    if cur:
        blocks.append(" ".join(cur))
    return "\n\n".join(blocks)


# --------------------------------------------------------------------------- restate


_TOPICS = {
    "stint": (("stops", ("nstops", "stop", "redflag")), ("stints", ("stint",)), ("result", ("result",))),
    "battle": (("timing", ("move", "stop")), ("gap", ("gap",)), ("worked", ("gain", "outcome")), ("result", ("result",))),
    "defense": (("defense", ("drun", "dgap")), ("pace", ("dpace",)), ("outcome", ("dpass", "dmate")), ("result", ("result",))),
    "race_summary": (("result", ("winner", "podium")), ("battles", ("sbattle",)), ("defenses", ("sdefense",))),
}
_TOPIC_NAMES = {
    "stops": ("the pit stops", "las paradas", "as paradas"), "stints": ("the stints", "los stints", "os stints"),
    "result": ("the result", "el resultado", "o resultado"), "timing": ("the timing of the stops", "el momento de las paradas",
                                                                       "o timing das paradas"),
    "gap": ("the gap", "la diferencia", "a diferença"), "worked": ("whether it worked", "si funcionó", "se funcionou"),
    "defense": ("the defense itself", "la defensa en sí", "a defesa em si"), "pace": ("pace", "el ritmo", "o ritmo"),
    "outcome": ("what it achieved", "lo que consiguió", "o que conseguiu"),
    "battles": ("the pit battles", "las batallas de paradas", "as batalhas de pit"),
    "defenses": ("the defenses on track", "las defensas en pista", "as defesas na pista"),
}


def _front(k: Ink, topic: str) -> str:
    """"As for the gap, " / "En cuanto al resultado, " / "Quanto ao timing das paradas, "."""
    name = k.t(*_TOPIC_NAMES[topic])
    if k.lang == "en":
        return k.pick((f"As for {name}, ", f"On {name}: ", f"Regarding {name}, "))
    if k.lang == "es":
        lead = k.pick(("En cuanto a ", "Respecto a ", "Sobre "))
        s = lead + name
        return (s.replace(" a el ", " al ") if lead != "Sobre " else s) + (", " if lead != "Sobre " else ": ")
    lead = k.pick(("Quanto a ", "No que diz respeito a ", "Sobre "))
    s = lead + name
    if lead != "Sobre ":
        s = re.sub(r" a (o|os|a|as) ", lambda m: {"o": " ao ", "os": " aos ", "a": " à ", "as": " às "}[m.group(1)], s)
    return s + (", " if lead != "Sobre " else ": ")


def _restate(view: InstanceView, k: Ink, fx: list[Fx], ctx: Ctx) -> str:
    if view.kind == "stint":
        D = view.focus.code if view.focus else ""
        q = k.t(f"You asked how {D}'s tyre strategy shaped the result.", f"La pregunta es cómo la estrategia de neumáticos de {D} influyó en su resultado.",
                f"A pergunta é como a estratégia de pneus de {D} moldou o resultado.")
        key = "stint"
    elif view.kind in ("undercut", "overcut"):
        b = view.battle
        assert b is not None
        q = k.t(f"The question is how {b.attacker} {b.kind} {b.defender} through pit-stop timing, and whether it worked.",
                f"Se pregunta cómo {b.attacker} le hizo el {b.kind} a {b.defender} con el momento de su parada, y si funcionó.",
                f"A questão é como {b.attacker} fez o {b.kind} em {b.defender} com o timing do pit stop, e se funcionou.")
        key = "battle"
    elif view.kind == "defense":
        x = view.defense
        assert x is not None
        q = k.t(f"How did {x.defender} defend against {x.pursuer}, and what did it achieve?",
                f"¿Cómo se defendió {x.defender} de {x.pursuer} y qué consiguió?",
                f"Como {x.defender} se defendeu de {x.pursuer} e o que conseguiu?")
        key = "defense"
    else:
        q = k.t(f"You asked for a summary of the {view.event} {view.season}: the result and the key strategic moments.",
                f"Se pide un resumen del {view.event} {view.season}: el resultado y los momentos estratégicos clave.",
                f"O pedido é um resumo do {view.event} {view.season}: o resultado e os momentos estratégicos decisivos.")
        key = "race_summary"
    short = k.pick([k.t("**Short answer:**", "**Respuesta corta:**", "**Resposta curta:**"), k.t("In short:", "En resumen:", "Em resumo:")])
    parts = [q, f"{short} {_cap(bottom_line(view, k))}."]
    for topic, kinds in _TOPICS[key]:
        cl = [clause(f, k, view) for f in fx if f.kind in kinds]
        if not cl:
            continue
        parts.append(_front(k, topic) + "; ".join(cl) + ".")
    if key == "battle" and view.battle is not None and k.chance(0.6):
        b = view.battle
        parts.append(k.t("So, to answer the question: ", "Así que, respondiendo a la pregunta: ", "Então, respondendo à pergunta: ")
                     + (k.t(f"yes, the {b.kind} worked.", f"sí, el {b.kind} funcionó.", f"sim, o {b.kind} funcionou.") if b.success else
                        k.t(f"no, the {b.kind} did not get {b.attacker} ahead.", f"no, el {b.kind} no dejó a {b.attacker} por delante.",
                            f"não, o {b.kind} não deixou {b.attacker} à frente.")))
    return "\n\n".join(parts)


# --------------------------------------------------------------------------- counterfactual


def counterfactual(f: Fx, k: Ink, view: InstanceView) -> str | None:
    """A conditional or concessive clause around a true fact of ``f`` (None: plain is better)."""
    he = _he(k)
    if f.kind == "stop" and f.lap is not None:
        if f.b is None:
            prev = f.s
            if prev is None or not prev.known:
                return None
            return k.t(f"{f.code} could have stayed out longer on {k.the(prev.compound)}, but {he} pitted {k.on(f.lap)}",
                       f"{f.code} podría haber alargado el stint con {k.the(prev.compound)}, pero paró {k.on(f.lap)}",
                       f"{f.code} poderia ter esticado o stint com {k.the(prev.compound)}, mas parou {k.on(f.lap)}")
        first, f_lap, second, s_lap = _order(f.b)
        if s_lap == f_lap:
            return None
        n = s_lap - f_lap
        if f.code == second and second == f.b.attacker:  # the attacker stayed out (an overcut)
            return k.t(f"had {second} stopped on lap {f_lap} with {first}, there would have been no {f.b.kind}; {second} stayed out until lap {s_lap}",
                       f"si {second} hubiera parado en la vuelta {f_lap} con {first}, no habría habido {f.b.kind}; {second} siguió en pista hasta la vuelta {s_lap}",
                       f"se {second} tivesse parado na volta {f_lap} junto com {first}, não teria havido {f.b.kind}; {second} ficou na pista até a volta {s_lap}")
        if f.code == second:
            return k.t(f"had {second} reacted on lap {f_lap} too, the {f.b.kind} would have been covered; instead {second} stayed out until lap {s_lap}",
                       f"si {second} hubiera reaccionado también en la vuelta {f_lap}, el {f.b.kind} habría quedado cubierto; en cambio, "
                       f"{second} siguió en pista hasta la vuelta {s_lap}",
                       f"se {second} tivesse reagido também na volta {f_lap}, o {f.b.kind} teria sido coberto; em vez disso, "
                       f"{second} ficou na pista até a volta {s_lap}")
        return k.pick([k.t(f"{first} did not wait for lap {s_lap}: {he} stopped on lap {f_lap}, {k.laps_n(n)} before {second}",
                           f"{first} no esperó a la vuelta {s_lap}: paró en la vuelta {f_lap}, {k.laps_n(n)} antes que {second}",
                           f"{first} não esperou a volta {s_lap}: parou na volta {f_lap}, {k.laps_n(n)} antes de {second}"),
                       k.t(f"if {first} had waited until lap {s_lap} like {second}, there would have been no {f.b.kind}; {he} stopped on lap {f_lap}",
                           f"si {first} hubiera esperado hasta la vuelta {s_lap} como {second}, no habría habido {f.b.kind}; paró en la vuelta {f_lap}",
                           f"se {first} tivesse esperado até a volta {s_lap} como {second}, não teria havido {f.b.kind}; {he} parou na volta {f_lap}")])
    if f.kind == "gain" and f.b is not None and f.b.gained >= 0:
        b = f.b
        return k.t(f"without the {k.sec(b.gained)} {b.attacker} gained in the stops, the gap would have stayed at {k.sec(b.gap_before)}",
                   f"sin los {k.sec(b.gained)} que {b.attacker} ganó en las paradas, la diferencia se habría quedado en {k.sec(b.gap_before)}",
                   f"sem os {k.sec(b.gained)} que {b.attacker} ganhou nas paradas, a diferença teria ficado em {k.sec(b.gap_before)}")
    if f.kind == "outcome" and f.b is not None:
        b = f.b
        A, B, kind = b.attacker, b.defender, b.kind
        if b.success:
            return k.t(f"had the {kind} failed, {A} would have come out behind {B}; instead {A} was ahead after the stops",
                       f"si el {kind} hubiera fallado, {A} habría salido detrás de {B}; en cambio, quedó por delante tras las paradas",
                       f"se o {kind} tivesse falhado, {A} teria saído atrás de {B}; em vez disso, ficou à frente depois das paradas")
        if b.gap_before <= 0:
            return None
        return k.t(f"had the {kind} worked, {A} would have come out ahead of {B}; it did not: {A} was still behind after the stops",
                   f"si el {kind} hubiera funcionado, {A} habría salido por delante de {B}; no fue así: seguía detrás tras las paradas",
                   f"se o {kind} tivesse funcionado, {A} teria saído à frente de {B}; não foi o caso: continuava atrás depois das paradas")
    if f.kind == "stint" and f.s is not None and f.d is not None:
        s = f.s
        if s.known and s.deg is not None and s.deg > 0:
            return k.t(f"even with degradation of {k.deg(s.deg)}, {f.d.code} kept {k.the(s.compound)} on for {k.laps_n(s.n_laps)} ({k.span(s.start, s.end)})",
                       f"aun con una degradación de {k.deg(s.deg)}, {f.d.code} mantuvo {k.the(s.compound)} durante {k.laps_n(s.n_laps)} ({k.span(s.start, s.end)})",
                       f"mesmo com degradação de {k.deg(s.deg)}, {f.d.code} manteve {k.the(s.compound)} por {k.laps_n(s.n_laps)} ({k.span(s.start, s.end)})")
        return None
    if f.kind == "nstops" and f.d is not None and (f.d.n_stops or 0) > 0 and not f.d.red_flag:
        n = f.d.n_stops or 0
        return k.t(f"{f.d.code} made {_stops_np(k, n)}, not {n + 1}", f"{f.d.code} hizo {_stops_np(k, n)}, no {n + 1}",
                   f"{f.d.code} fez {_stops_np(k, n)}, não {n + 1}")
    if f.kind == "dpace" and f.x is not None and f.x.pace_delta is not None and f.x.pace_delta > 0:
        x = f.x
        return k.t(f"even though {x.pursuer} was {k.rate(x.pace_delta)} quicker on median green-flag pace, {x.defender} kept him behind for {k.laps_n(x.laps)}",
                   f"aunque {x.pursuer} era {k.rate(x.pace_delta)} más rápido en ritmo mediano con bandera verde, {x.defender} lo mantuvo detrás durante {k.laps_n(x.laps)}",
                   f"embora {x.pursuer} fosse {k.rate(x.pace_delta)} mais rápido no ritmo mediano com bandeira verde, {x.defender} o segurou atrás por {k.laps_n(x.laps)}")
    if f.kind == "dpass" and f.x is not None:
        x = f.x
        D, P = x.defender, x.pursuer
        if x.passed and x.pass_lap is not None:
            return k.t(f"had {P} got by earlier, the run would have been shorter than {k.laps_n(x.laps)}; in the end the pass only came on lap {x.pass_lap}",
                       f"si {P} hubiera pasado antes, el tramo habría durado menos de {k.laps_n(x.laps)}; al final el adelantamiento llegó en la vuelta {x.pass_lap}",
                       f"se {P} tivesse passado antes, o trecho teria durado menos de {k.laps_n(x.laps)}; no fim a ultrapassagem só veio na volta {x.pass_lap}")
        return k.t(f"had {P} found a way by, {D} would have lost the place; but {P} never got past during the run",
                   f"si {P} hubiera encontrado el hueco, {D} habría perdido la posición; pero {P} no pasó en ese tramo",
                   f"se {P} tivesse achado espaço, {D} teria perdido a posição; mas {P} não passou nesse trecho")
    if f.kind == "dmate" and f.x is not None and f.x.protected and f.x.teammate:
        x = f.x
        return k.t(f"had {x.defender} let {x.pursuer} through, {x.teammate} would have been next in line; as it was, {x.teammate} stayed ahead of {x.pursuer} throughout",
                   f"si {x.defender} hubiera dejado pasar a {x.pursuer}, {x.teammate} habría sido el siguiente; tal como fue, {x.teammate} siguió por delante de {x.pursuer} todo el tiempo",
                   f"se {x.defender} tivesse deixado {x.pursuer} passar, {x.teammate} seria o próximo; do jeito que foi, {x.teammate} ficou à frente de {x.pursuer} o tempo todo")
    if f.kind == "sbattle" and f.b is not None and f.b.a_lap != f.b.d_lap:
        b = f.b
        A, B, kind, G = b.attacker, b.defender, b.kind, k.sec(b.gained)
        gain = (k.t(f"gaining {G}", f"ganando {G}", f"ganhando {G}") if b.gained >= 0 else k.t(f"losing {G}", f"perdiendo {G}", f"perdendo {G}"))
        out = (k.t("was ahead after the stops", "quedó por delante tras las paradas", "ficou à frente depois das paradas") if b.success else
               k.t("was still behind after the stops", "seguía detrás tras las paradas", "continuou atrás depois das paradas"))
        if b.a_lap < b.d_lap:
            return k.t(f"had {A} waited until lap {b.d_lap} like {B}, there would have been no {kind}: {A} stopped on lap {b.a_lap} instead, {gain}, and {out}",
                       f"si {A} hubiera esperado hasta la vuelta {b.d_lap} como {B}, no habría habido {kind}: {A} paró en la vuelta {b.a_lap}, {gain}, y {out}",
                       f"se {A} tivesse esperado até a volta {b.d_lap} como {B}, não teria havido {kind}: {A} parou na volta {b.a_lap}, {gain}, e {out}")
        return k.t(f"had {A} stopped on lap {b.d_lap} with {B}, there would have been no {kind}: {A} stayed out until lap {b.a_lap}, {gain}, and {out}",
                   f"si {A} hubiera parado en la vuelta {b.d_lap} con {B}, no habría habido {kind}: {A} siguió hasta la vuelta {b.a_lap}, {gain}, y {out}",
                   f"se {A} tivesse parado na volta {b.d_lap} junto com {B}, não teria havido {kind}: {A} ficou na pista até a volta {b.a_lap}, {gain}, e {out}")
    return None


def _counterfactual(view: InstanceView, k: Ink, fx: list[Fx], ctx: Ctx) -> str:
    out = []
    for f in fx:
        c = counterfactual(f, k, view) if k.chance(0.75) else None
        out.append(_cap(c if c else clause(f, k, view)) + ".")
    if k.chance(0.3):
        return _cap(bottom_line(view, k)) + ".\n\n" + _list(k, out)
    return _paras(k, out, 3)


# --------------------------------------------------------------------------- runon


def _runon(view: InstanceView, k: Ink, fx: list[Fx], ctx: Ctx) -> str:
    C = lambda f: clause(f, k, view)  # noqa: E731
    sents: list[str] = []
    if view.kind == "stint":
        seq = [f for f in fx if f.kind in ("stint", "stop", "redflag")]
        body = ""
        for i, f in enumerate(seq):
            c = C(f)
            if i == 0:
                body = c
            else:
                body += k.pick(("; ", "; then ", "; ", ", then ")) + c
        head = C(fx[0])
        res = C(fx[-1])
        if k.chance(0.5):
            sents.append(_cap(head) + ": " + body + "; " + res + ".")
        else:
            sents.append(_cap(head) + ": " + body + ".")
            sents.append(_cap(res) + ".")
    elif view.kind in ("undercut", "overcut"):
        main = [C(f) for f in fx if f.kind in ("gap", "stop", "gain", "outcome")]
        sents.append(_cap(C(fx[0])) + ": " + "; ".join(main) + ".")
        res = [C(f) for f in fx if f.kind == "result"]
        if res:
            sents.append(_cap("; ".join(res)) + ".")
    elif view.kind == "defense":
        main = [C(f) for f in fx if f.kind != "result"]
        sents.append(_cap("; ".join(main)) + ".")
        res = [C(f) for f in fx if f.kind == "result"]
        if res:
            sents.append(_cap(k.t(" and ", " y ", " e ").join(res)) + ".")
    else:
        sents.append(_cap("; ".join(C(f) for f in fx)) + ".")
    return "\n\n".join(sents) if k.chance(0.6) else " ".join(sents)


# --------------------------------------------------------------------------- jargon


def _jargon(view: InstanceView, k: Ink, fx: list[Fx], ctx: Ctx) -> str:
    opener = k.pick([k.t("Strategy read:", "Lectura de estrategia:", "Leitura de estratégia:"),
                     k.t("From the pit wall:", "Desde el muro:", "Do muro dos boxes:"), ""])
    sents = [say(f, k, view, jargon=True) for f in fx]
    body = _list(k, sents) if k.chance(0.45) else _paras(k, sents, 3)
    return (opener + "\n\n" if opener else "") + body


# --------------------------------------------------------------------------- pipes


def _pipes(view: InstanceView, k: Ink, fx: list[Fx], ctx: Ctx) -> str:
    lines: list[str] = []
    sep = k.pick((" — ", ": "))
    yes, no = k.t("yes", "sí", "sim"), k.t("no", "no", "não")
    if view.kind == "stint":
        d = view.focus
        assert d is not None
        lines.append(d.code + (f" ({d.team})" if d.team else "") + f" | {_stops_np(k, d.n_stops or 0)} | {k.res(d)}")
        lines.append(k.t("Strategy", "Estrategia", "Estratégia") + sep + notation(k, d))
        for s in d.stints:
            row = [f"Stint {s.n}", s.compound if s.known else "?", k.span(s.start, s.end), k.laps_n(s.n_laps)]
            if s.avg is not None:
                row.append(k.t(f"avg {k.avg(s.avg)}", f"media {k.avg(s.avg)}", f"média {k.avg(s.avg)}"))
            if s.deg is not None:
                row.append(f"deg {k.deg(s.deg)}")
            lines.append(" | ".join(row))
        for p in d.stops:
            row = [k.t("Pit", "Parada", "Parada"), k.lapw(p.lap)]
            if p.known:
                row.append(f"{p.from_} {k.arrow} {p.to}")
            if p.under_sc or p.under_vsc:
                row.append("SC" if p.under_sc else "VSC")
            lines.append(" | ".join(row))
        for r in d.red_flag:
            row = [k.t("Red flag", "Bandera roja", "Bandeira vermelha"), k.lapw(r.lap)]
            if UNKNOWN not in (r.from_, r.to):
                row.append(f"{r.from_} {k.arrow} {r.to}")
            row.append(k.t("not a pit stop", "no es una parada", "não é uma parada"))
            lines.append(" | ".join(row))
    elif view.kind in ("undercut", "overcut"):
        b = view.battle
        assert b is not None
        A, B = b.attacker, b.defender
        lines.append(f"{A} vs {B} | {b.kind}")
        lines.append(k.t("Pit lap", "Vuelta de parada", "Volta da parada") + f"{sep}{A}: {b.a_lap} | {B}: {b.d_lap}")
        ch = []
        for code, lap in ((A, b.a_lap), (B, b.d_lap)):
            dd = view.drivers.get(code)
            p = dd.stop_on(lap) if dd else None
            if p is not None and p.known:
                ch.append(f"{code}: {p.from_} {k.arrow} {p.to}" + (" (SC)" if p.under_sc else " (VSC)" if p.under_vsc else ""))
        if ch:
            lines.append(k.t("Tyres", "Neumáticos", "Pneus") + sep + " | ".join(ch))
        gaps = []
        for when in ("before", "after"):
            g, lap, pa, pb, lead, trail = _gap_parts(b, when)
            gaps.append(f"{k.lapw(lap)}: {k.sec(g, bold=False)} ({lead} " + k.t("ahead", "delante", "à frente") + ")")
        lines.append("Gap" + sep + " | ".join(gaps))
        for _when, lap, pa, pb in (("before", b.lap_before, b.pos_before, b.d_pos_before), ("after", b.lap_after, b.pos_after, b.d_pos_after)):
            if pa is not None and pb is not None:
                lines.append(k.t(f"Positions, lap {lap}", f"Posiciones, vuelta {lap}", f"Posições, volta {lap}") + f"{sep}{A}: P{pa} | {B}: P{pb}")
        g = b.gained
        lines.append((k.t("Gained", "Ganancia", "Ganho") if g >= 0 else k.t("Lost", "Pérdida", "Perda")) + f"{sep}{A}: {k.sec(g, bold=False)}"
                     + " | " + k.t("ahead after the stops", "delante tras las paradas", "à frente depois das paradas") + f": {yes if b.success else no}")
        fin = [f"{c}: {k.res(view.drivers.get(c))}" for c in (A, B) if view.drivers.get(c) is not None]
        if fin:
            lines.append(k.t("Finish", "Resultado final", "Resultado final") + sep + " | ".join(fin))
    elif view.kind == "defense":
        x = view.defense
        assert x is not None
        D, P = x.defender, x.pursuer
        lines.append(f"{D} vs {P} | " + k.t("defense", "defensa", "defesa"))
        run = [k.span(x.start, x.end), k.laps_n(x.laps)]
        if x.mean_gap is not None:
            run.append(k.t("mean gap ", "gap medio ", "gap médio ") + k.sec(x.mean_gap, bold=False))
        lines.append(k.t("Run", "Tramo", "Trecho") + sep + " | ".join(run))
        if x.pursuer_pace is not None and x.defender_pace is not None:
            row = f"{P}: {k.pace(x.pursuer_pace)} | {D}: {k.pace(x.defender_pace)}"
            if x.pace_delta is not None and x.pace_delta > 0:
                row += f" | Δ {k.rate(x.pace_delta)}"
            lines.append(k.t("Median pace", "Ritmo mediano", "Ritmo mediano") + sep + row)
        lines.append(k.t("Pass", "Adelantamiento", "Ultrapassagem") + sep + (k.lapw(x.pass_lap) if x.passed and x.pass_lap is not None
                                                                            else k.t("none during the run", "ninguno en el tramo", "nenhuma no trecho")))
        lines.append(k.t("Teammate protected", "Compañero protegido", "Companheiro protegido") + sep
                     + (x.teammate if x.protected and x.teammate else k.t("none", "ninguno", "nenhum")))
        fin = [f"{c}: {k.res(view.drivers.get(c))}" for c in (D, P) if view.drivers.get(c) is not None]
        if fin:
            lines.append(k.t("Finish", "Resultado final", "Resultado final") + sep + " | ".join(fin))
    else:
        lines.append(f"{view.event} {view.season}" + (f" | {k.laps_n(view.race_laps)}" if view.race_laps else ""))
        lines.append(k.t("Podium", "Podio", "Pódio") + sep + " | ".join(f"P{p.position} {p.driver}" + (f" ({p.team})" if p.team else "")
                                                                      for p in view.podium))
        for b in view.battles:
            g = b.gained
            gl = (k.t("gained ", "ganó ", "ganhou ") if g >= 0 else k.t("lost ", "perdió ", "perdeu ")) + k.sec(g, bold=False)
            out = (k.t("ahead after the stops", "delante tras las paradas", "à frente depois das paradas") if b.success else
                   k.t("still behind after the stops", "aún detrás tras las paradas", "ainda atrás depois das paradas"))
            lines.append(f"{b.attacker} vs {b.defender} ({b.kind}){sep}{b.attacker}: {k.lapw(b.a_lap)} | {b.defender}: {k.lapw(b.d_lap)} | {gl} | {out}")
        for x in view.defenses:
            lines.append(f"{x.defender} vs {x.pursuer} (" + k.t("defense", "defensa", "defesa") + f"){sep}{k.span(x.start, x.end)} | {k.laps_n(x.laps)}")
    bullet = k.pick(("", "- ", "• "))
    body = "\n".join(bullet + x for x in lines)
    return body + "\n\n" + _cap(bottom_line(view, k)) + "."


# --------------------------------------------------------------------------- API

_LAYOUTS = {"briefing": _briefing, "timeline": _timeline, "procon": _procon, "checklist": _checklist, "factblock": _factblock,
            "footnotes": _footnotes, "quoted": _quoted, "restate": _restate, "counterfactual": _counterfactual, "runon": _runon,
            "jargon": _jargon, "pipes": _pipes}
assert set(_LAYOUTS) == BLIND2


def render(row: dict[str, Any], style: str, seed: int) -> str:
    """A faithful answer to ``row`` in the ``blind2`` family ``style`` (``family`` or ``family+variant``).

    Deterministic for (row id, language, style, seed). Raises ``KeyError`` for an unknown family."""
    family = style.split("+", 1)[0]
    if family not in BLIND2_SPECS:
        raise KeyError(f"unknown blind2 style {style!r}; known: {', '.join(BLIND2_SPECS)}")
    view = view_of(row)
    rng = random.Random(f"blind2|{seed}|{view.id}|{view.lang}|{style}")
    k = Ink(view.lang, family, rng)
    return _LAYOUTS[family](view, k, facts(view), Ctx(row.get("context_text"))).strip()
