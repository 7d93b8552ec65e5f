"""The port: Readability.js and Readability-readerable.js, one module per phase, named after the methods they port.

``readability`` holds ``parse()`` and the retry ladder of ``_grabArticle``; ``prepare``, ``scoring``, ``cleanup``
and ``postprocess`` its phases in the order they run; ``metadata`` ``_getArticleMetadata``; ``readerable``
``isProbablyReaderable``; ``constants``, ``measures`` and ``state`` what the phases share.
"""
