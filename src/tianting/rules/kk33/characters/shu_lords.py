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
from tianting.effects import cancel, delayed, limits, votes
from tianting.effects import country as countries
from tianting.effects import harm as harms
from tianting.effects import stab as stabs
from tianting.effects.targets import retarget
from tianting.rules.kk33 import skillbook
from tianting.rules.kk33.characters.common import CharacterSkill, voter_in_country
from tianting.rules.kk33.characters.common import base_name as _base
from tianting.rules.kk33.characters.common import phase_country as _country
from tianting.rules.kk33.characters.shu_killers import qixing_free_of_weiyan
from tianting.rules.kk33.harm import Harm, Level
from tianting.rules.kk33.roster import IDENTITIES

if TYPE_CHECKING:
    from tianting.rules.kk33.day import Day
    from tianting.rules.kk33.night import Night

# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__).
_FAILED = UseState.FAILED
_IDENTITY = Source.IDENTITY
_NONE = Level.NONE
_VOID = UseState.VOID


def _holds(phase: Any, pid: str, skill: str) -> bool:
    player = phase.state.player(pid)
    return player.alive and skill in player.skills


# ---- 劉備 ----------------------------------------------------------------------
class Rende(CharacterSkill):
    """仁德：*被*你可以發動無限次【招賢納才】（每夜限一次）。

    Lifts 招賢納才's once-a-game limit while held (``Skill.lifts_limit``, read by the action
    check); once a night stays (``per_night``). Each use is still counted (SL1).
    """

    name = "仁德"
    kind = Kind.PASSIVE
    stage = "inform"
    priority = 1
    lifts_limit = ("招賢納才",)

    def apply(self, night: Night, use: Use) -> None:
        """The judge's trace says when a 招賢納才 went beyond its once-a-game limit thanks to 仁德."""
        owner = use.actor
        count = night.state.player(owner).used.get("招賢納才", 0)
        if count > 1 and any(u.name == "招賢納才" and u.live for u in night.uses_by(owner)):
            night.note(f"{owner} 仁德：第{count}次發動【招賢納才】（無限次，每夜限一次）")


class Hanyi(CharacterSkill):
    """漢裔：*被*所有針對你的投票無效。曹丕使用【代漢自立】或孫權使用【三分制衡】後失去此技能。

    The loss is done by 代漢自立 and 三分制衡 themselves (skillbook.lose).
    """

    name = "漢裔"
    kind = Kind.PASSIVE

    def on_day(self, day: Day, owner: str) -> None:
        if not day.game.can_act(day.state.player(owner)):
            return

        held = self.name
        votes.void(day, votes.all_of(votes.against(owner), lambda d, voter, target: held in d.state.player(owner).skills),
                   f"{owner} {self.name}（所有針對其的投票無效）", what="所有針對你")


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
        # Who of X aimed a skill at him: the cheap tests on each use first, the character (an X?) and
        # life of the few actors left after them (pure reads, in a different order: the same set).
        failed, players, characters = _FAILED, night.state.players, night.game.roster.characters
        found: set[str] = set()
        for u in night.uses:
            # (aimed at him, read first: the test most uses fail; Use.targets's first answer inlined)
            if owner not in (u.targets if u.redirects else u.action.targets) or u.implicit or u.state is failed:
                continue
            actor = u.action.actor  # (Use.actor, without the property's call)
            if actor == owner or actor in found:
                continue
            them = players[actor]
            if them.alive and characters[them.character].base in self.partners:
                found.add(actor)
        if not found:
            return
        who = sorted(found, key=lambda pid: night.state.player(pid).seat)  # not submission order
        limits.consume(night, owner, self.name)
        shield = f"{owner} {self.name}（防止{'、'.join(who)}對其造成的致死或致傷效果）"

        stabs.immune(night, stabs.all_of(stabs.on(owner), stabs.by(*who)), shield, what=f"{'、'.join(who)}對你")
        harms.prevent(night, harms.all_of(harms.to(owner), harms.only_from(*who)), shield, what=f"{'、'.join(who)}對你")
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
        """The ids of the tigers in play, in TIGERS' order: ``night.game.in_play(name)`` for each
        name (the first living player playing it, any form), from one pass over the players."""
        characters = night.game.roster.characters
        first: dict[str, str] = {}
        for p in night.state.players.values():
            if p.alive:
                for name in (p.character, characters[p.character].base):
                    if name in TIGERS and name not in first:
                        first[name] = p.id
        return [first[name] for name in TIGERS if name in first]

    def prepare(self, night: Night, use: Use) -> None:
        tigers = self.tigers_in_play(night)
        if len(tigers) < 2 and night.game.in_play("法正") is None:
            night.fail(use, f"五虎將在場{len(tigers)}人（少於兩人）且法正不在場")
            return
        owner = use.actor

        def shielded(n: Night, pid: str) -> bool:
            return pid == owner or _base(n, pid) in TIGERS

        stabs.half_immune(night, stabs.all_of(stabs.while_live(use), lambda n, stab: shielded(n, stab.targets[0])),
                          lambda n, stab: f"五虎封將 {stab.actor}→{stab.targets[0]} 失效判定",
                          lambda n, stab: f"{owner} 五虎封將（針對{stab.targets[0]}的刺殺有一半概率失效）",
                          what="針對你和五虎將",
                          kept=lambda n, stab: f"{owner} 五虎封將：{stab.actor} 對 {stab.targets[0]} 的刺殺判定仍有效")
        harms.no_wound(night, harms.all_of(harms.while_live(use), lambda n, harm: shielded(n, harm.target)),
                       lambda n, harm: f"{owner} 五虎封將（{harm.target} 不會受傷）", what="你和五虎將")

    def apply(self, night: Night, use: Use) -> None:
        night.note(f"{use.actor} 五虎封將：當夜針對其與五虎將的刺殺有一半概率失效，其與五虎將不會受傷")


