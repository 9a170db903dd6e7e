"""The package's layout: no import circles, each layer imports only the layers below it, and no
module is long (one job each, at most :data:`MAX_LINES` lines).

The layers, from the bottom: the values (``cards``, ``errors``, ``jsonio``, ``stakes``, ``moves``,
``events``), ``profile`` (rule data), ``engine`` (the state and the rules of play every game
shares), ``games`` (what makes each game itself: points, the end of a hand, the money, readings),
the layers that read hands without making them (views, the view checks, the encoding, text,
bounds), the facades users import (``hand``, ``settlement``, ``match``), and the modules that make
or drive hands (records, worlds, bots, simulation, the command line, the adapters). Read from the source with :mod:`ast`, so a circle hidden by a lazy import inside a
function is caught too; imports under ``if TYPE_CHECKING:`` are for the type checker only and are
left out.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "src"

#: What each inner layer may import from the package, besides its own modules.
ALLOWED = {
    "reversis.profile": {"reversis.cards", "reversis.errors", "reversis.jsonio", "reversis.stakes"},
    "reversis.engine": {
        "reversis.cards",
        "reversis.errors",
        "reversis.events",
        "reversis.moves",
        "reversis.profile",
        "reversis.stakes",
    },
    "reversis.games": {
        "reversis.cards",
        "reversis.engine",
        "reversis.errors",
        "reversis.jsonio",
        "reversis.profile",
        "reversis.stakes",
    },
}

#: The modules below the facades: they read hands (given to them) but never import the facades or
#: anything above them, lazy imports included (issue 24: no module calls up a layer).
BELOW_THE_FACADES = (
    "reversis.dealing",
    "reversis.views",
    "reversis.viewcheck",
    "reversis.viewrules",
    "reversis.encoding",
    "reversis.text",
    "reversis.bounds",
)
#: The facades and what sits above them.
FACADES_AND_ABOVE = (
    "reversis.hand",
    "reversis.settlement",
    "reversis.match",
    "reversis.records",
    "reversis.worlds",
    "reversis.bots",
    "reversis.simulation",
    "reversis.testing",
    "reversis.narration",
    "reversis.terminal",
    "reversis.cli",
    "reversis.openspiel",
    "reversis.pettingzoo",
    "reversis.scoring",
)


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted((ROOT / "reversis").rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in {
            "TYPE_CHECKING",
            "typing.TYPE_CHECKING",
        }:
            skipped.update(id(sub) for stmt in node.body for sub in ast.walk(stmt))
    return skipped


def _resolve(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    package = base[: len(base) - node.level] if module in _PACKAGES else base[: -node.level]
    return ".".join([*package, *([node.module] if node.module else [])])


_PACKAGES = {name for name, path in _modules().items() if path.name == "__init__.py"}


def import_graph() -> dict[str, set[str]]:
    """Each module of the package and the package modules it imports at run time."""
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = _type_checking_nodes(tree)
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.ImportFrom):
                source = _resolve(name, node)
                subs = [f"{source}.{alias.name}" for alias in node.names]
                targets = [s for s in subs if s in modules] or [source]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                continue
            graph[name].update(t for t in targets if t in modules and t != name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles found by a depth-first search (each as a path back to its start)."""
    state: dict[str, int] = {}
    found: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                found.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, path)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])
    return found


def test_the_import_graph_is_read() -> None:
    graph = import_graph()
    assert "reversis.engine.play" in graph["reversis.hand"]
    assert "reversis.profile" in {m.rsplit(".", 1)[0] for m in graph["reversis.engine.deal"]}


def test_no_import_circles() -> None:
    assert cycles(import_graph()) == []


def test_a_circle_is_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layers_import_only_below(layer: str) -> None:
    graph = import_graph()
    outside = {
        (name, target)
        for name, targets in graph.items()
        if name == layer or name.startswith(layer + ".")
        for target in targets
        if not (target == layer or target.startswith(layer + "."))
        and not any(target == ok or target.startswith(ok + ".") for ok in ALLOWED[layer])
    }
    assert outside == set()


def test_nothing_below_the_facades_calls_up() -> None:
    graph = import_graph()
    up = {
        (name, target)
        for name, targets in graph.items()
        if any(name == low or name.startswith(low + ".") for low in BELOW_THE_FACADES)
        for target in targets
        if any(target == high or target.startswith(high + ".") for high in FACADES_AND_ABOVE)
    }
    assert up == set()


def test_an_upward_import_is_found() -> None:
    graph = {"reversis.views": {"reversis.hand"}}
    assert any(
        target.startswith(high) for target in graph["reversis.views"] for high in FACADES_AND_ABOVE
    )


def test_no_behaviour_is_chosen_by_a_games_name() -> None:
    """Issue 24: a game is an object chosen once from profile data (``reversis.games.game_of``);
    nothing tests a game's name, outside profile loading."""
    pattern = re.compile(r"""\bgame\s*(==|!=)\s*["']|\bgame\s+in\s*[(\[{]\s*["']""")
    found = []
    for name, path in _modules().items():
        if name.startswith("reversis.profile"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if pattern.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    assert found == []
    assert pattern.search('if rules.game == "tetka":') and pattern.search("game in ('a', 'b')")
    assert not pattern.search("{game.name: game for game in (REVERSIS, HEARTS)}")


#: The most lines a module may have (issue 12: each module with one job and under ~600 lines).
MAX_LINES = 600


def test_every_module_is_short() -> None:
    long = {
        name: n
        for name, path in _modules().items()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


def test_no_module_imports_another_modules_private_name() -> None:
    """Modules share what they declare public; internal state is read by name, never by reaching
    into another module's ``_private`` names (issue 12)."""
    reached = set()
    for name, path in _modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and _resolve(name, node).startswith("reversis"):
                reached.update(
                    (name, alias.name)
                    for alias in node.names
                    if alias.name.startswith("_") and not alias.name.startswith("__")
                )
    assert reached == set()


#: Modules that ``import reversis`` leaves for first use, so that the import stays quick (issue 13:
#: at most 100 ms); ``benchmarks/`` measures the time, this test the structure.
DEFERRED = (
    "reversis.events",
    "reversis.views",
    "reversis.viewcheck",
    "reversis.viewrules",
    "reversis.scoring",
    "reversis.profile.checks",
    "reversis.engine.eventing",
    "reversis.match",
    "reversis.records",
)


def test_import_leaves_the_deferred_modules_for_first_use() -> None:
    """``import reversis`` loads none of :data:`DEFERRED`; each public name still resolves, and the
    first hand, settlement and view load what they need."""
    code = (
        "import sys, reversis\n"
        f"print(sorted(m for m in {DEFERRED!r} if m in sys.modules))\n"
        "missing = [n for n in reversis.__all__ if getattr(reversis, n, None) is None]\n"
        "print(missing)\n"
        "hand = reversis.new_hand('fournier-1785', seed=1)\n"
        "print(type(hand.view(1)).__name__, hand.events[0], reversis.settle(hand).final)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.splitlines()
    assert out == ["[]", "[]", "HandView HandDealt(dealer=0, eldest=1) False"]
