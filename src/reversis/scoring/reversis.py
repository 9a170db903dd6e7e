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

from reversis.engine.hand import EngineHand
from reversis.engine.state import State
from reversis.profile import Profile
from reversis.profile.compiled import Rules
from reversis.scoring.keepers import Keeper, PoolsKeeper, keeper_of
from reversis.scoring.payments import POT, Payment, Settlement

__all__ = ["settle_reversis"]

#: The payments as they are worked out.
Entry = Payment
_new_tuple = tuple.__new__


def settle_reversis(hand: EngineHand) -> Settlement:
    """The money of a hand of Reversis (see the module's docstring)."""
    s = hand.state
    deal, _, _, to_move, _, _, tricks, _, extra = s  # the state's fields, read once
    rules: Rules = deal.rules
    n = rules.players
    rev = extra.reversis
    over = to_move < 0
    commit = rules.commit
    pool = keeper_of(deal.profile, deal.stakes)
    entries: list[Entry] = []
    # (seat, amount, reason, trick, each other's amount, its reason) owed to the pot winner
    owed: list[tuple[int, int, str, int, int, str]] = []
    # (pool, trick) of the quinolas the reversis player played otherwise than placed
    reversis_pools: list[tuple[str, int]] = []

    start, stop = 0, len(tricks)
    if rev >= 0:
        reversis = deal.profile.reversis
        assert reversis is not None
        # fournier-1785 §8: after commitment, aces and the Quinola are ordinary cards
        # (hoyle §11 [profile flag]: their consolations may still be paid).
        stop = len(tricks) if reversis.final_tricks_pay else commit
        if reversis.undo == "all":
            # fournier-1785 §8: once committed, every ace and Quinola payment of tricks 1-9 is
            # cancelled (the basket and beasts as at the start); led payments lapse.
            start = commit
            for index in range(commit):
                leader, bits, _, _ = tricks[index]
                for position, bit in enumerate(bits):
                    pool_name = rules.pool_of[bit]
                    if pool_name and (leader + position) % n == rev:
                        reversis_pools.append((pool_name, index + 1))

    # The ace and quinola payments of the tricks, and their pool moves (fournier-1785 §9, §10).
    special_mask = rules.special_mask
    specials = rules.specials
    reasons = rules.reasons
    bonne = rules.bonne
    opposite = rules.opposite_cards
    for index in range(start, stop):
        leader, bits, taker, mask = tricks[index]
        if not mask & special_mask:
            continue
        trick = index + 1
        double = bonne[trick]
        pools_move = rev < 0 or trick <= commit
        led_suit = bits[0] >> 4
        for position, bit in enumerate(bits):
            special = specials[bit]
            if special is None:
                continue
            reason = reasons[bit]
            assert reason is not None
            seat = leader + position
            if seat >= n:
                seat -= n
            pool_name = special.pool if pools_move else ""
            if position == 0:
                # fournier-1785 §10: led, the player pays the pot winner at the end of the hand.
                owed.append(
                    (seat, special.led * double, reason[3], trick, special.led_others * double,
                     reason[2])
                )  # fmt: skip
                if pool_name:
                    pool.owed(seat, trick, entries, pool_name, True)
            elif bit >> 4 != led_suit:
                # fournier-1785 §10: placed, the taker of the trick pays the player.
                amount = special.placed * double
                if opposite and (taker - seat) % 4 == 2:
                    amount *= 2
                if amount:
                    entries.append(_new_tuple(Payment, (taker, seat, amount, reason[0], trick)))
                if pool_name:
                    pool.won(seat, trick, entries, pool_name)
            elif rules.only_card_forced and _held_another(hand, seat, bit, index):
                # hoyle §6: played, holding another card of the suit led: pays the party winner.
                owed.append((seat, special.played * double, reason[4], trick, 0, reason[2]))
                if pool_name:
                    pool.owed(seat, trick, entries, pool_name, False)
            else:
                # fournier-1785 §10: forced, the player pays the leader, and each other player
                # consoles the leader.
                amount = special.forced * double
                if opposite and (leader - seat) % 4 == 2:
                    amount *= 2
                if amount:
                    entries.append(_new_tuple(Payment, (seat, leader, amount, reason[1], trick)))
                if special.forced_others:
                    for k in range(1, n):
                        other = (leader + k) % n
                        if other != seat:
                            amount = special.forced_others * double
                            if opposite and (leader - other) % 4 == 2:
                                amount *= 2
                            entries.append(
                                _new_tuple(Payment, (other, leader, amount, reason[2], trick))
                            )
                if pool_name:
                    pool.owed(seat, trick, entries, pool_name, False)

    if rev >= 0 and deal.profile.reversis and deal.profile.reversis.undo == "others-pools":
        # hoyle §11: at commitment, every pool take or payment of tricks 1-9 by a player other
        # than the reversis player is reversed; his stand (a made reversis returns them).
        for payment in [p for p in entries if p.reason == "pool" and rev not in (p.payer, p.payee)]:
            entries.remove(payment)
            pool.undo(payment)
        reversis_pools = [
            (str(p.payee), p.trick or 0) for p in entries if p.reason == "pool" and p.payer == rev
        ]

    if over:
        if rev >= 0:
            _reversis(hand, s, pool, entries, rev, reversis_pools)
        else:
            _party(hand, s, pool, entries, owed)

    net = [0] * n
    listed: list[Payment] = []
    for entry in entries:
        payer, payee, amount, _, _ = entry
        if not amount:
            continue  # fournier-1785 §10 "Payments as data": payments of 0 are not listed
        listed.append(entry)
        if type(payer) is int:
            net[payer] -= amount
        if type(payee) is int:
            net[payee] += amount
    return Settlement(tuple(listed), tuple(net), pool.stakes(), over)


