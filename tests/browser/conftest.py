"""Fixtures for the browser tests: the real server (uvicorn, its own process, SQLite) on a free
localhost port, one headless Chromium, and fresh browser contexts (one per person: no shared
cookies or storage), all module-scoped but the contexts.

Chromium is Debian's (``TIANTING_TEST_CHROMIUM``, default ``/usr/bin/chromium``; ``.ci/run``
installs it). Without it the module is skipped, unless ``TIANTING_TEST_REQUIRE_SERVICES=1``
(CI), where a missing browser fails the run instead.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

CHROMIUM = os.environ.get("TIANTING_TEST_CHROMIUM", "/usr/bin/chromium")
REQUIRE = os.environ.get("TIANTING_TEST_REQUIRE_SERVICES") == "1"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    # the network is closed: without these Chromium keeps trying to reach Google's services
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
TIMEOUT_MS = 15_000
"""Longest wait for any one page step (a failing step fails in seconds, not after 30 s)."""
LIVE_MS = 20_000
"""Longest wait for a live update (pages ask every 5 s, then fetch and swap; a loaded machine is slow at both)."""


def _unavailable(reason: str) -> None:
    if REQUIRE:
        pytest.fail(f"{reason} but services are required (TIANTING_TEST_REQUIRE_SERVICES=1)")
    pytest.skip(reason)


def sync_api() -> Any:
    """``playwright.sync_api``, for a test module to take ``expect`` from; without the package the calling
    module is skipped (with ``TIANTING_TEST_REQUIRE_SERVICES=1`` the ImportError fails it instead)."""
    try:
        from playwright import sync_api as api
    except ImportError:  # pragma: no cover - CI installs it
        if REQUIRE:
            raise
        pytest.skip("the playwright package is not installed", allow_module_level=True)
    return api


def submit(page: Any, selector: str) -> Any:
    """Click a form's submit button and wait for the page the post leads to; its response."""
    with page.expect_navigation() as navigation:
        page.click(selector)
    return navigation.value


def player_links(judge: Any) -> dict[str, str]:
    """Each player's link by id, in seat order, from the console's 「全部連結」 box (a header row, then
    seat, id and link separated by tabs)."""
    rows = [line.split("\t") for line in judge.input_value("#all-links").splitlines() if line.strip()]
    return {pid: url for _, pid, url in rows[1:]}


SERVE = """
import socket, sys
import uvicorn
from tianting.server.app import create_app

sock = socket.socket(fileno=int(sys.argv[2]))
app = create_app(sys.argv[1], scheduler_interval=None)
uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
"""
"""The server's process: the app on the given database, served on the listening socket it is
handed (bound by the tests, so no other process can take the port in between)."""


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app (SQLite, deadline scheduler off) served by uvicorn in a process of its own on a
    free localhost port (its own process: the browser driver and the server do not share one
    interpreter's lock)."""
    db = tmp_path_factory.mktemp("browser") / "tianting.sqlite3"
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    log = (db.parent / "server.log").open("w")
    server = subprocess.Popen([sys.executable, "-c", SERVE, f"sqlite:///{db}", str(sock.fileno())],
                              pass_fds=[sock.fileno()], stdout=log, stderr=subprocess.STDOUT)
    sock.close()  # the server holds its own copy
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail("the server did not answer /healthz: "
                            + (db.parent / "server.log").read_text()[-2000:])
            time.sleep(0.05)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


@pytest.fixture(scope="module")
def api(server_url: str) -> Iterator[httpx.Client]:
    """A JSON client of the same server, for the players who are not driven through a browser."""
    with httpx.Client(base_url=server_url, timeout=10) as client:
        yield client


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        _unavailable(f"no Chromium at {CHROMIUM} (set TIANTING_TEST_CHROMIUM)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed")
    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


class Pages:
    """Opens pages, each in a browser context of its own, and keeps what they complained about.

    Every ``confirm()`` is accepted (Playwright would dismiss it, cancelling the post) unless
    ``dismiss_next`` is set on the page's entry in :attr:`dismiss`; every dialog's message is
    kept in :attr:`dialogs`. JavaScript errors and console errors (a Content-Security-Policy
    violation is one) are kept in :attr:`errors`.
    """

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.dismiss: set[int] = set()

    def new(self, name: str) -> Any:
        context = self.browser.new_context(viewport={"width": 1100, "height": 900}, locale="zh-TW")
        context.set_default_timeout(TIMEOUT_MS)
        self.contexts.append(context)
        page = context.new_page()
        page.on("dialog", self._dialog_handler(page))
        page.on("pageerror", lambda exc: self.errors.append(f"{name}: {exc}"))
        page.on("console", lambda msg: self._console(name, msg))
        return page

    def _dialog_handler(self, page: Any) -> Callable[[Any], None]:
        def handle(dialog: Any) -> None:
            self.dialogs.append(dialog.message)
            if id(page) in self.dismiss:
                self.dismiss.discard(id(page))
                dialog.dismiss()
            else:
                dialog.accept()
        return handle

    def _console(self, name: str, msg: Any) -> None:
        # a refused form post re-renders its page with a 4xx status, which Chromium reports
        # as a failed resource load: that is the page working as meant
        if msg.type == "error" and "Failed to load resource" not in msg.text:
            self.errors.append(f"{name}: {msg.text}")

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser: Any) -> Iterator[Pages]:
    opened = Pages(browser)
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def shots() -> Path:
    """Where the tests leave screenshots for a person to look at."""
    return Path(os.environ.get("TIANTING_TEST_SCREENSHOTS", "/tmp"))


@pytest.fixture
def create_game(pages: Pages, server_url: str) -> Callable[..., tuple[Any, Any]]:
    """Creates a game on the home page as a new person: ``create(name, title, ids, **choices)`` fills the
    title and the ids (a list, one a line, or the text itself), sets each of ``choices`` (a select's id → its value; a box's id →
    True to tick it) and submits; the page and the post's response."""
    def create(name: str, title: str, ids: list[str] | str, **choices: str | bool) -> tuple[Any, Any]:
        page = pages.new(name)
        page.goto(server_url + "/")
        page.fill("#title", title)
        page.fill("#ids", ids if isinstance(ids, str) else "\n".join(ids))
        for field, value in choices.items():
            if value is True:
                page.check(f"#{field}")
            else:
                page.select_option(f"#{field}", value)
        return page, submit(page, "#create-game")
    return create
