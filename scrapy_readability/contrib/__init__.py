"""Optional parts that build on other libraries, each in a module of its own with its own settings.

``crashsafe``: crash-safe scheduling under scrapy-redis (the ``redis`` extra).
A contrib module may import the rest of the package and its own library; the
rest of the package never imports contrib.
"""
