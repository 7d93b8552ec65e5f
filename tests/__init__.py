"""The test suite: it mirrors the package (engine/, runtime/, cli/, contrib/, the Scrapy components at the top)."""
