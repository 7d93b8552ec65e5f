"""The sanitiser in a real browser: what ``sanitize=True`` lets through runs nothing and reaches nothing.

Every vector (ours in :mod:`xss_vectors`, generated ones, and the public sets
of ``xss_corpus/``) is placed in an article page and extracted with
``Readability(..., sanitize=True)``, and also fed to the sanitiser alone. Each
distinct output is then shown by headless Chromium in six embeddings:

* ``page``: the output is the body of a page the browser loads;
* ``innerHTML``: a host page's script assigns it, inside the host's ``<form>``
  (so form properties can be clobbered);
* ``round-trip``: assigned, then read back and assigned again three times
  (mutation XSS);
* ``fragment``: ``createContextualFragment`` (whose scripts do run);
* ``setHTMLUnsafe`` (declarative shadow roots);
* ``DOMParser``: parsed apart, then moved into the page.

Then every link is clicked. The detector, outside the page (the DevTools
protocol), sees every script the page compiles (event handlers and
``javascript:`` URLs included), every dialog, every navigation of the page and
every request (all answered by the test: no host name resolves); from inside,
it lists the ids and names by which an element of the article is reachable as
a property of ``window``, ``document`` or the host's form (DOM clobbering),
the event-handler attributes and form controls left in the DOM, the pop-ups
that can reach their opener, and the frames without the player's sandbox.
The outputs are tried in batches; a batch with a finding is tried again one
output at a time to name the vector. A request is judged by what it is, never
by when it arrives: an image or a video may start loading after its batch was
checked (a loaded machine makes that common), so loads are judged against the
media of every output shown so far (:class:`Loads`), and what arrives after
the last batch is judged too.

An output is shown to Chromium once: ``make_sanitize_ledger.py`` runs the trial on every
output and, when nothing ran, records each output's digest in ``sanitize_browser_verified.txt``
(as Mozilla commits ``expected.html``). The test extracts every vector again and shows Chromium
the outputs the ledger does not hold (a change to the sanitiser), so every output the sanitiser
gives has been shown to a browser; ``SCRAPY_READABILITY_BROWSER_TRIAL=all`` shows them all.

``test_the_detector_sees_attacks`` runs the same trial on unsanitised vectors:
each kind of finding must show up, or the detector is blind.

The browser tests are skipped, with the reason, when no Chromium is found (``$CHROMIUM`` or
``chromium`` on ``PATH``).
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import sys
import threading
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from scrapy_readability import Readability
from scrapy_readability.engine.outputs.sanitize import FRAME_SANDBOX, NAMED_PROPERTY_PREFIX
from scrapy_readability.engine.port.constants import REGEXPS
from testkit.xss_vectors import VECTORS, generated_vectors
from tests.engine.chromium import Chromium, ProtocolError, find_chromium
from tests.engine.outputs.test_sanitize import URL, article_page, sanitized_fragment

pytestmark = pytest.mark.slow  # a real browser

CHROMIUM = find_chromium()

CORPUS = Path(__file__).parents[1].joinpath("xss_corpus")
HOST = "http://article.test"
LEDGER = Path(__file__).parents[1].joinpath("sanitize_browser_verified.txt")
PAGE_BATCH = 60  # outputs per page load
PROBE_BATCH = 30  # outputs per host-page probe
PARTS = 4  # tests the vectors are dealt out to (each extracts its share: 20 s of CPU in all)
EMBEDDINGS = ("page", "innerHTML", "round-trip", "fragment", "setHTMLUnsafe", "DOMParser")


# --- The vectors and what the sanitiser makes of them ------------------------------


def vector_sources() -> dict[str, list[str]]:
    """Every vector, by where it comes from."""
    dompurify = json.loads((CORPUS / "dompurify.json").read_text(encoding="utf-8"))
    html5sec = json.loads((CORPUS / "html5sec.json").read_text(encoding="utf-8"))
    payloadbox = (CORPUS / "payloadbox.txt").read_text(encoding="utf-8").splitlines()
    return {
        "ours (testkit/xss_vectors.py)": [v for _, v in VECTORS],
        "generated (URL spellings x slots, mutations)": [v for _, v in generated_vectors()],
        "DOMPurify test fixtures (Apache-2.0)": [t["payload"] for t in dompurify],
        "html5sec (MPL-2.0)": [item["vector"] for item in html5sec],
        "PayloadBox (MIT)": [line for line in payloadbox if line.strip()],
    }


def sanitized_outputs(vectors: Iterable[str]) -> dict[str, str]:
    """Each distinct output, with the first vector that produced it."""
    outputs: dict[str, str] = {}
    for vector in vectors:
        article = Readability(article_page(vector), URL, sanitize=True).parse()
        for output in (article.content if article else "", sanitized_fragment(vector)):
            outputs.setdefault(output, vector)
    return outputs


# --- The detector -------------------------------------------------------------------

# Runs in the page. It reaches the DOM through the prototypes, so that an
# article that does clobber ``document.getElementById`` cannot blind it.
HARNESS = r"""
const H = window[Symbol.for("harness")] ??= (() => {
  const byId = (id) => Document.prototype.getElementById.call(document, id);
  const all = (root, selector) => Array.from(Element.prototype.querySelectorAll.call(root, selector));
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const isIn = (root, value) => {
    if (value instanceof Element) return root.contains(value);
    if (value && typeof value.length === "number" && typeof value.item === "function")
      return Array.from(value).some((v) => v instanceof Element && root.contains(v));
    return false;
  };
  const settle = async (root) => {
    const until = performance.now() + 1000;
    while (all(root, "img").some((img) => !img.complete) && performance.now() < until) await sleep(2);
    await sleep(5);
  };
  const absolute = (url) => { try { return new URL(url, document.baseURI).href; } catch { return url; } };
  const check = (root, holders) => {
    const names = new Set();
    for (const el of all(root, "[id], [name]"))
      for (const attr of ["id", "name"]) { const v = el.getAttribute(attr); if (v) names.add(v); }
    const clobbered = [];
    for (const name of names)
      for (const [label, object] of holders) {
        let value;
        try { value = object[name]; } catch { continue; }
        if (isIn(root, value) && !name.startsWith(PREFIX)) clobbered.push(`${label}.${name}`);
      }
    const handlers = [];
    for (const el of all(root, "*"))
      for (const attr of el.attributes) if (attr.name.toLowerCase().startsWith("on")) handlers.push(`<${el.localName} ${attr.name}>`);
    const forms = all(root, "form, input, button, select, textarea, isindex").map((el) => el.localName);
    const media = [];
    for (const el of all(root, "img, video, audio, source, track")) {
      for (const attr of ["src", "poster"]) if (el.getAttribute(attr)) media.push(absolute(el.getAttribute(attr)));
      if (el.currentSrc) media.push(el.currentSrc);
      for (const candidate of (el.getAttribute("srcset") || "").split(","))
        if (candidate.trim()) media.push(absolute(candidate.trim().split(/\s+/)[0]));
    }
    const frames = all(root, "iframe")
      .filter((f) => f.getAttribute("sandbox") !== SANDBOX || !(f.getAttribute("src") || "").startsWith("https://") || f.hasAttribute("name"))
      .map((f) => f.outerHTML.slice(0, 200));
    return { clobbered, handlers, forms, media, frames };
  };
  const click = async (root) => {
    for (const a of all(root, "a")) {
      const href = (a.getAttribute("href") || "").trim().toLowerCase();
      if (href.startsWith("mailto:") || href.startsWith("tel:")) continue;  // would start another program
      EventTarget.prototype.dispatchEvent.call(a, new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
    }
    await sleep(5);
  };
  const embed = {
    innerHTML: (el, html) => { el.innerHTML = html; },
    "round-trip": (el, html) => { el.innerHTML = html; for (let i = 0; i < 3; i++) el.innerHTML = el.innerHTML; },
    fragment: (el, html) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      el.replaceChildren(range.createContextualFragment(html));
    },
    setHTMLUnsafe: (el, html) => el.setHTMLUnsafe(html),
    DOMParser: (el, html) => el.replaceChildren(...new DOMParser().parseFromString(html, "text/html").body.childNodes),
  };
  return { byId, all, settle, check, click, embed };
})();
""".replace("PREFIX", json.dumps(NAMED_PROPERTY_PREFIX)).replace("SANDBOX", json.dumps(FRAME_SANDBOX))

HOST_PAGE = (
    "<!DOCTYPE html><html><head><meta charset='utf-8'><title>Host</title></head><body>"
    "<form id='host-form' action='/submitted'><div id='innerHTML'></div></form>"
    + "".join(f"<div id='{name}'></div>" for name in EMBEDDINGS[2:])
    + "</body></html>"
)


def _as_requested(url: str) -> str:
    """A URL as the network sees it: no user info, no fragment."""
    try:
        parts = urlsplit(url)
        netloc = (parts.hostname or "") + (f":{parts.port}" if parts.port is not None else "")
    except ValueError:
        return url.split("#")[0]
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, ""))


@dataclass
class Findings:
    scripts: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    navigations: list[str] = field(default_factory=list)
    popups_with_opener: list[str] = field(default_factory=list)
    unexpected_loads: list[str] = field(default_factory=list)
    clobbered: list[str] = field(default_factory=list)
    handlers: list[str] = field(default_factory=list)
    forms: list[str] = field(default_factory=list)
    frames: list[str] = field(default_factory=list)

    def kinds(self) -> dict[str, int]:
        return {name: len(values) for name, values in vars(self).items() if values}

    def merge(self, other: Findings) -> None:
        for name, values in vars(other).items():
            getattr(self, name).extend(values)


@dataclass
class Loads:
    """The judge of what the outputs load from elsewhere (every host name fails: nothing is fetched).

    Expected: an https video frame inside the tab's page, and an image or media
    load of a URL that an output shows in an ``img``, ``video``, ``audio``,
    ``source`` or ``track``. The media come from every check of the trial so
    far, not only the check of the request's batch: a video that starts loading
    after its batch was checked is judged as it would have been on time. The
    tab's own navigations and pop-ups are judged apart (as navigations, and by
    their opener).
    """

    main_frame: str
    frames: set[str] = field(default_factory=set)  # the frames inside the tab's page (not pop-ups)
    media: set[str] = field(default_factory=set)
    remote: Counter[str] = field(default_factory=Counter)  # what was expected, by kind

    def judge(self, requests: Iterable[tuple[str, str, str | None]], checks: Iterable[dict[str, Any]]) -> list[str]:
        """The unexpected ones among ``requests`` (kind, URL, frame), once the media of ``checks`` are known."""
        self.media.update(_as_requested(url) for check in checks for url in check["media"])
        unexpected = []
        for kind, url, frame in requests:
            if kind == "Document" and (frame == self.main_frame or frame not in self.frames):
                continue  # the tab's own page, a link clicked, a pop-up: navigations are seen apart
            if kind == "Document" and url.startswith("https://") and REGEXPS.videos.search(url):
                self.remote["video frames"] += 1
            elif kind in ("Image", "Media") and _as_requested(url) in self.media:
                self.remote["images and media"] += 1
            elif url != HOST + "/favicon.ico":
                unexpected.append(f"{kind} {url[:120]}")
        return unexpected


class Trial:
    """One browser tab, the pages it is served, and what the detector saw."""

    def __init__(self, browser: Chromium) -> None:
        self.browser = browser
        self.pages: dict[str, str] = {"/host": HOST_PAGE}
        self.page_loads = 0
        self.probes = 0
        self._events = Findings()
        self._requests: list[tuple[str, str, str | None]] = []
        self._frames: set[str] = set()  # the frames inside the tab's page, as they attach (shared with self.loads)
        self._lock = threading.Lock()
        self._loaded = threading.Event()
        browser.on("Fetch.requestPaused", self._request)
        browser.on("Debugger.scriptParsed", self._script)
        browser.on("Page.javascriptDialogOpening", self._dialog)
        browser.on("Page.loadEventFired", lambda _params, _session: self._loaded.set())
        browser.on("Target.targetCreated", self._target)
        browser.on("Page.frameRequestedNavigation", self._navigation)
        browser.on("Page.frameAttached", lambda params, _session: self._frames.add(params["frameId"]))
        browser.send("Target.setDiscoverTargets", {"discover": True})
        browser.send("Fetch.enable", {"patterns": [{"urlPattern": "*"}]})
        self.session = browser.new_page()
        for domain in ("Page", "Runtime", "Debugger"):
            browser.send(f"{domain}.enable", {}, self.session)
        self.main_frame = browser.send("Page.getFrameTree", {}, self.session)["frameTree"]["frame"]["id"]
        self.loads = Loads(self.main_frame, self._frames)

    # Event handlers: on the reader thread, they only record and answer.

    def _request(self, params: dict[str, Any], session: str | None) -> None:
        url, request_id = params["request"]["url"], params["requestId"]
        body = self.pages.get(url[len(HOST) :]) if url.startswith(HOST + "/") else None
        if body is not None:
            self.browser.post(
                "Fetch.fulfillRequest",
                {
                    "requestId": request_id,
                    "responseCode": 200,
                    "responseHeaders": [{"name": "Content-Type", "value": "text/html; charset=utf-8"}],
                    "body": base64.b64encode(body.encode()).decode(),
                },
                session,
            )
            return
        with self._lock:
            self._requests.append((params.get("resourceType", "Other"), url, params.get("frameId")))
        self.browser.post("Fetch.failRequest", {"requestId": request_id, "errorReason": "Aborted"}, session)

    def _navigation(self, params: dict[str, Any], session: str | None) -> None:
        """A navigation the page asked for: only a click on a link may (a player in its frame may)."""
        if params.get("frameId") == self.main_frame and params.get("reason") != "anchorClick":
            with self._lock:
                self._events.navigations.append(f"{params.get('reason')}: {params.get('url', '')[:120]}")

    def _script(self, params: dict[str, Any], session: str | None) -> None:
        if params.get("url") != "harness.js":
            with self._lock:
                self._events.scripts.append(params.get("url") or "(inline: a javascript: URL or eval)")

    def _dialog(self, params: dict[str, Any], session: str | None) -> None:
        with self._lock:
            self._events.dialogs.append(f"{params.get('type')}: {params.get('message')}")
        self.browser.post("Page.handleJavaScriptDialog", {"accept": False}, session)

    def _target(self, params: dict[str, Any], session: str | None) -> None:
        info = params["targetInfo"]
        if info.get("type") == "page" and info.get("openerId"):
            if info.get("canAccessOpener"):
                with self._lock:
                    self._events.popups_with_opener.append(info.get("url") or "(new window)")
            self.browser.post("Target.closeTarget", {"targetId": info["targetId"]})

    # Driving the page.

    def _take(self, checks: list[dict[str, Any]]) -> Findings:
        """What was seen since the last call, with the in-page checks and the requests judged."""
        with self._lock:
            found, self._events = self._events, Findings()
            requests, self._requests = self._requests, []
        for check in checks:
            for name in ("clobbered", "handlers", "forms", "frames"):
                getattr(found, name).extend(check[name])
        found.unexpected_loads.extend(self.loads.judge(requests, checks))
        return found

    def finish(self) -> Findings:
        """What arrived after the last batch was judged: the tab goes back to the host page first."""
        self._navigate("/host")
        return self._take([])

    def _navigate(self, path: str) -> None:
        self._loaded.clear()
        self.browser.send("Page.navigate", {"url": HOST + path}, self.session)
        if not self._loaded.wait(15):
            raise TimeoutError(f"{path} did not load")
        self.page_loads += 1

    def _run(self, script: str) -> Any:
        return self.browser.evaluate(self.session, "{" + HARNESS + script + "}", await_promise=True)

    def as_page(self, outputs: list[str]) -> Findings:
        """The ``page`` embedding: the outputs, each in its own ``<article>``, as a page's body."""
        path = f"/page/{self.page_loads}"
        self.pages[path] = (
            "<!DOCTYPE html><html><head><meta charset='utf-8'><title>Article</title></head><body>"
            + "".join(f"<article>{output}</article>" for output in outputs)
            + "</body></html>"
        )
        self._navigate(path)
        del self.pages[path]
        check = self._run(
            "(async () => { const root = document.documentElement; await H.settle(root);"
            " return H.check(root, [['window', window], ['document', document]]); })()"
        )
        found = self._take([check])
        self._click("(async () => { await H.click(document.documentElement); })()")
        found.merge(self._take([]))
        return found

    def _click(self, script: str) -> None:
        """Click the links: the navigations they start are aborted, what runs is seen."""
        before = self.browser.evaluate(self.session, "location.href")
        try:
            self._run(script)
        except ProtocolError:
            if self.browser.evaluate(self.session, "location.href") == before:
                raise
            # else the page went away under the clicks (a link to about:blank, say)

    def in_host(self, outputs: list[str]) -> Findings:
        """The five script embeddings: each output inserted by the host page's script."""
        for attempt in range(2):
            try:
                checks = self._run(
                    "(async (outputs) => { const checks = [];"
                    " const names = Object.keys(H.embed);"
                    " const form = H.byId('host-form');"
                    " for (const name of names) { const host = H.byId(name); host.replaceChildren();"
                    "   for (const html of outputs) { const box = document.createElement('div'); host.append(box); H.embed[name](box, html); } }"
                    " for (const name of names) await H.settle(H.byId(name));"
                    " for (const name of names) { const holders = [['window', window], ['document', document]];"
                    "   if (name === 'innerHTML') holders.push(['form', form]);"
                    "   checks.push(H.check(H.byId(name), holders)); }"
                    " return checks; })(" + json.dumps(outputs) + ")"
                )
                break
            except ProtocolError:  # the page navigated away (a link to about:blank): load the host again
                if attempt:
                    raise
                self._navigate("/host")
        self.probes += 1
        found = self._take(checks)
        self._click("(async () => { for (const name of Object.keys(H.embed)) await H.click(H.byId(name)); })()")
        href = self.browser.evaluate(self.session, "location.href")
        if href != HOST + "/host" and not href.startswith(HOST + "/host#"):
            self._navigate("/host")
        found.merge(self._take([]))
        return found


