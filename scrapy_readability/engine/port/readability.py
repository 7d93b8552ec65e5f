"""The ``Readability`` class: ``parse()`` and the retry ladder of ``_grabArticle``."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from lxml import etree

from ..errors import TooManyElementsError
from ..html.dom import (
    Element,
    create_element,
    get_node_ancestors,
    inner_text_length,
    js_length,
    js_trim,
    keeping_text_nodes,
    set_text_nodes,
    streamed_length,
    text_content,
    text_nodes,
)
from ..html.inputs import read_page
from ..html.parsing import ParsedPage, parse_html, read_again, remove_comments
from ..html.serialize import inner_html
from ..html.urls import ABOUT_BLANK, InvalidURL, resolve
from ..options import ATTEMPT_NAMES, Options, Policy
from ..outputs.article import Article
from ..outputs.feed import feed_fields, read_page_facts, utc_now
from ..outputs.refine import arc_body, marked_main, read_evidence, refine, show_what_a_browser_shows
from .cleanup import prep_article
from .constants import (
    FLAG_CLEAN_CONDITIONALLY,
    FLAG_STRIP_UNLIKELYS,
    FLAG_WEIGHT_CLASSES,
)
from .metadata import Metadata, get_article_metadata, get_json_ld, read_json_ld
from .postprocess import document_base_url, post_process_content
from .prepare import prep_document, remove_scripts, unwrap_noscript_images
from .scoring import (
    join_siblings,
    prepare_nodes,
    promote_top_candidate,
    score_elements,
    select_top_candidates,
    wrap_body_in_candidate,
)
from .state import GrabState

# A page of more markup than this (characters, or bytes) is not copied for a retry of
# _grabArticle but prepared again from its markup (the copy of a 30 MB page's tree is
# about 100 MB; a retry of a page this big is rare), and its big elements are measured a
# text node at a time (GrabState.big_page).
BIG_PAGE = 4_000_000

# The ladder: which flag each failed pass gives up, in order.
_LADDER = (FLAG_STRIP_UNLIKELYS, FLAG_WEIGHT_CLASSES, FLAG_CLEAN_CONDITIONALLY)


@dataclass
class _Attempt:
    """One entry of ``_grabArticle``'s ``this._attempts``."""

    content: Element
    text_length: int
    name: str


