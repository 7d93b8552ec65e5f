"""Post-processing: absolute URLs, simpler nesting, and class cleaning (``_postProcessContent``)."""

from __future__ import annotations

import functools
import re
from urllib.parse import quote, urljoin, urlsplit, urlunsplit

from .constants import JS_S, REGEXPS
from .dom import (
    Element,
    create_element,
    element_children,
    get_next_node,
    has_single_tag_inside_element,
    is_element_without_content,
    iter_tags,
    remove,
    remove_and_get_next,
    replace_with,
    set_child_nodes,
    child_nodes,
    text_content,
)

ABOUT_BLANK = "about:blank"
_SPECIAL_SCHEMES = {"http": "80", "https": "443", "ftp": "21", "ws": "80", "wss": "443", "file": None}
_SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.\-]*):")
_C0_OR_SPACE = "".join(chr(c) for c in range(0x21))
_TAB_OR_NEWLINE = re.compile("[\t\n\r]")
_EMPTY_AUTHORITY = re.compile(r"^[/\\]{2}(?:[/\\?#]|\Z)")
# WHATWG percent-encode sets (beyond C0 controls and non-ASCII, which quote() handles).
_PATH_SAFE = "!$%&'()*+,-./:;=@[\\]^_|~"
_QUERY_SAFE = "!$%&()*+,-./:;=?@[\\]^_`{|}~"  # ' is encoded in special schemes' queries
_USERINFO_SAFE = "!$%&'()*+,-._~"
_FRAGMENT_SAFE = "!#$%&'()*+,-./:;=?@[\\]^_{|}~"


class URLResolutionError(ValueError):
    pass


_SINGLE_DOT = {".", "%2e", "%2E"}
_DOUBLE_DOT = {"..", ".%2e", ".%2E", "%2e.", "%2E.", "%2e%2e", "%2E%2E", "%2e%2E", "%2E%2e"}
_DRIVE_HOST = re.compile(r"^([a-zA-Z])[:|]\Z")


def _remove_dot_segments(path: str) -> str:
    """The URL standard's path parsing: ``.`` and ``..`` segments go, empty ones stay."""
    output: list[str] = []
    segments = path.split("/")[1:] if path.startswith("/") else path.split("/")
    for i, segment in enumerate(segments):
        last = i == len(segments) - 1
        if segment in _DOUBLE_DOT:
            if output:
                output.pop()
            if last:
                output.append("")
        elif segment in _SINGLE_DOT:
            if last:
                output.append("")
        else:
            output.append(segment)
    return "/" + "/".join(output)


def _serialize_special(url: str) -> str:
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    host = parts.hostname or ""
    if scheme == "file":
        drive = _DRIVE_HOST.match(parts.netloc)
        if drive:  # file://c|/path is the Windows drive C: in the URL standard
            return _serialize_special(f"file:///{drive.group(1)}:{parts.path}" + url[len(urlunsplit(parts[:3] + ("", ""))):])
    if not host and scheme != "file":
        raise URLResolutionError(url)
    try:
        host = host.encode("idna").decode("ascii") if not host.isascii() else host.lower()
    except UnicodeError as exc:
        raise URLResolutionError(url) from exc
    netloc = host
    try:
        port = parts.port
    except ValueError as exc:
        raise URLResolutionError(url) from exc
    if port is not None and str(port) != _SPECIAL_SCHEMES[scheme]:
        netloc += f":{port}"
    if parts.username is not None or parts.password is not None:
        userinfo = quote(parts.username or "", safe=_USERINFO_SAFE)
        if parts.password:
            userinfo += ":" + quote(parts.password, safe=_USERINFO_SAFE)
        netloc = f"{userinfo}@{netloc}"
    path = _remove_dot_segments(parts.path.replace("\\", "/"))
    if scheme == "file" and _DRIVE_HOST.match(path[1:3]) and path[3:4] in ("", "/"):
        path = f"/{path[1]}:{path[3:]}"  # a Windows drive letter: C| is C:
    path = quote(path, safe=_PATH_SAFE)
    query = quote(parts.query, safe=_QUERY_SAFE)
    fragment = quote(parts.fragment, safe=_FRAGMENT_SAFE)
    result = urlunsplit((scheme, netloc, path, "", ""))
    if "?" in url.split("#", 1)[0]:
        result += "?" + query
    if "#" in url:
        result += "#" + fragment
    return result


# An absolute http(s) URL that the URL standard leaves exactly as it is.
_CANONICAL_URL = re.compile(
    r"^https?://[a-z0-9\-]+(?:\.[a-z0-9\-]+)*(?::(?!80/|443/)[0-9]+)?"
    r"/(?!\.\.?(?:[/?#]|\Z))(?:[A-Za-z0-9\-._~!$&'()*+,;=:@%]|/(?!\.\.?(?:[/?#]|\Z)))*"
    r"(?:\?[A-Za-z0-9\-._~!$&()*+,;=:@%/?]*)?(?:#[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*)?\Z"
)


