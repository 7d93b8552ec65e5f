"""Metadata: the title heuristics, JSON-LD, and ``<meta>`` tags.

Runs before the content is grabbed, on the whole document, as in Readability.js.
JSON-LD is read through small helpers that reproduce JavaScript's property
access, so malformed data is skipped exactly where Readability.js would throw
and skip it.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

from ..html.dom import Element, inner_text, iter_tags, js_length, js_trim, text_content
from ..html.urls import is_absolute_url
from .constants import HTML_ESCAPE_MAP, JS_S, REGEXPS, TITLE_SEPARATORS


@dataclass
class Metadata:
    """What ``_getArticleMetadata`` (and ``_getJSONLD``) return."""

    title: str | None = None
    byline: str | None = None
    excerpt: str | None = None
    site_name: str | None = None
    published_time: str | None = None


# --- Title ---------------------------------------------------------------

_ASCII_WS_RUN = re.compile(r"[\t\n\f\r ]+")
_SEPARATOR = re.compile(JS_S + "[" + TITLE_SEPARATORS + "]" + JS_S)
_HIERARCHICAL_SEPARATOR = re.compile(JS_S + r"[\\/>»]" + JS_S)
_FIRST_PART = re.compile("^[^" + TITLE_SEPARATORS + "]*[" + TITLE_SEPARATORS + "]", re.IGNORECASE)


def document_title(root: Element) -> str:
    """``document.title``: the first ``<title>``'s text, ASCII whitespace stripped and collapsed."""
    for title in root.iter("title"):
        text = (title.text or "") + "".join(child.tail or "" for child in title)
        return _ASCII_WS_RUN.sub(" ", text).strip("\t\n\f\r ")
    return ""


def _word_count(text: str) -> int:
    """``wordCount`` in ``_getArticleTitle``: the pieces between runs of whitespace."""
    return len(REGEXPS.whitespaceRun.split(text))


def get_article_title(root: Element) -> str:
    """Port of ``_getArticleTitle``: the ``<title>``, minus site names and separators."""
    cur_title = orig_title = js_trim(document_title(root))
    had_hierarchical_separators = False

    if _SEPARATOR.search(cur_title):
        had_hierarchical_separators = bool(_HIERARCHICAL_SEPARATOR.search(cur_title))
        last_separator = list(_SEPARATOR.finditer(orig_title))[-1]
        cur_title = orig_title[: last_separator.start()]
        # If the resulting title is too short, remove the first part instead.
        if _word_count(cur_title) < 3:
            cur_title = _FIRST_PART.sub("", orig_title, count=1)
    elif ": " in cur_title:
        # A heading with exactly this text suggests the whole thing is the title.
        trimmed = js_trim(cur_title)
        if not any(js_trim(text_content(h)) == trimmed for h in iter_tags(root, "h1", "h2")):
            cur_title = orig_title[orig_title.rfind(":") + 1 :]
            if _word_count(cur_title) < 3:
                cur_title = orig_title[orig_title.find(":") + 1 :]
            elif _word_count(orig_title[: orig_title.find(":")]) > 5:
                cur_title = orig_title
    elif not 15 <= js_length(cur_title) <= 150:
        h_ones = iter_tags(root, "h1")
        if len(h_ones) == 1:
            cur_title = inner_text(h_ones[0])

    cur_title = REGEXPS.normalize.sub(" ", js_trim(cur_title))
    # Four words or fewer, and either no hierarchical separators or more than one
    # word lost: the original title was better.
    word_count = _word_count(cur_title)
    if word_count <= 4 and (
        not had_hierarchical_separators or word_count != _word_count(_SEPARATOR.sub("", orig_title)) - 1
    ):
        cur_title = orig_title
    return cur_title


def text_similarity(text_a: str, text_b: str) -> float:
    """Port of ``_textSimilarity``: 1 when B's words all occur in A, 0 when none do."""
    tokens_a = [t for t in REGEXPS.tokenize.split(text_a.lower()) if t]
    tokens_b = [t for t in REGEXPS.tokenize.split(text_b.lower()) if t]
    if not tokens_a or not tokens_b:
        return 0.0
    known = set(tokens_a)
    uniq_b = [t for t in tokens_b if t not in known]
    return 1 - js_length(" ".join(uniq_b)) / js_length(" ".join(tokens_b))


# --- Entities --------------------------------------------------------------

_NAMED_ENTITY = re.compile(r"&(quot|amp|apos|lt|gt);")
_NUMERIC_ENTITY = re.compile(r"&#(?:x([0-9a-f]+)|([0-9]+));", re.IGNORECASE)


