"""Edges of the rules and the money that the mutation run (``benchmarks/mutation.py``) found
untested: each test here kills mutants that survived the rest of the rule tests.

Some check an internal function against a reference built independently from the hand's history
(the cards a seat held before a play, the tricks it took), over random hands of every profile
where the rule applies; others pin a boundary of an argument check or a payment's amount.
"""

from __future__ import annotations

import itertools
import random

import pytest

import reversis
from reversis import ArgumentError, IllegalMoveError, Payment, Profile, Settlement, load_profile
from reversis.cards import Card, cards_from_mask
from reversis.engine.facts import Kind, Played
from reversis.engine.follow import legal_cards
from reversis.engine.steps import step_text
from reversis.engine.tricks import trick_winner
from reversis.games.reunion import card_values
from reversis.games.reversis.outcome import party_outcome
from reversis.hand import state_of
from reversis.profile.compiled import point_groups

PROFILES = tuple(reversis.available_profiles())


def _random_states(profile: Profile, seed: int) -> list[reversis.Hand]:
    """Every state of one random hand, the deal first."""
    rng = random.Random(seed)
    hand = reversis.new_hand(profile, seed=seed, dealer=seed % profile.players)
    states = [hand]
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_moves()))
        states.append(hand)
    return states


# -- hoyle §6: a quinola or an ace played holding another card of its suit -------------------------


@pytest.mark.parametrize("name", ["hoyle", "fournier-1785", "english", "fournier-1785-3p"])
def test_the_kinds_of_play_agree_with_the_history(name: str) -> None:
    """How each card was played (``Played.kind``, which the settlement pays by) is what the seat
    held just before it played it: led, placed off the suit led, or (hoyle §6) played holding
    another card of the suit led, else forced."""
    profile = load_profile(name)
    checked = 0
    for seed in range(12):
        states = _random_states(profile, seed)
        last = states[-1]
        plays = [fact for fact in last.facts if isinstance(fact, Played)]
        before = [s for s in states if s.phase is reversis.Phase.PLAY]
        assert len(plays) == len(before)
        for play, state in zip(plays, before, strict=True):
            held = state.hand_of(play.seat)
            current = state.current_trick
            if current is None:
                expected = Kind.LED
            else:
                led = current.plays[0][1].suit
                card = Card.from_index(play.card)
                others = [c for c in held if c.suit == led and c != card]
                if card.suit != led:
                    expected = Kind.PLACED
                elif others and profile.play.forced == "only-card":
                    expected = Kind.PLAYED
                else:
                    expected = Kind.FORCED
            assert play.kind is expected, (seed, play)
            checked += 1
    assert checked > 350


def test_the_state_holds_the_hands() -> None:
    for name in PROFILES:
        for state in _random_states(load_profile(name), 3)[::5]:
            held = state_of(state).held
            for seat in range(state.players):
                assert held[seat] == sum(card.mask for card in state.hand_of(seat))


# -- trick winners -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PROFILES)
def test_trick_winner_agrees_with_the_recorded_tricks(name: str) -> None:
    """``trick_winner`` (used by rollouts and the rules) gives the winner the hand recorded, and the
    highest card of the suit led wins where there are no trumps (fournier-1785 §6)."""
    profile = load_profile(name)
    for seed in range(6):
        last = state_of(_random_states(profile, seed)[-1])
        deal = last.deal
        for trick in last.tricks:
            cards = trick.cards
            assert trick_winner(deal, trick.leader, cards, trick.mask) == trick.winner
            assert trick.mask == sum(1 << b for b in cards)
            if deal.trumps is None:
                led = cards[0] >> 4
                best = max(b for b in cards if b >> 4 == led)
                n = profile.players
                assert trick.winner == (trick.leader + cards.index(best)) % n


def test_trick_winner_ignores_a_higher_card_of_another_suit() -> None:
    """The second card is a higher card of another suit: the leader's suit still decides."""
    hand = reversis.new_hand(load_profile(), seed=1)
    deal = state_of(hand).deal
    cards = tuple(Card.parse(c).index for c in ("2C", "AS", "3C", "KD"))
    assert trick_winner(deal, 1, cards, sum(1 << b for b in cards)) == 3  # 3C, led by seat 1


