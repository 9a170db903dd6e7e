"""A fixed-size observation of a hand for one seat, as floats: for learning and search frameworks.

:func:`encode_view` encodes what a :class:`~reversis.HandView` shows, and
:func:`encode_observation` what a hand shows a seat: the same numbers. Given the hand's engine
state too (``reversis.hand.state_of(hand)``), as the adapters (:mod:`reversis.openspiel.game`,
:mod:`reversis.pettingzoo`) give it, :func:`encode_observation` reads them from the state straight,
many times faster than making the view, and reads only what that seat may know (a property test
holds the two equal on random states of every profile); other frameworks can use either. The
encoding sits below the hand (:mod:`reversis.hand`), which it reads through its public names and
the state it is given. The core stays free of numpy: the encoders return tuples, and
:func:`observation_entries` gives the non-zero entries, for filling an array cheaply.

    >>> import reversis
    >>> from reversis.views.encoding import encode_observation, encode_view, observation_size
    >>> from reversis.hand import state_of
    >>> hand = reversis.new_hand("fournier-1785", seed=7).apply("decline")
    >>> vector = encode_observation(hand, 1, state_of(hand))
    >>> len(vector) == observation_size(hand.profile) == 862
    True
    >>> vector == encode_view(hand.view(1)) == encode_observation(hand, 1)
    True

Seats are *relative*: slot ``r`` of a per-seat part is the seat ``r`` places after the observer
in playing order (``0`` the observer itself). Cards are *slots*: slot ``i`` of a per-card part is
``profile.deck[i]``, the pack's cards in card order (the order of :func:`reversis.move_index`).
With ``n`` players, ``D`` cards and ``T`` tricks, the parts, in order (see
:func:`observation_layout` for the offsets):

========================  ==========  =============================================================
part                      size        meaning
========================  ==========  =============================================================
``hand``                  ``D``       1 for each card the observer holds now
``played``                ``n × D``   1 for each card of a completed trick, in the part of the
                                      relative seat that played it
``current``               ``n × D``   the same for the trick in progress
``trick_of``              ``D``       for a card of a completed trick, its trick number ``/ T``
``led``                   ``D``       1 for each card that led a trick (completed or in progress)
``widow_card``            ``D``       the widow card the observer took or looked at
``put_aside``             ``D``       the cards the observer put aside (or that its decline did)
``given``                 ``D``       the cards the observer gave or passed
``received``              ``D``       the cards the observer received
``shown``                 ``D``       the card shown to all at the deal (Tëtka's bum card,
                                      Réunion's turn-up)
``pot``                   ``D``       the cards put aside, once shown at the end of the hand
``to_move``               ``n``       1 for the relative seat to move (none once the hand is over)
``dealer``                ``n``       1 for the dealer's relative seat
``exchanged``             ``n``       1 for each relative seat that exchanged with the widow
``declined``              ``n``       1 for each relative seat that declined
``discarded``             ``n``       1 for each relative seat that discarded
``card_counts``           ``n``       the cards each relative seat holds, ``/ T``
``tricks_taken``          ``n``       the tricks each relative seat took, ``/ T``
``points``                ``n``       each relative seat's points as the observer may know them
                                      (:attr:`reversis.HandView.points`), raw
``phase``                 3           one-hot: exchange (the steps before play), play, over
``trump``                 4           one-hot: the trump suit (clubs, diamonds, hearts, spades)
``pass_direction``        4           one-hot: Hearts' pass ``left``, ``across``, ``right``, ``none``
``privileged``            1           1 if the observer holds the privilege (four aces, espagnolette)
``trick_number``          1           the number of the trick being played ``/ T``
``pot_value``             1           the pot's value once shown (Reversis), raw
========================  ==========  =============================================================

So the size is ``D × (2n + 9) + 8n + 14``: 862 for ``fournier-1785``, 930 for ``hearts``.
Together ``played``, ``current``, ``trick_of`` and ``led`` give every play of the hand in order
(the leader of each trick, then the seats in playing order), so that with the private parts the
observation has perfect recall: it tells apart every two information states of the observer.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final, cast

import attrs

from reversis import events as ev
from reversis._core import engine_name
from reversis.cards import Card
from reversis.engine.deal import direction_name
from reversis.engine.facts import Declined, Discarded, Exchanged, Given, Received
from reversis.engine.state import State
from reversis.engine.tricks import Phase, Trick
from reversis.errors import ArgumentError
from reversis.games import game_of
from reversis.profile import Profile
from reversis.views.view import HandView

if TYPE_CHECKING:
    from reversis.hand import Hand

__all__ = [
    "PART_NAMES",
    "PRIVATE_PARTS",
    "Part",
    "encode_observation",
    "encode_view",
    "known_points",
    "observation_entries",
    "observation_layout",
    "observation_size",
    "private_entries",
]

#: The parts of the observation, in order, with their size as ``(cards, seats, fixed)``
#: multiples: a part's size is ``cards × D + seats × n + fixed``.
_PARTS: Final = (
    ("hand", 1, 0, 0),
    ("played", 0, 0, 0),  # n × D, handled apart
    ("current", 0, 0, 0),  # n × D, handled apart
    ("trick_of", 1, 0, 0),
    ("led", 1, 0, 0),
    ("widow_card", 1, 0, 0),
    ("put_aside", 1, 0, 0),
    ("given", 1, 0, 0),
    ("received", 1, 0, 0),
    ("shown", 1, 0, 0),
    ("pot", 1, 0, 0),
    ("to_move", 0, 1, 0),
    ("dealer", 0, 1, 0),
    ("exchanged", 0, 1, 0),
    ("declined", 0, 1, 0),
    ("discarded", 0, 1, 0),
    ("card_counts", 0, 1, 0),
    ("tricks_taken", 0, 1, 0),
    ("points", 0, 1, 0),
    ("phase", 0, 0, 3),
    ("trump", 0, 0, 4),
    ("pass_direction", 0, 0, 4),
    ("privileged", 0, 0, 1),
    ("trick_number", 0, 0, 1),
    ("pot_value", 0, 0, 1),
)

#: The names of the observation's parts, in order.
PART_NAMES: Final = tuple(name for name, *_ in _PARTS)

_PHASES = (Phase.EXCHANGE, Phase.PLAY, Phase.OVER)
_DIRECTIONS = ("left", "across", "right", "none")
_SUITS = "CDHS"


@attrs.frozen
class Part:
    """One part of the observation: its ``name``, where it starts (``offset``) and its ``size``."""

    name: str
    offset: int
    size: int


def _profile(value: object) -> Profile:
    if not isinstance(value, Profile):
        raise ArgumentError(f"a Profile is needed, not {type(value).__name__}")
    return value


def observation_layout(profile: Profile) -> tuple[Part, ...]:
    """The parts of ``profile``'s observation, in order (see the module's docstring).

    >>> import reversis
    >>> parts = observation_layout(reversis.load_profile("hearts"))
    >>> parts[0], parts[1]
    (Part(name='hand', offset=0, size=52), Part(name='played', offset=52, size=208))
    """
    profile = _profile(profile)
    return _layout(len(profile.deck), profile.players)


def _layout(d: int, n: int) -> tuple[Part, ...]:
    out = []
    offset = 0
    for name, cards, seats, fixed in _PARTS:
        size = n * d if name in ("played", "current") else cards * d + seats * n + fixed
        out.append(Part(name, offset, size))
        offset += size
    return tuple(out)


def observation_size(profile: Profile) -> int:
    """The number of floats in ``profile``'s observation: ``D × (2n + 9) + 8n + 14``."""
    profile = _profile(profile)
    return len(profile.deck) * (2 * profile.players + 9) + 8 * profile.players + 14


