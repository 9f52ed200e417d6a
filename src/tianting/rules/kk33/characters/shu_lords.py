"""KK 3.3 character skills: shu_lords — the 蜀 君主 『劉備-劉封/劉禪』 and the three 諸葛亮.

劉備 is the lord's first life; 劉封 or 劉禪 is chosen at 轉生 (deaths.py sets
``player.skills`` to the new character's skills). 諸葛亮 is 「遲暮的丞相」 in the
正軍師 seat and 「隆中的卧龍」 in the 副軍師 seat; 赤壁·諸葛亮 is the 赤壁之戰 form.
Every class quotes its rule text; the readings of unclear sentences are in
``docs/rulings/kk33-shu_lords.md`` (SL1 …).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.names import name_key
from tianting.core.records import Action, Feedback
from tianting.core.skills import Kind, Skill, Source, TargetRule, Use, UseState
from tianting.core.state import Effect, GameState
from tianting.rules.kk33 import skillbook
from tianting.rules.kk33.harm import Harm, Level
from tianting.rules.kk33.roster import IDENTITIES

if TYPE_CHECKING:
    from tianting.rules.kk33.day import Day
    from tianting.rules.kk33.night import Night


class CharacterSkill(Skill):
    source = Source.CHARACTER


def _country(phase: Any, pid: str) -> str:
    return str(phase.game.country_of(pid))


def _base(phase: Any, pid: str) -> str:
    """The character ``pid`` plays now, by its base name (any form of 諸葛亮 is 諸葛亮)."""
    return phase.game.roster.characters[phase.state.player(pid).character].base


def _holds(phase: Any, pid: str, skill: str) -> bool:
    player = phase.state.player(pid)
    return player.alive and skill in player.skills


def _is_night(phase: Any) -> bool:
    return hasattr(phase, "harm_preventions")


# ---- 劉備 ----------------------------------------------------------------------
class Rende(CharacterSkill):
    """仁德：*被*你可以發動無限次【招賢納才】（每夜限一次）。

    Lifts 招賢納才's once-a-game limit while held (``Skill.lifts_limit``, read by the action
    check); once a night stays (``per_night``). Each use is still counted (SL1).
    """

    name = "仁德"
    kind = Kind.PASSIVE
    lifts_limit = ("招賢納才",)


class Hanyi(CharacterSkill):
    """漢裔：*被*所有針對你的投票無效。曹丕使用【代漢自立】或孫權使用【三分制衡】後失去此技能。

    The loss is done by 代漢自立 and 三分制衡 themselves (skillbook.lose).
    """

    name = "漢裔"
    kind = Kind.PASSIVE

    def on_day(self, day: Day, owner: str) -> None:
        if not day.game.can_act(day.state.player(owner)):
            return

        def rule(d: Day, voter: str, target: str) -> str | None:
            if target == owner and self.name in d.state.player(owner).skills:
                return f"{owner} 漢裔（所有針對其的投票無效）"
            return None

        day.vote_rules.append(rule)


class Bond(CharacterSkill):
    """「當你成為X的技能目標時，防止其對你造成的致死或致傷效果，且你與其互識」 (三顧茅廬, 桃園飛花).

    A passive limited skill: it fires the first night a living X aims a skill (identity or
    character, submitted, not 發動失敗) at its owner, after redirects and cancels. That night
    every 刺殺 of those X on the owner is 無效 and every other harm they alone deal him is
    prevented; the owner and each of them 互識 (SL2).
    """

    kind = Kind.PASSIVE
    stage = "protect"
    priority = -100
    """Before the night's other protections (so its own shield is in place for them)."""
    partners: tuple[str, ...] = ()

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        player = night.state.player(owner)
        if player.used.get(self.name) or not _holds(night, owner, self.name):
            return
        who = list(dict.fromkeys(
            u.actor for u in night.uses
            if not u.implicit and u.actor != owner and u.state is not UseState.FAILED
            and owner in u.targets and _base(night, u.actor) in self.partners
            and night.state.player(u.actor).alive))
        if not who:
            return
        player.used[self.name] = 1
        shield = f"{owner} {self.name}（防止{'、'.join(who)}對其造成的致死或致傷效果）"

        def stab_rule(n: Night, stab: Use) -> str | None:
            return shield if stab.targets[0] == owner and stab.actor in who else None

        def prevent(n: Night, harm: Harm) -> str | None:
            return shield if harm.target == owner and harm.sources and set(harm.sources) <= set(who) else None

        night.stab_rules.append(stab_rule)
        night.harm_preventions.append(prevent)
        names = "、".join(_base(night, pid) for pid in who)
        night.tell(owner, Feedback(self.name, f"【{self.name}】發動：你成為{names}的技能目標，防止其對你造成的致死或致傷效果。"
                                   "此技能已消耗。", None, {"consumed": True, "with": list(who)}))
        night.note(f"{owner} {self.name}：{'、'.join(who)}（{names}）以技能指定了其；防止其造成的致死或致傷效果")
        for pid in who:
            night.recognise(owner, pid, via=self.name)


