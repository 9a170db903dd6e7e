"""Plain data and JSON: the shared rules of every ``to_dict()`` / ``from_dict()`` pair.

Every public value of the library turns into plain data (dicts, lists, strings, numbers, booleans
and ``None``) with ``to_dict()`` and back with ``from_dict()``, and into JSON with ``to_json()`` /
``from_json()``. The top level of a value's data carries ``"schema": 1``; values nested inside
another are written without it. Reading is strict: a missing or unknown key, a wrong type, a value
that is no card or move, raises :class:`~reversis.RecordError` naming the key (a profile's own
errors stay :class:`~reversis.ProfileError`, and a move's text :class:`~reversis.InvalidMoveError`).
Inputs beyond sane sizes are refused before they are read.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import attrs

from reversis.errors import RecordError

__all__ = ["MAX_JSON", "MAX_MONEY", "SCHEMA", "Field", "dumps", "loads"]

#: The version of the data format written by ``to_dict()`` (the ``"schema"`` field).
SCHEMA = 1
#: Largest JSON text accepted, in characters.
MAX_JSON = 5_000_000
#: Largest amount of money (or points) accepted in data, either way: every amount of every profile
#: fits a signed 64-bit integer (profile numbers are at most 10**9, matches at most 1,600 hands).
MAX_MONEY = 10**18
#: Longest list accepted inside data (moves, hands of a match, payments ...).
MAX_ITEMS = 100_000

_T = TypeVar("_T")
_E = TypeVar("_E", bound=enum.Enum)


def dumps(data: Any) -> str:
    """JSON text of plain data (UTF-8 characters kept, keys in the order written)."""
    import json  # noqa: PLC0415 - loaded on first use: ``import reversis`` stays quick (issue 38)

    return json.dumps(data, ensure_ascii=False)


def loads(text: str | bytes, what: str) -> Any:
    """Plain data from JSON text; :class:`~reversis.RecordError` for anything that is not JSON."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(f"{what}: the JSON is not UTF-8 text") from None
    if not isinstance(text, str):
        raise RecordError(f"{what}: JSON must be text, not {type(text).__name__}")
    if len(text) > MAX_JSON:
        raise RecordError(f"{what}: the JSON is longer than {MAX_JSON} characters")
    import json  # noqa: PLC0415 - loaded on first use: ``import reversis`` stays quick (issue 38)

    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{what}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
    except RecursionError:
        raise RecordError(f"{what}: the JSON is nested too deeply") from None
    except ValueError as exc:  # e.g. an integer of more digits than Python converts
        raise RecordError(f"{what}: not valid JSON ({str(exc)[:100]})") from None


def table(
    data: Any, what: str, keys: Sequence[str], optional: Sequence[str] = ()
) -> Mapping[str, Any]:
    """``data`` checked to be a table with exactly ``keys`` (and maybe ``optional`` and ``schema``)."""
    if not isinstance(data, Mapping):
        raise RecordError(f"{what} must be a table of keys, not {kind(data)}")
    if "schema" in data and (data["schema"] != SCHEMA or type(data["schema"]) is not int):
        raise RecordError(
            f"{what}.schema: version {data['schema']!r} is not supported (expected 1)"
        )
    allowed = {*keys, *optional, "schema", "type"}
    for key in data:
        if key not in allowed:
            raise RecordError(f"{what}: unknown key {str(key)[:40]!r}")
    for key in keys:
        if key not in data:
            raise RecordError(f"{what}: the key {key!r} is missing")
    return data


@attrs.frozen
class Field:
    """One key of a document's table, as its reader and its JSON Schema both take it: the
    ``schema`` of its value (a JSON Schema, draft 2020-12) and whether it may be left out.

    A reader declares its keys once, as a table of fields (``{"card": Field(CARD)}``), and reads
    with :func:`read_fields`; :mod:`reversis.records.schemas` makes the document's schema of the same table
    with :func:`object_schema`. The reader checks every value as the field's schema says, and more
    where a schema cannot say it (a seat below the table's number of players, a consistent hand).
    """

    schema: Mapping[str, Any]
    optional: bool = False


def read_fields(data: Any, what: str, fields: Mapping[str, Field]) -> Mapping[str, Any]:
    """``data`` checked to be a table with exactly the keys of ``fields`` (see :func:`table`)."""
    keys = [key for key, field in fields.items() if not field.optional]
    return table(data, what, keys, [key for key, field in fields.items() if field.optional])


def object_schema(
    fields: Mapping[str, Field], tag: str | None = None, title: str | None = None
) -> dict[str, Any]:
    """The JSON Schema of a table of ``fields``, as :func:`table` reads it: no other key but
    ``"schema"`` (the version, 1) and ``"type"`` (``tag`` where the reader checks it with
    :func:`of_type`, anything where it does not)."""
    properties: dict[str, Any] = {
        "schema": {"type": "integer", "const": SCHEMA},
        "type": {"const": tag} if tag is not None else {},
    }
    properties.update({key: dict(field.schema) for key, field in fields.items()})
    out: dict[str, Any] = {"title": title} if title else {}
    out |= {
        "type": "object",
        "properties": properties,
        "required": [key for key, field in fields.items() if not field.optional],
        "additionalProperties": False,
    }
    return out


