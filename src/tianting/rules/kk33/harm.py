"""Damage in KK 3.3: the shared terms 致傷, 致死, 致命一擊, 傷害減輕, 加深, 退出歷史舞台.

A :class:`Harm` (:mod:`tianting.engine.harm`, shared with the 24人 rules) is one damaging effect aimed at
one player. In KK 3.3 it passes through ordered windows, as the rules' conflict rule asks
(免疫傷害類效果優先於造成傷害類效果):

1. *modify*: 傷害減輕 (kill → wound → nothing) and 加深 (wound → kill);
2. *prevent*: immunities (防止致傷/致死, 不會受傷, 不會死亡);
3. *apply*: a wound on a player already wounded is a death.

退出歷史舞台 (removal) skips both windows: 不能被減輕和防止死亡的效果減免.
Character skills add modifiers and preventions; ``rules/kk33/night.py`` owns the order.
"""

from __future__ import annotations

from tianting.engine.harm import Harm, Level

__all__ = ["Harm", "Level"]
