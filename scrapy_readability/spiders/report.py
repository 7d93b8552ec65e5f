"""What the article spider says at the end of a crawl: its summary, and what it tried when it found nothing.

Both read the crawl's stats only, so ``scrapy crawl article`` (which logs them)
and ``scrapy-readability crawl`` (which prints them) say the same.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from scrapy_readability.spiders.options import SpiderOptions
from scrapy_readability.spiders.verdicts import REASONS, RULES

__all__ = ["NOTHING_WRITTEN", "STATS", "nothing_found", "rules_table", "summary", "wrote_nothing"]

STATS = "readability/spider/"
PROG = "scrapy-readability crawl"

NOTHING_WRITTEN = 3
"""The command's exit status when the crawl ran but wrote no article and knew of none (``wrote_nothing``)."""

# What the summary counts as skipped, by the reason it gives.
SKIPPED = (
    ("already known", (STATS + "skipped/known",)),
    ("older than --since", (STATS + "skipped/old", STATS + "skipped/old_sitemap")),
    ("duplicates", (STATS + "duplicates/",)),
    ("crawler traps", (STATS + "traps/",)),
    ("off the site", (STATS + "skipped/offsite", "offsite/filtered")),
    ("filtered by --allow/--deny", (STATS + "skipped/filtered",)),
    ("beyond --max-depth", (STATS + "skipped/depth",)),
    ("beyond --max-pages", (STATS + "skipped/max_pages", STATS + "skipped/guess_budget")),
    ("forbidden by robots.txt", ("robotstxt/forbidden",)),
    ("no article in the page", ("readability/failed",)),
    ("nothing to read beyond the title", (STATS + "skipped/no_text",)),
    ("a site generator's sample post", (STATS + "skipped/sample",)),
)

# The rule each navigation reason comes from, to name the option that leaves it out.
RULE_OF = {"url": "url", "declared": "declared", "listing": "listing", "not_readerable": "preflight"}


def _total(stats: Mapping[str, Any], keys: Sequence[str]) -> int:
    return sum(
        value
        for name, value in stats.items()
        if isinstance(value, int) and any(name == key or (key.endswith("/") and name.startswith(key)) for key in keys)
    )


def _by_reason(stats: Mapping[str, Any], prefix: str) -> Counter[str]:
    return Counter(
        {
            name[len(STATS + prefix) :]: value
            for name, value in stats.items()
            if name.startswith(STATS + prefix) and isinstance(value, int) and value > 0  # a verdict taken back: 0
        }
    )


def _reasons(counts: Counter[str]) -> str:
    return ", ".join(f"{REASONS.get(reason, reason)} {count}" for reason, count in counts.most_common())


def summary(stats: Mapping[str, Any], seconds: float) -> str:
    """One line: pages fetched, articles written, navigation pages by reason, skipped by reason, seconds."""
    verdicts = _by_reason(stats, "verdict/")
    navigation = {reason: count for reason, count in verdicts.items() if reason in RULE_OF or reason == "empty"}
    line = (
        f"{PROG}: {_fetched(stats)} pages fetched, "
        f"{stats.get('item_scraped_count', 0)} articles, {stats.get(STATS + 'navigation', 0)} navigation pages"
    )
    if navigation:
        line += f" ({_reasons(Counter(navigation))})"
    declined = _by_reason(stats, "readerable_not_taken/")
    if declined:
        line += f"; {sum(declined.values())} readerable pages not taken ({_reasons(declined)})"
    skipped = [f"{_total(stats, keys)} {label}" for label, keys in SKIPPED if _total(stats, keys)]
    if skipped:
        line += "; skipped: " + ", ".join(skipped)
    return line + f"; {seconds:.1f} s"


def _fetched(stats: Mapping[str, Any]) -> int:
    """Responses downloaded (a robots.txt shared by the spider and Scrapy's middleware once)."""
    return int(stats.get("downloader/response_count", 0)) - int(stats.get(STATS + "documents/robots_shared", 0))


def wrote_nothing(stats: Mapping[str, Any]) -> bool:
    """The crawl wrote no article and skipped none it knew from an earlier crawl: it found nothing."""
    return not stats.get("item_scraped_count") and not stats.get(STATS + "skipped/known")


def nothing_found(stats: Mapping[str, Any], options: SpiderOptions, spent: Mapping[str, int]) -> list[str]:
    """Warnings for a crawl that found nothing where it looked: no sitemap, no feed, no article; what it tried."""
    lines = []
    strategy = options.strategy
    if strategy == "sitemap" and not stats.get(STATS + "read/sitemap"):
        lines.append(
            f"No sitemap found: {_tried(stats, 'sitemap')}; the site may have none (try --strategy full or feed)"
        )
    if strategy == "feed" and not stats.get(STATS + "read/feed"):
        lines.append(f"No feed found: {_tried(stats, 'feed')}; the site may have none (try --strategy full or sitemap)")
    if wrote_nothing(stats):
        lines.append("No article written: " + _where_it_went(stats, options, spent))
    return lines


def _tried(stats: Mapping[str, Any], kind: str) -> str:
    asked = stats.get(STATS + f"documents/{kind}", 0)
    missing = stats.get(STATS + "documents/not_found", 0)
    invalid = stats.get(STATS + f"invalid/{kind}", 0)
    robots = "robots.txt named none" if kind == "sitemap" else "the start pages announced none"
    return f"{robots}; {asked} {kind} location(s) tried, {missing} not there, {invalid} not a {kind}"


def _where_it_went(stats: Mapping[str, Any], options: SpiderOptions, spent: Mapping[str, int]) -> str:
    parts = [f"{_fetched(stats)} responses"]
    navigation = _by_reason(stats, "verdict/")
    if navigation:
        parts.append("pages judged " + _reasons(navigation))
    rules = sorted({RULE_OF[reason] for reason in navigation if reason in RULE_OF} | _text_rule(stats))
    if rules:
        parts.append("to take such pages anyway: --ignore-rules " + ",".join(rules))
    if options.max_pages and stats.get(STATS + "skipped/max_pages"):
        spending = ", ".join(f"{count} {kind}" for kind, count in sorted(spent.items(), key=lambda kv: -kv[1]))
        parts.append(f"--max-pages {options.max_pages} was spent on: {spending}")
    if not any(name.startswith(STATS + "verdict/") for name in stats):
        parts.append("no page of the site was reached (see the warnings above)")
    return "; ".join(parts)


def _text_rule(stats: Mapping[str, Any]) -> set[str]:
    """The ``text`` rule, where it turned articles down after extraction."""
    return {"text"} if stats.get(STATS + "skipped/no_text") or stats.get(STATS + "skipped/sample") else set()


def rules_table() -> str:
    """The documentation's table of the rules ``ignore_rules`` names (docs/spider.md; docs/settings_table.py)."""
    lines = ["| Rule | What it says |", "|---|---|"]
    lines += [f"| `{name}` | {meaning} |" for name, meaning in RULES.items()]
    return "\n".join(lines) + "\n"
