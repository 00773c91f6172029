"""The leaderboard, defined once: the SQL of the ``leaderboard`` views and of every Python aggregate.

``leaderboard_sql`` renders one DuckDB query over a relation of per-generation scores. The
views in ``sql/views`` (``leaderboard``, ``weather_leaderboard``) embed it through
``storage/views.py``; ``aggregate`` runs the same text on a polars frame (``f1bench score``,
asset metadata, the refinement report), so the two cannot drift apart.

Uncertainty is a bootstrap over instances, vectorised in DuckDB. Each replicate weights an
instance by a Poisson(1) count drawn from a hash of (instance id, replicate, seed): the
Poisson bootstrap, which for samples of this size matches the multinomial one and needs no
shared random state, so it runs as one GROUP BY. Because the weight depends on the instance
alone, every system and language sees the same resample: intervals of a difference between
two systems are paired, and the pooled ``lang = 'all'`` rows resample an instance's three
languages together (they are one decision, not three independent ones).

Only ``ok`` generations with a valid extraction are scored; other statuses are counted.
Abstentions (no claims) are kept out of the precision means and counted; they score recall
0 and F1 0.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import polars as pl

# The figures that get an interval (macro means over scored generations).
INTERVAL_MEASURES = ("precision", "recall", "f1", "hallucination_rate")
# Weighted sums per replicate: measure -> (numerator, denominator); a replicate mean is their ratio.
_SUMS = {
    "precision": ("sum(_w * precision)", "sum(_w) FILTER (precision IS NOT NULL)"),
    "recall": ("sum(_w * recall)", "sum(_w)"),
    "f1": ("sum(_w * f1)", "sum(_w)"),
    "hallucination_rate": ("sum(_w * hallucination_rate)", "sum(_w) FILTER (hallucination_rate IS NOT NULL)"),
}
# Two means this close are a tie (the same answers summed in another order differ in the last bits).
TIE_TOLERANCE = 1e-12
_POISSON_MAX = 12  # P(Poisson(1) > 12) < 1e-10: the weight's tail is cut there
# Figures corrected for the instrument's own error from human-reviewed answers (``reviews``
# below; review/human_score.py defines the human score): prediction-powered inference. The
# corrected mean is the automatic mean over every scored answer plus the mean of (human −
# automatic) over the reviewed ones (the rectifier), both resampled by the same bootstrap.
CORRECTED_MEASURES = ("precision", "recall", "f1")
# How a score row finds its human score: the answer's key (one row per answer after averaging reviewers).
REVIEW_JOIN = ("season", "variant", "extractor", "model", "id", "lang")


@dataclass(frozen=True)
class Bootstrap:
    """How intervals are drawn: ``replicates`` resamples of ``cluster`` (the instance id), seeded."""

    replicates: int = 1000
    seed: int = 2026
    confidence: float = 0.95
    cluster: str = "id"
    # Pairs sharing fewer instances get no verdict (``*_differs`` NULL): a percentile interval
    # from a handful of instances is too narrow to call an order.
    min_instances: int = 20

    @classmethod
    def from_settings(cls) -> Bootstrap:
        from f1bench_pipeline.settings import get_settings

        s = get_settings()
        return cls(replicates=s.bootstrap_replicates, seed=s.bootstrap_seed, confidence=s.confidence_level,
                   min_instances=s.significance_min_instances)


def poisson_weight_sql(cluster: str, replicate: str, seed: int) -> str:
    """A Poisson(1) count from a uniform made of the hash of (cluster, replicate, seed)."""
    u = f"((hash({cluster}, {replicate}, {int(seed)}) >> 11)::DOUBLE / 9007199254740992.0)"
    cdf, p = 0.0, math.exp(-1.0)
    cases = []
    for k in range(_POISSON_MAX):
        cdf += p
        cases.append(f"WHEN {u} < {cdf!r} THEN {k}")
        p /= k + 1
    return f"CASE {' '.join(cases)} ELSE {_POISSON_MAX} END"


def _grouping_sets(keys: Sequence[str], levels: Sequence[str], extra: Sequence[str] = ()) -> str:
    """Every subset of ``levels`` beside ``keys``: the rolled-up rows read 'all'."""
    sets = []
    for r in range(len(levels) + 1):
        for combo in combinations(levels, r):
            sets.append("(" + ", ".join([*keys, *combo, *extra]) + ")")
    return "GROUPING SETS (" + ", ".join(sets) + ")"


def _level_columns(levels: Sequence[str]) -> list[str]:
    return [f"coalesce(CAST({lv} AS VARCHAR), 'all') AS {lv}" for lv in levels]


# An answer in another language than the one asked (scores.wrong_language) is counted (n_wrong_language)
# and, where the source marks it ``wrong_language_excluded`` (the leaderboard_generations view, by
# default; F1BENCH_LEADERBOARD_INCLUDE_WRONG_LANGUAGE=1 keeps it), left out of the figures: it does not
# measure that language. A source without the columns (an old warehouse, another domain) reads NULL.
SCORED = "(status = 'ok' AND extraction_status = 'ok' AND wrong_language_excluded IS NOT TRUE)"


MICRO_F1 = ("CASE WHEN micro_precision + micro_recall > 0 "
            "THEN 2 * micro_precision * micro_recall / (micro_precision + micro_recall) "
            "WHEN micro_precision IS NOT NULL AND micro_recall IS NOT NULL THEN 0.0 END")


def _with_coverage(source: str) -> str:
    """``source`` with the ``reading_coverage``, ``context_current``, ``wrong_language`` and
    ``wrong_language_excluded`` columns: a score table written before the column existed (a
    warehouse not yet re-scored, another domain) reads NULL rather than failing."""
    return (f"(SELECT * FROM {source} UNION ALL BY NAME SELECT NULL::DOUBLE AS reading_coverage, "
            "NULL::BOOLEAN AS context_current, NULL::BOOLEAN AS wrong_language, "
            "NULL::BOOLEAN AS wrong_language_excluded WHERE false)")


def reviewed_source_sql(source: str, reviews: str, on: Sequence[str] = REVIEW_JOIN) -> str:
    """``source`` with each answer's human score (``_h_precision``, ``_h_recall``, ``_h_f1``: the
    mean over its reviewers in ``reviews``, a ``review_scores`` relation) and ``_h_random`` (every
    review of it was of a random sample); NULL for answers nobody reviewed."""
    cols = ", ".join(on)
    return f"""(SELECT _s.*, _h._h_precision, _h._h_recall, _h._h_f1, _h._h_random, _h._h_random IS NOT NULL AS _h_reviewed
    FROM {source} AS _s LEFT JOIN (
        SELECT {cols}, avg(precision_human) AS _h_precision, avg(recall_human) AS _h_recall, avg(f1_human) AS _h_f1,
               bool_and(coalesce(sampling, 'not_random') = 'random') AS _h_random
        FROM {reviews} GROUP BY ALL) AS _h USING ({cols}))"""


def _corrected_points() -> str:
    """Point estimates of the corrected figures (for ``_points_sql`` over a ``reviewed_source_sql``)."""
    # the rectified mean can leave [0, 1] (a mean plus a mean of differences); a precision, recall or
    # F1 cannot, so the estimate and its interval are projected onto [0, 1]
    figures = "".join(f",\n           {_unit('avg(' + m + ') FILTER (_scored) + avg(_h_' + m + ' - ' + m + ') FILTER (_scored)')}"
                      f" AS {m}_corrected" for m in CORRECTED_MEASURES)
    return (",\n           count(*) FILTER (_scored AND _h_reviewed) AS n_reviewed,"
            "\n           CASE WHEN bool_and(_h_random) FILTER (_scored AND _h_reviewed) THEN 'random'"
            " WHEN count(*) FILTER (_scored AND _h_reviewed) > 0 THEN 'not_random' END AS correction_sampling"
            + figures)


def _unit(expr: str) -> str:
    """SQL: ``expr`` clamped to [0, 1]; NULL stays NULL (DuckDB's greatest/least skip NULLs)."""
    return f"CASE WHEN ({expr}) IS NOT NULL THEN least(1.0, greatest(0.0, {expr})) END"


def _points_sql(source: str, keys: Sequence[str], levels: Sequence[str], corrected: bool = False) -> str:
    return f"""
    SELECT * REPLACE ({MICRO_F1} AS micro_f1) FROM (
    SELECT {', '.join([*keys, *_level_columns(levels)])},
           count(*) AS n_generations,
           count(*) FILTER (_scored) AS n_scored,
           count(*) FILTER (_scored AND n_claims = 0) AS n_abstentions,
           count(*) FILTER (status <> 'ok') AS n_not_ok,
           count(*) FILTER (status = 'content_filtered') AS n_content_filtered,
           count(*) FILTER (status = 'refused') AS n_refused,
           count(*) FILTER (status = 'truncated') AS n_truncated,
           count(*) FILTER (status = 'error') AS n_error,
           count(*) FILTER (status = 'ok' AND extraction_status = 'error') AS n_extraction_error,
           count(*) FILTER (context_current = false) AS n_context_stale,
           count(*) FILTER (status = 'ok' AND wrong_language) AS n_wrong_language,
           avg(precision) FILTER (_scored) AS precision,
           avg(strict_precision) FILTER (_scored) AS strict_precision,
           avg(hallucination_rate) FILTER (_scored) AS hallucination_rate,
           avg(recall) FILTER (_scored) AS recall,
           avg(f1) FILTER (_scored) AS f1,
           sum(n_supported) FILTER (_scored) / nullif(sum(n_claims) FILTER (_scored), 0) AS micro_precision,
           sum(n_contradicted) FILTER (_scored) / nullif(sum(n_claims) FILTER (_scored), 0) AS micro_hallucination,
           sum(n_covered) FILTER (_scored) / nullif(sum(n_oracle) FILTER (_scored), 0) AS micro_recall,
           NULL::DOUBLE AS micro_f1,
           avg(n_claims) FILTER (_scored) AS claims_per_generation,
           avg(reading_coverage) FILTER (_scored) AS reading_coverage{_corrected_points() if corrected else ''}
    FROM (SELECT *, {SCORED} AS _scored FROM {_with_coverage(source)})
    GROUP BY {_grouping_sets(keys, levels)})"""


def _resampled(rows: str, grain: Sequence[str], sums: str, bootstrap: Bootstrap) -> str:
    """CTEs ``_grain`` and ``_fine``: ``sums`` (over ``_w``, each row's Poisson weight) per ``grain``
    group of the relation ``rows`` and replicate ``b``. The rows × replicates pass groups by one
    integer per group (``_g``), not by the grain's text columns: half the time of the query."""
    weight = poisson_weight_sql(bootstrap.cluster, "_b", bootstrap.seed)
    cols = ", ".join(grain)
    same = " AND ".join(f"_x.{c} IS NOT DISTINCT FROM _grain.{c}" for c in grain)
    return f"""_grain AS (
        SELECT {cols}, row_number() OVER () AS _g FROM (SELECT DISTINCT {cols} FROM {rows})
    ), _fine AS (
        SELECT _grain.* EXCLUDE (_g), _f.* EXCLUDE (_g) FROM (
            SELECT _g, _b AS b,
               {sums}
            FROM (SELECT *, {weight} AS _w
                  FROM (SELECT _x.*, _grain._g FROM {rows} AS _x JOIN _grain ON {same})
                  CROSS JOIN range({int(bootstrap.replicates)}) AS _r(_b))
            GROUP BY ALL) AS _f JOIN _grain USING (_g)
    )"""


def replicates_sql(source: str, keys: Sequence[str], levels: Sequence[str], bootstrap: Bootstrap,
                   corrected: bool = False) -> str:
    """One row per group × replicate ``b`` with the resampled macro means of INTERVAL_MEASURES
    (and, ``corrected`` over a ``reviewed_source_sql``, ``<m>_corrected`` of CORRECTED_MEASURES:
    the resampled automatic mean plus the resampled rectifier of the same replicate).

    Weighted sums are taken at the finest grain once, then rolled up (sums add), so the work
    is one pass over rows × replicates whatever the number of grouping sets.
    """
    grain = [*keys, *levels]
    sums = ",\n           ".join(f"{num} AS _n_{m}, {den} AS _d_{m}" for m, (num, den) in _SUMS.items())
    means = ",\n           ".join(f"sum(_n_{m}) / nullif(sum(_d_{m}), 0) AS {m}" for m in _SUMS)
    if corrected:
        sums += "".join(f",\n           sum(_w * (_h_{m} - {m})) AS _rn_{m}, "
                        f"sum(_w) FILTER (_h_{m} IS NOT NULL AND {m} IS NOT NULL) AS _rd_{m}" for m in CORRECTED_MEASURES)
        means += "".join(f",\n           sum(_n_{m}) / nullif(sum(_d_{m}), 0) + sum(_rn_{m}) / nullif(sum(_rd_{m}), 0)"
                         f" AS {m}_corrected" for m in CORRECTED_MEASURES)
    return f"""
    WITH _scored AS (SELECT * FROM {_with_coverage(source)} WHERE {SCORED}),
    {_resampled("_scored", grain, sums, bootstrap)}
    SELECT {', '.join([*keys, *_level_columns(levels)])}, b,
           {means}
    FROM _fine
    GROUP BY {_grouping_sets(keys, levels, extra=('b',))}"""


def intervals_sql(replicates: str, keys: Sequence[str], levels: Sequence[str], confidence: float,
                  measures: Sequence[str] = INTERVAL_MEASURES) -> str:
    """``<measure>_lo`` / ``<measure>_hi``: percentile interval of each measure over the replicates."""
    lo, hi = (1 - confidence) / 2, 1 - (1 - confidence) / 2
    cols = ",\n           ".join(f"quantile_cont({m}, {lo!r}) AS {m}_lo, quantile_cont({m}, {hi!r}) AS {m}_hi"
                                 for m in measures)
    return f"""
    SELECT {', '.join([*keys, *levels])},
           {cols}
    FROM ({replicates})
    GROUP BY ALL"""


def leaderboard_sql(source: str, keys: Sequence[str], levels: Sequence[str] = (),
                    bootstrap: Bootstrap | None = None, reviews: str | None = None,
                    replicates: str | None = None) -> str:
    """The leaderboard of ``source`` per ``keys`` and every roll-up of ``levels`` ('all').

    With ``bootstrap`` (and replicates > 0), each INTERVAL_MEASURE gets ``_lo``/``_hi`` columns
    beside it: the percentile interval at ``bootstrap.confidence``. With ``reviews`` (a
    ``review_scores`` relation), the last columns are ``n_reviewed`` (scored answers with a
    human score), ``correction_sampling`` (random / not_random; NULL with none reviewed) and
    ``precision_corrected``, ``recall_corrected``, ``f1_corrected`` with their ``_lo``/``_hi``
    (NULL where nothing is reviewed): the other columns are the same as without ``reviews``.
    ``replicates``: a relation already holding ``replicates_sql`` of the same arguments (computed
    once for the board and ``inversion_significance_sql``).
    """
    corrected = reviews is not None
    if reviews is not None:
        source = reviewed_source_sql(source, reviews)
    points = _points_sql(source, keys, levels, corrected)
    if bootstrap is None or bootstrap.replicates <= 0:
        return points
    groups = [*keys, *levels]
    measures = [*INTERVAL_MEASURES, *(f"{m}_corrected" for m in CORRECTED_MEASURES if corrected)]
    ci = intervals_sql(replicates or replicates_sql(source, keys, levels, bootstrap, corrected), keys, levels,
                       bootstrap.confidence, measures)
    # interval columns right after their figure, in the points' column order
    order = []
    for c in ["n_generations", "n_scored", "n_abstentions", "n_not_ok", "n_content_filtered", "n_refused",
              "n_truncated", "n_error", "n_extraction_error", "n_context_stale", "n_wrong_language", "precision", "strict_precision",
              "hallucination_rate", "recall", "f1", "micro_precision", "micro_hallucination", "micro_recall",
              "micro_f1", "claims_per_generation", "reading_coverage"]:
        order.append(f"_p.{c}")
        if c in INTERVAL_MEASURES:
            order += [f"_i.{c}_lo", f"_i.{c}_hi"]
    if corrected:
        order += ["_p.n_reviewed", "_p.correction_sampling"]
        for m in CORRECTED_MEASURES:
            order += [f"_p.{m}_corrected", f"{_unit(f'_i.{m}_corrected_lo')} AS {m}_corrected_lo",
                      f"{_unit(f'_i.{m}_corrected_hi')} AS {m}_corrected_hi"]
    on = " AND ".join(f"_p.{g} = _i.{g}" for g in groups)
    return f"""
    SELECT {', '.join(f'_p.{g}' for g in groups)}, {', '.join(order)}
    FROM ({points}) AS _p LEFT JOIN ({ci}) AS _i ON {on}"""


def _pair_sums(w: str) -> str:
    """Sums behind a paired difference, each row weighted by ``w`` (1 for the point estimate)."""
    return (f"sum({w} * pa) AS spa, sum({w}) FILTER (pa IS NOT NULL) AS wpa, "
            f"sum({w} * pb) AS spb, sum({w}) FILTER (pb IS NOT NULL) AS wpb, "
            f"sum({w} * (fa - fb)) AS sdf, sum({w}) AS wn, count(*) AS n")


def pair_differences_sql(source: str, keys: Sequence[str], system: str, levels: Sequence[str],
                         bootstrap: Bootstrap) -> str:
    """Paired differences between every two systems over the instances both scored.

    One row per ``keys`` × level roll-up × (system_a < system_b): the difference of their
    mean precision and mean F1 (a − b) on the shared instances, its percentile interval and
    the share of replicates in which a is ahead (``p_a_ahead_*``; near 0 or 1 = a clear order),
    and whether the interval excludes 0 (``*_differs``; NULL under ``min_instances`` shared).
    """
    lo, hi = (1 - bootstrap.confidence) / 2, 1 - (1 - bootstrap.confidence) / 2
    grain = [*keys, *levels]
    join_on = " AND ".join(f"a.{c} IS NOT DISTINCT FROM b.{c}" for c in [*grain, bootstrap.cluster])
    pairs = f"""
        SELECT {', '.join(f'a.{c}' for c in grain)}, a.{bootstrap.cluster},
               a.{system} AS system_a, b.{system} AS system_b,
               a.precision AS pa, b.precision AS pb, a.f1 AS fa, b.f1 AS fb
        FROM (SELECT * FROM {_with_coverage(source)} WHERE {SCORED}) AS a
        JOIN (SELECT * FROM {_with_coverage(source)} WHERE {SCORED}) AS b ON {join_on} AND a.{system} < b.{system}"""
    diff = ("sum(spa) / nullif(sum(wpa), 0) - sum(spb) / nullif(sum(wpb), 0) AS precision_diff, "
            "sum(sdf) / nullif(sum(wn), 0) AS f1_diff")
    pair_keys = [*keys, "system_a", "system_b"]
    return f"""
    WITH _pairs AS ({pairs}
    ), _point_fine AS (
        SELECT {', '.join([*grain, 'system_a', 'system_b'])}, {_pair_sums('1')}
        FROM _pairs GROUP BY ALL
    ), _points AS (
        SELECT {', '.join([*pair_keys, *_level_columns(levels)])}, sum(n) AS n_shared, {diff}
        FROM _point_fine GROUP BY {_grouping_sets(pair_keys, levels)}
    ), {_resampled("_pairs", [*grain, 'system_a', 'system_b'], _pair_sums('_w'), bootstrap)}, _reps AS (
        SELECT {', '.join([*pair_keys, *_level_columns(levels)])}, b, {diff}
        FROM _fine GROUP BY {_grouping_sets(pair_keys, levels, extra=('b',))}
    ), _ci AS (
        SELECT {', '.join([*pair_keys, *levels])},
               quantile_cont(precision_diff, {lo!r}) AS precision_diff_lo, quantile_cont(precision_diff, {hi!r}) AS precision_diff_hi,
               avg(CASE WHEN precision_diff > 0 THEN 1.0 WHEN precision_diff < 0 THEN 0.0 ELSE 0.5 END) AS p_a_ahead_precision,
               quantile_cont(f1_diff, {lo!r}) AS f1_diff_lo, quantile_cont(f1_diff, {hi!r}) AS f1_diff_hi,
               avg(CASE WHEN f1_diff > 0 THEN 1.0 WHEN f1_diff < 0 THEN 0.0 ELSE 0.5 END) AS p_a_ahead_f1
        FROM _reps GROUP BY ALL
    )
    SELECT _points.*, precision_diff_lo, precision_diff_hi, p_a_ahead_precision,
           f1_diff_lo, f1_diff_hi, p_a_ahead_f1,
           CASE WHEN n_shared >= {int(bootstrap.min_instances)}
                THEN (precision_diff_lo > 0 OR precision_diff_hi < 0) END AS precision_differs,
           CASE WHEN n_shared >= {int(bootstrap.min_instances)} THEN (f1_diff_lo > 0 OR f1_diff_hi < 0) END AS f1_differs
    FROM _points LEFT JOIN _ci USING ({', '.join([*pair_keys, *levels])})"""


def inversion_significance_sql(replicates: str, points: str, keys: Sequence[str], system: str) -> str:
    """Does the ranking inversion hold? One row per ``keys`` (e.g. season × variant × extractor × lang).

    ``replicates`` and ``points`` are relations (a name or a parenthesised query) with one row
    per ``keys`` × system (× ``b``), as ``replicates_sql`` and ``leaderboard_sql`` give them.

    ``precision_leaders`` / ``f1_leaders``: the systems first by each on the point estimates
    (ties listed together); ``inversion_observed``: no system is first by both;
    ``p_inversion``: the share of bootstrap replicates in which that is so. Ties count as
    shared first places, so two systems both at precision 1.0 are both precision leaders.
    """
    k = ", ".join(keys)
    return f"""
    WITH _r AS (
        -- a leader is within TIE_TOLERANCE of the best: two systems with the same answers tie
        -- although DuckDB's threads may add their sums up in another order
        SELECT *, max(precision) OVER w AS _max_p, max(f1) OVER w AS _max_f1, count(*) OVER w AS _n
        FROM {replicates} WINDOW w AS (PARTITION BY {k}, b)
    ), _per_b AS (
        SELECT {k}, b, NOT bool_or(precision >= _max_p - {TIE_TOLERANCE!r} AND f1 >= _max_f1 - {TIE_TOLERANCE!r}) AS inverted
        FROM _r WHERE _n >= 2 GROUP BY ALL
    ), _pt AS (
        SELECT *, max(precision) OVER w AS _max_p, max(f1) OVER w AS _max_f1
        FROM {points} WINDOW w AS (PARTITION BY {k})
    ), _leaders AS (
        SELECT {k}, count(*) AS n_systems,
               string_agg({system}, ', ' ORDER BY {system}) FILTER (precision >= _max_p - {TIE_TOLERANCE!r}) AS precision_leaders,
               string_agg({system}, ', ' ORDER BY {system}) FILTER (f1 >= _max_f1 - {TIE_TOLERANCE!r}) AS f1_leaders,
               NOT bool_or(precision >= _max_p - {TIE_TOLERANCE!r} AND f1 >= _max_f1 - {TIE_TOLERANCE!r}) AS inversion_observed
        FROM _pt GROUP BY ALL HAVING count(*) >= 2
    )
    SELECT _leaders.*, avg(inverted::INTEGER) AS p_inversion, count(_per_b.b) AS replicates
    FROM _leaders LEFT JOIN _per_b USING ({k})
    GROUP BY ALL"""


def ranking_inversion_sql(source: str, keys: Sequence[str], system: str, columns: Sequence[str]) -> str:
    """Systems ranked by precision beside their rank by F1 per ``keys``, with the two rank
    correlations of precision and F1 over the systems of a partition (the same on every row):
    ``spearman_precision_vs_f1`` (Pearson on average ranks, so ties count as ties) and
    ``kendall_tau_b_precision_vs_f1`` ((n_c − n_d) / sqrt((n0 − n1)(n0 − n2)) over pairs of
    systems, n1 / n2 = pairs tied in precision / in F1); both NULL for a single system or when
    every system ties on one side — ``metrics.spearman`` / ``metrics.kendall_tau_b``."""
    k = ", ".join(keys)
    same = lambda a, b: " AND ".join(f"{a}.{c} IS NOT DISTINCT FROM {b}.{c}" for c in keys)  # noqa: E731
    return f"""
    WITH _ranked AS (
        SELECT {k}, {system}, {', '.join(columns)},
               rank() OVER (PARTITION BY {k} ORDER BY precision DESC) AS rank_by_precision,
               rank() OVER (PARTITION BY {k} ORDER BY f1 DESC) AS rank_by_f1,
               -- average ranks for ties (two systems at precision 1.0 share rank 1.5)
               rank() OVER (PARTITION BY {k} ORDER BY precision DESC)
                 + (count(*) OVER (PARTITION BY {k}, precision) - 1) / 2.0 AS _avg_rank_p,
               rank() OVER (PARTITION BY {k} ORDER BY f1 DESC)
                 + (count(*) OVER (PARTITION BY {k}, f1) - 1) / 2.0 AS _avg_rank_f1
        FROM {source}
    ), _pairs AS (
        -- every unordered pair of systems in a partition, once
        SELECT {', '.join(f'a.{c}' for c in keys)},
               count(*) AS n0,
               count(*) FILTER (a.precision = b.precision) AS n1,
               count(*) FILTER (a.f1 = b.f1) AS n2,
               count(*) FILTER (a.precision <> b.precision AND a.f1 <> b.f1
                                AND (a.precision > b.precision) = (a.f1 > b.f1)) AS n_concordant,
               count(*) FILTER (a.precision <> b.precision AND a.f1 <> b.f1
                                AND (a.precision > b.precision) <> (a.f1 > b.f1)) AS n_discordant
        FROM {source} a JOIN {source} b ON {same('a', 'b')} AND a.{system} < b.{system}
        GROUP BY ALL
    )
    SELECT r.* EXCLUDE (_avg_rank_p, _avg_rank_f1),
           -- corr() of a constant column is NaN: NULL, as for tau-b (no ranking to compare)
           nullif(corr(r._avg_rank_p, r._avg_rank_f1) OVER (PARTITION BY {', '.join(f'r.{c}' for c in keys)}),
                  'NaN'::DOUBLE) AS spearman_precision_vs_f1,
           (p.n_concordant - p.n_discordant) / nullif(sqrt(CAST((p.n0 - p.n1) * (p.n0 - p.n2) AS DOUBLE)), 0)
             AS kendall_tau_b_precision_vs_f1
    FROM _ranked r LEFT JOIN _pairs p ON {same('r', 'p')}"""


# Templates the SQL view files call as {{name key=value …}} (storage/views.py expands them);
# list values are comma-separated, without spaces.
def render_template(name: str, args: dict[str, str], bootstrap: Bootstrap) -> str:
    """The SQL of one ``{{name …}}`` directive in a view file."""
    def listed(key: str) -> list[str]:
        return [v for v in args.get(key, "").split(",") if v]

    if name == "leaderboard":
        return leaderboard_sql(args["source"], listed("keys"), listed("levels"),
                               None if args.get("intervals") == "off" else bootstrap, args.get("reviews"))
    if name == "leaderboard_replicates":
        reviews = args.get("reviews")
        source = args["source"] if reviews is None else reviewed_source_sql(args["source"], reviews)
        return replicates_sql(source, listed("keys"), listed("levels"), bootstrap, reviews is not None)
    if name == "pair_differences":
        return pair_differences_sql(args["source"], listed("keys"), args["system"], listed("levels"), bootstrap)
    if name == "ranking_inversion":
        return ranking_inversion_sql(args["source"], listed("keys"), args["system"], listed("columns"))
    if name == "inversion_significance":
        return inversion_significance_sql(args["replicates"], args["points"], listed("keys"), args["system"])
    raise ValueError(f"unknown SQL template {{{{{name}}}}} (known: leaderboard, leaderboard_replicates, "
                     "pair_differences, ranking_inversion, inversion_significance)")


def _frame_for_sql(scores: pl.DataFrame) -> pl.DataFrame:
    """Columns the query reads that a frame may lack (an in-memory score frame has no extraction
    status when it was never extracted; no results source outside F1). A frame that does not say
    which answers in another language to leave out (``wrong_language_excluded``: the view's rows
    do) leaves them out unless F1BENCH_LEADERBOARD_INCLUDE_WRONG_LANGUAGE is set."""
    out = scores
    if "wrong_language_excluded" not in out.columns and "wrong_language" in out.columns:
        from f1bench_pipeline.settings import get_settings

        keep = get_settings().leaderboard_include_wrong_language
        out = out.with_columns((pl.lit(not keep) & pl.col("wrong_language").fill_null(False))
                               .alias("wrong_language_excluded"))
    if "extraction_status" not in out.columns:
        out = out.with_columns(pl.when(pl.col("n_claims").is_not_null()).then(pl.lit("ok")).otherwise(pl.lit("error"))
                               .alias("extraction_status"))
    for c, dtype in (("n_supported", pl.Int64), ("n_contradicted", pl.Int64), ("n_covered", pl.Int64),
                     ("n_oracle", pl.Int64), ("strict_precision", pl.Float64), ("hallucination_rate", pl.Float64),
                     ("reading_coverage", pl.Float64), ("context_current", pl.Boolean),
                     ("wrong_language", pl.Boolean), ("wrong_language_excluded", pl.Boolean)):
        if c not in out.columns:
            out = out.with_columns(pl.lit(None, dtype).alias(c))
    return out


def _connect(frames: dict[str, pl.DataFrame]):
    import duckdb

    con = duckdb.connect()
    con.execute("SET enable_progress_bar = false")
    for name, df in frames.items():
        con.register(name, df.to_arrow())
    return con


def _run(sql: str, frames: dict[str, pl.DataFrame]) -> pl.DataFrame:
    con = _connect(frames)
    try:
        return con.sql(sql).pl()
    finally:
        con.close()


def board_and_significance(scores: pl.DataFrame, by: Sequence[str], bootstrap: Bootstrap, system: str = "model",
                           levels: Sequence[str] = ()) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """(``aggregate`` per ``by`` × ``system``, ``pair_differences``, ``inversion_significance``) of one
    score frame in one DuckDB session, the board's replicates drawn once for the board and the
    inversion (the same rows as the three calls; ``f1bench score``). Fewer than two systems: the
    last two are empty."""
    keys = [*by, system]
    con = _connect({"_scores": _frame_for_sql(scores)})
    try:
        con.execute(f"CREATE TEMP TABLE _reps AS {replicates_sql('_scores', keys, levels, bootstrap)}")
        board = con.sql(leaderboard_sql("_scores", keys, levels, bootstrap, replicates="SELECT * FROM _reps")).pl() \
            .sort([*keys, *levels], nulls_last=True)
        if scores.is_empty() or scores[system].n_unique() < 2:
            return board, pl.DataFrame(), pl.DataFrame()
        pairs = con.sql(pair_differences_sql("_scores", list(by), system, levels, bootstrap)).pl() \
            .sort([*by, *levels, "system_a", "system_b"])
        points = _points_sql("_scores", keys, levels)
        inversion = con.sql(inversion_significance_sql("_reps", f"({points})", [*by, *levels], system)).pl() \
            .sort([*by, *levels])
        return board, pairs, inversion
    finally:
        con.close()


def aggregate(scores: pl.DataFrame, by: Sequence[str], bootstrap: Bootstrap | None = None,
              levels: Sequence[str] = (), reviews: pl.DataFrame | None = None) -> pl.DataFrame:
    """The leaderboard of a score frame per ``by`` (and roll-ups of ``levels``), sorted by ``by``.

    Runs ``leaderboard_sql`` in DuckDB on the frame; with ``bootstrap``,
    interval columns beside precision, recall, F1 and hallucination rate; with ``reviews``
    (``review_scores`` rows, ``review/human_score.py``), the corrected figures.
    """
    by = list(by)
    frames = {"_scores": _frame_for_sql(scores)}
    if reviews is not None:
        frames["_reviews"] = reviews
    out = _run(leaderboard_sql("_scores", by, levels, bootstrap, "_reviews" if reviews is not None else None), frames)
    return out.sort([*by, *levels], nulls_last=True)


def pair_differences(scores: pl.DataFrame, by: Sequence[str], bootstrap: Bootstrap, system: str = "model",
                     levels: Sequence[str] = ()) -> pl.DataFrame:
    """``pair_differences_sql`` on a score frame (e.g. ``f1bench score``'s two systems)."""
    sql = pair_differences_sql("_scores", list(by), system, levels, bootstrap)
    return _run(sql, {"_scores": _frame_for_sql(scores)}).sort([*by, *levels, "system_a", "system_b"])


def inversion_significance(scores: pl.DataFrame, by: Sequence[str], bootstrap: Bootstrap,
                           system: str = "model", levels: Sequence[str] = ()) -> pl.DataFrame:
    """``inversion_significance_sql`` on a score frame, per ``by`` and roll-ups of ``levels``."""
    keys = [*by, *levels]
    reps = replicates_sql("_scores", [*by, system], levels, bootstrap)
    points = _points_sql("_scores", [*by, system], levels)
    out = _run(inversion_significance_sql(f"({reps})", f"({points})", keys, system), {"_scores": _frame_for_sql(scores)})
    return out.sort(keys)
