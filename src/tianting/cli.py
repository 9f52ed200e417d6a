"""The ``tianting`` command line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tianting.core.errors import TiantingError


class _Fail(Exception):
    """A user error already worded for stderr: exit 2, nothing written."""


class _Verdict(Exception):
    """A command that ran but found a failure: its text goes to stdout, exit 1."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def _read(path: str, what: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise _Fail(f"無法讀取{what} {path}：{exc}") from None


def _emit(text: str, out: str | None) -> None:
    if out:
        Path(out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


def _cmd_run(args: argparse.Namespace) -> str:
    from tianting.script import dump_transcript, load_script, run_script

    script = load_script(_read(args.script, "腳本"))
    transcript = run_script(script, lenient=args.lenient)
    if args.out:  # the transcript goes to a file: say what a judge should know here
        for phase in transcript["phases"]:
            for entry in phase["rejected"]:
                print(f"已略過 {entry['where']}：{entry['message']}", file=sys.stderr)
        for warning in transcript["warnings"]:
            print(f"注意：{warning}", file=sys.stderr)
        print(f"已寫入 {args.out}：{len(transcript['phases'])}個階段，{len(transcript['warnings'])}則注意事項",
              file=sys.stderr)
    return dump_transcript(transcript)


def _cmd_setup(args: argparse.Namespace) -> str:
    from tianting.script import dump_transcript
    from tianting.setup import draw_setup, read_ids

    ids = read_ids(_read(args.ids, "ID名單"))
    return dump_transcript(draw_setup(args.rules, ids, args.seed))


def _cmd_skills(args: argparse.Namespace) -> str:
    from tianting.coverage import coverage, render_coverage

    return render_coverage(coverage(args.rules), as_json=args.json)


def _cmd_simulate(args: argparse.Namespace) -> str:
    from tianting.simulate.report import NO_FONT, cjk_font, dump_figures, summary, write_report
    from tianting.simulate.runner import Study, simulate

    seats = None
    if args.setup:
        from tianting.rules.kk33 import KK33Game
        from tianting.script import _seats, load_script

        seats = tuple(_seats(load_script(_read(args.setup, "腳本"))))
        KK33Game.create(list(seats), 0)  # a bad table is refused here, before any game is played
    study = Study(games=args.games, seed=args.seed, policy=args.policy, rules=args.rules,
                  max_phases=args.max_phases, seats=seats, setup_name=args.setup)
    progress = not args.quiet and sys.stderr.isatty()
    figures = simulate(study, jobs=args.jobs, backend=args.backend, progress=progress)
    if args.report:
        page = write_report(figures, args.report, with_json=args.json)
        if cjk_font() is None:
            print(NO_FONT, file=sys.stderr)
        return summary(figures) + f"report: {page}\n"
    if args.json:
        return dump_figures(figures)
    return summary(figures)


def _cmd_serve(args: argparse.Namespace) -> str:
    from tianting.server.app import run
    from tianting.server.db import default_url, open_database
    from tianting.server.urls import check_base_url

    url = args.database_url or default_url(args.data)
    if args.workers < 1 or args.cache_games < 1:
        raise _Fail("--workers 與 --cache-games 至少為1")
    try:
        base_url = check_base_url(args.base_url)
    except ValueError as exc:
        raise _Fail(str(exc)) from None
    webhook = args.webhook.strip() if args.webhook else None
    if webhook and not webhook.startswith(("http://", "https://")):
        raise _Fail(f"--webhook must be an http(s):// address, not {webhook!r}")
    open_database(url).dispose()  # checked (and migrated) first: one line and exit 2 if it cannot be used
    shown = base_url or f"http://{args.host}:{args.port}"
    print(f"天庭 serving on http://{args.host}:{args.port}/, links shown as {shown}/  (database: {url.split('@')[-1]}"
          f"{f', {args.workers} workers' if args.workers > 1 else ''})", file=sys.stderr)
    run(url, host=args.host, port=args.port, workers=args.workers, cache_games=args.cache_games,
        create_limit=not args.no_create_limit, base_url=base_url, forwarded_allow_ips=args.forwarded_allow_ips,
        webhook=webhook, warn_minutes=args.webhook_before)
    return ""


def _cmd_db_upgrade(args: argparse.Namespace) -> str:
    from tianting.server.db import (
        DatabaseUnusable,
        default_url,
        describe,
        engine_for,
        upgrade,
        where,
    )

    engine = engine_for(args.database_url or default_url(args.data))
    try:
        revision = upgrade(engine)
    except DatabaseUnusable:
        raise
    except Exception as exc:  # a database error: one line
        raise _Fail(describe(engine, exc)) from None
    finally:
        engine.dispose()
    if revision is None:
        return f"資料庫 {where(engine)} 已是最新的結構版本，無需升級\n"
    return f"資料庫 {where(engine)} 已升級到結構版本 {revision}\n"


def _cmd_verify(args: argparse.Namespace) -> str:
    import json

    from tianting.hosting.verify import verify_export

    try:
        export = json.loads(_read(args.export, "復盤檔"))
    except json.JSONDecodeError as exc:
        raise _Fail(f"復盤檔不是有效的JSON：第{exc.lineno}行第{exc.colno}列：{exc.msg}") from None
    verdict = verify_export(export)
    if not verdict.ok:
        raise _Verdict(verdict.render())
    return verdict.render()


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

    sim = sub.add_parser("simulate", help="play many bot games and report win rates, lengths and skill use")
    sim.add_argument("--rules", default="kk33")
    sim.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    sim.add_argument("--jobs", type=int, default=None, help="worker processes (default: all cores)")
    sim.add_argument("--seed", type=int, default=0, help="the study's seed: same seed, same figures")
    sim.add_argument("--policy", default="random", help="the bots' policy: random or heuristic")
    sim.add_argument("--report", metavar="DIR", help="write index.html and PNG plots here")
    sim.add_argument("--json", action="store_true",
                     help="also write figures.json into DIR (without --report: the figures to stdout)")
    sim.add_argument("--backend", choices=("local", "ray"), default="local",
                     help="local processes, or a Ray cluster (RAY_ADDRESS; needs the ray extra)")
    sim.add_argument("--setup", metavar="SCRIPT.json", help="play every game at this script's table")
    sim.add_argument("--max-phases", type=int, default=80, help="stop a game after this many phases")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.set_defaults(func=_cmd_simulate)

    serve = sub.add_parser("serve", help="host games in the browser (SQLite file by default)")
    serve.add_argument("--database-url", help="e.g. postgresql://user:pass@host/db (default: SQLite file)")
    serve.add_argument("--data", default="tianting.sqlite3", help="the SQLite file (default ./tianting.sqlite3)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1,
                       help="server processes on the one port (PostgreSQL recommended; see docs/dev/deploy.md)")
    serve.add_argument("--cache-games", type=int, default=200, help="folded games kept in memory per process")
    serve.add_argument("--no-create-limit", action="store_true",
                       help="no rate limit on game creation (default: 20 at once, then one every 30 s per address)")
    serve.add_argument("--base-url", help="the public address links are shown with, e.g. https://game.example.org "
                                          "(when serving behind a reverse proxy; see docs/hosting.md)")
    serve.add_argument("--forwarded-allow-ips", metavar="IPS",
                       help="proxies whose X-Forwarded-For/-Proto headers are trusted, comma-separated "
                            "(default 127.0.0.1; uvicorn's proxy headers)")
    serve.add_argument("--webhook", metavar="URL", help="POST a JSON notification here when a draft is ready "
                                                        "or a deadline is near (every game)")
    serve.add_argument("--webhook-before", type=float, default=30.0, metavar="MINUTES",
                       help="warn this long before a deadline (default 30)")
    serve.set_defaults(func=_cmd_serve)

    database = sub.add_parser("db", help="the server's database")
    database_commands = database.add_subparsers(dest="db_command", required=True)
    upgrade = database_commands.add_parser("upgrade", help="bring the database's schema up to date (under a lock)")
    upgrade.add_argument("--database-url", help="e.g. postgresql://user:pass@host/db (default: SQLite file)")
    upgrade.add_argument("--data", default="tianting.sqlite3", help="the SQLite file (default ./tianting.sqlite3)")
    upgrade.set_defaults(func=_cmd_db_upgrade)

    verify = sub.add_parser("verify", help="replay a finished game's export and check its seed commitment and outcomes")
    verify.add_argument("export", help="the game's export (復盤 JSON from the server)")
    verify.set_defaults(func=_cmd_verify)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run a command: exit 0 with its output written, or exit 2 with the reason on stderr."""
    args = build_parser().parse_args(argv)
    try:
        text = args.func(args)
    except _Verdict as verdict:
        sys.stdout.write(verdict.text)
        return 1
    except (_Fail, TiantingError) as exc:
        print(str(exc), file=sys.stderr)
        return 2
    _emit(text, getattr(args, "out", None))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