class Readability:
    """Extract the main article of an HTML page, as Firefox Reader View does.

    ``html`` is ``str``, ``bytes`` (decoded as a browser decodes them: see
    :func:`.decoding.decode_page`), a page :func:`~.parsing.parse_page` parsed (for the
    preflight too: its URL is the default ``url``), an lxml HTML document, a Scrapy
    response or a parsel ``Selector`` (both recognised by their shape: see ``inputs``). A document
    passed in is modified by :meth:`parse`, as Readability.js modifies the DOM
    it is given; a selector's document is copied, and text and bytes are parsed
    afresh for each instance.

    ``url`` is the page's address, used to make links and images absolute (a
    response's own URL by default); ``content_type`` is the page's
    ``Content-Type`` header, for the charset of bytes, and ``encoding`` an
    encoding for bytes that wins over everything (see :func:`.decoding.decode_page`).
    The options (the fields of :class:`Options`) keep Readability.js's names
    (snake_cased) and defaults; ``None`` keeps the default, a bad value raises
    ``ReadabilityConfigError`` and an unknown name ``TypeError``;
    ``policy`` picks how much of the retry ladder to run (see :class:`Policy`),
    and ``sanitize`` strips anything executable from ``content`` (off by default,
    so the engine stays a faithful port). ``options``: an :class:`Options` already
    built (and so validated), as a crawl hands each page its own; keywords change it.
    """

    def __init__(
        self,
        html: object,
        url: str | None = None,
        *,
        content_type: str | None = None,
        encoding: str | None = None,
        options: Options | None = None,
        **values: Any,
    ) -> None:
        self.options = _options(options, values)
        if isinstance(html, ParsedPage) and url is None:
            url = html.url
        page = read_page(html, url, content_type, private=True)
        self.url = _document_url(page.url)
        markup = page.markup.text if isinstance(page.markup, ParsedPage) else page.markup
        # The markup, from which a retry prepares the page again (see _grab_article); a tree given has none.
        self._source = markup if isinstance(markup, (str, bytes)) else None
        self._markup = self._source if self._source is not None and len(self._source) > BIG_PAGE else None
        self._content_type = page.content_type
        self._encoding = encoding or page.encoding
        # lexbor's serialisation of a page that is not big, kept for a retry (read_again): not a copy of the tree
        kept: list[bytes] | None = [] if self._markup is None else None
        self._root = parse_html(page.markup, page.content_type, self._encoding, serialisations=kept)
        self._serialisation = kept[0] if kept else None
        self._microdata = _mentions_microdata(markup)
        self._top_parent: Element | None = None  # the chosen candidate's parent: the refined article looks around it

    # --- parse() --------------------------------------------------------------

    def parse(self, *, now: datetime | None = None) -> Article | None:
        """Port of ``parse()``: the article, or ``None`` when the page has none.

        ``now`` is the crawl's clock (the current UTC time by default): no date
        of the feed's fields is later than it.
        """
        with keeping_text_nodes():  # as the DOM keeps them apart (dom.text_nodes)
            return self._parse(now)

    def _parse(self, now: datetime | None) -> Article | None:
        root = self._root
        options = self.options
        if options.max_elems_to_parse > 0:
            count = sum(1 for _ in root.iter(etree.Element))
            if count > options.max_elems_to_parse:
                raise TooManyElementsError(count, options.max_elems_to_parse)

        # Comments and processing instructions play no part (Mozilla's harness
        # strips comments too); without them every child node is an element.
        remove_comments(root)
        unwrap_noscript_images(root)
        scripts = None if options.disable_json_ld else read_json_ld(root)
        json_ld = Metadata() if scripts is None else get_json_ld(root, scripts)
        # The feed's fields read what the page declares before the phases below change it.
        facts = read_page_facts(root, self.url, scripts, now or utc_now(), microdata=self._microdata)
        rendered = arc_body(root) if options.refine else None  # the story a script renders: read before it goes
        remove_scripts(root)
        prep_document(root)
        if options.refine:  # what a browser shows but the markup hides (a React page's streamed article)
            show_what_a_browser_shows(root)

        metadata = get_article_metadata(root, json_ld)
        state = GrabState(
            flags=options.policy.flags,
            options=options,
            article_title=metadata.title or "",
            metadata_byline=metadata.byline,
            big_page=self._markup is not None,
        )
        # The refined article reads the page before the phases below change it.
        evidence = read_evidence(root, scripts, metadata.excerpt, rendered) if options.refine else None
        grabbed = self._grab_article(state)
        self._serialisation = None  # the retries are over
        if grabbed is None and evidence is not None:
            grabbed = _marked_article(root)
        if grabbed is None:
            return None
        article_content, attempt = grabbed
        refined_headline = None
        if evidence is not None:  # on the tree as grabbed: its classes and links as written
            refined_headline = refine(
                article_content, self.url, evidence, metadata.title, metadata.site_name, self._top_parent
            )

        # Without its document element the document has no <base> either.
        base_url = self.url if state.document_removed else document_base_url(root, self.url)
        post_process_content(article_content, base_url, self.url, options.keep_classes, options.preserved_classes)
        if options.sanitize:
            from ..outputs.sanitize import sanitize_content

            sanitize_content(article_content, options.video_regex)

        # Without an excerpt in the metadata, the first paragraph serves.
        excerpt = metadata.excerpt
        if not excerpt:
            first_p = next(article_content.iter("p"), None)
            if first_p is not None:
                excerpt = js_trim(text_content(first_p))

        text = text_content(article_content)
        byline = metadata.byline or state.article_byline
        feed = feed_fields(facts, article_content, text, byline, base_url)
        return Article(
            title=metadata.title,
            headline=refined_headline,
            byline=byline,
            dir=state.article_dir,
            lang=state.article_lang,
            content=inner_html(article_content),
            text_content=text,
            length=js_length(text),
            excerpt=excerpt,
            site_name=metadata.site_name,
            published_time=metadata.published_time,
            attempt=attempt,
            date_published=feed.date_published,
            date_modified=feed.date_modified,
            image=feed.image,
            authors=feed.authors,
            canonical_url=feed.canonical_url,
            language=feed.language,
            tree=article_content,
        )

    # --- _grabArticle ------------------------------------------------------------

    def _grab_article(self, state: GrabState) -> tuple[Element, str] | None:
        """Port of ``_grabArticle``: run passes down the ladder until one is long enough."""
        root = self._root
        page = root.find("body")
        if page is None:
            state.trace("No body found in document. Abort.")
            return None
        # ``pageCacheHtml``: what the page was, for a retry. Most pages need none (the first pass
        # finds their article), so a page parsed here from its markup is prepared again at its
        # first retry (the same steps on the same markup: the same tree; libxml2 reads again the
        # serialisation of lexbor's tree kept for it, when it read that at the first reading), and
        # that is copied for each retry; a tree given is copied now. A big page's copy would double
        # the memory the page takes: its markup is prepared again at each retry.
        page_cache = copy.deepcopy(page) if self._source is None else None
        attempts: list[_Attempt] = []
        single_pass = self.options.policy is not Policy.AUTO

        while True:
            attempt_name = ATTEMPT_NAMES[state.flags]
            article_content, top_candidate, parent_of_top = self._grab_once(state, root, page)
            text_length = (streamed_length if state.big_page else inner_text_length)(article_content)
            if text_length >= self.options.char_threshold:
                self._top_parent = parent_of_top
                self._set_article_dir(state, top_candidate, parent_of_top)
                return article_content, attempt_name

            if page_cache is None and self._markup is None:  # the first retry of a page that is not big
                page_cache = self._prepared_body()
                self._serialisation = None  # the copies come from page_cache now
            _restore_page(page, copy.deepcopy(page_cache) if page_cache is not None else self._prepared_body())
            state.scores = {node: score for node, score in state.scores.items() if node in (page, root)}
            state.data_tables = {}
            attempts.append(_Attempt(article_content, text_length, attempt_name))
            next_flag = next((flag for flag in _LADDER if state.flags & flag), None)
            if next_flag is not None and not single_pass:
                state.flags &= ~next_flag
                continue
            # Out of passes: the longest attempt, if it holds anything at all.
            best = max(attempts, key=lambda a: a.text_length)  # first of equals, as JS's stable sort
            if not best.text_length:
                return None
            self._set_article_dir(state, top_candidate, parent_of_top)
            name = best.name if single_pass else "longest"
            return best.content, name

    def _grab_once(self, state: GrabState, root: Element, page: Element) -> tuple[Element, Element, Element | None]:
        """One pass of ``_grabArticle``: phases 1 to 5, then ``_prepArticle``."""
        elements_to_score = prepare_nodes(state, root)
        candidates = score_elements(state, elements_to_score)
        top_candidates = select_top_candidates(state, candidates)

        top_candidate = top_candidates[0] if top_candidates else None
        created = top_candidate is None or top_candidate.tag == "body"
        if created:
            top_candidate = wrap_body_in_candidate(state, page)
        else:
            top_candidate = promote_top_candidate(state, top_candidates)
        parent_of_top = top_candidate.getparent()

        article_content = join_siblings(state, top_candidate)
        prep_article(state, article_content)

        if created:
            # The made-up candidate already holds everything: it becomes the page div.
            top_candidate.set("id", "readability-page-1")
            top_candidate.set("class", "page")
        else:
            div = create_element("div")
            div.set("id", "readability-page-1")
            div.set("class", "page")
            div.text, article_content.text = article_content.text, None
            div.extend(list(article_content))
            article_content.append(div)
        return article_content, top_candidate, parent_of_top

    def _prepared_body(self) -> Element:
        """The page's ``<body>`` as the first pass found it, prepared again from the markup.

        The steps of ``parse()`` before ``_grabArticle`` that change the tree, on the same
        markup: the same tree (read again from lexbor's serialisation when it was kept). Its text
        nodes are one a slot, as ``page.innerHTML`` re-parses them (the notes taken meanwhile go
        with the inner ``keeping_text_nodes``).
        """
        with keeping_text_nodes():
            again = read_again(self._serialisation) if self._serialisation is not None else None
            root = again if again is not None else parse_html(self._source, self._content_type, self._encoding)
            remove_comments(root)
            unwrap_noscript_images(root)
            remove_scripts(root)
            prep_document(root)
            if self.options.refine:
                show_what_a_browser_shows(root)
        body = root.find("body")
        assert body is not None  # the first pass found one
        return body

    @staticmethod
    def _set_article_dir(state: GrabState, top_candidate: Element, parent_of_top: Element | None) -> None:
        """``_grabArticle``'s ``_articleDir``: the first ``dir`` among the top candidate's parent, itself, and up."""
        chain = [parent_of_top, top_candidate]
        if parent_of_top is not None:
            chain += get_node_ancestors(parent_of_top)
        for node in chain:
            if node is None:
                continue
            direction = node.get("dir")
            if direction:
                state.article_dir = direction
                return


