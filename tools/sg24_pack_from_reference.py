"""Build the bundled sg24 pack (src/tianting/rules/sg24/data/characters.json) from seed 001's facts and
the facts of ../shared/reference/sanguobansha-8.1-characters.txt (docs/dev/sg24-pack.md).

Facts only are taken from the reference (评价, successors, natural deaths, 指认 allowances, each skill's
name, kind, timing and attribute); no sentence of it is copied. Run from the repository root.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT.parent / "shared" / "reference" / "sanguobansha-8.1-characters.txt"
OUT = ROOT / "src" / "tianting" / "rules" / "sg24" / "data" / "characters.json"
START = {
    "魏": ["曹操", "荀彧", "郭嘉", "夏侯惇", "张辽", "典韦", "甄姬"],
    "蜀": ["刘备", "徐庶", "庞统", "关羽", "张飞", "赵云", "糜氏"],
    "吴": ["孙坚", "张昭", "吕蒙", "太史慈", "凌操", "黄盖", "孙淑"],
    "在野": ["司马朗", "华佗", "陈登"],
}
SEATS = ["君主", "军师", "军师", "杀手", "杀手", "护卫", "女眷"]
"""The seed's order of each country's list (docs/rulings/sg24.md R-SG5)."""
REFNAME = {"甄姬": "甄宓", "糜氏": "糜夫人"}
NUM = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7}
EVALUATIONS = r"智者|猛将|统帅|义士|仁者|能吏|雅士|文豪|异人"


def entry(text: str, name: str) -> str | None:
    for block in re.split(r"\n(?=【)", text):
        head = block.split("\n")[0]
        if block.startswith(f"【{name}】") and "组别=三国版杀-" in head and "单挑" not in head:
            return block
    return None


def allowances(basic: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for sent in basic.split("。"):
        if re.search(r"(互识|登场|得知.*)后", sent):
            continue  # allowances under a condition are left to the judge
        found = re.search(r"第(.)夜开始", sent)
        from_night = NUM.get(found.group(1), 1) if found else 1
        found = re.search(r"每夜指认(\d)个ID为(.+)", sent)
        if found:
            out.append({"kind": "evaluation", "count": int(found.group(1)),
                        "of": re.findall(EVALUATIONS, found.group(2)), "feedback": True, "from_night": from_night})
            continue
        found = re.search(r"每夜(\d)个ID指认(.+)", sent)
        if found:
            body = found.group(2)
            names = [n for n in re.split(r"[、/，]", re.split(r"[，,]", body)[0]) if n and not n.startswith("指认")]
            out.append({"kind": "character", "count": int(found.group(1)), "of": names,
                        "feedback": "不能得到反馈" not in body, "from_night": from_night})
    return out


def facts(block: str) -> dict[str, Any]:
    lines = block.split("\n")
    basic = next(line for line in lines if line.startswith("基本："))[3:]
    evaluations = [e for e in next((x for x in lines if x.startswith("评价：")), "评价：")[3:].split("、") if e]
    found = re.search(r"死亡后(?:选择)?以(.+?)的角色继续游戏", basic)
    successors = re.split(r"或|、", found.group(1)) if found else []
    found = re.search(r"第(.)夜结算时自然死亡", basic)
    natural = NUM[found.group(1)] if found else None
    skills = []
    for line in lines:
        found = re.match(r"  【(.+?)】(主动|被动)技能.*（(.+?)）$", line)
        if found:
            tags = found.group(3).split()
            timing = next((t for t in tags if t.endswith("生效") or t == "全局技能"), None)
            skills.append({"name": found.group(1), "kind": "active" if found.group(2) == "主动" else "passive",
                           "timing": {"即时生效": "立刻生效"}.get(timing, timing),
                           "attribute": next((t for t in tags if t.endswith("技能")), None),
                           "text": None, "source": "8.1"})
    return {"evaluations": evaluations, "successors": successors, "natural_death": natural,
            "recognition": allowances(basic), "skills": skills}


def build() -> dict[str, Any]:
    text = REFERENCE.read_text("utf-8")
    chars: dict[str, dict[str, Any]] = {}

    def add(name: str, country: str, identity: str, chief: bool = False) -> dict[str, Any]:
        block = entry(text, REFNAME.get(name, name))
        c: dict[str, Any] = {"name": name, "country": country, "identity": identity}
        if chief:
            c["chief_strategist"] = True
        if block:
            c.update(facts(block))
            c["source"] = f"8.1:{REFNAME.get(name, name)}"
        else:
            c.update({"evaluations": [], "successors": [], "natural_death": None, "recognition": [], "skills": [],
                      "source": "seed001"})
        chars[name] = c
        return c

    for country, names in START.items():
        for i, name in enumerate(names):
            identity = SEATS[i] if country != "在野" else "平民"
            add(name, country, identity, chief=country != "在野" and i == 1)["start"] = True
    chars["刘备"]["evaluations"] = ["统帅", "义士", "仁者"]  # 「如刘备的评价为统帅、义士、仁者。」
    chars["徐庶"]["natural_death"] = 3  # 「如徐庶是游戏第三夜结算时自然死亡」
    chars["糜氏"]["aliases"] = ["糜夫人"]  # the reference's name of the seed's 糜氏
    chars["甄姬"]["aliases"] = ["甄宓"]
    if not any(a["kind"] == "evaluation" and "猛将" in a["of"] for a in chars["典韦"]["recognition"]):
        chars["典韦"]["recognition"].append({"kind": "evaluation", "count": 1, "of": ["猛将"], "feedback": True,
                                            "from_night": 1})  # 「如典韦每夜可以指认一个ID，看其是否拥有猛将评价」
    for c in list(chars.values()):
        for s in c["successors"]:
            if s not in chars:
                add(s, c["country"], c["identity"])
    for c in chars.values():
        c["successors"] = [s for s in c["successors"] if s in chars]
    return {"format": "tianting-sg24-pack/1", "title": "三国版杀24人规则 开局角色（种子001 + 8.1 资料）",
            "characters": list(chars.values())}


if __name__ == "__main__":
    OUT.write_text(json.dumps(build(), ensure_ascii=False, indent=1), "utf-8")
