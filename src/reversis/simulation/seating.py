"""The bots of a simulation from the command line's ``--bots``: one name per seat."""

from __future__ import annotations

from reversis.errors import ArgumentError

__all__ = ["seat_bots"]


def seat_bots(bots: str | None, seats: int) -> list[str]:
    """The bot names of ``simulate --bots``, one per seat: the list given, cycled over the seats
    (``random,cautious`` on four seats is random, cautious, random, cautious); by default
    cautious, then random at every other seat. :class:`~reversis.ArgumentError` for an empty name
    or more names than seats."""
    if bots is None:
        return ["cautious"] + ["random"] * (seats - 1)
    names = [name.strip() for name in bots.split(",")]
    if not all(names):
        raise ArgumentError(f"--bots: {bots!r} has an empty name: give names separated by commas")
    if len(names) > seats:
        raise ArgumentError(f"--bots: give at most one bot per seat ({seats}), not {len(names)}")
    return [names[i % len(names)] for i in range(seats)]
