"""KK 3.3 character skills: wei_lords — the 魏 君主 『曹操-曹丕/曹植』.

曹操 is the lord's first life; 曹丕 or 曹植 is chosen at 轉生 (deaths.py sets
``player.skills`` to the new character's skills). Every class quotes its rule
text; the readings of unclear sentences are in ``docs/rulings/kk33-wei_lords.md``.
"""

from __future__ import annotations

from fractions import Fraction
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from tianting.core.records import Feedback
from tianting.core.skills import Kind, Skill, Source, TargetRule, Use, UseState
from tianting.core.state import Effect
from tianting.effects import delayed, limits, votes
from tianting.effects import stab as stabs
from tianting.rules.kk33 import skillbook
from tianting.rules.kk33.characters.common import (
    CharacterSkill,
    StabShield,
    against_country,
    aimed_at_country,
)
from tianting.rules.kk33.characters.common import phase_country as _country

if TYPE_CHECKING:
    from tianting.rules.kk33.day import Day
    from tianting.rules.kk33.harm import Harm
    from tianting.rules.kk33.night import Night

# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__).
_CHARACTER = Source.CHARACTER
_FAILED = UseState.FAILED
_IDENTITY = Source.IDENTITY


_CHARACTER_OF = attrgetter("character")


def _scratch(night: Night, key: str, default: Any) -> Any:
    """Per-night working data of this module's skills (gone with the night)."""
    return vars(night).setdefault(f"wei_lords:{key}", default)


# ---- 曹操 ----------------------------------------------------------------------
UNKNOWABLE = ("起義",)
"""Actions whose own text says their target cannot learn of them (起義：…標記（其無法獲悉）)."""


class Jianxiong(CharacterSkill):
    """奸雄：*被*你獲悉所有於夜間針對你的行動與發出該行動的角色。

    Reported once the night is resolved: every action (submitted, or a 刺殺 made
    「視為」 by a skill) whose final targets include you and that was not 發動失敗
    (a failed skill counts as not used), with its skill, targets and the
    character of whoever issued it — the character, not the id — except 起義,
    whose text says its target cannot learn of it (see the rulings). A holder
    who is out by then is told nothing.
    """

    name = "奸雄"
    kind = Kind.PASSIVE
    stage = "report"

    def prepare(self, night: Night, use: Use) -> None:
        # The issuers' characters as the night began (a lord may reincarnate tonight).
        characters = _scratch(night, "奸雄", {})
        if not characters:
            players = night.state.players  # {pid: p.character for pid, p in players.items()}, iterated in C
            characters.update(zip(players, map(_CHARACTER_OF, players.values()), strict=True))

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        if not night.state.player(owner).alive:
            return  # a holder who is out learns nothing (轉生 keeps the player alive: he is told)
        characters = _scratch(night, "奸雄", {})
        seen: list[dict[str, Any]] = []
        failed = _FAILED
        for other in night.uses:
            if other.state is failed or owner not in (other.targets if other.redirects else other.action.targets) \
                    or other.action.actor == owner:
                continue  # (pure reads: the one most often true, not aimed at him, early; Use.targets inlined)
            if other.name in UNKNOWABLE:
                continue
            entry: dict[str, Any] = {
                "skill": other.name,
                "character": characters.get(other.actor, night.state.player(other.actor).character),
                "targets": list(other.targets),
            }
            if other.action.args:
                entry["args"] = dict(other.action.args)
            seen.append(entry)
        if not seen:
            return  # nothing aimed at him: no report (its absence says as much)
        lines = "；".join(f"{e['character']}對{'、'.join(e['targets'])}發動【{e['skill']}】" for e in seen)
        night.tell(owner, Feedback(self.name, f"【奸雄】今夜針對你的行動：{lines}。", None, {"actions": seen}))
        night.note(f"{owner} 奸雄：獲悉{len(seen)}個針對其的行動")


