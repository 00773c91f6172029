"""Benchmark domains behind one interface (``base.Domain``), found without a list: every
subpackage of this package with a ``domain.py`` (F1 in ``f1/``, NOAA weather forecasts in
``weather/``), and every installed package that declares one under the entry-point group
``f1bench_pipeline.domains`` (``name = "package.module:DomainClass"``). A domain is one folder:
its ``domain.py`` (the :class:`~f1bench_pipeline.domains.base.Domain` subclass), and, when it
has them, ``definitions.py`` (its Dagster assets, checks, jobs and resources), ``cli.py`` (its
``f1bench`` commands), ``settings.py`` (its section of the settings) and ``sql/views/`` (its
DuckDB views). docs/adding-a-domain.md walks through one.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from functools import lru_cache
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the package imports no domain module until one is asked for (scoring imports domains.f1)
    from f1bench_pipeline.domains.base import Domain

ENTRY_POINT_GROUP = "f1bench_pipeline.domains"
_INSTANCES: dict[str, Domain] = {}


@lru_cache(maxsize=1)
def _factories() -> dict[str, str]:
    """name → ``module:Class`` (the class empty: the module's one ``Domain`` subclass)."""
    found = {m.name: f"{__name__}.{m.name}.domain:" for m in pkgutil.iter_modules(__path__)
             if m.ispkg and (Path(__path__[0]) / m.name / "domain.py").is_file()}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(ep.name, ep.value)  # a built-in name is not taken over by a plug-in
    return found


def _subclass_of(value: object, module: str, qualname: str) -> bool:
    # by name, not issubclass: importing domains.base (or settings) here would close an import cycle
    return isinstance(value, type) and any((b.__module__, b.__qualname__) == (module, qualname) for b in value.__mro__[1:])


def _is_domain_class(value: object) -> bool:
    return _subclass_of(value, f"{__name__}.base", "Domain")


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
        factories = _factories()
        if name not in factories:
            raise KeyError(f"unknown domain {name!r}; known: {', '.join(sorted(factories))}")
        domain = _domain_class(factories[name])()
        if domain.name != name:
            raise ValueError(f"the domain found as {name!r} calls itself {domain.name!r}")
        _INSTANCES[name] = domain
    return _INSTANCES[name]


def domain_names() -> list[str]:
    return sorted(_factories())


def all_domains() -> list[Domain]:
    """Every domain, by name."""
    return [get_domain(n) for n in domain_names()]


# The folder's conventions, read without importing the domain class (the CLI's parser asks for
# the commands, and must not import polars or pydantic: test_scoring).

def domain_package(name: str) -> str:
    """The package (folder) of the domain ``name``: the one its ``domain.py`` is in."""
    return _factories()[name].partition(":")[0].rpartition(".")[0]


def domain_module(name: str, module: str) -> ModuleType | None:
    """``<the domain's package>.<module>`` imported, or None when the domain has no such module."""
    full = f"{domain_package(name)}.{module}"
    return importlib.import_module(full) if importlib.util.find_spec(full) is not None else None


def domain_folder(name: str) -> Path:
    spec = importlib.util.find_spec(domain_package(name))
    assert spec is not None and spec.submodule_search_locations
    return Path(next(iter(spec.submodule_search_locations)))


def domain_definitions(settings=None) -> list:
    """Every domain's Dagster definitions: ``definitions(settings)`` of its ``definitions.py``."""
    return [m.definitions(settings) for n in domain_names() if (m := domain_module(n, "definitions")) is not None]


def domain_settings_sections() -> dict[str, type]:
    """Each domain's section of the settings, by domain name: the ``settings.SettingsSection``
    subclass its folder's ``settings.py`` defines (a domain without one has none). Read without
    importing the domain class: the settings gather these whenever they are built."""
    found = {}
    for name in domain_names():
        module = domain_module(name, "settings")
        if module is not None:
            (found[name],) = [v for v in vars(module).values() if _subclass_of(v, "f1bench_pipeline.settings",
                                                                               "SettingsSection")
                              and v.__module__ == module.__name__]
    return found


def register_domain_commands(subparsers) -> None:
    """Every domain's ``f1bench`` sub-commands: ``register(subparsers)`` of its ``cli.py``."""
    for name in domain_names():
        module = domain_module(name, "cli")
        if module is not None and hasattr(module, "register"):
            module.register(subparsers)


def domain_views_dirs() -> list[Path]:
    """Every domain's DuckDB views folder (``sql/views/`` in its folder), when it has one."""
    return [d for n in domain_names() if (d := domain_folder(n) / "sql" / "views").is_dir()]


def domain_build_steps() -> list[ModuleType]:
    """The ``build.py`` of every domain that has one: ``build_sample(settings, instance, progress,
    incremental)`` is its part of ``f1bench build`` after F1's runs, ``print_summary(settings)`` what
    the command prints for it."""
    return [m for n in domain_names() if (m := domain_module(n, "build")) is not None]
