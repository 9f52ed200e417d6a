"""周瑜【巧设反间】 (鼎立): named a character (or an id), the user learns what that id sent tonight. The hosted game
shows it at the submission deadline and gives the fifteen minutes (D-A7, :mod:`tianting.rules.dingli2.extension`);
the engine rules whether the use goes off (a 结算前 use other skills may make fail) and, when it does, puts the same
report in the night's feedback, so that a game played from a script learns it too (R-lianhuan-3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.errors import IllegalAction
from tianting.core.names import name_key
from tianting.engine import recognition
from tianting.engine.harm import Harm, Level
from tianting.rules.sg24.declared.bespoke import NIGHT_STATES, Code, register
from tianting.rules.sg24.declared.odds import Halving
from tianting.rules.sg24.outcomes import DONE, FAILED, VOID

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData


def _check(game: Any, action: Action) -> None:
    """One id, or a character's name (``character``: 「指定一个角色名称」)."""
    if action.targets:
        game._target(action)
        return
    character = action.args.get("character")
    if not isinstance(character, str) or game.pack.get(character) is None:
        raise IllegalAction(f"【{action.skill}】须指定一个角色名称（character）或一个ID", "character")


def _named(game: Any, a: Action) -> str | None:
    from tianting.rules.dingli2.extension import _named as named

    return named(game, {"targets": list(a.targets), "args": dict(a.args)})


def _hidden(state: Any) -> set[str]:
    """The ids a 其徐如林 of the day before hides (its use not made void)."""
    day = state.history[-1] if state.history else {}
    return {t for e in day.get("actions", []) if name_key(str(e.get("skill", ""))) == name_key("其徐如林")
            and e.get("state") not in (VOID, FAILED) for t in e.get("targets") or []}


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    from tianting.rules.dingli2.extension import _line

    night = r.night
    target = _named(night.game, a)
    if target is None:
        night.phase.note(f"{a.actor}【{skill.name}】：所指定的角色不在场")
        effects.tell(night.phase, a.actor, f"【{skill.name}】：{a.args.get('character')}不在场，未得知任何行动", skill.name)
        night.phase.outcomes.settle(a, DONE)
        return
    if target in _hidden(night.state):
        text = f"【{skill.name}】：{target} 当夜的行动无法被侦查"
    else:
        lines = [_line({"skill": x.skill, "targets": list(x.targets), "args": dict(x.args)})
                 for x in sorted(night.actions, key=lambda x: (x.skill, tuple(x.targets))) if x.actor == target]
        text = f"【{skill.name}】：{target} 当夜" + ("；".join(lines) if lines else "没有提交行动")
    effects.tell(night.phase, a.actor, text, skill.name, target)
    night.phase.note(f"{a.actor}【{skill.name}】侦查 {target}")
    night.phase.outcomes.settle(a, DONE)


register("巧设反间", Code(
    "settle_first", _check, _resolve,
    "主动技能。指定一个角色名称（或一个ID），在当夜行动截止时得知该角色当夜提交的行动；此时本人及与其互识的角色可多用十五分钟"
    "更改行动（托管游戏）。使用成功时，当夜反馈中也列出这些行动。只能使用一次。不可被继承。（无属性技能 结算前生效）"))


# ---- 【火烧赤壁】 ------------------------------------------------------------------------------------------------------
CHIBI = "火烧赤壁"
CHIBI_KEY = "chibi"
"""``state.extra[CHIBI_KEY]``: {nights: {night: [吴蜀 alliance standing at its start, 周瑜's id in play]}, done}."""
LINE = "周公瑾火烧赤壁"
PAIR = "蜀吴"
"""The key the alliances are kept under (:meth:`.resolve.Resolver._ally`: in the order 魏蜀吴)."""


def _chibi_holder(r: Resolver) -> str | None:
    """The living id playing a character that holds 【火烧赤壁】 (its code), or None."""
    from tianting.rules.sg24.declared.codes.ganning import holders

    found = holders(r, CHIBI)
    return found[0][0].id if found else None


def _played(state: Any, character: str) -> list[str]:
    """The ids that have played ``character`` (its lives), by id."""
    return sorted(pid for pid, lives in state.extra.get("lives", {}).items() if character in lives)


def _chibi(r: Resolver) -> None:
    """「当吴蜀联盟达成当夜，周瑜在场，且下一夜开始时，若吴蜀联盟存在，周瑜已经和黄盖互相认识、连环技能尚未失效且连环未有
    一头处于假连环状态，则触发」: judged as each night begins, from what the night before's start recorded."""
    from tianting.rules.sg24.declared.codes.ganning import wulin
    from tianting.rules.sg24.declared.codes.guojia import fengxiao
    from tianting.rules.sg24.declared.codes.pangtong import false_end, standing

    night, state = r.night, r.night.state
    now = night.game.number
    record = state.extra.setdefault(CHIBI_KEY, {"nights": {}, "done": False})
    allied = state.extra.get("alliances", {}).get(PAIR, 0) >= now
    record["nights"][str(now)] = [allied, _chibi_holder(r)]
    before = record["nights"].get(str(now - 1))
    if record["done"] or before is None or before[0] or not allied or before[1] is None:
        return  # not made the night before with 周瑜 in play, or already burnt
    zhouyu = before[1]
    if not any(recognition.mutual(state, zhouyu, hg) for hg in _played(state, "黄盖")):
        night.phase.note(f"{zhouyu}【{CHIBI}】未触发：周瑜与黄盖未互相认识")
        return
    chains = standing(state)
    if not chains or any(false_end(state, e) for _, c in chains for e in c["ends"]):
        night.phase.note(f"{zhouyu}【{CHIBI}】未触发：连环已失效或有一头为假连环")
        return
    record["done"] = True
    wei = sorted(p.id for p in state.living() if p.country == "魏" and p.identity != "君主")
    dying: set[str] = set()
    if wei:
        dead = state.rng.pick(f"【{CHIBI}】魏国随机死亡", wei)
        dying.add(dead)
        r.pending_harms.append(Harm(dead, Level.KILL, CHIBI, [zhouyu], by=zhouyu, attribute="全局技能"))
        night.phase.note(f"{zhouyu}【{CHIBI}】触发：{dead} 死亡")
    wei_all = frozenset(p.id for p in state.living() if p.country == "魏")
    r.halvings.append(Halving(wei_all, None, (), (), f"{zhouyu}【{CHIBI}】"))
    r.events.append(LINE)
    wulin(r, zhouyu, dying)
    fengxiao(r)


NIGHT_STATES.append(_chibi)

register(CHIBI, Code(
    "passive", lambda game, action: None, lambda r, a, skill: None,
    "被动技能（全局）。吴蜀联盟达成当夜周瑜在场，且下一夜开始时吴蜀联盟仍在、周瑜与黄盖已互相认识、庞统的连环仍在且没有一头为"
    "假连环，则触发：魏国君主以外的魏国角色随机一人死亡（由魏国君主指定数字，天庭随机），当夜魏国角色行动成功率减半。公告"
    "“周公瑾火烧赤壁”。不可被继承。"))
