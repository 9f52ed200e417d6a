"""A pack skill's ``effect``: what the skill does, declared over the effects library (format
``tianting-sg24-pack/2``, docs/dev/packs.md), read and checked here.

A declaration says when the skill goes off (its trigger), on whom (its target), under which conditions, what it
does (verbs the engine already has: harm, defence, heal, void, learn, recognise, vote changes …), how often, and
from which night. A skill whose mechanic the language cannot say names its bespoke code
(``{"code": "连环妙计"}``, registered by the rule set); one left to the judge says why (``{"judge": "…"}``).
Loading refuses a bad declaration with a Chinese message naming the character, the skill and the field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tianting.core.errors import TiantingError

ATTRIBUTES = ("全局技能", "武将杀伤技能", "武将保护技能", "军师增益技能", "军师负面技能", "指认技能", "无属性技能", "投票技能")
STAB = "刺杀"
"""A defence may also name the stab (「不能抵御刺杀」 otherwise: a stab is no skill's attribute)."""
COUNTRY_NAMES = ("魏", "蜀", "吴")
"""The countries an alliance joins (「吴蜀联盟」)."""
AMONG = ("known_countrymen",)
"""For ``defend``'s ``among``: one defence for whichever of a group is hit hardest at the night's sum —
``known_countrymen``: the owner and the living players of his country he knows (「自己或认识的本国角色」)."""
RECOGNITION = "指认"
"""An immunity may also keep off the 指认 (and 招揽) aimed at the player (「当夜针对该ID的所有行动作用无效」)."""
FACTS = ("identity", "character", "country", "evaluations")
"""What a player may learn of another (身份, 角色, 国籍, 评价)."""
WHO = ("target", "self", "lord", "victim", "character")
"""Whom a verb acts on: the use's target (for a 指认 trigger, the one named rightly), the skill's owner, the
owner's country's 君主 (「为本国君主抵御」), or the player of the character the verb names in ``character``
(「当夜令董卓受伤」: nobody while that character is not in play); for a ``stabbed`` trigger, ``victim``: the one
stabbed (``target`` there is the stabber)."""
TRIGGERS = ("use", "guard", "recognised", "voted_top", "stabbed", "stabbed_dead", "killed", "exited")
"""``use``: an active skill, when used; ``recognised``: a passive, when the owner's 指认 names one of ``of`` rightly;
``voted_top``: a passive, when the owner has the day's most votes (the vote's harm, 割发代首's kind); ``guard``: a
passive that stands every night it is in play, its ``defend`` verbs defences on its owner (「当被…作用时…抵御」), its
``immune`` verbs keeping every effect of the attributes named off him (「触发次数不限……使其作用无效」);
``stabbed``: a passive, when a stab of someone ``by`` names lands on someone ``on`` names (「当…受到刺杀时触发」, 「当关羽刺杀到
张辽时触发」): its verbs act on the stabber (``target``) or the one stabbed (``victim``); ``stabbed_dead``: a passive,
when its owner's character dies of a stab that night, its ``kill`` verbs on each stabber
(「当于吉被刺杀而死时触发，令刺杀者结算时同时死亡」); ``killed``: a passive, when its owner's character dies (not by his own
自杀: 「若…自杀，此技能不触发」), its verbs (``lose``, ``spend``, ``tell``) on the player of the character each names
(``who: character``)."""
LIMITS = ("once", "per_night")
EXITED_VERBS = ("votes_void_on",)
"""What an ``exited`` trigger (「当X退出游戏时」: the owner's id has left the game) may do: it acts on no living owner."""


class EffectError(TiantingError):
    """A declaration the effects library cannot run (the message names the character, skill and field)."""


@dataclass(frozen=True)
class Condition:
    """One condition on a player (the target unless ``who`` says ``self``); every condition must hold."""

    test: str
    value: Any
    who: str = "target"


@dataclass(frozen=True)
class Verb:
    """One thing the skill does: ``name`` (a key of :data:`VERBS`) with its arguments, and, where only this part of
    the skill hangs on them, its own conditions and chance (「若对方具有“猛将”评价，则一半概率受伤」)."""

    name: str
    who: str = "target"
    args: Mapping[str, Any] = field(default_factory=dict)
    conditions: tuple[Condition, ...] = ()
    chance: Fraction | None = None
    character: str | None = None
    """For ``who: character``: the character whose player the verb acts on."""


@dataclass(frozen=True)
class Declared:
    """A skill the engine runs from its declaration."""

    @property
    def uses(self) -> int | None:
        """How many times a game it may be used or trigger (None: no count)."""
        if self.limit == "once":
            return 1
        return self.limit if isinstance(self.limit, int) else None

    trigger: str
    does: tuple[Verb, ...]
    conditions: tuple[Condition, ...] = ()
    of: tuple[str, ...] = ()
    """For ``recognised``: the characters whose right 指认 sets it off."""
    limit: str | int | None = None
    """``once`` (a game), ``per_night``, or a number of uses a game (「可使用三次」); an active's default is ``once``
    (「技能默认只能使用或触发一次」, R53); a passive without one triggers whenever its trigger holds."""
    from_night: int = 1
    chance: Fraction | None = None
    """Goes off with this chance (the game's generator, the draw named)."""
    by: Mapping[str, Any] | None = None
    """For ``stabbed``: whose stabs set it off (a player selector, :mod:`.odds`; None: anyone's)."""
    on: Mapping[str, Any] | None = None
    """For ``stabbed``: on whom (None: anyone)."""


@dataclass(frozen=True)
class Bespoke:
    """A skill run by the rule set's own code, registered under ``code``."""

    code: str


@dataclass(frozen=True)
class Judged:
    """A skill left to the judge, and why (neither the 8.1 facts nor the seeds say what happens)."""

    why: str


Effect = Declared | Bespoke | Judged


def _no_args(raw: Mapping[str, Any], fail: Callable[[str, str], EffectError]) -> dict[str, Any]:
    return {}


def _heal_args(raw: Mapping[str, Any], fail: Callable[[str, str], EffectError]) -> dict[str, Any]:
    unless = raw.get("unless_harmed", False)
    if not isinstance(unless, bool):
        raise fail("unless_harmed", "必须是 true 或 false（当夜受到其他伤害则治愈失败、技能消耗）")
    return {"unless_harmed": True} if unless else {}


def _defend_args(raw: Mapping[str, Any], fail: Callable[[str, str], EffectError]) -> dict[str, Any]:
    against = raw.get("against", list(ATTRIBUTES[1:2]))
    if not isinstance(against, list) or not against or not all(a in ATTRIBUTES + (STAB,) for a in against):
        raise fail("against", f"必须是非空数组，取值为：{'、'.join(ATTRIBUTES + (STAB,))}")
    times = raw.get("times", 1)
    if not isinstance(times, int) or isinstance(times, bool) or times < 1:
        raise fail("times", "必须是正整数")
    counter = raw.get("counter", False)
    if not isinstance(counter, bool):
        raise fail("counter", "必须是 true 或 false（抵御成功时令伤害来源受伤）")
    out: dict[str, Any] = {"against": tuple(against), "times": times, **({"counter": True} if counter else {})}
    if "stab_chance" in raw:
        if STAB not in against:
            raise fail("stab_chance", "只用于能抵御刺杀的 defend（against 含“刺杀”）")
        out["stab_chance"] = _chance(raw["stab_chance"], "stab_chance", fail)
    if "on" in raw:  # a standing passive's defence on others (「当魏国军师受到…作用时触发，为其抵御一次」)
        from tianting.rules.sg24.declared.odds import SELECTOR_KEYS, check_selector

        # ``country_of: self``: the owner's countrymen (「本国君主」, 荀彧【留侯再世】); no other id is known every night
        if not check_selector(raw["on"]) or "of" in raw["on"] or raw["on"].get("country_of", "self") != "self":
            raise fail("on", f"必须是玩家的选择（{'、'.join(k for k in SELECTOR_KEYS if k not in ('of', 'country_of'))}"
                             "；country_of 只取 self）")
        out["on"] = raw["on"]
    among = raw.get("among")
    if among is not None:
        if among not in AMONG:
            raise fail("among", f"必须是 {'、'.join(AMONG)} 之一（自己或认识的本国角色中受作用者）")
        out["among"] = among
    counter_on = raw.get("counter_on")
    if counter_on is not None:
        if not counter or not isinstance(counter_on, list) or not counter_on \
                or not all(a in ATTRIBUTES + (STAB,) for a in counter_on):
            raise fail("counter_on", "须与 counter 同用，为属性数组（只在抵御了这些属性的伤害时令来源受伤，如 [\"刺杀\"]）")
        out["counter_on"] = tuple(counter_on)
    if "counter_chance" in raw:
        if not counter:
            raise fail("counter_chance", "须与 counter 同用")
        out["counter_chance"] = _chance(raw["counter_chance"], "counter_chance", fail)
    return out


def _learn_args(raw: Mapping[str, Any], fail: Callable[[str, str], EffectError]) -> dict[str, Any]:
    fact = raw.get("fact")
    if fact not in FACTS:
        raise fail("fact", f"必须是 {'、'.join(FACTS)} 之一")
    return {"fact": fact}


def _votes_args(raw: Mapping[str, Any], fail: Callable[[str, str], EffectError]) -> dict[str, Any]:
    n = raw.get("n")
    if not isinstance(n, int) or isinstance(n, bool) or n == 0:
        raise fail("n", "必须是非零整数（加票为正，减票为负）")
    return {"n": n}


def _text_args(raw: Mapping[str, Any], fail: Callable[[str, str], EffectError]) -> dict[str, Any]:
    text = raw.get("text")
    if not isinstance(text, str) or not text.strip():
        raise fail("text", "必须是非空文字")
    return {"text": text.strip()}


def _skill_args(raw: Mapping[str, Any], fail: Callable[[str, str], EffectError]) -> dict[str, Any]:
    skill = raw.get("skill")
    if not isinstance(skill, str) or not skill.strip():
        raise fail("skill", "必须是技能名")
    return {"skill": skill.strip()}


def _halve_args(raw: Mapping[str, Any], fail: Callable[[str, str], EffectError]) -> dict[str, Any]:
    from tianting.rules.sg24.declared.odds import SELECTOR_KEYS, check_selector

    out: dict[str, Any] = {}
    for key in ("by", "on"):
        if key in raw:
            if not check_selector(raw[key]):
                raise fail(key, f"必须是玩家的选择（{'、'.join(SELECTOR_KEYS)}；of 与 country_of 取 target 或 self）")
            out[key] = raw[key]
    attributes = raw.get("attributes", [])
    if not isinstance(attributes, list) or not all(a in ATTRIBUTES + (STAB, "指认") for a in attributes):
        raise fail("attributes", f"必须是属性数组（{'、'.join(ATTRIBUTES + (STAB, '指认'))}）")
    exempt = raw.get("except", [])
    if not isinstance(exempt, list) or not all(isinstance(x, str) and x for x in exempt):
        raise fail("except", "必须是技能名数组（不受影响的行动，如 [\"刺杀\"]）")
    when = raw.get("when", "tonight")
    if when not in ("tonight", "next_night", "while_alive"):
        raise fail("when", "必须是 tonight、next_night 或 while_alive（此后技能拥有者存活时）")
    harmless = raw.get("harmless", False)
    if not isinstance(harmless, bool):
        raise fail("harmless", "必须是 true 或 false（只影响不造成伤害的技能）")
    if harmless:
        out["harmless"] = True
    return {**out, "attributes": tuple(attributes), "except": tuple(exempt), "when": when}


def _ally_args(raw: Mapping[str, Any], fail: Callable[[str, str], EffectError]) -> dict[str, Any]:
    countries = raw.get("countries")
    if (not isinstance(countries, list) or len(countries) != 2 or len(set(countries)) != 2
            or not all(c in COUNTRY_NAMES for c in countries)):
        raise fail("countries", f"必须是两个不同的国家（{'、'.join(COUNTRY_NAMES)}）")
    days = raw.get("days", 2)
    extend = raw.get("extend", days)
    for key, value in (("days", days), ("extend", extend)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise fail(key, "必须是正整数（天数）")
    return {"countries": tuple(countries), "days": days, "extend": extend}


def _break_alliance_args(raw: Mapping[str, Any], fail: Callable[[str, str], EffectError]) -> dict[str, Any]:
    out = _ally_args({"countries": raw.get("countries")}, fail)
    for_good = raw.get("for_good", False)
    if not isinstance(for_good, bool):
        raise fail("for_good", "必须是 true 或 false（此后两国不能再联盟）")
    return {"countries": out["countries"], "for_good": for_good}


def _lessen_args(raw: Mapping[str, Any], fail: Callable[[str, str], EffectError]) -> dict[str, Any]:
    from tianting.rules.sg24.declared.odds import SELECTOR_KEYS, check_selector

    if not check_selector(raw.get("on")):
        raise fail("on", f"必须是玩家的选择（{'、'.join(SELECTOR_KEYS)}；of 与 country_of 取 target 或 self）")
    return {"on": raw["on"]}


def _own_vote_void_args(raw: Mapping[str, Any], fail: Callable[[str, str], EffectError]) -> dict[str, Any]:
    """``on`` (optional): the players whose votes are void, a selector (「三国君主次日投票无效」), instead of ``who``."""
    from tianting.rules.sg24.declared.odds import SELECTOR_KEYS, check_selector

    if "on" not in raw:
        return {}
    if not check_selector(raw["on"]) or any(k in ("of", "country_of", "allied_of") for k in raw["on"]):
        raise fail("on", f"必须是玩家的选择（{'、'.join(k for k in SELECTOR_KEYS if k not in ('of', 'country_of', 'allied_of'))}）")
    return {"on": raw["on"]}


def _pass_votes_args(raw: Mapping[str, Any], fail: Callable[[str, str], EffectError]) -> dict[str, Any]:
    from tianting.rules.sg24.declared.odds import SELECTOR_KEYS, check_selector

    voters = raw.get("voters")
    if not isinstance(voters, dict) or not check_selector(voters) or any(k in ("of", "country_of") for k in voters):
        raise fail("voters", f"必须是投票者的选择（{'、'.join(k for k in SELECTOR_KEYS if k not in ('of', 'country_of'))}）")
    return {"voters": voters}


def _stab_args(raw: Mapping[str, Any], fail: Callable[[str, str], EffectError]) -> dict[str, Any]:
    killer = raw.get("killer", False)
    if not isinstance(killer, bool):
        raise fail("killer", "必须是 true 或 false（杀手本人的额外刺杀：有同国判定）")
    return {"killer": True} if killer else {}


def _country_args(raw: Mapping[str, Any], fail: Callable[[str, str], EffectError]) -> dict[str, Any]:
    country = raw.get("country")
    if not isinstance(country, list) or not country or not all(c in COUNTRY_NAMES for c in country):
        raise fail("country", f"必须是国家数组（{'、'.join(COUNTRY_NAMES)}）")
    return {"country": tuple(country)}


def _exit_args(raw: Mapping[str, Any], fail: Callable[[str, str], EffectError]) -> dict[str, Any]:
    when = raw.get("when", "tonight")
    if when not in ("tonight", "next_night", "next_settle"):
        raise fail("when", "必须是 tonight、next_night（「下一夜开始时脱离游戏」）或 next_settle（「次夜结算时脱离游戏」）")
    return {"when": when}


def _recognise_args(raw: Mapping[str, Any], fail: Callable[[str, str], EffectError]) -> dict[str, Any]:
    characters = raw.get("characters")
    if characters is None:
        return {}
    if not isinstance(characters, list) or not characters or not all(isinstance(c, str) and c for c in characters):
        raise fail("characters", "必须是角色名数组（与场上为这些角色的玩家互相认识）")
    return {"characters": tuple(characters)}


IMMUNE_EFFECTS = ("harms", "others", "all")
"""What an immunity keeps off: the harms of its attributes (「抵御当夜受到的所有伤害类技能」), the uses of them that
harm nobody (「抵御所有非杀伤性的军师负面技能」), or everything they do (「不受…技能作用」)."""


def _immune_args(raw: Mapping[str, Any], fail: Callable[[str, str], EffectError]) -> dict[str, Any]:
    against = raw.get("against")
    kinds = ATTRIBUTES + (STAB, RECOGNITION)
    if not isinstance(against, list) or not against or not all(a in kinds for a in against):
        raise fail("against", f"必须是非空数组，取值为：{'、'.join(kinds)}")
    kept = raw.get("effects", "harms")
    if kept not in IMMUNE_EFFECTS:
        raise fail("effects", f"必须是 {'、'.join(IMMUNE_EFFECTS)} 之一（伤害、非伤害的作用、全部作用）")
    exempt = raw.get("except_by")
    if exempt is None:
        return {"against": tuple(against), "effects": kept}
    if not isinstance(exempt, list) or not exempt or not all(isinstance(x, str) and x for x in exempt):
        raise fail("except_by", "必须是角色名数组（这些角色造成的作用不受影响，如 [\"关羽\"]）")
    return {"against": tuple(against), "effects": kept, "except_by": tuple(exempt)}


def _void_args(raw: Mapping[str, Any], fail: Callable[[str, str], EffectError]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    only = raw.get("only")
    if only is not None:
        if not isinstance(only, list) or not only or not all(isinstance(x, str) and x for x in only):
            raise fail("only", "必须是技能名数组（如 [\"刺杀\"]：只令其刺杀失败）")
        out["only"] = tuple(only)
    attributes = raw.get("attributes")
    if attributes is not None:
        if not isinstance(attributes, list) or not attributes or not all(a in ATTRIBUTES for a in attributes):
            raise fail("attributes", f"必须是属性数组（{'、'.join(ATTRIBUTES)}）：只令这些属性的技能失败")
        out["attributes"] = tuple(attributes)
    exempt = raw.get("except")
    if exempt is not None:
        if not isinstance(exempt, list) or not exempt or not all(isinstance(x, str) and x for x in exempt):
            raise fail("except", "必须是技能名数组（不受影响的行动，如 [\"刺杀\"]：「不影响杀手刺杀」）")
        out["except"] = tuple(exempt)
    return out


VERBS: dict[str, Callable[[Mapping[str, Any], Callable[[str, str], EffectError]], dict[str, Any]]] = {
    # 致伤: a harm of the skill's attribute, summed with the night's others (seed 001's defence order).
    "wound": _no_args,
    # 致死.
    "kill": _no_args,
    # 脱离游戏: the id leaves the game (no successor, nothing defends it).
    "exit": _exit_args,
    # 治愈: a wound healed (「优先治愈受伤」).
    "heal": _heal_args,
    # 抵御: stops ``times`` effects of the attributes ``against`` aimed at the player (seed 001's order).
    "defend": _defend_args,
    # 令其所有行动失败: the player's actions tonight fail (a use spent).
    "void": _void_args,
    # 得知: the owner learns a fact of the player.
    "learn": _learn_args,
    # 互识: the owner and the player know each other.
    "recognise": _recognise_args,
    # 该次投票无效: the day's vote harms no one.
    "vote_void": _no_args,
    # The player's votes the next day change by ``n``.
    "votes": _votes_args,
    # The player is told ``text``.
    "tell": _text_args,
    # The phase's post says ``text``.
    "announce": _text_args,
    # The player loses ``skill``.
    "lose": _skill_args,
    # The player's ``skill`` is used up (「令徐晃【亚夫之风】消耗」).
    "spend": _skill_args,
    # Tonight no effect of the attributes ``against`` reaches the player (「当夜不受武将杀伤技能作用」, 「所有刺杀…无效」):
    # ``effects`` says which: ``harms`` (the default), ``others`` (the uses that harm nobody) or ``all``.
    "immune": _immune_args,
    # The player's own vote the next day is void (「刘禅次日投票无效」).
    "own_vote_void": _own_vote_void_args,
    # The player may act while wounded (a standing passive's: 「受伤时……也能行动」).
    "act_wounded": _no_args,
    # A stab that is no killer's (「非杀手刺杀」: no same-country check), summed with the night's harms; ``killer``: a
    # killer's own extra stab (「除魏国杀手正常刺杀外，夏侯渊可额外指定1个ID进行刺杀」), checked as his stabs are.
    "stab": _stab_args,
    # Every vote of the next day is void (「令次日全部投票无效」).
    "ballot_void": _no_args,
    # The 武将保护 defences on the player that could stop a stab tonight have no effect and their skills are spent
    # (「被刺杀者引发的一切武将保护技能作用无效，且视为被消耗」).
    "strip_guards": _no_args,
    # The player's next 伤判 heals him, whenever he is next wounded (「在进行下一次伤害判定时自动痊愈」).
    "heal_at_check": _no_args,
    # For ``voted_top``: the votes for the owner of the voters named go to the day's second most voted (a tie: one
    # drawn), and the day's most voted is counted again (「…对贾诩的投票自动转嫁到得票第二多的角色身上」).
    "pass_votes": _pass_votes_args,
    # 伤害减轻: the night's summed harm of each player ``on`` names is one step lighter (死亡→受伤, 受伤→无).
    "lessen": _lessen_args,
    # 指认反馈结果错误: the player's 指认 tonight are answered wrongly (right↔wrong, 是↔否); the passives a right 指认
    # sets off still go off.
    "mislead": _no_args,
    # 使对方知道自己: the player learns the owner's id and character, one-sided (the owner learns nothing of him).
    "reveal": _no_args,
    # 成功率减半: the actions of ``by`` (aimed at ``on``, of ``attributes``, but ``except``) go off with half chance.
    "halve": _halve_args,
    # 发动失败 on a set of players: as ``halve``, but the actions covered fail surely (「其行动发动失败」).
    "fail": _halve_args,
    # In a ``stabbed`` trigger: the stab that set it off has no effect (「该次刺杀失效」; ``chance`` for 「一半概率无效」).
    "stab_void": _no_args,
    # The player's stabs the next night fail; he is not told beforehand (「下一夜将不能出刀……不知道」).
    "no_stab": _no_args,
    # 联盟达成（或延期）: the two countries' alliance (the post says so).
    "ally": _ally_args,
    # 联盟解除: the two countries' alliance ends after tonight (the post says so); ``for_good``: it can never be made
    # again (「之后无法再达成……之后亦不可联盟」).
    "break_alliance": _break_alliance_args,
    # 「令该ID次夜可以行动两次」: the player may send two actions the next night (two skills, a skill and a stab, or
    # two stabs; several uses still give two).
    "act_twice": _no_args,
    # 「次日投票所有对吴国角色的投票无效」: the next day's votes cast for a player of ``country`` are void.
    "votes_void_on": _country_args,
    # 「次日投票时多计一张暗票，不显示在票面公告中」: the player casts one 暗票 more the next day, whose target he gives that
    # day (asked as 孙策【结纳豪俊】's is: :func:`.resolve.hidden_votes`), counted even while he is 在野.
    "hidden_vote": _no_args,
}

CONDITIONS: dict[str, Callable[[Any], bool]] = {
    "has_evaluation": lambda v: isinstance(v, str) and bool(v),
    "lacks_evaluation": lambda v: isinstance(v, str) and bool(v),
    "identity": lambda v: isinstance(v, list) and bool(v) and all(isinstance(x, str) for x in v),
    "not_identity": lambda v: isinstance(v, list) and bool(v) and all(isinstance(x, str) for x in v),
    "country": lambda v: isinstance(v, list) and bool(v) and all(isinstance(x, str) for x in v),
    "not_country": lambda v: isinstance(v, list) and bool(v) and all(isinstance(x, str) for x in v),
    "same_country": lambda v: isinstance(v, bool),
    "wounded": lambda v: isinstance(v, bool),
    # A character named is in play (「周瑜若存活」).
    "alive": lambda v: isinstance(v, str) and bool(v),
    # The player still holds the skill named (not lost or spent).
    "holds": lambda v: isinstance(v, str) and bool(v),
    # The skill named has been used up (「若曹操的【割须弃袍】已经消耗」).
    "spent": lambda v: isinstance(v, str) and bool(v),
    # A character has come into play in this game, whoever plays it (「黄忠登场后」).
    "appeared": lambda v: isinstance(v, str) and bool(v),
    # Whether the player's country has strictly the most living players of the three (「人数非三国最多」: false).
    "most_living": lambda v: isinstance(v, bool),
    # A skill has gone off earlier in the game, anyone's (「张辽发动过【威震逍遥津】后」).
    "used_before": lambda v: isinstance(v, str) and bool(v),
    # The target is not the owner (「不可指认自己」): a use on oneself is refused when sent.
    "other": lambda v: v is True,
    # The character named is in play and has joined no country (「如果当夜吕布在野」), checked when the use resolves.
    "unaligned": lambda v: isinstance(v, str) and bool(v),
    # ``false``: no other player's use of an active skill names the player tonight (「若此ID当夜受到其他任何以其作为目标的
    # 主动技能作用」, the 8.1 list's 释疑: a skill that named the id when it was sent); ``true``: some use does.
    "aimed": lambda v: isinstance(v, bool),
    # A character is not in play now, checked when the use resolves (「当夜蜀国主军师若不是诸葛亮」).
    "absent": lambda v: isinstance(v, str) and bool(v),
}


GUARD_VERBS = ("defend", "act_wounded", "votes", "immune")
"""What a standing passive (``guard``) may do, on its owner: a defence each night, acting while wounded, a change of
his votes at every vote (「每次投票时触发，自己所得票数减二票」), or no effect of the attributes named reaching him
(「触发次数不限……使其作用无效」)."""

KILLED_VERBS = ("lose", "spend", "tell")
"""What a passive set off by its owner's death (``killed``) may do: what needs no night to resolve in."""


ON_THE_GAME = ("alive", "appeared", "used_before", "unaligned", "absent")
"""Conditions on the game (a character in play, come into play, still 在野; a skill gone off), on no player: a use
they gate needs no target for them."""


TARGETLESS = ("vote_void", "ballot_void", "announce", "halve", "fail", "ally", "break_alliance", "lessen", "votes_void_on")
"""Verbs that act on no player (the vote, the post)."""


def needs_target(d: Declared) -> bool:
    """Whether a use names one id: a verb or a condition acts on its target."""
    def aims(v: Verb) -> bool:
        if v.name in ("halve", "fail", "lessen"):
            return any(sel.get(k) == "target" for sel in (v.args.get("by") or {}, v.args.get("on") or {})
                       for k in ("of", "country_of"))
        return v.who == "target" and v.name not in TARGETLESS

    on_players = [c for c in d.conditions if c.test not in ON_THE_GAME]
    return d.trigger == "use" and (any(aims(v) for v in d.does) or any(c.who == "target" for c in on_players))


def parse_effect(raw: Any, where: str, kind: str) -> Effect:
    """An effect from its JSON (``where`` names the character and skill in messages; ``kind``: active or passive)."""

    def fail(key: str, message: str) -> EffectError:
        return EffectError(f"角色包{where}.effect.{key}：{message}")

    if not isinstance(raw, dict):
        raise fail("", "必须是对象")
    if "code" in raw or "judge" in raw:
        key = "code" if "code" in raw else "judge"
        if set(raw) != {key} or not isinstance(raw[key], str) or not raw[key].strip():
            raise fail(key, "必须单独出现，值为非空文字")
        return Bespoke(raw["code"].strip()) if key == "code" else Judged(raw["judge"].strip())
    known = {"trigger", "of", "if", "do", "limit", "from_night", "chance", "by", "on"}
    for key in raw:
        if key not in known:
            raise fail(key, f"未知的字段（可用：{'、'.join(sorted(known))}、code、judge）")
    trigger = raw.get("trigger", "use" if kind == "active" else None)
    if trigger not in TRIGGERS:
        raise fail("trigger", f"必须是 {'、'.join(TRIGGERS)} 之一")
    if (trigger == "use") != (kind == "active"):
        raise fail("trigger", "主动技能的触发为 use，被动技能的触发不能是 use")
    of = raw.get("of", [])
    if not isinstance(of, list) or not all(isinstance(x, str) and x for x in of):
        raise fail("of", "必须是角色名数组")
    if trigger == "recognised" and not of:
        raise fail("of", "指认触发的技能必须给出被指认的角色")
    conditions = _conditions(raw.get("if", []), "if", fail)
    stab_sides = _stab_sides(raw, trigger, fail)
    does = []
    raw_do = raw.get("do")
    if not isinstance(raw_do, list) or not raw_do:
        raise fail("do", "必须是非空数组")
    for i, v in enumerate(raw_do):
        if not isinstance(v, dict) or not isinstance(v.get("verb"), str) or v["verb"] not in VERBS:
            raise fail(f"do[{i}].verb", f"必须是 {'、'.join(VERBS)} 之一")
        who = v.get("who", "target")
        if who not in WHO:
            raise fail(f"do[{i}].who", f"必须是 {'、'.join(WHO)} 之一")
        named = v.get("character")
        if (who == "character") != (named is not None) or (named is not None and not (isinstance(named, str)
                                                                                     and named.strip())):
            raise fail(f"do[{i}].character", "who 为 character 时必须给出角色名（且只在此时给出）")

        def verb_fail(key: str, message: str, i: int = i) -> EffectError:
            return fail(f"do[{i}].{key}", message)

        args = VERBS[v["verb"]](v, verb_fail)
        extra = set(v) - {"verb", "who", "if", "chance", "character"} - set(args)
        if extra:
            raise fail(f"do[{i}].{sorted(extra)[0]}", f"【{v['verb']}】不接受这个字段")
        does.append(Verb(v["verb"], who, args, _conditions(v.get("if", []), f"do[{i}].if", fail),
                         _chance(v.get("chance"), f"do[{i}].chance", fail), named.strip() if named else None))
    limit = raw.get("limit")
    if isinstance(limit, int) and not isinstance(limit, bool):
        if trigger != "use" or limit < 2:
            raise fail("limit", "使用次数只用于主动技能，且至少为2（一次即 once）")
    elif limit is not None and limit not in LIMITS:
        raise fail("limit", f"必须是 {'、'.join(LIMITS)} 之一，或主动技能的使用次数（2 以上的整数）")
    if limit is None and trigger == "use":
        limit = "once"  # 「技能默认只能使用或触发一次」: an active without a count is used once a game (R53)
    start = raw.get("from_night", 1)
    if not isinstance(start, int) or isinstance(start, bool) or start < 1:
        raise fail("from_night", "必须是正整数")
    chance = _chance(raw.get("chance"), "chance", fail)
    if trigger == "exited" and any(v.name not in EXITED_VERBS for v in does):
        raise fail("do", f"exited 触发的技能只能是 {'、'.join(EXITED_VERBS)}")
    if trigger == "exited" and (any(c.test != "most_living" for c in conditions) or any(v.conditions for v in does)):
        raise fail("if", "exited 触发的技能只能带 most_living 条件")
    if trigger == "guard" and any(v.name not in GUARD_VERBS or v.who != "self" for v in does):
        raise fail("do", f"guard 触发的技能只能作用于自己（{'、'.join(GUARD_VERBS)}，who 为 self）")
    if trigger == "stabbed_dead" and any(v.name != "kill" or v.who != "target" for v in does):
        raise fail("do", "stabbed_dead 触发的技能只能令刺杀者死亡（kill，who 为 target）")
    if trigger == "killed" and any(v.name not in KILLED_VERBS or v.who != "character" for v in does):
        raise fail("do", f"死亡触发的技能只能作用于所指明的角色（{'、'.join(KILLED_VERBS)}，who 为 character）")
    if any(v.name == "pass_votes" for v in does) and trigger != "voted_top":
        raise fail("do", "pass_votes 只用于 voted_top 触发的技能")
    if trigger != "guard" and any("on" in v.args for v in does if v.name == "defend"):
        raise fail("do", "defend 的 on 只用于 guard 触发的技能（每夜为所选的玩家各抵御）")
    if trigger != "stabbed" and any(v.name == "stab_void" or v.who == "victim" for v in does):
        raise fail("do", "stab_void 与 who: victim 只用于 stabbed 触发的技能")
    return Declared(trigger, tuple(does), conditions, tuple(of), limit, start, chance, *stab_sides)


def _stab_sides(raw: Mapping[str, Any], trigger: str, fail: Callable[[str, str], EffectError]
                ) -> tuple[Mapping[str, Any] | None, Mapping[str, Any] | None]:
    """A ``stabbed`` trigger's ``by`` and ``on``: whose stabs, on whom (player selectors, :mod:`.odds`)."""
    from tianting.rules.sg24.declared.odds import SELECTOR_KEYS, check_selector

    if trigger != "stabbed":
        for key in ("by", "on"):
            if key in raw:
                raise fail(key, "只用于 stabbed 触发的技能")
        return None, None
    out = []
    for key in ("by", "on"):
        if key in raw and not check_selector(raw[key]):
            raise fail(key, f"必须是玩家的选择（{'、'.join(SELECTOR_KEYS)}；of 与 country_of 取 self）")
        out.append(raw.get(key))
    if out == [None, None]:
        raise fail("on", "stabbed 触发的技能必须给出 by 或 on（谁的刺杀、刺杀到谁）")
    return out[0], out[1]


def _conditions(raw: Any, key: str, fail: Callable[[str, str], EffectError]) -> tuple[Condition, ...]:
    if not isinstance(raw, list):
        raise fail(key, "必须是条件数组")
    out = []
    for i, c in enumerate(raw):
        if not isinstance(c, dict):
            raise fail(f"{key}[{i}]", "必须是对象")
        who = c.get("who", "target")
        tests = [k for k in c if k != "who"]
        if who not in WHO or len(tests) != 1 or tests[0] not in CONDITIONS or not CONDITIONS[tests[0]](c[tests[0]]):
            raise fail(f"{key}[{i}]", f"必须是一个条件（{'、'.join(CONDITIONS)}），可加 who（{'、'.join(WHO)}），值的类型须正确")
        out.append(Condition(tests[0], c[tests[0]], who))
    return tuple(out)


def _chance(raw: Any, key: str, fail: Callable[[str, str], EffectError]) -> Fraction | None:
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, (int, float, str)):
        raise fail(key, "必须是0与1之间的概率（如 0.5 或 \"1/2\"）")
    try:
        value = Fraction(str(raw))
    except (ValueError, ZeroDivisionError):
        raise fail(key, "必须是0与1之间的概率（如 0.5 或 \"1/2\"）") from None
    if not 0 < value < 1:
        raise fail(key, "必须是0与1之间的概率（如 0.5 或 \"1/2\"）")
    return value


__all__ = ["ATTRIBUTES", "CONDITIONS", "FACTS", "STAB", "TRIGGERS", "VERBS", "Bespoke", "Condition", "Declared",
           "Effect", "EffectError", "Judged", "Verb", "needs_target", "parse_effect"]
