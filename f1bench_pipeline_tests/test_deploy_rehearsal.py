"""A rehearsal of many machines, on loopback (#27): the embedded sample built through a deployment.

* the Dagster instance's run, event and schedule storage in a real PostgreSQL (Debian's server,
  started here on a private port; ``dagster-postgres``);
* every step a Celery task (``F1BENCH_EXECUTOR=celery``, ``dagster-celery``) on a real Redis broker
  (Debian's ``redis-server``), executed by two ``dagster-celery worker start`` processes: what runs
  on a second machine is exactly these workers, pointed at the same servers;
* the Parquet warehouse on an S3-compatible server on 127.0.0.1 (``moto_server``), through
  ``F1BENCH_WAREHOUSE_URL=s3://…``.

``f1bench build`` then runs as a user runs it, and every table must equal the local build's
(``sample_build``; build-history columns aside). Marked ``deploy``; skips with the reason when a
server binary or the ``deploy`` extra is missing (``make test`` installs both).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from f1bench_pipeline.domains.f1.settings import F1Settings
from f1bench_pipeline_tests.test_warehouse_remote import assert_rows_equal, local_rows

pytestmark = pytest.mark.deploy

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
WORKERS = 2
# `make test` (CI) rehearses the test season's ingest -> events -> instances (~1 min through the
# deployment); every season with the offline systems, refinement and weather takes ~7 min here:
# `make rehearsal`.
FULL = os.environ.get("F1BENCH_REHEARSAL") == "full"
CI_SEASON = 2025
BUILD_ARGS = [] if FULL else ["--seasons", str(CI_SEASON), "--no-systems"]


def _pg_bin() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    return found[-1].parent if found else None


def _missing() -> str | None:
    if _pg_bin() is None:
        return "PostgreSQL's server binaries are not installed (make servers: Debian's postgresql)"
    if shutil.which("redis-server") is None:
        return "redis-server is not installed (make servers: Debian's redis-server)"
    for module in ("dagster_postgres", "dagster_celery", "moto", "s3fs", "redis"):
        try:
            __import__(module)
        except ImportError:
            return f"{module} is not installed (the deploy extra: make finetune-deps)"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for_port(port: int, proc: subprocess.Popen, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode} before listening on {port}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise RuntimeError(f"{what} did not listen on {port} within {timeout:.0f} s")


def _as_postgres_user(cmd: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: as root, its commands run as Debian's ``postgres`` user."""
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


