"""Which runs a build can leave out: Dagster's own staleness of their assets (the incremental build).

An asset partition is FRESH when it was materialized, with the code version its asset has now
(the claims/scores assets carry the extractor and verifier versions), from the data versions its
upstream partitions have now; STALE when one of those changed; MISSING when never materialized.
That is Dagster's ``CachingStaleStatusResolver``, the same resolution the UI shows and a
sensor's ``stale_assets_only`` request uses. ``f1bench build`` asks it before each run and leaves
out a run whose assets are all FRESH for its partitions (``--force`` asks nothing); so a second
build with nothing changed launches no run and calls no model.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def not_fresh(defs: Any, instance: Any, job: str, partition_keys: Iterable[Any]) -> list[tuple[str, str | None]]:
    """(asset, partition) of ``job``'s assets that are STALE or MISSING for ``partition_keys``
    (``None``: an unpartitioned job), each as its user string; empty when the run would change nothing."""
    from dagster._core.definitions.data_version import CachingStaleStatusResolver, StaleStatus
    from dagster._core.loader import LoadingContextForTest  # (Dagster's minimal loading context)

    graph = defs.resolve_asset_graph()
    keys = sorted(defs.resolve_job_def(job).asset_layer.selected_asset_keys, key=lambda k: k.to_user_string())
    resolver = CachingStaleStatusResolver(instance, graph, LoadingContextForTest(instance))
    out: list[tuple[str, str | None]] = []
    for pk in partition_keys:
        part = None if pk is None else str(pk)
        out.extend((k.to_user_string(), part) for k in keys if resolver.get_status(k, part) != StaleStatus.FRESH)
    return out
