"""The regex extractor package's layout: small modules, a dispatch table covering every claim
family, kinds as an enum, and per-language vocabulary data that the patterns are built from.

(The extractor's behaviour is tested in test_regex_extractor.py.)
"""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

from f1bench_pipeline.domains.f1 import extract
from f1bench_pipeline.domains.f1.extract import (battles, defenses, dispatch, gaps, lap_difference, laps, neutralisations,
                                               pace, pace_compare, race_order, results, stint_bounds, tokens, tyres,
                                               vocabulary)
from f1bench_pipeline.domains.f1.extract import (final_order, gap_order, lap_pace, stop_compare,  # (#44, pass two)
                                                 stop_ordinals, unstated)
from f1bench_pipeline.domains.f1.extract import caused_order, finish_gain, gap_trend, stint_length  # (#44, pass three)
from f1bench_pipeline.domains.f1.extract import order_stop, stop_delay  # (#44, pass four)
from f1bench_pipeline.domains.f1.extract import held_position  # (#44, pass five)
from f1bench_pipeline.domains.f1.extract import lap_age, stop_time  # (#44, pass five: pace)

PACKAGE = Path(extract.__file__).parent
FAMILIES = (laps, tyres, stint_bounds, results, battles, gaps, defenses, pace, pace_compare, lap_difference, race_order,
            neutralisations, lap_pace, final_order, stop_compare, stop_ordinals, gap_order, unstated)
FAMILIES += (stint_length, finish_gain, gap_trend, caused_order)  # (#44, pass three)
FAMILIES += (stop_delay, order_stop)  # (#44, pass four)
FAMILIES += (held_position,)  # (#44, pass five)
FAMILIES += (lap_age, stop_time)  # (#44, pass five: pace)


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_no_module_is_over_400_lines_and_each_states_its_behaviour():
    for path in _modules():
        text = path.read_text(encoding="utf-8")
        assert len(text.splitlines()) <= 400, path
        doc = ast.get_docstring(ast.parse(text))
        assert doc and len(doc) > 40, f"{path} needs a docstring that says what it does"


def test_the_dispatch_table_covers_every_claim_family_and_rule():
    families = {r.family for r in dispatch.DISPATCH}
    assert families == {m.__name__.rsplit(".", 1)[-1] for m in FAMILIES}
    listed = {r.run for r in dispatch.DISPATCH}
    for module in FAMILIES:
        # every public function of a family that reads a sentence is in the table
        for name, fn in inspect.getmembers(module, inspect.isfunction):
            sig = inspect.signature(fn)
            if fn.__module__ == module.__name__ and not name.startswith("_") and \
                    list(sig.parameters) == ["doc", "sent"] and sig.return_annotation == "None":
                assert fn in listed, f"{module.__name__}.{name} is not in the dispatch table"
    for rule in dispatch.DISPATCH:
        assert rule.kinds and all(tokens.Kind(k) for k in rule.kinds), rule
        assert rule.also is None or all(tokens.Kind(k) for k in rule.also), rule
    # pit laps are read before the tyres (a tyre change takes the lap of its own pit stop)
    order = [r.run for r in dispatch.ON_STATEMENTS]
    assert order.index(laps.pit_laps) < order.index(tyres.compounds)


def test_every_kind_has_its_module_level_name():
    for kind in tokens.Kind:
        assert getattr(tokens, kind.name) is kind.value and kind == kind.value
    # the vocabulary's kind codes are kinds
    for module in vocabulary.LANGUAGES.values():
        for kind, _value, _words in module.LEXICON:
            tokens.Kind(kind)
    table, _regex = tokens.word_table("xx")
    assert all(tokens.Kind(k).value is k for k, _v, _a in table.values())
    assert repr(tokens.Token(0, 3, tokens.DRIVER, "LEC", "LEC")) == "DRIVER('LEC')@0"


def test_vocabulary_keeps_languages_apart_and_every_window_is_used():
    used: set[str] = set()
    for path in _modules():
        used |= set(re.findall(r"\b(?:alt|words|word_set|alternatives)\(\"(\w+)\"", path.read_text(encoding="utf-8")))
    defined = {name for module in vocabulary.LANGUAGES.values() for name in module.WINDOWS}
    assert defined == used, (defined - used, used - defined)
    # a window's alternatives are its languages' in order, each once
    assert vocabulary.alternatives("and") == ("and", "y", "e")
    assert vocabulary.words("lap_noun") == "lap|vuelta|volta"
    # the answer's language decides which lexicon applies; English is always active
    assert vocabulary.lexicon_for("es")["vuelta"] == ("LAPW", "sg") and "vuelta" not in vocabulary.lexicon_for("en")
    assert vocabulary.lexicon_for("pt")["lap"] == ("LAPW", "sg")
    assert "no" not in vocabulary.lexicon_for("pt") or vocabulary.lexicon_for("pt")["no"] != ("NEG", None)


def test_the_api_is_the_package():
    assert set(extract.__all__) == {"DRIVERS_CSV", "driver_table", "extract_claims", "surname_to_code"}
    claims = extract.extract_claims("Leclerc pitted on lap 20, switching from MEDIUM to HARD.", "en")
    assert {(c.type, c.slots.get("lap")) for c in claims} >= {("pit_lap", 20), ("compound_change", 20)}
