"""`pip install .` (how a container image installs it) must work like the editable checkout.

The wheel is built from a copy of the sources, installed with ``--no-deps`` into a fresh virtualenv
outside the repository whose dependencies come from this test's environment (a ``.pth`` file
naming its site-packages: no network), and ``f1bench query``, ``score`` and ``serve`` then run
from an empty directory against the sample warehouse. A missing data file is an error, never an
empty surname table.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

from f1bench_pipeline import package_data

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "f1bench_pipeline"
# Folders of package data (every file in them ships) and the files that must not.
DATA_DIRS = ("sql", "sql/views", "domains/weather/sql/views", "audit/static", "data/ergast", "data/official_results")


pytestmark = pytest.mark.slow


def _run(cmd: list, **kw) -> subprocess.CompletedProcess:
    kw.setdefault("timeout", 600)
    return subprocess.run([str(c) for c in cmd], capture_output=True, text=True, check=False, **kw)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built (no build isolation: this environment's setuptools, no network) from a
    copy of what a checkout holds, so the build never writes into the repository."""
    tmp = tmp_path_factory.mktemp("wheel_build")
    src = tmp / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "systems.yaml", "MANIFEST.in"):
        if (REPO / name).exists():
            shutil.copy2(REPO / name, src / name)
    # symlinks kept as symlinks (f1bench_pipeline/systems.yaml -> ../systems.yaml): the build must resolve them
    shutil.copytree(PACKAGE, src / "f1bench_pipeline", symlinks=True,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.so"))
    dist = tmp / "dist"
    r = _run([sys.executable, "-m", "pip", "wheel", src, "--no-deps", "--no-build-isolation", "--no-index",
              "-w", dist], cwd=tmp)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    (whl,) = dist.glob("f1bench_pipeline-*.whl")
    return whl


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> dict:
    """A virtualenv outside the repository with the wheel installed, and the environment to run it."""
    tmp = tmp_path_factory.mktemp("installed")
    root = tmp / "venv"
    r = _run([sys.executable, "-m", "venv", "--without-pip", root])
    assert r.returncode == 0, r.stderr
    bindir = root / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / ("python.exe" if os.name == "nt" else "python")
    # install first, while the new environment sees no f1bench_pipeline at all
    r = _run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", wheel])
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    # then the dependencies: this environment's site-packages, appended to sys.path by a .pth file.
    # (--system-site-packages would give the base interpreter's, which lacks them; the editable
    # install's own .pth in there is not processed, as only site directories' .pth files are.)
    site = Path(_run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
    deps = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "_f1bench_test_dependencies.pth").write_text("\n".join(sorted(deps)) + "\n", encoding="utf-8")
    cwd = tmp / "elsewhere"  # an empty working directory: nothing may be found relative to it
    cwd.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("F1BENCH_") and k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(LITELLM_LOCAL_MODEL_COST_MAP="True", F1BENCH_PROGRESS="off", PYTHONNOUSERSITE="1")
    return {"root": root, "python": python, "f1bench": bindir / "f1bench", "site": site, "cwd": cwd, "env": env}


def _in_venv(venv: dict, data_dir: Path, *args, **kw) -> subprocess.CompletedProcess:
    env = {**venv["env"], "F1BENCH_DATA_DIR": str(data_dir)}
    return _run([venv["f1bench"], *args], cwd=venv["cwd"], env=env, **kw)


def test_the_wheel_holds_every_file_the_code_reads_and_not_the_fastf1_sample(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        registry = z.read("f1bench_pipeline/systems.yaml")
        size = sum(i.file_size for i in z.infolist())
    for folder in DATA_DIRS:
        shipped = {f"f1bench_pipeline/{folder}/{p.name}" for p in (PACKAGE / folder).iterdir() if p.is_file()}
        assert shipped and shipped <= names, (folder, sorted(shipped - names))
    assert "f1bench_pipeline/data/ergast/drivers.csv" in names
    assert {"f1bench_pipeline/data/ergast/LICENSE", "f1bench_pipeline/data/ergast/NOTICE.md"} <= names  # CC0 terms ship too
    assert registry == (REPO / "systems.yaml").read_bytes()  # a copy of the registry, not a symlink
    # test material stays with the tests (the style generators and blind sets test the extractor blind)
    assert not {n for n in names if n.startswith("f1bench_pipeline_tests/") or "/robustness/" in n}
    assert not any(".ff1pkl" in n or "/sample/" in n or "__pycache__" in n for n in names)
    assert size < 5_000_000, size  # code + ~0.8 MB of CSV/SQL; the FastF1 sample (MBs) stays out


def test_the_package_data_lives_inside_the_package():
    for path in (package_data.VIEWS_DIR, package_data.SQL_DIR, package_data.AUDIT_STATIC_DIR,
                 package_data.ERGAST_DIR, package_data.OFFICIAL_RESULTS_DIR, package_data.DRIVERS_CSV,
                 package_data.DEFAULT_REGISTRY):
        assert path.exists() and PACKAGE in (path.parent, *path.parents), path
    from f1bench_pipeline.audit import server
    from f1bench_pipeline.generation import registry
    from f1bench_pipeline.domains.f1 import extract
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.package_data import OFFICIAL_RESULTS_DIR
    from f1bench_pipeline.settings import ERGAST_DIR
    from f1bench_pipeline.storage import queries, views

    assert views.VIEWS_DIR == package_data.VIEWS_DIR and queries.QUERIES_DIR == package_data.SQL_DIR
    assert server.STATIC == package_data.AUDIT_STATIC_DIR and registry.DEFAULT_REGISTRY == package_data.DEFAULT_REGISTRY
    assert extract.DRIVERS_CSV == package_data.DRIVERS_CSV
    assert get_domain("f1").extractor_data() == (package_data.DRIVERS_CSV,)  # what the regex version hashes
    assert ERGAST_DIR == package_data.ERGAST_DIR and OFFICIAL_RESULTS_DIR == package_data.OFFICIAL_RESULTS_DIR


def test_the_installed_package_is_imported_from_the_new_environment(venv):
    r = _run([venv["python"], "-c", "import f1bench_pipeline, duckdb, polars; print(f1bench_pipeline.__file__)"],
             cwd=venv["cwd"], env=venv["env"])
    assert r.returncode == 0, r.stderr
    where = Path(r.stdout.strip()).resolve()
    assert where.is_relative_to(venv["site"].resolve()), where
    assert not where.is_relative_to(REPO), where


def test_query_from_the_installed_package(venv, sample_build):
    data_dir = sample_build["settings"].data_dir
    r = _in_venv(venv, data_dir, "query")
    assert r.returncode == 0, r.stderr
    names = {line.split()[0] for line in r.stdout.splitlines() if line.strip()}
    assert {p.stem for p in package_data.SQL_DIR.glob("*.sql")} == names
    r = _in_venv(venv, data_dir, "query", "skipped_races", "--format", "json")
    assert r.returncode == 0, r.stderr
    assert [row["event"] for row in json.loads(r.stdout)] == ["Italian Grand Prix"]
    r = _in_venv(venv, data_dir, "sql", "SELECT count(*) AS n FROM instances")  # the views load too
    assert r.returncode == 0 and int(r.stdout.split()[-1]) > 0, r.stderr


def test_score_from_the_installed_package_reads_the_driver_table(venv, sample_build, tmp_path):
    from f1bench_pipeline.storage.warehouse import read_table

    data_dir = sample_build["settings"].data_dir
    inst = read_table(sample_build["settings"].warehouse_dir, "instances").filter(lang="en", variant="default")
    # an instance about two other drivers: "Leclerc" can only be resolved through the Ergast driver
    # table (with one driver in the context, the extractor would fall back to that driver)
    iid, entities = next((r["id"], e) for r in inst.iter_rows(named=True)
                         if len(d := (e := json.loads(r["entities"])).get("drivers", [])) >= 2 and "LEC" not in d)
    text = "Leclerc finished second."
    code = ("import json, sys; from f1bench_pipeline.domains.f1.extract import extract_claims; "
            "print(json.dumps([c.slots for c in extract_claims(sys.argv[1], 'en', json.loads(sys.argv[2]))]))")
    r = _run([venv["python"], "-c", code, text, json.dumps(entities)], cwd=venv["cwd"], env=venv["env"])
    assert r.returncode == 0, r.stderr
    assert {"driver": "LEC", "position": 2} in json.loads(r.stdout)
    jsonl = tmp_path / "outputs.jsonl"
    jsonl.write_text(json.dumps({"id": iid, "model": "my-model", "lang": "en", "text": text}) + "\n", encoding="utf-8")
    r = _in_venv(venv, data_dir, "score", jsonl, "--format", "json")
    assert r.returncode == 0, r.stderr
    rows = [row for row in json.loads(r.stdout)["leaderboard"] if row["model"] == "my-model"]
    assert rows and all(row["n_scored"] == 1 and row["claims_per_generation"] >= 1 for row in rows), rows
    # without the table the install is broken: a clear error, not an answer that claims nothing
    drivers = venv["site"] / "f1bench_pipeline" / "data" / "ergast" / "drivers.csv"
    saved = drivers.read_bytes()
    drivers.unlink()
    try:
        r = _in_venv(venv, data_dir, "score", jsonl, "--format", "json")
    finally:
        drivers.write_bytes(saved)
    assert r.returncode != 0
    assert "driver table" in r.stderr and "drivers.csv" in r.stderr, r.stderr


def test_serve_from_the_installed_package(venv, sample_build):
    env = {**venv["env"], "F1BENCH_DATA_DIR": str(sample_build["settings"].data_dir)}
    proc = subprocess.Popen([str(venv["f1bench"]), "serve", "--port", "0"], cwd=venv["cwd"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()  # "f1bench audit page on http://127.0.0.1:PORT/ (Ctrl-C to stop)"
        m = re.search(r"http://[\d.]+:\d+/", line)
        assert m, (line, proc.stderr.read() if proc.poll() is not None else "")
        base = m.group(0)
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(base, timeout=30) as resp:
                    page = resp.read().decode()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        assert resp.status == 200 and "<html" in page.lower()
        assert page == (package_data.AUDIT_STATIC_DIR / "index.html").read_text(encoding="utf-8")
        with urllib.request.urlopen(base + "api/options", timeout=60) as resp:
            options = json.loads(resp.read())
        assert resp.status == 200 and options
    finally:
        proc.terminate()
        try:
            proc.communicate(timeout=20)  # reaps it and closes the pipes
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()


def test_a_missing_driver_table_is_an_error_not_an_empty_surname_map(tmp_path, monkeypatch):
    from f1bench_pipeline.domains.f1 import extract

    monkeypatch.setenv("F1BENCH_DRIVERS_CSV", str(tmp_path / "absent.csv"))
    extract.driver_table.cache_clear()
    try:
        with pytest.raises(package_data.MissingPackageData, match="absent.csv"):
            extract.extract_claims("Charles Leclerc finished second.", "en")
        (tmp_path / "empty.csv").write_text("code,surname\n", encoding="utf-8")
        monkeypatch.setenv("F1BENCH_DRIVERS_CSV", str(tmp_path / "empty.csv"))
        with pytest.raises(ValueError, match="no driver"):
            extract.driver_table()
    finally:
        monkeypatch.delenv("F1BENCH_DRIVERS_CSV")
        extract.driver_table.cache_clear()
    claims = extract.extract_claims("Charles Leclerc finished second.", "en")
    assert any(c.slots.get("driver") == "LEC" for c in claims)


def test_missing_package_data_names_the_file(tmp_path):
    with pytest.raises(package_data.MissingPackageData, match="sql/views.*incomplete"):
        package_data.require(tmp_path / "views", "the DuckDB view definitions (sql/views)")


def test_our_own_deprecations_fail_the_tests(request):
    """pyproject.toml's filterwarnings: a DeprecationWarning or FutureWarning raised at a line of
    f1bench_pipeline* is an error (it used to be ignored, with every other one)."""
    if request.config.getoption("pythonwarnings"):
        pytest.skip("-W given on the command line: it overrides pyproject.toml's filters")
    import warnings

    for category in (DeprecationWarning, FutureWarning):
        with pytest.raises(category):
            warnings.warn("a deprecated call of ours", category, stacklevel=1)
