"""KK 3.3 character skills: shu_strategists (蜀·軍師：徐庶、龐統、法正、馬良、姜維).

Every class quotes its rule text verbatim; the readings of ambiguous sentences
are in ``docs/rulings/kk33-shu_strategists.md`` (SS1 …), cited where they apply.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Action, Feedback
from tianting.core.skills import Kind, Skill, Source, TargetRule, Use, UseState, first_reason
from tianting.core.state import Effect, GameState
from tianting.effects import cancel, delayed, limits, votes
from tianting.effects import harm as harms
from tianting.effects import stab as stabs
from tianting.effects.targets import echo, echo_origin
from tianting.rules.kk33 import alliances, skillbook
from tianting.rules.kk33.characters.common import CharacterSkill, StabShield
from tianting.rules.kk33.characters.common import is_night as _is_night
from tianting.rules.kk33.harm import Harm, Level
from tianting.rules.kk33.roster import COUNTRIES, OTHERS

if TYPE_CHECKING:
    from tianting.rules.kk33.night import Night

"""Phase indices from a night to the next day (次日) and to the next night (次夜)."""
STOP = "停止"
"""The answer to 計無不成's choice that ends the chain of 【明察】."""

# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__).
_CHARACTER = Source.CHARACTER
_FAILED = UseState.FAILED
_IDENTITY = Source.IDENTITY
_PASSIVE = Kind.PASSIVE


# ---- 徐庶 -------------------------------------------------------------------------
class Jianmo(CharacterSkill):
    """緘默：指定一個ID，若其當夜未死亡則令其次日投票無效；若其當夜死亡則無法留下遺言。"""

    name = "緘默"
    stage = "after"

    def prepare(self, night: Night, use: Use) -> None:
        def words(n: Night, pid: str) -> str | None:
            return f"{use.actor} 緘默" if use.live and pid == use.targets[0] else None

        night.last_words_rules.append(words)

    def apply(self, night: Night, use: Use) -> None:
        target = use.targets[0]
        if any(d.id == target for d in night.deaths):  # SS1: a lord's 轉生 is a death too
            night.note(f"{use.actor} 緘默 {target}：其當夜死亡，無法留下遺言")
            return
        delayed.schedule(night, delayed.NEXT_DAY, self.name, use.actor, {"voter": target})
        night.note(f"{use.actor} 緘默 {target}：其當夜未死亡，次日投票無效")

    def on_effect(self, phase: Any, effect: Effect) -> None:
        voter = effect.data["voter"]
        votes.void(phase, votes.cast_by(voter), f"{effect.owner} 緘默", what=f"次日{voter}")


class Juwei(StabShield):
    """居魏思蜀：使用後當夜，所有針對你和劉備的【刺殺】失效。魏蜀聯盟達成（或延期）兩日兩夜。

    The text has no 「若劉備不在場則失效」: without 劉備 it still shields its owner and makes the
    alliance (ruling SS2)."""

    name = "居魏思蜀"
    partner = "劉備"
    alliance = ("魏", "蜀")

    def absent(self, night: Night, use: Use) -> str | None:
        return None


