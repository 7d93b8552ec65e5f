"""The compiled core against the pure engine it mirrors (engine/_kernels.py).

Two kinds of test. The records: each kernel and the pure function it stands for change together; the
pair's record is a digest of both sources, held on both sides (``@kernel("...")`` in the pure module,
``MIRRORS`` in the ``.pyx`` beside it), so that a change to one without the other fails here, with the
record to write in both once both say the same again. The values: every kernel gives its pure
function's answer for every element of every vendored page, and for text built to be hostile.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import operator
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from lxml import etree

from scrapy_readability.engine import _kernels
from scrapy_readability.engine.html.parsing import build_tree
from testkit.kernels import calls, engine_tree, pairs

ENGINE = Path(_kernels.__file__).resolve().parent
MOZILLA_PAGES = Path(__file__).resolve().parent.parent / "mozilla_pages"

compiled_only = pytest.mark.skipif(
    not _kernels.compiled, reason=f"the compiled core is not running: {_kernels.WHY_PURE} (setup.py builds it)"
)


def kernel_source(module: str) -> Path:
    return ENGINE.joinpath(*module.split(".")).with_suffix(".pyx")


def mirrors_block(text: str) -> re.Match[str]:
    match = re.search(r"^MIRRORS = \{\n.*?^\}\n", text, re.S | re.M)
    assert match, "a kernel module declares MIRRORS = {...} at the start of a line"
    return match


def recorded_mirrors(module: str) -> dict[str, str]:
    """A kernel module's ``MIRRORS``, read from its source."""
    block = mirrors_block(kernel_source(module).read_text(encoding="utf-8")).group(0)
    return dict(ast.literal_eval(block.partition("=")[2].strip()))


def pure_source(name: str) -> str:
    """A mirrored pure function's source and its helpers' (``module.function`` below the engine)."""
    mirror = _kernels.MIRRORED[name]
    module = importlib.import_module(f"scrapy_readability.engine.{name.rpartition('.')[0]}")
    sources = [_kernels.source_of(mirror.pure)]
    for helper in mirror.helpers:
        known = _kernels.MIRRORED.get(f"{name.rpartition('.')[0]}.{helper}")
        sources.append(_kernels.source_of(known.pure if known else getattr(module, helper)))
    return "".join(sources)


def record(name: str) -> str:
    """The pair's record: a digest of the pure side and of the kernel module without its ``MIRRORS``."""
    kernel = kernel_source(_kernels.MIRRORED[name].kernel_module).read_text(encoding="utf-8")
    block = mirrors_block(kernel)
    compiled_side = kernel[: block.start()] + kernel[block.end() :]
    return hashlib.sha256((pure_source(name) + "\0" + compiled_side).encode()).hexdigest()[:16]


def test_every_kernel_module_is_built_by_setup_and_loaded_by_the_engine():
    sources = {".".join(path.relative_to(ENGINE).with_suffix("").parts) for path in ENGINE.rglob("_*.pyx")}
    assert sources == set(_kernels.MODULES)


def test_every_kernel_has_its_pure_function_and_every_pure_function_its_kernel():
    pairs = {
        f"{module[: module.rindex('._')]}.{module.rpartition('._')[2]}.{kernel}"
        for module in _kernels.MODULES
        for kernel in recorded_mirrors(module)
    }
    assert pairs == set(_kernels.MIRRORED)


@pytest.mark.parametrize("name", sorted(_kernels.MIRRORED))
def test_a_kernel_and_its_pure_function_change_together(name):
    mirror = _kernels.MIRRORED[name]
    expected = record(name)
    kernel_record = recorded_mirrors(mirror.kernel_module)[name.rpartition(".")[2]]
    assert (mirror.record, kernel_record) == (expected, expected), (
        f"{name} and {mirror.kernel_module.replace('.', '/')}.pyx no longer say the same: change both, so that "
        f"each does what the other does, then write the record {expected!r} in both "
        f"(@kernel in the pure module, MIRRORS in the .pyx)"
    )


@compiled_only
@pytest.mark.parametrize("module", _kernels.MODULES)
def test_the_built_core_is_of_these_sources(module):
    built = _kernels.LOADED[module].MIRRORS
    assert built == recorded_mirrors(module), "the compiled core is older than its sources: pip install -e . again"


# --- Values ---------------------------------------------------------------------------------


