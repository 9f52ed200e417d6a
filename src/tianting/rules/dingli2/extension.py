"""巧设反间's extra fifteen minutes (seed 003, 夜晚行动提交阶段).

「技能巧设反间提交后，在行动提交阶段结束后，向周瑜进行反馈。并实际延长周瑜以及与周瑜互识的角色15分钟的时间提交行动。」
The skill (周瑜's, from the 8.1 list): 「可以指定一个角色名称，在当夜行动截止时得知其当晚的行动动向。此时【巧设反间】使用者
及与其互识的角色额外延长十五分钟时间可以更改行动。（天庭会反馈：某角色对某ID使用了什么技能、某角色刺杀某ID、某角色指认某
ID为某角色等。）」 and 其徐如林 (白天使用): 「指定1个ID，该ID入夜后的行动无法被【料敌机先】、【巧设反间】、【直笔修史】侦查」.

:func:`submission_extension` is what a hosted game asks when a night's submission stage ends (its deadline, or
everyone in): who may go on sending actions for fifteen more minutes, and what each user of 巧设反间 is told of
the id they named. Pure: the base game (who knows whom), the night's lists as sent, and the day before's lists
and rulings (其徐如林); ruling D-A7 (docs/rulings/dingli2.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tianting.core.names import name_key

SKILL = "巧设反间"
HIDE = "其徐如林"
MINUTES = 15
"""「延长……15分钟的时间提交行动」."""


def _is(skill: Any, name: str) -> bool:
    return isinstance(skill, str) and name_key(skill) == name_key(name)


def _named(game: Any, action: Mapping[str, Any]) -> str | None:
    """The id a use of 巧设反间 names: its target, or the living id playing the character named in ``args``."""
    targets = action.get("targets") or []
    if targets and isinstance(targets[0], str) and targets[0] in game.state.players:
        return targets[0]
    character = (action.get("args") or {}).get("character")
    if isinstance(character, str):
        for p in game.state.players.values():
            if p.alive and name_key(p.character) == name_key(character):
                return str(p.id)
    return None


def hidden(day_lists: Mapping[str, Sequence[Mapping[str, Any]]], void: Sequence[int] = ()) -> set[str]:
    """The ids a 其徐如林 of the day before hides tonight (the judge's ``void`` rulings, by the index of the day's
    actions in the order listed, take it back)."""
    out: set[str] = set()
    index = 0
    for acts in day_lists.values():
        for a in acts:
            if _is(a.get("skill"), HIDE) and index not in void:
                out.update(t for t in a.get("targets") or [] if isinstance(t, str))
            index += 1
    return out


def _line(action: Mapping[str, Any]) -> str:
    targets = "、".join(t for t in action.get("targets") or [] if isinstance(t, str))
    skill = str(action.get("skill", ""))
    args = action.get("args") or {}
    extra = "，".join(f"{v}" for v in args.values() if isinstance(v, str | int))
    said = f"对 {targets} 使用了【{skill}】" if targets else f"使用了【{skill}】"
    return said + (f"（{extra}）" if extra else "")


def submission_extension(game: Any, lists: Mapping[str, Sequence[Mapping[str, Any]]],
                         hidden_ids: set[str] | frozenset[str] = frozenset()) -> dict[str, Any] | None:
    """None, or the extension a night's lists give: ``players`` (the users of 巧设反间 who can act and every living
    id each recognises mutually, in seat order), ``minutes`` and ``reports`` (user → what they learn of the id
    they named: ``target`` and ``lines``; ``hidden`` when 其徐如林 keeps it from them)."""
    users = [pid for pid, acts in lists.items()
             if pid in game.state.players and game.state.player(pid).alive and any(_is(a.get("skill"), SKILL) for a in acts)]
    if not users:
        return None
    seat = {pid: p.seat for pid, p in game.state.players.items()}
    players = set(users)
    reports: dict[str, dict[str, Any]] = {}
    for user in users:
        me = game.state.player(user)
        players.update(o for o in me.known if o in game.state.players and game.state.player(o).alive
                       and game.mutual(user, o))
        use = next(a for a in lists[user] if _is(a.get("skill"), SKILL))
        target = _named(game, use)
        if target is None:
            continue
        if target in hidden_ids:
            reports[user] = {"target": target, "hidden": True, "lines": []}
            continue
        reports[user] = {"target": target, "hidden": False, "lines": [_line(a) for a in lists.get(target, [])]}
    return {"players": sorted(players, key=lambda p: seat[p]), "minutes": MINUTES,
            "reports": {u: reports[u] for u in sorted(reports, key=lambda p: seat[p])}}
