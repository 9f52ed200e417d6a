"""祢衡 (鼎立): 【狂悖之徒】 (naming an id 异人 rightly, he learns one of its active skills at random, R-revival-13)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Feedback
from tianting.rules.sg24.declared import learned
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.outcomes import DONE, FAILED

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

UNLEARNABLE = ("料敌机先", "武侯八阵", "连环妙计")
"""「不能学习【料敌机先】、【武侯八阵】、【连环妙计】」 (both skills that learn say so)."""
ODD = "异人"


def learnable(game: Any, learner: str, character: str) -> list[str]:
    """The active skills of ``character`` that ``learner`` may learn (not the three excluded, not one he holds)."""
    found = game.pack.characters.get(character)
    return sorted(s.name for s in (found.skills if found else ()) if s.kind == "active" and s.name not in UNLEARNABLE
                  and learned.skill_of(game, learner, s.name) is None)


def learn_one(phase: Any, game: Any, learner: str, character: str, skill: str, purpose: str) -> str | None:
    """``learner`` learns one of ``character``'s learnable skills, drawn with the game's generator (``purpose``);
    he is told which. The skill, or None (nothing to learn)."""
    options = learnable(game, learner, character)
    if not options:
        return None
    chosen = str(game.state.rng.pick(purpose, options))
    learned.learn_from(game.state, learner, chosen, character)
    phase.tell(learner, Feedback(skill, f"【{skill}】你学到了技能【{chosen}】", None, {"gained": chosen}))
    phase.note(f"{learner}【{skill}】：学到{character}的【{chosen}】")
    return chosen


def _inherited_actives(game: Any, learner: str, target: str) -> dict[str, str]:
    """「包括该角色能够继承的上一角色的技能」: the active skills ``target`` holds by inheritance from a character his id
    played before (R-inherit-2), that ``learner`` may learn: skill → the character it is of."""
    player = game.state.player(target)
    before = game.state.extra.get("lives", {}).get(target, [])
    own = {s.name for s in game.pack.characters[player.character].skills} if player.character in game.pack.characters \
        else set()
    out: dict[str, str] = {}
    for name in player.skills:
        character = learned.source(game, target, name) if name not in own else None
        data = game.pack.skill(character, name) if character is not None and character in before else None
        if (data is not None and data.kind == "active" and name not in UNLEARNABLE
                and learned.skill_of(game, learner, name) is None):
            out[name] = str(character)
    return out


def _learn_odd(phase: Any, game: Any, learner: str, target: str, skill: str) -> str | None:
    """【狂悖之徒】: ``learner`` learns, drawn, one active skill of ``target``'s character or one it inherited (R-review2b-1)."""
    character = game.state.player(target).character
    kept = _inherited_actives(game, learner, target)
    if not kept:
        return learn_one(phase, game, learner, character, skill, f"【{skill}】{learner}→{target}")
    sources = {**kept, **{name: character for name in learnable(game, learner, character)}}
    chosen = str(game.state.rng.pick(f"【{skill}】{learner}→{target}", sorted(sources)))
    learned.learn_from(game.state, learner, chosen, sources[chosen])
    phase.tell(learner, Feedback(skill, f"【{skill}】你学到了技能【{chosen}】", None, {"gained": chosen}))
    phase.note(f"{learner}【{skill}】：学到{sources[chosen]}的【{chosen}】")
    return chosen


def _check(game: Any, action: Action) -> None:
    (target,) = game._target(action)
    if target.id == action.actor:
        raise IllegalAction(f"【{action.skill}】不可指认自己", "self")


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """If the id has the 异人 evaluation tonight, the user learns one of its character's active skills at random;
    else (or nothing to learn) he is told he learned nothing (R-revival-13)."""
    game, phase, target = r.night.game, r.night.phase, a.targets[0]
    if ODD in game.evaluations(target, phase) and _learn_odd(phase, game, a.actor, target, skill.name):
        phase.outcomes.settle(a, DONE)
        return
    phase.tell(a.actor, Feedback(skill.name, f"【{skill.name}】你没有学到技能"))
    phase.note(f"{a.actor}【{skill.name}】：{target} 不具有异人评价或没有可学的技能")
    phase.outcomes.settle(a, FAILED, "该ID不具有异人评价或没有可学的主动技能")


