"""Rule profiles: every number and every choice of a rule set, as validated data.

A profile is a TOML file read into a frozen :class:`Profile`. The library ships four
(see :func:`available_profiles`); a user's own file, or :meth:`Profile.evolve`, gives house rules::

    >>> from reversis import load_profile
    >>> profile = load_profile("fournier-1785")
    >>> profile.players, profile.reversis.end_on_break
    (4, True)
    >>> house = profile.evolve(reversis={"end_on_break": False})
    >>> house.reversis.end_on_break, house.name
    (False, 'fournier-1785')

A file may start from a shipped profile with ``base = "fournier-1785"`` and give only what differs.
Validation is strict: an unknown key, a value of the wrong type, or an impossible combination (deal
packets that do not add up to the deck, a tie-break order that is not a permutation of the seats …)
raises :class:`~reversis.ProfileError` naming the key.

The engine holds the mechanisms; the profile picks and parameterises them. Which sections are present
chooses the money mechanism: ``[basket]`` (Fournier's basket and beasts), ``[remise]`` (the English
chain of pots) or ``[[pools]]`` (Hoyle's great and little quinola pools).
"""

from __future__ import annotations

import functools
import os
import stat
import tomllib
import types
import typing
import unicodedata
from collections.abc import Iterable, Mapping
from importlib import resources
from typing import Any, Literal

import attrs

from reversis.cards import Card, Rank, full_deck
from reversis.errors import InvalidCardError, ProfileError
from reversis.rules import Rules, compile_rules

__all__ = [
    "BasketRules",
    "DealRules",
    "ExchangeRules",
    "MatchRules",
    "MoneyRules",
    "OutcomeRules",
    "PlayRules",
    "PointRules",
    "PrivilegeRules",
    "Profile",
    "QuinolaPool",
    "RemiseRules",
    "ReversisRules",
    "SpecialCard",
    "TableRules",
    "available_profiles",
    "load_profile",
]

#: Version of the profile file format (the ``schema`` key).
SCHEMA_VERSION = 1
#: Largest profile file accepted, in characters.
MAX_PROFILE_SIZE = 200_000
#: Most rounds in a match (``match.rounds``, and ``match.continue_rounds``), so that every match
#: of every profile is finite and its stakes stay within what the readers accept.
MAX_ROUNDS = 100

_PROFILE_PACKAGE = "reversis.profiles"


def _doc(text: str) -> dict[str, Any]:
    return {"doc": text}


def _mapping(text: str) -> dict[str, Any]:
    return {"doc": text, "mapping": True}


# ---------------------------------------------------------------------------------------------
# The sections
# ---------------------------------------------------------------------------------------------


@attrs.frozen
class TableRules:
    """``[table]``: players, the pack and the way play goes round."""

    players: int = attrs.field(metadata=_doc("Number of players (3 or more)."))
    removed_ranks: tuple[str, ...] = attrs.field(
        metadata=_doc("Ranks taken out of the 52-card pack, e.g. ``['10']``.")
    )
    direction: Literal["counter-clockwise", "clockwise"] = attrs.field(
        metadata=_doc(
            "The way play goes round the table. Seats are always numbered in playing order; "
            "this only says where seat ``s + 1`` sits."
        )
    )


@attrs.frozen
class DealRules:
    """``[deal]``: first dealer, cut and packets."""

    first_dealer: Literal["quinola-draw", "uniform"] = attrs.field(
        metadata=_doc(
            "How the first dealer of a match is chosen from the seed: ``quinola-draw`` (the pack is "
            "split into one pile per player; whoever finds the Quinola deals) or ``uniform``."
        )
    )
    cutter: int = attrs.field(
        metadata=_doc("Who cuts, as an offset from the dealer in playing order (``-1``).")
    )
    cut_minimum: int = attrs.field(metadata=_doc("Fewest cards in each packet of the cut."))
    packets: tuple[tuple[int, int], ...] = attrs.field(
        metadata=_doc(
            "The rounds of the deal, from the eldest in playing order: ``[cards to each "
            "non-dealer, cards to the dealer]`` per round. What is left is the widow."
        )
    )
    widow: Literal["pile", "one-each"] = attrs.field(
        metadata=_doc(
            "``pile``: the widow is one face-down pile and the non-dealers take its cards in turn; "
            "``one-each``: one card lies before each non-dealer. Either way the i-th non-dealer "
            "from the eldest gets the i-th widow card."
        )
    )


@attrs.frozen
class ExchangeRules:
    """``[exchange]``: the exchange with the widow and the dealer's discard."""

    dealer: Literal["first", "last"] = attrs.field(
        metadata=_doc("Whether the dealer discards before or after the non-dealers exchange.")
    )
    decline: Literal["always", "three-stakes", "never"] = attrs.field(
        metadata=_doc(
            "When a non-dealer may decline the exchange: ``always``, ``never``, or ``three-stakes`` "
            "(only while a pool named in ``three_stakes_pools`` is at three stakes)."
        )
    )
    discard_quinolas: Literal["always", "three-stakes"] = attrs.field(
        metadata=_doc(
            "Whether a quinola may always be put out, or only while its own pool is at three stakes."
        )
    )
    opposite: bool = attrs.field(
        metadata=_doc(
            "After the discards, each player gives one card, face down, to the player opposite; "
            "the four cards change hands together."
        )
    )
    three_stakes_pools: tuple[str, ...] = attrs.field(
        default=(),
        metadata=_doc(
            "The pools whose three stakes allow declining (``decline = 'three-stakes'``)."
        ),
    )


