"""Characters as data: the sg24 character pack (format ``tianting-sg24-pack/1``, see
docs/dev/sg24-pack.md). Loading checks every field and says what is wrong, in Chinese."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from typing import Any

from tianting.core.errors import TiantingError
from tianting.core.names import NameTable
from tianting.rules.sg24.declared.bespoke import REGISTRY
from tianting.rules.sg24.declared.schema import Bespoke, Effect, EffectError, parse_effect

PACK_FORMAT = "tianting-sg24-pack/2"
FORMATS = ("tianting-sg24-pack/1", PACK_FORMAT)
"""The formats read: ``/2`` adds each skill's ``effect`` (:mod:`.declared.schema`); ``/1`` packs still load."""
COUNTRIES = ("魏", "蜀", "吴")
UNALIGNED = "在野"
IDENTITIES = ("君主", "军师", "杀手", "护卫", "女眷", "平民")
EVALUATIONS = ("智者", "猛将", "统帅", "义士", "仁者", "能吏", "雅士", "文豪", "异人")
"""「游戏一共有九种评价，分别为智者、猛将、统帅、义士、仁者、能吏、雅士、文豪、异人。」"""
TIMINGS = ("立刻生效", "预结算前生效", "全局技能", "结算前生效", "结算时生效", "结算后生效")
GLOBAL = "全局技能"
"""「根据技能发动及生效时间将技能类型分为：立刻生效、预结算前生效、全局技能、结算前生效、结算时生效、
结算后生效。发动及生效的优先度由前往后递减。」"""
ATTRIBUTES = ("全局技能", "武将杀伤技能", "武将保护技能", "军师增益技能", "军师负面技能", "指认技能", "无属性技能", "投票技能")
"""The seed's seven attributes, and 投票技能 (the 8.1 reference's word for skills that act on the vote)."""


class PackError(TiantingError):
    """A character pack that cannot be used (the message names the character and field)."""


@dataclass(frozen=True)
class Allowance:
    """One 指认 allowance: ``count`` ids a night, from night ``from_night``.

    ``kind`` ``character``: the target is named as one of ``of`` (character names, or an identity
    such as 「魏国君主」 spelled as the reference does); ``evaluation``: the target is asked for one
    of the 评价 (or identities) in ``of``. ``feedback``: whether the result is told."""

    kind: str
    count: int
    of: tuple[str, ...]
    feedback: bool = True
    from_night: int = 1


@dataclass(frozen=True)
class SkillData:
    name: str
    kind: str
    """``active`` or ``passive``."""
    timing: str | None
    attribute: str | None
    text: str | None
    """The skill's rule text, as the pack's author gives it (the bundled pack leaves it empty)."""
    source: str = ""
    effect: Effect | None = None
    """What the skill does, declared (format ``/2``): run by the engine; None: the judge rules each use."""
    inherit: str | tuple[str, ...] | None = None
    """Whether a successor keeps it (继承): ``any`` (any successor), the only successors who may, or None (not kept:
    「技能默认不可被继承」). docs/rulings/packs-inherit.md."""

    def inherited_by(self, successor: str) -> bool:
        """Whether ``successor`` keeps this skill when its holder's character dies."""
        return self.inherit == "any" or (isinstance(self.inherit, tuple) and successor in self.inherit)


@dataclass(frozen=True)
class Character:
    name: str
    country: str
    identity: str
    evaluations: tuple[str, ...]
    successors: tuple[str, ...]
    natural_death: int | None
    recognition: tuple[Allowance, ...]
    skills: tuple[SkillData, ...]
    start: bool = False
    chief_strategist: bool = False
    source: str = ""
    evaluation_count: int | None = None
    """How many 评价 the character counts as where a rule counts or chooses them, when not as many as it holds:
    3 for 汉少帝's 「全评价（选择时视为三评价）」, who holds all nine (docs/rulings/sg24.md R-SG24-packdata)."""

    @property
    def base(self) -> str:
        """The character itself (KK 3.3's forms share a base character; the 24人 rules have no forms)."""
        return self.name

    @property
    def aliases(self) -> tuple[str, ...]:
        """Other names (the pack's ``aliases`` are read into :attr:`Pack.names`, any script)."""
        return ()


