"""Print, for every character of the bundled 24人 and 鼎立 packs, each field where the pack differs from the 8.1
character list's facts (country, identity, 评价, successors, natural death, 指认 allowances, skills with kind,
timing and attribute), as ``tianting.rules.sg24.data.reference81`` reads them. Run from the repository root:

    PYTHONPATH=src python3 tools/pack_vs_reference.py [path/to/sanguobansha-8.1-characters.txt]

A difference is either one the pack means (a seed's fact over the reference's: seed 003's lineages and
identities, seed 001's 刘备 and 徐庶) or a bug; the report says which is which only by its source column.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tianting.rules.sg24.data.reference81 import RefCharacter, read

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT.parent / "shared" / "reference" / "sanguobansha-8.1-characters.txt"
PACKS = {"sg24": ROOT / "src/tianting/rules/sg24/data/characters.json",
         "dingli2": ROOT / "src/tianting/rules/dingli2/data/characters.json"}
NAMES = {"sg24": {"糜夫人": "糜氏", "甄宓": "甄姬"}, "dingli2": {"糜夫人": "糜氏", "甄宓": "甄姬", "卧龙": "诸葛亮"}}
TIMING = {"sg24": {"即时生效": "立刻生效"}, "dingli2": {}}


def _skills(skills: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [(s["name"], s["kind"], s.get("timing"), s.get("attribute")) for s in skills]


def differences(pack: str, char: dict[str, Any], ref: RefCharacter) -> list[str]:
    names, timing = NAMES[pack], TIMING[pack]
    want: dict[str, Any] = {
        "country": ref.country, "identity": ref.identity, "evaluations": list(ref.evaluations),
        "successors": [names.get(s, s) for s in ref.successors], "natural_death": ref.natural_death,
        "recognition": [{**a, "of": list(dict.fromkeys(names.get(o, o) for o in a["of"]))} for a in ref.recognition],
        "skills": [(s.name, s.kind, timing.get(s.timing or "", s.timing), s.attribute) for s in ref.skills]}
    have = {**{k: char.get(k) for k in want}, "skills": _skills(char.get("skills", []))}
    out = [f"{k}: 包 {json.dumps(have[k], ensure_ascii=False)} ≠ 8.1 {json.dumps(want[k], ensure_ascii=False)}"
           for k in want if have[k] != want[k]]
    return out + [f"留给天庭的指认：{line}" for line in ref.left]


def main(reference: Path) -> None:
    refs = read(reference.read_text("utf-8"))
    for pack, path in PACKS.items():
        data = json.loads(path.read_text("utf-8"))
        for char in data["characters"]:
            source = char.get("source", "")
            if not source.startswith("8.1:"):
                print(f"[{pack}] {char['name']}：8.1 无此角色（{source}）")
                continue
            for line in differences(pack, char, refs[source[4:]]):
                print(f"[{pack}] {char['name']}（{source}）{line}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else REFERENCE)
