"""The compiled core as one namespace: the names of its extension modules that the rest of the
library calls (:func:`reversis._core.core_module`). Importing it imports every module of the core,
and fails with :class:`ImportError` where one is not built.

The rules (the twins of :mod:`reversis.engine`'s modules): ``state`` (:class:`CoreState`),
``lowered`` (a profile and a deal in C, and the one :class:`Lowering` of a ``Rules`` value:
everything the core derives from it), ``tables`` (the moves), ``follow``, ``tricks``,
``commitment``, ``steps``, ``play`` (the rules of a move, in C), ``draws``, ``engine`` (``start``,
``legal_moves``, ``apply``, ``apply_card``, ``rollout``, ``rollouts``, ``replay``,
``from_state``), ``chance`` and ``deal`` (the seeded shuffle and the deal), ``settle`` with
``settle_reversis`` and ``settle_points`` (the settlement). Above them, and importing nothing the
rules do not: ``hand`` (the base of :class:`reversis.Hand`), ``events``, ``views``,
``sampling`` and ``worlds`` (a view's worlds), ``playouts`` (the rollouts of
search bots), ``vector`` (batches of hands).
"""

from __future__ import annotations

from reversis._core.chance import shake256_words
from reversis._core.deal import deal_of_pack, seeded_deal, seeded_pack
from reversis._core.engine import (
    apply,
    apply_card,
    from_state,
    legal_moves,
    replay,
    rollout,
    rollouts,
    start,
)
from reversis._core.events import events_of, seat_events_of, tricks_of
from reversis._core.hand import HandBase, dealt_hand, hand_of, settle_hand
from reversis._core.lowered import Lowering, lowering_count, registered_lowering
from reversis._core.playouts import cautious_choice, cautious_rollout, play_out, play_outs
from reversis._core.sampling import match_masks, match_slots
from reversis._core.settle import PaymentsSource, settle_nets, settle_state
from reversis._core.state import CoreState
from reversis._core.vector import Batch, batch_hand_bytes, new_batch
from reversis._core.views import view_of
from reversis._core.worlds import WorldPlan, plan_worlds, view_worlds, world_deal

__all__ = [
    "Batch",
    "CoreState",
    "HandBase",
    "Lowering",
    "PaymentsSource",
    "WorldPlan",
    "apply",
    "apply_card",
    "batch_hand_bytes",
    "cautious_choice",
    "cautious_rollout",
    "deal_of_pack",
    "dealt_hand",
    "events_of",
    "from_state",
    "hand_of",
    "legal_moves",
    "lowering_count",
    "match_masks",
    "match_slots",
    "new_batch",
    "plan_worlds",
    "play_out",
    "play_outs",
    "registered_lowering",
    "replay",
    "rollout",
    "rollouts",
    "seat_events_of",
    "seeded_deal",
    "seeded_pack",
    "settle_hand",
    "settle_nets",
    "settle_state",
    "shake256_words",
    "start",
    "tricks_of",
    "view_of",
    "view_worlds",
    "world_deal",
]
