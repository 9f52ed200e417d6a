"""Which skills of a rule set are built, and how many tests pin each.

``tianting skills`` lists every skill of the roster, identity skills first,
then each character form's skills in the roster's order, with whether the
engine implements it and how many test functions pin it. A test pins skills
with a marker::

    @pytest.mark.skill("刺殺", "援護")
    def test_guard_cancels_stab(): ...

The tests are read with :mod:`ast`, never imported. A name pins every skill
of that name: 曹氏宗親 belongs to three characters, and one test counts for
all three rows. Names may be written in Traditional or Simplified Chinese.
"""

from __future__ import annotations

import ast
import json
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import tianting
from tianting.core.names import name_key
from tianting.rules import RULESETS
from tianting.rules import load as load_rules

RESOLVED_BY = {"engine": "引擎", "bespoke": "專門程式", "judge": "天庭裁定"}
"""A pack skill's ``resolved_by`` (the 24人 family): declared (the engine), bespoke code, or the judge's."""
MARKER = "skill"
"""The pytest marker: ``pytest.mark.skill(*names)``."""


class CoverageTable(list[dict[str, Any]]):
    """The rows of :func:`coverage`, with what :func:`render_coverage` reports beside them."""

    def __init__(
        self,
        rows: Iterable[dict[str, Any]],
        rules: str,
        tests_dir: Path | None,
        unknown_pins: dict[str, int],
        problems: list[str],
    ) -> None:
        super().__init__(rows)
        self.rules = rules
        self.tests_dir = tests_dir
        """The tests directory that was read, or None when none was found."""
        self.unknown_pins = unknown_pins
        """Names in skill markers that are no skill of the rule set, with their test counts."""
        self.problems = problems
        """Test files that could not be parsed."""


# ---- what is built ------------------------------------------------------------


def built_skills(rules_name: str) -> frozenset[str]:
    """The names of the skills of ``rules_name`` that the engine implements (``RULESET.built_skills``)."""
    return load_rules(rules_name).built_skills()


# ---- what is tested -----------------------------------------------------------


def find_tests_dir() -> Path | None:
    """The ``tests`` directory beside the ``pyproject.toml`` above the installed package, if any."""
    here = Path(tianting.__file__).resolve().parent
    for directory in (here, *here.parents):
        if (directory / "pyproject.toml").is_file() and (directory / "tests").is_dir():
            return directory / "tests"
    return None


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return f"{inner}.{node.attr}" if inner else None
    return None


def _marker_calls(node: ast.expr, marker: str = MARKER) -> list[list[str]]:
    """The string arguments of each ``pytest.mark.<marker>(...)`` call in one marker expression."""
    if isinstance(node, ast.List | ast.Tuple):
        return [call for element in node.elts for call in _marker_calls(element, marker)]
    if not isinstance(node, ast.Call):
        return []
    func = _dotted(node.func)
    if func is None or not (func == f"mark.{marker}" or func.endswith(f".mark.{marker}")):
        return []
    return [[
        arg.value
        for arg in node.args
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
    ]]


def _pytestmark(body: list[ast.stmt], marker: str = MARKER) -> list[list[str]]:
    calls: list[list[str]] = []
    for stmt in body:
        if isinstance(stmt, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in stmt.targets
        ):
            calls += _marker_calls(stmt.value, marker)
        elif (
            isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name)
            and stmt.target.id == "pytestmark"
            and stmt.value is not None
        ):
            calls += _marker_calls(stmt.value, marker)
    return calls


