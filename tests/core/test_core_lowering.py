"""One lowering of a ``Rules`` value (issue 35).

The compiled core derives from a profile's compiled :class:`~reversis.profile.compiled.Rules` its
programs by trump suit, its pack shapes by dealer, its deal tables, its settlement (with Réunion's
card points, prepared once, by ``_core/settle_lower.py``): all of them are the fields of one
``Lowering`` (``_core/lowered.pyx``), found through one registry, whose entry goes when the Rules
value dies. Held here: one Rules value has one Lowering, which deals, the settlement and the views
share; a house profile that dies takes its Lowering with it; 300 house profiles in a row play as
the reference does and the registry never holds more than the Rules values alive (under threads
too, where each Rules value still has one Lowering); and no other
cache keyed by ``id()`` is left in the core's sources.

The tests skip when the hands do not play on the compiled core, unless ``REVERSIS_REQUIRE_CORE=1``.
"""

from __future__ import annotations

import gc
import random
import re
import threading
import weakref
from typing import Any

import reversis
from compare import PROFILES, compiled_core, reference_view
from helpers import ROOT
from reversis.errors import ProfileError
from reversis.games import game_of
from reversis.hand import Hand, settle, state_of
from reversis.profile import Profile

core = compiled_core(playing=True)

CORE = ROOT / "src" / "reversis" / "_core"


