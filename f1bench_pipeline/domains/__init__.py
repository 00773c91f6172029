"""Benchmark domains behind one interface (``base.Domain``): ``get_domain(name)`` makes the domain a
folder of this package or an installed plug-in declares (found by ``discovery.py``, without a list).
Each domain is one folder; docs/adding-a-domain.md walks through one.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from f1bench_pipeline.discovery import domain_factories, domain_names, subclass_of

if TYPE_CHECKING:  # the package imports no domain module until one is asked for (scoring imports domains.f1)
    from f1bench_pipeline.domains.base import Domain

_INSTANCES: dict[str, Domain] = {}


def _is_domain_class(value: object) -> bool:
    return subclass_of(value, f"{__name__}.base", "Domain")


def _domain_class(spec: str) -> type[Domain]:
    module_name, _, attr = spec.partition(":")
    module = importlib.import_module(module_name)
    if attr:
        return getattr(module, attr)
    (cls,) = [v for v in vars(module).values() if _is_domain_class(v) and v.__module__ == module.__name__]
    return cls


def get_domain(name: str) -> Domain:
    """The domain called ``name`` (``f1``, ``weather``, or a plug-in's)."""
    if name not in _INSTANCES:
        factories = domain_factories()
        if name not in factories:
            raise KeyError(f"unknown domain {name!r}; known: {', '.join(sorted(factories))}")
        domain = _domain_class(factories[name])()
        if domain.name != name:
            raise ValueError(f"the domain found as {name!r} calls itself {domain.name!r}")
        _INSTANCES[name] = domain
    return _INSTANCES[name]


def all_domains() -> list[Domain]:
    """Every domain, by name."""
    return [get_domain(n) for n in domain_names()]
