"""The player-facing text of a declared skill, generated from its declaration (Simplified, the 24人 family's
script; the page converts it for readers of Traditional). A pack that carries its own text shows that one;
the judges' console shows the generated one beside it, so a mismatch shows."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from tianting.rules.sg24.declared.schema import (
    Bespoke,
    Condition,
    Declared,
    Effect,
    Judged,
    Verb,
    needs_target,
)

EXIT_WORDS = {"tonight": "", "next_night": "下一夜开始时", "next_settle": "次夜结算时"}
IMMUNE_WORDS = {"harms": "伤害", "others": "非伤害作用", "all": "任何作用"}
"""An immunity's ``effects`` in words."""
FACT_WORDS = {"identity": "身份", "character": "角色", "country": "国籍", "evaluations": "评价"}


def _whom(who: str, trigger: str) -> str:
    if who == "self":
        return "自己"
    if who == "lord":
        return "本国君主"
    if who == "victim":
        return "被刺杀者"
    if trigger in ("stabbed", "stabbed_dead"):
        return "刺杀者"
    return "被指认者" if trigger == "recognised" else "其"


def condition_text(c: Condition, trigger: str) -> str:
    """A condition in words (「黄忠已登场」)."""
    return _condition(c, trigger)


def _condition(c: Condition, trigger: str) -> str:
    whom = _whom(c.who, trigger)
    v = c.value
    words = {
        "has_evaluation": lambda: f"{whom}具有“{v}”评价",
        "lacks_evaluation": lambda: f"{whom}不具有“{v}”评价",
        "identity": lambda: f"{_of(whom)}身份为{'或'.join(v)}",
        "not_identity": lambda: f"{_of(whom)}身份不是{'或'.join(v)}",
        "country": lambda: f"{whom}属于{'或'.join(v)}",
        "not_country": lambda: f"{whom}不属于{'或'.join(v)}",
        "same_country": lambda: f"{whom}与你{'同国' if v else '不同国'}",
        "wounded": lambda: f"{whom}{'处于' if v else '不处于'}受伤状态",
        "alive": lambda: f"{v}存活",
        "holds": lambda: f"{whom}仍有【{v}】",
        "spent": lambda: f"{_of(whom)}【{v}】已经消耗",
        "appeared": lambda: f"{v}已登场",
        "most_living": lambda: f"{_of(whom)}国家存活人数{'是' if v else '不是'}三国中唯一最多",
        "used_before": lambda: f"【{v}】已发动过",
        "unaligned": lambda: f"当夜{v}在野",
        "other": lambda: f"{whom}不是自己",
        "aimed": lambda: f"{whom}当夜{'受到' if v else '未受到'}他人以其为目标的主动技能作用",
        "absent": lambda: f"{v}不在场",
    }
    return words[c.test]()