class Jiwubucheng(CharacterSkill):
    """計無不成：使用後當夜，若你的【明察】的目標不為殺手，那麼你可以繼續發動【明察】，直到你【明察】的對象是殺手或你主動停止為止。

    Ruling SS3: it runs after the owner's own 【明察】 of the night (submitted with it). If none of
    them went off, or one found a killer, nothing follows. Else the owner chooses, one at a time,
    the next id to 【明察】 or 「停止」 (scripted decisions 「計無不成」; the default is 停止).
    Each further 【明察】 is the skill's content: no success check of its own (計無不成 took it),
    but the night's rules on targets (貞烈 …) apply to it; it ends the chain once it finds a killer.
    """

    name = "計無不成"
    stage = "inform"
    priority = 1  # after the 【明察】 of the same stage
    targets = TargetRule(count=0)

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        mine = [u for u in night.uses if u.action.actor == owner and u.skill.name == "明察" and u.live]
        if not mine:
            night.note(f"{owner} 計無不成：當夜沒有生效的【明察】，無從繼續")
            return
        investigate = night.game.skills["明察"]
        if any(night.state.player(u.targets[0]).identity == "殺手" for u in mine):
            night.note(f"{owner} 計無不成：【明察】的目標為殺手，不能繼續")
            return
        seen = {u.targets[0] for u in mine}
        while True:
            options = [STOP] + [p.id for p in night.state.players.values()
                                if p.alive and p.id != owner and p.id not in seen]
            chosen = night.book.choose(night.rng, owner, self.name, options, _same, default=STOP)
            if chosen == STOP:
                night.note(f"{owner} 計無不成：主動停止")
                return
            more = Use(Action(owner, "明察", (chosen,)), investigate, order=len(night.uses),
                       seat=night.state.player(owner).seat, implicit=True)
            more.notes.append(self.name)
            night.uses.append(more)
            # 當主動技能經過成功概率判定並判定成功使用後，技能的一切內容均一定成功生效: no check of its own.
            reason = first_reason(night.target_rules, night, more)
            seen.add(chosen)
            if reason:
                night.void(more, reason)
                continue
            more.state = UseState.DONE
            data, text = investigate.learn(night, chosen)  # type: ignore[attr-defined]
            night.tell(owner, Feedback("明察", text, chosen, {**data, "via": self.name}))
            night.note(f"{owner} 計無不成（明察）{text}")
            if data["is_killer"]:
                return


def _same(answer: Any, option: str) -> bool:
    return isinstance(answer, str) and answer == option


# ---- 龐統 -------------------------------------------------------------------------
class Niepan(CharacterSkill):
    """涅槃：*被*你死亡後仍可投票。（你以此法的投票不公布）

    A dead owner may vote (``KK33Game.posthumous_voters``): the vote counts in the tally but is not
    on the public ballot. He owes no vote: a missing one is no vote at all (ruling SS4)."""

    name = "涅槃"
    kind = Kind.PASSIVE
    votes_after_death = True


LINK_KEY = "連環"
"""``state.extra[LINK_KEY][owner]``: the two ends of the owner's chain."""


class Lianhuan(CharacterSkill):
    """連環：指定兩個ID，將他們連在一起，此後針對其中任意一人的行動對兩人均生效。每夜可改變連環的一端。若連環的一端對應的角色出局，則視為該端處於假連環狀態，當連環兩端都處於假連環狀態時，失去此技能。龐統死亡出局時，場上的連環立即消失。

    Ruling SS5: the chain made (or changed) tonight works from the next night on (此後). On a night
    that begins with both ends in the game, every action submitted that aims at one end (and not the
    other) acts on the other end too: an echo of it (``effects.targets.echo``), void if the action itself is
    failed or void or no longer aims at that end. An end out of the game is a 假連環: nothing passes.
    A change names the end kept and the new one.
    """

    # Bespoke (no effect says it): a chain kept from night to night whose actions echo on both ends (effects.targets.echo).
    name = "連環"
    stage = "after"
    targets = TargetRule(count=2, self_allowed=True)

    @staticmethod
    def intact(state: GameState) -> bool:
        """Is a chain in play with neither end a 假連環 (火燒赤壁：若龐統在場且【連環】的兩端均不為假連環狀態)?"""
        return any(state.player(owner).alive and all(state.player(pid).alive for pid in ends)
                   for owner, ends in state.extra.get(LINK_KEY, {}).items())

    def validate(self, state: GameState, action: Action) -> None:
        chain = state.extra.get(LINK_KEY, {}).get(action.actor)
        if chain and not set(chain) & set(action.targets):
            raise IllegalAction(f"【連環】每夜只能改變連環的一端：須保留 {'或'.join(chain)} 之一", "bad-target")

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        chains = night.state.extra.setdefault(LINK_KEY, {})
        new = list(use.targets)
        old = chains.get(owner)
        if old and not set(old) & set(new):
            night.void(use, "新的連環兩端均已改變")
            return
        chains[owner] = new
        if not any(e.kind == self.name and e.owner == owner and e.at == delayed.due(night, delayed.NEXT_NIGHT)
                   for e in night.state.effects):
            delayed.schedule(night, delayed.NEXT_NIGHT, self.name, owner)
        night.tell(owner, Feedback(self.name, f"【連環】{new[0]}與{new[1]}已連在一起（自次夜起生效）。", None,
                                   {"ends": new}))
        night.note(f"{owner} 連環：{new[0]} 與 {new[1]} 連在一起" + (f"（原為{'、'.join(old)}）" if old else ""))

    def on_effect(self, phase: Any, effect: Effect) -> None:
        if not _is_night(phase):
            return
        owner = effect.owner
        ends = phase.state.extra.get(LINK_KEY, {}).get(owner)
        if not ends or not phase.state.player(owner).alive:
            return
        delayed.schedule(phase, delayed.NEXT_NIGHT, self.name, owner)
        a, b = ends
        if not (phase.state.player(a).alive and phase.state.player(b).alive):
            phase.note(f"{owner} 的連環（{a}、{b}）處於假連環狀態")
            return
        for origin in list(phase.uses):
            if origin.implicit or not origin.live or origin.name == self.name:
                continue
            targets = origin.action.targets
            for slot, pid in enumerate(targets):
                other = b if pid == a else a if pid == b else None
                if other is None or other in targets:
                    continue
                copied = tuple(other if i == slot else t for i, t in enumerate(targets))
                echo(phase, origin, copied, f"{owner} 連環（{a}、{b}）",
                     # the slot may be gone: an extra 刺殺 target that fell away (落鴻哀歌 failed)
                     still=lambda o=origin, s=slot, p=pid: s < len(o.targets) and o.targets[s] == p)

    def on_death(self, phase: Any, owner: str, dead: str, cause: str, sources: list[str]) -> None:
        chains = phase.state.extra.get(LINK_KEY, {})
        ends = chains.get(owner)
        if not ends:
            return
        if dead == owner:
            del chains[owner]
            phase.note(f"{owner} 死亡出局，場上的連環立即消失")
            return
        if dead in ends and all(not phase.state.player(pid).alive for pid in ends):
            del chains[owner]
            skillbook.lose(phase, owner, self.name, via=self.name)


