"""The ``refinement`` resource: the verifier-guided loop's settings (``.options()``), one field
per ``F1Settings.refine_*`` value (unset: from those settings, ``F1BENCH_REFINE_MAX_ROUNDS`` and
the others, when the run starts).
F1's definitions provide it; the asset's run config ``max_rounds`` wins over it."""

from __future__ import annotations

from pydantic import BaseModel

from f1bench_pipeline.domains.f1.refinement.loop import RefineOptions
from f1bench_pipeline.domains.f1.settings import F1Settings
from f1bench_pipeline.resources import FromSettings, settings_resource
from f1bench_pipeline.settings import Settings


class _Refinement(FromSettings):
    @classmethod
    def _model(cls) -> type[BaseModel]:
        return F1Settings

    @classmethod
    def _values_in(cls, settings: Settings) -> BaseModel:
        return F1Settings.of(settings)

    def options(self, max_rounds: int | None = None) -> RefineOptions:
        """The loop's options; ``max_rounds`` (the asset's run config) wins over the resource's."""
        v = self._values()
        assert isinstance(v, F1Settings)
        return RefineOptions(max_rounds=v.refine_max_rounds if max_rounds is None else max_rounds,
                             feedback_unverifiable=v.refine_feedback_unverifiable,
                             feedback_uncovered=v.refine_feedback_uncovered,
                             max_edits_per_list=v.refine_max_edits)


RefinementResource = settings_resource(
    "RefinementResource", _Refinement,
    "The verifier-guided loop's settings (``.options()``); the asset's run config ``max_rounds`` wins.",
    ["refine_max_rounds", "refine_feedback_unverifiable", "refine_feedback_uncovered", "refine_max_edits"],
    module=__name__)
