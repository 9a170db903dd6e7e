"""Helpers to build exact deals, play scripted moves and make up states and hands in tests; the
checkout's root; the sizes of the randomized suites and their Hypothesis settings."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from hypothesis import settings

import reversis
from reversis import Hand, Match, MatchPhase, Profile, Settlement, load_profile, new_hand
from reversis.bots.players import play_hand
from reversis.engine.facts import Kind
from reversis.engine.state import State, TrickRecord
from reversis.hand import state_of as _state_of

#: The checkout's root (``tests/`` is in it).
ROOT = Path(__file__).resolve().parent.parent

#: ``CI_FULL=1``: the long randomized suites at full size (CI runs them so; a developer's
#: ``python -m pytest`` runs them smaller, to finish in a couple of minutes).
FULL = os.environ.get("CI_FULL") == "1"

#: Scale for the randomized suites: CI_FULL=1 runs ten times as many hands.
SCALE = 10 if FULL else 1


def sized(default: int, full: int) -> int:
    """The size of a randomized suite: ``default`` normally, ``full`` under ``CI_FULL=1``."""
    return full if FULL else default


def seeded(examples: int) -> settings:
    """Hypothesis settings for ``examples`` examples, the same ones at every run (derandomized,
    so nothing is stored either); the rest from the profile that tests/conftest.py loads."""
    return settings(max_examples=examples, derandomize=True)


def state_of(hand: Hand) -> State:
    """``hand``'s engine state as the reference engine's :class:`State` (a core state's fields,
    on the core), to build positions field by field from."""
    state = _state_of(hand)
    return state if isinstance(state, State) else state.to_state()  # type: ignore[attr-defined]


def deal(
    profile: reversis.Profile | str,
    hands: Sequence[str],
    widow: str,
    *,
    dealer: int = 0,
    stakes: object = None,
) -> Hand:
    """A hand from hands given as text ("AS KS ..."), seat by seat."""
    return reversis.deal_hand(
        profile,
        [h.split() for h in hands],
        widow.split(),
        dealer=dealer,
        stakes=stakes,  # type: ignore[arg-type]
    )


def play(hand: Hand, moves: str) -> Hand:
    """Apply moves given as text separated by commas or (for plays) spaces."""
    for chunk in moves.split(","):
        chunk = chunk.strip()
        if not chunk:
            continue
        words = chunk.split()
        if words[0] in ("exchange", "discard", "give"):
            hand = hand.apply(chunk)
        else:
            for word in words:
                hand = hand.apply(word)
    return hand


def decline_all(hand: Hand, discard: str) -> Hand:
    """Every non-dealer declines (where the profile's exchange order allows), the dealer discards."""
    while hand.phase is reversis.Phase.EXCHANGE:
        legal = hand.legal_moves()
        if reversis.Decline() in legal:
            hand = hand.apply("decline")
        elif reversis.Discard(discard) in legal:
            hand = hand.apply(f"discard {discard}")
        else:
            raise AssertionError(f"cannot decline or discard {discard}: {legal[:3]}")
    return hand


def kinds(hand: Hand, trick: int) -> list[tuple[int, str, str]]:
    """The (seat, card, kind) of the plays of trick ``trick``."""
    return [
        (e.seat, e.card.code, e.kind.value)
        for e in hand.events
        if isinstance(e, reversis.events.CardPlayed) and e.trick == trick
    ]


def low(hand: Hand, avoid: str = "") -> reversis.Move:
    """The lowest legal move, avoiding the cards listed in ``avoid`` (and aces and quinolas) when
    another legal move exists."""
    legal = hand.legal_moves()
    banned = set(avoid.split())

    def key(move: reversis.Move) -> tuple[int, int, int]:
        card = getattr(move, "card", None)
        if card is None:
            return (2, 0, 0)
        special = card.rank.code == "A" or card.code in ("JH", "QH")
        return (card.code in banned, special, int(card.rank) * 4 + int(card.suit))

    return min(legal, key=key)


def script(hand: Hand, plan: dict[int, dict[int, str]], *, until: int = 99, keep: str = "") -> Hand:
    """Play tricks: ``plan[trick][seat]`` is the card that seat plays to that trick; other plays are
    the lowest legal card, keeping the cards of ``keep`` when possible. Stops before trick
    ``until`` or when the hand is over."""
    while not hand.is_over and len(hand.tricks) + 1 < until:
        seat = hand.to_move
        assert seat is not None
        wanted = plan.get(len(hand.tricks) + 1, {}).get(seat)
        hand = hand.apply(wanted if wanted else low(hand, keep))
    return hand


def random_moves(hand: Hand, seed: int, steps: int | None = None) -> Hand:
    """``hand`` after ``steps`` random legal moves (all the way to the end with ``None``), chosen
    with ``random.Random(seed)``."""
    rng = random.Random(seed)
    count = 0
    while not hand.is_over and (steps is None or count < steps):
        hand = hand.apply(rng.choice(hand.legal_moves()))
        count += 1
    return hand


def crafted(
    hand: Hand,
    *,
    holdings: Sequence[str] | None = None,
    tricks: Sequence[tuple[int, str]] = (),
    current: tuple[int, str] | None = None,
    aside: str = "",
    to_move: int | None = None,
) -> Hand:
    """``hand`` (dealt, its steps before play done) put in a state built by hand, to test one rule
    in a position that would take long to reach by play: ``holdings`` per seat, completed
    ``tricks`` as ``(leader, "cards")`` (their winners and how each card was played worked out by
    the engine), the ``current`` trick as ``(leader, "cards")``, the cards put ``aside``. The seat
    to move follows from the tricks unless given; its legal cards are the engine's."""
    from reversis.engine.follow import breaks_hearts, legal_cards
    from reversis.engine.tricks import trick_winner
    from reversis.hand import hand_of_state

    state = state_of(hand)
    deal = state.deal
    n = hand.players
    held = state.held
    if holdings is not None:
        held = tuple(_mask(text) for text in holdings)

    def played(text: str) -> tuple[tuple[int, ...], tuple[Kind, ...]]:
        bits = tuple(reversis.Card.parse(c).index for c in text.split())
        led = deal.follows[bits[0]] if bits else -1
        kinds = tuple(
            Kind.LED if k == 0 else Kind.FORCED if deal.follows[b] == led else Kind.PLACED
            for k, b in enumerate(bits)
        )
        return bits, kinds

    records: list[TrickRecord] = []
    for lead, text in tricks:
        bits, kinds = played(text)
        mask = _mask(text)
        records.append(TrickRecord(lead, bits, kinds, trick_winner(deal, lead, bits, mask), mask))
    cur: tuple[int, ...] = ()
    cur_kinds: tuple[Kind, ...] = ()
    leader = state.leader
    if current is not None:
        leader = current[0]
        cur, cur_kinds = played(current[1])
    elif records:
        leader = records[-1].winner  # the last trick's winner leads
    seat = to_move if to_move is not None else (leader + len(cur)) % n
    extra = state.extra._replace(
        aside=_mask(aside), broken=any(breaks_hearts(deal, trick.mask) for trick in records)
    )
    made = state._replace(
        held=held,
        step=deal.nsteps + n * len(records) + len(cur),
        to_move=seat,
        leader=leader,
        current=cur,
        kinds=cur_kinds,
        tricks=tuple(records),
        extra=extra,
        legal=legal_cards(deal, seat, held[seat], cur, tuple(records), extra),
    )
    return hand_of_state(made)


def _mask(text: str) -> int:
    """The mask of the cards of ``text`` ("AS KS ...")."""
    return sum(reversis.Card.parse(c).mask for c in text.split())


def check_view_consumers(view: reversis.HandView, seed: int, *, attempts: int = 3) -> bool:
    """Run ``view`` through every consumer of a view and assert that each works: the JSON round
    trip, :func:`reversis.text.render.render` and :func:`~reversis.text.render.describe_move`,
    :func:`reversis.views.encoding.encode_view`, :func:`reversis.sample_world` (a world whose view is
    ``view``, or :class:`~reversis.NoWorldError`) and every bot of :mod:`reversis.bots.players` (a legal
    move, or :class:`~reversis.ArgumentError` when the seat has none). Return whether a world
    was found."""
    import math

    from reversis import ArgumentError, HandView, NoWorldError, sample_world
    from reversis.bots.players import CautiousBot, MonteCarloBot, RandomBot
    from reversis.text.render import describe_move, render
    from reversis.views.encoding import encode_view, observation_size

    profile = view.rules
    assert HandView.from_dict(view.to_dict(), profile=profile) == view
    assert HandView.from_json(view.to_json(), profile=profile) == view
    assert isinstance(render(view), str)
    assert isinstance(render(view, color=True), str)
    for move in view.legal_moves:
        assert isinstance(describe_move(view, move), str)
    vector = encode_view(view)
    assert len(vector) == observation_size(profile)
    assert all(math.isfinite(x) for x in vector)
    try:
        world = sample_world(view, random.Random(seed), attempts=attempts)
    except NoWorldError:
        world = None
    if world is not None:
        assert world.view(view.seat) == view
    bots: list[reversis.bots.players.Bot] = [RandomBot(random.Random(seed)), CautiousBot()]
    if world is not None or not view.legal_moves:
        # the search bot samples up to 200 worlds a decision: only where one is quick to find
        bots.append(MonteCarloBot(random.Random(seed), playouts=1))
    for bot in bots:
        if view.legal_moves:
            assert bot(view) in view.legal_moves
        else:
            try:
                bot(view)
            except ArgumentError:
                continue
            raise AssertionError(f"{bot!r} chose a move for a seat that has none")
    return world is not None


def trick_record(leader: int, cards: str, winner: int) -> TrickRecord:
    """A completed trick for the games' functions: ``cards`` as text, the leader's first (each card
    after the first is forced if of the suit led, else placed)."""
    bits = tuple(reversis.Card.parse(c).index for c in cards.split())
    kinds = tuple(
        Kind.LED if k == 0 else Kind.FORCED if b >> 4 == bits[0] >> 4 else Kind.PLACED
        for k, b in enumerate(bits)
    )
    return TrickRecord(leader, bits, kinds, winner, sum(1 << b for b in bits))


def with_tricks(
    hand: Hand, tricks: Sequence[TrickRecord], *, over: bool, aside: int | None = None
) -> State:
    """``hand``'s engine state with ``tricks`` taken (and the hand over, if ``over``): a state
    made up to test the games' points and scoring on chosen tricks."""
    state = state_of(hand)
    extra = state.extra if aside is None else state.extra._replace(aside=aside)
    return state._replace(
        tricks=tuple(tricks),
        current=(),
        kinds=(),
        to_move=-1 if over else state.to_move,
        legal=0 if over else state.legal,
        extra=extra,
    )


def random_states(profile: Profile, seed: int) -> list[reversis.Hand]:
    """Every state of one random hand, the deal first."""
    rng = random.Random(seed)
    hand = reversis.new_hand(profile, seed=seed, dealer=seed % profile.players)
    states = [hand]
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_moves()))
        states.append(hand)
    return states


