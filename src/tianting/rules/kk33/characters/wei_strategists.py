"""KK 3.3 character skills: wei_strategists (郭嘉, 司馬懿, 荀彧).

Every class quotes its rule text verbatim; the readings of ambiguous sentences
are in ``docs/rulings/kk33-wei_strategists.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tianting.core.names import name_key
from tianting.core.records import Feedback
from tianting.core.skills import Kind, Skill, TargetRule, Use, stage_order
from tianting.core.state import Effect, phase_number
from tianting.effects import cancel, delayed, limits, votes
from tianting.effects import stab as stabs
from tianting.rules.kk33 import skillbook
from tianting.rules.kk33.characters.common import CharacterSkill
from tianting.rules.kk33.roster import COUNTRIES

if TYPE_CHECKING:
    from tianting.rules.kk33.harm import Harm
    from tianting.rules.kk33.night import Night

# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__).
_ACTIVE = Kind.ACTIVE


def _targets_text(targets: Any) -> str:
    return "、".join(targets) if targets else "無目標"


# ---- 郭嘉 ----------------------------------------------------------------------
class Xianzhi(CharacterSkill):
    """先知：*被*若周瑜使用【火燒赤壁】，則【火燒赤壁】使用失敗。

    The use fails before any success check of the night (in ``prepare``), so
    火燒赤壁's 「所有魏國角色的行動成功率減半」 never applies; the user is told
    「技能發動失敗，可再次發動」 and the limited skill is not used up. Only the
    player whose character is 周瑜 is stopped (ruling in the rulings file).
    """

    name = "先知"
    kind = Kind.PASSIVE
    stage = "redirect"
    targets = TargetRule(count=0)

    def prepare(self, night: Night, use: Use) -> None:
        for other in night.uses:
            if other.implicit or other.name != "火燒赤壁" or not other.live:
                continue
            if night.game.roster.characters[night.state.player(other.actor).character].base != "周瑜":
                continue
            night.fail(other, f"{use.actor} 先知：周瑜使用的【火燒赤壁】使用失敗")

    # No ``apply``: everything happens in ``prepare`` (before the success checks), and a class that keeps
    # the base's ``apply`` is not called at its stage (``Night._run_stages``).


class Yingcai(CharacterSkill):
    """英才：*被*你可以發動無限次【去偽存真】（每夜限一次）。

    去偽存真 is a limited skill (R1); the engine counts a limited skill as used
    once it went off. 英才 gives that use back at the end of each night, so its
    owner may use 去偽存真 again the next night, never twice in one night (the
    once-a-night limit stays with the engine's per-night check).
    """

    name = "英才"
    kind = Kind.PASSIVE
    stage = "after"
    targets = TargetRule(count=0)
    skill = "去偽存真"

    def apply(self, night: Night, use: Use) -> None:
        player = night.state.player(use.actor)
        if player.used.pop(self.skill, None):
            night.note(f"{use.actor} 英才：【{self.skill}】可於之後的夜晚再次發動")


class Yiji(CharacterSkill):
    """遺計定遼東：*被*你死亡後，曹操（若在場）獲悉你之前每夜的行動和反饋。

    曹操 learns the actions and the feedback, not whose they were: the feedback
    names no id of the dead owner (the text grants 「你之前每夜的行動和反饋」).
    """

    name = "遺計定遼東"
    kind = Kind.PASSIVE

    def on_death(self, phase: Any, owner: str, dead: str, cause: str, sources: list[str]) -> None:
        if dead != owner:
            return
        state = phase.state
        player = state.player(owner)
        if player.used.get(self.name):
            return
        limits.consume(phase, owner, self.name)  # (told below)
        nights = self.record(phase, owner)
        caocao = phase.game.in_play("曹操")
        # 被動的限定技能消耗時會收到相關反饋 (the same words whether 曹操 is in play or not).
        phase.tell(owner, Feedback(self.name, f"【{self.name}】你的【{self.name}】已觸發並消耗。", None,
                                   {"consumed": self.name}))
        if caocao is None or caocao.id == owner:
            phase.note(f"{owner} 死亡，遺計定遼東觸發：曹操不在場，無人獲悉")
            return
        lines = []
        for entry in nights:
            acts = "；".join(f"【{a['skill']}】{_targets_text(a['targets'])}" for a in entry["actions"]) or "無行動"
            fbs = "；".join(f["text"] for f in entry["feedback"]) or "無反饋"
            lines.append(f"第{entry['night']}夜 行動：{acts}　反饋：{fbs}")
        text = f"【{self.name}】你獲悉一名死者之前每夜的行動和反饋：" + ("\n".join([""] + lines) if lines else "無")
        phase.tell(caocao.id, Feedback(self.name, text, None, {"nights": nights}))
        phase.note(f"{owner} 死亡，遺計定遼東：曹操 {caocao.id} 獲悉其之前{len(nights)}夜的行動和反饋")

    @staticmethod
    def record(phase: Any, owner: str) -> list[dict[str, Any]]:
        """The owner's actions (as submitted, after redirects) and feedback, night by night."""
        game = phase.game
        out: list[dict[str, Any]] = []
        for entry in game.state.history:
            if entry.get("phase") != "night":
                continue
            number = phase_number(entry["index"])
            actions = [_action(a) for a in entry["actions"] if a["actor"] == owner and not a.get("implicit")]
            result = next((r for r in game.results if r.phase == "night" and r.number == number), None)
            feedback = [f.as_json() for f in (result.feedback.get(owner, []) if result else [])]
            out.append({"night": number, "actions": actions, "feedback": feedback})
        if hasattr(phase, "uses_by"):  # died during a night: that night so far
            actions = [_action({"skill": u.name, "targets": list(u.targets), "args": dict(u.action.args)})
                       for u in phase.uses_by(owner)]
            feedback = [f.as_json() for f in phase.feedback.get(owner, [])]
            out.append({"night": phase_number(phase.index), "actions": actions, "feedback": feedback})
        return out


def _action(raw: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"skill": raw["skill"], "targets": list(raw.get("targets", []))}
    if raw.get("args"):
        out["args"] = dict(raw["args"])
    return out


# ---- 司馬懿 --------------------------------------------------------------------
class Bingfa(CharacterSkill):
    """兵法：*被*你投票的目標得票數+1。

    The target is where the vote counts (after 亂花); a void vote (無效) has no
    target and gives no +1, and neither does a vote for himself (自投, an
    abstention included: WS4, the same as 剛烈's WK1).
    """

    name = "兵法"
    kind = Kind.PASSIVE

    def on_day(self, day: Any, owner: str) -> None:
        def gains(d: Any) -> list[tuple[str, int, str]]:
            target = d.counted.get(owner)
            return [] if target is None or target == owner else [(target, 1, f"{owner} 兵法：{target} 得票數+1")]

        votes.add(day, gains, what="你投票的對象")


@dataclass
class _Fate:
    """One night's 天縱鬼才 uses and the checks their owners decide."""

    owners: list[Use] = field(default_factory=list)
    owner_ids: set[int] = field(default_factory=set)
    """id() of every use in ``owners`` (the uses live as long as the night: ids are not reused)."""
    ready: bool = False
    computing: bool = False
    decided: dict[int, tuple[bool, str]] = field(default_factory=dict)
    """id(use) → (success, the deciding owner)."""


FATE_KEY = "wei_strategists:天縱鬼才"
"""Where a night keeps its :class:`_Fate` (``vars(night)``)."""

SUCCESS, FAILURE = "成功", "失敗"


def _is_answer(answer: Any, option: str) -> bool:
    if isinstance(answer, bool):
        return answer == (option == SUCCESS)
    return isinstance(answer, str) and name_key(answer) == name_key(option)


class Tianzong(CharacterSkill):
    """天縱鬼才：使用後當夜，隨機獲悉三個與魏國角色有關並觸發了概率判定的行動，以及這些行動的發出者和目標（若不夠三個則相應減少），由你決定概率判定的結果。（該技能無需進行任何概率判定）

    概率判定 is the success check (成功概率判定) every active skill takes when its
    rate is below 1 (受傷, 成功率減半 …). When tonight's checks are about to be
    rolled, the actions with a check whose actor or a target is (counted as) 魏
    are gathered; up to three are drawn at random; the owner learns them (actor,
    skill, targets) and decides each check: 成功 (rate 1) or 失敗 (rate 0, which
    the engine fails with no draw). The skill itself takes no check, even when
    its owner is wounded.
    """

    name = "天縱鬼才"
    stage = "inform"
    targets = TargetRule(count=0)

    def prepare(self, night: Night, use: Use) -> None:
        fate = vars(night).get(FATE_KEY)
        if fate is None:
            fate = vars(night)[FATE_KEY] = _Fate()  # this night's data lives and dies with the night
            night.rate_modifiers.append(lambda n, u: self.modify(n, u, fate))
        fate.owners.append(use)
        fate.owner_ids.add(id(use))

    def base_rate(self, night: Night, use: Use, fate: _Fate) -> Fraction:
        fate.computing = True
        try:
            return night.success_rate(use)
        finally:
            fate.computing = False

    def modify(self, night: Night, use: Use, fate: _Fate) -> Fraction | None:
        if fate.computing:
            return None
        if not fate.ready:
            fate.ready = True
            self.decide(night, fate)
        key = id(use)
        if key in fate.owner_ids:  # (a use of ``owners``)
            base = self.base_rate(night, use, fate)
            return 1 / base if 0 < base < 1 else None  # 該技能無需進行任何概率判定
        decided = fate.decided.get(key)
        if decided is None:
            return None
        base = self.base_rate(night, use, fate)
        if decided[0]:
            return 1 / base if base > 0 else None
        return Fraction(0)

    def related(self, night: Night, use: Use) -> bool:
        """與魏國角色有關: its actor or one of its targets counts as 魏."""
        return any(night.game.country_of(pid) == "魏" for pid in (use.actor, *use.targets))

    def decide(self, night: Night, fate: _Fate) -> None:
        from tianting.rules.kk33.night import NIGHT_STAGES

        players = night.state.players

        def order(u: Use) -> tuple[Any, ...]:
            """The night's order, with the characters (not the seats, not the submission) as tie-break:
            the checks are drawn and decided in an order that does not hang on seats (R49)."""
            return (*stage_order(NIGHT_STAGES, u)[:3], players[u.actor].character, u.name,
                    tuple(players[t].character for t in u.targets))

        candidates = [
            u for u in sorted(night.uses, key=order)
            if not u.implicit and u.live and u.skill.kind is _ACTIVE
            and not any(u is owner for owner in fate.owners)
            and self.base_rate(night, u, fate) < 1 and self.related(night, u)
        ]
        answers: dict[int, tuple[Use, list[tuple[str, str]]]] = {}
        for owner in fate.owners:
            if not owner.live:
                continue
            pool = list(candidates)
            if len(pool) <= 3:
                chosen = pool
            else:
                chosen = []
                for k in range(3):
                    pick = night.rng.pick(f"天縱鬼才 {owner.actor} 抽取#{k + 1}", pool, _label)
                    pool.remove(pick)
                    chosen.append(pick)
            seen = [{"actor": u.actor, "skill": u.name, "targets": list(u.targets)} for u in chosen]
            lines = "；".join(f"{u.actor}【{u.name}】{_targets_text(u.targets)}" for u in chosen)
            text = (f"【天縱鬼才】今夜與魏國角色有關並觸發了概率判定的行動：{lines}。請決定其概率判定的結果。"
                    if chosen else "【天縱鬼才】今夜沒有與魏國角色有關並觸發了概率判定的行動。")
            night.tell(owner.actor, Feedback(self.name, text, None, {"actions": seen}))
            for u in chosen:
                answer = night.book.choose(night.rng, owner.actor, self.name, [SUCCESS, FAILURE], _is_answer)
                answers.setdefault(id(u), (u, []))[1].append((answer, owner.actor))
        # Two owners (one learned it) who drew the same check decide it at once (WS5, R49): the same
        # answer stands; different answers cancel out and the check rolls as usual.
        for u, given in answers.values():
            who = "、".join(pid for _, pid in given)
            if len({a for a, _ in given}) > 1:
                night.note(f"{who} 天縱鬼才：對 {_label(u)} 的決定不一致，照常進行概率判定")
                continue
            fate.decided[id(u)] = (given[0][0] == SUCCESS, who)
            night.note(f"{who} 天縱鬼才：決定 {_label(u)} 的概率判定結果為{given[0][0]}")

    # No ``apply``: everything happens at the success checks (see ``prepare``); a class that keeps the
    # base's ``apply`` is not called at its stage (``Night._run_stages``).


def _label(use: Use) -> str:
    return f"{use.actor}【{use.name}】{_targets_text(use.targets)}"


class Sanfen(CharacterSkill):
    """三分歸晉：使用後當夜，三國君主的行動全部失效。次日所有針對你的投票無效。次日及以後你的國籍視為晉（仍可成為託孤的對象，但一切針對魏國角色的技能對你無效）。

    Every action of a lord of 魏, 蜀 or 吳 is void once redirects and cancels are
    settled (a 三分歸晉 voided by a cancel voids nothing), and so is every 刺殺
    made 「視為」 by that lord (我負天下): an effect 「視為你發動」 is the lord's
    action. At the very end of the night its owner counts as 晉; the next day
    the votes counted for him are void.
    """

    name = "三分歸晉"
    stage = "after"
    priority = 1000  # the night's last step: 晉 from the next day on, never during the night
    targets = TargetRule(count=0)

    def prepare(self, night: Night, use: Use) -> None:
        reason = f"{use.actor} 三分歸晉：三國君主的行動全部失效"

        def lord(pid: str) -> bool:
            player = night.state.player(pid)
            return player.identity == "君主" and player.country in COUNTRIES

        lords = cancel.all_of(cancel.while_live(use), cancel.other_than(use), lambda n, other: lord(other.actor))
        cancel.void_actions(night, lords, reason, what="三國君主的行動")  # once redirects and cancels are known
        stabs.immune(night, lords, reason, what="三國君主")  # 刺殺 made 「視為」 by a lord's skill (我負天下)

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        delayed.schedule(night, delayed.NEXT_DAY, self.name, owner)
        if night.state.player(owner).alive:
            night.state.extra.setdefault("country_as", {})[owner] = "晉"
        night.note(f"{owner} 三分歸晉：次日所有針對其的投票無效，次日及以後其國籍視為晉")

    def on_effect(self, phase: Any, effect: Effect) -> None:
        owner = effect.owner
        votes.void(phase, votes.against(owner), "三分歸晉：次日所有針對其的投票無效", what="次日所有針對你")


# ---- 荀彧 ----------------------------------------------------------------------
class Jieming(CharacterSkill):
    """節命：使用後當夜，若你受到致命一擊，你不會死亡；若你沒有受到致命一擊，則失去該技能。

    致命一擊 is the engine's one term (``Night.is_fatal``): a harm that would kill
    as it stands after 傷害減輕/加深 — a kill, or a wound on one already wounded.
    退出歷史舞台 is a 致命一擊 that 節命 cannot prevent (不能被減輕和防止死亡的效果減免).
    """

    # Hand-written prevention: its owner is told once a night, however many blows it stops.
    name = "節命"
    stage = "after"
    targets = TargetRule(count=0)

    def tonight(self, night: Night) -> dict[str, set[str]]:
        """This night's owners struck by a 致命一擊 and those told so (kept on the night)."""
        data: dict[str, set[str]] = vars(night).setdefault("wei_strategists:節命", {"struck": set(), "told": set()})
        return data

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor

        def seen(n: Night, harm: Harm) -> str | None:
            # First in the prevent window: a 致命一擊 reaching him counts, whichever immunity stops it.
            if use.live and harm.target == owner and n.is_fatal(harm):
                self.tonight(n)["struck"].add(owner)
            return None

        def prevent(n: Night, harm: Harm) -> str | None:
            if not use.live or harm.target != owner or not n.is_fatal(harm):
                return None
            told = self.tonight(n)["told"]
            if owner not in told:
                told.add(owner)
                n.tell(owner, Feedback(self.name, "【節命】你受到致命一擊，但不會死亡。", None, {"saved": True}))
            return f"{owner} 節命：受到致命一擊，不會死亡"

        night.harm_preventions.insert(0, seen)
        night.harm_preventions.append(prevent)

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        if owner in self.tonight(night)["struck"]:
            night.note(f"{owner} 節命：當夜受到致命一擊，保留技能")
            return
        if not night.state.player(owner).alive:
            return
        skillbook.lose(night, owner, self.name, via=self.name)


def _country_arg(value: Any) -> str | None:
    """A country named in either script (魏 蜀 吳; 吴 for 吳), or None."""
    if not isinstance(value, str):
        return None
    key = name_key(value)
    return next((c for c in COUNTRIES if name_key(c) == key), None)


class Quhu(CharacterSkill):
    """驅虎吞狼：強制修改某國殺手的【刺殺】目標，若修改過的目標與指定殺手為同國人，則該技能失效。

    WS8 (issue 10): the user names a country (``args.country``) and one id, the
    new target (8.1: 「指定一个国籍，并指定1个ID，若当夜该国杀手提交了刺杀行动，则刺杀ID被
    强制修改…」). The first 刺殺 that country's killers submitted tonight (「仅可改变该杀手提交的
    所有刺杀ID中的第一个」) is aimed at the new target (a killer's own first; when two killers stabbed, one of the two is drawn: R49).
    If the new target is of that country, or no killer of it submitted a
    live 刺殺, the skill is 失效 (used, no effect, no one is told).
    """

    name = "驅虎吞狼"
    stage = "redirect"
    targets = TargetRule(count=1)
    args = ("country",)

    def validate(self, state: Any, action: Any) -> None:
        from tianting.core.errors import IllegalAction

        if _country_arg(action.args.get("country")) is None:
            raise IllegalAction(f"【驅虎吞狼】須指定一個國籍（{'、'.join(COUNTRIES)}），給出了「{action.args.get('country')}」",
                                "bad-arg")

    def apply(self, night: Night, use: Use) -> None:
        country = _country_arg(use.action.args.get("country"))
        new = use.targets[0]
        game = night.game
        if game.country_of(new) == country:
            night.void(use, f"修改過的目標 {new} 與{country}國殺手為同國人")
            return
        stabs = sorted((u for u in night.uses if u.name == "刺殺" and not u.implicit and u.live
                        and night.state.player(u.actor).identity == "殺手" and game.country_of(u.actor) == country),
                       key=lambda u: u.order)
        if not stabs:
            night.void(use, f"{country}國殺手當夜沒有提交【刺殺】")
            return
        firsts = list({u.actor: u for u in reversed(stabs)}.values())  # each killer's first, in his own order
        # Two killers' 刺殺: which was submitted first is no rule (R49); one of them is drawn.
        first = firsts[0] if len(firsts) == 1 else night.rng.pick(
            f"驅虎吞狼 {use.actor} 修改的刺殺", sorted(firsts, key=lambda u: u.actor),
            label=lambda u: f"{u.actor}→{u.targets[0]}")
        before = first.targets[0]
        first.redirect(0, new, by=use.actor, source=use)
        night.note(f"{use.actor} 驅虎吞狼：{country}國殺手 {first.actor} 的刺殺目標 {before} 強制修改為 {new}")


SKILLS: list[type[Skill]] = [Xianzhi, Yingcai, Yiji, Bingfa, Tianzong, Sanfen, Jieming, Quhu]
