"""Texts full of Markdown syntax that must come out as text, and the escaping that puts them in HTML.

Shared by tests/engine/outputs/test_markdown.py and benchmarks/formats.py.
"""

from __future__ import annotations

TRICKY_TEXTS = [
    "*not emphasis* and **not strong** and _not_ __either__",
    "snake_case_name stays as it is, _but this_ is escaped",
    "`not code` and ``neither``",
    "[not a link](http://x.test) and ![not an image](http://x.test/i.png)",
    "# not a heading",
    "###### not a heading either",
    "#hashtag is fine",
    "1. not a list",
    "2024) not a list",
    "- not a list",
    "+ not a list",
    "* not a list",
    "> not a quote",
    "---",
    "===",
    "***",
    "___",
    "```not a fence",
    "~~~not a fence",
    "~~not struck~~",
    "| not | a | table |",
    "<div>not HTML</div> and <b>not bold</b>",
    "<http://not.an.autolink>",
    "&amp; &copy; &#169; &#xA9; stay as written",
    "back\\slash and \\*escape\\*",
    "trailing backslash\\",
    "1\\. escaped already",
    "    four spaces of indent",
    "\u00a0\u00a0non-breaking indent",
]


def escape_html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