@attrs.frozen
class _Offsets:
    """The offsets of a profile's parts, by name, for the encoders."""

    d: int
    n: int
    tricks: int
    at: dict[str, int]
    size: int
    slot: tuple[int, ...]  # card bit -> slot in the pack, -1 if not in it


def _offsets(profile: Profile) -> _Offsets:
    return _offsets_of(
        len(profile.deck), profile.players, profile.tricks, tuple(profile.compiled.deck_positions)
    )


@functools.lru_cache(maxsize=64)
def _offsets_of(d: int, n: int, tricks: int, slot: tuple[int, ...]) -> _Offsets:
    """The offsets of a layout: a pure function of its arguments, memoized."""
    parts = _layout(d, n)
    return _Offsets(
        d, n, tricks, {p.name: p.offset for p in parts}, parts[-1].offset + parts[-1].size, slot
    )


def known_points(hand: Hand, seat: int, state: State | None = None) -> tuple[int, ...]:
    """Every seat's points as ``seat`` may know them (:attr:`reversis.HandView.points`), as the
    hand's game shows them: the hand's points, except that in Réunion the dealer's discards count
    for him only in his own eyes until the end of the deal (reunion §4). ``state`` as for
    :func:`observation_entries`."""
    if state is None:
        return _view(hand, seat, "known_points").points
    return game_of(state.deal.profile).seen(state, _seat(state, seat)).points