def _test_marks(body: list[ast.stmt], inherited: list[list[str]], marker: str = MARKER,
                prefix: str = "") -> Iterable[tuple[str, list[list[str]]]]:
    """For each test function in ``body`` (and its ``Test*`` classes): its name and the argument
    lists of the ``marker`` marks it carries (its own, its classes', the ``pytestmark``s)."""
    for stmt in body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef) and stmt.name.startswith(
            "test"
        ):
            yield prefix + stmt.name, inherited + [c for d in stmt.decorator_list
                                                   for c in _marker_calls(d, marker)]
        elif isinstance(stmt, ast.ClassDef) and stmt.name.startswith("Test"):
            marks = inherited + [c for d in stmt.decorator_list for c in _marker_calls(d, marker)]
            yield from _test_marks(stmt.body, marks + _pytestmark(stmt.body, marker), marker,
                                   f"{prefix}{stmt.name}::")


def _test_pins(body: list[ast.stmt], inherited: list[str]) -> Iterable[list[str]]:
    """For each test function in ``body`` (and its ``Test*`` classes): the skill names it pins."""
    for _, calls in _test_marks(body, [inherited] if inherited else []):
        yield [name for call in calls for name in call]


def _is_test_file(path: Path) -> bool:
    return path.name.startswith("test_") or path.name.endswith("_test.py")


def _test_trees(tests_dir: Path, problems: list[str] | None) -> Iterator[tuple[Path, ast.Module]]:
    """Every test file under ``tests_dir`` (sorted) and its syntax tree; one that does not parse is named in
    ``problems`` and skipped."""
    for path in sorted(p for p in tests_dir.rglob("*.py") if _is_test_file(p)):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        except (SyntaxError, UnicodeDecodeError, OSError) as exc:
            if problems is not None:
                problems.append(f"{path}: {exc}")
            continue
        yield path, tree


def count_skill_tests(
    tests_dir: Path,
    normalize: Callable[[str], str] = str.strip,
    problems: list[str] | None = None,
) -> Counter[str]:
    """How many test functions under ``tests_dir`` pin each skill name.

    Reads every ``test_*.py`` / ``*_test.py`` file with :mod:`ast`. A test
    function (or method of a ``Test*`` class) pins the names of its
    ``@pytest.mark.skill(...)`` decorators, of its class's, and of the
    module's or class's ``pytestmark``. ``normalize`` maps a name as written
    to the name it counts under; a test counts once per name. Files that do
    not parse are skipped and named in ``problems``.
    """
    counts: Counter[str] = Counter()
    for _, tree in _test_trees(tests_dir, problems):
        module = [n for call in _pytestmark(tree.body) for n in call]
        for names in _test_pins(tree.body, module):
            counts.update({normalize(n) for n in names if n.strip()})
    return counts


def marked_tests(
    tests_dir: Path, marker: str, problems: list[str] | None = None
) -> list[tuple[str, list[str]]]:
    """Every ``pytest.mark.<marker>(...)`` a test under ``tests_dir`` carries: (the test's id
    ``path::name`` relative to ``tests_dir``'s parent, the marker's string arguments), read with
    :mod:`ast` as :func:`count_skill_tests` reads skill markers."""
    found: list[tuple[str, list[str]]] = []
    for path, tree in _test_trees(tests_dir, problems):
        where = path.relative_to(tests_dir.parent).as_posix()
        for name, calls in _test_marks(tree.body, _pytestmark(tree.body, marker), marker):
            found += [(f"{where}::{name}", call) for call in calls]
    return found


# ---- the table ----------------------------------------------------------------


def _other_rule_sets_skills(rules_name: str) -> set[str]:
    """Every skill name (folded to one script) of the other registered rule sets: a test pinning one of
    them pins that rule set's skill, not an unknown one."""
    out: set[str] = set()
    for other in RULESETS:
        if other != rules_name:
            out.update(name_key(row["skill"]) for row in load_rules(other).skill_rows())
    return out


