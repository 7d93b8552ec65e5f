"""The real-sites corpus: manifests, materialising a site from its snapshot, serving it, its ground truth, scoring.

A site is a folder of built HTML in a public repository, pinned to a commit (``sites/<name>.json``, the
schema in ``README.md``). Here:

- ``load_sites()`` reads the manifests (``Site``, ``Truth``), checking each field;
- ``materialise(site)`` extracts the site's document root from the repository's bare snapshot under
  the mirrors folder (``git archive COMMIT ROOT | tar -x``) into ``benchmarks/.cache/realsites/``, once;
  ``NotAvailable`` (its message says which repository to fetch) when the snapshot or the commit is
  missing;
- ``serve(site, docroot)`` serves it on 127.0.0.1 as GitHub Pages would, the site's absolute URLs
  rewritten to the local server, every request recorded;
- ``truth_paths(site, docroot)`` computes the site's articles as URL paths on the local server;
- ``score(...)`` compares what a crawl wrote with the truth.

Nothing here imports the test suite: tests import this module.
"""

from __future__ import annotations

import fcntl
import fnmatch
import gzip
import json
import mimetypes
import os
import posixpath
import re
import shutil
import subprocess
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urljoin, urlsplit, urlunsplit

from lxml import etree

from scrapy_readability.spiders.urls import url_key

HERE = Path(__file__).resolve().parent
SITES_DIR = HERE / "sites"
CACHE_DIR = HERE.parent / ".cache" / "realsites"
DEFAULT_MIRRORS = Path("/work/.mirror")
KINDS = ("blog", "docs", "project", "news", "personal")
NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")
COMMIT = re.compile(r"^[0-9a-f]{40}$")
# Files whose text is rewritten (the site's absolute URLs made local) when served.
TEXT_TYPES = {
    ".html": "text/html",
    ".htm": "text/html",
    ".xml": "application/xml",
    ".xsl": "application/xml",
    ".rss": "application/rss+xml",
    ".atom": "application/atom+xml",
    ".txt": "text/plain",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".css": "text/css",
    ".js": "application/javascript",
    ".mjs": "application/javascript",
    ".svg": "image/svg+xml",
    ".md": "text/markdown",
}
OTHER_TYPES = {".woff2": "font/woff2", ".woff": "font/woff", ".gz": "application/gzip", ".ico": "image/x-icon"}
MARKERS = (".complete", ".missing")  # written by materialise() next to the extracted tree, never served
LOCAL = "http://local.invalid"  # the site's origin while computing the truth (no server runs)


class ManifestError(ValueError):
    """A manifest that does not follow the schema: the message names the file and the field."""


class NotAvailable(Exception):
    """The site's snapshot, or its commit, is not on this machine; the message says what to fetch."""


# --- manifests --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Truth:
    """Which pages are the site's articles: globs of files, a feed's entries, a sitemap's URLs (see README.md)."""

    rule: str
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    feed: str | None = None
    sitemap: str | None = None
    url_include: tuple[str, ...] = ()
    url_exclude: tuple[str, ...] = ()


@dataclass(frozen=True)
class Site:
    name: str
    repo: str
    commit: str
    root: str
    base: str
    origins: tuple[str, ...]
    truth: Truth
    start: str | None = None
    generator: str = ""
    language: str = ""
    kind: str = ""
    has: Mapping[str, Any] = field(default_factory=dict)
    checked: str = ""
    notes: str = ""
    fix: tuple[str, ...] = ()  # the crawl's flags that fix what the defaults get wrong on this site
    fix_why: str = ""
    manifest: Path | None = None

    @property
    def start_path(self) -> str:
        """The start URL's path on the local server: ``start``, else ``base``."""
        return self.start or self.base

    @property
    def fetch_hint(self) -> str:
        return f"not available: fetch github:{self.repo}"


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return tuple(value)
    raise ManifestError(f"{where}: a string or a list of strings")


