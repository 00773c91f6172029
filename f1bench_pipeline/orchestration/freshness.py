"""Which runs a build can leave out: Dagster's own staleness of their assets (the incremental build).

An asset partition is FRESH when it was materialized, with the code version its asset has now
(the claims/scores assets carry the extractor and verifier versions), from the data versions its
upstream partitions have now; STALE when one of those changed; MISSING when never materialized.
That is Dagster's ``CachingStaleStatusResolver``, the same resolution the UI shows and a
sensor's ``stale_assets_only`` request uses. ``f1bench build`` asks it before each run and leaves
out a run whose assets are all FRESH for its partitions (``--force`` asks nothing); so a second
build with nothing changed launches no run and calls no model.

The instance does not know which warehouse a materialization wrote to, and one instance may
serve several (another ``F1BENCH_WAREHOUSE_URL``, the tests' shared instance): every CLI run
carries its warehouse root (``WAREHOUSE_TAG``), and a partition last materialized by a run of
another warehouse is not fresh for this one. Nor is one last materialized by a run without the
tag (the UI's, Dagster's own CLI's): which warehouse it wrote is unknown, so the next build redoes
it once -- never a partition skipped that the warehouse lacks.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

WAREHOUSE_TAG = "f1bench/warehouse"


def not_fresh(defs: Any, instance: Any, job: str, partition_keys: Iterable[Any],
              warehouse: str | None = None) -> list[tuple[str, str | None]]:
    """(asset, partition) of ``job``'s assets that are STALE or MISSING for ``partition_keys``
    (``None``: an unpartitioned job) -- or last materialized into another warehouse than
    ``warehouse`` --, each as its user string; empty when the run would change nothing."""
    import dagster as dg
    from dagster._core.definitions.data_version import CachingStaleStatusResolver, StaleStatus
    from dagster._core.loader import LoadingContextForTest  # (Dagster's minimal loading context)

    graph = defs.resolve_asset_graph()
    keys = sorted(defs.resolve_job_def(job).asset_layer.selected_asset_keys, key=lambda k: k.to_user_string())
    resolver = CachingStaleStatusResolver(instance, graph, LoadingContextForTest(instance))
    run_warehouse: dict[str, str | None] = {}

    def written_here(key: Any, part: str | None) -> bool:
        if warehouse is None:
            return True
        found = instance.fetch_materializations(
            dg.AssetRecordsFilter(asset_key=key, asset_partitions=[part] if part is not None else None), limit=1)
        if not found.records:
            return False
        run_id = found.records[0].run_id
        if run_id not in run_warehouse:
            run = instance.get_run_by_id(run_id) if run_id else None
            run_warehouse[run_id] = run.tags.get(WAREHOUSE_TAG) if run is not None else None
        return run_warehouse[run_id] == warehouse

    out: list[tuple[str, str | None]] = []
    for pk in partition_keys:
        part = None if pk is None else str(pk)
        out.extend((k.to_user_string(), part) for k in keys
                   if resolver.get_status(k, part) != StaleStatus.FRESH or not written_here(k, part))
    return out
