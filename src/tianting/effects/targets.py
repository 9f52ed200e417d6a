"""Targets: one action acting on other targets too (echo), a player's actions learned and their targets
changed (spy and retarget), a skill carried by another's action (carry), each saying its sentence.

Moved here from KK 3.3's ``characters/common`` (連環, 落鴻哀歌's extra target; 盜書, 飛沙走石; 亂世英雄, 天義): what
they need of a night is its uses (``uses``, ``uses_by``), its decisions (``book``), its generator (``rng``), its
``target_rules`` and ``settle_rules``, ``void`` and ``note`` (read as ``Any``: the typed phase is the engine's).
A redirect itself is :meth:`tianting.core.skills.Use.redirect`; 國色天香's random targets stay with their skill (its
draws are the canonical order's).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from tianting.core.records import Action, Feedback
from tianting.core.skills import Skill, Use, UseState
from tianting.core.state import Player
from tianting.engine.phase import Acting, Deciding, Phase, Settling

_FAILED = UseState.FAILED


# ---- one action acting on another target too ----------------------------------------
ECHO_KEY = "common:echo"
"""Where a night keeps each echo's origin and condition (``vars(night)``)."""
_ECHO_CLASSES: dict[type[Skill], type[Skill]] = {}


def _echo_apply(self: Skill, night: Acting, use: Use) -> None:
    """The echo's ``apply``: the skill's own, on the echo's targets, while its origin and condition hold."""
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
    base = cast(type[Skill], type(self).__mro__[1])
    base.apply(self, night, use)  # the skill's own effect, on the echo's targets


