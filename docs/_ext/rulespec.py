"""Sphinx glue for the rule specifications (``docs/rules/*.md``, rendered by MyST).

* Every section of a spec page gets a stable anchor (``#section-9``; see :mod:`citations`) and a
  label ``<spec>-section-9``, so that the role ``:rule:`fournier-1785 §9``` links to it and a
  citation of a missing section is a build warning (an error under ``-W``).
* Plain-text citations in the API docstrings (``fournier-1785 §9``) become such links.
* A spec whose game no shipped profile plays yet is marked "specification; implementation in
  progress" at the top of its page; the page ``_generated/rules-status.rst`` lists each spec with
  the shipped profiles that follow it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from citations import CITATION, SPECS, anchor, citations, slug, spec_of
from docutils import nodes
from ruleplaces import places, sections
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

import reversis

logger = logging.getLogger(__name__)

#: The spec each shipped profile follows, when its name does not say it.
PROFILE_SPECS = {"fournier-1785-3p": "fournier-1785", "omnibus-hearts": "hearts"}


def shipped_by_spec() -> dict[str, list[str]]:
    """Each spec and the shipped profiles that follow it (none: not implemented yet)."""
    found: dict[str, list[str]] = {spec: [] for spec in SPECS}
    for name in reversis.available_profiles():
        spec = PROFILE_SPECS.get(name, name)
        if spec in found:
            found[spec].append(name)
    return found


class RuleAnchors(SphinxTransform):
    """Give each section of a spec page, and each item of a section's numbered list, its anchor."""

    default_priority = 500

    def apply(self, **kwargs: Any) -> None:
        """Mark the sections and list items of a spec page."""
        docname = self.env.docname
        if not docname.startswith("rules/"):
            return
        spec = docname.split("/", 1)[1]
        if spec not in SPECS:
            return
        for section in self.document.findall(nodes.section):
            if isinstance(section.parent, nodes.document):
                continue  # the page's title
            title = section.next_node(nodes.title)
            heading = title.astext() if title is not None else ""
            number = re.match(r"(\d+)\.\s", heading)
            base = anchor(number[1]) if number else slug(heading)
            self._mark(section, spec, base, heading)
            for child in section.children:
                if isinstance(child, nodes.enumerated_list):
                    start = int(child.get("start", 1))
                    for i, item in enumerate(child.children):
                        self._mark(item, spec, f"{base}-{start + i}", "")

    def _mark(self, node: nodes.Element, spec: str, node_id: str, heading: str) -> None:
        owner = self.document.ids.get(node_id)
        if owner is not None and owner is not node:
            logger.warning(
                "%s: the anchor #%s is taken (%s)", spec, node_id, heading, location=node
            )
            return
        if node_id in node["ids"]:
            node["ids"].remove(node_id)
        node["ids"].insert(0, node_id)
        self.document.ids[node_id] = node
        label = f"{spec}-{node_id}"
        node["names"].append(label)
        self.document.nameids[label] = node_id
        self.document.nametypes[label] = True


def _target(text: str) -> tuple[str, str]:
    """``"§9 <fournier-1785 §9>"`` → ``("§9", "fournier-1785 §9")``; a bare citation is its own
    title."""
    explicit = re.fullmatch(r"(.*?)\s*<(.+)>", text, re.S)
    if explicit:
        return explicit[1], explicit[2]
    return text, text


def rule_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Any,
    options: dict[str, Any] | None = None,
    content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:rule:`fournier-1785 §9``` (or ``:rule:`§9 <fournier-1785 §9>```): a link to that
    section of the spec's page."""
    title, target = _target(text)
    found = list(citations(target))
    if len(found) != 1:
        message = inliner.reporter.error(
            f"a rule citation is a spec and one section, e.g. 'fournier-1785 §9': {target!r}",
            line=lineno,
        )
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    spec, section, _ = found[0]
    node = addnodes.pending_xref(
        rawtext,
        refdomain="std",
        reftype="ref",
        reftarget=f"{spec}-{anchor(section)}",
        refexplicit=True,
        refwarn=True,
    )
    node += nodes.inline(title, title, classes=["xref", "std", "std-ref", "rule"])
    return [node], []


def _link_line(line: str) -> str:
    """A docstring line with its plain-text citations made into ``:rule:`` links (not inside
    ````literals```` or other roles)."""
    parts = re.split(r"(``.*?``|:[a-z:]+:`[^`]*`|`[^`]*`)", line)
    for i in range(0, len(parts), 2):
        parts[i] = CITATION.sub(_link_match, parts[i])
    return "".join(parts)