# ---- 法正 -------------------------------------------------------------------------
def _plays_lu_xun(night: Night, pid: str) -> bool:
    """「若陸遜使用【火燒連營】」: the player's character is 陸遜 (any form of it)."""
    return bool(night.game.roster.characters[night.state.player(pid).character].base == "陸遜")


class Zhengjian(CharacterSkill):
    """正諫：*被*若陸遜使用【火燒連營】，則【火燒連營】使用失敗。

    As 先知 (WS1): the use fails before the night's success checks, so none of its effects apply;
    only the player whose character is 陸遜 is stopped."""

    name = "正諫"
    kind = Kind.PASSIVE
    stage = "redirect"
    targets = TargetRule(count=0)

    def prepare(self, night: Night, use: Use) -> None:
        for other in night.uses:
            if other.implicit or other.skill.name != "火燒連營" or not other.live:  # (Use.name, no call)
                continue
            if not _plays_lu_xun(night, other.actor):
                continue
            night.fail(other, f"{use.actor} 正諫：陸遜使用的【火燒連營】使用失敗")


class Yazi(CharacterSkill):
    """睚眥必報：*被*於夜間致你死的角色次日及次日以後的投票均無效。

    Ruling SS6: 致你死的角色 are those behind the harm that killed the owner at night (every killer
    of merged 刺殺, the guards of a fatal 援護 …), the owner himself never. Their votes are void
    from the next day to the end of the game. It is consumed when it fires (the owner is told)."""

    name = "睚眥必報"
    kind = Kind.PASSIVE

    def on_death(self, phase: Any, owner: str, dead: str, cause: str, sources: list[str]) -> None:
        if dead != owner or not _is_night(phase) or phase.state.player(owner).used.get(self.name):
            return
        culprits = [pid for pid in dict.fromkeys(sources) if pid != owner and pid in phase.state.players]
        if not culprits:
            return
        limits.consume(phase, owner, self.name, f"【{self.name}】你的【{self.name}】已觸發並消耗。", {"consumed": self.name})
        delayed.schedule(phase, delayed.NEXT_DAY, self.name, owner, {"voters": culprits})
        phase.note(f"{owner} 睚眥必報：{'、'.join(culprits)} 次日及以後的投票均無效")

    def on_effect(self, phase: Any, effect: Effect) -> None:
        voters = effect.data["voters"]
        votes.void(phase, votes.cast_by(*voters), f"{effect.owner} 睚眥必報", what=f"{'、'.join(voters)}次日及以後")
        delayed.schedule(phase, delayed.NEXT_DAY, self.name, effect.owner, dict(effect.data))


