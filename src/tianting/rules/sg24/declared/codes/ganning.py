"""甘宁【乌林阻敌】 (鼎立): set off the night 周瑜【火烧赤壁】 goes off, if 甘宁 knows 周瑜 then: one more 魏 id, drawn
with the game's generator (in place of the 魏 lord's digit), is wounded (武将杀伤技能). Resolved by 火烧赤壁's code
(:mod:`.zhouyu`), R-lianhuan-5."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.engine.harm import Harm, Level
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

NAME = "乌林阻敌"


def _unused(r: Resolver, a: Action, skill: SkillData) -> None:
    """A passive is never used (火烧赤壁's code sets it off)."""


def holders(r: Resolver, code: str) -> list[tuple[Any, SkillData]]:
    """The living players holding a skill of bespoke ``code`` (not spent), by id."""
    from tianting.rules.sg24.declared.schema import Bespoke

    game, out = r.night.game, []
    for p in sorted(r.night.state.living(), key=lambda p: p.id):
        character = game.pack.characters.get(p.character)
        for data in character.skills if character else ():
            if isinstance(data.effect, Bespoke) and data.effect.code == code and data.name in p.skills:
                out.append((p, data))
    return out


def wulin(r: Resolver, zhouyu: str, spared: set[str]) -> None:
    """Each holder who knows 周瑜's id as 周瑜 wounds one 魏 id more (not one already dying tonight of 火烧赤壁)."""
    night, state = r.night, r.night.state
    for p, data in holders(r, NAME):
        if p.known.get(zhouyu) != "周瑜":
            night.phase.note(f"{p.id}【{data.name}】未触发：不知道周瑜")
            continue
        wei = sorted(q.id for q in state.living() if q.country == "魏" and q.id not in spared)
        if not wei:
            continue
        hit = state.rng.pick(f"【{data.name}】魏国随机受伤", wei)
        r.pending_harms.append(Harm(hit, Level.WOUND, data.name, [p.id], by=p.id, attribute=data.attribute or ""))
        night.phase.note(f"{p.id}【{data.name}】触发：{hit} 受伤")


register(NAME, Code(
    "passive", no_target, _unused,
    "被动技能。知道周瑜后，周瑜【火烧赤壁】触发当夜触发：魏国随机一人（由魏国君主指定数字，天庭随机）额外受伤。可以被继承。"
    "（武将杀伤技能）"))