@dataclass(frozen=True)
class Pack:
    title: str
    characters: dict[str, Character]
    names: NameTable

    def get(self, spelling: object) -> Character | None:
        name = self.names.get(spelling)
        return self.characters.get(name) if name else None

    @cached_property
    def _fitting(self) -> dict[str, frozenset[str]]:
        return {}

    def fitting(self, option: str) -> frozenset[str]:
        """The characters an allowance's option lets one 指认 (「郭嘉/荀彧/荀攸」 names alternatives, 「蜀国君主」 any
        character of that country and identity), by name; worked out once per pack and option."""
        memo = self._fitting
        if option not in memo:
            memo[option] = frozenset(c.name for c in self.characters.values() if _fits(self, option, c))
        return memo[option]

    @cached_property
    def _fitting_any(self) -> dict[tuple[str, ...], tuple[str, ...]]:
        return {}

    def fitting_any(self, options: tuple[str, ...]) -> tuple[str, ...]:
        """The characters any of an allowance's ``options`` lets one 指认, in the pack's order (:meth:`fitting`)."""
        memo = self._fitting_any
        if options not in memo:
            fit = [self.fitting(o) for o in options]
            memo[options] = tuple(c for c in self.characters if any(c in f for f in fit))
        return memo[options]

    @property
    def skill_texts(self) -> dict[str, SkillData]:
        """Every skill of the pack by name (the first character's, where two share a name)."""
        out: dict[str, SkillData] = {}
        for c in self.characters.values():
            for s in c.skills:
                out.setdefault(s.name, s)
        return out

    def skill_names(self) -> NameTable:
        """Every skill name of the pack (any spelling), for scripts' ``skill`` fields."""
        return NameTable({s.name for c in self.characters.values() for s in c.skills})

    def starting(self, country: str) -> list[Character]:
        return [c for c in self.characters.values() if c.start and c.country == country]

    def timing(self, character: str, skill: SkillData) -> str | None:
        """The skill's timing class (a rule set built on this pack may give a character's its own)."""
        return skill.timing

    def is_global(self, character: str, skill: SkillData) -> bool:
        """「全局技能」: the timing or the attribute says so (「根据技能发动及生效时间将技能类型分为：……全局技能」,
        「技能按照属性分可以分为全局技能……」). One reading for the family (鼎立三分2.0's pack inherits it)."""
        return self.timing(character, skill) == GLOBAL or skill.attribute == GLOBAL

    def skill(self, character: str, spelling: str) -> SkillData | None:
        """The character's skill of that name: its own, else one it may have inherited (:meth:`heritage`; whether
        the player holds it is his list's to say)."""
        table = NameTable(s.name for s in self.characters[character].skills)
        name = table.get(spelling)
        own = next((s for s in self.characters[character].skills if s.name == name), None)
        if own is not None or not self.heritage(character):
            return own
        name = NameTable(self.heritage(character)).get(spelling)
        return self.heritage(character)[name][1] if name else None

    @cached_property
    def _heritage(self) -> dict[str, dict[str, tuple[str, SkillData]]]:
        return {}

    def heritage(self, character: str) -> dict[str, tuple[str, SkillData]]:
        """The skills ``character`` may hold from those it succeeds (继承), by name: the character whose skill it is,
        and the skill. A predecessor's own skill it may inherit, and one the predecessor may itself have inherited
        whose mark lets this character keep it too (R-inherit-3); never one of its own names (its own is held)."""
        memo = self._heritage
        if character not in memo:
            memo[character] = {}  # a lineage that came back to itself inherits nothing more through it
            own = {s.name for s in self.characters[character].skills}
            found: dict[str, tuple[str, SkillData]] = {}
            for before in (c for c in self.characters.values() if character in c.successors):
                offered = [(before.name, s) for s in before.skills] + list(self.heritage(before.name).values())
                for origin, data in offered:
                    if data.inherited_by(character) and data.name not in own:
                        found.setdefault(data.name, (origin, data))
            memo[character] = found
        return memo[character]

    def holdable(self, character: str) -> tuple[SkillData, ...]:
        """The character's own skills and those it may have inherited (:meth:`heritage`): what a player of it may
        hold (his ``skills`` list says which he does). Empty for a name the pack lacks."""
        found = self.characters.get(character)
        if found is None:
            return ()
        return found.skills + tuple(data for _, data in self.heritage(character).values())

    def origin(self, character: str, skill: str) -> str:
        """The character whose skill ``skill`` is, as ``character`` may hold it: itself, or the one it inherits from."""
        got = self.heritage(character).get(skill)
        return character if got is None or any(s.name == skill for s in self.characters[character].skills) else got[0]


def _fail(where: str, message: str) -> PackError:
    return PackError(f"角色包{where}：{message}")


def _str_list(value: Any, where: str, allowed: tuple[str, ...] | None = None) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise _fail(where, "必须是字符串数组")
    if allowed is not None:
        for v in value:
            if v not in allowed:
                raise _fail(where, f"未知的值「{v}」（可用：{'、'.join(allowed)}）")
    return tuple(value)


