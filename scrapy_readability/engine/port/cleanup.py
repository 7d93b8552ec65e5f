"""Article cleanup: Readability.js's ``_prepArticle`` and the cleaners it calls.

Runs on the joined article ``<div>`` of each pass: presentational attributes,
data-vs-layout tables, lazy images, forms, embeds, share widgets, headers, the
"fishy" containers of ``_cleanConditionally``, empty paragraphs and
single-cell tables.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from .._kernels import kernel
from ..html.dom import (
    Element,
    TextLengths,
    child_nodes,
    class_string,
    create_element,
    element_children,
    get_next_node,
    has_ancestor_tag,
    has_descendant,
    has_single_tag_inside_element,
    has_text,
    inner_text,
    is_phrasing_content,
    iter_tags,
    js_length,
    js_trim,
    match_string,
    remove,
    remove_and_get_next,
    replace_with,
    set_node_tag,
    text_content,
)
from ..html.urls import InvalidURL, resolve, url_string
from .constants import (
    DEFAULT_CHAR_THRESHOLD,
    DEPRECATED_SIZE_ATTRIBUTE_ELEMS,
    FLAG_CLEAN_CONDITIONALLY,
    HEADING_TAGS,
    JS_S,
    PRESENTATIONAL_ATTRIBUTES,
    REGEXPS,
    TEXTISH_TAGS,
)
from .measures import get_class_weight, get_link_density, get_text_density
from .state import GrabState

_EMBED_TAGS = ("object", "embed", "iframe")


def prep_article(state: GrabState, article_content: Element) -> None:
    """Port of ``_prepArticle``: clean the article for display."""
    clean_styles(article_content)
    # Mark data tables first, so that their isolated-looking cells survive.
    mark_data_tables(state, article_content)
    fix_lazy_images(article_content)

    for tag in ("form", "fieldset"):
        clean_conditionally(state, article_content, tag)
    for tag in ("object", "embed", "footer", "link", "aside"):
        clean(state, article_content, tag)

    # Share widgets with little content go, except the top candidates themselves.
    for top_candidate in element_children(article_content):
        clean_matched_nodes(
            top_candidate,
            lambda node, match: (
                bool(REGEXPS.shareElements.search(match)) and js_length(text_content(node)) < DEFAULT_CHAR_THRESHOLD
            ),
            named_only=True,  # the regex needs a word: no element without a class or an id matches
        )

    for tag in ("iframe", "input", "textarea", "select", "button"):
        clean(state, article_content, tag)
    clean_headers(state, article_content)

    # Last, as the cleaning above may have removed what these look at.
    for tag in ("table", "ul", "div"):
        clean_conditionally(state, article_content, tag)

    # The title is shown separately: h1s become h2s.
    for h1 in iter_tags(article_content, "h1"):
        set_node_tag(h1, "h2")

    remove_empty_paragraphs(article_content)
    remove_brs_before_paragraphs(article_content)
    unwrap_single_cell_tables(article_content)


def clean_styles(root: Element) -> None:
    """Port of ``_cleanStyles``: drop ``style`` and presentational attributes (not inside SVG)."""
    for el in styled_elements(root):
        attrib = el.attrib
        for name in PRESENTATIONAL_ATTRIBUTES:
            if name in attrib:
                del attrib[name]
        if el.tag in DEPRECATED_SIZE_ATTRIBUTE_ELEMS:
            attrib.pop("width", None)
            attrib.pop("height", None)


@kernel("575f5cc19dbba29f")
def styled_elements(root: Element) -> list[Element]:
    """The elements ``_cleanStyles`` changes, in document order: a presentational attribute, or a size on an
    element that used to take one; none inside an ``<svg>``, nor the ``<svg>`` (most elements have neither)."""
    found = []
    stack = [root]
    while stack:
        el = stack.pop()
        if el.tag == "svg":
            continue
        attrib = el.attrib
        if any(name in attrib for name in PRESENTATIONAL_ATTRIBUTES) or (
            el.tag in DEPRECATED_SIZE_ATTRIBUTE_ELEMS and ("width" in attrib or "height" in attrib)
        ):
            found.append(el)
        stack.extend(reversed(el))
    return found


_LEADING_INT = re.compile(r"^[\s]*([+-]?[0-9]+)")


def _parse_int(value: str | None) -> int:
    """``parseInt(value, 10) || 0``."""
    if not value:
        return 0
    match = _LEADING_INT.match(value)
    return int(match.group(1)) if match else 0


def _row_and_column_count(table: Element) -> tuple[int, int]:
    """Port of ``_getRowAndColumnCount``."""
    rows = columns = 0
    for tr in table.iterdescendants("tr"):
        rows += _parse_int(tr.get("rowspan")) or 1
        columns_in_row = 0
        for cell in tr.iterdescendants("td"):
            columns_in_row += _parse_int(cell.get("colspan")) or 1
        columns = max(columns, columns_in_row)
    return rows, columns


def _is_data_table(table: Element) -> bool:
    """The test ``_markDataTables`` applies to each table."""
    if table.get("role") == "presentation":
        return False
    if table.get("datatable") == "0":
        return False
    if table.get("summary"):
        return True
    caption = next(table.iterdescendants("caption"), None)
    if caption is not None and (caption.text or len(caption)):
        return True
    if has_descendant(table, "col", "colgroup", "tfoot", "thead", "th"):
        return True
    # Nested tables indicate a layout table.
    if has_descendant(table, "table"):
        return False
    rows, columns = _row_and_column_count(table)
    if columns == 1 or rows == 1:
        return False  # single column/row tables are commonly used for layout
    if rows >= 10 or columns > 4:
        return True
    return rows * columns > 10


def mark_data_tables(state: GrabState, root: Element) -> None:
    """Port of ``_markDataTables``: tell data tables from layout tables, as Firefox does."""
    for table in root.iterdescendants("table"):
        state.data_tables[table] = _is_data_table(table)


def _data_url(src: str | None) -> str | None:
    """``img.src`` when it is a ``data:`` URL: the attribute as the URL parser serialises it."""
    if not src:
        return None
    url = url_string(src)
    if url[:5].lower() != "data:":
        return None
    try:
        return resolve(url)
    except InvalidURL:
        return url  # a URL attribute that does not parse reflects as it is


_JS_SPACE = re.compile(JS_S)


def looks_like_image_url(value: str) -> bool:
    """``_fixLazyImages``'s ``/^\\s*\\S+\\.(jpg|jpeg|png|webp)\\S*\\s*$/``, in linear time.

    One token holding an image extension.
    """
    token = js_trim(value)
    return bool(token) and not _JS_SPACE.search(token) and REGEXPS.lazySrcExtension.search(token, 1) is not None


def fix_lazy_images(root: Element) -> None:
    """Port of ``_fixLazyImages``: images whose real source sits in a ``data-*`` attribute."""
    for elem in iter_tags(root, "img", "picture", "figure"):
        # ``img.src`` is the resolved URL: truthy whenever the attribute exists.
        src = elem.get("src") if elem.tag == "img" else None
        # Tiny base64 placeholders (1px images) go when another attribute has the image.
        data_url = _data_url(src)
        parts = REGEXPS.b64DataUrl.search(data_url) if data_url else None
        if data_url and parts:
            if parts.group(1) == "image/svg+xml":
                continue  # SVG can be meaningful in under 133 bytes
            src_could_be_removed = any(
                name != "src" and REGEXPS.imageExtension.search(value) for name, value in elem.items()
            )
            if src_could_be_removed and js_length(data_url) - js_length(parts.group(0)) < 133:
                del elem.attrib["src"]
                src = None

        srcset = elem.get("srcset") if elem.tag == "img" else None
        if (src is not None or (srcset and srcset != "null")) and "lazy" not in (elem.get("class") or "").lower():
            continue

        for name, value in list(elem.items()):
            if name in ("src", "srcset", "alt"):
                continue
            copy_to = None
            if REGEXPS.lazySrcset.search(value):
                copy_to = "srcset"
            elif looks_like_image_url(value):
                copy_to = "src"
            if not copy_to:
                continue
            if elem.tag in ("img", "picture"):
                elem.set(copy_to, value)
            elif elem.tag == "figure" and not has_descendant(elem, "img", "picture"):
                # A figure with no image of its own gets one.
                img = create_element("img")
                img.set(copy_to, value)
                elem.append(img)


def _has_video(state: GrabState, el: Element) -> bool:
    """The video test of ``_clean`` and ``_cleanConditionally``: an allowed video URL in any attribute.

    Readability.js also means to search ``<object>``'s inner HTML, but compares
    ``tagName`` with lower-case ``"object"``, which never matches in an HTML
    document; so neither do we.
    """
    regex = state.options.video_regex
    return any(regex.search(value) for value in el.values())


# REGEXPS.adWords and loadingWords match a whole text of at most 13 characters
# ("advertisement", "chargement..."); a longer text is not worth normalising for them.
_LONGEST_AD_OR_LOADING_WORD = 20


@dataclass(frozen=True)
class _Signals:
    """What ``_cleanConditionally`` measured of a node, as ``shouldRemoveNode`` reads it."""

    is_list: bool
    is_figure_child: bool
    weight: int
    p: int
    img: int
    li: int
    inputs: int
    embed_count: int
    content_length: int
    link_density: float
    heading_density: float
    text_density: float


@kernel("2cc648e0db0a5627")
def descendant_counts(node: Element) -> tuple[int, int, int, int]:
    """The ``<p>``s, ``<img>``s, ``<li>``s and ``<input>``s below ``node``, which ``_cleanConditionally`` counts:
    one walk, and no element object made for each."""
    counts = dict.fromkeys(_COUNTED, 0)
    for el in node.iterdescendants(*_COUNTED):
        counts[el.tag] += 1  # type: ignore[index]  # one of the tags asked for: a str
    return counts["p"], counts["img"], counts["li"], counts["input"]


_COUNTED = ("p", "img", "li", "input")


def _should_clean_conditionally(
    state: GrabState, node: Element, tag: str, lengths: TextLengths, link_lengths: dict[Element, float]
) -> bool:
    """The node test of ``_cleanConditionally``: whether ``node`` looks fishy enough to go."""
    is_data_table = state.data_tables.get
    is_list = tag in ("ul", "ol")
    if not is_list:
        list_length = sum(lengths(lst) for lst in node.iterdescendants("ul", "ol"))
        node_length = lengths(node)
        is_list = list_length / node_length > 0.9 if node_length else list_length > 0

    if tag == "table" and is_data_table(node):
        return False
    # Inside a data table: keep (``_hasAncestorTag`` without a depth limit; lxml finds the tables).
    if any(is_data_table(table) for table in node.iterancestors("table")):
        return False
    if has_ancestor_tag(node, "code"):
        return False
    # Holding a data table: keep.
    if any(is_data_table(t) for t in node.iterdescendants("table")):
        return False

    weight = get_class_weight(node, state.flags)
    state.trace("Cleaning Conditionally <%s>", node.tag)
    if weight < 0:
        return True

    # Commas are not whitespace: the raw text has as many as the normalised one.
    if lengths.count(node, ",") >= 10:
        return False

    # Few commas: remove it when non-paragraph content or other ominous signs dominate.
    p, img, li, inputs = descendant_counts(node)
    li -= 100
    heading_density = get_text_density(node, HEADING_TAGS, lengths)

    embed_count = 0
    for embed in node.iterdescendants(*_EMBED_TAGS):
        if _has_video(state, embed):
            return False
        embed_count += 1

    # Nothing but an ad label or a loading indicator (a short text: the regexes match whole words).
    content_length = lengths(node)
    if content_length <= _LONGEST_AD_OR_LOADING_WORD and _ad_or_loading_label(node):
        return True

    signals = _Signals(
        is_list=is_list,
        is_figure_child=has_ancestor_tag(node, "figure"),
        weight=weight,
        p=p,
        img=img,
        li=li,
        inputs=inputs,
        embed_count=embed_count,
        content_length=content_length,
        link_density=get_link_density(node, link_lengths, lengths),
        heading_density=heading_density,
        text_density=get_text_density(node, TEXTISH_TAGS, lengths),
    )
    reasons = _should_remove_node(signals, state.options.link_density_modifier)
    if not reasons:
        return False
    state.trace("Checks failed: %s", reasons)
    # Simple lists of images may stay.
    return not (is_list and _is_image_list(node, img))


def _ad_or_loading_label(node: Element) -> bool:
    """Whether ``node``'s text is an ad label or a loading indicator (``_cleanConditionally``'s
    ``REGEXPS.adWords`` and ``loadingWords``, which match a whole short text)."""
    inner = inner_text(node)
    return bool(REGEXPS.adWords.search(inner) or REGEXPS.loadingWords.search(inner))


def _should_remove_node(s: _Signals, modifier: float) -> list[str]:
    """Port of ``shouldRemoveNode`` in ``_cleanConditionally``: the shadiness checks that fail."""
    reasons = []
    if not s.is_figure_child and s.img > 1 and s.p / s.img < 0.5:
        reasons.append(f"Bad p to img ratio (img={s.img}, p={s.p})")
    if not s.is_list and s.li > s.p:
        reasons.append(f"Too many li's outside of a list. (li={s.li} > p={s.p})")
    if s.inputs > s.p // 3:
        reasons.append(f"Too many inputs per p. (input={s.inputs}, p={s.p})")
    if (
        not s.is_list
        and not s.is_figure_child
        and s.heading_density < 0.9
        and s.content_length < 25
        and (s.img == 0 or s.img > 2)
        and s.link_density > 0
    ):
        reasons.append(
            f"Suspiciously short. (headingDensity={s.heading_density}, img={s.img}, linkDensity={s.link_density})"
        )
    if not s.is_list and s.weight < 25 and s.link_density > 0.2 + modifier:
        reasons.append(f"Low weight and a little linky. (linkDensity={s.link_density})")
    if s.weight >= 25 and s.link_density > 0.5 + modifier:
        reasons.append(f"High weight and mostly links. (linkDensity={s.link_density})")
    if (s.embed_count == 1 and s.content_length < 75) or s.embed_count > 1:
        reasons.append(f"Suspicious embed. (embedCount={s.embed_count}, contentLength={s.content_length})")
    if s.img == 0 and s.text_density == 0:
        reasons.append(f"No useful content. (img={s.img}, textDensity={s.text_density})")
    return reasons


def _is_image_list(node: Element, img: int) -> bool:
    """The image-list exception of ``_cleanConditionally``: as many images as items, none with two children."""
    if any(len(child) > 1 for child in node):
        return False
    return img == sum(1 for _ in node.iterdescendants("li"))


@kernel(
    "5c37e95ac6c39b74",
    "_should_clean_conditionally",
    "_ad_or_loading_label",
    "_should_remove_node",
    "_is_image_list",
    "_has_video",
)
def clean_conditionally(state: GrabState, root: Element, tag: str) -> None:
    """Port of ``_cleanConditionally``: remove ``tag`` elements that look fishy.

    Visits the elements last to first, so descendants are judged before the
    containers that hold them. The lengths measured stay true: those measured so far are of
    the elements visited and their descendants, all after a node in document order or inside
    it, so removing the node changes none of them (its ancestors, whose text it changes, come
    before it and have not been measured yet).
    """
    if not state.flag_is_active(FLAG_CLEAN_CONDITIONALLY):
        return
    lengths = TextLengths(streaming=state.big_page)
    link_lengths: dict[Element, float] = {}  # a link's text changes only when it goes
    for node in reversed(iter_tags(root, tag)):
        if node.getparent() is not None and _should_clean_conditionally(state, node, tag, lengths, link_lengths):
            remove(node)


def clean(state: GrabState, root: Element, tag: str) -> None:
    """Port of ``_clean``: remove every ``tag`` element, but keep allowed videos."""
    is_embed = tag in _EMBED_TAGS
    for element in reversed(iter_tags(root, tag)):
        if element.getparent() is None:
            continue
        if is_embed and _has_video(state, element):
            continue
        remove(element)


def clean_matched_nodes(root: Element, predicate: Callable[[Element, str], bool], named_only: bool = False) -> None:
    """Port of ``_cleanMatchedNodes``: remove descendants for which ``predicate(node, match)``.

    With ``named_only`` the predicate is asked about the elements with a class or an id alone
    (:func:`next_named`): for one that is false on ``" "``, the match of every other element.
    """
    end = get_next_node(root, True)
    nxt = get_next_node(root)
    while nxt is not None and nxt is not end:
        if named_only:
            nxt = next_named(nxt, end)
            if nxt is None or nxt is end:
                return
        if predicate(nxt, match_string(nxt)):
            nxt = remove_and_get_next(nxt)
        else:
            nxt = get_next_node(nxt)


@kernel("6aa7a31fbcdd22ba")
def next_named(node: Element, end: Element | None) -> Element | None:
    """``node``, or the first element after it in document order (``_getNextNode``'s), whose class or id makes
    its ``match_string`` more than ``" "``; ``end`` (or None) when there is none before ``end``."""
    current: Element | None = node
    while current is not None and current is not end:
        if class_string(current) or current.get("id"):
            return current
        current = get_next_node(current)
    return current


def clean_headers(state: GrabState, root: Element) -> None:
    """Port of ``_cleanHeaders``: drop h1/h2s with a negative class weight."""
    for heading in reversed(iter_tags(root, "h1", "h2")):
        if heading.getparent() is not None and get_class_weight(heading, state.flags) < 0:
            state.trace("Removing header with low class weight: <%s>", heading.tag)
            remove(heading)


def remove_empty_paragraphs(root: Element) -> None:
    """Paragraphs with no text and no image or embed go (``_prepArticle``)."""
    for paragraph in reversed(iter_tags(root, "p")):
        if paragraph.getparent() is None:
            continue
        if not has_descendant(paragraph, "img", "embed", "object", "iframe") and not has_text(paragraph):
            remove(paragraph)


def remove_brs_before_paragraphs(root: Element) -> None:
    """A ``<br>`` followed (past blank text) by a ``<p>`` goes (``_prepArticle``)."""
    for br in iter_tags(root, "br"):
        if br.tail and js_trim(br.tail):
            continue
        nxt = br.getnext()
        if nxt is not None and nxt.tag == "p":
            remove(br)


def unwrap_single_cell_tables(root: Element) -> None:
    """Single-cell tables become the cell's content, as a ``<p>`` or a ``<div>`` (``_prepArticle``)."""
    for table in iter_tags(root, "table"):
        cell = _single_cell(table)
        if cell is None:
            continue
        phrasing = all(is_phrasing_content(n) for n in child_nodes(cell))
        set_node_tag(cell, "p" if phrasing else "div")
        replace_with(table, cell)


def _single_cell(table: Element) -> Element | None:
    """The ``<td>`` of a table with one row of one cell (a ``<tbody>`` or none between)."""
    rows = table[0] if has_single_tag_inside_element(table, "tbody") else table
    if not has_single_tag_inside_element(rows, "tr"):
        return None
    row = rows[0]
    if not has_single_tag_inside_element(row, "td"):
        return None
    return row[0]