#: The parts of the observation that are the observer's own (the others are public: the same for
#: every seat, up to the rotation of the seats), and Réunion's points (see :func:`known_points`).
PRIVATE_PARTS: Final = ("hand", "widow_card", "put_aside", "given", "received", "privileged")


@attrs.frozen
class _Steps:
    """What the steps before play recorded, as one seat knows it."""

    #: The widow card the seat took or looked at, or -1.
    widow_card: int
    #: The masks of the cards it put aside (or that its decline did), gave or passed, and received.
    aside: int
    given: int
    received: int
    #: Who exchanged, declined or discarded (public), in order, as (part, seat).
    flags: tuple[tuple[str, int], ...]


def _steps(state: State, seat: int) -> _Steps:
    """What the facts of the steps before play tell ``seat`` (fournier-1785 §4, hoyle §4,
    hearts §4): its own cards, and who did what."""
    nsteps = state.deal.nsteps
    widow_card = -1
    aside = given = received = coming = 0
    flags: list[tuple[str, int]] = []
    for recorded in state.facts:
        if recorded.step >= nsteps:
            break  # the facts are recorded in the order of the moves
        fact = recorded.fact
        if isinstance(fact, Exchanged):
            flags.append(("exchanged", fact.seat))
            if fact.seat == seat:
                aside |= 1 << fact.discarded
                widow_card = fact.taken
        elif isinstance(fact, Declined):
            flags.append(("declined", fact.seat))
            if fact.seat == seat:
                aside |= 1 << fact.card
                widow_card = fact.card
        elif isinstance(fact, Discarded):
            flags.append(("discarded", fact.seat))
            if fact.seat == seat:
                aside |= 1 << fact.card
        elif isinstance(fact, Given):
            if fact.seat == seat:
                given |= 1 << fact.card
            elif fact.to == seat:
                coming |= 1 << fact.card
        elif isinstance(fact, Received):
            received |= coming
            coming = 0
    return _Steps(widow_card, aside, given, received, tuple(flags))


def _view(hand: object, seat: object, name: str) -> HandView:
    """``hand.view(seat)``, which checks the seat; :class:`~reversis.ArgumentError` if ``hand`` is
    not a hand (the hand sits above the encoding, which knows it by its view)."""
    # A hand's view() takes a seat; other objects' (numpy's array.view()) take other things.
    view = None
    if all(callable(getattr(hand, method, None)) for method in ("view", "legal_moves", "apply")):
        view = hand.view(seat)  # type: ignore[attr-defined]
    if not isinstance(view, HandView):
        raise ArgumentError(f"{name}() needs a Hand, not {type(hand).__name__}")
    return view


#: The engine states: the reference's, and the core's where it plays.
_STATES: tuple[type[State], ...] = (State,)
if engine_name() == "compiled":
    from reversis._core.state import CoreState

    _STATES = (State, cast("type[State]", CoreState))  # a core state has the same fields


def _seat(state: object, seat: object) -> int:
    """``seat``, checked against the engine state ``state`` (the hand's, from its caller)."""
    if not isinstance(state, _STATES):
        raise ArgumentError(
            f"state: the hand's engine state (reversis.hand.state_of(hand)) or None, not "
            f"{type(state).__name__}"
        )
    n = len(state.held)
    if type(seat) is not int or not 0 <= seat < n:
        raise ArgumentError(f"{str(seat)[:40]!r} is not a seat (0 to {n - 1})")
    return seat


def _private_index(profile: Profile) -> list[int]:
    """The indices of the observation's :data:`PRIVATE_PARTS`, in order."""
    return [
        i
        for part in observation_layout(profile)
        if part.name in PRIVATE_PARTS
        for i in range(part.offset, part.offset + part.size)
    ]


def _add_cards(ones: list[int], base: int, slot: tuple[int, ...], mask: int) -> None:
    """Add to ``ones`` the entry of each card of ``mask`` in the part that starts at ``base``."""
    while mask:
        low = mask & -mask
        ones.append(base + slot[low.bit_length() - 1])
        mask ^= low