class Gaiguan(CharacterSkill):
    """蓋棺論定：獲悉所有退出遊戲的ID對應的角色。

    Read as the night begins (the inform stage): everyone out of the game by then, with the
    character each played when leaving."""

    name = "蓋棺論定"
    stage = "inform"
    targets = TargetRule(count=0)

    def apply(self, night: Night, use: Use) -> None:
        out = {p.id: p.character for p in night.state.players.values() if not p.alive}
        listing = "；".join(f"{pid}：{c}" for pid, c in out.items()) or "無人退出遊戲"
        night.tell(use.actor, Feedback(self.name, f"【蓋棺論定】退出遊戲的ID對應的角色：{listing}。", None,
                                       {"characters": out}))
        night.note(f"{use.actor} 蓋棺論定：獲悉{len(out)}名退出遊戲者的角色")


class Xuanyuan(CharacterSkill):
    """眩遠惑近：次日的投票規則改為所有得票數次高的角色均退出歷史舞台。

    Ruling SS7: the next day nobody dies of the most votes; everyone on the second-highest count
    (the second distinct count above 0) leaves the stage (退出歷史舞台). With fewer than two
    counts above 0 no one does."""

    name = "眩遠惑近"
    stage = "after"
    targets = TargetRule(count=0)

    def apply(self, night: Night, use: Use) -> None:
        delayed.schedule(night, delayed.NEXT_DAY, self.name, use.actor)
        night.note(f"{use.actor} 眩遠惑近：次日所有得票數次高的角色均退出歷史舞台")

    def on_effect(self, phase: Any, effect: Effect) -> None:
        def rule(day: Any, top: int, leaders: list[str]) -> list[str] | None:
            counts = sorted({n for n in day.tally.values() if n > 0}, reverse=True)
            if len(counts) < 2:
                day.note(f"{effect.owner} 眩遠惑近：沒有得票數次高的角色，無事發生")
                return []
            second = [pid for pid, n in day.tally.items() if n == counts[1]]
            day.note(f"{effect.owner} 眩遠惑近：得票數次高（{counts[1]}票）的 {'、'.join(second)} 退出歷史舞台")
            day.outcome_harms += [Harm(pid, Level.KILL, self.name, [effect.owner], removal=True,
                                       why=[f"{effect.owner} 眩遠惑近：得票數次高"]) for pid in second]
            return []

        # 「投票規則改為」: the day's rule is replaced, so it comes before a rule that widens the top's death (行殤:
        # the top stays, SS7); behind 血祭, which only watches the top, and 舌戰群儒's 無事發生.
        rules = phase.outcome_rules
        at = 0
        while at < len(rules) and (getattr(rules[at], "watches_only", False)
                                   or getattr(rules[at], "nothing_happens", False)):
            at += 1
        rules.insert(at, rule)


# ---- 馬良 -------------------------------------------------------------------------
WUCHANG_KEY = "五常"
"""``state.extra[WUCHANG_KEY][owner]``: {"named": [ids], "gained": [skills]}."""


_USED_MEMO = "shu_strategists:五常·used_by"
"""Where a game keeps its ``_UsedBy`` (``game.memos``: never ``vars(game)``, see there)."""


class _UsedBy:
    """``Wuchang.used_by`` of every player, folded over a game's history as it grows.

    Exact: the history's entries are written once, when their phase is resolved, and only read
    afterwards (``GameState.snapshot``); new phases append to it. So the fold over the entries read
    so far stays right, and only the entries added since are read. A state replaced (a night
    resolved again from its snapshot holds a copy of the list), or a list that no longer holds the
    last entry read, starts the fold over."""

    __slots__ = ("history", "read", "last", "used")

    def __init__(self, history: list[dict[str, Any]]) -> None:
        self.history = history
        self.read = 0
        self.last: dict[str, Any] | None = None
        self.used: dict[str, list[str]] = {}

    def holds(self, history: list[dict[str, Any]]) -> bool:
        """Is this fold one of ``history``'s first ``read`` entries?"""
        return self.history is history and len(history) >= self.read \
            and (self.read == 0 or history[self.read - 1] is self.last)

    def catch_up(self, skills: dict[str, Skill]) -> dict[str, list[str]]:
        history = self.history
        if self.read < len(history):
            Wuchang._fold_used(skills, history[self.read:], self.used)
            self.read = len(history)
            self.last = history[-1]
        return self.used