def house(base: Profile, number: int) -> Profile:
    """A house profile made from ``base`` (a new Rules value): a change of its rules that depends
    on ``number``, or its name alone where the change is refused."""
    changes: dict[str, Any] = {}
    if base.reversis is not None:
        changes["reversis"] = {"commit": 1 + number % (base.tricks - 1)}
    elif base.hearts is not None:
        cycle = ("left", "right", "across", "none")
        changes["hearts"] = {"pass_cycle": [cycle[number % 4], cycle[number // 4 % 4]]}
    elif base.reunion is not None:
        points = dict(base.reunion.points)
        changes["reunion"] = {
            "ten_high": bool(number % 2),
            "points": {code: value + number % 3 for code, value in points.items()},
        }
    try:
        return base.evolve(name=f"house-{number}", **changes)
    except ProfileError:
        return base.evolve(name=f"house-{number}")


def play(profile: Profile, seed: int, views: int = 3) -> Hand:
    """A random hand of ``profile`` on the core: every seat's view held against the reference's
    at ``views`` steps, its settlement against the game's (from the reference's state)."""
    rng = random.Random(seed)
    hand = reversis.new_hand(profile, seed=seed, dealer=rng.randrange(profile.players))
    look = set(rng.sample(range(profile.tricks * profile.players), views))
    step = 0
    while not hand.is_over:
        if step in look:
            for seat in range(profile.players):
                assert hand.view(seat) == reference_view(hand, seat), (profile.name, step)
        legal = hand.legal_moves()
        hand = hand.apply(legal[rng.randrange(len(legal))])
        step += 1
    state = state_of(hand).to_state()
    assert settle(hand) == game_of(profile).settle(state)
    return hand


def flush() -> None:
    """Play a hand of a shipped profile (whose Lowering lives as long as the test module): the
    core's "last one asked for" slots then name its Rules, none of a house profile."""
    play(PROFILES["fournier-1785"], 1, views=1)
    gc.collect()


def test_one_rules_value_has_one_lowering_shared_by_deals_settlement_and_views() -> None:
    flush()
    profile = house(PROFILES["reunion"], 7)
    rules = profile.compiled
    count = core.lowering_count()
    assert core.registered_lowering(rules) is None
    hand = reversis.new_hand(profile, seed=11, dealer=2)
    lowering = core.registered_lowering(rules)
    assert isinstance(lowering, core.Lowering)
    assert core.lowering_count() == count + 1
    # the deal: the pack's shape for dealer 2 and the deal tables; the start: the program
    assert lowering.shapes[3] is not None
    assert len(lowering.tables) == 1
    assert len(lowering.programs) == 1
    assert lowering.settle is None
    # the views count Réunion's points from the settlement's lowering: made once, here
    for _ in range(9):
        hand = hand.apply(hand.legal_moves()[0])
    assert hand.view(0) == reference_view(hand, 0)
    program = lowering.settle
    assert program is not None
    # more deals, settlements and views of the same Rules: the same Lowering, the same pieces
    for seed in range(12, 20):
        play(profile, seed)
        assert core.registered_lowering(rules) is lowering
        assert lowering.settle is program
        assert core.lowering_count() == count + 1
    shapes = lowering.shapes
    assert core.registered_lowering(rules) is lowering
    assert lowering.shapes is shapes
    assert "Lowering" in repr(lowering)


def test_a_house_profile_that_dies_takes_its_lowering_along() -> None:
    flush()
    count = core.lowering_count()
    profile = house(PROFILES["hearts"], 3)
    rules = weakref.ref(profile.compiled)
    hands = [play(profile, seed) for seed in range(3)]
    assert core.lowering_count() == count + 1
    del profile, hands
    flush()
    assert rules() is None
    assert core.lowering_count() == count


def test_300_house_profiles_in_a_row_play_and_the_registry_holds_only_the_living() -> None:
    flush()
    count = core.lowering_count()
    names = sorted(PROFILES)
    made: list[weakref.ref[Any]] = []
    for number in range(300):
        profile = house(PROFILES[names[number % len(names)]], number)
        made.append(weakref.ref(profile.compiled))
        play(profile, number, views=1 if number % 10 else 2)
        del profile
        alive = sum(ref() is not None for ref in made)
        assert count < core.lowering_count() <= count + alive, number
    flush()
    assert all(ref() is None for ref in made)
    assert core.lowering_count() == count


def test_threads_share_one_lowering_per_rules_and_leave_none_behind() -> None:
    flush()
    count = core.lowering_count()
    names = sorted(PROFILES)
    shared = [house(PROFILES[name], 1000 + i) for i, name in enumerate(names)]
    errors: list[BaseException] = []

    def work(worker: int) -> None:
        try:
            for number in range(12):
                play(shared[(worker + number) % len(shared)], number, views=1)
                play(house(PROFILES[names[number % len(names)]], 100 * worker + number), number, 1)
        except BaseException as error:  # reported by the main thread
            errors.append(error)

    threads = [threading.Thread(target=work, args=(worker,)) for worker in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors[0]
    lowerings = [core.registered_lowering(profile.compiled) for profile in shared]
    assert all(lowering is not None for lowering in lowerings)
    assert len({id(lowering) for lowering in lowerings}) == len(shared)
    shared.clear()
    lowerings.clear()
    flush()
    assert core.lowering_count() == count


#: A module-level dict of the core's sources (a ``cdef dict`` or a plain name bound to ``{}``).
MODULE_DICT = re.compile(r"^(?:cdef dict\s+)?(\w+)\s*(?::\s*dict[^=]*)?=\s*\{\}", re.MULTILINE)


def id_keyed(text: str) -> set[str]:
    """The module-level dicts of ``text`` that are read or written with a key made by ``id()``."""
    names = set(MODULE_DICT.findall(text))
    found = set()
    for name in names:
        direct = re.search(rf"\b{name}(?:\.\w+)?[\[(]\s*\(?\s*id\(", text)
        keyed = re.search(r"\bkey\s*=\s*\(?\s*id\(", text) and re.search(
            rf"\b{name}(?:\.\w+)?[\[(]\s*key\b", text
        )
        if direct or keyed:
            found.add(name)
    return found


def test_the_source_test_finds_an_id_keyed_cache() -> None:
    text = "cdef dict _CACHE = {}\n\ncdef f(x):\n    key = (id(x), 1)\n    return _CACHE.get(key)\n"
    assert id_keyed(text) == {"_CACHE"}
    assert id_keyed("_SEEN = {}\ndef f(x):\n    _SEEN[id(x)] = x\n") == {"_SEEN"}
    assert (
        id_keyed("cdef dict _BY_NAME = {}\ndef f(x):\n    return _BY_NAME.get(x.name)\n") == set()
    )


def test_the_core_keeps_one_registry_keyed_by_id() -> None:
    found = {
        (path.name, name)
        for path in sorted(CORE.glob("*.pyx"))
        for name in id_keyed(path.read_text(encoding="utf-8"))
    }
    assert found == {("lowered.pyx", "_LOWERINGS")}
    # and no cache of the core is cleared when full, nor keeps weak references of its own
    for path in sorted(CORE.glob("*.pyx")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"if len\(_[A-Z_]+\) >= \d+:\s*\n\s*_[A-Z_]+\.clear\(\)", text), path
        if path.name != "lowered.pyx":
            assert "weakref.ref(" not in text, path
