"""KK 3.3 character skills, one module per group of characters.

Each module lists its skill classes in ``SKILLS``; this package gathers them
by the skill's name in the rules. A name that several characters share with
the same text (曹氏宗親 …) has one implementation.
"""

from __future__ import annotations

from tianting.core.skills import Skill

MODULES: tuple[str, ...] = (
    "wei_lords",
    "wei_strategists",
    "wei_jiaxu_xunyou_chengyu",
    "wei_killers",
    "wei_guards",
    "wei_ladies",
    "shu_lords",
    "shu_killers",
    "shu_guards",
    "shu_strategists",
    "shu_ladies",
    "wu_lords",
    "wu_ladies",
    "wu_strategists",
    "wu_zhang_lu",
    "wu_killers",
    "wu_guards",
    "wu_zhugejin",
    "qun_zhangjiao_huatuo",
    "qun_zuoci",
)
"""The modules of built character skills (``tianting.rules.kk33.characters.<name>``)."""


def _gather() -> dict[str, type[Skill]]:
    import importlib

    out: dict[str, type[Skill]] = {}
    for module in MODULES:
        for cls in importlib.import_module(f"{__name__}.{module}").SKILLS:
            if cls.name in out and out[cls.name] is not cls:
                raise RuntimeError(f"skill {cls.name} is built twice")
            out[cls.name] = cls
    return out


CHARACTER_SKILLS: dict[str, type[Skill]] = _gather()
"""Every built character skill, by name."""