@attrs.frozen
class PlayRules:
    """``[play]``: how a card that follows suit is classed."""

    forced: Literal["suit", "only-card"] = attrs.field(
        metadata=_doc(
            "``suit``: every card of the suit led played by another player is *forced*; "
            "``only-card``: forced only when it was the player's only card of that suit, "
            "otherwise *played*."
        )
    )


@attrs.frozen
class PointRules:
    """``[points]``: card points in tricks and the value of the pot (party)."""

    trick: tuple[tuple[str, int], ...] = attrs.field(
        metadata=_mapping("Points of a card in the tricks, by rank code (``{A = 4, K = 3}``).")
    )
    pot: tuple[tuple[str, int], ...] = attrs.field(
        metadata=_mapping("Counters of a card in the pot (discard), by rank code.")
    )
    pot_cards: tuple[tuple[str, int], ...] = attrs.field(
        metadata=_mapping("Pot values of particular cards, overriding their rank (``{JH = 4}``).")
    )
    pot_bonus: int = attrs.field(metadata=_doc("The flat amount added to the pot's value."))


@attrs.frozen
class OutcomeRules:
    """``[outcome]``: who wins and who loses the pot (party) of an ordinary hand."""

    winner_order: tuple[int, ...] = attrs.field(
        metadata=_doc(
            "Ties on points and tricks for the win go to the first of these seats, given as "
            "offsets from the dealer in playing order (``[0, 3, 2, 1]``: dealer, then against play)."
        )
    )
    loser_order: tuple[int, ...] = attrs.field(
        metadata=_doc("Of players tied for the loss, the first of these offsets loses.")
    )
    loser_ties: Literal["most-tricks", "fewest-tricks"] = attrs.field(
        metadata=_doc(
            "Of players tied on points for the loss, the one with most (fewest) tricks loses."
        )
    )


@attrs.frozen
class PrivilegeRules:
    """``[privilege]``: the four aces (Fournier) or the espagnolette (English, Hoyle)."""

    name: str = attrs.field(
        metadata=_doc("Its name, for display (``four aces``, ``espagnolette``).")
    )
    cards: tuple[str, ...] = attrs.field(metadata=_doc("The cards that count towards it."))
    needed: int = attrs.field(
        metadata=_doc("How many of ``cards`` a player must hold after the exchange to qualify.")
    )
    last_trick: int = attrs.field(
        metadata=_doc("The last trick on which the player may renounce while able to follow.")
    )
    success: Literal["ordinary", "wins-party"] = attrs.field(
        metadata=_doc(
            "A player who used it and took no trick: ``ordinary`` rule, or ``wins-party`` ahead of all."
        )
    )
    failure: tuple[
        Literal["loses-party", "repays-double", "returns-pot", "returns-placed", "repays-pools"],
        ...,
    ] = attrs.field(
        metadata=_doc(
            "What a player who used it and took a trick does: ``loses-party`` (pays the pot to the "
            "winner among the others), ``repays-double`` (pays each player back double what that "
            "player paid him for aces and quinolas), ``returns-pot`` (returns a pot taken, then "
            "pays a remise), ``returns-placed`` (returns the consolations received for the cards he "
            "placed), ``repays-pools`` (returns each pool value a placed quinola took and pays it "
            "in again)."
        )
    )
    pays_reversis_alone: bool = attrs.field(
        metadata=_doc("Whether the player who used it pays another's made reversis alone.")
    )


@attrs.frozen
class ReversisRules:
    """``[reversis]``: commitment, making and breaking."""

    commit: int = attrs.field(metadata=_doc("Winning the first this-many tricks commits to it."))
    end_on_break: bool = attrs.field(
        metadata=_doc(
            "Whether a reversis broken on the trick after commitment ends the hand at once."
        )
    )
    made: int = attrs.field(metadata=_doc("What each other player pays for a made reversis."))
    made_opposite: int = attrs.field(
        metadata=_doc("What the player opposite pays for a made reversis (four players).")
    )
    broken: int = attrs.field(metadata=_doc("What the reversis player pays the breaker."))
    broken_by_quinola: int = attrs.field(
        metadata=_doc("The same, when the card that wins the breaking trick is a quinola.")
    )
    undo: Literal["all", "others-pools"] = attrs.field(
        metadata=_doc(
            "What commitment undoes of tricks before it: ``all`` ace and quinola payments and pool "
            "moves, or only the pool moves of ``others-pools`` than the reversis player."
        )
    )
    final_tricks_pay: bool = attrs.field(
        default=False,
        metadata=_doc("Whether aces and quinolas still pay consolations after commitment."),
    )