class Wuchang(CharacterSkill):
    """五常：（當存在合理的目標時該技能必須使用）指定一個沒有通過【五常】指定過的已退出遊戲的ID，獲得其生前使用過的所有主動的角色技能。當你以此法獲得了五個或以上的不同技能時，你將於次夜結算時退出歷史舞台。（本技能不計入每夜角色技能使用次數限制）

    Ruling SS9: 使用過 = went off (done or void, not failed) in an earlier phase, night or day; 主動的角色技能 =
    character skills used by choice: the unmarked ones and the *全* ones (not *被*, not 五常). 合理的目標: an out id not yet named
    whose skills would give something new. On a night that begins with one and no 五常 submitted,
    the judge uses it for the owner on one drawn at random (「五常 必須使用」), with no check, and
    tells him whom.
    """

    # Bespoke (no effect says it): skills learned from the dead, a must-use once a target is reasonable, and a leave.
    name = "五常"
    stage = "after"
    targets = TargetRule(dead=True)
    outside_limit = True

    @staticmethod
    def book(state: GameState, owner: str) -> dict[str, list[str]]:
        return state.extra.setdefault(WUCHANG_KEY, {}).setdefault(owner, {"named": [], "gained": []})

    def validate(self, state: GameState, action: Action) -> None:
        if action.targets[0] in self.book(state, action.actor)["named"]:
            raise IllegalAction(f"【五常】須指定沒有通過【五常】指定過的ID，{action.targets[0]} 已被指定過", "bad-target")

    @staticmethod
    def used_by(phase: Any, pid: str) -> list[str]:
        """The active character skills ``pid`` used in life (in the order first used): 主動 is every
        skill used by choice, *全* ones included (標註有*被*的技能是被動技能，無需主動使用).

        The history is read for every player at once, and each entry once a game (``_UsedBy``), not
        once per player asked nor once per phase: it only grows."""
        history, game = phase.state.history, phase.game
        memo = game.memos.get(_USED_MEMO)
        if memo is None or not memo.holds(history):
            memo = game.memos[_USED_MEMO] = _UsedBy(history)
        return list(memo.catch_up(game.skills).get(pid, ()))

    @staticmethod
    def _fold_used(skills: dict[str, Skill], entries: list[dict[str, Any]], out: dict[str, list[str]]) -> None:
        """Add to ``out`` (``used_by`` of every player so far) what ``entries`` (the next ones) add."""
        for h in entries:
            # 生前使用過: by night or by day (緩釋「可以於白天使用」, 玲瓏「每次投票時」: a day's actions)
            if h.get("phase") not in ("night", "day"):
                continue
            for a in h.get("actions", ()):
                if a.get("implicit") or a["state"] not in ("done", "void") or a["skill"] == "五常":
                    continue
                impl = skills.get(a["skill"])
                if impl is None or impl.source is not _CHARACTER or impl.kind is _PASSIVE:
                    continue
                used = out.setdefault(a["actor"], [])
                if a["skill"] not in used:
                    used.append(a["skill"])

    def reasonable(self, phase: Any, owner: str) -> list[str]:
        book = self.book(phase.state, owner)
        held = phase.state.player(owner).skills
        return [p.id for p in phase.state.players.values()
                if not p.alive and p.id not in book["named"]
                and any(s not in held for s in self.used_by(phase, p.id))]

    def learn(self, phase: Any, owner: str, target: str) -> None:
        book = self.book(phase.state, owner)
        book["named"].append(target)
        got = self.used_by(phase, target)
        for skill in got:
            skillbook.gain(phase, owner, skill, via=self.name)
            if skill not in book["gained"]:
                book["gained"].append(skill)
        if not got:
            phase.tell(owner, Feedback(self.name, f"【五常】{target}生前沒有使用過主動的角色技能。", target,
                                       {"gained": []}))
        phase.note(f"{owner} 五常 {target}：獲得{'、'.join(got) or '無'}")
        leaving = phase.state.extra.setdefault("五常·退場", [])
        if len(book["gained"]) >= 5 and owner not in leaving:
            leaving.append(owner)
            delayed.schedule(phase, delayed.NEXT_NIGHT, self.name, owner, {"leave": True})
            phase.tell(owner, Feedback(self.name, "【五常】你已獲得五個或以上的不同技能，將於次夜結算時退出歷史舞台。",
                                       None, {"leaving": True}))

    def apply(self, night: Night, use: Use) -> None:
        self.learn(night, use.actor, use.targets[0])

    def on_death(self, phase: Any, owner: str, dead: str, cause: str, sources: list[str]) -> None:
        # A reasonable target may appear: from the next night the skill must be used.
        if dead == owner or not phase.state.player(owner).alive:
            return
        at = delayed.due(phase, delayed.NEXT_NIGHT)
        if not any(e.kind == self.name and e.owner == owner and e.at >= at and e.data.get("must")
                   for e in phase.state.effects):
            delayed.schedule(phase, delayed.NEXT_NIGHT, self.name, owner, {"must": True})

    def on_effect(self, phase: Any, effect: Effect) -> None:
        if not _is_night(phase):
            return
        owner = effect.owner
        me = phase.state.player(owner)
        if effect.data.get("leave"):
            if me.alive:
                phase.harms.append(Harm(owner, Level.KILL, self.name, [owner], removal=True,
                                        why=[f"{owner} 以五常獲得了五個或以上的不同技能，於次夜結算時退出歷史舞台"]))
            return
        if not phase.game.can_act(me) or self.name not in me.skills:
            return
        delayed.schedule(phase, delayed.NEXT_NIGHT, self.name, owner, {"must": True})
        if any(u.action.actor == owner and u.skill.name == self.name for u in phase.uses):
            return
        options = self.reasonable(phase, owner)
        if not options:
            return
        target = phase.rng.pick(f"五常 必須使用 {owner}", options)
        phase.note(f"{owner} 未使用【五常】而存在合理的目標：法官代為指定 {target}")
        # He is told whom: the id is his (指定一個沒有通過【五常】指定過的…ID) and may not be named again.
        phase.tell(owner, Feedback(self.name, f"【五常】當存在合理的目標時該技能必須使用：法官代你指定{target}。", target,
                                   {"forced": target}))
        self.learn(phase, owner, target)