def parse_pack(data: Any) -> Pack:
    """A pack from its parsed JSON; raises PackError saying what is wrong."""
    if not isinstance(data, dict) or data.get("format") not in FORMATS:
        raise _fail("", f"format 必须是「{'」或「'.join(FORMATS)}」")
    raw_chars = data.get("characters")
    if not isinstance(raw_chars, list) or not raw_chars:
        raise _fail("", "characters 必须是非空数组")
    chars: dict[str, Character] = {}
    for i, raw in enumerate(raw_chars):
        where = f"characters[{i}]"
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"]:
            raise _fail(where, "缺少 name")
        name = raw["name"]
        where = f"「{name}」"
        if name in chars:
            raise _fail(where, "角色重复")
        if raw.get("country") not in COUNTRIES + (UNALIGNED,):
            raise _fail(where, f"未知的国籍「{raw.get('country')}」")
        if raw.get("identity") not in IDENTITIES:
            raise _fail(where, f"未知的身份「{raw.get('identity')}」")
        nd = raw.get("natural_death")
        if nd is not None and (not isinstance(nd, int) or isinstance(nd, bool) or nd < 1):
            raise _fail(where, "natural_death 必须是正整数或 null")
        counted = raw.get("evaluation_count")
        if counted is not None and (not isinstance(counted, int) or isinstance(counted, bool)
                                    or not 1 <= counted <= len(_str_list(raw.get("evaluations", []), where + ".evaluations"))):
            raise _fail(where, "evaluation_count 必须是不超过评价数的正整数或 null")
        allowances = []
        for j, a in enumerate(raw.get("recognition", [])):
            w = f"{where}.recognition[{j}]"
            if not isinstance(a, dict) or a.get("kind") not in ("character", "evaluation"):
                raise _fail(w, "kind 必须是 character 或 evaluation")
            count, start = a.get("count", 1), a.get("from_night", 1)
            if not isinstance(count, int) or count < 1 or not isinstance(start, int) or start < 1:
                raise _fail(w, "count 与 from_night 必须是正整数")
            allowances.append(Allowance(a["kind"], count, _str_list(a.get("of", []), w + ".of"),
                                        bool(a.get("feedback", True)), start))
        skills = []
        for j, s in enumerate(raw.get("skills", [])):
            w = f"{where}.skills[{j}]"
            if not isinstance(s, dict) or not isinstance(s.get("name"), str) or s.get("kind") not in ("active", "passive"):
                raise _fail(w, "需要 name 与 kind（active 或 passive）")
            if s.get("timing") is not None and s["timing"] not in TIMINGS:
                raise _fail(w, f"未知的生效时间「{s['timing']}」（可用：{'、'.join(TIMINGS)}）")
            if s.get("attribute") is not None and s["attribute"] not in ATTRIBUTES:
                raise _fail(w, f"未知的属性「{s['attribute']}」（可用：{'、'.join(ATTRIBUTES)}）")
            effect = None
            if "effect" in s:
                if data["format"] != PACK_FORMAT:
                    raise _fail(w + ".effect", f"技能效果需要格式「{PACK_FORMAT}」")
                try:
                    effect = parse_effect(s["effect"], f"「{name}」【{s['name']}】", s["kind"])
                except EffectError as exc:
                    raise PackError(str(exc)) from None
                if isinstance(effect, Bespoke) and effect.code not in REGISTRY:
                    raise _fail(f"「{name}」【{s['name']}】.effect.code",
                                f"未注册的专门程式「{effect.code}」（可用：{'、'.join(REGISTRY) or '无'}）")
            skills.append(SkillData(s["name"], s["kind"], s.get("timing"), s.get("attribute"), s.get("text"),
                                    str(s.get("source", "")), effect, _inherit(s.get("inherit"), f"「{name}」【{s['name']}】")))
        chars[name] = Character(
            name=name, country=raw["country"], identity=raw["identity"],
            evaluations=_str_list(raw.get("evaluations", []), where + ".evaluations", EVALUATIONS),
            successors=_str_list(raw.get("successors", []), where + ".successors"),
            natural_death=nd, recognition=tuple(allowances), skills=tuple(skills),
            start=bool(raw.get("start", False)), chief_strategist=bool(raw.get("chief_strategist", False)),
            source=str(raw.get("source", "")), evaluation_count=counted)
    for c in chars.values():
        for s in c.successors:
            if s not in chars:
                raise _fail(f"「{c.name}」.successors", f"继任者「{s}」不在角色包中")
        for skill in c.skills:
            for heir in skill.inherit if isinstance(skill.inherit, tuple) else ():
                if heir not in c.successors:
                    raise _fail(f"「{c.name}」【{skill.name}】.inherit", f"「{heir}」不是{c.name}的继任者")
    names = NameTable(chars)
    for raw in raw_chars:
        for alias in _str_list(raw.get("aliases", []), f"「{raw['name']}」.aliases"):
            names.add(raw["name"], alias)
    return Pack(str(data.get("title", "")), chars, names)


