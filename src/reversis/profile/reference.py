"""The reference of the profile file format, generated from the schema (for the docs)."""

from __future__ import annotations

import types
import typing
from typing import Any, Literal

import attrs

from reversis.profile.schema import SCHEMA_VERSION, Profile
from reversis.profile.sections import (
    BasketRules,
    DealRules,
    ExchangeRules,
    HeartsRules,
    MatchRules,
    MoneyRules,
    OutcomeRules,
    PlayRules,
    PointRules,
    PrivilegeRules,
    QuinolaPool,
    RemiseRules,
    ReunionRules,
    ReversisRules,
    SpecialCard,
    TableRules,
    TetkaRules,
)

__all__ = ["schema_reference"]

_SECTIONS: tuple[tuple[str, type], ...] = (
    ("", Profile),
    ("table", TableRules),
    ("deal", DealRules),
    ("exchange", ExchangeRules),
    ("play", PlayRules),
    ("points", PointRules),
    ("outcome", OutcomeRules),
    ("privilege", PrivilegeRules),
    ("reversis", ReversisRules),
    ("money", MoneyRules),
    ("[specials]", SpecialCard),
    ("basket", BasketRules),
    ("remise", RemiseRules),
    ("[pools]", QuinolaPool),
    ("match", MatchRules),
    ("hearts", HeartsRules),
    ("tetka", TetkaRules),
    ("reunion", ReunionRules),
)


def _type_text(tp: Any, mapping: bool) -> str:
    origin = typing.get_origin(tp)
    if mapping:
        return "table of integers"
    if tp is int:
        return "integer"
    if tp is bool:
        return "boolean"
    if tp is str:
        return "string"
    if origin is Literal:
        return " | ".join(f'``"{c}"``' for c in typing.get_args(tp))
    if origin in (types.UnionType, typing.Union):
        return _type_text(next(a for a in typing.get_args(tp) if a is not type(None)), False)
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return f"list of {_type_text(args[0], False)}"
        return "[" + ", ".join(_type_text(a, False) for a in args) + "]"
    return "table"


def schema_reference() -> str:
    """The reference of the profile file format, as reStructuredText (generated for the docs)."""
    lines: list[str] = []
    for section, cls in _SECTIONS:
        if not section:
            title = "Top-level keys"
        elif section.startswith("["):
            title = f"``[[{section[1:-1]}]]``"
        else:
            title = f"``[{section}]``"
        doc = (cls.__doc__ or "").strip().split("\n")[0]
        lines += [title, "-" * len(title), "", doc, "", ".. list-table::", "   :header-rows: 1",
                  "   :widths: 20 25 55", "", "   * - key", "     - type", "     - meaning"]  # fmt: skip
        if cls is Profile:
            lines += [
                "   * - ``schema`` (optional)",
                "     - integer",
                f"     - The version of the file format: {SCHEMA_VERSION}.",
                "   * - ``base`` (optional)",
                "     - string",
                "     - A shipped profile to start from; the file gives only what differs.",
            ]
        hints = typing.get_type_hints(cls)
        for field in attrs.fields(cls):
            tp = hints[field.name]
            inner = [a for a in typing.get_args(tp) if a is not type(None)]
            if not field.init or attrs.has(tp) or (inner and attrs.has(inner[0])):
                continue
            optional = "" if field.default is attrs.NOTHING else " (optional)"
            meaning = " ".join(field.metadata.get("doc", "").split())
            lines += [
                f"   * - ``{field.name}``{optional}",
                f"     - {_type_text(tp, bool(field.metadata.get('mapping')))}",
                f"     - {meaning}",
            ]
        lines.append("")
    return "\n".join(lines)