def integer_schema(low: int | None = None, high: int | None = None) -> dict[str, Any]:
    """The schema of :func:`integer`'s values."""
    out: dict[str, Any] = {"type": "integer"}
    if low is not None:
        out["minimum"] = low
    if high is not None:
        out["maximum"] = high
    return out


#: The schema of :func:`money`'s values.
MONEY_SCHEMA = integer_schema(-MAX_MONEY, MAX_MONEY)
#: The schema of :func:`boolean`'s values.
BOOLEAN_SCHEMA: Mapping[str, Any] = {"type": "boolean"}


def text_schema(limit: int = 1000) -> dict[str, Any]:
    """The schema of :func:`text`'s values."""
    return {"type": "string", "maxLength": limit}


def nullable(schema: Mapping[str, Any]) -> dict[str, Any]:
    """``schema`` or ``null``."""
    return {"anyOf": [{"type": "null"}, dict(schema)]}


def list_schema(item: Mapping[str, Any], limit: int = MAX_ITEMS) -> dict[str, Any]:
    """The schema of :func:`items` (and :func:`listed`): a list of at most ``limit`` ``item``."""
    return {"type": "array", "items": dict(item), "maxItems": limit}


def pair_schema(first: Mapping[str, Any], second: Mapping[str, Any]) -> dict[str, Any]:
    """A list of exactly two items, such as ``[seat, card]``."""
    return {
        "type": "array",
        "prefixItems": [dict(first), dict(second)],
        "items": False,
        "minItems": 2,
    }


def member_schema(kind: type[enum.Enum]) -> dict[str, Any]:
    """The schema of :func:`member`'s values: one of the enumeration's values."""
    return {"enum": [m.value for m in kind]}


def of_type(data: Mapping[str, Any], what: str, expected: str) -> None:
    """Check the optional ``"type"`` tag of a value's data."""
    if "type" in data and data["type"] != expected:
        raise RecordError(f"{what}.type: expected {expected!r}, not {str(data['type'])[:40]!r}")


def integer(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    """An integer within bounds."""
    if type(value) is not int:
        raise RecordError(f"{what} must be an integer, not {kind(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise RecordError(f"{what}: {value} is out of range")
    return value


def money(value: Any, what: str) -> int:
    """An amount of money or points, positive or negative (at most :data:`MAX_MONEY` either way)."""
    return integer(value, what, -MAX_MONEY, MAX_MONEY)


def optional_integer(
    value: Any, what: str, low: int | None = None, high: int | None = None
) -> int | None:
    """``None`` or an integer within bounds."""
    return None if value is None else integer(value, what, low, high)


def boolean(value: Any, what: str) -> bool:
    """A boolean."""
    if type(value) is not bool:
        raise RecordError(f"{what} must be true or false, not {kind(value)}")
    return value


def member(kind: type[_E], value: Any, what: str, noun: str) -> _E:
    """The member of the enumeration ``kind`` whose value is ``value`` (a ``noun`` in messages)."""
    try:
        return kind(value)
    except (ValueError, TypeError):
        raise RecordError(f"{what}: {str(value)[:20]!r} is not {noun}") from None


def text(value: Any, what: str, limit: int = 1000) -> str:
    """A string of at most ``limit`` characters."""
    if not isinstance(value, str):
        raise RecordError(f"{what} must be a string, not {kind(value)}")
    if len(value) > limit:
        raise RecordError(f"{what} is longer than {limit} characters")
    return value


def items(value: Any, what: str, limit: int = MAX_ITEMS) -> list[Any]:
    """A list of at most ``limit`` items."""
    if not isinstance(value, list | tuple):
        raise RecordError(f"{what} must be a list, not {kind(value)}")
    if len(value) > limit:
        raise RecordError(f"{what} has more than {limit} items")
    return list(value)


def listed(
    value: Any, what: str, read: Callable[[Any, str], _T], limit: int = MAX_ITEMS
) -> tuple[_T, ...]:
    """A list of values read one by one with ``read``."""
    return tuple(read(v, f"{what}[{i}]") for i, v in enumerate(items(value, what, limit)))


def identical(a: Any, b: Any) -> bool:
    """Whether two pieces of plain data are equal with the same types throughout (``1.0`` and
    ``True`` are not ``1``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(identical(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(identical(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def kind(value: Any) -> str:
    r"""How a value read from data is named in messages (\"an integer\", \"null\" ...)."""
    return {bool: "a boolean", int: "an integer", str: "a string", float: "a number"}.get(
        type(value), "null" if value is None else f"a {type(value).__name__}"
    )
