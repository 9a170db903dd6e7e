"""The money of a hand of Reversis: aces, quinolas, the basket and beasts (or the pots, or the
pools), the pot and the reversis (fournier-1785 §7–§11, english §7–§12, hoyle §7–§12).

    >>> import random
    >>> from reversis import load_profile, new_hand, settle
    >>> hand = new_hand(load_profile(), seed=7)
    >>> rng = random.Random(1)
    >>> while not hand.is_over:
    ...     hand = hand.apply(rng.choice(hand.legal_moves()))
    >>> result = settle(hand)
    >>> result.payments[2]
    Payment(payer=0, payee=1, amount=9, reason='pot', trick=None)
    >>> result.net, result.stakes.to_dict()
    ((-14, 16, 0, -2), {'basket': 20, 'beasts': [{'owner': 2, 'amount': 20, 'in_play': True}]})

It works on an unfinished hand too, giving the payments that stand so far (those of the completed
tricks), so that a front-end can show them live.

``trick`` is the 1-based trick of the card that caused a payment (led payments too, though they are
made at the end of the hand), ``None`` for the pot, and for the reversis (and the basket and beast a
made reversis wins) the deciding trick. Payments of 0 are not listed, nor those that a committed
reversis cancels; the events say that it was committed.

Reasons (Fournier): ``ace_placed``, ``ace_forced``, ``ace_led``, ``quinola_placed``,
``quinola_forced``, ``quinola_consolation``, ``quinola_led``, ``basket``, ``beast``, ``pot``,
``reversis_made``, ``reversis_broken``.
"""

from __future__ import annotations

from reversis.engine.facts import LED, PLACED, PLAYED, Kind
from reversis.engine.state import State
from reversis.games.payments import POT, Payment, Settlement
from reversis.games.reversis.keepers import Keeper, PoolsKeeper, keeper_of
from reversis.games.reversis.pot import pot_value
from reversis.profile import Profile

__all__ = ["settle_reversis"]


#: A payment owed to the pot winner at the end of the hand: (seat, amount, reason, trick, each
#: other's amount, its reason) (fournier-1785 §10: led cards).
_Owed = tuple[int, int, str, int, int, str]


def settle_reversis(state: State, winner: int | None, loser: int | None) -> Settlement:
    """The money of a hand of Reversis (see the module's docstring); ``winner`` and ``loser`` are
    the pot's, once the hand is over without a reversis."""
    deal = state.deal
    rules = deal.rules
    profile = deal.profile
    n = rules.players
    tricks = state.tricks
    rev = state.extra.committed
    over = state.to_move < 0
    commit = rules.commit
    pool = keeper_of(profile, deal.stakes)
    out: list[Payment] = []
    owed: list[_Owed] = []
    # (pool, trick) of the quinolas the reversis player played otherwise than placed
    reversis_pools: list[tuple[str, int]] = []

    first, last = 1, len(tricks)  # the tricks whose cards pay
    if rev >= 0:
        reversis = profile.reversis
        assert reversis is not None
        # fournier-1785 §8: after commitment, aces and the Quinola are ordinary cards
        # (hoyle §11 [profile flag]: their consolations may still be paid).
        last = len(tricks) if reversis.final_tricks_pay else commit
        if reversis.undo == "all":
            # fournier-1785 §8: once committed, every ace and Quinola payment of tricks 1-9 is
            # cancelled (the basket and beasts as at the start); led payments lapse.
            first = commit + 1
            reversis_pools = [
                (rules.pool_of[card], number)
                for number, seat, card, _ in _plays(state, rules.pool_mask)
                if number <= commit and seat == rev
            ]

    # The ace and quinola payments of the tricks, and their pool moves (fournier-1785 §9, §10).
    for number, seat, card, kind in _plays(state, rules.special_mask):
        if not first <= number <= last:
            continue
        special = rules.specials[card]
        reason = rules.reasons[card]
        assert special is not None
        assert reason is not None
        trick = tricks[number - 1]
        double = rules.bonne[number]
        pool_name = special.pool if rev < 0 or number <= commit else ""
        if kind is LED:
            # fournier-1785 §10: led, the player pays the pot winner at the end of the hand.
            owed.append((seat, special.led * double, reason.led, number,
                         special.led_others * double, reason.consolation))  # fmt: skip
            if pool_name:
                pool.owed(seat, number, out, pool_name, True)
        elif kind is PLACED:
            # fournier-1785 §10: placed, the taker of the trick pays the player.
            amount = special.placed * double * _opposite(rules.opposite_cards, trick.winner, seat)
            if amount:
                out.append(Payment(trick.winner, seat, amount, reason.placed, number))
            if pool_name:
                pool.won(seat, number, out, pool_name)
        elif kind is PLAYED:
            # hoyle §6: played, holding another card of the suit led: pays the party winner.
            owed.append((seat, special.played * double, reason.played, number, 0,
                         reason.consolation))  # fmt: skip
            if pool_name:
                pool.owed(seat, number, out, pool_name, False)
        else:
            # fournier-1785 §10: forced, the player pays the leader, and each other player
            # consoles the leader.
            leader = trick.leader
            amount = special.forced * double * _opposite(rules.opposite_cards, leader, seat)
            if amount:
                out.append(Payment(seat, leader, amount, reason.forced, number))
            if special.forced_others:
                for k in range(1, n):
                    other = (leader + k) % n
                    if other != seat:
                        amount = special.forced_others * double
                        amount *= _opposite(rules.opposite_cards, leader, other)
                        out.append(Payment(other, leader, amount, reason.consolation, number))
            if pool_name:
                pool.owed(seat, number, out, pool_name, False)

    if rev >= 0 and profile.reversis and profile.reversis.undo == "others-pools":
        # hoyle §11: at commitment, every pool take or payment of tricks 1-9 by a player other
        # than the reversis player is reversed; his stand (a made reversis returns them).
        for payment in [p for p in out if p.reason == "pool" and rev not in (p.payer, p.payee)]:
            out.remove(payment)
            pool.undo(payment)
        reversis_pools = [
            (str(p.payee), p.trick or 0) for p in out if p.reason == "pool" and p.payer == rev
        ]

    if over:
        if rev >= 0:
            _reversis(state, pool, out, rev, reversis_pools)
        else:
            assert winner is not None
            assert loser is not None
            _party(state, winner, loser, pool, out, owed)

    net = [0] * n
    listed: list[Payment] = []
    for payment in out:
        if not payment.amount:
            continue  # fournier-1785 §10 "Payments as data": payments of 0 are not listed
        listed.append(payment)
        if isinstance(payment.payer, int):
            net[payment.payer] -= payment.amount
        if isinstance(payment.payee, int):
            net[payment.payee] += payment.amount
    return Settlement(tuple(listed), tuple(net), pool.stakes(), over)


