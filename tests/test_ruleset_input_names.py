"""Issue 30, item 3: "伤判 digits and 拼點 reach hosting and the server through the rule-set interface (a rule set
declares the inputs a phase takes and how a page asks for them), so ``hosting/`` and ``server/`` name no rule set's
inputs" — as tests/test_ruleset_imports.py pins that no layer imports a rule set by name.

Every module of ``hosting/`` and ``server/`` is read with :mod:`tokenize` (never imported) and every template of
``server/templates/`` as text: no identifier, string or template text may say 拼點/拼点, 傷判/伤判, ``contest`` or
``wound``. Comments, docstrings and template comments may (they cite the rules a generic helper serves). What is
left is listed below, each with the reason it stays; the list may only shrink."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import tianting

PACKAGE = Path(tianting.__file__).resolve().parent
WORDS = re.compile(r"拼點|拼点|伤判|傷判|contest|wound", re.IGNORECASE)

READERS = {"hosting/contest_message.py", "hosting/wound_message.py"}
"""hosting's one digit reader and its clause reader: generic, parameterised by a declaration's ``MessageReader``
(``word``, ``ordinals``, ``clause``) and ``values``; their module names and defaults are what their own tests
(tests/hosting/test_contest_message.py, test_wound_message.py) import and read."""

KEPT: dict[str, set[str]] = {
    # the stored event's payload keys (a player's number of his value, a judge's slot): the stored bytes stay
    "hosting/events.py": {'"contest"'},
    "server/commands.py": {'"contest"', "contests_unchanged"},
    # names unchanged tests import (tests/hosting/test_hosted_dingli2.py, tests/server/test_contest_message_page.py):
    # aliases of the generic slots_owed, owed_seen, owed_unchanged
    "hosting/game.py": {"contests_of"},
    "hosting/views.py": {"contests_seen", '"contest"', '"拼點"'},  # and the ruling effect's words (not an input)
    # importing the generic readers by their modules' names
    "hosting/inbox.py": {"contest_message", "wound_message"},
    "server/pages.py": {"contest_message"},
    # the judge seats (鼎立三分2.0's 南斗 sets the 拼點 ruling): judges' powers, not a phase's inputs
    "hosting/judges.py": {'"contest"', '"南斗不能作出裁定（南斗只設定拼點，即判定）；其他裁定屬於北斗，取消資格、制裁命數屬於裁判"',
                          '"代玩家登記數字屬於南斗（判定：拼點、伤判的數字）"'},
}
"""What may stay, by module: each entry the exact token."""


def _docstrings(tree: ast.AST) -> set[tuple[int, int]]:
    """Where the docstrings (and attribute docstrings: a string statement) start."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        for stmt in body if isinstance(body, list) else []:
            if (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
                    and isinstance(stmt.value.value, str)):
                found.add((stmt.lineno, stmt.col_offset))
    return found


def rule_words_in_code(source: str) -> list[tuple[int, str]]:
    """(line, token) of each identifier or string of ``source`` that names a rule set's input."""
    docs = _docstrings(ast.parse(source))
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT or (tok.type == tokenize.STRING and tok.start in docs):
            continue
        if tok.type in (tokenize.NAME, tokenize.STRING) and WORDS.search(tok.string):
            out.append((tok.start[0], tok.string))
    return out


def rule_words_in_template(text: str) -> list[tuple[int, str]]:
    """(line, text) of each line of a template that names a rule set's input, its ``{# … #}`` comments left out."""
    text = re.sub(r"\{#.*?#\}", lambda m: "\n" * m.group().count("\n"), text, flags=re.S)
    return [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if WORDS.search(line)]


def test_the_scan_sees_code_and_templates_but_not_comments_or_docstrings() -> None:
    source = ('"""拼點 in a docstring."""\nx = 1  # 傷判 in a comment\n'
              'def f():\n    """contest, documented."""\n    return "拼點數字"\nwound_check = True\n')
    assert rule_words_in_code(source) == [(5, '"拼點數字"'), (6, "wound_check")]
    assert rule_words_in_template('{# 拼點 #}\n<h2>{{ a.heading }}</h2>\n<p id="contest">') == [(3, '<p id="contest">')]


def test_hosting_and_the_server_name_no_rule_sets_inputs() -> None:
    offenders = []
    for folder in ("hosting", "server"):
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            where = str(path.relative_to(PACKAGE))
            if where in READERS:
                continue
            kept = KEPT.get(where, set())
            offenders += [f"{where}:{line}: {tok}" for line, tok in rule_words_in_code(path.read_text(encoding="utf-8"))
                          if tok not in kept]
    for path in sorted((PACKAGE / "server" / "templates").rglob("*.html")):
        where = str(path.relative_to(PACKAGE))
        offenders += [f"{where}:{line}: {text}" for line, text in rule_words_in_template(path.read_text(encoding="utf-8"))]
    assert offenders == [], ("hosting/ and server/ read a phase's inputs from the rule set's declaration "
                             "(rules/interface.PhaseInput); move these words into the rule set:\n" + "\n".join(offenders))


def test_every_kept_name_is_still_there() -> None:
    """The list above only shrinks: a name no longer found is struck from it."""
    for where, names in KEPT.items():
        found = {tok for _, tok in rule_words_in_code((PACKAGE / where).read_text(encoding="utf-8"))}
        assert names <= found, (where, names - found)
