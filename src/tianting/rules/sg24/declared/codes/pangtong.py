"""庞统【连环妙计】 (法正 inherits it): a chain on two ids that lasts across nights (R-lianhuan-4).

Every action aimed at one end by id (a skill's target, a 指认, a stab) takes effect on the other end too; actions
aimed at a country, an identity or a character are not (释疑 1). The user may move the chain — name a new id and the
end it joins, the other end let go — or cancel it (then the skill is gone). An end whose character has died or left
the game (not by his own 自杀) while the other end has not is a false end (假连环): while one is false the chain
spreads nothing, until that end is moved; both false, the chain is broken for good (释疑 2). The user's id leaving the
game by death cancels the chain, and the skill is new again should he return (释疑 3); leaving it otherwise sets the
chain aside, and on his return it is broken if both ends are false then, else it is new again (释疑 4). A move that a
trap of 【武侯八阵】 meets (an end or the new id trapped) fails, and the user is told (释疑 5).

The chain as it stood at the night's start spreads tonight's actions first (seed 003: 「原有的连环状态」 ranks before
every other interference); tonight's new chain or move, once it has taken effect, spreads them too.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.errors import IllegalAction
from tianting.core.names import name_key
from tianting.effects import limits
from tianting.rules.sg24.declared.bespoke import NIGHT_STATES, REGISTRY, Code, register
from tianting.rules.sg24.outcomes import DONE, FAILED

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

KEY = "lianhuan"
"""``state.extra[KEY]``: owner id → {skill, ends: [{id, character}], set_aside: bool} (a chain standing), or
{broken: true} (the skill gone for good)."""
NAME = "连环妙计"


def chain(state: Any, owner: str) -> dict[str, Any] | None:
    found: dict[str, Any] | None = state.extra.get(KEY, {}).get(owner)
    return found


def standing(state: Any) -> list[tuple[str, dict[str, Any]]]:
    """The chains in force (not broken, not set aside), by owner id."""
    return [(o, c) for o, c in sorted(state.extra.get(KEY, {}).items()) if c.get("ends") and not c.get("set_aside")]


def _suicided(state: Any, pid: str) -> bool:
    """Whether ``pid``'s last character left by his own 自杀 (a night's entry of his 自杀, the last of his)."""
    for h in reversed(state.history):
        for e in h.get("actions", []):
            if e.get("actor") == pid and name_key(str(e.get("skill", ""))) == name_key("自杀"):
                return True
    return False


def false_end(state: Any, end: dict[str, Any]) -> bool:
    """「当连环一头因为某种原因死亡或退出游戏……视为连环一端处于假连环（自杀不造成假连环）」: the character it was set on
    is no longer the id's in play."""
    p = state.players.get(end["id"])
    if p is None:
        return True
    if end["id"] in state.extra.get("away", []):  # 释疑 6: out for a while (八阵 and the like), not a death
        return False
    gone = not p.alive or p.character != end["character"]
    return gone and not _suicided(state, end["id"])


def _end(state: Any, pid: str) -> dict[str, Any]:
    return {"id": pid, "character": state.player(pid).character}


def _check(game: Any, action: Action) -> None:
    """A new chain: two ids. A chain standing: ``cancel`` (no id), or a move: the new id and the end it joins (two
    ids, exactly one an end). A broken chain, or one cancelled: no use."""
    found = chain(game.state, action.actor)
    if found is not None and found.get("set_aside"):  # back in the game (释疑 4): judged as the night begins
        found = {"broken": True} if all(false_end(game.state, e) for e in found["ends"]) else None
    if found is not None and found.get("broken"):
        raise IllegalAction(f"【{action.skill}】的连环已断开或取消，此技能无法再使用", "spent")
    if found is None or not found.get("ends"):
        if action.args.get("cancel"):
            raise IllegalAction(f"【{action.skill}】尚无连环可取消", "cancel")
        pair = game._target(action, 2)
        if pair[0].id == pair[1].id:
            raise IllegalAction(f"【{action.skill}】须指定两个不同的ID", "targets")
        return
    if action.args.get("cancel"):
        if action.targets:
            raise IllegalAction(f"【{action.skill}】取消连环不指定ID", "targets")
        return
    ends = {e["id"] for e in found["ends"]}
    if ends & set(game.state.extra.get("away", [])):
        raise IllegalAction(f"【{action.skill}】连环一端暂时离开游戏，连环无法移动", "away")
    pair = game._target(action, 2)
    if len({p.id for p in pair} & ends) != 1 or pair[0].id == pair[1].id:
        raise IllegalAction(f"【{action.skill}】移动连环：指定新的ID与其相连的一端（{'、'.join(sorted(ends))}之一）",
                            "targets")