class Wofutianxia(CharacterSkill):
    """我負天下：*被*若你發動的【招賢納才】的目標不為本國角色，或者其他國角色對你發動【招賢納才】，視為你對其發動了一次【刺殺】。

    A passive limited skill: it triggers once a game and its owner is told when
    it is used up. A 招賢納才 that failed (發動失敗) is as if not used and
    triggers nothing; one that went off but was void still does (技能發動或使用
    失效不影響由於此技能而觸發的其他技能).
    """

    name = "我負天下"
    kind = Kind.PASSIVE
    stage = "attack"

    def apply(self, night: Night, use: Use) -> None:
        owner = night.state.player(use.actor)
        if owner.used.get(self.name) or self.name not in owner.skills:
            return
        mine = _country(night, owner.id)
        found: dict[str, str] = {}  # victim → why
        for other in night.uses:
            if other.skill.name != "招賢納才" or other.state is _FAILED or not other.targets:  # (Use.name, no call)
                continue
            target = other.targets[0]
            if other.actor == owner.id and _country(night, target) != mine:
                found.setdefault(target, f"{owner.id} 發動的招賢納才的目標 {target} 不為本國角色")
            elif target == owner.id and other.actor != owner.id and _country(night, other.actor) != mine:
                found.setdefault(other.actor, f"其他國角色 {other.actor} 對 {owner.id} 發動招賢納才")
        if not found:
            return
        # Several at once (WL4): one of them, drawn, never the first in seat or submission order.
        victims = sorted(found)
        victim = victims[0] if len(victims) == 1 else night.rng.pick(f"我負天下 {owner.id} 刺殺的對象", victims)
        limits.consume(night, owner.id, self.name)  # (told below, with the 刺殺)
        night.note(f"{owner.id} 我負天下：{found[victim]}")
        night.stab_as(owner.id, victim, by=self.name)
        night.tell(owner.id, Feedback(
            self.name, f"【我負天下】發動：視為你對{victim}發動了一次【刺殺】。此技能已消耗。",
            victim, {"stab": victim, "consumed": True}))


class Qingmeizhujiu(StabShield):
    """青梅煮酒：若劉備不在場則失效。使用後當夜，所有針對你和劉備的【刺殺】失效。魏蜀聯盟達成（或延期）兩日兩夜。"""

    name = "青梅煮酒"
    partner = "劉備"
    alliance = ("魏", "蜀")


# ---- 曹丕 ----------------------------------------------------------------------
class Xingshang(CharacterSkill):
    """行殤：*被*若投票時最高票為平票且不為0，則所有最高票的角色均死亡。

    WL6 (issue 10): 「最高票」 is a count some players reach and others do not, reached
    by votes: when every living player stands at the same count (everyone abstained,
    or a ring of votes), or when every leader's count is his own 自投 alone (no vote
    of another player counts for any of them), no one has the most votes, and the
    basic rule holds (無事發生).
    """

    name = "行殤"
    kind = Kind.PASSIVE

    def on_day(self, day: Day, owner: str) -> None:
        if not day.game.can_act(day.state.player(owner)):
            return

        def outcome(d: Day, top: int, leaders: list[str]) -> list[str] | None:
            living = [p.id for p in d.state.players.values() if p.alive]
            if all(d.tally.get(pid, 0) == top for pid in living):
                d.note(f"{owner} 行殤：所有角色得票相同（{top}票），無人得票最高：無事發生")
                return None
            if not any(voter != pid and target == pid for pid in leaders for voter, target in d.counted.items()):
                d.note(f"{owner} 行殤：最高票（{top}票）均只是各自的自投，無人得票最高：無事發生")
                return None
            if top > 0 and len(leaders) > 1:
                d.note(f"{owner} 行殤：最高票為平票（{'、'.join(leaders)}，{top}票）且不為0，所有最高票的角色均死亡")
                return list(leaders)
            return None

        day.outcome_rules.append(outcome)


