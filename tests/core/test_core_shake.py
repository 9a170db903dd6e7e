"""The core's SHAKE-256 (``_core/chance.pyx``) against :mod:`hashlib`'s, and its seeded shuffle
against the reference engine's (``engine/chance.py``): bit for bit, so that one seed gives one pack
on both engines (issue 25). Seeded-random messages of every length the core takes (0 to 135 bytes)
and every number of words (0 to 64, up to four permutations squeezed); seeds across the whole range
(below and above 2**64, the ends) for every shipped profile's pack.
"""

from __future__ import annotations

import hashlib
import random
import struct

import pytest

from compare import compiled_core
from helpers import sized
from reversis.engine import chance
from reversis.errors import ArgumentError
from reversis.profile import available_profiles, load_profile

core = compiled_core()

#: Messages hashed by both, and seeds shuffled by both per profile.
MESSAGES = sized(3_000, 60_000)
SEEDS = sized(1_000, 20_000)


def hashlib_words(message: bytes, count: int) -> tuple[int, ...]:
    return struct.unpack(f"<{count}Q", hashlib.shake_256(message).digest(8 * count))


def test_the_known_answer() -> None:
    """FIPS 202's SHAKE-256 of the empty message begins 46b9dd2b0ba88d13233b3feb743eeb24."""
    assert core.shake256_words(b"", 2) == (0x138DA80B2BDDB946, 0x24EB3E74EB3F3B23)


def test_every_length_and_count_as_hashlib() -> None:
    draw = random.Random(25)
    for length in range(136):
        message = bytes(draw.randrange(256) for _ in range(length))
        assert core.shake256_words(message, 64) == hashlib_words(message, 64), length
    for _ in range(MESSAGES):
        message = draw.randbytes(draw.randrange(136))
        count = draw.randrange(65)
        assert core.shake256_words(message, count) == hashlib_words(message, count)


@pytest.mark.parametrize("profile", available_profiles())
def test_the_seeded_pack_as_the_reference(profile: str) -> None:
    rules = load_profile(profile)
    draw = random.Random(profile)
    ends = [0, 1, 2**63, 2**64 - 1, 2**64, 2**64 + 1, 2**127, 2**128 - 1]
    seeds = ends + [draw.randrange(2**64) for _ in range(SEEDS)]
    seeds += [draw.randrange(2**128) for _ in range(SEEDS)]
    seeds += [draw.getrandbits(draw.randrange(1, 129)) for _ in range(SEEDS)]
    for seed in seeds:
        assert core.seeded_pack(rules, seed) == chance.seeded_pack(rules, seed), seed


def test_bad_arguments_are_refused() -> None:
    for message, count in ((b"x" * 136, 1), ("text", 1), (bytearray(b"x"), 1), (b"x", 65)):
        with pytest.raises(ArgumentError):
            core.shake256_words(message, count)
    for count in (-1, 1.0, None):
        with pytest.raises(ArgumentError):
            core.shake256_words(b"x", count)
