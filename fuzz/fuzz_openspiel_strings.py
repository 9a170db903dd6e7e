"""Fuzz the OpenSpiel state strings (``reversis.openspiel.strings``): frames and state texts from
the fuzzer, or real ones with characters changed, read back into actions. Typed errors only; a
string that reads back gives actions that are each in the game's range. Run:
``bash fuzz/run.sh openspiel_strings``."""

from __future__ import annotations

import atheris
from common import PROFILES, random_hand, run, typed_errors_only

with atheris.instrument_imports(include=["reversis"]):
    import reversis
    from reversis.openspiel import strings


def test_one_input(data: bytes) -> None:
    """One input of the fuzzer (see the module's docstring)."""
    if len(data) < 4:
        return
    profile = reversis.load_profile(PROFILES[data[0] % len(PROFILES)])
    dealer = data[1] % (profile.players + 2) - 1
    number = data[2] % 4
    if data[3] % 2:  # the text itself (the seeds are real state strings so)
        text = data[4:].decode("utf-8", "replace")
    else:
        fdp = atheris.FuzzedDataProvider(data[4:])
        hand = random_hand(fdp, fdp.ConsumeIntInRange(0, 60))
        profile = hand.profile
        text = strings.write_state(profile, hand.dealer, 1, (), hand)
        chars = list(text)
        for _ in range(fdp.ConsumeIntInRange(0, 3)):
            chars[fdp.ConsumeIntInRange(0, len(chars) - 1)] = (
                fdp.ConsumeUnicodeNoSurrogates(1) or "]"
            )
        text = "".join(chars)
    with typed_errors_only():
        strings.read_frame(text)
    with typed_errors_only():
        actions = strings.state_actions(profile, dealer, number, text)
        assert all(isinstance(a, int) and a >= 0 for a in actions)


if __name__ == "__main__":
    run(test_one_input)
