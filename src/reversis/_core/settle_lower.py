"""A profile's settlement lowered to the flat data the compiled core's ``settle`` reads
(``settle.pyx``).

The core settles a hand from its C state and these numbers, never from a game's name: the
scoring a profile uses (its sections, :attr:`~reversis.profile.Profile.game`) becomes ``scoring``,
one of the :data:`SCORING` kinds, and each rule of the reference games (:mod:`reversis.games`) its
table or flag here. What the core does not transcribe is marked ``scoring = FALLBACK`` and settled
by the reference.

=====================  ==========================================================================
field                  the reference's rule
=====================  ==========================================================================
``trick_points``       ``rules.trick_points``: the points of the cards in tricks (Reversis §7,
                       Hearts §8)
``pot_points``         ``rules.pot_groups`` by card, and ``pot_bonus``: the pot's value (§5)
``winner_rank``        ``rules.winner_rank``, ``loser_rank``, ``loser_most_tricks``,
                       ``priv_success_wins``, ``priv_failure_loses``: the pot's outcome;
                       ``priv_pays_alone``: privilege.pays_reversis_alone (§11)
``specials``           by card, ``(led, led_others, placed, played, forced, forced_others, pool
                       account + 1 or 0, reason placed, forced, consolation, led, played)`` from
                       ``rules.specials`` and ``rules.reasons`` (§9, §10)
``pool_account``       ``rules.pool_of`` as an account number + 1 (0: none)
``reasons``            every reason a payment may give; ``card_reason`` and ``placed_reason``
                       flag those of the special cards and those ending ``_placed``
``accounts``           :func:`~reversis.games.payments.profile_accounts`: payer or payee
                       ``-1 - index``
``rank_points``        Réunion's card points by rank (``int(rank)``), ``bower_points``,
                       ``last_trick_points``, ``discard_needs_trick``: the points the views count
                       while the hand is in play (reunion §3, §4, §6), prepared here only
=====================  ==========================================================================
"""

from __future__ import annotations

from typing import NamedTuple

from reversis.cards import Card, Rank
from reversis.games.payments import profile_accounts
from reversis.profile import Profile

__all__ = ["FIXED_REASONS", "SCORING", "SettleLowered", "lower_settlement"]

#: The kinds of scoring the core settles (``scoring``): ``FALLBACK`` is settled by the reference.
SCORING = {"fallback": -1, "reversis": 0, "hearts": 1, "tetka": 2, "reunion": 3}

#: The reasons the core names by number (``settle.pyx``'s ``R_*``), in this order; the profile's
#: own reasons follow them.
FIXED_REASONS = (
    "basket",
    "beast",
    "pot_taken",
    "remise",
    "pool",
    "reversis_made",
    "reversis_broken",
    "espagnolette_repaid",
    "points",
    "left_bower",
    "no_trick",
)

#: The keepers of the stakes (``keeper``): none, Fournier's basket, the English pots, Hoyle's pools.
KEEPERS = {"none": 0, "basket": 1, "remise": 2, "pools": 3}
#: What a reversis committed undoes (``undo``).
UNDO = {"all": 1, "others-pools": 2}
#: Hearts' moon (``moon``).
MOON = {"off": 0, "self": 1, "others": 2}


class SettleLowered(NamedTuple):
    """The flat data of a profile's settlement (see the module's docstring)."""

    scoring: int
    players: int
    keeper: int
    accounts: tuple[str, ...]
    caps: tuple[int, ...]
    led_remise: bool
    reasons: tuple[str, ...]
    card_reason: tuple[bool, ...]
    placed_reason: tuple[bool, ...]
    pot_reason: int
    trick_points: tuple[int, ...]
    pot_points: tuple[int, ...]
    pot_bonus: int
    winner_rank: tuple[tuple[int, ...], ...]
    loser_rank: tuple[tuple[int, ...], ...]
    loser_most_tricks: bool
    priv_success_wins: bool
    priv_failure_loses: bool
    priv_pays_alone: bool
    specials: tuple[tuple[int, ...] | None, ...]
    special_mask: int
    pool_mask: int
    quinola_mask: int
    pool_account: tuple[int, ...]
    bonne: tuple[int, ...]
    opposite_cards: bool
    opposite_party: bool
    claim_led: bool
    commit: int
    has_reversis: bool
    final_tricks_pay: bool
    undo: int
    broken: int
    broken_by_quinola: int
    made: int
    made_opposite: int
    repays_double: bool
    returns_placed: bool
    repays_pools: bool
    returns_pot: bool
    moon: int
    moon_mask: int
    trickless_bonus: bool
    no_trick_points: int
    tetka_values: tuple[int, ...]
    queen_rank: int
    ace_rank: int
    suit_masks: tuple[int, ...]
    left_bower_payment: int
    no_trick_payment: int
    rank_points: tuple[int, ...]
    bower_points: int
    last_trick_points: int
    discard_needs_trick: bool


