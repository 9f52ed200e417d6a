"""Times as people read them (issue 29, 5: 「local times everywhere」).

Every time is stored in UTC (ISO 8601). A page shows it in a zone with its offset named, 「2026-12-01 20:00（UTC+8）」,
inside ``<time datetime="…Z">``: the server writes it in the server's display zone (``create_app(time_offset=…)``,
minutes east of UTC; UTC+8 by default, the forum games' own), and static/app.js rewrites it in the reader's zone,
with that offset. A page without script reads the server's zone, named, never a bare ISO string.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

DEFAULT_OFFSET = 8 * 60
"""Minutes east of UTC pages are written in before the browser's script (if any) shows the reader's own zone."""


def parse(iso: str | None) -> datetime | None:
    """A stored time (ISO 8601, with its offset; none means UTC), or None for anything else."""
    if not iso or not isinstance(iso, str):
        return None
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def zone_name(minutes: int) -> str:
    """「UTC+8」, 「UTC-3:30」, 「UTC」."""
    if minutes == 0:
        return "UTC"
    sign = "+" if minutes > 0 else "-"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours}" + (f":{rest:02d}" if rest else "")


def machine(iso: str | None) -> str:
    """The ``datetime`` attribute: the moment in UTC, 「2026-12-01T12:00:00Z」 ("" for no time)."""
    moment = parse(iso)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ") if moment else ""


def shown(iso: str | None, minutes: int = DEFAULT_OFFSET) -> str:
    """The moment in the zone ``minutes`` east of UTC, the zone named: 「2026-12-01 20:00（UTC+8）」 (an unreadable
    value as it is; "" for none)."""
    moment = parse(iso)
    if moment is None:
        return iso or ""
    local = moment.astimezone(timezone(timedelta(minutes=minutes)))
    return f"{local:%Y-%m-%d %H:%M}（{zone_name(minutes)}）"


def clock(iso: str | None, minutes: int = DEFAULT_OFFSET) -> str:
    """Only the hour and minute in that zone (「21:03」), for a line of the log whose day the table shows."""
    moment = parse(iso)
    return f"{moment.astimezone(timezone(timedelta(minutes=minutes))):%H:%M}" if moment else ""


def input_value(iso: str | None, minutes: int = DEFAULT_OFFSET) -> str:
    """A ``datetime-local`` value for the moment in that zone (the form sends ``minutes`` beside it)."""
    moment = parse(iso)
    return f"{moment.astimezone(timezone(timedelta(minutes=minutes))):%Y-%m-%dT%H:%M}" if moment else ""
