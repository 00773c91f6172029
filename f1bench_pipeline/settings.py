"""Project configuration: paths, seasons, and each domain's section (F1's rule thresholds).

Everything a user may want to change lives here as a named, documented setting.
Values come from environment variables (``F1BENCH_*``) so the Dagster UI, the CLI
and the tests all see the same configuration. No secrets live here.

``get_settings()`` parses the environment strictly (pydantic-settings): a value that does
not parse is an error naming its variable (``F1BENCH_OFFLINE=ture`` is refused, never read
as "online"), and an empty value counts as unset. A domain's own settings are its section
(``SettingsSection``, defined in its folder's ``settings.py``: F1's FastF1 cache, refinement and
``RaceRules`` thresholds in ``domains/f1/settings.py``), found by discovery: its fields keep
top-level variables (``F1BENCH_FASTF1_CACHE``, ``F1BENCH_RULES__BATTLE_MAX_GAP_BEFORE_S``), are
read by the same machinery, and a nested model of one may also be read from a file the section
names (``F1BENCH_RULES_FILE``), applied under its variables.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Set
from copy import copy
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, create_model, field_validator, model_validator
from pydantic.fields import FieldInfo

from f1bench_pipeline.discovery import domain_settings_sections

# Package data (package_data.py), shipped in the wheel: the Ergast CSVs, and the official results
# past the Ergast dump, one CSV per batch of races (layout: its README.md).
# ERGAST_DIR is re-exported (`as` marks it so): callers and tests import it from here.
from f1bench_pipeline.errors import UserError
from f1bench_pipeline.package_data import ERGAST_DIR as ERGAST_DIR
from f1bench_pipeline.package_data import REPO_ROOT as REPO_ROOT
# In a checkout, data/ beside the code; an installed package (pip install .) has no repo, so
# its data live in ./data of the working directory unless F1BENCH_DATA_DIR says otherwise.
IS_CHECKOUT = (REPO_ROOT / "pyproject.toml").exists()

ENV_PREFIX = "F1BENCH_"
NESTED_DELIMITER = "__"
_Section = TypeVar("_Section", bound="SettingsSection")


class SettingsSection(BaseModel):
    """A domain's own settings, defined in its folder's ``settings.py`` (one subclass) and found by
    discovery (``discovery.domain_settings_sections``): ``Settings.section(name, model)`` holds it.
    Each field is the variable ``F1BENCH_<FIELD>``, as a field of ``Settings`` is (a nested model's
    fields ``F1BENCH_<FIELD>__<NESTED>``), its description its documentation."""

    #: a nested model field → the field naming a YAML/JSON file of its values, applied under its variables
    files: ClassVar[Mapping[str, str]] = {}

    def from_environment(self: _Section, given: Set[str], settings: Settings) -> _Section:
        """This section as read from the environment, completed by what depends on which variables
        were set (``given``: the field names) and on the shared ``settings``. Default: as read."""
        return self


class Settings(BaseModel):
    """Where data lives and which seasons exist, and each domain's section (``sections``). Each field
    is the variable ``F1BENCH_<FIELD>``; its description is its documentation (the configuration
    page's table is generated from it)."""

    data_dir: Path = Field(default_factory=lambda: REPO_ROOT / "data" if IS_CHECKOUT else Path.cwd().resolve() / "data",
                           description="the data directory: the warehouse (`warehouse/`, `warehouse.duckdb`), caches, "
                                       "exports, reports, the Dagster storage (an installed package: `./data`)")
    # Credentials never go in the URL: s3fs/gcsfs and DuckDB take them from the environment.
    warehouse_url: str = Field("", description="the Parquet warehouse at an fsspec URL (`file://`, `memory://`, "
                                               "`s3://bucket/prefix`, `gs://…`, read-only `http(s)://`) instead of "
                                               "`<data dir>/warehouse`; caches, reports and `warehouse.duckdb` stay "
                                               "in the data directory")
    duckdb_remote: Literal["auto", "httpfs", "fsspec"] = Field(
        "auto", description="how DuckDB reads a remote warehouse: `httpfs` (its extension), `fsspec`, or `auto` "
                            "(httpfs for s3/http(s) when it loads, else fsspec)")
    executor: Literal["in_process", "multiprocess", "celery"] = Field(
        "in_process", description="where a run's steps execute (orchestration/executors.py): `in_process`, "
                                  "`multiprocess` (one process per step) or `celery` (Celery workers over "
                                  "`F1BENCH_CELERY_BROKER`: many machines, with a shared instance storage)")
    # Credentials, if any, belong in the URL of a deployment's environment, never in a file.
    celery_broker: str = Field("", description="the Celery broker URL (`redis://host:6379/0`)")
    celery_backend: str = Field("", description="the Celery result backend URL (default: the broker)")
    offline: bool = Field(True, description="never touch the network (FastF1 offline mode, Ergast from CSV); "
                                            "`0` lets FastF1 load from the network")
    leaderboard_include_timing_order: bool = Field(
        False, description="keep in the leaderboard the instances of races classified from timing order (no "
                           "official result yet: disqualifications and penalties unknown)")
    leaderboard_include_stale_context: bool = Field(
        True, description="count in the leaderboard the answers given an older version of their instance "
                          "(verified against that version: provenance.py; the `context_provenance` view counts them)")
    leaderboard_include_wrong_language: bool = Field(
        False, description="count in the leaderboard's figures the answers written in another language than the "
                           "one asked (language.py; always counted in `n_wrong_language`; `f1bench leaderboard "
                           "--include-wrong-language`)")
    bootstrap_replicates: int = Field(1000, ge=0, description="bootstrap replicates over instances of the "
                                                              "leaderboard's intervals (0: point estimates only)")
    bootstrap_seed: int = Field(2026, description="seed of the bootstrap")
    confidence_level: float = Field(0.95, gt=0, lt=1, description="the intervals' confidence level")
    significance_min_instances: int = Field(20, ge=1, description="two systems sharing fewer scored instances get "
                                                                  "no \"differs\" verdict (too few to call an order)")
    review_plan_half_width: float = Field(0.02, gt=0, lt=1, description="`f1bench review plan`: the target "
                                                                        "half-width of the corrected precision's "
                                                                        "interval")
    review_plan_default_sd: float = Field(0.15, gt=0, le=1, description="`f1bench review plan`: the standard "
                                                                        "deviation of (human − automatic) precision "
                                                                        "per answer assumed for a system with too "
                                                                        "few reviewed answers")
    review_plan_min_reviewed: int = Field(10, ge=2, description="`f1bench review plan`: reviewed answers a system "
                                                                "needs before its own deviation is used")
    # Templates and the dev models are well above it.
    reading_coverage_warn_below: float = Field(
        0.7, ge=0, le=1, description="a system × language whose mean reading coverage (the share of its answers' "
                                     "numbers and driver mentions a claim or a skip rule accounts for) is below "
                                     "this gets a WARN in `f1bench score`, the leaderboard and the audit page")
    # The longest answer of the published generations (dev, more) is 3,805 characters.
    max_answer_chars: int = Field(100_000, gt=0, description="an imported or scored answer longer than this many "
                                                             "characters is a bad line (named with its number), "
                                                             "not scored")
    eval_max_error_share: float = Field(0.1, ge=0, le=1, description="`f1bench eval` exits 1 when more than this "
                                                                     "share of the model's answers are errors")
    # The benchmark (BenchmarkResource, resources.py); the season partitions read first/last
    # season and max_rounds alone, when the code location loads (partitions.py).
    first_season: int = Field(2018, description="first season of the benchmark")
    last_season: int = Field(2025, description="last season of the benchmark")
    test_season: int = Field(2025, description="the held-out test season (every other season is train)")
    max_rounds: int = Field(24, description="most rounds a season may have (the round partitions)")
    test_sample_size: int = Field(207, description="instances in the stratified sample of the test season "
                                                   "that paid models run on")
    sample_seed: int = Field(2026, description="seed of the test sample")
    # Each domain's own settings (SettingsSection), by domain name; every discovered section is
    # here (its defaults unless given). Given by field name too: Settings(fastf1_cache=…) sets F1's.
    sections: dict[str, Any] = Field(default_factory=dict, validate_default=True,
                                     description="each domain's section of the settings, by domain name")

    @model_validator(mode="before")
    @classmethod
    def _sections_by_field(cls, data: Any) -> Any:
        """A section's field given by its name (the name its variable has) goes to its section."""
        owners = _section_owners()
        if not isinstance(data, dict) or not any(k in owners for k in data):
            return data
        data = dict(data)
        sections = {name: dict(v) if isinstance(v, BaseModel) else {**v}
                    for name, v in (data.get("sections") or {}).items()}
        for key in [k for k in data if k in owners]:
            sections.setdefault(owners[key], {})[key] = data.pop(key)
        return {**data, "sections": sections}

    @field_validator("sections")
    @classmethod
    def _every_section(cls, value: dict[str, Any]) -> dict[str, SettingsSection]:
        models = _section_models()
        if unknown := sorted(set(value) - set(models)):
            raise ValueError(f"no domain has a settings section {', '.join(unknown)}")
        return {name: model.model_validate(value.get(name, {})) for name, model in models.items()}

    def section(self, name: str, model: type[_Section]) -> _Section:
        """The domain ``name``'s section (a domain's code reads its own: ``F1Settings.of(settings)``)."""
        value = self.sections[name]
        if not isinstance(value, model):
            raise TypeError(f"the {name} section is a {type(value).__name__}, not a {model.__name__}")
        return value

    @property
    def location(self) -> WarehouseLocation:
        return WarehouseLocation(self.data_dir, self.warehouse_url)

    @property
    def warehouse_dir(self) -> Path | str:
        """The warehouse root: ``data_dir/warehouse``, or ``warehouse_url`` when set."""
        return self.location.root

    @property
    def duckdb_path(self) -> Path:
        return self.location.duckdb_path

    @property
    def seasons(self) -> list[int]:
        return list(range(self.first_season, self.last_season + 1))

    def checked_season(self, season: int | None) -> int:
        """``season`` (None: the test season), or a ``SeasonError`` naming the configured ones."""
        from f1bench_pipeline.errors import SeasonError

        season = self.test_season if season is None else season
        if season not in self.seasons:
            raise SeasonError(f"season {season} is not configured: the seasons are {self.first_season}–"
                              f"{self.last_season} (F1BENCH_FIRST_SEASON, F1BENCH_LAST_SEASON)")
        return season

    def split_of(self, season: int) -> str:
        return "test" if season == self.test_season else "train"


class ProcessSettings(BaseModel):
    """The settings of one f1bench process that no ``Settings`` object carries: child processes
    (a run, a worker pool, a local model server) inherit them as their variables. Each is read
    where it is used (``process_setting``), uncached, as strictly as ``get_settings`` reads its own."""

    model_config = ConfigDict(extra="forbid")

    systems: Path | None = Field(None, description="the system registry file (default: the packaged systems.yaml); "
                                                   "the overlays in `data/systems.d/` apply on top")
    llm_extractor: str = Field("", description="registry system run as LLM extractor beside the regex one; "
                                               "a run's config (`llm_extractor`) overrides it")
    ingest_workers: int | None = Field(None, ge=1, description="FastF1 loader processes of a multi-race run "
                                                               "(default: the usable CPUs divided among the runs "
                                                               "launched together, at most 2; 1 = the run's process)")
    offline_workers: int | None = Field(None, ge=1, description="processes answering the offline systems' calls "
                                                                "(default: as above, at most 8)")
    scoring_workers: int | None = Field(None, ge=1, description="processes extracting and verifying claims "
                                                                "(default: as above, at most 8)")
    dagster_storage: Path | None = Field(None, description="the Dagster instance's runs, event logs and compute logs "
                                                           "(default: `<data dir>/dagster_home`)")
    progress: Literal["auto", "bar", "lines", "off"] = Field(
        "auto", description="progress display: `bar` (tqdm), `lines`, `off`; `auto`: a bar on a terminal, else lines")
    progress_every_s: float = Field(10.0, ge=0, description="seconds between two progress lines")
    debug: bool = Field(False, description="a command's error prints its traceback (as `--debug` does)")
    litellm_quiet: bool = Field(False, description="no litellm banner per failed call (the CLI and the Dagster code "
                                                   "location set it for their runs)")
    cache_fsync: bool = Field(False, description="fsync every answer the generation cache writes (a power cut "
                                                 "then loses none; slower)")
    drivers_csv: Path | None = Field(None, description="the driver surname table the regex extractor reads "
                                                       "(default: the packaged Ergast `drivers.csv`)")
    nws_base_url: str = Field("", description="the National Weather Service API the weather collector calls "
                                              "(default: https://api.weather.gov)")
    nws_user_agent: str = Field("", description="the User-Agent the weather collector sends (NWS asks for a contact)")
    paper_generations: Path | None = Field(None, description="the published generations the validation assets "
                                                             "score (default: the shared data's dev set)")


class SettingsError(UserError, ValueError):
    """An F1BENCH_* variable (or the rules file) holds a value that does not parse; the
    message names each variable with its value and what was expected."""


@dataclass(frozen=True)
class WarehouseLocation:
    """Where one warehouse lives, computed in one place for the settings, the Dagster resource and
    the commands: its Parquet root (``url`` when set, else ``<data_dir>/warehouse``) and its DuckDB
    file (always local: ``<data_dir>/warehouse.duckdb``)."""

    data_dir: Path
    url: str | None = None

    @property
    def root(self) -> Path | str:
        return self.url or self.data_dir / "warehouse"

    @property
    def duckdb_path(self) -> Path:
        return self.data_dir / "warehouse.duckdb"


def env_name(*loc: str | int) -> str:
    """The variable of a settings field: ``("rules", "battle_max_gap_before_s")`` →
    ``F1BENCH_RULES__BATTLE_MAX_GAP_BEFORE_S``."""
    return ENV_PREFIX + NESTED_DELIMITER.join(str(p).upper() for p in loc)


def setting_from_env(name: str, model: type[BaseModel] | None = None) -> Any:
    """One top-level ``Settings`` (or ``model``) field from its own variable alone, parsed as
    ``get_settings`` parses it (unset or empty: the default); a value that does not parse is a
    ``SettingsError`` naming the variable. For the few values Dagster needs when the code location
    loads (the partitions' seasons, partitions.py): no other variable is read, so nothing else is frozen."""
    field = (model or Settings).model_fields[name]
    var = env_name(name)
    raw = {k.upper(): v for k, v in os.environ.items()}.get(var, "")
    if raw == "":
        return field.get_default(call_default_factory=True)
    try:
        return TypeAdapter(field.annotation).validate_python(raw)  # type: ignore[arg-type]  # pydantic: a model field's annotation is set (None only before the model is built)
    except ValidationError as exc:
        raise SettingsError(f"invalid f1bench settings:\n  {var}={raw!r}: {exc.errors()[0]['msg']}") from None


def process_setting(name: str) -> Any:
    """One ``ProcessSettings`` field, read from its variable now (``F1BENCH_<NAME>``)."""
    return setting_from_env(name, ProcessSettings)


def process_setting_of(variable: str) -> Any:
    """The ``ProcessSettings`` field whose variable is ``variable`` (``F1BENCH_SCORING_WORKERS``)."""
    name = variable.upper().removeprefix(ENV_PREFIX).lower()
    if name not in ProcessSettings.model_fields:
        raise KeyError(f"{variable} is not an f1bench setting")
    return process_setting(name)


# --- the process environment ---------------------------------------------------------------
# This module is the only one that reads the environment (a test holds the package to it): the
# F1BENCH_* variables as the fields above, and, through the functions below, the names other
# tools define — a provider's key variable, DAGSTER_HOME, XDG_CACHE_HOME, a library's switch.

def environment() -> dict[str, str]:
    """A copy of this process's environment: the base of a child process's, or a scan for secrets
    to redact (generation/sanitize.py)."""
    return dict(os.environ)


def secret(variable: str) -> str | None:
    """The value of a variable a system names for its key or endpoint (``api_key_env``,
    ``api_key: os.environ/NAME``, ``api_base_env``): secrets come from the environment only."""
    return os.environ.get(variable) or None


def dagster_home() -> str:
    """``$DAGSTER_HOME`` ("" when unset): the Dagster instance other processes open."""
    return os.environ.get("DAGSTER_HOME", "")


def user_cache_home() -> Path:
    """``$XDG_CACHE_HOME``, else ``~/.cache`` (the XDG base-directory convention)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")


def set_environment(variable: str, value: str | None, *, default_only: bool = False) -> None:
    """Set ``variable`` for this process and the processes it starts (``None`` unsets it);
    ``default_only``: only when it is unset (a user's own value stands)."""
    if value is None:
        os.environ.pop(variable, None)
    elif not (default_only and variable in os.environ):
        os.environ[variable] = value


def settings_env(settings: Settings) -> dict[str, str]:
    """``settings`` as the ``F1BENCH_*`` variables that parse back to it (``settings_from_env``): for a
    process that takes its settings from the environment (a daemon's runs, orchestration/run_queue.py)."""
    def text(value: Any) -> str:
        return json.dumps(value) if isinstance(value, (list, dict)) else str(value).lower() if isinstance(value, bool) \
            else str(value)

    flat = settings.model_dump(mode="json", exclude={"sections"})
    for section in settings.sections.values():
        flat |= section.model_dump(mode="json")
    out: dict[str, str] = {}
    for name, value in flat.items():
        if isinstance(value, dict):  # a nested model (F1's rules): one variable per field
            out |= {env_name(name, k): text(v) for k, v in value.items()}
        elif value is not None:  # a None manifest: implied by the cache alone (F1Settings.from_environment)
            out[env_name(name)] = text(value)
    return out


# --- the domains' sections -------------------------------------------------------------------

@lru_cache(maxsize=1)
def _section_models() -> dict[str, type[SettingsSection]]:
    """Each domain's section model, by domain name; a field name is one variable, so no two
    sections (nor a section and ``Settings``) may share one."""
    models: dict[str, type[SettingsSection]] = domain_settings_sections()
    seen = {name: "the shared settings" for name in Settings.model_fields}
    for domain, model in models.items():
        for name in model.model_fields:
            if name in seen:
                raise TypeError(f"the {domain} settings' field {name} is also a field of {seen[name]}")
            seen[name] = f"the {domain} settings"
    return models


@lru_cache(maxsize=1)
def _section_owners() -> dict[str, str]:
    """field name → the domain whose section has it."""
    return {field: domain for domain, model in _section_models().items() for field in model.model_fields}


def _flat_fields() -> dict[str, FieldInfo]:
    """Every field a variable sets: the shared ones and every section's (what the environment is read into)."""
    fields = {name: info for name, info in Settings.model_fields.items() if name != "sections"}
    for model in _section_models().values():
        fields |= model.model_fields
    return fields


def _nested_models() -> dict[str, type[BaseModel]]:
    """The fields holding a model (F1's ``rules``: ``RaceRules``), each set by ``F1BENCH_<FIELD>__<NESTED>``."""
    return {name: info.annotation for name, info in _flat_fields().items()
            if isinstance(info.annotation, type) and issubclass(info.annotation, BaseModel)}


def _settings_files() -> dict[str, tuple[str, Path]]:
    """nested field → (the variable naming its file, the file) for each file set (``F1BENCH_RULES_FILE``)."""
    out = {}
    for model in _section_models().values():
        for nested, file_field in model.files.items():
            if (path := setting_from_env(file_field, model)) is not None:
                out[nested] = (env_name(file_field), path)
    return out


def _read_settings_file(variable: str, path: Path, model: type[BaseModel]) -> dict[str, Any]:
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))  # YAML, and JSON (a subset of it)
    except OSError as exc:
        raise SettingsError(f"{variable}={path}: cannot read it ({exc.strerror or exc})") from None
    except yaml.YAMLError as exc:
        raise SettingsError(f"{variable}={path}: not YAML/JSON ({exc})") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise SettingsError(f"{variable}={path}: expected a mapping of {model.__name__} fields, "
                            f"got {type(data).__name__}")
    return data


