"""Every value a request brings, checked where it comes in: the ids in a path, the query
parameters, the JSON body. A bad value raises :class:`RefusedError`, which the server answers as a JSON
error (``{"error": "…"}``) with its status: 404 for a path that names nothing, 400 for a bad query
or body, 429 and 503 for the limits.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from starlette.datastructures import QueryParams
from starlette.requests import ClientDisconnect, Request

__all__ = [
    "STATUSES",
    "RefusedError",
    "hand_id",
    "json_object",
    "page_size",
    "query",
    "read_body",
    "table_id",
    "tables_cursor",
    "token",
    "whole_number",
]

#: The statuses a table may have (``Table.status``), for filtering the list of tables.
STATUSES = ("waiting", "playing", "between", "deciding", "over")

_TABLE_ID = re.compile(r"[0-9a-f]{12}")
#: A hand's id: a positive whole number that SQLite's integers hold (below 2**63).
_HAND_ID = re.compile(r"[1-9][0-9]{0,17}")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
_NUMBER = re.compile(r"[0-9]{1,18}")
_CURSOR = re.compile(r"([0-9]{1,15})-([0-9a-f]{12})")


class RefusedError(Exception):
    """A request refused: the HTTP ``status``, the ``message`` that says why, and headers (such
    as ``Retry-After``)."""

    def __init__(self, status: int, message: str, headers: Mapping[str, str] | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = dict(headers or {})


def _shown(value: str) -> str:
    return repr(value[:20] + ("…" if len(value) > 20 else ""))


def table_id(value: str) -> str:
    """A table's id from a path: twelve lowercase hexadecimal digits (else 404)."""
    if not _TABLE_ID.fullmatch(value):
        raise RefusedError(404, "no such table")
    return value


def hand_id(value: str) -> int:
    """A finished hand's id from a path: a positive whole number below 10**18 (else 404)."""
    if not _HAND_ID.fullmatch(value):
        raise RefusedError(404, "no such hand")
    return int(value)


def query(params: QueryParams, allowed: tuple[str, ...]) -> dict[str, str]:
    """The query parameters, each at most once and each one of ``allowed`` (else 400)."""
    found: dict[str, str] = {}
    for key, value in params.multi_items():
        if key not in allowed:
            names = ", ".join(allowed) if allowed else "none"
            raise RefusedError(400, f"unknown query parameter {_shown(key)} (allowed: {names})")
        if key in found:
            raise RefusedError(400, f"the query parameter {key!r} is given twice")
        found[key] = value
    return found


def whole_number(value: str, name: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` written in decimal digits (else 400)."""
    if not _NUMBER.fullmatch(value) or not low <= int(value) <= high:
        raise RefusedError(
            400, f"{name} is a whole number from {low} to {high}, not {_shown(value)}"
        )
    return int(value)


def page_size(value: str | None, default: int, maximum: int) -> int:
    """The ``limit`` of a page: ``default`` if not given, else 1 to ``maximum``."""
    return default if value is None else whole_number(value, "the limit", 1, maximum)


def tables_cursor(value: str | None) -> tuple[int, str] | None:
    """The ``cursor`` of a page of tables, as the previous page's ``next`` gave it: the creation
    time (ms) and id of the last table shown."""
    if value is None:
        return None
    found = _CURSOR.fullmatch(value)
    if found is None:
        raise RefusedError(400, f"{_shown(value)} is not a cursor (take the 'next' of a page)")
    return int(found.group(1)), found.group(2)


def token(value: str | None) -> str:
    """A seat's token (``""`` if none): 1 to 64 letters, digits, ``-`` or ``_`` (else 400)."""
    if value is None:
        return ""
    if not _TOKEN.fullmatch(value):
        raise RefusedError(400, "a token is 1 to 64 letters, digits, '-' or '_'")
    return value


def json_object(data: bytes | str, allowed: tuple[str, ...]) -> dict[str, Any]:
    """A JSON object whose keys are among ``allowed`` (else 400); empty data is ``{}``."""
    if not data:
        return {}
    try:
        value = json.loads(data)
    except RecursionError:
        raise RefusedError(400, "the request is nested too deeply") from None
    except ValueError:
        raise RefusedError(400, "the request is not JSON") from None
    if not isinstance(value, dict):
        raise RefusedError(400, "the request must be a JSON object")
    unknown = sorted(str(k) for k in value if k not in allowed)
    if unknown:
        names = ", ".join(allowed) if allowed else "none"
        raise RefusedError(400, f"unknown field {_shown(unknown[0])} (the fields: {names})")
    return value


async def read_body(request: Request, limit: int, allowed: tuple[str, ...]) -> dict[str, Any]:
    """The request's JSON object, at most ``limit`` bytes, with keys among ``allowed``."""
    data = b""
    try:
        async for chunk in request.stream():
            data += chunk
            if len(data) > limit:
                raise RefusedError(400, f"the request is too large (the limit is {limit} bytes)")
    except ClientDisconnect:
        raise RefusedError(400, "the client went away") from None
    return json_object(data, allowed)
