"""A ready article spider: ``scrapy crawl article -a start_urls=https://news.example/``, ``scrapy-readability crawl``.

Add ``"scrapy_readability.spiders"`` to a project's ``SPIDER_MODULES`` to run
it as it is, or subclass :class:`ArticleSpider`. See README.md, "Crawl a whole
site".
"""

from scrapy_readability.spiders.article import ArticleSpider, ArticleSpiderPipeline

__all__ = ["ArticleSpider", "ArticleSpiderPipeline"]