@lru_cache(maxsize=1)
def _environment_model():
    """The pydantic-settings model behind ``get_settings``: every field a variable sets, the shared
    ones and each section's, at the top level (built on first use: ``Settings`` itself stays a plain
    model, so ``Settings(...)`` in code and tests never reads the environment)."""
    from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

    class SettingsFilesSource(PydanticBaseSettingsSource):
        """The files a section names (``F1BENCH_RULES_FILE``): a nested model's fields, under the variables."""

        def get_field_value(self, field, field_name):  # one read of each file in __call__
            return None, field_name, False

        def __call__(self) -> dict[str, Any]:
            nested = _nested_models()
            return {field: _read_settings_file(variable, path, nested[field])
                    for field, (variable, path) in _settings_files().items()}

    class EnvironmentBase(BaseSettings):
        model_config = SettingsConfigDict(
            env_prefix=ENV_PREFIX, env_nested_delimiter=NESTED_DELIMITER, env_ignore_empty=True,
            extra="ignore",  # the other F1BENCH_* variables are ProcessSettings' (read where they are used)
        )

        @classmethod
        def settings_customise_sources(cls, settings_cls, init_settings, env_settings, dotenv_settings,
                                       file_secret_settings):
            # keyword arguments > F1BENCH_* variables > the sections' files > the defaults (no .env, no secrets dir)
            return init_settings, env_settings, SettingsFilesSource(settings_cls)

    fields: dict[str, Any] = {name: (info.annotation, copy(info)) for name, info in _flat_fields().items()}
    return create_model("EnvironmentSettings", __base__=EnvironmentBase, **fields)