class Zhaona(CharacterSkill):
    """招納蠻夷：*被*蜀國獲勝時，除張角外所有群雄角色一同勝利。

    Read by :mod:`..victory` (``joint_winners``): while the player holding it is alive when 蜀
    wins, every 群雄 player but 張角 wins with 蜀 (ruling SS10)."""

    name = "招納蠻夷"
    kind = Kind.PASSIVE

    def joint_winners(self, game: Any, winner: str, owner: str) -> list[str]:
        if winner != "蜀" or not game.state.player(owner).alive:
            return []
        return [p.id for p in game.state.players.values()
                if p.country == OTHERS and game.roster.characters[p.character].base != "張角"]


class Songtu(CharacterSkill):
    """送圖問計：指定一個ID，若其為吳國人，則令其當夜所有行動失敗。此技能使用次夜及以後，若陸遜使用【火燒連營】，則劉備不會因【火燒連營】而受傷。

    Acts the moment it has passed its own success check (``on_checked``), before the checks of the
    uses after it: every action the 吳 target submitted tonight fails (發動失敗: its owner is told, a
    limited skill is not used up), so a failed 火燒連營 halves no 蜀 rate (ruling SS11). From the
    next night on, a wound dealt to 劉備 by the 火燒連營 of a player whose character is 陸遜 is
    prevented (the harm's cause is 火燒連營); a 火燒連營 someone else holds (learned, lent) still
    wounds him, as 正諫 stops only 陸遜's (ruling SS11)."""

    name = "送圖問計"
    stage = "redirect"
    priority = -2000  # checked (and acting, on_checked) before the other uses of the night

    def on_checked(self, night: Night, use: Use) -> None:
        """Once it passed its own check, before the other uses are checked: a failed action is as if
        not used, so its effect on success rates (火燒連營, 火燒赤壁) never reaches those checks."""
        target = use.targets[0]
        if night.game.country_of(target) != "吳":
            return
        for other in night.uses_by(target):
            night.fail(other, f"{use.actor} 送圖問計：吳國人 {target} 當夜所有行動失敗")

    def apply(self, night: Night, use: Use) -> None:
        target = use.targets[0]
        delayed.schedule(night, delayed.NEXT_NIGHT, self.name, use.actor)
        if night.game.country_of(target) != "吳":
            night.note(f"{use.actor} 送圖問計 {target}：其不是吳國人")
            return
        night.note(f"{use.actor} 送圖問計 {target}：其當夜所有行動失敗")

    def on_effect(self, phase: Any, effect: Effect) -> None:
        if not _is_night(phase):
            return
        delayed.schedule(phase, delayed.NEXT_NIGHT, self.name, effect.owner)

        def liubei_by_lu_xun(n: Night, harm: harms.HarmLike) -> bool:
            liubei = n.game.in_play("劉備")
            return liubei is not None and harm.target == liubei.id and any(_plays_lu_xun(n, pid) for pid in harm.sources)

        # (the cause read first: a pure test, and most harms fail it; in_play is a pure read too)
        harms.no_wound(phase, harms.all_of(harms.cause("火燒連營"), liubei_by_lu_xun),
                       f"{effect.owner} 送圖問計：劉備不會因【火燒連營】而受傷", what="劉備因【火燒連營】")


