"""The rule profile: :class:`Profile`, a complete rule set read from data.

Its sections (:mod:`reversis.profile.sections`) are the TOML tables of the profile file. Which
sections are present chooses the game's mechanisms: ``[reversis]`` with one money mechanism
(``[basket]``, ``[remise]`` or ``[[pools]]``) for Reversis, or ``[hearts]``, ``[tetka]`` or
``[reunion]``; ``[play]`` and ``[deal]`` choose the trick mechanics.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import attrs

from reversis import jsonio
from reversis.cards import Card
from reversis.errors import ProfileError, RecordError
from reversis.profile import shipped
from reversis.profile.build import build, doc, merge, to_toml, unbuild
from reversis.profile.compiled import Rules, compile_rules
from reversis.profile.sections import (
    BasketRules,
    DealRules,
    ExchangeRules,
    HeartsRules,
    MatchRules,
    MoneyRules,
    OutcomeRules,
    PlayRules,
    PointRules,
    PrivilegeRules,
    QuinolaPool,
    RemiseRules,
    ReunionRules,
    ReversisRules,
    SpecialCard,
    TableRules,
    TetkaRules,
)

__all__ = ["MAX_PROFILE_SIZE", "SCHEMA_VERSION", "Profile", "parse_toml"]

#: Version of the profile file format (the ``schema`` key).
SCHEMA_VERSION = 1
#: Largest profile file accepted, in characters.
MAX_PROFILE_SIZE = 200_000


def _validate_name(_instance: object, _attribute: object, value: str) -> None:
    if not value or len(value) > 60 or not all(c.isalnum() or c in "-_." for c in value):
        raise ProfileError("name", f"{value!r} is not a profile name (letters, digits, - _ .)")


@attrs.frozen
class Profile:
    """A complete rule set. Build one with :func:`~reversis.load_profile`, :meth:`from_toml` or
    :meth:`evolve`.

    The sections are frozen ``attrs`` values; their fields are documented in the docs' profile
    reference and in each section class. A section that a game does not use is ``None``.
    """

    name: str = attrs.field(validator=_validate_name, metadata=doc("The profile's name."))
    title: str = attrs.field(metadata=doc("A short title for display."))
    description: str = attrs.field(metadata=doc("One or two sentences: what this rule set is."))
    source: str = attrs.field(metadata=doc("Where the rules come from."))
    table: TableRules
    deal: DealRules
    play: PlayRules = attrs.field(factory=PlayRules)
    money: MoneyRules = attrs.field(factory=MoneyRules)
    match: MatchRules = attrs.field(factory=MatchRules)
    exchange: ExchangeRules | None = attrs.field(default=None)
    points: PointRules | None = attrs.field(default=None)
    outcome: OutcomeRules | None = attrs.field(default=None)
    reversis: ReversisRules | None = attrs.field(default=None)
    privilege: PrivilegeRules | None = attrs.field(default=None)
    specials: tuple[SpecialCard, ...] = attrs.field(
        default=(), metadata=doc("The paying cards (Reversis).")
    )
    basket: BasketRules | None = attrs.field(default=None)
    remise: RemiseRules | None = attrs.field(default=None)
    pools: tuple[QuinolaPool, ...] = attrs.field(default=())
    hearts: HeartsRules | None = attrs.field(default=None)
    tetka: TetkaRules | None = attrs.field(default=None)
    reunion: ReunionRules | None = attrs.field(default=None)
    #: The tables the engine reads, derived from the sections (see :mod:`reversis.profile.compiled`).
    compiled: Rules = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        # The checker is imported when the first profile is made, so that importing stays quick.
        from reversis.profile.checks import check_profile  # noqa: PLC0415

        check_profile(self)
        object.__setattr__(self, "compiled", compile_rules(self))

    # -- convenient derived facts ---------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of players."""
        return self.table.players

    @property
    def deck(self) -> tuple[Card, ...]:
        """The pack, in card order."""
        return self.compiled.deck

    @property
    def tricks(self) -> int:
        """Tricks in a hand (the cards each player holds when play begins)."""
        return sum(others for others, _ in self.deal.packets)

    @property
    def rounds(self) -> int:
        """The agreed rounds of a match (``[match] rounds``); Tëtka's orbits (tetka §7)."""
        return self.tetka.orbits if self.tetka is not None else self.match.rounds

    @property
    def game(self) -> Literal["reversis", "hearts", "tetka", "reunion"]:
        """The game whose scoring this profile uses, told by its sections."""
        if self.hearts is not None:
            return "hearts"
        if self.tetka is not None:
            return "tetka"
        if self.reunion is not None:
            return "reunion"
        return "reversis"

    @property
    def mechanism(self) -> Literal["basket", "remise", "pools", "none"]:
        """The stakes on the table between hands: Fournier's ``basket``, the English ``remise``
        pots, Hoyle's ``pools``, or ``none`` (the point games)."""
        if self.basket is not None:
            return "basket"
        if self.remise is not None:
            return "remise"
        if self.pools:
            return "pools"
        return "none"

    # -- conversions -------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The profile as plain data, in the shape of its TOML file (with ``schema``)."""
        out: dict[str, Any] = {"schema": SCHEMA_VERSION}
        out.update(unbuild(self))
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Profile:
        """Validate plain data (a parsed TOML file) into a profile.

        A ``base`` key names a shipped profile to start from; the data is merged over it.
        """
        if not isinstance(data, Mapping):
            raise ProfileError("", f"a profile must be a table of keys, not {type(data).__name__}")
        data = dict(data)
        base = data.pop("base", None)
        if base is not None:
            if not isinstance(base, str) or base not in shipped.names():
                raise ProfileError("base", f"must name a shipped profile ({shipped.listing()})")
            merged = shipped.data(base)
            merge(merged, data)
            data = merged
        schema = data.pop("schema", SCHEMA_VERSION)
        if type(schema) is not int or schema != SCHEMA_VERSION:
            raise ProfileError("schema", f"version {schema!r} is not supported (expected 1)")
        result = build(cls, data, "")
        assert isinstance(result, Profile)
        return result

    @classmethod
    def from_toml(cls, text: str) -> Profile:
        """Parse and validate the text of a TOML profile file."""
        return cls.from_dict(parse_toml(text))

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return jsonio.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> Profile:
        """A profile from :meth:`to_json`'s text (:class:`~reversis.ProfileError` if malformed)."""
        try:
            data = jsonio.loads(text, "profile")
        except RecordError as exc:
            raise ProfileError("", str(exc)) from None
        return cls.from_dict(data)

    def to_toml(self) -> str:
        """The profile as the text of a TOML file that :meth:`from_toml` reads back."""
        return to_toml(self.to_dict())

    def evolve(self, **changes: Any) -> Profile:
        """A copy with some rules changed, validated like a file.

        Each keyword is a top-level key; a section takes a table of the keys to change::

            profile.evolve(name="my-house", reversis={"end_on_break": False})
        """
        data = self.to_dict()
        plain = {k: (unbuild(v) if attrs.has(type(v)) else v) for k, v in changes.items()}
        merge(data, plain)
        return Profile.from_dict(data)


def parse_toml(text: object) -> dict[str, Any]:
    """The data of a TOML profile file (:class:`~reversis.ProfileError` if it is not TOML)."""
    if not isinstance(text, str):
        raise ProfileError("", "a profile file must be text")
    if len(text) > MAX_PROFILE_SIZE:
        raise ProfileError("", f"the file is larger than {MAX_PROFILE_SIZE} characters")
    import tomllib  # noqa: PLC0415 - on first use, to keep the library's import quick

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError("", f"not valid TOML: {exc}") from None
    except RecursionError:
        raise ProfileError("", "not valid TOML: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer of more digits than Python converts
        raise ProfileError("", f"not valid TOML: {str(exc)[:100]}") from None
