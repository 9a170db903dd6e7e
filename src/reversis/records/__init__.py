"""What a hand or a match leaves behind: text records with exact replay, the JSON Schemas of the
documents, and the files a user names.

============================  ======================================================================
module                        what it holds
============================  ======================================================================
:mod:`~.notation`             text records of hands and matches (like PGN for chess), their replay
:mod:`~.schemas`              the JSON Schemas of the documents the library writes and reads
:mod:`~.files`                reading and writing the files a user names: regular files only
============================  ======================================================================

The names of :mod:`~.notation` are re-exported here.
"""

from __future__ import annotations

from reversis.records.notation import (
    MAX_RECORD,
    HandRecord,
    MatchRecord,
    Tag,
    dump,
    load,
    replay,
    stakes_text,
)

__all__ = [
    "MAX_RECORD",
    "HandRecord",
    "MatchRecord",
    "Tag",
    "dump",
    "load",
    "replay",
    "stakes_text",
]