# ---- 劉封 ----------------------------------------------------------------------
BUCHU_SEATS: tuple[tuple[str, ...], ...] = (("君主",), ("正軍師", "副軍師"), ("殺手",), ("護衛",), ("女眷",))
"""不出's nights in order: 君主, 軍師, 殺手, 護衛, 女眷."""
BUCHU_WORDS = ("君主", "軍師", "殺手", "護衛", "女眷")


class Buchu(CharacterSkill):
    """不出：*被*你登場後的第一夜，其他國君主的身份技能均失效；第二夜，其他國軍師的身份技能均失效；第三夜，其他國殺手的身份技能均失效；第四夜，其他國護衛的身份技能均失效；第五夜，其他國女眷的身份技能均失效。

    劉封 comes in when 劉備 dies and the player chooses him (轉生, heard by ``on_enter``): the phase is recorded
    (``state.extra["不出"]``); the first night after it is his first night. On the n-th
    night the identity skills that players of other countries with the n-th identity
    submit are 失效 (SL4: the actions; 轉生 and 託孤, rules of death, are not voided). Nights only (「第n夜」):
    not in the day's action pass (甘寧's 刺殺 at the vote): ``night_only``.
    """

    name = "不出"
    kind = Kind.PASSIVE
    night_only = True
    stage = "cancel"

    def on_enter(self, phase: Any, owner: str, entered: str, character: str) -> None:
        if entered == owner:  # 你登場: the 轉生 that brought him in
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

        def theirs(nt: Night, other: Use) -> bool:
            return bool(other.skill.source is _IDENTITY and _country(nt, other.actor) != mine
                        and nt.state.player(other.actor).identity in seats)

        cancel.void_actions(night, theirs, f"{owner} 不出（第{n}夜：其他國{word}的身份技能均失效）",
                            what=f"其他國{word}的身份技能")
        night.note(f"{owner} 不出：登場後第{n}夜，其他國{word}的身份技能均失效")


_NAMED_MEMO = "_shu_lords_xiansi_named"
"""Where a state keeps its ``_Named`` (``state.extra``). Not ``vars(state)``: reading an object's ``__dict__``
in CPython 3.11 turns its inline attribute values into a dict, and every later read of ``state.players``,
``state.index`` … costs more (see ``KK33Game.memos``)."""


class _Named:
    """``Xiansi.named_before`` folded over a state's history as it grows.

    Exact: the history's entries are written once, when their phase is resolved, and only read afterwards
    (``GameState.snapshot``); new phases append to it. A list that no longer holds the last entry read
    starts over; so does a state copied (a snapshot, a night resolved again): its history is a list of
    its own, so the fold it carries (the same object, ``__deepcopy__``) never holds it."""

    __slots__ = ("history", "read", "last", "named")

    def __init__(self, history: list[dict[str, Any]]) -> None:
        self.history = history
        self.read = 0
        self.last: dict[str, Any] | None = None
        self.named: set[str] = set()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Named:
        return self  # not state: a copy's history is another list, so the copy folds its own when asked

    def holds(self, history: list[dict[str, Any]]) -> bool:
        return self.history is history and len(history) >= self.read \
            and (self.read == 0 or history[self.read - 1] is self.last)

    def catch_up(self) -> set[str]:
        history, named = self.history, self.named
        for h in history[self.read:]:
            if h.get("phase") != "night":
                continue
            for a in h["actions"]:
                if a["skill"] == "陷嗣" and a["state"] in ("done", "void") and not a.get("implicit"):
                    named.update(a["targets"])
        if len(history) > self.read:
            self.read, self.last = len(history), history[-1]
        return set(named)


