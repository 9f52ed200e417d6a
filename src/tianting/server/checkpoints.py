"""Stored checkpoints of a hosted game's fold (issue 28, item 1): a cold page costs the events since the last one.

The fold (hosting/fold.py) resolves each phase once, but a game not in this process's memory (after a restart or a
deploy, in another worker, with more active games than ``--cache-games``) was folded from its first event: a page
of a 25-night game cost six times the page of a 2-night one. A **checkpoint** is the folded game as it stood at
some event (``seq``), stored in the ``checkpoints`` table; a cold fold starts from it and applies only the events
after it. It is a cache, derived from the events and never trusted over them:

- **versioned**: it is used only by the code that wrote it (:func:`code_version`, a digest of every file of the
  ``tianting`` package); a row of another version is thrown away and the game folded from its first event, then
  checkpointed again;
- **checked against the events** each time it is used: it records the digest of the stored events it was folded
  from (:class:`EventsDigest`, over the rows as stored), and is used only if the events stored now up to its
  ``seq`` give the same digest; anything else (a row edited by hand, a restored backup) folds from the start;
- **safe to read**: it is a pickle, read by :class:`_Unpickler`, which builds only the classes of the ``tianting``
  package and a short list of the standard library's plain value types (:data:`SAFE`); a row naming anything else
  (``os.system``, ``builtins.eval`` …) is refused before any of it is built, as a row that fails to load is, and
  the game is folded from its events;
- **the same answer**: a game folded from a checkpoint gives the same pages, byte for byte, as the game folded from
  its first event (tests/fold: every fixture and the random corpus, checkpointed after every published phase).

A checkpoint is written after each write that publishes a phase (or ends the game), and after a cold fold that had
to apply many events past the last one (:data:`WORTH`).
"""

from __future__ import annotations

import copy
import hashlib
import io
import pickle
import zlib
from functools import cache
from importlib import resources
from typing import Any

from tianting.hosting.game import HostedGame

FORMAT = b"tianting-fold/1"
"""The first bytes of a stored checkpoint (a later change of the layout changes it)."""

WORTH = 100
"""A cold fold that applied at least this many events past the last checkpoint writes a new one."""

SAFE: dict[str, frozenset[str]] = {
    "builtins": frozenset({"set", "frozenset", "dict", "list", "tuple", "bytearray", "complex", "slice", "range",
                           "object", "bool", "int", "float", "str", "bytes"}),
    "collections": frozenset({"OrderedDict", "defaultdict", "deque", "Counter"}),
    "fractions": frozenset({"Fraction"}),
    "decimal": frozenset({"Decimal"}),
    "datetime": frozenset({"datetime", "date", "time", "timedelta", "timezone"}),
    "random": frozenset({"Random"}),
    "enum": frozenset({"Enum", "IntEnum", "StrEnum"}),
}
"""The globals outside the ``tianting`` package a checkpoint may name: plain value types, nothing that runs."""


class Unsafe(pickle.UnpicklingError):
    """A checkpoint naming a global outside :data:`SAFE` and the ``tianting`` package."""


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if module == "tianting" or module.startswith("tianting."):
            if name.startswith("__") or "." in name:
                raise Unsafe(f"{module}.{name}")
            return super().find_class(module, name)
        if name in SAFE.get(module, ()):
            return super().find_class(module, name)
        raise Unsafe(f"{module}.{name}")


@cache
def code_version() -> str:
    """A digest of every file of the installed ``tianting`` package (code and data): a checkpoint is used only by
    the code that wrote it."""
    h = hashlib.sha256(FORMAT)
    root = resources.files("tianting")

    def walk(folder: Any, prefix: str) -> None:
        for item in sorted(folder.iterdir(), key=lambda f: f.name):
            if item.name == "__pycache__" or item.name.endswith((".pyc", ".pyo")):
                continue
            if item.is_dir():
                walk(item, f"{prefix}{item.name}/")
            else:
                h.update(f"{prefix}{item.name}\0".encode())
                h.update(hashlib.sha256(item.read_bytes()).digest())

    walk(root, "")
    return h.hexdigest()


class EventsDigest:
    """A running digest of a game's events as stored (their columns, the payload as its stored JSON text), so that
    a checkpoint's events can be compared with the rows without reading them into events."""

    def __init__(self) -> None:
        self._h = hashlib.sha256(b"tianting-events/1")

    def add(self, seq: int, kind: str, actor: str, payload: str, at: str) -> None:
        for part in (str(seq), kind, actor, payload, at):
            data = part.encode()
            self._h.update(len(data).to_bytes(8, "big"))
            self._h.update(data)

    def hexdigest(self) -> str:
        return self._h.hexdigest()


def dump(hosted: HostedGame) -> bytes:
    """The folded game as a checkpoint's bytes. Without the play kept from before the last published phase
    (``HostedGame._before``, nearly half of it): a peace ruled on that phase after a cold start plays from night 1,
    once, as it did before any was kept."""
    kept = copy.copy(hosted)
    kept._before = None
    return FORMAT + b"\n" + zlib.compress(pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL), 1)


def load(blob: bytes) -> HostedGame:
    """The folded game a checkpoint's bytes hold; raises (:class:`Unsafe`, :class:`pickle.UnpicklingError`, …)
    for anything else."""
    head, sep, body = bytes(blob).partition(b"\n")
    if head != FORMAT or not sep:
        raise pickle.UnpicklingError("not a checkpoint of this format")
    hosted = _Unpickler(io.BytesIO(zlib.decompress(body))).load()
    if not isinstance(hosted, HostedGame):
        raise pickle.UnpicklingError("not a hosted game")
    return hosted
