"""The source archive holds exactly the files git tracks (issue 28).

The sdist is built from a copy of this checkout's tracked files (as they are in the work tree) made
into a git repository of its own, beside a stray ``venv/`` (a virtual environment's files, as a
maintainer's checkout may have) and untracked files at the root and inside ``tests/`` and
``src/reversis/``: none of these may enter the archive, and every tracked file must.

The test needs git and ``build`` (the ``dev`` extra); it skips without them, or
outside a git checkout, unless ``REVERSIS_REQUIRE_PACKAGING=1`` (``.ci/run``).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from helpers import ROOT

#: What setuptools writes beside the tracked files: the metadata of the archive.
METADATA = {
    "PKG-INFO",
    "setup.cfg",
    "src/reversis.egg-info/PKG-INFO",
    "src/reversis.egg-info/SOURCES.txt",
    "src/reversis.egg-info/dependency_links.txt",
    "src/reversis.egg-info/entry_points.txt",
    "src/reversis.egg-info/requires.txt",
    "src/reversis.egg-info/top_level.txt",
}

#: Files that lie in the tree but are not the project's.
STRAYS = {
    "venv/pyvenv.cfg": "home = /usr/bin\n",
    "venv/lib/python3.11/site-packages/greenlet/tests/test_greenlet.py": "def test(): pass\n",
    "venv/lib/python3.11/site-packages/pip/_vendor/rich/console.py": "x = 1\n",
    "notes.txt": "a maintainer's notes\n",
    "tests/test_scratch.py": "def test_scratch(): pass\n",
    "src/reversis/scratch.toml": "[scratch]\n",
    "src/reversis/scratch.py": "x = 1\n",
    "src/reversis/profile/shipped/scratch.toml": "[scratch]\n",
    "docs/draft.rst": "A draft\n=======\n",
}


def _missing() -> str | None:
    if shutil.which("git") is None:
        return "git is not installed"
    inside = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--is-inside-work-tree"],
        capture_output=True,
        text=True,
        check=False,
    )
    if inside.returncode != 0:
        return "not a git checkout"
    spec = importlib.util.find_spec("build")
    # A `build/` folder in the checkout (left by `pip install .`) is a namespace package of that
    # name, not the tool: a regular package installed wins over it, so only that one counts.
    if spec is None or spec.origin in (None, "namespace"):
        return "build is not installed (pip install -e '.[dev]')"
    return None


def _git(where: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(where), *args], capture_output=True, text=True, check=True
    )
    return done.stdout


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    missing = _missing()
    if missing is not None:
        if os.environ.get("REVERSIS_REQUIRE_PACKAGING") == "1":
            pytest.fail(f"REVERSIS_REQUIRE_PACKAGING=1 but {missing}")
        pytest.skip(missing)
    tree = tmp_path_factory.mktemp("checkout")
    tracked = _git(ROOT, "ls-files", "-z").split("\0")
    for name in filter(None, tracked):
        source = ROOT / name
        if source.is_file():  # a file deleted in the work tree and not yet committed is left out
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, tree / name)
    _git(tree, "init", "-q")
    _git(tree, "add", "-A")
    _git(tree, "-c", "user.name=test", "-c", "user.email=test@example.org", "commit", "-qm", "tree")
    for name, text in STRAYS.items():
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_text(text, encoding="utf-8")
    return tree


@pytest.fixture(scope="module")
def archive(tree: Path, tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    out = tmp_path_factory.mktemp("dist")
    env = {**os.environ, "REVERSIS_PURE_PYTHON": "1"}  # an sdist compiles nothing
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--sdist",
            "--no-isolation",
            "--outdir",
            str(out),
            str(tree),
        ],
        check=False,
        capture_output=True,
        text=True,
        env=env,
        # not the checkout: a `build/` folder left there by `pip install .` would be imported as
        # the `build` package (README's first command, then its second: issue 38)
        cwd=out,
    )
    assert built.returncode == 0, (
        f"python -m build failed:\n{built.stdout[-2000:]}{built.stderr[-2000:]}"
    )
    (path,) = out.glob("reversis-*.tar.gz")
    with tarfile.open(path) as tar:
        names = [member.name for member in tar.getmembers() if member.isfile()]
    prefix = names[0].split("/", 1)[0] + "/"
    assert all(name.startswith(prefix) for name in names)
    return {name[len(prefix) :] for name in names}


def test_the_sdist_holds_every_tracked_file_and_nothing_else(tree: Path, archive: set[str]) -> None:
    tracked = set(filter(None, _git(tree, "ls-files", "-z").split("\0")))
    assert archive - METADATA == tracked
    assert archive >= METADATA


def test_no_stray_file_enters_the_sdist(tree: Path, archive: set[str]) -> None:
    assert all((tree / name).is_file() for name in STRAYS)
    assert not archive & set(STRAYS)
    assert not [name for name in archive if name.startswith("venv/")]


def test_the_sdist_holds_what_builds_and_tests_the_package(archive: set[str]) -> None:
    for name in (
        "src/reversis/_core/engine.pyx",
        "src/reversis/_core/engine.pxd",
        "src/reversis/profile/shipped/fournier-1785.toml",
        "src/reversis/py.typed",
        "src/reversis/bots/policies/hearts.npz",
        "src/reversis/bots/policies/index.json",
        "tests/api/test_properties.py",
        "docs/index.rst",
        "setup.py",
        "pyproject.toml",
        "LICENSE",
    ):
        assert name in archive
