"""邓艾 (魏 杀手): 【汉祚终焉】, whose going off hangs on other characters' state (马良's line chosen, 钟会 unwounded,
诸葛亮 in play for its chance), and 【长驱直入】, a stab aimed by character (docs/rulings/packs-weimisc.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.records import Feedback
from tianting.rules.sg24 import texts
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.declared.codes.sunce import _unused
from tianting.rules.sg24.declared.schema import Declared, parse_effect

if TYPE_CHECKING:
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

LIUSHAN, MALIANG, ZHONGHUI, ZHUGELIANG = "刘禅", "马良", "钟会", "诸葛亮"
HANZUO_DOES = parse_effect(
    {"trigger": "recognised", "of": [LIUSHAN],
     "do": [{"verb": "halve", "by": {"country": ["蜀"]}, "when": "next_night"},
            {"verb": "announce", "text": "邓钟二士灭汉祚"}]}, "【汉祚终焉】", "passive")
"""What it does once it goes off: every 蜀 action of the next night at half chance; tonight's post says so."""
assert isinstance(HANZUO_DOES, Declared)


def _maliang_line(state: Any) -> bool:
    """「当蜀国军师选择马良线后生效」: 马良 has come into play (徐庶's successor chosen)."""
    return any(MALIANG in lives for lives in state.extra.get("lives", {}).values())


def _zhonghui_well(r: Resolver) -> bool:
    """「当夜结算时钟会状态正常」: 钟会 in play and not wounded; a rule set whose pack has no 钟会 at all (24人) asks
    nothing of him (R-weimisc-5)."""
    if ZHONGHUI not in r.night.game.pack.characters:
        return True
    return any(p.character == ZHONGHUI and not p.injured for p in r.night.state.living())


def _hanzuo(r: Resolver, owner: str, skill: SkillData) -> None:
    """Judged first, with the night's globals (「凡是涉及全局的指认，优先判定是否触发」): the owner's 指认 of 刘禅 sent
    tonight naming him rightly, on 马良's line, 钟会 well: with 诸葛亮 in play, half chance (drawn),
    else surely, every 蜀 action of the next night is at half chance and the post says 「邓钟二士灭汉祚」."""
    from tianting.rules.sg24.game import RECOGNISE, _norm

    night, state, pack = r.night, r.night.state, r.night.game.pack
    named = sorted(a.targets[0] for a in night.live if a.actor == owner and _norm(a.skill) == RECOGNISE and a.targets
                   and pack.get(a.args.get("character", "")) is pack.get(LIUSHAN)
                   and state.player(a.targets[0]).character == LIUSHAN)
    if not named:
        return
    target = named[0]
    if not _maliang_line(state) or not _zhonghui_well(r):
        why = "蜀国未选择马良线" if not _maliang_line(state) else "钟会状态不正常"
        night.phase.note(f"{owner} 的【{skill.name}】未触发：{why}")
        return
    if any(p.character == ZHUGELIANG for p in state.living()) and not r._chance(f"【{skill.name}】{owner}", owner):
        night.phase.note(f"{owner} 的【{skill.name}】未触发：诸葛亮在场，概率未中")
        return
    night.phase.note(f"{owner} 的【{skill.name}】触发（{target}）")
    night.phase.tell(owner, Feedback(skill.name, texts.passive_triggered(skill.name), target))
    for verb in HANZUO_DOES.does:
        r._do(verb, owner, target, skill, active=False)


register("汉祚终焉", Code(
    "passive", no_target, _unused,
    "被动技能。蜀国选择马良线后生效：成功指认出刘禅，且当夜钟会在场、未受伤时触发（诸葛亮在场时一半概率触发）：次夜蜀国所有"
    "角色的行动成功率减半，当夜公告「邓钟二士灭汉祚」。（全局技能 公告）", early=_hanzuo))
