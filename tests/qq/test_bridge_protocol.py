"""The QQ bridge at the protocol (issue 32): this test plays the OneBot v11 implementation's side (NapCat,
Lagrange.OneBot …) over a real WebSocket, against a real ``tianting serve`` and a real ``tianting qq``.

It connects to ``ws://HOST:PORT/onebot/v11/ws`` with ``Authorization: Bearer TOKEN``, ``X-Self-ID`` and
``X-Client-Role: Universal``, sends standard private-message events as JSON text frames, and reads the
bridge's ``send_private_msg`` / ``send_group_msg`` actions, answering each with its ``echo``: binding, a
night submitted by private message, a reading left to the judge to confirm, the published announcement
posted to the game's group, a reconnect in the middle of the night, a message delivered twice, the server
away, and a whole short game played by QQ alone (binding, choosing, a night, the 轉生 successor choice and last
words, a day's vote). Skipped when the ``qq`` extra is not installed. Every wait is bounded; everything listens on the
loopback only."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("nonebot")
pytest.importorskip("nonebot.adapters.onebot.v11")
pytest.importorskip("websockets")

from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import WebSocketException  # noqa: E402

from tests.server.conftest import started_game  # noqa: E402

SRC = str(Path(__file__).resolve().parents[2] / "src")
KEY = "bridge-key-protocol"
TOKEN = "onebot-token-protocol"
SELF_ID = 10001
WAIT = 60.0
"""Seconds any one step may take (the machine may be loaded)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for(check: Any, what: str, log: Path) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except (OSError, httpx.HTTPError):
            pass
        time.sleep(0.2)
    raise AssertionError(f"{what} did not come up:\n{log.read_text(errors='replace')[-3000:]}")


class Running:
    """A ``tianting`` subprocess, its output in a log file."""

    def __init__(self, tmp: Path, name: str, args: list[str]) -> None:
        self.log = tmp / f"{name}.log"
        self.args = args
        self.name = name
        self.start()

    def start(self) -> None:
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen([sys.executable, "-m", "tianting", *self.args], stdout=log,
                                            stderr=subprocess.STDOUT, env={**os.environ, "PYTHONPATH": SRC})

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)


