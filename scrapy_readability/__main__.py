"""``python -m scrapy_readability``: the ``scrapy-readability`` command line."""

import sys

from scrapy_readability.cli import main

if __name__ == "__main__":
    sys.exit(main())
