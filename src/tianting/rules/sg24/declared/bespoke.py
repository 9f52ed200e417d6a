"""Bespoke skills: mechanics the effect language cannot say, written as code and registered by name; a pack names
one with ``{"code": NAME}`` (docs/dev/packs.md). Loading refuses a name nobody registered.

Each entry says at which stage of the night it resolves (``settle_first``: 结算时's first stage, before the general
actions: a use that changes another's target; ``settle``: with the other 结算时 uses; ``day``: a day's use, resolved
by the day before its vote's harm, its ``resolve`` given the day), what its use takes (checked
with the use), and the function that resolves it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.rules.sg24.declared.schema import Bespoke
from tianting.rules.sg24.outcomes import DONE, FAILED

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData


@dataclass(frozen=True)
class Code:
    """One bespoke skill: when it resolves, how its use is checked, what it does, and its player-facing sentence."""

    stage: str
    check: Callable[[Any, Action], None]
    resolve: Callable[[Resolver, Action, SkillData], None]
    text: str
    once: bool = False
    uses: int | None = 1
    """An active's uses a game, counted and checked by the engine: once unless its text gives a count (R53: 针灸奇术
    and 逆天改命 「可使用三次」 give 3); None: the engine keeps no count (the code would keep its own)."""
    before_harms: Callable[[Resolver, str, SkillData], None] | None = None
    """A passive's: run for each living holder once the night's harms are known, before defences and the sum
    (「当被武将杀伤技能攻击时触发」); ``stage`` and ``check`` are then unused."""
    after_defences: Callable[[Any, Any, str, SkillData, dict[str, list[Any]], Any], None] | None = None
    """A passive's: once the defences have met the harms (game, phase, owner, skill, the harms landing by id — it
    may move some —, the decision book), before they are summed (「概率判定无法躲避攻击时……选择保护」)."""
    stabs: Callable[[Any, Any], int] | None = None
    """A passive's: how many stabs its holder (a killer) may send tonight (game, player → count; 1 by the rules)."""
    wound_tables: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    """A passive's: the holder's first and second 伤判 tables in place of the rules' (周泰【九死一生】)."""
    marked_table: tuple[str, ...] | None = None
    """For a wound the skill deals and marks (``state.extra["marked_checks"]``): that wound's 伤判 table; the wound
    cannot be healed by a skill, and a 继续受伤 takes the id out as the next night begins (丁奉【箭无虚发】)."""
    unlimited: bool = False
    """An active's: a night its use is sent, its owner's actions that night are not limited in number (左慈【天遁】:
    「当夜不限制行动次数」, :func:`unlimited_tonight`)."""
    suicide: Callable[[Any, Action], None] | None = None
    """A passive's: a 自杀 its holder sends naming an id sets it off (糜氏【深明大义】); checks that use (raises
    IllegalAction), the suicide's own checks apart. Resolved by the code's own steps."""
    early: Callable[[Resolver, str, SkillData], None] | None = None
    """A passive's: run for each living holder with the night's globals, before anything else resolves (「凡是涉及全局
    的指认，优先判定是否触发」: 邓艾【汉祚终焉】 reads the night's 指认 as sent); ``stage`` and ``check`` unused."""
    with_stab: bool = False
    """An active 「与刺杀同时使用」: sent beside its owner's stab, the two one action where a rule set counts a stab
    and a skill alike (鼎立: 「每名角色每夜只能使用一个主动技能或进行一次刺杀」; :func:`sent_with_stab`)."""
    marked_exit_at_settle: bool = False
    """A marked wound's 继续受伤 takes the id out in the next night's 结算 instead (曹仁【南郡破敌】: 「下夜结算时脱离」)."""
    lapsed: Callable[[Resolver, Action, SkillData], None] | None = None
    """An active's: run at its stage instead of ``resolve`` when the use was made to fail before it (what its use
    allowed is undone: 水镜先生【其疾如风】's second action)."""


