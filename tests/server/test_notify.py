"""Webhook notifications: a draft is ready, a deadline is near; never blocking a request, never
naming a secret link, a game's own address kept out of the events. Loopback only."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import choose_all, new_game
from tests.server.test_pages import jpage, post
from tianting.server import notify
from tianting.server.app import create_app

WAIT = 20.0
"""Most seconds to wait for a notification to arrive (a hang fails the test, it never times it)."""


class Hook:
    """A webhook receiver on a loopback port: keeps every JSON body; ``hold`` makes it wait."""

    def __init__(self) -> None:
        self.bodies: list[dict[str, Any]] = []
        self.arrived = threading.Condition()
        self.hold = threading.Event()
        self.hold.set()
        hook = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the http.server API
                body = json.loads(self.rfile.read(int(self.headers["content-length"])))
                hook.hold.wait(WAIT)
                with hook.arrived:
                    hook.bodies.append(body)
                    hook.arrived.notify_all()
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait_for(self, count: int) -> list[dict[str, Any]]:
        with self.arrived:
            assert self.arrived.wait_for(lambda: len(self.bodies) >= count, timeout=WAIT), self.bodies
            return list(self.bodies)


@pytest.fixture
def hook() -> Iterator[Hook]:
    h = Hook()
    yield h
    h.hold.set()
    h.server.shutdown()


def started(client: TestClient, **extra: Any) -> dict[str, Any]:
    game = new_game(client, **extra)
    choose_all(client, game)
    assert client.post(f"/api/j/{game['judge_token']}/start", json={}).status_code == 200
    return game


def test_the_servers_webhook_hears_of_a_ready_draft_without_any_secret_link(sqlite_url, hook):
    app = create_app(sqlite_url, scheduler_interval=None, webhook=hook.url, base_url="https://g.example.org")
    with TestClient(app) as client:
        game = started(client)
        hook.hold.clear()  # the receiver waits: the judge's request must not
        response = client.post(f"/api/j/{game['judge_token']}/resolve", json={})
        assert response.status_code == 200  # answered while the webhook is still held
        assert hook.bodies == []
        hook.hold.set()
        body = hook.wait_for(1)[0]
    assert body["event"] == "draft-ready" and body["game"] == "測試局" and body["phase"] == "第1夜"
    assert body["public_url"] == game["public_url"].replace("http://testserver", "https://g.example.org")
    assert "第1夜已結算" in body["text"] and body["content"] == body["text"]
    text = json.dumps(body, ensure_ascii=False)
    assert game["judge_token"] not in text and not any(p["token"] in text for p in game["players"].values())


def test_a_deadline_drawing_near_is_told_once(sqlite_url, hook):
    app = create_app(sqlite_url, scheduler_interval=None, webhook=hook.url, warn_minutes=30)
    with TestClient(app) as client:
        game = started(client, night_minutes=20)
        notifications = app.state.notifications
        far = datetime.now(UTC) - timedelta(hours=2)
        notifications.tick(far)  # two hours before: nothing yet
        notifications.tick(datetime.now(UTC))
        notifications.tick(datetime.now(UTC))  # the same deadline: not again
        bodies = hook.wait_for(1)
        client.post(f"/api/j/{game['judge_token']}/resolve", json={})
        bodies = hook.wait_for(2)
    assert [b["event"] for b in bodies] == ["deadline-soon", "draft-ready"]
    assert bodies[0]["deadline"] and "時限快到了" in bodies[0]["text"]


def test_a_games_own_webhook_is_set_on_the_console_kept_out_of_the_events_and_notified(sqlite_url, hook):
    app = create_app(sqlite_url, scheduler_interval=None, allow_private_webhooks=True)
    with TestClient(app) as client:
        game = started(client)
        response = post(client, jpage(game), jpage(game) + "/webhook", {"url": hook.url})
        assert response.status_code == 303
        assert "<code>127.0.0.1</code>" in client.get(jpage(game)).text
        export = client.get(f"/api/j/{game['judge_token']}/export").text
        assert hook.url not in export
        client.post(f"/api/j/{game['judge_token']}/resolve", json={})
        assert hook.wait_for(1)[0]["event"] == "draft-ready"
        # cleared: nothing more is sent
        assert post(client, jpage(game), jpage(game) + "/webhook", {"url": ""}).status_code == 303
        assert "尚未設定本局的通知網址" in client.get(jpage(game)).text


def test_a_games_webhook_must_be_public_https(sqlite_url):
    app = create_app(sqlite_url, scheduler_interval=None)
    with TestClient(app) as client:
        game = started(client)
        for url in ("http://example.org/x", "https://127.0.0.1/x", "https://localhost/x", "https://10.1.2.3/",
                    "ftp://example.org/", "not a url"):
            response = post(client, jpage(game), jpage(game) + "/webhook", {"url": url})
            assert response.status_code == 422, url
            assert "通知網址" in response.text
        assert app.state.store.get_setting(notify.game_key(game["game_id"])) is None
    with pytest.raises(notify.BadWebhook):
        notify.check_url("https://[::1]/hook")


def test_a_failing_webhook_is_logged_and_nothing_else_happens(sqlite_url):
    app = create_app(sqlite_url, scheduler_interval=None, webhook="http://127.0.0.1:9/nothing-listens")
    with TestClient(app) as client:
        game = started(client)
        assert client.post(f"/api/j/{game['judge_token']}/resolve", json={}).status_code == 200
        app.state.notifier.close()  # waits for the queue to be worked off
        assert app.state.notifier.failed == 1 and app.state.notifier.sent == 0


def test_the_api_sets_and_clears_a_games_webhook(sqlite_url, hook):
    app = create_app(sqlite_url, scheduler_interval=None, allow_private_webhooks=True)
    with TestClient(app) as client:
        game = started(client)
        api = f"/api/j/{game['judge_token']}/webhook"
        assert client.post(api, json={"url": 12}).status_code == 422
        assert client.post(api, json={"url": "ftp://x"}).status_code == 422
        assert client.post(api, json={"url": hook.url}).json() == {"ok": True}
        assert app.state.store.get_setting(notify.game_key(game["game_id"])) == hook.url
        player = game["players"][next(iter(game["players"]))]["token"]
        assert client.post(f"/api/p/{player}/webhook", json={"url": hook.url}).status_code == 404
        assert client.post(api, json={"url": ""}).json() == {"ok": True}
        assert app.state.store.get_setting(notify.game_key(game["game_id"])) is None


def _resolving(monkeypatch, answers: list[str]) -> list[str]:
    """``socket.getaddrinfo`` answering ``answers`` in turn (a name that changes its address)."""
    asked: list[str] = []

    def getaddrinfo(host, port, *args, **kwargs):
        asked.append(host)
        address = answers[min(len(asked), len(answers)) - 1]
        family = notify.socket.AF_INET6 if ":" in address else notify.socket.AF_INET
        return [(family, notify.socket.SOCK_STREAM, 6, "", (address, port))]

    monkeypatch.setattr(notify.socket, "getaddrinfo", getaddrinfo)
    return asked


def _capturing() -> tuple[Any, list[Any]]:
    import httpx

    seen: list[Any] = []

    def handler(request):
        seen.append(request)
        return httpx.Response(204)

    return httpx.Client(transport=httpx.MockTransport(handler)), seen


def test_a_games_webhook_is_posted_to_the_address_that_was_checked(monkeypatch):
    """DNS rebinding: the name answers a public address to the check and a loopback one later;
    the post goes to the checked address (one lookup), naming the host in Host and TLS's server name."""
    asked = _resolving(monkeypatch, ["93.184.216.34", "127.0.0.1"])
    client, seen = _capturing()
    notifier = notify.Notifier()
    notifier._post(client, notify.Note("https://hooks.example.com:8443/t/x?y=1", {"text": "好"}, False))
    assert asked == ["hooks.example.com"]
    [request] = seen
    assert str(request.url) == "https://93.184.216.34:8443/t/x?y=1"
    assert request.headers["host"] == "hooks.example.com:8443"
    assert request.extensions["sni_hostname"] == "hooks.example.com"
    assert json.loads(request.content) == {"text": "好"}
    assert notifier.sent == 1 and notifier.failed == 0


def test_a_games_webhook_turned_internal_is_not_posted(monkeypatch):
    """A name that resolves inside at posting time is refused then, and nothing is sent."""
    _resolving(monkeypatch, ["10.0.0.7"])
    client, seen = _capturing()
    notifier = notify.Notifier()
    notifier._post(client, notify.Note("https://hooks.example.com/t", {"text": "x"}, False))
    assert seen == [] and notifier.failed == 1 and notifier.sent == 0


def test_a_pinned_ipv6_address_is_bracketed_and_userinfo_kept(monkeypatch):
    _resolving(monkeypatch, ["2606:2800:220:1:248:1893:25c8:1946"])
    target = notify.pin("https://u:p@hooks.example.com/t")
    assert target.url == "https://u:p@[2606:2800:220:1:248:1893:25c8:1946]/t"
    assert target.headers == {"Host": "hooks.example.com"}