def run_trial(
    browser: Chromium, outputs: list[str], vectors: dict[str, str]
) -> tuple[Trial, Findings, dict[str, Findings]]:
    """Every output in every embedding; the findings, and by vector those of each guilty output."""
    trial = Trial(browser)
    total = Findings()
    guilty: dict[str, Findings] = {}
    trial._navigate("/host")
    for start in range(0, len(outputs), PROBE_BATCH):
        batch = outputs[start : start + PROBE_BATCH]
        found = trial.in_host(batch)
        if found.kinds():
            for output in batch:
                alone = trial.in_host([output])
                if alone.kinds():
                    guilty.setdefault(vectors[output], Findings()).merge(alone)
        total.merge(found)
    for start in range(0, len(outputs), PAGE_BATCH):
        batch = outputs[start : start + PAGE_BATCH]
        found = trial.as_page(batch)
        if found.kinds():
            for output in batch:
                alone = trial.as_page([output])
                if alone.kinds():
                    guilty.setdefault(vectors[output], Findings()).merge(alone)
        total.merge(found)
    total.merge(trial.finish())
    return trial, total, guilty


@pytest.fixture
def browser() -> Iterable[Chromium]:
    """A browser per test: a trial's handlers answer every request the browser makes."""
    if CHROMIUM is None:
        pytest.skip("no Chromium (install chromium or set $CHROMIUM) for the sanitiser's browser test")
    with Chromium(CHROMIUM) as chromium:
        yield chromium