class Sangumaolu(Bond):
    """三顧茅廬：*被*當你成為諸葛亮的技能目標時，防止其對你造成的致死或致傷效果，且你與其互識。"""

    name = "三顧茅廬"
    partners = ("諸葛亮",)


class Taoyuanfeihua(Bond):
    """桃園飛花：*被*當你成為關羽或張飛的技能目標時，防止其對你造成的致死或致傷效果，且你與其互識。"""

    name = "桃園飛花"
    partners = ("關羽", "張飛")


TIGERS = ("關羽", "張飛", "趙雲", "馬超", "黃忠")
"""五虎將（關羽、張飛、趙雲、馬超、黃忠）."""


class Wuhufengjiang(CharacterSkill):
    """五虎封將：*全*必須滿足以下兩條件至少一個方可使用成功，否則使用失敗：
    1、五虎將中至少有兩人在場；
    2、法正在場。
    使用後當夜，所有針對你和五虎將（關羽、張飛、趙雲、馬超、黃忠）的【刺殺】有一半概率失效，你和五虎將不會受傷。

    The conditions are checked as the night begins (a 使用失敗: not used, the owner told). Each
    刺殺 on a shielded player draws its own half chance when the stabs are checked (SL3).
    """

    name = "五虎封將"
    kind = Kind.GLOBAL
    stage = "protect"
    targets = TargetRule(count=0)

    @staticmethod
    def tigers_in_play(night: Night) -> list[str]:
        return [p.id for name in TIGERS if (p := night.game.in_play(name)) is not None]

    def prepare(self, night: Night, use: Use) -> None:
        tigers = self.tigers_in_play(night)
        if len(tigers) < 2 and night.game.in_play("法正") is None:
            night.fail(use, f"五虎將在場{len(tigers)}人（少於兩人）且法正不在場")
            return
        owner = use.actor

        def shielded(n: Night, pid: str) -> bool:
            return pid == owner or _base(n, pid) in TIGERS

        def stab_rule(n: Night, stab: Use) -> str | None:
            target = stab.targets[0]
            if not use.live or not shielded(n, target):
                return None
            if n.rng.chance(f"五虎封將 {stab.actor}→{target} 失效判定", Fraction(1, 2)):
                return f"{owner} 五虎封將（針對{target}的刺殺有一半概率失效）"
            n.note(f"{owner} 五虎封將：{stab.actor} 對 {target} 的刺殺判定仍有效")
            return None

        def unhurt(n: Night, harm: Harm) -> str | None:
            if use.live and harm.wounding and shielded(n, harm.target):
                return f"{owner} 五虎封將（{harm.target} 不會受傷）"
            return None

        night.stab_rules.append(stab_rule)
        night.harm_preventions.append(unhurt)

    def apply(self, night: Night, use: Use) -> None:
        night.note(f"{use.actor} 五虎封將：當夜針對其與五虎將的刺殺有一半概率失效，其與五虎將不會受傷")


