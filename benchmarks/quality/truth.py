"""The ground truth of article text: pages others built, each beside the text it should give, rebuilt from git.

A source is a manifest ``sources/<name>.json`` (``README.md`` gives the schema and each source's rule). Three kinds:

- ``markdown``: a static site whose Markdown sources are public beside its built HTML; a built page's expected
  text is its source document rendered to plain text (``markdown_text``);
- ``fundus``: fundus's parser test pages, the expected text the body its test JSON holds (``fundus_text``);
- ``files``: an extractor's test pages with an expected text file beside each (newspaper's ``tests/data``).

``build(source)`` reads the pinned commit from the repository's snapshot (``fetch github:owner/name``) and writes
the pages and their texts into ``benchmarks/.cache/quality/`` (ignored by git), once; ``load_pages()`` reads them
back. Nothing of a third party's pages is committed: only the manifests.
"""

from __future__ import annotations

import fnmatch
import gzip
import hashlib
import json
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import lxml.html
from lxml import etree

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.realsites.corpus import find_git_dir, has_commit, mirrors_dir  # noqa: E402

HERE = Path(__file__).resolve().parent
SOURCES_DIR = HERE / "sources"
CACHE_DIR = HERE.parent / ".cache" / "quality"
KINDS = ("markdown", "fundus", "files")
# Elements whose end is a word boundary even when the HTML puts no space after them.
BLOCKS = frozenset(
    "address article aside blockquote br dd details div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr "
    "li main nav ol p pre section summary table tbody td tfoot th thead tr ul".split()
)
INVISIBLE = ("script", "style", "noscript", "template", "head")


class NotAvailable(Exception):
    """The source's snapshot or commit is not on this machine; the message says what to fetch."""


@dataclass(frozen=True)
class Page:
    """One page of the truth: its HTML (a file in the cache) and the text it should give."""

    id: str  # "<source>:<path of the HTML in its repository>"
    source: str
    site: str  # the site or publisher: the per-site table's rows
    language: str  # ISO 639-1 (the primary subtag)
    kind: str  # blog, docs, news, project
    url: str  # the page's address on its site (for the extractors' link resolution)
    html: str  # the HTML file, relative to the cache folder
    truth: str  # the expected text
    origin: str  # where the truth came from: "repo@commit:path"


# --- text -------------------------------------------------------------------------------------------


def element_text(root: Any) -> str:
    """The text of an lxml tree with a line break after each block element (``text_content()`` would glue
    ``<td>a</td><td>b</td>`` into one word); scripts, styles and comments dropped."""
    for element in list(root.iter(etree.Comment, etree.ProcessingInstruction, *INVISIBLE)):
        if element.getparent() is not None:
            element.drop_tree() if isinstance(element.tag, str) else _remove_keep_tail(element)
    parts: list[str] = []
    _collect(root, parts)
    return re.sub(r"\n\s*\n\s*", "\n\n", "".join(parts)).strip()


def _remove_keep_tail(node: Any) -> None:
    parent, tail = node.getparent(), node.tail or ""
    previous = node.getprevious()
    if previous is not None:
        previous.tail = (previous.tail or "") + tail
    else:
        parent.text = (parent.text or "") + tail
    parent.remove(node)


def _collect(element: Any, parts: list[str]) -> None:
    if isinstance(element.tag, str):
        parts.append(element.text or "")
        for child in element:
            _collect(child, parts)
        if element.tag in BLOCKS:
            parts.append("\n")
    parts.append(element.tail or "")


def html_text(html: str | bytes) -> str:
    """Every visible text of a page (pairing sources with built pages)."""
    try:
        return element_text(lxml.html.document_fromstring(html))
    except (etree.ParserError, ValueError):
        return ""