@attrs.frozen
class SpecialCard:
    """``[[specials]]``: cards that pay when played (aces, quinolas)."""

    name: Literal["ace", "quinola"] = attrs.field(
        metadata=_doc("The kind of card; the payment reasons are ``<name>_placed`` and so on.")
    )
    cards: tuple[str, ...] = attrs.field(metadata=_doc("The cards this line applies to."))
    placed: int = attrs.field(
        metadata=_doc("Placed on a renounce: the taker of the trick pays the player.")
    )
    forced: int = attrs.field(metadata=_doc("Forced: the player pays the leader of the trick."))
    forced_others: int = attrs.field(
        metadata=_doc(
            "Forced: each player other than the card's player and the leader pays the leader."
        )
    )
    led: int = attrs.field(metadata=_doc("Led: the player pays the winner of the pot (party)."))
    led_others: int = attrs.field(
        default=0,
        metadata=_doc("Led: each player other than the leader and the winner pays the winner."),
    )
    played: int = attrs.field(
        default=0,
        metadata=_doc(
            "Played (``forced = 'only-card'``): the player pays the winner of the party."
        ),
    )
    pool: str = attrs.field(
        default="",
        metadata=_doc(
            "The pool the card wins when placed and pays when otherwise played (or ``''``)."
        ),
    )


@attrs.frozen
class MoneyRules:
    """``[money]``: the unit, bankrolls and doublings."""

    unit: str = attrs.field(
        metadata=_doc("The name of the unit (``counter``, ``credit``, ``fish``).")
    )
    bankroll: int = attrs.field(metadata=_doc("What each player starts a match with."))
    claim_led: bool = attrs.field(
        metadata=_doc("Whether payments owed to the pot winner for led cards are claimed.")
    )
    bonne_tricks: tuple[int, ...] = attrs.field(
        metadata=_doc("Tricks *à la bonne*: the card payments between players on them are doubled.")
    )
    opposite_doubles: tuple[Literal["cards", "party"], ...] = attrs.field(
        metadata=_doc("Payments doubled between players sitting opposite (four players).")
    )
    pot_reason: Literal["pot", "party"] = attrs.field(
        default="pot",
        metadata=_doc("The reason given to the payment of the pot's value (``pot`` or ``party``)."),
    )
    unit_plural: str | None = attrs.field(
        default=None,
        metadata=_doc("The unit's plural (``fish``); by default the unit and an ``s``."),
    )


@attrs.frozen
class BasketRules:
    """``[basket]``: Fournier's basket and beasts."""

    ante: int = attrs.field(metadata=_doc("What each player puts in when the basket is empty."))
    dealer_ante: int = attrs.field(metadata=_doc("What the dealer adds before every hand."))


@attrs.frozen
class RemiseRules:
    """``[remise]``: the English chain of pots."""

    ante: int = attrs.field(metadata=_doc("What each non-dealer antes to form a new pot 1."))
    dealer_first_ante: int = attrs.field(metadata=_doc("The dealer's ante to a new pot 1."))
    dealer_ante: int = attrs.field(metadata=_doc("The dealer's ante to the most recent pot."))
    led_quinola_remise: bool = attrs.field(
        metadata=_doc("Whether a led quinola pays a remise at the end of its trick.")
    )


@attrs.frozen
class QuinolaPool:
    """``[[pools]]``: one of Hoyle's quinola pools."""

    name: str = attrs.field(metadata=_doc("The pool's name, used as an account (``great``)."))
    stake: int = attrs.field(metadata=_doc("Below this the pool is replenished before a deal."))
    ante: int = attrs.field(metadata=_doc("What each player puts in to replenish it."))
    dealer_ante: int = attrs.field(metadata=_doc("What the dealer adds before every deal."))
    cap: int = attrs.field(metadata=_doc("The most a quinola takes from or pays into it."))
    three_stakes: int = attrs.field(metadata=_doc("The pool is at three stakes from this amount."))


@attrs.frozen
class MatchRules:
    """``[match]``: length and end of a match."""

    rounds: int = attrs.field(
        metadata=_doc("Rounds in a match; a round is one deal by each player.")
    )
    end: Literal["choice", "keep", "share"] = attrs.field(
        metadata=_doc(
            "What happens to the stakes left after the last hand: the loser's ``choice`` to continue "
            "or share (Fournier), ``keep`` them aside, or ``share`` them equally."
        )
    )
    continue_rounds: int = attrs.field(
        default=2,
        metadata=_doc(
            "With ``end = 'choice'``: the most rounds played after the agreed ones when the players "
            "choose to continue; the stakes still on the table after them are shared, and the "
            "match is over (Fournier §12 [decision])."
        ),
    )


def _validate_name(_instance: object, _attribute: object, value: str) -> None:
    if not value or len(value) > 60 or not all(c.isalnum() or c in "-_." for c in value):
        raise ProfileError("name", f"{value!r} is not a profile name (letters, digits, - _ .)")


