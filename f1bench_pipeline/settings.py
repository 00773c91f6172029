"""Project configuration: paths, seasons and every F1 rule threshold.

Everything a user may want to change lives here as a named, documented setting.
Values come from environment variables (``F1BENCH_*``) so the Dagster UI, the CLI
and the tests all see the same configuration. No secrets live here.

``get_settings()`` parses the environment strictly (pydantic-settings): a value that does
not parse is an error naming its variable (``F1BENCH_OFFLINE=ture`` is refused, never read
as "online"), and an empty value counts as unset. Every ``RaceRules`` threshold can be set
without touching code, from a rules file and/or one variable per field (later wins)::

    F1BENCH_RULES_FILE=rules.yaml                     # a mapping of RaceRules fields (YAML or JSON)
    F1BENCH_RULES__BATTLE_MAX_GAP_BEFORE_S=4.0        # one field ("__" separates the levels)
    F1BENCH_RULES__SAFETY_CAR_CODES='["4"]'           # list fields are JSON

An unknown rule name is an error too (a typo must not silently leave a rule unchanged).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator, model_validator

# Package data (package_data.py), shipped in the wheel: the Ergast CSVs, and the official results
# past the Ergast dump, one CSV per batch of races (layout: its README.md).
# ERGAST_DIR is re-exported (`as` marks it so): callers and tests import it from here.
from f1bench_pipeline.errors import UserError
from f1bench_pipeline.package_data import ERGAST_DIR as ERGAST_DIR
from f1bench_pipeline.package_data import OFFICIAL_RESULTS_DIR
from f1bench_pipeline.package_data import REPO_ROOT as REPO_ROOT
# In a checkout, data/ beside the code; an installed package (pip install .) has no repo, so
# its data live in ./data of the working directory unless F1BENCH_DATA_DIR says otherwise.
IS_CHECKOUT = (REPO_ROOT / "pyproject.toml").exists()
SAMPLE_CACHE_DIR = REPO_ROOT / "data" / "sample" / "fastf1_cache"
SAMPLE_MANIFEST = REPO_ROOT / "data" / "sample" / "MANIFEST.sha256"

ENV_PREFIX = "F1BENCH_"
NESTED_DELIMITER = "__"
# A YAML/JSON file of RaceRules fields, applied under the F1BENCH_RULES__* variables.
RULES_FILE_ENV = "F1BENCH_RULES_FILE"


class RaceRules(BaseModel):
    """Thresholds of the F1 rules. Change them here, never in code."""

    # An unknown field is a typo (F1BENCH_RULES__BATLE_MAX_GAP_BEFORE_S): refuse it.
    model_config = ConfigDict(extra="forbid")

    # Each threshold's description is its documentation: the launchpad (RaceRulesResource,
    # resources.py) and the JSON schema show it.
    non_green_status_codes: tuple[str, ...] = Field(
        ("2", "4", "5", "6", "7"), description="TrackStatus codes that make a lap non-green: 2 yellow, 4 SC, 5 red, 6/7 VSC")
    safety_car_codes: tuple[str, ...] = Field(
        ("4",), description="TrackStatus codes of a safety car (neutralise the race: a stop under them is a cheap stop)")
    virtual_safety_car_codes: tuple[str, ...] = Field(
        ("6", "7"), description="TrackStatus codes of a virtual safety car (neutralise the race)")
    red_flag_codes: tuple[str, ...] = Field(("5",), description="TrackStatus codes of a red flag (race suspended)")
    min_green_laps_for_degradation: int = Field(
        3, description="a stint's degradation slope needs at least this many green laps")
    # Undercut / overcut.
    battle_max_pit_lap_offset: int = Field(4, description="undercut/overcut: B pits at most this many laps after A")
    battle_min_pit_lap_offset: int = Field(1, description="undercut/overcut: B pits at least this many laps after A")
    battle_max_gap_before_s: float = Field(
        5.0, description="undercut/overcut: largest gap (s) between the cars on the lap before A's stop")
    battle_min_abs_gain_s: float = Field(
        0.5, description="undercut/overcut: smallest gap change (s) that counts; smaller changes are noise")
    battle_exclude_neutralised_stops: bool = Field(
        True, description="leave out stops under SC/VSC (a cheap stop, not an undercut or overcut)")
    battle_exclude_neutralised_window: bool = Field(
        True, description="leave out pairs with a SC/VSC/red lap between the lap before A's stop and the lap after "
                          "B's stop (it bunches or freezes the field: the gap change would not measure the tyre offset)")
    # On-track defense.
    defense_max_gap_s: float = Field(1.5, description="defense: the pursuer is within this gap (s) behind")
    defense_min_sustained_laps: int = Field(5, description="defense: laps held for a sustained defense")
    defense_brief_min_laps: int = Field(2, description="defense: fewest laps held for a brief defense")
    defense_brief_max_laps: int = Field(4, description="defense: most laps held for a brief defense")
    defense_breaking_status_codes: tuple[str, ...] = Field(
        ("4", "5", "6", "7"), description="TrackStatus codes whose laps break a defense run "
                                          "(bunched cars behind the SC are not a defense)")

    def as_json(self) -> dict[str, Any]:
        """Every threshold as plain JSON values (what a derived table's metadata records)."""
        return self.model_dump(mode="json")

    def fingerprint(self) -> str:
        """A short hash of the thresholds: equal rules, equal fingerprint (key order irrelevant)."""
        return hashlib.sha256(json.dumps(self.as_json(), sort_keys=True).encode()).hexdigest()[:12]


class Settings(BaseModel):
    """Where data lives and which seasons exist. Each field is the variable ``F1BENCH_<FIELD>``; its
    description is its documentation (the configuration page's table is generated from it)."""

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
    fastf1_cache: Path = Field(SAMPLE_CACHE_DIR, description="the FastF1 cache to read (default: the embedded "
                                                            "sample, offline and checksummed)")
    offline: bool = Field(True, description="never touch the network (FastF1 offline mode, Ergast from CSV); "
                                            "`0` lets FastF1 load from the network")
    cache_manifest: Path | None = Field(SAMPLE_MANIFEST, description="the SHA-256 manifest checked before FastF1 "
                                                                     "unpickles anything (none for a cache of your "
                                                                     "own: trusted)")
    official_results_dir: Path = Field(OFFICIAL_RESULTS_DIR, description="supplement files of official results "
                                                                         "(tried after the Ergast CSVs, before the "
                                                                         "network)")
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
    # Verifier-guided generation (f1bench_pipeline.domains.f1.refinement; RefinementResource).
    refine_max_rounds: int = Field(3, description="rounds of edit instructions after the first answer")
    refine_feedback_unverifiable: bool = Field(True, description="send unsupported claims back for removal")
    refine_feedback_uncovered: bool = Field(True, description="send the uncovered oracle facts back (\"add these\"); "
                                                              "false is the published loop's feedback")
    refine_max_edits: int = Field(20, description="cap on each list of edits in one message (an enormous answer "
                                                  "must not make an enormous prompt)")
    rules: RaceRules = RaceRules()

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
    rules_file: Path | None = Field(None, description="a YAML or JSON mapping of `RaceRules` fields, applied under "
                                                      "the `F1BENCH_RULES__*` variables")


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

    out: dict[str, str] = {}
    for name, value in settings.model_dump(mode="json").items():
        if name == "rules":
            out |= {env_name("rules", k): text(v) for k, v in value.items()}
        elif value is not None:  # a None manifest: implied by the cache alone (_implied)
            out[env_name(name)] = text(value)
    return out


def _rules_file() -> Path | None:
    return process_setting("rules_file")


def _read_rules_file(path: Path) -> dict[str, Any]:
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))  # YAML, and JSON (a subset of it)
    except OSError as exc:
        raise SettingsError(f"{RULES_FILE_ENV}={path}: cannot read it ({exc.strerror or exc})") from None
    except yaml.YAMLError as exc:
        raise SettingsError(f"{RULES_FILE_ENV}={path}: not YAML/JSON ({exc})") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise SettingsError(f"{RULES_FILE_ENV}={path}: expected a mapping of RaceRules fields, "
                            f"got {type(data).__name__}")
    return data


