"""The ``tianting`` command line."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import IO, Any, NoReturn

from tianting.core.errors import TiantingError
from tianting.core.usertext import one_line, shown

INTERNAL_ERROR = 70
"""Exit status of a defect of tianting itself (EX_SOFTWARE): never an answer to bad input."""
MAX_INPUT = 64 * 1024 * 1024
"""Largest file a command reads (bytes): a 1,000-phase script or its export is a few megabytes."""


class _Fail(Exception):
    """A user error already worded for stderr: exit 2, nothing written."""


class _Verdict(Exception):
    """A command that ran but found a failure: its text goes to stdout, exit 1."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


Output = str | Iterable[str]
"""What a command writes: a text, or its pieces (written one after another, never joined)."""


def _os_reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def _read(path: str, what: str) -> str:
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_INPUT + 1)
    except OSError as exc:
        raise _Fail(f"無法讀取{what}「{shown(path, 200)}」：{_os_reason(exc)}") from None
    if len(data) > MAX_INPUT:
        raise _Fail(f"{what}「{shown(path, 200)}」過大（最多{MAX_INPUT // (1024 * 1024)} MB）")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _Fail(f"{what}「{shown(path, 200)}」不是UTF-8文字（第{exc.start + 1}個位元組）") from None


def check_out(path: str) -> None:
    """Refuse an output path that cannot be written, before any work is done (a directory, a
    missing folder)."""
    target = Path(path)
    if target.is_dir():
        raise _Fail(f"無法寫入「{shown(path, 200)}」：這是一個資料夾")
    if not target.parent.is_dir():
        raise _Fail(f"無法寫入「{shown(path, 200)}」：資料夾「{shown(str(target.parent), 200)}」不存在")