class Xiansi(CharacterSkill):
    """陷嗣：指定2個未被【陷嗣】指定過的ID，防止其於當夜造成的致傷或致死效果。若以此法成功防止了致傷或致死效果，你受傷。

    Every harm dealt that night only by the two (a 刺殺 merged with another's is not) is
    prevented, asked before any other immunity; the first it prevents wounds its owner once
    every harm of the night is in (SL5). That wound is the skill's price: 陷嗣 never prevents it,
    even when he named himself.
    """

    name = "陷嗣"
    stage = "protect"
    targets = TargetRule(count=2)

    @staticmethod
    def named_before(state: GameState) -> set[str]:
        """Every id a 陷嗣 named on an earlier night (one that went off: done or void).

        Read on from the entries read before (``_Named``, kept with the state): a bot's offers and the
        engine's checks ask this for every 陷嗣 checked, and the history only grows."""
        memo = state.extra.get(_NAMED_MEMO)
        history = state.history
        if memo is None or not memo.holds(history):
            memo = state.extra[_NAMED_MEMO] = _Named(history)
        return memo.catch_up()

    def validate(self, state: GameState, action: Action) -> None:
        named = self.named_before(state)
        again = [t for t in action.targets if t in named]
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
            if not use.live or harm.level is _NONE or not harm.sources or not set(harm.sources) <= named:
                return None
            if harm.cause == self.name:
                return None  # its own price (你受傷), even when he named himself: not a harm it prevents
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
        delayed.schedule(night, delayed.NEXT_DAY, self.name, use.actor, {"target": target})
        night.note(f"{use.actor} 放權 {target}：次日其投票視為三票，{use.actor} 的投票無效")

    def on_effect(self, phase: Any, effect: Effect) -> None:
        owner, target = effect.owner, effect.data["target"]

        votes.weight(phase, target, 3)
        votes.void(phase, votes.cast_by(owner), f"{owner} 放權（其投票無效）", what=f"次日{owner}")


class Lebusishu(CharacterSkill):
    """樂不思蜀：*被*你於夜間受到致命一擊時，防止之，但次日及以後你的投票均無效。

    A passive limited skill: it prevents the first 致命一擊 (a kill, or a wound while wounded)
    he takes at night, then is used up (he is told); 退出歷史舞台 cannot be prevented (SL6).
    「於夜間」: not in the day's action pass (甘寧's 刺殺 at the vote): ``night_only``.
    """

    name = "樂不思蜀"
    kind = Kind.PASSIVE
    night_only = True
    stage = "protect"

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor

        def prevent(n: Night, harm: Harm) -> str | None:
            me = n.state.player(owner)
            if harm.target != owner or me.used.get(self.name) or self.name not in me.skills or not n.is_fatal(harm):
                return None
            limits.consume(n, owner, self.name)  # (told below, with what follows)
            n.state.extra.setdefault(self.name, {})[owner] = n.index
            n.tell(owner, Feedback(self.name, "【樂不思蜀】發動：防止了你受到的致命一擊，次日及以後你的投票均無效。"
                                   "此技能已消耗。", None, {"consumed": True}))
            return f"{owner} 樂不思蜀（防止其受到的致命一擊）"

        night.harm_preventions.append(prevent)

    def on_day(self, day: Day, owner: str) -> None:
        since = day.state.extra.get(self.name, {}).get(owner)
        if since is None or since >= day.index:
            return

        votes.void(day, votes.cast_by(owner), f"{owner} 樂不思蜀（次日及以後其投票均無效）", what="次日及以後你")


# ---- 遲暮的丞相·諸葛亮 ---------------------------------------------------------------
SEVEN = "ABCDEFG"
SEVEN_TEXT = {
    "A": "該【刺殺】無效",
    "B": "該【刺殺】仍有效但你不會死亡",
    "C": "該【刺殺】無效且發動【刺殺】的人死亡",
    "D": "該【刺殺】仍有效但發動【刺殺】的人死亡",
    "E": "該【刺殺】無效但次日全體蜀國角色投票無效",
    "F": "該【刺殺】仍有效且次日全體蜀國角色投票無效",
    "G": "該【刺殺】仍有效",
}
CHANGE, KEEP_RESULT = "更改", "不更改"


def _scratch(night: Night, key: str, default: Any) -> Any:
    """Per-night working data of this module's skills (gone with the night)."""
    return vars(night).setdefault(f"shu_lords:{key}", default)


