"""Mozilla test-page cases that our engine does not pass yet.

Each dict maps a case folder name (under ``tests/mozilla_pages/``) to a
one-line reason. A listed case runs as ``xfail(strict=True)``: once it
passes, the XPASS fails the suite until the entry is removed. These lists
should only ever shrink; ``python tests/update_known_failures.py`` shows
which cases fail in which aspect right now.
"""

# test_content: the article DOM differs from expected.html.
CONTENT: dict[str, str] = {}

# test_metadata: title, byline, excerpt, siteName, dir, lang or publishedTime differ.
METADATA: dict[str, str] = {}

# test_readerable: is_probably_readable disagrees with expected-metadata.json.
READERABLE: dict[str, str] = {}
