"""What ``f1bench eval`` checks of F1 before any call: the season is built and holds the instances
the system asks (``F1Domain.check_evaluable``)."""

from __future__ import annotations

from typing import Any

from f1bench_pipeline.domains.base import Domain
from f1bench_pipeline.errors import UserError
from f1bench_pipeline.storage.warehouse import table_files


def built_seasons(warehouse: Any) -> list[int]:
    """The seasons whose ``instances`` are in the warehouse (a local folder or a URL)."""
    found = set()
    for f in table_files(warehouse, "instances"):
        for part in str(f).replace("\\", "/").split("/"):
            if part.startswith("season=") and part[7:].isdigit():
                found.add(int(part[7:]))
    return sorted(found)


def check_selection(domain: Domain, warehouse: Any, system: Any, season: int, test_season: int) -> None:
    """One line when the system would have nothing to answer in ``season``: the season is not
    built (naming the built ones and the command that builds it), or it has no test sample."""
    rows, note = domain.select_instances(warehouse, system, season)
    if not rows.is_empty():
        return
    built = built_seasons(warehouse)
    if season not in built:
        other = f", or pass --season {built[-1]}" if built else ""
        raise UserError(f"season {season} is not built (built: {', '.join(map(str, built)) or 'none'}): build it "
                        f"with `f1bench build --seasons {season}`{other} (nothing was called)")
    if system.instances == "test_sample":
        raise UserError(f"season {season} has no test sample (it is drawn for the test season {test_season}): pass "
                        f"--instances full, or --season {test_season} (nothing was called)")
    raise UserError(f"season {season}: nothing to ask ({note}) (nothing was called)")