def rotated(hand: reversis.Hand, k: int) -> reversis.Hand:
    """The same hand with every seat moved ``k`` places on (the dealt cards, the dealer), the same
    moves applied."""
    n = hand.players
    dealt = [hand.deal.dealt[(seat - k) % n] for seat in range(n)]
    out = reversis.deal_hand(hand.profile, dealt, hand.deal.widow, dealer=(hand.dealer + k) % n)
    for move in hand.moves:
        out = out.apply(move)
    return out


def moved_payments(settlement: Settlement, k: int, n: int) -> list[tuple[object, ...]]:
    """The payments of ``settlement`` with every seat moved ``k`` places on (pools stay), sorted:
    to compare with the settlement of :func:`rotated`'s hand."""

    def seat(account: int | str) -> int | str:
        return account if isinstance(account, str) else (account + k) % n

    return sorted(
        (str(seat(p.payer)), str(seat(p.payee)), p.amount, p.reason, p.trick or 0)
        for p in settlement.payments
    )


def steered(profile: Profile, seed: int, hunter: int) -> reversis.Hand:
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


def privileged_deal(profile: Profile, seed: int, hunter: int, holder: int) -> reversis.Hand:
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


def play_privileged(hand: reversis.Hand, hunter: int, holder: int, use: bool) -> reversis.Hand:
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