def _register_copy(r: Resolver, copy: Action) -> None:
    """The copy of an action joins the night's actions the resolver reads (its declared or bespoke use too)."""
    from tianting.rules.sg24.declared.resolve import DeclaredUse
    from tianting.rules.sg24.declared.schema import Bespoke, Declared

    night = r.night
    night.live.append(copy)
    character = night.state.player(copy.actor).character
    data = night.game.pack.skill(character, copy.skill)
    if data is not None and isinstance(data.effect, Declared):
        r.uses.append(DeclaredUse(copy, data, data.effect, night.game.pack.timing(character, data)))
    elif data is not None and isinstance(data.effect, Bespoke) and data.effect.code in REGISTRY:
        r.bespoke.append((copy, data, REGISTRY[data.effect.code]))


def spread(r: Resolver, a_end: str, b_end: str, why: str, tonight: bool = False) -> None:
    """「针对其中任一人以ID为目标的行动均对两人同时生效」: each live action naming one end (and not the other, nor sent
    by the other) is copied onto the other end; a copy is not spread again."""
    night = r.night
    copies: set[int] = getattr(r, "chain_copies", set())
    setattr(r, "chain_copies", copies)  # noqa: B010 - the resolver's own record of tonight's copies
    made = []
    for x, y in ((a_end, b_end), (b_end, a_end)):
        for a in sorted(night.live, key=lambda a: (a.actor, a.skill, a.targets)):
            if (id(a) in copies or x not in a.targets or y in a.targets or a.actor == y
                    or name_key(a.skill) == name_key(NAME)):
                continue
            made.append((a, replace(a, targets=tuple(y if t == x else t for t in a.targets))))
    for a, copy in made:
        if any(c == copy for c in night.live):
            continue
        copies.add(id(copy))
        _register_copy(r, copy)
        if tonight:
            _no_globals(r, copy)
        was, now = "、".join(a.targets), "、".join(copy.targets)
        night.phase.note(f"{a.actor} 对 {was} 的【{a.skill}】经连环同时作用于 {now}（{why}）")


def _no_globals(r: Resolver, copy: Action) -> None:
    """The 8.1 list's 释疑: 「凡是涉及全局的指认，优先判定是否触发……此后该夜该全局不会触发。例如：邓艾某夜指认A，庞统【连环妙计】
    姜维和A，则【连环妙计】成功，而【祁山斗阵】不会触发」: a 指认 a chain made tonight spreads sets off no 全局 passive."""
    from tianting.rules.sg24.game import RECOGNISE, _norm

    game = r.night.game
    named = game.pack.get(str(copy.args.get("character", ""))) if _norm(copy.skill) == RECOGNISE else None
    if named is None or not copy.targets:
        return
    character = r.night.state.player(copy.actor).character
    if any(named.name in d.of and game.pack.is_global(character, data) for data, d in r._passives(copy.actor, "recognised")):
        r.early_recognised.add((copy.actor, copy.targets[0], named.name))  # (his other passives on it kept off too)