@pytest.fixture(scope="module")
def services(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("qq")
    http_port, ws_port = free_port(), free_port()
    server = Running(tmp, "serve", ["serve", "--host", "127.0.0.1", "--port", str(http_port), "--data",
                                    str(tmp / "games.sqlite3"), "--no-create-limit", "--bridge-key", KEY])
    base = f"http://127.0.0.1:{http_port}"
    _wait_for(lambda: httpx.get(f"{base}/healthz", timeout=2).status_code == 200, "tianting serve", server.log)
    bridge = Running(tmp, "qq", ["qq", "--server", base, "--listen", f"127.0.0.1:{ws_port}", "--access-token", TOKEN,
                                 "--bridge-key", KEY, "--poll", "0.5"])

    def listening() -> bool:
        with socket.create_connection(("127.0.0.1", ws_port), timeout=1):
            return True

    _wait_for(listening, "tianting qq", bridge.log)
    with httpx.Client(base_url=base, timeout=30) as client:
        yield {"client": client, "ws": f"ws://127.0.0.1:{ws_port}/onebot/v11/ws", "server": server,
               "bridge": bridge, "base": base, "data": tmp / "games.sqlite3"}
    bridge.stop()
    server.stop()


class OneBot:
    """The OneBot v11 implementation's side of the reverse WebSocket."""

    def __init__(self, url: str, token: str = TOKEN, self_id: int = SELF_ID) -> None:
        self.url, self.token, self.self_id = url, token, self_id
        self.ws: Any = None
        self.actions: list[dict[str, Any]] = []

    async def __aenter__(self) -> OneBot:
        headers = {"Authorization": f"Bearer {self.token}", "X-Self-ID": str(self.self_id),
                   "X-Client-Role": "Universal"}
        self.ws = await asyncio.wait_for(connect(self.url, additional_headers=headers), WAIT)
        await self.ws.send(json.dumps({"time": int(time.time()), "self_id": self.self_id, "post_type": "meta_event",
                                       "meta_event_type": "lifecycle", "sub_type": "connect"}))
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.ws.close()

    async def private(self, user_id: int, message_id: int, text: str) -> None:
        """A friend's private message, as OneBot v11 posts it."""
        await self.ws.send(json.dumps({
            "time": int(time.time()), "self_id": self.self_id, "post_type": "message", "message_type": "private",
            "sub_type": "friend", "message_id": message_id, "user_id": user_id,
            "message": [{"type": "text", "data": {"text": text}}], "raw_message": text, "font": 0,
            "sender": {"user_id": user_id, "nickname": f"玩家{user_id}", "sex": "unknown", "age": 0},
        }, ensure_ascii=False))

    async def action(self, name: str, timeout: float = WAIT) -> dict[str, Any]:
        """The bridge's next call of ``name`` (answered, as every call is, with its echo)."""
        deadline = time.monotonic() + timeout
        while True:
            frame = json.loads(await asyncio.wait_for(self.ws.recv(), max(0.1, deadline - time.monotonic())))
            if "action" not in frame:
                continue
            await self.ws.send(json.dumps({"status": "ok", "retcode": 0, "data": {"message_id": len(self.actions) + 1},
                                           "echo": frame.get("echo")}))
            self.actions.append(frame)
            if frame["action"] == name:
                return frame

    async def quiet(self, seconds: float) -> list[dict[str, Any]]:
        """The calls made within ``seconds`` (answered)."""
        seen = []
        try:
            while True:
                seen.append(await self.action("", timeout=seconds))
        except TimeoutError:
            return seen


def text_of(frame: dict[str, Any]) -> str:
    message = frame["params"]["message"]
    if isinstance(message, str):
        return message
    return "".join(seg["data"].get("text", "") for seg in message if seg.get("type") == "text")


def seat(client: httpx.Client, game: dict[str, Any], country: str, identity: str) -> str:
    for pid, link in game["players"].items():
        view = client.get(f"/api/p/{link['token']}").json()
        if view["country"] == country and view["identity"] == identity:
            return pid
    raise AssertionError((country, identity))


def code(client: httpx.Client, game: dict[str, Any], pid: str) -> str:
    return str(client.get(f"/api/p/{game['players'][pid]['token']}").json()["qq_code"])


def events(client: httpx.Client, game: dict[str, Any]) -> list[dict[str, Any]]:
    return list(client.get(f"/api/j/{game['judge_token']}/export").json()["events"])


def test_a_wrong_access_token_is_refused_at_the_handshake(services):
    async def run() -> None:
        with pytest.raises(WebSocketException):
            async with OneBot(services["ws"], token="wrong") as bot:
                await bot.ws.recv()

    asyncio.run(run())


def test_bind_then_submit_the_night_by_private_message(services):
    client = services["client"]
    game = started_game(client)
    strategist, lady = seat(client, game, "魏", "正軍師"), seat(client, game, "吳", "女眷")
    client.post(f"/api/j/{game['judge_token']}/qq", json={"group": "7654321", "auto_submit": True})

    async def run() -> None:
        async with OneBot(services["ws"]) as bot:
            await bot.private(20001, 1, "今晚明察 " + lady)
            unbound = await bot.action("send_private_msg")
            assert unbound["params"]["user_id"] == 20001 and "綁定" in text_of(unbound)
            await bot.private(20001, 2, f"綁定 {code(client, game, strategist)}")
            bound = await bot.action("send_private_msg")
            assert "已綁定" in text_of(bound) and strategist in text_of(bound)
            await bot.private(20001, 3, f"今晚明察 {lady}")
            told = await bot.action("send_private_msg")
            assert text_of(told) == f"已收到：明察 {lady}"

    asyncio.run(run())
    current = client.get(f"/api/j/{game['judge_token']}").json()["current"]
    assert current["submissions"][strategist] == [{"actor": strategist, "skill": "明察", "targets": [lady]}]
    kept = [e for e in events(client, game) if e["kind"] == "message"]
    assert [(e["actor"], e["payload"]["text"]) for e in kept] == [(strategist, f"今晚明察 {lady}")]


def test_a_reading_left_for_the_judge_to_confirm_and_a_message_delivered_twice(services):
    client = services["client"]
    game = started_game(client)
    strategist, lady = seat(client, game, "魏", "正軍師"), seat(client, game, "吳", "女眷")
    client.post(f"/api/j/{game['judge_token']}/qq", json={"auto_submit": False})

    async def run() -> None:
        async with OneBot(services["ws"]) as bot:
            await bot.private(20002, 11, f"綁定 {code(client, game, strategist)}")
            await bot.action("send_private_msg")
            await bot.private(20002, 12, f"今晚明察 {lady}")
            await bot.private(20002, 12, f"今晚明察 {lady}")  # OneBot delivers it again
            answer = await bot.action("send_private_msg")
            assert "天庭核對後代為提交" in text_of(answer) and f"明察 {lady}" in text_of(answer)
            assert [f for f in await bot.quiet(2.0) if f["action"] == "send_private_msg"] == []

    asyncio.run(run())
    token = game["judge_token"]
    assert strategist not in client.get(f"/api/j/{token}").json()["current"]["submissions"]
    messages = client.get(f"/api/j/{token}/qq").json()["messages"]
    assert [(m["player"], m["text"]) for m in messages] == [(strategist, f"今晚明察 {lady}")]
    confirmed = client.post(f"/api/j/{token}/submit-for", json={
        "player": strategist, "actions": [{"skill": "明察", "targets": [lady]}], "via": "message"})
    assert confirmed.status_code == 200, confirmed.text
    assert client.get(f"/api/j/{token}").json()["current"]["submitted_by"] == {strategist: "judge"}


def test_publish_is_posted_to_the_group_even_across_a_reconnect_mid_night(services):
    client = services["client"]
    game = started_game(client)
    token = game["judge_token"]
    strategist, lady = seat(client, game, "魏", "正軍師"), seat(client, game, "吳", "女眷")
    client.post(f"/api/j/{token}/qq", json={"group": "7654322", "auto_submit": True})

    async def run() -> None:
        async with OneBot(services["ws"]) as bot:
            await bot.private(20003, 21, f"綁定 {code(client, game, strategist)}")
            await bot.action("send_private_msg")
        # the OneBot side goes away in the middle of the night, and comes back
        async with OneBot(services["ws"]) as bot:
            await bot.private(20003, 22, f"今晚明察 {lady}")
            assert text_of(await bot.action("send_private_msg")) == f"已收到：明察 {lady}"
        assert client.post(f"/api/j/{token}/resolve", json={}).status_code == 200
        assert client.post(f"/api/j/{token}/publish", json={"confirm": True}).status_code == 200
        await asyncio.sleep(1.5)  # published while no OneBot is connected: kept until one is
        async with OneBot(services["ws"]) as bot:
            posted = await bot.action("send_group_msg")
            assert posted["params"]["group_id"] == 7654322
            assert "第1夜" in text_of(posted) and f"/g/{game['public_id']}" in text_of(posted)
            again = [f for f in await bot.quiet(2.0) if f["action"] == "send_group_msg"
                     and f["params"]["group_id"] == 7654322]
            assert again == []  # acknowledged: posted once

    asyncio.run(run())
    assert [e["kind"] for e in events(client, game)].count("message") == 1


def test_the_server_away_is_said_and_the_message_handled_once_it_is_back(services):
    client = services["client"]
    game = started_game(client)
    strategist, lady = seat(client, game, "魏", "正軍師"), seat(client, game, "吳", "女眷")
    client.post(f"/api/j/{game['judge_token']}/qq", json={"auto_submit": True})
    binding = code(client, game, strategist)

    async def run() -> None:
        async with OneBot(services["ws"]) as bot:
            await bot.private(20004, 31, f"綁定 {binding}")
            await bot.action("send_private_msg")
            services["server"].stop()
            await bot.private(20004, 32, f"今晚明察 {lady}")
            away = await bot.action("send_private_msg")
            assert "連不上" in text_of(away) and "沒有記錄" in text_of(away)
            services["server"].start()
            await asyncio.to_thread(_wait_for, lambda: client.get("/healthz").status_code == 200, "serve again",
                                    services["server"].log)
            for _ in range(20):  # delivered again (as the player would resend) until the bridge reaches the server
                await bot.private(20004, 32, f"今晚明察 {lady}")
                answer = text_of(await bot.action("send_private_msg"))
                if "連不上" not in answer:
                    break
                await asyncio.sleep(0.5)  # the bridge's client may need a moment to reconnect under load
            assert answer == f"已收到：明察 {lady}"  # now kept and submitted, once

    asyncio.run(run())
    kept = [e for e in events(client, game) if e["kind"] == "message"]
    assert len(kept) == 1 and kept[0]["payload"]["message_id"] == "32"


def test_the_forward_mode_connects_to_the_onebot_side_with_the_token(services, tmp_path):
    """``--forward ws://…``: the bridge connects to the implementation's WebSocket server (the token sent as
    ``Authorization: Bearer``); the implementation names itself with a lifecycle event, then posts as usual."""
    from websockets.asyncio.server import serve

    client = services["client"]
    game = started_game(client)
    strategist = seat(client, game, "魏", "正軍師")
    port = free_port()
    answers: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    tokens: list[str] = []

    async def onebot(ws: Any) -> None:
        tokens.append(ws.request.headers.get("Authorization", ""))
        bot = OneBot("")
        bot.ws = ws
        await ws.send(json.dumps({"time": int(time.time()), "self_id": SELF_ID + 1, "post_type": "meta_event",
                                  "meta_event_type": "lifecycle", "sub_type": "connect"}))
        bot.self_id = SELF_ID + 1
        await bot.private(20005, 41, f"綁定 {code(client, game, strategist)}")
        await answers.put(await bot.action("send_private_msg"))
        await ws.wait_closed()

    async def run() -> None:
        async with serve(onebot, "127.0.0.1", port):
            bridge = Running(tmp_path, "forward", [
                "qq", "--server", services["base"], "--listen", f"127.0.0.1:{free_port()}", "--access-token", TOKEN,
                "--bridge-key", KEY, "--forward", f"ws://127.0.0.1:{port}"])
            try:
                answer = await asyncio.wait_for(answers.get(), WAIT)
            finally:
                bridge.stop()
        assert tokens[0] == f"Bearer {TOKEN}"
        assert answer["params"]["user_id"] == 20005 and "已綁定" in text_of(answer)

    asyncio.run(run())


class Chat:
    """The players' side of a OneBot connection: each QQ number's messages, numbered, and the bridge's answers."""

    def __init__(self, bot: OneBot) -> None:
        self.bot = bot
        self.next_id = 1000

    async def say(self, qq: int, text: str) -> str:
        """``qq`` sends ``text``; the bridge's answer to ``qq``."""
        self.next_id += 1
        await self.bot.private(qq, self.next_id, text)
        while True:
            frame = await self.bot.action("send_private_msg")
            if frame["params"]["user_id"] == qq:
                return text_of(frame)

    async def posted(self, group: int, contains: str) -> str:
        """The group post that says ``contains`` (sent already, or the next one that does)."""
        while True:
            for frame in self.bot.actions:
                if (frame["action"] == "send_group_msg" and frame["params"]["group_id"] == group
                        and contains in text_of(frame)):
                    return text_of(frame)
            await self.bot.action("send_group_msg")


def fixed_table(base: str, data: Path) -> dict[str, Any]:
    """A 22-player KK 3.3 table with a known deal (seed 1, as tests/server's fixed games), made in the served
    database as the judge's 開局 makes one (the API draws the seed; a known deal makes the night's deaths known)."""
    from tests.server.conftest import IDS
    from tianting.server.store import Store

    made = Store(f"sqlite:///{data}").create_game(title="QQ局", rules="kk33", ids=IDS, seed=1, salt="ab" * 16)
    return {"judge_token": made.judge_token, "public_id": made.public_id,
            "players": {pid: {"token": t} for pid, t in made.player_tokens.items()}}


def test_a_whole_short_game_by_qq_private_messages_alone(services):
    """Issue 32's done-when: 22 players bind, choose their characters, act by night, answer the judge's 轉生
    choice (the lord's successor form, 「當你死亡時，選擇一個轉生角色繼續進行遊戲」) and send last words, and vote by
    day, each by QQ private message only; the judge only resolves, asks, approves and publishes; both posts reach
    the group; the game ends (議和 by the judge) with every message kept in the log."""
    client = services["client"]
    game = fixed_table(services["base"], services["data"])
    token = game["judge_token"]
    ids = list(game["players"])
    qq = {pid: 30001 + n for n, pid in enumerate(ids)}
    group = 7654399
    assert client.post(f"/api/j/{token}/qq", json={"group": str(group), "auto_submit": True}).status_code == 200
    views = {pid: client.get(f"/api/p/{game['players'][pid]['token']}").json() for pid in ids}
    lord = next(pid for pid in ids if views[pid]["identity"] == "君主")
    killers: dict[str, str] = {}
    for pid in ids:  # one killer of each other country stabs the lord
        if views[pid]["identity"] == "殺手" and views[pid]["country"] != views[lord]["country"]:
            killers.setdefault(views[pid]["country"], pid)
    sent = 0
    picked: list[str] = []

    async def run() -> None:
        nonlocal sent
        async with OneBot(services["ws"]) as bot:
            chat = Chat(bot)

            async def say(pid: str, text: str) -> str:
                nonlocal sent
                sent += 1
                return await chat.say(qq[pid], text)

            for pid in ids:
                assert "已綁定" in await chat.say(qq[pid], f"綁定 {views[pid]['qq_code']}")
            for pid in ids:  # 甘寧 and 凌統 last, as tests/server's choose_all (奇襲, 旋風)
                for character in sorted(views[pid]["choices"], key=lambda c: c in ("甘寧", "凌統")):
                    if (await say(pid, f"我選{character}")).startswith("已收到：選擇"):
                        break
                else:
                    raise AssertionError(f"{pid} could not choose by QQ from {views[pid]['choices']}")
            assert client.post(f"/api/j/{token}/start", json={}).status_code == 200

            # ---- night 1: the killers stab the lord, the others do nothing -----------------------------
            for pid in ids:
                text = f"今晚刺殺 {lord}" if pid in killers.values() else "本夜不行動"
                answer = await say(pid, text)
                assert answer == (f"已收到：刺殺 {lord}" if pid in killers.values() else "已收到：本夜不行動"), answer
            assert client.get(f"/api/j/{token}").json()["stage"] == "draft"  # all in: resolved at once
            [choice] = client.get(f"/api/j/{token}").json()["current"]["draft"]["decisions"]
            assert (choice["actor"], choice["skill"]) == (lord, "轉生")
            forms = list(choice["options"])
            wanted = 2 if choice["answer"] == forms[0] else 1  # the form the default did not take
            assert client.post(f"/api/j/{token}/ask-decision", json={"actor": lord, "skill": "轉生"}).status_code == 200
            assert client.post(f"/api/j/{token}/ask-last-words", json={}).status_code == 200
            # the bridge answers rather than starts a chat: the lord's next message is told the choice, numbered
            told = await say(lord, "要我選什麼？")
            assert "【轉生】" in told and f"1. {forms[0]}" in told and f"2. {forms[1]}" in told
            chosen = await say(lord, str(wanted))
            picked.append(forms[wanted - 1])
            assert chosen.startswith(f"已收到：【轉生】選擇 {wanted}. {forms[wanted - 1]}"), chosen
            assert "遺言" in await say(lord, "吾雖死，魂猶在")
            assert client.post(f"/api/j/{token}/rule-last-words", json={"player": lord, "approved": True, "confirm": True}).status_code == 200
            assert client.post(f"/api/j/{token}/publish", json={"confirm": True}).status_code == 200
            night = await chat.posted(group, "第1夜")
            assert f"/g/{game['public_id']}" in night and "吾雖死，魂猶在" in night

            # ---- day 1: everyone votes by QQ ----------------------------------------------------------
            target = next(pid for pid in ids if pid != lord and pid not in killers.values())
            for pid in ids:
                answer = await say(pid, f"投票 {target if pid != target else lord}")
                assert answer.startswith("已收到：投票"), (pid, answer)
            assert client.get(f"/api/j/{token}").json()["stage"] == "draft"
            assert client.post(f"/api/j/{token}/publish", json={"confirm": True}).status_code == 200
            day = await chat.posted(group, "日投票公告")
            assert f"{target} → " in day and f"/g/{game['public_id']}" in day

    asyncio.run(run())
    assert client.post(f"/api/j/{token}/peace", json={"judge": True}).status_code == 200
    state = client.get(f"/api/j/{token}").json()
    assert state["over"] is True
    log = events(client, game)
    decided = [e for e in log if e["kind"] == "decide"]
    assert [(e["actor"], e["payload"]) for e in decided] == [(lord, {"skill": "轉生", "answer": picked[0]})]
    assert sum(e["kind"] == "message" for e in log) == sent  # every message kept as received
    assert not any(e["actor"] == "judge" and e["kind"] in ("submit", "vote", "choose", "decide") for e in log)

