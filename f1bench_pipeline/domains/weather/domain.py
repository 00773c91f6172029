"""NOAA/NWS weather forecasts as the second :class:`~f1bench_pipeline.domains.base.Domain`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import polars as pl

from f1bench_pipeline.domains.base import (
    Domain,
    InstanceContext,
    InstanceIndex,
    domain_facts_from_json,
)
from f1bench_pipeline.domains.weather import extractor, prompts, templates
from f1bench_pipeline.domains.weather.facts import CLAIM_TYPES, FACT_TYPES, TOLERANCES
from f1bench_pipeline.domains.weather.records import ForecastRecord
from f1bench_pipeline.domains.weather.verifier import (
    WeatherContext,
    verify_weather_claim,
)
from f1bench_pipeline.scoring.verdict import Verdict


class WeatherDomain(Domain):
    name = "weather"
    partition_column = "batch"
    partition_dtype = pl.Utf8
    tables = {"records": "weather_records", "instances": "weather_instances",
              "generations": "weather_generations", "claims": "weather_claims", "scores": "weather_scores"}
    fact_types = FACT_TYPES
    claim_types = CLAIM_TYPES
    template_version = templates.TEMPLATE_VERSION
    extractor_sources = ("domains/weather/extractor.py", "domains/weather/lexicon.py", "domains/weather/precip.py")
    verifier_sources = (
        "domains/weather/verifier.py", "domains/weather/domain.py",
        ("domains/weather/facts.py", ("MPH_TO_KMH", "WeatherTolerances", "TOLERANCES", "f_to_c", "to_kmh")),
        ("domains/weather/records.py", ("COMPASS", "SKY_COVER", "compass_index", "compass_distance_deg")),
    )

    @property
    def tolerances(self) -> Mapping[str, Any]:
        return TOLERANCES.model_dump()

    def instance_rows(self, records: Any, **options: Any) -> pl.DataFrame:
        recs = [r if isinstance(r, ForecastRecord) else ForecastRecord.model_validate(r) for r in records]
        return prompts.instance_rows(recs, options.get("batch", "adhoc"))

    def index(self, instances: pl.DataFrame) -> InstanceIndex:
        def parse(r: dict) -> InstanceContext:
            facts = domain_facts_from_json(r["facts"])
            ctx = WeatherContext(domain_facts_from_json(r["context_facts"]))
            return InstanceContext(oracle=facts, verify_context=ctx, extract_context=r["location"], meta=r)

        return InstanceIndex(instances, ["id", "facts", "context_facts", "location", "decision_type", "kind", "batch"],
                             parse)

    def extract_claims(self, text: str, lang: str, context: Any) -> list[Any]:
        return extractor.extract_claims(text, lang, context)

    def verify(self, claim: Any, context: InstanceContext) -> Verdict:
        return verify_weather_claim(claim, context.verify_context)

    def template_answer(self, kind: str, facts_json: str, lang: str, instance_id: str,
                        entities_json: str = "{}", seed: int = 0, context_json: str | None = None) -> str:
        return templates.template_answer(kind, facts_json, lang, instance_id, entities_json, seed)
