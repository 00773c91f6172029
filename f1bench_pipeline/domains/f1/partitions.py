"""Formula 1's partitions.

* Raw tables are partitioned per race: ``season`` × ``round`` (key ``"16|2024"``:
  Dagster orders dimensions by name, so round comes first). Rounds a season does not
  have simply record "not scheduled".
* Everything derived is partitioned per season; Dagster maps a season to all its
  races through the shared ``season`` dimension.
* From generations on, ``season`` × ``model`` where ``model`` is the shared dynamic
  dimension (``orchestration/partitions.py``), so a new system needs no code change.

Where the seasons come from. Dagster needs the partition definitions when the code location
loads (every asset decorator names its ``partitions_def``), so the set of seasons is a
load-time value, and Dagster's convention for load-time configuration is environment variables
read when the definitions are built. This module reads exactly three variables, each alone and
strictly (``settings.setting_from_env``: unset or empty = the ``Settings`` default, a value
that does not parse is an error naming its variable): ``F1BENCH_FIRST_SEASON``,
``F1BENCH_LAST_SEASON`` and ``F1BENCH_MAX_ROUNDS``. Nothing else is read at import, so the
rules, paths, the offline flag and the test season stay run-time configuration (resources.py:
the ``F1BENCH_*`` settings when a run starts, or the launchpad's run config). A factory
building the partitions from the ``Settings`` given to ``build_definitions`` was not chosen:
the asset decorators of every module bind their ``partitions_def`` at import, so it would mean
rebuilding every asset per call for no gain. The keys are those of before (season ``"2024"``,
round ``"07"``, race ``"07|2024"``), so stored warehouses and Dagster history still match.
"""

from __future__ import annotations

import dagster as dg

from f1bench_pipeline.generation.names import key_folder, model_key
from f1bench_pipeline.orchestration.partitions import dimensions_of, model_partitions
from f1bench_pipeline.settings import SettingsError, env_name, setting_from_env


def partition_seasons() -> list[int]:
    """The seasons of the ``season`` dimension: ``F1BENCH_FIRST_SEASON``..``F1BENCH_LAST_SEASON``."""
    first, last = setting_from_env("first_season"), setting_from_env("last_season")
    if last < first:
        raise SettingsError(f"invalid f1bench settings:\n  {env_name('last_season')}={last} is before "
                            f"{env_name('first_season')}={first}: no season to partition")
    return list(range(first, last + 1))


SEASONS = partition_seasons()  # read once, when the code location loads
MAX_ROUNDS = setting_from_env("max_rounds")

season_partitions = dg.StaticPartitionsDefinition([str(s) for s in SEASONS])
round_partitions = dg.StaticPartitionsDefinition([f"{r:02d}" for r in range(1, MAX_ROUNDS + 1)])
race_partitions = dg.MultiPartitionsDefinition({"season": season_partitions, "round": round_partitions})


def race_partition_key(season: int, round_: int) -> dg.MultiPartitionKey:
    return dg.MultiPartitionKey({"season": str(season), "round": f"{round_:02d}"})


def race_from_partition_key(key: str | dg.MultiPartitionKey) -> tuple[int, int]:
    dims = dimensions_of(key, ("season", "round"))
    return int(dims["season"]), int(dims["round"])

# Generations, claims and scores: one partition per season × system; the key reads
# model|season ("template-faithful|2025", "ollama/llama3.1:8b|2025"), since Dagster orders dimension names.
season_model_partitions = dg.MultiPartitionsDefinition({"season": season_partitions, "model": model_partitions})


def season_model_from_partition_key(key: str | dg.MultiPartitionKey) -> tuple[int, str]:
    """(season, the system's warehouse folder name) of a season × model key (``names.key_folder``)."""
    dims = dimensions_of(key, ("season", "model"))
    return int(dims["season"]), key_folder(dims["model"])


def partition_key(system_name: str, season: int) -> dg.MultiPartitionKey:
    """The key of one season × model partition; as a string it reads ``<system>|<season>``
    (``ollama/llama3.1:8b|2025``: ``names.model_key``)."""
    return dg.MultiPartitionKey({"season": str(season), "model": model_key(system_name)})