@lru_cache(maxsize=1)
def _environment_model():
    """The pydantic-settings model behind ``get_settings`` (built on first use: ``Settings``
    itself stays a plain model, so ``Settings(...)`` in code and tests never reads the environment)."""
    from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

    class RulesFileSource(PydanticBaseSettingsSource):
        """``F1BENCH_RULES_FILE``: RaceRules fields, under the environment variables."""

        def get_field_value(self, field, field_name):  # one read of the whole file in __call__
            return None, field_name, False

        def __call__(self) -> dict[str, Any]:
            path = _rules_file()
            return {"rules": _read_rules_file(path)} if path else {}

    class EnvironmentSettings(Settings, BaseSettings):
        model_config = SettingsConfigDict(
            env_prefix=ENV_PREFIX, env_nested_delimiter=NESTED_DELIMITER, env_ignore_empty=True,
            extra="ignore",  # the other F1BENCH_* variables are ProcessSettings' (read where they are used)
        )

        @classmethod
        def settings_customise_sources(cls, settings_cls, init_settings, env_settings, dotenv_settings,
                                       file_secret_settings):
            # keyword arguments > F1BENCH_* variables > the rules file > the defaults above (no .env, no secrets dir)
            return init_settings, env_settings, RulesFileSource(settings_cls)

        @field_validator("data_dir", "fastf1_cache", "cache_manifest", "official_results_dir")
        @classmethod
        def _absolute(cls, v: Path | None) -> Path | None:
            return v.resolve() if v is not None else v

        @model_validator(mode="after")
        def _implied(self):
            given = self.model_fields_set
            if "fastf1_cache" in given and "cache_manifest" not in given:
                self.cache_manifest = None  # a user-supplied cache has no manifest unless one is named
            if not self.offline and "fastf1_cache" not in given:
                # Network build through FastF1's normal loader, cached in the data dir.
                self.fastf1_cache = self.data_dir / "fastf1_cache"
                self.cache_manifest = None
            return self

    return EnvironmentSettings


