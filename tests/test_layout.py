"""The package's layout (issue 36): packages by concern, a dozen modules at the top, each package
opening with a table of its modules, no import circle, and every import running down the layers
of :data:`LAYERS` (the docs' *Architecture* page draws them); no module is long (one job each, at
most :data:`MAX_LINES` lines).

The imports are read from the source: the Python modules with :mod:`ast` (an import inside a
function counts; one under ``if TYPE_CHECKING:`` is for the type checker only and is left out), and
the compiled core's Cython sources (``.pyx`` and ``.pxd``: ``import`` and ``cimport``, at any
depth) by their import lines. A module of the core belongs to the layer it serves: its rules to
the compiled rules, ``views`` and ``events`` to the views, ``hand`` to the facades, ``sampling`` and
``worlds`` to the worlds, ``playouts`` to the bots, ``vector`` to the adapters.

``Hand`` is narrow, and outside the engine the state, the facts and the trick records are read by
their names, never by position (issue 24).
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "src"
DOCS = ROOT.parent / "docs"

#: The layers, from the bottom: each module imports only from its own layer and those below it.
#: A module is in the layer of the longest name that is it or a package holding it.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "the vocabulary",
        (
            "reversis.cards",
            "reversis.errors",
            "reversis.jsonio",
            "reversis.stakes",
            "reversis.moves",
            "reversis.events",
        ),
    ),
    ("the rule data", ("reversis.profile",)),
    ("the engine", ("reversis.engine",)),
    ("the games", ("reversis.games",)),
    ("the compiled rules", ("reversis._core",)),
    ("the views", ("reversis.views", "reversis._core.events", "reversis._core.views")),
    (
        "the facades",
        (
            "reversis.dealing",
            "reversis.playing",
            "reversis.hand",
            "reversis.match",
            "reversis._core.hand",
            "reversis",  # the package's own module: it re-exports the facades' names
        ),
    ),
    (
        "records, worlds and the checker",
        (
            "reversis.records",
            "reversis.worlds",
            "reversis.testing",
            "reversis._core.sampling",
            "reversis._core.worlds",
            "reversis._core.playouts",
        ),
    ),
    ("the bots", ("reversis.bots", "reversis._core.search")),
    ("simulation", ("reversis.simulation",)),
    ("words and pictures", ("reversis.text",)),
    ("the command line", ("reversis.cli", "reversis.__main__")),
    (
        "the adapters",
        (
            "reversis.openspiel",
            "reversis.pettingzoo",
            "reversis.vector",
            "reversis._core.vector",
            "reversis._core.core",
        ),
    ),
)

#: The most modules at the top of the package, besides ``__init__`` and ``__main__``.
MAX_TOP = 12


def _modules() -> dict[str, Path]:
    """The Python modules of the package, by name."""
    found = {}
    for path in sorted((ROOT / "reversis").rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def _cython_modules() -> dict[str, Path]:
    """The compiled core's Cython sources, by name: a ``.pyx`` by its module's name, a ``.pxd``
    (the declarations that ``cimport`` reads) by its module's name and ``.pxd``."""
    found = {}
    for path in sorted((ROOT / "reversis" / "_core").iterdir()):
        if path.suffix in (".pyx", ".pxd"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name if path.suffix == ".pyx" else f"{name}.pxd"] = path
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

#: ``from reversis.x import a, b`` or ``cimport`` (names in parentheses may span lines), and
#: ``import reversis.x`` / ``cimport reversis.x``, at any indentation.
_CYTHON_FROM = re.compile(
    r"^[ \t]*from[ \t]+(reversis[\w.]*)[ \t]+(c?import)[ \t]+(\([^)]*\)|[^\n]*)", re.M
)
_CYTHON_IMPORT = re.compile(r"^[ \t]*(c?import)[ \t]+(reversis[\w.]*)", re.M)


def cython_imports(text: str, known: set[str]) -> set[str]:
    """The sources of ``known`` that a Cython source imports (a module) or cimports (a ``.pxd``):
    for ``from X import a`` (or ``cimport``), ``X.a`` where that is one, else ``X``, as for
    Python."""

    def target(name: str, keyword: str) -> str:
        return f"{name}.pxd" if keyword == "cimport" else name

    found = {target(name, keyword) for keyword, name in _CYTHON_IMPORT.findall(text)} & known
    for source, keyword, names in _CYTHON_FROM.findall(text):
        words = [
            name.split("#")[0].strip().split(" as ")[0].strip()
            for name in names.strip("()").replace("\n", " ").split(",")
        ]
        subs = {target(f"{source}.{word}", keyword) for word in words if word and word != "*"}
        found |= (subs & known) or ({target(source, keyword)} & known)
    return found


