"""Plain data to frozen ``attrs`` sections and back, with errors naming the key (internal).

The profile's schema is its ``attrs`` classes: :func:`build` reads data (a parsed TOML file) into
them, checking every key, type and range, and :func:`unbuild` turns them back into data; :func:`to_toml`
writes that data as TOML text that reads back equal.
"""

from __future__ import annotations

import types
import typing
import unicodedata
from collections.abc import Mapping
from typing import Any, Literal

import attrs

from reversis.errors import ProfileError

__all__ = ["build", "doc", "mapping", "merge", "schema_of", "to_toml", "unbuild"]

#: Unicode categories refused in a profile's text: control and format characters, line and
#: paragraph separators, surrogates and unassigned code points (they do not survive every format).
_UNPRINTABLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: Largest integer accepted in a profile (so that every amount fits a 64-bit integer).
MAX_NUMBER = 10**9


def doc(text: str) -> dict[str, Any]:
    """The metadata of a field: its documentation."""
    return {"doc": text}


def mapping(text: str) -> dict[str, Any]:
    """The metadata of a field read from a TOML table of keys (a mapping)."""
    return {"doc": text, "mapping": True}


def merge(into: dict[str, Any], changes: Mapping[str, Any]) -> None:
    """Merge ``changes`` into ``into``, table by table."""
    for key, value in changes.items():
        if isinstance(value, Mapping) and isinstance(into.get(key), dict):
            merge(into[key], value)
        else:
            into[key] = value


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _type_name(value: object) -> str:
    return {bool: "a boolean", int: "an integer", str: "a string", float: "a number"}.get(
        type(value), f"a {type(value).__name__}"
    )


def _convert(tp: Any, value: Any, path: str, mapping: bool = False) -> Any:
    origin = typing.get_origin(tp)
    if tp is int:
        if type(value) is not int:
            raise ProfileError(path, f"must be an integer, not {_type_name(value)}")
        if abs(value) > MAX_NUMBER:
            raise ProfileError(path, f"{value} is out of range")
        return value
    if tp is bool:
        if type(value) is not bool:
            raise ProfileError(path, f"must be true or false, not {_type_name(value)}")
        return value
    if tp is str:
        if not isinstance(value, str):
            raise ProfileError(path, f"must be a string, not {_type_name(value)}")
        if len(value) > 2000:
            raise ProfileError(path, "is too long")
        bad = next((c for c in value if unicodedata.category(c) in _UNPRINTABLE), None)
        if bad is not None:
            raise ProfileError(
                path, f"holds the character U+{ord(bad):04X}: no control characters or line breaks"
            )
        return value
    if origin is Literal:
        choices = typing.get_args(tp)
        if value not in choices or type(value) is not str:
            raise ProfileError(
                path, f"must be one of {', '.join(map(repr, choices))}, not {value!r}"
            )
        return value
    if origin in (types.UnionType, typing.Union):
        options = [a for a in typing.get_args(tp) if a is not type(None)]
        return _convert(options[0], value, path)
    if attrs.has(tp):
        return build(tp, value, path)
    if origin is tuple:
        args = typing.get_args(tp)
        if mapping:
            if not isinstance(value, Mapping):
                raise ProfileError(path, f"must be a table of keys, not {_type_name(value)}")
            key_type, value_type = typing.get_args(args[0])
            return tuple(
                sorted(
                    (_convert(key_type, k, path), _convert(value_type, v, _join(path, str(k))))
                    for k, v in value.items()
                )
            )
        if not isinstance(value, list | tuple):
            raise ProfileError(path, f"must be a list, not {_type_name(value)}")
        if len(value) > 100:
            raise ProfileError(path, "has too many items")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(args[0], v, f"{path}[{i}]") for i, v in enumerate(value))
        if len(value) != len(args):
            raise ProfileError(path, f"must be a list of {len(args)} items, not {len(value)}")
        pairs = enumerate(zip(args, value, strict=True))
        return tuple(_convert(a, v, f"{path}[{i}]") for i, (a, v) in pairs)
    raise AssertionError(f"unsupported schema type {tp!r}")  # pragma: no cover