# -- the end of a hand ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["fournier-1785", "hoyle", "english", "fournier-1785-3p"])
def test_no_outcome_while_seat_0_is_to_move(name: str) -> None:
    profile = load_profile(name)
    seen = 0
    for state in _random_states(profile, 5):
        if state.to_move == 0:
            assert state.reversis is not None
            assert state.reversis.winner is None
            assert state.reversis.loser is None
            seen += 1
    assert seen


# -- refusals name the move and the legal cards --------------------------------------------------------


def test_a_refused_play_names_the_move_and_the_legal_cards() -> None:
    profile = load_profile()
    rng = random.Random(2)
    for seed in range(30):
        hand = reversis.new_hand(profile, seed=seed)
        while not hand.is_over:
            if hand.phase is reversis.Phase.PLAY and hand.current_trick is not None:
                seat = hand.to_move
                assert seat is not None
                legal = {m.card for m in hand.legal_moves()}  # type: ignore[union-attr]
                wrong = [c for c in hand.hand_of(seat) if c not in legal]
                if wrong:
                    move = reversis.Play(wrong[0])
                    with pytest.raises(IllegalMoveError) as info:
                        hand.apply(move)
                    assert info.value.move == move
                    for card in legal:
                        assert card.code in info.value.reason
                    return
            hand = hand.apply(rng.choice(hand.legal_moves()))
    pytest.fail("no refusable play found")


def test_a_play_after_the_end_and_of_a_card_not_held_name_the_move() -> None:
    states = _random_states(load_profile(), 4)
    last = states[-1]
    move = reversis.Play(Card.parse("2C"))
    with pytest.raises(IllegalMoveError) as info:
        last.apply(move)
    assert info.value.move == move
    assert "over" in info.value.reason
    playing = next(s for s in states if s.phase is reversis.Phase.PLAY)
    seat = playing.to_move
    assert seat is not None
    other = next(c for s in range(4) if s != seat for c in playing.hand_of(s))
    with pytest.raises(IllegalMoveError) as info:
        playing.apply(reversis.Play(other))
    assert info.value.move == reversis.Play(other)
    assert f"does not hold {other.code}" in info.value.reason


# -- party_outcome's argument checks (fournier-1785 §12) -----------------------------------------------


def test_party_outcome_bounds() -> None:
    fournier = load_profile()
    hearts = load_profile("hearts")
    with pytest.raises(ArgumentError):
        party_outcome(None, 0, [0] * 4, [0] * 4)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        party_outcome(hearts, 0, [0] * 4, [0] * 4)
    ok = party_outcome(fournier, 3, [10**18, 0, 0, 0], [11, 0, 0, 0])
    assert ok[0] != 0  # the one with the points and the tricks does not win
    for bad in (
        {"points": [10**18 + 1, 0, 0, 0]},
        {"points": [-1, 0, 0, 0]},
        {"points": [1.0, 0, 0, 0]},
        {"tricks": [12, 0, 0, 0]},
        {"dealer": 4},
        {"dealer": -1},
        {"privilege_used_by": 4},
        {"privilege_used_by": 1.0},
    ):
        args = {"dealer": 0, "points": [0, 0, 0, 0], "tricks": [11, 0, 0, 0]}
        args.update(bad)
        with pytest.raises(ArgumentError):
            party_outcome(fournier, **args)  # type: ignore[arg-type]
    party_outcome(fournier, 0, [0] * 4, [11, 0, 0, 0], privilege_used_by=3)


# -- settlements read from data ------------------------------------------------------------------------


def _settlement(profile: Profile) -> Settlement:
    for seed in range(50):
        settlement = reversis.settle(_random_states(profile, seed)[-1])
        if settlement.payments:
            return settlement
    raise AssertionError("no payment in 50 hands")


def test_paid_by_and_received_by_split_the_payments() -> None:
    for name in PROFILES:
        settlement = _settlement(load_profile(name))
        accounts = {p.payer for p in settlement.payments} | {p.payee for p in settlement.payments}
        for account in accounts:
            paid = settlement.paid_by(account)
            received = settlement.received_by(account)
            assert all(p.payer == account for p in paid)
            assert all(p.payee == account for p in received)
            assert len(paid) == sum(p.payer == account for p in settlement.payments)
            assert len(received) == sum(p.payee == account for p in settlement.payments)


