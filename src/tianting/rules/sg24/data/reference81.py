"""The facts of the 8.1 character list (``../shared/reference/sanguobansha-8.1-characters.txt``), read for the
builders of the 24人 and 鼎立三分2.0 packs (tools/sg24_pack_from_reference.py, rules/dingli2/data/build_pack.py).
Not imported by the engine.

Only facts are taken (a character's identity, 评价, successors, natural death, 指认 allowances, and each skill's
name, kind, timing and attribute); no sentence of the list is kept. The readings where the list is not plain are
docs/rulings/sg24.md R-SG23-packdata … R-SG26-packdata:

- a skill whose rule text is split into sub-items 「（1）……（2）……」 takes the kind, attribute and timing of its first
  sub-item that names them (荀彧's 【留侯再世】 opens with 「（1）被动技能」, 曹植's 【琳琅妙笔】 and 赵云's
  【绝处逢生】 carry theirs on the sub-items, 王允's 【巧施连环】 on its last line);
- 「全评价」 is every one of the nine 评价, counted as three (``evaluation_count``);
- an allowance under a condition (「和曹操互识后」「在得知孙尚香登场后」「若周瑜已死」), one that names no character nor
  评价 (「指认魏国人」, 「用以触发【生花妙笔】」) and one that tells a random 评价 is left to the judge (``left``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

NUMBERS = "一二三四五六七八九"
EVALUATIONS = ("智者", "猛将", "统帅", "义士", "仁者", "能吏", "雅士", "文豪", "异人")
TIMINGS = ("即时生效", "结算前生效", "结算时生效", "结算后生效")
ATTRIBUTES = ("全局技能", "武将杀伤技能", "武将保护技能", "军师增益技能", "军师负面技能", "指认技能", "无属性技能", "投票技能")
IDENTITIES = ("君主", "军师", "杀手", "护卫", "女眷", "平民")
COUNTRIES = {"魏国": "魏", "蜀国": "蜀", "吴国": "吴", "在野": "在野"}
TRIGGER_TARGETS = {"雄才大略": ("卧龙", "庞统")}
"""指认 allowances the list words as 「用于触发【X】」 where X's own text names whom it must find: 周瑜's
【雄才大略】 fires on finding 卧龙 or 庞统."""
_CATEGORY = re.compile(r"^(魏|蜀|吴)国(君主|军师|杀手|护卫|女眷)$")
_EXPAND = {"三国君主": ("魏国君主", "蜀国君主", "吴国君主"), "女眷": ("魏国女眷", "蜀国女眷", "吴国女眷")}
"""「三国君主」 is the lord of any of the three countries; 貂蝉's 「指认女眷」 any country's 女眷 (在野 have none)."""


@dataclass(frozen=True)
class RefSkill:
    name: str
    kind: str
    """``active`` (主动) or ``passive`` (被动)."""
    timing: str | None
    """即时生效, 结算前生效, 结算时生效, 结算后生效, 全局技能 (a global's), or None (the list gives none)."""
    attribute: str | None
    announce: bool = False
    """「公告」: a use is posted in the night's 大事记."""
    when: str | None = None
    """``day`` (「白天使用」), ``any`` (「任何时刻」, or a skill used 「每天白天」 whose act comes that night), None: a night's."""
    inherit: str | tuple[str, ...] | None = None
    """Whether a successor keeps it (docs/rulings/packs-inherit.md R-inherit-1): ``any`` (「可以被继承」), the names of
    the only successors who may (「只可以被X继承」), None (「不可被继承」, or nothing said: the 2013 intro's default)."""


@dataclass(frozen=True)
class RefCharacter:
    name: str
    country: str
    identity: str
    evaluations: tuple[str, ...]
    evaluation_count: int | None
    """3 for 「全评价（选择时视为三评价）」, else None (as many as listed)."""
    successors: tuple[str, ...]
    natural_death: int | None
    recognition: tuple[dict[str, Any], ...]
    skills: tuple[RefSkill, ...]
    left: tuple[str, ...] = ()
    """The allowance sentences left to the judge (why, in a few words each)."""


def blocks(text: str) -> dict[str, list[str]]:
    """Each character's lines (its first entry outside the 单挑 group), by name."""
    out: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        head = re.match(r"^【(.+?)】 id=\d+ 组别=(.+)$", line)
        if head:
            current = [line] if "单挑" not in head.group(2) and head.group(1) not in out else None
            if current is not None:
                out[head.group(1)] = current
        elif current is not None:
            current.append(line)
    return out


def read(text: str) -> dict[str, RefCharacter]:
    """Every character of the list (outside the 单挑 group), by its name in the list."""
    found = blocks(text)
    names = set(found)
    return {name: _character(name, lines, names) for name, lines in found.items()}


def _character(name: str, lines: list[str], names: set[str]) -> RefCharacter:
    group = re.search(r"组别=三国版杀-(.+)$", lines[0])
    country = COUNTRIES.get(group.group(1), "在野") if group else "在野"
    basic = _basic(lines)
    identity = re.split(r"[。，]", basic, maxsplit=1)[0]
    rating = next((x[3:].strip() for x in lines if x.startswith("评价：")), "")
    evaluations = tuple(e for e in re.split(r"[、，,]", rating) if e in EVALUATIONS)
    count = None
    if rating.startswith("全评价"):
        evaluations = EVALUATIONS
        found = re.search(r"视为([一二三四五六七八九])评价", rating)
        count = NUMBERS.index(found.group(1)) + 1 if found else None
    found = re.search(r"死亡后(?:选择)?以(.+?)的角色继续游戏", basic)
    successors = tuple(re.split(r"或|、", found.group(1))) if found else ()
    found = re.search(r"第([一二三四五六七八九])夜结算时自然死亡", basic)
    natural = NUMBERS.index(found.group(1)) + 1 if found else None
    recognition, left = allowances(basic, names)
    return RefCharacter(name, country, identity if identity in IDENTITIES else "平民", evaluations, count,
                        successors, natural, tuple(recognition), tuple(_skills(lines)), tuple(left))


def _basic(lines: list[str]) -> str:
    """The 「基本」 text: its line and the unindented lines after it (孙策's 结义 branches), one a line."""
    out: list[str] = []
    for line in lines[1:]:
        if line.startswith("基本："):
            out.append(line[3:])
        elif out and line and not line.startswith((" ", "评价：", "释疑：", "同名角色")):
            out.append(line)
        elif out:
            break
    return "\n".join(out).replace(",", "，")


def _skills(lines: list[str]) -> list[RefSkill]:
    """Each skill: its line 「  【名】…」 and the deeper-indented lines under it, up to the 评价."""
    skills: list[list[str]] = []
    for line in lines:
        if line.startswith("评价："):
            break
        if line.startswith("  【"):
            skills.append([line])
        elif line.startswith("    ") and skills:
            skills[-1].append(line)
    return [_skill(s) for s in skills]


def _skill(lines: list[str]) -> RefSkill:
    head = re.match(r"^  【(.+?)】", lines[0])
    assert head is not None
    body = "".join(lines)
    kind = re.search(r"(主动|被动)技能", lines[0])
    tags: list[str] = []
    for line in lines:
        for group in re.findall(r"（([^（）]*)）", line):
            if any(w in ATTRIBUTES for w in group.split()):
                tags = group.split()
                break
        if tags:
            break
    attribute = next((w for w in tags if w in ATTRIBUTES), None)
    timing = "全局技能" if attribute == "全局技能" else next((w for w in tags if w in TIMINGS), None)
    when = None
    if "任何时刻" in body or "每天白天" in body:
        when = "any"
    elif "白天使用" in body:
        when = "day"
    return RefSkill(head.group(1), "active" if kind and kind.group(1) == "主动" else "passive", timing, attribute,
                    "公告" in tags, when, inheritance(body))


def inheritance(body: str) -> str | tuple[str, ...] | None:
    """A skill's inheritance from its text (R-inherit-1): 「只可以被X继承」 (X may be 「A/B」) names the successors;
    「可以被继承」 any successor; 「不可被继承」 or nothing none. 「均可以被X继承」 speaks of the skills it teaches (吕蒙's
    【士别三日】), not of itself; 「若获得该技能的君主……则可以被继承」 of the form another holder gains (荀彧【留侯再世】（2）:
    the 魏 lord's, docs/rulings/packs-learning.md R-learning-6), not of the skill as its owner holds it; and 「继承给X之后」
    of what follows once inherited: none of these is read."""
    only = re.search(r"只可以?被([^，。；（）]+?)继承", body)
    if only:
        return tuple(only.group(1).split("/"))
    if re.search(r"不可(?:以)?被继承", body):
        return None
    return "any" if re.search(r"(?<![均则])可以被继承", body) else None


def _items(body: str, names: set[str]) -> list[str] | None:
    """The options of a list 「郭嘉/荀彧/荀攸、夏侯惇/曹仁」 (or 「统帅或猛将」), or None if it is not a list of
    characters, categories (「魏国君主」) or 评价."""
    out: list[str] = []
    for item in re.split(r"[、/]|或", body):
        if item in names or item in EVALUATIONS or _CATEGORY.match(item):
            out.append(item)
        elif item in _EXPAND:
            out.extend(_EXPAND[item])
        else:
            return None
    return list(dict.fromkeys(out)) if out else None


def _new(count: int, of: list[str], from_night: int) -> dict[str, Any]:
    kind = "evaluation" if all(o in EVALUATIONS for o in of) else "character"
    return {"kind": kind, "count": count, "of": of, "feedback": True, "from_night": from_night}


def _silence(out: list[dict[str, Any]], name: str) -> None:
    """「指认X不能得到反馈」: the option X of the last allowance naming it is learned silently (split off)."""
    for a in reversed(out):
        if name in a["of"]:
            if a["of"] == [name]:
                a["feedback"] = False
            else:
                a["of"].remove(name)
                out.insert(out.index(a) + 1, {**a, "of": [name], "feedback": False})
            return


def allowances(basic: str, names: set[str]) -> tuple[list[dict[str, Any]], list[str]]:
    """The 指认 allowances of a 「基本」 text, and the sentences left to the judge."""
    out: list[dict[str, Any]] = []
    left: list[str] = []
    sentences = [(line.startswith("若"), s) for line in basic.split("\n") for s in line.split("。")]
    for branch, sentence in ((b, s) for b, s in sentences if "指认" in s and "ID" in s or s.startswith("指认")):
        if branch or re.search(r"(互识|登场|已死|结义)后|^若|在得知", sentence):
            left.append(f"条件：{sentence}")
            continue
        start = re.search(r"第([一二三四五六七八九])夜(?:开始|起)", sentence)
        from_night = NUMBERS.index(start.group(1)) + 1 if start else 1
        current: dict[str, Any] | None = None
        for clause in sentence.split("，"):
            clause = re.sub(r"^(?:从)?第.夜(?:开始|起)", "", clause)
            named = re.match(r"^(?:每夜)?(\d)个ID指认(.+)$", clause)
            asked = re.match(r"^每夜指认(\d)个ID为(.+)$", clause)
            trigger = re.search(r"用[以于]触发【(.+?)】", clause)
            if trigger and named and trigger.group(1) in TRIGGER_TARGETS:
                current = _new(int(named.group(1)), list(TRIGGER_TARGETS[trigger.group(1)]), from_night)
                out.append(current)
            elif named and (of := _items(named.group(2), names)):
                current = _new(int(named.group(1)), of, from_night)
                out.append(current)
            elif asked and (of := _items(asked.group(2), names)):
                current = _new(int(asked.group(1)), of, from_night)
                out.append(current)
            elif re.match(r"^每夜指认(\d)个ID具有某项评价", clause):
                current = _new(1, list(EVALUATIONS), from_night)
                out.append(current)
            elif current is not None and (of := _items(clause, names)):
                current["of"] = list(dict.fromkeys(current["of"] + of))  # 「魏国君主，郭嘉/荀彧/荀攸」: one list
            elif current is not None and re.match(r"^均?不能得到反馈$", clause):
                current["feedback"] = False
            elif (silent := re.match(r"^指认(.+?)不能得到反馈$", clause)) and silent.group(1) in names:
                _silence(out, silent.group(1))
            elif named or asked or clause.startswith("每夜指认"):
                left.append(f"无可核对的目标：{sentence}")
                current = None
    return out, left
