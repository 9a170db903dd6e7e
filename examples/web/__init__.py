"""A web table for Reversis and its family: a Starlette server holding the authoritative hands and
matches, a plain HTML/CSS/JavaScript page, SQLite storage. Start it with ``python -m examples.web``
from the repository's root (see README.md)."""
