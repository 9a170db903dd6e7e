"""Types of :mod:`reversis._core.worlds` (compiled; the worlds of a view in C)."""

from collections.abc import Callable
from typing import Any

class WorldPlan:
    """A view's worlds planned once, sampled in C (``_core/worlds.pyx``)."""

    def __getattr__(self, name: str) -> Any: ...

def plan_worlds(
    template: Any, check: Callable[..., bool], make_deal: Any, plan: Any
) -> WorldPlan: ...
def world_deal(deal: Any, make_deal: Callable[..., Any]) -> Any: ...
def view_worlds(
    view: Any, profile: Any, scratch_deal: Any, check: Callable[..., bool], make_deal: Any
) -> Any: ...
