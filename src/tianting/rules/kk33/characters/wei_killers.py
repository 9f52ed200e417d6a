"""KK 3.3 character skills: wei_killers."""

from __future__ import annotations

from tianting.core.skills import Skill

SKILLS: list[type[Skill]] = []