def _link_match(match: re.Match[str]) -> str:
    spec = spec_of(match["name"])
    if spec is None:
        return match[0]
    chain = match["chain"]
    first = re.match(r"§\s?[\d.]+", chain)
    assert first is not None
    out = [f":rule:`{match['name']} {first[0]}`"]
    rest = chain[first.end() :]
    out.append(
        re.sub(
            r"§\s?(\d+(?:\.\d+)*)",
            lambda m: f":rule:`{m[0]} <{spec} §{m[1]}>`",
            rest,
        )
    )
    return "".join(out)


def link_docstring(
    app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """Make the citations of a docstring links to the spec pages (lines of ordinary text only)."""
    for i, line in enumerate(lines):
        if not line or line[0].isspace() or line.startswith((">>>", "...")):
            continue
        lines[i] = _link_line(line)


def mark_in_progress(app: Sphinx, docname: str, source: list[str]) -> None:
    """Mark the page of a spec that no shipped profile follows yet."""
    if not docname.startswith("rules/"):
        return
    spec = docname.split("/", 1)[1]
    if spec not in SPECS or shipped_by_spec()[spec]:
        return
    text = source[0]
    first, _, rest = text.partition("\n")
    banner = (
        "\n\n```{admonition} Specification; implementation in progress\n"
        ":class: warning\n\n"
        f"No shipped profile plays `{spec}` yet: this page is the specification the library is "
        "being built to. See {doc}`index`.\n```\n"
    )
    source[0] = first + banner + rest


def write_status(app: Sphinx) -> None:
    """``_generated/rules-status.rst``: each spec, its page and the shipped profiles that follow it."""
    rows = [
        ".. list-table::",
        "   :header-rows: 1",
        "   :widths: 30 40 30",
        "",
        "   * - specification",
        "     - shipped profiles",
        "     - status",
    ]
    for spec, profiles in shipped_by_spec().items():
        rows += [
            f"   * - :doc:`{spec} <{spec}>`",
            "     - " + (", ".join(f"``{p}``" for p in profiles) or "none yet"),
            "     - "
            + ("implemented" if profiles else "specification; implementation in progress"),
        ]
    out = Path(app.srcdir) / "_generated" / "rules-status.rst"
    out.parent.mkdir(exist_ok=True)
    text = "\n".join(rows) + "\n"
    if not out.exists() or out.read_text(encoding="utf-8") != text:
        out.write_text(text, encoding="utf-8")


def write_places(app: Sphinx) -> None:
    """``_generated/rule-places.rst``: for each spec, each section and the places that implement
    it (see :mod:`ruleplaces`)."""
    cited = places()
    rows: list[str] = []
    for spec in SPECS:
        title = f"``{spec}``"
        rows += [title, "-" * len(title), "", ".. list-table::", "   :header-rows: 1",
                 "   :widths: 8 32 60", "", "   * - §", "     - section", "     - where"]  # fmt: skip
        for section in sections(spec):
            where = cited.get((spec, section.number), [])
            shown = ", ".join(f"``{_place(p.module, p.name)}``" for p in where)
            rows += [
                f"   * - :rule:`{spec} §{section.number}`",
                f"     - {_plain(section.heading)}",
                "     - " + (shown or "(no rule of the library: see the section)"),
            ]
        rows.append("")
    out = Path(app.srcdir) / "_generated" / "rule-places.rst"
    out.parent.mkdir(exist_ok=True)
    text = "\n".join(rows) + "\n"
    if not out.exists() or out.read_text(encoding="utf-8") != text:
        out.write_text(text, encoding="utf-8")


def _place(module: str, name: str) -> str:
    """``module.function``, ``module [table]`` or the module alone."""
    if not name:
        return module
    return f"{module} {name}" if name.startswith("[") else f"{module}.{name}"


def _plain(heading: str) -> str:
    """A spec's heading as plain reST text (its Markdown marks dropped)."""
    return re.sub(r"[`*]", "", heading)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the transform, the role and the event handlers."""
    app.add_transform(RuleAnchors)
    app.add_role("rule", rule_role)
    app.connect("autodoc-process-docstring", link_docstring)
    app.connect("source-read", mark_in_progress)
    app.connect("builder-inited", write_status)
    app.connect("builder-inited", write_places)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