def lower_settlement(profile: Profile) -> SettleLowered:
    """The flat data of ``profile``'s settlement."""
    rules = profile.compiled
    reasons: dict[str, int] = {name: i for i, name in enumerate(FIXED_REASONS)}

    def reason(name: str) -> int:
        return reasons.setdefault(name, len(reasons))

    scoring = SCORING[profile.game]
    mechanism = profile.mechanism
    keeper = KEEPERS[mechanism]
    accounts = profile_accounts(profile)
    caps = tuple(pool.cap for pool in profile.pools) if keeper == KEEPERS["pools"] else ()
    index = {name: i for i, name in enumerate(accounts)}
    specials: list[tuple[int, ...] | None] = [None] * 64
    pool_account = [0] * 64
    rev = profile.reversis
    priv = profile.privilege
    failure = priv.failure if priv is not None else ()
    if scoring == SCORING["reversis"]:
        for bit in range(64):
            special = rules.specials[bit]
            said = rules.reasons[bit]
            if special is not None and said is not None:
                specials[bit] = (
                    special.led, special.led_others, special.placed, special.played,
                    special.forced, special.forced_others,
                    _account(special.pool, keeper, index),
                    reason(said.placed), reason(said.forced), reason(said.consolation),
                    reason(said.led), reason(said.played),
                )  # fmt: skip
            pool_account[bit] = _account(rules.pool_of[bit], keeper, index)
        if (
            keeper == KEEPERS["none"]
            or -1 in pool_account
            or any(s is not None and s[6] < 0 for s in specials)
            or (rev is not None and rev.undo == "others-pools" and keeper != KEEPERS["pools"])
            or ("repays-pools" in failure and keeper != KEEPERS["pools"])
            or ("returns-pot" in failure and keeper != KEEPERS["remise"])
        ):
            # a combination whose reference keeper refuses it: settled by the reference
            scoring = SCORING["fallback"]
    pot_reason = reason(rules.pot_reason)
    card_reasons = {r for rs in rules.reasons if rs is not None for r in rs}
    names = tuple(reasons)
    pot_points = [0] * 64
    for value, mask in rules.pot_groups:
        for bit in range(64):
            if mask >> bit & 1:
                pot_points[bit] += value
    hearts = profile.hearts
    reunion = profile.reunion
    lowered = SettleLowered(
        scoring=scoring,
        players=profile.players,
        keeper=keeper,
        accounts=accounts,
        caps=caps,
        led_remise=bool(profile.remise and profile.remise.led_quinola_remise),
        reasons=names,
        card_reason=tuple(name in card_reasons for name in names),
        placed_reason=tuple(name.endswith("_placed") for name in names),
        pot_reason=pot_reason,
        trick_points=tuple(rules.trick_points),
        pot_points=tuple(pot_points),
        pot_bonus=rules.pot_bonus,
        winner_rank=tuple(tuple(r) for r in rules.winner_rank),
        loser_rank=tuple(tuple(r) for r in rules.loser_rank),
        loser_most_tricks=rules.loser_most_tricks,
        priv_success_wins=rules.priv_success_wins,
        priv_failure_loses=rules.priv_failure_loses,
        priv_pays_alone=profile.privilege is not None and profile.privilege.pays_reversis_alone,
        specials=tuple(specials),
        special_mask=rules.special_mask,
        pool_mask=rules.pool_mask,
        quinola_mask=rules.quinola_mask,
        pool_account=tuple(pool_account),
        bonne=tuple(rules.bonne),
        opposite_cards=rules.opposite_cards,
        opposite_party=rules.opposite_party,
        claim_led=rules.claim_led,
        commit=rules.commit,
        has_reversis=rev is not None,
        final_tricks_pay=bool(rev and rev.final_tricks_pay),
        undo=UNDO[rev.undo] if rev is not None else 0,
        broken=rev.broken if rev is not None else 0,
        broken_by_quinola=rev.broken_by_quinola if rev is not None else 0,
        made=rev.made if rev is not None else 0,
        made_opposite=rev.made_opposite if rev is not None else 0,
        repays_double="repays-double" in failure,
        returns_placed="returns-placed" in failure,
        repays_pools="repays-pools" in failure,
        returns_pot="returns-pot" in failure,
        moon=MOON[hearts.moon] if hearts is not None else 0,
        moon_mask=rules.suit_masks[2] | Card.parse("QS").mask,
        trickless_bonus=bool(hearts and hearts.avoid_all_tricks_bonus),
        no_trick_points=hearts.no_trick_points if hearts is not None else 0,
        tetka_values=_tetka_values(profile),
        queen_rank=int(Rank.QUEEN),
        ace_rank=int(Rank.ACE),
        suit_masks=tuple(rules.suit_masks),
        left_bower_payment=reunion.left_bower_payment if reunion is not None else 0,
        no_trick_payment=reunion.no_trick_payment if reunion is not None else 0,
        rank_points=_rank_points(profile),
        bower_points=reunion.bower_points if reunion is not None else 0,
        last_trick_points=reunion.last_trick if reunion is not None else 0,
        discard_needs_trick=bool(reunion and reunion.discard_needs_trick),
    )
    if not _bounded(lowered):
        # numbers a validated profile never has (at most 10**9): the reference settles them
        lowered = lowered._replace(scoring=SCORING["fallback"])
    return lowered