class Qixing(CharacterSkill):
    """七星：*被*每當你受到有效的【刺殺】時，隨機執行以下七項中的一項：
    A 該【刺殺】無效；
    B 該【刺殺】仍有效但你不會死亡；
    C 該【刺殺】無效且發動【刺殺】的人死亡；
    D 該【刺殺】仍有效但發動【刺殺】的人死亡；
    E 該【刺殺】無效但次日全體蜀國角色投票無效；
    F 該【刺殺】仍有效且次日全體蜀國角色投票無效；
    G 該【刺殺】仍有效。
    魏延在場時，AB恆為A，CD恆為D。

    「受到有效的【刺殺】」: the night's 刺殺 on him that passed every check (immunities, the
    same-side half chance, 援護) and were merged into one, as it reaches the harm windows; one
    draw for it. 無效 and 「不會死亡」 prevent the harm, and 無效 (A, C, E) also makes the 刺殺 itself
    void, as 援護 does (B's 「仍有效」 leaves it valid); 「發動【刺殺】的人」 is every killer of the
    merged 刺殺, who dies (a 致死 dealt at the moment of the night's harms, R47). 魏延's rule holds while
    魏延 is in play and no one has used up 撥亂反正 (SL7).
    """

    # Bespoke (no effect says it): a drawn result among six, each its own mix of 無效, death and votes (SEVEN).
    name = "七星"
    kind = Kind.PASSIVE
    stage = "protect"

    @staticmethod
    def weiyan_bends(night: Night) -> bool:
        """魏延在場時…; 撥亂反正：該技能消耗後，諸葛亮的【七星】不再受魏延影響。"""
        if night.game.in_play("魏延") is None:
            return False
        return not qixing_free_of_weiyan(night.state)

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor
        results: dict[int, str] = _scratch(night, f"七星:{owner}", {})

        def roll(n: Night, harm: Harm) -> None:
            if harm.target != owner or harm.cause != "刺殺" or harm.removal or harm.level is _NONE \
                    or id(harm) in results or not _holds(n, owner, self.name):
                return
            drawn = n.rng.pick(f"七星 {owner}", list(SEVEN))
            n.note(f"{owner} 七星：判定結果 {drawn}（{SEVEN_TEXT[drawn]}）")
            drawn = Nitiangaiming.offer(n, owner, drawn)
            result = drawn
            if self.weiyan_bends(n):
                result = {"B": "A", "C": "D"}.get(drawn, drawn)
                if result != drawn:
                    n.note(f"{owner} 七星：魏延在場，{drawn} 恆為 {result}")
            results[id(harm)] = result
            self.carry_out(n, owner, harm, result)

        def prevent(n: Night, harm: Harm) -> str | None:
            result = results.get(id(harm))
            if result in ("A", "C", "E"):
                return f"{owner} 七星（{result}：該刺殺無效）"
            if result == "B" and n.is_fatal(harm):  # 「不會死亡」: a 刺殺 lessened to a wound still wounds him
                return f"{owner} 七星（B：該刺殺仍有效但其不會死亡）"
            return None

        night.harm_readers.append(roll)  # after every 減輕: the 刺殺 as it lands (R49)
        night.harm_preventions.append(prevent)

    def carry_out(self, night: Night, owner: str, harm: Harm, result: str) -> None:
        if result in ("A", "C", "E"):
            # 「該【刺殺】無效」 (not B's 「仍有效但你不會死亡」): the 刺殺 itself is void, as 援護 makes one, so
            # what reads whether it worked (龍吟, 先知先覺) sees it; the harm is prevented in ``prevent``.
            for stab in night.stabs:
                if stab.live and list(stab.targets) == [owner] and stab.actor in harm.sources:
                    stab.decide(UseState.VOID, f"{owner} 七星（{result}）")
                    night.note(f"{stab.actor} 的刺殺對 {owner} 無效：{stab.why}")
        if result in ("C", "D"):
            # R47: the killers die at the moment of the night's harms, with the 刺殺 that set 七星 off
            # (not after it and its 託孤); a later call (outside the moment) applies them at once.
            for killer in harm.sources:
                death = Harm(killer, Level.KILL, self.name, [owner], why=[f"{owner} 七星（{result}）：發動刺殺的人死亡"])
                if night.death_batch is not None:
                    night.harms.append(death)
                else:
                    night.apply_harm(death)
        if result in ("E", "F"):
            # 次日: the next day, whether the 刺殺 came at night or at the vote (奇襲)
            delayed.schedule(night, delayed.NEXT_DAY, self.name, owner, {"country": "蜀"})
            night.note(f"{owner} 七星（{result}）：次日全體蜀國角色投票無效")

    def on_effect(self, phase: Any, effect: Effect) -> None:
        country = effect.data["country"]

        votes.void(phase, voter_in_country(country), f"{effect.owner} 七星（次日全體{country}國角色投票無效）",
                   what=f"次日全體{country}國角色")


