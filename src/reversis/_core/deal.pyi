"""Types of :mod:`reversis._core.deal` (compiled; the twin of reversis.engine.deal)."""

from collections.abc import Sequence

from reversis.engine.deal import Deal
from reversis.profile import Profile
from reversis.stakes import Stakes

def seeded_pack(profile: Profile, seed: int) -> tuple[int, ...]: ...
def deal_of_pack(
    profile: Profile,
    pack: Sequence[object],
    *,
    dealer: int,
    seed: int | None,
    stakes: Stakes,
    hand_number: int = 1,
    direction: int | None = None,
) -> Deal: ...
def seeded_deal(
    profile: Profile,
    seed: int,
    *,
    dealer: int,
    stakes: Stakes,
    hand_number: int = 1,
    direction: int | None = None,
) -> Deal: ...