def differences(root: etree._Element) -> list[str]:
    """Every element of ``root`` on which a kernel and its pure function disagree."""
    found = []
    for el in root.iter():
        for name, pure, kernel in pairs():
            short = name.rpartition(".")[2]
            for arguments in calls(el).get(short, [(el,)]):
                expected, got = pure(*arguments), kernel(*arguments)
                if expected != got or type(expected) is not type(got):
                    found.append(f"{name}{arguments[1:]} on <{el.tag}>: pure {expected!r}, compiled {got!r}")
    return found


@compiled_only
@pytest.mark.parametrize("page", sorted(path.parent.name for path in MOZILLA_PAGES.glob("*/source.html")))
def test_the_kernels_give_the_pure_values_on_every_element_of_a_vendored_page(page):
    html = (MOZILLA_PAGES / page / "source.html").read_text(encoding="utf-8")
    assert differences(engine_tree(html)) == []


HOSTILE = [
    "😀 emoji 𝔘 astral, and 👩‍👩‍👧 a family",
    "\ufeff BOM \ufeff\ufeff inside \ufeff",
    "\x85 NEL \x85\x85 is no JavaScript whitespace",
    "\xa0\xa0 NBSP \xa0 runs \u2003\u3000 ",
    "lone\rCR\r\r and \r\n CRLF",
    "\ufffd replaced NUL \ufffd",
    "\u180e mongolian vowel separator (no longer whitespace)",
    "\u2028\u2029 line, paragraph separators",
    "commas, ، ﹐ ︐ ︑ ⹁ ⸴ ⸲ ，",
    "",
    "   ",
    "x",
]


def hostile_tree() -> etree._Element:
    """Hostile text as text, tails, CDATA and links, with hash hrefs JavaScript and Python read apart."""
    root = etree.Element("div")
    for index, text in enumerate(HOSTILE + ["word " * 50_000 + "😀" * 10_000]):
        p = etree.SubElement(root, "p")
        p.text = text
        link = etree.SubElement(p, "a", href=["#", "#a", "#\r", "#\n", "#\u2028", "#\u2029", "", "x#"][index % 8])
        link.text = text[::-1]
        link.tail = text
        span = etree.SubElement(link, "span")
        span.text = etree.CDATA(text) if index % 3 == 0 else text
        etree.SubElement(link, "a", href="#x").text = " nested "
    shapes = etree.fromstring(
        '<div style="x"><svg style="y"><g align="z"/></svg><table width="1"><tr><td height="2" x="1">a</td></tr>'
        '</table><p xmlns:n="urn:n" n:align="left">ns</p><div><a><span/><div/></a></div><div> <a><b/></a> </div>'
        "<div> <del><ins><i/></ins></del></div><div> \u00a0 <p/> </div><div>\ufeff<ul/> x</div><hr width='3'/></div>"
    )
    root.append(shapes)
    every = etree.SubElement(root, "div")
    for code in [*range(1, 0x3100), 0xFEFF, 0xFFFD, 0x1F600]:  # every character near JavaScript's whitespace
        char = chr(code)
        try:
            etree.SubElement(every, "i").text = f"a{char}{char}b{char}"
        except ValueError:  # a character XML cannot hold (lxml refuses it)
            continue
    return root


@compiled_only
def test_the_kernels_give_the_pure_values_on_hostile_text():
    assert differences(hostile_tree()) == []


@compiled_only
def test_the_kernels_give_the_pure_values_on_a_page_parsed_from_hostile_html():
    texts = [*HOSTILE, "\x1c\x1d\x1e\x1f separators Python splits on (the parse drops them)", "\x00 NUL"]
    html = "<body>" + "".join(f"<p>{text}<a href='#&#13;'>{text}</a>&#0;\r</p>" for text in texts) + "</body>"
    assert differences(engine_tree(html)) == []


def wrapped_both_ways(make_tree, notes=None) -> tuple[list[object], list[object]]:
    """Two copies of a tree, every ``<div>`` wrapped in document order, one by the pure function and one by the
    kernel (while parse() keeps text nodes apart; ``notes`` notes some on each copy): each tree's markup and the
    text nodes of each element's text and tail, after."""
    dom = importlib.import_module("scrapy_readability.engine.html.dom")
    mirror = _kernels.MIRRORED["port.scoring.wrap_phrasing_content"]
    wrappers = (mirror.pure, _kernels.LOADED[mirror.kernel_module].wrap_phrasing_content)
    results = []
    with dom.keeping_text_nodes():
        for wrap in wrappers:
            root = make_tree()
            if notes:
                notes(root)
            for div in list(root.iter("div")):
                wrap(div)
            slots = [(dom.text_nodes(el, False), dom.text_nodes(el, True)) for el in root.iter()]
            results.append([etree.tostring(root, encoding="unicode"), slots])
    return results[0], results[1]


