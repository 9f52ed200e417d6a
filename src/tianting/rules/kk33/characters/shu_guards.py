"""KK 3.3 character skills: shu_guards (趙雲、魏延、關平).

Every class quotes its rule text verbatim; the rulings on ambiguous sentences
are in ``docs/rulings/kk33-shu_guards.md`` (SG1 …).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.records import Feedback
from tianting.core.skills import Kind, Skill, Source, TargetRule, Use, UseState
from tianting.core.state import Effect
from tianting.effects import cancel, delayed
from tianting.effects import harm as harms
from tianting.rules.kk33 import skillbook
from tianting.rules.kk33.characters.common import StabShield, harmed_in_country
from tianting.rules.kk33.characters.wei_killers import CharacterSkill

if TYPE_CHECKING:
    from tianting.rules.kk33.night import Night

# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__).
_FAILED = UseState.FAILED
_IDENTITY = Source.IDENTITY
_VOID = UseState.VOID


# ---- 趙雲 ------------------------------------------------------------------------
class Longdan(CharacterSkill):
    """龍膽：使用後當夜，你不能發動【援護】，所有本國角色不會受傷。

    His 援護 tonight fails (發動失敗: he is told), as 巧變's 無法發動; 「不會受傷」
    prevents every wound (and a 加深 wound) on his country's characters, not a
    致死 (SG1).
    """

    name = "龍膽"
    targets = TargetRule(count=0)
    stage = "protect"

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor
        country = night.game.country_of(owner)

        cancel.block(night, cancel.all_of(cancel.while_live(use), cancel.named("援護"), cancel.made_by(owner)),
                     f"{owner} 龍膽：當夜你不能發動援護", what="當夜你的【援護】")
        harms.no_wound(night, harms.all_of(harms.while_live(use), harmed_in_country(country)),
                       f"{owner} 龍膽：本國角色不會受傷", what="本國角色")

    def apply(self, night: Night, use: Use) -> None:
        night.note(f"{use.actor} 龍膽：當夜不能發動援護，所有本國角色不會受傷")


class DanqiJiuzhu(StabShield):
    """單騎救主：若劉禪不在場則失效。使用後當夜，所有針對劉禪的【刺殺】失效。"""

    name = "單騎救主"
    partner = "劉禪"
    shield_owner = False


# ---- 魏延 ------------------------------------------------------------------------
class Kuanggu(CharacterSkill):
    """狂骨：指定一個ID，當夜所有針對其的身份技能更為【刺殺】。

    Once redirects are settled, every identity skill other than 刺殺 whose
    final targets include the id is void and becomes a 刺殺 of its user on
    that id (視為刺殺: outside the country's count, the same-country chance
    applies). Its users are not told (SG3).
    """

    name = "狂骨"
    stage = "cancel"
    priority = 100  # after the other cancels of the night

    def apply(self, night: Night, use: Use) -> None:
        target = use.targets[0]
        changed = [u for u in list(night.uses)
                   if u.live and not u.implicit and u.skill.source is _IDENTITY and u.name != "刺殺"
                   and target in u.targets]
        for other in changed:
            night.void(other, f"{use.actor} 狂骨：針對 {target} 的身份技能更為刺殺")
            night.stab_as(other.actor, target, by=f"{use.actor} 狂骨（{other.actor} 的【{other.name}】更為刺殺）")
        if not changed:
            night.note(f"{use.actor} 狂骨：當夜沒有針對 {target} 的身份技能")


class ZiwuQibing(CharacterSkill):
    """子午奇兵：指定一名君主，視為對其發動了一次【刺殺】。若諸葛亮在場，則該技能使用失敗。

    「一名君主」: a player whose identity is 君主 now (a 新任君主 too). Identities are
    hidden, so any other id is accepted when submitted (a refusal would tell 魏延 who is
    not a lord); at resolution the skill is then 失效: used up, no 刺殺, its owner not
    told. 「諸葛亮在場」: any form of 諸葛亮 alive as the night begins; then the skill
    fails (not used up, its owner told) (SG4).
    """

    name = "子午奇兵"
    stage = "attack"
    targets = TargetRule(self_allowed=False)

    def prepare(self, night: Night, use: Use) -> None:
        zhuge = night.game.in_play("諸葛亮")
        if zhuge is not None:
            night.fail(use, f"諸葛亮（{zhuge.id}）在場")

    def apply(self, night: Night, use: Use) -> None:
        target = use.targets[0]
        if night.state.player(target).identity != "君主":
            night.void(use, f"{target} 不是君主（子午奇兵須指定一名君主）")
            return
        night.stab_as(use.actor, target, by=f"{use.actor} 子午奇兵")


# ---- 關平 ------------------------------------------------------------------------
class Zhongji(CharacterSkill):
    """忠績：*被*當夜你獲悉所有針對你【援護】的目標的行動。

    He learns the skills of every action (made, not 發動失敗) whose final
    targets include the final target of his 援護, his own 援護 aside — not who
    made them (奸雄 names 「發出該行動的角色」; this text does not) (SG5).
    """

    name = "忠績"
    kind = Kind.PASSIVE
    stage = "report"

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        guards = [u for u in night.uses if u.action.actor == owner and u.skill.name == "援護" and not u.implicit
                  and u.state is not _FAILED and u.targets]
        for guard in guards:
            target = guard.targets[0]
            seen: dict[tuple[str, str], str] = {}
            for other in night.uses:
                # (Use.targets's first answer inlined: read for every use of the night)
                if other is guard or other.state is _FAILED \
                        or target not in (other.targets if other.redirects else other.action.targets):
                    continue
                seen.setdefault((other.actor, other.name), other.name)
            skills = sorted(seen.values())  # by skill, not by who submitted first (nor by seat: no hint of who)
            listing = "、".join(f"【{s}】" for s in skills) or "無"
            night.tell(owner, Feedback(self.name, f"【忠績】當夜針對你【援護】的目標 {target} 的行動：{listing}。",
                                       target, {"target": target, "actions": skills}))
            night.note(f"{owner} 忠績：獲悉針對 {target} 的{len(skills)}個行動")


class Longyin(CharacterSkill):
    """龍吟：*被*若當夜本國君主或殺手的行動失敗或失效，你獲悉之，並可以在次夜發動一次【刺殺】。

    Looked at once the night is settled: any action a 本國 君主 or 殺手
    submitted tonight that failed (發動失敗) or was void (失效/無效). He learns
    which skills and how, not whose, and gets a one-time right to 【刺殺】 for
    the next night only (SG6).
    """

    name = "龍吟"
    kind = Kind.PASSIVE
    stage = "after"
    priority = 200  # once every other skill of the night has settled

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        if not night.state.player(owner).alive:
            return
        country = night.game.country_of(owner)
        missed = []
        for other in night.uses:
            if other.implicit or other.action.actor == owner or other.state not in (_FAILED, _VOID):
                continue
            player = night.state.player(other.actor)
            if player.identity in ("君主", "殺手") and night.game.country_of(other.actor) == country:
                missed.append({"skill": other.name, "how": "失敗" if other.state is _FAILED else "失效"})
        if not missed:
            return
        missed.sort(key=lambda m: (m["skill"], m["how"]))  # not by who submitted first (nor by seat: no hint of who)
        listing = "、".join(f"【{m['skill']}】{m['how']}" for m in missed)
        night.tell(owner, Feedback(self.name, f"【龍吟】當夜本國君主或殺手的行動失敗或失效：{listing}。你可以在次夜發動一次【刺殺】。",
                                   None, {"actions": missed}))
        night.note(f"{owner} 龍吟：本國君主或殺手的行動失敗或失效（{listing}），次夜可發動一次刺殺")
        skillbook.lend(night, owner, "刺殺", via=self.name)
        delayed.schedule(night, delayed.DAY_AFTER_NEXT_NIGHT, self.name, owner,
                         {"night": delayed.due(night, delayed.NEXT_NIGHT)})

    def on_effect(self, phase: Any, effect: Effect) -> None:
        """次夜 only: a right not used that night is gone the day after."""
        skillbook.expire_lent_stab(phase, effect.owner, effect.data["night"], self.name)


SKILLS: list[type[Skill]] = [Longdan, DanqiJiuzhu, Kuanggu, ZiwuQibing, Zhongji, Longyin]
