"""The typed errors of :mod:`reversis`.

Every error the library raises on bad input is one of these, and its message names the problem.
All of them derive from :class:`ReversisError`; those about a value a caller passed in also derive
from :class:`ValueError`, so ``except ValueError`` keeps working for code that does not know them.
"""

from __future__ import annotations

__all__ = [
    "ArgumentError",
    "DealError",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMoveError",
    "NoWorldError",
    "ProfileError",
    "RecordError",
    "ReversisError",
    "StakesError",
    "missing_extra",
]


class ReversisError(Exception):
    """Base class of every error raised by :mod:`reversis`."""


class ArgumentError(ReversisError, TypeError, ValueError):
    """An argument of the wrong type, or out of its range, given to a function or method of the
    library: ``settle(None)``, ``hand.view(9)`` at a table of four. It is also a :class:`TypeError`
    and a :class:`ValueError`, so code written for either keeps working."""


class InvalidCardError(ReversisError, ValueError):
    """Text or a value that does not name a card (``Card.parse("1Z")``)."""


class InvalidMoveError(ReversisError, ValueError):
    """Text or a value that is not a move at all (``hand.apply("jump")``)."""


class IllegalMoveError(ReversisError, ValueError):
    """A well-formed move that the rules do not allow now.

    The message says why; :attr:`move` is the move and :attr:`reason` the explanation. The hand the move
    was applied to is unchanged (hands are immutable).
    """

    def __init__(self, move: object, reason: str) -> None:
        super().__init__(f"illegal move {str(move)!r}: {reason}")
        #: The move that was refused.
        self.move = move
        #: Why the rules refuse it.
        self.reason = reason


class ProfileError(ReversisError, ValueError):
    """A rule profile that is malformed or impossible; :attr:`key` names the offending key."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(f"{key}: {problem}" if key else problem)
        #: The dotted path of the offending key (``"deal.packets"``), or ``""`` for the whole file.
        self.key = key
        #: What is wrong with it.
        self.problem = problem


class DealError(ReversisError, ValueError):
    """Cards given to :func:`reversis.deal_hand` that cannot form a deal of the profile."""


class StakesError(ReversisError, ValueError):
    """Stakes (basket, beasts, pots, pools) that are malformed or impossible for the profile."""


class RecordError(ReversisError, ValueError):
    """A saved hand, match or record that is malformed; the message names the line or key."""


class NoWorldError(ReversisError, ValueError):
    """:func:`reversis.sample_world` found no complete hand consistent with the view it was given
    in the tries it was allowed: the view is one no hand leads to (a view made by
    :meth:`reversis.Hand.view` always has worlds), or the tries were too few."""


def missing_extra(module: str, extra: str, error: ImportError) -> ModuleNotFoundError:
    """The error to raise when ``module`` cannot import a package of its optional ``extra``: it names
    the extra to install and the package that is missing, instead of failing on a bare import of a
    package the user may never have heard of.

    >>> try:
    ...     import no_such_package_here
    ... except ImportError as exc:
    ...     print(missing_extra("reversis.openspiel", "openspiel", exc))
    reversis.openspiel needs the openspiel extra: pip install "reversis[openspiel]" (no module named ...)
    """
    name = getattr(error, "name", None) or "a package"
    return ModuleNotFoundError(
        f'{module} needs the {extra} extra: pip install "reversis[{extra}]" '
        f"(no module named {name!r})",
        name=name,
    )
