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
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

LIUSHAN, MALIANG, ZHONGHUI, ZHUGELIANG = "刘禅", "马良", "钟会", "诸葛亮"
_PARSED = parse_effect(
    {"trigger": "recognised", "of": [LIUSHAN],
     "do": [{"verb": "halve", "by": {"country": ["蜀"]}, "when": "next_night"},
            {"verb": "announce", "text": "邓钟二士灭汉祚"}]}, "【汉祚终焉】", "passive")
assert isinstance(_PARSED, Declared)
HANZUO_DOES: Declared = _PARSED
"""What it does once it goes off: every 蜀 action of the next night at half chance; tonight's post says so."""


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


# ---- 【长驱直入】 ---------------------------------------------------------------------------------------------------
def _changqu_check(game: Any, action: Action) -> None:
    """A killer's use beside his stab, naming a character (``character``); no id (the stab carries the id he says).
    Whether the character is in play is not told when it is sent (that would answer a 指认)."""
    from tianting.core.errors import IllegalAction

    player = game.state.player(action.actor)
    if player.identity != "杀手":
        raise IllegalAction(f"{player.id}（{player.character}）不是杀手，【{action.skill}】须与刺杀同时使用", "not-killer")
    if action.targets:
        raise IllegalAction(f"【{action.skill}】不指定ID（刺杀所指的角色写在 character）", "targets")
    if game.pack.get(action.args.get("character", "")) is None:
        raise IllegalAction(f"【{action.skill}】须指定一个角色（character）", "character")


def _changqu_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Once the night's stabs are dealt: the owner's stab lands on the player of the character named, whatever id it
    carries or was turned to; if that id (after any turn) is his, the 武将保护 defences on him do not meet this stab
    (吕布【天下无双】 is an immunity, not a defence: it still holds), and a defence that would also have wounded its
    source still wounds the stabber (R-weimisc-7). The character not in play: the use fails, the stab stands as sent."""
    from dataclasses import replace

    from tianting.engine.harm import Harm, Level
    from tianting.rules.sg24.game import STAB, _norm
    from tianting.rules.sg24.outcomes import DONE, FAILED, VOID

    night, state, game = r.night, r.night.state, r.night.game
    own = sorted((s for s in night.live if s.actor == a.actor and _norm(s.skill) == STAB and s.targets),
                 key=lambda s: s.targets[0])
    if not own:
        night.phase.note(f"{a.actor}【{skill.name}】失败：当夜没有与之同时进行的刺杀")
        night.phase.outcomes.settle(a, FAILED, "须与刺杀同时使用")
        return
    named = game.pack.get(a.args["character"])
    player = next((p for p in sorted(state.living(), key=lambda p: p.id)
                   if named is not None and p.character == named.name), None)
    if player is None:
        night.phase.note(f"{a.actor}【{skill.name}】失败：所指定的角色不在场，刺杀照所提交的ID进行")
        night.phase.outcomes.settle(a, FAILED, "所指定的角色当前不在场")
        return
    assert named is not None
    stab, victim = own[0], player.id
    said = night.phase.redirects.get(id(stab), stab.targets[0])
    dealt = {id(h) for h, s in night.phase.stabs if s is stab}
    night.harms[:] = [h for h in night.harms if id(h) not in dealt]
    night.phase.stabs[:] = [(h, s) for h, s in night.phase.stabs if s is not stab]
    harms = game.stab(night.phase, a.actor, victim, by_killer=True)
    if harms:
        night.harms += harms
        night.phase.stabs.append((harms[0], stab))
        night.phase.outcomes.settle(stab, DONE)
    else:
        night.phase.outcomes.settle(stab, VOID, "刺杀到本国君主")
    night.phase.note(f"{a.actor}【{skill.name}】：刺杀指向{named.name}（{victim}）"
                     + ("，ID正确" if said == victim else f"，所说ID {said} 不对应，没有破防效果"))
    night.phase.outcomes.settle(a, DONE)
    if said != victim or not harms:
        return
    r.pierced[id(harms[0])] = lambda why: _guarding(game, why)  # 武将保护 immunities too (针灸奇术, R-review2a-2)
    others = tuple(sorted(pid for pid in state.players if pid != a.actor))
    for d in list(r.defences):
        if d.target != victim or not d.covers(harms[0]):
            continue
        data = game.pack.skill(state.player(d.owner).character, d.name)
        if data is None or data.attribute != "武将保护技能":
            continue
        kept = replace(d, dealers=tuple(x for x in (d.dealers or others) if x != a.actor))
        r.defences[r.defences.index(d)] = kept
        for table in (r.passive_defences, r.counters):
            if id(d) in table:
                table[id(kept)] = table.pop(id(d))
        if id(d) in r.counter_rules:
            r.counter_rules[id(kept)] = r.counter_rules.pop(id(d))
        night.phase.note(f"{d.owner}【{d.name}】对 {victim} 的保护对此次刺杀无效（{a.actor}【{skill.name}】）")
        if id(kept) in r.counters:  # 「该保护技能有其余作用，则刺杀者仍需受到」: its wound on the source
            night.harms.append(Harm(a.actor, Level.WOUND, d.name, [d.owner], by=d.owner, attribute=data.attribute))
            night.phase.note(f"{d.owner}【{d.name}】的其余作用：{a.actor} 受伤")


def _guarding(game: Any, why: str) -> bool:
    """Whether the immunity labelled ``why`` (「<id>【<skill>】」) is a 武将保护 skill's other than 吕布【天下无双】:
    「除吕布【天下无双】外的一切武将保护技能的保护作用失效」 (华佗【针灸奇术】's 「受到的刺杀均无效」 among them)."""
    name = why.rsplit("【", 1)[-1].rstrip("】") if "【" in why else ""
    if not name or name == "天下无双":
        return False
    return any(s.name == name and s.attribute == "武将保护技能" for c in game.pack.characters.values() for s in c.skills)


register("长驱直入", Code(
    "settle", _changqu_check, _changqu_resolve,
    "主动技能。与自己的刺杀同时使用（两者算一次行动），说出一个角色：当夜刺杀改为指向该角色（须为当前在场的角色，否则本技能"
    "失败，刺杀照所提交的ID进行）。若刺杀所说的ID正是该角色的ID，则除吕布【天下无双】外的一切武将保护技能对此次刺杀的保护无效，"
    "其余作用照常作用于刺杀者。（武将杀伤技能 结算时生效）", with_stab=True))