def parse_site(data: Mapping[str, Any], where: str = "<manifest>") -> Site:
    """A ``Site`` from a manifest's JSON object; ``ManifestError`` naming ``where`` and the field."""

    def need(key: str, kind: type = str) -> Any:
        if key not in data:
            raise ManifestError(f"{where}: {key!r} is missing")
        if not isinstance(data[key], kind):
            raise ManifestError(f"{where}: {key!r} must be a {kind.__name__}")
        return data[key]

    name = need("name")
    if not NAME.match(name):
        raise ManifestError(f"{where}: 'name' must be a slug (lowercase letters, digits, '-')")
    repo = need("repo")
    if repo.count("/") != 1:
        raise ManifestError(f"{where}: 'repo' must be owner/name")
    commit = need("commit").lower()
    if not COMMIT.match(commit):
        raise ManifestError(f"{where}: 'commit' must be 40 hexadecimal digits")
    root = need("root").strip("/")
    base = need("base")
    if not (base.startswith("/") and base.endswith("/")):
        raise ManifestError(f"{where}: 'base' must begin and end with '/'")
    origins = _strings(need("origins", list), f"{where}: 'origins'")
    for origin in origins:
        if not re.match(r"^(?:https?:)?//[^/]+", origin):
            raise ManifestError(f"{where}: origin {origin!r} is not an absolute URL")
    start = data.get("start")
    if start is not None and not (isinstance(start, str) and start.startswith(base)):
        raise ManifestError(f"{where}: 'start' must be a path beginning with base {base!r}")
    truth = need("truth", dict)
    rule = truth.get("rule")
    if not isinstance(rule, str) or not rule.strip():
        raise ManifestError(f"{where}: 'truth.rule' must say in words which pages are the articles")
    parsed = Truth(
        rule=rule,
        include=_strings(truth.get("include"), f"{where}: 'truth.include'"),
        exclude=_strings(truth.get("exclude"), f"{where}: 'truth.exclude'"),
        feed=truth.get("feed"),
        sitemap=truth.get("sitemap"),
        url_include=_strings(truth.get("url_include"), f"{where}: 'truth.url_include'"),
        url_exclude=_strings(truth.get("url_exclude"), f"{where}: 'truth.url_exclude'"),
    )
    for key in ("feed", "sitemap"):
        if truth.get(key) is not None and not isinstance(truth[key], str):
            raise ManifestError(f"{where}: 'truth.{key}' must be a file's path under root")
    if not (parsed.include or parsed.feed or parsed.sitemap):
        raise ManifestError(f"{where}: 'truth' needs 'include', 'feed' or 'sitemap'")
    for pattern in parsed.url_include + parsed.url_exclude:
        try:
            re.compile(pattern)
        except re.error as error:
            raise ManifestError(f"{where}: bad regular expression {pattern!r}: {error}") from None
    kind = data.get("kind", "")
    if kind and kind not in KINDS:
        raise ManifestError(f"{where}: 'kind' must be one of {', '.join(KINDS)}")
    has = data.get("has", {})
    if not isinstance(has, dict):
        raise ManifestError(f"{where}: 'has' must be an object")
    fix = data.get("fix", {})
    if not isinstance(fix, dict) or (fix and not (isinstance(fix.get("why"), str) and fix.get("args"))):
        raise ManifestError(f"{where}: 'fix' must be an object with 'args' (the crawl's flags) and 'why'")
    return Site(
        name=name,
        repo=repo,
        commit=commit,
        root=root,
        base=base,
        origins=origins,
        truth=parsed,
        start=start,
        generator=str(data.get("generator", "")),
        language=str(data.get("language", "")),
        kind=kind,
        has=has,
        checked=str(data.get("checked", "")),
        notes=str(data.get("notes", "")),
        fix=_strings(fix.get("args"), f"{where}: 'fix.args'"),
        fix_why=str(fix.get("why", "")),
    )


def load_site(path: Path) -> Site:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise ManifestError(f"{path}: not JSON: {error}") from None
    if not isinstance(data, dict):
        raise ManifestError(f"{path}: not a JSON object")
    site = parse_site(data, str(path))
    if site.name != path.stem:
        raise ManifestError(f"{path}: 'name' {site.name!r} differs from the file's name")
    return replace(site, manifest=path)


