"""The worker processes of :func:`reversis.simulation.runs.simulate`: how many, how the work reaches
them, and how they end.

- **How many.** As many as asked for (the command line asks for one per CPU, :func:`cpu_count`),
  up to :func:`max_workers` (:data:`WORKERS_PER_CPU` per CPU) and no more, and never more than
  there are tasks.
- **Work as it is consumed.** :func:`run_windowed` keeps at most :data:`IN_FLIGHT_PER_WORKER`
  tasks per worker submitted and not yet taken back, and submits the next one as a result comes
  back: memory does not grow with the number of tasks, whatever the executor (a process pool's, a
  thread pool's, a Dask client's).
- **They end with their parent.** Each worker of :func:`process_pool` watches the process that
  started it and ends when it ends, even killed with ``SIGKILL`` (on Linux through
  ``prctl(PR_SET_PDEATHSIG)``, everywhere through a thread that watches the parent's process id,
  and that process itself when a fork server stands between them).
  Ctrl-C reaches the parent only (the workers ignore ``SIGINT``, and hold it back until they do),
  and when the parent stops on an exception (``KeyboardInterrupt`` included) its pool cancels the
  waiting tasks and ends the workers at once, without waiting for the tasks they are playing.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

__all__ = [
    "IN_FLIGHT_PER_WORKER",
    "WORKERS_PER_CPU",
    "cpu_count",
    "max_workers",
    "process_pool",
    "run_windowed",
]

#: How many workers may be asked for, per CPU (:func:`max_workers`).
WORKERS_PER_CPU = 4
#: How many tasks per worker are kept submitted and not yet taken back (:func:`run_windowed`).
IN_FLIGHT_PER_WORKER = 2
#: How often (in seconds) a worker checks that its parent is still there, where the system does
#: not end it with its parent by itself.
PARENT_CHECK = 0.25

_R = TypeVar("_R")


def cpu_count() -> int:
    """The CPUs this process may run on (at least 1)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # pragma: no cover - systems without sched_getaffinity
        return os.cpu_count() or 1


def max_workers() -> int:
    """The most worker processes one simulation may ask for: :data:`WORKERS_PER_CPU` per CPU."""
    return WORKERS_PER_CPU * cpu_count()


def run_windowed(
    executor: Executor,
    fn: Callable[..., _R],
    tasks: Iterable[tuple[Any, ...]],
    in_flight: int,
    take: Callable[[_R], None],
    *,
    cancel: bool = True,
) -> None:
    """Run ``fn(*args)`` on ``executor`` for each ``args`` of ``tasks``, giving each result to
    ``take`` as it comes back (in the order they finish), with at most ``in_flight`` tasks
    submitted and not yet taken. ``tasks`` is read lazily, one task per result taken.

    On an exception (from a task, from ``take``, or ``KeyboardInterrupt``) the tasks not yet
    started are cancelled (unless ``cancel`` is false: a :func:`process_pool` cancels its own)
    and the exception goes on.
    """
    todo = iter(tasks)
    pending: set[Future[_R]] = set()
    try:
        for args in itertools.islice(todo, in_flight):
            pending.add(executor.submit(fn, *args))
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                take(future.result())
            for args in itertools.islice(todo, in_flight - len(pending)):
                pending.add(executor.submit(fn, *args))
    finally:
        for future in pending if cancel else ():
            future.cancel()


@contextlib.contextmanager
def process_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``workers`` processes that end with this process (see the module's text).

    Leaving the block normally waits for the workers; leaving it on an exception cancels the
    waiting tasks and ends the workers at once. (Its futures are cancelled by the pool itself,
    not with ``Future.cancel()``: Python 3.11's pool fails in its own thread when a future
    cancelled from outside is waiting as its workers are ended.)
    """
    context = multiprocessing.get_context()
    pool = _Pool(
        max_workers=workers,
        mp_context=context,
        initializer=_watch_parent,
        initargs=(os.getpid(), context.get_start_method()),
    )
    try:
        yield pool
    except BaseException:
        _end_workers(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


class _Pool(ProcessPoolExecutor):
    """A process pool whose workers are started with Ctrl-C and ``SIGTERM`` held back, so that
    they reach the parent even when they come before a new worker is ready to ignore them."""

    def submit(self, fn: Callable[..., _R], /, *args: Any, **kwargs: Any) -> Future[_R]:
        with _signals_held():
            return super().submit(fn, *args, **kwargs)


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold ``SIGINT`` and ``SIGTERM`` back in this thread (and in what it starts) meanwhile."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not POSIX
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


_HELD = {signal.SIGINT, signal.SIGTERM}


def _end_workers(pool: ProcessPoolExecutor) -> None:
    """End the pool's workers now, whatever they are doing."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if callable(terminate):  # pragma: no cover - Python 3.14 and later
        terminate()
        return
    # Before 3.14, CPython keeps its worker processes in ``_processes`` (pid → process), which
    # ``shutdown`` forgets: they are read first.
    processes: dict[int, Any] = dict(getattr(pool, "_processes", None) or {})
    # ``shutdown(wait=False)`` also forgets the pool's manager thread, so the ``shutdown(wait=True)``
    # that follows cannot wait for it: it is read first, and waited for once the workers are ended.
    # Left running into the interpreter's exit, it closes its wakeup pipe while concurrent.futures'
    # exit hook writes to it ("Exception ignored on threading shutdown ... Bad file descriptor").
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes.values():
        with contextlib.suppress(OSError, ValueError, AttributeError):
            process.terminate()
    if manager is not None and manager is not threading.current_thread():
        manager.join(timeout=30)


# -- in the worker -----------------------------------------------------------------------------


def _watch_parent(creator: int, start_method: str) -> None:
    """The initializer of each worker: leave Ctrl-C to the parent, take the default action on
    ``SIGTERM``, and end when the parent ends."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # (a Ctrl-C held back is dropped)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    _die_with_parent()
    parent = os.getppid()
    # Forked or spawned, the worker's parent is ``creator``: another parent means that it has
    # ended already (before the line above could ask to follow it). Started by a fork server,
    # the parent is that server, which ends with ``creator``.
    if start_method != "forkserver" and parent != creator:
        os._exit(1)
    threading.Thread(
        target=_poll_parent, args=(parent, creator), name="reversis-watch-parent", daemon=True
    ).start()


def _die_with_parent() -> None:
    """Ask Linux to kill this process when its parent ends (``prctl(PR_SET_PDEATHSIG)``)."""
    if not sys.platform.startswith("linux"):  # pragma: no cover - the thread does it elsewhere
        return
    try:
        import ctypes  # noqa: PLC0415 - in the workers only

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):  # pragma: no cover - no libc to ask: the thread does it
        pass


def _poll_parent(parent: int, creator: int) -> None:  # pragma: no cover - runs in the workers
    # The fork server lives as long as its workers do (they hold its pipe): under it, the worker
    # watches ``creator`` itself.
    while os.getppid() == parent and not _gone(creator):
        time.sleep(PARENT_CHECK)
    os._exit(1)


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie, ended and not yet reaped, has)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # it is there, but not ours to signal
        return False
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] == b"Z"
    except (OSError, IndexError):  # no /proc: a zombie passes for alive until it is reaped
        return False