def _inherit(value: Any, where: str) -> str | tuple[str, ...] | None:
    """A skill's ``inherit``: absent or null (not kept), ``"any"`` (any successor), or a list of successors' names."""
    if value is None or value == "any":
        return value
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
        raise _fail(where + ".inherit", "必须是 \"any\"（任何继任者均可继承）、继任者名字的非空数组，或省略（不可被继承）")
    return tuple(value)


def pack_json(text: str) -> Any:
    """A pack's JSON text read (a ``PackError`` naming the line and column where it is not JSON)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise _fail("", f"不是有效的JSON：第{exc.lineno}行第{exc.colno}列：{exc.msg}") from None


def bundled_text(package: str) -> str:
    """The text of a rule-set package's bundled pack (``data/characters.json``)."""
    return resources.files(package).joinpath("data/characters.json").read_text("utf-8")


def with_effects(data: Any, overlay: Any, strict: bool = True) -> Any:
    """The bundled pack's data with each skill's ``effect`` from an effect table (``data/effects.json``:
    ``{"effects": {character: {skill: effect}}}``, kept beside the facts so each is reviewed on its own); its
    format unchanged. ``strict``: a table naming a character or a skill the pack lacks is refused (else passed by:
    a table of the 8.1 facts shared with another pack)."""
    out = json.loads(json.dumps(data))
    chars = {c["name"]: c for c in out["characters"]}
    for name, skills in overlay.get("effects", {}).items():
        if name not in chars:
            if strict:
                raise _fail(f"效果表「{name}」", "角色不在角色包中")
            continue
        by_name = {s["name"]: s for s in chars[name].get("skills", [])}
        for skill, effect in skills.items():
            if skill in by_name:
                by_name[skill]["effect"] = effect
            elif strict:
                raise _fail(f"效果表「{name}」【{skill}】", "技能不在角色包中")
    return out


def effect_table(package: str) -> Any:
    """A rule-set package's effect table: ``data/effects.json`` and the files of ``data/effects/`` (one per group of
    characters, read in name order), merged; a skill declared in two of them is refused. None: an empty table."""
    root = resources.files(package).joinpath("data")
    files = [root.joinpath("effects.json")]
    folder = root.joinpath("effects")
    if folder.is_dir():
        files += sorted((f for f in folder.iterdir() if f.name.endswith(".json")), key=lambda f: f.name)
    merged: dict[str, dict[str, Any]] = {}
    for f in files:
        if not f.is_file():
            continue
        for name, skills in json.loads(f.read_text("utf-8")).get("effects", {}).items():
            mine = merged.setdefault(name, {})
            for skill, effect in skills.items():
                if skill in mine:
                    raise _fail(f"效果表「{name}」【{skill}】", f"在两个效果表中重复声明（{f.name}）")
                mine[skill] = effect
    return {"effects": merged}


def bundled_data(package: str) -> Any:
    """A rule-set package's bundled pack, its effect table applied (:func:`with_effects`)."""
    data = with_effects(pack_json(bundled_text(package)), effect_table(package))
    data["format"] = PACK_FORMAT
    return data


def load_pack(text: str) -> Pack:
    """A pack from JSON text (a judge's own pack)."""
    return parse_pack(pack_json(text))


@cache
def first_pack() -> Pack:
    """The bundled pack's first edition (``data/characters-1.json``: the facts as they were before issue 31, no
    effects), for the games created with it (:mod:`tianting.core.pack_edition`)."""
    return load_pack(resources.files("tianting.rules.sg24").joinpath("data/characters-1.json").read_text("utf-8"))


@cache
def default_pack() -> Pack:
    """The bundled pack (data/characters.json): the seed's 24 starting characters and their successors."""
    return parse_pack(bundled_data("tianting.rules.sg24"))


def _fits(pack: Pack, option: str, named: Character) -> bool:
    """Whether a named character is one an allowance lets one 指认: 「郭嘉/荀彧/荀攸」 names alternatives,
    「蜀国君主」 any character of that country and identity."""
    if any((c := pack.get(alt)) is not None and c.name == named.name for alt in option.split("/")):
        return True
    for identity in ("君主", "军师", "杀手", "护卫", "女眷"):
        if option.endswith(identity) and option[:-len(identity)].rstrip("国") == named.country:
            return named.identity == identity
    return False