def _party(
    hand: EngineHand,
    s: State,
    pool: Keeper,
    out: list[Entry],
    owed: list[tuple[int, int, str, int, int, str]],
) -> None:
    """The end of an ordinary hand: the pot, the payments owed to its winner, and a failed
    privilege's settlement."""
    deal, _, _, _, _, _, _, facts, extra = s  # the state's fields, read once
    aside, _, privilege, privilege_used, _, _, _ = extra
    rules: Rules = deal.rules
    n = rules.players
    over = facts[-1]
    winner, loser = over[1], over[2]
    opposite = rules.opposite_cards
    # fournier-1785 §7: the loser pays the value of the pot to the winner.
    pot = aside
    amount = rules.pot_bonus
    for value, mask in rules.pot_groups:
        amount += value * (pot & mask).bit_count()
    if rules.opposite_party and (winner - loser) % 4 == 2:
        amount *= 2
    out.append(_new_tuple(Payment, (loser, winner, amount, rules.pot_reason, None)))
    if privilege_used and over[4][privilege]:
        _failed_privilege(hand, pool, out, privilege)
    if not rules.claim_led:
        return
    # fournier-1785 §10: led payments go to the pot winner (claimed [profile flag]), not from
    # the winner himself.
    for seat, amount, reason, trick, others, others_reason in owed:
        if seat == winner:
            continue
        if amount:
            factor = 2 if opposite and (winner - seat) % 4 == 2 else 1
            out.append(_new_tuple(Payment, (seat, winner, amount * factor, reason, trick)))
        if others:
            for k in range(1, n):
                other = (winner + k) % n
                if other != seat:
                    factor = 2 if opposite and (winner - other) % 4 == 2 else 1
                    out.append(
                        _new_tuple(Payment, (other, winner, others * factor, others_reason, trick))
                    )


def _failed_privilege(hand: EngineHand, pool: Keeper, out: list[Entry], seat: int) -> None:
    """A player who used the privilege and took a trick: fournier-1785 §11 loses the pot, which
    the outcome already says; english §12 and hoyle §12 go further, as the profile says."""
    profile = hand.profile
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
                repaid = (seat, other, 2 * paid[other], "espagnolette_repaid", None)
                out.append(_new_tuple(Payment, repaid))
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
            out.append(_new_tuple(Payment, (seat, payment.payer, payment.amount, "pool", None)))
    if "returns-pot" in failure:
        # english §12: he returns a pot he took (the pot list restored), then pays a remise.
        taken = [p for p in out if p.reason == "pot_taken" and p.payee == seat]
        for payment in taken:
            out.remove(payment)
            pool.give_back(payment)
        if taken:
            pool.owed(seat, None, out, POT, False)


def _reversis(
    hand: EngineHand,
    s: State,
    pool: Keeper,
    out: list[Entry],
    rev: int,
    reversis_pools: list[tuple[str, int]],
) -> None:
    """The end of a hand with a reversis committed: made or broken."""
    profile = hand.profile
    rules = profile.reversis
    assert rules is not None
    n = profile.players
    tricks = s.tricks
    extra = s.extra
    breaker = extra.breaker
    privileged = extra.privilege if extra.privilege_used else -1
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
        if privileged >= 0 and privileged != rev:
            # fournier-1785 §11: a four-aces player who used the privilege pays it alone.
            total = sum(_made(profile, rev, p) for p in range(n) if p != rev)
            out.append(_new_tuple(Payment, (privileged, rev, total, "reversis_made", trick)))
        else:
            for k in range(1, n):
                p = (rev + k) % n
                out.append(
                    _new_tuple(Payment, (p, rev, _made(profile, rev, p), "reversis_made", trick))
                )
        return
    trick = next(
        number
        for number, (_, _, winner, _) in enumerate(tricks, start=1)
        if number > rules.commit and winner != rev
    )
    leader, bits, _, _ = tricks[trick - 1]
    winning = bits[(breaker - leader) % n]
    quinola = profile.compiled.quinola_mask >> winning & 1
    # fournier-1785 §8: broken, the reversis player pays the breaker, and nobody else.
    amount = rules.broken_by_quinola if quinola else rules.broken
    out.append(_new_tuple(Payment, (rev, breaker, amount, "reversis_broken", trick)))
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


def _held_another(hand: EngineHand, seat: int, bit: int, index: int) -> bool:
    """Whether ``seat`` held another card of ``bit``'s suit when it played it on trick ``index``."""
    s = hand.state
    rules: Rules = s.deal.rules
    suit = rules.suit_masks[bit >> 4]
    n = rules.players
    later = s.hands >> (seat << 6) & ((1 << 64) - 1)  # the cards it still holds
    for leader, cards, _, _ in s.tricks[index + 1 :]:
        later |= 1 << cards[(seat - leader) % n]
    for position, b in enumerate(s.current):  # the current trick
        if (s.leader + position) % n == seat:
            later |= 1 << b
    return bool(later & suit)
