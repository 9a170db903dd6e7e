"""Reading and writing the files a user names (a record to replay, a record to keep): regular
files only, so that a FIFO, a folder or a device is refused at once instead of blocking or
reading forever.

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> write_text(os.path.join(folder, "hand.txt"), "[Profile ...]")
    >>> read_text(os.path.join(folder, "hand.txt"), 100)
    '[Profile ...]'
    >>> read_text(folder, 100)
    Traceback (most recent call last):
    ...
    reversis.errors.ArgumentError: '...' is not a regular file: give a file's name
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from reversis.errors import ArgumentError

__all__ = ["make_folder", "read_text", "write_text"]


def _short(path: str) -> str:
    """``path`` quoted, its end kept when it is long (the end is what names it)."""
    return repr(path if len(path) <= 80 else "…" + path[-79:])


def _refuse(path: str) -> ArgumentError:
    return ArgumentError(f"{_short(path)} is not a regular file: give a file's name")


def _check_name(path: str) -> str:
    if not isinstance(path, str | os.PathLike):
        raise ArgumentError(f"a file is named by a string or a path, not {type(path).__name__}")
    name = os.fspath(path)
    if not isinstance(name, str) or not name or "\x00" in name:
        raise ArgumentError(f"{_short(str(name))} is not a file's name")
    return name


def read_text(path: str | os.PathLike[str], limit: int) -> str:
    """The first ``limit`` + 1 characters of the UTF-8 text file ``path`` (so that a caller sees
    when a file is longer than it takes).

    Raises :class:`~reversis.ArgumentError` when ``path`` is not a regular file (a folder, a FIFO,
    a device: nothing is read from it, and opening it does not wait), :class:`OSError` when it
    cannot be read and :class:`UnicodeDecodeError` when it is not UTF-8.
    """
    name = _check_name(path)  # type: ignore[arg-type]
    if not stat.S_ISREG(os.stat(name).st_mode):
        raise _refuse(name)
    # Opened without waiting (a FIFO put in its place meanwhile), then checked again.
    fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise _refuse(name)
        with os.fdopen(fd, encoding="utf-8") as file:
            fd = -1
            return file.read(limit + 1)
    finally:
        if fd >= 0:
            os.close(fd)


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` as UTF-8, replacing a regular file of that name.

    Raises :class:`~reversis.ArgumentError` when ``path`` exists and is not a regular file (a
    folder, a FIFO, a device: nothing is written, and opening it does not wait), and
    :class:`OSError` when it cannot be written.
    """
    name = _check_name(path)  # type: ignore[arg-type]
    try:
        mode = os.stat(name).st_mode
    except FileNotFoundError:
        pass
    else:
        if not stat.S_ISREG(mode):
            raise _refuse(name)
    flags = os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(name, flags, 0o666)
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a FIFO without a reader
            raise _refuse(name) from None
        raise
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise _refuse(name)
        os.ftruncate(fd, 0)
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            fd = -1
            file.write(text)
    finally:
        if fd >= 0:
            os.close(fd)


def make_folder(path: str | os.PathLike[str], what: str = "folder") -> Path:
    """The folder ``path``, made if it is missing (its parent must exist: only the last part of
    the path is made); ``what`` names it in the errors.

    Raises :class:`~reversis.ArgumentError` when ``path`` is not a path, names something that is
    not a folder, or lies in a folder that does not exist, or when the folder cannot be made.
    """
    if not isinstance(path, str | os.PathLike):
        raise ArgumentError(
            f"{what} must be a folder's path (a str or a path), not {type(path).__name__}"
        )
    name = os.fspath(path)
    if not isinstance(name, str) or not name or "\x00" in name:
        raise ArgumentError(f"{what}: {_short(str(name))} is not a folder's name")
    folder = Path(name)
    try:
        if folder.is_dir():
            return folder
        if folder.exists() or folder.is_symlink():
            raise ArgumentError(
                f"{what}: {_short(name)} is not a folder: give a folder or a new name"
            )
        if folder.parent.exists() and not folder.parent.is_dir():
            raise ArgumentError(
                f"{what}: {_short(str(folder.parent))} is a file, not a folder: give a folder "
                "or a new name in one"
            )
        if not folder.parent.is_dir():
            raise ArgumentError(
                f"{what}: the folder {_short(str(folder.parent))} does not exist: create it first "
                f"(only the last part, {_short(folder.name)}, is made)"
            )
        folder.mkdir()
    except FileExistsError:
        if not folder.is_dir():  # pragma: no cover - made meanwhile, as something else
            raise ArgumentError(f"{what}: {_short(name)} is not a folder") from None
    except OSError as exc:
        raise ArgumentError(f"{what}: cannot make {_short(name)}: {exc.strerror or exc}") from None
    return folder