# ---- 劉封 ----------------------------------------------------------------------
BUCHU_SEATS: tuple[tuple[str, ...], ...] = (("君主",), ("正軍師", "副軍師"), ("殺手",), ("護衛",), ("女眷",))
"""不出's nights in order: 君主, 軍師, 殺手, 護衛, 女眷."""
BUCHU_WORDS = ("君主", "軍師", "殺手", "護衛", "女眷")


class Buchu(CharacterSkill):
    """不出：*被*你登場後的第一夜，其他國君主的身份技能均失效；第二夜，其他國軍師的身份技能均失效；第三夜，其他國殺手的身份技能均失效；第四夜，其他國護衛的身份技能均失效；第五夜，其他國女眷的身份技能均失效。

    劉封 comes in when 劉備 dies and the player chooses him (轉生): the phase is recorded
    (``state.extra["不出"]``); the first night after it is his first night. On the n-th
    night the identity skills that players of other countries with the n-th identity
    submit are 失效 (SL4: the actions; 轉生 and 託孤, rules of death, are not voided).
    """

    name = "不出"
    kind = Kind.PASSIVE
    stage = "cancel"

    def on_death(self, phase: Any, owner: str, dead: str, cause: str, sources: list[str]) -> None:
        if dead == owner and phase.state.player(owner).alive:  # the death that brought him in (轉生)
            phase.state.extra.setdefault(self.name, {})[owner] = phase.index
            phase.note(f"{owner} 劉封登場（不出自下一夜起計）")

    @staticmethod
    def night_number(night: Night, owner: str) -> int | None:
        """Which of his nights tonight is (1 = the first night after he came in), or None."""
        entry = night.state.extra.get("不出", {}).get(owner)
        if entry is None:
            return None
        first = entry + 2 if entry % 2 == 0 else entry + 1  # even indices are nights
        if night.index < first:
            return None
        return (night.index - first) // 2 + 1

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor
        n = self.night_number(night, owner)
        if n is None or n > len(BUCHU_SEATS):
            return
        seats, word = BUCHU_SEATS[n - 1], BUCHU_WORDS[n - 1]
        mine = _country(night, owner)

        def rule(nt: Night, other: Use) -> str | None:
            if other.skill.source is not Source.IDENTITY or _country(nt, other.actor) == mine:
                return None
            if nt.state.player(other.actor).identity in seats:
                return f"{owner} 不出（第{n}夜：其他國{word}的身份技能均失效）"
            return None

        night.target_rules.append(rule)
        night.note(f"{owner} 不出：登場後第{n}夜，其他國{word}的身份技能均失效")