def echo(night: Acting, origin: Use, targets: tuple[str, ...], why: str,
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
        echo_cls = _ECHO_CLASSES[cls] = cast(type[Skill], type(f"Echo{cls.__name__}", (cls,), {"apply": _echo_apply}))
    action = Action(origin.actor, origin.name, tuple(targets), dict(origin.action.args))
    copy = Use(action, echo_cls(), order=len(night.uses), seat=origin.seat, implicit=True)
    copy.notes.append(why)
    vars(night).setdefault(ECHO_KEY, {})[id(copy)] = (origin, still, why)
    night.uses.append(copy)
    night.note(f"{why}：{origin.actor} 的【{origin.name}】亦對 {'、'.join(targets)} 生效")
    return copy


def echo_origin(night: object, use: Use) -> Use | None:
    """The action ``use`` is an echo of (see :func:`echo`), or None."""
    entry = vars(night).get(ECHO_KEY, {}).get(id(use))
    return entry[0] if entry else None


# ---- learning a player's actions and changing their targets ----------------------------
KEEP = "不修改"
"""The answer that leaves a target as it is (:func:`spy_and_retarget`)."""


def retarget_options(seated: list[Player], use: Use, current: str) -> list[str]:
    """The ids a target of ``use`` may be changed to, in seat order: those its skill's target rule allows (the
    living, or the dead for a skill on the dead; the actor only where the rule lets him aim at himself), other
    than ``current``."""
    rule = use.skill.targets
    return [p.id for p in seated if (not p.alive if rule.dead else p.alive)
            and (rule.self_allowed or p.id != use.actor) and p.id != current]


def spy_and_retarget(night: Acting, use: Use, listed: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
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
    actions = [u for u in night.uses_by(listed) if u.state is not _FAILED]
    # as they stood when this moment of the stage began: the skills of one priority act at once,
    # none seeing another's change (盜書, 草船借箭, 飛沙走石: CB1)
    before = {id(u): u.targets_before(use.skill.stage, use.skill.priority) for u in actions}
    return retarget(night, use, actions, before, KEEP,
                    lambda u, slot, current: f"{listed} 的【{u.name}】第{slot + 1}個目標：{current}",
                    lambda u, current, answer: f"將 {listed} 的【{u.name}】目標 {current} 改為 {answer}")


def retarget(night: Deciding, use: Use, actions: list[Use], before: dict[int, tuple[str, ...]], keep: str,
             context: Callable[[Use, int, str], str | None], change: Callable[[Use, str, str], str],
             ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``use``'s owner sees ``actions`` (their targets as ``before`` holds them) and may change each target to
    another id its rule allows (:func:`retarget_options`), ``keep`` leaving it; each change is a redirect whose
    source is ``use``, noted as ``change`` words it. Returns what was seen and what was changed (盜書, 草船借箭)."""
    owner, name = use.actor, use.name
    seen = [{"skill": u.name, "targets": list(before[id(u)])} for u in actions]
    changed: list[dict[str, Any]] = []
    seated = sorted(night.state.players.values(), key=lambda p: p.seat)
    for u in actions:
        for slot, current in enumerate(before[id(u)]):
            pool = retarget_options(seated, u, current)
            if not pool:
                continue
            answer = night.book.choose(night.rng, owner, name, [keep, *pool], _kept_or_named(keep, current),
                                       default=keep, context=context(u, slot, current))
            if answer == keep:
                continue
            u.redirect(slot, answer, by=name, source=use)
            changed.append({"skill": u.name, "slot": slot, "from": current, "to": answer})
            night.note(f"{owner} {name}：{change(u, current, answer)}")
    return seen, changed


def _kept_or_named(keep: str, current: str) -> Callable[[Any, str], bool]:
    """An answer names the option, or names the current target for ``keep`` (it stays)."""
    return lambda answer, option: answer == option or (option == keep and answer == current)


def tell_when_settled(night: Settling, use: Use, told: Feedback) -> None:
    """Tell ``use``'s owner what :func:`spy_and_retarget` showed him (``told``, his feedback) once the night's
    cancels are known, and only if ``use`` is still live (盜書 CB4, 飛沙走石 Q3): voided since (火船沖陣: 失效…
    擁有該技能的角色不能收到反饋) or failed (旋風: 視為未使用), he learns nothing; its changes of targets are
    undone with it (they are redirects whose source is ``use``)."""
    owner, name = use.actor, use.name

    def settle(n: Phase) -> None:
        if use.live:
            n.tell(owner, told)
        else:
            n.note(f"{owner} {name}未生效：不獲悉名單及其行動")

    night.settle_rules.append(settle)


# ---- a skill carried by another's action ---------------------------------------------
CARRIED_KEY = "common:carried"
"""Where a phase keeps, for each carrying use, the use it carries (``vars(phase)``)."""


def carry(phase: object, carrier: Use, carried: Use) -> None:
    """「使用後當夜，你可以發動一次【X】」 with X, a skill its owner does not hold, listed beside the
    carrier (before or after it: R27) as an action of its own (亂世英雄, 天義): X is the carrier's content, and 「當主動技能經過
    成功概率判定並判定成功使用後，技能的一切內容均一定成功生效」, so X rolls no success check of its own.
    Call it in the carrier's ``prepare``: X waits (as failed, unannounced: the checks pass it by) until
    the carrier's ``apply`` calls :func:`release`; a carrier that fails or is voided never does, and X
    stays as if not used. A use already voided (the judge's ruling) stays void."""
    if not carried.live:
        return
    carried.decide(UseState.FAILED, f"【{carrier.name}】未生效，視為未發動")  # (until released)
    carried.notes.append(CARRIED_KEY)
    vars(phase).setdefault(CARRIED_KEY, {})[id(carrier)] = carried


def release(phase: object, carrier: Use) -> Use | None:
    """The carrier went off: the use it carries (if any, and not cancelled since) acts from now on."""
    carried: Use | None = vars(phase).get(CARRIED_KEY, {}).get(id(carrier))
    if carried is not None and carried.state is _FAILED:
        carried.state = UseState.PENDING
    return carried


def echo_text(targets: tuple[str, ...]) -> str:
    """The sentence of :func:`echo`: 「該行動亦對…生效」."""
    return f"該行動亦對{'、'.join(targets)}生效"


def spy_text() -> str:
    """The sentence of :func:`spy_and_retarget`."""
    return "獲悉其當夜所有行動並可強制修改其中任意行動的目標"


def carry_text(carried: str) -> str:
    """The sentence of :func:`carry`: 「使用後當夜，你可以發動一次【X】」."""
    return f"使用後當夜，你可以發動一次【{carried}】"
