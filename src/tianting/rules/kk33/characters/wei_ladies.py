"""KK 3.3 character skills: wei_ladies (魏·女眷：甄姬、蔡文姬、SP蔡文姬、夏侯涓、王異).

Each class quotes its rule text verbatim. Rulings on ambiguous sentences are
in ``docs/rulings/kk33-wei_ladies.md`` (W1 …), cited where they apply.
肝腸寸斷 (蔡文姬) resolves the night again (ruling W6, ``Night.rerun_request``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Action, Feedback
from tianting.core.skills import Kind, Skill, Source, TargetRule, Use, UseState
from tianting.core.state import GameState
from tianting.core.usertext import shown
from tianting.effects import cancel, limits
from tianting.effects import harm as harms
from tianting.effects import stab as stabs
from tianting.rules.kk33 import skillbook
from tianting.rules.kk33.characters.common import StabShield
from tianting.rules.kk33.characters.common import is_night as _is_night
from tianting.rules.kk33.harm import Harm, Level

if TYPE_CHECKING:
    from tianting.rules.kk33.night import Night

STRATEGISTS = ("正軍師", "副軍師")
KEEP = "不修改"
"""The answer to 飄忽若神's choice that leaves a target as it is."""
POEM = "詩"
"""SP蔡文姬's marker (「詩」標記)."""

# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__).
_CHARACTER = Source.CHARACTER
_FAILED = UseState.FAILED


class LadySkill(Skill):
    source = Source.CHARACTER


# ---- 甄姬 ---------------------------------------------------------------------
class Luoshen(LadySkill):
    """洛神：使用後當夜，你可以額外發動一次【亂花】。"""

    name = "洛神"
    stage = "after"
    targets = TargetRule(count=0)

    def extra_uses(self, game: Any, action: Action) -> list[tuple[str, str, int]]:
        return [(action.actor, "亂花", 1)]

    def prepare(self, night: Night, use: Use) -> None:
        # W1: if 洛神 itself fails (受傷), the extra 亂花 had no right: it fails too.
        def extra_without_right(n: Night, other: Use) -> str | None:
            if use.state is not _FAILED or other.name != "亂花" or other.actor != use.actor:
                return None
            live = [u for u in n.uses if u.skill.name == "亂花" and u.action.actor == use.actor and not u.implicit and u.live]
            if live and other is not live[0]:
                return "【洛神】發動失敗，額外的【亂花】無從發動"
            return None

        night.block_rules.append(extra_without_right)

    def apply(self, night: Night, use: Use) -> None:
        night.note(f"{use.actor} 使用【洛神】：當夜可以額外發動一次【亂花】")


class Piaohu(LadySkill):
    """飄忽若神：指定三個軍師或副軍師，獲悉他們當夜【明察】或【暗訪】的目標並可強制修改之。"""

    name = "飄忽若神"
    stage = "redirect"
    targets = TargetRule(count=3, self_allowed=False)
    READS = ("明察", "暗訪")

    def _options(self, night: Night, other: Use) -> list[str]:
        """The ids the changed skill could have named itself (明察: the living but its user; 暗訪: the dead)."""
        rule = other.skill.targets
        out = [KEEP]
        for p in night.state.players.values():
            if p.alive == rule.dead or (not rule.self_allowed and p.id == other.actor):
                continue
            if p.id != other.targets[0]:
                out.append(p.id)
        return out

    def apply(self, night: Night, use: Use) -> None:
        for target in use.targets:
            seen: list[dict[str, Any]] = []
            player = night.state.player(target)
            if player.identity in STRATEGISTS:  # W2: anyone else reads as 「沒有」
                for other in night.uses_by(target):
                    if other.name not in self.READS or not other.live or not other.targets:
                        continue
                    was = other.targets[0]
                    new = night.book.choose(night.rng, use.actor, self.name, self._options(night, other),
                                            lambda answer, option: answer == option, default=KEEP)
                    entry: dict[str, Any] = {"skill": other.name, "target": was, "changed_to": None}
                    if new != KEEP:
                        other.redirect(0, new, by=use.actor, source=use)
                        entry["changed_to"] = new
                        night.note(f"{use.actor} 飄忽若神：將 {target} 的【{other.name}】目標由 {was} 改為 {new}")
                    seen.append(entry)
            if seen:
                parts = [f"【{e['skill']}】{e['target']}" + (f"（已改為{e['changed_to']}）" if e["changed_to"] else "")
                         for e in seen]
                text = f"【飄忽若神】{target}當夜的目標：{'；'.join(parts)}。"
            else:
                text = f"【飄忽若神】{target}當夜沒有發動【明察】或【暗訪】。"
            night.tell(use.actor, Feedback(self.name, text, target, {"actions": seen}))
            night.note(f"{use.actor} 飄忽若神 {target}：{len(seen)}個【明察】/【暗訪】")