def _numeric_entity(match: re.Match[str]) -> str:
    hex_digits, dec_digits = match.groups()
    num = int(hex_digits, 16) if hex_digits else int(dec_digits)
    # Replaced as a conforming HTML parser would.
    if num == 0 or num > 0x10FFFF or 0xD800 <= num <= 0xDFFF:
        num = 0xFFFD
    return chr(num)


def unescape_html_entities(text: str | None) -> str | None:
    """Port of ``_unescapeHtmlEntities``: the five XML entities and numeric references only."""
    if not text:
        return text
    text = _NAMED_ENTITY.sub(lambda m: HTML_ESCAPE_MAP[m.group(1)], text)
    return _NUMERIC_ENTITY.sub(_numeric_entity, text)


# --- JSON-LD ------------------------------------------------------------------


class _JSTypeError(Exception):
    """Where Readability.js would throw a TypeError and skip the script."""


def _get(obj: Any, key: str) -> Any:
    """``obj[key]`` with JavaScript semantics for the values JSON can produce."""
    if obj is None:
        raise _JSTypeError(f"cannot read {key!r} of null")
    if isinstance(obj, dict):
        return obj.get(key)
    return None


def _truthy(value: Any) -> bool:
    if isinstance(value, float) and math.isnan(value):
        return False
    return value is not None and value is not False and value != 0 and value != ""


def _match(value: Any, pattern: re.Pattern[str]) -> bool:
    """``value.match(pattern)``: only strings have ``match``."""
    if not isinstance(value, str):
        raise _JSTypeError("value.match is not a function")
    return pattern.search(value) is not None


def _is_article_type(item: Any) -> bool:
    """``_getJSONLD``'s test of an object's ``@type``."""
    type_ = _get(item, "@type")
    return _truthy(type_) and _match(type_, REGEXPS.jsonLdArticleTypes)


def _json_ld_object(parsed: Any, root: Element) -> Metadata | None:
    """What ``_getJSONLD`` reads from one parsed ld+json script (it raises where the original throws)."""
    if isinstance(parsed, list):
        parsed = next((it for it in parsed if _is_article_type(it)), None)
        if parsed is None:
            return None

    context = _get(parsed, "@context")
    if isinstance(context, str):
        matches = REGEXPS.schemaDotOrg.search(context) is not None
    elif context is None and isinstance(parsed, dict) and "@context" in parsed:
        raise _JSTypeError("@context is null")
    elif isinstance(context, dict):
        vocab = context.get("@vocab")
        matches = isinstance(vocab, str) and REGEXPS.schemaDotOrg.search(vocab) is not None
    else:
        matches = False
    if not matches:
        return None

    if not _truthy(_get(parsed, "@type")) and isinstance(_get(parsed, "@graph"), list):
        parsed = next(
            (
                it
                for it in parsed["@graph"]
                if _match(_get(it, "@type") if _truthy(_get(it, "@type")) else "", REGEXPS.jsonLdArticleTypes)
            ),
            None,
        )
    if parsed is None or not _is_article_type(parsed):
        return None

    metadata = Metadata()
    name, headline = _get(parsed, "name"), _get(parsed, "headline")
    if isinstance(name, str) and isinstance(headline, str) and name != headline:
        # Some sites put their own name in "name" and the headline in "headline":
        # prefer whichever matches the HTML title, "name" when neither does.
        title = get_article_title(root)
        name_matches = text_similarity(name, title) > 0.75
        headline_matches = text_similarity(headline, title) > 0.75
        metadata.title = headline if headline_matches and not name_matches else name
    elif isinstance(name, str):
        metadata.title = js_trim(name)
    elif isinstance(headline, str):
        metadata.title = js_trim(headline)

    author = _get(parsed, "author")
    if _truthy(author):
        author_name = _get(author, "name")
        if isinstance(author_name, str):
            metadata.byline = js_trim(author_name)
        elif isinstance(author, list) and author and _truthy(author[0]) and isinstance(_get(author[0], "name"), str):
            metadata.byline = ", ".join(
                js_trim(a["name"]) for a in author if _truthy(a) and isinstance(_get(a, "name"), str)
            )
    description = _get(parsed, "description")
    if isinstance(description, str):
        metadata.excerpt = js_trim(description)
    publisher = _get(parsed, "publisher")
    if _truthy(publisher) and isinstance(_get(publisher, "name"), str):
        metadata.site_name = js_trim(publisher["name"])
    date_published = _get(parsed, "datePublished")
    if isinstance(date_published, str):
        metadata.published_time = js_trim(date_published)
    return metadata


INVALID_JSON = object()
"""What :func:`read_json_ld` gives for a script that is not JSON (``JSON.parse`` throws)."""