def build(cls: type, data: Any, path: str) -> Any:
    """An instance of the ``attrs`` class ``cls`` from ``data``; ``path`` names it in errors."""
    if not isinstance(data, Mapping):
        raise ProfileError(path, f"must be a table of keys, not {_type_name(data)}")
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in attrs.fields(cls) if f.init}
    unknown = [k for k in data if k not in fields]
    if unknown:
        known = ", ".join(fields)
        raise ProfileError(_join(path, str(unknown[0])), f"unknown key (this table takes: {known})")
    kwargs: dict[str, Any] = {}
    for name, field in fields.items():
        if name in data:
            kwargs[name] = _convert(
                hints[name], data[name], _join(path, name), bool(field.metadata.get("mapping"))
            )
        elif field.default is attrs.NOTHING:
            raise ProfileError(_join(path, name), "is missing")
    try:
        return cls(**kwargs)
    except ProfileError as exc:
        if path and not exc.key.startswith(path):
            raise ProfileError(_join(path, exc.key), exc.problem) from None
        raise


def _schema_of_type(tp: Any, partial: bool, mapping: bool = False) -> dict[str, Any]:
    """The JSON Schema of what :func:`_convert` accepts for ``tp`` (the same dispatch)."""
    origin = typing.get_origin(tp)
    if tp is int:
        return {"type": "integer", "minimum": -MAX_NUMBER, "maximum": MAX_NUMBER}
    if tp is bool:
        return {"type": "boolean"}
    if tp is str:
        return {"type": "string", "maxLength": 2000}
    if origin is Literal:
        return {"enum": list(typing.get_args(tp))}
    if origin in (types.UnionType, typing.Union):
        options = [a for a in typing.get_args(tp) if a is not type(None)]
        return _schema_of_type(options[0], partial)
    if attrs.has(tp):
        return schema_of(tp, partial=partial)
    if origin is tuple:
        args = typing.get_args(tp)
        if mapping:
            key_type, value_type = typing.get_args(args[0])
            return {
                "type": "object",
                "propertyNames": _schema_of_type(key_type, partial),
                "additionalProperties": _schema_of_type(value_type, partial),
            }
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _schema_of_type(args[0], partial), "maxItems": 100}
        return {
            "type": "array",
            "prefixItems": [_schema_of_type(a, partial) for a in args],
            "items": False,
            "minItems": len(args),
        }
    raise AssertionError(f"unsupported schema type {tp!r}")  # pragma: no cover


def schema_of(cls: type, *, partial: bool = False) -> dict[str, Any]:
    """The JSON Schema of the data :func:`build` reads into the ``attrs`` class ``cls``: its fields
    (no other key), their types and ranges, the fields without a default required (none with
    ``partial``: data merged over a ``base`` profile). Rules across fields (a deal that fits the
    pack) are checked by the profile's own checks, which no schema says."""
    hints = typing.get_type_hints(cls)
    properties: dict[str, Any] = {}
    required = []
    for field in attrs.fields(cls):
        if not field.init:
            continue
        item = _schema_of_type(hints[field.name], partial, bool(field.metadata.get("mapping")))
        text = field.metadata.get("doc")
        properties[field.name] = {"description": text, **item} if text else item
        if field.default is attrs.NOTHING and not partial:
            required.append(field.name)
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


def unbuild(value: Any) -> Any:
    """Plain data of an ``attrs`` value (fields left at ``None`` are left out)."""
    if attrs.has(type(value)):
        out: dict[str, Any] = {}
        for field in attrs.fields(type(value)):
            if not field.init:
                continue
            item = getattr(value, field.name)
            if item is None:
                continue
            if field.metadata.get("mapping"):
                out[field.name] = dict(item)
            else:
                out[field.name] = unbuild(item)
        return out
    if isinstance(value, tuple):
        return [unbuild(v) for v in value]
    return value


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        return f'"{escaped}"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(value)  # pragma: no cover


def _toml_key(key: str) -> str:
    bare = key.replace("_", "").replace("-", "")
    return key if bare.isascii() and bare.isalnum() else _toml_value(key)


def to_toml(data: dict[str, Any]) -> str:
    """TOML text of plain data: top-level keys, then a table (or array of tables) per section."""
    lines: list[str] = []
    tables: list[tuple[str, Any]] = []
    for key, value in data.items():
        if isinstance(value, dict) or (
            isinstance(value, list) and value and all(isinstance(v, dict) for v in value)
        ):
            tables.append((key, value))
        else:
            lines.append(f"{_toml_key(key)} = {_toml_value(value)}")
    for key, value in tables:
        for table in value if isinstance(value, list) else [value]:
            lines.append("")
            lines.append(f"[[{key}]]" if isinstance(value, list) else f"[{key}]")
            lines.extend(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in table.items())
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# Checks of combinations
# ---------------------------------------------------------------------------------------------