# ---- 蔡文姬 -------------------------------------------------------------------
class Guihan(LadySkill):
    """歸漢：指定一個ID，令其獲悉你的角色。"""

    name = "歸漢"
    stage = "inform"

    def apply(self, night: Night, use: Use) -> None:
        target = use.targets[0]
        me = night.state.player(use.actor)
        if target == use.actor:
            night.note(f"{use.actor} 歸漢：指定自己，無人獲悉")
            return
        night.state.player(target).known[use.actor] = me.character
        night.tell(target, Feedback(self.name, f"【歸漢】{use.actor}的角色：{me.character}。", use.actor,
                                    {"character": me.character}))
        night.note(f"{use.actor} 歸漢：{target} 獲悉其角色{me.character}")


class Beifen(LadySkill):
    """悲憤詩篇：*全*使用後當夜，所有針對本國角色的【刺殺】、【亂花】（包括被指定為目標A或B）有一半概率失效，所有本國角色不會受傷。"""

    name = "悲憤詩篇"
    kind = Kind.GLOBAL
    stage = "protect"
    targets = TargetRule(count=0)

    def prepare(self, night: Night, use: Use) -> None:
        country = night.game.country_of(use.actor)

        def ours(n: Night, pid: str) -> bool:
            return n.game.country_of(pid) == country

        def bind_rule(n: Night, other: Use) -> str | None:
            if not use.live or not other.live or other.skill.acts_as(other.action) != "亂花" \
                    or not any(ours(n, pid) for pid in other.targets):
                return None
            a, b = other.targets
            if n.rng.chance(f"悲憤詩篇失效判定 {other.actor}【亂花】{a}→{b}"):
                return f"{use.actor} 悲憤詩篇（一半概率失效）"
            return None

        stabs.half_immune(night, stabs.all_of(stabs.while_live(use), lambda n, stab: ours(n, stab.targets[0])),
                          lambda n, stab: f"悲憤詩篇失效判定 {stab.actor}→{stab.targets[0]}",
                          f"{use.actor} 悲憤詩篇（一半概率失效）", what="針對本國角色",
                          kept=lambda n, stab: f"{stab.actor} 的刺殺對 {stab.targets[0]}：悲憤詩篇判定仍有效")
        night.target_rules.append(bind_rule)
        harms.no_wound(night, harms.all_of(harms.while_live(use), lambda n, harm: ours(n, harm.target)),
                       f"{use.actor} 悲憤詩篇：本國角色不會受傷", what="本國角色")

    def apply(self, night: Night, use: Use) -> None:
        night.note(f"{use.actor} 使用【悲憤詩篇】")


# ---- SP蔡文姬 -------------------------------------------------------------------
def _guessable() -> dict[str, str]:
    """Skills 詩想 may name: active (and *全*) character skills, and passive ones of more than two characters."""
    from tianting.rules.kk33.game import roster

    out: dict[str, str] = {}
    for c in roster().characters.values():
        for s in c.skills:
            if s.kind in ("active", "global") or (s.kind == "passive" and len(s.name) != 2):
                out[s.name] = s.kind
    return out