def import_graph() -> dict[str, set[str]]:
    """Each module of the package (Python and Cython) and the package modules it imports at run
    time (or cimports)."""
    modules = _modules()
    cython = _cython_modules()
    known = set(modules) | set(cython)
    graph: dict[str, set[str]] = {name: set() for name in known}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = _type_checking_nodes(tree)
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.ImportFrom):
                source = _resolve(name, node)
                subs = [f"{source}.{alias.name}" for alias in node.names]
                targets = [s for s in subs if s in known] or [source]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                continue
            graph[name].update(t for t in targets if t in known and t != name)
    for name, path in cython.items():
        graph[name].update(cython_imports(path.read_text(encoding="utf-8"), known) - {name})
    return graph


def layer_of(module: str) -> int:
    """The number of ``module``'s layer in :data:`LAYERS` (0 at the bottom)."""
    best, found = -1, -1
    for number, (_, names) in enumerate(LAYERS):
        for name in names:
            inside = module.startswith(name + ".") and name != "reversis"
            if (module == name or inside) and len(name) > best:
                best, found = len(name), number
    if found < 0:
        raise LookupError(f"{module} is in no layer")
    return found


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    """The imports of ``graph`` that run from a layer to a higher one."""
    return sorted(
        f"{name} ({LAYERS[layer_of(name)][0]}) imports {target} ({LAYERS[layer_of(target)][0]})"
        for name, targets in graph.items()
        for target in targets
        if layer_of(target) > layer_of(name)
    )


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
    # the Cython sources: a cimport, an import inside a function, a name from a package
    assert "reversis._core.state.pxd" in graph["reversis._core.engine"]
    assert "reversis.engine.tricks" in graph["reversis._core.views"]
    assert "reversis._core.play.pxd" in graph["reversis._core.engine"]
    assert "reversis._core.state.pxd" in graph["reversis._core.follow.pxd"]
    assert "reversis.events" in graph["reversis._core.worlds"]
    # a lazy import inside a function
    assert "reversis._core.vector" in graph["reversis.vector.checks"]


def test_cython_imports_are_read() -> None:
    source = (
        "from reversis._core.bits cimport rv_popcount\n"
        "from reversis._core cimport play\n"
        "from reversis.moves import (\n    Play,\n    Pass,\n)\n"
        "cdef f():\n    from reversis import events as ev\n"
        "# from reversis.hand import Hand: a comment names nothing\n"
    )
    known = {"reversis", "reversis._core", "reversis._core.bits.pxd", "reversis._core.play.pxd"}
    known |= {"reversis.moves", "reversis.events", "reversis.hand"}
    assert cython_imports(source, known) == {
        "reversis._core.bits.pxd",
        "reversis._core.play.pxd",
        "reversis.moves",
        "reversis.events",
    }


def test_no_import_circles() -> None:
    assert cycles(import_graph()) == []


def test_a_circle_is_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]


def test_every_module_is_in_a_layer() -> None:
    graph = import_graph()
    assert [name for name in graph if not _in_a_layer(name)] == []
    assert layer_of("reversis._core.state") == layer_of("reversis._core")
    assert layer_of("reversis._core.views") == layer_of("reversis.views.view")
    assert layer_of("reversis._core.views.pxd") == layer_of("reversis.views.view")


def _in_a_layer(name: str) -> bool:
    try:
        layer_of(name)
    except LookupError:
        return False
    return True


def test_imports_run_down_the_layers() -> None:
    """No module imports from a layer above its own: the rules of the compiled core import
    nothing of the views, worlds or batches above them, and no lazy import calls up a layer."""
    assert upward_imports(import_graph()) == []


def test_an_upward_import_is_found() -> None:
    graph = {
        "reversis.views.view": {"reversis.hand"},
        "reversis._core.views": {"reversis.views.view"},
        "reversis._core.state.pxd": {"reversis._core.views.pxd"},
    }
    assert upward_imports(graph) == [
        "reversis._core.state.pxd (the compiled rules) imports reversis._core.views.pxd (the views)",
        "reversis.views.view (the views) imports reversis.hand (the facades)",
    ]


def test_a_dozen_modules_at_the_top() -> None:
    """The top of the package holds the vocabulary, the facades (with the two modules that reach
    the engine), the checker and the command line; everything else is in a package."""
    top = sorted(
        path.stem
        for path in (ROOT / "reversis").glob("*.py")
        if path.stem not in ("__init__", "__main__")
    )
    assert len(top) <= MAX_TOP, top
    assert {"cards", "moves", "events", "errors", "jsonio", "hand", "match"} <= set(top)


