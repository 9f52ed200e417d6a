"""``tianting db backup FOLDER``: a consistent copy of the server's database while it serves.

SQLite: SQLite's online backup (``sqlite3.Connection.backup``, what the ``sqlite3`` shell's ``.backup``
does), page by page, into a new file beside the others, checked (``PRAGMA integrity_check``) and only then
given its name: a copy is whole or absent, never half written. The server's writes go on meanwhile (the
copy is of one moment). PostgreSQL: ``pg_dump -Fc`` (a consistent snapshot; the password handed in the
environment, never on the command line). ``keep``: the newest that many copies are kept, older ones removed.
Used by ``deploy/tianting-backup.service`` (docs/hosting.md, 「一台小伺服器」).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import make_url
from sqlalchemy.engine import URL

from tianting.core.errors import TiantingError
from tianting.server.db import normalise_url

PREFIX = "tianting-"


class BackupFailed(TiantingError):
    """The copy could not be made (one line)."""


def _name(suffix: str, now: datetime | None = None) -> str:
    return f"{PREFIX}{(now or datetime.now(UTC)).strftime('%Y-%m-%dT%H%M%SZ')}{suffix}"


def backup(url: str, folder: str | Path, keep: int | None = None) -> Path:
    """Copy the database ``url`` into ``folder`` (created if need be); the copy's path."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BackupFailed(f"無法建立備份資料夾 {folder}：{exc.strerror}") from None
    parsed = make_url(normalise_url(url))
    if parsed.get_backend_name() == "sqlite":
        made = _sqlite(Path(parsed.database or ""), folder)
        suffix = ".sqlite3"
    elif parsed.get_backend_name() == "postgresql":
        made = _postgres(parsed, folder)
        suffix = ".dump"
    else:
        raise BackupFailed(f"不支援的資料庫「{parsed.get_backend_name()}」")
    if keep is not None:
        for old in sorted(folder.glob(f"{PREFIX}*{suffix}"))[:-keep]:
            old.unlink()
    return made


def _sqlite(source: Path, folder: Path) -> Path:
    if not source.is_file():
        raise BackupFailed(f"沒有資料庫檔案 {source}")
    target = folder / _name(".sqlite3")
    partial = target.with_name(target.name + ".partial")
    try:
        src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
        try:
            dst = sqlite3.connect(partial)
            try:
                src.backup(dst, pages=1024)  # a step at a time: the server's writers wait at most one step
                if dst.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                    raise BackupFailed(f"備份 {partial} 未通過完整性檢查")
            finally:
                dst.close()
        finally:
            src.close()
    except sqlite3.Error as exc:
        partial.unlink(missing_ok=True)
        raise BackupFailed(f"無法備份資料庫檔案 {source}：{exc}") from None
    partial.replace(target)
    return target


def _postgres(url: URL, folder: Path) -> Path:
    pg_dump = shutil.which("pg_dump")
    if pg_dump is None:
        raise BackupFailed("找不到 pg_dump：請安裝 PostgreSQL 的用戶端工具（Debian：postgresql-client）")
    target = folder / _name(".dump")
    partial = target.with_name(target.name + ".partial")
    args = [pg_dump, "-Fc", "-f", str(partial), "-d", str(url.database or "")]
    for flag, value in (("-h", url.host), ("-p", url.port), ("-U", url.username)):
        if value:
            args += [flag, str(value)]
    env = {**os.environ}
    if url.password:
        env["PGPASSWORD"] = str(url.password)
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        partial.unlink(missing_ok=True)
        raise BackupFailed(f"pg_dump 失敗：{(done.stderr.strip().splitlines() or [''])[-1][:200]}")
    partial.replace(target)
    return target
