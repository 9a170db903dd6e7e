"""A bot named with its budget in one word, as the command line, the ladder and the levels name
one: ``cautious``, ``monte-carlo@200`` (200 playouts a decision: a count), ``monte-carlo@50ms``
(50 milliseconds a decision), ``monte-carlo@0.5s``, ``learned:PATH``.

The name before ``@`` is any name :func:`~reversis.bots.players.make_bot` knows
(:data:`~reversis.bots.players.BOT_NAMES`, ``learned:PATH``). A time budget goes to the bot as
``millis=`` (with the bot's count option, if it has one, set to ``None``: the time alone
is the budget); a count goes as the first of :data:`COUNT_OPTIONS` that the bot takes (``playouts=``
for ``monte-carlo``, ``iterations=`` for a tree search), so that a bot added to the names later
needs nothing more here.

    >>> spec = parse_bot_spec("monte-carlo@50ms")
    >>> spec.name, spec.options, str(spec)
    ('monte-carlo', (('millis', 50.0), ('playouts', None)), 'monte-carlo@50ms')
    >>> parse_bot_spec("monte-carlo@200").options
    (('playouts', 200),)
    >>> parse_bot_spec("cautious@20")
    Traceback (most recent call last):
    ...
    reversis.errors.ArgumentError: bot 'cautious@20': the cautious bot takes no count budget
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from reversis.bots.players import BOT_NAMES, LEARNED, Bot, is_bot_name, make_bot
from reversis.errors import ArgumentError

__all__ = ["COUNT_OPTIONS", "MAX_BUDGET_COUNT", "MAX_BUDGET_MILLIS", "BotSpec", "parse_bot_spec"]

#: The options a count budget (``name@N``) may go to, tried in this order.
COUNT_OPTIONS = ("playouts", "iterations")
#: The largest count ``name@N`` takes.
MAX_BUDGET_COUNT = 10**7
#: The most milliseconds ``name@Nms`` takes: a minute.
MAX_BUDGET_MILLIS = 60_000.0

_BUDGET = re.compile(r"(?P<number>[0-9]+(?:\.[0-9]+)?)(?P<unit>ms|s)?")


@attrs.frozen
class BotSpec:
    """A bot by name with its options: what :func:`parse_bot_spec` reads, and what makes the
    bot (:meth:`make`). It pickles, so a simulation's worker processes can make the bot too."""

    #: The name :func:`~reversis.bots.players.make_bot` takes (``learned:PATH`` included).
    name: str
    #: The options given to the bot, sorted by name (``(("millis", 50.0),)``).
    options: tuple[tuple[str, Any], ...] = ()
    #: The text the spec was written as (its label in tables), without spaces.
    text: str = ""

    def make(self, seed: int | None = None) -> Bot:
        """The bot, its random choices seeded with ``seed``."""
        return make_bot(self.name, seed, **dict(self.options))

    def __call__(self, seed: int) -> Bot:
        """The bot for ``seed``: a spec is a bot factory, as :func:`reversis.simulation.simulate`
        takes one."""
        return self.make(seed)

    @property
    def millis(self) -> float | None:
        """The time budget in milliseconds a decision, if one was given."""
        return dict(self.options).get("millis")

    def __str__(self) -> str:
        return self.text or self.name


def _bad(text: str, why: str) -> ArgumentError:
    return ArgumentError(f"bot {text[:60]!r}: {why}")


def parse_bot_spec(text: str) -> BotSpec:
    """The :class:`BotSpec` written ``text``: ``NAME``, ``NAME@COUNT``, ``NAME@MILLISms`` or
    ``NAME@SECONDSs`` (see the module's text), or ``learned:PATH``. The bot is made once here, so
    that a wrong name, a budget the bot does not take or a missing file is an
    :class:`~reversis.ArgumentError` now, not in the middle of a run."""
    if not isinstance(text, str):
        raise ArgumentError(f"a bot is named by text, not {type(text).__name__}")
    text = text.strip()
    if text.startswith(LEARNED):  # a path may hold '@': it is the file's name
        spec = BotSpec(text, (), text)
        spec.make(0)
        return spec
    name, at, budget = text.partition("@")
    if not is_bot_name(name):
        choices = ", ".join(BOT_NAMES)
        raise _bad(text, f"unknown bot {name[:40]!r}: choose {choices} or learned:PATH")
    if not at:
        spec = BotSpec(name, (), name)
        spec.make(0)
        return spec
    found = _BUDGET.fullmatch(budget)
    if found is None:
        raise _bad(
            text, "the budget after '@' is a count (@200), milliseconds (@50ms) or seconds (@0.5s)"
        )
    number, unit = found.group("number"), found.group("unit")
    if unit is None:
        if "." in number or not 1 <= int(number) <= MAX_BUDGET_COUNT:
            raise _bad(text, f"a count budget is a whole number from 1 to {MAX_BUDGET_COUNT}")
        return _with_count(text, name, int(number))
    millis = float(number) * (1000.0 if unit == "s" else 1.0)
    if not 0 < millis <= MAX_BUDGET_MILLIS:
        raise _bad(text, f"a time budget is more than 0 and at most {MAX_BUDGET_MILLIS:g} ms")
    # The time alone is the budget: the count option the bot takes, if any, is set to None.
    tries = [(("millis", millis), (option, None)) for option in COUNT_OPTIONS]
    for options in [*tries, (("millis", millis),)]:
        spec = BotSpec(name, tuple(sorted(options)), text)
        try:
            spec.make(0)
        except (TypeError, ArgumentError):
            continue
        return spec
    raise _bad(text, f"the {name} bot takes no time budget")


def _with_count(text: str, name: str, count: int) -> BotSpec:
    """The spec of ``name`` with ``count`` as the first option of :data:`COUNT_OPTIONS` that the
    bot takes."""
    for option in COUNT_OPTIONS:
        spec = BotSpec(name, ((option, count),), text)
        try:
            spec.make(0)
        except (TypeError, ArgumentError):
            continue
        return spec
    raise _bad(text, f"the {name} bot takes no count budget")