def load_sites(names: Iterable[str] | None = None, directory: Path = SITES_DIR) -> list[Site]:
    """The manifests of ``directory`` (all, or those named, in the order named), by name."""
    sites = {path.stem: path for path in sorted(directory.glob("*.json"))}
    if names is None:
        return [load_site(path) for path in sites.values()]
    wanted = list(names)
    unknown = [name for name in wanted if name not in sites]
    if unknown:
        raise ManifestError(f"no manifest for {', '.join(unknown)} in {directory}")
    return [load_site(sites[name]) for name in wanted]


# --- snapshots and the cache -------------------------------------------------------------------------


def mirrors_dir(explicit: str | Path | None = None) -> Path:
    """Where the snapshots are: ``explicit``, else ``$REALSITES_MIRRORS``, else ``/work/.mirror``."""
    if explicit:
        return Path(explicit)
    return Path(os.environ.get("REALSITES_MIRRORS") or DEFAULT_MIRRORS)


def _is_git_dir(path: Path) -> bool:
    return (path / "HEAD").is_file() and (path / "objects").is_dir()


def find_git_dir(repo: str, mirrors: Path) -> Path | None:
    """The git directory of ``repo``'s snapshot (``mirrors/owner+name/...``, bare or a ``.git``), or None."""
    top = mirrors / repo.replace("/", "+")
    if not top.is_dir():
        return None
    for candidate in (top, top / ".git", top / "repo", top / "repo" / ".git"):
        if _is_git_dir(candidate):
            return candidate
    for folder, subfolders, _ in os.walk(top):
        depth = len(Path(folder).relative_to(top).parts)
        subfolders[:] = [] if depth >= 3 else sorted(sub for sub in subfolders if sub not in ("objects", "refs"))
        if _is_git_dir(Path(folder)):
            return Path(folder)
    return None


def _git(git_dir: Path, *args: str, **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", f"--git-dir={git_dir}", *args], capture_output=True, **kwargs)


def has_commit(git_dir: Path, commit: str) -> bool:
    return _git(git_dir, "cat-file", "-e", f"{commit}^{{commit}}").returncode == 0


def cache_folder(site: Site, cache: Path = CACHE_DIR) -> Path:
    return cache / f"{site.name}-{site.commit[:12]}"


def availability(site: Site, mirrors: Path | None = None, cache: Path = CACHE_DIR) -> str | None:
    """None when the site can be served (cached, or its snapshot holds the commit), else why not."""
    if (cache_folder(site, cache) / ".complete").exists():
        return None
    git_dir = find_git_dir(site.repo, mirrors_dir(mirrors))
    if git_dir is None:
        return site.fetch_hint
    if not has_commit(git_dir, site.commit):
        return f"{site.fetch_hint} (its snapshot at {git_dir} lacks commit {site.commit[:12]})"
    return None


def materialise(site: Site, mirrors: Path | None = None, cache: Path = CACHE_DIR) -> Path:
    """The site's document root, extracted from its snapshot once into the cache; ``NotAvailable`` if it can't be."""
    target = cache_folder(site, cache)
    docroot = target / site.root if site.root else target
    if (target / ".complete").exists():
        return docroot
    reason = availability(site, mirrors, cache)
    if reason is not None:
        raise NotAvailable(reason)
    git_dir = find_git_dir(site.repo, mirrors_dir(mirrors))
    assert git_dir is not None
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / f".{target.name}.lock", "w") as lock:  # test processes may ask for one site at once
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (target / ".complete").exists():
            _materialise_into(site, git_dir, target)
    return docroot


def _materialise_into(site: Site, git_dir: Path, target: Path) -> None:
    cache = target.parent
    temporary = cache / f".{target.name}.{os.getpid()}.tmp"
    shutil.rmtree(temporary, ignore_errors=True)
    temporary.mkdir()
    try:
        skipped = _extract(git_dir, site.commit, site.root, temporary)
        if not (temporary / site.root).is_dir():
            raise NotAvailable(f"{site.name}: commit {site.commit[:12]} of {site.repo} has no folder {site.root!r}")
        if skipped:
            (temporary / ".missing").write_text("\n".join(skipped) + "\n", encoding="utf-8")
        (temporary / ".complete").write_text(f"{site.repo} {site.commit} {site.root}\n", encoding="utf-8")
        shutil.rmtree(target, ignore_errors=True)  # an extraction cut short
        os.replace(temporary, target)
    finally:
        shutil.rmtree(temporary, ignore_errors=True)