def private_entries(hand: Hand, seat: int, state: State | None = None) -> list[int]:
    """The indices of the 1s of the observation's :data:`PRIVATE_PARTS` for ``seat`` (all their
    entries are 0 or 1): equal to the private entries of :func:`observation_entries`. ``state``
    as for :func:`observation_entries`."""
    if state is None:
        view = _view(hand, seat, "private_entries")
        vector = encode_view(view)
        return [i for i in _private_index(view.rules) if vector[i]]
    seat = _seat(state, seat)
    o = _offsets(state.deal.profile)
    at, slot = o.at, o.slot
    ones: list[int] = []
    _add_cards(ones, at["hand"], slot, state.held[seat])
    steps = _steps(state, seat)
    if steps.widow_card >= 0:
        ones.append(at["widow_card"] + slot[steps.widow_card])
    _add_cards(ones, at["put_aside"], slot, steps.aside)
    _add_cards(ones, at["given"], slot, steps.given)
    _add_cards(ones, at["received"], slot, steps.received)
    if game_of(state.deal.profile).seen(state, seat).privileged:
        ones.append(at["privileged"])
    return ones


def observation_entries(
    hand: Hand, seat: int, state: State | None = None
) -> tuple[list[int], list[int], list[float]]:
    """The non-zero entries of :func:`encode_observation`'s vector: the indices whose value is
    1, then the other indices and their values. For filling a zeroed array:
    ``out[ones] = 1; out[indices] = values``.

    ``state`` is the hand's engine state (``reversis.hand.state_of(hand)``), which the adapters
    give: the entries are then read from it, from its facts and from what the game shows the seat
    (``Game.seen``), without making the view. Without it, they come from the seat's view
    (``hand.view(seat)``): the same numbers, more slowly.
    """
    if state is None:
        return _entries(encode_view(_view(hand, seat, "observation_entries")))
    seat = _seat(state, seat)
    deal = state.deal
    profile = deal.profile
    n = deal.rules.players
    o = _offsets(profile)
    at = o.at
    slot = o.slot
    d = o.d
    big_t = o.tricks
    ones: list[int] = []
    add = ones.append
    indices: list[int] = []
    values: list[float] = []
    _add_cards(ones, at["hand"], slot, state.held[seat])
    played, trick_of, led = at["played"], at["trick_of"], at["led"]
    counts = [0] * n
    for number, trick in enumerate(state.tricks, start=1):
        counts[trick.winner] += 1
        value = number / big_t
        for k, bit in enumerate(trick.cards):
            where = slot[bit]
            add(played + (trick.leader + k - seat) % n * d + where)
            indices.append(trick_of + where)
            values.append(value)
        add(led + slot[trick.cards[0]])
    if state.current:
        current = at["current"]
        for k, bit in enumerate(state.current):
            add(current + (state.leader + k - seat) % n * d + slot[bit])
        add(led + slot[state.current[0]])
    # The steps before play: the facts they recorded, each seat's own cards only.
    steps = _steps(state, seat)
    if steps.widow_card >= 0:
        add(at["widow_card"] + slot[steps.widow_card])
    _add_cards(ones, at["put_aside"], slot, steps.aside)
    _add_cards(ones, at["given"], slot, steps.given)
    _add_cards(ones, at["received"], slot, steps.received)
    for name, who in steps.flags:
        add(at[name] + (who - seat) % n)
    if deal.shown >= 0:
        add(at["shown"] + slot[deal.shown])
    # What the game shows of its own facts: the cards put aside once turned and the pot's value
    # (fournier-1785 §7, reunion §4), the points as this seat knows them, its privilege.
    seen = game_of(profile).seen(state, seat)
    if seen.aside is not None:
        _add_cards(ones, at["pot"], slot, seen.aside)
    if seen.pot_value is not None:
        indices.append(at["pot_value"])
        values.append(float(seen.pot_value))
    over = state.to_move < 0
    if not over:
        add(at["to_move"] + (state.to_move - seat) % n)
    add(at["dealer"] + (deal.dealer - seat) % n)
    for part, numbers, scale in (
        ("card_counts", [cards.bit_count() for cards in state.held], big_t),
        ("tricks_taken", counts, big_t),
        ("points", seen.points, 1),  # raw
    ):
        base = at[part]
        for p in range(n):
            if numbers[p]:
                indices.append(base + (p - seat) % n)
                values.append(numbers[p] / scale)
    phase = 2 if over else (0 if state.step < deal.nsteps else 1)
    add(at["phase"] + phase)
    if deal.trumps is not None:
        add(at["trump"] + deal.trumps.suit)
    if deal.rules.passing:
        add(at["pass_direction"] + _DIRECTIONS.index(direction_name(deal)))
    if seen.privileged:
        add(at["privileged"])
    indices.append(at["trick_number"])
    values.append((len(state.tricks) + 1) / big_t)
    return ones, indices, values