FRONT_MATTER = re.compile(
    r"\A\ufeff?\s*(?:---[ \t]*\n.*?\n(?:---|\.\.\.)[ \t]*(?:\n|\Z)|\+\+\+[ \t]*\n.*?\n\+\+\+[ \t]*(?:\n|\Z))", re.S
)
TEMPLATES = {
    # Hugo shortcodes: the tags go, what a paired shortcode encloses stays.
    "hugo": [r"\{\{<.*?>\}\}", r"\{\{%.*?%\}\}"],
    # Liquid tags and outputs (Jekyll); kramdown's attribute lists and ``{:toc}``.
    "liquid": [r"\{%-?.*?-?%\}", r"\{\{-?.*?-?\}\}", r"\{:[^}\n]*\}"],
    # Pelican's metadata lines at the top of a Markdown file (``Title: …``, ``Date: …``, up to a blank line).
    # CodeHilite's language line (``:::fortran``) opening an indented code block.
    "pelican": [r"\A(?:[A-Za-z][\w-]*:[^\n]*\n)+(?=\s*\n)", r"^(?:[ ]{4,}|\t)(?:#!|:::)\w+[ \t]*$"],
    # MkDocs/Material and Python-Markdown's attribute lists on headings, ``[TOC]`` markers.
    "attr_list": [r"\{\s*[#.:][^}\n]*\}", r"^\[TOC\]\s*$"],
    # MkDocs Material: the markers of admonitions (``!!! note "Title"`` keeps its title), tabs and snippets.
    "mkdocs": [
        r"^[ \t]*(?:!!!|\?\?\?\+?)[ \t]*[\w-]+(?:[ \t]+[\w-]+)*[ \t]*(?=\"|$)",
        r"^[ \t]*===[ \t]*(?=\")",
        r"^[ \t]*-+8<-+[^\n]*$",  # a snippet the manifest's ``snippets`` did not expand
        r"(?<=`)#!\w+[ \t]+",  # InlineHilite's language mark: `#!python await` shows as `await`
    ],
}


SNIPPET = re.compile(r"^([ \t]*)-+8<-+[ \t]+[\"']([^\"'\n]+?)(?::(\d+)(?::(\d+))?)?[\"'][ \t]*$", re.M)


def expand_snippets(source: str, read: Callable[[str], bytes | None]) -> str:
    """pymdownx.snippets' ``--8<-- "path"`` lines (``path:start:end`` a range of lines) replaced by the file,
    read from the repository's root as MkDocs does by default, at the indentation of the marker."""

    def include(match: re.Match[str]) -> str:
        data = read(match.group(2))
        if data is None:
            return match.group(0)
        lines = data.decode("utf-8", "replace").splitlines()
        start, end = int(match.group(3) or 1), int(match.group(4) or len(lines))
        return "\n".join(match.group(1) + line for line in lines[start - 1 : end])

    return SNIPPET.sub(include, source)


def markdown_text(source: str, templates: Iterable[str] = ()) -> str:
    """A Markdown document as the plain text a reader sees: front matter dropped, the generator's template
    tags removed (``templates``: keys of ``TEMPLATES``), rendered by CommonMark (tables, strikethrough, raw
    HTML kept), then its text: code blocks as their code, links as their text, images as nothing."""
    from markdown_it import MarkdownIt

    text = FRONT_MATTER.sub("", source.lstrip("\ufeff"), count=1)
    for name in templates:
        for pattern in TEMPLATES[name]:
            text = re.sub(pattern, "", text, flags=re.S | re.M)
    rendered = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"]).render(text)
    if not rendered.strip():
        return ""
    root = lxml.html.fragment_fromstring(rendered, create_parent="div")
    return element_text(root)


def fundus_text(body: dict[str, Any]) -> str:
    """Fundus's expected body: the summary, then each section's headline and paragraphs, in order."""
    blocks = list(body.get("summary") or [])
    for section in body.get("sections") or []:
        blocks += list(section.get("headline") or []) + list(section.get("paragraphs") or [])
    return "\n\n".join(block.strip() for block in blocks if block and block.strip())


LANG = re.compile(rb"<html\b[^>]*?\blang\s*=\s*[\"']?([A-Za-z]{2,3})\b", re.I)


def html_language(html: bytes) -> str | None:
    """The primary subtag of the page's ``<html lang>``, lowercased, if it has one."""
    match = LANG.search(html[:20000])
    if not match:
        return None
    language = match.group(1).decode().lower()
    return {"nb": "no", "nn": "no"}.get(language, language)


# --- manifests and git ------------------------------------------------------------------------------


def load_manifests(names: Iterable[str] | None = None, directory: Path = SOURCES_DIR) -> list[dict[str, Any]]:
    """The source manifests (all, or those named), each with its ``name`` checked against its file."""
    found = {path.stem: path for path in sorted(directory.glob("*.json"))}
    wanted = list(names) if names is not None else list(found)
    unknown = [name for name in wanted if name not in found]
    if unknown:
        raise ValueError(f"no source manifest for {', '.join(unknown)} in {directory}")
    manifests = []
    for name in wanted:
        data = json.loads(found[name].read_text(encoding="utf-8"))
        if (
            data.get("name") != name
            or data.get("kind") not in KINDS
            or not re.fullmatch(r"[0-9a-f]{40}", data["commit"])
        ):
            raise ValueError(f"{found[name]}: 'name' must be the file's name, 'kind' one of {KINDS}, 'commit' 40 hex")
        data["manifest"] = str(found[name])
        manifests.append(data)
    return manifests


