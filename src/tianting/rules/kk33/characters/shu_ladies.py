"""KK 3.3 character skills: shu_ladies (蜀·女眷：糜夫人、黃月英、甘夫人、關銀屏).

Every class quotes its rule text verbatim; the readings of ambiguous sentences
are in ``docs/rulings/kk33-shu_ladies.md`` (SN1 …), cited where they apply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Action, Feedback
from tianting.core.skills import Kind, Skill, Source, TargetRule, Use
from tianting.core.state import Effect, GameState
from tianting.effects import delayed, limits, votes
from tianting.effects import stab as stabs
from tianting.effects.targets import carry, release
from tianting.rules.kk33 import skillbook
from tianting.rules.kk33.characters.common import (
    StabShield,
    against_country,
    aimed_at_country,
    is_form,
)
from tianting.rules.kk33.harm import Harm, Level

if TYPE_CHECKING:
    from tianting.rules.kk33.night import Night



class LadySkill(Skill):
    source = Source.CHARACTER


def _recognise(phase: Any, a: str, b: str, via: str) -> None:
    """互識 in a night or a day (the night's one implementation: it needs only state, tell and note)."""
    from tianting.rules.kk33.night import Night

    Night.recognise(phase, a, b, via)


def _awakenings() -> frozenset[str]:
    """Every 覺醒技 of the roster (a learned one too: it is not the holder's own character's)."""
    from tianting.rules.kk33.game import roster

    return frozenset(s.name for c in roster().characters.values() for s in c.skills if s.awaken)


# ---- 糜夫人 -----------------------------------------------------------------------
class Shenming(LadySkill):
    """深明大義：*被*你死亡後次夜，所有針對本國角色的【刺殺】有一半概率失效。

    Ruling SN1: the night after her death (the next night after a night or a day). Each 刺殺 on
    a player of her country then has its own half chance to be void. Consumed at her death (she is
    told)."""

    name = "深明大義"
    kind = Kind.PASSIVE

    def on_death(self, phase: Any, owner: str, dead: str, cause: str, sources: list[str]) -> None:
        me = phase.state.player(owner)
        if dead != owner or me.used.get(self.name):
            return
        limits.consume(phase, owner, self.name, f"【{self.name}】你的【{self.name}】已觸發並消耗。", {"consumed": self.name})
        delayed.schedule(phase, delayed.NEXT_NIGHT, self.name, owner, {"country": phase.game.country_of(owner)})
        phase.note(f"{owner} 死亡，深明大義：次夜所有針對本國角色的刺殺有一半概率失效")

    def on_effect(self, phase: Any, effect: Effect) -> None:
        stabs.half_immune(phase, aimed_at_country(effect.data["country"]),
                          lambda n, stab: f"深明大義失效判定 {stab.actor}→{stab.targets[0]}",
                          f"{effect.owner} 深明大義（一半概率失效）", what="針對本國角色",
                          kept=lambda n, stab: f"{stab.actor} 的刺殺對 {stab.targets[0]}：深明大義判定仍有效")


class Huizhi(LadySkill):
    """蕙質蘭心：指定一個ID，令其已經正常消耗或失去的所有限定技能全部復原。

    Ruling SN2: at the end of the night the target's limited skills (identity ones too, 去偽存真)
    that were used up become usable again, and the limited skills the target lost (失去) are
    regained. Awakening skills (覺醒技) are not consumed by use and stay as they are; 蕙質蘭心
    itself is not restored by its own use. The target is told what was restored."""

    name = "蕙質蘭心"
    stage = "after"
    priority = 10  # after the night's other effects: what was used up tonight is restored too

    def apply(self, night: Night, use: Use) -> None:
        target = use.targets[0]
        player = night.state.player(target)
        if not player.alive:
            return
        skills = night.game.skills
        awakenings = _awakenings()

        def awaken(name: str) -> bool:
            return name in awakenings

        restored = [n for n in list(player.used) if n != self.name and not awaken(n)
                    and (n not in skills or skills[n].limited)]
        for name in restored:
            del player.used[name]
        regained = [n for n in skillbook.lost(night.state, target) if len(n) != 2 and not awaken(n)]
        for name in regained:
            skillbook.gain(night, target, name, via=self.name, tell=False)
        done = restored + [n for n in regained if n not in restored]
        listing = "、".join(f"【{n}】" for n in done) or "無"
        night.tell(target, Feedback(self.name, f"【蕙質蘭心】你已經消耗或失去的限定技能全部復原：{listing}。", None,
                                    {"restored": done}))
        night.note(f"{use.actor} 蕙質蘭心 {target}：復原 {listing}")


class Weiqing(LadySkill):
    """危情長坂：*覺醒技*劉禪登場時，你與其互識，你與趙雲（若在場）互識，獲得技能【投井自盡】。

    劉禪登場: the shared 「X登場時」 hook (``Skill.on_enter``, heard once the deaths of that moment
    have settled): in KK 3.3 劉禪 comes in only as the 蜀 lord's 轉生 form, by night or by day. She
    must be in the game then (SN3)."""

    name = "危情長坂"
    kind = Kind.PASSIVE

    def on_enter(self, phase: Any, owner: str, entered: str, character: str) -> None:
        me = phase.state.player(owner)
        if me.used.get(self.name) or entered == owner or not is_form(phase.game, character, "劉禪"):
            return
        limits.consume(phase, owner, self.name, "【危情長坂】劉禪登場，你的覺醒技【危情長坂】觸發。", {"awakened": True})
        phase.note(f"{owner} 危情長坂覺醒：劉禪（{entered}）登場")
        _recognise(phase, owner, entered, self.name)
        zhaoyun = phase.game.in_play("趙雲")
        if zhaoyun is not None and zhaoyun.id != owner:
            _recognise(phase, owner, zhaoyun.id, self.name)
        skillbook.gain(phase, owner, "投井自盡", via=self.name)


class Toujing(LadySkill):
    """投井自盡：*隱藏技*你退出歷史舞台，次日所有針對本國角色的投票無效。"""

    name = "投井自盡"
    stage = "protect"
    targets = TargetRule(count=0)

    def validate(self, state: GameState, action: Action) -> None:
        # usable once 危情長坂 has awakened, or by a holder without 危情長坂, who gained it (化身: ZC7)
        player = state.player(action.actor)
        if "危情長坂" in player.skills and not player.used.get("危情長坂"):
            raise IllegalAction("【投井自盡】是隱藏技，須於【危情長坂】覺醒之後才能使用", "hidden")

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        country = night.game.country_of(owner)
        night.harms.append(Harm(owner, Level.KILL, self.name, [owner], removal=True,
                                why=[f"{owner} 投井自盡，退出歷史舞台"]))
        delayed.schedule(night, delayed.NEXT_DAY, self.name, owner, {"country": country})
        night.note(f"{owner} 投井自盡：退出歷史舞台，次日所有針對{country}國角色的投票無效")

    def on_effect(self, phase: Any, effect: Effect) -> None:
        country = effect.data["country"]
        votes.void(phase, against_country(country), f"{effect.owner} 投井自盡", what=f"次日所有針對{country}國角色")


# ---- 黃月英 -----------------------------------------------------------------------
class Muniu(LadySkill):
    """木牛流馬：使用後當夜，本國軍師可額外發動一次【明察】，本國副軍師可額外發動一次【暗訪】。

    本國軍師 is the 正軍師 (the identity that holds 明察). The extra use is submitted with 木牛流馬
    (before or after it, R27); if 木牛流馬 fails its check, the extra use fails with it."""

    name = "木牛流馬"
    stage = "inform"
    targets = TargetRule(count=0)

    def extra_uses(self, game: Any, action: Action) -> list[tuple[str, str, int]]:
        country = game.country_of(action.actor)
        grants = {"正軍師": "明察", "副軍師": "暗訪"}
        return [(p.id, grants[p.identity], 1) for p in game.state.players.values()
                if p.identity in grants and p.status.value != "out" and game.country_of(p.id) == country]

    def apply(self, night: Night, use: Use) -> None:
        night.note(f"{use.actor} 木牛流馬：本國軍師可額外發動一次【明察】，副軍師可額外發動一次【暗訪】")


class Liannu(LadySkill):
    """諸葛連弩：使用後當夜，本國殺手可額外發動一次【刺殺】。"""

    name = "諸葛連弩"
    stage = "attack"
    targets = TargetRule(count=0)

    def stab_bonus(self, game: Any, action: Action) -> int:
        return 1

    def apply(self, night: Night, use: Use) -> None:
        night.note(f"{use.actor} 諸葛連弩：當夜本國殺手可額外發動一次刺殺")


# ---- 甘夫人 -----------------------------------------------------------------------
class Shushen(LadySkill):
    """淑慎：*被*當你的投票目標為本國角色時，你的投票無效。

    The target is where her vote counts (after 亂花); a self-vote (棄權) is a vote for her country."""

    name = "淑慎"
    kind = Kind.PASSIVE

    def on_day(self, day: Any, owner: str) -> None:
        votes.void(day, votes.all_of(votes.cast_by(owner), lambda d, voter, target:
                                     bool(d.game.country_of(target) == d.game.country_of(owner))),
                   f"{owner} 淑慎：投票目標為本國角色", what="你針對本國角色")


class Shenzhi(LadySkill):
    """神智：*被*當你的【亂花】的目標為本國角色時，你獲悉之。

    Ruling SN5: for each 亂花 of hers that goes off, she learns which of its targets (A, B, as
    they stand after redirects) are of her country; nothing when none is."""

    name = "神智"
    kind = Kind.PASSIVE
    stage = "after"
    priority = 1  # after the 亂花 of the stage
    targets = TargetRule(count=0)

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        country = night.game.country_of(owner)
        for bind in night.uses:
            if bind.name != "亂花" or bind.actor != owner or not bind.live or bind.implicit:
                continue
            ours = [pid for pid in dict.fromkeys(bind.targets) if night.game.country_of(pid) == country]
            if ours:
                night.tell(owner, Feedback(self.name, f"【神智】你的【亂花】的目標{'、'.join(ours)}為本國角色。",
                                           None, {"ours": ours, "targets": list(bind.targets)}))
                night.note(f"{owner} 神智：亂花的目標 {'、'.join(ours)} 為本國角色")


class Xiangfu(StabShield):
    """相夫教子：若劉備/劉禪不在場則失效。使用後當夜，所有針對你和劉備/劉禪的【刺殺】失效。"""

    name = "相夫教子"
    partner = "劉備"

    def partner_id(self, night: Night, use: Use) -> str | None:
        found = night.game.in_play("劉備") or night.game.in_play("劉禪")
        return found.id if found else None

    def absent(self, night: Night, use: Use) -> str | None:
        return None if self.partner_id(night, use) else "劉備/劉禪不在場"


# ---- 關銀屏 -----------------------------------------------------------------------
class Xueji(LadySkill):
    """血祭：*被*當你的得票數為全場最高時，所有在本次投票中投票對象為你的角色此後得票數均+1。

    Ruling SN7: 全場最高 includes a tie at the top (above 0). The voters whose vote counted for
    her are marked; from the next day on each marked player gets +1 to the votes counted for
    them, every day, even after her death. Marks add up when it fires again."""

    name = "血祭"
    kind = Kind.PASSIVE
    KEY = "血祭"

    def on_day(self, day: Any, owner: str) -> None:
        def rule(d: Any, top: int, leaders: list[str]) -> list[str] | None:
            if top > 0 and owner in leaders:
                voters = [v for v, t in d.counted.items() if t == owner and v != owner]
                marks = d.state.extra.setdefault(self.KEY, {})
                for v in voters:
                    marks[v] = marks.get(v, 0) + 1
                if voters and not any(e.kind == self.name and e.at == delayed.due(d, delayed.NEXT_DAY)
                                      for e in d.state.effects):
                    delayed.schedule(d, delayed.NEXT_DAY, self.name, owner)
                d.note(f"{owner} 血祭：得票數為全場最高，{'、'.join(voters) or '無人'} 此後得票數均+1")
            return None

        rule.watches_only = True  # type: ignore[attr-defined]  # decides no outcome (眩遠惑近 stays behind it)
        day.outcome_rules.insert(0, rule)

    def on_effect(self, phase: Any, effect: Effect) -> None:
        delayed.schedule(phase, delayed.NEXT_DAY, self.name, effect.owner)
        marks = phase.state.extra.get(self.KEY, {})

        votes.add(phase, lambda d: [(pid, n, f"{pid} 血祭：得票數+{n}") for pid, n in marks.items()
                                    if d.state.player(pid).alive], what="投票給你的人此後")


class Jiangmen(LadySkill):
    """將門虎女：使用後當夜，你可以不發動【亂花】，而是發動一次【刺殺】。你與關羽（若在場）互識，你與關平（若在場）互識。

    Ruling SN8: the 刺殺 is submitted as 將門虎女's one target (no target: no 刺殺), or (issue 27) as a
    【刺殺】 of hers submitted with a 將門虎女 without target (before or after it, R27) (``Skill.carries``; 「使用後當夜……發動一次【刺殺】」,
    as 天義's, WUG1). It is her own 刺殺, outside her country's count, checked as any 刺殺; listed, it is
    將門虎女's content (``common.carry``: no check of its own; none if 將門虎女 does not go off).
    「不發動【亂花】，而是」: a 亂花 she submits the same night with a 刺殺 is void."""

    name = "將門虎女"
    stage = "attack"
    priority = -1
    targets = TargetRule(count=1, counts=(0,))
    carries = "刺殺"

    def prepare(self, night: Night, use: Use) -> None:
        if use.targets:
            return
        owner = use.actor
        held = night.state.player(owner)
        if "刺殺" in held.skills or "刺殺" in night.game.identity_skills(held):
            return  # a 刺殺 of her own (she holds one): not 將門虎女's
        stab = next((u for u in night.uses if u.action.actor == owner and u.skill.name == "刺殺" and not u.implicit
                     and u.order > use.order and u.live), None)
        if stab is not None:
            carry(night, use, stab)

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        for partner in ("關羽", "關平"):
            found = night.game.in_play(partner)
            if found is not None and found.id != owner:
                night.recognise(owner, found.id, via=self.name)
        listed = None if use.targets else release(night, use)
        if not use.targets and listed is None:
            return
        for bind in night.uses_by(owner):
            if bind.name == "亂花":
                night.void(bind, "將門虎女：不發動【亂花】，而是發動一次【刺殺】")
        if listed is None:
            night.stab_as(owner, use.targets[0], by=f"{owner} 將門虎女")
        else:
            night.note(f"{owner} 將門虎女：當夜不發動【亂花】，而是發動一次【刺殺】")


SKILLS: list[type[Skill]] = [Shenming, Huizhi, Weiqing, Toujing, Muniu, Liannu, Shushen, Shenzhi, Xiangfu,
                             Xueji, Jiangmen]
