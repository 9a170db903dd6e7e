"""Rule profiles: every number and every choice of a rule set, as validated data.

A profile is a TOML file read into a frozen :class:`Profile`. The library ships several (see
:func:`available_profiles`); a user's own file, or :meth:`Profile.evolve`, gives house rules::

    >>> from reversis import load_profile
    >>> profile = load_profile("fournier-1785")
    >>> house = profile.evolve(name="house", reversis={"end_on_break": False})
    >>> house.reversis.end_on_break
    False

A file may start from a shipped profile with ``base = "fournier-1785"`` and give only what differs.
Validation is strict: an unknown key, a value of the wrong type, or an impossible combination (deal
packets that do not add up to the pack, a tie-break order that is not a permutation of the seats …)
raises :class:`~reversis.ProfileError` naming the key.

The engine holds the mechanisms; the profile picks and parameterises them. Which sections are
present chooses the game: ``[reversis]`` with a money mechanism (``[basket]``, Fournier's basket
and beasts; ``[remise]``, the English chain of pots; ``[[pools]]``, Hoyle's quinola pools), or
``[hearts]``, ``[tetka]``, ``[reunion]``; ``[deal]`` and ``[play]`` choose the trick mechanics (the
widow, a card shown, trumps and bowers, the duty to trump).

============================  ======================================================================
module                        what it holds
============================  ======================================================================
:mod:`~.sections`             the sections of a profile, one frozen class per TOML table
:mod:`~.schema`               the profile, :class:`Profile`, a complete rule set read from data
:mod:`~.build`                plain data to sections and back, errors naming the key
:mod:`~.checks`               the combinations that single keys cannot check
:mod:`~.compiled`             the profile compiled into the engine's tables (no game's name)
:mod:`~.stakes`               a profile's stakes: a match's first hand's, and stakes checked
:mod:`~.load`                 the shipped profiles by name, a user's file by path
:mod:`~.reference`            the reference of the file format, generated for the docs
``shipped``                   the shipped profiles, TOML files
============================  ======================================================================
"""

from reversis.profile.load import (
    available_profiles,
    is_shipped,
    load_profile,
    profile_from_data,
    profile_to_data,
)
from reversis.profile.schema import Profile
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
from reversis.profile.stakes import exchange_limits, initial_stakes, parse_stakes

__all__ = [
    "BasketRules",
    "DealRules",
    "ExchangeRules",
    "HeartsRules",
    "MatchRules",
    "MoneyRules",
    "OutcomeRules",
    "PlayRules",
    "PointRules",
    "PrivilegeRules",
    "Profile",
    "QuinolaPool",
    "RemiseRules",
    "ReunionRules",
    "ReversisRules",
    "SpecialCard",
    "TableRules",
    "TetkaRules",
    "available_profiles",
    "exchange_limits",
    "initial_stakes",
    "is_shipped",
    "load_profile",
    "parse_stakes",
    "profile_from_data",
    "profile_to_data",
]