def _extract(git_dir: Path, commit: str, root: str, folder: Path) -> list[str]:
    """``git archive COMMIT ROOT | tar -x``; if the archive fails (a snapshot lacks its largest blobs), file by file.

    The files that could not be had (absent blobs, submodules, symbolic links leaving the tree) are returned.
    """
    paths = [root] if root else []
    archive = subprocess.Popen(
        ["git", f"--git-dir={git_dir}", "archive", "--format=tar", commit, *paths],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert archive.stdout is not None
    untar = subprocess.run(["tar", "-x", "-C", str(folder)], stdin=archive.stdout, capture_output=True)
    archive.stdout.close()
    archive.wait()
    if archive.returncode == 0 and untar.returncode == 0:
        return []
    for child in folder.iterdir():
        shutil.rmtree(child) if child.is_dir() else child.unlink()
    return _extract_blobs(git_dir, commit, root, folder)


def _extract_blobs(git_dir: Path, commit: str, root: str, folder: Path) -> list[str]:
    listing = _git(git_dir, "ls-tree", "-r", "-z", "--full-tree", commit, *([root] if root else []))
    if listing.returncode != 0:
        raise NotAvailable(f"git ls-tree {commit[:12]} failed: {listing.stderr.decode(errors='replace').strip()}")
    entries: list[tuple[str, str, str]] = []
    for record in listing.stdout.split(b"\0"):
        if record:
            meta, _, raw = record.partition(b"\t")
            mode, _kind, sha = meta.decode().split()
            entries.append((mode, sha, raw.decode("utf-8", "surrogateescape")))
    skipped = [name for mode, _, name in entries if mode in ("160000", "120000")]
    blobs = [(sha, name) for mode, sha, name in entries if mode not in ("160000", "120000")]
    batch = subprocess.Popen(
        ["git", f"--git-dir={git_dir}", "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert batch.stdin is not None and batch.stdout is not None

    def feed() -> None:
        assert batch.stdin is not None
        for sha, _ in blobs:
            batch.stdin.write(sha.encode() + b"\n")
        batch.stdin.close()

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    for _sha, name in blobs:
        header = batch.stdout.readline().split()
        if len(header) < 3 or header[1] != b"blob":
            skipped.append(name)
            continue
        data = batch.stdout.read(int(header[2]))
        batch.stdout.read(1)
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    writer.join()
    batch.wait()
    return skipped


# --- URLs ---------------------------------------------------------------------------------------------


def _origin_pattern(origins: Sequence[str]) -> re.Pattern[bytes] | None:
    """The origins as one pattern: http, https, protocol-relative, with or without ``www.``; longest first."""
    stems = set()
    for origin in origins:
        stem = re.sub(r"^(?:https?:)?//", "", origin).rstrip("/")
        stems.add(stem.removeprefix("www."))
    if not stems:
        return None
    alternatives = b"|".join(re.escape(stem.encode()) for stem in sorted(stems, key=len, reverse=True))
    return re.compile(rb"(?:https?:)?//(?:www\.)?(?:" + alternatives + rb")(?:/|(?![\w.\-]))", re.IGNORECASE)


class Rewriter:
    """Replaces the site's origins in a text by ``target`` (the local server's origin and the site's base)."""

    def __init__(self, origins: Sequence[str], target: str) -> None:
        self.pattern = _origin_pattern(origins)
        self.target = target.encode()

    def __call__(self, data: bytes) -> bytes:
        if self.pattern is None:
            return data
        target = self.target
        return self.pattern.sub(lambda _: target, data)


def file_url_path(site: Site, relative: str) -> str:
    """The URL path of a file under the document root: ``x/index.html`` is ``{base}x/``, others ``{base}path``."""
    if relative == "index.html":
        relative = ""
    elif relative.endswith("/index.html"):
        relative = relative[: -len("index.html")]
    return site.base + quote(relative, safe="/~!$&'()*+,;=:@-._")


def url_path_file(site: Site, path: str) -> str | None:
    """The file (relative to root) a URL path under base names as written: ``{base}x/`` is ``x/index.html``."""
    if not path.startswith(site.base):
        return None
    relative = unquote(path[len(site.base) :].split("?", 1)[0])
    if relative == "" or relative.endswith("/"):
        relative += "index.html"
    return relative


def resolve(docroot: Path, relative: str) -> tuple[str, Path | None]:
    """What GitHub Pages does with a path under the site's base: ``("file", path)``, ``("redirect", None)``
    (a directory asked for without its slash) or ``("missing", None)``."""
    clean = posixpath.normpath("/" + relative)
    if clean.startswith("/..") or "\0" in clean:
        return "missing", None
    if relative.endswith("/") and clean != "/":
        clean += "/"
    path = docroot / clean.lstrip("/")
    if clean.endswith("/"):
        index = path / "index.html"
        return ("file", index) if index.is_file() else ("missing", None)
    if path.is_file():
        return "file", path
    html = path.with_name(path.name + ".html")
    if html.is_file():
        return "file", html
    if path.is_dir():
        return "redirect", None
    return "missing", None


def page_key(url: str) -> str:
    """``url_key``, ``/x/index.html`` and ``/x/`` being one page, and ``/x.html`` and ``/x`` (GitHub Pages serves
    ``x.html`` at ``/x``: a site that links its pages without the extension has them at both addresses)."""
    parts = urlsplit(url)
    path = parts.path
    for suffix in ("/index.html", "/index.htm"):
        if path.endswith(suffix):
            path = path[: -len(suffix) + 1]
    key = url_key(urlunsplit((parts.scheme, parts.netloc, path, parts.query, "")))  # print.html is no print view
    place, mark, query = key.partition("?")
    return place.removesuffix(".html") + mark + query


# --- the server -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    status: int


class _Handler(BaseHTTPRequestHandler):
    server: _SiteHTTPServer
    server_version = "realsites"
    sys_version = ""

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_HEAD(self) -> None:
        self.answer(body=False)

    def do_GET(self) -> None:
        self.answer(body=True)

    def answer(self, body: bool) -> None:
        site = self.server.site
        path, _, query = self.path.partition("?")
        if "://" in path:  # an absolute request target
            path = urlsplit(path).path or "/"
        status, headers, data = 404, {"Content-Type": "text/plain; charset=utf-8"}, b"404 Not Found\n"
        if path == site.base.rstrip("/") and path:
            status, data = 301, b""
            headers = {"Location": self.server.origin + site.base + (f"?{query}" if query else "")}
        elif path.startswith(site.base):
            relative = unquote(path[len(site.base) :])
            how, file = resolve(self.server.docroot, relative) if relative not in MARKERS else ("missing", None)
            if how == "file" and file is not None:
                status, headers, data = 200, *self.server.read(file)
            elif how == "redirect":
                location = self.server.origin + path + "/" + (f"?{query}" if query else "")
                status, headers, data = 301, {"Location": location}, b""
            elif (self.server.docroot / "404.html").is_file():
                status, headers, data = 404, *self.server.read(self.server.docroot / "404.html")
        self.server.record(Request(self.command, self.path, status))
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if body:
            self.wfile.write(data)


class _SiteHTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, site: Site, docroot: Path, host: str, public_host: str | None) -> None:
        super().__init__((host, 0), _Handler)
        self.site = site
        self.docroot = docroot
        self.origin = f"http://{public_host or host}:{self.server_address[1]}"
        self.rewrite = Rewriter(site.origins, self.origin + site.base)
        self.requests: list[Request] = []
        self.lock = threading.Lock()

    def record(self, request: Request) -> None:
        with self.lock:
            self.requests.append(request)

    def read(self, file: Path) -> tuple[dict[str, str], bytes]:
        suffix = file.suffix.lower()
        data = file.read_bytes()
        if suffix in TEXT_TYPES:
            kind = TEXT_TYPES[suffix]
            data = self.rewrite(data)
            if not kind.startswith("image/"):
                kind += "; charset=utf-8"
        else:
            kind = OTHER_TYPES.get(suffix) or mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        return {"Content-Type": kind}, data


@dataclass
class LocalSite:
    """A site being served: ``origin`` (``http://127.0.0.1:PORT``), ``url`` (its start URL), the requests."""

    site: Site
    docroot: Path
    server: _SiteHTTPServer

    @property
    def origin(self) -> str:
        return self.server.origin

    @property
    def url(self) -> str:
        return self.origin + self.site.start_path

    @property
    def requests(self) -> list[Request]:
        with self.server.lock:
            return list(self.server.requests)

    def absolute(self, path: str) -> str:
        return self.origin + path


@contextmanager
def serve(site: Site, docroot: Path, host: str = "127.0.0.1", public_host: str | None = None) -> Iterator[LocalSite]:
    """Serve ``docroot`` under ``site.base`` on ``host`` (an ephemeral port) as GitHub Pages would.

    ``/x/`` is ``x/index.html``; ``/x`` is the file ``x``, else ``x.html``, else (a folder) a 301 to ``/x/``;
    anything else the site's ``404.html`` with status 404, and outside ``base`` a plain 404. The site's
    origins in text files become ``http://{public_host or host}:PORT{base}`` (``public_host``: a name that
    resolves to ``host`` for a client that refuses IP addresses).
    """
    server = _SiteHTTPServer(site, docroot, host, public_host)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    try:
        yield LocalSite(site, docroot, server)
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


# --- the truth ------------------------------------------------------------------------------------------


@dataclass
class TruthSet:
    """The site's articles as URL paths on the local server; what the manifest named that is not there."""

    paths: set[str]
    missing: list[str] = field(default_factory=list)  # feed/sitemap URLs that no file answers
    offsite: list[str] = field(default_factory=list)  # feed/sitemap links to other sites


def site_files(docroot: Path) -> list[str]:
    """Every file under the document root, as a path relative to it ('/'-separated), sorted."""
    files: list[str] = []
    for folder, subfolders, names in os.walk(docroot):
        subfolders[:] = sorted(sub for sub in subfolders if sub != ".git")
        relative = Path(folder).relative_to(docroot).as_posix()
        prefix = "" if relative == "." else relative + "/"
        files.extend(prefix + name for name in names if prefix or name not in MARKERS)
    return sorted(files)


def local_path(site: Site, link: str, referrer: str) -> str | None:
    """A link found in the file served at ``referrer`` (a URL path), as a URL path of the site; None if offsite."""
    rewritten = Rewriter(site.origins, LOCAL + site.base)(link.strip().encode()).decode()
    url = urlsplit(urljoin(LOCAL + referrer, rewritten))
    if f"{url.scheme}://{url.netloc}" != LOCAL or not url.path.startswith(site.base):
        return None
    path = quote(unquote(url.path), safe="/~!$&'()*+,;=:@-._")
    return path + (f"?{url.query}" if url.query else "")


def _local_name(element: Any) -> str:
    return etree.QName(element).localname if isinstance(element.tag, str) else ""


def _xml(data: bytes) -> Any:
    parser = etree.XMLParser(resolve_entities=False, no_network=True, recover=True, huge_tree=True)
    return etree.fromstring(data, parser)


def feed_links(data: bytes) -> list[str]:
    """The entries' links of an RSS (0.9x, 1.0, 2.0), Atom or JSON Feed document."""
    stripped = data.lstrip()
    if stripped.startswith(b"{"):
        items = json.loads(data).get("items", [])
        return [item["url"] for item in items if isinstance(item, dict) and isinstance(item.get("url"), str)]
    root = _xml(data)
    links = []
    for element in root.iter():
        name = _local_name(element)
        if name == "item":
            link = next((child for child in element if _local_name(child) == "link"), None)
            if link is not None and (link.text or "").strip():
                links.append(link.text.strip())
            else:
                about = element.get("{http://www.w3.org/1999/02/22-rdf-syntax-ns#}about")
                if about:
                    links.append(about)
        elif name == "entry":
            for child in element:
                if _local_name(child) == "link" and child.get("rel", "alternate") == "alternate" and child.get("href"):
                    links.append(child.get("href"))
                    break
    return links


def sitemap_links(data: bytes) -> tuple[list[str], list[str]]:
    """A sitemap's page URLs and, for an index, its sitemaps' URLs."""
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    pages: list[str] = []
    sitemaps: list[str] = []
    for element in _xml(data).iter():
        name = _local_name(element)
        if name in ("url", "sitemap"):
            loc = next((child for child in element if _local_name(child) == "loc"), None)
            if loc is not None and (loc.text or "").strip():
                (pages if name == "url" else sitemaps).append(loc.text.strip())
    return pages, sitemaps


def truth_paths(site: Site, docroot: Path) -> TruthSet:
    """The site's articles: files matching ``include``, the entries of ``feed``, the URLs of ``sitemap``
    (these two filtered by ``url_include``), less what ``exclude`` or ``url_exclude`` match; URL paths."""
    truth = site.truth
    result = TruthSet(set())
    for relative in site_files(docroot):
        if any(fnmatch.fnmatchcase(relative, pattern) for pattern in truth.include):
            result.paths.add(file_url_path(site, relative))
    listed: list[tuple[str, str]] = []  # (link, the URL path of the document that lists it)
    if truth.feed:
        referrer = file_url_path(site, truth.feed)
        listed += [(link, referrer) for link in feed_links((docroot / truth.feed).read_bytes())]
    if truth.sitemap:
        queue, seen = [truth.sitemap], set[str]()
        while queue:
            relative = queue.pop(0)
            if relative in seen or len(seen) >= 1000:
                continue
            seen.add(relative)
            referrer = file_url_path(site, relative)
            pages, sitemaps = sitemap_links((docroot / relative).read_bytes())
            listed += [(page, referrer) for page in pages]
            for child in sitemaps:
                path = local_path(site, child, referrer)
                child_file = url_path_file(site, path) if path else None
                if child_file and (docroot / child_file).is_file():
                    queue.append(child_file)
                else:
                    result.missing.append(child)
    for link, referrer in listed:
        path = local_path(site, link, referrer)
        if path is None:
            result.offsite.append(link)
        elif not truth.url_include or any(re.search(pattern, path) for pattern in truth.url_include):
            relative = unquote(path[len(site.base) :].split("?", 1)[0])
            if resolve(docroot, relative)[0] == "missing":
                result.missing.append(link)
            else:
                result.paths.add(path)
    for path in list(result.paths):
        relative = url_path_file(site, path) or ""
        if any(fnmatch.fnmatchcase(relative, pattern) for pattern in truth.exclude) or any(
            re.search(pattern, path) for pattern in truth.url_exclude
        ):
            result.paths.discard(path)
    return result


# --- scoring --------------------------------------------------------------------------------------------


@dataclass
class Score:
    """What a crawl wrote against the truth. ``found``: truth pages written; ``written``: items (or URLs listed)."""

    truth: int
    written: int
    found: int
    duplicates: int
    missed: list[str]
    extra: list[str]
    same_text: int = 0  # other pages whose extracted text an earlier item had (an extraction matter, not the crawl's)

    @property
    def recall(self) -> float:
        return self.found / self.truth if self.truth else 1.0

    @property
    def precision(self) -> float:
        return self.found / self.written if self.written else 0.0


def score(origin: str, truth: Iterable[str], items: Sequence[Mapping[str, Any]]) -> Score:
    """Items (``url``, optionally ``text``) against the truth's URL paths on ``origin``.

    URLs are compared by ``page_key`` (``url_key``, ``/x/index.html`` = ``/x/``). An item is a duplicate when its
    key was an earlier item's (one page written twice); ``same_text`` counts the other pages whose text
    (whitespace collapsed) an earlier item had: two addresses of one page without a canonical link, or an
    extraction that kept the same box of several pages. ``missed``: the truth's paths not written; ``extra``:
    the written URLs not in the truth (each once).
    """
    wanted = {page_key(origin + path): path for path in truth}
    seen_keys: set[str] = set()
    seen_texts: set[str] = set()
    duplicates = same_text = 0
    extra: list[str] = []
    for item in items:
        key = page_key(str(item.get("url", "")))
        text = " ".join(str(item.get("text") or "").split())
        if key in seen_keys:
            duplicates += 1
            continue
        if text and text in seen_texts:
            same_text += 1
        if key not in wanted:
            extra.append(str(item.get("url", "")))
        seen_keys.add(key)
        if text:
            seen_texts.add(text)
    found = [path for key, path in wanted.items() if key in seen_keys]
    missed = sorted(path for key, path in wanted.items() if key not in seen_keys)
    return Score(len(wanted), len(items), len(found), duplicates, missed, extra, same_text)