@compiled_only
def test_the_wrap_leaves_the_pure_trees_on_every_vendored_page():
    for path in sorted(MOZILLA_PAGES.glob("*/source.html")):
        html = path.read_text(encoding="utf-8")
        pure, compiled = wrapped_both_ways(lambda html=html: engine_tree(html))
        assert compiled == pure, path.parent.name


WRAPS = (
    "<div> \u00a0 <br/>a <b>b</b> c<br/> <br/>\u2003<p>x</p>\n<br/>\n<div>y</div> <i> </i> <br/></div>"
    "<div>  <p>only blocks</p> \n <ul><li>z</li></ul>\ufeff</div><div/><div>   </div><div><br/></div>"
    "<div><a href='#'><span>in</span> a link</a><a><div>a block in a link</div></a> tail</div>"
    "<div><del><ins><i>d</i></ins></del> <ins><p>not phrasing</p></ins> \u180e </div>"
    "<div>\u2028<![CDATA[ cdata ]]><br/></div><div>text<!--gone--> more</div><div><svg><g/></svg> svg</div>"
    "<div>\U0001f600<br/><br/></div><div> <br/> <img/> <br/> </div>"
)


def wraps_tree() -> etree._Element:
    """Runs of phrasing content with blank nodes at their ends (blank text, ``<br>``), blocks between them,
    links holding blocks, CDATA, a comment, SVG and characters near JavaScript's whitespace."""
    return etree.fromstring(f"<body>{WRAPS}</body>", etree.XMLParser(strip_cdata=False))


def note_some(root: etree._Element) -> None:
    """Text nodes kept apart in a ``<div>``'s text and in a child's tail."""
    dom = importlib.import_module("scrapy_readability.engine.html.dom")
    divs = list(root.iter("div"))
    dom.set_text_nodes(divs[0], False, [" ", "a ", "  "])
    dom.set_text_nodes(divs[0][0], True, ["  ", "\u00a0"])


@compiled_only
def test_the_wrap_leaves_the_pure_trees_on_hostile_runs():
    for notes in (None, note_some):
        pure, compiled = wrapped_both_ways(wraps_tree, notes)
        assert compiled == pure
    assert wrapped_both_ways(hostile_tree)[0] == wrapped_both_ways(hostile_tree)[1]


def test_a_dropped_br_is_freed_with_its_last_proxy():
    div = etree.fromstring("<div><br/>a<br/></div>")
    held = div[0]
    importlib.import_module("scrapy_readability.engine.port.scoring").wrap_phrasing_content(div)
    assert held.getparent() is None and etree.tostring(div) == b"<div><p>a</p></div>"


CLEANED_TAGS = ("form", "fieldset", "table", "ul", "div")
"""The tags ``_prepArticle`` cleans conditionally, in its order."""


def cleaned_both_ways(make_tree, flags=None, notes=None, big_page=False, **options) -> tuple[list, list]:
    """Two copies of a tree, each cleaned conditionally of every tag ``_prepArticle`` cleans (data tables marked
    first), one by the pure function and one by the kernel, while parse() keeps text nodes apart (``notes`` notes
    some on each copy): each tree's markup and the text nodes of each element's text and tail, after."""
    dom = importlib.import_module("scrapy_readability.engine.html.dom")
    cleanup = importlib.import_module("scrapy_readability.engine.port.cleanup")
    helpers = importlib.import_module("tests.engine.engine_helpers")
    mirror = _kernels.MIRRORED["port.cleanup.clean_conditionally"]
    results = []
    with dom.keeping_text_nodes():
        for clean in (mirror.pure, _kernels.LOADED[mirror.kernel_module].clean_conditionally):
            root = make_tree()
            if notes:
                notes(root)
            state = helpers.state(helpers.ALL if flags is None else flags, **options)
            state.big_page = big_page  # the big elements' lengths streamed
            cleanup.mark_data_tables(state, root)
            for tag in CLEANED_TAGS:
                clean(state, root, tag)
            slots = [(dom.text_nodes(el, False), dom.text_nodes(el, True)) for el in root.iter()]
            results.append([etree.tostring(root, encoding="unicode"), slots])
    return results[0], results[1]