def _verb(v: Verb, trigger: str) -> str:
    whom = ("自己或认识的本国角色中受作用者" if v.args.get("among") == "known_countrymen"
            else v.character if v.who == "character" and v.character else _whom(v.who, trigger))
    a = v.args
    words = {
        "wound": lambda: f"令{whom}受伤",
        "kill": lambda: f"令{whom}死亡",
        "exit": lambda: f"令{whom}{EXIT_WORDS[a['when']]}脱离游戏",
        "heal": lambda: f"治愈{_of(whom)}受伤" + ("（若其当夜受到其他伤害，则发动失败，本技能消耗）"
                                                 if a.get("unless_harmed") else ""),
        "defend": lambda: (f"为{'其' if a.get('on') else whom}抵御"
                           f"{str(a['times']) + '次' if a['times'] > 1 else '一次'}{'或'.join(a['against'])}的作用")
        + ("，抵御成功时令伤害来源受伤" if a.get("counter") and not a.get("counter_on") else "")
        + (f"；若抵御的是{'或'.join(a['counter_on'])}，"
           f"{_percent(a['counter_chance']) + '概率' if a.get('counter_chance') else ''}令其来源受伤"
           if a.get("counter_on") else "")
        + (f"（若为刺杀，则该刺杀{_percent(a['stab_chance'])}概率失效）" if a.get("stab_chance") else ""),
        "void": lambda: (f"令{whom}当夜的{'、'.join(a['only'])}失败" if a.get("only")
                         else f"令{whom}当夜使用的{'、'.join(a['attributes'])}失败" if a.get("attributes")
                         else f"令{whom}当夜所有行动失败" + (f"（{'、'.join(a['except'])}除外）" if a.get("except") else "")),
        "learn": lambda: f"得知{_of(whom)}{FACT_WORDS[a['fact']]}",
        "recognise": lambda: f"与{'、'.join(a['characters']) if a.get('characters') else whom}互相认识",
        "spend": lambda: f"令{_of(whom)}【{a['skill']}】消耗",
        "immune": lambda: (f"{whom}{'' if trigger == 'guard' else '当夜'}不受{'、'.join(a['against'])}的"
                           f"{IMMUNE_WORDS[a['effects']]}"
                           + (f"（{'、'.join(a['except_by'])}造成的除外）" if a.get("except_by") else "")),
        "own_vote_void": lambda: f"{_selector(a['on'], '') if a.get('on') else _of(whom)}次日投票无效",
        "vote_void": lambda: "该次投票无效",
        "votes": lambda: (f"{'每次投票时' if trigger == 'guard' else '次日投票中'}{_of(whom)}得票数"
                          f"{'增加' if a['n'] > 0 else '减少'}{abs(a['n'])}票"),
        "tell": lambda: f"告知{whom}：{a['text']}",
        "announce": lambda: f"当夜公告“{a['text']}”",
        "lose": lambda: f"{whom}失去【{a['skill']}】",
        "act_wounded": lambda: f"{whom}受伤时也能行动",
        "pass_votes": lambda: f"{_selector(a['voters'], '')}投给自己的票转给得票第二多的角色（并列时随机其一）",
        "lessen": lambda: f"{_selector(a['on'], '')}当夜受到的伤害减轻一级（致死改为致伤，致伤改为无效）",
        "mislead": lambda: f"令{_of(whom)}当夜指认的反馈结果错误（依赖指认的被动技能不受影响）",
        "reveal": lambda: f"令{whom}单方面知道你的角色",
        "stab": lambda: f"对{whom}{'额外进行一次刺杀' if a.get('killer') else '进行一次非杀手刺杀'}",
        "ballot_void": lambda: "次日全部投票无效",
        "strip_guards": lambda: f"{_of(whom)}当夜能抵御刺杀的武将保护技能作用无效且视为消耗",
        "heal_at_check": lambda: f"{whom}下一次伤判时自动痊愈",
        "halve": lambda: _halve(a),
        "fail": lambda: _halve(a).replace("成功率减半", "发动失败"),
        "stab_void": lambda: "该次刺杀失效",
        "no_stab": lambda: f"{whom}下一夜不能出刀（本人不被告知）",
        "votes_void_on": lambda: f"次日投票中所有投给{'、'.join(a['country'])}国角色的票无效",
        "act_twice": lambda: f"令{whom}次夜可以行动两次",
        "hidden_vote": lambda: f"{whom}次日投票时多投一张暗票（白天指定投给谁，不显示在票面公告中）",
        "ally": lambda: f"{''.join(a['countries'])}联盟达成（为期{a['days']}天；若已达成则延期{a['extend']}天）",
        "break_alliance": lambda: (f"当夜结算后{''.join(a['countries'])}联盟解除"
                                   + ("，此后两国不能再联盟" if a["for_good"] else "")),
    }
    text = words[v.name]()
    if v.chance is not None:
        text = f"{_percent(v.chance)}概率{text}"
    if v.conditions:
        text = f"若{'且'.join(_condition(c, trigger) for c in v.conditions)}，则{text}"
    return text


def _selector(sel: Mapping[str, object] | None, default: str) -> str:
    if not sel:
        return default
    words = []
    for key, value in sel.items():
        names = "、".join(value) if isinstance(value, list | tuple) else ""
        party = {"target": "其", "self": "自己", "victim": "被刺杀者"}.get(str(value), "")
        words.append({"country": f"{names}国", "not_country": f"不属于{names}的", "identity": f"{names}",
                      "character": names, "of": party,
                      "country_of": f"{party}所在国" if value != "self" else "本国",
                      "allied_of": f"{party}所在国或其盟国" if value != "self" else "本国或盟国"}[key])
    return "".join(words) + ("" if "of" in sel else "角色")


