"""Provable fairness: a hash commitment to the game's seed.

When a game is created the server draws a 128-bit seed and a 128-bit salt
and publishes ``sha256("tianting-seed/1:<seed>:<salt>")``. The seed drives
every random draw of the game (set-up included), so nobody can steer the
draws after the commitment; at the end the seed and salt are revealed and
anyone can recompute the hash and replay the game (``tianting verify``).
"""

from __future__ import annotations

import hashlib
import secrets

PREFIX = "tianting-seed/1"


def commitment(seed: int, salt: str) -> str:
    """The published hash of ``seed`` with ``salt`` (hex)."""
    return hashlib.sha256(f"{PREFIX}:{seed}:{salt}".encode()).hexdigest()


def new_seed() -> tuple[int, str]:
    """A fresh secret seed and salt, from the operating system's generator."""
    return secrets.randbits(128), secrets.token_hex(16)
