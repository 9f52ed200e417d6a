"""The NoneBot2 application of ``tianting qq``: OneBot v11 in, the game server's JSON API out.

- **In**: a OneBot implementation (NapCat, Lagrange.OneBot, LLOneBot …) connects to the reverse WebSocket
  ``ws://HOST:PORT/onebot/v11/ws`` (NoneBot's OneBot adapter: ``Authorization: Bearer TOKEN`` checked,
  ``X-Self-ID`` and ``X-Client-Role: Universal``), or the bridge connects to its forward WebSocket
  (``--forward ws://…``). A private message is sent on to the server (:class:`tianting.qq.client.Server`) and
  its answer sent back with ``send_private_msg``; group messages are not read.
- **Out**: every ``poll`` seconds, the posts the server owes the games' groups (announcements, deadline
  reminders, mirrored country rooms) are sent with ``send_group_msg`` and acknowledged once QQ took them;
  one that failed is offered again next time. The bridge never starts a private chat (QQ restricts a bot
  account that does): private feedback stays on the player's page.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from tianting.qq.client import SERVER_AWAY, Seen, Server, ServerAway

log = logging.getLogger("tianting.qq")


def run(server: str, listen: str, access_token: str, bridge_key: str, forward: list[str] | None = None,
        poll: float = 5.0, log_level: str = "WARNING") -> None:
    """Run the bridge until interrupted. NoneBot logs every message it receives at ``INFO`` (who, and the text:
    a player's night): hence ``WARNING`` by default, which still logs connections lost and sends that failed."""
    import nonebot
    from nonebot.adapters.onebot.v11 import Adapter

    host, _, port = listen.rpartition(":")
    driver = "~fastapi+~websockets" if forward else "~fastapi"
    nonebot.init(driver=driver, host=host or "127.0.0.1", port=int(port), onebot_access_token=access_token,
                 onebot_ws_urls=set(forward or ()), command_start={""}, log_level=log_level)
    nonebot.get_driver().register_adapter(Adapter)
    install(Server(server, bridge_key), poll)
    nonebot.run()


def install(server: Server, poll: float) -> None:
    """The private-message handler and the group poster, on NoneBot's driver (after ``nonebot.init``)."""
    from nonebot import get_bots, get_driver, on_message
    from nonebot.adapters.onebot.v11 import Bot, PrivateMessageEvent

    seen = Seen()
    private = on_message(priority=5, block=True)

    @private.handle()
    async def on_private(bot: Bot, event: PrivateMessageEvent) -> None:
        mid = str(event.message_id)
        if not seen.first(bot.self_id, mid):
            return  # delivered twice (a reconnect): answered already
        try:
            answer = await server.private(event.user_id, mid, event.get_plaintext())
        except ServerAway as exc:
            seen.forget(bot.self_id, mid)  # not kept: handled again if delivered again
            log.warning("game server away: %s", exc)
            answer = {"answer": SERVER_AWAY}
        text = answer.get("answer")
        if text:
            await bot.send_private_msg(user_id=event.user_id, message=text)

    driver = get_driver()
    tasks: list[asyncio.Task[Any]] = []

    @driver.on_startup
    async def start() -> None:
        tasks.append(asyncio.create_task(_post_loop(server, poll, get_bots)))

    @driver.on_shutdown
    async def stop() -> None:
        for task in tasks:
            task.cancel()
        await server.close()


async def _post_loop(server: Server, poll: float, bots: Any) -> None:
    while True:
        await asyncio.sleep(poll)
        with contextlib.suppress(Exception):
            await post_once(server, bots())


async def post_once(server: Server, bots: dict[str, Any]) -> list[str]:
    """Send what the server owes the groups through the first connected bot; the ids sent (and acknowledged)."""
    if not bots:
        return []
    try:
        posts = await server.outbox()
    except ServerAway:
        return []
    bot = bots[sorted(bots)[0]]
    sent: list[str] = []
    for post in posts:
        try:
            await bot.send_group_msg(group_id=int(post["group"]), message=post["text"])
        except Exception as exc:  # ActionFailed, a timeout, a closed connection: offered again next time
            log.warning("send_group_msg %s: %s", post["group"], exc)
            break
        sent.append(post["id"])
    if sent:
        with contextlib.suppress(ServerAway):
            await server.ack(sent)
    return sent