def body_of(html: str) -> etree._Element:
    return engine_tree(html).find("body")


def pure_measures(root: etree._Element) -> list[tuple[int, int]]:
    """Each element's ``_getInnerText`` length and commas, measured afresh by the pure functions."""
    mirrors = _kernels.MIRRORED
    length, count = mirrors["html.dom.inner_text_length"].pure, mirrors["html.dom.text_count"].pure
    return [(length(el), count(el, ",")) for el in root.iter() if isinstance(el.tag, str)]


@compiled_only
def test_the_cleanings_lengths_joined_from_the_childrens_are_the_fresh_ones():
    measures_below = _kernels.LOADED["port._cleanup"].measures_below
    trees = [engine_tree(path.read_text(encoding="utf-8")) for path in sorted(MOZILLA_PAGES.glob("*/source.html"))]
    for root in [*trees, hostile_tree(), cleaned_tree(), wraps_tree()]:
        assert measures_below(root) == pure_measures(root)
    spaced = etree.fromstring(
        "<div> <b> </b><i>a</i> <u> <s>\u00a0</s></u><b/>b<i>c </i><i> d</i><b>\u2003</b>,<i>e</i> , </div>"
    )
    assert measures_below(spaced) == pure_measures(spaced)
    assert measures_below(etree.fromstring("<div><!--x--><?p x?></div>")) == [(0, 0)]


@compiled_only
def test_the_conditional_cleaning_leaves_the_pure_trees_on_every_vendored_page():
    for path in sorted(MOZILLA_PAGES.glob("*/source.html")):
        html = path.read_text(encoding="utf-8")
        pure, compiled = cleaned_both_ways(lambda html=html: body_of(html))
        assert compiled == pure, path.parent.name


@compiled_only
@pytest.mark.parametrize(
    "flags,big_page,options",
    [
        (None, True, {"link_density_modifier": 0.3}),
        (None, False, {"link_density_modifier": -1}),
        (1, False, {}),
        (5, True, {"debug": True}),
    ],
)
def test_the_conditional_cleaning_leaves_the_pure_trees_whatever_the_options(flags, big_page, options):
    for name in ("wikipedia", "nytimes-1", "keep-tabular-data", "hukumusume", "videos-2", "links-in-tables"):
        html = (MOZILLA_PAGES / name / "source.html").read_text(encoding="utf-8")
        pure, compiled = cleaned_both_ways(lambda html=html: body_of(html), flags, None, big_page, **options)
        assert compiled == pure, name


CLEANED = (
    "<div><table summary='data'><tr><td><div class='sidebar'>in a data table</div><ul><li><a href='/'>l</a></li>"
    "</ul></td></tr></table></div><table><tr><td>layout<table><tr><td>x</td></tr></table></td></tr></table>"
    "<div><code><span><div class='ad'>under code</div></span></code></div>"
    "<div><p><i><b><div class='comment'>four deep</div></b></i></p></div>"
    "<figure><div><img src='a.png'/><img src='b.png'/><a href='/x'>c</a></div></figure>"
    "<div>Advertisement</div><div> Loading… </div><div>chargement...</div><div class='article'>advertisement</div>"
    "<div><iframe src='https://www.youtube.com/embed/x'></iframe>video</div><div><embed src='a.swf'/>an embed</div>"
    "<div><object data='x'/><object data='y'/>two embeds, and text long enough to be more than seventy-five units</div>"
    "<ul><li><img src='1.png'/></li><li><img src='2.png'/></li></ul><ul><li><img src='1.png'/><i>x</i></li></ul>"
    "<div><ul><li>a list that is almost all of the text, with links</li></ul>x</div>"
    "<div>commas, , , , , , , , , , eleven of them, here</div><div>، ， are not commas here, , , </div>"
    "<div><p>p</p><li>1</li><li>2</li><input/><input/></div><div><h2>A heading alone</h2><a href='#'>#</a></div>"
    "<div><a href='#x'>hash links count a third</a> and more text around them</div>"
    "<div>😀 astral <a href='/'>😀😀</a></div><div>    <a href='/'> </a></div>"
    "<div><div><div><span>nested</span> <a href='/'>links</a></div> <p>p</p></div> more text, words</div>"
    "<div>text<!-- a comment --> and <![CDATA[ cdata ]]> <a href='/'>a link</a></div><div/><ul/><table/>"
    "<div xmlns:n='urn:n'><n:a href='/'>a namespaced link</n:a> beside</div>"
    "<div><a href='/'>a link in</a><svg><a href='/'>svg</a></svg></div>"
)


