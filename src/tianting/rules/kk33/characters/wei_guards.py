"""KK 3.3 character skills: wei_guards.

The 魏 護衛 許褚, 典韋, 曹昂, and 蔣干 (魏國副軍師, 『角色技能·赤壁之戰』).
Each class quotes its rule text verbatim; the readings chosen where the text
is silent are in ``docs/rulings/kk33-wei_guards.md`` (G1 …).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Action, Feedback
from tianting.core.skills import Kind, Skill, Source, TargetRule, Use, UseState
from tianting.core.state import Effect, GameState
from tianting.effects import delayed, limits, votes
from tianting.effects import harm as harms
from tianting.effects.targets import spy_and_retarget, tell_when_settled
from tianting.rules.kk33 import texts
from tianting.rules.kk33.characters.common import yes_no as _yes_no
from tianting.rules.kk33.harm import Harm, Level

if TYPE_CHECKING:
    from tianting.rules.kk33.night import Night

YES = "是"
NO = "否"

# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__).
_DONE = UseState.DONE
_FAILED = UseState.FAILED


def _is_caocao(night: Any, pid: str) -> bool:
    character = night.state.player(pid).character
    return night.game.roster.characters[character].base == "曹操"


# ---- 許褚 ------------------------------------------------------------------------
class Luoyi(Skill):
    """裸衣：使用後當夜，你可以額外發動一次【援護】，此【援護】須指定兩個不同的ID，且其中一個必須是你自己。

    The action carries the extra 援護: its two targets are the two ids of that
    援護 (G1). It is a 援護 on each of them, merged with any other 援護 on the
    same id. It is part of 裸衣's content and takes no check of its own:
    當主動技能經過成功概率判定並判定成功使用後，技能的一切內容均一定成功生效 (G2).
    """

    name = "裸衣"
    source = Source.CHARACTER
    stage = "attack"
    targets = TargetRule(count=2)

    def validate(self, state: GameState, action: Action) -> None:
        if action.actor not in action.targets:
            raise IllegalAction("【裸衣】的額外【援護】須指定兩個不同的ID，且其中一個必須是你自己", "target-rule")

    def apply(self, night: Night, use: Use) -> None:
        guard = night.game.skills["援護"]
        targets = list(dict.fromkeys(use.targets))
        for target in targets:
            one = Use(Action(use.actor, guard.name, (target,)), guard, order=use.order, seat=use.seat,
                      state=UseState.DONE, implicit=True)
            one.notes.append(self.name)
            night.guards.append(one)
        night.note(f"{use.actor} 裸衣：額外發動一次【援護】，目標 {'、'.join(targets)}")


class HuchiDiexue(Skill):
    """虎痴喋血：指定三個ID，視為對其中隨機一人發動了一次【刺殺】。

    The owner is not told whom the draw chose (G3).
    """

    name = "虎痴喋血"
    source = Source.CHARACTER
    stage = "attack"
    targets = TargetRule(count=3)

    def apply(self, night: Night, use: Use) -> None:
        options = [t for t in dict.fromkeys(use.targets) if night.state.player(t).alive]
        if not options:
            night.void(use, "三個目標均已出局")
            return
        chosen = night.rng.pick(f"虎痴喋血 {use.actor}", options)
        night.stab_as(use.actor, chosen, by=f"{use.actor} 虎痴喋血（於{'、'.join(options)}中隨機）")


# ---- 典韋 ------------------------------------------------------------------------
class GuzhiElai(Skill):
    """古之惡來：*被*當你死亡時，你獲悉所有兇手的ID，然後你指定其中一個ID，令其退出歷史舞台。

    兇手 are the sources of the harm that killed him: every 刺殺 of a merged
    stab, the 援護 that wounded him a second time, the voters whose public
    ballot names him (G4). The night's deaths are simultaneous: he learns the
    兇手 as he dies, and names one once every harm of the night is applied
    (``night.after_harms``), among those still in the game then.
    """

    name = "古之惡來"
    source = Source.CHARACTER
    kind = Kind.PASSIVE
    stage = "death"
    priority = -1000
    """Its implicit use at the start of the death stage marks the night's harms as applied: a death
    after that (憤勇) names a 兇手 at once."""

    def on_death(self, phase: Any, owner: str, dead: str, cause: str, sources: list[str]) -> None:
        if dead != owner or limits.spent(phase, owner, self.name):
            return
        killers = [s for s in dict.fromkeys(sources) if s != owner]
        limits.consume(phase, owner, self.name)  # (the caller tells)
        listing = texts.ids(killers)
        phase.tell(owner, Feedback(self.name, f"【古之惡來】你死亡，所有兇手的ID：{listing}。（限定技能已消耗）", None,
                                   {"killers": killers, "consumed": True}))
        phase.note(f"{owner} 古之惡來：兇手 {listing}")
        if self._harms_pending(phase, owner):
            phase.after_harms.append(lambda night: self._name_one(night, owner, killers))
        else:
            self._name_one(phase, owner, killers)

    def _harms_pending(self, phase: Any, owner: str) -> bool:
        """At night, before the harms of the night are all applied (this skill's death-stage use not yet run)."""
        if not hasattr(phase, "after_harms"):
            return False
        mine = [u for u in phase.uses if u.implicit and u.skill.name == self.name and u.action.actor == owner]
        return bool(mine) and not any(u.state is _DONE for u in mine)

    def _name_one(self, phase: Any, owner: str, killers: list[str]) -> None:
        living = [k for k in killers if phase.state.player(k).alive]
        if not living:
            phase.note(f"{owner} 古之惡來：無尚在場的兇手可指定")
            return
        chosen = phase.book.choose(phase.state.rng, owner, self.name, living, lambda a, o: a == o)
        phase.tell(owner, Feedback(self.name, f"【古之惡來】你令{chosen}退出歷史舞台。", chosen, {"removed": chosen}))
        phase.note(f"{owner} 古之惡來：令 {chosen} 退出歷史舞台")
        phase.game.kill(phase, chosen, self.name, [owner], removal=True)


class ShesheHuzhu(Skill):
    """捨身護主：*被*當本國君主成為【刺殺】的目標時，你可以獲悉，並且可以選擇將此【刺殺】的目標改為你。

    Runs after every 刺殺 is declared (attack stage, late priority): the
    stabs whose target is the lord count as one (G5). He learns only that the
    lord is a target, not who the lord or the killer is (G6). The skill is used
    up when it triggers, whether he takes the stab or not, and he is told (G7);
    with no answer he does not take it. He is told what he chose, not where the
    stab ended (the conflict rule may send it elsewhere).
    """

    name = "捨身護主"
    source = Source.CHARACTER
    kind = Kind.PASSIVE
    stage = "attack"
    priority = 1

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        if limits.spent(night, owner, self.name):
            return
        country = night.game.country_of(owner)
        lords = {p.id for p in night.state.players.values()
                 if p.alive and p.identity == "君主" and night.game.country_of(p.id) == country and p.id != owner}
        on_lord = [s for s in night.stabs if s.live and s.targets[0] in lords]
        if not on_lord:
            return
        limits.consume(night, owner, self.name)  # (the caller tells)
        night.tell(owner, Feedback(self.name, "【捨身護主】本國君主成為【刺殺】的目標。（限定技能已消耗）", None,
                                   {"lord_stabbed": True, "consumed": True}))
        answer = night.book.choose(night.rng, owner, self.name, [YES, NO], _yes_no, default=NO)
        if answer != YES:
            night.tell(owner, Feedback(self.name, "【捨身護主】你選擇不將此【刺殺】的目標改為你。", None, {"chose": False}))
            night.note(f"{owner} 捨身護主：獲悉本國君主成為刺殺的目標，選擇不改變目標（限定技能已消耗）")
            return
        for stab in on_lord:
            lord = stab.targets[0]
            stab.redirect(0, owner, by=self.name, source=use)
            night.note(f"{owner} 捨身護主：將 {stab.actor} 對 {lord} 的刺殺目標改為 {owner}"
                       f"（最終目標 {stab.targets[0]}）")
        night.tell(owner, Feedback(self.name, "【捨身護主】你選擇將此【刺殺】的目標改為你。", None, {"chose": True}))


# ---- 曹昂 ------------------------------------------------------------------------
class Yixun(Skill):
    """義殉：使用後當夜，你受傷，若有本國角色成為【刺殺】的目標，將你【援護】的目標改為其中隨機一人。次日你的投票無效。

    It changes the 援護 he submitted that night (none, nothing to change: G8);
    the owner is not told where his 援護 went (G9).
    """

    name = "義殉"
    source = Source.CHARACTER
    stage = "attack"
    priority = 2
    targets = TargetRule(count=0)

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        night.harms.append(Harm(owner, Level.WOUND, self.name, [owner], why=[f"{owner} 使用義殉：你受傷"]))
        delayed.schedule(night, delayed.NEXT_DAY, self.name, owner, {"voter": owner})
        country = night.game.country_of(owner)
        aimed = {s.targets[0] for s in night.stabs if s.live}  # (read once, not once a player: pure reads)
        stabbed = [p.id for p in sorted(night.state.players.values(), key=lambda p: p.seat)
                   if p.id in aimed and night.game.country_of(p.id) == country]
        guards = [g for g in night.guards if g.live and g.actor == owner and not g.implicit]
        if not stabbed:
            night.note(f"{owner} 義殉：無本國角色成為刺殺的目標，援護目標不變")
            return
        if not guards:
            night.note(f"{owner} 義殉：當夜未發動援護，無可改變的目標")
            return
        chosen = stabbed[0] if len(stabbed) == 1 else night.rng.pick(f"義殉 {owner}", stabbed)
        for guard in guards:
            before = guard.targets[0]
            guard.redirect(0, chosen, by=self.name, source=use)
            night.note(f"{owner} 義殉：將援護的目標由 {before} 改為 {chosen}（本國刺殺目標：{'、'.join(stabbed)}）"
                       f"，最終目標 {guard.targets[0]}")

    def on_effect(self, phase: Any, effect: Effect) -> None:
        voter = effect.data["voter"]
        if hasattr(phase, "vote_rules"):
            votes.void(phase, votes.cast_by(voter), "義殉：次日你的投票無效", what="次日你")


class CaoshiZongzu(Skill):
    """曹氏宗族：*被*當你【援護】的目標為曹操時，防止該【援護】對曹操的致傷效果，且你與曹操互識。

    Triggers the first time his 援護's final target is 曹操 (limited: G10),
    whether or not 曹操 was stabbed; a 援護 that went off but was voided still
    triggers it (技能發動或使用失效不影響由於此技能而觸發的其他技能).
    """

    name = "曹氏宗族"
    source = Source.CHARACTER
    kind = Kind.PASSIVE
    stage = "attack"
    priority = 3

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        if limits.spent(night, owner, self.name):
            return
        mine = [u for u in night.uses if u.action.actor == owner and u.skill.name == "援護" and u.state is not _FAILED
                and u.targets]
        hit = next((u.targets[0] for u in mine if _is_caocao(night, u.targets[0]) and u.targets[0] != owner), None)
        if hit is None:
            return
        limits.consume(night, owner, self.name)  # (the caller tells)

        harms.prevent(night, harms.all_of(harms.to(hit), harms.cause("援護"), harms.sourced_by(owner)),
                      f"{owner} 曹氏宗族：防止援護對曹操的致傷效果", what="你的援護對曹操")
        night.tell(owner, Feedback(self.name, "【曹氏宗族】你【援護】的目標為曹操：防止該【援護】對曹操的致傷效果，你與曹操互識。"
                                   "（限定技能已消耗）", hit, {"prevented": True, "consumed": True}))
        night.note(f"{owner} 曹氏宗族：援護的目標 {hit} 為曹操")
        night.recognise(owner, hit, via=self.name)


# ---- 蔣干（赤壁之戰） ----------------------------------------------------------------
class Daoshu(Skill):
    """盜書：使用後當夜，獲得一份隨機一個存活角色的名單，你獲悉其當夜所有行動並可強制修改其中任意行動的目標。

    The listed id is drawn among the living other than the owner (G11); an
    action of his that failed its check was not made and is not listed. For
    each listed action, in the order submitted, and each of its targets, the
    owner answers 「不修改」 (the default) or a new id (G12). Runs first in the
    redirect stage, so the changed targets are the ones the actions take. He is told once the night's
    cancels are known, and only if the use is still live (a 盜書 voided or failed since tells nothing).
    """

    name = "盜書"
    source = Source.CHARACTER
    stage = "redirect"
    priority = -1
    targets = TargetRule(count=0)

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        living = [p.id for p in sorted(night.state.players.values(), key=lambda p: p.seat)
                  if p.alive and p.id != owner]
        if not living:
            night.void(use, "無其他存活角色")
            return
        listed = night.rng.pick(f"盜書 {owner}", living)
        seen, changed = spy_and_retarget(night, use, listed)
        lines = [f"【{a['skill']}】{'、'.join(a['targets']) or '無目標'}" for a in seen]
        text = f"【盜書】名單：{listed}。其今夜的行動：{'；'.join(lines) if lines else '無行動'}。"
        if changed:
            text += "你修改了：" + "；".join(f"【{c['skill']}】{c['from']}→{c['to']}" for c in changed) + "。"
        told = Feedback(self.name, text, listed, {"listed": listed, "actions": seen, "changed": changed})
        night.note(f"{owner} 盜書：名單 {listed}，{len(seen)}個行動，修改{len(changed)}處")
        tell_when_settled(night, use, told)


SKILLS: list[type[Skill]] = [Luoyi, HuchiDiexue, GuzhiElai, ShesheHuzhu, Yixun, CaoshiZongzu, Daoshu]