# ---- 姜維 -------------------------------------------------------------------------
class Tianyi(CharacterSkill):
    """天儀：*被*當你於夜間成為三個或以上技能的目標，你不會死亡。

    Ruling SS12: every use that aims at him tonight counts (submitted or 「視為」, echoes of 連環,
    void ones too: 失效 is still a use), except failed ones (as if not used) and his own. With
    three or more, no harm of the night kills him (退出歷史舞台 still does). 「於夜間」: not in the day's
    action pass (甘寧's 刺殺 at the vote): ``night_only``."""

    name = "天儀"
    kind = Kind.PASSIVE
    night_only = True
    stage = "protect"
    targets = TargetRule(count=0)

    @staticmethod
    def aimed(night: Night, owner: str) -> int:
        count = 0
        for u in night.uses:
            if u.state is _FAILED or u.action.actor == owner or owner not in u.targets:
                continue
            origin = echo_origin(night, u)
            if origin is not None and owner in origin.targets:
                continue  # an echo of an action already counted
            if u.implicit and u.name == "刺殺" and any(
                    o.order == u.order and o.actor == u.actor and not o.implicit and owner in o.targets
                    for o in night.stabs):
                continue  # one 刺殺 naming two ids (落鴻哀歌, 烈弓) is one skill on each
            count += 1
        return count

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor

        harms.no_death(night, harms.all_of(harms.to(owner), lambda n, harm: self.aimed(n, owner) >= 3),
                       lambda n, harm: f"{owner} 天儀（當夜成為{self.aimed(n, owner)}個技能的目標，不會死亡）",
                       what="當夜成為至少三個技能的目標時，你")


class Tiaoxin(CharacterSkill):
    """挑釁：指定一個ID，將其當夜發動的身份技能的目標改為你。（若指定的ID身份為女眷，將【亂花】的目標B改為你）"""

    name = "挑釁"
    stage = "redirect"

    def apply(self, night: Night, use: Use) -> None:
        owner, target = use.actor, use.targets[0]
        if target == owner:
            night.note(f"{owner} 挑釁自己：無事發生")
            return
        changed = []
        for other in night.uses_by(target):
            if not other.live or other.skill.source is not _IDENTITY or not other.action.targets:
                continue
            slots = [1] if other.name == "亂花" else range(len(other.action.targets))
            for slot in slots:
                other.redirect(slot, owner, by=owner, source=use)
            changed.append(other.name)
        night.note(f"{owner} 挑釁 {target}：" + ("、".join(f"【{n}】" for n in changed) + "的目標改為其"
                                                  if changed else "其當夜沒有發動有目標的身份技能"))


LUOHONG_KEY = "落鴻哀歌"


