"""Mutation testing of the settlement and the rules of play, with mutmut, and its score.

mutmut makes small changes ("mutants") to the modules that ``[tool.mutmut] only_mutate`` in
``pyproject.toml`` names (the games' money in ``reversis.games`` and the engine's rules of play) and
runs the tests of the rules and the money against each; a mutant is *killed* when a test fails.
This script runs mutmut (``--run``), then reads its results and prints the score:

* every mutant: caught (killed by a test, or made to loop until the tests were stopped, or refused
  by ``mypy --strict``, which CI runs: mutmut type-checks the mutants first and does not test those
  it refuses) / every mutant;
* the same without the mutants that change only the text of a string (an error message's wording,
  ``"XX" + text + "XX"``, its case, or the text replaced by ``None``): those test how a refusal is
  worded, not a rule or a payment, and the tests check messages by their key words only;
* the tests alone: killed / the mutants that mypy accepts, with and without the text-only ones.

Every survivor is listed with its change, so that each can be judged (a test added, or the mutant
shown to be equivalent).

    python -m pip install -e ".[test]" mutmut==3.8.1
    python benchmarks/mutation.py --run --workers 2
"""

from __future__ import annotations

import argparse
import ast
import difflib
import io
import os
import subprocess
import sys
import tokenize
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: mutmut's status of a mutant that the type checker refused (``type_check_command``).
TYPE_CHECK = "caught by type check"


def results() -> dict[str, str]:
    """mutmut's status of every mutant: ``{"reversis.engine.play.x_f__mutmut_3": "survived"}``."""
    out = subprocess.run(
        [sys.executable, "-m", "mutmut", "results", "--all", "true"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = {}
    for line in out.splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep and "__mutmut_" in name:
            found[name] = status
    return found


def _functions(path: Path) -> dict[str, str]:
    """The source of every function of a mutated module, by name (the original and the mutants)."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    return {
        node.name: "\n".join(lines[node.lineno - 1 : node.end_lineno])
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and "__mutmut_" in node.name
    }


def _tokens(source: str) -> list[tuple[int, str]]:
    kinds = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
    return [
        (tok.type, tok.string)
        for tok in tokenize.generate_tokens(io.StringIO(source).readline)
        if tok.type not in kinds
    ]


def text_only(original: str, mutant: str) -> bool:
    """Whether ``mutant`` differs from ``original`` only in the text of string literals (or a string
    replaced by ``None``)."""
    a, b = _tokens(original), _tokens(mutant)
    if len(a) != len(b):
        return False
    changed = False
    for (kind_a, text_a), (kind_b, text_b) in zip(a, b, strict=True):
        if (kind_a, text_a) == (kind_b, text_b):
            continue
        if kind_a == tokenize.NAME and text_a.startswith("x") and "__mutmut_" in text_a:
            continue  # the functions' own names
        strings = {tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", -1)}
        if kind_a in strings and (kind_b in strings or text_b == "None"):
            changed = True
            continue
        return False
    return changed


def classify(statuses: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """Each mutant not killed: ``"text"`` if it changes only a string's text, else ``"rule"``; and
    its change as a short diff."""
    kind: dict[str, str] = {}
    diffs: dict[str, str] = {}
    sources: dict[Path, dict[str, str]] = {}
    for name, status in statuses.items():
        if status in ("killed", "timeout", TYPE_CHECK):
            continue
        module, _, function = name.rpartition(".")
        module_path = ROOT / "mutants" / "src" / Path(*module.split("."))
        path = (
            module_path / "__init__.py" if module_path.is_dir() else module_path.with_suffix(".py")
        )
        if path not in sources:
            sources[path] = _functions(path)
        functions = sources[path]
        base = function.rsplit("__mutmut_", 1)[0]
        original = functions.get(base + "__mutmut_orig", "")
        mutant = functions.get(function, "")
        kind[name] = "text" if text_only(original, mutant) else "rule"
        diff = difflib.unified_diff(original.splitlines(), mutant.splitlines(), lineterm="", n=0)
        diffs[name] = "\n".join(
            line for line in diff if line[:1] in "+-" and line[:3] not in ("+++", "---")
        )
    return kind, diffs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run", action="store_true", help="run mutmut first (else read results)")
    parser.add_argument("--workers", type=int, default=2, help="mutmut's processes (default: 2)")
    parser.add_argument("--list", action="store_true", help="list every survivor with its change")
    args = parser.parse_args()
    if args.run:
        # mutmut runs the type checker by name: the interpreter's own scripts come first.
        path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
        subprocess.run(
            [sys.executable, "-m", "mutmut", "run", "--max-children", str(args.workers)],
            cwd=ROOT,
            check=True,
            env={**os.environ, "PATH": path},
        )
    statuses = results()
    kind, diffs = classify(statuses)
    counts = Counter(statuses.values())
    total = len(statuses)
    by_tests = counts["killed"] + counts["timeout"]  # a mutant that loops forever is stopped
    by_mypy = counts[TYPE_CHECK]
    caught = by_tests + by_mypy
    text = sum(1 for k in kind.values() if k == "text")
    print(f"{total} mutants: " + ", ".join(f"{n} {s}" for s, n in counts.most_common()))
    print(
        f"  every mutant: {caught / total:.1%} caught ({by_tests} by the tests, {by_mypy} by mypy)"
    )
    print(
        f"  without the {text} that change only a message's text: "
        f"{caught / (total - text):.1%} caught ({caught} of {total - text})"
    )
    typed = total - by_mypy
    typed_text = sum(1 for n, k in kind.items() if k == "text" and statuses[n] != TYPE_CHECK)
    print(
        f"  the tests alone, on the {typed} mutants that mypy --strict accepts: "
        f"{by_tests / typed:.1%} killed; without the {typed_text} text-only ones, "
        f"{by_tests / (typed - typed_text):.1%} ({by_tests} of {typed - typed_text})"
    )
    unchecked = counts["not checked"]
    if unchecked:
        checked = typed - unchecked
        text_checked = sum(
            1
            for n, k in kind.items()
            if k == "text" and statuses[n] not in ("not checked", TYPE_CHECK)
        )
        print(
            f"  of the {checked} of those checked so far: {by_tests / checked:.1%} killed; "
            f"without the {text_checked} text-only ones, "
            f"{by_tests / (checked - text_checked):.1%}"
        )
    by_function = Counter(
        name.rsplit("__mutmut_", 1)[0]
        for name, k in kind.items()
        if k == "rule" and statuses[name] != "not checked"
    )
    print("  not killed, by function (rule mutants):")
    for function, n in by_function.most_common():
        print(f"    {n:4}  {function}")
    if args.list:
        for name in sorted(kind):
            if kind[name] == "rule" and statuses[name] != "not checked":
                print(f"\n{name} ({statuses[name]})\n{diffs[name]}")


if __name__ == "__main__":
    main()
