"""A judge's own character pack in a game script and a hosted game (issue 31, items 2 and 5).

A 24人 or 鼎立 game may be played with a pack its judge wrote (docs/dev/packs.md, "Hosting with your pack"): the
script's ``pack`` and a hosted game's creation payload hold the pack object itself, as ``tianting pack check``
reads it, and the game is dealt and resolved with it. The pack is read by the rule set's own loader
(``RULESET.read_pack``, the one ``pack check`` uses), so a bad one is refused with the same Chinese message naming
the character, the skill and the field. Absent, the game is played with the bundled pack. Pure: no I/O; a read
pack is kept by its text (packs are never changed once read), so that a hosted game's every fold reads it once.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from typing import Any

from tianting.core.errors import TiantingError

FIELD = "pack"
"""The script's and the creation payload's key."""
MAX_PACK_TEXT = 512 * 1024
"""Longest pack, in characters of its JSON text (the bundled 鼎立 pack is about 100 000)."""
BUNDLED = "內建角色包"
WHO = {"engine": "引擎", "bespoke": "專門程式", "judge": "天庭裁定"}
"""Who resolves a skill, as ``pack check`` and the pages say it."""


def takes_packs(rules: Any) -> bool:
    """Whether the rule set plays a judge's pack (24人, 鼎立; not KK 3.3)."""
    return hasattr(rules, "read_pack")


def no_packs(rules: Any) -> str:
    """Why a pack is refused for a rule set without packs."""
    return f"{rules.title}沒有角色包：只有三國版殺24人規則與鼎立三分2.0的遊戲可以使用法官自己的角色包"


def pack_text(value: Any) -> str:
    """The pack object as the JSON text its loader reads."""
    return json.dumps(value, ensure_ascii=False)


def digest(value: Any) -> str:
    """The pack's SHA-256 (hex) over its canonical JSON (keys sorted, no spaces): the same pack, however stored,
    has the same digest."""
    canonical = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def read(rules: Any, value: Any) -> Any:
    """The pack ``value`` (a JSON object) read by ``rules``; raises :class:`TiantingError` saying what is wrong
    (the loader's own message for a bad pack)."""
    if not takes_packs(rules):
        raise TiantingError(no_packs(rules))
    if not isinstance(value, dict):
        raise TiantingError("角色包必須是JSON物件（與 tianting pack check 所讀的檔案相同）")
    found = value.get("format")
    if found not in rules.pack_formats:
        raise TiantingError(f"角色包的 format「{found}」不屬於{rules.title}（可用：{'、'.join(rules.pack_formats)}）")
    text = pack_text(value)
    if len(text) > MAX_PACK_TEXT:
        raise TiantingError(f"角色包過大（最多{MAX_PACK_TEXT}字元，現有{len(text)}字元）")
    return _read(rules, text)


@lru_cache(maxsize=16)
def _read(rules: Any, text: str) -> Any:
    return rules.read_pack(text)


def from_form(text: str) -> Any:
    """A pack pasted into the creation form: None when left empty, else the JSON object (raises
    :class:`TiantingError` when it is not JSON)."""
    if not text.strip():
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise TiantingError(f"角色包不是有效的JSON（第{exc.lineno}行第{exc.colno}列：{exc.msg}）") from None


def label(value: Any) -> dict[str, Any]:
    """Which pack a game is played with, for its pages: the bundled one (``value`` None), or the judge's: its
    title and digest."""
    if value is None:
        return {"own": False, "title": BUNDLED, "digest": None}
    title = value.get("title") if isinstance(value, dict) else None
    return {"own": True, "title": title if isinstance(title, str) and title else "（無標題）", "digest": digest(value)}


def skill_texts(rules: Any, pack: Any, characters: Any = None) -> list[dict[str, Any]]:
    """Each character of ``pack`` (only those named in ``characters``, in the pack's order, if given) with its
    skills: who resolves each (``engine``, ``bespoke``, ``judge``), the pack's own text and the text generated from
    its effect (``RULESET.pack_report``, as ``tianting pack check`` prints them; ``generated`` None where the pack
    gives the skill no effect)."""
    wanted = None if characters is None else set(characters)
    out = []
    for character, (heading, rows) in zip(pack.characters.values(), rules.pack_report(pack), strict=True):
        if wanted is not None and character.name not in wanted:
            continue
        out.append({"character": character.name, "heading": heading.replace("】", " ", 1),
                    "skills": [{"name": name, "who": who, "who_label": WHO[who], "own": own,
                                "generated": generated if skill.effect is not None else None}
                               for skill, (name, who, generated, own) in zip(character.skills, rows, strict=True)]})
    return out
