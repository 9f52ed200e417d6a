"""The KK 3.3 roster, loaded from ``data/characters.json``.

The JSON is extracted from the rule text by ``tools/extract_kk33_roster.py``;
every skill's rule text is kept verbatim beside its name.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from typing import Any

from tianting.core.names import NameTable

COUNTRIES = ("魏", "蜀", "吳")
"""The three kingdoms, in the rules' order."""
OTHERS = "群"
IDENTITIES = ("君主", "正軍師", "副軍師", "殺手", "護衛", "女眷", "黃巾頭領", "方士", "神醫")
COUNTRY_SEATS = ("君主", "正軍師", "副軍師", "殺手", "殺手", "護衛", "女眷")
"""The seven seats of each kingdom: 君主, 正軍師, 副軍師, two 殺手, 護衛, 女眷."""
OTHER_IDENTITIES = ("黃巾頭領", "方士", "神醫")
STRATEGIST_SEATS = ("正軍師", "副軍師")
CHIBI = "赤壁之戰"
"""The set of 『角色技能·赤壁之戰』 (蔣干, 赤壁·諸葛亮, 赤壁·魯肅): offered only at a table that includes it
(ruling R29)."""
SETS_KEY = "character_sets"
"""``state.extra[SETS_KEY]``: the sets of characters a table plays with, when it includes more than the
standard one (``KK33Game.create(chibi=True)``: 『角色技能·標準』 and 『角色技能·赤壁之戰』)."""


@dataclass(frozen=True)
class SkillText:
    name: str
    text: str
    kind: str
    awaken: bool
    hidden: bool
    limited: bool
    trigger: bool = False


@dataclass(frozen=True)
class Character:
    name: str
    base: str
    country: str
    slot: str
    set: str
    aliases: tuple[str, ...]
    skills: tuple[SkillText, ...]

    def skill(self, name: str) -> SkillText | None:
        return next((s for s in self.skills if s.name == name), None)


def _skill(raw: dict[str, Any]) -> SkillText:
    return SkillText(
        name=raw["name"],
        text=raw["text"],
        kind=raw["kind"],
        awaken=raw["awaken"],
        hidden=raw["hidden"],
        limited=raw["limited"],
        trigger=raw.get("trigger", False),
    )


class Roster:
    """Characters, slots, forms and identity skill texts of KK 3.3."""

    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw
        self.slots: dict[str, dict[str, list[str]]] = raw["slots"]
        self.fixed_slots: dict[str, str] = raw["fixed_slots"]
        self.forms: dict[str, dict[str, str]] = raw["forms"]
        self.characters: dict[str, Character] = {}
        for c in raw["characters"]:
            self.characters[c["name"]] = Character(
                name=c["name"],
                base=c["base"],
                country=c["country"],
                slot=c["slot"],
                set=c["set"],
                aliases=tuple(c.get("aliases", ())),
                skills=tuple(_skill(s) for s in c["skills"]),
            )
        self.identity_skills: dict[str, list[SkillText]] = {
            identity: [_skill(s) for s in skills] for identity, skills in raw["identity_skills"].items()
        }
        self.victory: dict[str, str] = raw.get("victory", {})
        self._choices: dict[tuple[str, str, bool, tuple[str, ...]], tuple[str, ...]] = {}
        """The answers of :meth:`choices` so far."""

    @cached_property
    def character_names(self) -> NameTable:
        """Names of characters as a player may type them: forms, bases, aliases."""
        table = NameTable(self.characters)
        for c in self.characters.values():
            for alias in c.aliases:
                table.add(c.name, alias)
        for base, forms in self.forms.items():
            table.add(base)  # resolved to a form by slot; see resolve_character
            for form in forms.values():
                table.add(form)
        return table

    def resolve_character(self, spelling: str, identity: str) -> str | None:
        """The character form a player in ``identity`` plays when naming ``spelling``."""
        name = self.character_names.get(spelling)
        if name is None:
            return None
        if name in self.forms:
            return self.forms[name].get(identity)
        return name

    def choices(self, country: str, identity: str, include_extras: bool = False,
                sets: tuple[str, ...] = ()) -> list[str]:
        """The characters a player of this country and identity may choose.

        The list of 附：身份與角色對應清單; with ``include_extras`` also the
        characters the text gives outside it for the same slot: SP蔡文姬 and the
        赤壁之戰 characters (a script may name them; setup does not offer them).
        With ``sets`` (:data:`CHIBI`), the characters of those sets outside the list
        too: a table that includes 『角色技能·赤壁之戰』 (ruling R29).
        """
        key = (country, identity, include_extras, tuple(sets))
        found = self._choices.get(key)
        if found is None:  # the roster never changes: each answer is worked out once
            found = self._choices[key] = tuple(self._find_choices(country, identity, include_extras, tuple(sets)))
        return list(found)

    def _find_choices(self, country: str, identity: str, include_extras: bool,
                      sets: tuple[str, ...] = ()) -> list[str]:
        if country == OTHERS:
            return list(self.slots[OTHERS].get(identity, []))
        table = self.slots[country]
        if identity == "君主":
            return list(table["君主"])
        if identity in STRATEGIST_SEATS:
            out = []
            for name in table["軍師"]:
                fixed = self.fixed_slots.get(name)
                if fixed and fixed != identity:
                    continue
                out.append(self.forms[name][identity] if name in self.forms else name)
            slots: tuple[str, ...] = (identity, "軍師")
        else:
            out = list(table.get(identity, []))
            slots = (identity,)
        if include_extras or sets:
            out += [c.name for c in self.characters.values()
                    if c.country == country and c.slot in slots and c.name not in out
                    and (include_extras or c.set in sets)]
        return out

    def reincarnations(self, country: str) -> list[str]:
        """The 轉生 characters of a country's lord (曹丕/曹植 …)."""
        return list(self.slots[country].get("轉生", []))

    @cached_property
    def skill_texts(self) -> dict[str, SkillText]:
        """Each skill's text by name: the first character that has it, else the first identity
        (the order :func:`tianting.rules.kk33.views.skill_text` searches in; built once)."""
        out: dict[str, SkillText] = {}
        for c in self.characters.values():
            for s in c.skills:
                out.setdefault(s.name, s)
        for skills in self.identity_skills.values():
            for s in skills:
                out.setdefault(s.name, s)
        return out

    @cached_property
    def all_skill_names(self) -> NameTable:
        table = NameTable()
        for skills in self.identity_skills.values():
            for s in skills:
                table.add(s.name)
        for c in self.characters.values():
            for s in c.skills:
                table.add(s.name)
        return table


def load_roster() -> Roster:
    text = resources.files("tianting.rules.kk33").joinpath("data/characters.json").read_text("utf-8")
    return Roster(json.loads(text))
