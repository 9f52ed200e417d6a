"""The public thread in forum BBCode, ready to paste into the game's forum thread.

Every text that goes in (announcements with the players' last words, forum
ids, the title) is made inert first: ASCII square brackets become full-width
ones, so a last word like ``[url=…]`` or ``[/quote]`` cannot open or close a
tag. The announcements the engine writes use 【】 and never ASCII brackets,
so nothing of theirs is changed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

_INERT = str.maketrans({"[": "［", "]": "］"})


def escape(text: str) -> str:
    """``text`` with no BBCode tag in it (ASCII brackets made full-width)."""
    return str(text).translate(_INERT)


def announcement(item: dict[str, Any]) -> str:
    """One published announcement: its first line (the title) in bold, the rest as written."""
    lines = escape(str(item.get("text", ""))).replace("\r\n", "\n").split("\n")
    head, rest = lines[0], lines[1:]
    out = [f"[b]{head}[/b]" if head else ""]
    out += rest
    return "\n".join(out).strip("\n")


def _ids(ids: Iterable[str]) -> str:
    return "、".join(escape(i) for i in ids) or "無"


def thread(view: dict[str, Any]) -> str:
    """The whole thread of a game from its public view (:func:`tianting.hosting.views.public_view`):
    a heading with the seed commitment, every published announcement, and at the end the result
    and the revealed seed."""
    parts = [f"[size=4][b]{escape(view.get('title', ''))}[/b][/size]"]
    intro = []
    if view.get("rules_title"):
        intro.append(f"規則：{escape(view['rules_title'])}")
    if view.get("ids"):
        intro.append(f"參加者（{len(view['ids'])}人）：{_ids(view['ids'])}")
    if view.get("commitment"):
        intro.append(f"種子承諾（SHA-256）：{escape(view['commitment'])}")
    if intro:
        parts.append("\n".join(intro))
    handed = list(view.get("substitutes", ()))  # 替補: 「X 由 Y 替補」, before the phase it was made in is posted
    for item in view.get("announcements", []):
        parts.extend(escape(s["text"]) for s in handed if s["phase"] <= item.get("index", -1))
        handed = [s for s in handed if s["phase"] > item.get("index", -1)]
        parts.append(announcement(item))
    parts.extend(escape(s["text"]) for s in handed)
    if view.get("over"):
        parts.append(ending(view))
    return "\n\n".join(parts) + "\n"


def identity_table(players: Iterable[dict[str, Any]], out: Iterable[str] = ()) -> str:
    """Every seat revealed, as a BBCode table: ID, 國籍, 身份, 角色, 結局 (the end of a game)."""
    gone = set(out)
    rows = ["[table]", "[tr][td][b]ID[/b][/td][td][b]國籍[/b][/td][td][b]身份[/b][/td][td][b]角色[/b][/td]"
                       "[td][b]結局[/b][/td][/tr]"]
    for p in players:
        rows.append(f"[tr][td]{escape(p['id'])}[/td][td]{escape(p.get('country') or '')}[/td]"
                    f"[td]{escape(p.get('identity') or '')}[/td][td]{escape(p.get('character') or '')}[/td]"
                    f"[td]{'出局' if p['id'] in gone else '存活'}[/td][/tr]")
    rows.append("[/table]")
    return "\n".join(rows)


def ending(view: dict[str, Any]) -> str:
    """The post that ends the game's thread: the result, every identity, and the revealed seed."""
    result = view.get("result") or {}
    lines = ["[b]【遊戲結束】[/b]"]
    if result.get("peace"):
        lines.append("結局：議和")
    else:
        lines.append(f"勝方：{_ids(result.get('winners') or [])}")
    export = view.get("export") or {}
    if export.get("players"):
        lines.append("[b]身份公開[/b]")
        lines.append(identity_table(export["players"], view.get("out") or ()))
    if export.get("seed") is not None:
        lines.append(f"種子：{export['seed']}")
        lines.append(f"鹽：{escape(export.get('salt') or '')}")
        lines.append("驗證：SHA-256(\"tianting-seed/1:<種子>:<鹽>\") 應等於開局公布的種子承諾。")
    return "\n".join(lines)
