"""Sizes, counts and offsets that reach a C loop are checked in Python integers first, with the
library's typed errors: the playouts (no buffer-and-offset entry point in the API) and the batches
(a documented upper bound in bytes, refused before anything is allocated). On both engines."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from array import array
from typing import Any

import pytest

import reversis
from helpers import ROOT
from reversis import ArgumentError, load_profile, new_hand, rollouts
from reversis._core import core_module
from reversis.bots.playouts import MAX_PLAYOUTS, _play_out, _play_outs
from reversis.hand import state_of

HUGE = (-1, 2**31, 2**62, 2**63, 2**64, 10**30)
NOT_INTEGERS: tuple[Any, ...] = (1.0, "3", None, True, [1])
DOCS = ROOT / "docs"


def _state() -> Any:
    return state_of(new_hand("fournier-1785", seed=5))


def test_no_buffer_and_offset_entry_point_in_the_api() -> None:
    """``play_outs(state, count, seed, policy, result, out, row)`` is not a public name of
    reversis.bots.playouts nor in its API page: the public playouts size their own results."""
    assert "play_outs" not in reversis.bots.playouts.__all__
    assert not hasattr(reversis.bots.playouts, "play_outs")
    page = (DOCS / "api" / "playouts.rst").read_text(encoding="utf-8")
    assert "play_outs" not in page


@pytest.mark.parametrize("count", [*HUGE, MAX_PLAYOUTS + 1, *NOT_INTEGERS])
def test_playouts_refuse_counts_out_of_range(count: Any) -> None:
    with pytest.raises(ArgumentError, match="count"):
        _play_outs(_state(), count, 1, None, "net")


@pytest.mark.parametrize("seed", [-1, 2**64, 2**65, 1.0, "1", None])
def test_playouts_refuse_bad_seeds(seed: Any) -> None:
    with pytest.raises(ArgumentError, match="seed"):
        _play_outs(_state(), 1, seed, None, "net")
    with pytest.raises(ArgumentError, match="seed"):
        _play_out(_state(), seed, "cautious", "net")


def test_playouts_size_their_own_results() -> None:
    state = _state()
    values, _after = _play_outs(state, 5, 2**64 - 1, "cautious", "net")
    assert isinstance(values, array)
    assert values.typecode == "q"
    assert len(values) == 5 * 4
    assert _play_outs(state, 0, 3, None, "net") == (array("q"), 3)
    first, next_seed = _play_out(state, 2**64 - 1, "cautious", "net")
    assert list(first) == values.tolist()[:4]
    assert next_seed == _play_outs(state, 1, 2**64 - 1, "cautious", "net")[1]
    hand = new_hand("fournier-1785", seed=5)
    assert rollouts(hand, 5, seed=2**64 - 1, policy="cautious").tolist() == [
        values.tolist()[4 * i : 4 * i + 4] for i in range(5)
    ]


@pytest.mark.parametrize("n", [*HUGE, 0, MAX_PLAYOUTS + 1, *NOT_INTEGERS])
def test_rollouts_refuse_counts_out_of_range(n: Any) -> None:
    with pytest.raises(ArgumentError):
        rollouts(new_hand("fournier-1785", seed=5), n, seed=1)


def test_a_result_that_is_not_a_64_bit_integer_is_refused() -> None:
    with pytest.raises((ArgumentError, OverflowError, TypeError)):
        _play_outs(_state(), 2, 1, None, lambda _: (2**64, 0, 0, 0))


# The hostile call of the finding: a row near 2**62 made ``(row + count) * players`` wrap to 0 in
# a C integer, and the playouts were written before ``out``. Run in a child process, so that on a
# library with the fault the heap it corrupts is not this test run's.
_HOSTILE = textwrap.dedent(
    """
    from array import array
    from reversis import ArgumentError, new_hand
    from reversis.hand import state_of
    try:
        from reversis.bots.playouts import play_outs
    except ImportError:  # no buffer-and-offset entry point at all
        print("refused")
        raise SystemExit(0)

    state = state_of(new_hand("fournier-1785", seed=5))
    out = array("q", [7] * 8)
    for count, row in ((1, 2**62 - 1), (2, 2**62 - 2), (1, 2**63), (1, 2**64), (1, -1),
                       (2**62, 0), (3, 0), (1, 2), (2**64, 2**64), (1, 1.0)):
        try:
            play_outs(state, count, 1, None, "net", out, row)
        except ArgumentError:
            pass
        else:
            raise SystemExit(f"no ArgumentError for count {count}, row {row}")
        assert out.tolist() == [7] * 8, (count, row)
    assert play_outs(state, 2, 1, None, "net", out, 0) > 0 and len(out) == 8
    print("refused")
    """
)


def test_rows_out_of_out_are_refused_before_anything_is_written() -> None:
    found = subprocess.run(
        [sys.executable, "-c", _HOSTILE], check=False, capture_output=True, text=True, timeout=120
    )
    assert found.returncode == 0, found.stderr[-2000:]
    assert found.stdout.strip() == "refused"


# -- the batches -----------------------------------------------------------------------------


@pytest.mark.parametrize("count", [2**24, 11_184_811, 2**31, 2**62, 2**63, 2**64])
def test_huge_batches_are_refused_before_any_allocation(count: int) -> None:
    np = pytest.importorskip("numpy")
    pytest.importorskip("gymnasium")
    from reversis.vector import functional as vector
    from reversis.vector.functional import VectorEnv

    began = time.perf_counter()
    for make in (
        lambda: VectorEnv("fournier-1785", count),
        lambda: vector.init("hearts", count, seed=1),
        lambda: VectorEnv("hearts", np.int64(min(count, 2**63 - 1))),
    ):
        with pytest.raises(ArgumentError, match="MAX_BATCH_BYTES"):
            make()
    assert time.perf_counter() - began < 5.0


@pytest.mark.parametrize("count", [0, -1, 1.5, "4", None, True])
def test_batch_counts_that_are_not_counts_are_refused(count: Any) -> None:
    pytest.importorskip("gymnasium")
    from reversis.vector.functional import VectorEnv

    with pytest.raises(ArgumentError, match="num_envs"):
        VectorEnv("fournier-1785", count)


def test_the_batch_bound_is_computed_in_python_integers() -> None:
    """At 11,184,811 hands ``count * MAX_FACTS`` overflowed a C int: the bound, in Python
    integers, refuses that many hands of every profile, and accepts the most it documents."""
    pytest.importorskip("numpy")
    from reversis.vector import functional as vector
    from reversis.vector.checks import count_of

    for name in reversis.available_profiles():
        profile = load_profile(name)
        per_hand = vector.batch_bytes(profile, 1)
        assert vector.batch_bytes(profile, 11_184_811) == 11_184_811 * per_hand > 2**31
        assert vector.batch_bytes(profile, 2**64) == 2**64 * per_hand
        most = vector.max_envs(profile)
        assert most * per_hand <= vector.MAX_BATCH_BYTES < (most + 1) * per_hand
        assert count_of(most, profile) == most
        with pytest.raises(ArgumentError, match="MAX_BATCH_BYTES"):
            count_of(most + 1, profile)


def test_the_core_refuses_huge_batches_itself() -> None:
    """The core's own entry point checks the count in Python integers (no C int to overflow),
    and the hand numbers its batch is asked for."""
    core = core_module()
    if core is None:
        pytest.skip("the compiled core is not built (or REVERSIS_ENGINE=python)")
    pytest.importorskip("numpy")
    from reversis.vector.checks import STATE_BYTES, Deals

    profile = load_profile("fournier-1785")
    assert core.batch_hand_bytes(profile.players) <= STATE_BYTES
    deals = Deals(profile, 2, 1, 0)
    for count in (0, -1, 11_184_811, 2**31, 2**63, 2**64, 1.0):
        with pytest.raises(ArgumentError, match="num_envs"):
            core.new_batch(profile, count, deals, False)
    batch = core.new_batch(profile, 2, deals, False)
    for i in (-1, 2, 2**31, 2**63, 2**64, 1.0):
        with pytest.raises(ArgumentError, match="not in the batch"):
            batch.state(i)
        with pytest.raises(ArgumentError, match="not in the batch"):
            batch.deal(i, deals(0))
    assert batch.state(1).to_move >= 0


def test_the_cautious_choice_in_c_refuses_what_is_not_a_card_bit() -> None:
    core = core_module()
    if core is None:
        pytest.skip("the compiled core is not built (or REVERSIS_ENGINE=python)")
    table = (0,) * 64
    for trick in ((1000,), (-1,), (2**64,), (1.0,)):
        with pytest.raises(ArgumentError):
            core.cautious_choice(0b1010, trick, table)
    for danger in ((2**40,) * 64, (-1,) * 64, (0,) * 63):
        with pytest.raises(ArgumentError):
            core.cautious_choice(0b1010, (), danger)
    assert core.cautious_choice(0b1010, (), table) == 1


def test_the_reference_batch_refuses_hands_not_in_it() -> None:
    pytest.importorskip("numpy")
    from reversis.vector.checks import Deals
    from reversis.vector.python_batch import PythonBatch

    profile = load_profile("hearts")
    deals = Deals(profile, 2, 1, 0)
    batch = PythonBatch(profile, 2, deals)
    for i in (-1, 2, 2**63, 2**64, 1.0):
        with pytest.raises(ArgumentError, match="not in the batch"):
            batch.state(i)
        with pytest.raises(ArgumentError, match="not in the batch"):
            batch.deal(i, deals(0))
    for count in (0, -1, 1.0):
        with pytest.raises(ArgumentError, match="num_envs"):
            PythonBatch(profile, count, deals)


# A deal altered by hand (a seat dealt nothing, a card dealt twice) reaches the core through
# ``Hand.hand_of`` of a reference state or the core's ``start``: the core refuses the card dealt
# twice, and a seat with no card to play stops a playout (before, the playout read the lowest bit
# of an empty set: undefined behaviour). Run in a child process, as the hostile rows above.
_ALTERED_DEAL = textwrap.dedent(
    """
    import attrs
    import reversis
    from reversis import ArgumentError
    from reversis._core import core_module
    from reversis.hand import state_of

    core = core_module()
    deal = state_of(reversis.new_hand("hearts", seed=1)).deal
    empty = attrs.evolve(deal, dealt=(0, *deal.dealt[1:]))
    twice = attrs.evolve(deal, dealt=(deal.dealt[0] | deal.dealt[1], *deal.dealt[1:]))
    try:
        core.rollouts(core.start(empty), 3, 1)
    except ArgumentError as error:
        assert "no legal move" in str(error), error
    else:
        raise SystemExit("a seat dealt nothing was played out")
    try:
        core.start(twice)
    except ArgumentError as error:
        assert "twice" in str(error), error
    else:
        raise SystemExit("a card dealt twice was accepted")
    print("refused")
    """
)


@pytest.mark.skipif(core_module() is None, reason="the compiled core is not built")
def test_an_altered_deal_is_refused_or_stopped_before_the_c_loop() -> None:
    found = subprocess.run(
        [sys.executable, "-c", _ALTERED_DEAL],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert found.returncode == 0, found.stderr[-2000:] + found.stdout[-2000:]
    assert found.stdout.strip() == "refused"


# A core state made from Python by ``CoreState.__new__`` (no deal): its fields and the engine's
# functions read it without reading through a missing table (a segmentation fault before).
_BLANK_STATE = textwrap.dedent(
    """
    import random
    import reversis
    from reversis._core import core_module

    core = core_module()
    state = core.CoreState.__new__(core.CoreState)
    assert state.held == () and state.legal == 0 and core.legal_moves(state) == ()
    for call in (
        lambda: state.tricks, lambda: state.facts, lambda: state.extra, lambda: state.to_state(),
        lambda: core.apply(state, reversis.parse_move("AS")), lambda: core.apply_card(state, 12),
        lambda: core.rollout(state, random.random), lambda: core.rollouts(state, 2, 1),
        lambda: core.settle_state(state), lambda: state == state,
    ):
        try:
            call()
        except Exception:  # an error is fine here (an object no deal made); a crash is not
            pass
    print("survived")
    """
)


@pytest.mark.skipif(core_module() is None, reason="the compiled core is not built")
def test_a_state_made_without_a_deal_is_read_without_a_crash() -> None:
    found = subprocess.run(
        [sys.executable, "-c", _BLANK_STATE],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert found.returncode == 0, found.stderr[-2000:] + found.stdout[-2000:]
    assert found.stdout.strip() == "survived"
