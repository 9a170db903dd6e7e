"""Write the seed corpus of each harness into fuzz/corpus/NAME (run from the repository root:
``python fuzz/make_corpus.py``). Seeds are real inputs the library makes: documents and records of
random hands of every profile, state strings, and byte strings that drive the harnesses through
whole hands. The files are committed; rerun this after a change of the formats."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import reversis
from reversis import new_hand, settle
from reversis.openspiel import strings
from reversis.records import notation as records

PROFILES = tuple(reversis.available_profiles())
ROOT = Path(__file__).resolve().parent / "corpus"


def _write(name: str, data: bytes) -> None:
    folder = ROOT / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()[:16]).write_bytes(data)


def _hands() -> list[reversis.Hand]:
    rng = random.Random(11)
    out = []
    for name in reversis.available_profiles():
        for stop in (0, 9, 40, 200):
            hand = new_hand(name, seed=rng.randrange(2**32))
            for _ in range(stop):
                if not hand.legal_moves():
                    break
                hand = hand.apply(rng.choice(hand.legal_moves()))
            out.append(hand)
    return out


def main() -> None:
    """Write every harness's seeds."""
    rng = random.Random(5)
    for hand in _hands():
        seat = hand.to_move if hand.to_move is not None else 0
        documents = [(0, hand.to_json()), (1, hand.view(seat).to_json())]
        if hand.is_over:
            documents.append((3, settle(hand).to_json()))
        for reader, text in documents:
            # fuzz_documents reads one byte for the reader, the rest as text
            _write("documents", bytes([reader]) + text.encode())
        _write("records", b"\x01" + records.dump(hand).encode())
        frame = strings.write_state(hand.profile, hand.dealer, 1, (), hand)
        # fuzz_openspiel_strings: the profile, the dealer + 1, the hand number, 1 for "text"
        head = bytes([PROFILES.index(hand.profile.name), hand.dealer + 1, 1, 1])
        _write("openspiel_strings", head + frame.encode())
    for name in ("moves", "worlds", "batches"):
        for _ in range(12):
            _write(name, rng.randbytes(rng.choice((16, 64, 256, 1024))))


if __name__ == "__main__":
    main()