def test_settlement_from_dict_follows_the_profile() -> None:
    fournier = load_profile()
    settlement = _settlement(fournier)
    data = settlement.to_dict()
    assert Settlement.from_dict(data, profile=fournier) == settlement
    assert Settlement.from_json(settlement.to_json(), profile=fournier) == settlement
    # Another profile's number of players is refused when the profile is given.
    three = load_profile("fournier-1785-3p")
    with pytest.raises(reversis.RecordError):
        Settlement.from_json(settlement.to_json(), profile=three)
    # An account the profile does not have (a Hoyle pool in a Fournier settlement).
    first = data["payments"][0]
    net = [0] * 4
    net[first["payer"]] -= first["amount"]  # the net of that one payment to a pool
    bad = {**data, "payments": [{**first, "payee": "great_quinola"}], "net": net}
    assert Settlement.from_dict(bad).net == tuple(net)  # well formed without a profile
    with pytest.raises(reversis.RecordError, match="not an account of the profile"):
        Settlement.from_dict(bad, profile=fournier)


def test_settlement_from_dict_seat_bounds() -> None:
    def doc(n: int, payer: int) -> dict[str, object]:
        net = [0] * n
        net[payer] -= 1
        net[0 if payer else 1] += 1
        pay = Payment(payer, 0 if payer else 1, 1, "points", None)
        return {
            "schema": 1,
            "type": "settlement",
            "payments": [pay.to_dict()],
            "net": net,
            "final": True,
            "stakes": {},
        }

    # 8 seats are the most a settlement may have; a seat must be below the number of seats.
    assert Settlement.from_dict(doc(8, 7)).net[7] == -1
    for n in (2, 9):
        with pytest.raises(reversis.RecordError):
            Settlement.from_dict(doc(n, 1))
    bad = doc(4, 1)
    bad["payments"] = [{**bad["payments"][0], "payer": 4}]  # type: ignore[index, dict-item]
    with pytest.raises(reversis.RecordError):
        Settlement.from_dict(bad)


# -- Réunion's payments (reunion §7) -------------------------------------------------------------------


def test_reunion_no_trick_pays_one_to_each_other_player() -> None:
    profile = load_profile("reunion")
    seen = 0
    for seed in range(200):
        states = _random_states(profile, seed)
        last = states[-1]
        takers = {trick.winner for trick in state_of(last).tricks}
        settlement = reversis.settle(last)
        for seat in range(profile.players):
            no_trick = [
                p for p in settlement.payments if p.reason == "no_trick" and p.payer == seat
            ]
            if seat in takers:
                assert not no_trick
            else:
                assert sorted(int(p.payee) for p in no_trick) == sorted(
                    s for s in range(profile.players) if s != seat
                )
                assert all(p.amount == 1 for p in no_trick)
                seen += 1
        # Mid-hand, whoever is to move, nothing is paid for a trick not yet won.
        for state in states[:-1]:
            assert not [p for p in reversis.settle(state).payments if p.reason == "no_trick"]
        if seen >= 3:
            return
    pytest.fail("no seat without a trick in 200 hands of reunion")


# -- the rules do not depend on where a seat sits ------------------------------------------------------


def _rotated(hand: reversis.Hand, k: int) -> reversis.Hand:
    """The same hand with every seat moved ``k`` places on (the dealt cards, the dealer), the same
    moves applied."""
    n = hand.players
    dealt = [hand.deal.dealt[(seat - k) % n] for seat in range(n)]
    out = reversis.deal_hand(hand.profile, dealt, hand.deal.widow, dealer=(hand.dealer + k) % n)
    for move in hand.moves:
        out = out.apply(move)
    return out


def _moved(settlement: Settlement, k: int, n: int) -> list[tuple[object, ...]]:
    def seat(account: int | str) -> int | str:
        return account if isinstance(account, str) else (account + k) % n

    return sorted(
        (str(seat(p.payer)), str(seat(p.payee)), p.amount, p.reason, p.trick or 0)
        for p in settlement.payments
    )