def coverage(rules_name: str) -> CoverageTable:
    """One row per skill of ``rules_name``: identity skills, then each character form's skills.

    Each row: ``skill``, ``character`` (the identity for identity skills),
    ``country`` (None for identity skills of every kingdom), ``source``,
    ``kind`` (active, passive, global), ``awaken``, ``hidden``, ``limited``,
    ``built`` and ``tests`` (the number of test functions pinning the name).
    """
    rules = load_rules(rules_name)
    names = rules.skill_names()

    def canonical(name: str) -> str:
        return names.get(name) or name.strip()

    tests_dir = find_tests_dir()
    problems: list[str] = []
    pins = count_skill_tests(tests_dir, canonical, problems) if tests_dir else Counter()
    rows = [{**row, "tests": pins.get(row["skill"], 0)} for row in rules.skill_rows()]
    known = {r["skill"] for r in rows}
    elsewhere = _other_rule_sets_skills(rules_name)
    unknown = {name: n for name, n in sorted(pins.items())
               if name not in known and name_key(name) not in elsewhere}
    return CoverageTable(rows, rules_name, tests_dir, unknown, problems)


def _summary(rows: list[dict[str, Any]]) -> dict[str, int]:
    return {
        "skills": len(rows),
        "identity_skills": sum(1 for r in rows if r.get("source") == "identity"),
        "character_skills": sum(1 for r in rows if r.get("source") != "identity"),
        "built": sum(1 for r in rows if r["built"]),
        "tested": sum(1 for r in rows if r["tests"] > 0),
    } | ({"judge_ruled": sum(1 for r in rows if r.get("judge_ruled"))}
         if any(r.get("judge_ruled") for r in rows) else {})


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _width(text))


_KINDS = {"active": "主動", "passive": "被動", "global": "全局", "general": "通用"}


def _kind_text(row: dict[str, Any]) -> str:
    text = _KINDS.get(row["kind"], str(row["kind"]))
    if row["awaken"]:
        text += "·覺醒"
    if row["hidden"]:
        text += "·隱藏"
    return text


def render_coverage(rows: list[dict[str, Any]], as_json: bool = False) -> str:
    """The rows as JSON (``{"rules", "skills", "summary", …}``) or as an aligned text table."""
    table = rows if isinstance(rows, CoverageTable) else None
    rules = table.rules if table else None
    tests_dir = table.tests_dir if table else None
    summary = _summary(rows)
    if as_json:
        data: dict[str, Any] = {"rules": rules, "skills": list(rows), "summary": summary}
        if table is not None:
            data["tests_dir"] = str(tests_dir) if tests_dir else None
            data["unknown_pins"] = table.unknown_pins
            data["problems"] = table.problems
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    header = ("技能", "角色／身份", "國籍", "類型", "限定", "實作", "測試")
    lines = [
        (
            r["skill"],
            r["character"] or "—",
            r["country"] or "—",
            _kind_text(r),
            (f"{r['uses']}次" if (r.get("uses") or 1) > 1 else "是") if r["limited"] else "",
            RESOLVED_BY.get(r.get("resolved_by", ""), "是") if r["built"] or r.get("resolved_by") == "bespoke"
            else ("天庭裁定" if r.get("judge_ruled") else "否"),
            str(r["tests"]),
        )
        for r in rows
    ]
    widths = [max(_width(cells[i]) for cells in [header, *lines]) for i in range(len(header))]
    out = [
        "  ".join(_pad(c, w) for c, w in zip(cells, widths, strict=True)).rstrip()
        for cells in [header, *lines]
    ]
    if table is not None:
        if tests_dir is None:
            out.append("找不到 tests 目錄（pyproject.toml 旁的 tests/）：測試數一律記為 0")
        for name, n in table.unknown_pins.items():
            out.append(f"測試標記了規則中沒有的技能「{name}」（{n}個測試）")
        out += [f"無法解析的測試檔：{p}" for p in table.problems]
    title = f"{rules}: " if rules else ""
    out.append(
        f"{title}{summary['character_skills']}+{summary['identity_skills']} skills "
        f"(角色技能+身份技能), {summary['built']} built, {summary['tested']} pinned by tests"
        + (f", {summary['judge_ruled']} ruled by the judge (天庭裁定)" if "judge_ruled" in summary else "")
    )
    return "\n".join(out) + "\n"
