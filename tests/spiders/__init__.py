"""The spiders the crawl tests run (``scrapy runspider``, or by import from a project or a script)."""
