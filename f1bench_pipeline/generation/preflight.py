"""What a command checks before a generation run calls a model, for any domain: the calls still
needed and their estimated cost (``f1bench dry-run``), the key variables of a system that would
call, and the confirmation of a paid run (``f1bench generate``, ``f1bench eval``). Nothing here
calls a model or loads litellm, except the provider check (``provider_check``) of a run that
would call."""

from __future__ import annotations

import sys
from typing import Any

from f1bench_pipeline.domains.base import Domain
from f1bench_pipeline.generation.cache import DiskCache
from f1bench_pipeline.generation.plan import Estimate, context_changed, estimate, format_estimates, work_items
from f1bench_pipeline.generation.provider_check import check_provider
from f1bench_pipeline.generation.registry import MissingSecretError, Registry, System, load_registry
from f1bench_pipeline.localmodel.weights import WeightsError
from f1bench_pipeline.settings import Settings, get_settings
from f1bench_pipeline.storage.warehouse import read_table


def estimates(domain: Domain, names: list[str], partition: Any, max_cost_usd: float | None = None,
              registry: Registry | None = None) -> list[Estimate]:
    """Per system of ``names``, the calls an answer of ``partition`` still needs and their
    estimated cost (``plan.estimate``); ``registry``: the one the systems are in (default:
    systems.yaml and its overlays)."""
    s = get_settings()
    reg = registry or load_registry()
    out = []
    for name in names:
        system = reg.get(name)
        rows, note = domain.select_instances(s.warehouse_dir, system, partition)
        try:
            items = work_items(domain, system, rows)
        except WeightsError as exc:  # a local system whose weights are not on this machine
            out.append(Estimate(system.name, system.model, partition, rows.height, 0, rows.height, 0, 0, 0.0,
                                f"cannot run here: {exc}"))
            continue
        est = estimate(system, items, DiskCache.for_data_dir(s.data_dir, system.model), partition, max_cost_usd)
        if not items:
            est.note = note
        changed = context_changed(items, read_table(s.warehouse_dir, domain.tables["generations"],
                                                    {domain.partition_column: partition, "model": system.safe_name}))
        if changed:  # provenance: their instance changed since they were answered
            est.note = "; ".join(x for x in (est.note, f"{changed} asked again: their context changed") if x)
        out.append(est)
    return out


def _uncached(domain: Domain, system: System, partition: Any, settings: Settings) -> int:
    """How many of a system's items no cache holds (calls a run would make), without litellm."""
    rows, _note = domain.select_instances(settings.warehouse_dir, system, partition)
    if rows.is_empty():  # nothing built to ask (the run itself says so)
        return 0
    cache = DiskCache.for_data_dir(settings.data_dir, system.model)
    return sum(not cache.has(it.cache_key) for it in work_items(domain, system, rows))


def require_key(domain: Domain, system: System, partition: Any, settings: Settings) -> None:
    """One line (``UserError``) when the run would call the system and cannot: the key variable it
    names is unset (``MissingSecretError``), litellm knows no provider for its model, or the key
    variables its provider reads are unset (``provider_check``). Checked before any estimate, call
    or retry; a fully cached rerun calls nothing and needs no key."""
    if system.offline or system.local is not None or not _uncached(domain, system, partition, settings):
        return
    if system.missing_key_env():
        raise MissingSecretError(system.missing_key_message())
    check_provider(system)


def confirm_paid(domain: Domain, paid: list[str], partition: Any, max_cost_usd: float | None, yes: bool,
                 registry: Registry | None = None) -> int | None:
    """The paid systems' estimated calls and cost, printed; None to go on (nothing to pay, ``--yes``,
    or a typed "y"), else the exit code: 2 without a terminal to ask on, 1 when declined.
    ``registry``: the one the systems are in (default: systems.yaml and its overlays)."""
    if not paid:
        return None
    ests = estimates(domain, paid, partition, max_cost_usd, registry)
    print(format_estimates(ests, domain.partition_column))
    calls = sum(e.calls for e in ests)
    if not calls or yes:
        return None
    if not sys.stdin.isatty():
        print(f"\n{calls} paid calls would be made: rerun with --yes to proceed", file=sys.stderr)
        return 2
    if input(f"\nmake {calls} paid calls? [y/N] ").strip().lower() not in {"y", "yes"}:
        print("nothing called")
        return 1
    return None
