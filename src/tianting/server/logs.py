"""What the server logs, and what it must never log.

Secrets never reach a log: a judge's or player's link is written ``/j/…`` and
``/p/…`` (:class:`RedactLinks`, on the access log and on every message), and an
exception's text loses what a database driver quotes from the data
(:class:`ScrubSecrets`: PostgreSQL's ``DETAIL:`` lines quote key values such
as a token's hash, and SQL parameters would carry a new game's seed and salt,
although every engine is made with ``hide_parameters``). :data:`LOG_CONFIG` is
the logging set-up of ``tianting serve``, applied by uvicorn in every worker
process, with both filters on every handler.
"""

from __future__ import annotations

import logging
import re
from typing import Any

SECRET_PATH = re.compile(r"/(api/)?([pj])/[A-Za-z0-9_-]+")
"""A secret link's path (``/p/<token>``, ``/api/j/<token>`` …)."""
_DRIVER_DATA = re.compile(r"^(\s*)(DETAIL|HINT|CONTEXT|WHERE):.*$", re.MULTILINE)
_PARAMETERS = re.compile(r"\[parameters: .*?\](?=\n|$)", re.DOTALL)


def redact(text: str) -> str:
    """``text`` with secret link tokens and driver-quoted data taken out."""
    text = SECRET_PATH.sub(r"/\1\2/…", text)
    text = _DRIVER_DATA.sub(r"\1\2: (hidden)", text)
    return _PARAMETERS.sub("[parameters hidden]", text)


class RedactLinks(logging.Filter):
    """Keep secret links out of the access log: ``/p/<token>`` is logged as ``/p/…``."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(SECRET_PATH.sub(r"/\1\2/…", a) if isinstance(a, str) else a for a in record.args)
        return True


class QuietLive(logging.Filter):
    """Leave the pages' live polls (``GET …/live`` answered 200, every few seconds from every open
    page) out of the access log; their failures are kept."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 5 and args[1] == "GET" and args[4] == 200:
            return not str(args[2]).split("?", 1)[0].endswith("/live")
        return True


class ScrubSecrets(logging.Filter):
    """Keep secrets out of any log record: its message, its arguments and its traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: redact(v) if isinstance(v, str) else v for k, v in record.args.items()}
        if record.exc_info and record.exc_info[0] is not None and not record.exc_text:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
        elif record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


def guard(logger: logging.Logger) -> None:
    """Scrub every record ``logger`` itself emits (once), whatever handler later writes it."""
    if not any(isinstance(f, ScrubSecrets) for f in logger.filters):
        logger.addFilter(ScrubSecrets())


FILTERS = {"redact_links": {"()": "tianting.server.logs.RedactLinks"},
           "quiet_live": {"()": "tianting.server.logs.QuietLive"},
           "scrub": {"()": "tianting.server.logs.ScrubSecrets"}}

LOG_CONFIG: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": FILTERS,
    "formatters": {
        "default": {"()": "uvicorn.logging.DefaultFormatter", "fmt": "%(levelprefix)s %(message)s",
                    "use_colors": None},
        "access": {"()": "uvicorn.logging.AccessFormatter",
                   "fmt": '%(levelprefix)s %(client_addr)s - "%(request_line)s" %(status_code)s'},
    },
    "handlers": {
        "default": {"formatter": "default", "class": "logging.StreamHandler", "stream": "ext://sys.stderr",
                    "filters": ["scrub", "redact_links"]},
        "access": {"formatter": "access", "class": "logging.StreamHandler", "stream": "ext://sys.stdout",
                   "filters": ["quiet_live", "redact_links", "scrub"]},
    },
    "loggers": {
        "uvicorn": {"handlers": ["default"], "level": "INFO", "propagate": False},
        "uvicorn.error": {"level": "INFO"},
        "uvicorn.access": {"handlers": ["access"], "level": "INFO", "propagate": False},
        "tianting": {"handlers": ["default"], "level": "INFO", "propagate": False},
    },
    "root": {"handlers": ["default"], "level": "WARNING"},
}
"""``tianting serve``'s logging (uvicorn's own, plus the filters, plus tianting's and every other
library's warnings on the same scrubbed handler)."""