def _halve(a: Mapping[str, Any]) -> str:
    who = _selector(a.get("by"), "所有角色")
    aimed = f"针对{_selector(a.get('on'), '')}的" if a.get("on") else ""
    kinds = "、".join(a["attributes"]) if a["attributes"] else "所有行动"
    kinds = f"不造成伤害的{kinds}" if a.get("harmless") else kinds
    when = {"next_night": "次夜", "while_alive": "此后自己存活时"}.get(a["when"], "当夜")
    text = f"{when}{who}{aimed}{kinds}成功率减半"
    return text + (f"（{'、'.join(a['except'])}除外）" if a["except"] else "")


def _of(whom: str) -> str:
    """「其身份」, 「自己的身份」."""
    return whom if whom == "其" else f"{whom}的"


def _percent(p: Fraction) -> str:
    return "一半" if p == Fraction(1, 2) else f"{float(p) * 100:g}%"


def describe(effect: Effect, kind: str, attribute: str | None = None, timing: str | None = None,
             targets: int = 1) -> str:
    """What the skill does, in a sentence a player reads (the 8.1 list's order of parts, in our words)."""
    if isinstance(effect, Bespoke):
        from tianting.rules.sg24.declared.bespoke import REGISTRY

        code = REGISTRY.get(effect.code)
        return code.text if code is not None else f"（专门程式「{effect.code}」未注册）"
    if isinstance(effect, Judged):
        return f"（由天庭裁定：{effect.why}）"
    return _declared(effect, kind, attribute, timing, targets)


def generated_text(pack: Any, character: str, skill: Any) -> str | None:
    """The text generated from ``skill``'s effect as ``character`` holds it in ``pack`` (with the timing the pack
    gives it), or None when the pack gives it no effect."""
    if skill.effect is None:
        return None
    return describe(skill.effect, skill.kind, skill.attribute, pack.timing(character, skill))


def shown_text(pack: Any, character: str, skill: Any) -> str:
    """The one text a player reads of a skill: the pack's own, else the one generated from its effect (else
    nothing)."""
    return skill.text or generated_text(pack, character, skill) or ""


def _declared(d: Declared, kind: str, attribute: str | None, timing: str | None, targets: int) -> str:
    parts: list[str] = ["主动技能" if kind == "active" else "被动技能"]
    if d.trigger == "use":
        if needs_target(d):
            parts.append(f"指定{targets}个ID")
    elif d.trigger == "recognised":
        parts.append(f"当成功指认出{'或'.join(d.of)}时触发")
    elif d.trigger == "stabbed":
        parts.append(f"当{_selector(d.by, '任何人') if d.by else '任何人'}刺杀到"
                     f"{_selector(d.on, '任何人') if d.on else '任何人'}时触发")
    elif d.trigger == "exited":
        parts.append("当自己退出游戏时触发")
    elif d.trigger == "voted_top":
        parts.append("当得票数最多时触发")
    elif d.trigger == "stabbed_dead":
        parts.append("当被刺杀而死时触发")
    elif d.trigger == "killed":
        parts.append("当自己死亡时（自杀除外）触发")
    elif d.trigger == "guard" and any(v.name in ("defend", "immune") for v in d.does):
        against = sorted({a for v in d.does for a in v.args.get("against", ())})
        guarded = ("自己或认识的本国角色" if any(v.args.get("among") for v in d.does)
                   else next((_selector(v.args["on"], "") for v in d.does if v.args.get("on")), ""))
        parts.append(f"当{guarded}受到{'或'.join(against)}作用时触发")
    if d.from_night > 1:
        parts.append(f"第{d.from_night}夜起可用")
    clause = "；".join(_verb(v, d.trigger) for v in d.does)
    if d.conditions:
        clause = f"若{'且'.join(_condition(c, d.trigger) for c in d.conditions)}，{clause}"
    if d.chance is not None:
        clause = f"{_percent(d.chance)}概率{clause}"
    parts.append(clause)
    if d.limit == "once":
        parts.append("只能使用一次" if kind == "active" else "只能触发一次")
    elif isinstance(d.limit, int):
        parts.append(f"可以使用{d.limit}次")
    elif d.limit == "per_night" and kind == "active":
        parts.append("每夜都可以使用")
    text = "。".join(p for p in parts[:1]) + "。" + "，".join(parts[1:]) + "。"
    tags = " ".join(dict.fromkeys(t for t in (attribute, timing) if t))
    return text + (f"（{tags}）" if tags else "")


__all__ = ["describe"]
