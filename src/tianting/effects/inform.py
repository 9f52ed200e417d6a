"""Information: private feedback (告知), two players learning each other's character (互識), a fact learned.

The implementations are the core primitives (:func:`tianting.core.effects.tell`, :func:`~tianting.core.effects.recognise`),
offered here with the vocabulary's sentences: what a pack's texts say of them.
"""

from __future__ import annotations

from tianting.core.effects import recognise as recognise
from tianting.core.effects import tell as tell


def recognise_text(a: str = "你", b: str = "其") -> str:
    """「你與其互識」: the sentence of :func:`recognise`."""
    return f"{a}與{b}互識"


def learn_text(fact: str, whom: str = "你") -> str:
    """「你獲悉…」: the sentence of a fact told to a player (:func:`tell`)."""
    return f"{whom}獲悉{fact}"