def _plays(state: State, cards: int) -> list[tuple[int, int, int, Kind]]:
    """``(trick, seat, card, kind)`` for each card of the mask ``cards`` played to a completed
    trick, in the order played."""
    n = state.deal.rules.players
    found = []
    for number, trick in enumerate(state.tricks, start=1):
        if trick.mask & cards:
            for position, card in enumerate(trick.cards):
                if cards >> card & 1:
                    found.append(
                        (number, (trick.leader + position) % n, card, trick.kinds[position])
                    )
    return found


def _opposite(doubles: bool, a: int, b: int) -> int:
    """2 if the profile doubles payments between opposite seats and ``a`` and ``b`` sit opposite
    (english §13, hoyle §10), else 1."""
    return 2 if doubles and (a - b) % 4 == 2 else 1


def _party(
    state: State, winner: int, loser: int, pool: Keeper, out: list[Payment], owed: list[_Owed]
) -> None:
    """The end of an ordinary hand: the pot, the payments owed to its winner, and a failed
    privilege's settlement."""
    rules = state.deal.rules
    n = rules.players
    # fournier-1785 §7: the loser pays the value of the pot to the winner.
    amount = pot_value(state) * _opposite(rules.opposite_party, winner, loser)
    out.append(Payment(loser, winner, amount, rules.pot_reason, None))
    privilege = state.extra.privilege
    if state.extra.privilege_used and any(t.winner == privilege for t in state.tricks):
        _failed_privilege(state.deal.profile, pool, out, privilege)
    if not rules.claim_led:
        return
    # fournier-1785 §10: led payments go to the pot winner (claimed [profile flag]), not from
    # the winner himself.
    for seat, amount, reason, trick, others, others_reason in owed:
        if seat == winner:
            continue
        if amount:
            amount *= _opposite(rules.opposite_cards, winner, seat)
            out.append(Payment(seat, winner, amount, reason, trick))
        if others:
            for k in range(1, n):
                other = (winner + k) % n
                if other != seat:
                    factor = _opposite(rules.opposite_cards, winner, other)
                    out.append(Payment(other, winner, others * factor, others_reason, trick))