class Nitiangaiming(CharacterSkill):
    """逆天改命：*被*當你的【七星】觸發時，你獲悉判定的結果，並可以選擇將其更為剩餘6項中的隨機一項。

    A passive limited skill: it fires at the first 七星 (the owner learns the letter drawn) and is
    then used up, whether or not he changes it (SL8); his choice is 「更改」 or 「不更改」
    (the default); a change draws among the other six.
    """

    name = "逆天改命"
    kind = Kind.PASSIVE

    @classmethod
    def offer(cls, night: Night, owner: str, drawn: str) -> str:
        me = night.state.player(owner)
        if cls.name not in me.skills or me.used.get(cls.name):
            return drawn
        me.used[cls.name] = 1
        choice = night.book.choose(night.rng, owner, cls.name, [KEEP_RESULT, CHANGE],
                                   lambda a, o: a == o or (isinstance(a, bool) and a == (o == CHANGE)),
                                   default=KEEP_RESULT)
        data: dict[str, Any] = {"drawn": drawn, "consumed": True}
        text = f"【逆天改命】你的【七星】判定結果為 {drawn}（{SEVEN_TEXT[drawn]}）"
        result = drawn
        if choice == CHANGE:
            result = night.rng.pick(f"逆天改命 {owner}", [x for x in SEVEN if x != drawn])
            data["changed"] = result
            text += f"，你將其更為 {result}（{SEVEN_TEXT[result]}）"
            night.note(f"{owner} 逆天改命：{drawn} 更為 {result}")
        night.tell(owner, Feedback(cls.name, text + "。此技能已消耗。", None, data))
        return result


class Kongcheng(CharacterSkill):
    """空城：*隱藏技**被*【刺殺】對你無效。

    隱藏技是指在覺醒技觸發之後才能使用的技能: the roster lists it among 遲暮的丞相's skills from
    the start; it works once 空城絕唱 has awakened (or for a holder without 空城絕唱, who gained it).
    """

    name = "空城"
    kind = Kind.PASSIVE
    stage = "protect"

    @staticmethod
    def awake(phase: Any, owner: str) -> bool:
        me = phase.state.player(owner)
        return bool(me.used.get("空城絕唱")) or "空城絕唱" not in me.skills

    @classmethod
    def shield(cls, night: Night, owner: str) -> None:
        stabs.immune(night, stabs.all_of(stabs.on(owner), stabs.holder(owner, cls.name),
                                         lambda n, stab: bool(cls.awake(n, owner))),
                     f"{owner} {cls.name}（刺殺對其無效）", what="針對你")

    def prepare(self, night: Night, use: Use) -> None:
        self.shield(night, use.actor)


class Kongchengjuechang(CharacterSkill):
    """空城絕唱：*覺醒技*當你的所有四字技能（除該技能外）全部正常消耗或失去後的第一個階段開始時，你失去技能【七星】，獲得技能【空城】。

    Checked as every phase begins (before that phase's actions are used up): when every
    four-character skill he holds other than this one is used up (a failed use uses nothing
    up) — or none is left — he awakens (SL9). 空城 works from that phase on.
    """

    name = "空城絕唱"
    kind = Kind.PASSIVE
    stage = "protect"
    priority = -1000

    def due(self, phase: Any, owner: str) -> bool:
        me = phase.state.player(owner)
        if me.used.get(self.name) or self.name not in me.skills:
            return False
        return all(me.used.get(s) for s in me.skills if len(s) == 4 and s != self.name)

    def awaken(self, phase: Any, owner: str) -> bool:
        if not self.due(phase, owner):
            return False
        phase.state.player(owner).used[self.name] = 1
        phase.tell(owner, Feedback(self.name, "【空城絕唱】覺醒：你失去技能【七星】，獲得技能【空城】。", None,
                                   {"awakened": True}))
        phase.note(f"{owner} 空城絕唱覺醒")
        skillbook.lose(phase, owner, "七星", via=self.name)
        skillbook.gain(phase, owner, "空城", via=self.name, tell=False)  # the awakening's feedback says it
        return True

    def prepare(self, night: Night, use: Use) -> None:
        if self.awaken(night, use.actor):
            Kongcheng.shield(night, use.actor)  # its passive use was not set up tonight

    def on_day(self, day: Day, owner: str) -> None:
        if day.game.can_act(day.state.player(owner)):
            self.awaken(day, owner)


