"""Levels for people: the bots a person plays against, by level — easy, medium, hard — in one
table, for the terminal (``python -m reversis play --level hard``) and the web table.

Each :class:`Level` names its bot (a spec: :mod:`reversis.bots.specs`), says in words how it plays
and how long it takes a move. The default, :data:`DEFAULT_LEVEL`, is *medium*: most people who sit
down at Reversis are learning it, and they enjoy opponents that play the game sensibly (they
duck tricks, pass on their dangerous cards, keep the quinola out of harm's way) so that a hand
feels like a real one and every lesson shows, yet whom a person beats once the game is understood,
and who answer at once. *Easy* plays at random, which teaches little; *hard* searches and makes a
person wait a little at every move, for those who want to be beaten until they play well.

    >>> [level.name for level in LEVELS]
    ['easy', 'medium', 'hard']
    >>> get_level("hard").spec
    'ismcts@400ms'
"""

from __future__ import annotations

import attrs

from reversis.bots.players import Bot
from reversis.bots.specs import BotSpec, parse_bot_spec
from reversis.errors import ArgumentError

__all__ = ["DEFAULT_LEVEL", "LEVELS", "LEVEL_NAMES", "Level", "get_level", "level_bot"]


@attrs.frozen
class Level:
    """One level: its ``name`` (what ``--level`` takes), the ``spec`` of its bot, and what people
    read: its ``title``, how its bots play (``words``, a sentence about "they", the bots) and how
    long they take a move (``move_time``)."""

    name: str
    spec: str
    title: str
    words: str
    move_time: str
    #: ``spec`` parsed when the level is made (a wrong spec fails then; a web table makes a bot
    #: per seat from it).
    _parsed: BotSpec = attrs.field(
        init=False,
        repr=False,
        eq=False,
        default=attrs.Factory(lambda level: parse_bot_spec(level.spec), takes_self=True),
    )

    def bot_spec(self) -> BotSpec:
        """The spec of the level's bot, parsed when the level was made."""
        return self._parsed

    def describe(self) -> str:
        """The level in one line for people: ``"Hard — they think ahead: … (up to about 0.4 s
        a move)"``."""
        return f"{self.title} — {self.words} ({self.move_time})"

    def to_dict(self) -> dict[str, str]:
        """The level as plain data (the web table's list of levels)."""
        return attrs.asdict(self, filter=lambda field, _: field.init)


#: The levels, the easiest first.
LEVELS: tuple[Level, ...] = (
    Level(
        "easy",
        "random",
        "Easy",
        "they play any card they may, at random: a table to learn the rules at",
        "at once",
    ),
    Level(
        "medium",
        "cautious",
        "Medium",
        "they play by rules of thumb, as a careful player does: they duck tricks and points and "
        "pass on their dangerous cards",
        "at once",
    ),
    Level(
        "hard",
        "ismcts@400ms",
        "Hard",
        "they think ahead: they search the hand's moves over many deals that agree with what they "
        "have seen, deeper where the play looks best",
        "up to about 0.4 s a move",
    ),
)

#: The levels' names, the easiest first.
LEVEL_NAMES: tuple[str, ...] = tuple(level.name for level in LEVELS)

#: The level a person plays at unless they choose (see the module's text for why).
DEFAULT_LEVEL = "medium"


def get_level(name: str) -> Level:
    """The level called ``name`` (:class:`~reversis.ArgumentError` for another name)."""
    for level in LEVELS:
        if level.name == name:
            return level
    raise ArgumentError(
        f"unknown level {str(name)[:40]!r}: choose {', '.join(LEVEL_NAMES[:-1])} or "
        f"{LEVEL_NAMES[-1]}"
    )


def level_bot(name: str, seed: int | None = None) -> Bot:
    """A bot of the level called ``name``, its random choices seeded with ``seed``."""
    return get_level(name).bot_spec().make(seed)
