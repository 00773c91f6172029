"""The handler of ``f1bench register-systems`` (parser: ``orchestration.cli``)."""

from __future__ import annotations

import argparse

from f1bench_pipeline.orchestration.dynamic_partitions import register_model_partitions
from f1bench_pipeline.orchestration.instance import open_instance


def cmd_register_systems(args: argparse.Namespace) -> int:
    added = register_model_partitions(open_instance())
    print("model partitions added: " + (", ".join(added) if added else "none (all registered)")
          + " (systems that can run here: offline, local, on this machine, key set, or with generations)")
    return 0
