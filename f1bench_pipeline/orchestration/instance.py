"""The Dagster instance every f1bench run lands on, and where it keeps its history.

The repo's ``dagster.yaml`` names the three storage classes below instead of ``env:`` paths
(Dagster's ``env:`` has no default). Each resolves its directory when the instance is loaded:

    $F1BENCH_DAGSTER_STORAGE, else <data dir>/dagster_home   (data/dagster_home by default)

so every way of opening the instance lands on the same runs, event logs and schedules:

* ``dagster dev`` in the repo root with no environment at all: Dagster then makes a temporary
  DAGSTER_HOME but still reads ``./dagster.yaml`` (``InstanceRef.from_dir(tmp, config_dir=cwd)``
  in ``dagster._cli.utils``), and that file's storage is this directory;
* ``make ui`` (``DAGSTER_HOME`` = the repo root, no temporary directory);
* the CLI's commands (``f1bench build``, ``derive``, ``weather build``, …), which open it with
  :func:`open_instance`, and ``dagster asset materialize`` run from the repo root.

A ``base_dir`` in the YAML's ``config:`` still overrides the directory, as for Dagster's own classes.
No f1bench module beyond the settings is imported here: the webserver and the daemon load this.
"""

from __future__ import annotations

from pathlib import Path

from dagster import DagsterInstance, Field, StringSource
from dagster._core.storage.local_compute_log_manager import LocalComputeLogManager
from dagster._core.storage.root import LocalArtifactStorage
from dagster._core.storage.sqlite_storage import DagsterSqliteStorage

from f1bench_pipeline.orchestration.heal import cancel_unstarted_runs, heal_dead_runs
from f1bench_pipeline.settings import REPO_ROOT, dagster_home, get_settings, process_setting, set_environment

STORAGE_ENV = "F1BENCH_DAGSTER_STORAGE"


def storage_dir() -> Path:
    """The instance's directory: ``$F1BENCH_DAGSTER_STORAGE``, else ``<data dir>/dagster_home``."""
    given = process_setting("dagster_storage")
    if given:
        return Path(given).expanduser().resolve()

    return get_settings().data_dir / "dagster_home"


def ensure_dagster_home() -> Path:
    """Use the repo's dagster.yaml unless DAGSTER_HOME is set: the instance ``dagster dev`` in
    the repo root opens too, whose storage is :func:`storage_dir`, so the UI shows these runs."""
    if not dagster_home():
        # an installed package ships no dagster.yaml: its instance lives in the storage dir itself
        set_environment("DAGSTER_HOME", str(REPO_ROOT if (REPO_ROOT / "dagster.yaml").exists() else storage_dir()))
    storage_dir().mkdir(parents=True, exist_ok=True)
    return Path(dagster_home())


def open_instance() -> DagsterInstance:
    """The project's instance (:func:`ensure_dagster_home`), as the CLI's runs use it; runs of this
    host whose process died are failed and their pool slots freed first, and the ones an
    interrupted command created but never started canceled (``heal.py``)."""
    import sys

    ensure_dagster_home()
    instance = DagsterInstance.get()
    failed = heal_dead_runs(instance)
    if failed:
        print(f"f1bench: {len(failed)} run(s) whose process had died marked failed and their pool slots freed "
              f"({', '.join(r[:8] for r in failed[:5])}{' …' if len(failed) > 5 else ''})", file=sys.stderr)
    canceled = cancel_unstarted_runs(instance)
    if canceled:
        print(f"f1bench: {len(canceled)} run(s) created by an interrupted command and never started marked canceled "
              f"({', '.join(r[:8] for r in canceled[:5])}{' …' if len(canceled) > 5 else ''})", file=sys.stderr)
    return instance


def _base_dir(config_value: dict) -> str:
    base = Path(config_value.get("base_dir") or storage_dir())
    base.mkdir(parents=True, exist_ok=True)
    return str(base)


_OPTIONAL_BASE_DIR = {"base_dir": Field(StringSource, is_required=False)}


class SqliteStorage(DagsterSqliteStorage):
    """Runs, event logs and schedules (SQLite) under ``storage_dir()``."""

    @classmethod
    def config_type(cls):
        return dict(_OPTIONAL_BASE_DIR)

    @classmethod
    def from_config_value(cls, inst_data, config_value):
        return cls.from_local(base_dir=_base_dir(config_value), inst_data=inst_data)


class ArtifactStorage(LocalArtifactStorage):
    """Local artifacts under ``storage_dir()``."""

    @classmethod
    def config_type(cls):
        return dict(_OPTIONAL_BASE_DIR)

    @classmethod
    def from_config_value(cls, inst_data, config_value):
        return cls(base_dir=_base_dir(config_value), inst_data=inst_data)


class ComputeLogManager(LocalComputeLogManager):
    """Step stdout/stderr under ``storage_dir()``."""

    @classmethod
    def config_type(cls):
        return {**LocalComputeLogManager.config_type(), **_OPTIONAL_BASE_DIR}

    @classmethod
    def from_config_value(cls, inst_data, config_value):
        return cls(inst_data=inst_data, **{**config_value, "base_dir": _base_dir(config_value)})
