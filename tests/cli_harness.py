"""Calling the command line in-process, as a user would, and checking its one promise:
exit 0, or exit 2 (``verify``: 1) with ONE line on stderr, never a traceback, and an existing
``--out`` file untouched by a failed run."""

from __future__ import annotations

import contextlib
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tianting.cli import main
from tianting.core.usertext import LINE

SENTINEL = "an older transcript, which a failed run must leave as it is\n"


@dataclass
class Outcome:
    code: int
    out: str
    err: str


def call(*argv: str) -> Outcome:
    """``tianting ARGV…`` in this process (no subprocess per example)."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", newline="\n")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", newline="\n")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):  # UTF-8 as a terminal: strict
        try:
            code = main(list(argv))
        except SystemExit as done:  # argparse's own errors and --help
            code = done.code if isinstance(done.code, int) else 1
    out.flush()
    err.flush()
    return Outcome(code, out.buffer.getvalue().decode("utf-8"), err.buffer.getvalue().decode("utf-8"))


def write_json(path: Path, value: Any, ascii_only: bool = True) -> None:
    """``value`` as a file a user might send: escaped (``\\ud800`` stays a lone surrogate in the
    JSON text, as a fuzzer's file would have it) or as UTF-8."""
    path.write_text(json.dumps(value, ensure_ascii=ascii_only), encoding="utf-8")


def assert_one_line_error(outcome: Outcome) -> None:
    assert "Traceback" not in outcome.err, outcome.err
    lines = outcome.err.split("\n")
    assert len(lines) == 2 and lines[1] == "" and lines[0].strip(), repr(outcome.err[:2000])
    assert len(lines[0]) <= LINE + 40, len(lines[0])


def assert_clean(outcome: Outcome, out_file: Path | None = None, allowed: tuple[int, ...] = (0, 2)) -> None:
    """Exit 0 with nothing on stderr, or an allowed failure with one line on stderr; a failed run
    leaves ``out_file`` (created beforehand with :data:`SENTINEL`) untouched."""
    assert outcome.code in allowed, (outcome.code, outcome.err[:2000])
    if outcome.code == 0:
        assert "Traceback" not in outcome.err
        if out_file is not None:
            json.loads(out_file.read_text(encoding="utf-8"))
    else:
        if outcome.code == 2:
            assert_one_line_error(outcome)
        if out_file is not None:
            assert out_file.read_text(encoding="utf-8") == SENTINEL
        assert outcome.out == "" or outcome.code == 1


def ids_file(folder: Path, ids: list[str]) -> Path:
    """A player-id file (one a line) in ``folder``, as ``setup --ids`` reads it."""
    path = folder / "ids.txt"
    path.write_text("\n".join(ids) + "\n", encoding="utf-8")
    return path


def setup_script(rules: str, ids: Path, seed: int) -> dict[str, Any]:
    """``tianting setup --rules RULES --ids IDS --seed SEED``, which must succeed: its script."""
    done = call("setup", "--rules", rules, "--ids", str(ids), "--seed", str(seed))
    assert done.code == 0, done.err
    return json.loads(done.out)
