"""The test suite: it mirrors the package (engine/, runtime/, cli/, contrib/, the Scrapy components at the top)."""

import os
import sys

# The suite's processes, and the commands they start, keep what they compile (``__pycache__``, which git
# ignores) even where PYTHONDONTWRITEBYTECODE is set: otherwise each test process rewrites and compiles
# every test module and the package again, and each command compiles the package (about 25 s of CPU in
# a run of the suite on 2 cores, 6% of it).
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
