"""Where the learning example writes: never over the repository's own files unless asked.

The shipped results (``examples/learn/hearts``, ``examples/learn/fournier-1785``, ``curve.png``,
and the package's networks in ``src/reversis/bots/policies``) are tracked files of the repository;
a run writes to a folder it is given (by default ``./runs/learn-<profile>`` or
``./runs/imitate-<profile>`` under the current directory), and a path inside the repository that
holds tracked files is refused unless ``--refresh-shipped`` says to overwrite them.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

#: The repository's root (this file is examples/learn/folders.py).
ROOT = Path(__file__).resolve().parents[2]
#: What the shipped results are, when git cannot tell (an unpacked source archive).
SHIPPED = [ROOT / "examples" / "learn", ROOT / "src" / "reversis" / "bots" / "policies"]


def tracked(path: Path) -> list[str]:
    """The repository's tracked files at ``path`` (a file or a folder, which may not exist yet):
    git's answer, or without git the files under ``examples/learn`` there."""
    path = path.resolve()
    if not path.is_relative_to(ROOT):
        return []
    try:
        done = subprocess.run(
            ["git", "-C", str(ROOT), "ls-files", "--", str(path)],
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout.split()
    except (OSError, subprocess.CalledProcessError):
        files = [path] if path.is_file() else list(path.rglob("*")) if path.is_dir() else []
        return [str(f) for f in files if any(f.is_relative_to(s) for s in SHIPPED)]


def check_target(path: Path, refresh: bool, what: str) -> None:
    """Exit with a clear message if ``path`` holds tracked files of the repository and
    ``refresh`` (``--refresh-shipped``) is not given."""
    files = tracked(path)
    if files and not refresh:
        raise SystemExit(
            f"error: {what} {os.path.relpath(path)} holds the repository's own files "
            f"({', '.join(Path(f).name for f in files[:4])}{', ...' if len(files) > 4 else ''}): "
            "give another folder (the default is ./runs/learn-<profile>), or --refresh-shipped "
            "to overwrite the shipped results on purpose"
        )


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file, so that an interrupted write leaves
    the previous file whole."""
    part = path.with_name(path.name + ".part")
    part.write_bytes(data)
    os.replace(part, path)
