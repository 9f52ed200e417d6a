"""陈寿 (鼎立): 【直笔修史】 (three uses: a character's record of actions before tonight, R-revival-9)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Feedback
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.outcomes import DONE, FAILED

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

HISTORY = "直笔修史"
USES = 3
"""「可使用三次」."""
WORDS = {"night": "夜", "day": "日"}


def named_character(game: Any, action: Action) -> str:
    """The character of the pack the use names (``character``); raises IllegalAction otherwise."""
    raw = action.args.get("character")
    named = game.pack.get(raw) if isinstance(raw, str) else None
    if named is None:
        raise IllegalAction(f"【{action.skill}】须指明一个角色名字（character）", "character")
    return str(named.name)


def _check(game: Any, action: Action) -> None:
    """A character's name, no id; its three uses are counted and checked by the engine (``Code.uses``, R53)."""
    named_character(game, action)
    if action.targets:
        raise IllegalAction(f"【{action.skill}】指定角色名字，不指定ID", "targets")


def played_by(game: Any, pid: str, index: int) -> str | None:
    """The character ``pid`` played as phase ``index`` began: his first, moved on by each death he played on from
    in the phases before (the results' deaths, ``out`` False); None if he was out by then."""
    lives = game.state.extra["lives"].get(pid, [])
    k = 0
    for result in game.results[:index]:
        for d in result.deaths:
            if d.id == pid:
                if not d.out:
                    k += 1
                else:
                    return None
    return lives[k] if k < len(lives) else None


def records(game: Any, character: str) -> list[str]:
    """Each action sent as ``character`` before this phase, in the history's order: 「第n夜 【技能】→目标」."""
    out = []
    for entry in game.state.history:
        index = entry.get("index", -1)
        if index >= game.state.index or index >= len(game.results):
            continue
        result = game.results[index]
        hidden = {t for t, _ in game.state.extra.get("forest_hidden", {}).get(str(index), [])}  # 【其徐如林】 (R-review2b-5)
        for a in entry.get("actions", []):
            if played_by(game, a["actor"], index) != character or a["actor"] in hidden:
                continue
            aimed = "、".join(a.get("targets", []))
            args = "，".join(f"{k}：{v}" for k, v in sorted(a.get("args", {}).items()))
            out.append(f"第{result.number}{WORDS.get(result.phase, result.phase)} {a['actor']}【{a['skill']}】"
                       + (f"→{aimed}" if aimed else "") + (f"（{args}）" if args else ""))
    return out


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """The user is told every action sent by whoever played the character, while he played it, before tonight
    (a dead character's too); the engine counts the use (R-revival-9, R53)."""
    game, phase = r.night.game, r.night.phase
    character = named_character(game, a)
    found = records(game, character)
    text = f"【{skill.name}】{character}此夜之前的行动记录：" + ("；".join(found) if found else "无")
    phase.tell(a.actor, Feedback(skill.name, text, None, {"character": character, "records": found}))
    phase.note(f"{a.actor}【{skill.name}】：得知{character}的行动记录（{len(found)}条）")
    phase.outcomes.settle(a, DONE)


register(HISTORY, Code(
    "settle", _check, _resolve,
    "主动技能，可使用三次。指定一个角色名字（可为已死亡的角色）：得知该角色此夜之前的全部行动记录，只含扮演该角色期间的行动。"
    "（无属性技能 结算时生效）", uses=USES))


# ---- 【三国终焉】 ---------------------------------------------------------------------------------------------------
def _end_check(game: Any, action: Action) -> None:
    """One id of the table that has left the game."""
    if len(action.targets) != 1 or action.targets[0] not in game.state.players:
        raise IllegalAction(f"【{action.skill}】须指定1个已退出游戏的ID", "targets")
    if game.state.player(action.targets[0]).alive:
        raise IllegalAction(f"【{action.skill}】须指定已退出游戏的ID", "targets")


def _end_resolve(day: Any, a: Action, skill: SkillData) -> None:
    """By day, at once: the user learns, at random, one active skill of the character the id played last (not the
    three excluded); none left to learn: the use fails (R-revival-13)."""
    from tianting.rules.sg24.declared.codes.miheng import learn_one

    game, phase, target = day.game, day.phase, a.targets[0]
    character = game.state.player(target).character
    if learn_one(phase, game, a.actor, character, skill.name, f"【{skill.name}】{a.actor}→{target}") is None:
        phase.tell(a.actor, Feedback(skill.name, f"【{skill.name}】你没有学到技能"))
        phase.outcomes.settle(a, FAILED, "没有可学的主动技能")
        return
    phase.outcomes.settle(a, DONE)


register("三国终焉", Code(
    "day", _end_check, _end_resolve,
    "主动技能，白天使用。指定一个已退出游戏的ID：随机学到其最后扮演角色的一项主动技能（不能学【料敌机先】【连环妙计】"
    "【武侯八阵】）。（无属性技能 即时生效）"))


# ---- 【魂兮归来】 ---------------------------------------------------------------------------------------------------
def _ghost_check(game: Any, action: Action) -> None:
    named_character(game, action)
    if action.targets:
        raise IllegalAction(f"【{action.skill}】指定角色名字，不指定ID", "targets")


def _ghost_resolve(day: Any, a: Action, skill: SkillData) -> None:
    """By day: the id whose last character is the one named, out of the game (not away for a time), comes back as
    the day ends for the next night (R-revival-15); none: the use fails."""
    from tianting.rules.sg24.declared import revival

    game, phase = day.game, day.phase
    character = named_character(game, a)
    away = set(game.state.extra.get("away", [])) | set(game.state.extra.get(revival.AWAY_KEY, {}))
    found = next((p for p in sorted(game.state.players.values(), key=lambda p: p.id)
                  if not p.alive and p.character == character and p.id not in away
                  and p.country not in game.state.eliminated), None)
    if found is None:
        phase.outcomes.settle(a, FAILED, f"{character}没有彻底死亡并退出游戏")
        return
    revival.call_back(game, phase, found.id, a.actor, skill.name)
    phase.outcomes.settle(a, DONE)


register("魂兮归来", Code(
    "day", _ghost_check, _ghost_resolve,
    "主动技能，白天使用。指定一个已彻底死亡并退出游戏的角色：白天结束时其ID回到游戏一夜，可使用一个尚可使用的技能或进行一次"
    "指认，不受任何人的行动作用；夜晚结束后再次退出游戏，不计入死伤。当夜使用者不可使用其他技能。（无属性技能 结算时生效）"))
