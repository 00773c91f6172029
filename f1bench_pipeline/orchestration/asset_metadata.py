"""Asset metadata for the UI: previews of tables, inline plots, the rules a table was derived with."""

from __future__ import annotations

from typing import Any

import dagster as dg
import polars as pl


def preview_md(df: pl.DataFrame, n: int = 10, columns: list[str] | None = None) -> dg.MetadataValue:
    """The first rows as a markdown table for the asset's page in the UI."""
    if df.is_empty():
        return dg.MetadataValue.md("_empty_")
    view = df.select(columns) if columns else df
    view = view.head(n)
    header = "| " + " | ".join(view.columns) + " |"
    sep = "| " + " | ".join("---" for _ in view.columns) + " |"
    rows = [
        "| " + " | ".join("" if v is None else (f"{v:.3f}" if isinstance(v, float) else str(v)) for v in row) + " |"
        for row in view.iter_rows()
    ]
    return dg.MetadataValue.md("\n".join([header, sep, *rows]))


def table_metadata(df: pl.DataFrame, preview_columns: list[str] | None = None) -> dict[str, Any]:
    return {
        "dagster/row_count": dg.MetadataValue.int(df.height),
        "preview": preview_md(df, columns=[c for c in (preview_columns or []) if c in df.columns] or None),
    }


def image_md(png: bytes | None, alt: str) -> dg.MetadataValue:
    """A PNG shown inline on the asset page (markdown data URI)."""
    import base64

    if not png:
        return dg.MetadataValue.md("_no data_")
    return dg.MetadataValue.md(f"![{alt}](data:image/png;base64,{base64.b64encode(png).decode()})")


def rules_metadata(rules) -> dict:
    """Which ``RaceRules`` made a derived table: every threshold (JSON) and their short hash,
    so two materializations can be compared at a glance (same ``rules_hash``, same rules)."""
    return {
        "rules": dg.MetadataValue.json(rules.as_json()),
        "rules_hash": dg.MetadataValue.text(rules.fingerprint()),
    }
