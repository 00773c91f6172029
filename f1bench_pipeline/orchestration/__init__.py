"""Running the asset graph: which Dagster instance, which definitions, which jobs, in what order.

Every CLI command that materializes assets goes through here; Dagster itself loads
``f1bench_pipeline.definitions`` (``defs = definitions_builder.build_definitions()``).

* ``instance``            — the project's Dagster instance: the storage classes ``dagster.yaml``
  names, ``storage_dir()``, ``open_instance()``.
* ``definitions_builder`` — ``build_definitions(settings)``: every domain's definitions (its
  folder's ``definitions.py``) with the shared resources, executor and loggers (and the smaller
  sets of one domain or of the generations).
* ``plugins``             — registers every domain's template answers and the refinement
  reviser with the generation engine's provider.
* ``execute``             — ``Runs``: settings + definitions + instance; runs a job for a
  partition key or range with quiet logging and reports progress.
* ``dynamic_partitions``  — adding systems (and a domain's own keys) to the dynamic partitions.
* ``executors``           — the executor of every job (``F1BENCH_EXECUTOR``) and reconstructable jobs.
* ``asset_metadata``      — metadata the assets show in the UI (table previews, plots, rules).

A domain's own runs and jobs sit in its folder (F1: ``domains/f1/runs.py`` for ``f1bench build``,
``derive`` and ``refine``; ``jobs.py``; ``generation_runs.py`` for ``f1bench generate``).

Nothing in this ``__init__`` is imported: the assets import ``asset_metadata`` without
loading the rest.
"""
