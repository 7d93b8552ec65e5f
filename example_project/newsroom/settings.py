"""Settings of the example project: scrapy-readability through its add-on, polite defaults for real sites."""

BOT_NAME = "newsroom"
SPIDER_MODULES = ["newsroom.spiders"]
NEWSPIDER_MODULE = "newsroom.spiders"

# The preflight middleware, the extraction pipeline and UTF-8 feeds, in one line.
ADDONS = {"scrapy_readability.Addon": 0}

# Every READABILITY_* setting has a default (see docs/scrapy.md); these are here to show a few.
READABILITY_POLICY = "auto"  # Readability.js's own retry ladder
READABILITY_PREFLIGHT_ACTION = "annotate"  # the spider reads the verdict and decides
READABILITY_FAILURE_ACTION = "drop"  # pages with no article do not reach the feed

# For -a start_urls=... on real sites: stay polite and near the start pages.
ROBOTSTXT_OBEY = True
CONCURRENT_REQUESTS_PER_DOMAIN = 2
DEPTH_LIMIT = 2

TWISTED_REACTOR = "twisted.internet.asyncioreactor.AsyncioSelectorReactor"
