"""The random draws of :mod:`reversis.worlds.sampler`, and its plans lowered for the compiled core.

Worlds are drawn with the library's own generator (splitmix64, as :func:`reversis.rollouts`
draws): :class:`Draws` gives ``_Plan.sample`` its shuffles and choices. Where the core plays,
:func:`lower_plan` turns a view's plan (the constraints read once) into the core's
``WorldPlan`` (``_core/worlds.pyx``), which draws the same candidates with the same numbers,
replays them and checks them in C: the same worlds on both engines, for the same seed.
:func:`view_worlds` makes the same ``WorldPlan`` reading the view's public fields in C (what
:func:`reversis.worlds.sampler.world_sampler` and :func:`reversis.rollouts` use). A plan holds what the
view shows and nothing else; its playouts (``WorldPlan.rollouts``) make and size their own array
of results, every count checked in Python integers before the loop.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import attrs

from reversis import events as ev
from reversis._core import engine_name
from reversis.cards import Card, mask_of
from reversis.engine.deal import Deal
from reversis.errors import NoWorldError
from reversis.hand import Hand, hand_of_state
from reversis.profile import Profile
from reversis.views.rules import view_deal

__all__ = ["Draws", "core_world", "draw_world", "lower_plan", "no_world", "view_worlds"]

#: The core's worlds where the core plays, else ``None``.
_CORE: ModuleType | None = None
if engine_name() == "compiled":
    from reversis._core import worlds as _core_worlds

    _CORE = _core_worlds
_MASK64 = (1 << 64) - 1

# The core's step kinds (state.pxd STEP_*, MOVE_DECLINE) and worlds.pyx's kinds of public step.
_STEP_EXCHANGE, _STEP_DISCARD, _STEP_GIVE, _STEP_PASS, _MOVE_DECLINE = range(5)
_EXCHANGED, _DECLINED, _DISCARDED, _GIVEN = range(4)


class Draws:
    """The random choices of one line of worlds (and playouts): splitmix64 from ``seed``, the
    k-th of ``count`` choices the high word of ``next * count``, as the core draws."""

    __slots__ = ("value",)

    def __init__(self, seed: int) -> None:
        #: The generator's state (from 0 to 2**64 - 1).
        self.value = seed & _MASK64

    def below(self, count: int) -> int:
        """A number from 0 to ``count - 1``."""
        self.value = z = (self.value + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        z ^= z >> 31
        return (z * count) >> 64

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle ``items`` in place (Fisher and Yates, from the last item)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[Any]) -> Any:
        """One of ``items`` (not empty)."""
        return items[self.below(len(items))]

    def coin(self) -> bool:
        """Heads or tails."""
        return self.below(2) == 0


def draw_world(plan: Any, fast: Any, draws: Draws, attempts: int) -> Hand:
    """The first world of ``plan`` (:func:`reversis.worlds.sampler.view_plan`'s) whose view is its view,
    within ``attempts`` candidates drawn from ``draws``: by the core's ``fast`` plan where there is
    one (the same candidates and verdicts), else by ``plan.sample`` and the view compared;
    :class:`~reversis.NoWorldError` if none."""
    view, seat = plan.view, plan.view.seat
    if fast is not None:
        state, draws.value = fast.world(draws.value, attempts)
        if state is not None:
            return hand_of_state(state)
    else:
        for _ in range(attempts):
            world: Hand | None = plan.sample(draws)
            if world is not None and world.view(seat) == view:
                return world
    raise no_world(seat, attempts)


def core_world(fast: Any, seat: int, seed: int, attempts: int) -> Hand:
    """The first world of the core's plan ``fast`` within ``attempts`` candidates drawn from
    ``seed`` (what :func:`draw_world` gives with ``Draws(seed)``)."""
    state, _ = fast.world(seed, attempts)
    if state is None:
        raise no_world(seat, attempts)
    return hand_of_state(state)


def view_worlds(view: Any, profile: Profile) -> Any:
    """The core's ``WorldPlan`` of ``view`` read from the view's public fields in C
    (``_core/worlds.pyx``: the plan :func:`lower_plan` makes of the view's constraints, in one
    pass), or ``None`` where the reference engine plays or :func:`lower_plan` gives none. The view
    is all it reads: a view read back from JSON gives the plan of the view it was written from.
    ``profile`` is the view's, checked (:func:`reversis.worlds.sampler.view_plan` checks it)."""
    if _CORE is None:
        return None
    scratch, make_deal = _view_deals(view, profile)
    return _CORE.view_worlds(view, profile, scratch, _checker(view), make_deal)


#: The deals of the views' worlds, by what the view shows of its deal (see _view_deals).
_VIEW_DEALS: dict[tuple[Any, ...], tuple[Profile, Deal, Any]] = {}
#: The views' deals by what they show but the card shown, with its suit instead (see _view_deals).
_SUIT_DEALS: dict[tuple[Any, ...], tuple[Profile, Deal]] = {}


def _view_deals(view: Any, profile: Profile) -> tuple[Deal, Any]:
    """The view's deal with a widow of its size (the scratch deal of its worlds, each world's
    cards replacing them) and the maker of a world's deal: made from what the view shows of its
    deal only (:func:`reversis.views.rules.view_deal`: no card dealt), kept for the views that show
    the same (bounded caches of values made from public fields). A deal's tables depend on its
    card shown through the suit of trumps only (``engine.deal.deal_tables``): a deal kept for
    another card of the same suit gives the view's with its card shown (the same Deal, every field;
    tests/worlds/test_worldplan.py compares the worlds' deals with the reference's)."""
    shown = view.shown
    key = (id(profile), view.dealer, view.stakes_at_start, view.pass_direction, view.hand_number)
    kept = _VIEW_DEALS.get((*key, shown))
    if kept is not None and kept[0] is profile:
        return kept[1], kept[2]
    rules = profile.compiled
    by_suit = (*key, None if shown is None else shown.index >> 4)
    base = _SUIT_DEALS.get(by_suit)
    template = view_deal(view, profile) if base is None or base[0] is not profile else None
    if template is None:
        assert base is not None
        bit = -1 if shown is None or rules.shown == "none" else shown.index
        template = attrs.evolve(base[1], shown=bit, widow=() if bit < 0 else (bit,))
    else:
        _keep(_SUIT_DEALS, by_suit, (profile, template))
    talon = len(rules.deck) - rules.tricks * profile.players - (rules.widow == "exchange")
    scratch = attrs.evolve(template, widow=tuple(range(max(talon, 0))))
    assert _CORE is not None  # view_worlds asks only where the core plays
    made = (profile, scratch, _CORE.world_deal(template, _world_deal))
    _keep(_VIEW_DEALS, (*key, shown), made)
    return scratch, made[2]


def _keep(cache: dict[tuple[Any, ...], Any], key: tuple[Any, ...], value: Any) -> None:
    """``cache[key] = value``, the cache emptied first when it holds 256 values."""
    if len(cache) >= 256:
        cache.clear()
    cache[key] = value


def _world_deal(deal: Deal, dealt: tuple[int, ...], widow: tuple[int, ...]) -> Deal:
    """A world's deal: the view's with the world's cards (no pack or seed)."""
    return attrs.evolve(deal, dealt=dealt, widow=widow, pack=None, seed=None)


def no_world(seat: int, attempts: int) -> NoWorldError:
    """The error for a view of ``seat`` with no world found in ``attempts`` tries."""
    return NoWorldError(
        f"no world consistent with seat {seat}'s view found in {attempts} tries: check that "
        "the view is one a hand could show (made by Hand.view), or allow more attempts"
    )


def lower_plan(plan: Any) -> Any:
    """The core's ``WorldPlan`` of ``plan`` (:func:`reversis.worlds.sampler.view_plan`'s), or ``None``
    where the reference engine plays or the core does not draw such worlds (a hand over or in its
    steps, the pot shown)."""
    view, profile, rules = plan.view, plan.profile, plan.rules
    template = plan.hands.template
    if (
        _CORE is None
        or view.to_move is None
        or view.pot is not None
        or (rules.widow == "dealer" and (view.shown is None or plan.hands.talon != 2))
        or template is None
        or len(plan.steps) != template.nsteps
        or not plan.play_moves
    ):
        return None
    n, seat = plan.n, view.seat
    others = [p for p in range(n) if p != seat]
    deck = rules.deck_mask
    cur0 = [0] * n
    cur0[seat] = mask_of(view.hand)
    for index, event in enumerate(plan.steps):
        if (
            isinstance(event, ev.CardGiven)
            and event.seat == seat
            and plan.revealed[index]
            and event.card is not None
            and event.card not in plan.played[event.to]
        ):
            cur0[event.to] |= 1 << event.card.index
    shown = view.shown
    coin = False
    if shown is not None and plan.dealer != seat and shown not in plan.played[plan.dealer]:
        if rules.widow == "dealer":
            coin = True  # reunion §4: the dealer may have discarded the turn-up (a coin decides)
        else:
            cur0[plan.dealer] |= 1 << shown.index
    follows = plan.follow_masks
    guesses = []
    for guess in plan.suspects:
        privileged = plan.privileged if guess is None else {guess}
        void = {
            p: plan.exhausted[p] | (set() if p in privileged else plan.renounced[p])
            for p in range(n)
        }
        seat_masks = [
            deck & ~plan.excluded[p] & ~sum(follows.get(suit, 0) for suit in void[p])
            for p in range(n)
        ]
        musts = []
        for p in others:
            for suit in plan.must[p]:
                if cur0[p] & follows.get(suit, 0):
                    continue
                allowed = suit not in void[p]
                musts.append((p, follows.get(suit, 0) & ~plan.excluded[p] if allowed else 0))
        guesses.append((seat_masks, [p in privileged for p in range(n)], musts))
    free = deck & ~plan.deal.no_discard
    steps: list[tuple[int, int, int, Card | None, Card | None, bool, int, int]] = []
    for index, event in enumerate(plan.steps):
        own = event.seat == seat
        if isinstance(event, ev.CardGiven):
            slot = (
                0
                if own or plan.revealed[index] or event.card is not None or not plan.passes
                else deck
            )
            card = event.card
            steps.append(
                (
                    _GIVEN,
                    event.seat,
                    event.to,
                    card,
                    None,
                    plan.revealed[index],
                    slot,
                    _STEP_PASS if plan.passes else _STEP_GIVE,
                )
            )
        elif isinstance(event, ev.Exchanged):
            steps.append(
                (
                    _EXCHANGED,
                    event.seat,
                    0,
                    event.discarded,
                    event.taken,
                    True,
                    0 if own else free,
                    _STEP_EXCHANGE,
                )
            )
        elif isinstance(event, ev.Declined):
            steps.append(
                (
                    _DECLINED,
                    event.seat,
                    0,
                    event.widow_card,
                    None,
                    True,
                    0 if own else deck,
                    _MOVE_DECLINE,
                )
            )
        else:
            steps.append(
                (
                    _DISCARDED,
                    event.seat,
                    0,
                    event.card,
                    None,
                    True,
                    0 if own else free,
                    _STEP_DISCARD,
                )
            )
    units: list[list[int]] = []
    for index, event in enumerate(plan.steps):
        if (
            units
            and isinstance(event, ev.CardGiven)
            and isinstance(plan.steps[units[-1][0]], ev.CardGiven)
        ):
            units[-1][1] += 1
        else:
            units.append([index, 1])
    lowered = {
        "seat": seat,
        "unknown": [c.index for c in plan.unknown],
        "others": others,
        "cur0": cur0,
        "played": [mask_of(plan.played[p]) for p in range(n)],
        "priv_cand": [rules.priv_mask & ~plan.excluded[p] for p in range(n)],
        "counts": list(view.card_counts),
        "want": plan.hands.want,
        "priv_needed": plan.privilege_needed,
        "priv_mask": rules.priv_mask,
        "guesses": guesses,
        "steps": [
            (
                kind,
                s,
                to,
                -1 if card is None else card.index,
                -1 if taken is None else taken.index,
                revealed,
                slot,
                move,
            )
            for kind, s, to, card, taken, revealed, slot, move in steps
        ],
        "units": units,
        "received_known": mask_of(view.received),
        "given_known": mask_of(view.given),
        "received": [c.index for c in view.received],
        "widow_exchange": rules.widow == "exchange",
        "decksize": len(profile.deck),
        "plays": [p.card.index for p in plan.plays],
        "talon": plan.hands.talon,
        "bum_bit": plan.hands.bum_bit,
        "shown": -1 if shown is None else shown.index,
        "coin": coin,
        "shown_free": shown is not None and shown not in plan.no_discard,
    }
    # the view's deal, its widow a placeholder of the widow's size (each world's replaces it)
    scratch = attrs.evolve(template, widow=tuple(range(plan.hands.talon)))
    return _CORE.plan_worlds(
        scratch, _checker(view), _CORE.world_deal(template, _world_deal), lowered
    )


def _checker(view: Any) -> Callable[[Any], bool]:
    seat = view.seat

    def check(state: Any) -> bool:
        return bool(hand_of_state(state).view(seat) == view)

    return check
