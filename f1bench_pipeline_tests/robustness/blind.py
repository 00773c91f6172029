"""Blind held-out style families: faithful answers in phrasings and layouts no tuned or
held-out family of ``styles`` uses.

The maintainer tunes the extractor on ``styles.STYLES`` (and checks ``HELD_OUT`` last); the
families here (``BLIND``) are a second, blind held-out set, evaluated only at the end. They
are written independently of ``content``/``voice``: their own wording, number formats and
layouts, read off the same :class:`~f1bench_pipeline_tests.robustness.view.InstanceView`.

Same rule as the other families: every stated fact is true per the instance's context (the
``context_text`` the model sees), using only values in the context or exactly derivable from
it (a difference of two laps, laps to go, a share of the race distance, a rounded gap within
the gap tolerance). A statement whose data is missing is left out. For a race summary only
what its context text shows is used (podium, each key battle's kind, stop laps, gain and
outcome, each key defense's laps); nothing from the JSON that the text leaves out.

Families (``BLIND_SPECS``): modifiers of one prose/bullet answer (countdown, relative,
fractions, words, regional, hedged, mixed_lang, asides) and layouts of their own (story,
telegraph, qa, sections, scoreboard).

Pure: no I/O. Deterministic for a seed.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from f1bench_pipeline_tests.robustness.view import Battle, Defense, Driver, InstanceView, Stint, Stop, view_of

BLIND_SPECS: dict[str, str] = {
    "story": "narrative 'story of the race' paragraphs in race order, pronouns and connectives for the drivers",
    "telegraph": "terse log lines without verbs: 'L21 VER box SS→S', compound abbreviations, P8/P9, '+11.98s'",
    "qa": "question/answer pairs ('Q:'/'A:', 'P:'/'R:'), short answers without a subject",
    "sections": "a markdown heading per driver or topic, nested bullets whose driver is only in the heading",
    "scoreboard": "tables: both drivers side by side (stop lap, positions, gap ahead/behind), key-value tables",
    "countdown": "lap counts next to lap numbers: 'lap 26 of 58, 32 to go', 'lap 26/58', 'a 32 vueltas del final'",
    "relative": "relative timing: 'a lap after VER', 'two laps earlier', 'the lap before the first stop'",
    "fractions": "shares of the race distance: '26 of 58 laps (45%)', 'about a third of the race'",
    "words": "numbers as words: 'lap twenty-six', 'vuelta veintiséis', 'vinte e seis voltas', 'finished sixth'",
    "regional": "regional vocabulary: tires/tyres, boxed; gomas, cubiertas, llantas, pits, giro; paragem, boxes, equipa",
    "hedged": "hedged but true statements: 'it looks like', 'al parecer', 'ao que tudo indica', 'just under 12 seconds'",
    "mixed_lang": "answers switching language between sentences (EN answered partly in ES/PT, ES/PT partly in EN)",
    "asides": "parenthetical and dashed asides with extra true facts: 'VER (P8 at the time)', '— under the VSC —'",
}
BLIND: frozenset[str] = frozenset(BLIND_SPECS)
# Fraction phrases the ``fractions`` family writes (not numbers of laps or positions).
FRACTION_PHRASES = ("two thirds", "a third", "a quarter", "three quarters", "half", "a fifth",
                    "dos tercios", "un tercio", "un cuarto", "tres cuartos", "la mitad", "una quinta parte",
                    "dois terços", "um terço", "um quarto", "três quartos", "metade", "um quinto")

# --------------------------------------------------------------------------- numbers as words

_EN_ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
            "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_EN_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_ES_ONES = ["cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce",
            "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve", "veinte", "veintiuno",
            "veintidós", "veintitrés", "veinticuatro", "veinticinco", "veintiséis", "veintisiete", "veintiocho",
            "veintinueve"]
_ES_TENS = ["", "", "", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa"]
_PT_ONES = ["zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez", "onze", "doze",
            "treze", "catorze", "quinze", "dezesseis", "dezessete", "dezoito", "dezenove"]
_PT_TENS = ["", "", "vinte", "trinta", "quarenta", "cinquenta", "sessenta", "setenta", "oitenta", "noventa"]

_EN_ORD = ["", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
           "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth",
           "nineteenth", "twentieth"]
_ES_ORD = ["", "primero", "segundo", "tercero", "cuarto", "quinto", "sexto", "séptimo", "octavo", "noveno", "décimo",
           "undécimo", "duodécimo", "decimotercero", "decimocuarto", "decimoquinto", "decimosexto", "decimoséptimo",
           "decimoctavo", "decimonoveno", "vigésimo"]
_PT_ORD = ["", "primeiro", "segundo", "terceiro", "quarto", "quinto", "sexto", "sétimo", "oitavo", "nono", "décimo",
           "décimo primeiro", "décimo segundo", "décimo terceiro", "décimo quarto", "décimo quinto", "décimo sexto",
           "décimo sétimo", "décimo oitavo", "décimo nono", "vigésimo"]


def _es_gender(word: str, gender: str) -> str:
    """``uno`` as ``un`` before a masculine noun (``mn``) or ``una`` (``f``): veintiún, treinta y una."""
    if gender == "f":
        if word.endswith("uno"):
            return word[:-3] + "una"
    elif gender == "mn":
        if word == "uno":
            return "un"
        if word == "veintiuno":
            return "veintiún"
        if word.endswith(" uno"):
            return word[:-3] + "un"
    return word


def cardinal(n: int, lang: str, gender: str = "m", region: str | None = None) -> str:
    """``n`` (0..199) in words. ``gender``: ``m`` (a lap number: "vuelta veintiuno"), ``mn`` (before a
    masculine noun: "veintiún giros"), ``f`` (before a feminine noun: "veintiuna vueltas", "duas voltas")."""
    if not 0 <= n < 200:
        return str(n)
    if lang == "en":
        if n >= 100:
            return "one hundred" + ("" if n == 100 else " and " + cardinal(n - 100, lang))
        if n < 20:
            return _EN_ONES[n]
        t, o = divmod(n, 10)
        return _EN_TENS[t] + ("" if o == 0 else "-" + _EN_ONES[o])
    if lang == "es":
        if n >= 100:
            return "cien" if n == 100 else "ciento " + cardinal(n - 100, lang, gender)
        if n < 30:
            word = _ES_ONES[n]
        else:
            t, o = divmod(n, 10)
            word = _ES_TENS[t] + ("" if o == 0 else " y " + _ES_ONES[o])
        return _es_gender(word, gender)
    # pt
    if n >= 100:
        return "cem" if n == 100 else "cento e " + cardinal(n - 100, lang, gender, region)
    if n < 20:
        word = _PT_ONES[n]
        if region == "pt_pt":
            word = {"dezesseis": "dezasseis", "dezessete": "dezassete", "dezenove": "dezanove"}.get(word, word)
    else:
        t, o = divmod(n, 10)
        word = _PT_TENS[t] + ("" if o == 0 else " e " + _PT_ONES[o])
    if gender == "f":
        if word == "um" or word.endswith(" um"):
            word = word[:-2] + "uma"
        elif word == "dois" or word.endswith(" dois"):
            word = word[:-4] + "duas"
    return word


def ordinal_word(n: int, lang: str) -> str:
    """A position as an ordinal word (masculine): sixth / sexto / sexto; 21st and on: twenty-first /
    vigésimo primero / vigésimo primeiro."""
    table = {"en": _EN_ORD, "es": _ES_ORD, "pt": _PT_ORD}[lang]
    if 1 <= n <= 20:
        return table[n]
    if 21 <= n <= 29:
        if lang == "en":
            return "twenty-" + _EN_ORD[n - 20]
        return table[20] + " " + table[n - 20]
    return str(n)


def en_suffix(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


# --------------------------------------------------------------------------- the pen

_REGIONS = {"en": ("us", "uk"), "es": ("es_es", "es_ar", "es_mx"), "pt": ("pt_br", "pt_pt")}
_EN_TYRE = {"SOFT": "soft", "MEDIUM": "medium", "HARD": "hard", "INTERMEDIATE": "intermediate", "WET": "wet",
            "HYPERSOFT": "hypersoft", "ULTRASOFT": "ultrasoft", "SUPERSOFT": "supersoft", "SUPERHARD": "superhard"}
_EN_TYRES = {"INTERMEDIATE": "inters", "WET": "full wets"}
_ES_TYRE = {"SOFT": "blando", "MEDIUM": "medio", "HARD": "duro", "INTERMEDIATE": "intermedio", "WET": "de lluvia",
            "HYPERSOFT": "hiperblando", "ULTRASOFT": "ultrablando", "SUPERSOFT": "superblando", "SUPERHARD": "superduro"}
_PT_TYRE = {"SOFT": "macio", "MEDIUM": "médio", "HARD": "duro", "INTERMEDIATE": "intermediário", "WET": "de chuva",
            "HYPERSOFT": "hipermacio", "ULTRASOFT": "ultramacio", "SUPERSOFT": "supermacio", "SUPERHARD": "superduro"}
_ABBR = {"SOFT": "S", "MEDIUM": "M", "HARD": "H", "INTERMEDIATE": "I", "WET": "W", "HYPERSOFT": "HS",
         "ULTRASOFT": "US", "SUPERSOFT": "SS", "SUPERHARD": "SH"}


def _cap(s: str) -> str:
    i = 0
    while i < len(s) and s[i] in "*_#>- ":
        i += 1
    return s[:i] + s[i:i + 1].upper() + s[i + 1:] if i < len(s) else s


def _low(s: str) -> str:
    """Lower-case the first letter unless the first word is a code or a name in capitals (VER, SOFT)."""
    word = s.split(" ", 1)[0].strip("*,.:;")
    if len(word) > 1 and word.isupper():
        return s
    return s[:1].lower() + s[1:]


class Pen:
    """Per-answer writing choices (drawn once from the seed) and the formatters that apply them.

    ``cur`` is the language of the sentence being written (``mixed_lang`` switches it)."""

    def __init__(self, lang: str, family: str, rng: random.Random):
        self.lang = lang
        self.cur = lang
        self.family = family
        self.rng = rng
        self.comma = lang != "en" and rng.random() < 0.5
        self.digits = rng.choice((3, 3, 2, 1))
        self.unit_i = rng.randrange(4)
        self.tmode = rng.choice(("upper", "upper", "word"))
        self.words = family == "words"
        self.region = rng.choice(_REGIONS[lang]) if family == "regional" else None
        self.approx = family == "hedged"
        self.bullet = rng.choice(("* ", "• ", "- "))
        self.n_sentences = 0  # sentences written so far (mixed_lang)

    # ------------------------------------------------------------------ basics

    def t(self, en: str, es: str, pt: str) -> str:
        return en if self.cur == "en" else es if self.cur == "es" else pt

    def pick(self, options: list[str] | tuple[str, ...]) -> str:
        return self.rng.choice(list(options))

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def reg(self) -> str | None:
        """The region of the current sentence (only when it is in the answer's own language)."""
        return self.region if self.cur == self.lang else None

    # ------------------------------------------------------------------ numbers

    def num(self, x: float, d: int) -> str:
        s = f"{x:.{d}f}"
        return s.replace(".", ",") if self.comma else s

    def unit(self) -> str:
        return [("s", " s", " seconds", " sec"), ("s", " s", " segundos", " seg"),
                ("s", " s", " segundos", " seg")][("en", "es", "pt").index(self.cur)][self.unit_i]

    def sec(self, x: float) -> str:
        """A gap or gain size (always positive here; the sentence says who is ahead)."""
        x = abs(x)
        if self.approx and self.chance(0.6):
            n = round(x)
            if self.chance(0.5) or n < 2:
                w = self.t(self.pick(("about ", "roughly ", "around ", "~")), self.pick(("unos ", "cerca de ", "alrededor de ", "~")),
                           self.pick(("cerca de ", "uns ", "aproximadamente ", "~")))
                return w + self.num(x, 1) + (" s" if self.unit() == "s" else self.unit())
            if x < n:
                w = self.t("just under ", "algo menos de ", "pouco menos de ")
            elif x > n:
                w = self.t("just over ", "algo más de ", "pouco mais de ")
            else:
                w = self.t("exactly ", "exactamente ", "exatamente ")
            return w + f"{n}" + self.t(" seconds", " segundos", " segundos")
        return self.num(x, self.digits) + self.unit()

    def rate(self, x: float, signed: bool = True) -> str:
        text = self.num(abs(x), 3)
        sign = ("+" if x > 0 else "-" if x < 0 else "") if signed else ""
        per = self.t(self.pick(("s/lap", " s per lap", " sec/lap")),
                     self.pick((" s/vuelta", " s por vuelta") if self.reg() != "es_ar" else (" s por giro",)),
                     self.pick((" s/volta", " s por volta")))
        return f"{sign}{text}{per}"

    def pace(self, x: float) -> str:
        return self.num(x, 3 if self.digits == 3 else 2) + self.pick(("s", " s"))

    def n(self, k: int, gender: str = "f") -> str:
        """A count before a noun: digits, or words in the ``words`` family (and for small counts)."""
        if self.words or (k <= 3 and self.chance(0.3)):
            return cardinal(k, self.cur, gender, self.reg())
        return str(k)

    def lapno(self, k: int) -> str:
        return cardinal(k, self.cur, "m", self.reg()) if self.words else str(k)

    # ------------------------------------------------------------------ laps

    def giro(self) -> bool:
        return self.reg() in ("es_ar", "pt_br") and self.family == "regional" and self.rng.random() < 0.5

    def lap(self, k: int) -> str:
        """``lap 21`` / ``la vuelta 21`` / ``el giro 21`` / ``a volta 21`` (with the article in ES/PT)."""
        if self.cur == "en":
            return f"lap {self.lapno(k)}"
        if self.giro():
            return self.t("", f"el giro {self.lapno(k)}", f"o giro {self.lapno(k)}")
        return self.t("", f"la vuelta {self.lapno(k)}", f"a volta {self.lapno(k)}")

    def on_lap(self, k: int) -> str:
        s = self.lap(k)
        if self.cur == "en":
            return "on " + s
        if self.cur == "es":
            return "en " + s
        return ("na " + s[2:]) if s.startswith("a ") else ("no " + s[2:])

    def lap_bare(self, k: int) -> str:
        return self.t(f"lap {self.lapno(k)}", f"vuelta {self.lapno(k)}", f"volta {self.lapno(k)}")

    def laps_n(self, k: int) -> str:
        """``26 laps`` / ``veintiséis vueltas`` / ``26 giros``."""
        if self.cur != "en" and self.giro():
            return f"{self.n(k, 'mn')} giro{'s' if k != 1 else ''}"
        word = self.t("lap", "vuelta", "volta") + ("s" if k != 1 else "")
        return f"{self.n(k, 'f')} {word}"

    def between(self, a: int, b: int) -> str:
        """Laps a..b as a prepositional phrase: ``between laps 1 and 26``, ``desde la vuelta 1 hasta la 26``."""
        if a == b:
            return self.on_lap(a)
        A, B = self.lapno(a), self.lapno(b)
        if self.cur == "en":
            return self.pick((f"between laps {A} and {B}", f"from lap {A} until lap {B}", f"over laps {A} through {B}"))
        if self.cur == "es":
            if self.giro():
                return self.pick((f"entre los giros {A} y {B}", f"desde el giro {A} hasta el {B}"))
            return self.pick((f"entre las vueltas {A} y {B}", f"desde la vuelta {A} hasta la {B}"))
        if self.giro():
            return self.pick((f"entre os giros {A} e {B}", f"do giro {A} até o {B}"))
        return self.pick((f"entre as voltas {A} e {B}", f"da volta {A} até a {B}"))

    # ------------------------------------------------------------------ tyres

    def tyre_noun(self) -> tuple[str, str]:
        """The plural noun for tyres and its gender in this sentence's language and region."""
        r = self.reg()
        if self.cur == "en":
            return ("tires" if r == "us" else "tyres"), "m"
        if self.cur == "es":
            opts = {"es_es": (("neumáticos", "m"), ("gomas", "f"), ("ruedas", "f")),
                    "es_ar": (("cubiertas", "f"), ("gomas", "f"), ("neumáticos", "m")),
                    "es_mx": (("llantas", "f"), ("gomas", "f"))}.get(r or "", (("neumáticos", "m"),))
            return self.rng.choice(opts)
        return "pneus", "m"

    def tyre(self, c: str) -> str:
        """The compound's bare name: ``SOFT`` / ``soft`` / ``blando`` / ``macio``."""
        if self.tmode == "upper" or c not in _EN_TYRE:
            return c
        return self.t(_EN_TYRE[c], _ES_TYRE[c], _PT_TYRE[c])

    def tyres(self, c: str) -> str:
        """A set of the compound, no article: ``hard tyres`` / ``HARDs`` / ``gomas duras`` / ``pneus macios``."""
        noun, g = self.tyre_noun()
        if self.cur == "en":
            if self.tmode == "upper" or c not in _EN_TYRE:
                return self.pick((f"{c} {noun}", f"{c}s"))
            return self.pick((f"{_EN_TYRE[c]} {noun}", _EN_TYRES.get(c, _EN_TYRE[c] + "s")))
        if self.tmode == "upper" or c not in _EN_TYRE:
            return f"{noun} {c}"
        if self.cur == "es":
            adj = _ES_TYRE[c]
            if adj != "de lluvia":
                adj = (adj[:-1] + "as") if g == "f" else adj + "s"
            return f"{noun} {adj}"
        adj = _PT_TYRE[c]
        return f"{noun} {adj if adj == 'de chuva' else adj + 's'}"

    def the_tyres(self, c: str) -> str:
        s = self.tyres(c)
        if self.cur == "en":
            return "the " + s
        if self.cur == "es":
            fem = s.split(" ", 1)[0] in ("gomas", "ruedas", "cubiertas", "llantas")
            return ("las " if fem else "los ") + s
        return "os " + s

    # ------------------------------------------------------------------ positions

    def pos(self, p: int) -> str:
        """A position as a noun phrase after a preposition-less verb: ``P6`` / ``sixth`` / ``6.º``."""
        if self.words:
            return ordinal_word(p, self.cur)
        return self.t(self.pick((f"P{p}", en_suffix(p))), self.pick((f"P{p}", f"{p}.º")), self.pick((f"P{p}", f"{p}º")))

    def pos_at(self, p: int) -> str:
        """``in P6`` / ``in sixth place`` / ``en el puesto 6`` / ``em 6.º lugar`` (with the preposition)."""
        r = self.reg()
        if self.words:
            w = ordinal_word(p, self.cur)
            if self.cur == "es":
                lugar = re.sub(r"(prim|terc)ero$", r"\1er", w)
                fem = " ".join(x[:-1] + "a" for x in w.split()) if p <= 29 else w
                return self.pick((f"en {lugar} lugar", f"en la {fem} posición"))
            return self.t(f"in {w} place", "", f"em {w} lugar")
        if self.cur == "en":
            return self.pick((f"in P{p}", f"in {en_suffix(p)} place", f"in position {p}"))
        if self.cur == "es":
            return self.pick((f"en P{p}", f"en el puesto {p}", f"en la posición {p}", f"{p}.º"))
        if r == "pt_pt":
            return self.pick((f"em {p}.º lugar", f"no {p}.º lugar", f"em P{p}"))
        return self.pick((f"em P{p}", f"em {p}º lugar", f"na posição {p}"))

    # ------------------------------------------------------------------ verbs

    def pit(self) -> str:
        """A past-tense pit-stop verb phrase (followed by ``on_lap``)."""
        r = self.reg()
        if self.cur == "en":
            return self.pick({"us": ("pitted", "boxed", "stopped", "made a pit stop", "came in for tires"),
                              "uk": ("pitted", "boxed", "came into the pits", "made his pitstop", "stopped")
                              }.get(r or "", ("pitted", "came into the pits", "made his stop", "dived into the pit lane")))
        if self.cur == "es":
            return self.pick({"es_es": ("entró en boxes", "paró en boxes", "hizo su parada en boxes", "pasó por el box"),
                              "es_ar": ("paró en pits", "entró a pits", "hizo la parada en pits", "pasó por pits"),
                              "es_mx": ("entró a pits", "hizo su parada en pits", "paró en pits", "hizo su pit stop")
                              }.get(r or "", ("paró", "entró a boxes", "hizo su parada", "pasó por boxes")))
        return self.pick({"pt_br": ("parou no box", "fez o pit", "entrou no pit", "foi para o box"),
                          "pt_pt": ("fez a paragem", "parou nas boxes", "entrou nas boxes", "foi às boxes")
                          }.get(r or "", ("parou", "foi aos boxes", "fez sua parada", "entrou nos boxes")))

    def stop_noun(self, plural: bool = False) -> str:
        if self.cur == "pt" and self.reg() == "pt_pt":
            return "paragens" if plural else "paragem"
        return self.t("stops" if plural else "stop", "paradas" if plural else "parada",
                      "paradas" if plural else "parada")

    def team_word(self) -> str:
        return self.t("team", "equipo", "equipa" if self.reg() == "pt_pt" else "equipe")

    def favour(self) -> str:
        return "favor" if self.reg() == "us" else "favour"

    def defence(self) -> str:
        return "defence" if self.reg() == "uk" else "defense"

    def cond(self, p: Stop) -> str:
        if p.under_sc:
            return self.t(self.pick((" behind the Safety Car", " during a Safety Car period")),
                          self.pick((" con el coche de seguridad en pista", " durante el Safety Car")),
                          self.pick((" com o safety car na pista", " durante o Safety Car")))
        if p.under_vsc:
            return self.t(self.pick((" under a Virtual Safety Car", " during the VSC")),
                          self.pick((" durante el VSC", " con el Virtual Safety Car")),
                          self.pick((" durante o VSC", " com o Virtual Safety Car")))
        return ""

    def chg(self, a: str, b: str) -> str:
        """A compound change as a clause: ``, SOFT off, HARD on`` / ``, cambiando blando por duro``."""
        A, B = self.tyre(a), self.tyre(b)
        return self.pick([
            self.t(f", {A} off, {B} on", f", cambiando {A} por {B}", f", trocando {A} por {B}"),
            self.t(f" to swap {self.the_tyres(a)} for {self.tyres(b)}", f" para dejar {self.the_tyres(a)} y montar {self.tyres(b)}",
                   f" para trocar {self.the_tyres(a)} por {self.tyres(b)}"),
            self.t(f", going {A} to {B}", f", de {A} a {B}", f", de {A} para {B}"),
        ])

    def hedge(self, s: str) -> str:
        """A hedge around a (true) sentence, in the ``hedged`` family."""
        if not self.approx or not self.chance(0.7) or ":" in s[:20]:
            return s
        body = s.rstrip(".")
        if self.chance(0.65):
            pre = self.t(self.pick(("It looks like ", "From what the data show, ", "As far as I can tell, ",
                                    "If I read the timing correctly, ", "Apparently, ", "The data suggest that ")),
                         self.pick(("Parece que ", "Según parece, ", "Por lo que se ve en los datos, ", "Si no me equivoco, ",
                                    "Al parecer, ", "Todo indica que ")),
                         self.pick(("Parece que ", "Ao que tudo indica, ", "Pelo que os dados mostram, ", "Se não me engano, ",
                                    "Aparentemente, ", "Tudo indica que ")))
            return pre + _low(body) + "."
        suf = self.t(self.pick((", it seems", ", as far as the data go", ", if the numbers are right", ", apparently")),
                     self.pick((", al parecer", ", según los datos", ", por lo que se ve")),
                     self.pick((", ao que parece", ", pelo que indicam os dados", ", aparentemente")))
        return body + suf + "."


# --------------------------------------------------------------------------- shared facts


def _other(view: InstanceView, code: str) -> Driver | None:
    return view.drivers.get(code)


def _pct(a: int, b: int) -> int:
    return int(round(100.0 * a / b))


def _fraction_words(pen: Pen, a: int, b: int) -> str | None:
    """A fraction phrase true of a/b (within a few points), or None."""
    x = a / b
    for val, en, es, pt in ((1 / 4, "a quarter", "un cuarto", "um quarto"), (1 / 3, "a third", "un tercio", "um terço"),
                            (1 / 2, "half", "la mitad", "metade"), (2 / 3, "two thirds", "dos tercios", "dois terços"),
                            (3 / 4, "three quarters", "tres cuartos", "três quartos")):
        if abs(x - val) <= 0.03:
            word = pen.t(en, es, pt)
            return pen.t(f"about {word} of the race", f"más o menos {word} de la carrera", f"cerca de {word} da corrida")
    if x > 0.5:
        return pen.t("more than half the race", "más de la mitad de la carrera", "mais da metade da corrida")
    if x < 0.2:
        return pen.t("less than a fifth of the race", "menos de una quinta parte de la carrera",
                     "menos de um quinto da corrida")
    return None


def _pct_text(pen: Pen, a: int, b: int) -> str:
    p = _pct(a, b)
    return pen.t(pen.pick((f"{p}%", f"{p} per cent" if pen.reg() == "uk" else f"{p} percent", f"~{p}%")),
                 pen.pick((f"{p}%", f"{p} %", f"el {p} por ciento")), pen.pick((f"{p}%", f"{p} por cento")))


def stop_sentence(view: InstanceView, pen: Pen, d: Driver, p: Stop, with_change: bool = True) -> str:
    """"VER pitted on lap 21, SOFT off, HARD on." plus the family's extras."""
    who = d.code
    if pen.family == "asides":
        prev = d.stint_ending(p.lap)
        if prev is not None and prev.known and prev.start != prev.end and pen.chance(0.6):
            who = pen.t(f"{d.code} — on {pen.the_tyres(prev.compound)} since lap {prev.start} —",
                        f"{d.code} —con {pen.the_tyres(prev.compound)} desde la vuelta {prev.start}—",
                        f"{d.code} — com {pen.the_tyres(prev.compound)} desde a volta {prev.start} —")
        elif len(d.stops) == 1 and pen.chance(0.6):
            who = pen.t(f"{d.code} (in his only stop)", f"{d.code} (en su única parada)", f"{d.code} (na sua única parada)")
    lap = pen.on_lap(p.lap)
    if pen.family == "countdown" and view.race_laps and p.lap < view.race_laps:
        L, left = view.race_laps, view.race_laps - p.lap
        lap = pen.pick([
            pen.t(f"on lap {p.lap} of {L}, with {left} still to run", f"en la vuelta {p.lap} de {L}, cuando quedaban {left}",
                  f"na volta {p.lap} de {L}, quando faltavam {left}"),
            pen.t(f"on lap {p.lap}/{L} ({left} remaining)", f"en la vuelta {p.lap}/{L} (a {left} del final)",
                  f"na volta {p.lap}/{L} (a {left} do fim)"),
            pen.t(f"{left} laps from the flag, on lap {p.lap}", f"a {left} vueltas del final, en la {p.lap}",
                  f"a {left} voltas do fim, na volta {p.lap}"),
        ])
    if pen.family == "fractions" and view.race_laps and pen.chance(0.6):
        lap += pen.t(f" ({_pct_text(pen, p.lap, view.race_laps)} of the way into the race)",
                     f" (al {_pct(p.lap, view.race_laps)} % de la distancia)", f" (a {_pct(p.lap, view.race_laps)}% da distância)")
    s = f"{who} {pen.pit()} {lap}{pen.cond(p)}"
    if with_change and p.known:
        c = pen.chg(p.from_, p.to)
        s += c if c.startswith(",") or pen.family != "countdown" else "," + c
    if pen.family == "asides" and (p.under_sc or p.under_vsc) and pen.chance(0.5):
        sc = "Safety Car" if p.under_sc else "VSC"
        s = f"{who} {pen.pit()} {lap}" + pen.t(f" — under the {sc}, as it happens —", f" —bajo {sc}, por cierto—",
                                             f" — sob {sc}, aliás —")
        if with_change and p.known:
            s += pen.chg(p.from_, p.to)
        s = s.rstrip(" —")
    return pen.hedge(_cap(s) + ".")


def result_sentence(view: InstanceView, pen: Pen, d: Driver) -> str:
    if d.position is None:
        st = d.status or ""
        if "disqualif" in st.lower():
            s = pen.t(f"{d.code} was disqualified", f"{d.code} fue descalificado", f"{d.code} foi desclassificado")
        elif st:
            s = pen.pick([pen.t(f"{d.code} did not make it to the end ({st})", f"{d.code} no llegó al final ({st})",
                                f"{d.code} não chegou ao fim ({st})"),
                          pen.t(f"{d.code} was out of the race: {st}", f"{d.code} quedó fuera de carrera: {st}",
                                f"{d.code} ficou fora da corrida: {st}")])
        else:
            s = pen.t(f"{d.code} was not classified", f"{d.code} no fue clasificado", f"{d.code} não foi classificado")
        return pen.hedge(s + ".")
    p = d.position
    opts = [pen.t(f"{d.code} crossed the line {pen.pos_at(p)}", f"{d.code} cruzó la meta {pen.pos_at(p)}",
                  f"{d.code} cruzou a linha de chegada {pen.pos_at(p)}"),
            pen.t(f"{d.code} was classified {pen.pos(p)}", f"{d.code} se clasificó {pen.pos(p)}",
                  f"{d.code} foi classificado {pen.pos_at(p)}"),
            pen.t(f"{d.code} brought the car home {pen.pos_at(p)}", f"{d.code} llevó el coche a meta {pen.pos_at(p)}",
                  f"{d.code} levou o carro até o fim {pen.pos_at(p)}")]
    if p == 1:
        opts.append(pen.t(f"{d.code} took the chequered flag first" if pen.reg() != "us" else f"{d.code} took the checkered flag first",
                          f"{d.code} vio la bandera a cuadros en primer lugar", f"{d.code} recebeu a bandeirada em primeiro"))
    s = pen.pick(opts)
    if pen.family == "asides" and p == 1 and pen.chance(0.6):
        s += pen.t(" (a win, in other words)", " (es decir, ganó)", " (ou seja, venceu)")
    if pen.family == "countdown" and view.race_laps and d.stints and d.stints[-1].end == view.race_laps and pen.chance(0.5):
        s += pen.t(f" at the end of the {view.race_laps} laps", f" al cabo de las {view.race_laps} vueltas",
                   f" ao fim das {view.race_laps} voltas")
    return pen.hedge(_cap(s) + ".")


def stint_sentence(view: InstanceView, pen: Pen, d: Driver, s: Stint, k: int) -> str:
    L = view.race_laps
    length = pen.laps_n(s.n_laps)
    where = pen.between(s.start, s.end)
    if s.known:
        opts = [pen.t(f"Stint {s.n} was {length} on {pen.tyres(s.compound)}, {where}",
                      f"El stint {s.n} fue de {length} con {pen.tyres(s.compound)}, {where}",
                      f"O stint {s.n} foi de {length} com {pen.tyres(s.compound)}, {where}"),
                pen.t(f"{d.code} ran {pen.the_tyres(s.compound)} {where} ({length})",
                      f"{d.code} rodó con {pen.the_tyres(s.compound)} {where} ({length})",
                      f"{d.code} andou com {pen.the_tyres(s.compound)} {where} ({length})")]
        text = pen.pick(opts)
    else:
        text = pen.t(f"Stint {s.n} ({length}, {where}) was on a compound the data do not record",
                     f"El stint {s.n} ({length}, {where}) fue con un compuesto que los datos no registran",
                     f"O stint {s.n} ({length}, {where}) foi com um composto que os dados não registram")
    if s.avg is not None and pen.chance(0.6):
        text += pen.t(f", at {pen.pace(s.avg)} on average", f", con un promedio de {pen.pace(s.avg)}",
                      f", com média de {pen.pace(s.avg)}")
        if s.deg is not None:
            text += pen.t(f" and a degradation slope of {pen.rate(s.deg)}", f" y una pendiente de degradación de {pen.rate(s.deg)}",
                          f" e inclinação de degradação de {pen.rate(s.deg)}")
    if pen.family == "countdown" and L:
        if s.end == L and d.position is not None and s.start > 1:
            text += pen.t(f" — the final {s.n_laps} of the {L} laps", f": las últimas {s.n_laps} de las {L} vueltas",
                          f": as últimas {s.n_laps} das {L} voltas")
        elif s.end < L and s.n < k:
            text += pen.t(f", leaving {L - s.end} laps after it", f", y tras él quedaban {L - s.end} vueltas",
                          f", e depois dele restavam {L - s.end} voltas")
    if pen.family == "fractions" and L:
        text += pen.t(f" — {s.n_laps} of {L} laps, {_pct_text(pen, s.n_laps, L)} of the distance",
                      f": {s.n_laps} de {L} vueltas, {_pct_text(pen, s.n_laps, L)} de la distancia",
                      f": {s.n_laps} de {L} voltas, {_pct_text(pen, s.n_laps, L)} da distância")
        fw = _fraction_words(pen, s.n_laps, L)
        if fw and pen.chance(0.7):
            text += f" ({fw})"
    if pen.family == "asides" and k > 1:
        longest = max(x.n_laps for x in d.stints)
        if s.n_laps == longest and sum(1 for x in d.stints if x.n_laps == longest) == 1 and pen.chance(0.7):
            text += pen.t(" (his longest stint)", " (su stint más largo)", " (seu stint mais longo)")
    if pen.family == "relative" and s.n > 1:
        prev = next((x for x in d.stints if x.n == s.n - 1), None)
        if prev is not None and prev.n_laps != s.n_laps and pen.chance(0.7):
            diff = abs(s.n_laps - prev.n_laps)
            more = s.n_laps > prev.n_laps
            text += pen.t(f", {pen.laps_n(diff)} {'longer' if more else 'shorter'} than the stint before",
                          f", {pen.laps_n(diff)} {'más' if more else 'menos'} que el stint anterior",
                          f", {pen.laps_n(diff)} a {'mais' if more else 'menos'} que o stint anterior")
    return pen.hedge(_cap(text) + ".")


def nstops_sentence(view: InstanceView, pen: Pen, d: Driver) -> str:
    k = d.n_stops or 0
    if k == 0:
        s = pen.t(f"{d.code} made no pit stops", f"{d.code} no hizo ninguna parada en boxes",
                  f"{d.code} não fez nenhuma parada nos boxes")
    elif k == 1:
        s = pen.pick([pen.t(f"{d.code} made a single stop", f"{d.code} paró una sola vez", f"{d.code} parou uma única vez"),
                      pen.t(f"It was a one-stopper for {d.code}", f"{d.code} hizo una sola parada", f"{d.code} fez uma só parada")])
    else:
        times = pen.t({2: "twice", 3: "three times", 4: "four times"}.get(k, f"{k} times") if not pen.words
                      else {2: "twice"}.get(k, f"{cardinal(k, 'en')} times"),
                      f"{cardinal(k, 'es', 'f') if (pen.words or k <= 4) else k} veces",
                      f"{cardinal(k, 'pt', 'f') if (pen.words or k <= 4) else k} vezes")
        s = pen.pick([pen.t(f"{d.code} stopped {times}", f"{d.code} paró {times}", f"{d.code} parou {times}"),
                      pen.t(f"{d.code} made {pen.n(k)} {pen.stop_noun(True)}", f"{d.code} hizo {pen.n(k)} {pen.stop_noun(True)}",
                            f"{d.code} fez {pen.n(k)} {pen.stop_noun(True)}")])
    if d.red_flag and d.n_stops_official is not None:
        s += pen.t(f" (official timing counts {d.n_stops_official}, including tyre changes under the red flag)",
                   f" (el cronometraje oficial cuenta {d.n_stops_official}, con los cambios bajo bandera roja)",
                   f" (a cronometragem oficial conta {d.n_stops_official}, incluindo as trocas sob bandeira vermelha)")
    seq = [pen.tyre(x.compound) for x in d.stints if x.known]
    if len(seq) == len(d.stints) and seq and pen.chance(0.7):
        s += pen.t(": " + ", then ".join(seq), ": " + ", luego ".join(seq), ": " + ", depois ".join(seq))
    return pen.hedge(_cap(s) + ".")


def redflag_sentence(pen: Pen, d: Driver, r: Any) -> str:
    chg = (pen.t(f"{pen.tyre(r.from_)} for {pen.tyre(r.to)}", f"{pen.tyre(r.from_)} por {pen.tyre(r.to)}",
                 f"{pen.tyre(r.from_)} por {pen.tyre(r.to)}") if "UNKNOWN" not in (r.from_, r.to)
           else pen.t("tyres", "neumáticos", "pneus"))
    return pen.hedge(_cap(pen.t(f"During the red-flag suspension on lap {r.lap}, {d.code} swapped {chg}; that is not a pit stop",
                                f"Durante la suspensión por bandera roja en la vuelta {r.lap}, {d.code} cambió {chg}; no cuenta como parada",
                                f"Durante a interrupção por bandeira vermelha na volta {r.lap}, {d.code} trocou {chg}; não conta como parada"))
                     + ".")


# --------------------------------------------------------------------------- battle facts


def _order(b: Battle) -> tuple[str, int, str, int]:
    return (b.attacker, b.a_lap, b.defender, b.d_lap) if b.a_lap <= b.d_lap else (b.defender, b.d_lap, b.attacker, b.a_lap)


def gap_sentence(view: InstanceView, pen: Pen, b: Battle, when: str) -> str:
    A, B = b.attacker, b.defender
    g = b.gap_before if when == "before" else b.gap_after
    lap = b.lap_before if when == "before" else b.lap_after
    pa, pb = (b.pos_before, b.d_pos_before) if when == "before" else (b.pos_after, b.d_pos_after)
    lead, trail = (B, A) if g > 0 else (A, B)
    plead, ptrail = (pb, pa) if g > 0 else (pa, pb)
    head = (pen.t(f"Going into the stops, on {pen.lap(lap)}", f"Antes de las paradas, {pen.on_lap(lap)}",
                  f"Antes das paradas, {pen.on_lap(lap)}") if when == "before" else
            pen.t(f"Once both had stopped, on {pen.lap(lap)}", f"Con las dos paradas hechas, {pen.on_lap(lap)}",
                  f"Com as duas paradas feitas, {pen.on_lap(lap)}"))
    if pen.family == "relative":
        first, f_lap, second, s_lap = _order(b)
        if when == "before" and lap == f_lap - 1:
            head = pen.t(f"The lap before {first}'s stop", f"En la vuelta anterior a la parada de {first}",
                         f"Na volta anterior à parada de {first}")
        elif when == "after" and lap == s_lap + 1:
            head = pen.t(f"The lap after {second}'s stop", f"En la vuelta siguiente a la parada de {second}",
                         f"Na volta seguinte à parada de {second}")
    gap = pen.sec(g)
    # (text, whether the leader is named first): "respectively" follows the order of mention.
    bodies = [
        (pen.t(f"{lead} led {trail} by {gap}", f"{lead} aventajaba a {trail} por {gap}", f"{lead} tinha {gap} de vantagem sobre {trail}"),
         True),
        (pen.t(f"{trail} was {gap} adrift of {lead}", f"{trail} rodaba a {gap} de {lead}", f"{trail} estava a {gap} de {lead}"), False),
    ]
    r = pen.reg()
    if r:  # regional ways of putting a gap
        bodies = [({"us": f"{lead} had a {gap} cushion over {trail}", "uk": f"{lead} was {gap} up on {trail}",
                    "es_es": f"{lead} le sacaba {gap} a {trail}",
                    "es_ar": f"la brecha entre {lead} y {trail} era de {gap}, con {lead} adelante",
                    "es_mx": f"el hueco entre {lead} y {trail} era de {gap}, con {lead} adelante",
                    "pt_br": f"a diferença de {trail} para {lead} era de {gap}, com {lead} à frente",
                    "pt_pt": f"{lead} levava {gap} de avanço sobre {trail}"}[r], r != "pt_br"),
                  bodies[0]]
    body, lead_first = bodies[pen.rng.randrange(len(bodies))]
    s = f"{head}, {body}"
    if None not in (plead, ptrail):
        if pen.family == "asides":
            s = f"{head}, " + pen.t(f"{lead} (P{plead} at the time) led {trail} (P{ptrail}) by {gap}",
                                    f"{lead} (P{plead} en ese momento) aventajaba a {trail} (P{ptrail}) por {gap}",
                                    f"{lead} (P{plead} naquele momento) tinha {gap} de vantagem sobre {trail} (P{ptrail})")
        else:
            p1, p2 = (plead, ptrail) if lead_first else (ptrail, plead)
            s += pen.t(f", running {pen.pos(p1)} and {pen.pos(p2)} respectively",
                       f", {pen.pos(p1)} y {pen.pos(p2)} respectivamente",
                       f", {pen.pos(p1)} e {pen.pos(p2)}, respectivamente")
    return pen.hedge(_cap(s) + ".")


def gain_sentence(view: InstanceView, pen: Pen, b: Battle) -> str:
    A, B, g = b.attacker, b.defender, b.gained
    if g < 0:
        s = pen.pick([pen.t(f"Net effect: {A} lost {pen.sec(g)} relative to {B}", f"Balance: {A} perdió {pen.sec(g)} respecto a {B}",
                            f"Saldo: {A} perdeu {pen.sec(g)} em relação a {B}"),
                      pen.t(f"The stop cycle cost {A} {pen.sec(g)} against {B}", f"El ciclo de paradas le costó a {A} {pen.sec(g)} frente a {B}",
                            f"O ciclo de paradas custou a {A} {pen.sec(g)} para {B}")])
        return pen.hedge(s + ".")
    opts = [pen.t(f"Net effect: {A} gained {pen.sec(g)} relative to {B}", f"Balance: {A} ganó {pen.sec(g)} respecto a {B}",
                  f"Saldo: {A} ganhou {pen.sec(g)} em relação a {B}"),
            pen.t(f"That is {pen.sec(g)} in {A}'s {pen.favour()}", f"Son {pen.sec(g)} a favor de {A}", f"São {pen.sec(g)} a favor de {A}")]
    if b.gap_before > 0:
        opts.append(pen.t(f"{A} clawed back {pen.sec(g)} on {B}", f"{A} le recortó {pen.sec(g)} a {B}", f"{A} tirou {pen.sec(g)} de {B}"))
    else:
        opts.append(pen.t(f"{A} pulled a further {pen.sec(g)} clear of {B}", f"{A} le sacó {pen.sec(g)} más a {B}",
                          f"{A} abriu mais {pen.sec(g)} sobre {B}"))
    return pen.hedge(_cap(pen.pick(opts)) + ".")


def outcome_sentence(pen: Pen, b: Battle) -> str:
    A, B, k = b.attacker, b.defender, b.kind
    if b.success:
        s = pen.pick([pen.t(f"Verdict: it worked — {A} came out in front of {B}", f"Conclusión: funcionó; {A} quedó delante de {B}",
                            f"Veredito: deu certo — {A} ficou na frente de {B}"),
                      pen.t(f"So yes, the {k} paid off: {A} emerged ahead of {B}", f"El {k} salió bien: {A} se puso por delante de {B}",
                            f"O {k} valeu a pena: {A} saiu à frente de {B}")])
    else:
        s = pen.pick([pen.t(f"Verdict: it did not work; {A} was still behind {B} after the stops",
                            f"Conclusión: no funcionó; {A} seguía detrás de {B} tras las paradas",
                            f"Veredito: não deu certo; {A} continuava atrás de {B} depois das paradas"),
                      pen.t(f"The {k} came up short: {B} stayed in front of {A}", f"El {k} se quedó corto: {B} siguió delante de {A}",
                            f"O {k} não bastou: {B} continuou à frente de {A}")])
    return pen.hedge(s + ".")


def battle_stop_sentences(view: InstanceView, pen: Pen, b: Battle) -> list[Callable[[], str]]:
    """The two stops (and, in ``relative``, how far apart they were), one thunk per sentence."""
    first, f_lap, second, s_lap = _order(b)
    out: list[Callable[[], str]] = []
    for code, lap in ((first, f_lap), (second, s_lap)):
        d = _other(view, code)
        p = d.stop_on(lap) if d else None
        if d is None or p is None:
            out.append(lambda code=code, lap=lap: pen.hedge(_cap(f"{code} {pen.pit()} {pen.on_lap(lap)}") + "."))
        else:
            out.append(lambda d=d, p=p: stop_sentence(view, pen, d, p))
    if pen.family == "relative" and s_lap > f_lap:
        k = s_lap - f_lap

        def rel() -> str:
            r = pen.pick([
                pen.t(f"{second} came in {pen.laps_n(k)} after {first}", f"{second} entró {pen.laps_n(k)} después que {first}",
                      f"{second} entrou {pen.laps_n(k)} depois de {first}"),
                pen.t(f"{first} stopped {pen.laps_n(k)} earlier than {second}", f"{first} paró {pen.laps_n(k)} antes que {second}",
                      f"{first} parou {pen.laps_n(k)} antes de {second}"),
            ])
            if k == 1 and pen.chance(0.5):
                r = pen.t(f"{second} followed on the very next lap", f"{second} entró justo en la vuelta siguiente",
                          f"{second} entrou logo na volta seguinte")
            return pen.hedge(_cap(r) + ".")
        out.append(rel)
    return out


def _pair(view: InstanceView, a: str, b: str) -> list[Driver]:
    return [d for d in (_other(view, a), _other(view, b)) if d is not None]


def results_pair(view: InstanceView, pen: Pen, a: str, b: str) -> list[str]:
    out = []
    for code in (a, b):
        d = _other(view, code)
        if d is not None:
            out.append(result_sentence(view, pen, d))
    return out


def battle_intro(pen: Pen, b: Battle) -> str:
    A, B, k = b.attacker, b.defender, b.kind
    return pen.pick([pen.t(f"{A} tried an {k} on {B}.", f"{A} intentó un {k} contra {B}.", f"{A} tentou um {k} contra {B}."),
                     pen.t(f"This was an {k} attempt by {A} against {B}.", f"Se trata de un {k} de {A} sobre {B}.",
                           f"Foi um {k} de {A} sobre {B}.")])


# --------------------------------------------------------------------------- defense facts


def defense_sentences(view: InstanceView, pen: Pen, x: Defense) -> list[Callable[[], str]]:
    """The defense's sentences, one thunk each (so ``mixed_lang`` can switch language per sentence)."""
    D, P = x.defender, x.pursuer
    L = view.race_laps
    out: list[Callable[[], str]] = []

    def run_() -> str:
        run = pen.pick([
            pen.t(f"{D} kept {P} behind {pen.between(x.start, x.end)}, {pen.laps_n(x.laps)} in all",
                  f"{D} contuvo a {P} {pen.between(x.start, x.end)}: {pen.laps_n(x.laps)} en total",
                  f"{D} segurou {P} {pen.between(x.start, x.end)}, {pen.laps_n(x.laps)} no total"),
            pen.t(f"For {pen.laps_n(x.laps)} ({pen.between(x.start, x.end)}) {P} sat within 1.5 s of {D} without getting by",
                  f"Durante {pen.laps_n(x.laps)} ({pen.between(x.start, x.end)}) {P} rodó a menos de 1,5 s de {D} sin poder pasar",
                  f"Por {pen.laps_n(x.laps)} ({pen.between(x.start, x.end)}) {P} andou a menos de 1,5 s de {D} sem conseguir passar"),
        ])
        if pen.family == "countdown" and L:
            run += pen.t(f" (laps {x.start}–{x.end} of {L})", f" (vueltas {x.start}–{x.end} de {L})", f" (voltas {x.start}–{x.end} de {L})")
        if pen.family == "fractions" and L:
            run += pen.t(f", {_pct_text(pen, x.laps, L)} of the {L}-lap race", f", {_pct_text(pen, x.laps, L)} de las {L} vueltas",
                         f", {_pct_text(pen, x.laps, L)} das {L} voltas")
        return pen.hedge(_cap(run) + ".")
    out.append(run_)

    if x.mean_gap is not None:
        mg = x.mean_gap
        out.append(lambda: pen.hedge(pen.t(f"The average gap over that spell was {pen.sec(mg)}",
                                           f"La distancia media en ese tramo fue de {pen.sec(mg)}",
                                           f"A distância média nesse trecho foi de {pen.sec(mg)}") + "."))
    if x.pace_delta is not None and x.pursuer_pace is not None and x.defender_pace is not None:
        dl, pp, dp = x.pace_delta, x.pursuer_pace, x.defender_pace

        def pace_() -> str:
            if pen.family == "asides":
                s = pen.t(f"{P} — {pen.rate(dl, signed=False)} quicker on median green-flag pace — was the faster car",
                          f"{P} —{pen.rate(dl, signed=False)} más rápido en ritmo mediano con bandera verde— tenía mejor coche",
                          f"{P} — {pen.rate(dl, signed=False)} mais rápido no ritmo mediano com bandeira verde — tinha o carro mais rápido")
            else:
                s = pen.t(f"On median green-flag pace {P} was the quicker car, {pen.pace(pp)} to {pen.pace(dp)}, "
                          f"a {pen.rate(dl, signed=False)} advantage",
                          f"En ritmo mediano con bandera verde, {P} era más rápido: {pen.pace(pp)} contra "
                          f"{pen.pace(dp)}, {pen.rate(dl, signed=False)} de ventaja",
                          f"No ritmo mediano com bandeira verde, {P} era mais rápido: {pen.pace(pp)} contra "
                          f"{pen.pace(dp)}, vantagem de {pen.rate(dl, signed=False)}")
            return pen.hedge(s + ".")
        out.append(pace_)
    if x.passed and x.pass_lap is not None:
        pl = x.pass_lap

        def pass_() -> str:
            s = pen.pick([pen.t(f"{P} finally found a way past {pen.on_lap(pl)}", f"{P} por fin pasó a {D} {pen.on_lap(pl)}",
                                f"{P} finalmente passou {D} {pen.on_lap(pl)}"),
                          pen.t(f"The pass came {pen.on_lap(pl)}: {P} got ahead of {D}",
                                f"El adelantamiento llegó {pen.on_lap(pl)}: {P} se puso delante de {D}",
                                f"A ultrapassagem veio {pen.on_lap(pl)}: {P} ficou à frente de {D}")])
            if pen.family == "relative" and pl == x.end + 1:
                s += pen.t(", the lap after the run ended", ", la vuelta siguiente al final del tramo", ", a volta seguinte ao fim do trecho")
                if pl > x.start and pen.chance(0.6):
                    k = pl - x.start
                    s += pen.t(f" and {pen.laps_n(k)} after the run began",
                               f" y {pen.laps_n(k)} después del inicio del tramo",
                               f" e {pen.laps_n(k)} depois do início do trecho")
            if pen.family == "countdown" and L and pl < L:
                s += pen.t(f", with {L - pl} laps left", f", cuando quedaban {L - pl} vueltas", f", quando faltavam {L - pl} voltas")
            return pen.hedge(_cap(s) + ".")
        out.append(pass_)
    else:
        out.append(lambda: pen.hedge(pen.t(f"{D} never yielded: {P} did not get past during the run.",
                                           f"{D} no cedió: {P} no pudo pasar en ese tramo.",
                                           f"{D} não cedeu: {P} não conseguiu passar nesse trecho.")))
    if x.protected and x.teammate:
        tm = x.teammate
        out.append(lambda: pen.hedge(pen.t(f"That {pen.defence()} shielded {D}'s teammate {tm}, who stayed ahead of {P} the whole time.",
                                           f"Esa defensa cubrió a su compañero {tm}, que estuvo por delante de {P} todo el rato.",
                                           f"Essa defesa protegeu o companheiro {tm}, que ficou à frente de {P} o tempo todo.")))
    else:
        out.append(lambda: pen.hedge(pen.t(f"{D} was not shielding a teammate.", f"{D} no estaba cubriendo a ningún compañero.",
                                           f"{D} não estava protegendo nenhum companheiro de {pen.team_word()}.")))
    return out


# --------------------------------------------------------------------------- summary facts


def winner_sentence(view: InstanceView, pen: Pen) -> str:
    w = view.podium[0]
    team = w.team
    if team:
        s = pen.pick([pen.t(f"Victory in the {view.season} {view.event} went to {w.driver} ({team})",
                            f"La victoria en el {view.event} {view.season} fue para {w.driver} ({team})",
                            f"A vitória no {view.event} {view.season} ficou com {w.driver} ({team})"),
                      pen.t(f"{w.driver} won the {view.event} {view.season} for {team}",
                            f"{w.driver} se llevó el {view.event} {view.season} con {team}",
                            f"{w.driver} levou o {view.event} {view.season} pela {team}")])
    else:
        s = pen.t(f"{w.driver} won the {view.event} {view.season}", f"{w.driver} ganó el {view.event} {view.season}",
                  f"{w.driver} venceu o {view.event} {view.season}")
    if pen.family == "countdown" and view.race_laps:
        s += pen.t(f" after {view.race_laps} laps", f" tras {view.race_laps} vueltas", f" depois de {view.race_laps} voltas")
    return pen.hedge(s + ".")


def podium_sentence(view: InstanceView, pen: Pen) -> str | None:
    rest = list(view.podium[1:])
    if not rest:
        return None
    parts = [f"{p.driver} {pen.pos(p.position)}" for p in rest]
    s = pen.t("Behind the winner: " + ", ".join(parts), "Detrás del ganador: " + ", ".join(parts),
              "Atrás do vencedor: " + ", ".join(parts))
    return pen.hedge(s + ".")


def summary_battle_sentence(view: InstanceView, pen: Pen, b: Battle) -> str:
    A, B, k = b.attacker, b.defender, b.kind
    g = b.gained
    if pen.family == "relative" and b.a_lap != b.d_lap:
        n = abs(b.a_lap - b.d_lap)
        when = (pen.t(f"stopping {pen.laps_n(n)} before {B} (lap {b.a_lap} vs {b.d_lap})",
                      f"parando {pen.laps_n(n)} antes que {B} (vuelta {b.a_lap} frente a {b.d_lap})",
                      f"parando {pen.laps_n(n)} antes de {B} (volta {b.a_lap} contra {b.d_lap})") if b.a_lap < b.d_lap else
                pen.t(f"staying out {pen.laps_n(n)} longer than {B} (lap {b.a_lap} vs {b.d_lap})",
                      f"aguantando {pen.laps_n(n)} más que {B} (vuelta {b.a_lap} frente a {b.d_lap})",
                      f"ficando {pen.laps_n(n)} a mais na pista que {B} (volta {b.a_lap} contra {b.d_lap})"))
    else:
        when = pen.t(f"stopping {pen.on_lap(b.a_lap)} against {B}'s {pen.lap(b.d_lap)}",
                     f"parando {pen.on_lap(b.a_lap)} frente a {pen.lap(b.d_lap)} de {B}",
                     f"parando {pen.on_lap(b.a_lap)} contra {pen.lap(b.d_lap)} de {B}")
    gain = (pen.t(f"gained {pen.sec(g)}", f"ganó {pen.sec(g)}", f"ganhou {pen.sec(g)}") if g >= 0 else
            pen.t(f"lost {pen.sec(g)}", f"perdió {pen.sec(g)}", f"perdeu {pen.sec(g)}"))
    end = (pen.t(f"and came out ahead of {B}", f"y salió por delante de {B}", f"e saiu à frente de {B}") if b.success else
           pen.t(f"but was still behind {B} afterwards", f"pero seguía detrás de {B} después", f"mas continuava atrás de {B} depois"))
    s = pen.t(f"{A} went for the {k} on {B}, {when}; he {gain} {end}",
              f"{A} buscó el {k} sobre {B}, {when}; {gain} {end}",
              f"{A} buscou o {k} sobre {B}, {when}; {gain} {end}")
    return pen.hedge(s + ".")


def summary_defense_sentence(view: InstanceView, pen: Pen, x: Defense) -> str:
    D, P = x.defender, x.pursuer
    s = pen.t(f"{D} held off {P} for {pen.laps_n(x.laps)}, {pen.between(x.start, x.end)}",
              f"{D} aguantó a {P} durante {pen.laps_n(x.laps)}, {pen.between(x.start, x.end)}",
              f"{D} segurou {P} por {pen.laps_n(x.laps)}, {pen.between(x.start, x.end)}")
    L = view.race_laps
    if pen.family == "countdown" and L and x.end == L and x.laps == L - x.start + 1:
        s += pen.t(f": the last {x.laps} of the {L} laps", f": las últimas {x.laps} de las {L} vueltas",
                   f": as últimas {x.laps} das {L} voltas")
    if pen.family == "fractions" and L:
        s += f" ({_pct_text(pen, x.laps, L)})"
        fw = _fraction_words(pen, x.laps, L)
        if fw and pen.chance(0.5):
            s += pen.t(f", {fw}", f", {fw}", f", {fw}")
    if pen.family == "asides" and pen.chance(0.5):
        s = pen.t(f"{D} (the defender here) held off {P} for {pen.laps_n(x.laps)} — {pen.between(x.start, x.end)} —",
                  f"{D} (el que defendía) aguantó a {P} durante {pen.laps_n(x.laps)} —{pen.between(x.start, x.end)}—",
                  f"{D} (quem defendia) segurou {P} por {pen.laps_n(x.laps)} — {pen.between(x.start, x.end)} —").rstrip(" —")
    return pen.hedge(_cap(s) + ".")


# --------------------------------------------------------------------------- modifier families: prose/bullets


def _with_lang(pen: Pen, fn, *args):
    """Call ``fn`` with the pen switched to another language (``mixed_lang``) now and then: the
    first sentence in the answer's language, the second in another, then either at random."""
    if pen.family != "mixed_lang":
        return fn(*args)
    i = pen.n_sentences
    pen.n_sentences += 1
    if i == 0 or (i > 1 and not pen.chance(0.5)):
        return fn(*args)
    other = pen.pick(("es", "pt") if pen.lang == "en" else ("en",) if pen.lang == "es" else ("en", "en", "es"))
    pen.cur = other
    try:
        return fn(*args)
    finally:
        pen.cur = pen.lang


def sentences(view: InstanceView, pen: Pen) -> list[str]:
    """The answer's sentences in order, for the modifier families."""
    W = lambda fn, *a: _with_lang(pen, fn, *a)  # noqa: E731
    out: list[str] = []
    if view.kind == "stint":
        d = view.focus
        assert d is not None
        k = len(d.stints)
        out.append(W(nstops_sentence, view, pen, d))
        for s in d.stints:
            out.append(W(stint_sentence, view, pen, d, s, k))
            p = d.stop_on(s.end)
            if p is not None and s.end != (view.race_laps or -1):
                out.append(W(stop_sentence, view, pen, d, p))
        for p in d.stops:  # stops not at a stint's end (none in the data, but never drop one)
            if d.stint_ending(p.lap) is None or p.lap == view.race_laps:
                out.append(W(stop_sentence, view, pen, d, p))
        if pen.family == "relative" and len(d.stops) >= 2:
            for a, b in zip(d.stops, d.stops[1:]):
                if b.lap > a.lap:
                    out.append(W(lambda a=a, b=b: pen.hedge(pen.t(
                        f"The stop on lap {b.lap} came {pen.laps_n(b.lap - a.lap)} after the one on lap {a.lap}.",
                        f"La parada de la vuelta {b.lap} llegó {pen.laps_n(b.lap - a.lap)} después de la de la vuelta {a.lap}.",
                        f"A parada da volta {b.lap} veio {pen.laps_n(b.lap - a.lap)} depois da parada da volta {a.lap}."))))
        for r in d.red_flag:
            out.append(W(redflag_sentence, pen, d, r))
        out.append(W(result_sentence, view, pen, d))
    elif view.kind in ("undercut", "overcut"):
        b = view.battle
        assert b is not None
        out.append(W(battle_intro, pen, b))
        out += [W(th) for th in battle_stop_sentences(view, pen, b)]
        out.append(W(gap_sentence, view, pen, b, "before"))
        out.append(W(gap_sentence, view, pen, b, "after"))
        out.append(W(gain_sentence, view, pen, b))
        out.append(W(outcome_sentence, pen, b))
        out += [W(result_sentence, view, pen, d) for d in _pair(view, b.attacker, b.defender)]
    elif view.kind == "defense":
        x = view.defense
        assert x is not None
        out += [W(th) for th in defense_sentences(view, pen, x)]
        out += [W(result_sentence, view, pen, d) for d in _pair(view, x.defender, x.pursuer)]
    else:
        out.append(W(winner_sentence, view, pen))
        pod = W(podium_sentence, view, pen)
        if pod:
            out.append(pod)
        for b in view.battles:
            out.append(W(summary_battle_sentence, view, pen, b))
        for x in view.defenses:
            out.append(W(summary_defense_sentence, view, pen, x))
    return out


def _modifier(view: InstanceView, pen: Pen) -> str:
    ss = sentences(view, pen)
    if pen.chance(0.55):
        cut = sorted(pen.rng.sample(range(1, len(ss)), min(2, len(ss) - 1))) if len(ss) > 2 else []
        paras, last = [], 0
        for c in cut + [len(ss)]:
            paras.append(" ".join(ss[last:c]))
            last = c
        return "\n\n".join(p for p in paras if p)
    head, rest = ss[0], ss[1:]
    return head + "\n\n" + "\n".join(pen.bullet + s for s in rest)


# --------------------------------------------------------------------------- story


def _story(view: InstanceView, pen: Pen) -> str:
    he = pen.t("he", "él", "ele")
    if view.kind == "stint":
        d = view.focus
        assert d is not None
        parts = []
        first = d.stints[0]
        if first.known:
            parts.append(pen.t(f"{d.code} set off on {pen.the_tyres(first.compound)}.", f"{d.code} arrancó con {pen.the_tyres(first.compound)}.",
                               f"{d.code} largou com {pen.the_tyres(first.compound)}."))
        for s in d.stints:
            p = d.stop_on(s.end)
            nxt = d.stint_starting(s.end + 1)
            if p is not None:
                conn = pen.pick([pen.t(f"It was not until lap {p.lap} that {he} came in", f"No fue hasta la vuelta {p.lap} cuando entró",
                                       f"Só na volta {p.lap} {he} entrou"),
                                 pen.t(f"After {pen.laps_n(s.n_laps)} on that set, {he} {pen.pit()} {pen.on_lap(p.lap)}",
                                       f"Después de {pen.laps_n(s.n_laps)} con ese juego, {pen.pit()} {pen.on_lap(p.lap)}",
                                       f"Depois de {pen.laps_n(s.n_laps)} com esse jogo, {he} {pen.pit()} {pen.on_lap(p.lap)}")])
                conn += pen.cond(p)
                if p.known:
                    conn += pen.t(f" and swapped {pen.the_tyres(p.from_)} for {pen.tyres(p.to)}",
                                  f" y cambió {pen.the_tyres(p.from_)} por {pen.tyres(p.to)}",
                                  f" e trocou {pen.the_tyres(p.from_)} por {pen.tyres(p.to)}")
                parts.append(conn + ".")
            if nxt is not None and p is None:
                parts.append(pen.t(f"Stint {nxt.n} then ran {pen.between(nxt.start, nxt.end)}.",
                                   f"Después, el stint {nxt.n} fue {pen.between(nxt.start, nxt.end)}.",
                                   f"Depois, o stint {nxt.n} foi {pen.between(nxt.start, nxt.end)}."))
            elif nxt is not None:
                if nxt.end == view.race_laps and d.position is not None:
                    parts.append(pen.t(f"From there it was {pen.laps_n(nxt.n_laps)} to the flag.",
                                       f"A partir de ahí fueron {pen.laps_n(nxt.n_laps)} hasta la bandera.",
                                       f"A partir daí foram {pen.laps_n(nxt.n_laps)} até a bandeirada."))
                else:
                    parts.append(pen.t(f"That stint ran {pen.between(nxt.start, nxt.end)}.",
                                       f"Ese stint fue {pen.between(nxt.start, nxt.end)}.",
                                       f"Esse stint foi {pen.between(nxt.start, nxt.end)}."))
                if nxt.avg is not None and pen.chance(0.4):
                    parts.append(pen.t(f"The average there was {pen.pace(nxt.avg)}.", f"Allí el promedio fue de {pen.pace(nxt.avg)}.",
                                       f"Ali a média foi de {pen.pace(nxt.avg)}."))
        for r in d.red_flag:
            parts.append(redflag_sentence(pen, d, r))
        if d.position is not None:
            end = pen.t(f"When the chequered flag fell, {d.code} was {pen.pos(d.position)}.",
                        f"Al caer la bandera a cuadros, {d.code} era {pen.pos(d.position)}.",
                        f"Quando a bandeirada foi dada, {d.code} estava {pen.pos_at(d.position)}.")
        else:
            end = result_sentence(view, pen, d)
        parts.append(end)
        opener = pen.pick([pen.t(f"Here is how {d.code}'s race unfolded.", f"Así se desarrolló la carrera de {d.code}.",
                                 f"Foi assim que a corrida de {d.code} se desenrolou."),
                           pen.t(f"{d.code}'s {view.event}, from start to finish.", f"El {view.event} de {d.code}, de principio a fin.",
                                 f"O {view.event} de {d.code}, do início ao fim.")])
        return opener + " " + " ".join(parts)
    if view.kind in ("undercut", "overcut"):
        b = view.battle
        assert b is not None
        A, B = b.attacker, b.defender
        first, f_lap, second, s_lap = _order(b)
        lead, trail = (B, A) if b.gap_before > 0 else (A, B)
        p1 = [pen.t(f"Coming up to the stops, {lead} was {pen.sec(b.gap_before)} up the road from {trail} on lap {b.lap_before}.",
                    f"Al acercarse las paradas, {lead} iba {pen.sec(b.gap_before)} por delante de {trail} en la vuelta {b.lap_before}.",
                    f"Perto das paradas, {lead} estava {pen.sec(b.gap_before)} à frente de {trail} na volta {b.lap_before}.")]
        d1, d2 = _other(view, first), _other(view, second)
        p_1 = d1.stop_on(f_lap) if d1 else None
        p_2 = d2.stop_on(s_lap) if d2 else None
        blink = pen.t(f"{first} blinked first: {he} {pen.pit()} {pen.on_lap(f_lap)}",
                      f"{first} movió ficha primero: {pen.pit()} {pen.on_lap(f_lap)}",
                      f"{first} se mexeu primeiro: {pen.pit()} {pen.on_lap(f_lap)}")
        if p_1 is not None:
            blink += pen.cond(p_1) + (pen.t(f" and took {pen.tyres(p_1.to)}", f" y se llevó {pen.tyres(p_1.to)}",
                                            f" e colocou {pen.tyres(p_1.to)}") if p_1.known else "")
        p1.append(blink + ".")
        ans = pen.t(f"{second} answered on lap {s_lap}", f"{second} respondió en la vuelta {s_lap}", f"{second} respondeu na volta {s_lap}")
        if p_2 is not None:
            ans += pen.cond(p_2) + (pen.t(f", going {pen.tyre(p_2.from_)} to {pen.tyre(p_2.to)}",
                                          f", de {pen.tyre(p_2.from_)} a {pen.tyre(p_2.to)}",
                                          f", de {pen.tyre(p_2.from_)} para {pen.tyre(p_2.to)}") if p_2.known else "")
        p1.append(ans + ".")
        lead2 = B if b.gap_after > 0 else A
        trail2 = A if lead2 == B else B
        p2 = [pen.t(f"By lap {b.lap_after} the order read {lead2} then {trail2}, {pen.sec(b.gap_after)} apart.",
                    f"En la vuelta {b.lap_after} el orden era {lead2} y luego {trail2}, separados por {pen.sec(b.gap_after)}.",
                    f"Na volta {b.lap_after} a ordem era {lead2} e depois {trail2}, separados por {pen.sec(b.gap_after)}.")]
        if None not in (b.pos_before, b.pos_after):
            p2.append(pen.t(f"{A} had gone from {pen.pos(b.pos_before)} to {pen.pos(b.pos_after)} on the road in the meantime.",
                            f"Mientras tanto, {A} había pasado de {pen.pos(b.pos_before)} a {pen.pos(b.pos_after)} en pista.",
                            f"Enquanto isso, {A} tinha ido de {pen.pos(b.pos_before)} para {pen.pos(b.pos_after)} na pista."))
        p2.append(gain_sentence(view, pen, b))
        p2.append(outcome_sentence(pen, b))
        p3 = results_pair(view, pen, A, B)
        return "\n\n".join([" ".join(p1), " ".join(p2), " ".join(p3)])
    if view.kind == "defense":
        x = view.defense
        assert x is not None
        D, P = x.defender, x.pursuer
        p1 = [pen.t(f"From lap {x.start}, {P} was within 1.5 s of {D}, and that is where {he} stayed until lap {x.end}.",
                    f"Desde la vuelta {x.start}, {P} estaba a menos de 1,5 s de {D}, y ahí se quedó hasta la vuelta {x.end}.",
                    f"A partir da volta {x.start}, {P} estava a menos de 1,5 s de {D}, e ali ficou até a volta {x.end}.")]
        p1.append(pen.t(f"That is {pen.laps_n(x.laps)} with {D} defending.", f"Son {pen.laps_n(x.laps)} con {D} defendiéndose.",
                        f"São {pen.laps_n(x.laps)} com {D} se defendendo."))
        if x.mean_gap is not None:
            p1.append(pen.t(f"On average the gap was just {pen.sec(x.mean_gap)}.", f"De media, la distancia fue de apenas {pen.sec(x.mean_gap)}.",
                            f"Em média, a distância foi de apenas {pen.sec(x.mean_gap)}."))
        p2 = []
        if x.pace_delta is not None and x.pursuer_pace is not None and x.defender_pace is not None:
            p2.append(pen.t(f"{P} had the pace — {pen.pace(x.pursuer_pace)} against {pen.pace(x.defender_pace)} on median green-flag laps, "
                            f"{pen.rate(x.pace_delta, signed=False)} better.",
                            f"{P} tenía el ritmo: {pen.pace(x.pursuer_pace)} contra {pen.pace(x.defender_pace)} en vueltas medianas con "
                            f"bandera verde, {pen.rate(x.pace_delta, signed=False)} mejor.",
                            f"{P} tinha o ritmo: {pen.pace(x.pursuer_pace)} contra {pen.pace(x.defender_pace)} nas voltas medianas com "
                            f"bandeira verde, {pen.rate(x.pace_delta, signed=False)} melhor."))
        if x.passed and x.pass_lap is not None:
            p2.append(pen.t(f"Eventually, on lap {x.pass_lap}, {he} made it past.", f"Al final, en la vuelta {x.pass_lap}, lo pasó.",
                            f"No fim, na volta {x.pass_lap}, {he} passou."))
        else:
            p2.append(pen.t(f"But {D} never let {P} through during the run.", f"Pero {D} nunca dejó pasar a {P} en ese tramo.",
                            f"Mas {D} nunca deixou {P} passar nesse trecho."))
        if x.protected and x.teammate:
            p2.append(pen.t(f"Up the road, {D}'s teammate {x.teammate} stayed ahead of {P} all along.",
                            f"Más adelante, su compañero {x.teammate} se mantuvo por delante de {P} todo el tiempo.",
                            f"Mais à frente, o companheiro {x.teammate} ficou à frente de {P} o tempo todo."))
        p3 = results_pair(view, pen, D, P)
        return "\n\n".join(" ".join(p) for p in (p1, p2, p3) if p)
    # summary
    w = view.podium[0]
    p1 = [pen.t(f"The {view.season} {view.event} belonged to {w.driver}" + (f" and {w.team}" if w.team else "") + ".",
                f"El {view.event} {view.season} fue de {w.driver}" + (f" y {w.team}" if w.team else "") + ".",
                f"O {view.event} {view.season} foi de {w.driver}" + (f" e da {w.team}" if w.team else "") + ".")]
    rest = list(view.podium[1:])
    if rest:
        names = [f"{p.driver} ({pen.pos(p.position)})" for p in rest]
        p1.append(pen.t("Joining him on the podium: " + " and ".join(names) + ".",
                        "Le acompañaron en el podio " + " y ".join(names) + ".",
                        "Com ele no pódio: " + " e ".join(names) + "."))
    p2 = []
    for i, b in enumerate(view.battles):
        conn = pen.t(("Strategy shaped the race. " if i == 0 else "Elsewhere, "), ("La estrategia marcó la carrera. " if i == 0 else "Además, "),
                     ("A estratégia marcou a corrida. " if i == 0 else "Além disso, "))
        p2.append(conn + summary_battle_sentence(view, pen, b))
    p3 = []
    for i, x in enumerate(view.defenses):
        conn = pen.t(("On track, " if i == 0 else "Meanwhile, "), ("En pista, " if i == 0 else "Mientras tanto, "),
                     ("Na pista, " if i == 0 else "Enquanto isso, "))
        p3.append(conn + _low(summary_defense_sentence(view, pen, x)))
    return "\n\n".join(" ".join(p) for p in (p1, p2, p3) if p)


# --------------------------------------------------------------------------- telegraph


def _tg_tyre(pen: Pen, c: str) -> str:
    return _ABBR.get(c, c) if pen.tmode == "upper" or pen.chance(0.5) else c


def _telegraph(view: InstanceView, pen: Pen) -> str:
    Lw = pen.t("L", "V", "V")
    arrow = pen.pick(("→", "->", ">"))
    sep = pen.pick(("\n", ". ", "\n"))
    box = pen.pick(("box", "BOX", "pit", "in"))
    s_ = pen.pick(("s", "s", " s"))

    def sx(x: float) -> str:
        return pen.num(abs(x), pen.digits if pen.digits > 1 else 2) + s_

    def L_(k: int) -> str:
        return f"{Lw}{k}"

    def rng(a: int, b: int) -> str:
        return f"{Lw}{a}" if a == b else f"{Lw}{a}–{b}"

    def fin(d: Driver | None, code: str) -> str | None:
        if d is None:
            return None
        if d.position is not None:
            return f"{code} P{d.position}"
        return f"{code} DNF ({d.status})" if d.status else f"{code} NC"

    lines: list[str] = []
    legend = False
    if view.kind == "stint":
        d = view.focus
        assert d is not None
        n = d.n_stops or 0
        lines.append(f"{d.code} — {n} {pen.stop_noun(n != 1)}" + (f" ({d.team})" if d.team else ""))
        for s in d.stints:
            c = _tg_tyre(pen, s.compound) if s.known else "?"
            legend |= c != s.compound and s.known
            extra = f" ({s.n_laps} {pen.t('laps', 'v.', 'v.')}" + (f", avg {pen.pace(s.avg)}" if s.avg is not None else "") + ")"
            lines.append(f"{rng(s.start, s.end)} {c}{extra}")
            p = d.stop_on(s.end)
            if p is not None:
                flag = " SC" if p.under_sc else " VSC" if p.under_vsc else ""
                ch = f" {_tg_tyre(pen, p.from_)}{arrow}{_tg_tyre(pen, p.to)}" if p.known else ""
                lines.append(f"{L_(p.lap)} {box}{ch}{flag}")
        for r in d.red_flag:
            lines.append(f"{L_(r.lap)} " + pen.t("red flag, tyres changed (not a stop)", "bandera roja, cambio de neumáticos (no es parada)",
                                                  "bandeira vermelha, troca de pneus (não é parada)"))
        f = fin(d, d.code)
        if f:
            lines.append(pen.t("FLAG: ", "META: ", "FINAL: ") + f.split(" ", 1)[1])
    elif view.kind in ("undercut", "overcut"):
        b = view.battle
        assert b is not None
        A, B = b.attacker, b.defender
        lines.append(f"{b.kind.upper()} {A}{arrow}{B}")

        def gapline(lap: int, g: float, pa: int | None, pb: int | None) -> str:
            lead = B if g > 0 else A
            pos = f", {A} P{pa} / {B} P{pb}" if None not in (pa, pb) else ""
            return f"{L_(lap)}: " + pen.t(f"gap {sx(g)}, {lead} ahead", f"gap {sx(g)}, {lead} delante", f"gap {sx(g)}, {lead} à frente") + pos

        events = [(b.lap_before, gapline(b.lap_before, b.gap_before, b.pos_before, b.d_pos_before))]
        for code, lap in ((A, b.a_lap), (B, b.d_lap)):
            d = _other(view, code)
            p = d.stop_on(lap) if d else None
            ch = ""
            if p is not None and p.known:
                ch = f" {_tg_tyre(pen, p.from_)}{arrow}{_tg_tyre(pen, p.to)}"
                legend |= _tg_tyre(pen, p.from_) != p.from_ or _tg_tyre(pen, p.to) != p.to
            flag = (" SC" if p.under_sc else " VSC" if p.under_vsc else "") if p else ""
            events.append((lap, f"{L_(lap)}: {code} {box}{ch}{flag}"))
        events.append((b.lap_after, gapline(b.lap_after, b.gap_after, b.pos_after, b.d_pos_after)))
        lines += [e for _, e in sorted(events, key=lambda e: e[0])]
        g = b.gained
        lines.append(pen.t("NET: ", "NETO: ", "SALDO: ") + (f"{A} +{sx(g)}" if g >= 0 else f"{A} -{sx(g)}"))
        lines.append(pen.t("RESULT: ", "RESULTADO: ", "RESULTADO: ") + (
            pen.t("worked ✔", "funcionó ✔", "funcionou ✔") if b.success else pen.t("did not work ✘", "no funcionó ✘", "não funcionou ✘")))
        fs = [f for f in (fin(_other(view, A), A), fin(_other(view, B), B)) if f]
        if fs:
            lines.append(pen.t("FINAL: ", "FINAL: ", "FINAL: ") + " / ".join(fs))
    elif view.kind == "defense":
        x = view.defense
        assert x is not None
        D, P = x.defender, x.pursuer
        lines.append(f"DEF {D} vs {P}")
        lines.append(f"{rng(x.start, x.end)}: " + pen.t(f"{P} <1.5s behind {D} ({x.laps} laps)", f"{P} a <1,5s de {D} ({x.laps} v.)",
                                                         f"{P} a <1,5s de {D} ({x.laps} v.)"))
        if x.mean_gap is not None:
            lines.append(pen.t("mean gap ", "gap medio ", "gap médio ") + sx(x.mean_gap))
        if x.pace_delta is not None and x.pursuer_pace is not None and x.defender_pace is not None:
            lines.append(pen.t("pace ", "ritmo ", "ritmo ") + f"{P} {pen.pace(x.pursuer_pace)} / {D} {pen.pace(x.defender_pace)} "
                         + pen.t(f"({P} quicker by {pen.rate(x.pace_delta, signed=False)})",
                                 f"({P} más rápido por {pen.rate(x.pace_delta, signed=False)})",
                                 f"({P} mais rápido por {pen.rate(x.pace_delta, signed=False)})"))
        if x.passed and x.pass_lap is not None:
            lines.append(f"{L_(x.pass_lap)}: " + pen.t(f"{P} passes {D}", f"{P} pasa a {D}", f"{P} passa {D}"))
        else:
            lines.append(pen.t("no pass", "sin adelantamiento", "sem ultrapassagem"))
        lines.append(pen.t("teammate: ", "compañero: ", "companheiro: ") + (
            f"{x.teammate} " + pen.t("protected", "protegido", "protegido") if x.protected and x.teammate else "—"))
        fs = [f for f in (fin(_other(view, D), D), fin(_other(view, P), P)) if f]
        if fs:
            lines.append("FINAL: " + " / ".join(fs))
    else:
        w = view.podium[0]
        lines.append(pen.t("WIN: ", "VICTORIA: ", "VITÓRIA: ") + w.driver + (f" ({w.team})" if w.team else ""))
        lines.append(pen.t("PODIUM: ", "PODIO: ", "PÓDIO: ") + " / ".join(f"P{p.position} {p.driver}" for p in view.podium))
        for b in view.battles:
            tag = "UC" if b.kind == "undercut" else "OC"
            g = b.gained
            lines.append(f"{tag} {b.attacker}>{b.defender} {Lw}{b.a_lap}/{Lw}{b.d_lap} "
                         + (f"+{sx(g)}" if g >= 0 else f"-{sx(g)}") + " "
                         + (pen.t("ahead ✔", "delante ✔", "à frente ✔") if b.success else pen.t("behind ✘", "detrás ✘", "atrás ✘")))
        for x in view.defenses:
            lines.append(f"DEF {x.defender}–{x.pursuer} {rng(x.start, x.end)} ({x.laps} {pen.t('laps', 'v.', 'v.')})")
    text = sep.join(lines)
    if legend and pen.chance(0.7):
        text += "\n\n" + pen.t("(S/M/H = soft/medium/hard" + ("; HS/US/SS = hyper/ultra/supersoft" if view.season <= 2018 else "") + ")",
                               "(S/M/H = blando/medio/duro" + ("; HS/US/SS = hiper/ultra/superblando" if view.season <= 2018 else "") + ")",
                               "(S/M/H = macio/médio/duro" + ("; HS/US/SS = hiper/ultra/supermacio" if view.season <= 2018 else "") + ")")
    return text


# --------------------------------------------------------------------------- Q&A


def _qa(view: InstanceView, pen: Pen) -> str:
    Q, A = pen.pick([pen.t("Q:", "P:", "P:"), pen.t("**Q:**", "**P:**", "**P:**"), pen.t("Question:", "Pregunta:", "Pergunta:")]), None
    A = {"Q:": "A:", "**Q:**": "**A:**", "Question:": "Answer:", "P:": "R:", "**P:**": "**R:**",
         "Pregunta:": "Respuesta:", "Pergunta:": "Resposta:"}[Q]
    numbered = pen.lang == "en" and Q == "Q:" and pen.chance(0.4)
    qa: list[tuple[str, str]] = []
    yes, no = pen.t("Yes", "Sí", "Sim"), pen.t("No", "No", "Não")

    def fin(d: Driver) -> str:
        if d.position is not None:
            return pen.pos(d.position) + "."
        return pen.t(f"Did not finish ({d.status or 'retired'}).", f"No terminó ({d.status or 'abandono'}).",
                     f"Não terminou ({d.status or 'abandono'}).")

    if view.kind == "stint":
        d = view.focus
        assert d is not None
        n = d.n_stops or 0
        laps = [str(p.lap) for p in d.stops]
        ans = (pen.t(f"{cardinal(n, 'en').capitalize()}", f"{cardinal(n, 'es', 'f').capitalize()}", f"{cardinal(n, 'pt', 'f').capitalize()}")
               if n <= 10 else str(n))
        if laps:
            pl_ = "s" if len(laps) > 1 else ""
            ans += pen.t(f", on lap{pl_} {', '.join(laps)}.", f", en la{pl_} vuelta{pl_} {', '.join(laps)}.",
                         f", na{pl_} volta{pl_} {', '.join(laps)}.")
        else:
            ans += "."
        qa.append((pen.t(f"How many pit stops did {d.code} make?", f"¿Cuántas paradas hizo {d.code}?", f"Quantas paradas {d.code} fez?"), ans))
        if d.red_flag:
            qa.append((pen.t("And the red flag?", "¿Y la bandera roja?", "E a bandeira vermelha?"),
                       pen.t(f"Tyres were changed during the suspension on lap{'s' if len(d.red_flag) > 1 else ''} "
                             f"{', '.join(str(r.lap) for r in d.red_flag)}; those are not pit stops"
                             + (f" (official timing counts {d.n_stops_official})." if d.n_stops_official is not None else "."),
                             f"Cambió neumáticos durante la suspensión (vuelta{'s' if len(d.red_flag) > 1 else ''} "
                             f"{', '.join(str(r.lap) for r in d.red_flag)}); no son paradas"
                             + (f" (el cronometraje oficial cuenta {d.n_stops_official})." if d.n_stops_official is not None else "."),
                             f"Trocou pneus durante a interrupção (volta{'s' if len(d.red_flag) > 1 else ''} "
                             f"{', '.join(str(r.lap) for r in d.red_flag)}); não são paradas"
                             + (f" (a cronometragem oficial conta {d.n_stops_official})." if d.n_stops_official is not None else "."))))
        if all(s.known for s in d.stints):
            qa.append((pen.t("Which compounds?", "¿Qué compuestos?", "Quais compostos?"),
                       _cap(pen.t(", then ", ", luego ", ", depois ").join(pen.tyre(s.compound) for s in d.stints)) + "."))
        qa.append((pen.t("How long was each stint?", "¿Cuánto duró cada stint?", "Quanto durou cada stint?"),
                   "; ".join(pen.t(f"{s.n_laps} laps ({s.start}–{s.end})", f"{s.n_laps} vueltas ({s.start}–{s.end})",
                                   f"{s.n_laps} voltas ({s.start}–{s.end})") for s in d.stints) + "."))
        timed = [s for s in d.stints if s.avg is not None]
        if timed and pen.chance(0.7):
            qa.append((pen.t("Average pace?", "¿Ritmo medio?", "Ritmo médio?"),
                       "; ".join(pen.t(f"stint {s.n}: {pen.pace(s.avg)}", f"stint {s.n}: {pen.pace(s.avg)}",
                                       f"stint {s.n}: {pen.pace(s.avg)}") for s in timed) + "."))
        neutral = [p for p in d.stops if p.under_sc or p.under_vsc]
        if neutral:
            qa.append((pen.t("Any stop under a neutralisation?", "¿Alguna parada neutralizada?", "Alguma parada neutralizada?"),
                       f"{yes}: " + ", ".join(f"{pen.lap_bare(p.lap)} ({'SC' if p.under_sc else 'VSC'})" for p in neutral) + "."))
        qa.append((pen.t("Where did he finish?", "¿Dónde terminó?", "Onde terminou?"), fin(d)))
    elif view.kind in ("undercut", "overcut"):
        b = view.battle
        assert b is not None
        first, f_lap, second, s_lap = _order(b)
        qa.append((pen.t("Who stopped first?", "¿Quién paró primero?", "Quem parou primeiro?"),
                   pen.t(f"{first}, on lap {f_lap}; {second} followed on lap {s_lap}.",
                         f"{first}, en la vuelta {f_lap}; {second} lo hizo en la {s_lap}.",
                         f"{first}, na volta {f_lap}; {second} parou na {s_lap}.")))
        chg = []
        for code, lap in ((first, f_lap), (second, s_lap)):
            d = _other(view, code)
            p = d.stop_on(lap) if d else None
            if p is not None and p.known:
                chg.append(f"{code} {pen.tyre(p.from_)} → {pen.tyre(p.to)}")
        if chg:
            qa.append((pen.t("Tyres?", "¿Neumáticos?", "Pneus?"), "; ".join(chg) + "."))
        for when, lap, g, pa, pb in (("before", b.lap_before, b.gap_before, b.pos_before, b.d_pos_before),
                                     ("after", b.lap_after, b.gap_after, b.pos_after, b.d_pos_after)):
            lead = b.defender if g > 0 else b.attacker
            q = (pen.t("What was the gap before the stops?", "¿Cuál era la diferencia antes de las paradas?",
                       "Qual era a diferença antes das paradas?") if when == "before" else
                 pen.t("And after?", "¿Y después?", "E depois?"))
            a = pen.t(f"{pen.sec(g)} on lap {lap}, {lead} ahead", f"{pen.sec(g)} en la vuelta {lap}, con {lead} delante",
                      f"{pen.sec(g)} na volta {lap}, com {lead} à frente")
            if None not in (pa, pb):
                a += f" ({b.attacker} P{pa}, {b.defender} P{pb})"
            qa.append((q, a + "."))
        g = b.gained
        qa.append((pen.t(f"How much time did {b.attacker} gain?", f"¿Cuánto tiempo ganó {b.attacker}?", f"Quanto tempo {b.attacker} ganhou?"),
                   (pen.sec(g) + ".") if g >= 0 else pen.t(f"None — {b.attacker} lost {pen.sec(g)}.", f"Nada: {b.attacker} perdió {pen.sec(g)}.",
                                                          f"Nada: {b.attacker} perdeu {pen.sec(g)}.")))
        qa.append((pen.t(f"Did the {b.kind} work?", f"¿Funcionó el {b.kind}?", f"O {b.kind} funcionou?"),
                   (pen.t(f"{yes} — {b.attacker} was ahead after the stops.", f"{yes}: {b.attacker} quedó delante tras las paradas.",
                          f"{yes}: {b.attacker} ficou à frente depois das paradas.") if b.success else
                    pen.t(f"{no} — {b.attacker} was still behind.", f"{no}: {b.attacker} seguía detrás.", f"{no}: {b.attacker} continuava atrás."))))
        dA, dB = _other(view, b.attacker), _other(view, b.defender)
        if dA and dB:
            qa.append((pen.t("Final positions?", "¿Posiciones finales?", "Posições finais?"),
                       f"{b.attacker} {fin(dA).rstrip('.')}, {b.defender} {fin(dB).rstrip('.')}."))
    elif view.kind == "defense":
        x = view.defense
        assert x is not None
        D, P = x.defender, x.pursuer
        qa.append((pen.t(f"How long did {D} hold {P} off?", f"¿Cuánto tiempo aguantó {D} a {P}?", f"Por quanto tempo {D} segurou {P}?"),
                   pen.t(f"{x.laps} laps, from {x.start} to {x.end}.", f"{x.laps} vueltas, de la {x.start} a la {x.end}.",
                         f"{x.laps} voltas, da {x.start} à {x.end}.")))
        if x.mean_gap is not None:
            qa.append((pen.t("How close was it?", "¿Qué tan cerca estuvo?", "Quão perto ficou?"),
                       pen.t(f"Within 1.5 s throughout; {pen.sec(x.mean_gap)} on average.", f"Siempre a menos de 1,5 s; {pen.sec(x.mean_gap)} de media.",
                             f"Sempre a menos de 1,5 s; {pen.sec(x.mean_gap)} em média.")))
        if x.pace_delta is not None and x.pursuer_pace is not None and x.defender_pace is not None:
            qa.append((pen.t("Who was faster?", "¿Quién era más rápido?", "Quem era mais rápido?"),
                       pen.t(f"{P}, by {pen.rate(x.pace_delta, signed=False)} ({pen.pace(x.pursuer_pace)} vs {pen.pace(x.defender_pace)}).",
                             f"{P}, por {pen.rate(x.pace_delta, signed=False)} ({pen.pace(x.pursuer_pace)} frente a {pen.pace(x.defender_pace)}).",
                             f"{P}, por {pen.rate(x.pace_delta, signed=False)} ({pen.pace(x.pursuer_pace)} contra {pen.pace(x.defender_pace)}).")))
        qa.append((pen.t(f"Did {P} get past?", f"¿Pasó {P}?", f"{P} passou?"),
                   pen.t(f"{yes}, on lap {x.pass_lap}.", f"{yes}, en la vuelta {x.pass_lap}.", f"{yes}, na volta {x.pass_lap}.")
                   if x.passed and x.pass_lap is not None else
                   pen.t(f"{no}, not during the run.", f"{no}, no en ese tramo.", f"{no}, não nesse trecho.")))
        qa.append((pen.t("Was a teammate protected?", "¿Protegía a un compañero?", "Protegia algum companheiro?"),
                   (f"{yes}: {x.teammate}." if x.protected and x.teammate else f"{no}.")))
        dD, dP = _other(view, D), _other(view, P)
        if dD and dP:
            qa.append((pen.t("Results?", "¿Resultados?", "Resultados?"), f"{D} {fin(dD).rstrip('.')}, {P} {fin(dP).rstrip('.')}."))
    else:
        w = view.podium[0]
        qa.append((pen.t("Who won?", "¿Quién ganó?", "Quem venceu?"), f"{w.driver}" + (f" ({w.team})." if w.team else ".")))
        if len(view.podium) > 1:
            qa.append((pen.t("And the podium?", "¿Y el podio?", "E o pódio?"),
                       ", ".join(f"{p.driver} {pen.pos(p.position)}" for p in view.podium) + "."))
        if view.battles:
            items = []
            for b in view.battles:
                g = b.gained
                items.append(pen.t(f"{b.attacker} {b.kind} on {b.defender} (laps {b.a_lap}/{b.d_lap}), "
                                   + (f"+{pen.sec(g)}" if g >= 0 else f"lost {pen.sec(g)}") + (", ahead after" if b.success else ", still behind"),
                                   f"{b.attacker} {b.kind} a {b.defender} (vueltas {b.a_lap}/{b.d_lap}), "
                                   + (f"+{pen.sec(g)}" if g >= 0 else f"perdió {pen.sec(g)}") + (", delante después" if b.success else ", seguía detrás"),
                                   f"{b.attacker} {b.kind} em {b.defender} (voltas {b.a_lap}/{b.d_lap}), "
                                   + (f"+{pen.sec(g)}" if g >= 0 else f"perdeu {pen.sec(g)}") + (", à frente depois" if b.success else ", ainda atrás")))
            qa.append((pen.t("Key pit battles?", "¿Batallas de paradas clave?", "Batalhas de pit decisivas?"), "; ".join(items) + "."))
        if view.defenses:
            qa.append((pen.t("Key defenses?", "¿Defensas clave?", "Defesas decisivas?"),
                       "; ".join(pen.t(f"{x.defender} held {x.pursuer} for {x.laps} laps ({x.start}–{x.end})",
                                       f"{x.defender} aguantó a {x.pursuer} {x.laps} vueltas ({x.start}–{x.end})",
                                       f"{x.defender} segurou {x.pursuer} por {x.laps} voltas ({x.start}–{x.end})") for x in view.defenses) + "."))
    out = []
    for i, (q, a) in enumerate(qa, 1):
        qq = f"Q{i}:" if numbered else Q
        aa = f"A{i}:" if numbered else A
        out.append(f"{qq} {q}\n{aa} {a}")
    return "\n\n".join(out)


# --------------------------------------------------------------------------- sections


def _sections(view: InstanceView, pen: Pen) -> str:
    h1, h2 = pen.pick((("##", "###"), ("###", "####"), ("**", "")))

    def head(title: str, level: int = 1) -> str:
        if h1 == "**":
            return f"**{title}**" if level == 1 else f"*{title}*"
        return f"{h1 if level == 1 else h2} {title}"

    b_ = pen.bullet
    sub = "  " + pen.pick(("- ", "◦ ", "+ "))
    lab = lambda en, es, pt: pen.t(en, es, pt)  # noqa: E731
    out: list[str] = []

    def driver_block(d: Driver, lines: list[str]) -> None:
        title = d.code + (f" ({d.team})" if d.team else "")
        out.append(head(title))
        out.extend(lines)
        if d.position is not None:
            out.append(f"{b_}{lab('Finish', 'Resultado', 'Resultado')}: P{d.position}")
        elif d.status:
            out.append(f"{b_}{lab('Finish', 'Resultado', 'Resultado')}: DNF ({d.status})")
        out.append("")

    if view.kind == "stint":
        d = view.focus
        assert d is not None
        out.append(head(d.code + (f" — {d.team}" if d.team else "")))
        out.append(f"{b_}{lab('Pit stops', 'Paradas', 'Paradas')}: {d.n_stops or 0}")
        out.append("")
        for s in d.stints:
            c = s.compound if s.known else lab("compound not recorded", "compuesto no registrado", "composto não registrado")
            out.append(head(f"Stint {s.n} · {c}", 2))
            rng = pen.pick((f"{s.start} → {s.end}", lab(f"{s.start} to {s.end}", f"{s.start} a {s.end}", f"{s.start} a {s.end}")))
            out.append(f"{b_}{lab('Laps', 'Vueltas', 'Voltas')}: {rng}")
            out.append(f"{sub}{lab('length', 'duración', 'duração')}: {pen.laps_n(s.n_laps)}")
            if s.avg is not None:
                out.append(f"{b_}{lab('Average', 'Promedio', 'Média')}: {pen.pace(s.avg)}")
                if s.deg is not None:
                    out.append(f"{sub}deg: {pen.rate(s.deg)}")
            p = d.stop_on(s.end)
            if p is not None:
                out.append(f"{b_}{lab('Ended with a stop on lap', 'Terminó con una parada en la vuelta', 'Terminou com parada na volta')} {p.lap}")
                if p.known:
                    out.append(f"{sub}{p.from_} → {p.to}")
                if p.under_sc or p.under_vsc:
                    out.append(f"{sub}{lab('under', 'bajo', 'sob')} {'Safety Car' if p.under_sc else 'VSC'}")
            out.append("")
        if d.red_flag:
            out.append(head(lab("Red flag", "Bandera roja", "Bandeira vermelha"), 2))
            for r in d.red_flag:
                chg = f"{r.from_} → {r.to}" if "UNKNOWN" not in (r.from_, r.to) else lab("tyres changed", "cambio de neumáticos", "troca de pneus")
                out.append(f"{b_}{lab('Lap', 'Vuelta', 'Volta')} {r.lap}: {chg} "
                           + lab("(not a pit stop)", "(no es una parada)", "(não é uma parada)"))
            if d.n_stops_official is not None:
                out.append(f"{sub}{lab('official timing counts', 'el cronometraje oficial cuenta', 'a cronometragem oficial conta')} "
                           f"{d.n_stops_official} {pen.stop_noun(True)}")
            out.append("")
        out.append(head(lab("Result", "Resultado", "Resultado"), 2))
        out.append(f"{b_}" + (f"P{d.position}" if d.position is not None else f"DNF ({d.status})" if d.status else "NC"))
    elif view.kind in ("undercut", "overcut"):
        b = view.battle
        assert b is not None
        for code, lap, pb, pa in ((b.attacker, b.a_lap, b.pos_before, b.pos_after), (b.defender, b.d_lap, b.d_pos_before, b.d_pos_after)):
            d = _other(view, code)
            lines = [f"{b_}{lab('Stop', 'Parada', 'Parada')}: {pen.lap_bare(lap)}"]
            p = d.stop_on(lap) if d else None
            if p is not None and p.known:
                lines.append(f"{sub}{pen.tyre(p.from_)} → {pen.tyre(p.to)}")
            if p is not None and (p.under_sc or p.under_vsc):
                lines.append(f"{sub}{'Safety Car' if p.under_sc else 'VSC'}")
            if None not in (pb, pa):
                lines.append(f"{b_}{pen.lap_bare(b.lap_before)}: P{pb}")
                lines.append(f"{b_}{pen.lap_bare(b.lap_after)}: P{pa}")
            if d is not None:
                driver_block(d, lines)
            else:
                out.append(head(code))
                out.extend(lines)
                out.append("")
        out.append(head(lab("Gap", "Diferencia", "Diferença")))
        for lap, g in ((b.lap_before, b.gap_before), (b.lap_after, b.gap_after)):
            lead = b.defender if g > 0 else b.attacker
            out.append(f"{b_}{pen.lap_bare(lap)}: {pen.sec(g)}, " + lab(f"{lead} ahead", f"{lead} delante", f"{lead} à frente"))
        g = b.gained
        out.append(f"{b_}" + lab("Change: ", "Cambio: ", "Variação: ")
                   + (lab(f"{b.attacker} gained {pen.sec(g)}", f"{b.attacker} ganó {pen.sec(g)}", f"{b.attacker} ganhou {pen.sec(g)}") if g >= 0 else
                      lab(f"{b.attacker} lost {pen.sec(g)}", f"{b.attacker} perdió {pen.sec(g)}", f"{b.attacker} perdeu {pen.sec(g)}")))
        out.append("")
        out.append(head(lab("Verdict", "Veredicto", "Veredito")))
        out.append(f"{b_}" + (lab(f"The {b.kind} worked.", f"El {b.kind} funcionó.", f"O {b.kind} funcionou.") if b.success else
                              lab(f"The {b.kind} did not work.", f"El {b.kind} no funcionó.", f"O {b.kind} não funcionou.")))
    elif view.kind == "defense":
        x = view.defense
        assert x is not None
        for code, role, pace in ((x.defender, lab("defender", "defensor", "defensor"), x.defender_pace),
                                 (x.pursuer, lab("pursuer", "perseguidor", "perseguidor"), x.pursuer_pace)):
            d = _other(view, code)
            lines = [f"{b_}{lab('Role', 'Papel', 'Papel')}: {role}"]
            if pace is not None:
                lines.append(f"{b_}{lab('Median green-flag pace', 'Ritmo mediano con bandera verde', 'Ritmo mediano com bandeira verde')}: {pen.pace(pace)}")
            if d is not None:
                driver_block(d, lines)
        out.append(head(lab("The run", "El tramo", "O trecho")))
        out.append(f"{b_}{lab('Laps', 'Vueltas', 'Voltas')} {x.start}–{x.end}")
        out.append(f"{sub}{pen.laps_n(x.laps)}")
        if x.mean_gap is not None:
            under = lab("always under", "siempre menos de", "sempre menos de")
            out.append(f"{b_}{lab('Mean gap', 'Distancia media', 'Distância média')}: {pen.sec(x.mean_gap)} ({under} {pen.num(1.5, 1)} s)")
        if x.pace_delta is not None:
            out.append(f"{b_}{lab('Pace difference', 'Diferencia de ritmo', 'Diferença de ritmo')}: {pen.rate(x.pace_delta, signed=False)} "
                       + lab(f"in {x.pursuer}'s {pen.favour()}", f"a favor de {x.pursuer}", f"a favor de {x.pursuer}"))
        if x.passed and x.pass_lap is not None:
            out.append(f"{b_}{lab('Pass', 'Adelantamiento', 'Ultrapassagem')}: {pen.lap_bare(x.pass_lap)}")
        else:
            out.append(f"{b_}{lab('Pass', 'Adelantamiento', 'Ultrapassagem')}: " + lab("none during the run", "ninguno en el tramo", "nenhuma no trecho"))
        out.append(f"{b_}{lab('Teammate protected', 'Compañero protegido', 'Companheiro protegido')}: "
                   + (x.teammate if x.protected and x.teammate else lab("none", "ninguno", "nenhum")))
    else:
        out.append(head(lab("Podium", "Podio", "Pódio")))
        for p in view.podium:
            out.append(f"{p.position}. {p.driver}" + (f" ({p.team})" if p.team else ""))
        out.append("")
        if view.battles:
            out.append(head(lab("Pit battles", "Batallas de paradas", "Batalhas de pit")))
            for b in view.battles:
                out.append(head(f"{b.attacker} vs {b.defender} ({b.kind})", 2))
                out.append(f"{b_}{lab('Stops', 'Paradas', 'Paradas')}: {b.attacker} {pen.lap_bare(b.a_lap)}, {b.defender} {pen.lap_bare(b.d_lap)}")
                g = b.gained
                out.append(f"{b_}{lab('Gain', 'Ganancia', 'Ganho')}: " + (pen.sec(g) if g >= 0 else "-" + pen.sec(g)))
                out.append(f"{b_}{lab('Ahead after the stops', 'Delante tras las paradas', 'À frente depois das paradas')}: "
                           + (pen.t("yes", "sí", "sim") if b.success else pen.t("no", "no", "não")))
            out.append("")
        if view.defenses:
            out.append(head(lab("Defenses" if pen.reg() != "uk" else "Defences", "Defensas", "Defesas")))
            for x in view.defenses:
                out.append(head(f"{x.defender} vs {x.pursuer}", 2))
                out.append(f"{b_}{pen.laps_n(x.laps)} ({x.start}–{x.end})")
    return "\n".join(out).strip()


# --------------------------------------------------------------------------- scoreboard


def _table(rows: list[list[str]]) -> str:
    head, *body = rows
    return "\n".join(["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|",
                      *("| " + " | ".join(r) + " |" for r in body)])


def _scoreboard(view: InstanceView, pen: Pen) -> str:
    lab = lambda en, es, pt: pen.t(en, es, pt)  # noqa: E731

    def fin(d: Driver | None) -> str:
        if d is None:
            return "—"
        return f"P{d.position}" if d.position is not None else (f"DNF ({d.status})" if d.status else "NC")

    parts: list[str] = []
    if view.kind == "stint":
        d = view.focus
        assert d is not None
        kv = [[lab("Item", "Dato", "Item"), lab("Value", "Valor", "Valor")],
              [lab("Driver", "Piloto", "Piloto"), d.code + (f" ({d.team})" if d.team else "")],
              [lab("Pit stops", "Paradas", "Paradas"), str(d.n_stops or 0)]]
        if view.race_laps:
            kv.append([lab("Race length", "Longitud de la carrera", "Extensão da corrida"), pen.laps_n(view.race_laps)])
        kv.append([lab("Finish", "Resultado", "Resultado"), fin(d)])
        parts.append(_table(kv))
        rows = [lab("Stint|Tyre|First lap|Last lap|Laps|Pit at the end", "Stint|Neumático|Primera vuelta|Última vuelta|Vueltas|Parada al final",
                    "Stint|Pneu|Primeira volta|Última volta|Voltas|Parada no fim").split("|")]
        for s in d.stints:
            p = d.stop_on(s.end)
            pit = "—" if p is None else (pen.lap_bare(p.lap) + (f" ({'SC' if p.under_sc else 'VSC'})" if p.under_sc or p.under_vsc else ""))
            rows.append([str(s.n), s.compound if s.known else "?", str(s.start), str(s.end), str(s.n_laps), pit])
        parts.append(_table(rows))
        if d.red_flag:
            parts.append(lab("Red-flag tyre changes (not pit stops): ", "Cambios con bandera roja (no son paradas): ",
                             "Trocas sob bandeira vermelha (não são paradas): ")
                         + ", ".join(pen.lap_bare(r.lap) + (f" {r.from_}→{r.to}" if "UNKNOWN" not in (r.from_, r.to) else "")
                                     for r in d.red_flag) + ".")
    elif view.kind in ("undercut", "overcut"):
        b = view.battle
        assert b is not None
        dA, dB = _other(view, b.attacker), _other(view, b.defender)
        pA = dA.stop_on(b.a_lap) if dA else None
        pB = dB.stop_on(b.d_lap) if dB else None

        def chg(p: Stop | None) -> str:
            return f"{p.from_} → {p.to}" if p is not None and p.known else "—"

        def side(g: float, me: str) -> str:
            ahead = (me == b.defender) == (g > 0)
            return pen.sec(g) + " " + (lab("ahead", "delante", "à frente") if ahead else lab("behind", "detrás", "atrás"))

        if pen.chance(0.5):
            rows = [["", b.attacker, b.defender],
                    [lab("Team", "Equipo", "Equipe"), (dA.team if dA and dA.team else "—"), (dB.team if dB and dB.team else "—")],
                    [lab("Stop lap", "Vuelta de parada", "Volta da parada"), str(b.a_lap), str(b.d_lap)],
                    [lab("Tyres", "Neumáticos", "Pneus"), chg(pA), chg(pB)]]
            if None not in (b.pos_before, b.pos_after, b.d_pos_before, b.d_pos_after):
                rows.append([lab(f"Position, lap {b.lap_before}", f"Posición, vuelta {b.lap_before}", f"Posição, volta {b.lap_before}"),
                             f"P{b.pos_before}", f"P{b.d_pos_before}"])
                rows.append([lab(f"Position, lap {b.lap_after}", f"Posición, vuelta {b.lap_after}", f"Posição, volta {b.lap_after}"),
                             f"P{b.pos_after}", f"P{b.d_pos_after}"])
            rows.append([lab("Finish", "Resultado", "Resultado"), fin(dA), fin(dB)])
            parts.append(_table(rows))
            g_rows = [[lab("Lap", "Vuelta", "Volta"), lab("Gap", "Diferencia", "Diferença"), lab("Ahead", "Delante", "À frente")],
                      [f"{b.lap_before} ({lab('before', 'antes', 'antes')})", pen.sec(b.gap_before), b.defender if b.gap_before > 0 else b.attacker],
                      [f"{b.lap_after} ({lab('after', 'después', 'depois')})", pen.sec(b.gap_after), b.defender if b.gap_after > 0 else b.attacker]]
            parts.append(_table(g_rows))
        else:
            head = lab(f"Driver|Stop lap|Pos. lap {b.lap_before}|Pos. lap {b.lap_after}|Gap lap {b.lap_before}|Gap lap {b.lap_after}|Finish",
                       f"Piloto|Parada|Pos. v{b.lap_before}|Pos. v{b.lap_after}|Gap v{b.lap_before}|Gap v{b.lap_after}|Final",
                       f"Piloto|Parada|Pos. v{b.lap_before}|Pos. v{b.lap_after}|Gap v{b.lap_before}|Gap v{b.lap_after}|Final").split("|")
            rows = [head]
            for me, lap, pb, pa, d in ((b.attacker, b.a_lap, b.pos_before, b.pos_after, dA),
                                       (b.defender, b.d_lap, b.d_pos_before, b.d_pos_after, dB)):
                rows.append([me, str(lap), f"P{pb}" if pb is not None else "—", f"P{pa}" if pa is not None else "—",
                             side(b.gap_before, me), side(b.gap_after, me), fin(d)])
            parts.append(_table(rows))
        g = b.gained
        net = (lab(f"{b.attacker} gained {pen.sec(g)}", f"{b.attacker} ganó {pen.sec(g)}", f"{b.attacker} ganhou {pen.sec(g)}") if g >= 0 else
               lab(f"{b.attacker} lost {pen.sec(g)}", f"{b.attacker} perdió {pen.sec(g)}", f"{b.attacker} perdeu {pen.sec(g)}"))
        verdict = (lab(f"the {b.kind} worked", f"el {b.kind} funcionó", f"o {b.kind} funcionou") if b.success else
                   lab(f"the {b.kind} did not work", f"el {b.kind} no funcionó", f"o {b.kind} não funcionou"))
        parts.append(f"{_cap(net)}; {verdict}.")
    elif view.kind == "defense":
        x = view.defense
        assert x is not None
        dD, dP = _other(view, x.defender), _other(view, x.pursuer)
        rows = [lab("Driver|Role|Team|Median pace|Finish", "Piloto|Papel|Equipo|Ritmo mediano|Resultado",
                    "Piloto|Papel|Equipe|Ritmo mediano|Resultado").split("|")]
        for code, role, pace, d in ((x.defender, lab("defender", "defensor", "defensor"), x.defender_pace, dD),
                                    (x.pursuer, lab("pursuer", "perseguidor", "perseguidor"), x.pursuer_pace, dP)):
            rows.append([code, role, (d.team if d and d.team else "—"), pen.pace(pace) if pace is not None else "n/a", fin(d)])
        parts.append(_table(rows))
        kv = [[lab("Run", "Tramo", "Trecho"), ""],
              [lab("Laps", "Vueltas", "Voltas"), f"{x.start}–{x.end}"],
              [lab("Length", "Duración", "Duração"), pen.laps_n(x.laps)]]
        if x.mean_gap is not None:
            kv.append([lab("Mean gap", "Distancia media", "Distância média"), pen.sec(x.mean_gap)])
        if x.pace_delta is not None:
            kv.append([lab(f"{x.pursuer} faster by", f"{x.pursuer} más rápido por", f"{x.pursuer} mais rápido por"), pen.rate(x.pace_delta, signed=False)])
        kv.append([lab("Passed", "Adelantado", "Ultrapassado"),
                   (pen.lap_bare(x.pass_lap) if x.passed and x.pass_lap is not None else lab("no", "no", "não"))])
        kv.append([lab("Teammate protected", "Compañero protegido", "Companheiro protegido"),
                   x.teammate if x.protected and x.teammate else lab("none", "ninguno", "nenhum")])
        parts.append(_table(kv))
    else:
        w = view.podium[0]
        parts.append(pen.t(f"{w.driver} won the {view.event} {view.season}.", f"{w.driver} ganó el {view.event} {view.season}.",
                           f"{w.driver} venceu o {view.event} {view.season}."))
        rows = [lab("Pos|Driver|Team", "Pos|Piloto|Equipo", "Pos|Piloto|Equipe").split("|")]
        rows += [[str(p.position), p.driver, p.team or "—"] for p in view.podium]
        if pen.chance(0.5) or not (view.battles or view.defenses):
            parts.append(_table(rows))
        if view.battles:
            rows = [lab("Move|Attacker|Defender|Stop laps (A/D)|Gain|Ahead after", "Movimiento|Atacante|Defensor|Paradas (A/D)|Ganancia|Delante después",
                        "Manobra|Atacante|Defensor|Paradas (A/D)|Ganho|À frente depois").split("|")]
            for b in view.battles:
                rows.append([b.kind, b.attacker, b.defender, f"{b.a_lap}/{b.d_lap}",
                             (pen.sec(b.gained) if b.gained >= 0 else "-" + pen.sec(b.gained)),
                             pen.t("yes", "sí", "sim") if b.success else pen.t("no", "no", "não")])
            parts.append(_table(rows))
        if view.defenses:
            rows = [lab("Defender|Pursuer|Laps|Run", "Defensor|Perseguidor|Vueltas|Tramo", "Defensor|Perseguidor|Voltas|Trecho").split("|")]
            rows += [[x.defender, x.pursuer, str(x.laps), f"{x.start}–{x.end}"] for x in view.defenses]
            parts.append(_table(rows))
    return "\n\n".join(parts)


# --------------------------------------------------------------------------- API

_LAYOUTS = {"story": _story, "telegraph": _telegraph, "qa": _qa, "sections": _sections, "scoreboard": _scoreboard}


def render(row: dict[str, Any], style: str, seed: int) -> str:
    """A faithful answer to ``row`` in the blind family ``style`` (``family`` or ``family+variant``).

    Deterministic for (row id, language, style, seed). Raises ``KeyError`` for an unknown family."""
    family = style.split("+", 1)[0]
    if family not in BLIND_SPECS:
        raise KeyError(f"unknown blind style {style!r}; known: {', '.join(BLIND_SPECS)}")
    view = view_of(row)
    rng = random.Random(f"blind|{seed}|{view.id}|{view.lang}|{style}")
    pen = Pen(view.lang, family, rng)
    fn = _LAYOUTS.get(family, _modifier)
    return fn(view, pen).strip()
