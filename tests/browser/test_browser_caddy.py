"""The shipped deployment in front of a real server (issue 28, item 5): Debian's Caddy, with the shipped
``deploy/Caddyfile`` (its site address made ``localhost:<port>`` with ``tls internal``), in front of
``tianting serve --base-url https://localhost:<port>``; a browser does everything through Caddy: the links the
console shows, the forms it posts and the live updates all use the public base URL.

Skipped without ``caddy`` (``apt-get install caddy``; ``.ci/run`` installs it, and there a missing Caddy fails)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.conftest import LIVE_MS, TIMEOUT_MS, _unavailable, submit, sync_api
from tests.server.conftest import IDS

expect = sync_api().expect
DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(url, timeout=2, verify=False).status_code == 200:
                return
        except httpx.TransportError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            pytest.fail(f"{url} did not answer: " + log.read_text()[-2000:])
        time.sleep(0.1)


def caddyfile(app_port: int, https_port: int, http_port: int) -> str:
    """The shipped Caddyfile, for this machine: localhost with Caddy's own CA, the app's port."""
    shipped = (DEPLOY / "Caddyfile").read_text()
    assert "game.example.org {" in shipped and "reverse_proxy 127.0.0.1:8000" in shipped
    site = shipped.replace("game.example.org {", f"localhost:{https_port} {{\n\ttls internal", 1)
    site = site.replace("127.0.0.1:8000", f"127.0.0.1:{app_port}")
    return f"{{\n\tadmin off\n\tskip_install_trust\n\thttp_port {http_port}\n\thttps_port {https_port}\n}}\n" + site


def stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(scope="module")
def public_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    caddy = shutil.which("caddy")
    if caddy is None:
        _unavailable("no caddy (apt-get install caddy)")
    folder = tmp_path_factory.mktemp("caddy")
    app_port, https_port, http_port = free_port(), free_port(), free_port()
    base = f"https://localhost:{https_port}"
    server_log, caddy_log = folder / "server.log", folder / "caddy.log"
    with server_log.open("w") as out:
        server = subprocess.Popen([sys.executable, "-m", "tianting", "serve", "--data", str(folder / "t.sqlite3"),
                                   "--host", "127.0.0.1", "--port", str(app_port), "--base-url", base],
                                  stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_for(f"http://127.0.0.1:{app_port}/healthz", server, server_log)
        (folder / "Caddyfile").write_text(caddyfile(app_port, https_port, http_port))
        home = {"HOME": str(folder), "XDG_DATA_HOME": str(folder / "data"), "XDG_CONFIG_HOME": str(folder / "config"),
                "PATH": "/usr/bin:/bin"}
        with caddy_log.open("w") as out:
            proxy = subprocess.Popen([caddy, "run", "--config", str(folder / "Caddyfile"), "--adapter", "caddyfile"],
                                     stdout=out, stderr=subprocess.STDOUT, env=home)
        try:
            wait_for(f"{base}/healthz", proxy, caddy_log)
            yield base
        finally:
            stop(proxy)
    finally:
        stop(server)


def test_through_caddy_links_forms_and_live_updates_use_the_public_address(browser: Any, public_url: str) -> None:
    context = browser.new_context(ignore_https_errors=True, locale="zh-TW")  # Caddy's own CA (tls internal)
    context.set_default_timeout(TIMEOUT_MS)
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    try:
        judge = context.new_page()
        judge.goto(public_url + "/")
        judge.fill("#title", "搬到伺服器")
        judge.fill("#ids", "\n".join(IDS))
        assert submit(judge, "#create-game").status == 200  # the form's Origin is the public address
        assert judge.url.startswith(public_url + "/j/")
        assert judge.input_value("#link-judge").startswith(public_url + "/j/")
        assert judge.input_value("#link-public").startswith(public_url + "/g/")
        links = judge.locator("input.player-link").evaluate_all("els => els.map(e => e.value)")
        assert len(links) == 22 and all(link.startswith(public_url + "/p/") for link in links)
        with httpx.Client(verify=False, timeout=10) as api:  # the players choose through Caddy too
            for link in links:
                token = link.rsplit("/", 1)[1]
                view = api.get(f"{public_url}/api/p/{token}").json()
                assert any(api.post(f"{public_url}/api/p/{token}/choose", json={"character": c}).status_code == 200
                           for c in view["choices"])
        judge.reload()
        assert submit(judge, "#start").status == 200
        expect(judge.locator("#submission-count")).to_contain_text("已提交 0/22")
        player = context.new_page()
        player.goto(links[0])
        assert submit(player, "#submit-none").status == 200
        expect(player.locator("#ok")).to_contain_text("已提交")
        # the judge's console updates itself (its live check goes through Caddy), no reload
        expect(judge.locator("#submission-count")).to_contain_text("已提交 1/22", timeout=LIVE_MS)
        assert any(url.startswith(public_url) and url.endswith("/live") for url in asked)
        assert all(url.startswith(public_url) or url.startswith("data:") for url in asked), \
            [u for u in asked if not u.startswith(public_url)][:5]
    finally:
        context.close()
