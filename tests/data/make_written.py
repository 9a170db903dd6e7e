"""Written by the version before the engine's reshape (main at bb1a406): hands and matches of every
shipped profile as JSON and text records, to read back with later versions."""

import json
import random
import sys

import reversis
from reversis.records import notation as records


def main(path: str) -> None:
    """Write the hands, records and matches to ``path``."""
    out = {"hands": [], "records": [], "matches": []}
    for name in reversis.available_profiles():
        p = reversis.load_profile(name)
        r = random.Random(2024)
        for i in range(6):
            h = reversis.new_hand(p, seed=500 + i, dealer=i % p.players)
            stop = r.randrange(0, 60) if i % 2 else 10**6
            k = 0
            while not h.is_over and k < stop:
                h = h.apply(r.choice(h.legal_moves()))
                k += 1
            out["hands"].append(
                {
                    "profile": name,
                    "json": h.to_json(),
                    "settlement": reversis.settle(h).to_dict(),
                    "events": [e.to_dict() for e in h.events],
                }
            )
            out["records"].append({"profile": name, "text": records.dump(h)})
        m = reversis.new_match(p, seed=77)
        rr = random.Random(5)
        for _ in range(3):
            if m.is_over or m.hand is None:
                break
            h = m.hand
            while not h.is_over:
                h = h.apply(rr.choice(h.legal_moves()))
            m = m.finish_hand(h)
        out["matches"].append({"profile": name, "json": m.to_json()})
    with open(path, "w", encoding="utf-8") as file:
        json.dump(out, file, indent=0, sort_keys=True)
    print(len(out["hands"]), len(out["matches"]))


if __name__ == "__main__":
    main(sys.argv[1])
