"""Build the web corpus that ``compare.py`` runs on: real pages from the test data of other projects.

The pages are not in this repository (their sites' content, several licences); this
script fetches them, pinned by commit and checked by SHA-256, as listed in
``web_corpus.json`` beside it:

    python benchmarks/corpus.py --out ~/.cache/scrapy-readability/web-corpus
    python benchmarks/corpus.py --mirror DIR      # from local git mirrors (DIR/owner+name/repo)
    python benchmarks/corpus.py --make-manifest --mirror DIR   # rewrite web_corpus.json from the mirrors

Each page lands in ``OUT/<source>/<name>.html`` (decompressed where the source is gzipped),
and ``OUT/index.json`` lists name, URL, source and licence. See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import subprocess
import sys
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "web_corpus.json"
DEFAULT_OUT = Path.home() / ".cache" / "scrapy-readability" / "web-corpus"


@dataclass(frozen=True)
class Source:
    name: str
    repo: str
    commit: str
    licence: str
    what: str
    selects: Callable[[str], bool]


def _fundus(path: str) -> bool:
    return path.startswith("tests/resources/parser/test_data/") and path.endswith(".html.gz")


def _postlight(path: str) -> bool:
    return path.startswith("fixtures/") and path.count("/") == 1 and path.endswith(".html")


def _newspaper(path: str) -> bool:
    return path.startswith("tests/data/html/") and path.endswith(".html")


def _gne(path: str) -> bool:
    return path.endswith(".html") and path.split("/")[0] in ("tests", "test_list_page", "visiable_test")


SOURCES = (
    Source(
        "fundus",
        "flairNLP/fundus",
        "18da6e53592f99cf0ac5770dc63d6ba99ba63ae8",
        "MIT",
        "news articles of 150 publishers in 40 countries, 2023-2026 (fundus' parser tests)",
        _fundus,
    ),
    Source(
        "postlight",
        "postlight/parser",
        "e8ba7ece291efa4d915d50dd4deeec17d54359f2",
        "MIT OR Apache-2.0",
        "articles of 170 English-language sites (Postlight Parser's fixtures)",
        _postlight,
    ),
    Source(
        "newspaper4k",
        "AndyTheFactory/newspaper4k",
        "540bff3e8344cb8291c4829fafd98860f30d9692",
        "MIT",
        "articles and front pages in 12 languages (newspaper4k's tests)",
        _newspaper,
    ),
    Source(
        "gne",
        "GeneralNewsExtractor/GeneralNewsExtractor",
        "3d5a67c65f4d6c8e13c3047754a4c18fc0b0754a",
        "GPL-3.0",
        "Chinese news, forum and list pages (GeneralNewsExtractor's tests)",
        _gne,
    ),
)
_BY_NAME = {source.name: source for source in SOURCES}


def _git(mirror: Path, *args: str) -> bytes:
    return subprocess.run(["git", "--git-dir", str(mirror), *args], check=True, capture_output=True).stdout


def _mirror_dir(root: Path, source: Source) -> Path:
    return root / source.repo.replace("/", "+") / "repo"


def _fundus_urls(mirror: Path, commit: str, paths: list[str]) -> dict[str, str]:
    """fundus keeps each page's URL in a ``meta.info`` beside it."""
    urls: dict[str, str] = {}
    for folder in sorted({str(PurePosixPath(p).parent) for p in paths}):
        meta = json.loads(_git(mirror, "show", f"{commit}:{folder}/meta.info"))
        for file, info in meta.items():
            urls[f"{folder}/{file}"] = info["url"]
    return urls


def _page_url(source: Source, path: str, urls: dict[str, str]) -> str:
    if path in urls:
        return urls[path]
    stem = PurePosixPath(path).name.removesuffix(".gz").removesuffix(".html")
    if source.name == "postlight":
        return f"https://{stem.split('--')[0]}/article/{stem}"
    return f"https://{source.name}.example/{path.removesuffix('.gz')}"


def make_manifest(mirrors: Path) -> dict:
    """List every page of every source, from local git mirrors of the pinned commits."""
    pages = []
    for source in SOURCES:
        mirror = _mirror_dir(mirrors, source)
        paths = sorted(
            p
            for p in _git(mirror, "ls-tree", "-r", "--name-only", source.commit).decode().splitlines()
            if source.selects(p)
        )
        urls = _fundus_urls(mirror, source.commit, paths) if source.name == "fundus" else {}
        for path in paths:
            data = _page_bytes(path, _git(mirror, "show", f"{source.commit}:{path}"))
            name = path.removesuffix(".gz").removesuffix(".html").replace("/", "__")
            pages.append(
                {
                    "name": f"{source.name}/{name}",
                    "source": source.name,
                    "path": path,
                    "url": _page_url(source, path, urls),
                    "sha256": hashlib.sha256(data).hexdigest(),
                }
            )
    return {
        "sources": [
            {"name": s.name, "repo": s.repo, "commit": s.commit, "licence": s.licence, "what": s.what} for s in SOURCES
        ],
        "pages": pages,
    }


def _page_bytes(path: str, raw: bytes) -> bytes:
    return gzip.decompress(raw) if path.endswith(".gz") else raw


def _download(source: Source, path: str) -> bytes:
    url = f"https://raw.githubusercontent.com/{source.repo}/{source.commit}/{path}"
    with urllib.request.urlopen(url, timeout=60) as response:  # noqa: S310 (a fixed https URL)
        return response.read()


def build(out: Path, mirrors: Path | None) -> int:
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    out.mkdir(parents=True, exist_ok=True)
    index = []
    for page in manifest["pages"]:
        source = _BY_NAME[page["source"]]
        target = out / f"{page['name']}.html"
        if not (target.is_file() and hashlib.sha256(target.read_bytes()).hexdigest() == page["sha256"]):
            if mirrors is not None:
                raw = _git(_mirror_dir(mirrors, source), "show", f"{source.commit}:{page['path']}")
            else:
                raw = _download(source, page["path"])
            data = _page_bytes(page["path"], raw)
            if hashlib.sha256(data).hexdigest() != page["sha256"]:
                sys.exit(f"{page['name']}: the SHA-256 differs from the manifest's")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        index.append({"name": page["name"], "url": page["url"], "source": source.name, "licence": source.licence})
    (out / "index.json").write_text(json.dumps(index, indent=1, ensure_ascii=False), encoding="utf-8")
    return len(index)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"where the pages go (default {DEFAULT_OUT})")
    parser.add_argument("--mirror", type=Path, help="read the sources from git mirrors in DIR/owner+name/repo")
    parser.add_argument("--make-manifest", action="store_true", help="rewrite web_corpus.json from --mirror")
    args = parser.parse_args()
    if args.make_manifest:
        if args.mirror is None:
            parser.error("--make-manifest needs --mirror")
        manifest = make_manifest(args.mirror)
        MANIFEST.write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{MANIFEST.name}: {len(manifest['pages'])} pages")
        return
    count = build(args.out, args.mirror)
    print(f"{count} pages in {args.out}")


if __name__ == "__main__":
    main()
