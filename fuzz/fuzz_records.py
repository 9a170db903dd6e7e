"""Fuzz the text records (``reversis.records.notation``): text from the fuzzer, and real records with bytes
changed. Typed errors only; a record that replays dumps to a record that replays to an equal hand
or match. Run: ``bash fuzz/run.sh records``."""

from __future__ import annotations

import atheris
from common import random_hand, run, typed_errors_only

with atheris.instrument_imports(include=["reversis"]):
    from reversis.records import notation as records


def test_one_input(data: bytes) -> None:
    """One input of the fuzzer (see the module's docstring)."""
    fdp = atheris.FuzzedDataProvider(data)
    if data[:1] == b"\x01":  # the text itself (the seeds are records so)
        text = data[1:].decode("utf-8", "replace")
    else:  # a real record, then a few characters changed
        text = records.dump(random_hand(fdp, fdp.ConsumeIntInRange(0, 60)))
        chars = list(text)
        for _ in range(fdp.ConsumeIntInRange(0, 4)):
            if not chars:
                break
            at = fdp.ConsumeIntInRange(0, len(chars) - 1)
            chars[at] = fdp.ConsumeUnicodeNoSurrogates(1) or " "
        text = "".join(chars)
    with typed_errors_only():
        value = records.replay(text)
        assert records.replay(records.dump(value)) == value


if __name__ == "__main__":
    run(test_one_input)
