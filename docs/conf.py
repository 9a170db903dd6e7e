"""Sphinx configuration for the reversis documentation."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent / "src"))

import reversis  # noqa: E402
from reversis.profile import schema_reference  # noqa: E402

project = "reversis"
author = "The reversis developers"
copyright = "2026, The reversis developers"
release = reversis.__version__
version = release

extensions = ["sphinx.ext.autodoc", "sphinx.ext.viewcode"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": False}
exclude_patterns = ["_build", "rules/*.md"]
html_theme = "alabaster"
html_static_path: list[str] = []
suppress_warnings = ["ref.python"]

# The profile reference is generated from the schema, so that it cannot drift from the code.
(HERE / "_generated").mkdir(exist_ok=True)
(HERE / "_generated" / "profile-schema.rst").write_text(schema_reference(), encoding="utf-8")
