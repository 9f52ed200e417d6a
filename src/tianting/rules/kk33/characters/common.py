"""Patterns that recur in many characters' texts, built once.

The commonest is the pledge that shields a pair from stabs and binds two
countries: 「若X不在場則失效。使用後當夜，所有針對你和X的【刺殺】失效。A B聯盟達成（或延期）兩日兩夜。」
(青梅煮酒, 連理並蒂, 嫁女安吳, 固守合肥 in 魏; 居魏思蜀, 迎娶新妻, 相夫教子,
夢醉良緣, 仲謀稱臣, 青燈古佛, 天作之合, 單騎救主 elsewhere).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from tianting.core.records import Action, Feedback
from tianting.core.skills import Skill, Source, TargetRule, Use, UseState
from tianting.effects import harm as harms
from tianting.effects import stab as stabs
from tianting.effects import votes

if TYPE_CHECKING:
    from tianting.rules.kk33.night import Night

# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__).
_FAILED = UseState.FAILED


class CharacterSkill(Skill):
    """A character's skill (``source``: the character's), the base of every character skill class."""

    source = Source.CHARACTER


def phase_country(phase: Any, pid: str) -> str:
    """The country ``pid`` counts as now (三分歸晉's 「視為晉」 included)."""
    return str(phase.game.country_of(pid))


def base_name(phase: Any, pid: str) -> str:
    """The character ``pid`` plays now, by its base name, whatever its form (赤壁·…, 台上的主宰·… → the base)."""
    return str(phase.game.roster.characters[phase.state.player(pid).character].base)


def is_night(phase: Any) -> bool:
    """Is ``phase`` a night (it has uses and harm preventions), not a day?"""
    return hasattr(phase, "uses") and hasattr(phase, "harm_preventions")


def yes_no(answer: Any, option: str) -> bool:
    """A decision's answer matches ``option`` (a bool answer: True is 「是」)."""
    if isinstance(answer, bool):
        return (option == "是") is answer
    return answer == option


class StabShield(Skill):
    """「使用後當夜，所有針對你和X的【刺殺】失效」, void when X is not in play, with an alliance."""

    source = Source.CHARACTER
    stage = "protect"
    targets = TargetRule(count=0)
    partner: ClassVar[str | None] = None
    """The character X who must be in play (「若X不在場則失效」)."""
    shield_owner: ClassVar[bool] = True
    """Whether stabs on the owner are void too (「針對你和X」) or only those on X."""
    alliance: ClassVar[tuple[str, str] | None] = None
    """The two countries of 「…聯盟達成（或延期）兩日兩夜」, if the text makes one."""

    def partner_id(self, night: Night, use: Use) -> str | None:
        """The id of X now, or None."""
        found = night.game.in_play(self.partner) if self.partner else None
        return found.id if found else None

    def absent(self, night: Night, use: Use) -> str | None:
        """Why the skill is void (失效) tonight, if it is."""
        if self.partner and self.partner_id(night, use) is None:
            return f"{self.partner}不在場"
        return None

    def also(self, night: Night, use: Use, partner: str | None) -> None:
        """Whatever else the text does (失去技能, 互識 …)."""

    def apply(self, night: Night, use: Use) -> None:
        reason = self.absent(night, use)
        if reason:
            night.void(use, reason)
            return
        partner = self.partner_id(night, use)
        shielded = list(dict.fromkeys(([use.actor] if self.shield_owner else []) + ([partner] if partner else [])))

        named = "、".join(shielded)
        stabs.immune(night, stabs.all_of(stabs.while_live(use), stabs.on(*shielded)),
                     f"{use.actor} {self.name}（針對{named}的刺殺失效）", what=f"針對{named}")
        if self.alliance:
            night.propose_alliance(*self.alliance, by=use.actor)
        self.also(night, use, partner)
        night.note(f"{use.actor} {self.name}：當夜所有針對 {'、'.join(shielded)} 的刺殺失效"
                   + (f"；{self.alliance[0]}{self.alliance[1]}聯盟達成（或延期）" if self.alliance else ""))


# ---- KK 3.3's tests of a 刺殺 (effects.stab) -------------------------------------------
def killer_of(country: str) -> stabs.StabTest:
    """「X國殺手的【刺殺】」: the stab is made by a killer of ``country`` (his country as the phase counts it)."""
    def made(phase: Any, stab: Use) -> bool:
        return bool(phase.state.player(stab.actor).identity == "殺手" and phase.game.country_of(stab.actor) == country)

    return made


def harmed_in_country(country: str) -> harms.HarmTest:
    """「本國角色（受到的傷害）」: the harm's target is a player of ``country`` (as the phase counts it)."""
    return lambda phase, harm: bool(phase.game.country_of(harm.target) == country)


def voter_in_country(country: str) -> votes.VoteTest:
    """「X國角色的投票」: the voter is a player of ``country`` (as the day counts it)."""
    return lambda day, voter, target: bool(day.game.country_of(voter) == country)


def against_country(country: str) -> votes.VoteTest:
    """「針對X國角色的投票」: the vote counts for a player of ``country`` (as the day counts it)."""
    return lambda day, voter, target: bool(day.game.country_of(target) == country)


def aimed_at_country(country: str) -> stabs.StabTest:
    """「針對X國角色的【刺殺】」: the stab aims at a player of ``country`` (as the phase counts it)."""
    return lambda phase, stab: bool(phase.game.country_of(stab.targets[0]) == country)


# ---- 「X登場時」 -----------------------------------------------------------------------
def is_form(game: Any, character: str, name: str) -> bool:
    """Is ``character`` a form of ``name`` (``name`` itself, 赤壁·…)? For ``Skill.on_enter``: 「X登場時」
    hears every character that enters play (``KK33Game.on_enter``) and asks whether it is X."""
    return bool(game.roster.characters[character].base == name)


# ---- one action acting on another target too ----------------------------------------
ECHO_KEY = "common:echo"
"""Where a night keeps each echo's origin and condition (``vars(night)``)."""
_ECHO_CLASSES: dict[type[Skill], type[Skill]] = {}


def _echo_apply(self: Skill, night: Any, use: Use) -> None:
    origin, still, why = vars(night)[ECHO_KEY][id(use)]
    if not origin.live:
        night.void(use, f"{why}：原行動（{origin.actor}【{origin.name}】）未生效")
        return
    if not still():
        night.void(use, f"{why}：原行動的目標已改變")
        return
    for rule in night.target_rules:  # the night's rules on targets hold for the echo's targets (貞烈 …)
        reason = rule(night, use)
        if reason:
            night.void(use, reason)
            return
    type(self).__mro__[1].apply(self, night, use)  # the skill's own effect, on the echo's targets


def echo(night: Night, origin: Use, targets: tuple[str, ...], why: str,
         still: Callable[[], bool] = lambda: True) -> Use:
    """The same action as ``origin`` acting on ``targets`` too (連環：針對其中任意一人的行動對兩人均生效;
    落鴻哀歌's extra 刺殺 target).

    The echo is an implicit use of the same skill (no success check of its own, nothing consumed,
    not an action anyone submitted). At its stage it acts only if ``origin`` is still live,
    ``still()`` holds (the condition that made it, e.g. the origin still aims at a linked id) and
    no rule of ``night.target_rules`` voids it; otherwise it is void. Call it before the night's uses are sorted (in ``prepare`` or
    ``on_effect``), so that it runs at its skill's stage.
    """
    cls = type(origin.skill)
    echo_cls = _ECHO_CLASSES.get(cls)
    if echo_cls is None:
        echo_cls = _ECHO_CLASSES[cls] = type(f"Echo{cls.__name__}", (cls,), {"apply": _echo_apply})
    action = Action(origin.actor, origin.name, tuple(targets), dict(origin.action.args))
    copy = Use(action, echo_cls(), order=len(night.uses), seat=origin.seat, implicit=True)
    copy.notes.append(why)
    vars(night).setdefault(ECHO_KEY, {})[id(copy)] = (origin, still, why)
    night.uses.append(copy)
    night.note(f"{why}：{origin.actor} 的【{origin.name}】亦對 {'、'.join(targets)} 生效")
    return copy


def echo_origin(night: Any, use: Use) -> Use | None:
    """The action ``use`` is an echo of (see :func:`echo`), or None."""
    entry = vars(night).get(ECHO_KEY, {}).get(id(use))
    return entry[0] if entry else None


# ---- learning a player's actions and changing their targets ----------------------------
KEEP = "不修改"
"""The answer that leaves a target as it is (:func:`spy_and_retarget`)."""


def spy_and_retarget(night: Night, use: Use, listed: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """「你獲悉其當夜所有行動並可強制修改其中任意行動的目標」 (盜書, 飛沙走石): ``use``'s owner learns the
    actions ``listed`` made tonight and may change any of their targets.

    An action that failed its check was not made (技能發動失敗…視為未發動) and is left out; passive skills
    are no 行動. For each action, in the order submitted, and each of its targets, the owner answers
    「不修改」 (the default, or the current id) or a new id that suits the skill (a dead id for 暗訪, not
    the action's user for a skill that says 除你以外): decisions under ``use``'s skill, in that order. The
    targets are read as they stood when ``use``'s moment of its stage began (``Use.targets_before``): skills
    of one stage and priority act at once (CB1). A change is a redirect whose source is ``use`` (voiding it
    undoes the change). Returns what was seen
    (skill and targets) and what was changed (skill, slot, from, to); the caller words the feedback.
    """
    owner, name = use.actor, use.name
    actions = [u for u in night.uses_by(listed) if u.state is not _FAILED]
    # as they stood when this moment of the stage began: the skills of one priority act at once,
    # none seeing another's change (盜書, 草船借箭, 飛沙走石: CB1)
    before = {id(u): u.targets_before(use.skill.stage, use.skill.priority) for u in actions}
    seen = [{"skill": u.name, "targets": list(before[id(u)])} for u in actions]
    changed: list[dict[str, Any]] = []
    seated = sorted(night.state.players.values(), key=lambda p: p.seat)
    for u in actions:
        rule = u.skill.targets
        for slot, current in enumerate(before[id(u)]):
            pool = [p.id for p in seated
                    if (not p.alive if rule.dead else p.alive)
                    and (rule.self_allowed or p.id != u.actor) and p.id != current]
            if not pool:
                continue
            answer = night.book.choose(night.rng, owner, name, [KEEP, *pool],
                                       lambda a, o, cur=current: a == o or (o == KEEP and a == cur), default=KEEP,
                                       context=f"{listed} 的【{u.name}】第{slot + 1}個目標：{current}")
            if answer == KEEP:
                continue
            u.redirect(slot, answer, by=name, source=use)
            changed.append({"skill": u.name, "slot": slot, "from": current, "to": answer})
            night.note(f"{owner} {name}：將 {listed} 的【{u.name}】目標 {current} 改為 {answer}")
    return seen, changed


def tell_when_settled(night: Night, use: Use, told: Feedback) -> None:
    """Tell ``use``'s owner what :func:`spy_and_retarget` showed him (``told``, his feedback) once the night's
    cancels are known, and only if ``use`` is still live (盜書 CB4, 飛沙走石 Q3): voided since (火船沖陣: 失效…
    擁有該技能的角色不能收到反饋) or failed (旋風: 視為未使用), he learns nothing; its changes of targets are
    undone with it (they are redirects whose source is ``use``)."""
    owner, name = use.actor, use.name

    def settle(n: Night) -> None:
        if use.live:
            n.tell(owner, told)
        else:
            n.note(f"{owner} {name}未生效：不獲悉名單及其行動")

    night.settle_rules.append(settle)


# ---- a skill carried by another's action ---------------------------------------------
CARRIED_KEY = "common:carried"
"""Where a phase keeps, for each carrying use, the use it carries (``vars(phase)``)."""


def carry(phase: Any, carrier: Use, carried: Use) -> None:
    """「使用後當夜，你可以發動一次【X】」 with X, a skill its owner does not hold, listed after the
    carrier as an action of its own (亂世英雄, 天義): X is the carrier's content, and 「當主動技能經過
    成功概率判定並判定成功使用後，技能的一切內容均一定成功生效」, so X rolls no success check of its own.
    Call it in the carrier's ``prepare``: X waits (as failed, unannounced: the checks pass it by) until
    the carrier's ``apply`` calls :func:`release`; a carrier that fails or is voided never does, and X
    stays as if not used. A use already voided (the judge's ruling) stays void."""
    if not carried.live:
        return
    carried.decide(UseState.FAILED, f"【{carrier.name}】未生效，視為未發動")  # (until released)
    carried.notes.append(CARRIED_KEY)
    vars(phase).setdefault(CARRIED_KEY, {})[id(carrier)] = carried


def release(phase: Any, carrier: Use) -> Use | None:
    """The carrier went off: the use it carries (if any, and not cancelled since) acts from now on."""
    carried: Use | None = vars(phase).get(CARRIED_KEY, {}).get(id(carrier))
    if carried is not None and carried.state is _FAILED:
        carried.state = UseState.PENDING
    return carried


# ---- the wound's halving lifted ----------------------------------------------------
WOUND_SPARED_KEY = "common:wound-spared"
"""Where a phase keeps the conditions under which the wound's halving is lifted (``vars(phase)``)."""


def spare_wound_halving(phase: Any, who: Callable[[Any, Use], bool]) -> None:
    """「…的行動成功率不受受傷（狀態）影響」 (膽守, 固政): for a use ``who`` names, the wound's half chance
    (``Night.success_rate``) is lifted, and only that (other halvings stay). Lifted once, however many
    such skills name the use: one rate modifier a phase undoes the one halving the wound makes."""
    conditions: list[Callable[[Any, Use], bool]] | None = vars(phase).get(WOUND_SPARED_KEY)
    if conditions is None:
        conditions = vars(phase)[WOUND_SPARED_KEY] = []
        found = conditions

        def undo(p: Any, use: Use) -> Fraction | None:
            if p.state.player(use.actor).injured and any(c(p, use) for c in found):
                return Fraction(2)
            return None

        undo.wound_only = True  # type: ignore[attr-defined]  # None for an actor not wounded (Night.check_success)
        phase.rate_modifiers.append(undo)
    conditions.append(who)