class Repo:
    """Blobs and listings of one repository's snapshot, read through one ``git cat-file --batch``."""

    def __init__(self, name: str, mirrors: Path | None = None) -> None:
        git_dir = find_git_dir(name, mirrors_dir(mirrors))
        if git_dir is None:
            raise NotAvailable(f"not available: fetch github:{name}")
        self.name, self.git_dir = name, git_dir
        self.batch = subprocess.Popen(
            ["git", f"--git-dir={git_dir}", "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )

    def require(self, commit: str) -> None:
        if not has_commit(self.git_dir, commit):
            raise NotAvailable(f"not available: fetch github:{self.name} (its snapshot lacks commit {commit[:12]})")

    def files(self, commit: str, folder: str = "") -> list[str]:
        args = ["git", f"--git-dir={self.git_dir}", "ls-tree", "-r", "--name-only", "-z", commit]
        output = subprocess.run(args + ([folder] if folder else []), capture_output=True, check=True).stdout
        return sorted(name for name in output.decode("utf-8", "surrogateescape").split("\0") if name)

    def read(self, commit: str, path: str) -> bytes | None:
        assert self.batch.stdin is not None and self.batch.stdout is not None
        self.batch.stdin.write(f"{commit}:{path}\n".encode("utf-8", "surrogateescape"))
        self.batch.stdin.flush()
        header = self.batch.stdout.readline().split()
        if len(header) < 3 or header[1] != b"blob":
            return None
        data = self.batch.stdout.read(int(header[2]))
        self.batch.stdout.read(1)
        return data

    def close(self) -> None:
        if self.batch.stdin:
            self.batch.stdin.close()
        self.batch.wait()


# --- building the truth ------------------------------------------------------------------------------


def cache_folder(manifest: dict[str, Any], cache: Path = CACHE_DIR) -> Path:
    """One folder per manifest and builder: editing a manifest's rule or this module rebuilds the truth."""
    digest = hashlib.sha256(Path(manifest["manifest"]).read_bytes() + Path(__file__).read_bytes()).hexdigest()[:10]
    return cache / f"{manifest['name']}-{manifest['commit'][:12]}-{digest}"


def build(manifest: dict[str, Any], mirrors: Path | None = None, cache: Path = CACHE_DIR) -> Path:
    """The source's pages in the cache (built once from the snapshot); ``NotAvailable`` when it can't be."""
    folder = cache_folder(manifest, cache)
    if (folder / "pages.jsonl").exists():
        return folder
    repo = Repo(manifest["repo"], mirrors)
    try:
        repo.require(manifest["commit"])
        if manifest.get("source_commit"):
            repo.require(manifest["source_commit"])
        (folder / "html").mkdir(parents=True, exist_ok=True)
        builder = {"markdown": markdown_pages, "fundus": fundus_pages, "files": file_pages}[manifest["kind"]]
        pages, dropped = on_page(builder(manifest, repo, folder), folder)
    finally:
        repo.close()
    (folder / "dropped.txt").write_text("".join(f"{line}\n" for line in dropped), encoding="utf-8")
    for stale in cache.glob(f"{manifest['name']}-*"):  # builds of an earlier manifest or builder
        if stale != folder and stale.name.startswith(f"{manifest['name']}-{manifest['commit'][:12]}-"):
            shutil.rmtree(stale, ignore_errors=True)
    temporary = folder / "pages.jsonl.tmp"
    temporary.write_text("".join(json.dumps(asdict(page), ensure_ascii=False) + "\n" for page in pages), "utf-8")
    temporary.replace(folder / "pages.jsonl")
    return folder


def decode(html: bytes, encoding: str | None = None) -> str:
    """A page's text as a browser would read it: ``encoding`` when it is known (fundus stores UTF-8), else the
    BOM, the page's declared charset, UTF-8 (w3lib's rules): every extractor then gets the same string."""
    from w3lib.encoding import html_to_unicode

    if encoding:
        return html.decode(encoding, "replace")
    return html_to_unicode(None, html)[1]


MIN_WORDS, MIN_ON_PAGE = 30, 0.9


def on_page(pages: Iterable[Page], folder: Path) -> tuple[list[Page], list[str]]:
    """The pages whose truth is on the page: at least ``MIN_WORDS`` words, ``MIN_ON_PAGE`` of them in the page's
    visible text (a truth the page does not show, a stale source or an extractor's junk output, is no truth)."""
    kept, dropped = [], []
    for page in pages:
        want = tokens(page.truth)
        total = sum(want.values())
        shown = sum((want & tokens(html_text((folder / page.html).read_text(encoding="utf-8")))).values())
        if total >= MIN_WORDS and shown >= MIN_ON_PAGE * total:
            kept.append(page)
        else:
            dropped.append(f"{page.id}: {total} words, {shown / total if total else 0:.2f} on the page")
            (folder / page.html).unlink()
    return kept, dropped


def _store(folder: Path, key: str, html: str) -> str:
    """The page's HTML into the cache, as UTF-8."""
    name = "html/" + hashlib.sha1(key.encode()).hexdigest()[:16] + ".html"
    (folder / name).write_text(html, encoding="utf-8")
    return name


def _language(prefixes: dict[str, str], path: str, default: str) -> str:
    for prefix, language in sorted(prefixes.items(), key=lambda item: -len(item[0])):
        if path.startswith(prefix):
            return language
    return default


def markdown_pages(manifest: dict[str, Any], repo: Repo, folder: Path) -> Iterator[Page]:
    """A static site's pages: each pair ``source Markdown → built HTML`` of the manifest's ``pairs``."""
    commit, source_commit = manifest["commit"], manifest.get("source_commit") or manifest["commit"]
    origin = manifest["origin"].rstrip("/") + "/"
    root = manifest.get("built_root", "").strip("/")
    for source, built in sorted(manifest["pairs"].items()):
        html_path = f"{root}/{built}" if root else built
        html, markdown = repo.read(commit, html_path), repo.read(source_commit, source)
        if html is None or markdown is None:
            continue
        document = markdown.decode("utf-8", "replace")
        if manifest.get("snippets"):
            document = expand_snippets(document, lambda path: repo.read(source_commit, path))
        truth = markdown_text(document, manifest.get("templates", ()))
        url = origin + re.sub(r"(^|/)index\.html$", r"\1", built)
        yield Page(
            id=f"{manifest['name']}:{html_path}",
            source=manifest["name"],
            site=manifest.get("site", manifest["name"]),
            language=_language(manifest.get("languages", {}), source, manifest.get("language", "")),
            kind=manifest.get("site_kind", "blog"),
            url=url,
            html=_store(folder, html_path, decode(html)),
            truth=truth,
            origin=f"{manifest['repo']}@{source_commit[:12]}:{source}",
        )


def fundus_pages(manifest: dict[str, Any], repo: Repo, folder: Path) -> Iterator[Page]:
    """Fundus's test pages: a publisher's HTML files in date order paired with its parser versions in order
    (fundus maps each file to the version valid at its crawl date, one file a version)."""
    commit, top = manifest["commit"], manifest["folder"].strip("/")
    files = repo.files(commit, top)
    countries = sorted({path.split("/")[-2] for path in files if path.endswith("/meta.info")})
    for country in countries:
        meta = json.loads(repo.read(commit, f"{top}/{country}/meta.info") or b"{}")
        for expected_path in (p for p in files if p.startswith(f"{top}/{country}/") and p.endswith(".json")):
            publisher = expected_path.rsplit("/", 1)[1][: -len(".json")]
            pattern = re.compile(rf"/{re.escape(publisher)}_\d{{4}}_\d{{2}}_\d{{2}}\.html\.gz$")
            htmls = sorted(p for p in files if p.startswith(f"{top}/{country}/") and pattern.search(p))
            versions = json.loads(repo.read(commit, expected_path) or b"{}")
            ordered = sorted(versions, key=lambda v: [int(n) for n in re.findall(r"\d+", v)])
            if len(htmls) != len(ordered):
                continue  # no one-to-one pairing: left out (README.md)
            for html_path, version in zip(htmls, ordered, strict=False):
                body = versions[version].get("body")
                html = gzip.decompress(repo.read(commit, html_path) or b"")
                truth = fundus_text(body) if isinstance(body, dict) else ""
                if not truth:
                    continue
                default = manifest["languages"].get(country, "")
                name = html_path.rsplit("/", 1)[1]
                yield Page(
                    id=f"fundus:{country}/{name}",
                    source=manifest["name"],
                    site=f"{country}/{publisher}",
                    language=html_language(html) or default,
                    kind="news",
                    url=meta.get(name, {}).get("url") or f"https://{publisher.lower()}.invalid/",
                    html=_store(folder, html_path, decode(html, "utf-8")),
                    truth=truth,
                    origin=f"{manifest['repo']}@{commit[:12]}:{expected_path}#{version}",
                )


def file_pages(manifest: dict[str, Any], repo: Repo, folder: Path) -> Iterator[Page]:
    """An extractor's test pages: ``html_glob``'s files, each with the text file ``truth`` names for its stem."""
    commit = manifest["commit"]
    files = repo.files(commit)
    skip = manifest.get("exclude", [])
    for html_path in (p for p in files if fnmatch.fnmatchcase(p, manifest["html_glob"])):
        stem = html_path.rsplit("/", 1)[1].rsplit(".", 1)[0]
        if stem in skip:
            continue
        text_path = manifest["truth"].format(stem=stem)
        html, text = repo.read(commit, html_path), repo.read(commit, text_path)
        if html is None or text is None or not text.strip():
            continue
        site = re.sub(r"\d+$", "", stem) if "." in stem else stem  # a domain's pages are one site; else a page
        yield Page(
            id=f"{manifest['name']}:{stem}",
            source=manifest["name"],
            site=site,
            language=manifest.get("languages", {}).get(stem) or html_language(html) or manifest.get("language", "en"),
            kind="news",
            url=f"https://{site}/" if "." in site else f"https://{manifest['name']}.invalid/{stem}",
            html=_store(folder, html_path, decode(html)),
            truth=text.decode("utf-8", "replace").strip(),
            origin=f"{manifest['repo']}@{commit[:12]}:{text_path}",
        )


def load_pages(
    names: Iterable[str] | None = None, mirrors: Path | None = None, cache: Path = CACHE_DIR
) -> tuple[list[tuple[Page, Path]], list[str]]:
    """Every page of the sources (built when needed) with its cache folder; and what was not available."""
    pages: list[tuple[Page, Path]] = []
    missing: list[str] = []
    for manifest in load_manifests(names):
        try:
            folder = build(manifest, mirrors, cache)
        except NotAvailable as error:
            missing.append(f"{manifest['name']}: {error}")
            continue
        for line in (folder / "pages.jsonl").read_text(encoding="utf-8").splitlines():
            pages.append((Page(**json.loads(line)), folder))
    return pages, missing


# --- pairing a site's sources with its built pages ---------------------------------------------------


# Scripts written without spaces between words are counted by character: CJK ideographs, kana, Thai, Lao,
# Myanmar, Khmer (Hangul is written with spaces: its words are words).
UNSPACED = (
    "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uf900-\ufaff\uff66-\uff9f\U00020000-\U0002fa1f"
)
TOKEN = re.compile(rf"[{UNSPACED}]|(?:(?![{UNSPACED}])\w)+")


def words(text: str) -> list[str]:
    """The words of a text, lowercased: runs of Unicode word characters, or single characters of a script
    written without spaces (``UNSPACED``)."""
    return TOKEN.findall(text.lower())


def tokens(text: str) -> Counter[str]:
    return Counter(words(text))


def slug(source: str) -> str:
    """A source file's name as its page's address would hold it: no extension, no date prefix, lowercased."""
    name = source.rsplit("/", 2)[-2] if re.search(r"/_?index\.\w+$", source) else source.rsplit("/", 1)[-1]
    name = re.sub(r"\.(md|markdown|mdx)$", "", name)
    return re.sub(r"^\d{4}-\d{1,2}-\d{1,2}-|^\d+\.", "", name).lower().replace(" ", "-")


def pair_site(manifest: dict[str, Any], mirrors: Path | None = None) -> tuple[dict[str, str], list[str]]:
    """Which built page each source document became: by ``pair_rule`` (a path rewrite) when the manifest has one,
    else by content (the built page holding the most of the document's words, the smallest among near ties);
    a pair is kept when the page holds ``min_coverage`` of the document's words. Returns the pairs and a log."""
    repo = Repo(manifest["repo"], mirrors)
    commit, source_commit = manifest["commit"], manifest.get("source_commit") or manifest["commit"]
    root = manifest.get("built_root", "").strip("/")
    built = [
        path[len(root) + 1 :] if root else path
        for path in repo.files(commit, root)
        if path.endswith(".html")
        and not any(
            fnmatch.fnmatchcase(path[len(root) + 1 :] if root else path, g) for g in manifest.get("built_exclude", [])
        )
    ]
    sources = [
        path
        for path in repo.files(source_commit)
        if any(fnmatch.fnmatchcase(path, g) for g in manifest["sources"])
        and not any(fnmatch.fnmatchcase(path, g) for g in manifest.get("exclude", []))
    ]
    page_tokens = {
        path: tokens(html_text(repo.read(commit, f"{root}/{path}" if root else path) or b"")) for path in built
    }
    rule = manifest.get("pair_rule")
    pairs, log = {}, []
    taken: dict[str, tuple[float, str]] = {}  # a built page: the coverage and source that have it (one source a page)
    threshold = manifest.get("min_coverage", 0.85)
    for source in sources:
        wanted = tokens(
            markdown_text(
                (repo.read(source_commit, source) or b"").decode("utf-8", "replace"), manifest.get("templates", ())
            )
        )
        total = sum(wanted.values())
        if total < 30:
            log.append(f"short ({total} words): {source}")
            continue
        if rule:
            target = re.sub(rule["from"], rule["to"], source)
            candidates = [target] if target in page_tokens else []
        else:  # ``built_prefixes``: a source folder's pages are under this folder of the build (a language's)
            prefix = _language(manifest.get("built_prefixes", {}), source, "")
            candidates = [path for path in page_tokens if path.startswith(prefix)]
        scored = [(sum((wanted & page_tokens[c]).values()) / total, c) for c in candidates]
        if not scored:
            log.append(f"no page: {source}")
            continue
        named = [(score, c) for score, c in scored if score >= threshold and slug(source) in c.lower()]
        best = max(score for score, _ in named or scored)  # a page whose address has the file's name first
        near = [c for score, c in named or scored if score >= best - 0.02]
        choice = min(near, key=lambda c: sum(page_tokens[c].values()))
        if best < threshold:
            log.append(f"coverage {best:.2f} < {threshold}: {source} (best {choice})")
            continue
        if choice in taken and taken[choice][0] >= best:
            log.append(f"page taken by {taken[choice][1]}: {source} ({choice})")
            continue
        if choice in taken:
            log.append(f"page taken from {taken[choice][1]}: {source} ({choice})")
            del pairs[taken[choice][1]]
        taken[choice] = (best, source)
        pairs[source] = choice
    repo.close()
    return sample(manifest, pairs, log), log


def sample(manifest: dict[str, Any], pairs: dict[str, str], log: list[str]) -> dict[str, str]:
    """At most ``max_per_language`` pairs a language (by the hash of the source's path: stable, spread over the
    site), so that one large site does not outweigh the others in the mean over pages."""
    limit = manifest.get("max_per_language")
    if not limit:
        return pairs
    by_language: dict[str, list[str]] = {}
    for source in pairs:
        language = _language(manifest.get("languages", {}), source, manifest.get("language", ""))
        by_language.setdefault(language, []).append(source)
    kept = {}
    for language, sources in sorted(by_language.items()):
        chosen = sorted(sources, key=lambda path: hashlib.sha1(path.encode()).hexdigest())[:limit]
        kept.update((source, pairs[source]) for source in sorted(chosen))
        if len(sources) > limit:
            log.append(f"{language}: {limit} of {len(sources)} pairs kept (max_per_language)")
    return kept


def main(argv: list[str] | None = None) -> int:
    """``python benchmarks/quality/truth.py pair NAME``: write the manifest's ``pairs``; ``build [NAME...]``."""
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("command", choices=["pair", "build"])
    parser.add_argument("names", nargs="*")
    args = parser.parse_args(argv)
    for manifest in load_manifests(args.names or None):
        if args.command == "pair":
            pairs, log = pair_site(manifest)
            print(f"{manifest['name']}: {len(pairs)} pairs", *log, sep="\n  ")
            path = Path(manifest.pop("manifest"))
            manifest["pairs"] = pairs
            path.write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        else:
            try:
                folder = build(manifest)
                count = sum(1 for _ in (folder / "pages.jsonl").open())
                print(f"{manifest['name']}: {count} pages in {folder}")
            except NotAvailable as error:
                print(f"{manifest['name']}: {error}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
