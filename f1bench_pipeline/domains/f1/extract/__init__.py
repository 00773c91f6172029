"""Deterministic regex claim extractor for English, Spanish and Portuguese answers.

``extract_claims(text, lang, entities=None, driver_teams=None)`` turns a model's answer about
an F1 strategy decision into typed claims (``claims.Claim``, ``extractor="regex"``), with slot
names as in ``claims.CLAIM_SLOTS`` and spans that are exact substrings of the ORIGINAL text
(``text[span.start:span.end] == span.text``).

How it works (modules of this package):

1. ``text``: markdown and typography are neutralised in place (offsets survive).
2. ``tokenizer``: lexicon words (``vocabulary``, per language, compiled once in ``tokens``),
   numbers, positions, arrows and driver/team names become one sorted token list; ``binding``
   resolves pronouns, team descriptions and demonyms to drivers.
3. ``document`` splits the answer into sentences (``text.sentence_spans``; a ``sentence.Sentence``
   is a slice of the token list) and ``dispatch`` runs, per sentence, the claim families whose
   token kinds it holds: ``laps`` (pit laps, race distance), ``tyres`` (compound changes, stint
   compounds, stint laps), ``results`` (final positions, winner, stops), ``battles`` (battles and
   their outcome), ``gaps`` (gains and gaps), ``defenses`` (defenses, their outcome, a protected
   teammate). A number binds to a driver of its own sentence (``binding.drivers_for``).
4. ``finalize`` fills battle pairs, drops repeats and restatements, trims spans; before it, ``cut`` drops
   what reads the number an answer stops inside and ``phases`` a range over several stints; with it,
   ``provenance`` records how each driver claim's driver was bound (``Claim.binding``).

Precision first. A contradicted claim accuses the model; when the extractor read the wrong
number into a slot, it accuses a faithful one. So a claim is emitted only when its type and
every slot it fills are unambiguous in the sentence; a number that may belong to another
quantity gives no claim of that kind: the race distance or the laps to go, a lap that dates a
gap or a position, a range under an average, a "still on" or a superlative, the end of a range,
a stint's own lap, a place held during the race, a tyre change under a red flag, a compared
value without its owner, the move named as a noun, a heading. A pit word does not reach past a
colon, an arrow or ", then". Tested case by case in ``PRECISION_FIRST`` (test_regex_extractor.py)
and over styles in test_style_robustness.py.

Output conventions (what the verifier can rely on):

* drivers are three-letter codes; surnames of 2018-2025 drivers (Ergast ``drivers.csv``) map
  to codes, so "Leclerc" -> LEC; compounds are SOFT/MEDIUM/HARD/INTERMEDIATE/WET and the 2018
  names; numbers are int (laps, positions, counts) or float (seconds).
* ``gap.seconds`` is the size of the gap (the oracle keys gaps by absolute value);
  ``driver_a``/``driver_b`` follow the battle's attacker -> defender order when the answer
  names the pair the other way round; ``when`` is before/after when the text says so.
* ``gain.seconds`` keeps the sign the text states ("gained -0.9 seconds" -> -0.9).
* A slot the text does not state is absent: "switched to HARD on lap 33" is a
  ``compound_change`` without ``from`` (``Claim.missing_required()`` reports it), "stayed out on
  old mediums" a ``stint_compound`` without ``stint``. ``stint_laps`` gets ``n_laps`` from a
  stated range. Battle-scoped claims (outcome, gain, gap) carry the answer's battle pair.
* "won the race" gives ``winner`` and ``final_position`` 1; a negated move ("STR did not
  overcut ALO", "no le hizo un overcut") gives ``battle_outcome(success=false)``, a hedge
  ("we cannot say it was an overcut") nothing. Questions (a restated prompt) give nothing, but
  "Did it work? Yes." does.
* ``binding`` is "subject" or "near" on the pit laps, tyre changes with a lap and stint laps (the
  claims a verifier reading may apply to): "near" when the driver was reached only by proximity (an
  object, a compared driver, a driver in brackets); the verifier then tries no alternative reading.
* ``entity`` claims (a driver code/surname or team outside ``entities``) only when
  ``entities`` is given. ``other`` is never emitted.

Never raises: any input (bytes, 1 MB, regex-bomb text) gives a list; every pattern is
linear (bounded windows, no nested unbounded quantifiers), and run-on "sentences" are cut
into chunks of at most 80 tokens so the per-sentence rules stay linear too.
"""

from __future__ import annotations

from f1bench_pipeline.domains.f1.claims import Claim
from f1bench_pipeline.domains.f1.extract.document import Document
from f1bench_pipeline.domains.f1.extract.drivers import DRIVERS_CSV, driver_table, surname_to_code
from f1bench_pipeline.domains.f1.extract.first_chars import skip_in_modules
from f1bench_pipeline.domains.f1.extract.reading import read
from f1bench_pipeline.gc_pause import gc_paused

# every rule pattern loaded above, recompiled to skip to the characters its matches start with (same matches)
skip_in_modules(__name__)

__all__ = ["DRIVERS_CSV", "driver_table", "extract_claims", "surname_to_code"]


def _extract(text: str | bytes, lang: str, entities: dict | None = None,
             driver_teams: dict[str, str] | None = None) -> list[Claim]:
    """``extract_claims`` without its guard: errors propagate (tests and benchmarks)."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        text = bytes(text).decode("utf-8", errors="replace")
    elif not isinstance(text, str):
        text = "" if text is None else str(text)
    if not text.strip():
        return []
    return read(Document(text, lang if isinstance(lang, str) else "en", entities, driver_teams))


@gc_paused  # an answer's tokens, sentences and records make no reference cycle (gc_pause.py)
def extract_claims(text: str | bytes, lang: str, entities: dict | None = None,
                   driver_teams: dict[str, str] | None = None) -> list[Claim]:
    """Typed claims of one answer (see the package docstring). ``entities`` = {"drivers":
    [codes], "teams": [names]} of the context enables ``entity`` claims for names outside
    it; ``driver_teams`` ({code: team}) resolves "the Ferrari driver". Never raises on an answer;
    a missing driver table (a broken install) raises here rather than read as "no claims"."""
    driver_table()
    try:
        return _extract(text, lang, entities, driver_teams)
    except Exception:  # noqa: BLE001 - the contract is "never raise"; the tests run _extract bare
        return []