class Daihanzili(CharacterSkill):
    """代漢自立：使用後當夜，所有針對本國角色的【刺殺】失效，所有其他國的死者無法留下遺言。劉備（若在場）失去技能【漢裔】。"""

    name = "代漢自立"
    stage = "protect"
    targets = TargetRule(count=0)

    def apply(self, night: Night, use: Use) -> None:
        mine = _country(night, use.actor)

        def words_rule(n: Night, dead: str) -> str | None:
            if _country(n, dead) != mine:
                return f"{use.actor} 代漢自立（其他國的死者無法留下遺言）"
            return None

        stabs.immune(night, aimed_at_country(mine), f"{use.actor} 代漢自立（針對本國角色的刺殺失效）", what="針對本國角色")
        night.last_words_rules.append(words_rule)
        night.note(f"{use.actor} 代漢自立：針對{mine}國角色的刺殺失效，其他國的死者無法留下遺言")
        liubei = night.game.in_play("劉備")
        if liubei is not None:
            # Told only that the skill is lost, not by whom (see the rulings).
            if skillbook.lose(night, liubei.id, "漢裔", via="漢裔"):
                night.note(f"{liubei.id}（劉備）因 {use.actor} 的代漢自立失去技能【漢裔】")


# ---- 曹植 ----------------------------------------------------------------------
STEP = "步"


def _steps(phase: Any, owner: str) -> int:
    return int(phase.state.player(owner).marker(STEP))


