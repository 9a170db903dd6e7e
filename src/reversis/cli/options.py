"""What the commands share: an option's type for whole numbers, the help that shows each option's
default, and ``SIGTERM`` as an exit while work runs on worker processes."""

from __future__ import annotations

import argparse
import contextlib
import signal
import threading
from collections.abc import Callable, Iterator

__all__ = ["HelpFormatter", "number", "terminate_as_exit"]


@contextlib.contextmanager
def terminate_as_exit() -> Iterator[None]:
    """Within the block, ``SIGTERM`` raises :class:`SystemExit` (status 143), so that the
    simulation's worker processes are ended on the way out, as on Ctrl-C."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, _frame: object) -> None:
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def number(what: str, low: int, high: Callable[[], int], why: str = "") -> Callable[[str], int]:
    """An option's type: a whole number from ``low`` to ``high()``, else a usage error."""

    def parse(text: str) -> int:
        most = high()
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None
        if not low <= value <= most:
            raise argparse.ArgumentTypeError(f"must be from {low} to {most}{why}, not {text[:40]}")
        return value

    parse.__name__ = what  # argparse names the type in some of its messages
    return parse


class HelpFormatter(argparse.HelpFormatter):
    """Help that shows each option's default (options whose default is nothing say so in words)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if "default" in text or not action.option_strings:
            return text
        if default is None or default is False or default is argparse.SUPPRESS:
            return text
        return f"{text} (default: %(default)s)"