register("狂悖之徒", Code(
    "settle", _check, _resolve,
    "主动技能。指认1个ID为异人（不可指认自己）：若其具有异人评价，则随机学到其角色的一个主动技能（不能学【料敌机先】"
    "【武侯八阵】【连环妙计】）。（军师增益技能 结算时生效）"))


# ---- 【天纵奇才】 ---------------------------------------------------------------------------------------------------
WISE = "智者"
GENIUS = "天纵奇才"


def _genius_check(game: Any, action: Action) -> None:
    """Two ids: the one named 智者 (not oneself), then the new target the user gives."""
    if len(action.targets) != 2 or any(t not in game.state.players for t in action.targets):
        raise IllegalAction(f"【{action.skill}】须指定2个ID：被指认为智者者，以及其行动的新目标", "targets")
    if action.targets[0] == action.actor:
        raise IllegalAction(f"【{action.skill}】不可指认自己", "self")
    if not game.state.player(action.targets[0]).alive:
        raise IllegalAction(f"「{action.targets[0]}」不是场上的ID", "targets")


def redirect(r: Resolver, a: Action, target: str, why: str) -> Action:
    """``a`` (not yet resolved) aims at ``target`` instead of its first target: the night's copy of it in its place
    (the live list, the declared and bespoke uses); the original takes the copy's outcome once the night is settled."""
    from dataclasses import replace

    night = r.night
    copy = replace(a, targets=(target, *a.targets[1:]))
    night.live[night.live.index(a)] = copy
    for use in r.uses:
        if use.action is a:
            use.action = copy
    r.bespoke = [(copy if x is a else x, data, code) for x, data, code in r.bespoke]
    night.phase.note(f"{a.actor} 的【{a.skill}】目标由 {a.targets[0]} 改为 {target}（{why}）")

    def settle() -> None:
        (found,) = night.phase.outcomes.entries([copy])
        night.phase.outcomes.settle(a, found["state"], found.get("why", ""))

    r.followups.append(settle)
    return copy


def _genius_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """结算前: if the id named has 智者 and sent directed actions tonight (指认, 刺杀, skills, not yet resolved),
    one of them, drawn, aims at the user's new target instead (R-revival-14); he is not told."""
    night, game = r.night, r.night.game
    wise, target = a.targets
    directed = sorted((x for x in night.live if x.actor == wise and x.targets and x is not a
                       and not any(u.action is x and id(u) in r.done for u in r.uses)),
                      key=game.order_key)
    if WISE not in game.evaluations(wise, night.phase) or not directed:
        night.phase.note(f"{a.actor}【{skill.name}】：{wise} 不具有智者评价或当夜没有指向性行动，未起作用")
        night.phase.outcomes.settle(a, FAILED, "该ID不具有智者评价或当夜没有指向性行动")
        return
    chosen = directed[0] if len(directed) == 1 else game.state.rng.pick(
        f"【{skill.name}】{a.actor}→{wise}", directed, lambda x: f"{x.skill}→{'、'.join(x.targets)}")
    redirect(r, chosen, target, f"{a.actor}【{skill.name}】")
    night.phase.outcomes.settle(a, DONE)


register(GENIUS, Code(
    "early", _genius_check, _genius_resolve,
    "主动技能。指定2个ID：指认前者为智者（不可指认自己）；若其具有智者评价且当夜进行了指向性行动（指认、刺杀、技能），"
    "则其中一个（随机）的目标改为后者。（军师增益技能 结算前生效）"))