def cleaned_tree() -> etree._Element:
    """Each test of ``_cleanConditionally`` on either side: data and layout tables, ``<code>`` and ``<figure>``
    at each depth, ad and loading labels, videos and embeds, image lists, lists and commas, hash links, astral
    characters, comments, CDATA, empty elements and a namespaced element (the pure test decides that one)."""
    return etree.fromstring(f"<body>{CLEANED}</body>", etree.XMLParser(strip_cdata=False))


def note_cleaned(root: etree._Element) -> None:
    """Text nodes kept apart on the tails of elements the cleaning removes."""
    dom = importlib.import_module("scrapy_readability.engine.html.dom")
    for index, div in enumerate(root.iter("div")):
        dom.set_text_nodes(div, True, [" tail ", "kept", " apart"][: index % 3 + 1])


@compiled_only
def test_the_conditional_cleaning_leaves_the_pure_trees_on_hostile_trees():
    cleanup = importlib.import_module("scrapy_readability.engine.port.cleanup")
    assert core_constant("LONGEST_AD_OR_LOADING_WORD") == cleanup._LONGEST_AD_OR_LOADING_WORD
    for notes in (None, note_cleaned):
        pure, compiled = cleaned_both_ways(cleaned_tree, notes=notes)
        assert compiled == pure
    pure, compiled = cleaned_both_ways(hostile_tree)
    assert compiled == pure
    pure, compiled = cleaned_both_ways(wraps_tree)
    assert compiled == pure


def core_constant(name: str) -> object:
    return getattr(_kernels.LOADED["port._cleanup"], name)


@compiled_only
@pytest.mark.parametrize("byline,unlikely", [(True, True), (False, True), (True, False), (False, False)])
def test_the_walks_steps_are_the_pure_ones_whatever_the_walk_still_tests(byline, unlikely):
    mirror = _kernels.MIRRORED["port.scoring.prepare_step"]
    core = _kernels.LOADED[mirror.kernel_module]
    scoring = importlib.import_module("scrapy_readability.engine.port.scoring")
    assert core.MAX_SKIPPED == scoring.MAX_SKIPPED
    assert core.VERDICTS == {name: getattr(scoring, name) for name in ("WALK", "PLAIN", "UNLIKELY", "UNLIKELY_ROLE")}
    trees = [engine_tree(path.read_text(encoding="utf-8")) for path in sorted(MOZILLA_PAGES.glob("*/source.html"))]
    for root in [*trees, hostile_tree(), verdicts_tree()]:
        for el in root.iter():
            pure_scored: list[etree._Element] = [root]
            scored: list[etree._Element] = [root]
            expected = mirror.pure(el, pure_scored, byline, unlikely)
            got = core.prepare_step(el, scored, byline, unlikely)
            assert got[0] is expected[0] and got[1] == expected[1], el.tag
            assert len(scored) == len(pure_scored) and all(map(operator.is_, scored, pure_scored)), el.tag


def verdicts_tree() -> etree._Element:
    """Elements on each side of every verdict of ``prepare_step``: unlikely words in and out of a table or
    ``<code>`` (at each depth), beside words that save them, roles, bylines, SVG and non-ASCII classes."""
    return etree.fromstring(
        '<html><body class="sidebar"><div class="comment">x</div><div id="ad-break"/><a class="banner">a</a>'
        '<table><tr><td><div><div class="share"/><div><div class="share"/></div></div></td></tr></table>'
        '<code><div class="footer"><div class="footer"><div class="footer"><div class="footer">'
        '<div class="footer"/></div></div></div></div></code>'
        '<div class="sidebar article">keep</div><div class="main" id="menu-x"/><div class="menu" id="article"/>'
        '<div role="navigation"/><div role="menu" class="comment"/><div role="dialog"/><div role="Menu"/>'
        '<div class="byline"/><div id="author-box"/><span rel="author"/><span itemprop="author name"/>'
        '<svg class="sidebar"><g class="sidebar"/></svg><div class="sidebaré"/><div id="ſidebar"/>'
        '<h1 class="sidebar"/><h2 class="comment"/><h3 class="comment"/><section class="sidebar" style="x"/>'
        '<div class="sidebar" hidden=""/><div class="sidebar" aria-modal="true"/><p class="SideBar"/>'
        '<div xmlns:n="urn:n" n:class="sidebar"/><div class="" id=""/><div class="rss"/></body></html>'
    )