def _explain(exc: ValidationError, given: Mapping[str, Any]) -> str:
    """One line per bad value, named by its variable (or by the file a section names, or as given)."""
    environ = {k.upper(): v for k, v in os.environ.items()}
    nested, files = _nested_models(), _settings_files()
    lines = []
    for err in exc.errors():
        loc = [p for p in err["loc"] if isinstance(p, str)] or ["?"]
        key = loc[:2] if loc[0] in nested else loc[:1]
        var = env_name(*key)
        value = environ.get(var)
        if key[0] in given:
            where = f"{key[0]}={given[key[0]]!r} (given in place of {env_name(key[0])})"
        elif value is None and key[0] in files:
            file_var, path = files[key[0]]
            where = f"{file_var}={path}: {'.'.join(key[1:]) or key[0]}"
            where += f" = {err['input']!r}" if err["type"] != "extra_forbidden" else ""
        elif value is None:
            where = var
        else:
            where = f"{var}={value!r}"
        hint = (f" (not a {nested[key[0]].__name__} field)" if err["type"] == "extra_forbidden" and key[0] in nested else
                " (accepted: 1/0, true/false, yes/no, on/off)" if err["type"].startswith("bool") else "")
        lines.append(f"  {where}: {err['msg']}{hint}")
    return "invalid f1bench settings:\n" + "\n".join(lines)


