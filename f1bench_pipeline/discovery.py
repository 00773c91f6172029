"""Which benchmark domains there are, found without a list: every subpackage of
``f1bench_pipeline/domains/`` with a ``domain.py`` (F1 in ``f1/``, NOAA weather forecasts in
``weather/``), and every installed package that declares one under the entry-point group
``f1bench_pipeline.domains`` (``name = "package.module:DomainClass"``). A domain is one folder:
its ``domain.py`` (the ``domains.base.Domain`` subclass; ``domains.get_domain`` makes it), and, when
it has them, ``definitions.py`` (its Dagster assets, checks, jobs and resources), ``cli.py`` (its
``f1bench`` commands), ``settings.py`` (its section of the settings), ``build.py`` (its part of
``f1bench build``) and ``sql/views/`` (its DuckDB views). docs/adding-a-domain.md walks through one.

Standard library only, and no domain module is imported until one is asked for: the settings, the
views, the CLI's parser and the Dagster definitions find the domains' folders here without
loading polars or pydantic (test_scoring).
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from functools import lru_cache
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType

DOMAINS_PACKAGE = "f1bench_pipeline.domains"
DOMAINS_DIR = Path(__file__).resolve().parent / "domains"
ENTRY_POINT_GROUP = "f1bench_pipeline.domains"


@lru_cache(maxsize=1)
def domain_factories() -> dict[str, str]:
    """name → ``module:Class`` (the class empty: the module's one ``Domain`` subclass)."""
    found = {m.name: f"{DOMAINS_PACKAGE}.{m.name}.domain:" for m in pkgutil.iter_modules([str(DOMAINS_DIR)])
             if m.ispkg and (DOMAINS_DIR / m.name / "domain.py").is_file()}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(ep.name, ep.value)  # a built-in name is not taken over by a plug-in
    return found


def subclass_of(value: object, module: str, qualname: str) -> bool:
    # by name, not issubclass: importing domains.base (or settings) here would close an import cycle
    return isinstance(value, type) and any((b.__module__, b.__qualname__) == (module, qualname) for b in value.__mro__[1:])


def domain_names() -> list[str]:
    return sorted(domain_factories())


# The folder's conventions, read without importing the domain class (the CLI's parser asks for
# the commands, and must not import polars or pydantic: test_scoring).

def domain_package(name: str) -> str:
    """The package (folder) of the domain ``name``: the one its ``domain.py`` is in."""
    return domain_factories()[name].partition(":")[0].rpartition(".")[0]


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
            (found[name],) = [v for v in vars(module).values() if subclass_of(v, "f1bench_pipeline.settings",
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
