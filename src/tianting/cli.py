"""The ``tianting`` command line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tianting.core.errors import TiantingError


def _cmd_run(args: argparse.Namespace) -> int:
    from tianting.script import dump_transcript, load_script, run_script

    try:
        text = Path(args.script).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"無法讀取腳本 {args.script}：{exc}", file=sys.stderr)
        return 2
    try:
        transcript = run_script(load_script(text), lenient=args.lenient)
    except TiantingError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    out = dump_transcript(transcript)
    if args.out:
        Path(args.out).write_text(out, encoding="utf-8")
    else:
        sys.stdout.write(out)
    return 0


def _cmd_setup(args: argparse.Namespace) -> int:
    from tianting.setup import draw_setup, read_ids

    try:
        ids = read_ids(Path(args.ids).read_text(encoding="utf-8-sig"))
        script = draw_setup(args.rules, ids, args.seed)
    except (OSError, UnicodeDecodeError) as exc:
        print(f"無法讀取ID名單 {args.ids}：{exc}", file=sys.stderr)
        return 2
    except TiantingError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    from tianting.script import dump_transcript

    text = dump_transcript(script)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def _cmd_skills(args: argparse.Namespace) -> int:
    from tianting.coverage import coverage, render_coverage

    try:
        rows = coverage(args.rules)
    except TiantingError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    sys.stdout.write(render_coverage(rows, as_json=args.json))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tianting", description="天庭：三國版殺的自動法官")
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="resolve a game script and write its transcript")
    run.add_argument("script", help="the game script (JSON)")
    run.add_argument("--out", help="write the transcript here instead of stdout")
    run.add_argument("--lenient", action="store_true", help="leave invalid actions out instead of failing")
    run.set_defaults(func=_cmd_run)

    setup = sub.add_parser("setup", help="draw countries and identities for a list of forum ids")
    setup.add_argument("--rules", default="kk33")
    setup.add_argument("--ids", required=True, help="a text file with one forum id a line")
    setup.add_argument("--seed", type=int, required=True)
    setup.add_argument("--out", help="write the script here instead of stdout")
    setup.set_defaults(func=_cmd_setup)

    skills = sub.add_parser("skills", help="list every skill of a rule set: built or not, and its tests")
    skills.add_argument("--rules", default="kk33")
    skills.add_argument("--json", action="store_true")
    skills.set_defaults(func=_cmd_skills)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
