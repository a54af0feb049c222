"""Sphinx configuration of the crosstable documentation (built in CI with -W: every
warning is an error). The catalogue of criteria is generated from the registry at
build time by the ``catalogue`` extension in ``_ext/``, so it cannot drift from the code."""

from __future__ import annotations

import sys
from importlib.metadata import version as _version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "crosstable"
author = "the crosstable developers"
copyright = "the crosstable developers"
release = _version("crosstable")
extensions = ["sphinx.ext.autodoc", "sphinx.ext.viewcode", "myst_parser", "catalogue"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
html_theme = "furo"
html_title = "crosstable"
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": False}
myst_heading_anchors = 3
suppress_warnings = ["myst.header"]
