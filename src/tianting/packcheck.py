"""``tianting pack check FILE``: a judge's own character pack validated, and each skill's generated text printed
beside who resolves it (issue 31, item 5).

The pack's format names its rule set (``tianting-sg24-pack/1`` or ``/2``: the 24人 rules; ``tianting-dingli2-pack/1``:
鼎立三分2.0), or ``--rules`` does. A pack the rule set refuses is refused with its Chinese message (exit 2); a good
one prints, per character, each skill: 「引擎」 (its effect declared), 「專門程式」 or 「天庭裁定」, the text generated
from its effect, and the pack's own text beside it where the pack gives one, so that a mismatch shows.
"""

from __future__ import annotations

import json
from typing import Any

import opencc

from tianting.core.errors import TiantingError
from tianting.judge_pack import WHO
from tianting.rules import RULESETS
from tianting.rules import load as load_rules

_T2S = opencc.OpenCC("t2s")


def rules_of(text: str, rules: str | None = None) -> Any:
    """The rule set that reads the pack: ``rules`` if given, else the one whose format the pack names."""
    if rules is not None:
        if rules not in RULESETS or not hasattr(load_rules(rules), "read_pack"):
            raise TiantingError(f"規則集「{rules}」沒有角色包（可用：{'、'.join(_with_packs())}）")
        return load_rules(rules)
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        data = None
    found = data.get("format") if isinstance(data, dict) else None
    for name in _with_packs():
        if found in load_rules(name).pack_formats:
            return load_rules(name)
    known = "、".join(f for name in _with_packs() for f in load_rules(name).pack_formats)
    raise TiantingError(f"角色包的 format「{found}」不屬於任何規則集（可用：{known}）；或以 --rules 指明")


def _with_packs() -> list[str]:
    return [name for name in RULESETS if hasattr(load_rules(name), "read_pack")]


def check_pack(text: str, rules: str | None = None) -> str:
    """The report of a pack that loads (raises a ``TiantingError`` saying what is wrong otherwise)."""
    ruleset = rules_of(text, rules)
    pack = ruleset.read_pack(text)
    lines = [f"角色包「{pack.title or '（無標題）'}」可用於{ruleset.title}：{len(pack.characters)}個角色"]
    counts = dict.fromkeys(WHO, 0)
    for character, rows in ruleset.pack_report(pack):
        lines.append(f"【{character}")
        for name, who, generated, own in rows:
            counts[who] += 1
            lines.append(f"  【{name}】{WHO[who]}：{generated}")
            if own:
                lines.append(f"    角色包文字：{own}")
    lines.append(f"共{sum(counts.values())}個技能：引擎{counts['engine']}、專門程式{counts['bespoke']}、"
                 f"天庭裁定{counts['judge']}")
    report = "\n".join(lines) + "\n"
    return _T2S.convert(report) if getattr(ruleset, "script", "") == "simplified" else report  # the rule set's script
