"""Builds characters.json (the bundled 鼎立三分2.0 pack) from seed 003's 「所有角色名單」 and the facts of
the 8.1 character reference. Not imported by the engine; run by hand:

    python3 src/tianting/rules/dingli2/data/build_pack.py /work/shared/reference/sanguobansha-8.1-characters.txt

Seed 003 gives every character's country, identity and lineage (the branches of 「A——B/C」 are the player's
choice at death); the reference gives, where it describes a character of the same name, its 评价, and
for each skill its name, kind (主动/被动), attribute and timing class; the 指认 allowances are
the 24人 pack's for a character of the same name (its author read them from the same reference). Skill texts are left empty: the
reference's sentences are not copied (a judge's own pack carries full texts). docs/dev/dingli2-pack.md.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

# (country, identity, lineage, start): seed 003 「所有角色名單」, in its order. A lineage is
# {character: [successors]}; the first key of each line is where it starts.
LINES: list[tuple[str, str, dict[str, list[str]], list[str]]] = [
    ("魏", "君主", {"曹操": ["曹丕", "曹植"], "曹丕": ["曹睿"]}, ["曹操"]),
    ("魏", "军师", {"郭嘉": ["荀彧"], "荀彧": ["司马懿"]}, ["郭嘉"]),
    ("魏", "军师", {"程昱": ["贾诩"], "贾诩": ["钟会"]}, ["程昱"]),
    ("魏", "军师", {"荀攸": ["陈群"]}, ["荀攸"]),
    ("魏", "杀手", {"张辽": ["徐晃", "乐进"]}, ["张辽"]),
    ("魏", "杀手", {"夏侯惇": ["于禁", "曹仁"]}, ["夏侯惇"]),
    ("魏", "杀手", {"夏侯渊": ["张郃"]}, ["夏侯渊"]),
    ("魏", "杀手", {"文鸯": ["邓艾"]}, []),
    ("魏", "护卫", {"典韦": ["许褚"]}, ["典韦"]),
    ("魏", "女眷", {"卞氏": ["蔡琰", "甄姬"]}, ["卞氏"]),
    ("蜀", "君主", {"刘备": ["刘禅"]}, ["刘备"]),
    ("蜀", "军师", {"徐庶": ["诸葛亮", "马良"], "诸葛亮": ["姜维"], "马良": ["李严"]}, ["徐庶"]),
    ("蜀", "军师", {"庞统": ["法正"]}, ["庞统"]),
    ("蜀", "杀手", {"关羽": ["黄忠", "魏延"]}, ["关羽"]),
    ("蜀", "杀手", {"张飞": ["马超"]}, ["张飞"]),
    ("蜀", "护卫", {"赵云": ["陈到"]}, ["赵云"]),
    ("蜀", "女眷", {"糜氏": ["黄月英"]}, ["糜氏"]),
    ("吴", "君主", {"孙坚": ["孙策"], "孙策": ["孙权"]}, ["孙坚"]),
    ("吴", "军师", {"周瑜": ["陆逊", "诸葛瑾"], "陆逊": ["陆抗"], "诸葛瑾": ["诸葛恪"]}, ["周瑜"]),
    ("吴", "军师", {"鲁肃": ["顾雍"], "张昭": ["顾雍"]}, ["鲁肃", "张昭"]),
    ("吴", "杀手", {"吕蒙": ["朱然"]}, ["吕蒙"]),
    ("吴", "杀手", {"甘宁": ["凌统", "丁奉"]}, ["甘宁"]),
    ("吴", "护卫", {"黄盖": ["周泰"]}, ["黄盖"]),
    ("吴", "女眷", {"小乔": ["孙尚香"]}, ["小乔"]),
    ("在野", "平民", {"袁绍": [], "袁术": []}, ["袁绍", "袁术"]),
    ("在野", "平民", {"陈琳": ["陈寿"]}, ["陈琳"]),
    ("在野", "平民", {"水镜先生": ["管辂"]}, ["水镜先生"]),
    ("在野", "平民", {"孔融": ["祢衡"]}, ["孔融"]),
    ("在野", "平民", {"华佗": ["葛玄"]}, ["华佗"]),
    ("在野", "平民", {"吕布": ["庞德"]}, ["吕布"]),
    ("在野", "平民", {"貂蝉": ["灵雎"]}, ["貂蝉"]),
    ("在野", "平民", {"何进": ["丁原"]}, ["何进"]),
    ("在野", "平民", {"于吉": ["左慈"]}, ["于吉"]),
    ("在野", "平民", {"十常侍": []}, ["十常侍"]),
    ("在野", "平民", {"董卓": ["李傕郭汜"]}, ["董卓"]),
    ("在野", "平民", {"王允": ["蔡邕"]}, ["王允"]),
    ("在野", "平民", {"汉少帝": ["汉献帝"]}, ["汉少帝"]),
]
EX = {"汉少帝", "汉献帝"}
ALIASES = {"汉少帝": ["皇帝"], "水镜先生": ["水镜"], "糜氏": ["糜夫人"], "甄姬": ["甄宓"], "李傕郭汜": ["李傕", "郭汜"]}
REFERENCE_NAME = {"诸葛亮": "卧龙", "糜氏": "糜夫人", "甄姬": "甄宓"}
"""Seed 003's 诸葛亮 (徐庶's successor, 姜维's predecessor) is the reference's 卧龙; its 诸葛亮 is 马良's successor."""
CHIEF = {"郭嘉", "荀彧", "司马懿", "徐庶", "诸葛亮", "马良", "姜维", "李严", "周瑜", "陆逊", "陆抗", "诸葛瑾", "诸葛恪"}
"""正军师: the first strategist line of each country (as the reference's 主军师 郭嘉, 徐庶, 周瑜)."""
INTERFERENCE = {"武侯八阵": 3, "地盾": 4, "麻沸散": 4, "直言进谏": 4, "歌舞升平": 4, "人遁": 5, "连环妙计": 6}
"""Seed 003, 干扰技能之间的优先级 (3)–(6), by skill name."""
TIMING_WORDS = ("即时生效", "结算前生效", "结算时生效", "结算后生效")
ATTRIBUTES = ("全局技能", "武将杀伤技能", "武将保护技能", "军师增益技能", "军师负面技能", "指认技能", "无属性技能", "投票技能")
EVALUATIONS = ("智者", "猛将", "统帅", "义士", "仁者", "文豪", "雅士", "能吏", "异人")