@attrs.frozen
class Profile:
    """A complete rule set. Build one with :func:`load_profile`, :meth:`from_toml` or :meth:`evolve`.

    The sections are frozen ``attrs`` values; their fields are documented in the docs' profile
    reference and in each section class.
    """

    name: str = attrs.field(validator=_validate_name, metadata=_doc("The profile's name."))
    title: str = attrs.field(metadata=_doc("A short title for display."))
    description: str = attrs.field(metadata=_doc("One or two sentences: what this rule set is."))
    source: str = attrs.field(metadata=_doc("Where the rules come from."))
    table: TableRules
    deal: DealRules
    exchange: ExchangeRules
    play: PlayRules
    points: PointRules
    outcome: OutcomeRules
    reversis: ReversisRules
    money: MoneyRules
    match: MatchRules
    specials: tuple[SpecialCard, ...] = attrs.field(metadata=_doc("The paying cards."))
    privilege: PrivilegeRules | None = attrs.field(default=None)
    basket: BasketRules | None = attrs.field(default=None)
    remise: RemiseRules | None = attrs.field(default=None)
    pools: tuple[QuinolaPool, ...] = attrs.field(default=())
    #: The tables the engine reads (derived; internal).
    _rules: Rules = attrs.field(init=False, eq=False, repr=False, hash=False)
    #: The stakes of a match's first hand (derived; a :data:`reversis.stakes.Stakes`).
    _first_stakes: Any = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        _check_profile(self)
        object.__setattr__(self, "_rules", compile_rules(self))
        from reversis.stakes import initial_stakes  # noqa: PLC0415  (stakes imports this module)

        object.__setattr__(self, "_first_stakes", initial_stakes(self))

    # -- convenient derived facts ---------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of players."""
        return self.table.players

    @property
    def deck(self) -> tuple[Card, ...]:
        """The pack, in card order."""
        return self._rules.deck

    @property
    def tricks(self) -> int:
        """Tricks in a hand (the cards each player holds after the exchange)."""
        return sum(others for others, _ in self.deal.packets)

    @property
    def mechanism(self) -> Literal["basket", "remise", "pools"]:
        """The money mechanism this profile uses."""
        if self.basket is not None:
            return "basket"
        if self.remise is not None:
            return "remise"
        return "pools"

    # -- conversions -------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The profile as plain data, in the shape of its TOML file (with ``schema``)."""
        out = {"schema": SCHEMA_VERSION}
        out.update(_unbuild(self))
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Profile:
        """Validate plain data (a parsed TOML file) into a profile.

        A ``base`` key names a shipped profile (or a path) to start from; the data is merged over it.
        """
        if not isinstance(data, Mapping):
            raise ProfileError("", f"a profile must be a table of keys, not {type(data).__name__}")
        data = dict(data)
        base = data.pop("base", None)
        if base is not None:
            if not isinstance(base, str) or base not in _shipped_names():
                shipped = ", ".join(sorted(_shipped_names()))
                raise ProfileError("base", f"must name a shipped profile ({shipped})")
            merged = _shipped_profile(base).to_dict()
            _merge(merged, data)
            data = merged
        schema = data.pop("schema", SCHEMA_VERSION)
        if type(schema) is not int or schema != SCHEMA_VERSION:
            raise ProfileError("schema", f"version {schema!r} is not supported (expected 1)")
        result = _build(cls, data, "")
        assert isinstance(result, Profile)
        return result

    @classmethod
    def from_toml(cls, text: str) -> Profile:
        """Parse and validate the text of a TOML profile file."""
        if not isinstance(text, str):
            raise ProfileError("", "a profile file must be text")
        if len(text) > MAX_PROFILE_SIZE:
            raise ProfileError("", f"the file is larger than {MAX_PROFILE_SIZE} characters")
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ProfileError("", f"not valid TOML: {exc}") from None
        except RecursionError:
            raise ProfileError("", "not valid TOML: nested too deeply") from None
        except ValueError as exc:  # e.g. an integer of more digits than Python converts
            raise ProfileError("", f"not valid TOML: {str(exc)[:100]}") from None
        return cls.from_dict(data)

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        from reversis import jsonio  # noqa: PLC0415

        return jsonio.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> Profile:
        """A profile from :meth:`to_json`'s text (:class:`~reversis.ProfileError` if malformed)."""
        from reversis import jsonio  # noqa: PLC0415
        from reversis.errors import RecordError  # noqa: PLC0415

        try:
            data = jsonio.loads(text, "profile")
        except RecordError as exc:
            raise ProfileError("", str(exc)) from None
        return cls.from_dict(data)

    def to_toml(self) -> str:
        """The profile as the text of a TOML file that :meth:`from_toml` reads back."""
        return _to_toml(self.to_dict())

    def evolve(self, **changes: Any) -> Profile:
        """A copy with some rules changed, validated like a file.

        Each keyword is a top-level key; a section takes a table of the keys to change::

            profile.evolve(name="my-house", reversis={"end_on_break": False})
        """
        data = self.to_dict()
        plain = {k: (_unbuild(v) if attrs.has(type(v)) else v) for k, v in changes.items()}
        _merge(data, plain)
        return Profile.from_dict(data)


_RANK_CODES = {r.code: int(r) for r in Rank}
#: Unicode categories refused in a profile's text: control and format characters, line and
#: paragraph separators, surrogates and unassigned code points (they do not survive every format).
#: Names a pool may not take: the accounts and the keys of the other mechanisms' stakes, so that
#: stakes data read without its profile is never ambiguous.
_RESERVED_POOL_NAMES = frozenset({"basket", "beasts", "pot", "pots", "cycle_remised"})
_UNPRINTABLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


# ---------------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------------


def profile_to_data(profile: Profile) -> str | dict[str, Any]:
    """How a record names ``profile``: the name of a shipped profile it equals, else its data."""
    if is_shipped(profile):
        return profile.name
    return profile.to_dict()