def _night(r: Resolver) -> None:
    """As the 结算前 uses begin: each chain's ends are judged (false, broken, the user gone or back), then the chains in
    force spread tonight's actions (「原有的连环状态」 first)."""
    state, phase = r.night.state, r.night.phase
    for owner, c in sorted(state.extra.get(KEY, {}).items()):
        if not c.get("ends"):
            continue
        me = state.players.get(owner)
        out = me is None or not me.alive
        if out and not c.get("set_aside"):
            if owner not in state.extra.get("away", []):  # 释疑 3: cancelled; the skill new again should he come back
                state.extra[KEY].pop(owner)
                phase.note(f"{owner} 已退出游戏：【{c['skill']}】的连环被取消")
                continue
            c["set_aside"] = True  # 释疑 4
            continue
        if not out and c.get("set_aside"):
            c["set_aside"] = False
            if all(false_end(state, e) for e in c["ends"]):
                state.extra[KEY][owner] = {"broken": True}
                phase.note(f"{owner} 回到游戏：连环两端均为假连环，连环断开")
            else:
                state.extra[KEY].pop(owner)
                phase.note(f"{owner} 回到游戏：【{c['skill']}】重置，可以重新使用")
            continue
        if out:
            continue
        if all(false_end(state, e) for e in c["ends"]):
            state.extra[KEY][owner] = {"broken": True}
            phase.note(f"{owner}【{c['skill']}】：连环两端均为假连环，连环断开，不可再用")
            effects.tell(phase, owner, f"你的【{c['skill']}】连环两端均已失效，连环断开", c["skill"])
    for owner, c in standing(state):
        if any(false_end(state, e) for e in c["ends"]):
            phase.note(f"{owner}【{c['skill']}】：连环一端为假连环，当夜不相互影响")
            continue
        spread(r, c["ends"][0]["id"], c["ends"][1]["id"], f"{owner}【{c['skill']}】")


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """A new chain, a move or a cancel; a new chain or a move spreads tonight's actions at once."""
    night, state = r.night, r.night.state
    found = chain(state, a.actor)
    if a.args.get("cancel"):
        state.extra.setdefault(KEY, {})[a.actor] = {"broken": True}
        limits.consume(night.phase, a.actor, skill.name)
        night.phase.note(f"{a.actor}【{skill.name}】取消连环，此技能无法再使用")
        effects.tell(night.phase, a.actor, f"你取消了【{skill.name}】的连环，此技能无法再使用", skill.name)
        night.phase.outcomes.settle(a, DONE)
        return
    if any(not state.player(t).alive for t in a.targets):
        night.phase.outcomes.settle(a, FAILED, "所指定的ID已不在场")
        effects.tell(night.phase, a.actor, f"【{skill.name}】更改失败：所指定的ID已不在场", skill.name)
        return
    if found is None or not found.get("ends"):
        ends = [_end(state, t) for t in a.targets]
        said = f"连环 {a.targets[0]} 与 {a.targets[1]}"
    else:
        kept = next(t for t in a.targets if t in {e["id"] for e in found["ends"]})
        new = next(t for t in a.targets if t != kept)
        ends = [next(e for e in found["ends"] if e["id"] == kept), _end(state, new)]
        said = f"连环改为 {kept} 与 {new}"
    state.extra.setdefault(KEY, {})[a.actor] = {"skill": skill.name, "ends": ends}
    night.phase.note(f"{a.actor}【{skill.name}】：{said}")
    effects.tell(night.phase, a.actor, f"【{skill.name}】：{said}", skill.name)
    night.phase.outcomes.settle(a, DONE)
    if not any(false_end(state, e) for e in ends):
        spread(r, ends[0]["id"], ends[1]["id"], f"{a.actor}【{skill.name}】", tonight=True)


NIGHT_STATES.insert(0, _night)  # 「原有的连环状态」: first of the interferences (seed 003)

register(NAME, Code(
    "early", _check, _resolve,
    "主动技能，建立连环后可多次更改。指定2个ID将其连环：此后针对其中任一人、以ID为目标的行动（技能、指认、刺杀）对两人同时生效；针对国籍、身份、角色的"
    "行动不受影响。连环存在时，可指定一个新的ID与其中一端相连（另一端解开），或取消连环（此后不可再用）。一端的角色死亡或退出游戏"
    "（自杀除外）时该端为假连环，连环不相互影响，直到该端被更改；两端均为假连环时连环断开，不可再用。使用者死亡退出游戏时连环取消"
    "（回到游戏后可重新使用）。可以被继承。（军师增益技能 结算前生效）",
    uses=None))  # made once, then moved any number of times; the code ends it (cancel, both ends false) or makes it
#                  new again (its user back in the game, 释疑 3 and 4): R-once-2


# ---- 【运筹帷幄】 -----------------------------------------------------------------------------------------------------
ORDER = "运筹帷幄"


def _order_check(game: Any, action: Action) -> None:
    """Two ids, the one ordered and the one his action names, and ``order``: 「指认」 (with its ``character`` or
    ``evaluation``) or an active skill's name (with its own arguments); never a stab (「不得命令杀手发动刺杀」). Whether
    the one ordered is a countryman and holds the skill is judged when it resolves (a refusal would tell who he is)."""
    from tianting.rules.sg24.game import GENERAL_ACTIONS, RECOGNISE, _norm

    pair = game._target(action, 2)
    if pair[0].id == action.actor:
        raise IllegalAction(f"【{action.skill}】命令的须是他人", "targets")
    order = action.args.get("order")
    if not isinstance(order, str) or not order.strip():
        raise IllegalAction(f"【{action.skill}】须指明命令的行动（order：指认或一项主动技能）", "order")
    if _norm(order) == RECOGNISE:
        if "character" not in action.args and "evaluation" not in action.args:
            raise IllegalAction(f"【{action.skill}】命令指认须指明角色（character）或评价（evaluation）", "order")
    elif _norm(order) in GENERAL_ACTIONS:
        raise IllegalAction(f"【{action.skill}】只能命令一次指认或一次主动技能，不得命令刺杀", "order")