def _entries(vector: tuple[float, ...]) -> tuple[list[int], list[int], list[float]]:
    """The non-zero entries of ``vector``, as :func:`observation_entries` gives them."""
    ones = [i for i, x in enumerate(vector) if x == 1.0]
    others = [i for i, x in enumerate(vector) if x and x != 1.0]
    return ones, others, [vector[i] for i in others]


def encode_observation(hand: Hand, seat: int, state: State | None = None) -> tuple[float, ...]:
    """The observation of ``hand`` for ``seat`` (see the module's docstring): equal to
    ``encode_view(hand.view(seat))``. Given the hand's engine ``state``, read from it without
    making the view (see :func:`observation_entries`)."""
    if state is None:
        return encode_view(_view(hand, seat, "encode_observation"))
    ones, indices, values = observation_entries(hand, seat, state)
    out = [0.0] * _offsets(state.deal.profile).size
    for i in ones:
        out[i] = 1.0
    for i, v in zip(indices, values, strict=True):
        out[i] = v
    return tuple(out)


def encode_view(view: HandView) -> tuple[float, ...]:
    """The observation of what ``view`` shows (see the module's docstring)."""
    if not isinstance(view, HandView):
        raise ArgumentError(f"encode_view() needs a HandView, not {type(view).__name__}")
    profile = view.rules
    o = _offsets(profile)
    at, d, n, big_t = o.at, o.d, o.n, o.tricks
    me = view.seat
    out = [0.0] * o.size

    def slot(card: Card) -> int:
        return o.slot[card.index]

    def rel(seat: int) -> int:
        return (seat - me) % n

    def cards(part: str, given: tuple[Card, ...] | None) -> None:
        for card in given or ():
            out[at[part] + slot(card)] = 1.0

    cards("hand", view.hand)
    for trick in view.tricks:
        for position, (seat, card) in enumerate(trick.plays):
            out[at["played"] + rel(seat) * d + slot(card)] = 1.0
            out[at["trick_of"] + slot(card)] = trick.number / big_t
            if position == 0:
                out[at["led"] + slot(card)] = 1.0
    current: Trick | None = view.current_trick
    if current is not None:
        for position, (seat, card) in enumerate(current.plays):
            out[at["current"] + rel(seat) * d + slot(card)] = 1.0
            if position == 0:
                out[at["led"] + slot(card)] = 1.0
    if view.widow_card is not None:
        cards("widow_card", (view.widow_card,))
    cards("put_aside", view.put_aside)
    cards("given", view.given)
    cards("received", view.received)
    if view.shown is not None:
        cards("shown", (view.shown,))
    cards("pot", view.pot)
    if view.pot_value is not None:
        out[at["pot_value"]] = float(view.pot_value)
    for event in view.events:
        if isinstance(event, ev.Exchanged):
            out[at["exchanged"] + rel(event.seat)] = 1.0
        elif isinstance(event, ev.Declined):
            out[at["declined"] + rel(event.seat)] = 1.0
        elif isinstance(event, ev.Discarded):
            out[at["discarded"] + rel(event.seat)] = 1.0
    if view.to_move is not None:
        out[at["to_move"] + rel(view.to_move)] = 1.0
    out[at["dealer"] + rel(view.dealer)] = 1.0
    for seat in range(n):
        out[at["card_counts"] + rel(seat)] = view.card_counts[seat] / big_t
        out[at["tricks_taken"] + rel(seat)] = view.tricks_taken[seat] / big_t
        out[at["points"] + rel(seat)] = float(view.points[seat])
    out[at["phase"] + _PHASES.index(view.phase)] = 1.0
    if view.trump is not None:
        out[at["trump"] + _SUITS.index(view.trump)] = 1.0
    if view.pass_direction is not None:
        out[at["pass_direction"] + _DIRECTIONS.index(view.pass_direction)] = 1.0
    if view.privileged:
        out[at["privileged"]] = 1.0
    out[at["trick_number"]] = view.trick_number / big_t
    return tuple(out)