def is_shipped(profile: Profile) -> bool:
    """Whether ``profile`` is (equal to) the shipped profile of its name."""
    if profile.name not in _shipped_names():
        return False
    shipped = _shipped_profile(profile.name)
    return shipped is profile or shipped == profile


def profile_from_data(
    data: Any, what: str = "profile", *, profiles: Iterable[Profile] = ()
) -> Profile:
    """The profile a record or a view names: a shipped profile's name, one of the caller's
    ``profiles`` by name, or a profile's data. A name read from data never opens a file."""
    if isinstance(data, str):
        for given in profiles:
            if given.name == data:
                return given
        if data not in _shipped_names():
            raise ProfileError(what, f"no shipped profile named {data[:40]!r}")
        return _shipped_profile(data)
    return Profile.from_dict(data)


@functools.cache
def _shipped_names() -> frozenset[str]:
    return frozenset(
        entry.name[: -len(".toml")]
        for entry in resources.files(_PROFILE_PACKAGE).iterdir()
        if entry.name.endswith(".toml")
    )


@functools.cache
def _shipped_profile(name: str) -> Profile:
    """The shipped profile ``name``, read once (profiles are immutable, so it is shared)."""
    resource = resources.files(_PROFILE_PACKAGE).joinpath(f"{name}.toml")
    return Profile.from_toml(resource.read_text(encoding="utf-8"))


def available_profiles() -> dict[str, str]:
    """The shipped profiles: name → one-line description, the default (``fournier-1785``) first.

    >>> next(iter(available_profiles()))
    'fournier-1785'
    >>> "fournier-1785-3p" in available_profiles()
    True
    """
    names = sorted(_shipped_names(), key=lambda n: (n != "fournier-1785", n))
    return {name: load_profile(name).description for name in names}


def load_profile(name_or_path: str | os.PathLike[str] = "fournier-1785") -> Profile:
    """Load a shipped profile by name, or a profile file by path.

    A string that names a shipped profile gives it; any other string, or a path object, is the
    path of a TOML file (a regular file). Only this explicit call reads files: a profile named in a
    record, a view or a hand's JSON must be a shipped one (or one the caller passes in).

    Raises :class:`~reversis.ProfileError` for an unknown name, an unreadable file or a bad profile.
    """
    if isinstance(name_or_path, str) and name_or_path in _shipped_names():
        return _shipped_profile(name_or_path)
    if not isinstance(name_or_path, str | os.PathLike):
        raise ProfileError(
            "", f"a profile is named by a string or a path, not {type(name_or_path).__name__}"
        )
    path = os.fspath(name_or_path)
    if not isinstance(path, str) or not path or len(path) > 4096 or "\x00" in path:
        raise ProfileError("", f"{str(path)[:60]!r} is neither a shipped profile nor a file name")
    if isinstance(name_or_path, str) and not path.endswith(".toml") and not os.path.exists(path):
        shipped = ", ".join(sorted(_shipped_names()))
        raise ProfileError("", f"no profile named {path[:60]!r} (shipped: {shipped})")
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise ProfileError("", f"{path[:60]!r} is not a regular file")
        with open(path, encoding="utf-8") as handle:
            text = handle.read(MAX_PROFILE_SIZE + 1)
    except OSError as exc:
        raise ProfileError("", f"cannot read {path[:60]!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ProfileError("", f"{path[:60]!r} is not UTF-8 text") from None
    return Profile.from_toml(text)


# ---------------------------------------------------------------------------------------------
# The generic builder: plain data <-> attrs sections, with errors naming the key
# ---------------------------------------------------------------------------------------------


def _merge(into: dict[str, Any], changes: Mapping[str, Any]) -> None:
    for key, value in changes.items():
        if isinstance(value, Mapping) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _type_name(value: object) -> str:
    return {bool: "a boolean", int: "an integer", str: "a string", float: "a number"}.get(
        type(value), f"a {type(value).__name__}"
    )


def _convert(tp: Any, value: Any, path: str, mapping: bool = False) -> Any:
    origin = typing.get_origin(tp)
    if tp is int:
        if type(value) is not int:
            raise ProfileError(path, f"must be an integer, not {_type_name(value)}")
        if abs(value) > 10**9:
            raise ProfileError(path, f"{value} is out of range")
        return value
    if tp is bool:
        if type(value) is not bool:
            raise ProfileError(path, f"must be true or false, not {_type_name(value)}")
        return value
    if tp is str:
        if not isinstance(value, str):
            raise ProfileError(path, f"must be a string, not {_type_name(value)}")
        if len(value) > 2000:
            raise ProfileError(path, "is too long")
        bad = next((c for c in value if unicodedata.category(c) in _UNPRINTABLE), None)
        if bad is not None:
            raise ProfileError(
                path, f"holds the character U+{ord(bad):04X}: no control characters or line breaks"
            )
        return value
    if origin is Literal:
        choices = typing.get_args(tp)
        if value not in choices or type(value) is not str:
            raise ProfileError(
                path, f"must be one of {', '.join(map(repr, choices))}, not {value!r}"
            )
        return value
    if origin in (types.UnionType, typing.Union):
        options = [a for a in typing.get_args(tp) if a is not type(None)]
        return _convert(options[0], value, path)
    if attrs.has(tp):
        return _build(tp, value, path)
    if origin is tuple:
        args = typing.get_args(tp)
        if mapping:
            if not isinstance(value, Mapping):
                raise ProfileError(path, f"must be a table of keys, not {_type_name(value)}")
            key_type, value_type = typing.get_args(args[0])
            return tuple(
                sorted(
                    (_convert(key_type, k, path), _convert(value_type, v, _join(path, str(k))))
                    for k, v in value.items()
                )
            )
        if not isinstance(value, list | tuple):
            raise ProfileError(path, f"must be a list, not {_type_name(value)}")
        if len(value) > 100:
            raise ProfileError(path, "has too many items")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(args[0], v, f"{path}[{i}]") for i, v in enumerate(value))
        if len(value) != len(args):
            raise ProfileError(path, f"must be a list of {len(args)} items, not {len(value)}")
        pairs = enumerate(zip(args, value, strict=True))
        return tuple(_convert(a, v, f"{path}[{i}]") for i, (a, v) in pairs)
    raise AssertionError(f"unsupported schema type {tp!r}")  # pragma: no cover