def _entries(state: GameState, action: Action) -> list[tuple[str, str]]:
    """詩想's guesses as (id, skill), names in the rules' spelling; raises IllegalAction."""
    from tianting.rules.kk33.game import roster

    raw = action.args.get("guesses")
    if not isinstance(raw, list) or not raw:
        raise IllegalAction("【詩想】須給出至少一條猜測（guesses：[[ID, 技能], …]）", "bad-arg")
    allowed = _guessable()
    out: list[tuple[str, str]] = []
    for item in raw:
        if isinstance(item, dict):
            pid, skill = item.get("id"), item.get("skill")
        elif isinstance(item, (list, tuple)) and len(item) == 2:
            pid, skill = item
        else:
            raise IllegalAction(f"【詩想】的猜測「{shown(item)}」須為 [ID, 技能]", "bad-arg")
        if not isinstance(pid, str) or pid not in state.players:
            raise IllegalAction(f"【詩想】的猜測對象「{shown(pid)}」不在遊戲中", "unknown-target")
        if pid == action.actor:
            raise IllegalAction("【詩想】只能猜測其他角色", "target-self")
        name = roster().all_skill_names.get(skill)
        if name is None or name not in allowed:
            raise IllegalAction(f"【詩想】只能猜測主動角色技能及非二字被動角色技能，「{shown(skill)}」不是", "bad-arg")
        if (pid, name) in out:
            raise IllegalAction(f"【詩想】的猜測重複：{pid}【{name}】", "bad-arg")
        out.append((pid, name))
    return out


class Shixiang(LadySkill):
    """詩想：猜測上夜其他角色的主動角色技能及非二字被動角色技能的使用情況，每猜測正確一條獲得一個「詩」標記，每猜測錯誤一條扣除一個「詩」標記。（「詩」標記為0時不再扣除）"""

    name = "詩想"
    stage = "inform"
    targets = TargetRule(count=0)
    args = ("guesses",)

    def validate(self, state: GameState, action: Action) -> None:
        if state.index < 2:
            raise IllegalAction("第一夜沒有上夜，不能使用【詩想】", "no-last-night")
        _entries(state, action)

    @staticmethod
    def used_last_night(night: Night, pid: str, skill: str) -> bool:
        """W7: an active skill went off (used or void, not failed); a passive one fired (consumed or told)."""
        index = night.index - 2
        if _guessable().get(skill) == "passive":
            fired = night.state.extra.get("詩想·被動", {}).get(index, {}).get(pid, [])
            if skill in fired:
                return True
            result = next((r for r in night.game.results if r.phase == "night" and r.number == night.game.number - 1),
                          None)
            items = result.feedback.get(pid, []) if result else []
            return any(f.skill == skill or f.data.get("via") == skill for f in items)
        for h in night.state.history:
            if h.get("phase") == "night" and h.get("index") == index:
                return any(a["actor"] == pid and a["skill"] == skill and a["state"] in ("done", "void")
                           for a in h["actions"])
        return False

    def apply(self, night: Night, use: Use) -> None:
        me = night.state.player(use.actor)
        guesses = _entries(night.state, use.action)
        right = [(pid, s) for pid, s in guesses if self.used_last_night(night, pid, s)]
        wrong = len(guesses) - len(right)
        before = me.marker(POEM)
        after = max(0, before + len(right) - wrong)  # W8: gains, then deductions, never below 0
        me.markers[POEM] = after
        book = night.state.extra.setdefault("詩想", {}).setdefault(use.actor, [])
        book += [{"night": night.game.number - 1, "id": pid, "skill": s} for pid, s in right]
        night.tell(use.actor, Feedback(self.name, f"【詩想】你猜測了{len(guesses)}條，現有「詩」標記{after}個。",
                                       None, {"guesses": len(guesses), POEM: after}))
        night.note(f"{use.actor} 詩想：{len(guesses)}條中正確{len(right)}條，「詩」標記 {before}→{after}")
        Jinbi.awaken_if_due(night, use.actor)


