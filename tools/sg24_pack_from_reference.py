"""Build the bundled sg24 pack (src/tianting/rules/sg24/data/characters.json) from seed 001's facts and
the facts of the 8.1 character list (docs/dev/sg24-pack.md), read by ``tianting.rules.sg24.data.reference81``.

Facts only are taken from the reference (评价, successors, natural deaths, 指认 allowances, each skill's
name, kind, timing, attribute and inheritance); no sentence of it is copied. Run from the repository root:

    PYTHONPATH=src python3 tools/sg24_pack_from_reference.py [path/to/sanguobansha-8.1-characters.txt]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tianting.rules.sg24.data.reference81 import RefCharacter, read

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
PACKNAME = {ref: name for name, ref in REFNAME.items()}
"""The reference's names of the seed's characters, and back (an allowance's 「糜夫人」 is the pack's 糜氏)."""


def facts(ref: RefCharacter) -> dict[str, Any]:
    """The pack's fields from the reference's facts of one character."""
    recognition = [{**a, "of": list(dict.fromkeys(PACKNAME.get(o, o) for o in a["of"]))} for a in ref.recognition]
    out: dict[str, Any] = {"evaluations": list(ref.evaluations), "successors": list(ref.successors),
                           "natural_death": ref.natural_death, "recognition": recognition,
                           "skills": [{"name": s.name, "kind": s.kind,
                                       "timing": {"即时生效": "立刻生效"}.get(s.timing or "", s.timing),
                                       "attribute": s.attribute, "text": None, "source": "8.1",
                                       **inherit(s.inherit)} for s in ref.skills]}
    if ref.evaluation_count is not None:
        out["evaluation_count"] = ref.evaluation_count
    return out


def inherit(mark: str | tuple[str, ...] | None) -> dict[str, Any]:
    """The skill's ``inherit`` field (absent: not inherited), the reference's names as the pack spells them."""
    if mark is None:
        return {}
    return {"inherit": mark if isinstance(mark, str) else [PACKNAME.get(n, n) for n in mark]}


def heirs_only(c: dict[str, Any]) -> None:
    """A skill only some successors keep names only the character's successors in the pack (none left: not kept)."""
    for skill in c["skills"]:
        if isinstance(skill.get("inherit"), list):
            skill["inherit"] = [n for n in skill["inherit"] if n in c["successors"]]
            if not skill["inherit"]:
                del skill["inherit"]


def build(text: str) -> dict[str, Any]:
    refs = read(text)
    chars: dict[str, dict[str, Any]] = {}

    def add(name: str, country: str, identity: str, chief: bool = False) -> dict[str, Any]:
        ref = refs.get(REFNAME.get(name, name))
        c: dict[str, Any] = {"name": name, "country": country, "identity": identity}
        if chief:
            c["chief_strategist"] = True
        if ref:
            c.update(facts(ref))
            c["source"] = f"8.1:{ref.name}"
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
        heirs_only(c)
    return {"format": "tianting-sg24-pack/1", "title": "三国版杀24人规则 开局角色（种子001 + 8.1 资料）",
            "characters": list(chars.values())}


if __name__ == "__main__":
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else REFERENCE
    OUT.write_text(json.dumps(build(source.read_text("utf-8")), ensure_ascii=False, indent=1), "utf-8")
