"""How one answer writes things: language, number format, tyre names, bold, arrows, dashes.

A :class:`Voice` is drawn once per answer (seeded), so one answer is internally consistent
(always "2,30 s" or always "2.302s") while answers differ from each other the way real
models' answers do. Every formatter only *formats* a value it is given: it never rounds a
number beyond what the fact's tolerance allows (one decimal at least for seconds).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from f1bench_pipeline.domains.f1.instances.verbalize import COMPOUND_WORDS

# Plural tyre nouns ("the hards", "los duros", "os duros").
_PLURAL = {
    "en": {"SOFT": "softs", "MEDIUM": "mediums", "HARD": "hards", "INTERMEDIATE": "inters", "WET": "wets",
           "HYPERSOFT": "hypersofts", "ULTRASOFT": "ultrasofts", "SUPERSOFT": "supersofts", "SUPERHARD": "superhards"},
    "es": {"SOFT": "blandos", "MEDIUM": "medios", "HARD": "duros", "INTERMEDIATE": "intermedios", "WET": "de lluvia",
           "HYPERSOFT": "hiperblandos", "ULTRASOFT": "ultrablandos", "SUPERSOFT": "superblandos",
           "SUPERHARD": "superduros"},
    "pt": {"SOFT": "macios", "MEDIUM": "médios", "HARD": "duros", "INTERMEDIATE": "intermediários", "WET": "de chuva",
           "HYPERSOFT": "hipermacios", "ULTRASOFT": "ultramacios", "SUPERSOFT": "supermacios",
           "SUPERHARD": "superduros"},
}
_EN_WORD = {"INTERMEDIATE": "intermediate", "WET": "full wet"}

NUM_WORDS = {
    "en": ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"],
    "es_m": ["cero", "un", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez"],
    "es_f": ["cero", "una", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez"],
    "pt_m": ["zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez"],
    "pt_f": ["zero", "uma", "duas", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez"],
}
ORD_WORDS = {
    "en": ["", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"],
    "es_m": ["", "primer", "segundo", "tercer", "cuarto", "quinto", "sexto", "séptimo", "octavo", "noveno", "décimo"],
    "es_f": ["", "primera", "segunda", "tercera", "cuarta", "quinta", "sexta", "séptima", "octava", "novena",
             "décima"],
    "pt_m": ["", "primeiro", "segundo", "terceiro", "quarto", "quinto", "sexto", "sétimo", "oitavo", "nono",
             "décimo"],
    "pt_f": ["", "primeira", "segunda", "terceira", "quarta", "quinta", "sexta", "sétima", "oitava", "nona",
             "décima"],
}


def en_suffix(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


class Voice:
    """The per-answer writing choices, and formatters that apply them.

    ``features`` are the style's feature names (``bold``, ``arrows``, ``ranges``,
    ``codeswitch``, ``decimals`` ... see ``styles.STYLE_SPECS``)."""

    def __init__(self, lang: str, features: frozenset[str], rng: random.Random):
        self.lang = lang
        self.features = features
        self.rng = rng
        # Spanish and Portuguese answers use the decimal comma about half the time (dev.jsonl: both occur).
        self.comma = lang != "en" and rng.random() < (0.7 if "decimals" in features else 0.4)
        self.digits = rng.choice((3, 3, 2, 1)) if "decimals" in features else rng.choice((3, 2, 2))
        self.unit = rng.choice(("s", " s", "s", " seconds") if lang == "en" else ("s", " s", "s", " segundos"))
        self.per_lap = {"en": rng.choice(("s/lap", " s/lap", "s per lap")),
                        "es": rng.choice(("s/vuelta", " s/vuelta", "s/lap", " s por vuelta")),
                        "pt": rng.choice(("s/volta", " s/volta", "s/lap", "s por volta"))}[lang]
        # Tyre names: the context's upper-case English names, or the language's own words.
        if "codeswitch" in features and lang != "en":
            self.tyres = rng.choice(("upper", "english"))
        else:
            self.tyres = rng.choice(("upper", "upper", "word", "word"))
        self.dash = rng.choice(("–", "-")) if "ranges" in features else "–"
        self.arrow = rng.choice(("→", "->", "=>", " → ", " -> ")) if "arrows" in features else "→"
        self.bold_p = 0.75 if "bold" in features else 0.0

    # ------------------------------------------------------------------ choices

    def has(self, feature: str) -> bool:
        return feature in self.features

    def t(self, en: str, es: str, pt: str) -> str:
        """The text of this voice's language."""
        return en if self.lang == "en" else es if self.lang == "es" else pt

    def pick(self, options: Sequence[str]) -> str:
        return self.rng.choice(list(options))

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    # ------------------------------------------------------------------ emphasis

    def b(self, text: str) -> str:
        """Bold (``**x**``) when the style bolds key figures."""
        return f"**{text}**" if self.bold_p and self.rng.random() < self.bold_p else text

    # ------------------------------------------------------------------ numbers

    def number(self, x: float, digits: int) -> str:
        text = f"{x:.{digits}f}"
        return text.replace(".", ",") if self.comma else text

    def secs(self, x: float, signed: bool = False, digits: int | None = None, unit: bool = True) -> str:
        """Seconds as the voice writes them: ``2.302s``, ``2,30 s``, ``+5.7 seconds``, ``~2.3s``.

        At least one decimal (the gap and gain tolerance is 0.5 s); the ``decimals`` style
        also writes approximations ("~2.3 s", "about 2.3 seconds")."""
        d = self.digits if digits is None else digits
        mag = abs(x)
        text = self.number(mag, d)
        if signed:
            text = ("+" if x > 0 else "-" if x < 0 and text.strip("0.,") else "") + text
        elif x < 0:
            text = "-" + text
        out = text + (self.unit if unit else "")
        if self.has("decimals") and digits is None and not signed and self.chance(0.25):
            out = self.t(self.pick(("~", "about ", "roughly ", "around ")), self.pick(("~", "unos ", "cerca de ")),
                         self.pick(("~", "cerca de ", "aproximadamente "))) + self.number(mag, 1) + (
                self.unit if self.unit != "s" else " s")
            if x < 0:
                out = "-" + out
        return self.b(out)

    def rate(self, x: float, signed: bool = True) -> str:
        """A per-lap rate (degradation, pace delta): ``+0.057 s/lap``."""
        text = self.number(abs(x), 3)
        if text.strip("0.,") == "":
            sign = ""
        elif signed:
            sign = "+" if x > 0 else "-"
        else:
            sign = "-" if x < 0 else ""
        return self.b(f"{sign}{text}{self.per_lap}")

    def laptime(self, x: float) -> str:
        """An average lap time: ``108.71s`` or, now and then, ``1:48.71``."""
        if self.chance(0.2) and x >= 60:
            m, s = divmod(x, 60)
            sec = f"{s:06.3f}" if self.digits == 3 else f"{s:05.2f}"
            if self.comma:
                sec = sec.replace(".", ",")
            return self.b(f"{int(m)}:{sec}")
        return self.b(self.number(x, 3 if self.digits == 3 else 2) + self.unit.replace(" seconds", " s").replace(
            " segundos", " s"))

    def count(self, n: int, gender: str = "m", words: bool = True) -> str:
        """A small count as a word ("two", "dos", "duas") or digits."""
        if not words or n > 10 or n < 0:
            return str(n)
        key = "en" if self.lang == "en" else f"{self.lang}_{gender}"
        return NUM_WORDS[key][n]

    def ordinal(self, n: int, gender: str = "m", suffix: bool = False) -> str:
        """second / segundo / segunda; with ``suffix``: 2nd / 2.º / 2º."""
        if suffix or n > 10:
            return self.t(en_suffix(n), f"{n}.º" if gender == "m" else f"{n}.ª", f"{n}º" if gender == "m" else f"{n}ª")
        key = "en" if self.lang == "en" else f"{self.lang}_{gender}"
        return ORD_WORDS[key][n]

    # ------------------------------------------------------------------ laps

    def lap(self, n: int) -> str:
        """``lap 14`` / ``vuelta 14`` / ``volta 14`` (no article)."""
        word = self.t("lap", "vuelta", "volta")
        if self.has("codeswitch") and self.lang == "pt" and self.chance(0.5):
            word = "lap"
        return self.b(f"{word} {n}")

    def laps_range(self, a: int, b: int) -> str:
        """Laps a..b: ``laps 15–33`` with the ``ranges`` feature, else in words."""
        if a == b:
            return self.lap(a)
        if self.has("ranges"):
            word = self.t("laps", "vueltas", "voltas")
            form = self.pick(("{w} {a}{d}{b}", "{w} {a}{d}{b}", "{w} {a} {d} {b}", "L{a}{d}L{b}"))
            if form.startswith("L") and self.lang != "en":
                form = "{w} {a}{d}{b}"
            return self.b(form.format(w=word, a=a, b=b, d=self.dash))
        return self.b(self.t(f"laps {a} to {b}", f"vueltas {a} a {b}", f"voltas {a} a {b}"))

    def span(self, a: int, b: int) -> str:
        """Laps a..b as a bare range inside parentheses or a table: ``15–33`` or ``15 to 33``."""
        if self.has("ranges"):
            return f"{a}{self.dash}{b}"
        return self.t(f"{a} to {b}", f"{a} a {b}", f"{a} a {b}")

    def from_to_laps(self, a: int, b: int) -> str:
        """``from lap 15 to lap 33`` / ``de la vuelta 15 a la 33`` / ``da volta 15 à 33``."""
        if a == b:
            return self.t(f"on {self.lap(a)}", f"en la {self.lap(a)}", f"na {self.lap(a)}")
        if self.has("ranges") and self.chance(0.7):
            return self.t(f"on {self.laps_range(a, b)}", f"en las {self.laps_range(a, b)}", f"nas {self.laps_range(a, b)}")
        return self.t(f"from {self.lap(a)} to lap {b}", f"de la {self.lap(a)} a la {b}", f"da {self.lap(a)} à {b}")

    # ------------------------------------------------------------------ tyres

    def tyre(self, c: str) -> str:
        """The compound as a bare name: ``HARD``, ``hard``, ``duro``."""
        if self.tyres == "upper":
            return c
        if self.tyres == "english" or self.lang == "en":
            return _EN_WORD.get(c, c.lower())
        return COMPOUND_WORDS[self.lang].get(c, c.lower())

    def tyres_np(self, c: str, form: str = "the") -> str:
        """The compound as a noun phrase.

        ``the``: "the hards" / "los duros" / "o HARD"; ``set``: "hard tyres" / "neumáticos
        duros" / "pneus HARD"; ``fresh``: "fresh hards" / "duros nuevos" / "pneus HARD novos"."""
        lang, up = self.lang, self.tyres in ("upper",)
        eng = self.tyres == "english"
        if lang == "en" or eng:
            plural = c if up else _PLURAL["en"].get(c, c.lower() + "s")
            if lang == "en":
                return {"the": f"the {plural}", "set": f"{self.tyre(c)} tyres", "fresh": f"fresh {plural}",
                        "old": f"the older {plural}"}[form]
            if lang == "es":
                return {"the": f"los {plural}", "set": f"neumáticos {plural}", "fresh": f"{plural} nuevos",
                        "old": f"los {plural} usados"}[form]
            return {"the": f"os {plural}", "set": f"pneus {plural}", "fresh": f"{plural} novos",
                    "old": f"os {plural} usados"}[form]
        if lang == "es":
            if up:
                return {"the": f"el {c}", "set": f"neumáticos {c}", "fresh": f"neumáticos {c} nuevos",
                        "old": f"los {c} usados"}[form]
            pl = _PLURAL["es"].get(c, self.tyre(c))
            return {"the": f"los {pl}", "set": f"neumáticos {pl}", "fresh": f"{pl} nuevos",
                    "old": f"los {pl} usados"}[form]
        if up:
            return {"the": f"o {c}", "set": f"pneus {c}", "fresh": f"pneus {c} novos", "old": f"os {c} usados"}[form]
        pl = _PLURAL["pt"].get(c, self.tyre(c))
        return {"the": f"os {pl}", "set": f"pneus {pl}", "fresh": f"{pl} novos", "old": f"os {pl} usados"}[form]

    def change(self, a: str, b: str) -> str:
        """A compound change: ``SOFT→HARD`` with arrows, else ``from SOFT to HARD``."""
        if self.has("arrows"):
            return self.b(f"{self.tyre(a)}{self.arrow}{self.tyre(b)}")
        return self.b(self.t(f"from {self.tyre(a)} to {self.tyre(b)}", f"de {self.tyre(a)} a {self.tyre(b)}",
                             f"de {self.tyre(a)} para {self.tyre(b)}"))

    # ------------------------------------------------------------------ positions

    def pos(self, p: int) -> str:
        """A classified position: ``P8``; the ``ordinals`` style also writes ``8th`` / ``8.º`` / ``8º lugar``."""
        if self.has("ordinals") and self.chance(0.5):
            return self.b(self.t(en_suffix(p), f"{p}.º", f"{p}º"))
        return self.b(f"P{p}")
