"""KK 3.3 character skills: wu_killers (甘寧、凌統、黃蓋、程普、韓當).

Every class quotes its rule text verbatim; the rulings on ambiguous sentences
are in ``docs/rulings/kk33-wu_killers.md`` (WUK1 …).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tianting.core.records import Feedback
from tianting.core.skills import Kind, Skill, TargetRule, Use, UseState
from tianting.core.state import Effect, GameState, PhaseKind, phase_kind
from tianting.effects import delayed, limits, votes
from tianting.effects import harm as harms
from tianting.effects import stab as stabs
from tianting.rules.kk33.characters.common import CharacterSkill
from tianting.rules.kk33.characters.wei_guards import NO, YES, _yes_no
from tianting.rules.kk33.harm import Harm, Level

if TYPE_CHECKING:
    from tianting.rules.kk33.night import Night

# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__).
_DAY = PhaseKind.DAY
_FAILED = UseState.FAILED
_NIGHT = PhaseKind.NIGHT


def holds_alive(phase: Any, owner: str, skill: str) -> bool:
    """The owner is alive and still holds ``skill`` (a skill lost tonight stops working)."""
    player = phase.state.player(owner)
    return player.alive and skill in player.skills


def stabs_by(phase: Any, pid: str) -> list[Use]:
    """The 刺殺 ``pid`` made in this phase (submitted or 視為), not failed."""
    # (u.skill.name and u.action.actor: Use.name and Use.actor, without the properties' calls)
    return [u for u in phase.uses if u.action.actor == pid and u.skill.name == "刺殺" and u.state is not _FAILED]


def living_by_country(phase: Any) -> dict[str, int]:
    """Living players of each kingdom still in the game (魏 蜀 吳 not eliminated: 「國家」)."""
    game = phase.game
    out = {c: 0 for c in game.kingdoms if c not in phase.state.eliminated}
    for p in phase.state.players.values():
        c = game.country_of(p.id)
        if p.alive and c in out:
            out[c] += 1
    return out


# ---- 甘寧 ------------------------------------------------------------------------
class Qixi(CharacterSkill):
    """奇襲：*被*你的【刺殺】的發動時機為白天投票階段。

    His 刺殺 is a day action: submitted by day with the votes, never at night; one a day, outside his
    country's count of the night's 刺殺 (WUK1); it resolves at the vote (docs/rulings.md RD1)."""

    name = "奇襲"
    kind = Kind.PASSIVE

    def day_skills(self, state: GameState, owner: str) -> tuple[str, ...]:
        return ("刺殺",)

    def night_refusal(self, state: GameState, owner: str, skill: str) -> str | None:
        if skill == "刺殺":
            return f"{owner} 的【刺殺】的發動時機為白天投票階段（奇襲），夜間不能發動"
        return None


class Yishi(CharacterSkill):
    """義釋：*被*當你【刺殺】的目標為本國角色或同盟角色時，此【刺殺】無效。"""

    name = "義釋"
    kind = Kind.PASSIVE
    stage = "attack"  # its rule is registered in prepare, every night and every day pass

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor

        def relation(n: Night, stab: Use) -> str | None:
            ours, theirs = n.game.country_of(owner), n.game.country_of(stab.targets[0])
            return "本國" if ours == theirs else "同盟" if n.state.allied(ours, theirs, n.index) else None

        stabs.immune(night, stabs.all_of(stabs.by(owner), stabs.holder(owner, self.name),
                                         lambda n, stab: relation(n, stab) is not None),
                     lambda n, stab: f"{owner} 義釋：刺殺的目標為{relation(n, stab)}角色", what="你對本國或同盟角色")


# ---- 凌統 ------------------------------------------------------------------------
class Xuanfeng(CharacterSkill):
    """旋風：*被*你的【刺殺】的目標當夜的所有行動均失敗。"""

    name = "旋風"
    kind = Kind.PASSIVE
    stage = "cancel"
    priority = -6  # before every other cancel (火船沖陣 too): the target's actions fail before they act

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        if not holds_alive(night, owner, self.name):
            return
        for stab in stabs_by(night, owner):  # a void 刺殺 still sets it off (失效…不影響由於此技能而觸發的其他技能)
            target = stab.targets[0]
            for other in night.uses_by(target):
                night.fail(other, f"{owner} 旋風（{target} 為其刺殺的目標，當夜的所有行動均失敗）")


# ---- 黃蓋 ------------------------------------------------------------------------
class KurouZhaxiang(CharacterSkill):
    """苦肉詐降：指定一個ID，當夜你的國籍視為與其相同，次日其得票數+3，你的得票數+1。

    The change is made first of the redirects (the night's skills read his country from there on);
    once every redirect and cancel is settled it follows the final target (歷戰之軀, 國色天香 …), or is
    taken back with the next day's votes if the use failed or was voided there (旋風, 落鴻哀歌 …): a
    skill that did not go off changes nothing (WUK5)."""

    name = "苦肉詐降"
    stage = "redirect"
    priority = -10  # first of the redirects: the night reads his country as changed from here on

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        seen_as = night.state.extra.setdefault("country_as", {})
        before = seen_as.get(owner)
        effect = delayed.delay(night, delayed.NEXT_DAY, self.name, owner, {"target": use.targets[0], "before": before})

        def become(target: str) -> None:
            own = before or night.state.player(owner).country
            country = own if target == owner else night.game.country_of(target)
            seen_as[owner] = country
            effect.data["target"] = target
            night.note(f"{owner} 苦肉詐降：當夜國籍視為與 {target} 相同（{country}）；"
                       f"次日 {target} 得票數+3，{owner} 得票數+1")

        def settle(n: Night) -> None:
            if not use.live:
                if before is None:
                    seen_as.pop(owner, None)
                else:
                    seen_as[owner] = before
                if effect in n.state.effects:
                    n.state.effects.remove(effect)
                n.note(f"{owner} 苦肉詐降未生效（{'發動失敗' if use.state is _FAILED else '失效'}）："
                       "國籍不變，次日得票數不變")
            elif use.targets[0] != effect.data["target"]:
                become(use.targets[0])

        become(use.targets[0])
        night.state.effects.append(effect)
        night.settle_rules.append(settle)

    def on_effect(self, phase: Any, effect: Effect) -> None:
        if phase_kind(phase.index) is not _DAY:
            return
        owner, target = effect.owner, effect.data["target"]
        seen_as = phase.state.extra.setdefault("country_as", {})
        if effect.data.get("before") is None:
            seen_as.pop(owner, None)
        else:
            seen_as[owner] = effect.data["before"]

        votes.add(phase, lambda day: [(pid, n, f"{owner} 苦肉詐降：{pid} 的得票數+{n}")
                                      for pid, n in ((target, 3), (owner, 1)) if day.state.player(pid).alive],
                  what=f"次日{target}（+3）與{owner}（+1）")


class HuochuanChongzhen(CharacterSkill):
    """火船沖陣：指定一個ID，令其當夜的所有行動均失效。"""

    name = "火船沖陣"
    stage = "cancel"
    priority = -5

    def apply(self, night: Night, use: Use) -> None:
        if not night.rule_on_targets(use):
            return  # a rule on its target voids it (七步, 落鴻哀歌 …): it never acts (WUK6)
        target = use.targets[0]
        for other in night.uses_by(target):
            if other is not use:
                night.void(other, f"{use.actor} 火船沖陣（{target} 當夜的所有行動均失效）")
        night.note(f"{use.actor} 火船沖陣：{target} 當夜的所有行動均失效")


# ---- 程普 ------------------------------------------------------------------------
class Tuwei(CharacterSkill):
    """突圍：*被*當場上只剩下本國和另一個國家時，若該國存活人數不少於本國，則該國針對本國的【刺殺】無效。"""

    # Hand-written stab rule: its test and its reason share a count of the kingdoms and of the living.
    name = "突圍"
    kind = Kind.PASSIVE
    stage = "attack"

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor

        def rule(n: Night, stab: Use) -> str | None:
            if not holds_alive(n, owner, self.name):
                return None
            mine = n.game.country_of(owner)
            if n.game.country_of(stab.targets[0]) != mine:
                return None
            # living_by_country's keys are the kingdoms not eliminated (living or not): read them first,
            # without its count of the living, which only matters with exactly two left, one his.
            eliminated = n.state.eliminated
            kingdoms = [c for c in n.game.kingdoms if c not in eliminated]
            if len(kingdoms) != 2 or mine not in kingdoms:
                return None
            left = living_by_country(n)
            other = next(c for c in left if c != mine)
            if n.game.country_of(stab.actor) == other and left[other] >= left[mine]:
                return f"{owner} 突圍（場上只剩{mine}{other}兩國，{other}國存活{left[other]}人不少於{mine}國{left[mine]}人）"
            return None

        night.stab_rules.append(rule)


class SanshiLaochen(CharacterSkill):
    """三世老臣：*被*當你【刺殺】的目標為本國君主時，該【刺殺】無效，且你與其互識。"""

    # Hand-written stab rule: a limited passive spent, and its owner told, the moment it triggers; 互識 after.
    name = "三世老臣"
    kind = Kind.PASSIVE
    stage = "harm"  # after the stabs are settled: 互識

    @staticmethod
    def is_lord(phase: Any, owner: str, target: str) -> bool:
        p = phase.state.player(target)
        return p.identity == "君主" and target != owner and phase.game.country_of(target) == phase.game.country_of(owner)

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor

        fired: list[str] = []

        def rule(n: Night, stab: Use) -> str | None:
            if stab.actor != owner or not holds_alive(n, owner, self.name):
                return None
            target = stab.targets[0]
            if target in fired:
                return f"{owner} 三世老臣：刺殺的目標為本國君主"
            if limits.spent(n, owner, self.name) or not self.is_lord(n, owner, target):
                return None
            fired.append(target)
            limits.consume(n, owner, self.name, note=True)  # a limited passive: spent when it triggers (WUK4)
            n.tell(owner, Feedback(self.name, "【三世老臣】你的刺殺的目標為本國君主，此刺殺無效（限定技能已消耗）。",
                                   target, {"consumed": True}))
            return f"{owner} 三世老臣：刺殺的目標為本國君主"

        vars(night).setdefault("wu_killers:三世老臣", {})[owner] = fired
        night.stab_rules.append(rule)

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        for target in vars(night).get("wu_killers:三世老臣", {}).get(owner, []):
            if night.state.player(target).alive and night.state.player(owner).alive:
                night.recognise(owner, target, via=self.name)


FRIEND = "醇醪之交"


class ChunlaoZhijiao(CharacterSkill):
    """醇醪之交：指定一個除你以外的ID，令其成為你的「醇醪之交」，然後選擇以下兩項效果之一持續生效：
    ①你獲悉你的「醇醪之交」的角色，之後只要你存活，你的「醇醪之交」受到的傷害減輕；
    ②你的「醇醪之交」獲悉你的角色，之後只要你的「醇醪之交」存活，你受到的傷害減輕。
    若周瑜在場，你將得到反饋，並可將該技能的目標更為周瑜。

    ``args.choice``: 1 or 2 (or 「效果①」, 「②」 …: ``Skill.chosen``). The lasting reduction works from that night on, at night and by day
    (the vote's harm too), through an effect renewed each phase (WUK3)."""

    name = "醇醪之交"
    stage = "protect"
    targets = TargetRule(count=1, self_allowed=False)
    args = ("choice",)
    choices = ("效果①", "效果②")

    def validate(self, state: GameState, action: Any) -> None:
        self.chosen(action)  # the one reader (``Skill.chosen``): 1, 2, 「①」, 「效果②」 …; refused naming both

    def apply(self, night: Night, use: Use) -> None:
        owner, friend = use.actor, use.targets[0]
        choice = self.chosen(use.action) + 1
        zhouyu = night.game.in_play("周瑜")
        if zhouyu is not None and zhouyu.id != owner:
            night.tell(owner, Feedback(self.name, "【醇醪之交】周瑜在場，你可以將此技能的目標更為周瑜。", None,
                                       {"zhouyu_in_play": True}))
            if zhouyu.id != friend:
                answer = night.book.choose(night.rng, owner, self.name, [YES, NO], _yes_no, default=NO)
                if answer == YES:
                    night.note(f"{owner} 醇醪之交：目標由 {friend} 更為周瑜（{zhouyu.id}）")
                    friend = zhouyu.id
        me, them = night.state.player(owner), night.state.player(friend)
        if choice == 1:
            me.known[friend] = them.character
            night.tell(owner, Feedback(self.name, f"【醇醪之交】你的「醇醪之交」{friend} 的角色是{them.character}。",
                                       friend, {"character": them.character, "choice": 1}))
        else:
            them.known[owner] = me.character
            night.tell(friend, Feedback(self.name, f"【醇醪之交】你成為 {owner} 的「醇醪之交」，其角色是{me.character}。",
                                        owner, {"character": me.character, "choice": 2}))
        night.state.extra.setdefault(FRIEND, {})[owner] = {"friend": friend, "choice": choice}
        night.note(f"{owner} 醇醪之交：{friend} 成為其「醇醪之交」，效果{'①' if choice == 1 else '②'}持續生效")
        self.register(night, owner)
        delayed.schedule(night, delayed.NEXT_DAY, self.name, owner)

    def register(self, phase: Any, owner: str) -> None:
        """This phase's reduction (a night's, or a day's: vote and day actions alike)."""
        bond = phase.state.extra.get(FRIEND, {}).get(owner)
        if bond is None:
            return
        friend, choice = bond["friend"], bond["choice"]
        protected, keeper = (friend, owner) if choice == 1 else (owner, friend)

        harms.lessen(phase, harms.all_of(harms.to(protected), lambda p, harm: bool(p.state.player(keeper).alive)),
                     f"{owner} 醇醪之交（{keeper} 存活）", what=f"{keeper}存活時，{protected}")

    def on_effect(self, phase: Any, effect: Effect) -> None:
        owner = effect.owner
        bond = phase.state.extra.get(FRIEND, {}).get(owner)
        if bond is None:
            return
        keeper, protected = (owner, bond["friend"]) if bond["choice"] == 1 else (bond["friend"], owner)
        if not (phase.state.player(keeper).alive and phase.state.player(protected).alive):
            return  # 「只要…存活」: the bond has ended for good
        self.register(phase, owner)
        delayed.schedule(phase, delayed.NEXT_PHASE, self.name, owner)


# ---- 韓當 ------------------------------------------------------------------------
class Gongqi(CharacterSkill):
    """弓騎：指定一個ID，令其當夜發動的【刺殺】無效。"""

    name = "弓騎"
    stage = "protect"

    def apply(self, night: Night, use: Use) -> None:
        target = use.targets[0]
        stabs.immune(night, stabs.all_of(stabs.while_live(use), stabs.by(target)),
                     f"{use.actor} 弓騎（{target} 當夜發動的刺殺無效）", what=f"{target} 當夜發動")
        night.note(f"{use.actor} 弓騎：{target} 當夜發動的刺殺無效")


class XuanjiDikou(CharacterSkill):
    """旋擊敵寇：*被*當同一夜中有至少兩名本國角色成為【刺殺】的目標時，你將得到反饋，並且對於這些【刺殺】的每個發動者，你都有一半概率令其受傷。"""

    name = "旋擊敵寇"
    kind = Kind.PASSIVE
    stage = "harm"  # the stabs are settled; its wounds join the night's harms

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        if not holds_alive(night, owner, self.name) or phase_kind(night.index) is not _NIGHT \
                or limits.spent(night, owner, self.name):
            return
        mine = night.game.country_of(owner)
        aimed = [s for s in night.stabs if s.state is not _FAILED
                 and night.game.country_of(s.targets[0]) == mine]
        targets = list(dict.fromkeys(s.targets[0] for s in aimed))
        if len(targets) < 2:
            return
        limits.consume(night, owner, self.name, note=True)  # a limited passive: spent when it triggers (WUK4)
        night.tell(owner, Feedback(self.name, "【旋擊敵寇】當夜有至少兩名本國角色成為【刺殺】的目標（限定技能已消耗）。",
                                   None, {"targets": len(targets), "consumed": True}))
        night.note(f"{owner} 旋擊敵寇：本國角色 {'、'.join(targets)} 成為刺殺的目標")
        for killer in dict.fromkeys(s.actor for s in aimed):
            if night.rng.chance(f"旋擊敵寇 {owner} 令 {killer} 受傷判定", Fraction(1, 2)):
                night.harms.append(Harm(killer, Level.WOUND, self.name, [owner],
                                        why=[f"{owner} 旋擊敵寇（{killer} 刺殺本國角色）"]))
            else:
                night.note(f"{owner} 旋擊敵寇：{killer} 未受傷（一半概率）")


SKILLS: list[type[Skill]] = [Qixi, Yishi, Xuanfeng, KurouZhaxiang, HuochuanChongzhen, Tuwei, SanshiLaochen,
                             ChunlaoZhijiao, Gongqi, XuanjiDikou]
