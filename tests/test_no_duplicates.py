"""No rule concept twice between rule-set packages (issue 30): no run of code stands in two of ``rules/kk33``,
``rules/sg24``, ``rules/dingli2``, ``engine`` and ``effects``.

The same check as the ``duplicates`` tool's (which CI does not have), kept small: each file's logical lines,
with imports, docstrings, comments and lone punctuation passed over, names read as one token and numbers as
another (so a copy with renamed variables is found), strings kept (two declarations of different words are
two things, not one); any window of :data:`WINDOW` such lines with at least :data:`MIN_TOKENS` tokens that
stands in two packages is a pair. A pair means the concept belongs in ``engine/``, ``effects/`` or ``core/``
(or in the rule set the other extends). Within one package the check does not look.
"""

from __future__ import annotations

import io
import keyword
import tokenize
from collections import defaultdict
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "tianting"
PACKAGES = ("rules/kk33", "rules/sg24", "rules/dingli2", "engine", "effects")
WINDOW = 8
MIN_TOKENS = 70
"""A window thinner than this (short returns, ``def`` lines, punctuation) is boilerplate, not a concept."""
_PASSED = {tokenize.COMMENT, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING, tokenize.ENDMARKER}


def logical_lines(text: str) -> list[tuple[int, tuple[str, ...]]]:
    """(first line number, normalised tokens) of each logical line that counts."""
    lines: list[tuple[int, tuple[str, ...]]] = []
    current: list[str] = []
    start = 0
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.NEWLINE:
            if current and current[0] not in ("import", "from") and not (
                    len(current) == 1 and current[0][:1] in "\"'rbfu") and not all(t in "()[]{}:,." for t in current):
                lines.append((start, tuple(current)))
            current = []
        elif tok.type not in _PASSED:
            if not current:
                start = tok.start[0]
            if tok.type == tokenize.NAME and not keyword.iskeyword(tok.string):
                current.append("N")
            elif tok.type == tokenize.NUMBER:
                current.append("0")
            else:
                current.append(tok.string)
    return lines


def cross_package_pairs(src: Path = SRC) -> list[str]:
    """``a.py:line ~ b.py:line`` for each window of code standing in two packages."""
    places: dict[tuple[tuple[str, ...], ...], list[tuple[str, str, int]]] = defaultdict(list)
    for package in PACKAGES:
        for path in sorted((src / package).rglob("*.py")):
            lines = logical_lines(path.read_text(encoding="utf-8"))
            for i in range(len(lines) - WINDOW + 1):
                window = tuple(tokens for _, tokens in lines[i:i + WINDOW])
                if sum(map(len, window)) >= MIN_TOKENS:
                    places[window].append((package, str(path.relative_to(src)), lines[i][0]))
    return sorted({f"{a[1]}:{a[2]} ~ {b[1]}:{b[2]}" for found in places.values()
                   for a in found for b in found if a[0] < b[0]})


def test_no_run_of_code_stands_in_two_rule_set_packages() -> None:
    assert cross_package_pairs() == []


def test_the_check_finds_a_copy_with_other_names(tmp_path: Path) -> None:
    """A function copied from one package to another with its names changed is a pair; the same shape with
    other words (strings) is not."""
    body = '''
def settle(night, pid, used, limit):
    if used.get(pid, 0) >= limit:
        night.note(f"{pid} 未能加入：名额已满")
        return None
    used[pid] = used.get(pid, 0) + 1
    night.pending[pid] = {"by": pid, "at": night.index}
    night.tell(pid, "加入", {"count": used[pid], "limit": limit})
    night.tell(night.lord, "加入", {"count": used[pid], "limit": limit})
    return used
'''
    for package in PACKAGES:
        (tmp_path / package).mkdir(parents=True)
    (tmp_path / "rules/sg24/a.py").write_text(body, encoding="utf-8")
    (tmp_path / "rules/dingli2/b.py").write_text(body.replace("settle", "admit").replace("used", "taken"),
                                                 encoding="utf-8")
    (tmp_path / "rules/kk33/c.py").write_text(body.replace("名额已满", "名額已滿").replace("加入", "入國"),
                                              encoding="utf-8")
    pairs = cross_package_pairs(tmp_path)
    assert pairs and pairs[0] == "rules/dingli2/b.py:2 ~ rules/sg24/a.py:2"
    assert {tuple(place.split(":")[0] for place in pair.split(" ~ ")) for pair in pairs} == {
        ("rules/dingli2/b.py", "rules/sg24/a.py")}