def test_every_package_lists_its_modules() -> None:
    """Each package's ``__init__`` says what it is for and names every module it holds (a table
    of ``:mod:`~.name``` entries, or the names in its text for the compiled core)."""
    unlisted = []
    for init in sorted((ROOT / "reversis").rglob("__init__.py")):
        package = init.parent
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        assert len(doc) > 80, f"{package}: no docstring saying what the package is for"
        members = {
            path.stem
            for path in package.iterdir()
            if (path.suffix in (".py", ".pyx") and path.stem not in ("__init__", "__main__"))
            or (path.is_dir() and (path / "__init__.py").exists())
        }
        if package == ROOT / "reversis":
            continue  # the top: the vocabulary and the facades, documented one by one
        unlisted.extend(
            f"{package.relative_to(ROOT)}: {member}"
            for member in sorted(members)
            if f":mod:`~.{member}`" not in doc and f"``{member}``" not in doc
        )
    assert unlisted == []


def test_the_library_reaches_the_core_by_layer() -> None:
    """No module of the library outside the core gathers the whole core (``core_module()``, or
    ``reversis._core.core``, which imports every layer of it): each imports the core's module of
    its own layer or a lower one."""
    found = [
        name
        for name, path in _modules().items()
        if not name.startswith("reversis._core")
        and re.search(
            r"core_module\(|reversis\._core\.core\b|_core import core\b", path.read_text()
        )
    ]
    assert found == []