def _build(cls: type, data: Any, path: str) -> Any:
    if not isinstance(data, Mapping):
        raise ProfileError(path, f"must be a table of keys, not {_type_name(data)}")
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in attrs.fields(cls) if f.init}
    unknown = [k for k in data if k not in fields]
    if unknown:
        known = ", ".join(fields)
        raise ProfileError(_join(path, str(unknown[0])), f"unknown key (this table takes: {known})")
    kwargs: dict[str, Any] = {}
    for name, field in fields.items():
        if name in data:
            kwargs[name] = _convert(
                hints[name], data[name], _join(path, name), bool(field.metadata.get("mapping"))
            )
        elif field.default is attrs.NOTHING:
            raise ProfileError(_join(path, name), "is missing")
    try:
        return cls(**kwargs)
    except ProfileError as exc:
        if path and not exc.key.startswith(path):
            raise ProfileError(_join(path, exc.key), exc.problem) from None
        raise


def _unbuild(value: Any) -> Any:
    if attrs.has(type(value)):
        out: dict[str, Any] = {}
        for field in attrs.fields(type(value)):
            if not field.init:
                continue
            item = getattr(value, field.name)
            if item is None:
                continue
            if field.metadata.get("mapping"):
                out[field.name] = dict(item)
            else:
                out[field.name] = _unbuild(item)
        return out
    if isinstance(value, tuple):
        return [_unbuild(v) for v in value]
    return value


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        return f'"{escaped}"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(value)  # pragma: no cover


def _toml_key(key: str) -> str:
    return key if key.replace("_", "").replace("-", "").isalnum() else _toml_value(key)


def _to_toml(data: dict[str, Any]) -> str:
    lines: list[str] = []
    tables: list[tuple[str, Any]] = []
    for key, value in data.items():
        if isinstance(value, dict) or (
            isinstance(value, list) and value and all(isinstance(v, dict) for v in value)
        ):
            tables.append((key, value))
        else:
            lines.append(f"{_toml_key(key)} = {_toml_value(value)}")
    for key, value in tables:
        for table in value if isinstance(value, list) else [value]:
            lines.append("")
            lines.append(f"[[{key}]]" if isinstance(value, list) else f"[{key}]")
            lines.extend(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in table.items())
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# Checks of combinations
# ---------------------------------------------------------------------------------------------


def _card_code(code: str, path: str, deck: set[Card]) -> Card:
    try:
        card = Card.parse(code)
    except InvalidCardError:
        raise ProfileError(path, f"{code!r} is not a card code") from None
    if card not in deck:
        raise ProfileError(path, f"{code} is not in this profile's pack")
    return card


def _check_permutation(values: tuple[int, ...], n: int, path: str) -> None:
    if sorted(v % n for v in values) != list(range(n)) or len(values) != n:
        raise ProfileError(path, f"must list each of the {n} seat offsets 0..{n - 1} once")