def _steered(profile: Profile, seed: int, hunter: int) -> reversis.Hand:
    """A hand where ``hunter`` is dealt mostly high cards and plays its highest legal card, the
    others their lowest, so that a reversis is often tried, made or broken; the exchanges at
    random."""
    rng = random.Random(seed)
    source = reversis.new_hand(profile, seed=seed, dealer=seed % profile.players)
    cards = [c for hand in source.deal.dealt for c in hand] + list(source.deal.widow)
    cards.sort(key=lambda c: -int(c.rank))
    size = len(source.deal.dealt[hunter])
    strong = rng.randrange(size - 3, size + 1)
    top = cards[: size + 4]
    rng.shuffle(top)
    mine = top[:strong]
    rest = [c for c in cards if c not in mine]
    rng.shuffle(rest)
    mine += rest[: size - strong]
    rest = rest[size - strong :]
    dealt = []
    for seat, hand in enumerate(source.deal.dealt):
        if seat == hunter:
            dealt.append(mine)
        else:
            dealt.append(rest[: len(hand)])
            rest = rest[len(hand) :]
    hand = reversis.deal_hand(profile, dealt, rest, dealer=source.dealer)
    while not hand.is_over:
        legal = hand.legal_moves()
        if hand.phase is reversis.Phase.PLAY:
            plays = sorted(legal, key=lambda m: int(m.card.rank))  # type: ignore[union-attr]
            move = plays[-1] if hand.to_move == hunter else plays[0]
        else:
            move = rng.choice(legal)
        hand = hand.apply(move)
    return hand


@pytest.mark.parametrize("name", ["fournier-1785", "fournier-1785-3p", "hoyle", "english"])
def test_settlements_follow_the_seats_round_the_table(name: str) -> None:
    """A hand dealt and played the same way with every seat moved on settles the same way, the
    payments moved with the seats: reversis made and broken, the privilege, quinolas and aces,
    whoever sits where (fournier-1785 §8-§12)."""
    profile = load_profile(name)
    n = profile.players
    kinds: set[str] = set()
    for seed in range(160):
        hand = _steered(profile, seed, hunter=seed % n)
        settlement = reversis.settle(hand)
        reasons = {p.reason for p in settlement.payments}
        kinds |= reasons
        # The money is conserved: what the seats gain the stakes lose (the undoing of others' pool
        # payments at a Hoyle commitment included, hoyle §11).
        moved_in = settlement.stakes.pool_total - hand.deal.stakes.pool_total
        assert sum(settlement.net) + moved_in == 0, seed
        # fournier-1785 §8: broken, the reversis player pays the breaker, on the trick it broke.
        broken = [e for e in hand.events if isinstance(e, reversis.events.ReversisBroken)]
        assert [
            (p.payer, p.payee, p.trick)
            for p in settlement.payments
            if p.reason == "reversis_broken"
        ] == [(e.seat, e.breaker, e.trick) for e in broken]
        if broken and broken[0].trick > profile.reversis.commit + 1:  # type: ignore[union-attr]
            kinds.add("broken late")
        interesting = (
            reasons & {"reversis_made", "reversis_broken"} or hand.reversis.privilege_holder is not None
        )
        if not interesting and seed % 8:
            continue
        for k in range(1, n):
            moved = reversis.settle(_rotated(hand, k))
            assert _moved(settlement, k, n) == _moved(moved, 0, n), (seed, k)
            assert moved.net == tuple(settlement.net[(s - k) % n] for s in range(n))
    assert {"reversis_made", "reversis_broken", "broken late"} <= kinds, kinds


def _privileged_deal(profile: Profile, seed: int, hunter: int, holder: int) -> reversis.Hand:
    """``holder`` is dealt the four aces, ``hunter`` the kings, queens and jacks it can hold."""
    rng = random.Random(seed)
    source = reversis.new_hand(profile, seed=seed, dealer=seed % profile.players)
    cards = [c for hand in source.deal.dealt for c in hand] + list(source.deal.widow)
    aces = [c for c in cards if c.rank.code == "A"]
    faces = [c for c in cards if c.rank.code in "KQJ"]
    rest = [c for c in cards if c not in aces and c not in faces]
    rng.shuffle(faces)
    rng.shuffle(rest)
    if seed % 2:  # the holder's other cards in one suit, where it can: void in the others
        first = rest[0].suit
        rest.sort(key=lambda c: c.suit != first)
    hands = []
    for seat, dealt in enumerate(source.deal.dealt):
        size = len(dealt)
        if seat == holder:
            mine, rest = aces + rest[: size - 4], rest[size - 4 :]
        elif seat == hunter:
            k = min(size, len(faces))
            mine, faces = faces[:k], faces[k:]
            mine, rest = mine + rest[: size - k], rest[size - k :]
        else:
            mine = (faces + rest)[:size]
            faces = [c for c in faces if c not in mine]
            rest = [c for c in rest if c not in mine]
        hands.append(mine)
    return reversis.deal_hand(profile, hands, faces + rest, dealer=source.dealer)


