"""The handlers of the commands ``f1bench_pipeline.generation.cli`` parses (a domain's generation
commands are its own: F1's ``generate``, ``dry-run``, ``rerun`` in ``domains/f1/generation_commands.py``)."""

from __future__ import annotations

import argparse

from f1bench_pipeline.generation.names import model_key
from f1bench_pipeline.generation.registry import load_registry
from f1bench_pipeline.localmodel.server import run_from_args


def cmd_systems(args: argparse.Namespace) -> int:
    reg = load_registry()
    print(f"registry: {reg.path}" + "".join(f"\n  + overlay {o}" for o in reg.overlays))
    width = max(len(n) for n in reg.systems) if reg.systems else 10
    for s in reg.systems.values():
        kind = ("offline" if s.offline else f"local {s.local.weights}" if s.local else
                f"server on this machine {s.resolved_api_base()}" if s.costless else
                f"paid, on this machine {s.resolved_api_base()}" if s.on_this_machine else "paid/remote")
        print(f"  {s.name.ljust(width)}  key={model_key(s.name)}|<season>  {s.model}  [{kind}, {s.instances}, "
              f"{'/'.join(s.languages)} × {'/'.join(s.variants)}, concurrency {s.concurrency}, rpm {s.rpm or '∞'}]")
    return 0


def cmd_serve_model(args: argparse.Namespace) -> int:
    return run_from_args(args)