def _check_profile(p: Profile) -> None:
    n = p.table.players
    if not 3 <= n <= 8:
        raise ProfileError("table.players", f"must be between 3 and 8, not {n}")
    for i, code in enumerate(p.table.removed_ranks):
        if code not in _RANK_CODES:
            raise ProfileError(
                f"table.removed_ranks[{i}]", f"{code!r} is not a rank code (2-10, J, Q, K, A)"
            )
    deck = set(full_deck(Rank(_RANK_CODES[r]) for r in p.table.removed_ranks))
    if not p.deal.packets:
        raise ProfileError("deal.packets", "the deal needs at least one round")
    for i, (others, dealer) in enumerate(p.deal.packets):
        if others < 0 or dealer < 0 or others + dealer == 0:
            raise ProfileError(f"deal.packets[{i}]", "packets must be non-negative and not both 0")
    tricks = sum(o for o, _ in p.deal.packets)
    dealer_cards = sum(d for _, d in p.deal.packets)
    if dealer_cards != tricks + 1:
        raise ProfileError(
            "deal.packets",
            f"the dealer must get one card more than the others ({dealer_cards} against {tricks})",
        )
    dealt = (n - 1) * tricks + dealer_cards
    if len(deck) - dealt != n - 1:
        raise ProfileError(
            "deal.packets",
            f"the packets deal {dealt} of {len(deck)} cards, leaving {len(deck) - dealt} for the "
            f"widow; it must hold one card for each of the {n - 1} non-dealers",
        )
    if not 1 <= p.deal.cut_minimum <= len(deck) // 2:
        raise ProfileError("deal.cut_minimum", f"must be between 1 and {len(deck) // 2}")
    if p.deal.first_dealer == "quinola-draw" and not any(s.name == "quinola" for s in p.specials):
        raise ProfileError("deal.first_dealer", "'quinola-draw' needs a quinola in [[specials]]")
    for key in ("trick", "pot"):
        for code, value in getattr(p.points, key):
            if code not in _RANK_CODES:
                raise ProfileError(f"points.{key}.{code}", "is not a rank code (2-10, J, Q, K, A)")
            if value < 0:
                raise ProfileError(f"points.{key}.{code}", "must not be negative")
    priced: set[Card] = set()
    for code, value in p.points.pot_cards:
        card = _card_code(code, f"points.pot_cards.{code}", deck)
        if card in priced:
            raise ProfileError(f"points.pot_cards.{code}", f"gives {card.code} a second value")
        priced.add(card)
        if value < 0:
            raise ProfileError(f"points.pot_cards.{code}", "must not be negative")
    if p.points.pot_bonus < 0:
        raise ProfileError("points.pot_bonus", "must not be negative")
    _check_permutation(p.outcome.winner_order, n, "outcome.winner_order")
    _check_permutation(p.outcome.loser_order, n, "outcome.loser_order")

    mechanisms = [m for m in ("basket", "remise") if getattr(p, m) is not None]
    if p.pools:
        mechanisms.append("pools")
    if len(mechanisms) != 1:
        raise ProfileError(
            "",
            "a profile needs exactly one money mechanism: [basket], [remise] or [[pools]] "
            f"(found {mechanisms or 'none'})",
        )
    pool_names = _pool_names(p)
    seen: set[Card] = set()
    for i, special in enumerate(p.specials):
        path = f"specials[{i}]"
        if not special.cards:
            raise ProfileError(f"{path}.cards", "must name at least one card")
        for j, code in enumerate(special.cards):
            card = _card_code(code, f"{path}.cards[{j}]", deck)
            if card in seen:
                raise ProfileError(f"{path}.cards[{j}]", f"{code} is already a special card")
            seen.add(card)
        for key in ("placed", "forced", "forced_others", "led", "led_others", "played"):
            if getattr(special, key) < 0:
                raise ProfileError(f"{path}.{key}", "must not be negative")
        if special.played and p.play.forced != "only-card":
            raise ProfileError(f"{path}.played", "needs play.forced = 'only-card'")
        if special.pool and special.pool not in pool_names:
            raise ProfileError(
                f"{path}.pool", f"{special.pool!r} is not a pool of this profile ({pool_names})"
            )
        if special.pool and len(special.cards) != 1:
            raise ProfileError(f"{path}.cards", "a card with a pool must have a line of its own")

    if p.pools:
        names = [pool.name for pool in p.pools]
        if len(set(names)) != len(names):
            raise ProfileError("pools", "pool names must differ")
        for i, pool in enumerate(p.pools):
            if pool.name in _RESERVED_POOL_NAMES or not pool.name.isidentifier():
                raise ProfileError(f"pools[{i}].name", f"{pool.name!r} cannot name a pool")
            for key in ("stake", "ante", "dealer_ante", "cap", "three_stakes"):
                if getattr(pool, key) < 0:
                    raise ProfileError(f"pools[{i}].{key}", "must not be negative")
            if pool.stake > n * pool.ante + pool.dealer_ante:
                raise ProfileError(
                    f"pools[{i}].stake",
                    "the antes of one deal must bring an empty pool to its stake",
                )
    if p.basket is not None and (p.basket.ante < 0 or p.basket.dealer_ante < 0):
        raise ProfileError("basket", "antes must not be negative")
    if p.remise is not None:
        for key in ("ante", "dealer_first_ante", "dealer_ante"):
            if getattr(p.remise, key) < 0:
                raise ProfileError(f"remise.{key}", "must not be negative")

    ex = p.exchange
    if ex.decline == "three-stakes":
        if not p.pools:
            raise ProfileError("exchange.decline", "'three-stakes' needs [[pools]]")
        if not ex.three_stakes_pools:
            raise ProfileError("exchange.three_stakes_pools", "must name at least one pool")
    for i, name in enumerate(ex.three_stakes_pools):
        if name not in pool_names or not p.pools:
            raise ProfileError(f"exchange.three_stakes_pools[{i}]", f"{name!r} is not a pool")
    if ex.discard_quinolas == "three-stakes" and not p.pools:
        raise ProfileError("exchange.discard_quinolas", "'three-stakes' needs [[pools]]")
    if ex.opposite and n % 2:
        raise ProfileError("exchange.opposite", "needs an even number of players")
    if p.money.opposite_doubles and n != 4:
        raise ProfileError("money.opposite_doubles", "opposite seats need four players")
    for i, trick in enumerate(p.money.bonne_tricks):
        if not 1 <= trick <= tricks:
            raise ProfileError(f"money.bonne_tricks[{i}]", f"must be a trick from 1 to {tricks}")

    if p.privilege is not None:
        priv = p.privilege
        if not priv.cards:
            raise ProfileError("privilege.cards", "must name at least one card")
        cards = [_card_code(c, f"privilege.cards[{i}]", deck) for i, c in enumerate(priv.cards)]
        if len(set(cards)) != len(cards):
            raise ProfileError("privilege.cards", "names a card twice")
        if not 1 <= priv.needed <= len(cards):
            raise ProfileError("privilege.needed", f"must be between 1 and {len(cards)}")
        if 2 * priv.needed <= len(cards):
            raise ProfileError(
                "privilege.needed",
                "must be more than half of the cards, so only one player qualifies",
            )
        if not 1 <= priv.last_trick <= tricks:
            raise ProfileError("privilege.last_trick", f"must be a trick from 1 to {tricks}")
        if len(set(priv.failure)) != len(priv.failure):
            raise ProfileError("privilege.failure", "names a consequence twice")
        if "returns-pot" in priv.failure and p.remise is None:
            raise ProfileError("privilege.failure", "'returns-pot' needs [remise]")
        if "repays-pools" in priv.failure and not p.pools:
            raise ProfileError("privilege.failure", "'repays-pools' needs [[pools]]")

    rev = p.reversis
    if not 1 <= rev.commit < tricks:
        raise ProfileError("reversis.commit", f"must be between 1 and {tricks - 1}")
    for key in ("made", "made_opposite", "broken", "broken_by_quinola"):
        if getattr(rev, key) < 0:
            raise ProfileError(f"reversis.{key}", "must not be negative")
    if p.money.bankroll < 0:
        raise ProfileError("money.bankroll", "must not be negative")
    if not 1 <= p.match.rounds <= MAX_ROUNDS:
        raise ProfileError("match.rounds", f"must be from 1 to {MAX_ROUNDS}")
    if not 0 <= p.match.continue_rounds <= MAX_ROUNDS:
        raise ProfileError("match.continue_rounds", f"must be from 0 to {MAX_ROUNDS}")
    if p.match.end == "choice" and p.basket is None:
        raise ProfileError("match.end", "'choice' needs [basket]")


