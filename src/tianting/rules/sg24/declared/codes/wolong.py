"""卧龙【武侯八阵】 (24人 卧龙, 鼎立 诸葛亮; 曹仁【八门金锁】 is the same trap once, :mod:`.caoren`): a trap that lasts
across nights. The user names one id and gives the eight digits their five meanings (A, B, C twice each, D and E
once); the id is trapped. Every night he is trapped his actions fail and the actions aimed at him are void; each
day while trapped (after the night's post, before the votes are counted) he names a digit 1–8 (a decision keyed by
his id and the skill), and its meaning rules: A 脱出, B 继续被困, C 继续被困 (and cannot send actions), D 死亡 (after the
vote), E 破阵 (the trap and the skill end; he acts again the next night). B, C and D void that day's vote (R-lianhuan-2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.errors import IllegalAction
from tianting.effects import limits
from tianting.effects import skills as skill_changes
from tianting.engine.harm import Harm, Level
from tianting.rules.sg24.declared.bespoke import DAY_STATES, NIGHT_STATES, Code, register
from tianting.rules.sg24.outcomes import DONE, FAILED, VOID

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

KEY = "bazhen"
"""``state.extra[KEY]``: the traps standing, each {owner, skill, target, meanings} (meanings: eight letters, the
meaning of digit 1 first)."""
LETTERS = {"A": 2, "B": 2, "C": 2, "D": 1, "E": 1}
"""「赋予1-8八个数字的五种含义（ABC各2、DE各1）」."""
WORDS = {"A": "脱出", "B": "继续被困", "C": "继续被困，且无法提交行动", "D": "死亡", "E": "破阵"}
LUXUN = {"B": "C", "E": "D"}
"""「若被困者为陆逊，则DE的效果统一为D，BC的效果统一为C」."""
TRAPS = ("武侯八阵", "八门金锁")
CHAIN = "连环妙计"
"""The skills whose code is this trap (their registered names)."""


def traps(state: Any) -> list[dict[str, Any]]:
    stored: list[dict[str, Any]] = state.extra.setdefault(KEY, [])
    return stored


def _meanings(action: Action) -> str:
    raw = action.args.get("meanings")
    text = "".join(raw) if isinstance(raw, list) else raw
    if not isinstance(text, str) or len(text) != 8 or any(text.upper().count(k) != n for k, n in LETTERS.items()):
        raise IllegalAction(f"【{action.skill}】须给出1-8八个数字的含义（meanings：八个字母，依次为数字1至8的含义，"
                            "A、B、C各两个，D、E各一个，如 AABBCCDE）", "meanings")
    return text.upper()


def _check(game: Any, action: Action) -> None:
    """One id, not a countryman the user knows by the rules (「不能对按照规则认识的本国角色使用此技能（自己不算）」), and
    the digits' meanings. While the user's trap stands, a use may only give its id new meanings (「只要八阵存在，每一夜
    都可以更换一次数字」)."""
    (target,) = game._target(action)
    _meanings(action)
    me = game.state.player(action.actor)
    if target.id != me.id and target.country == me.country and target.id in me.known:
        raise IllegalAction(f"【{action.skill}】不能对认识的本国角色使用", "targets")
    standing = next((t for t in traps(game.state) if t["owner"] == action.actor and t["skill"] == action.skill), None)
    if standing is not None and standing["target"] != target.id:
        raise IllegalAction(f"【{action.skill}】的八阵尚困住 {standing['target']}：只能更换其数字", "targets")


def _void_around(r: Resolver, pid: str, owner: str, skill: str) -> None:
    """「使其当夜行动全部发动失败；其当夜被作用的行动全部无效」: ``pid``'s live actions fail and every live action that
    names him is void (a trap's own uses tonight excepted: they have taken effect)."""
    night = r.night
    r._void(pid, owner, skill)
    for a in sorted((a for a in night.live if pid in a.targets and a.actor != pid), key=lambda a: (a.actor, a.skill)):
        if night.phase.outcomes.state(a) is not None:
            continue
        night.live.remove(a)
        night.phase.outcomes.settle(a, VOID, f"{pid} 被困于八阵，针对其的行动无效")
        night.phase.note(f"{a.actor} 对 {pid} 的【{a.skill}】无效：{pid} 被困于八阵（{owner}【{skill}】）")
        if a.skill == CHAIN:  # 【连环妙计】's 释疑: 「连环视作更改失败，庞统/法正将得到相关的反馈」
            effects.tell(night.phase, a.actor, f"【{a.skill}】连环更改失败：{pid} 受到【{skill}】作用", a.skill, pid)


def _night(r: Resolver) -> None:
    """As the 结算前 uses begin: tonight's uses of the trap take effect together (their order makes no difference),
    then each trap standing makes its id's actions fail and the actions on him void."""
    night, state = r.night, r.night.state
    for t in [t for t in traps(state) if not state.player(t["target"]).alive]:
        traps(state).remove(t)  # 「若被困者当夜自然死亡，则视为脱阵」
    trapped = {t["target"] for t in traps(state)}  # standing from the nights before: their uses fail, uses on them void
    uses = sorted(((a, data, code) for a, data, code in r.bespoke if code.resolve is _resolve and a in night.live
                   and night.phase.outcomes.state(a) not in (VOID, FAILED) and a.actor not in trapped),
                  key=lambda u: (u[0].actor, u[0].skill, u[0].targets))
    for a, data, code in uses:
        target = a.targets[0]
        if not state.player(target).alive:
            night.phase.outcomes.settle(a, FAILED, "目标已不在场")
            continue
        standing = next((t for t in traps(state) if t["owner"] == a.actor and t["skill"] == data.name
                         and t["target"] == target), None)  # a chain's copy of a use traps its other end too
        if standing is None and target in trapped:
            continue  # already in another's trap: the use aimed at him is void (below)
        if standing is None:
            if code.once:
                limits.consume(night.phase, a.actor, data.name)
            traps(state).append({"owner": a.actor, "skill": data.name, "target": target, "meanings": _meanings(a)})
            effects.tell(night.phase, target, f"你被【{data.name}】困住：白天须指定1-8中的一个数字", data.name)
            night.phase.note(f"{a.actor}【{data.name}】困住 {target}")
        else:
            standing["meanings"] = _meanings(a)
            night.phase.note(f"{a.actor}【{data.name}】更换八阵的数字（困住 {target}）")
        night.phase.outcomes.settle(a, DONE)
        night.live.remove(a)
    for t in sorted(traps(state), key=lambda t: t["target"]):
        _void_around(r, t["target"], t["owner"], t["skill"])


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Resolved with the night's lasting states (:func:`_night`); reached only if it was not (nothing to do)."""


def cannot_suicide(state: Any, pid: str) -> bool:
    """「若被困结果为BC，被困者无法自杀」 (释疑 4): ``pid`` is held by a trap whose last pick was B or C (R-review2a-3)."""
    return any(t["target"] == pid and t.get("result") in ("B", "C") for t in traps(state))


def _pick(day: Any) -> list[Harm]:
    """「被困者在白天判定阶段向天庭指定1-8中的一个数字」: each trapped id alive names a digit; the meaning rules."""
    state, phase, book = day.state, day.phase, day.book
    harms: list[Harm] = []
    for t in sorted(list(traps(state)), key=lambda t: t["target"]):
        pid, owner, skill = t["target"], t["owner"], t["skill"]
        if not state.player(pid).alive:
            traps(state).remove(t)
            continue
        digit = book.choose(state.rng, pid, skill, list(range(1, 9)),
                            lambda answer, o: str(answer).strip() == str(o),
                            context="八阵：指定1-8中的一个数字")
        letter = t["meanings"][digit - 1]
        if state.player(pid).character == "陆逊":
            letter = LUXUN.get(letter, letter)
        t["result"] = letter  # B, C: no 自杀 while it stands (:func:`cannot_suicide`)
        said = f"{pid} 指定数字{digit}：{WORDS[letter]}"
        phase.note(f"【{skill}】八阵判定：{said}")
        effects.tell(phase, owner, f"【{skill}】八阵判定：{said}", skill, pid, {"digit": digit, "meaning": letter})
        effects.tell(phase, pid, f"【{skill}】八阵判定：你指定数字{digit}，{WORDS[letter]}", skill, None,
                     {"digit": digit, "meaning": letter})
        if letter in "BCD":  # 「如果判定结果为BCD，则次日投票无效」: the vote of this day
            void = state.extra.setdefault("ballot_void", [])
            if state.index not in void:
                void.append(state.index)
        if letter in "ADE":
            traps(state).remove(t)
        if letter == "D":
            harms.append(Harm(pid, Level.KILL, f"【{skill}】八阵判定死亡", by=owner, attribute="无属性技能"))
        if letter == "E" and state.player(owner).alive:
            skill_changes.lose(phase, owner, skill, skill)  # 「八阵作废」: the skill ends with it
    return harms


NIGHT_STATES.append(_night)
DAY_STATES.append(_pick)

TEXT = ("主动技能，可多次使用。指定1个ID（不能是按规则认识的本国角色）并给出1-8八个数字的含义（A、B、C各两个，D、E各一个），将其困住："
        "被困期间其每夜行动全部发动失败，针对其的行动全部无效。被困者每个白天（公告后、计票前）指定1-8中的一个数字：A脱出；B继续被困；"
        "C继续被困且无法提交行动；D死亡（投票后生效）；E破阵（八阵与本技能作废，被困者下一夜可以行动）。结果为B、C、D时当日投票无效。"
        "陆逊被困时D、E均为D，B、C均为C。脱出或死亡后可再困一人；八阵存在时每夜可更换一次数字。（无属性技能 结算前生效）")

register("武侯八阵", Code("early", _check, _resolve, TEXT, uses=None))  # 「可多次使用」: the code rules its reuse (R-once-2)
