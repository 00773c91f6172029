"""The modules of f1bench_pipeline import one another without cycles.

Every ``import`` statement that runs counts: at module level, inside functions and classes,
relative or absolute (only those under ``if TYPE_CHECKING:`` are left out: they never run).
``from a.b import c`` is an edge to ``a.b.c`` when that is a module, else to ``a.b``; an
import of ``a.b.c`` is an edge to the packages ``a`` and ``a.b`` too (Python runs their
``__init__`` first), unless they enclose the importing module. A cycle is a strongly connected component of more
than one module (or a module importing itself); the test names its modules and the import
lines that close it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import f1bench_pipeline

PACKAGE = "f1bench_pipeline"
ROOT = Path(f1bench_pipeline.__file__).parent


def _modules() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _resolve_relative(module: str, is_package: bool, level: int, name: str | None) -> str:
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (level - 1)] if level > 1 else base
    return ".".join([*base, name] if name else base)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _runtime_nodes(tree: ast.AST):
    """Every node of ``tree`` except the bodies of ``if TYPE_CHECKING:``."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))


def _edges(module: str, path: Path, modules: dict[str, Path]) -> dict[str, int]:
    """``{imported module: line}`` for every import of ``module`` that lands in the package."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    out: dict[str, int] = {}

    own_packages = {".".join(module.split(".")[:i]) for i in range(1, module.count(".") + 2)}

    def add(target: str, line: int) -> None:
        # the longest prefix of ``target`` that is one of our modules, and the packages above it
        parts = target.split(".")
        while parts and ".".join(parts) not in modules:
            parts.pop()
        for i in range(len(parts), 0, -1):
            name = ".".join(parts[:i])
            if i == len(parts) or name not in own_packages:
                out.setdefault(name, line)

    for node in _runtime_nodes(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == PACKAGE or alias.name.startswith(PACKAGE + "."):
                    add(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = (_resolve_relative(module, is_package, node.level, node.module) if node.level
                    else node.module or "")
            if not (base == PACKAGE or base.startswith(PACKAGE + ".")):
                continue
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                add(sub if sub in modules else base, node.lineno)
    out.pop(module, None)
    return out


def _graph() -> dict[str, dict[str, int]]:
    modules = _modules()
    return {m: _edges(m, p, modules) for m, p in modules.items()}


def _strongly_connected(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative (the graph has hundreds of modules)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return out


def _describe(component: list[str], graph: dict[str, dict[str, int]]) -> str:
    members = set(component)
    lines = [f"  {m} -> {t} (line {graph[m][t]})" for m in component for t in sorted(graph[m]) if t in members]
    return f"cycle among {len(component)} modules:\n" + "\n".join(lines)


def test_the_import_graph_has_no_cycle():
    graph = _graph()
    assert len(graph) > 50 and "f1bench_pipeline.cli" in graph  # the walk found the package
    cycles = _strongly_connected(graph)
    assert not cycles, "import cycles in f1bench_pipeline:\n" + "\n".join(_describe(c, graph) for c in cycles)


def test_definitions_is_imported_by_no_module_of_the_package():
    """``definitions.py`` is Dagster's entry point (pyproject.toml, workspace.yaml); the package
    builds its definitions with ``orchestration.definitions_builder.build_definitions``."""
    graph = _graph()
    importers = sorted(m for m, targets in graph.items() if "f1bench_pipeline.definitions" in targets)
    assert not importers, f"f1bench_pipeline.definitions is imported by {importers}"


def test_the_walk_sees_imports_inside_functions_and_relative_ones(tmp_path):
    pkg = tmp_path / "f1bench_pipeline"
    (pkg / "b").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "b" / "__init__.py").write_text("")
    (pkg / "b" / "c.py").write_text("")
    (pkg / "d.py").write_text("")
    (pkg / "a.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from f1bench_pipeline import d\n"
        "def f():\n    from .b import c\n")
    modules = {"f1bench_pipeline": pkg / "__init__.py", "f1bench_pipeline.a": pkg / "a.py",
               "f1bench_pipeline.b": pkg / "b" / "__init__.py", "f1bench_pipeline.b.c": pkg / "b" / "c.py",
               "f1bench_pipeline.d": pkg / "d.py"}
    # in a function, relative, a submodule named in ``from … import``, its package too; not TYPE_CHECKING
    assert set(_edges("f1bench_pipeline.a", pkg / "a.py", modules)) == {"f1bench_pipeline.b", "f1bench_pipeline.b.c"}
    assert _resolve_relative("f1bench_pipeline.b.c", False, 2, None) == "f1bench_pipeline"
    graph = {"p.a": {"p.b": 1}, "p.b": {"p.b.c": 2}, "p.b.c": {"p.a": 3}, "p": {}}
    assert _strongly_connected(graph) == [["p.a", "p.b", "p.b.c"]]


# --- scoring/ is domain-free ------------------------------------------------------------------
DOMAIN_PACKAGES = (f"{PACKAGE}.domains.f1", f"{PACKAGE}.domains.weather")


def _imported_names(module: str, path: Path, source: str | None = None) -> dict[str, int]:
    """``{module name: line}`` of every import in the file -- at module level, in functions,
    relative, under ``if TYPE_CHECKING:`` too -- and of every string naming a module of the
    package (``importlib.import_module("…")``)."""
    tree = ast.parse(source if source is not None else path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    out: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                out.setdefault(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = (_resolve_relative(module, is_package, node.level, node.module) if node.level
                    else node.module or "")
            out.setdefault(base, node.lineno)
            for alias in node.names:
                out.setdefault(f"{base}.{alias.name}", node.lineno)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith(PACKAGE + "."):
            out.setdefault(node.value, node.lineno)
    return out


def _domain_imports(module: str, path: Path, source: str | None = None) -> list[str]:
    return [f"{module} -> {name} (line {line})" for name, line in _imported_names(module, path, source).items()
            if any(name == d or name.startswith(d + ".") for d in DOMAIN_PACKAGES)]


def test_scoring_imports_no_domain():
    """The generic scoring code (``f1bench_pipeline/scoring/``) imports no domain package, not
    even lazily: the domains import scoring, and F1's scoring parts live in ``domains/f1/``.
    (A domain is looked up by name, ``domains.get_domain``, where scoring needs one.)"""
    scoring = {m: p for m, p in _modules().items() if m == f"{PACKAGE}.scoring" or m.startswith(f"{PACKAGE}.scoring.")}
    assert f"{PACKAGE}.scoring.score" in scoring and f"{PACKAGE}.scoring.versions" in scoring
    found = [line for m, p in sorted(scoring.items()) for line in _domain_imports(m, p)]
    assert not found, "scoring/ imports a domain:\n" + "\n".join(found)


def test_the_domain_check_sees_lazy_relative_and_named_imports(tmp_path):
    path = tmp_path / "m.py"
    module = f"{PACKAGE}.scoring.m"
    for source in ("def f():\n    from f1bench_pipeline.domains.f1.verifier import verify_claim\n",
                   "from ..domains import weather\n",
                   "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import f1bench_pipeline.domains.f1.claims\n",
                   "import importlib\nimportlib.import_module('f1bench_pipeline.domains.weather.domain')\n"):
        assert _domain_imports(module, path, source), source
    assert not _domain_imports(module, path, "from f1bench_pipeline.domains import get_domain\n"
                                             "from f1bench_pipeline.domains.base import Domain\n")


# --- a domain is its folder; the studies sit above the core ----------------------------------
# F1's own studies (verifier-guided generation, fine-tuning) sit in its folder; these two are every domain's.
STUDY_PACKAGES = tuple(f"{PACKAGE}.{s}" for s in ("review", "evaluation"))
# The modules outside a domain's folder that still import it, and the core modules that still import
# a study (#45 moves them; the target is none). The lists only shrink: a module not listed fails the
# test, and so does a listed one that no longer imports, so the lists stay true.
STILL_IMPORTING_A_DOMAIN: frozenset[str] = frozenset()
CORE_STILL_IMPORTING_A_STUDY: frozenset[str] = frozenset()
# Above the core: the command line and Dagster's entry point put everything together.
COMPOSITION_ROOTS = frozenset({"cli", "definitions"})


def _inside(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def _importers_of(packages: tuple[str, ...], skip) -> set[str]:  # noqa: ANN001
    return {m.removeprefix(PACKAGE + ".") for m, p in _modules().items()
            if not skip(m) and any(_inside(n, packages) for n in _imported_names(m, p))}


def test_a_domain_is_imported_only_from_its_own_folder():
    """F1 and weather are each one folder: nothing outside ``domains/f1/`` imports ``domains.f1``
    (a domain is found by name, ``domains.get_domain``, and its folder's conventions)."""
    found = set()
    for domain in DOMAIN_PACKAGES:
        found |= _importers_of((domain,), lambda m, d=domain: _inside(m, (d,)))
    assert found - STILL_IMPORTING_A_DOMAIN == set(), "a domain imported from outside its folder"
    assert STILL_IMPORTING_A_DOMAIN - found == set(), "no longer imports a domain: take it off the list"


def test_the_core_imports_no_study():
    """The studies (refinement, review, fine-tuning, evaluation) build on the core; the core
    never imports them."""
    found = _importers_of(STUDY_PACKAGES, lambda m: _inside(m, STUDY_PACKAGES + DOMAIN_PACKAGES)
                          or m.removeprefix(PACKAGE + ".") in COMPOSITION_ROOTS)
    assert found - CORE_STILL_IMPORTING_A_STUDY == set(), "the core imports a study"
    assert CORE_STILL_IMPORTING_A_STUDY - found == set(), "no longer imports a study: take it off the list"