def read_json_ld(root: Element) -> list[Any]:
    """Every ld+json script's value, parsed once (:data:`INVALID_JSON` where it is not JSON), in document order.

    ``_getJSONLD`` reads them for Readability.js's metadata, and the feed fields
    (``engine.feed``) read them too.
    """
    values = []
    for script in root.iter("script"):
        if script.get("type") != "application/ld+json":
            continue
        try:
            values.append(json.loads(REGEXPS.cdataMarkers.sub("", text_content(script))))
        except (ValueError, RecursionError):
            values.append(INVALID_JSON)
    return values


def get_json_ld(root: Element, scripts: list[Any] | None = None) -> Metadata:
    """Port of ``_getJSONLD``: the first schema.org Article in a ld+json script.

    ``scripts`` are the scripts' values as :func:`read_json_ld` gives them (read here when not given).
    """
    for parsed in read_json_ld(root) if scripts is None else scripts:
        if parsed is INVALID_JSON:
            continue
        try:
            metadata = _json_ld_object(parsed, root)
        except (ValueError, RecursionError, _JSTypeError, AttributeError, TypeError):
            continue
        if metadata is not None:
            return metadata
    return Metadata()


# --- <meta> tags -------------------------------------------------------------

# Readability.js's pattern also has ``\s*`` at both ends. They cannot change
# which keywords match, and the name loses its whitespace anyway; but a leading
# ``\s*`` makes every search on a long run of blanks quadratic (a property of
# 20,000 spaces took 16 s), so they are left out.
_PROPERTY_PATTERN = re.compile(
    r"(article|dc|dcterm|og|twitter)"
    + JS_S
    + r"*:"
    + JS_S
    + r"*(author|creator|description|published_time|title|site_name)",
    re.IGNORECASE,
)
_NAME_PATTERN = re.compile(
    "^"
    + JS_S
    + r"*(?:(dc|dcterm|og|twitter|parsely|weibo:(article|webpage))"
    + JS_S
    + r"*[-\.:]"
    + JS_S
    + r"*)?(author|creator|pub-date|description|title|site_name)"
    + JS_S
    + r"*\Z",
    re.IGNORECASE,
)
_ANY_WS = re.compile(JS_S)


def _meta_values(root: Element) -> dict[str, str]:
    """The ``<meta>`` values ``_getArticleMetadata`` collects, by normalised name or property."""
    values: dict[str, str] = {}
    for element in root.iter("meta"):
        content = element.get("content")
        if not content:
            continue
        element_property = element.get("property")
        element_name = element.get("name")
        matched = False
        if element_property:
            match = _PROPERTY_PATTERN.search(element_property)
            if match:
                matched = True
                values[_ANY_WS.sub("", match.group().lower())] = js_trim(content)
        if not matched and element_name and _NAME_PATTERN.search(element_name):
            name = _ANY_WS.sub("", element_name.lower()).replace(".", ":")
            values[name] = js_trim(content)
    return values


def _first(*candidates: str | None) -> str | None:
    """``a || b || ...`` over strings."""
    for candidate in candidates:
        if candidate:
            return candidate
    return None


def get_article_metadata(root: Element, json_ld: Metadata) -> Metadata:
    """Port of ``_getArticleMetadata``: JSON-LD first, then Dublin Core, OpenGraph, Twitter, Parsely."""
    values = _meta_values(root)
    get = values.get

    title = _first(
        json_ld.title,
        get("dc:title"),
        get("dcterm:title"),
        get("og:title"),
        get("weibo:article:title"),
        get("weibo:webpage:title"),
        get("title"),
        get("twitter:title"),
        get("parsely-title"),
    )
    if not title:
        title = get_article_title(root)

    article_author = get("article:author")
    if article_author is not None and is_absolute_url(article_author):  # _isUrl
        article_author = None

    metadata = Metadata(
        title=title,
        byline=_first(
            json_ld.byline,
            get("dc:creator"),
            get("dcterm:creator"),
            get("author"),
            get("parsely-author"),
            article_author,
        ),
        excerpt=_first(
            json_ld.excerpt,
            get("dc:description"),
            get("dcterm:description"),
            get("og:description"),
            get("weibo:article:description"),
            get("weibo:webpage:description"),
            get("description"),
            get("twitter:description"),
        ),
        site_name=_first(json_ld.site_name, get("og:site_name")),
        published_time=_first(json_ld.published_time, get("article:published_time"), get("parsely-pub-date")),
    )
    # Many sites escape their meta values with HTML entities.
    metadata.title = unescape_html_entities(metadata.title)
    metadata.byline = unescape_html_entities(metadata.byline)
    metadata.excerpt = unescape_html_entities(metadata.excerpt)
    metadata.site_name = unescape_html_entities(metadata.site_name)
    metadata.published_time = unescape_html_entities(metadata.published_time)
    return metadata
