"""The bridge's NoneBot handlers tested with NoneBot's own test tool, ``nonebug`` (issue 32).

nonebug's pytest plugin is not used: it loads in every pytest session (its session fixtures are async and
need pytest-asyncio, which the suite does not use) and initialises NoneBot for every test, so the project's
pytest settings block it (``-p no:nonebug`` in ``addopts``). Its ``App`` is used directly here instead, inside
one ``asyncio.run``: NoneBot initialised, nonebug's matcher provider set, the bridge's handlers installed
(:func:`tianting.qq.bot.install`), then an OneBot v11 private message received and the API calls it makes
checked. The game server is :class:`tianting.qq.client.Server` over httpx's mock transport (what it was
asked, what it answers). Skipped when nonebug is not installed (``pip install nonebug`` beside the ``qq``
extra; it is not in the ``test`` extra, see the README)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

pytest.importorskip("nonebot.adapters.onebot.v11")
pytest.importorskip("nonebug")

import httpx  # noqa: E402

asked: list[tuple[str, dict[str, Any]]] = []


def _game_server(request: httpx.Request) -> httpx.Response:
    body = json.loads(request.content or b"{}")
    asked.append((request.url.path, body))
    if request.url.path == "/api/bridge/bind":
        return httpx.Response(200, json={"ok": True, "answer": "已綁定：「測試局」的玩家01。"})
    if body.get("text") == "轉生 2":
        return httpx.Response(200, json={"status": "submitted", "answer": "已收到：【轉生】選擇 2. 孫權"})
    return httpx.Response(500, json={"error": "away"})


def _event(user: int, mid: int, text: str) -> Any:
    from nonebot.adapters.onebot.v11 import Message, PrivateMessageEvent
    from nonebot.adapters.onebot.v11.event import Sender

    return PrivateMessageEvent(time=0, self_id=10001, post_type="message", sub_type="friend", user_id=user,
                               message_type="private", message_id=mid, message=Message(text),
                               original_message=Message(text), raw_message=text, font=0,
                               sender=Sender(user_id=user, nickname="玩家"))


def test_the_private_message_handler_answers_what_the_server_says_and_says_when_it_is_away():
    async def run() -> None:
        import nonebot
        from nonebot.adapters.onebot.v11 import Adapter, Bot
        from nonebot.matcher import matchers
        from nonebug import App
        from nonebug.provider import NoneBugProvider

        from tianting.qq.bot import install
        from tianting.qq.client import SERVER_AWAY, Server

        nonebot.init(driver="~fastapi", command_start={""}, log_level="WARNING")
        matchers.set_provider(NoneBugProvider)
        nonebot.get_driver().register_adapter(Adapter)
        install(Server("http://game.test", "key", transport=httpx.MockTransport(_game_server)), poll=3600)
        app = App()
        async with app.test_matcher() as ctx:
            bot = ctx.create_bot(base=Bot, adapter=nonebot.get_adapter(Adapter), self_id="10001")
            ctx.receive_event(bot, _event(20001, 1, "綁定 ABCD2345"))
            ctx.should_call_api("send_private_msg", {"user_id": 20001, "message": "已綁定：「測試局」的玩家01。"},
                                {"message_id": 1})
            ctx.receive_event(bot, _event(20001, 2, "轉生 2"))
            ctx.should_call_api("send_private_msg", {"user_id": 20001, "message": "已收到：【轉生】選擇 2. 孫權"},
                                {"message_id": 2})
            ctx.receive_event(bot, _event(20001, 2, "轉生 2"))  # delivered twice: answered once, nothing called
            ctx.receive_event(bot, _event(20001, 3, "今晚明察 子義"))  # the server away (a 5xx)
            ctx.should_call_api("send_private_msg", {"user_id": 20001, "message": SERVER_AWAY}, {"message_id": 3})
        assert asked == [("/api/bridge/bind", {"qq": "20001", "code": "ABCD2345"}),
                         ("/api/bridge/message", {"qq": "20001", "message_id": "2", "text": "轉生 2"}),
                         ("/api/bridge/message", {"qq": "20001", "message_id": "3", "text": "今晚明察 子義"})]

    asyncio.run(run())
