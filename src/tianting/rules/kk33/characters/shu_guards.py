"""KK 3.3 character skills: shu_guards (趙雲、魏延、關平).

Every class quotes its rule text verbatim; the rulings on ambiguous sentences
are in ``docs/rulings/kk33-shu_guards.md`` (SG1 …).
"""

from __future__ import annotations

from tianting.core.skills import Skill

SKILLS: list[type[Skill]] = []