def datelines_by_xpath(body: etree._Element, labels: tuple[str, ...]) -> list[etree._Element]:
    """The search ``page.classed_datelines`` and ``labelled_datelines`` stand for, as the XPath it was."""
    constants = importlib.import_module("scrapy_readability.engine.outputs.feed.constants")
    hints = " or ".join(f"contains(., '{word}')" for word in constants.PAGE_DATELINE_CLASSES)
    whole = " or ".join(
        f"contains(concat(' ', normalize-space(.), ' '), ' {word} ')" for word in constants.PAGE_DATELINE_CLASS_WORDS
    )
    texts = " or ".join(f"contains(., '{label}')" for label in labels)
    query = (
        f"descendant::*/@*[(name() = 'class' or name() = 'id') and ({hints} or {whole})]/.. | "
        f"descendant::text()[{texts}]/.."
    )
    return list(body.xpath(query))[: constants.MAX_PAGE_DATELINES]


def test_the_dateline_search_finds_what_its_xpath_found():
    constants = importlib.import_module("scrapy_readability.engine.outputs.feed.constants")
    page = importlib.import_module("scrapy_readability.engine.outputs.feed.page")
    mirrors = [_kernels.MIRRORED[f"outputs.feed.page.{name}"] for name in ("classed_datelines", "labelled_datelines")]
    any_labels = constants.PAGE_DATELINE_ANY_LABELS
    han_labels = (*any_labels, *constants.PAGE_DATELINE_LABELS)
    classes = ["data", "x\tdata", "data\n", "\rdata x", "meta-data", "metadata", "data\xa0x", "DATE", "Datum", "xtimex"]
    texts = ["Published", "Pub", "lished", "Stand: heute", "stand:", "Дата", "😀Posted😀"]
    texts += ["发布于 2019", "发布时间：", "日期"]
    markup = "".join(
        f'<div class="{c}"><p id="{c}x">{t}<b>{t[::-1]}</b>{t}</p><i>Pub<![CDATA[lished]]> and {t}</i></div>'
        for c in [*classes, ""]
        for t in [*texts, ""]
    )
    cdata = etree.XMLParser(strip_cdata=False)  # a CDATA section stays a text node of its own
    root = etree.fromstring(f'<body xmlns:n="urn:n">Posted<p n:class="date">x</p>{markup}</body>', cdata)
    small = etree.fromstring('<body><p class="x">Data: 1</p><p>Pub<![CDATA[lished]]></p></body>', cdata)
    for body in (root, small, *root, *root.iter("p")):
        for mirror, labels in zip(mirrors, (any_labels, han_labels), strict=True):
            expected = datelines_by_xpath(body, labels)
            assert mirror.pure(body) == expected
            if _kernels.compiled:
                kernel = getattr(_kernels.LOADED[mirror.kernel_module], mirror.pure.__name__)
                assert kernel(body) == expected
    assert len(page.classed_datelines(root)) == constants.MAX_PAGE_DATELINES


@compiled_only
def test_hash_links_are_read_as_javascript_reads_them():
    root = etree.fromstring('<div>aaaaaaaaaa<a href="#&#13;">bbbbbbbbbb</a></div>')
    measures = importlib.import_module("scrapy_readability.engine.port.measures")
    assert measures.get_link_density(root) == 0.5  # "#\r" is no hash link: /^#.+/ stops at a line terminator


