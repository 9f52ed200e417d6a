"""陆逊【不耻下问】: a 杀手 or 护卫 named: the skills he uses tonight are not used up by it (R-wu-11); and
【火烧连营】: the night after a 魏吴 alliance made while 陆逊 was in play, if it still stands and 关羽 and 张飞 are both
gone, 蜀's actions have half chance from then on and 刘备 is wounded (R-choices-3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.engine.harm import Harm, Level
from tianting.rules.sg24.declared.bespoke import Code, at_night_start, register
from tianting.rules.sg24.declared.codes._wu import no_target, one_target
from tianting.rules.sg24.declared.codes.guanyu import voided
from tianting.rules.sg24.declared.codes.sunce import _unused
from tianting.rules.sg24.declared.odds import Halving, allied
from tianting.rules.sg24.outcomes import DONE, FAILED

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

IDENTITIES = ("杀手", "护卫")


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """If the id is a 杀手 or 护卫, once the night is settled each skill he used tonight is counted as used up no
    more than it was at nightfall; otherwise the use fails."""
    night, target = r.night, a.targets[0]
    player = night.state.player(target)
    if player.identity not in IDENTITIES:
        night.phase.note(f"{a.actor}【{skill.name}】：{target} 不是杀手或护卫，未起作用")
        night.phase.outcomes.settle(a, FAILED, "所指定的ID不是杀手或护卫")
        return
    night.phase.note(f"{a.actor}【{skill.name}】：{target} 当夜发动的技能视为没有消耗")
    night.phase.outcomes.settle(a, DONE)
    before = r.used_at_start.get(target, {})

    def followup() -> None:
        for used in [x for x in night.actions if x.actor == target]:
            data = night.game.pack.skill(player.character, used.skill)
            if data is None or data.kind != "active" or data not in night.game.character(target).skills:
                continue  # 「非来自于继承的技能」: an inherited skill's use stays spent (R-inherit-6)
            was = before.get(data.name, 0)
            if player.used.get(data.name, 0) > was:
                if was:
                    player.used[data.name] = was
                else:
                    player.used.pop(data.name, None)
                night.phase.note(f"{target} 的【{data.name}】视为没有消耗（{a.actor}【{skill.name}】）")

    r.followups.append(followup)


register("不耻下问", Code(
    "settle", one_target, _resolve,
    "主动技能。指定1个ID：若其为杀手或护卫，当夜其发动的技能视为没有消耗；否则本技能无效。（军师增益技能 结算时生效）"))


HUOSHAO = "火烧连营"
MADE = "火烧连营_联盟"
"""``state.extra`` key: {"night": the night a 魏吴 alliance was made, "luxun": whether 陆逊 was in play that night}."""
FIRED = "火烧连营"
"""``state.extra`` key: the night 火烧连营 went off (蜀's actions halved from then on)."""
POST = "陆伯言火烧连营"
GONE = ("关羽", "张飞")
LIUBEI = "刘备"


def plays(state: Any, character: str) -> str | None:
    """The living player of ``character`` (by id), or None."""
    return next((p.id for p in sorted(state.living(), key=lambda p: p.id) if p.character == character), None)


def alliance_made(r: Resolver, owner: str) -> None:
    """A 魏吴 alliance was made tonight (【白衣渡江】): kept for 火烧连营, with whether 陆逊 is in play this night — a
    living 陆逊 once the night's harms are settled, or the maker 吕蒙 dying naturally tonight (his successor is 陆逊:
    「死亡后以陆逊的角色继续游戏」)."""
    night = r.night
    state, now = night.state, night.game.number

    def record() -> None:
        maker = state.player(owner)
        natural = night.game.pack.characters.get(maker.character)
        dying = maker.alive and natural is not None and natural.natural_death == now
        state.extra[MADE] = {"night": now, "luxun": plays(state, "陆逊") is not None or dying}

    r.followups.append(record)


@at_night_start
def _burn(r: Resolver) -> None:
    """「当魏吴联盟达成当夜陆逊在场，且下一夜开始时，吴魏联盟存在，关羽和张飞均已死亡，则可触发」: checked as the next
    night begins (陆逊 need not be in play then), unless 【春秋大义】 went off; it goes off by itself (a 全局 with no
    holder to ask, R-choices-3): the post says 「陆伯言火烧连营」, 刘备 (if in play) is wounded tonight, and from
    tonight on every action of a 蜀 player has half chance."""
    night = r.night
    state, now = night.state, night.game.number
    if voided(state):
        return
    fired = state.extra.get(FIRED)
    if fired is None:
        made = state.extra.get(MADE)
        if (made is None or made["night"] != now - 1 or not made["luxun"] or not allied(state, "魏", "吴")
                or any(plays(state, c) is not None for c in GONE)):
            return
        state.extra[FIRED] = now
        r.events.append(POST)
        night.phase.note(f"陆逊【{HUOSHAO}】触发：蜀国角色行动成功率减半")
        liubei = plays(state, LIUBEI)
        if liubei is not None:
            r.pending_harms.append(Harm(liubei, Level.WOUND, HUOSHAO, [], by="陆逊", attribute="全局技能"))
            night.phase.note(f"{liubei}（刘备）受伤：陆逊【{HUOSHAO}】")
    shu = frozenset(p.id for p in state.living() if p.country == "蜀")
    if shu:
        r.halvings.append(Halving(shu, None, (), (), f"陆逊【{HUOSHAO}】"))


register(HUOSHAO, Code(
    "passive", no_target, _unused,
    "被动技能（全局）。魏吴联盟达成当夜陆逊在场，且下一夜开始时魏吴联盟仍在、关羽与张飞均已死亡时触发（下一夜陆逊是否在场"
    "不论）：此后蜀国角色的行动成功率减半；刘备在场时当夜受伤。触发当夜公告“陆伯言火烧连营”。关羽触发【春秋大义】后失效。"
    "（全局技能 公告）"))