class Lingzou(LadySkill):
    """玲奏：*被*針對你的角色技能有X/10的概率失效。（X為「詩」標記的數量，最少為0）"""

    name = "玲奏"
    kind = Kind.PASSIVE
    stage = "redirect"
    priority = -1000  # before any other redirect, so skills of the first two stages are checked in time
    EARLY = ("redirect", "cancel")

    @staticmethod
    def roll(night: Night, owner: str, other: Use) -> str | None:
        if other.implicit or other.actor == owner or other.skill.source is not _CHARACTER \
                or owner not in other.targets:
            return None
        x = night.state.player(owner).marker(POEM)
        if x <= 0:
            return None
        if x >= 10 or night.rng.chance(f"玲奏失效判定 {other.actor}【{other.name}】", Fraction(x, 10)):
            return f"{owner} 玲奏（{min(x, 10)}/10概率失效）"
        return None

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor

        def later(n: Night, other: Use) -> str | None:
            if not other.live or other.skill.stage in self.EARLY:
                return None  # the first two stages were checked in apply
            return self.roll(n, owner, other)

        night.target_rules.append(later)

    def apply(self, night: Night, use: Use) -> None:
        for other in list(night.uses):
            if other.live and other.skill.stage in self.EARLY:
                reason = self.roll(night, use.actor, other)
                if reason:
                    night.void(other, reason)


class Jinbi(LadySkill):
    """金璧之才：*覺醒技**被*當你的「詩」標記累計達到5或更多時，你失去技能【詩想】並獲得技能【丞文】，獲悉你之前所有猜測正確的條目，與魏國隨機一名軍師（若在場）互識。"""

    name = "金璧之才"
    kind = Kind.PASSIVE
    stage = "after"
    priority = 1_000_000  # the last thing of the night: records which limited passives fired (for 詩想)

    def prepare(self, night: Night, use: Use) -> None:
        night.state.extra.setdefault("詩想·起", {})[night.index] = {
            p.id: dict(p.used) for p in night.state.players.values()}

    def apply(self, night: Night, use: Use) -> None:
        start = night.state.extra.get("詩想·起", {}).pop(night.index, {})
        passive = {name for name, kind in _guessable().items() if kind == "passive"}
        fired: dict[str, list[str]] = {}
        for p in night.state.players.values():
            was = start.get(p.id, {})
            grew = [s for s, n in p.used.items() if s in passive and n > was.get(s, 0)]
            if grew:
                fired[p.id] = grew
        night.state.extra.setdefault("詩想·被動", {})[night.index] = fired

    @classmethod
    def awaken_if_due(cls, night: Night, pid: str) -> None:
        me = night.state.player(pid)
        if cls.name not in me.skills or me.used.get(cls.name) or me.marker(POEM) < 5:
            return
        limits.consume(night, pid, cls.name)  # (覺醒: told below)
        skillbook.lose(night, pid, "詩想", via=cls.name)
        skillbook.gain(night, pid, "丞文", via=cls.name)
        right = night.state.extra.get("詩想", {}).get(pid, [])
        listing = "；".join(f"第{e['night']}夜 {e['id']}【{e['skill']}】" for e in right) or "無"
        night.tell(pid, Feedback(cls.name, f"【金璧之才】覺醒。你之前猜測正確的條目：{listing}。", None,
                                 {"awakened": True, "correct": [dict(e) for e in right]}))
        night.note(f"{pid} 金璧之才覺醒（「詩」標記{me.marker(POEM)}個）")
        advisers = [p.id for p in night.state.players.values()
                    if p.alive and p.id != pid and night.game.country_of(p.id) == "魏" and p.identity in STRATEGISTS]
        if advisers:
            chosen = night.rng.pick(f"金璧之才 互識 {pid}", advisers)
            night.recognise(pid, chosen, via=cls.name)
        else:
            night.note(f"{pid} 金璧之才：魏國軍師不在場，無人互識")


