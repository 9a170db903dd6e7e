"""The compiled core's shape (issue "A small, safe core"): one Cython module per rules module, each
with its declarations in a ``.pxd``, no textual ``include``; the rules import nothing from the
layers above them (views, worlds, the encoding, the batches, the bots), even inside functions; every
source ships in the sdist and the wheel; the build makes one extension per module, and the core is
installed whole or not at all."""

from __future__ import annotations

import ast
import fnmatch
import importlib.util
import os
import re
import tomllib
from pathlib import Path

import pytest

import reversis
from helpers import ROOT

CORE = ROOT / "src" / "reversis" / "_core"

#: The rules: each the twin of a module of reversis.engine or reversis.games (or their C vocabulary).
RULES = {
    "bits",
    "state",
    "facts",
    "follow",
    "tricks",
    "commitment",
    "steps",
    "play",
    "draws",
    "values",
    "lowered",
    "tables",
    "engine",
    "chance",
    "deal",
    "settle",
    "settle_reversis",
    "settle_points",
}
#: The rules' own Python: a profile's rules and settlement lowered to flat data.
LOWERING = {"lower", "settle_lower"}
#: The layers above the rules, each an extension module of its own.
ABOVE = {"hand", "events", "views", "sampling", "worlds", "playouts", "search", "vector"}
#: What the rules may not import from the library: the layers above the engine.
UPPER_PACKAGES = (
    "reversis.views.view",
    "reversis.views.check",
    "reversis.views.seat_events",
    "reversis.views.rules",
    "reversis.worlds.sampler",
    "reversis.worlds.plan",
    "reversis.worlds.hand",
    "reversis.views.encoding",
    "reversis.bots.playouts",
    "reversis.bots.search",
    "reversis.bots.players",
    "reversis.vector.functional",
    "reversis.vector.python_batch",
    "reversis.vector.checks",
    "reversis.vector.env",
    "reversis.pettingzoo",
    "reversis.openspiel.game",
    "reversis.hand",
    "reversis.match",
    "reversis.text.narration",
    "reversis.text.render",
    "reversis.bots.learned",
)


def _sources() -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted(CORE.iterdir()) if p.suffix in (".pyx", ".pxd")}


def _imports(text: str) -> set[str]:
    """Every module a Cython source imports or cimports, at any depth (inside functions too)."""
    found = set(re.findall(r"^\s*from\s+([\w.]+)\s+c?import\b", text, re.M))
    found |= set(re.findall(r"^\s*c?import\s+([\w.]+)", text, re.M))
    return found


def test_no_textual_includes_and_every_module_declared() -> None:
    sources = _sources()
    assert not list(CORE.glob("*.pxi")), "the core has no .pxi includes"
    for name, text in sources.items():
        assert not re.search(r'^\s*include\s+"', text, re.M), f"{name} includes a file"
    modules = {n[:-4] for n in sources if n.endswith(".pyx")} | {
        n[:-4] for n in sources if n.endswith(".pxd")
    }
    assert modules == RULES | ABOVE, sorted(modules ^ (RULES | ABOVE))


def test_the_rules_import_nothing_from_the_layers_above() -> None:
    for name, text in _sources().items():
        module = name.rsplit(".", 1)[0]
        if module not in RULES:
            continue
        for imported in _imports(text):
            if imported.startswith("reversis._core."):
                assert imported.rsplit(".", 1)[1] in RULES | LOWERING, f"{name} imports {imported}"
            assert not imported.startswith(UPPER_PACKAGES), f"{name} imports {imported}"
        # a cimport of the package's modules by name ("from reversis._core cimport play")
        for group in re.findall(r"^\s*from\s+reversis\._core\s+c?import\s+(.+)$", text, re.M):
            for imported in re.split(r"[,\s()]+", group):
                assert not imported or imported in RULES, f"{name} cimports {imported}"


def test_the_import_test_can_fail() -> None:
    """The reader of imports above finds what it looks for (an import inside a function)."""
    text = "def f():\n    from reversis.views.view import HandView  # noqa\n"
    assert "reversis.views.view" in _imports(text)


def test_every_source_ships_in_the_sdist_and_the_wheel() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = data["tool"]["setuptools"]["package-data"]["reversis"]
    manifest = re.findall(
        r"^recursive-include src/reversis (.+)$", (ROOT / "MANIFEST.in").read_text(), re.M
    )
    globs = [g for line in manifest for g in line.split()]
    for name in _sources():
        assert any(fnmatch.fnmatch(f"_core/{name}", p) for p in patterns), name
        assert any(fnmatch.fnmatch(name, g) for g in globs), name


def test_the_build_makes_one_extension_per_module() -> None:
    """setup.py's ``core_modules()`` (run here on its own) lists one extension per ``.pyx``."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    function = next(
        n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "core_modules"
    )
    namespace: dict[str, object] = {"os": os, "CORE_DIR": str(CORE)}
    exec(compile(ast.Module(body=[function], type_ignores=[]), "setup.py", "exec"), namespace)
    modules = namespace["core_modules"]()  # type: ignore[operator]
    assert {name for name, _ in modules} == {f"reversis._core.{p.stem}" for p in CORE.glob("*.pyx")}
    assert all(Path(source).suffix == ".pyx" for _, source in modules)


@pytest.mark.skipif(reversis.engine_name() != "compiled", reason="the compiled core is not built")
def test_the_installed_core_is_whole() -> None:
    for path in CORE.glob("*.pyx"):
        assert importlib.util.find_spec(f"reversis._core.{path.stem}") is not None, path.stem


@pytest.mark.skipif(reversis.engine_name() != "compiled", reason="the compiled core is not built")
def test_the_batches_take_their_layout_from_the_encoding(monkeypatch: pytest.MonkeyPatch) -> None:
    """The observation's layout has one home, reversis.views.encoding: the core's batch writer reads the
    offsets from it and refuses a layout whose parts it does not know in that order."""
    pytest.importorskip("numpy")
    import reversis.views.encoding as encoding
    from reversis.vector import functional as vector

    profile = reversis.load_profile("hearts")
    state = vector.init(profile, 2, seed=1)
    layout = encoding.observation_layout(profile)
    assert state.observation.shape == (2, layout[-1].offset + layout[-1].size)
    swapped = (layout[1], layout[0], *layout[2:])
    monkeypatch.setattr(encoding, "observation_layout", lambda _profile: swapped)
    with pytest.raises(RuntimeError, match="encoding"):
        vector.init(profile, 2, seed=1)


def test_an_older_builds_core_extension_is_not_taken_for_the_core(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A development checkout built by an older version keeps ``_core/core.*.so`` (the core was one
    extension then), which Python finds before ``core.py``: the library never imports ``core``
    (each layer imports the core's module of its own), :func:`core_module` refuses it for the
    tests, and a build in place removes it (setup.py)."""
    import sys
    import types

    from reversis import _core

    stale = types.ModuleType("reversis._core.core")
    stale.__file__ = str(CORE / "core.cpython-311-x86_64-linux-gnu.so")
    monkeypatch.setitem(sys.modules, "reversis._core.core", stale)
    monkeypatch.setattr(_core, "core", stale, raising=False)
    loaded = _core._load()
    assert loaded is None or loaded.__name__ == "reversis._core.engine"
    if _core.engine_name() == "compiled":
        with pytest.raises(ImportError, match="older build"):
            _core.core_module()
    assert (
        'name.startswith("core.") and name.endswith((".so", ".pyd"))'
        in (ROOT / "setup.py").read_text()
    )