def reference_blocks(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        m = re.match(r"^【(.+?)】 id=\d+ 组别=(.+)$", line)
        if m:
            current = [] if "单挑" not in m.group(2) and m.group(1) not in out else None
            if current is not None:
                out[m.group(1)] = current
        elif current is not None:
            current.append(line)
    return out


def facts(block: list[str]) -> tuple[list[str], list[dict], int | None]:
    evaluations: list[str] = []
    skills: list[dict] = []
    natural = None
    for line in block:
        if line.startswith("评价："):
            evaluations = [e for e in re.split("[、，,]", line[3:].strip()) if e in EVALUATIONS]
        if line.startswith("基本："):
            m = re.search(r"第([一二三四五六七八九])夜结算时自然死亡", line)
            if m:
                natural = "一二三四五六七八九".index(m.group(1)) + 1
        m = re.match(r"^  【(.+?)】(主动|被动)技能", line)
        if m:
            tail = re.findall(r"（([^（）]*)）\s*$", line)
            words = tail[0].split() if tail else []
            attribute = next((w for w in words if w in ATTRIBUTES), None)
            timing = next((w for w in words if w in TIMING_WORDS), None)
            skill = {"name": m.group(1), "kind": "active" if m.group(2) == "主动" else "passive",
                     "timing": "全局技能" if attribute == "全局技能" else timing, "attribute": attribute,
                     "announce": "公告" in words, "text": None, "source": "8.1"}
            if "任何时刻" in line:
                skill["when"] = "any"
            elif "白天使用" in line or "每天白天" in line:
                skill["when"] = "day"
            if m.group(1) in INTERFERENCE:
                skill["interference"] = INTERFERENCE[m.group(1)]
            skills.append(skill)
    return evaluations, skills, natural


def sg24_allowances() -> dict[str, list[dict]]:
    """指认 allowances of the 24人 pack (read from the 8.1 reference by its author), by character name."""
    path = Path(__file__).parents[2] / "sg24" / "data" / "characters.json"
    data = json.loads(path.read_text("utf-8"))
    return {c["name"]: c.get("recognition", []) for c in data["characters"]}


def build(reference: str) -> dict:
    blocks = reference_blocks(reference)
    allowances = sg24_allowances()
    chars = []
    for country, identity, lineage, start in LINES:
        for name, successors in lineage.items():
            ref = REFERENCE_NAME.get(name, name)
            block = blocks.get(ref)
            evaluations, skills, natural = facts(block) if block else ([], [], None)
            chars.append({
                "name": name, "country": country, "identity": identity, "start": name in start,
                "ex": name in EX, "chief_strategist": name in CHIEF, "aliases": ALIASES.get(name, []),
                "evaluations": evaluations, "successors": successors, "natural_death": natural,
                "recognition": allowances.get(name, []), "skills": skills,
                "source": f"8.1:{ref}" if block else "seed 003"})
    seen = {c["name"] for c in chars}
    for _, _, lineage, _ in LINES:
        for succ in (s for ss in lineage.values() for s in ss):
            if succ not in seen:
                country, identity = next((c, i) for c, i, lin, _ in LINES if any(succ in v for v in lin.values()))
                ref = REFERENCE_NAME.get(succ, succ)
                block = blocks.get(ref)
                evaluations, skills, natural = facts(block) if block else ([], [], None)
                chars.append({"name": succ, "country": country, "identity": identity, "start": False,
                              "ex": succ in EX, "chief_strategist": succ in CHIEF,
                              "aliases": ALIASES.get(succ, []), "evaluations": evaluations,
                              "successors": [], "natural_death": natural, "recognition": allowances.get(succ, []),
                              "skills": skills,
                              "source": f"8.1:{ref}" if block else "seed 003"})
                seen.add(succ)
    return {"format": "tianting-dingli2-pack/1", "title": "鼎立三分2.0 角色（种子003 + 8.1 资料）", "characters": chars}


if __name__ == "__main__":
    pack = build(Path(sys.argv[1]).read_text("utf-8"))
    out = Path(__file__).with_name("characters.json")
    out.write_text(json.dumps(pack, ensure_ascii=False, indent=1) + "\n", "utf-8")
    print(f"{len(pack['characters'])} characters written to {out}")
