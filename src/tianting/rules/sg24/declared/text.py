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

FACT_WORDS = {"identity": "身份", "character": "角色", "country": "国籍", "evaluations": "评价"}


def _whom(who: str, trigger: str) -> str:
    if who == "self":
        return "自己"
    if who == "lord":
        return "本国君主"
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
        "used_before": lambda: f"【{v}】已发动过",
    }
    return words[c.test]()


def _verb(v: Verb, trigger: str) -> str:
    whom = _whom(v.who, trigger)
    a = v.args
    words = {
        "wound": lambda: f"令{whom}受伤",
        "kill": lambda: f"令{whom}死亡",
        "exit": lambda: f"令{whom}{'下一夜开始时' if a['when'] == 'next_night' else ''}脱离游戏",
        "heal": lambda: f"治愈{_of(whom)}受伤",
        "defend": lambda: (f"为{whom}抵御{a['times']}次{'或'.join(a['against'])}的作用"
                           if a["times"] > 1 else f"为{whom}抵御一次{'或'.join(a['against'])}的作用"),
        "void": lambda: (f"令{whom}当夜的{'、'.join(a['only'])}失败" if a.get("only")
                         else f"令{whom}当夜使用的{'、'.join(a['attributes'])}失败" if a.get("attributes")
                         else f"令{whom}当夜所有行动失败"),
        "learn": lambda: f"得知{_of(whom)}{FACT_WORDS[a['fact']]}",
        "recognise": lambda: f"与{'、'.join(a['characters']) if a.get('characters') else whom}互相认识",
        "spend": lambda: f"令{_of(whom)}【{a['skill']}】消耗",
        "immune": lambda: f"{whom}当夜不受{'、'.join(a['against'])}的作用",
        "own_vote_void": lambda: f"{_of(whom)}次日投票无效",
        "vote_void": lambda: "该次投票无效",
        "votes": lambda: f"次日投票中{_of(whom)}得票数{'增加' if a['n'] > 0 else '减少'}{abs(a['n'])}票",
        "tell": lambda: f"告知{whom}：{a['text']}",
        "announce": lambda: f"当夜公告“{a['text']}”",
        "lose": lambda: f"{whom}失去【{a['skill']}】",
        "act_wounded": lambda: f"{whom}受伤时也能行动",
        "stab": lambda: f"对{whom}进行一次非杀手刺杀",
        "ballot_void": lambda: "次日全部投票无效",
        "halve": lambda: _halve(a),
    }
    text = words[v.name]()
    if v.chance is not None:
        text = f"{_percent(v.chance)}概率{text}"
    if v.conditions:
        text = f"若{'且'.join(_condition(c, trigger) for c in v.conditions)}，则{text}"
    return text


def _selector(sel: dict[str, object] | None, default: str) -> str:
    if not sel:
        return default
    words = []
    for key, value in sel.items():
        names = "、".join(value) if isinstance(value, list | tuple) else ""
        words.append({"country": f"{names}国", "not_country": f"不属于{names}的", "identity": f"{names}",
                      "of": "其" if value == "target" else "自己", "country_of": "其所在国" if value == "target"
                      else "本国"}[key])
    return "".join(words) + ("" if "of" in sel else "角色")


def _halve(a: Mapping[str, Any]) -> str:
    who = _selector(a.get("by"), "所有角色")
    aimed = f"针对{_selector(a.get('on'), '')}的" if a.get("on") else ""
    kinds = "、".join(a["attributes"]) if a["attributes"] else "所有行动"
    when = "次夜" if a["when"] == "next_night" else "当夜"
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
    elif d.trigger == "voted_top":
        parts.append("当得票数最多时触发")
    elif d.trigger == "guard" and any(v.name == "defend" for v in d.does):
        against = sorted({a for v in d.does for a in v.args.get("against", ())})
        parts.append(f"当受到{'或'.join(against)}作用时触发")
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
    text = "。".join(p for p in parts[:1]) + "。" + "，".join(parts[1:]) + "。"
    tags = " ".join(dict.fromkeys(t for t in (attribute, timing) if t))
    return text + (f"（{tags}）" if tags else "")


__all__ = ["describe"]