def _failed_privilege(profile: Profile, pool: Keeper, out: list[Payment], seat: int) -> None:
    """A player who used the privilege and took a trick: fournier-1785 §11 loses the pot, which
    the outcome already says; english §12 and hoyle §12 go further, as the profile says."""
    privilege = profile.privilege
    assert privilege is not None
    failure = privilege.failure
    n = profile.players
    if "repays-double" in failure:
        # english §12: he pays back to each player double what that player paid him for aces and
        # the J♥ in this hand, every kind [decision].
        card_reasons = {r for rs in profile.compiled.reasons if rs is not None for r in rs}
        paid = [0] * n
        for p in out:
            if p.payee == seat and p.reason in card_reasons and isinstance(p.payer, int):
                paid[p.payer] += p.amount
        for k in range(1, n):
            other = (seat + k) % n
            if paid[other]:
                out.append(Payment(seat, other, 2 * paid[other], "espagnolette_repaid", None))
    if "returns-placed" in failure:
        # hoyle §12 (b): he returns every consolation received for the aces and quinolas he
        # placed, keeping those received as forcer [decision].
        for payment in [p for p in out if p.payee == seat and p.reason.endswith("_placed")]:
            out.remove(payment)
    if "repays-pools" in failure:
        # hoyle §12 (c): for each quinola he placed, he returns its pool value and pays the same
        # again into that pool.
        assert isinstance(pool, PoolsKeeper)
        for payment in [p for p in out if p.reason == "pool" and p.payee == seat]:
            out.remove(payment)
            pool.give_back(payment)
            assert isinstance(payment.payer, str)
            pool.amounts[payment.payer] += payment.amount
            out.append(Payment(seat, payment.payer, payment.amount, "pool", None))
    if "returns-pot" in failure:
        # english §12: he returns a pot he took (the pot list restored), then pays a remise.
        taken = [p for p in out if p.reason == "pot_taken" and p.payee == seat]
        for payment in taken:
            out.remove(payment)
            pool.give_back(payment)
        if taken:
            pool.owed(seat, None, out, POT, False)


def _reversis(
    state: State, pool: Keeper, out: list[Payment], rev: int, reversis_pools: list[tuple[str, int]]
) -> None:
    """The end of a hand with a reversis committed: made or broken."""
    profile = state.deal.profile
    rules = profile.reversis
    assert rules is not None
    n = profile.players
    tricks = state.tricks
    breaker = state.extra.breaker
    privileged = state.extra.privilege if state.extra.privilege_used else -1
    if breaker < 0:
        trick = len(tricks)
        if rules.undo == "others-pools":
            # hoyle §11: made, every consolation the reversis player paid is returned to him, and
            # the pool value he paid for each quinola comes back to him.
            card_reasons = {r for rs in profile.compiled.reasons if rs is not None for r in rs}
            for payment in [p for p in out if p.payer == rev]:
                if payment.reason in card_reasons:
                    out.remove(payment)
                elif payment.reason == "pool":
                    out.remove(payment)
                    pool.undo(payment)
        # fournier-1785 §8: the reversis player who played the Quinola led or forced before
        # committing also wins the basket, with the beast in play, as they stood at the start
        # (english §11: the most recent pot; hoyle §11: each quinola's pool value, as if placed).
        for name, _ in reversis_pools:
            pool.won(rev, trick, out, name)
        alone = profile.privilege is not None and profile.privilege.pays_reversis_alone
        if privileged >= 0 and privileged != rev and alone:
            # fournier-1785 §11: a four-aces player who used the privilege pays it alone
            # (privilege.pays_reversis_alone; otherwise each seat pays its own share).
            total = sum(_made(profile, rev, p) for p in range(n) if p != rev)
            out.append(Payment(privileged, rev, total, "reversis_made", trick))
        else:
            for k in range(1, n):
                p = (rev + k) % n
                out.append(Payment(p, rev, _made(profile, rev, p), "reversis_made", trick))
        return
    trick = next(
        number
        for number, taken in enumerate(tricks, start=1)
        if number > rules.commit and taken.winner != rev
    )
    taken = tricks[trick - 1]
    winning = taken.cards[(breaker - taken.leader) % n]
    quinola = profile.compiled.quinola_mask >> winning & 1
    # fournier-1785 §8: broken, the reversis player pays the breaker, and nobody else.
    amount = rules.broken_by_quinola if quinola else rules.broken
    out.append(Payment(rev, breaker, amount, "reversis_broken", trick))
    if rules.undo == "all":
        # ... and owes a beast for a Quinola he played led or forced before committing (english
        # §11: pays a remise); hoyle §11: what he paid into the pools stands.
        for name, _ in reversis_pools:
            pool.owed(rev, trick, out, name, False)


def _made(profile: Profile, rev: int, payer: int) -> int:
    rules = profile.reversis
    assert rules is not None
    if profile.players == 4 and (payer - rev) % 4 == 2:
        return rules.made_opposite
    return rules.made
