"""Builds characters.json (the bundled 鼎立三分2.0 pack) from seed 003's 「所有角色名單」 and the facts of
the 8.1 character reference. Not imported by the engine; run by hand:

    PYTHONPATH=src python3 src/tianting/rules/dingli2/data/build_pack.py /work/shared/reference/sanguobansha-8.1-characters.txt

Seed 003 gives every character's country, identity and lineage (the branches of 「A——B/C」 are the player's
choice at death) and the interference ranks; the reference gives, where it describes a character of the same name,
its 评价, natural death, 指认 allowances, and for each skill its name, kind (主动/被动), attribute, timing class and
inheritance (``inherit``),
read by ``tianting.rules.sg24.data.reference81`` (the 24人 pack's builder reads the same). Skill texts are left
empty: the reference's sentences are not copied (a judge's own pack carries full texts). docs/dev/dingli2-pack.md.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tianting.rules.sg24.data.reference81 import RefCharacter, read

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
"""Seed 003, 干扰技能之间的优先级 (3)–(6), by skill name as the seed spells it."""
SEED_SPELLING = {"地遁": "地盾"}
"""The reference's skill names the seed spells otherwise: 左慈's 【地遁】 is the seed's 【地盾】 (docs/rulings/dingli2.md
D-P1-packdata)."""
EXTRA_ALLOWANCES: dict[str, list[dict[str, Any]]] = {
    "刘备": [{"kind": "character", "count": 2, "of": ["孙尚香"], "feedback": True, "from_night": 1}]}
"""The reference's allowances under a condition the reader leaves out, where a skill needs them: 刘备's 「在得知孙尚香登场后，
每夜2个ID指认孙尚香」, without which 孙尚香【政治联姻】 (a mutual 指认) could never go off (R-lianhuan-8)."""
PACK_NAME = {ref: name for name, ref in REFERENCE_NAME.items()}
"""The reference's names in 指认 allowances, as the pack spells them (8.1's 卧龙 is seed 003's 诸葛亮)."""


def rank(skill: str) -> int | None:
    """The skill's interference rank (seed 003's list), by the reference's name of it."""
    return INTERFERENCE.get(SEED_SPELLING.get(skill, skill))


def facts(ref: RefCharacter | None, identity: str) -> dict[str, Any]:
    """The pack's fields from the reference's facts of one character. A natural death the reference gives a
    character of another identity is that identity's (8.1's 军师 吕蒙, seed 003's 杀手 吕蒙): not taken."""
    if ref is None:
        return {"evaluations": [], "natural_death": None, "recognition": [], "skills": []}
    recognition = [{**a, "of": list(dict.fromkeys(PACK_NAME.get(o, o) for o in a["of"]))} for a in ref.recognition]
    skills = []
    for s in ref.skills:
        skill: dict[str, Any] = {"name": s.name, "kind": s.kind, "timing": s.timing, "attribute": s.attribute,
                                 "announce": s.announce, "text": None, "source": "8.1"}
        if s.when:
            skill["when"] = s.when
        if rank(s.name) is not None:
            skill["interference"] = rank(s.name)
        if s.inherit is not None:
            skill["inherit"] = s.inherit if isinstance(s.inherit, str) else [PACK_NAME.get(n, n) for n in s.inherit]
        skills.append(skill)
    out: dict[str, Any] = {"evaluations": list(ref.evaluations),
                           "natural_death": ref.natural_death if ref.identity == identity else None,
                           "recognition": recognition, "skills": skills}
    if ref.evaluation_count is not None:
        out["evaluation_count"] = ref.evaluation_count
    return out


def build(reference: str) -> dict[str, Any]:
    refs = read(reference)
    chars: list[dict[str, Any]] = []
    seen: set[str] = set()

    def add(name: str, country: str, identity: str, successors: list[str], start: bool) -> None:
        ref = refs.get(REFERENCE_NAME.get(name, name))
        found = facts(ref, identity)
        found["recognition"] += EXTRA_ALLOWANCES.get(name, [])
        char = {"name": name, "country": country, "identity": identity, "start": start, "ex": name in EX,
                "chief_strategist": name in CHIEF, "aliases": ALIASES.get(name, []),
                "evaluations": found.pop("evaluations"), "successors": successors}
        for skill in found["skills"]:  # a skill only some successors keep: those of this line (none: not kept)
            if isinstance(skill.get("inherit"), list):
                skill["inherit"] = [n for n in skill["inherit"] if n in successors]
                if not skill["inherit"]:
                    del skill["inherit"]
        chars.append({**char, **found, "source": f"8.1:{ref.name}" if ref else "seed 003"})
        seen.add(name)

    for country, identity, lineage, start in LINES:
        for name, successors in lineage.items():
            add(name, country, identity, successors, name in start)
    for country, identity, lineage, _ in LINES:
        for succ in (s for ss in lineage.values() for s in ss):
            if succ not in seen:
                add(succ, country, identity, [], False)
    return {"format": "tianting-dingli2-pack/1", "title": "鼎立三分2.0 角色（种子003 + 8.1 资料）", "characters": chars}


if __name__ == "__main__":
    pack = build(Path(sys.argv[1]).read_text("utf-8"))
    out = Path(__file__).with_name("characters.json")
    out.write_text(json.dumps(pack, ensure_ascii=False, indent=1) + "\n", "utf-8")
    print(f"{len(pack['characters'])} characters written to {out}")
