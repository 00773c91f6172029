"""The weather domain's Dagster definitions: its assets and jobs (assets.py), merged into the
code location by ``orchestration.definitions_builder`` like every domain's."""

from __future__ import annotations

import dagster as dg

from f1bench_pipeline.settings import Settings


def definitions(settings: Settings | None = None) -> dg.Definitions:
    """Its assets and jobs (``settings``: unused, the builder binds the shared resources to them).
    The claims/scores asset is built here, not at import, so its code version is this moment's
    extractor and verifier code (domains/versions.py)."""
    from f1bench_pipeline.domains.weather.assets import WEATHER_ASSETS, WEATHER_JOBS, build_weather_claims_and_scores

    assets = [a for a in WEATHER_ASSETS if "weather_scores" not in {k.path[-1] for k in a.keys}]
    return dg.Definitions(assets=[*assets, build_weather_claims_and_scores()], jobs=WEATHER_JOBS)