REGISTRY: dict[str, Code] = {}

NIGHT_STARTS: list[Callable[[Resolver], None]] = []
"""Steps run as each night's resolver is made, before any use resolves (a state an earlier night left to go off
now: 陆逊【火烧连营】's 「下一夜开始时……」); registered with :func:`at_night_start`."""


def at_night_start(step: Callable[[Resolver], None]) -> Callable[[Resolver], None]:
    NIGHT_STARTS.append(step)
    return step
NIGHT_STATES: list[Callable[[Any], None]] = []
"""Lasting states bespoke code keeps (卧龙【武侯八阵】's trap): each run with the night's resolver as the 结算前 uses
begin, before the bespoke uses of stage ``early`` (it may make actions fail, or resolve tonight's uses of its skill)."""
SETTLE_STATES: list[Callable[[Any], None]] = []
"""The same, run with the night's resolver once the 指认 are answered and the 结算时 uses resolved, before the passives
a stab sets off (孙尚香【政治联姻】: a mutual 指认 makes an alliance, the post says so)."""
DAY_STATES: list[Callable[[Any], list[Any]]] = []
"""The same states by day: each run with the day before its votes are counted (it may void the day's vote); the harms
it returns take effect with the vote's (「死亡的结算在投票后生效」)."""


def check_untargeted_joined(game: Any, action: Action, joined: str) -> None:
    """A use that names no id and is for one who has joined a country (``joined``: the skill's own words for it,
    「加入阵营后」, 「入国后」); raises IllegalAction otherwise."""
    from tianting.rules.sg24.pack import UNALIGNED

    if action.targets:
        raise IllegalAction(f"【{action.skill}】不指定ID", "targets")
    if game.state.player(action.actor).country == UNALIGNED:
        raise IllegalAction(f"【{action.skill}】{joined}才可以使用", "not-yet")


def sent_with_stab(game: Any, action: Action) -> bool:
    """Whether ``action`` uses a bespoke skill sent with its owner's stab (:attr:`Code.with_stab`)."""
    from tianting.core import pack_edition

    if pack_edition.first(game.state):
        return False
    data = game.pack.skill(game.state.player(action.actor).character, action.skill)
    code = REGISTRY.get(data.effect.code) if data is not None and isinstance(data.effect, Bespoke) else None
    return code is not None and code.with_stab


def register(name: str, code: Code) -> Code:
    REGISTRY[name] = code
    return code


# ---- 荀彧【驱虎吞狼】 -----------------------------------------------------------------------------------------------
def _quhu_check(game: Any, action: Action) -> None:
    from tianting.rules.sg24.game import _norm_country

    if _norm_country(action.args.get("country", "")) not in game.open_countries():
        raise IllegalAction(f"【{action.skill}】须指明一个国籍（country：{'、'.join(game.open_countries())}）", "country")
    game._target(action)


def _quhu_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """The first stab (by actor, the canonical order) a killer of the country named sends tonight is turned on the
    id named, unless that id is of the killer's own country or the country sends none: then it is spent for nothing
    (R-SG31-8). The killer is not told."""
    from tianting.rules.sg24.game import STAB, _norm, _norm_country

    night, state = r.night, r.night.state
    country, target = _norm_country(a.args["country"]), a.targets[0]
    stabs = sorted((s for s in night.live if _norm(s.skill) == STAB and state.player(s.actor).country == country),
                   key=lambda s: s.actor)
    if not stabs:
        night.phase.note(f"{a.actor}【{skill.name}】：{country}当夜没有刺杀，未起作用")
        night.phase.outcomes.settle(a, FAILED, f"{country}当夜没有刺杀")
        return
    first = stabs[0]
    if state.player(target).country == state.player(first.actor).country:
        night.phase.note(f"{a.actor}【{skill.name}】：{target} 与 {first.actor} 同国，未起作用")
        night.phase.outcomes.settle(a, FAILED, "所指定的ID与该国杀手同国")
        return
    night.phase.redirects[id(first)] = target
    night.phase.note(f"{a.actor}【{skill.name}】：{first.actor} 的刺杀改为刺杀 {target}")
    night.phase.outcomes.settle(a, DONE)