#: The largest number of a profile (reversis.profile.build.MAX_NUMBER), so that no sum of the
#: core's overflows.
MOST = 10**9
#: The fields of :class:`SettleLowered` that are masks, not numbers of the rules.
MASKS = frozenset({"special_mask", "pool_mask", "quinola_mask", "moon_mask", "suit_masks"})


def _bounded(lowered: SettleLowered) -> bool:
    """Whether every number of ``lowered`` (its masks apart) is an integer of at most :data:`MOST`."""

    def ok(value: object) -> bool:
        if isinstance(value, bool | str) or value is None:
            return True
        if isinstance(value, int):
            return -MOST <= value <= MOST
        return isinstance(value, tuple) and all(ok(item) for item in value)

    return all(ok(value) for name, value in lowered._asdict().items() if name not in MASKS)


def _tetka_values(profile: Profile) -> tuple[int, ...]:
    """Tëtka's points: a queen, Tëtka, the bum card, the bum trick, the last trick, most tricks."""
    tetka = profile.tetka
    if tetka is None:
        return (0,) * 6
    return (tetka.queen, tetka.tetka, tetka.bum_card, tetka.bum_trick, tetka.last_trick,
            tetka.most_tricks)  # fmt: skip


def _rank_points(profile: Profile) -> tuple[int, ...]:
    """Réunion's card points by rank, 16 entries by ``int(rank)`` (reunion §3; zero elsewhere)."""
    points = [0] * 16
    reunion = profile.reunion
    if reunion is not None:
        by_code = dict(reunion.points)
        for rank in Rank:
            points[int(rank)] = by_code.get(rank.code, 0)
    return tuple(points)


def _account(pool: str, keeper: int, index: dict[str, int]) -> int:
    """A special card's pool as the core numbers it: 0 for none; for the pools, 1 + the index of
    its account; for the basket or the pots (one account), 1; -1 for a pool the keeper lacks."""
    if not pool:
        return 0
    if keeper == KEEPERS["pools"]:
        return index[pool] + 1 if pool in index else -1
    return 1
