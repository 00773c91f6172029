"""Every command the docs tell a user to run exists: each `f1bench <subcommand> [<subsubcommand>]`
named in README.md, systems.yaml, the documentation site's pages (docs/**/*.md) and
benchmarks/RESULTS.md answers ``--help`` with exit status 0, and each `make TARGET` is a target of
the Makefile. The files are read when the test runs (commands are added all the time)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def doc_files() -> list[str]:
    """README.md, systems.yaml, every page of the docs site and the benchmark results, as paths
    relative to the repository."""
    pages = sorted(p.relative_to(REPO).as_posix() for p in (REPO / "docs").rglob("*.md"))
    extra = [name for name in ("benchmarks/RESULTS.md",) if (REPO / name).exists()]
    return ["README.md", "systems.yaml", *pages, *extra]

# `f1bench sub [subsub]`, also as `.venv/bin/f1bench …` and `python -m f1bench_pipeline.cli …`
F1BENCH = re.compile(r"(?<![\w/.-])(?:\S*/)?(?:f1bench|-m\s+f1bench_pipeline\.cli)\s+([a-z][a-z0-9-]*)(?:[ \t]+([a-z][a-z0-9_-]*))?")
MAKE = re.compile(r"(?<![\w/.-])make[ \t]+((?:[A-Z_]+=\S*[ \t]+)*)([a-z][a-z0-9_-]*)")
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.DOTALL | re.MULTILINE)
SPAN = re.compile(r"`([^`\n]+)`")


def code_texts(text: str) -> list[str]:
    """The code blocks and inline code spans of a Markdown (or commented YAML) file."""
    blocks = FENCE.findall(text)
    return blocks + SPAN.findall(FENCE.sub("", text))


def documented() -> tuple[dict[tuple[str, ...], set[str]], dict[str, set[str]]]:
    """({(sub, maybe_subsub): {files}}, {make target: {files}}) named in the docs' code."""
    commands: dict[tuple[str, ...], set[str]] = {}
    targets: dict[str, set[str]] = {}
    for name in doc_files():
        for code in code_texts((REPO / name).read_text(encoding="utf-8")):
            for m in F1BENCH.finditer(code):
                commands.setdefault(tuple(w for w in m.groups() if w), set()).add(name)
            for m in MAKE.finditer(code):
                targets.setdefault(m.group(2), set()).add(name)
    return commands, targets


def _help(argv: list[str]) -> tuple[int, str]:
    from f1bench_pipeline.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            code = main([*argv, "--help"])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    return code, out.getvalue()


def _subcommands(help_text: str) -> set[str]:
    """The sub-commands a `--help` lists (argparse's `{a,b,c}` line under the positional arguments)."""
    m = re.search(r"^positional arguments:\n\s+\{([a-z0-9_,-]+)\}", help_text, re.MULTILINE)
    return set(m.group(1).split(",")) if m else set()


def makefile_targets() -> set[str]:
    text = (REPO / "Makefile").read_text(encoding="utf-8")
    out: set[str] = set()
    for line in text.splitlines():
        m = re.match(r"^([A-Za-z0-9_.%/ -]+?)\s*::?(?!=)", line)  # rules, not VAR := value
        if m and not line.startswith("\t"):
            out |= set(m.group(1).split())
    return out - {".PHONY"}


def test_the_extraction_finds_the_commands_it_should():
    text = ("Run `make demo`, then `.venv/bin/f1bench weather leaderboard` or `f1bench query ranking_inversion`;"
            "\n```\nF1BENCH_X=1 make rerun MODEL=m SEASON=2025\npython -m f1bench_pipeline.cli build\n```\n"
            "`f1bench/template-noisy` is a model, `f1bench_pipeline` a package, `f1bench` alone a name.")
    found = [m.groups() for code in code_texts(text) for m in F1BENCH.finditer(code)]
    assert sorted(found) == [("build", None), ("query", "ranking_inversion"), ("weather", "leaderboard")]
    assert sorted(m.group(2) for code in code_texts(text) for m in MAKE.finditer(code)) == ["demo", "rerun"]


def check_commands(commands: dict[tuple[str, ...], set[str]]) -> list[str]:
    """What is wrong with the documented commands: one line each (empty: all fine)."""
    bad = []
    for words in sorted(commands):
        where = ", ".join(sorted(commands[words]))
        code, text = _help([words[0]])
        if code != 0:
            last = text.strip().splitlines()[-1] if text.strip() else ""
            bad.append(f"`f1bench {words[0]}` (in {where}): --help exits {code}: {last}")
            continue
        choices = _subcommands(text)
        if len(words) == 2 and choices:  # a command with sub-commands: the second word must be one
            if words[1] not in choices:
                bad.append(f"`f1bench {' '.join(words)}` (in {where}): no such sub-command "
                           f"(`f1bench {words[0]}` has {', '.join(sorted(choices))})")
                continue
            code, _text = _help(list(words))
            if code != 0:
                bad.append(f"`f1bench {' '.join(words)}` (in {where}): --help exits {code}")
    return bad


def test_the_docs_site_is_read():
    files = doc_files()
    assert "docs/evaluate.md" in files and "docs/configuration.md" in files, files


def test_every_documented_f1bench_command_answers_help():
    commands, _ = documented()
    assert {("dry-run",), ("score",)} <= set(commands)  # the docs were read
    bad = check_commands(commands)
    assert not bad, "\n".join(bad)


def test_every_documented_make_target_exists():
    _, targets = documented()
    assert "demo" in targets and "test" in targets  # the docs were read
    have = makefile_targets()
    missing = {t: sorted(files) for t, files in targets.items() if t not in have}
    assert not missing, f"make targets named in the docs but not in the Makefile: {missing}"


@pytest.mark.parametrize("text, bad", [("# `f1bench generate-dry-run` estimates the cost", "generate-dry-run"),
                                       ("`.venv/bin/f1bench weather forecast`", "weather forecast")])
def test_a_wrong_command_is_caught(text, bad):
    """What the check says about the old systems.yaml comment (the command is `dry-run`) and an
    unknown sub-command."""
    commands = {tuple(w for w in m.groups() if w): {"x"} for code in code_texts(text) for m in F1BENCH.finditer(code)}
    assert any(bad in line for line in check_commands(commands))