def _explain(exc: ValidationError, given: Mapping[str, Any]) -> str:
    """One line per bad value, named by its variable (or by the rules file, or as given)."""
    environ = {k.upper(): v for k, v in os.environ.items()}
    lines = []
    for err in exc.errors():
        loc = [p for p in err["loc"] if isinstance(p, str)] or ["?"]
        key = loc[:2] if loc[0] == "rules" else loc[:1]
        var = env_name(*key)
        value = environ.get(var)
        if key[0] in given:
            where = f"{key[0]}={given[key[0]]!r} (given in place of {env_name(key[0])})"
        elif value is None and key[0] == "rules" and _rules_file() is not None:
            where = f"{RULES_FILE_ENV}={_rules_file()}: {'.'.join(key[1:]) or 'rules'}"
            where += f" = {err['input']!r}" if err["type"] != "extra_forbidden" else ""
        elif value is None:
            where = var
        else:
            where = f"{var}={value!r}"
        hint = (" (not a RaceRules field)" if err["type"] == "extra_forbidden" else
                " (accepted: 1/0, true/false, yes/no, on/off)" if err["type"].startswith("bool") else "")
        lines.append(f"  {where}: {err['msg']}{hint}")
    return "invalid f1bench settings:\n" + "\n".join(lines)


def settings_from_env(**given: Any) -> Settings:
    """Parse the F1BENCH_* environment (and ``F1BENCH_RULES_FILE``) into ``Settings``, uncached.
    ``given`` fields win over the environment and count as set by their variable (a given
    ``fastf1_cache`` without ``cache_manifest`` is trusted, as ``F1BENCH_FASTF1_CACHE`` alone is)."""
    from pydantic_settings import SettingsError as SourceError

    try:
        parsed = _environment_model()(**given)
    except ValidationError as exc:
        raise SettingsError(_explain(exc, given)) from None
    except SourceError as exc:  # a list/dict value that is not JSON
        bad = sorted(k.upper() for k, v in os.environ.items() if k.upper().startswith(env_name("rules")) and v)
        raise SettingsError(f"invalid f1bench settings: {exc} — list values are JSON, e.g. "
                            f"{env_name('rules', 'safety_car_codes')}='[\"4\"]' (set: {', '.join(bad) or 'none'})") from None
    return Settings.model_validate({name: getattr(parsed, name) for name in Settings.model_fields})


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """Settings from the environment (cached; call ``get_settings.cache_clear()`` in tests).
    Raises ``SettingsError`` naming the variable when a value does not parse."""
    return settings_from_env()