def _marked_article(root: Element) -> tuple[Element, str] | None:
    """The refined mode's article where no pass found one: a copy of the main content the page marks
    (:func:`~..outputs.refine.marked_main`), in the page div a pass would have put it in."""
    main = marked_main(root)
    if main is None:
        return None
    article_content = create_element("div")
    page = create_element("div")
    page.set("id", "readability-page-1")
    page.set("class", "page")
    marked = copy.deepcopy(main)
    marked.tail = None
    page.append(marked)
    article_content.append(page)
    return article_content, "marked"


def _options(given: Options | None, values: dict[str, Any]) -> Options:
    """The options: ``given`` as it is (validated when it was built), changed by ``values``, else built from them."""
    if given is None:
        return Options.build(**values)
    if not isinstance(given, Options):
        raise TypeError(f"options must be an Options, not {type(given).__name__}")
    changes = {name: value for name, value in values.items() if value is not None}  # None keeps, as in build()
    return given.changed(**changes) if changes else given


def _document_url(url: str | None) -> str:
    """``document.documentURI``: the page's address as the URL parser serialises it (about:blank without one)."""
    if not url:
        return ABOUT_BLANK
    try:
        return resolve(url)
    except InvalidURL:
        return url  # no URL at all: nothing relative resolves against it


def _mentions_microdata(markup: object) -> bool:
    """Whether the page may hold ``itemprop`` attributes (a search of its text costs far less than one of its tree)."""
    if isinstance(markup, str):
        return "itemprop" in markup
    if isinstance(markup, (bytes, bytearray)):
        return b"itemprop" in markup or b"i\x00t\x00e\x00m\x00p\x00r\x00o\x00p" in markup  # UTF-16 too
    return True  # a tree: look


def _restore_page(page: Element, fresh: Element) -> None:
    """``page.innerHTML = pageCacheHtml``: the old children are detached, ``fresh``'s go in."""
    for child in list(page):
        page.remove(child)
    set_text_nodes(page, False, text_nodes(fresh, False))  # one text node again, as re-parsed
    page.extend(list(fresh))
