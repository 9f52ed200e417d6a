"""The named interactions of KK 3.3: which skill texts name another character.

Issue 14 asks for 「an interaction matrix: for every pair of skills whose texts
name each other (a character, a skill or 「若X在場」), a scenario test that seats
both」. This module generates that list from the roster (``data/characters.json``,
the rule text's own words), so a character added to the roster brings its pairs
with it.

A **pair** is (the naming skill, the character it names). A text names a
character

- by name (先知 「若周瑜使用…」, 子午奇兵 「若諸葛亮在場」; a base name covers every
  form: 諸葛亮 is 遲暮的丞相·, 隆中的卧龍· and 赤壁·諸葛亮), or
- through one of that character's skills in 【】 (代漢自立 「劉備（若在場）失去技能【漢裔】」
  names 劉備 by name and by 【漢裔】: one pair, both words listed).

Left out, by rule (each with its reason in :data:`NOT_PAIRS`):

- identity skills (【刺殺】, 【援護】, 【亂花】 …): every table has them;
- a character's own name or skills (連環 「龐統死亡出局時」, 火燒博望 「失去技能【火燒新野】」,
  拔矢啖睛's 【曹氏宗親】): no second seat, the skill's own tests cover them;
- seats named by role (「本國君主」, 「魏國殺手」, 「五虎將」 is spelt out and counted):
  roles are not characters.

Names are matched on the script-independent key of :mod:`tianting.core.names`,
longest first, and each matched span is masked before shorter names are looked
for, so a short name inside a longer one (諸葛亮 inside 赤壁·諸葛亮, 蔡文姬 inside
SP蔡文姬) is never counted twice. Skill names count only inside 【】, where the
text always puts them: two-character skills (英才, 先知, 天義 …) also occur inside
other words (英才早逝, 先知先覺, 起義).

A scenario test claims a pair with ``@pytest.mark.interaction("先知", "周瑜")``
(the naming skill, then the named character or one of its skills, either
script); the suite checks at run time that the test's table really seats an
owner of the skill and the named character (``tests/conftest.py``), and that
every pair has such a test (``tests/kk33/test_interactions.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from tianting.core.names import name_key
from tianting.rules.kk33.roster import Roster

MARKER = "interaction"
"""The pytest marker: ``pytest.mark.interaction(skill, named, …)``."""

NOT_PAIRS: dict[str, str] = {
    "identity": "身份技能（【刺殺】【援護】【亂花】…）每桌都有，不成對",
    "self": "技能提到自己角色的名字或技能：只有一個座位，由該技能本身的測試涵蓋",
    "role": "以身份稱呼的座位（本國君主、魏國殺手…）不是角色，不成對",
}
"""What the generator leaves out, and why (the rules above; :func:`named_pairs` never lists them)."""

EXCLUDED: dict[tuple[str, str], str] = {}
"""Deliberate exclusions of single pairs the text does name: (skill, character) → reason.

None so far: every pair the generator finds is a real interaction (checked by hand against the
text, issue 14). An entry here is listed by ``tianting skills --interactions`` with its reason."""

_BRACKETED = re.compile(r"【([^】]+)】")
_SENTENCE = re.compile(r"[^。；\n]+[。；\n]?")


@dataclass(frozen=True)
class NamedPair:
    """A skill whose text names another character."""

    skill: str
    """The naming skill."""
    named: str
    """The character named (its base name: 諸葛亮 for every form)."""
    owners: tuple[str, ...]
    """The character forms holding ``skill`` with a text that names ``named``."""
    words: tuple[str, ...]
    """How the text names it: the name, or a skill in 【】."""
    sentences: tuple[str, ...]
    """The sentences of the text that name it."""

    @property
    def key(self) -> tuple[str, str]:
        return (self.skill, self.named)


@lru_cache(maxsize=4)
def _bases_by_name(roster: Roster) -> dict[str, str]:
    """Every spelling of a character in the roster (form, base, alias) → its base name."""
    out: dict[str, str] = {}
    for c in roster.characters.values():
        for spelling in (c.name, c.base, *c.aliases):
            out[name_key(spelling)] = c.base
    return out


@lru_cache(maxsize=4)
def _skill_bases(roster: Roster) -> dict[str, set[str]]:
    """Every character skill's name (key) → the base names of the characters holding it."""
    out: dict[str, set[str]] = {}
    for c in roster.characters.values():
        for s in c.skills:
            out.setdefault(name_key(s.name), set()).add(c.base)
    return out


@lru_cache(maxsize=4)
def _identity_skills(roster: Roster) -> set[str]:
    return {name_key(s.name) for skills in roster.identity_skills.values() for s in skills}