class Chengwen(LadySkill):
    """丞文：*隱藏技*使用後當夜，你可以發動一次【明察】。若你【明察】的目標在此之前已經成為過【明察】的目標，則將此【明察】改為【去偽存真】。"""

    name = "丞文"
    stage = "inform"
    targets = TargetRule(self_allowed=False)
    """W11: 丞文 is submitted with the target of its 【明察】 (明察：指定一個除你以外的ID)."""

    def validate(self, state: GameState, action: Action) -> None:
        # usable once 金璧之才 has awakened, or by a holder without 金璧之才, who gained it (化身: ZC7)
        player = state.player(action.actor)
        if "金璧之才" in player.skills and not player.used.get("金璧之才"):
            raise IllegalAction("【丞文】是隱藏技，須於【金璧之才】覺醒之後才能使用", "hidden")

    @staticmethod
    def investigated_before(night: Night, target: str) -> bool:
        """W12: the target of a 明察 that went off (done or void) on an earlier night."""
        for h in night.state.history:
            if h.get("phase") != "night":
                continue
            for a in h["actions"]:
                if a["skill"] == "明察" and a["state"] in ("done", "void") and target in a["targets"]:
                    return True
        return any(e["target"] == target and e["skill"] == "明察" and e["index"] < night.index
                   for e in night.state.extra.get("丞文", []))

    def apply(self, night: Night, use: Use) -> None:
        target = use.targets[0]
        # W11: the 【明察】 is 丞文's content; 丞文 passed its one check (技能的一切內容均一定成功生效).
        skill = "去偽存真" if self.investigated_before(night, target) else "明察"
        data, text = night.game.skills[skill].learn(night, target)
        night.state.extra.setdefault("丞文", []).append({"index": night.index, "target": target, "skill": skill})
        night.tell(use.actor, Feedback(skill, text, target, {**data, "via": self.name}))
        night.note(f"{use.actor} 丞文（{skill}）{text}")


# ---- 夏侯涓 -------------------------------------------------------------------
class Tongxin(LadySkill):
    """同心：指定一個ID，當夜若你未死亡則他也不會死亡，若你死亡則他一同死亡。"""

    name = "同心"
    stage = "protect"
    targets = TargetRule()
    """W13: she may name herself (only 除你以外 excludes the user, R10); that does nothing."""

    def apply(self, night: Night, use: Use) -> None:
        owner, target = use.actor, use.targets[0]
        if target == owner:
            night.note(f"{owner} 同心：指定自己，無事發生")
            return

        harms.no_death(night, harms.all_of(harms.while_live(use), harms.to(target),
                                           lambda n, harm: bool(n.state.player(owner).alive)),
                       f"{owner} 同心（{owner}未死亡，{target}也不會死亡）", what=f"你未死亡時，{target}")
        night.note(f"{owner} 同心 {target}")

    def on_death(self, phase: Any, owner: str, dead: str, cause: str, sources: list[str]) -> None:
        if dead != owner or not _is_night(phase):
            return
        for use in phase.uses:
            if use.name == self.name and use.actor == owner and use.live and not use.implicit:
                target = use.targets[0]
                if target != owner and phase.state.player(target).alive:
                    phase.apply_harm(Harm(target, Level.KILL, self.name, [owner],
                                          why=[f"{owner} 死亡，同心的 {target} 一同死亡"]))


class Lianli(StabShield):
    """連理並蒂：若張飛不在場則失效。使用後當夜，所有針對你和張飛的【刺殺】失效。張飛失去技能【迎娶新妻】。魏蜀聯盟達成（或延期）兩日兩夜。"""

    name = "連理並蒂"
    partner = "張飛"
    alliance = ("魏", "蜀")

    def also(self, night: Night, use: Use, partner: str | None) -> None:
        if partner is not None:
            skillbook.lose(night, partner, "迎娶新妻", via=self.name)


# ---- 王異 ---------------------------------------------------------------------
class Zhenlie(LadySkill):
    """貞烈：*被*針對你的【明察】、【去偽存真】與【亂花】（包括被指定為目標A或B）均失效。"""

    name = "貞烈"
    kind = Kind.PASSIVE
    stage = "after"
    VOIDS = ("明察", "去偽存真", "亂花", "丞文")
    """丞文 is a 【明察】 (or 【去偽存真】) made through another skill."""

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor

        cancel.void_actions(night, cancel.all_of(lambda n, other: other.live, cancel.named(*self.VOIDS),
                                                 lambda n, other: other.actor != owner, cancel.aimed_at(owner)),
                            f"{owner} 貞烈", what="其他角色針對你的【明察】【去偽存真】【亂花】")


