"""The progress of a long run (``python -m reversis check``): on a terminal, a bar (with the
optional ``tqdm``, the ``progress`` extra) or a line that updates in place; elsewhere (a CI log, a
file), a line every few seconds, so that a long run is never silent.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from typing import Any, TextIO

from reversis.hand import Hand
from reversis.text.sentences import plural

__all__ = ["Progress"]


class Progress:
    """Progress of a long check: on a terminal, a bar (with the optional ``tqdm``) or a plain line
    that updates in place; elsewhere (a CI log, a file), a line every ``every`` seconds of
    ``clock``, so that a long run is never silent."""

    def __init__(
        self,
        total: int,
        label: str,
        stream: TextIO,
        *,
        terminal: bool = True,
        every: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total = total
        self.label = label
        self.stream = stream
        self.terminal = terminal
        self.every = every
        self.clock = clock
        self.start = self.last = clock()
        self.done = 0
        self.bar: Any = None
        if not terminal:
            return
        try:  # the optional extra ``reversis[progress]``
            tqdm = importlib.import_module("tqdm").tqdm
        except ImportError:
            pass
        else:
            self.bar = tqdm(total=total, desc=label, unit="hand", file=stream, leave=False)

    def __call__(self, state: Hand, _previous: Hand | None) -> None:
        """Count ``state`` once it is over (the checker's ``extra`` hook, called after each
        move), and show the progress."""
        if not state.is_over:
            return
        self.done += 1
        if self.bar is not None:
            self.bar.update(1)
        elif self.terminal:
            self.stream.write(f"\r{self.label}: {self.done}/{plural(self.total, 'hand')} checked")
            self.stream.flush()
        else:
            now = self.clock()
            if now - self.last >= self.every and self.done < self.total:
                self.last = now
                self.stream.write(
                    f"{self.label}: {self.done}/{plural(self.total, 'hand')} checked "
                    f"after {now - self.start:.0f} s\n"
                )
                self.stream.flush()

    def close(self) -> None:
        """End the bar, or clear the line, on a terminal."""
        if self.bar is not None:
            self.bar.close()
        elif self.terminal:
            self.stream.write("\r\033[K")
            self.stream.flush()