class Shezhanqunru(CharacterSkill):
    """舌戰群儒（遲暮的丞相·諸葛亮）：令次日投票無事發生。吳蜀聯盟達成（或延期）兩日兩夜。
    舌戰群儒（赤壁·諸葛亮）：令次日投票無效。吳蜀聯盟達成（或延期）兩日兩夜。

    The two texts share a name: the user's character decides which (SL10). 「無事發生」: the
    votes are cast and counted (the tally is public) and no one dies; 「無效」: every vote is void.
    """

    name = "舌戰群儒"
    stage = "after"
    targets = TargetRule(count=0)

    @staticmethod
    def void_votes(night: Night, pid: str) -> bool:
        """The text the user holds: his own character's, or the form he took it from (化身)."""
        name = skillbook.text_character(night.game, pid, "舌戰群儒")
        text = night.game.roster.characters[name].skill("舌戰群儒") if name else None
        return text is not None and "投票無效" in text.text

    def apply(self, night: Night, use: Use) -> None:
        void = self.void_votes(night, use.actor)
        delayed.schedule(night, delayed.NEXT_DAY, self.name, use.actor, {"void": void})
        countries.alliance(night, "吳", "蜀", by=use.actor)
        night.note(f"{use.actor} 舌戰群儒：次日投票{'無效' if void else '無事發生'}；吳蜀聯盟達成（或延期）")

    def on_effect(self, phase: Any, effect: Effect) -> None:
        owner = effect.owner
        if effect.data.get("void"):
            votes.void(phase, votes.EVERY, f"{owner} 舌戰群儒（次日投票無效）", what="次日所有")
            return

        def nothing(d: Day, top: int, leaders: list[str]) -> list[str] | None:
            d.note(f"{owner} 舌戰群儒：次日投票無事發生")
            return []

        nothing.nothing_happens = True  # type: ignore[attr-defined]  # ahead of 眩遠惑近 too, whatever the effects' order
        phase.outcome_rules.insert(0, nothing)  # before any rule that would make someone die (行殤, 眩遠惑近)


class Bingxingguidao(CharacterSkill):
    """兵行詭道：指定一個你未【明察】且未【去偽存真】過的ID，猜測其身份，若猜測正確則視為你對其發動了一次【刺殺】，如猜測錯誤則視為其對你發動了一次【刺殺】。

    Submitted with the guess as ``identity`` (殺手甲/殺手乙 are 殺手). 「未明察且未去偽存真過」:
    no 明察 or 去偽存真 of his that went off on an earlier night named that id (SL11). The owner
    is not told whether he guessed right: only what the 刺殺 does shows it.
    """

    name = "兵行詭道"
    stage = "attack"
    args = ("identity",)

    @staticmethod
    def guess(action: Action) -> str | None:
        raw = action.args.get("identity")
        if not isinstance(raw, str):
            return None
        key = name_key(raw)
        if key in (name_key("殺手甲"), name_key("殺手乙")):
            return "殺手"
        return next((i for i in IDENTITIES if name_key(i) == key), None)

    @staticmethod
    def probed(state: GameState, actor: str) -> set[str]:
        out: set[str] = set()
        for h in state.history:
            if h.get("phase") != "night":
                continue
            for a in h["actions"]:
                if a["actor"] == actor and a["skill"] in ("明察", "去偽存真") and a["state"] in ("done", "void"):
                    out.update(a["targets"])
        return out

    def validate(self, state: GameState, action: Action) -> None:
        if self.guess(action) is None:
            raise IllegalAction(f"【兵行詭道】的身份「{action.args.get('identity')}」不是身份之一"
                                f"（{'、'.join(IDENTITIES)}）", "bad-arg")
        if action.targets and action.targets[0] in self.probed(state, action.actor):
            raise IllegalAction(f"【兵行詭道】須指定你未【明察】且未【去偽存真】過的ID：{action.targets[0]} 已被你查驗過",
                                "bad-target")

    def apply(self, night: Night, use: Use) -> None:
        owner, target = use.actor, use.targets[0]
        guess = self.guess(use.action)
        actual = night.state.player(target).identity
        if guess == actual:
            night.note(f"{owner} 兵行詭道：猜測 {target} 的身份為{guess}，正確")
            night.stab_as(owner, target, by=self.name)
        else:
            night.note(f"{owner} 兵行詭道：猜測 {target} 的身份為{guess}，錯誤（實為{actual}）")
            night.stab_as(target, owner, by=self.name)