def _play_privileged(hand: reversis.Hand, hunter: int, holder: int, use: bool) -> reversis.Hand:
    """The hunter plays high, the others low; the holder puts its aces on other suits when void,
    and with the privilege if ``use``; the hunter and the holder decline the exchange where they
    may."""
    rng = random.Random(hand.dealer)
    while not hand.is_over:
        legal = hand.legal_moves()
        if hand.phase is reversis.Phase.PLAY:
            plays = sorted(legal, key=lambda m: int(m.card.rank))  # type: ignore[union-attr]
            move = plays[-1] if hand.to_move == hunter else plays[0]
            current = hand.current_trick
            if hand.to_move == holder and current is not None:
                # With the privilege, or void in the suit led: an ace goes on another suit.
                led = current.plays[0][1].suit
                offs = [m for m in plays if m.card.rank.code == "A" and m.card.suit != led]  # type: ignore[union-attr]
                void = all(m.card.suit != led for m in plays)  # type: ignore[union-attr]
                move = offs[0] if offs and (use or void) else move
        elif reversis.Decline() in legal and hand.to_move in (hunter, holder):
            move = reversis.Decline()
        else:
            move = rng.choice(legal)
        hand = hand.apply(move)
    return hand


@pytest.mark.parametrize("name", ["fournier-1785", "fournier-1785-3p", "hoyle", "english"])
def test_a_reversis_made_with_the_privilege_used_by_another(name: str) -> None:
    """fournier-1785 §11: a four-aces (or espagnolette) player who used the privilege pays a
    reversis made alone; one who did not use it pays his share like the others. Whoever sits
    where (the hands moved round the table settle the same, moved)."""
    profile = load_profile(name)
    n = profile.players
    made = {True: 0, False: 0}
    for seed in range(120):
        hunter = seed % n
        holder = (hunter + 1 + seed // n % (n - 1)) % n
        use = seed % 3 != 0
        hand = _play_privileged(
            _privileged_deal(profile, seed, hunter, holder), hunter, holder, use
        )
        settlement = reversis.settle(hand)
        paid = [p for p in settlement.payments if p.reason == "reversis_made"]
        if not paid:
            continue
        extra = state_of(hand).extra
        rev, used = extra.committed, bool(extra.privilege_used)
        made[used] += 1
        if used and extra.privilege != rev:
            assert [(p.payer, p.payee) for p in paid] == [(extra.privilege, rev)]
        else:
            assert sorted(int(p.payer) for p in paid) == [s for s in range(n) if s != rev]
        for k in range(1, n):
            moved = reversis.settle(_rotated(hand, k))
            assert _moved(settlement, k, n) == _moved(moved, 0, n), (seed, k)
    assert made[True] >= 3, made


# -- the legal cards, as every other path reads them ---------------------------------------------------


@pytest.mark.parametrize("name", PROFILES)
def test_legal_cards_are_the_legal_plays(name: str) -> None:
    """``legal_cards`` (which the refusals, the rollouts' policies and the views read) gives
    exactly the cards of ``legal_moves()`` at every state of play, the privileged seat's included."""
    profile = load_profile(name)
    n = profile.players
    states = [s for seed in range(12) for s in _random_states(profile, seed)]
    if profile.privilege is not None:
        for seed in range(12):
            hunter, holder = seed % n, (seed + 1) % n
            hand = _privileged_deal(profile, seed, hunter, holder)
            states.append(hand)
            while not hand.is_over:
                hand = hand.apply(random.Random(seed).choice(hand.legal_moves()))
                states.append(hand)
    checked = privileged = 0
    for hand in states:
        seat = hand.to_move
        if hand.phase is not reversis.Phase.PLAY or seat is None:
            continue
        s = state_of(hand)
        legal = legal_cards(s.deal, seat, s.held[seat], s.current, s.tricks, s.extra)
        assert legal == s.legal
        assert set(cards_from_mask(legal)) == {m.card for m in hand.legal_moves()}  # type: ignore[union-attr]
        checked += 1
        privileged += hand.reversis is not None and seat == hand.reversis.privilege_holder
    assert checked > 100
    assert privileged or profile.privilege is None


def _refusals(hand: reversis.Hand) -> list[tuple[reversis.Hand, Card]]:
    """The states of ``hand``'s play where the seat to move holds a card it may not play."""
    out = []
    rng = random.Random(hand.dealer)
    while not hand.is_over:
        seat = hand.to_move
        if hand.phase is reversis.Phase.PLAY and seat is not None:
            legal = {m.card for m in hand.legal_moves()}  # type: ignore[union-attr]
            out += [(hand, c) for c in hand.hand_of(seat) if c not in legal][:1]
        hand = hand.apply(rng.choice(hand.legal_moves()))
    return out


@pytest.mark.parametrize("name", ["hearts", "reunion"])
def test_every_refusal_names_the_cards_that_may_be_played(name: str) -> None:
    """hearts §5 §7, reunion §5: a refused card's reason lists the cards the seat may play."""
    profile = load_profile(name)
    reasons = set()
    for seed in range(40):
        for hand, card in _refusals(reversis.new_hand(profile, seed=seed)):
            with pytest.raises(IllegalMoveError) as info:
                hand.apply(reversis.Play(card))
            reason = info.value.reason
            for move in hand.legal_moves():
                assert move.card.code in reason.split(": ")[-1].split(), reason  # type: ignore[union-attr]
            reasons.add(reason.split(":")[0].split(" seat")[0])
    assert len(reasons) >= 2, reasons


def test_a_refused_privileged_renounce_names_the_privilege() -> None:
    """english §12: the espagnolette's privilege lasts up to trick 9; after it a refusal says so."""
    profile = load_profile("english")
    last = profile.privilege.last_trick  # type: ignore[union-attr]
    for seed in range(60):
        hunter, holder = seed % 4, (seed + 1) % 4
        hand = _privileged_deal(profile, seed, hunter, holder)
        rng = random.Random(seed)
        while not hand.is_over:
            if (
                hand.to_move == holder
                and hand.reversis.privilege_holder == holder
                and hand.current_trick is not None
                and len(hand.tricks) + 1 > last
            ):
                led = hand.current_trick.plays[0][1].suit
                off = [c for c in hand.hand_of(holder) if c.suit != led]
                if off and any(c.suit == led for c in hand.hand_of(holder)):
                    with pytest.raises(IllegalMoveError) as info:
                        hand.apply(reversis.Play(off[0]))
                    name = profile.privilege.name  # type: ignore[union-attr]
                    assert info.value.reason.endswith(
                        f"(the privilege of the {name} lasts up to trick {last})"
                    )
                    assert info.value.reason.startswith(f"seat {holder} must follow suit")
                    return
            hand = hand.apply(rng.choice(hand.legal_moves()))
    pytest.fail("no refused renounce after the privilege's last trick")


def test_the_steps_say_what_they_ask_for() -> None:
    """fournier-1785 §4, hoyle §4, hearts §4: the words of each kind of step."""
    hoyle = reversis.new_hand("hoyle", seed=3)
    deal = state_of(hoyle).deal
    texts = [step_text(deal, k) for k in range(len(deal.steps))]
    assert texts[0] == "seat 1 must exchange"  # no declining in Hoyle
    assert "the dealer, seat 0, must discard" in texts
    assert texts[-1] == "seat 0 must give a card to the player opposite"  # the dealer last
    fournier = reversis.new_hand("fournier-1785", seed=3)
    assert step_text(state_of(fournier).deal, 0) == "seat 1 must exchange or decline"
    hearts = reversis.new_hand("hearts", seed=3, pass_direction="right")
    assert step_text(state_of(hearts).deal, 0) == "seat 1 must pass a card to seat 0"


def test_a_refused_discard_names_the_card() -> None:
    """reunion §4: the dealer may never discard an ace or a bower; the refusal names the card."""
    for seed in range(40):
        hand = reversis.new_hand("reunion", seed=seed)
        dealer = hand.dealer
        aces = [c for c in hand.hand_of(dealer) if c.rank.code == "A"]
        if aces:
            with pytest.raises(IllegalMoveError) as info:
                hand.apply(reversis.Discard(aces[0]))
            assert info.value.reason.startswith(f"{aces[0].code} may not be discarded")
            return
    pytest.fail("no Réunion dealer with an ace")


def test_hands_hash_by_their_game_and_show_it() -> None:
    hands = [reversis.new_hand("fournier-1785", seed=s) for s in range(20)]
    assert len({hash(h) for h in hands}) > 1
    assert hash(hands[0]) == hash(reversis.new_hand("fournier-1785", seed=0))
    assert repr(hands[0]) == "<Hand fournier-1785 dealer=0 phase=exchange moves=0 to_move=1>"
    after = _random_states(load_profile("hoyle"), 2)[-1]
    facts = after.facts
    assert isinstance(facts[0], reversis.engine.facts.Dealt)  # the deal first
    assert len(facts) == len(after.events)  # one per event
    assert facts is after.facts  # kept with the hand, an immutable tuple


# -- card payments doubled between opposite seats (hoyle §10 [profile flag] opposite_doubles) ----------


def test_opposite_doubling_doubles_exactly_the_card_payments_between_opposite_seats() -> None:
    """The same hands under the English rules and under a house profile that also doubles the card
    payments between opposite seats (``money.opposite_doubles = ["cards", "party"]``, as Hoyle's):
    the payments correspond one to one, and an amount doubles exactly when a card payment passes
    between opposite seats (the led J♥'s consolations included, which Hoyle has not)."""
    english = load_profile("english")
    doubled = english.evolve(
        name="english-opposite-cards", money={"opposite_doubles": ["cards", "party"]}
    )
    card_reasons = {r for rs in english.compiled.reasons if rs is not None for r in rs}
    compared = consoled = 0
    for seed in range(150):
        hand = _random_states(english, seed)[-1]
        again = reversis.deal_hand(
            doubled, hand.deal.dealt, hand.deal.widow, dealer=hand.dealer
        )
        for move in hand.moves:
            again = again.apply(move)
        plain, double = reversis.settle(hand).payments, reversis.settle(again).payments
        if hand.reversis.committed is not None or hand.reversis.privilege_used is not None:
            continue  # the reversis and a failed espagnolette settle by their own rules
        assert len(plain) == len(double), seed
        for a, b in zip(plain, double, strict=True):
            assert (a.payer, a.payee, a.reason, a.trick) == (b.payer, b.payee, b.reason, b.trick)
            opposite = isinstance(a.payer, int) and isinstance(a.payee, int)
            opposite = opposite and (int(a.payer) - int(a.payee)) % 4 == 2
            factor = 2 if opposite and a.reason in card_reasons else 1
            assert b.amount == factor * a.amount, (seed, a, b)
            compared += 1
            consoled += factor == 2 and a.trick is not None and a.reason.endswith("_led")
    assert compared > 500
    assert consoled, "no led consolation between opposite seats"


# -- refusals of the steps name their move; seats out of range; Réunion's last trick -------------------


def test_every_refused_step_names_its_move() -> None:
    """fournier-1785 §4, hoyle §4, reunion §4: a refused exchange, discard, decline or give is an
    ``IllegalMoveError`` that carries the move refused."""
    refused: list[tuple[reversis.Hand, reversis.Move]] = []
    hoyle = reversis.new_hand("hoyle", seed=3)
    refused.append((hoyle, reversis.Decline()))  # no declining in Hoyle
    while hoyle.phase is reversis.Phase.EXCHANGE and not isinstance(
        hoyle.legal_moves()[0], reversis.Give
    ):
        hoyle = hoyle.apply(hoyle.legal_moves()[0])
    first = hoyle.legal_moves()[0]
    hoyle = hoyle.apply(first)  # the first give: its card stays in the hand until all are given
    refused.append((hoyle, first))  # the same card chosen again (hoyle §4)
    for seed in range(40):
        reunion = reversis.new_hand("reunion", seed=seed)
        aces = [c for c in reunion.hand_of(reunion.dealer) if c.rank.code == "A"]
        if aces:
            refused.append((reunion, reversis.Discard(aces[0])))  # never an ace (reunion §4)
            break
    over = _random_states(load_profile(), 1)[-1]
    refused.append((over, reversis.Decline()))  # the hand is over
    for hand, move in refused:
        with pytest.raises(IllegalMoveError) as info:
            hand.apply(move)
        assert info.value.move == move, (move, info.value.reason)
    assert len(refused) == 4


def test_a_seat_past_the_last_is_no_seat() -> None:
    for name in ("fournier-1785", "fournier-1785-3p"):
        hand = reversis.new_hand(name, seed=1)
        n = hand.players
        assert len(hand.hand_of(n - 1)) > 0
        with pytest.raises(ArgumentError):
            hand.hand_of(n)
        with pytest.raises(ArgumentError):
            hand.hand_of(-1)


def test_reunion_points_are_the_cards_the_last_trick_and_the_discards() -> None:
    """reunion §3, §4, §6: each seat's points are the values of the cards of its tricks, 10 more
    for the winner of the last trick, and the dealer's discards; the deal totals 150."""
    profile = load_profile("reunion")
    for seed in range(30):
        hand = _random_states(profile, seed)[-1]
        values = card_values(state_of(hand).deal)
        expected = [0] * 3
        for trick in hand.tricks:
            expected[trick.winner] += sum(values[card.index] for card in trick.cards)
        expected[hand.tricks[-1].winner] += 10
        expected[hand.dealer] += sum(values[card.index] for card in hand.reunion.discards)
        assert hand.points == tuple(expected), seed
        assert sum(hand.points) == 150


# -- the deal's first fact, and the pot's outcome against party_outcome ----------------------------------


@pytest.mark.parametrize("name", PROFILES)
def test_the_deal_names_the_dealer_and_the_eldest(name: str) -> None:
    """fournier-1785 §3: the eldest is the dealer's next seat (hand.deal.eldest), in every game."""
    profile = load_profile(name)
    for dealer in range(profile.players):
        hand = reversis.new_hand(profile, seed=dealer, dealer=dealer)
        first = hand.events[0]
        assert isinstance(first, reversis.events.HandDealt)
        assert (first.dealer, first.eldest) == (dealer, (dealer + 1) % profile.players)
        assert hand.deal.eldest == first.eldest


@pytest.mark.parametrize("name", ["fournier-1785", "fournier-1785-3p", "hoyle", "english"])
def test_the_pots_outcome_is_party_outcome(name: str) -> None:
    """fournier-1785 §7, §11: the winner and the loser of the pot are ``party_outcome``'s for the
    hand's points and tricks, with the privilege only if it was used: a holder of the four aces
    who never renounced is ranked like everyone else."""
    profile = load_profile(name)
    n = profile.players
    unused = 0
    for seed in range(60):
        hunter, holder = seed % n, (seed + 1) % n
        for use in (False, True):
            hand = _privileged_deal(profile, seed, hunter, holder)
            if use:
                hand = _play_privileged(hand, hunter, holder, use)
            rng = random.Random(seed)
            while not hand.is_over:  # without the privilege: every seat follows suit when able
                legal = hand.legal_moves()
                current = hand.current_trick
                if hand.phase is reversis.Phase.PLAY and current is not None:
                    led = current.plays[0][1].suit
                    follow = [m for m in legal if m.card.suit == led]  # type: ignore[union-attr]
                    legal = tuple(follow) or legal
                hand = hand.apply(rng.choice(legal))
            reading = hand.reversis
            assert reading is not None
            if reading.committed is not None:
                continue
            used = reading.privilege_holder if reading.privilege_used is not None else None
            expected = party_outcome(
                profile, hand.dealer, hand.points, hand.tricks_taken, privilege_used_by=used
            )
            assert (reading.winner, reading.loser) == expected, (seed, use)
            unused += used is None and reading.privilege_holder is not None
    assert unused > 10


@pytest.mark.parametrize("name", PROFILES)
def test_card_points_by_groups_agree_with_the_card_values(name: str) -> None:
    """fournier-1785 §7, hearts §8: a seat's points are the values of the cards it won, card by
    card; the groups of cards by value (``Rules.trick_groups``) give the same sums."""
    from reversis.games.common import card_points

    profile = load_profile(name)
    rules = profile.compiled
    assert rules.trick_groups == point_groups(rules.trick_points)
    rng = random.Random(name)
    deck = [card.index for card in profile.deck]
    for _ in range(300):
        won = sum(1 << b for b in rng.sample(deck, rng.randint(0, 16)))
        expected = sum(rules.trick_points[b] for b in range(64) if won >> b & 1)
        assert card_points(rules.trick_groups, won) == expected