class Qibu(CharacterSkill):
    """七步：*被*每當一名本國角色受傷或死亡後，你將得知獲得一個「步」標記。根據「步」的數量獲得以下效果：
    ①若你的「步」不少於1個：你的得票數-1；
    ②若你的「步」不少於2個：其他角色的角色技能有一半概率對你失效；
    ③若你的「步」不少於3個：其他角色的身份技能有一半概率對你失效；
    ④若你的「步」不少於4個：其他本國角色獲得①中的效果；
    ⑤若你的「步」不少於5個：其他本國角色獲得②中的效果；
    ⑥若你的「步」不少於6個：其他本國角色獲得③中的效果；
    ⑦若你的「步」不少於7個：將②和③中的「其他角色」改為「其他國的角色」。
    """

    name = "七步"
    kind = Kind.PASSIVE
    stage = "after"

    # ---- the markers --------------------------------------------------------
    def gain(self, phase: Any, owner: str, why: str) -> None:
        player = phase.state.player(owner)
        player.markers[STEP] = player.marker(STEP) + 1
        n = player.markers[STEP]
        phase.tell(owner, Feedback(self.name, f"【七步】你獲得一個「步」標記，目前共{n}個。", None,
                                   {"marker": STEP, "gained": 1, "count": n}))
        phase.note(f"{owner} 七步：{why}，獲得一個「步」標記（共{n}個）")

    def listen(self, night: Any, owner: str) -> None:
        """Hear every wound of this phase (a night; a day and its action pass share one list)."""
        registered = _scratch(getattr(night, "day", night), "七步", [])
        if owner in registered:
            return
        registered.append(owner)

        def wounded(n: Night, harm: Harm) -> None:
            holder = n.state.player(owner)
            if holder.alive and self.name in holder.skills and _country(n, harm.target) == _country(n, owner):
                self.gain(n, owner, f"本國角色 {harm.target} 受傷")

        night.wound_listeners.append(wounded)

    def on_death(self, phase: Any, owner: str, dead: str, cause: str, sources: list[str]) -> None:
        if dead == owner:
            # 曹操's own death brings 曹植 in: it happened before 曹植 was in play.
            if phase.state.player(owner).alive and hasattr(phase, "wound_listeners"):
                self.listen(phase, owner)
            return
        if not phase.game.can_act(phase.state.player(owner)):
            return
        if _country(phase, dead) == _country(phase, owner):
            self.gain(phase, owner, f"本國角色 {dead} 死亡")

    # ---- who is shielded, from whom -----------------------------------------
    def shielded(self, phase: Any, owner: str, target: str, actor: str, source: Source) -> bool:
        """Whether ``target`` has the half chance against ``actor``'s skill of ``source``."""
        steps = _steps(phase, owner)
        if steps < 2 or actor == target:
            return False  # every shield needs two 步 at least (②); the reads below are pure
        mine = _country(phase, owner)
        if target == owner:
            need = 2 if source is _CHARACTER else 3
        elif _country(phase, target) == mine and phase.state.player(target).alive:
            need = 5 if source is _CHARACTER else 6
        else:
            return False
        if steps < need:
            return False
        if steps >= 7 and _country(phase, actor) == _country(phase, target):
            return False  # ⑦：「其他角色」改為「其他國的角色」
        return True

    def roll(self, night: Night, owner: str, use: Use, target: str) -> str | None:
        kind = "角色技能" if use.skill.source is _CHARACTER else "身份技能"
        if night.rng.chance(f"七步 {use.actor}【{use.name}】對{target}失效判定", Fraction(1, 2)):
            return f"{owner} 七步（{use.actor} 的{kind}【{use.name}】有一半概率對 {target} 失效）"
        night.note(f"{owner} 七步：{use.actor} 的【{use.name}】對 {target} 判定仍有效")
        return None

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor
        self.listen(night, owner)

        def alive_holder() -> bool:
            holder = night.state.player(owner)
            return holder.alive and self.name in holder.skills

        def target_rule(n: Night, other: Use) -> str | None:
            if other.name == "刺殺" or not alive_holder():
                return None  # 刺殺 is checked with the stabs, 「視為」 ones included
            if _steps(n, owner) < 2:
                return None  # fewer than two 步: ``shielded`` is False for every target
            for target in dict.fromkeys(other.targets):
                if self.shielded(n, owner, target, other.actor, other.skill.source):
                    reason = self.roll(n, owner, other, target)
                    if reason:
                        return reason
            return None

        def stab_rule(n: Night, stab: Use) -> str | None:
            if not alive_holder():
                return None
            target = stab.targets[0]
            if self.shielded(n, owner, target, stab.actor, _IDENTITY):
                return self.roll(n, owner, stab, target)
            return None

        night.target_rules.append(target_rule)
        night.stab_rules.append(stab_rule)

    # No ``apply``: nothing to do at a stage, the markers come with wounds and deaths (a class that keeps
    # the base's ``apply`` is not called at its stage: ``Night._run_stages``).

    def on_day(self, day: Day, owner: str) -> None:
        if not day.game.can_act(day.state.player(owner)):
            return
        self.listen(day, owner)  # a wound by day (緩釋 lessens a vote's death to a wound; 奇襲)
        steps = _steps(day, owner)
        if steps < 1:
            return
        mine = _country(day, owner)

        # A subtraction: once every addition (剛烈, 兵法 …) is in.
        votes.subtract(day, lambda d, tally: [(pid, 1) for pid in list(tally)
                                              if pid == owner or (steps >= 4 and _country(d, pid) == mine)],
                       lambda pid, before, after: f"{owner} 七步：{pid} 的得票數-1（{before}→{after}）",
                       what="你（與本國角色）的")


# ---- 曹植 ----------------------------------------------------------------------
class Linlangmiaobi(CharacterSkill):
    """琳琅妙筆：使用後次日，所有針對本國角色的投票無效。"""

    name = "琳琅妙筆"
    stage = "after"
    targets = TargetRule(count=0)

    def apply(self, night: Night, use: Use) -> None:
        country = _country(night, use.actor)
        delayed.schedule(night, delayed.NEXT_DAY, self.name, use.actor, {"country": country})
        night.note(f"{use.actor} 琳琅妙筆：次日所有針對{country}國角色的投票無效")

    def on_effect(self, phase: Any, effect: Effect) -> None:
        country = effect.data["country"]

        votes.void(phase, against_country(country), f"{effect.owner} 琳琅妙筆（針對{country}國角色的投票無效）",
                   what=f"次日所有針對{country}國角色")


SKILLS: list[type[Skill]] = [Jianxiong, Wofutianxia, Qingmeizhujiu, Xingshang, Daihanzili, Qibu, Linlangmiaobi]
