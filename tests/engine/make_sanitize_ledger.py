"""Write ``sanitize_browser_verified.txt``: the sanitiser's outputs that Chromium has been shown and ran nothing.

The trial of ``test_sanitize_browser.py`` (every vector, every distinct output of the
sanitiser, six embeddings in headless Chromium, every link clicked) costs a browser and a
minute and a half of CPU; its result changes only when the sanitiser's outputs (or the
browser) do. This script checks first that the detector sees each kind of attack in
unsanitised controls, then shows Chromium every output, and, only if nothing ran, writes the
digest of each output (128 bits of SHA-256, one a line) to the ledger, which the test reads:
an output already there is not shown again; an output not there is shown to Chromium by the
test itself. Run it after changing the sanitiser, or after a Chromium upgrade worth following:
``python tests/engine/make_sanitize_ledger.py`` (``$CHROMIUM`` picks the browser).
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.engine.chromium import Chromium  # noqa: E402
from tests.engine.outputs.test_sanitize_browser import (  # noqa: E402
    CHROMIUM,
    CONTROL,
    LEDGER,
    all_outputs,
    output_digest,
    run_trial,
    trial_report,
)

EVERY_KIND = {"scripts", "dialogs", "navigations", "popups_with_opener", "unexpected_loads", "clobbered"}


def main() -> int:
    if CHROMIUM is None:
        sys.exit("no Chromium: install chromium or set $CHROMIUM")
    sources, vectors = all_outputs()
    outputs = sorted(vectors, key=len)
    with Chromium(CHROMIUM) as browser:  # a browser per trial: a trial's handlers answer all it asks for
        _trial, control, _guilty = run_trial(browser, list(CONTROL), {c: c for c in CONTROL})
    if not EVERY_KIND <= set(control.kinds()):
        sys.exit(f"the detector is blind to {sorted(EVERY_KIND - set(control.kinds()))}: nothing written")
    with Chromium(CHROMIUM) as browser:
        version = browser.send("Browser.getVersion")["product"]
        trial, found, guilty = run_trial(browser, outputs, vectors)
        trial_report(browser, trial, found, guilty, len(outputs))
    if guilty or found.kinds():
        sys.exit("findings: the ledger is left as it was")
    header = [
        f"# {len(outputs)} outputs of the sanitiser on {sum(map(len, sources.values()))} vectors, shown to {version}",
        f"# on {datetime.now(UTC):%Y-%m-%d} in six embeddings: none ran anything (make_sanitize_ledger.py)",
    ]
    digests = sorted({output_digest(output) for output in outputs})
    LEDGER.write_text("\n".join([*header, *digests]) + "\n", encoding="ascii")
    print(f"{LEDGER}: {len(digests)} outputs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