# ---- 隆中的卧龍·諸葛亮 ---------------------------------------------------------------
class Xianzhixianjue(CharacterSkill):
    """先知先覺：指定一個ID，令其獲悉其當夜的行動是否失效。

    Reported after the night's actions are settled: for each action the target submitted
    that night and that was not 發動失敗 (its owner is told that anyway), whether it was 失效.
    The target is told by 【先知先覺】, not who used it; the owner learns nothing (SL12).
    """

    name = "先知先覺"
    stage = "report"
    priority = 1000
    """After every other report, so the actions are settled."""

    def apply(self, night: Night, use: Use) -> None:
        target = use.targets[0]
        mine = [u for u in night.uses_by(target) if u.state is not _FAILED]
        entries = [{"skill": u.name, "targets": list(u.targets), "void": u.state is _VOID} for u in mine]
        if entries:
            lines = "；".join(f"【{e['skill']}】{'失效' if e['void'] else '未失效'}" for e in entries)
            text = f"【先知先覺】你當夜的行動：{lines}。"
        else:
            text = "【先知先覺】你當夜沒有行動。"
        night.tell(target, Feedback(self.name, text, None, {"actions": entries}))
        night.note(f"{use.actor} 先知先覺 {target}：{len(entries)}個行動")


class Huoshao(CharacterSkill):
    """「使用後當夜，若X在場，你令其受傷，若X不在場，則魏國軍師及殺手的行動成功率減半。使用後失去技能【Y】。」

    「在場」 is read as the night begins. The skill takes its own success check before any
    other action of the night (``stage``/``priority``), so a 火燒 that fails halves nothing
    (SL13).
    """

    stage = "redirect"
    priority = -1_000_000
    targets = TargetRule(count=0)
    general: str = ""
    other: str = ""

    def prepare(self, night: Night, use: Use) -> None:
        found = night.game.in_play(self.general)
        _scratch(night, f"{self.name}:{id(use)}", {})["target"] = found.id if found else None
        if found is not None:
            return

        def halve(n: Night, other: Use) -> Fraction | None:
            if use.live and other is not use and _country(n, other.actor) == "魏" \
                    and n.state.player(other.actor).identity in ("正軍師", "副軍師", "殺手"):
                return Fraction(1, 2)
            return None

        night.rate_modifiers.append(halve)

    def apply(self, night: Night, use: Use) -> None:
        target = _scratch(night, f"{self.name}:{id(use)}", {}).get("target")
        if target is not None:
            night.harms.append(Harm(target, Level.WOUND, self.name, [use.actor],
                                    why=[f"{use.actor} {self.name}：{self.general}在場，令其受傷"]))
            night.note(f"{use.actor} {self.name}：{self.general}（{target}）在場，令其受傷")
        else:
            night.note(f"{use.actor} {self.name}：{self.general}不在場，魏國軍師及殺手的行動成功率減半")
        skillbook.lose(night, use.actor, self.other, via=self.name)


class Huoshaobowang(Huoshao):
    """火燒博望：使用後當夜，若夏侯惇在場，你令其受傷，若夏侯惇不在場，則魏國軍師及殺手的行動成功率減半。使用後失去技能【火燒新野】。"""

    name = "火燒博望"
    general = "夏侯惇"
    other = "火燒新野"


class Huoshaoxinye(Huoshao):
    """火燒新野：使用後當夜，若曹仁在場，你令其受傷，若曹仁不在場，則魏國軍師及殺手的行動成功率減半。使用後失去技能【火燒博望】。"""

    name = "火燒新野"
    general = "曹仁"
    other = "火燒博望"


class Longzhongduice(CharacterSkill):
    """隆中對策：*全*得知當夜所有針對本國角色的行動及反饋。

    Reported last of the night's reports: every action (submitted, or a 刺殺 made 「視為」 by a
    skill) whose final targets include a player of the owner's country and that was not 發動失敗,
    with its skill and targets, and the feedback its issuer got from it that night. The
    issuers are not named: the text grants the actions (奸雄 names 發出者 in so many words) (SL14).
    """

    name = "隆中對策"
    kind = Kind.GLOBAL
    stage = "report"
    priority = 1001
    targets = TargetRule(count=0)

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        mine = _country(night, owner)
        seen: list[dict[str, Any]] = []
        for other in night.uses:
            if other is use or other.state is _FAILED or not other.targets:
                continue
            if not any(_country(night, t) == mine for t in other.targets):
                continue
            told = [f.text for f in night.feedback.get(other.actor, [])
                    if f.skill == other.name and f.target in other.targets]
            seen.append({"skill": other.name, "targets": list(other.targets), "feedback": told})
        seen.sort(key=lambda e: (e["skill"], e["targets"]))  # not by who submitted first (nor by seat: no hint of who)
        if seen:
            lines = "；".join(f"【{e['skill']}】{'、'.join(e['targets'])}" + (f"（反饋：{' '.join(e['feedback'])}）"
                                                                       if e["feedback"] else "")
                             for e in seen)
            text = f"【隆中對策】當夜針對本國角色的行動：{lines}。"
        else:
            text = "【隆中對策】當夜沒有針對本國角色的行動。"
        night.tell(owner, Feedback(self.name, text, None, {"actions": seen}))
        night.note(f"{owner} 隆中對策：{len(seen)}個針對{mine}國角色的行動")