class Xiansi(CharacterSkill):
    """陷嗣：指定2個未被【陷嗣】指定過的ID，防止其於當夜造成的致傷或致死效果。若以此法成功防止了致傷或致死效果，你受傷。

    Every harm dealt that night only by the two (a 刺殺 merged with another's is not) is
    prevented, asked before any other immunity; the first it prevents wounds its owner once
    every harm of the night is in (SL5).
    """

    name = "陷嗣"
    stage = "protect"
    targets = TargetRule(count=2)

    @staticmethod
    def named_before(state: GameState) -> set[str]:
        """Every id a 陷嗣 named on an earlier night (one that went off: done or void)."""
        out: set[str] = set()
        for h in state.history:
            if h.get("phase") != "night":
                continue
            for a in h["actions"]:
                if a["skill"] == "陷嗣" and a["state"] in ("done", "void") and not a.get("implicit"):
                    out.update(a["targets"])
        return out

    def validate(self, state: GameState, action: Action) -> None:
        again = [t for t in action.targets if t in self.named_before(state)]
        if again:
            raise IllegalAction(f"【陷嗣】須指定未被【陷嗣】指定過的ID：{'、'.join(again)} 已被指定過", "bad-target")

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        named = set(use.targets)
        done: list[bool] = []

        def wound_owner(n: Night) -> None:
            n.tell(owner, Feedback(self.name, "【陷嗣】成功防止了致傷或致死效果，你受傷。", None, {"prevented": True}))
            n.apply_harm(Harm(owner, Level.WOUND, self.name, [owner],
                              why=[f"{owner} 的陷嗣成功防止了致傷或致死效果"]))

        def prevent(n: Night, harm: Harm) -> str | None:
            if not use.live or harm.level is Level.NONE or not harm.sources or not set(harm.sources) <= named:
                return None
            if not done:
                done.append(True)
                n.after_harms.append(wound_owner)
            return f"{owner} 陷嗣（防止{'、'.join(harm.sources)}於當夜造成的致傷或致死效果）"

        night.harm_preventions.insert(0, prevent)  # SL5: asked first, so its success does not hang on order
        night.note(f"{owner} 陷嗣 {'、'.join(use.targets)}：防止其於當夜造成的致傷或致死效果")


# ---- 劉禪 ----------------------------------------------------------------------
class Fangquan(CharacterSkill):
    """放權：指定一個除你以外的ID，次日他的投票視為三票，你的投票無效。"""

    name = "放權"
    stage = "after"
    targets = TargetRule(self_allowed=False)

    def apply(self, night: Night, use: Use) -> None:
        target = use.targets[0]
        night.state.effects.append(Effect(self.name, night.index + 1, use.actor, {"target": target}))
        night.note(f"{use.actor} 放權 {target}：次日其投票視為三票，{use.actor} 的投票無效")

    def on_effect(self, phase: Any, effect: Effect) -> None:
        owner, target = effect.owner, effect.data["target"]

        def weight(d: Day, voter: str) -> int | None:
            return 3 if voter == target else None

        def void(d: Day, voter: str, counted: str) -> str | None:
            return f"{owner} 放權（其投票無效）" if voter == owner else None

        phase.weight_rules.append(weight)
        phase.vote_rules.append(void)


class Lebusishu(CharacterSkill):
    """樂不思蜀：*被*你於夜間受到致命一擊時，防止之，但次日及以後你的投票均無效。

    A passive limited skill: it prevents the first 致命一擊 (a kill, or a wound while wounded)
    he takes at night, then is used up (he is told); 退出歷史舞台 cannot be prevented (SL6).
    """

    name = "樂不思蜀"
    kind = Kind.PASSIVE
    stage = "protect"

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor

        def prevent(n: Night, harm: Harm) -> str | None:
            me = n.state.player(owner)
            if harm.target != owner or me.used.get(self.name) or self.name not in me.skills or not n.is_fatal(harm):
                return None
            me.used[self.name] = 1
            n.state.extra.setdefault(self.name, {})[owner] = n.index
            n.tell(owner, Feedback(self.name, "【樂不思蜀】發動：防止了你受到的致命一擊，次日及以後你的投票均無效。"
                                   "此技能已消耗。", None, {"consumed": True}))
            return f"{owner} 樂不思蜀（防止其受到的致命一擊）"

        night.harm_preventions.append(prevent)

    def on_day(self, day: Day, owner: str) -> None:
        since = day.state.extra.get(self.name, {}).get(owner)
        if since is None or since >= day.index:
            return

        def rule(d: Day, voter: str, target: str) -> str | None:
            return f"{owner} 樂不思蜀（次日及以後其投票均無效）" if voter == owner else None

        day.vote_rules.append(rule)


SKILLS: list[type[Skill]] = [Rende, Hanyi, Sangumaolu, Taoyuanfeihua, Wuhufengjiang, Buchu, Xiansi, Fangquan,
                             Lebusishu]
