"""A readable view of the JSON Schemas: a table of a document's top-level fields.

``.. schema-fields:: KIND`` (a kind of :data:`reversis.records.schemas.KINDS`) writes a table of
the document's top-level fields, each with its type in a few words and whether it is required,
made from :func:`reversis.records.schemas.schema` at build time (so it cannot drift from the
schema file published beside the pages). A profile, which is a full table or a house profile on a
``base``, gets the fields of both.
"""

from __future__ import annotations

import json
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from reversis.cards import CARD_SCHEMA
from reversis.moves import move_schema
from reversis.records import schemas

#: Bounds this wide are left out of a type's words (money: ±10^18, a seed: 2^128).
WIDE = 10**9


def _bounds(schema: dict[str, Any]) -> str:
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is None or high is None or abs(low) >= WIDE or abs(high) >= WIDE:
        return ""
    return f" {low}–{high}"


def kind_of(schema: dict[str, Any]) -> str:
    """A JSON Schema's type in a few words: ``integer 0–7``, ``list of cards``, ``null or move``."""
    if schema == CARD_SCHEMA:
        return "card"
    if "pattern" in schema and schema == move_schema(schema.get("maxLength", 0)):
        return "move"
    if not schema:
        return "any"
    if "const" in schema:
        return json.dumps(schema["const"], ensure_ascii=False)
    if "enum" in schema:
        return "one of " + ", ".join(json.dumps(v, ensure_ascii=False) for v in schema["enum"])
    if "title" in schema and ("anyOf" in schema or "oneOf" in schema):
        return f"object ({schema['title']})"
    for key in ("anyOf", "oneOf"):
        if key in schema:
            options = list(dict.fromkeys(kind_of(s) for s in schema[key]))
            if len(options) > 3:
                return f"one of {len(options)} kinds of object"
            return " or ".join(options)
    kind = schema.get("type")
    if kind == "array":
        if "prefixItems" in schema:
            return "pair (" + ", ".join(kind_of(s) for s in schema["prefixItems"]) + ")"
        items = kind_of(schema.get("items", {}))
        first, _, rest = items.partition(" ")
        if first in ("card", "move", "integer", "pair", "text"):
            items = f"{first}s {rest}".strip()
        return f"list of {items}"
    if kind == "object":
        title = schema.get("title")
        return f"object ({title})" if title else "object"
    if kind == "integer":
        return "integer" + _bounds(schema)
    if kind == "string":
        return "text" + (
            f", at most {schema['maxLength']} characters" if "maxLength" in schema else ""
        )
    return str(kind)


def field_rows(kind: str) -> list[tuple[str, str, str]]:
    """The top-level fields of the document ``kind``: (name, type, required)."""
    schema = schemas.schema(kind)
    branches = schema.get("anyOf", [schema])
    rows: dict[str, tuple[str, str, str]] = {}
    for branch in branches:
        required = set(branch.get("required", ()))
        for name, value in branch.get("properties", {}).items():
            if name not in rows:
                rows[name] = (name, kind_of(value), "yes" if name in required else "no")
            elif name in required and len(branches) > 1:
                rows[name] = (name, rows[name][1], "yes, in a full profile")
    if len(branches) > 1:  # a full profile or a house profile on its base
        rows = {
            k: (n, t, "yes, in a full profile" if r == "yes" else r)
            for k, (n, t, r) in rows.items()
        }
        rows["base"] = ("base", rows["base"][1], "yes, in a house profile")
    return list(rows.values())


class SchemaFields(SphinxDirective):
    """``.. schema-fields:: KIND``: the table of a document's top-level fields."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        """The table, from the schema of the kind named."""
        kind = self.arguments[0]
        if kind not in schemas.KINDS:
            raise self.error(f"schema-fields: no document kind {kind!r}")
        table = nodes.table(classes=["schema-fields"])
        group = nodes.tgroup(cols=3)
        table += group
        for width in (2, 5, 2):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        group += head
        body = nodes.tbody()
        group += body
        for target, cells in (
            (head, ("field", "type", "required")),
            *((body, row) for row in field_rows(kind)),
        ):
            line = nodes.row()
            for k, text in enumerate(cells):
                entry = nodes.entry()
                para = nodes.paragraph()
                para += nodes.literal(text, text) if k == 0 else nodes.Text(text)
                entry += para
                line += entry
            target += line
        return [table]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("schema-fields", SchemaFields)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
