"""Write ``dom_properties.json``: the names a DOM-clobbering ``id`` or ``name`` could shadow, as Chromium has them.

Every property, own or inherited, of ``window``, ``document``, a form
(``HTMLFormElement.prototype``'s chain) and an element
(``HTMLElement.prototype``'s chain). The sanitiser's tests check that none of
them survives as an ``id`` or ``name``. Run once per Chromium release worth
following: ``python tests/engine/make_dom_properties.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tests.engine.chromium import Chromium, find_chromium

OUT = Path(__file__).with_name("dom_properties.json")

PROPERTIES = """(() => {
  const chain = (o) => {
    const names = new Set();
    for (let p = o; p; p = Object.getPrototypeOf(p)) Object.getOwnPropertyNames(p).forEach((n) => names.add(n));
    return [...names].sort();
  };
  return {
    window: chain(window),
    document: chain(document),
    HTMLFormElement: chain(HTMLFormElement.prototype),
    HTMLElement: chain(HTMLElement.prototype),
  };
})()"""


def main() -> None:
    executable = find_chromium()
    if executable is None:
        sys.exit("no Chromium found (set CHROMIUM)")
    with Chromium(executable) as browser:
        version = browser.send("Browser.getVersion")["product"]
        page = browser.new_page()
        names = browser.evaluate(page, PROPERTIES)
    OUT.write_text(json.dumps({"browser": version, **names}, indent=0) + "\n", encoding="utf-8")
    print(version, {k: len(v) for k, v in names.items()})


if __name__ == "__main__":
    main()
