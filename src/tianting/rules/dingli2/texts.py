"""Player-facing words of 鼎立三分2.0, in the rule set's own script (Simplified, as seed 003)."""

from __future__ import annotations

from typing import Any

from tianting.core import ballot
from tianting.rules.sg24.texts import (  # noqa: F401  (shared words of the family)
    CHECK_WORDS,
    day_title,
    evaluation,
    mutual,
    needs_ruling,
    night_title,
    quota_full,
    recognised,
    recruit_sent,
    skill_used,
    successor,
    will_join,
    will_join_other,
)


def country_summary(country: str, deaths: int, wounds: int) -> str:
    """「对当夜战况的总体评价（一国如何如何）」: the engine's default words (the 北斗 may reword them)."""
    if not deaths and not wounds:
        return f"{country}国平安无事"
    parts = [f"死亡{deaths}人" if deaths else "", f"受伤{wounds}人" if wounds else ""]
    return f"{country}国" + "，".join(p for p in parts if p)


def wound_table_committed(nth: int, digest: str) -> str:
    return f"你处于受伤状态。第{nth}次伤判的结果表已事先打乱并封存（SHA-256：{digest}），请于白天提交一个0-9的数字"


def wound_check(nth: int, digit: int, drawn: bool, outcome: str) -> str:
    how = "（你未提交数字，由随机数代为抽取）" if drawn else ""
    return f"第{nth}次伤判：数字{digit}{how}，结果为{CHECK_WORDS[outcome]}，将于白天结束后生效"


def wound_check_healed(nth: int) -> str:
    """A 伤判 a skill decided (「在进行下一次伤害判定时自动痊愈」): no digit is read."""
    return f"第{nth}次伤判：技能作用，自动痊愈，将于白天结束后生效"


def _exits_and_returns(a: dict[str, Any]) -> list[str]:
    """The post's 「公告出入游戏」 lines: the ids out, the ids back, the fallen countries."""
    return ([f"{pid}退出游戏" for pid in a["exited"]] + [f"{pid}回到游戏" for pid in a.get("returned", [])]
            + [f"{c}国灭亡" for c in a.get("fallen", [])])


def night_post(n: int, a: dict[str, Any]) -> str:
    lines = [f"【{night_title(n)}】"]
    lines += a["summary"]
    lines.append(f"今夜共计死亡{a['deaths']}人，受伤{a['wounds']}人。")
    for event in a["events"]:
        lines.append(f"大事记：{event}")
    lines += _exits_and_returns(a)
    for pid, words in a["last_words"].items():
        lines.append(f"{pid} 的遗言：{words}")
    return "\n".join(lines)


def day_post(n: int, a: dict[str, Any]) -> str:
    lines = [f"【{day_title(n)}】", "投票原始票面："]
    void = a.get("void_votes", {})  # a vote the judge voided shows as cast, marked (R-JUI1)
    lines += [ballot.ballot_line(voter, target, void, ballot.SIMPLIFIED) for voter, target in a["ballot"].items()]
    for pid, country in a["joined"].items():
        lines.append(f"{pid}加入{country}国")
    lines += _exits_and_returns(a)
    if a.get("unaligned_characters"):
        lines.append("本届在野角色：" + "、".join(a["unaligned_characters"]))
    return "\n".join(lines)


def joining_void(country: str) -> str:
    """「一国灭国后，该国角色不能以任何方式回到游戏或存在游戏」: an agreed joining that no longer happens."""
    return f"{country}国已灭国，你未能加入{country}国"