# ---- 赤壁·諸葛亮 -------------------------------------------------------------------
UNCHANGED = KEEP_RESULT
"""草船借箭's 「不更改」 (the default: the target stays)."""


class Caochuanjiejian(CharacterSkill):
    """草船借箭：使用後當夜，可獲悉所有針對你的行動，並可以更改其中任意行動的目標。

    At the start of the redirect stage the owner learns every action submitted tonight whose
    targets (as they stand then; 盜書's changes at the same moment unseen, CB1) include him and that did not fail: its skill and targets, not
    its issuer. For each of those actions, in the order submitted, and each of its targets, he
    answers 「不更改」 (the default) or a new id among those the action may name (SL15).
    """

    name = "草船借箭"
    stage = "redirect"
    priority = -1
    targets = TargetRule(count=0)

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        # as they stood when the redirect stage began: 盜書 acts at the same moment (CB1)
        before = {id(u): u.targets_before(self.stage, self.priority) for u in night.uses}
        aimed = [u for u in night.uses if not u.implicit and u is not use and u.state is not _FAILED
                 and owner in before[id(u)]]
        seen, changed = retarget(night, use, aimed, before, UNCHANGED, lambda u, slot, current: None,
                                 lambda u, current, answer: f"將【{u.name}】的目標 {current} 改為 {answer}")
        lines = "；".join(f"【{a['skill']}】{'、'.join(a['targets'])}" for a in seen) or "無"
        text = f"【草船借箭】今夜針對你的行動：{lines}。"
        if changed:
            text += "你更改了：" + "；".join(f"【{c['skill']}】{c['from']}→{c['to']}" for c in changed) + "。"
        night.tell(owner, Feedback(self.name, text, None, {"actions": seen, "changed": changed}))


class Zhiqiandongfeng(CharacterSkill):
    """只欠東風：*全*使用後當夜，所有魏國角色的行動目標變為隨機。

    Every action a player counted as 魏 submitted tonight (not failed) has each of its targets
    drawn anew among the ids it may name (the living, or the dead for 暗訪; not its actor where
    it says 除你以外; no id twice where it names several), once redirects are being settled (SL16).
    It is the first change of targets (CB2): the skills that read or change targets after it
    (盜書, 草船借箭, 飄忽若神 …, whoever sits first) see the drawn ones, and a 魏 action's own
    targets (飄忽若神's three) are drawn before it acts.
    """

    name = "只欠東風"
    kind = Kind.GLOBAL
    stage = "redirect"
    priority = -2
    targets = TargetRule(count=0)

    def apply(self, night: Night, use: Use) -> None:
        players = sorted(night.state.players.values(), key=lambda p: p.seat)
        count = 0
        for u in night.uses:
            if u.implicit or not u.live or not u.action.targets or _country(night, u.actor) != "魏":
                continue
            rule = u.skill.targets
            chosen: list[str] = []
            for slot in range(len(u.action.targets)):
                pool = [p.id for p in players if (not p.alive if rule.dead else p.alive)
                        and (rule.self_allowed or p.id != u.actor)
                        and not (rule.distinct and p.id in chosen)]
                if not pool:
                    continue
                new = night.rng.pick(f"只欠東風 {u.actor}【{u.name}】目標{slot + 1}", pool)
                chosen.append(new)
                u.redirect(slot, new, by=self.name, source=use)
                count += 1
            night.note(f"{use.actor} 只欠東風：{u.actor} 的【{u.name}】目標變為 {'、'.join(u.targets)}")
        night.note(f"{use.actor} 只欠東風：{count}個魏國行動目標變為隨機")


SKILLS: list[type[Skill]] = [Rende, Hanyi, Sangumaolu, Taoyuanfeihua, Wuhufengjiang, Buchu, Xiansi, Fangquan,
                             Lebusishu, Qixing, Nitiangaiming, Kongcheng, Kongchengjuechang, Shezhanqunru,
                             Bingxingguidao, Xianzhixianjue, Huoshaobowang, Huoshaoxinye, Longzhongduice,
                             Caochuanjiejian, Zhiqiandongfeng]