def test_the_architecture_page_draws_the_layers() -> None:
    """The docs' *Architecture* page draws the layers of :data:`LAYERS` (its first code block), in
    their order from the top, with every module and package named in its layer."""
    page = (DOCS / "architecture.rst").read_text(encoding="utf-8")
    lines = page.split(".. code-block:: text\n", 1)[1].splitlines()
    block = []
    for line in lines:
        if line and not line.startswith("   "):
            break
        block.append(line)
    drawing = "\n".join(block)
    titles = [title for title, _ in reversed(LAYERS)]
    starts = [
        next((n for n, line in enumerate(block) if line.strip().startswith(t)), -1) for t in titles
    ]
    assert -1 not in starts, [t for t, n in zip(titles, starts, strict=True) if n < 0]
    assert starts == sorted(starts)
    for number, (_, names) in enumerate(reversed(LAYERS)):
        end = starts[number + 1] if number + 1 < len(starts) else len(block)
        text = "\n".join(block[starts[number] : end])
        for name in names:
            short = name.removeprefix("reversis.").removeprefix("reversis")
            assert short in text or name == "reversis", f"{name} not drawn in its layer"
    assert "reversis/__init__.py" in drawing


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
    assert pattern.search('if rules.game == "tetka":')
    assert pattern.search("game in ('a', 'b')")
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
#: at most 100 ms; issue 38: a few ms); ``benchmarks/`` measures the time, this test the structure.
DEFERRED = (
    "reversis.events",
    "reversis.views.view",
    "reversis.views.check",
    "reversis.views.rules",
    "reversis.profile.checks",
    "reversis.engine.eventing",
    "reversis.match",
    "reversis.records.notation",
    # Issue 38: the standard library's json (reversis.jsonio loads it on first use) and random
    # (Hand.rollout's default source).
    "json",
    "random",
    # Issue 38: everything but the errors waits for its first name (import reversis took about
    # 150 ms, 4 ms after): the hand, the profiles, the engine, the core, attrs and typing.
    "reversis.hand",
    "reversis.cards",
    "reversis.profile",
    "reversis.engine.deal",
    "reversis._core",
    "attrs",
    "typing",
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


def test_packages_and_text_modules_are_reached_by_name_after_import_reversis() -> None:
    """Issue 38: ``reversis.text.sentences`` (named in the README) works after ``import reversis``
    alone; the lazy tables name every module and package (but the errors, loaded at once, and those
    of an extra) and every text module."""
    code = (
        "import reversis\n"
        "print(reversis.text.sentences.__name__, reversis.bots.make_bot.__module__)\n"
        "print(reversis.events.CardPlayed.__name__)\n"
        "print(hasattr(reversis, 'openspiel'), hasattr(reversis, 'pettingzoo'))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.splitlines()
    assert out == ["reversis.text.sentences reversis.bots.players", "CardPlayed", "False False"]
    import reversis
    import reversis.text

    packages = {p.parent.name for p in (ROOT / "reversis").glob("*/__init__.py")}
    modules = {p.stem for p in (ROOT / "reversis").glob("*.py")} - {"__init__", "__main__"}
    expected = (packages | modules) - {"_core", "openspiel", "pettingzoo", "vector", "errors"}
    assert expected == reversis._SUBMODULES
    modules = {p.stem for p in (ROOT / "reversis" / "text").glob("*.py")} - {"__init__"}
    assert modules == reversis.text._MODULES


# -- the narrow Hand, and records read by name (issue 24) -------------------------------------------


def test_the_hand_is_narrow() -> None:
    """Issues 24 and 36: ``Hand`` has the generic state and one reading per game, at most 30 public
    names (none deprecated: tests/test_deprecated.py)."""
    import reversis

    public = {name for name in dir(reversis.Hand) if not name.startswith("_")}
    assert len(public) <= 30, sorted(public)
    assert {"reversis", "hearts", "tetka", "reunion", "deal", "facts"} <= public


#: What an expression is, for :class:`PositionalReads`: an engine state, a record (a fact, a
#: trick record, a recorded fact, a state's extra part), or a sequence of records.
STATE, RECORD, RECORDS = "state", "record", "records"

#: The attributes that give a state, records, or a record.
_ATTRIBUTES = {"state": STATE, "_state": STATE, "tricks": RECORDS, "facts": RECORDS}
#: The functions that give a state or records.
_CALLS = {"state_of": STATE, "facts_of": RECORDS, "plays_of": RECORDS, "end_facts": RECORDS}


class PositionalReads(ast.NodeVisitor):
    """The places of a module that read a state, a fact or a trick record by position (issue 24):
    a tuple unpacked from one (an assignment, or a ``for`` or comprehension target over records),
    or one subscripted by an integer. The states are ``state_of(...)`` and ``.state``; the
    records are the items of ``.tricks``, ``.facts``, ``facts_of(...)``, ``plays_of(...)`` and
    ``end_facts(...)`` and a state's ``.extra``; names bound to them, in the same function, are
    followed. A sequence of records is no record: it may be indexed (``state.tricks[-1]``) or
    unpacked (``(trick,) = hand.tricks``), and its items numbered (``enumerate``) or paired
    (``zip``)."""

    def __init__(self) -> None:
        self.found: list[tuple[int, str]] = []
        self.names: list[dict[str, str]] = [{}]

    def kind(self, node: ast.expr) -> str | None:
        """What ``node`` is (:data:`STATE`, :data:`RECORD`, :data:`RECORDS`), or ``None``."""
        if isinstance(node, ast.Name):
            return self.names[-1].get(node.id)
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            return _CALLS.get(name)
        if isinstance(node, ast.Attribute):
            if node.attr == "extra" and self.kind(node.value) == STATE:
                return RECORD
            return _ATTRIBUTES.get(node.attr)
        if isinstance(node, ast.Subscript) and self.kind(node.value) == RECORDS:
            return RECORDS if isinstance(node.slice, ast.Slice) else RECORD
        return None

    def items(self, node: ast.expr) -> list[str | None] | str | None:
        """What iterating over ``node`` gives: a kind, or for ``enumerate``/``zip`` the kind of
        each member of the tuples it gives."""
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords:
            if node.func.id == "enumerate" and node.args:
                return [None, self.item(node.args[0])]
            if node.func.id == "zip":
                return [self.item(arg) for arg in node.args]
            if node.func.id in ("reversed", "sorted", "list", "tuple") and len(node.args) == 1:
                return self.item(node.args[0])
        return self.item(node)

    def item(self, node: ast.expr) -> str | None:
        return RECORD if self.kind(node) == RECORDS else None

    def bind(self, target: ast.expr, kind: list[str | None] | str | None, line: int) -> None:
        """``target`` takes a value of ``kind``: a name is bound; a tuple or list unpacking a
        state or a record is reported."""
        if isinstance(target, ast.Name):
            if isinstance(kind, str):
                self.names[-1][target.id] = kind
            else:
                self.names[-1].pop(target.id, None)
        elif isinstance(target, ast.Tuple | ast.List):
            if kind in (STATE, RECORD):
                self.found.append((line, f"{ast.unparse(target)} unpacked from a {kind}"))
            elif isinstance(kind, list) and len(kind) == len(target.elts):
                for element, member in zip(target.elts, kind, strict=True):
                    self.bind(element, member, line)
            else:
                for element in target.elts:
                    self.bind(element, None, line)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        self.names.append({})
        self.generic_visit(node)
        self.names.pop()

    visit_AsyncFunctionDef = visit_Lambda = visit_FunctionDef  # noqa: N815

    def visit_Assign(self, node: ast.Assign) -> None:
        self.generic_visit(node)
        for target in node.targets:
            self.bind(target, self.kind(node.value), node.lineno)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self.generic_visit(node)
        if node.value is not None:
            self.bind(node.target, self.kind(node.value), node.lineno)

    def visit_NamedExpr(self, node: ast.NamedExpr) -> None:
        self.generic_visit(node)
        self.bind(node.target, self.kind(node.value), node.lineno)

    def visit_For(self, node: ast.For | ast.AsyncFor) -> None:
        self.visit(node.iter)
        self.bind(node.target, self.items(node.iter), node.lineno)
        for statement in [*node.body, *node.orelse]:
            self.visit(statement)

    visit_AsyncFor = visit_For  # noqa: N815

    def visit_comprehension(self, node: ast.comprehension) -> None:
        self.visit(node.iter)
        self.bind(node.target, self.items(node.iter), node.iter.lineno)
        for condition in node.ifs:
            self.visit(condition)

    def _comprehension(self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp) -> None:
        for generator in node.generators:  # the targets are bound before the element is read
            self.visit(generator)
        self.visit(node.elt)

    visit_ListComp = visit_SetComp = visit_GeneratorExp = _comprehension  # noqa: N815

    def visit_DictComp(self, node: ast.DictComp) -> None:
        for generator in node.generators:
            self.visit(generator)
        self.visit(node.key)
        self.visit(node.value)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self.generic_visit(node)
        index = node.slice
        if isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub):
            index = index.operand
        numbered = isinstance(index, ast.Constant) and type(index.value) is int
        kind = self.kind(node.value)
        if numbered and kind in (STATE, RECORD):
            self.found.append((node.lineno, f"{ast.unparse(node)}: a {kind} read by position"))


def positional_reads(source: str) -> list[tuple[int, str]]:
    """The places of ``source`` that read a state, a fact or a trick record by position
    (:class:`PositionalReads`)."""
    reader = PositionalReads()
    reader.visit(ast.parse(source))
    return sorted(reader.found)


def test_nothing_outside_the_engine_reads_a_record_by_position() -> None:
    """Issue 24: outside ``reversis.engine`` the state, the facts and the trick records are read by
    their field names."""
    found = [
        f"{name}:{line}: {what}"
        for name, path in _modules().items()
        if not name.startswith("reversis.engine")
        for line, what in positional_reads(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_tests_read_records_by_name_too() -> None:
    tests = Path(__file__).resolve().parent
    found = [
        f"{path.name}:{line}: {what}"
        for path in sorted(tests.rglob("*.py"))
        for line, what in positional_reads(path.read_text(encoding="utf-8"))
    ]
    assert found == []


PLANTED = """
def settle(hand, state):
    deal, held, step, *rest = state_of(hand)  # 3: a state unpacked
    s = state_of(hand)
    over = s[3]  # 5: a state read by position
    leader, cards, kinds, winner, mask = s.tricks[-1]  # 6: a trick record unpacked
    for leader, cards, kinds, winner, mask in s.tricks:  # 7: each trick record unpacked
        pass
    points = [trick[3] for trick in state.tricks]  # 9: a trick record read by position
    for number, (leader, *_) in enumerate(hand.state.tricks):  # 10: numbered, then unpacked
        pass
    winner = hand.facts[-1][0]  # 12: a fact read by position
    step, fact = state.facts[0]  # 13: a recorded fact unpacked
    aside, *_ = s.extra  # 14: the extra part unpacked
    return [f[1] for f in facts_of(state)]  # 15: a fact read by position
"""

ALLOWED_READS = """
def fine(hand, state):
    s = state_of(hand)
    last = s.tricks[-1]  # the last trick: a sequence of records indexed
    (first,) = hand.tricks  # a sequence unpacked
    for number, trick in enumerate(s.tricks, start=1):
        winner = trick.winner
    for trick, fact in zip(s.tricks, hand.facts):
        seat = fact.seat
    winner, loser = outcome(state)  # a plain pair, no record
    for seat, card in trick.plays:  # the public Trick's (seat, card) pairs
        pass
    s = other()  # rebound: no longer a state
    x, y = s
    return last.cards[0], hand.tricks[0].plays[0][1], s[1]
"""


def test_positional_reads_are_found() -> None:
    found = positional_reads(PLANTED)
    assert [line for line, _ in found] == [3, 5, 6, 7, 9, 10, 12, 13, 14, 15], found
    assert positional_reads(ALLOWED_READS) == []
