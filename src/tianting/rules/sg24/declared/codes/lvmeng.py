"""吕蒙【白衣渡江】: his right 指认 of 关羽 takes 关羽 out of the game and breaks the 吴蜀 alliance; unless 关羽
chooses 【春秋大义】, the 魏吴 alliance is made (R-choices-2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tianting.core.records import Feedback
from tianting.rules.sg24 import texts
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.declared.codes.guanyu import chooses
from tianting.rules.sg24.declared.codes.luxun import alliance_made
from tianting.rules.sg24.declared.codes.sunce import _unused
from tianting.rules.sg24.declared.odds import allied

if TYPE_CHECKING:
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

NAME = "白衣渡江"
GUANYU = "关羽"


def _crossing(r: Resolver, owner: str, skill: SkillData) -> None:
    """Each right 指认 of 关羽 by ``owner`` tonight (one a night, by 吕蒙's allowance): 关羽 leaves the game at the
    night's end (脱离游戏: no successor), the 吴蜀 alliance breaks after tonight, and 关羽 is asked about 【春秋大义】
    (:func:`.guanyu.chooses`); not triggered, the 魏吴 alliance is made (two days, the pack's default). The owner is
    told his passive went off; the post says the alliances."""
    night = r.night
    for actor, target, named in sorted(set(night.phase.recognitions)):
        if actor != owner or named != GUANYU or any(pid == target for pid, _ in r.exits):
            continue
        night.phase.note(f"{owner} 的【{skill.name}】触发（{target}）")
        night.phase.tell(owner, Feedback(skill.name, texts.passive_triggered(skill.name), target))
        r.exits.append((target, f"【{skill.name}】"))
        r._break_alliance({"countries": ("吴", "蜀"), "for_good": False}, owner, skill.name)
        if not chooses(r, target, owner):
            r._ally({"countries": ("魏", "吴"), "days": 2, "extend": 2}, owner, skill.name)
            if allied(night.state, "魏", "吴"):
                alliance_made(r, owner)


register(NAME, Code(
    "passive", no_target, _unused,
    "被动技能。成功指认出关羽时触发：关羽脱离游戏，吴蜀联盟破裂；关羽未触发【春秋大义】时，魏吴联盟达成。只可以被陆逊"
    "继承。（指认技能 公告联盟）", before_harms=_crossing))
