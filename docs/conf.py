"""Sphinx configuration for the reversis documentation."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE / "_ext"))

import reversis  # noqa: E402
from reversis.profile.reference import schema_reference  # noqa: E402

project = "reversis"
author = "The reversis developers"
copyright = "2026, The reversis developers"
release = reversis.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "myst_parser",
    "sphinx_copybutton",
    "rulespec",  # _ext/rulespec.py: anchors and links for the rule specifications
    "howto",  # _ext/howto.py: the pictures and the example hand of "How to play"
    "schemafields",  # _ext/schemafields.py: the top-level fields of each JSON Schema, a table
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "_ext", "_generated", "using"]  # using/: included by using.rst
nitpicky = False

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"show-inheritance": False}
# The adapters' frameworks are optional extras: the docs build without them.
autodoc_mock_imports = ["pyspiel", "open_spiel", "pettingzoo", "gymnasium", "numpy"]

# The rule specifications are Markdown, rendered by MyST: GitHub-style tables, no raw HTML needed.
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 0

html_theme = "furo"
html_title = f"reversis {release}"
html_static_path = ["_static"]
html_css_files = ["reversis.css"]
html_theme_options = {
    "source_repository": "https://github.com/reversis/reversis",
    "source_branch": "main",
    "source_directory": "docs/",
}

# Copy the code of examples without their prompts and outputs.
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True

# The profile reference is generated from the schema, so that it cannot drift from the code.
(HERE / "_generated").mkdir(exist_ok=True)
_schema = HERE / "_generated" / "profile-schema.rst"
_text = schema_reference()
if not _schema.exists() or _schema.read_text(encoding="utf-8") != _text:
    _schema.write_text(_text, encoding="utf-8")

# The JSON Schemas of the documents (reversis.records.schemas), published beside the pages as
# schemas/<kind>.json (docs/schemas.rst links to them).
from reversis.records import schemas  # noqa: E402

schemas.write(HERE / "_generated" / "extra" / "schemas")
html_extra_path = ["_generated/extra"]