register("驱虎吞狼", Code(
    "settle_first", _quhu_check, _quhu_resolve,
    "主动技能。指定一个国籍与1个ID：若当夜该国杀手提交了刺杀，其刺杀（多把时第一把）改为刺杀该ID；该ID与该杀手同国、"
    "或该国当夜没有刺杀时，本技能消耗而无效果。该国杀手不会得知刺杀被改。只能使用一次。", once=True))


def day_uses(game: Any, actions: Sequence[Action]) -> list[tuple[Action, SkillData, Code]]:
    """The day's uses of bespoke skills registered for the day (stage ``day``: a 「白天使用」 skill whose effect falls on
    the day's vote), each with its skill and code; none in a game of before (:mod:`tianting.core.pack_edition`)."""
    from tianting.core import pack_edition

    if pack_edition.first(game.state):
        return []
    out = []
    for a in actions:
        from tianting.rules.sg24.declared.learned import held_data

        data = held_data(game, game.state.player(a.actor), a.skill)
        code = REGISTRY.get(data.effect.code) if data is not None and isinstance(data.effect, Bespoke) else None
        if data is not None and code is not None and code.stage == "day":
            out.append((a, data, code))
    return out


def passive_holders(r: Resolver, hook: str = "before_harms") -> list[tuple[str, SkillData, Code]]:
    """Each living player's passives of bespoke code with a ``before_harms`` step (or the ``hook`` named: ``early``),
    in play (held, not spent once a game): (owner, skill, code), by id."""

    game, out = r.night.game, []
    for p in sorted(r.night.state.living(), key=lambda p: p.id):
        for data in game.pack.holdable(p.character):
            code = REGISTRY.get(data.effect.code) if isinstance(data.effect, Bespoke) else None
            if (code is not None and getattr(code, hook) is not None and data.name in p.skills
                    and not (code.once and p.used.get(data.name))):
                out.append((p.id, data, code))
    return out


def wound_table(game: Any, player: Any, nth: int) -> tuple[str, ...] | None:
    """The ``nth`` (1 or 2) 伤判 table a passive of ``player`` puts in place of the rules' (None: the rules')."""
    from tianting.core import pack_edition

    if pack_edition.first(game.state):
        return None
    from tianting.rules.sg24.declared.codes.mishi import FAVOURED_TABLE, favoured

    if favoured(game.state, player.id):  # 糜氏【相夫教子】: his 伤判 heals (R-choices-7)
        return FAVOURED_TABLE
    marked = REGISTRY.get(game.state.extra.get("marked_checks", {}).get(player.id, ""))
    if marked is not None and marked.marked_table is not None:
        return marked.marked_table
    for data in game.pack.holdable(player.character):
        code = REGISTRY.get(data.effect.code) if isinstance(data.effect, Bespoke) else None
        if code is not None and code.wound_tables is not None and data.name in player.skills:
            return code.wound_tables[nth - 1]
    return None


def unhealable(state: Any, pid: str) -> str | None:
    """The skill whose marked wound ``pid`` bears (「该伤不可痊愈」: no skill heals it), or None."""
    return state.extra.get("marked_checks", {}).get(pid)