def write_atomically(path: str, write: Callable[[IO[str]], None]) -> None:
    """Write a file through a temporary file in the same folder, renamed over ``path`` only once
    complete: a failure (full disk, no permission, an error halfway) leaves ``path`` as it was."""
    check_out(path)
    target = Path(path)
    try:
        fd, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name[:100]}.", suffix=".tmp")
    except OSError as exc:
        raise _Fail(f"無法寫入「{shown(path, 200)}」：{_os_reason(exc)}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            write(f)
        os.chmod(temp, 0o644)
        os.replace(temp, target)
    except OSError as exc:
        Path(temp).unlink(missing_ok=True)
        raise _Fail(f"無法寫入「{shown(path, 200)}」：{_os_reason(exc)}") from None
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _pieces(output: Output) -> Iterable[str]:
    return (output,) if isinstance(output, str) else output


def _emit(output: Output, out: str | None) -> None:
    if out:
        def write(f: IO[str]) -> None:
            for piece in _pieces(output):
                f.write(piece)
        write_atomically(out, write)
    else:
        for piece in _pieces(output):
            sys.stdout.write(piece)


def _cmd_run(args: argparse.Namespace) -> Output:
    from tianting.script import iter_transcript, load_script, run_script

    if args.out:
        check_out(args.out)
    script = load_script(_read(args.script, "腳本"))
    transcript = run_script(script, lenient=args.lenient)
    if args.out:  # the transcript goes to a file: say what a judge should know here, once it is written
        notices = [f"已略過 {entry['where']}：{entry['message']}"
                   for phase in transcript["phases"] for entry in phase["rejected"]]
        notices += [f"注意：{warning}" for warning in transcript["warnings"]]
        notices.append(f"已寫入 {args.out}：{len(transcript['phases'])}個階段，{len(transcript['warnings'])}則注意事項")
        args.notices = notices
    return iter_transcript(transcript)


def _cmd_setup(args: argparse.Namespace) -> str:
    from tianting.script import dump_transcript
    from tianting.setup import draw_setup, read_ids

    if args.out:
        check_out(args.out)
    ids = read_ids(_read(args.ids, "ID名單"))
    if not args.pack:
        return dump_transcript(draw_setup(args.rules, ids, args.seed, chibi=args.chibi))
    from tianting import judge_pack
    from tianting.rules import load as load_rules

    given = judge_pack.from_form(_read(args.pack, "角色包"))
    pack = judge_pack.read(load_rules(args.rules), given)  # refused as ``pack check`` refuses it
    return dump_transcript({**draw_setup(args.rules, ids, args.seed, chibi=args.chibi, pack=pack), "pack": given})


def _cmd_skills(args: argparse.Namespace) -> str:
    from tianting.coverage import coverage, render_coverage

    if args.interactions:
        return _interactions(args.rules, args.json)
    return render_coverage(coverage(args.rules), as_json=args.json)


def _interactions(rules: str, as_json: bool) -> str:
    """``skills --interactions``: the pairs of skills whose texts name another character (KK 3.3)."""
    from tianting.coverage import built_skills, find_tests_dir
    from tianting.rules import load as load_rules

    matrix = getattr(load_rules(rules), "interactions", None)
    if matrix is None:
        raise _Fail(f"--interactions 只適用於 kk33（不是「{shown(rules)}」）")
    return str(matrix(find_tests_dir(), built_skills(rules), as_json))


def _cmd_simulate(args: argparse.Namespace) -> str:
    if args.backend == "local":  # the workers' fork server imports the engine meanwhile
        from tianting.simulate.workers import start_early

        start_early(args.jobs)
    from tianting.simulate.report import NO_FONT, cjk_font, dump_figures, summary, write_report
    from tianting.simulate.runner import Study, simulate

    seats = None
    if args.report:
        check_report_dir(args.report)
    if args.setup:
        from tianting.rules import load as load_rules
        from tianting.script import _seats, load_script

        rules = load_rules(args.rules)
        table = load_script(_read(args.setup, "腳本"))
        named = table.get("rules", args.rules)
        if named != args.rules:  # a table of another rule set: its seats mean nothing here
            raise _Fail(f"腳本「{shown(args.setup, 200)}」的規則集是「{shown(named)}」，"
                        f"與 --rules {args.rules} 不同（請加上 --rules {shown(named)}）")
        seats = tuple(_seats(table, rules))
        try:
            rules.game.create(list(seats), 0)  # a bad table is refused here, before any game is played
        except rules.setup_error as exc:
            where = f"players[{exc.index}]" if exc.index is not None else "players"
            raise _Fail(f"{where}: {exc.message}") from None
    study = Study(games=args.games, seed=args.seed, policy=args.policy, rules=args.rules,
                  max_phases=args.max_phases, seats=seats, setup_name=args.setup, chibi=args.chibi)
    progress = not args.quiet and sys.stderr.isatty()
    figures = simulate(study, jobs=args.jobs, backend=args.backend, progress=progress)
    if args.report:
        page = _write_report(figures, args.report, args.json, write_report)
        if cjk_font() is None:
            _say(NO_FONT)
        return summary(figures) + f"report: {page}\n"
    if args.json:
        return dump_figures(figures)
    return summary(figures)


def check_report_dir(directory: str) -> None:
    """Refuse a report folder that cannot be made or written, before any game is played."""
    target = Path(directory)
    try:
        target.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(dir=target, prefix=".tianting-probe.")
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise _Fail(f"無法寫入報告資料夾「{shown(directory, 200)}」：{_os_reason(exc)}") from None


def _write_report(figures: dict[str, Any], directory: str, with_json: bool,
                  write_report: Callable[..., Path]) -> Path:
    """The report written into a temporary folder inside ``directory``, then each file moved into
    place: a failure while plotting leaves the files already there as they were."""
    target = Path(directory)
    try:
        staging = Path(tempfile.mkdtemp(dir=target, prefix=".tianting-report."))
    except OSError as exc:
        raise _Fail(f"無法寫入報告資料夾「{shown(directory, 200)}」：{_os_reason(exc)}") from None
    try:
        page = write_report(figures, staging, with_json=with_json)
        for made in sorted(staging.iterdir()):
            os.replace(made, target / made.name)
        return target / page.name
    except OSError as exc:
        raise _Fail(f"無法寫入報告資料夾「{shown(directory, 200)}」：{_os_reason(exc)}") from None
    finally:
        for left in staging.glob("*"):
            left.unlink(missing_ok=True)
        staging.rmdir()


def _cmd_qq(args: argparse.Namespace) -> str:
    if not args.bridge_key:
        raise _Fail("tianting qq 需要 --bridge-key（或環境變數 TIANTING_BRIDGE_KEY），與 tianting serve 的相同")
    if not args.access_token:
        raise _Fail("tianting qq 需要 --access-token（OneBot 的 access token），否則任何人都能冒充 QQ 連線")
    try:
        import nonebot.adapters.onebot.v11  # noqa: F401  (the qq extra)

        from tianting.qq.bot import run as run_bridge
    except ImportError as exc:
        raise _Fail(f"tianting qq 需要 qq 擴充套件（pip install -e '.[qq]'）：{exc}") from None
    run_bridge(server=args.server, listen=args.listen, access_token=args.access_token, bridge_key=args.bridge_key,
               forward=args.forward, poll=args.poll, log_level=args.log_level)
    return ""


def _cmd_serve(args: argparse.Namespace) -> str:
    from tianting.server.app import run
    from tianting.server.db import default_url, open_database
    from tianting.server.urls import check_base_url

    url = args.database_url or default_url(args.data)
    if args.workers < 1 or args.cache_games < 1:
        raise _Fail("--workers 與 --cache-games 至少為1")
    if not args.busy_timeout > 0:
        raise _Fail("--busy-timeout 須大於0（秒）")
    if not -16 * 60 <= args.time_offset <= 16 * 60:
        raise _Fail("--time-offset 須在 -960 與 960 之間（UTC 以東的分鐘數，例：480 即 UTC+8）")
    if not args.keep_writes_days > 0:
        raise _Fail("--keep-writes-days 須大於0（天）")
    try:
        base_url = check_base_url(args.base_url)
    except ValueError as exc:
        raise _Fail(str(exc)) from None
    webhook = args.webhook.strip() if args.webhook else None
    if webhook and not webhook.startswith(("http://", "https://")):
        raise _Fail(f"--webhook must be an http(s):// address, not {webhook!r}")
    open_database(url).dispose()  # checked (and migrated) first: one line and exit 2 if it cannot be used
    if args.bridge_key:  # the QQ bridge's key (issue 32), read by every worker from the environment
        os.environ["TIANTING_BRIDGE_KEY"] = args.bridge_key
    shown = base_url or f"http://{args.host}:{args.port}"
    print(f"天庭 serving on http://{args.host}:{args.port}/, links shown as {shown}/  (database: {url.split('@')[-1]}"
          f"{f', {args.workers} workers' if args.workers > 1 else ''})", file=sys.stderr)
    run(url, host=args.host, port=args.port, workers=args.workers, cache_games=args.cache_games,
        create_limit=not args.no_create_limit, base_url=base_url, forwarded_allow_ips=args.forwarded_allow_ips,
        webhook=webhook, warn_minutes=args.webhook_before, busy_timeout=args.busy_timeout,
        time_offset=args.time_offset, keep_writes_days=args.keep_writes_days)
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
    from tianting.server.idempotency import prune

    if not args.keep_writes_days > 0:
        raise _Fail("--keep-writes-days 須大於0（天）")
    engine = engine_for(args.database_url or default_url(args.data))
    try:
        revision = upgrade(engine)
        pruned = prune(engine, args.keep_writes_days)  # the writes kept past their retention (idempotency.py)
    except DatabaseUnusable:
        raise
    except Exception as exc:  # a database error: one line
        raise _Fail(describe(engine, exc)) from None
    finally:
        engine.dispose()
    done = f"；清除了{pruned}條超過{args.keep_writes_days:g}天的重送記錄" if pruned else ""
    if revision is None:
        return f"資料庫 {where(engine)} 已是最新的結構版本，無需升級{done}\n"
    return f"資料庫 {where(engine)} 已升級到結構版本 {revision}{done}\n"


def _cmd_db_backup(args: argparse.Namespace) -> str:
    from tianting.server.backup import backup
    from tianting.server.db import default_url

    made = backup(args.database_url or default_url(args.data), args.folder, args.keep)
    return f"已備份到 {made}\n"


def _cmd_pack_check(args: argparse.Namespace) -> str:
    from tianting.packcheck import check_pack

    return check_pack(_read(args.file, "角色包"), args.rules)


def _cmd_verify(args: argparse.Namespace) -> str:
    from tianting.core.jsoninput import parse_json
    from tianting.hosting.verify import verify_export

    export = parse_json(_read(args.export, "復盤檔"), "復盤檔")
    verdict = verify_export(export)
    if not verdict.ok:
        raise _Verdict(verdict.render())
    return verdict.render()


def _cmd_import(args: argparse.Namespace) -> str:
    """Load a game's export and its judges' file into a server's database (server/moving.py)."""
    from tianting.core.jsoninput import parse_json
    from tianting.server.db import default_url, describe, open_database, where
    from tianting.server.moving import beside, check, import_game

    judge_path = args.judge_file or beside(args.export)
    export = parse_json(_read(args.export, "復盤檔"), "復盤檔")
    moving = parse_json(_read(judge_path, "裁判搬移檔"), "裁判搬移檔")
    events = check(export, moving)  # before the database is opened (or created): a refused pair leaves no file
    engine = open_database(args.database_url or default_url(args.data))  # one line and exit 2 if unusable
    try:
        public_id = import_game(engine, export, moving, events)
    except TiantingError:
        raise
    except Exception as exc:  # a database error: one line
        from sqlalchemy.exc import SQLAlchemyError

        if isinstance(exc, SQLAlchemyError):
            raise _Fail(describe(engine, exc)) from None
        raise
    finally:
        engine.dispose()
    return f"已匯入「{shown(export.get('title'), 80)}」到資料庫 {where(engine)}：公開頁面 /g/{public_id}，原有的裁判與玩家連結照常可用\n"


class _Parser(argparse.ArgumentParser):
    """argparse, its errors on one line (exit 2, as every other error of the command line)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, one_line(f"{self.prog}: {message}（--help 可看用法）") + "\n")


def _bounded(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: an integer from ``low`` to ``high``."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"「{shown(text)}」不是整數") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"須為{low}至{high}，而不是{value}")
        return value
    return parse


def _seed(text: str) -> int:
    """An argparse type: a seed a script may hold (at most 100 digits, as ``run`` reads)."""
    from tianting.core.jsoninput import MAX_INT_DIGITS

    if len(text.strip().lstrip("+-")) > MAX_INT_DIGITS:
        raise argparse.ArgumentTypeError(f"種子過長（最多{MAX_INT_DIGITS}位）")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"「{shown(text)}」不是整數") from None


MAX_GAMES = 1_000_000
"""Most games one ``simulate`` plays (its records are folded into counts as they are played)."""
MAX_JOBS = 256
"""Most worker processes ``simulate`` starts."""


def build_parser() -> argparse.ArgumentParser:
    from tianting.script import MAX_PHASES

    parser = _Parser(prog="tianting", description="天庭：三國版殺的自動法官")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    run = sub.add_parser("run", help="resolve a game script and write its transcript")
    run.add_argument("script", help="the game script (JSON)")
    run.add_argument("--out", help="write the transcript here instead of stdout")
    run.add_argument("--lenient", action="store_true", help="leave invalid actions out instead of failing")
    run.set_defaults(func=_cmd_run)

    setup = sub.add_parser("setup", help="draw countries and identities for a list of forum ids")
    setup.add_argument("--rules", default="kk33")
    setup.add_argument("--ids", required=True, help="a text file with one forum id a line")
    setup.add_argument("--seed", type=_seed, required=True)
    setup.add_argument("--out", help="write the script here instead of stdout")
    setup.add_argument("--chibi", action="store_true",
                       help="include 『角色技能·赤壁之戰』: offer 蔣干, 赤壁·諸葛亮 and 赤壁·魯肅 in their slots")
    setup.add_argument("--pack", metavar="PACK.json",
                       help="deal from a judge's own character pack (24人, 鼎立) and put it in the script's pack field")
    setup.set_defaults(func=_cmd_setup)

    skills = sub.add_parser("skills", help="list every skill of a rule set: built or not, and its tests")
    skills.add_argument("--rules", default="kk33")
    skills.add_argument("--json", action="store_true")
    skills.add_argument("--interactions", action="store_true",
                        help="list the pairs of skills whose texts name another character, and their tests")
    skills.set_defaults(func=_cmd_skills)

    sim = sub.add_parser("simulate", help="play many bot games and report win rates, lengths and skill use")
    sim.add_argument("--rules", default="kk33")
    sim.add_argument("--games", type=_bounded(1, MAX_GAMES), default=1000, help="how many games (default 1000)")
    sim.add_argument("--jobs", type=_bounded(1, MAX_JOBS), default=None, help="worker processes (default: all cores)")
    sim.add_argument("--seed", type=_seed, default=0, help="the study's seed: same seed, same figures")
    sim.add_argument("--policy", default="random", help="the bots' policy: random or heuristic")
    sim.add_argument("--report", metavar="DIR", help="write index.html and PNG plots here")
    sim.add_argument("--json", action="store_true",
                     help="also write figures.json into DIR (without --report: the figures to stdout)")
    sim.add_argument("--backend", choices=("local", "ray"), default="local",
                     help="local processes, or a Ray cluster (RAY_ADDRESS; needs the ray extra)")
    sim.add_argument("--setup", metavar="SCRIPT.json", help="play every game at this script's table")
    sim.add_argument("--chibi", action="store_true",
                     help="random tables include 『角色技能·赤壁之戰』 (蔣干, 赤壁·諸葛亮, 赤壁·魯肅)")
    sim.add_argument("--max-phases", type=_bounded(1, MAX_PHASES), default=80,
                     help=f"stop a game after this many phases (at most {MAX_PHASES})")
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
    serve.add_argument("--busy-timeout", type=float, default=30.0,
                       help="seconds a write waits for a database lock held by another process (then 503)")
    serve.add_argument("--time-offset", type=int, default=480,
                       help="minutes east of UTC pages write times in before the reader's browser shows its own "
                            "(default 480: UTC+8)")
    serve.add_argument("--keep-writes-days", type=float, default=7.0,
                       help="days a keyed write's answer is kept for its retries (Idempotency-Key), then pruned")
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
    serve.add_argument("--bridge-key", metavar="KEY", default=os.environ.get("TIANTING_BRIDGE_KEY"),
                       help="the key the QQ bridge (tianting qq) sends (default: $TIANTING_BRIDGE_KEY; none: no bridge)")
    serve.set_defaults(func=_cmd_serve)

    qq = sub.add_parser("qq", help="join hosted games to QQ over OneBot v11 (needs the qq extra: pip install -e '.[qq]')")
    qq.add_argument("--server", required=True, metavar="URL", help="the game server, e.g. http://127.0.0.1:8000")
    qq.add_argument("--listen", default="127.0.0.1:8080", metavar="HOST:PORT",
                    help="where the reverse WebSocket ws://HOST:PORT/onebot/v11/ws listens (default 127.0.0.1:8080)")
    qq.add_argument("--access-token", default=os.environ.get("TIANTING_ONEBOT_TOKEN"), metavar="TOKEN",
                    help="the OneBot access token (Authorization: Bearer TOKEN; default $TIANTING_ONEBOT_TOKEN)")
    qq.add_argument("--bridge-key", default=os.environ.get("TIANTING_BRIDGE_KEY"), metavar="KEY",
                    help="the server's --bridge-key (default $TIANTING_BRIDGE_KEY)")
    qq.add_argument("--forward", action="append", default=[], metavar="WS_URL",
                    help="also connect to a OneBot implementation's forward WebSocket (repeatable)")
    qq.add_argument("--poll", type=float, default=5.0, metavar="SECONDS", help="how often to fetch group posts (default 5)")
    qq.add_argument("--log-level", default="WARNING", choices=["DEBUG", "INFO", "SUCCESS", "WARNING", "ERROR"],
                    help="NoneBot's log level (default WARNING: INFO logs every private message's text)")
    qq.set_defaults(func=_cmd_qq)

    database = sub.add_parser("db", help="the server's database")
    database_commands = database.add_subparsers(dest="db_command", required=True)
    upgrade = database_commands.add_parser("upgrade", help="bring the database's schema up to date (under a lock)")
    upgrade.add_argument("--database-url", help="e.g. postgresql://user:pass@host/db (default: SQLite file)")
    upgrade.add_argument("--data", default="tianting.sqlite3", help="the SQLite file (default ./tianting.sqlite3)")
    upgrade.add_argument("--keep-writes-days", type=float, default=7.0,
                         help="also prune the keyed writes' answers older than this (as serve does)")
    upgrade.set_defaults(func=_cmd_db_upgrade)
    saving = database_commands.add_parser("backup", help="a consistent copy while serving (SQLite's online backup, or pg_dump)")
    saving.add_argument("folder", help="where the copy goes (tianting-<UTC time>.sqlite3 or .dump)")
    saving.add_argument("--keep", type=_bounded(1, 100_000), help="keep only the newest N copies in the folder")
    saving.add_argument("--database-url", help="e.g. postgresql://user:pass@host/db (default: SQLite file)")
    saving.add_argument("--data", default="tianting.sqlite3", help="the SQLite file (default ./tianting.sqlite3)")
    saving.set_defaults(func=_cmd_db_backup)

    imports = sub.add_parser("import", help="load a game's export (and its judges' file beside it) into a server's database")
    imports.add_argument("export", help="the game's export (JSON 匯出 from the judge's console)")
    imports.add_argument("--judge-file", help="the judges' file (default: EXPORT.judge.json beside the export)")
    imports.add_argument("--database-url", help="e.g. postgresql://user:pass@host/db (default: SQLite file)")
    imports.add_argument("--data", default="tianting.sqlite3", help="the SQLite file (default ./tianting.sqlite3)")
    imports.set_defaults(func=_cmd_import)

    pack = sub.add_parser("pack", help="a judge's own character pack (24人, 鼎立)")
    pack_commands = pack.add_subparsers(dest="pack_command", required=True)
    pack_check = pack_commands.add_parser("check", help="validate a pack and print each skill's generated text")
    pack_check.add_argument("file", help="the pack (JSON)")
    pack_check.add_argument("--rules", help="the rule set (default: the one the pack's format names)")
    pack_check.set_defaults(func=_cmd_pack_check)

    verify = sub.add_parser("verify", help="replay a finished game's export and check its seed commitment and outcomes")
    verify.add_argument("export", help="the game's export (復盤 JSON from the server)")
    verify.set_defaults(func=_cmd_verify)
    return parser


def _utf8_streams() -> None:
    """Transcripts are UTF-8 JSON whatever the terminal's locale; a message never fails to print."""
    for stream, errors in ((sys.stdout, "strict"), (sys.stderr, "backslashreplace")):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        reconfigure = getattr(stream, "reconfigure", None)
        if encoding != "utf8" and reconfigure is not None:
            reconfigure(encoding="utf-8", errors=errors)


def _say(message: str) -> None:
    """One line on stderr, whatever the message holds (user text in it is already shortened;
    this is the last guard)."""
    print(one_line(message), file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Run a command: exit 0 with its output written, or exit 2 with the reason on stderr, one line.

    Exit 1 is ``verify``'s: the export was read and does not verify. An output file (``--out``)
    is replaced only by a complete new one: a failed run leaves it as it was."""
    _utf8_streams()
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as done:  # --help, or a bad argument (already said on one line)
        return done.code if isinstance(done.code, int) else 2
    try:
        output = args.func(args)
        _emit(output, getattr(args, "out", None))
        for notice in getattr(args, "notices", ()):
            _say(notice)
    except _Verdict as verdict:
        sys.stdout.write(verdict.text)
        return 1
    except (_Fail, TiantingError) as exc:
        _say(str(exc))
        return 2
    except BrokenPipeError:  # `tianting run x | head`: the reader left; say nothing more
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except RecursionError:
        _say("輸入的巢狀層次過深，無法處理")
        return 2
    except MemoryError:
        _say("記憶體不足：輸入過大，無法處理")
        return 2
    except Exception as exc:  # a defect of tianting, not of the input: one line, the details on request
        if os.environ.get("TIANTING_DEBUG"):
            raise
        _say(f"天庭內部錯誤（{type(exc).__name__}：{shown(str(exc), 200)}）；設定 TIANTING_DEBUG=1 可看完整的追蹤，請回報此問題")
        return INTERNAL_ERROR
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