def names_in(text: str, roster: Roster, own: Iterable[str] = ()) -> list[tuple[str, str]]:
    """The characters ``text`` names, in order: (base name, the word that names it, as written).

    Character names are matched longest first with each match masked; skill names only
    inside 【】 (identity skills never count, nor ``own``: the skills of the text's own
    character, 拔矢啖睛's 【曹氏宗親】). The text may be in either script.
    """
    key = name_key(text)
    original = text.strip() if len(text.strip()) == len(key) else key
    mine = {name_key(s) for s in own}
    bases = _bases_by_name(roster)
    skills = _skill_bases(roster)
    identity = _identity_skills(roster)
    found: list[tuple[int, str, str]] = []
    masked = list(key)
    for match in _BRACKETED.finditer(key):
        inner = match.group(1)
        for i in range(match.start(), match.end()):
            masked[i] = "\0"
        if inner in identity or inner in mine:
            continue
        for base in sorted(skills.get(inner, ())):
            found.append((match.start(), base, original[match.start():match.end()]))
    plain = "".join(masked)
    for spelling in sorted(bases, key=len, reverse=True):
        start = plain.find(spelling)
        while start >= 0:
            found.append((start, bases[spelling], original[start:start + len(spelling)]))
            plain = plain[:start] + "\0" * len(spelling) + plain[start + len(spelling):]
            start = plain.find(spelling)
    return [(base, word) for _, base, word in sorted(found)]


def _sentences(text: str, words: Iterable[str]) -> tuple[str, ...]:
    keys = [name_key(w) for w in words]
    return tuple(s.strip() for s in _SENTENCE.findall(text)
                 if s.strip() and any(k in name_key(s) for k in keys))


def named_pairs(roster: Roster) -> list[NamedPair]:
    """Every (skill, named character) pair of the roster's character skill texts, in roster order.

    A skill held by several forms (曹氏宗親, 聯劉抗曹 …) is one pair per named character, its
    ``owners`` every form whose text names it. (Worked out once per roster: the roster never changes.)
    """
    return list(_named_pairs(roster))


@lru_cache(maxsize=4)
def _named_pairs(roster: Roster) -> tuple[NamedPair, ...]:
    found: dict[tuple[str, str], dict[str, list[str]]] = {}
    texts: dict[tuple[str, str], str] = {}
    for c in roster.characters.values():
        for s in c.skills:
            for base, word in names_in(s.text, roster, own=[own.name for own in c.skills]):
                if base == c.base or (s.name, base) in EXCLUDED:
                    continue
                entry = found.setdefault((s.name, base), {"owners": [], "words": []})
                if c.name not in entry["owners"]:
                    entry["owners"].append(c.name)
                if word not in entry["words"]:
                    entry["words"].append(word)
                texts.setdefault((s.name, base), s.text)
    return tuple(
        NamedPair(skill, base, tuple(entry["owners"]), tuple(entry["words"]),
                  _sentences(texts[(skill, base)], entry["words"]))
        for (skill, base), entry in found.items()
    )


@dataclass(frozen=True)
class LeftOut:
    """A name a skill text gives that makes no pair, and why (listed by ``skills --interactions``)."""

    skill: str
    owner: str
    word: str
    why: str


def left_out(roster: Roster) -> list[LeftOut]:
    """The names the character skill texts give that :func:`named_pairs` leaves out: the text's own
    character or its own skills (連環 「龐統死亡出局時」, 拔矢啖睛's 【曹氏宗親】), and :data:`EXCLUDED`."""
    out: list[LeftOut] = []
    for c in roster.characters.values():
        own = {name_key(s.name) for s in c.skills}
        for s in c.skills:
            words: set[str] = set()
            for base, word in names_in(s.text, roster):
                bracketed = word.startswith("【") and name_key(word[1:-1]) in own
                if base == c.base or bracketed:
                    why = NOT_PAIRS["self"]
                elif (s.name, base) in EXCLUDED:
                    why = EXCLUDED[(s.name, base)]
                else:
                    continue
                if word not in words:
                    words.add(word)
                    out.append(LeftOut(s.name, c.name, word, why))
    return out


def resolve_named(spelling: str, roster: Roster) -> set[str]:
    """The base names a marker's second name stands for: a character (any spelling), or the
    characters holding the skill of that name; empty if it is neither."""
    base = _bases_by_name(roster).get(name_key(spelling))
    if base is not None:
        return {base}
    return set(_skill_bases(roster).get(name_key(spelling), ()))


def resolve_skill(spelling: str, roster: Roster) -> str | None:
    """The character skill a marker's first name stands for (either script), else None."""
    wanted = name_key(spelling)
    for c in roster.characters.values():
        for s in c.skills:
            if name_key(s.name) == wanted:
                return s.name
    return None


def marker_pairs(args: Iterable[str], roster: Roster) -> tuple[set[tuple[str, str]], list[str]]:
    """The pairs one ``interaction(skill, named, …)`` marker claims, and its problems (unknown
    names, a pair the text does not name)."""
    names = list(args)
    problems: list[str] = []
    if len(names) < 2:
        return set(), [f"interaction{tuple(names)}：需要一個技能和至少一個被提到的角色或技能"]
    skill = resolve_skill(names[0], roster)
    if skill is None:
        return set(), [f"interaction：「{names[0]}」不是角色技能"]
    known = {p.key for p in named_pairs(roster)}
    claimed: set[tuple[str, str]] = set()
    for spelling in names[1:]:
        bases = resolve_named(spelling, roster)
        if not bases:
            problems.append(f"interaction：「{spelling}」不是角色或角色技能")
            continue
        pairs = {(skill, base) for base in bases} & known
        if not pairs:
            problems.append(f"interaction：【{skill}】的描述沒有提到「{spelling}」")
        claimed |= pairs
    return claimed, problems