class Luohong(CharacterSkill):
    """落鴻哀歌：*全*若本國為當前場上人數最多的國家則使用失敗。當夜本國的聯盟狀態（若有）終止，其他國角色的技能有一半概率失敗，本國殺手發動的【刺殺】可以額外指定一個目標；跳過次日投票階段；次夜所有針對本國殺手的行動均失效，你於次夜結算時退出歷史舞台。

    Ruling SS14: 人數最多 counts living players of 魏, 蜀 and 吳 as the night begins; a country
    tied for the most is among the most (使用失敗, before any check). The extra target of a 刺殺 is
    submitted with it (a 刺殺 submitted with 落鴻哀歌, before or after it, may name two ids: ``extra_targets``); the 刺殺
    is then one 刺殺 on each (``Stab.apply``). If 落鴻哀歌 fails or is void, only the first target
    is settled. 跳過次日投票階段: the next day has no vote (effect ``no-vote``: votes are refused,
    no ballot, no vote death).
    """

    name = "落鴻哀歌"
    kind = Kind.GLOBAL
    stage = "cancel"
    targets = TargetRule(count=0)

    def extra_targets(self, game: Any, grant: Action, action: Action) -> int:
        players = game.state.players
        killer = players.get(action.actor)
        return 1 if killer is not None and killer.identity == "殺手" and \
            game.country_of(action.actor) == game.country_of(grant.actor) else 0

    @staticmethod
    def most(night: Night, country: str) -> bool:
        counts = {c: sum(1 for p in night.state.players.values() if p.alive and night.game.country_of(p.id) == c)
                  for c in COUNTRIES}
        return counts.get(country, 0) >= max(counts.values())

    def prepare(self, night: Night, use: Use) -> None:
        country = night.game.country_of(use.actor)

        def lapse(n: Night, stab: Use) -> str | None:
            """A 刺殺 that named a second id on this grant, when the grant did not go off: only its
            first target is settled (the right to the extra one was never given)."""
            if use.live or stab.name != "刺殺" or len(stab.action.targets) < 2 \
                    or n.game.country_of(stab.actor) != country \
                    or len(stab.action.targets) in n.game.more_targets(n.state.player(stab.actor), "刺殺"):
                return None
            a = stab.action
            stab.action = Action(a.actor, a.skill, a.targets[:1], dict(a.args))
            n.note(f"{stab.actor} 的刺殺額外指定的目標 {'、'.join(a.targets[1:])} 不予結算：{use.actor} 的【落鴻哀歌】未生效")
            return None

        night.target_rules.append(lapse)
        if self.most(night, country):
            night.fail(use, f"{country}國為當前場上人數最多的國家")
            return
        night.rate_modifiers.append(
            lambda n, u: Fraction(1, 2) if use.live and n.game.country_of(u.actor) != country else None)

    def apply(self, night: Night, use: Use) -> None:
        country = night.game.country_of(use.actor)
        for a in night.state.alliances:
            if country in a.countries and a.active(night.index):
                night.trace += alliances.break_alliance(night.state, a.countries, night.index)
        delayed.schedule(night, delayed.NEXT_DAY, "no-vote", use.actor, {"by": self.name})
        delayed.schedule(night, delayed.NEXT_NIGHT, self.name, use.actor, {"country": country})
        night.note(f"{use.actor} 落鴻哀歌：{country}國的聯盟終止，其他國角色的技能有一半概率失敗")

    def on_effect(self, phase: Any, effect: Effect) -> None:
        owner, country = effect.owner, effect.data["country"]
        if not _is_night(phase):
            return

        def killer(n: Night, pid: str) -> bool:
            p = n.state.player(pid)
            return p.identity == "殺手" and n.game.country_of(pid) == country

        def at_killers(n: Night, other: Use) -> bool:
            return any(killer(n, t) for t in other.targets)

        reason = f"{owner} 落鴻哀歌：次夜所有針對本國殺手的行動均失效"
        cancel.void_actions(phase, at_killers, reason, what="次夜所有針對本國殺手的行動")
        stabs.immune(phase, at_killers, reason, what="次夜針對本國殺手")  # a 刺殺 is such an action too
        if phase.state.player(owner).alive:
            phase.harms.append(Harm(owner, Level.KILL, self.name, [owner], removal=True,
                                    why=[f"{owner} 落鴻哀歌：於次夜結算時退出歷史舞台"]))


SKILLS: list[type[Skill]] = [Jianmo, Juwei, Jiwubucheng, Niepan, Lianhuan, Zhengjian, Yazi, Gaiguan, Xuanyuan,
                             Wuchang, Zhaona, Songtu, Tianyi, Tiaoxin, Luohong]
