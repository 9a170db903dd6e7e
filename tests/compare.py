"""The compiled core against the reference engine (issue 25): what the tests that compare them
share. The core itself (the calling test module skipped where it is not built), the shipped
profiles, what a call gives, moves the rules refuse, random stakes and the house profiles that
Hypothesis makes from the shipped ones, and a view as the reference makes it."""

from __future__ import annotations

import os
import random
from types import ModuleType
from typing import Any

import attrs
import pytest
from hypothesis import assume
from hypothesis import strategies as st

import reversis
from reversis import _core
from reversis.engine.deal import Deal
from reversis.errors import ProfileError, ReversisError
from reversis.games import game_of
from reversis.hand import Hand, state_of
from reversis.moves import DECLINE, DISCARDS, EXCHANGES, GIVES, PASSES, PLAYS
from reversis.profile import Profile, available_profiles, load_profile
from reversis.views import view as views

#: The shipped profiles, by name.
PROFILES = {name: load_profile(name) for name in available_profiles()}


def compiled_core(*, playing: bool = False) -> ModuleType:
    """The compiled core (``reversis._core.core``), for a test module that compares it with the
    reference: the module is skipped where the core is not built (``playing``: or where the hands
    do not play on it, ``REVERSIS_ENGINE=python``), and fails to import where it is not built and
    ``REVERSIS_REQUIRE_CORE=1``."""
    if _core.available() and (not playing or _core.engine_name() == "compiled"):
        from reversis._core import core

        return core
    if os.environ.get("REVERSIS_REQUIRE_CORE") == "1" and not _core.available():
        raise ImportError("REVERSIS_REQUIRE_CORE=1 but the compiled core is not built")
    reason = (
        "the hands do not play on the compiled core"
        if playing
        else "the compiled core is not built"
    )
    pytest.skip(reason, allow_module_level=True)


def outcome(call: Any, *args: Any) -> Any:
    """What ``call(*args)`` gives: its value, or its error's type and message."""
    try:
        return call(*args)
    except (ReversisError, ValueError, TypeError, IndexError) as error:
        return (type(error), str(error))


def wrong_moves(deal: Deal, rng: random.Random) -> list[object]:
    """Moves of every kind, mostly ones the rules refuse now, and things that are no moves."""
    card = rng.choice(deal.rules.deck)
    return [
        PLAYS[card.index],
        EXCHANGES[card.index],
        DISCARDS[card.index],
        GIVES[card.index],
        PASSES[card.index],
        DECLINE,
        rng.choice([None, "QS", 7, card]),
    ]


def random_stakes(profile: Profile, rng: random.Random) -> dict[str, Any] | None:
    """Valid stakes of ``profile``'s money (``None``: the first hand of a match), some at three
    stakes, where the exchange may be declined and quinolas put out (english §10, hoyle §9)."""
    if rng.random() < 0.3:
        return None
    if profile.mechanism == "basket":
        return {"basket": rng.choice([0, 4, 20, 57]), "beasts": []}
    if profile.mechanism == "remise":
        pots = [rng.randint(1, 90) for _ in range(rng.choice([1, 1, 2, 3]))]
        return {"pots": pots, "cycle_remised": len(pots) > 1 or rng.random() < 0.5}
    if profile.mechanism == "pools":
        return {pool.name: rng.choice([0, pool.stake, 3 * pool.stake, 5 * pool.stake])
                for pool in profile.pools}  # fmt: skip
    return None


@st.composite
def house_profiles(draw: st.DrawFn) -> Profile:
    """Valid changes to the shipped profiles that the core's lowering must follow: the privilege,
    the reversis, the kinds of play, the exchange, the pools, Hearts' flags, the trumps and bowers."""
    games = sorted({game_of(p).name for p in PROFILES.values()})
    game = draw(st.sampled_from(games))
    base = PROFILES[draw(st.sampled_from([n for n in sorted(PROFILES) if
                                          game_of(PROFILES[n]).name == game]))]  # fmt: skip
    changes: dict[str, Any] = {"name": "house-core"}
    if base.reversis is not None:
        tricks = base.tricks
        changes["reversis"] = {
            "commit": draw(st.integers(1, tricks - 1)),
            "end_on_break": draw(st.booleans()),
        }
        if all(special.played == 0 for special in base.specials):  # hoyle §6's payments need it
            changes["play"] = {"forced": draw(st.sampled_from(["suit", "only-card"]))}
        if base.privilege is not None or draw(st.booleans()):
            cards = draw(
                st.lists(st.sampled_from([c.code for c in base.deck]), min_size=1, max_size=5,
                         unique=True)
            )  # fmt: skip
            changes["privilege"] = {
                "name": "house",
                "cards": cards,
                "needed": draw(st.integers(len(cards) // 2 + 1, len(cards))),
                "last_trick": draw(st.integers(1, tricks)),
            }
        if base.exchange is not None:
            changes["exchange"] = {
                "dealer": draw(st.sampled_from(["first", "last"])),
                "decline": draw(st.sampled_from(["always", "never", base.exchange.decline])),
            }
        if draw(st.booleans()):
            specials = [attrs.asdict(s) for s in base.specials]
            for special in specials:
                if special["name"] == "quinola":
                    special["cards"] = [draw(st.sampled_from([c.code for c in base.deck]))]
            changes["specials"] = specials
    elif base.hearts is not None:
        flags = (
            "pass_cards",
            "no_pts_on_first_trick",
            "can_lead_any_club",
            "must_break_hearts",
            "qs_breaks_hearts",
            "can_lead_hearts_instead_of_qs",
        )
        changes["hearts"] = {flag: draw(st.booleans()) for flag in flags}
        directions = st.sampled_from(["left", "right", "across", "none"])
        changes["hearts"]["pass_cycle"] = draw(st.lists(directions, min_size=1, max_size=4))
    elif base.reunion is not None:
        changes["reunion"] = {"ten_high": draw(st.booleans())}
        changes["play"] = {"follow": draw(st.sampled_from(["suit", "suit-or-trump"]))}
        barred = draw(st.lists(st.sampled_from(["A", "K", "bowers"]), unique=True, max_size=2))
        changes["deal"] = {"discard_barred": barred}
    try:
        return base.evolve(**changes)
    except ProfileError:
        assume(False)
        raise


def reference_view(hand: Hand, seat: int) -> reversis.HandView:
    """``seat``'s view of ``hand`` as the reference makes it: from the reference engine's state of
    the hand and the game's settlement of it."""
    state = state_of(hand).to_state()
    return views.hand_view(hand, seat, state, game_of(hand.profile).settle(state))
