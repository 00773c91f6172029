"""Formula 1: the benchmark's first domain.

* ``ingest/``: FastF1 race sessions → raw_* tables (one Dagster partition per race);
* ``events/``: green-flag laps, stints, pit stops, battles, defenses, results (per season);
* ``instances/``: benchmark instances with their complete fact sets, prompts in EN/ES/PT;
* ``templates.py``: the offline (template) systems' answers;
* ``domain.py``: the :class:`~f1bench_pipeline.domains.base.Domain` adapter the shared
  generation and scoring machinery uses.
"""