def seats_pair(characters: Iterable[str], pair: NamedPair, roster: Roster) -> bool:
    """Do these character forms (one table's, over its game) include an owner of the pair's skill
    and a form of the named character?"""
    seen = set(characters)
    bases = {roster.characters[c].base for c in seen if c in roster.characters}
    return any(o in seen for o in pair.owners) and pair.named in bases


def pending(pair: NamedPair, built: Iterable[str], roster: Roster) -> bool:
    """A pair waits for the engine while its skill, or a skill of the named character, is not built
    (the 群雄 as issue 14 is being done): its missing test is not yet a failure."""
    done = set(built)
    named_skills = {s.name for c in roster.characters.values() if c.base == pair.named for s in c.skills}
    return pair.skill not in done or not named_skills <= done


@dataclass(frozen=True)
class MatrixRow:
    """One pair of the matrix with the tests that claim it."""

    pair: NamedPair
    tests: tuple[str, ...]
    """Test ids (``tests/…py::name``) carrying an ``interaction`` marker for the pair."""
    waiting: bool
    """:func:`pending`: a missing test is not yet a failure."""

    @property
    def status(self) -> str:
        if self.tests:
            return "tested"
        return "pending" if self.waiting else "missing"


@dataclass
class Matrix:
    """The named pairs of the roster and which tests claim them."""

    rows: list[MatrixRow]
    problems: list[str]
    """Markers that name no pair (unknown names, a pair the text does not name), unreadable files."""
    left_out: list[LeftOut] = field(default_factory=list)
    """Names the texts give that make no pair (:func:`left_out`)."""
    tests_found: bool = True
    """False when no tests directory was read (an installed package): no pair can show a test."""

    def missing(self) -> list[MatrixRow]:
        return [r for r in self.rows if r.status == "missing"]

    def waiting(self) -> list[MatrixRow]:
        return [r for r in self.rows if r.status == "pending"]


def interaction_matrix(roster: Roster, tests_dir: object | None, built: Iterable[str]) -> Matrix:
    """Every named pair with the tests under ``tests_dir`` (a ``pathlib.Path``) claiming it."""
    from pathlib import Path

    from tianting.coverage import marked_tests

    problems: list[str] = []
    claims: dict[tuple[str, str], list[str]] = {}
    if tests_dir is not None:
        for test, args in marked_tests(Path(str(tests_dir)), MARKER, problems):
            pairs, trouble = marker_pairs(args, roster)
            problems += [f"{test}: {t}" for t in trouble]
            for key in pairs:
                claims.setdefault(key, [])
                if test not in claims[key]:
                    claims[key].append(test)
    done = frozenset(built)
    rows = [MatrixRow(p, tuple(claims.get(p.key, ())), pending(p, done, roster))
            for p in named_pairs(roster)]
    return Matrix(rows, problems, left_out(roster), tests_dir is not None)


_STATUS = {"tested": "有測試", "pending": "待實作", "missing": "缺測試"}


def render_matrix(matrix: Matrix, as_json: bool = False) -> str:
    """The matrix as JSON or as one line a pair (``tianting skills --interactions``)."""
    import json

    if as_json:
        data = {
            "pairs": [
                {"skill": r.pair.skill, "owners": list(r.pair.owners), "named": r.pair.named,
                 "words": list(r.pair.words), "sentences": list(r.pair.sentences),
                 "status": r.status, "tests": list(r.tests)}
                for r in matrix.rows
            ],
            "left_out": [{"skill": x.skill, "owner": x.owner, "word": x.word, "why": x.why}
                         for x in matrix.left_out],
            "not_pairs": NOT_PAIRS,
            "problems": matrix.problems,
            "tests_found": matrix.tests_found,
        }
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    lines = []
    for r in matrix.rows:
        owners = "／".join(r.pair.owners)
        lines.append(f"【{r.pair.skill}】（{owners}）→ {r.pair.named}（{'、'.join(r.pair.words)}）："
                     f"{_STATUS[r.status]}" + (f" {len(r.tests)}" if r.tests else ""))
    lines += [f"不成對：【{x.skill}】（{x.owner}）提到「{x.word}」：{x.why}" for x in matrix.left_out]
    lines.append(f"不成對：{NOT_PAIRS['identity']}；{NOT_PAIRS['role']}")
    lines += [f"標記有誤：{p}" for p in matrix.problems]
    if not matrix.tests_found:
        lines.append("找不到 tests 目錄（pyproject.toml 旁的 tests/）：每一對都記為沒有測試")
    counts = {k: sum(1 for r in matrix.rows if r.status == k) for k in _STATUS}
    lines.append(f"{len(matrix.rows)} named pairs: {counts['tested']} tested, "
                 f"{counts['pending']} pending (skills not built), {counts['missing']} missing")
    return "\n".join(lines) + "\n"