def after_check(game: Any, phase: Any, pid: str, outcome: str) -> None:
    """A 伤判 of a marked wound is over: the mark goes; a 继续受伤 takes the id out as the next night begins (the
    exits :meth:`.resolve.Resolver.night_start` reads)."""
    from tianting.rules.sg24.wounds import INJURED

    name = game.state.extra.get("marked_checks", {}).pop(pid, None)
    if name is None:
        return
    if outcome == INJURED and REGISTRY[name].marked_exit_at_settle:
        later = game.state.extra.setdefault("exits_at_settle", {}).setdefault(str(game.state.index + 1), [])
        later.append([pid, f"【{name}】"])
        phase.note(f"{pid} 伤判继续受伤：将于下一夜结算时脱离游戏（【{name}】）")
    elif outcome == INJURED:
        later = game.state.extra.setdefault("exits", {}).setdefault(str(game.state.index + 1), [])
        later.append([pid, f"【{name}】"])
        phase.note(f"{pid} 伤判继续受伤：将于下一夜开始时脱离游戏（【{name}】）")


def harm_takers(game: Any) -> list[tuple[str, SkillData, Code]]:
    """Each living player's passives of bespoke code with an ``after_defences`` step (held), by id."""
    from tianting.core import pack_edition

    if pack_edition.first(game.state):
        return []
    out = []
    for p in sorted(game.state.living(), key=lambda p: p.id):
        for data in game.pack.holdable(p.character):
            code = REGISTRY.get(data.effect.code) if isinstance(data.effect, Bespoke) else None
            if code is not None and code.after_defences is not None and data.name in p.skills:
                out.append((p.id, data, code))
    return out


def unlimited_tonight(game: Any, pid: str, sent: Sequence[Action]) -> bool:
    """Whether ``pid`` sends tonight (among ``sent``) a use of a skill whose code lifts the limit on his actions."""
    from tianting.core import pack_edition

    if pack_edition.first(game.state) or pid not in game.state.players:
        return False
    character = game.state.player(pid).character
    for a in sent:
        data = game.pack.skill(character, a.skill) if a.actor == pid else None
        code = REGISTRY.get(data.effect.code) if data is not None and isinstance(data.effect, Bespoke) else None
        if code is not None and code.unlimited:
            return True
    return False


def suicide_skill(game: Any, player: Any) -> Code | None:
    """The passive of ``player`` a 自杀 naming an id sets off (its ``suicide`` check), or None."""
    from tianting.core import pack_edition

    if pack_edition.first(game.state):
        return None
    character = game.pack.characters.get(player.character)
    for data in character.skills if character else ():
        code = REGISTRY.get(data.effect.code) if isinstance(data.effect, Bespoke) else None
        if code is not None and code.suicide is not None and data.name in player.skills:
            return code
    return None


def stabs_allowed(game: Any, player: Any) -> int:
    """How many stabs ``player`` may send tonight: one (「每夜可以提交一个ID，对其进行一次刺杀」), or more where a
    passive he holds says so (丁奉【老当益壮】)."""
    from tianting.core import pack_edition

    if pack_edition.first(game.state):
        return 1
    allowed = 1
    for data in game.pack.holdable(player.character):
        code = REGISTRY.get(data.effect.code) if isinstance(data.effect, Bespoke) else None
        if code is not None and code.stabs is not None and data.name in player.skills:
            allowed = max(allowed, code.stabs(game, player))
    return allowed


def wound_tables(nth: int) -> list[tuple[str, ...]]:
    """Every ``nth`` table a registered skill may put in place of the rules' (what an audit accepts too), 糜氏
    【相夫教子】's favoured one among them (:func:`wound_table`)."""
    from tianting.rules.sg24.declared.codes.mishi import FAVOURED_TABLE

    return ([code.wound_tables[nth - 1] for code in REGISTRY.values() if code.wound_tables is not None]
            + [code.marked_table for code in REGISTRY.values() if code.marked_table is not None] + [FAVOURED_TABLE])


def day_states(day: Any) -> list[Any]:
    """The day's lasting states of bespoke code (:data:`DAY_STATES`), in a game with effects: the harms they leave."""
    from tianting.core import pack_edition

    if pack_edition.first(day.state):
        return []
    return [h for hook in DAY_STATES for h in hook(day)]


def _load_codes() -> None:
    from tianting.rules.sg24.declared.codes import load_all

    load_all()


_load_codes()