@functools.lru_cache(maxsize=4096)
def resolve_url(uri: str, base: str) -> str:
    """``new URL(uri, base).href`` for the URLs pages contain; raises where it would throw."""
    if "%" not in uri and _CANONICAL_URL.match(uri):  # %2e can be a dot segment
        return uri
    uri = _TAB_OR_NEWLINE.sub("", uri.strip(_C0_OR_SPACE))
    match = _SCHEME.match(uri)
    if match:
        scheme = match.group(1).lower()
        if scheme not in _SPECIAL_SCHEMES:
            return scheme + uri[match.end(1):]
        base_scheme = _SCHEME.match(base)
        if base_scheme and base_scheme.group(1).lower() == scheme and not uri[match.end():].startswith(("/", "\\")):
            return _serialize_special(urljoin(base, uri[match.end():]))
        rest = uri[match.end():].lstrip("/\\")
        return _serialize_special(f"{scheme}://{rest}")
    if _EMPTY_AUTHORITY.match(uri):
        raise URLResolutionError(uri)  # "//" alone: a URL with an empty host
    base_match = _SCHEME.match(base)
    if not base_match or base_match.group(1).lower() not in _SPECIAL_SCHEMES:
        raise URLResolutionError(uri)  # e.g. a relative URL against about:blank
    uri = uri.replace("\\", "/")
    return _serialize_special(urljoin(base, uri))


def document_base_url(root: Element, document_url: str) -> str:
    """``document.baseURI``: the first ``<base href>`` resolved against the document URL."""
    for base in root.iter("base"):
        href = base.get("href")
        if href is None:
            continue
        try:
            return resolve_url(href, document_url)
        except (URLResolutionError, ValueError):
            return document_url
    return document_url


def fix_relative_uris(article_content: Element, base_url: str, document_url: str) -> None:
    """Port of ``_fixRelativeUris``: make links and media absolute; unlink ``javascript:`` links."""

    def to_absolute(uri: str) -> str:
        # Leave hash links alone if the base URI matches the document URI.
        if base_url == document_url and uri.startswith("#"):
            return uri
        try:
            return resolve_url(uri, base_url)
        except (URLResolutionError, ValueError):
            return uri

    for link in iter_tags(article_content, "a"):
        href = link.get("href")
        if not href:
            continue
        if href.startswith("javascript:"):
            # Scripts are gone, so such links cannot work: keep their content only.
            if len(link) == 0 and link.text:
                _replace_with_text(link, text_content(link))
            else:
                span = create_element("span")
                set_child_nodes(span, child_nodes(link))
                replace_with(link, span)
        else:
            link.set("href", to_absolute(href))

    for media in iter_tags(article_content, "img", "picture", "figure", "video", "audio", "source"):
        src = media.get("src")
        poster = media.get("poster")
        srcset = media.get("srcset")
        if src:
            media.set("src", to_absolute(src))
        if poster:
            media.set("poster", to_absolute(poster))
        if srcset:
            media.set(
                "srcset",
                REGEXPS.srcsetUrl.sub(
                    lambda m: to_absolute(m.group(1)) + (m.group(2) or "") + m.group(3), srcset
                ),
            )


def _replace_with_text(el: Element, text: str) -> None:
    el.tail = text + (el.tail or "")
    remove(el)


def simplify_nested_elements(article_content: Element) -> None:
    """Port of ``_simplifyNestedElements``: empty divs/sections go, single-child wrappers collapse.

    A wrapper hands its attributes down to the child that replaces it.
    """
    node = article_content
    while node is not None:
        if (
            node.getparent() is not None
            and node.tag in ("div", "section")
            and not (node.get("id") or "").startswith("readability")
        ):
            if is_element_without_content(node):
                node = remove_and_get_next(node)
                continue
            if has_single_tag_inside_element(node, "div") or has_single_tag_inside_element(node, "section"):
                node = _collapse_into_child(node)
                continue
        node = get_next_node(node)


def _collapse_into_child(node: Element) -> Element:
    """``node`` is replaced by its only child, which takes ``node``'s attributes over."""
    child = element_children(node)[0]
    if all(_settable(name) for name in node.keys()):
        for name, value in node.items():
            child.set(name, value)
        replace_with(node, child)
        return child
    # ``node`` has an attribute name that lxml's parser accepted but its API
    # refuses to set (``rel:buzz_num``, ``"``): keep ``node`` and move the
    # child's content and attributes into it instead; the result is the same.
    for name, value in child.items():
        if name not in node.attrib and _settable(name):
            node.set(name, value)
    node.tag = child.tag
    node.text = child.text
    node.remove(child)
    node.extend(list(child))
    return node


@functools.lru_cache(maxsize=4096)
def _settable(name: str) -> bool:
    """Whether lxml lets us set an attribute called ``name``."""
    try:
        create_element("div").set(name, "")
    except ValueError:
        return False
    return True


_CLASS_SPLIT = re.compile(JS_S + "+")


def clean_classes(root: Element, classes_to_preserve: frozenset[str]) -> None:
    """Port of ``_cleanClasses``: drop every class not in ``classes_to_preserve``."""
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        value = el.get("class")
        if value is None:
            continue
        kept = " ".join(c for c in _CLASS_SPLIT.split(value) if c in classes_to_preserve)
        if kept:
            el.set("class", kept)
        else:
            del el.attrib["class"]


def post_process_content(
    article_content: Element,
    base_url: str,
    document_url: str,
    keep_classes: bool,
    classes_to_preserve: frozenset[str],
) -> None:
    """Port of ``_postProcessContent``."""
    fix_relative_uris(article_content, base_url, document_url)
    simplify_nested_elements(article_content)
    if not keep_classes:
        clean_classes(article_content, classes_to_preserve)
