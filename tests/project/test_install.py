"""An install without a C compiler, in a checkout where ``pip install .`` already built the core
(issue 38): the wheel is pure Python, tagged as one, holds no extension module of the earlier
build, and pip's verbose output says why.

The checkout is a copy of the tracked files with a ``build/`` folder as the first command of
README.md leaves it (its extension modules stand in as files); ``CC=/bin/false`` is the compiler.
Where this environment holds the build requirements (``setuptools>=77`` and Cython, as
``pyproject.toml`` asks) the wheel is built with them; elsewhere (the venv of README's second
command has an older setuptools) pip builds it in an isolated environment, as ``pip install .``
does.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from helpers import ROOT


def _tracked() -> list[str]:
    done = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True, text=True, check=False
    )
    return [name for name in done.stdout.split("\0") if name] if done.returncode == 0 else []


def _requirements_here() -> bool:
    """Whether this environment holds the build requirements of ``pyproject.toml``."""
    try:
        major = int(importlib.metadata.version("setuptools").split(".")[0])
    except (importlib.metadata.PackageNotFoundError, ValueError):
        return False
    return major >= 77 and importlib.util.find_spec("Cython") is not None


@pytest.fixture(scope="module")
def used_checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tracked = _tracked()
    if not tracked:
        if os.environ.get("REVERSIS_REQUIRE_PACKAGING") == "1":
            pytest.fail("REVERSIS_REQUIRE_PACKAGING=1 but this is not a git checkout")
        pytest.skip("needs a git checkout")
    tree = tmp_path_factory.mktemp("checkout")
    for name in tracked:
        if (ROOT / name).is_file():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, tree / name)
    # what `pip install .` left: the core's modules in the build folders, as a platform build
    # and a pure one keep them
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    tag = f"{sysconfig.get_platform()}-cpython-{sys.version_info[0]}{sys.version_info[1]}"
    for lib in (f"lib.{tag}", "lib"):
        folder = tree / "build" / lib / "reversis" / "_core"
        folder.mkdir(parents=True)
        for name in ("engine", "state", "core"):
            (folder / f"{name}{suffix}").write_bytes(b"\x7fELF an earlier build's module")
    return tree


def test_without_a_compiler_the_wheel_is_pure_python(used_checkout: Path, tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if not key.startswith("REVERSIS_")}
    env["CC"] = "/bin/false"
    # the build requirements hold Cython, here or in pip's isolated environment
    isolation = ["--no-build-isolation"] if _requirements_here() else []
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", *isolation]
        + ["-w", str(tmp_path), str(used_checkout)],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=tmp_path,
        timeout=600,
    )
    said = done.stdout + done.stderr
    assert done.returncode == 0, said[-3000:]
    (wheel,) = tmp_path.glob("reversis-*.whl")
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    with zipfile.ZipFile(wheel) as archive:
        binaries = [n for n in archive.namelist() if n.endswith((".so", ".pyd"))]
        policies = {n for n in archive.namelist() if n.startswith("reversis/bots/policies/")}
    assert binaries == []
    # make_bot("learned")'s networks, one per shipped profile, and their record (issue 39); the
    # wheel stays under 10 MB with them.
    shipped = sorted(
        p.stem for p in (ROOT / "src" / "reversis" / "profile" / "shipped").glob("*.toml")
    )
    assert policies == {f"reversis/bots/policies/{p}.npz" for p in shipped} | {
        "reversis/bots/policies/index.json"
    }
    assert wheel.stat().st_size < 10_000_000
    assert "reversis: no working C compiler (/bin/false exited with 1" in said
    assert "installing the pure-Python engine" in said
