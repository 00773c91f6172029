"""Reconstructable job handles for out-of-process execution (``dagster.reconstructable``).

``Runs.run`` executes every step in one process; launched runs (UI, backfills,
``execute_job``) use Dagster's multiprocess executor, one process per step, configured
with ``execution: {config: {multiprocess: {max_concurrent: N}}}``. Those need a job they
can rebuild in the child process from a module-level function: these.
"""

from f1bench_pipeline.orchestration.definitions_builder import build_definitions


def season_events_job():
    return build_definitions().resolve_job_def("season_events")
