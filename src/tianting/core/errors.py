"""Errors a user can cause, each with a clear message and where it happened."""

from __future__ import annotations


class TiantingError(ValueError):
    """Base of every error caused by bad input."""


class ScriptError(TiantingError):
    """A game script is invalid. ``where`` is a path like ``phases[3].actions[1]``."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.message = message


class SetupError(TiantingError):
    """A table a game cannot start with: ``index`` is the bad seat (None: the table as a whole)."""

    def __init__(self, index: int | None, message: str) -> None:
        super().__init__(message)
        self.index = index
        self.message = message


class IllegalAction(TiantingError):
    """An action the rules do not allow now (the message is for the player)."""

    def __init__(self, message: str, code: str = "illegal") -> None:
        super().__init__(message)
        self.message = message
        self.code = code
