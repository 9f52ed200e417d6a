"""JSON from outside (a script, an export, a request body), refused at once if the rest could not hold it.

Standard JSON only, and only what every later step can carry: no NaN or
Infinity (nor a number too large for a float), no integer of more than
:data:`MAX_INT_DIGITS` digits, nesting at most :data:`MAX_DEPTH` deep, and no
unpaired surrogate (``"\\ud800"``: valid JSON, but no UTF-8 file and no
database column can hold it). :func:`parse_json` checks all of it and names
the place (``players[3].id``), so nothing fails later halfway through writing
a transcript.
"""

from __future__ import annotations

import json
import math
from typing import Any

from tianting.core.errors import TiantingError
from tianting.core.usertext import shown

MAX_DEPTH = 64
"""Deepest nesting of arrays and objects accepted (a game script needs 5)."""
MAX_INT_DIGITS = 100
"""Longest integer accepted, in digits (a server seed has 39)."""


class InputError(TiantingError):
    """JSON input that is not accepted; ``where`` is a path like ``players[3].id`` (empty: the whole)."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.message = message


class _Refused(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _constant(name: str) -> Any:
    raise _Refused(f"含有非標準的JSON數值 {name}")


def _integer(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise _Refused(f"含有過長的整數（{digits}位，最多{MAX_INT_DIGITS}位）")
    return int(text)


def _number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"含有超出範圍的數值 {shown(text)}")
    return value


def key_path(where: str, key: object) -> str:
    """The path of ``key`` inside the object at ``where`` (``phases[1].votes.孟德``), user text shown safely."""
    part = shown(key)
    return f"{where}.{part}" if where else part


def _surrogate(text: str) -> str | None:
    for char in text:
        if "\ud800" <= char <= "\udfff":
            return f"U+{ord(char):04X}"
    return None


def check_value(value: Any, where: str = "") -> None:
    """Raise :class:`InputError` naming the place if ``value`` (parsed JSON) nests deeper than
    :data:`MAX_DEPTH` or holds an unpaired surrogate, in a string or an object's key."""
    stack: list[tuple[Any, str, int]] = [(value, where, 0)]
    while stack:
        item, path, depth = stack.pop()
        if isinstance(item, str):
            bad = _surrogate(item)
            if bad:
                raise InputError(path, f"含有無效的Unicode字元（不成對的代理字元 {bad}）")
        elif isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                raise InputError(path, f"巢狀層次過深（最多{MAX_DEPTH}層）")
            if isinstance(item, dict):
                for key, inner in item.items():
                    bad = _surrogate(key)
                    if bad:
                        raise InputError(path, f"鍵「{shown(key)}」含有無效的Unicode字元（不成對的代理字元 {bad}）")
                    stack.append((inner, key_path(path, key), depth + 1))
            else:
                stack.extend((inner, f"{path}[{i}]", depth + 1) for i, inner in enumerate(item))


def parse_json(text: str, what: str) -> Any:
    """``text`` parsed, or :class:`InputError` saying what is wrong and where (``what`` names the
    input in messages: 腳本, 復盤檔 …)."""
    try:
        value = json.loads(text, parse_constant=_constant, parse_int=_integer, parse_float=_number)
    except json.JSONDecodeError as exc:
        raise InputError("", f"{what}不是有效的JSON：第{exc.lineno}行第{exc.colno}列：{exc.msg}") from None
    except _Refused as exc:
        raise InputError("", f"{what}{exc.message}") from None
    except RecursionError:
        raise InputError("", f"{what}的巢狀層次過深（最多{MAX_DEPTH}層）") from None
    check_value(value)
    return value