def report(line: str) -> None:
    sys.stderr.write(line + "\n")


def all_outputs() -> tuple[dict[str, list[str]], dict[str, str]]:
    """The vectors by source, and each distinct output of the sanitiser with the first vector that produced it."""
    sources = vector_sources()
    vectors: dict[str, str] = {}
    for vector_list in sources.values():
        vectors.update(sanitized_outputs(vector_list))
    return sources, vectors


def output_digest(output: str) -> str:
    return hashlib.sha256(output.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def verified_digests() -> set[str]:
    """The outputs Chromium has been shown (by tests/engine/make_sanitize_ledger.py) and found harmless."""
    if not LEDGER.is_file():
        return set()
    return {line for line in LEDGER.read_text(encoding="ascii").splitlines() if line and not line.startswith("#")}


def trial_report(browser: Chromium, trial: Trial, found: Findings, guilty: dict[str, Findings], outputs: int) -> None:
    report(
        f"  {outputs} outputs in Chromium ({browser.send('Browser.getVersion')['product']}), {len(EMBEDDINGS)} "
        f"embeddings: {trial.page_loads} page loads, {trial.probes} host-page probes"
    )
    report(f"  findings: {found.kinds() or 'none'}; remote loads: {dict(trial.loads.remote) or 'none'}")
    for vector, what in list(guilty.items())[:20]:
        report(f"  GUILTY {vector[:150]!r}: { {k: v for k, v in vars(what).items() if v} }")


@pytest.mark.parametrize("part", range(PARTS), ids=lambda part: f"part {part + 1} of {PARTS}")
def test_sanitized_vectors_run_nothing_in_chromium(part: int, capsys: pytest.CaptureFixture[str]) -> None:
    """Every output of the sanitiser on every vector has been shown to Chromium and ran nothing.

    Those shown before are in the ledger (``sanitize_browser_verified.txt``, written by
    ``make_sanitize_ledger.py`` after a trial without findings); an output not in it (the
    sanitiser changed) is shown to Chromium now, and must run nothing either.
    ``SCRAPY_READABILITY_BROWSER_TRIAL=all`` shows every output again. The vectors are dealt
    out to ``PARTS`` tests, which the test processes share.
    """
    sources = vector_sources()
    everything = [vector for vector_list in sources.values() for vector in vector_list]
    share = everything[part::PARTS]
    vectors = sanitized_outputs(share)
    verified = set() if os.environ.get("SCRAPY_READABILITY_BROWSER_TRIAL") == "all" else verified_digests()
    unverified = sorted((output for output in vectors if output_digest(output) not in verified), key=len)
    with capsys.disabled():
        report("")
        report(f"sanitiser, part {part + 1} of {PARTS}: {len(share)} of {len(everything)} vectors")
        report(f"  -> {len(vectors)} distinct outputs, {len(vectors) - len(unverified)} shown to Chromium before")
        report(f"  ({LEDGER.name}), {len(unverified)} not")
    assert all(re.fullmatch(r"[0-9a-f]{32}", line) for line in verified), f"{LEDGER.name} holds other lines"
    if not unverified:
        return
    if CHROMIUM is None:
        pytest.skip(
            f"{len(unverified)} outputs of the sanitiser never shown to a browser, and no Chromium (install "
            "chromium or set $CHROMIUM); then python tests/engine/make_sanitize_ledger.py records them"
        )
    with Chromium(CHROMIUM) as browser:
        trial, found, guilty = run_trial(browser, unverified, vectors)
        with capsys.disabled():
            trial_report(browser, trial, found, guilty, len(unverified))
            if not guilty and not found.kinds():
                report("  none ran anything: python tests/engine/make_sanitize_ledger.py adds them to the ledger")
    assert not guilty, {vector[:200]: what for vector, what in guilty.items()}
    assert not found.kinds(), found


# Unsanitised, these must set off every part of the detector.
CONTROL = [
    "<img src=x onerror=alert(1)>",
    "<svg onload=confirm(1)>",
    '<a href="javascript:void(0)">js link</a>',
    '<a href="https://a.example/" target="_blank" rel="opener">opener</a>',
    '<img src="a.png" name="getElementById"><a id="location2">x</a>',
    '<svg><rect width="9" height="9" fill="url(https://evil.example/p.svg#p)"></rect></svg>',
    '<link rel="stylesheet" href="https://evil.example/s.css">',
    '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
    '<form action="https://evil.example/"><input name="q"></form>',
    '<iframe src="https://www.youtube.com/embed/x" name="v"></iframe>',
    '<p onmouseover="alert(1)">hover</p>',
]


def test_the_detector_sees_attacks(browser: Chromium) -> None:
    outputs = [*CONTROL, "<p>harmless</p>"]
    trial, found, guilty = run_trial(browser, outputs, {o: o for o in outputs})
    assert set(found.kinds()) == {
        "scripts",
        "dialogs",
        "navigations",
        "popups_with_opener",
        "unexpected_loads",
        "clobbered",
        "handlers",
        "forms",
        "frames",
    }, found
    assert "<p>harmless</p>" not in guilty and len(guilty) >= len(CONTROL) - 1, list(guilty)
    assert any("getElementById" in c for c in found.clobbered), found.clobbered
    assert any(re.search(r"evil\.example/p\.svg", load) for load in found.unexpected_loads), found.unexpected_loads


def check(media: list[str]) -> dict[str, Any]:
    """What the in-page check returns, with these media URLs and nothing else."""
    return {"media": media, "clobbered": [], "handlers": [], "forms": [], "frames": []}


def test_a_load_is_judged_by_what_it_is_not_by_when_it_arrives() -> None:
    """A video that starts loading after its batch was checked is still one the outputs show; an attack is not."""
    loads = Loads("main", {"main", "player"})
    assert loads.judge([], [check([HOST + "/clip.mp4"])]) == []  # batch 1 checked before its video asked for anything
    late = [("Media", HOST + "/clip.mp4", "main"), ("Document", "https://www.youtube.com/embed/x", "player")]
    assert loads.judge(late, [check([])]) == []  # arrived while batch 2 was checked (or in the clicks' round)
    assert loads.remote == {"images and media": 1, "video frames": 1}
    attacks = [
        ("Image", "https://evil.example/p.svg", "main"),  # an SVG fill, not a media element's URL
        ("Media", HOST + "/not-shown.mp4", "main"),
        ("Stylesheet", HOST + "/clip.mp4", "main"),  # a URL shown as media, loaded another way
        ("Document", "https://evil.example/", "player"),  # a frame of the page sent elsewhere
        ("Document", "http://www.youtube.com/embed/x", "player"),  # a player without https
    ]
    assert loads.judge(attacks, [check([])]) == [f"{kind} {url}" for kind, url, _frame in attacks]
    navigations = [("Document", HOST + "/next", "main"), ("Document", "https://a.example/", "popup")]
    assert loads.judge(navigations, []) == []  # judged apart, as navigations and pop-ups
