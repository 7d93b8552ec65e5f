"""Readability.js's constants and regular expressions, under names that echo the original.

Everything the heuristics tune on lives here so the port can be checked against
``Readability.prototype`` (``REGEXPS``, ``DEFAULT_*``, tag lists) at a glance.

JavaScript and Python regexes differ in what ``\\s``, ``\\w`` and ``\\b`` match, and
Python's ``$`` also matches before a final newline: the patterns use ``\\Z`` for JS's ``$``.
JS's ``\\s`` is Unicode whitespace (with U+FEFF, without U+001C..U+001F and U+0085);
``\\w``/``\\b`` are ASCII-only without the ``u`` flag. The patterns below spell
those classes out so that Python matches exactly what Readability.js matches.
"""

from __future__ import annotations

import re

# The characters JavaScript's ``\s`` and ``String.prototype.trim`` treat as whitespace.
JS_WHITESPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)
# JavaScript's ``\s`` and ``\S`` as Python character classes.
JS_S = "[" + re.escape(JS_WHITESPACE) + "]"
JS_NOT_S = "[^" + re.escape(JS_WHITESPACE) + "]"
_S, _NOT_S = JS_S, JS_NOT_S

FLAG_STRIP_UNLIKELYS = 0x1
FLAG_WEIGHT_CLASSES = 0x2
FLAG_CLEAN_CONDITIONALLY = 0x4

DEFAULT_MAX_ELEMS_TO_PARSE = 0
DEFAULT_N_TOP_CANDIDATES = 5
DEFAULT_CHAR_THRESHOLD = 500
DEFAULT_TAGS_TO_SCORE = frozenset({"section", "h2", "h3", "h4", "h5", "h6", "p", "td", "pre"})

# Readability-readerable.js defaults.
DEFAULT_MIN_CONTENT_LENGTH = 140
DEFAULT_MIN_SCORE = 20

_I = re.IGNORECASE


class REGEXPS:
    """``Readability.prototype.REGEXPS``, compiled once."""

    unlikelyCandidates = re.compile(
        r"-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|"
        r"footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|"
        r"skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|"
        r"yom-remote",
        _I,
    )
    okMaybeItsACandidate = re.compile(r"and|article|body|column|content|main|mathjax|shadow", _I)
    positive = re.compile(
        r"article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story",
        _I,
    )
    negative = re.compile(
        r"-ad-|hidden|^hid\Z| hid\Z| hid |^hid |banner|combx|comment|com-|contact|footer|gdpr|"
        r"masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|"
        r"sponsor|shopping|tags|widget",
        _I,
    )
    extraneous = re.compile(r"print|archive|comment|discuss|e[\-]?mail|share|reply|all|login|sign|single|utility", _I)
    byline = re.compile(r"byline|author|dateline|writtenby|p-author", _I)
    normalize = re.compile(_S + "{2,}")
    videos = re.compile(
        r"//(www\.)?((dailymotion|youtube|youtube-nocookie|player\.vimeo|v\.qq|bilibili|"
        r"live.bilibili)\.com|(archive|upload\.wikimedia)\.org|player\.twitch\.tv)",
        _I,
    )
    shareElements = re.compile(r"(\b|_)(share|sharedaddy)(\b|_)", _I | re.ASCII)
    tokenize = re.compile(r"\W+", re.ASCII)
    whitespace = re.compile("^" + _S + r"*\Z")
    hasContent = re.compile(_NOT_S + r"\Z")
    # JavaScript's "." matches no line terminator; Python's matches all but "\n".
    hashUrl = re.compile("^#[^\n\r\u2028\u2029]")
    srcsetUrl = re.compile("(" + _NOT_S + "+)(" + _S + r"+[0-9.]+[xw])?(" + _S + r"*(?:,|\Z))")
    b64DataUrl = re.compile(
        "^data:" + _S + "*([^" + re.escape(JS_WHITESPACE) + ";,]+)" + _S + "*;" + _S + "*base64" + _S + "*,",
        _I,
    )
    # Commas as used in Latin, Sindhi, Chinese and various other scripts.
    commas = re.compile("[\u002c\u060c\ufe50\ufe10\ufe11\u2e41\u2e34\u2e32\uff0c]")
    # See https://schema.org/Article. The anchors bind to the first and last
    # alternatives only, exactly as in Readability.js.
    jsonLdArticleTypes = re.compile(
        r"^Article|AdvertiserContentArticle|NewsArticle|AnalysisNewsArticle|"
        r"AskPublicNewsArticle|BackgroundNewsArticle|OpinionNewsArticle|ReportageNewsArticle|"
        r"ReviewNewsArticle|Report|SatiricalArticle|ScholarlyArticle|MedicalScholarlyArticle|"
        r"SocialMediaPosting|BlogPosting|LiveBlogPosting|DiscussionForumPosting|TechArticle|"
        r"APIReference\Z"
    )
    adWords = re.compile(r"^(ad(vertising|vertisement)?|pub(licité)?|werb(ung)?|广告|Реклама|Anuncio)\Z", _I)
    loadingWords = re.compile(r"^((loading|正在加载|Загрузка|chargement|cargando)(…|\.\.\.)?)\Z", _I)

    # Not in REGEXPS in Readability.js, but literals inlined in its methods.
    sentenceEnd = re.compile(r"\.( |\Z)")  # _grabArticle sibling joining
    imageExtension = re.compile(r"\.(jpg|jpeg|png|webp)", _I)  # _unwrapNoscriptImages, _fixLazyImages
    lazySrcset = re.compile(r"\.(jpg|jpeg|png|webp)" + _S + r"+[0-9]")  # _fixLazyImages
    # _fixLazyImages's /^\s*\S+\.(jpg|jpeg|png|webp)\S*\s*$/ is tested as "one token,
    # with this at index 1 or later" (cleanup.looks_like_image_url): the regex
    # itself backtracks quadratically on a long run of ".jpg".
    lazySrcExtension = re.compile(r"\.(jpg|jpeg|png|webp)")
    schemaDotOrg = re.compile(r"^https?://schema\.org/?\Z")  # _getJSONLD
    cdataMarkers = re.compile(r"^" + _S + r"*<!\[CDATA\[|\]\]>" + _S + r"*\Z")  # _getJSONLD
    whitespaceRun = re.compile(_S + "+")  # wordCount's split(/\s+/)