def _stop(proc: subprocess.Popen) -> None:
    """Stop ``proc`` and what it started (each server and worker is its own process group:
    ``dagster-celery worker start`` runs ``celery`` as a child, ``runuser`` runs ``postgres``)."""
    import signal

    for sig, wait in ((signal.SIGTERM, 20), (signal.SIGKILL, 10)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break
        try:
            proc.wait(wait)
            break
        except subprocess.TimeoutExpired:
            continue


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """PostgreSQL, Redis and the S3 server on free loopback ports; stopped after the module."""
    why = _missing()
    if why:
        pytest.skip(why)
    root = tmp_path_factory.mktemp("deploy")
    procs: list[subprocess.Popen] = []
    cleanup: list[Path] = []
    try:
        # PostgreSQL: a fresh cluster, trust auth on 127.0.0.1 only, its socket in its folder (under
        # /tmp itself: pytest's folders are private to root, and the server runs as postgres)
        pg_dir, pg_port = Path(tempfile.mkdtemp(prefix="f1bench-pg-")), _free_port()
        cleanup.append(pg_dir)
        if os.geteuid() == 0:
            shutil.chown(pg_dir, "postgres", "postgres")
        made = subprocess.run(_as_postgres_user([str(_pg_bin() / "initdb"), "-D", str(pg_dir / "data"), "-U",
                                                 "f1bench", "--auth=trust", "-E", "UTF8"]), capture_output=True, text=True)
        if made.returncode:
            raise RuntimeError(f"initdb failed: {made.stderr.strip()[-500:]}")
        procs.append(subprocess.Popen(_as_postgres_user([
            str(_pg_bin() / "postgres"), "-D", str(pg_dir / "data"), "-p", str(pg_port), "-k", str(pg_dir),
            "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"]),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))
        _wait_for_port(pg_port, procs[-1], "postgres")
        for _ in range(50):  # listening is not yet accepting: retry createdb until the server is up
            made = subprocess.run([str(_pg_bin() / "createdb"), "-h", "127.0.0.1", "-p", str(pg_port), "-U", "f1bench",
                                   "dagster"], capture_output=True, text=True)
            if made.returncode == 0:
                break
            time.sleep(0.2)
        else:
            raise RuntimeError(f"createdb failed: {made.stderr.strip()}")
        # Redis: no persistence
        redis_port = _free_port()
        procs.append(subprocess.Popen(["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1", "--save", "",
                                       "--appendonly", "no"], stdout=open(root / "redis.log", "w"),
                                      stderr=subprocess.STDOUT, start_new_session=True))
        _wait_for_port(redis_port, procs[-1], "redis-server")
        # the S3-compatible server, and the team's bucket
        s3_port = _free_port()
        procs.append(subprocess.Popen([str(BIN / "moto_server"), "-H", "127.0.0.1", "-p", str(s3_port)],
                                      stdout=open(root / "moto.log", "w"), stderr=subprocess.STDOUT,
                                      start_new_session=True))
        _wait_for_port(s3_port, procs[-1], "moto_server")
        s3_env = {"AWS_ACCESS_KEY_ID": "rehearsal", "AWS_SECRET_ACCESS_KEY": "rehearsal",
                  "AWS_DEFAULT_REGION": "us-east-1", "AWS_ENDPOINT_URL": f"http://127.0.0.1:{s3_port}"}
        import boto3

        boto3.client("s3", endpoint_url=s3_env["AWS_ENDPOINT_URL"], region_name="us-east-1",
                     aws_access_key_id="rehearsal", aws_secret_access_key="rehearsal").create_bucket(Bucket="f1bench")
        # the driver named: SQLAlchemy 2.1 takes a bare postgresql:// for psycopg 3, and
        # dagster-postgres ships psycopg2 (with postgres_db config: scheme: postgresql+psycopg2)
        yield {"root": root, "postgres": f"postgresql+psycopg2://f1bench@127.0.0.1:{pg_port}/dagster",
               "redis": f"redis://127.0.0.1:{redis_port}/0", "s3_env": s3_env}
    finally:
        for proc in reversed(procs):
            _stop(proc)
        for folder in cleanup:
            shutil.rmtree(folder, ignore_errors=True)


def _wait_for_workers(broker: str, workers: list[subprocess.Popen], root: Path, timeout: float = 180) -> None:
    """Until every worker answers Celery's ping: a build started before then is taken up by the
    worker that came up first alone (on a loaded machine one may start tens of seconds later)."""
    from celery import Celery

    app = Celery(broker=broker, backend=broker)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            if any(w.poll() is not None for w in workers):
                break
            if len(app.control.ping(timeout=1.0) or []) >= len(workers):
                return
            time.sleep(0.5)
    finally:
        app.close()
    logs = "\n".join((root / f"worker-{k}.log").read_text()[-1500:] for k in range(len(workers)))
    raise AssertionError(f"the {len(workers)} Celery workers did not all answer a ping in {timeout:.0f} s:\n{logs}")


@pytest.fixture(scope="module")
def deployment(servers, sample_build):
    """The instance (dagster.yaml: PostgreSQL storage), the environment every machine shares, and
    two Celery workers; yields that environment for the CLI."""
    root = servers["root"]
    home = root / "dagster_home"
    home.mkdir()
    (home / "dagster.yaml").write_text(
        "storage:\n  postgres:\n    postgres_url: " + servers["postgres"] + "\n"
        "telemetry:\n  enabled: false\n", encoding="utf-8")
    (root / "celery.yaml").write_text(
        f"execution:\n  config:\n    broker: {servers['redis']}\n    backend: {servers['redis']}\n", encoding="utf-8")
    local = F1Settings.of(sample_build["settings"])
    env = {k: v for k, v in os.environ.items() if not k.startswith(("F1BENCH_", "DAGSTER_"))}
    env |= servers["s3_env"] | {
        "DAGSTER_HOME": str(home), "F1BENCH_DATA_DIR": str(root / "data"), "F1BENCH_OFFLINE": "1",
        "F1BENCH_FASTF1_CACHE": str(local.fastf1_cache), "F1BENCH_CACHE_MANIFEST": str(local.cache_manifest),
        "F1BENCH_WAREHOUSE_URL": "s3://f1bench/warehouse", "F1BENCH_DUCKDB_REMOTE": "fsspec",
        "F1BENCH_EXECUTOR": "celery", "F1BENCH_CELERY_BROKER": servers["redis"],
        "F1BENCH_CELERY_BACKEND": servers["redis"], "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        "PYTHONPATH": str(REPO), "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}  # celery, on each worker
    # each worker is a machine of its own: its own data dir (caches, its DuckDB catalog), the shared
    # instance (PostgreSQL), broker (Redis) and warehouse (S3); one task at a time (--pool=solo: a
    # step may start processes of its own, which Celery's default pool forbids)
    workers = [subprocess.Popen(
        [str(BIN / "dagster-celery"), "worker", "start", "-A", "dagster_celery.app", "-y", str(root / "celery.yaml"),
         "-n", f"rehearsal-{k}@%h", "-l", "WARNING", "--", "--pool=solo"],
        cwd=root, env=env | {"F1BENCH_DATA_DIR": str(root / f"machine-{k}")},
        stdout=open(root / f"worker-{k}.log", "w"), stderr=subprocess.STDOUT, start_new_session=True)
        for k in range(WORKERS)]
    try:
        _wait_for_workers(servers["redis"], workers, root)
        yield env
    finally:
        for w in workers:
            _stop(w)


def test_the_sample_builds_through_postgres_celery_and_s3_and_equals_the_local_build(deployment, sample_build,
                                                                                    servers):
    import dagster as dg
    import fsspec

    from f1bench_pipeline.storage import location

    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", "build", *BUILD_ARGS], cwd=servers["root"],
                          env=deployment, capture_output=True, text=True, timeout=1800)
    seconds = time.perf_counter() - t0
    logs = "\n".join((servers["root"] / f"worker-{k}.log").read_text()[-2000:] for k in range(WORKERS))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:] + logs
    print(f"\nmany-machines rehearsal: f1bench build {' '.join(BUILD_ARGS)} in {seconds:.0f} s (PostgreSQL, "
          f"Celery on Redis with {WORKERS} workers, S3 on moto)")

    # the steps ran on the Celery workers, and the runs are in PostgreSQL
    with dg.DagsterInstance.from_ref(dg._core.instance.InstanceRef.from_dir(deployment["DAGSTER_HOME"])) as inst:
        runs = inst.get_runs()
        assert runs and all(r.status == dg.DagsterRunStatus.SUCCESS for r in runs), \
            [(r.job_name, r.status) for r in runs if r.status != dg.DagsterRunStatus.SUCCESS]
        hosts = set()
        for r in runs[:40]:
            for rec in inst.all_logs(r.run_id, of_type=dg.DagsterEventType.ENGINE_EVENT):
                meta = rec.dagster_event.engine_event_data.metadata if rec.dagster_event else {}
                if "Celery worker" in meta:
                    hosts.add(meta["Celery worker"].value)
        assert len(hosts) == WORKERS, hosts  # both workers took steps

    # every table of the local build, equal in the S3 warehouse
    s3 = {k: v for k, v in deployment.items() if k.startswith("AWS_")}
    saved = {k: os.environ.get(k) for k in s3}
    os.environ.update(s3)
    try:
        fsspec.filesystem("s3").invalidate_cache()
        url = "s3://f1bench/warehouse"
        local = sample_build["settings"].warehouse_dir
        built = {rel.split("/", 1)[0] for rel in location.find_files(url, "")}
        # the local build's tables (of the season rehearsed, those this build writes)
        expected = {t: rows for t, rows in local_rows(Path(local), None if FULL else CI_SEASON).items()
                    if FULL or t in built}
        assert FULL or {"raw_laps", "pit_stops", "instances", "test_sample"} <= set(expected), built
        assert_rows_equal(url, expected)
    finally:
        import s3fs

        s3fs.S3FileSystem.clear_instance_cache()  # fsspec keeps the instance (and its endpoint) per process
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