def _ordered(a: Action) -> Action:
    """The action the one ordered is made to take: the order, on the second id, with the order's arguments."""
    from tianting.core.records import Action as Act

    args = {k: v for k, v in a.args.items() if k != "order"}
    return Act(a.targets[0], str(a.args["order"]), (a.targets[1],), args)


def _order_country(state: Any, p: Any) -> str:
    """The country 运筹帷幄 reads: as seen tonight (马良【五溪归蜀】 names 运筹帷幄 among the skills a 蜀 it makes
    reaches), but the real one under 黄盖【苦肉诈降】 (its 释疑: 「被【苦肉诈降】修改国籍的人不可使用庞统【运筹帷幄】」),
    R-review2a-4."""
    from tianting.rules.sg24.declared import seen

    found = seen.seen_by(state, p.id, "country")
    return found[0] if found is not None and "【苦肉诈降】" not in found[1] else str(p.country)


def _order_fails(game: Any, a: Action, made: Action) -> str | None:
    """Why the order cannot be carried out (None: it can): not a countryman, no such 指认 or active skill held."""
    from tianting.core.errors import IllegalAction as Refused
    from tianting.rules.sg24.game import RECOGNISE, _norm

    me, them = game.state.player(a.actor), game.state.player(made.actor)
    if _order_country(game.state, them) != _order_country(game.state, me):
        return "被命令者不是本国角色"
    if _norm(made.skill) == RECOGNISE:
        try:
            game._allowance_for(them, made)
        except Refused:
            return "被命令者没有这样的指认"
        return None
    data = game.pack.skill(them.character, made.skill)
    if data is None or data.kind != "active" or made.skill not in them.skills:
        return "被命令者没有这项主动技能"
    try:
        game._check_declared(them, data, made)
    except Refused as refused:
        return f"被命令者不能这样使用：{refused}"
    return None


def _order_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """「当夜其自己进行的指认无效（或者选择使用的技能将视作发动失败）……不影响被命令者当夜的刺杀」: the one ordered takes
    the ordered action instead of his own 指认 (an order of 指认) or his own skills (an order of a skill); his stabs
    stand. He is told he was ordered; the skill ordered counts as used (R-lianhuan-7)."""
    from tianting.rules.sg24.game import RECOGNISE, STAB, _norm

    night, game = r.night, r.night.game
    made = _ordered(a)
    why = _order_fails(game, a, made)
    if why is not None:
        night.phase.note(f"{a.actor}【{skill.name}】命令失败：{why}")
        effects.tell(night.phase, a.actor, f"【{skill.name}】命令失败：{why}", skill.name, made.actor)
        night.phase.outcomes.settle(a, FAILED, why)
        return
    recognising = _norm(made.skill) == RECOGNISE
    for own in [x for x in night.live if x.actor == made.actor and _norm(x.skill) != STAB
                and (_norm(x.skill) == RECOGNISE) == recognising]:
        night.live.remove(own)
        night.phase.outcomes.settle(own, FAILED, f"被【{skill.name}】命令，其自己的{'指认无效' if recognising else '技能发动失败'}")
        night.phase.note(f"{made.actor} 的【{own.skill}】失败：被 {a.actor}【{skill.name}】命令")
    _register_copy(r, made)
    effects.tell(night.phase, made.actor, f"你当夜被【{skill.name}】命令：对 {made.targets[0]} 进行【{made.skill}】",
                 skill.name, made.targets[0])
    night.phase.note(f"{a.actor}【{skill.name}】命令 {made.actor} 对 {made.targets[0]} 进行【{made.skill}】")
    night.phase.outcomes.settle(a, DONE)


register(ORDER, Code(
    "early", _order_check, _order_resolve,
    "主动技能。指定本国一名角色与一个ID，命令其对该ID进行一次指认或发动一次主动技能（不得命令刺杀）。被命令者当夜自己的指认无效"
    "（或自己的技能发动失败），刺杀不受影响；其在反馈时得知被命令。被命令使用的技能算作已经使用。只能使用一次。可以被继承。（军师增益技能 结算前生效）"))