def paying_settlement(profile: Profile) -> Settlement:
    """The settlement of the first random hand of ``profile`` that pays something."""
    for seed in range(50):
        settlement = reversis.settle(random_states(profile, seed)[-1])
        if settlement.payments:
            return settlement
    raise AssertionError("no payment in 50 hands")


def play_match(match: Match, bots: list[Any], choice: str) -> Match:
    """Play ``match`` to its end, the deciders always choosing ``choice``."""
    start = sum(match.bankrolls) + match.stakes.pool_total
    hands = 0
    while not match.is_over:
        if match.phase is MatchPhase.DECIDING:
            for seat in match.deciders:
                if match.phase is MatchPhase.DECIDING:
                    match = match.choose(seat, choice)
            continue
        match = match.start_hand()
        assert match.hand is not None
        match = match.finish_hand(play_hand(match.hand, bots))
        hands += 1
        # counters are conserved: bankrolls plus the table's counters (beasts are debts)
        assert sum(match.bankrolls) + match.stakes.pool_total == start
        assert hands <= match.total_hands + match.continue_hands
    assert sum(match.bankrolls) == start
    assert match.stakes.pool_total == 0
    return match


def started(name: str, seed: int, before: int) -> Hand:
    """A hand of the shipped profile ``name`` dealt from ``seed`` by seat ``seed % players``, after
    ``before`` random moves drawn with ``random.Random(-seed)`` (fewer if it ends sooner)."""
    profile = load_profile(name)
    hand = new_hand(profile, seed=seed, dealer=seed % profile.players)
    rng = random.Random(-seed)
    for _ in range(before):
        moves = hand.legal_moves()
        if not moves:
            break
        hand = hand.apply(rng.choice(moves))
    return hand


def random_hand(name: str, seed: int = 3, steps: int = 30) -> Hand:
    """A hand of the shipped profile ``name`` after ``steps`` random moves."""
    return random_moves(new_hand(load_profile(name), seed=seed), seed, steps)


def after_plays(profile: Profile | str, seed: int, plays: int) -> Hand:
    """A hand of ``profile`` dealt from ``seed`` and played at random (moves drawn from
    ``random.Random(seed)``) until ``plays`` cards are played or the hand is over."""
    hand = new_hand(profile, seed=seed)
    rng = random.Random(seed)
    while not hand.is_over and sum(isinstance(m, reversis.Play) for m in hand.moves) < plays:
        hand = hand.apply(rng.choice(hand.legal_moves()))
    return hand


def tampered(data: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    """A deep copy of the plain ``data`` with ``change`` made to it."""
    copy = json.loads(json.dumps(data))
    change(copy)
    return copy