def _pool_names(p: Profile) -> list[str]:
    if p.basket is not None:
        return ["basket"]
    if p.remise is not None:
        return ["pot"]
    return [pool.name for pool in p.pools]


# ---------------------------------------------------------------------------------------------
# The reference of the file format, generated from the schema (used by the docs)
# ---------------------------------------------------------------------------------------------

_SECTIONS: tuple[tuple[str, type], ...] = (
    ("", Profile),
    ("table", TableRules),
    ("deal", DealRules),
    ("exchange", ExchangeRules),
    ("play", PlayRules),
    ("points", PointRules),
    ("outcome", OutcomeRules),
    ("privilege", PrivilegeRules),
    ("reversis", ReversisRules),
    ("money", MoneyRules),
    ("[specials]", SpecialCard),
    ("basket", BasketRules),
    ("remise", RemiseRules),
    ("[pools]", QuinolaPool),
    ("match", MatchRules),
)


def _type_text(tp: Any, mapping: bool) -> str:
    origin = typing.get_origin(tp)
    if mapping:
        return "table of integers"
    if tp is int:
        return "integer"
    if tp is bool:
        return "boolean"
    if tp is str:
        return "string"
    if origin is Literal:
        return " | ".join(f'``"{c}"``' for c in typing.get_args(tp))
    if origin in (types.UnionType, typing.Union):
        return _type_text(next(a for a in typing.get_args(tp) if a is not type(None)), False)
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return f"list of {_type_text(args[0], False)}"
        return "[" + ", ".join(_type_text(a, False) for a in args) + "]"
    return "table"


def schema_reference() -> str:
    """The reference of the profile file format, as reStructuredText (generated for the docs)."""
    lines: list[str] = []
    for section, cls in _SECTIONS:
        if not section:
            title = "Top-level keys"
        elif section.startswith("["):
            title = f"``[[{section[1:-1]}]]``"
        else:
            title = f"``[{section}]``"
        doc = (cls.__doc__ or "").strip().split("\n")[0]
        lines += [title, "-" * len(title), "", doc, "", ".. list-table::", "   :header-rows: 1",
                  "   :widths: 20 25 55", "", "   * - key", "     - type", "     - meaning"]  # fmt: skip
        if cls is Profile:
            lines += [
                "   * - ``schema`` (optional)",
                "     - integer",
                f"     - The version of the file format: {SCHEMA_VERSION}.",
                "   * - ``base`` (optional)",
                "     - string",
                "     - A shipped profile to start from; the file gives only what differs.",
            ]
        hints = typing.get_type_hints(cls)
        for field in attrs.fields(cls):
            tp = hints[field.name]
            inner = [a for a in typing.get_args(tp) if a is not type(None)]
            if not field.init or attrs.has(tp) or (inner and attrs.has(inner[0])):
                continue
            optional = "" if field.default is attrs.NOTHING else " (optional)"
            meaning = " ".join(field.metadata.get("doc", "").split())
            lines += [
                f"   * - ``{field.name}``{optional}",
                f"     - {_type_text(tp, bool(field.metadata.get('mapping')))}",
                f"     - {meaning}",
            ]
        lines.append("")
    return "\n".join(lines)
