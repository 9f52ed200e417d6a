"""Moving a game to another server: the judges' file beside the export, and ``tianting import``.

A game's public 復盤 export (``HostedGame.export``) holds its inputs; what else a server needs for the
same links to keep working travels in a **judges-only file** (:func:`judges_file`, the console's second
download, ``/j/<token>/export.judge.json``): the game's ids, the SHA-256 hashes of its secret links (never
the links), the seed and salt of a game still running (the export hides them until the end), its webhook
and the posts beside it (country groups, complaints). It is as secret as the judge's link: it reveals a
running game's seed, from which its draws to come can be computed: with three judges only the 北斗 may download
it (:func:`may_download`).

:func:`import_game` loads the pair into a database: checked first exactly as ``tianting verify`` checks an
export (:func:`~tianting.hosting.verify.verify_export` for a finished game;
:func:`~tianting.hosting.verify.verify_running_export` with the file's seed for a running one), the file
must be the export's own (its digest), and a game already there (its id, public id or any link) is refused.
Nothing is written unless everything is.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from sqlalchemy import Engine, insert, or_, select

from tianting.core.errors import TiantingError
from tianting.hosting import judges as judge_seats
from tianting.hosting.events import Event
from tianting.hosting.game import HostedGame, Refused
from tianting.hosting.verify import verify_export, verify_running_export
from tianting.server import notify
from tianting.server.db import events as event_rows
from tianting.server.db import games, posts, reading, settings, tokens, writing

FORMAT = "tianting-judges-file/1"
SUFFIX = ".judge.json"
"""The judges' file is written beside the export: ``export.json`` → ``export.judge.json``."""


def may_download(seat: str | None) -> None:
    """The judges' file is the 北斗's, or the one judge's (it holds a running game's seed: the 南斗 who enters the
    digits, or the 裁判, must not be able to compute the draws to come). Raises :class:`Refused` (403) otherwise."""
    if seat not in (None, judge_seats.BEIDOU):
        raise Refused("裁判搬移檔只給北斗下載（其中有進行中遊戲的種子）", 403)


class CannotImport(TiantingError):
    """The pair cannot be imported (one line in Chinese)."""


def digest(export: dict[str, Any]) -> str:
    """The export's fingerprint (its JSON, keys sorted): binds a judges' file to its own export."""
    return hashlib.sha256(json.dumps(export, ensure_ascii=False, sort_keys=True).encode()).hexdigest()


def beside(export_path: str) -> str:
    """Where the judges' file of ``export_path`` is expected."""
    return (export_path[:-5] if export_path.endswith(".json") else export_path) + SUFFIX


def judges_file(engine: Engine, game_id: str, game: HostedGame, export: dict[str, Any]) -> dict[str, Any]:
    """The judges-only file of ``game`` (stored as ``game_id``) for ``export`` (its export, as just made)."""
    with reading(engine) as conn:
        row = conn.execute(select(games.c.public_id, games.c.created_at).where(games.c.id == game_id)).one()
        links = conn.execute(select(tokens.c.token_hash, tokens.c.role, tokens.c.player_id)
                             .where(tokens.c.game_id == game_id).order_by(tokens.c.token_hash)).all()
        talk = conn.execute(select(posts.c.room, posts.c.author, posts.c.body, posts.c.at)
                            .where(posts.c.game_id == game_id).order_by(posts.c.id)).all()
        hook = conn.execute(select(settings.c.value).where(settings.c.key == notify.game_key(game_id))).first()
        conn.rollback()
    return {
        "format": FORMAT,
        "about": "裁判專用：搬移此局到另一台伺服器（tianting import）所需；含秘密連結的雜湊與進行中遊戲的種子，請勿公開",
        "export_sha256": digest(export),
        "game_id": game_id, "public_id": row[0], "created_at": row[1],
        "seed": game.meta["seed"], "salt": game.meta["salt"],
        "links": [{"hash": h, "role": role, "player_id": pid} for h, role, pid in links],
        "webhook": None if hook is None else hook[0],
        "posts": [{"room": r, "author": a, "body": b, "at": at} for r, a, b, at in talk],
    }