def _not_json(exc: Exception) -> str:
    """The error of a list or dict value that is not JSON: the nested variables set, and an example."""
    environ = {k.upper(): v for k, v in os.environ.items() if v}
    lists = {env_name(name, field): info.default for name, model in _nested_models().items()
             for field, info in model.model_fields.items() if isinstance(info.default, tuple)}
    bad = sorted(k for k in environ if any(k.startswith(env_name(n) + NESTED_DELIMITER) for n in _nested_models()))
    example = next((v for v in bad if v in lists), next(iter(lists), None))
    shown = f", e.g. {example}={json.dumps(list(lists[example]))!r}" if example else ""
    return (f"invalid f1bench settings: {exc} — list values are JSON{shown} "
            f"(set: {', '.join(bad) or 'none'})")


def settings_from_env(**given: Any) -> Settings:
    """Parse the F1BENCH_* environment (and the files a section names, ``F1BENCH_RULES_FILE``) into
    ``Settings``, uncached. ``given`` fields (a section's too, by name) win over the environment and
    count as set by their variable (a given ``fastf1_cache`` without ``cache_manifest`` is trusted,
    as ``F1BENCH_FASTF1_CACHE`` alone is)."""
    from pydantic_settings import SettingsError as SourceError

    try:
        parsed = _environment_model()(**given)
    except ValidationError as exc:
        raise SettingsError(_explain(exc, given)) from None
    except SourceError as exc:  # a list/dict value that is not JSON
        raise SettingsError(_not_json(exc)) from None
    values = {name: getattr(parsed, name) for name in type(parsed).model_fields}
    shared = Settings.model_validate({name: values[name] for name in Settings.model_fields if name != "sections"}
                                     | {"data_dir": values["data_dir"].resolve()})
    sections = {name: model.model_validate({f: values[f] for f in model.model_fields})
                .from_environment(parsed.model_fields_set, shared) for name, model in _section_models().items()}
    return shared.model_copy(update={"sections": sections})


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """Settings from the environment (cached; call ``get_settings.cache_clear()`` in tests).
    Raises ``SettingsError`` naming the variable when a value does not parse."""
    return settings_from_env()
