#!/usr/bin/env python3
"""Extract the KK 3.3 character roster from the rule text into JSON.

Usage (from the repository root)::

    python3 tools/extract_kk33_roster.py [SEED] [-o OUTPUT]

SEED defaults to ``docs/rules/000_b521fc75d9962f03.txt`` (the seed text, shipped with the repository) and OUTPUT to
``src/tianting/rules/kk33/data/characters.json``, both relative to the
repository root.  Standard library only; the output is deterministic.

The parser is strict: anything in the rule text it does not understand makes
it stop with an error instead of guessing.  Known irregularities of the text
are listed in ``HEADING_ALIASES`` and ``EXTRA_CHARACTERS`` below.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SEED = REPO_ROOT / "docs" / "rules" / "000_b521fc75d9962f03.txt"
DEFAULT_OUTPUT = REPO_ROOT / "src" / "tianting" / "rules" / "kk33" / "data" / "characters.json"

COUNTRIES = ("魏", "蜀", "吳")
# Slot keys of the roster list, in the order of the text.
IDENTITY_KEY = {"殺手甲乙": "殺手"}

# Character headings spelled differently from the roster list:
# heading in the skill text -> name used in the roster list.
HEADING_ALIASES = {"趙云": "趙雲"}

# Character headings of the standard set that are not in the roster list:
# name -> base character.  Their slot comes from the section they appear in.
EXTRA_CHARACTERS = {"SP蔡文姬": "蔡文姬"}

SECTION_ROSTER = "附：身份與角色對應清單"
SECTION_IDENTITY = "附：各身份對應身份技能"
SECTION_TERMS = "二、術語解釋"
SECTION_STANDARD = "『角色技能·標準』"
SECTION_CHIBI = "『角色技能·赤壁之戰』"
SECTION_END = "推薦閱讀："

RE_COUNTRY_LIST = re.compile(r"^(魏|蜀|吳|群雄)(?:國)?角色：$")
RE_SLOT_LINE = re.compile(r"^·(?P<slot>[^：]+)：『(?P<names>[^』]+)』$")
RE_COUNTRY_PART = re.compile(r"^⊙(?P<country>魏|蜀|吳|群雄)(?:國)?篇$")
# A skill line: a name made only of CJK ideographs, a full-width colon, text.
RE_SKILL = re.compile(r"^(?P<name>[\u4e00-\u9fff]{2,8})：(?P<text>.+)$")
# A character heading: a name, an optional parenthesised note, and either a
# trailing colon or a note (some headings lack the colon).
RE_HEADING = re.compile(r"^(?P<name>[^：（）\s]+?)(?:（(?P<note>[^（）]*)）)?(?P<colon>：)?$")
RE_FORM = re.compile(r"當出現在(?P<slot>正軍師|副軍師)選將位置時，使用角色「(?P<form>[^」]+)」")
RE_FIXED = re.compile(r"^固定出現在(?P<slot>正軍師|副軍師)選將位置$")
RE_CHIBI_NOTE = re.compile(r"^(?P<country>魏|蜀|吳)國(?P<slot>.+)$")

TRIGGER_IDENTITY_SKILLS = ("轉生", "託孤")


class ParseError(Exception):
    pass


def fail(lineno: int, line: str, msg: str) -> None:
    raise ParseError(f"line {lineno}: {msg}: {line!r}")


def country_of(word: str) -> str:
    return "群" if word == "群雄" else word


def make_skill(name: str, text: str) -> dict:
    return {
        "name": name,
        "text": text,
        "kind": "passive" if "*被*" in text else ("global" if "*全*" in text else "active"),
        "awaken": "*覺醒技*" in text,
        "hidden": "*隱藏技*" in text,
        "limited": len(name) != 2,
    }


def section(lines: list[tuple[int, str]], start: str, end: str) -> list[tuple[int, str]]:
    texts = [t for _, t in lines]
    if texts.count(start) != 1 or texts.count(end) != 1:
        raise ParseError(f"section markers {start!r}/{end!r} not found exactly once")
    i, j = texts.index(start), texts.index(end)
    if j <= i:
        raise ParseError(f"section {start!r} ends before it starts")
    return lines[i + 1 : j]


def parse_roster(lines: list[tuple[int, str]]) -> dict:
    slots: dict[str, dict[str, list[str]]] = {}
    country = None
    for lineno, line in lines:
        m = RE_COUNTRY_LIST.match(line)
        if m:
            country = country_of(m.group(1))
            if country in slots:
                fail(lineno, line, "country listed twice")
            slots[country] = {}
            continue
        m = RE_SLOT_LINE.match(line)
        if not m or country is None:
            fail(lineno, line, "unexpected line in the roster list")
        slot = IDENTITY_KEY.get(m.group("slot"), m.group("slot"))
        names = m.group("names")
        if slot == "君主":
            if names.count("-") != 1:
                fail(lineno, line, "lord line without exactly one '-'")
            lord, heirs = names.split("-")
            slots[country]["君主"] = [lord]
            slots[country]["轉生"] = heirs.split("/")
        else:
            if slot in slots[country]:
                fail(lineno, line, "slot listed twice")
            slots[country][slot] = names.split("/")
    if list(slots) != [*COUNTRIES, "群"]:
        raise ParseError(f"unexpected countries in roster list: {list(slots)}")
    seen: set[str] = set()
    for by_slot in slots.values():
        for names in by_slot.values():
            for name in names:
                if not name or name in seen:
                    raise ParseError(f"empty or duplicate name in roster list: {name!r}")
                seen.add(name)
    return slots


def parse_identity(lines: list[tuple[int, str]]) -> tuple[dict, dict]:
    skills: dict[str, list[dict]] = {}
    victory: dict[str, str] = {}
    identity = None
    last = None  # ("skill", dict) or ("victory", key)
    for lineno, line in lines:
        if line.endswith("：") and RE_SKILL.match(line) is None and "：" not in line[:-1]:
            identity = IDENTITY_KEY.get(line[:-1], line[:-1])
            if identity in skills:
                fail(lineno, line, "identity listed twice")
            skills[identity] = []
            last = None
            continue
        if identity is None:
            fail(lineno, line, "line before the first identity heading")
        if line.startswith("*"):
            if last is None:
                fail(lineno, line, "note line without a preceding skill")
            if last[0] == "skill":
                last[1]["text"] += "\n" + line
            else:
                victory[last[1]] += "\n" + line
            continue
        m = RE_SKILL.match(line)
        if not m:
            fail(lineno, line, "unexpected line in the identity skills")
        name, text = m.group("name"), m.group("text")
        if name == "勝利條件":
            if identity in victory:
                fail(lineno, line, "two victory conditions")
            victory[identity] = text
            last = ("victory", identity)
            continue
        skill = make_skill(name, text)
        if name in TRIGGER_IDENTITY_SKILLS:
            skill["kind"] = "passive"
            skill["trigger"] = True
        skills[identity].append(skill)
        last = ("skill", skill)
    missing = [
        k
        for k in TRIGGER_IDENTITY_SKILLS
        if not any(s["name"] == k for s in skills.get("君主", []))
    ]
    if missing:
        raise ParseError(f"lord skills not found: {missing}")
    return skills, victory


def parse_characters(lines: list[tuple[int, str]], slots: dict) -> tuple[list, dict, dict]:
    listed: dict[str, tuple[str, str]] = {}  # name -> (country, slot key of the list)
    for country, by_slot in slots.items():
        for slot, names in by_slot.items():
            for name in names:
                listed[name] = (country, slot)

    characters: list[dict] = []
    fixed_slots: dict[str, str] = {}
    forms: dict[str, dict[str, str]] = {}
    form_base: dict[str, tuple[str, str]] = {}  # form name -> (base, slot)
    country = None
    section_slots: dict[str, str] = {}  # names of the current '·' line -> slot
    section_slot = None
    card_set = "標準"
    current = None

    for lineno, line in lines:
        if line == SECTION_CHIBI:
            card_set = "赤壁之戰"
            country = None
            section_slot = None
            current = None
            continue
        m = RE_COUNTRY_PART.match(line)
        if m:
            if card_set != "標準":
                fail(lineno, line, "country part inside the 赤壁之戰 section")
            country = country_of(m.group("country"))
            section_slot = None
            section_slots = {}
            current = None
            continue
        m = RE_SLOT_LINE.match(line)
        if m:
            section_slot = IDENTITY_KEY.get(m.group("slot"), m.group("slot"))
            names = m.group("names")
            if section_slot == "君主":
                lord, heirs = names.split("-")
                section_slots = {lord: "君主", **dict.fromkeys(heirs.split("/"), "轉生")}
            else:
                section_slots = dict.fromkeys(names.split("/"), section_slot)
            # The '·' lines of the skill text must repeat the roster list.
            for name, slot in section_slots.items():
                if listed.get(name) != (country, slot):
                    fail(lineno, line, f"{name} disagrees with the roster list")
            current = None
            continue
        m = RE_SKILL.match(line)
        if m:
            if current is None:
                fail(lineno, line, "skill line outside a character")
            current["skills"].append(make_skill(m.group("name"), m.group("text")))
            continue
        m = RE_HEADING.match(line)
        if m and (m.group("colon") or m.group("note") is not None):
            name, note = m.group("name"), m.group("note")
            if note is not None and RE_FORM.search(note):
                # e.g. 賈詡（當出現在正軍師選將位置時，使用角色「…」；…）
                if m.group("colon"):
                    fail(lineno, line, "form note with a colon")
                found = {f.group("slot"): f.group("form") for f in RE_FORM.finditer(note)}
                if set(found) != {"正軍師", "副軍師"}:
                    fail(lineno, line, "form note without both 軍師 forms")
                if name not in listed or listed[name][1] != "軍師":
                    fail(lineno, line, "forms for a character that is not a listed 軍師")
                forms[name] = {k: found[k] for k in ("正軍師", "副軍師")}
                for slot, form in forms[name].items():
                    form_base[form] = (name, slot)
                current = None
                continue
            if card_set == "赤壁之戰":
                n = RE_CHIBI_NOTE.match(note or "")
                if not n:
                    fail(lineno, line, "赤壁之戰 heading without a country note")
                base = name.split("·")[-1]
                entry_country, slot = n.group("country"), n.group("slot")
                aliases: list[str] = []
            else:
                if country is None:
                    fail(lineno, line, "character heading outside a country part")
                aliases = []
                if name in HEADING_ALIASES:
                    aliases = [name]
                    name = HEADING_ALIASES[name]
                entry_country = country
                if name in form_base:
                    base, slot = form_base[name]
                    if note is not None:
                        fail(lineno, line, "unexpected note on a form heading")
                elif name in EXTRA_CHARACTERS:
                    base = EXTRA_CHARACTERS[name]
                    if section_slot is None or listed.get(base, (None,))[0] != country:
                        fail(lineno, line, "extra character outside its base's country")
                    slot = section_slot
                elif name in listed:
                    base = name
                    if listed[name][0] != country:
                        fail(lineno, line, "character in the wrong country part")
                    slot = listed[name][1]
                    if country != "群" and section_slots.get(name) != slot:
                        fail(lineno, line, "character under the wrong '·' line")
                    if note is not None:
                        f = RE_FIXED.match(note)
                        if not f or slot != "軍師":
                            fail(lineno, line, "unknown heading note")
                        slot = fixed_slots[name] = f.group("slot")
                else:
                    fail(lineno, line, "unknown character heading")
                    raise AssertionError  # unreachable, for type checkers
            if any(c["name"] == name and c["set"] == card_set for c in characters):
                fail(lineno, line, "character heading repeated")
            current = {
                "name": name,
                "base": base,
                "country": entry_country,
                "slot": slot,
                "set": card_set,
                "aliases": aliases,
                "skills": [],
            }
            characters.append(current)
            continue
        # A continuation line of a multi-line skill text.
        if current is None or not current["skills"]:
            fail(lineno, line, "continuation line without a preceding skill")
        current["skills"][-1]["text"] += "\n" + line

    # Every listed character (or all forms of it) must have skills.
    standard = {c["name"] for c in characters if c["set"] == "標準"}
    for name in listed:
        wanted = list(forms[name].values()) if name in forms else [name]
        for w in wanted:
            if w not in standard:
                raise ParseError(f"listed character without a skill block: {w}")
    for c in characters:
        if not c["skills"]:
            raise ParseError(f"character without skills: {c['name']}")
    return characters, fixed_slots, forms


def extract(text: str, source: str) -> dict:
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = [(i, line.rstrip("\r")) for i, line in enumerate(text.split("\n"), 1)]
    lines = [(i, line) for i, line in lines if line.strip()]
    slots = parse_roster(section(lines, SECTION_ROSTER, SECTION_IDENTITY))
    identity_skills, victory = parse_identity(section(lines, SECTION_IDENTITY, SECTION_TERMS))
    characters, fixed_slots, forms = parse_characters(
        section(lines, SECTION_STANDARD, SECTION_END), slots
    )
    return {
        "rules": "kk33",
        "source": source,
        "slots": slots,
        "fixed_slots": fixed_slots,
        "forms": forms,
        "characters": characters,
        "identity_skills": identity_skills,
        "victory": victory,
    }


def render(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seed", nargs="?", type=Path, default=DEFAULT_SEED)
    parser.add_argument("-o", "--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    try:
        data = extract(args.seed.read_text(encoding="utf-8"), args.seed.name)
    except ParseError as exc:
        print(f"{args.seed}: {exc}", file=sys.stderr)
        return 1
    args.output.parent.mkdir(parents=True, exist_ok=True)
    with open(args.output, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(render(data))
    n_skills = sum(len(c["skills"]) for c in data["characters"])
    print(
        f"{args.output}: {len(data['characters'])} characters, {n_skills} skills", file=sys.stderr
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