class Hengren(LadySkill):
    """橫刃復誓：*被*本國殺手死亡的下個階段開始時，你的身份更為殺手。"""

    name = "橫刃復誓"
    kind = Kind.PASSIVE
    stage = "after"
    priority = 999_999  # the end of the night is the start of the next phase
    KEY = "橫刃復誓"

    def on_death(self, phase: Any, owner: str, dead: str, cause: str, sources: list[str]) -> None:
        state = phase.state
        me = state.player(owner)
        pending = state.extra.setdefault(self.KEY, {})
        if dead == owner:
            if pending.pop(owner, None) == "day":
                self._undo(phase, me)
            return
        if me.used.get(self.name) or owner in pending:
            return
        other = state.player(dead)
        if other.identity != "殺手" or phase.game.country_of(dead) != phase.game.country_of(owner):
            return
        if _is_night(phase):
            pending[owner] = "night"  # changed by this skill's own use at the end of the night
            phase.note(f"{owner} 橫刃復誓：本國殺手 {dead} 死亡，下個階段開始時身份更為殺手")
        else:
            # A day ends with its deaths: the next phase begins right after (W16).
            pending[owner] = "day"
            self._change(phase, me)

    def apply(self, night: Night, use: Use) -> None:
        me = night.state.player(use.actor)
        if night.state.extra.get(self.KEY, {}).pop(use.actor, None) == "night" and me.alive:
            self._change(night, me)

    def _change(self, phase: Any, me: Any) -> None:
        if me.identity == "君主":  # W17: a 新任君主 stays the lord
            phase.note(f"{me.id} 橫刃復誓：已成為新任君主，身份不變")
            return
        before = me.identity
        me.identity = "殺手"
        me.used[self.name] = 1
        phase.tell(me.id, Feedback(self.name, "【橫刃復誓】本國殺手死亡，你的身份更為殺手。", None,
                                   {"identity": "殺手", "was": before}))
        phase.note(f"{me.id} 橫刃復誓：身份由{before}更為殺手")

    def _undo(self, phase: Any, me: Any) -> None:
        """She died in the same day: at the next phase's start she is out, and nothing changes."""
        was = next((f.data.get("was") for f in phase.feedback.get(me.id, []) if f.skill == self.name), None)
        if was is None:
            return
        me.identity = was
        me.used.pop(self.name, None)
        phase.feedback[me.id] = [f for f in phase.feedback[me.id] if f.skill != self.name]
        phase.note(f"{me.id} 橫刃復誓：其於同一階段死亡，身份不變")


class Ganchang(LadySkill):
    """肝腸寸斷：*被*當你死亡時，指定一個ID，令其此夜的所有行動均失效。

    Her night death is known only once the harms are settled; the night is then
    resolved again from its start with every action the named player submitted
    that night void (``Night.rerun_request``). Her death stands either way. A
    death by day has no 「此夜」: nothing happens (ruling W6).
    """

    name = "肝腸寸斷"
    kind = Kind.PASSIVE
    may_rerun_night = True

    def on_death(self, phase: Any, owner: str, dead: str, cause: str, sources: list[str]) -> None:
        if dead != owner or not _is_night(phase):
            return
        if phase.rerun is not None:
            if phase.rerun.by == owner:  # the second pass: the choice stands, she is told
                voided = phase.rerun.voided
                phase.state.player(owner).used[self.name] = 1
                phase.tell(owner, Feedback(self.name, f"【肝腸寸斷】你指定{voided}，其此夜的所有行動均失效。",
                                           voided, {"voided": voided}))
            return
        from tianting.rules.kk33.night import Rerun

        options = [p.id for p in phase.state.players.values()
                   if p.id != owner and (p.alive or p.id in phase.exited)]
        if not options:
            return
        chosen = phase.book.choose(phase.rng, owner, self.name, options, lambda a, o: a == o)
        phase.rerun_request = Rerun(chosen, owner, cause, tuple(sources), self.name, phase.book.asked[-1])
        phase.note(f"{owner} 死亡，【肝腸寸斷】指定 {chosen}：其此夜的所有行動均失效，此夜重新結算")


SKILLS: list[type[Skill]] = [Luoshen, Piaohu, Guihan, Beifen, Ganchang, Shixiang, Lingzou, Jinbi, Chengwen, Tongxin,
                             Lianli, Zhenlie, Hengren]