def check(export: Any, moving: Any) -> list[Event]:
    """The events to store, after every check of the pair (raises :class:`CannotImport`); no database needed."""
    if not isinstance(moving, dict) or moving.get("format") != FORMAT:
        raise CannotImport(f"不是天庭的裁判檔（format 應為「{FORMAT}」）")
    if not isinstance(export, dict):
        raise CannotImport("不是天庭的復盤檔（應為JSON物件）")
    if moving.get("export_sha256") != digest(export):
        raise CannotImport("裁判檔與復盤檔不相符（不是同一次匯出，或復盤檔已被改動）")
    try:
        if export.get("over") is True:
            verdict, events = verify_export(export), None
        else:
            verdict, events = verify_running_export(export, moving.get("seed"), moving.get("salt"))
    except TiantingError as exc:
        raise CannotImport(f"復盤檔驗證失敗：{exc}") from None
    if not verdict.ok:
        raise CannotImport(f"復盤檔驗證失敗：{verdict.failures[0]}")
    if events is None:
        events = [Event.from_json(e) for e in export["events"]]
    for key in ("game_id", "public_id", "created_at"):
        if not isinstance(moving.get(key), str) or not moving[key]:
            raise CannotImport(f"裁判檔缺少 {key}")
    links = moving.get("links")
    if not isinstance(links, list) or not all(
            isinstance(x, dict) and isinstance(x.get("hash"), str) and len(x["hash"]) == 64
            and x.get("role") in ("judge", "player") for x in links):
        raise CannotImport("裁判檔的 links 格式錯誤")
    return events


def import_game(engine: Engine, export: Any, moving: Any, checked: list[Event] | None = None) -> str:
    """Load ``export`` and its judges' file ``moving`` into the database; returns the game's public id.
    ``checked``: what :func:`check` gave for this pair (else it is checked here)."""
    events = check(export, moving) if checked is None else checked
    hosted = HostedGame.fold(events)
    game_id, public_id = moving["game_id"], moving["public_id"]
    phase = hosted.current
    with writing(engine) as conn:
        there = conn.execute(select(games.c.id).where(or_(games.c.id == game_id, games.c.public_id == public_id))
                             ).first()
        hashes = [x["hash"] for x in moving["links"]]
        taken = conn.execute(select(tokens.c.game_id).where(tokens.c.token_hash.in_(hashes))).first() if hashes else None
        if there is not None or taken is not None:
            raise CannotImport(f"這局遊戲（{public_id}）已在此資料庫中：未匯入任何內容")
        conn.execute(insert(games).values(id=game_id, public_id=public_id, title=hosted.meta["title"], seq=hosted.seq,
                                          stage=hosted.stage, deadline=hosted.due() if phase is not None else None,
                                          created_at=moving["created_at"]))
        conn.execute(insert(tokens), [{"token_hash": x["hash"], "game_id": game_id, "role": x["role"],
                                       "player_id": x.get("player_id")} for x in moving["links"]])
        conn.execute(insert(event_rows), [
            {"game_id": game_id, "seq": e.seq, "kind": e.kind, "actor": e.actor,
             "payload": json.dumps(e.payload, ensure_ascii=False), "at": e.at} for e in events])
        talk = [p for p in moving.get("posts") or [] if isinstance(p, dict)]
        if talk:
            conn.execute(insert(posts), [{"game_id": game_id, "room": str(p.get("room", "")),
                                          "author": str(p.get("author", "")), "body": str(p.get("body", "")),
                                          "at": str(p.get("at", ""))} for p in talk])
        if isinstance(moving.get("webhook"), str):
            conn.execute(insert(settings).values(key=notify.game_key(game_id), value=moving["webhook"]))
    return str(public_id)
