"""A DNS resolver for test crawls: every name under ``.test`` is 127.0.0.1.

With it (``DNS_RESOLVER = "tests.support.resolver.LocalNamesResolver"``) the
local server stands for several sites and their subdomains
(``news.test``, ``blog.news.test``, ``elsewhere.test``): Scrapy connects to
127.0.0.1 and sends the name in the request as a real crawl would.
"""

from __future__ import annotations

from collections.abc import Sequence

from scrapy.resolver import CachingThreadedResolver
from twisted.internet import defer


class LocalNamesResolver(CachingThreadedResolver):
    """Scrapy's default resolver, but names under the reserved ``.test`` domain resolve to 127.0.0.1."""

    def getHostByName(self, name: str, timeout: Sequence[int] = ()) -> defer.Deferred[str]:
        if name == "test" or name.endswith(".test"):
            return defer.succeed("127.0.0.1")
        return super().getHostByName(name, timeout)
