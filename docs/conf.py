"""Sphinx configuration of the documentation site.

    python -m sphinx -W --keep-going -E -c docs -b html . docs/_build/html

The site's source is the repository itself (``.``), of which it reads the pages of docs/, README.md,
CHANGELOG.md and benchmarks/README.md: a link between them is the same file path on GitHub and on the
site, and the benchmarks' figures stay in benchmarks/README.md. The guides are Markdown (MyST); the API
reference is the package's docstrings (autodoc), which are reStructuredText.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

project = "scrapy-readability"
author = "scrapy-readability developers"
copyright = "Arc90 Inc, Mozilla and scrapy-readability developers; Apache-2.0"

extensions = ["myst_parser", "sphinx.ext.autodoc"]
source_suffix = {".md": "markdown"}
root_doc = "docs/index"
include_patterns = ["docs/*.md", "README.md", "CHANGELOG.md", "benchmarks/README.md"]
# What is never a page: not walked at all (the virtualenvs are large).
exclude_patterns = ["docs/_build", ".git", ".venv*", "benchmarks/.cache", "build", "dist", "**/__pycache__"]

# GitHub's anchors for headings, so that a link works on GitHub and on the site alike.
myst_heading_anchors = 4

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "show-inheritance": True}
# Scrapy's own docstrings (Spider.start, Item.fields) refer to labels of Scrapy's documentation.
autodoc_inherit_docstrings = False

html_theme = "alabaster"
html_title = "scrapy-readability"
html_extra_path = ["redirect"]  # index.html: the site's root page is docs/index.html
