"""scrapy-readability: Mozilla's Readability.js on lxml, native to Scrapy."""
