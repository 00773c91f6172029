"""Benchmark domains behind one interface (``base.Domain``): F1 (``f1``) and NOAA weather
forecasts (``weather``). A third domain is one package implementing ``Domain``, registered here."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the package imports no domain module until one is asked for (scoring imports domains.f1)
    from f1bench_pipeline.domains.base import Domain

_FACTORIES = {
    "f1": ("f1bench_pipeline.domains.f1.domain", "F1Domain"),
    "weather": ("f1bench_pipeline.domains.weather.domain", "WeatherDomain"),
}
_INSTANCES: dict[str, Domain] = {}


def get_domain(name: str) -> Domain:
    """The domain called ``name`` (``f1`` or ``weather``)."""
    if name not in _INSTANCES:
        if name not in _FACTORIES:
            raise KeyError(f"unknown domain {name!r}; known: {', '.join(sorted(_FACTORIES))}")
        import importlib

        module, cls = _FACTORIES[name]
        _INSTANCES[name] = getattr(importlib.import_module(module), cls)()
    return _INSTANCES[name]


def domain_names() -> list[str]:
    return sorted(_FACTORIES)