SERIALISED = [
    '<p class=\'a "b" &amp; c\xa0d\' id="&lt;x&gt;">a &amp; b &lt; c &gt; d\xa0e "f" \'g\'</p>',
    "<script>if (a < b && c > d) {}</script><style>p > a { content: '&amp;' }</style>tail < &amp;",
    "<xmp><b>x</b> & y</xmp><iframe src='x?a=1&amp;b=2'>&lt;p&gt;</iframe><noembed><i>&amp;</i></noembed>",
    "<br><img src=x alt='a\xa0b'><hr><input value='&quot;'><wbr>text<area><embed><source><track>",
    "<template><p>in &amp; out</p></template><div><!-- a < comment & --><!---->x</div>",
    "<table><tr><td>1<td>2</table><svg><circle r=1></circle></svg><math><mi>x</mi></math>",
    "😀 emoji 𝔘 astral <b>\ufeff BOM</b> \x85 NEL \u2028 <i>\xa0\xa0</i>",
    "<select><option selected>a</option></select><textarea>x < y</textarea><title>a & b</title>",
    "",
]


def serialisation_trees() -> list[etree._Element]:
    """Trees ``inner_html`` meets, and some it only could: raw text at every depth, a template's content,
    comments, a namespace, CDATA, a processing instruction, an attribute holding an entity reference."""
    trees = [build_tree(f"<body>{html}</body>") for html in SERIALISED]
    made = etree.fromstring(
        '<div xmlns:n="urn:n"><script>a<b>x &amp; y</b>c &amp;<!--x-->d &lt;</script>&amp;<p n:x="1">n</p>'
        '<template data-readability-template-content="&lt;b&gt; &amp; raw">x</template>'
        '<p data-readability-template-content="dropped">y</p><br>z<i>in a void</i></br><n:q>q</n:q></div>'
    )
    cdata = etree.fromstring("<div>a<![CDATA[ < & ]]>b<?pi x?>c<p>d</p></div>", etree.XMLParser(strip_cdata=False))
    script = etree.Element("script")
    script.text = "a < b & c"
    etree.SubElement(script, "b").tail = "tail < &"
    etree.SubElement(script, "style").text = "raw < &"
    entity = etree.fromstring(
        '<!DOCTYPE d [<!ENTITY e "&#62;">]><div><p title="a&e;b">x&e;</p></div>',
        etree.XMLParser(resolve_entities=False),
    )
    return [*trees, made, cdata, script, entity, etree.Element("br")]


@compiled_only
def test_inner_html_is_the_pure_serialisation_on_hostile_markup():
    mirror = _kernels.MIRRORED["html.serialize.inner_html"]
    core = _kernels.LOADED[mirror.kernel_module]
    serialize = importlib.import_module("scrapy_readability.engine.html.serialize")
    assert set(core.VOID_ELEMENTS) == serialize.VOID_ELEMENTS
    assert set(core.RAW_TEXT_ELEMENTS) == serialize.RAW_TEXT_ELEMENTS
    assert core.TEMPLATE_CONTENT_ATTRIBUTE == serialize.TEMPLATE_CONTENT_ATTRIBUTE
    for root in serialisation_trees():
        for el in root.iter():
            if isinstance(el.tag, str):
                assert core.inner_html(el) == mirror.pure(el), etree.tostring(el)


# --- Which engine runs ------------------------------------------------------------------------


def engine_in_a_fresh_python(variable: str, without_core: bool) -> subprocess.CompletedProcess[str]:
    """Import the engine in a new interpreter, with the variable set, the core hidden or not."""
    script = (
        "import sys\n"
        + ("sys.modules['scrapy_readability.engine.html._dom'] = None\n" if without_core else "")
        + "import scrapy_readability.engine as engine\n"
        + "print(engine.compiled, engine._kernels.describe())\n"
    )
    env = {**os.environ, "SCRAPY_READABILITY_COMPILE": variable}
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.slow
def test_zero_runs_the_pure_engine_where_the_core_is_built():
    said = engine_in_a_fresh_python("0", without_core=False)
    assert said.stdout.strip() == "False pure Python (SCRAPY_READABILITY_COMPILE=0)"


@pytest.mark.slow
def test_without_the_core_the_engine_runs_pure_and_says_why():
    said = engine_in_a_fresh_python("", without_core=True)
    assert said.stdout.strip() == "False pure Python (the compiled core is not built)"


@pytest.mark.slow
def test_one_makes_an_engine_without_the_core_an_error():
    said = engine_in_a_fresh_python("1", without_core=True)
    assert said.returncode != 0
    assert "SCRAPY_READABILITY_COMPILE=1 but the compiled core does not import" in said.stderr
