"""The bridge's one way to the game server: its JSON API, with the bridge's key (no NoneBot in here)."""

from __future__ import annotations

import re
from typing import Any

import httpx

BIND = re.compile(r"^\s*[綁绑]\s*定\s*[:：]?\s*([A-Za-z0-9]{4,16})\s*$")
"""The private message that binds: 「綁定 CODE」 (either script, a colon or none)."""
SERVER_AWAY = "天庭伺服器暫時連不上，這則私訊沒有記錄：請稍後再發一次。"
"""The answer when the game server cannot be reached (the message is not kept: the player is told to resend)."""


class ServerAway(Exception):
    """The game server did not answer (down, unreachable, a timeout, a 5xx)."""


class Server:
    """The game server's bridge routes (:mod:`tianting.server.bridge`)."""

    def __init__(self, url: str, key: str, timeout: float = 10.0, transport: Any = None) -> None:
        self.http = httpx.AsyncClient(base_url=url.rstrip("/"), timeout=timeout, transport=transport,
                                      headers={"Authorization": f"Bearer {key}"})

    async def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        try:
            response = await self.http.request(method, path, json=body)
        except httpx.HTTPError as exc:
            raise ServerAway(str(exc)) from exc
        if response.status_code >= 500:
            raise ServerAway(f"{response.status_code}")
        data = response.json()
        if response.status_code >= 400:
            return {"status": "refused", "answer": data.get("error", "天庭拒絕了這則私訊")}
        return dict(data)

    async def private(self, qq: int | str, message_id: int | str, text: str) -> dict[str, Any]:
        """A private message in: a binding (「綁定 CODE」) or a message of a bound player; the answer to send."""
        bind = BIND.match(text)
        if bind:
            return await self._call("POST", "/api/bridge/bind", {"qq": str(qq), "code": bind.group(1)})
        return await self._call("POST", "/api/bridge/message", {"qq": str(qq), "message_id": str(message_id),
                                                                 "text": text})

    async def outbox(self) -> list[dict[str, Any]]:
        data = await self._call("GET", "/api/bridge/outbox")
        return list(data.get("posts", []))

    async def ack(self, ids: list[str]) -> None:
        await self._call("POST", "/api/bridge/outbox/ack", {"ids": ids})

    async def close(self) -> None:
        await self.http.aclose()


class Seen:
    """The OneBot message ids handled lately (a message delivered twice is answered once)."""

    def __init__(self, size: int = 5000) -> None:
        self.size = size
        self.ids: dict[tuple[str, str], None] = {}

    def first(self, self_id: str, message_id: str) -> bool:
        key = (self_id, message_id)
        if key in self.ids:
            return False
        self.ids[key] = None
        if len(self.ids) > self.size:
            self.ids.pop(next(iter(self.ids)))
        return True

    def forget(self, self_id: str, message_id: str) -> None:
        self.ids.pop((self_id, message_id), None)