UNLIKELY_ROLES = frozenset({"menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog"})

DIV_TO_P_ELEMS = frozenset({"blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul"})

ALTER_TO_DIV_EXCEPTIONS = frozenset({"div", "article", "section", "p", "ol", "ul"})

PRESENTATIONAL_ATTRIBUTES = (
    "align",
    "background",
    "bgcolor",
    "border",
    "cellpadding",
    "cellspacing",
    "frame",
    "hspace",
    "rules",
    "style",
    "valign",
    "vspace",
)

DEPRECATED_SIZE_ATTRIBUTE_ELEMS = frozenset({"table", "th", "td", "hr", "pre"})

# CANVAS, IFRAME, SVG and VIDEO qualify as phrasing content but tend to be
# removed by readability when put into paragraphs, so they are left out.
PHRASING_ELEMS = frozenset(
    {
        "abbr",
        "audio",
        "b",
        "bdo",
        "br",
        "button",
        "cite",
        "code",
        "data",
        "datalist",
        "dfn",
        "em",
        "embed",
        "i",
        "img",
        "input",
        "kbd",
        "label",
        "mark",
        "math",
        "meter",
        "noscript",
        "object",
        "output",
        "progress",
        "q",
        "ruby",
        "samp",
        "script",
        "select",
        "small",
        "span",
        "strong",
        "sub",
        "sup",
        "textarea",
        "time",
        "var",
        "wbr",
    }
)

# The classes Readability sets itself.
CLASSES_TO_PRESERVE = ("page",)

HTML_ESCAPE_MAP = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'"}

# _initializeNode's tag bonuses.
INITIAL_SCORES = {
    "div": 5,
    "pre": 3,
    "td": 3,
    "blockquote": 3,
    "address": -3,
    "ol": -3,
    "ul": -3,
    "dl": -3,
    "dd": -3,
    "dt": -3,
    "li": -3,
    "form": -3,
    "h1": -5,
    "h2": -5,
    "h3": -5,
    "h4": -5,
    "h5": -5,
    "h6": -5,
    "th": -5,
}

# Tags _grabArticle drops when they have no content.
EMPTY_CONTAINER_TAGS = frozenset({"div", "section", "header", "h1", "h2", "h3", "h4", "h5", "h6"})

# _cleanConditionally's "textish" tags: SPAN, LI, TD plus DIV_TO_P_ELEMS.
TEXTISH_TAGS = frozenset({"span", "li", "td"}) | DIV_TO_P_ELEMS

HEADING_TAGS = ("h1", "h2", "h3", "h4", "h5", "h6")

# The title separators of _getArticleTitle.
TITLE_SEPARATORS = r"\|\-–—\\/>»"

# The minimum number of near-top candidates sharing an ancestor for that
# ancestor to become the top candidate (_grabArticle's MINIMUM_TOPCANDIDATES).
MINIMUM_TOPCANDIDATES = 3

# Tags that only exist inside <svg>. A browser gives SVG elements an
# SVGAnimatedString ``className``, which Readability.js's class tests never match;
# recognising them by tag name is cheap and covers every element an <svg> icon holds.
SVG_TAGS = frozenset(
    {
        "svg",
        "g",
        "path",
        "circle",
        "ellipse",
        "line",
        "polyline",
        "polygon",
        "rect",
        "use",
        "symbol",
        "defs",
        "clippath",
        "mask",
        "pattern",
        "lineargradient",
        "radialgradient",
        "stop",
        "filter",
        "marker",
        "text",
        "tspan",
        "textpath",
        "foreignobject",
        "desc",
        "switch",
        "animate",
        "animatetransform",
        "animatemotion",
        "mpath",
        "fegaussianblur",
        "feoffset",
        "feblend",
        "fecolormatrix",
        "feflood",
        "fecomposite",
        "femerge",
        "femergenode",
        "femorphology",
    }
)
