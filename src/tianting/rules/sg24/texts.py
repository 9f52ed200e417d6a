"""Player-facing words of the 24人 rules, in the rule set's own script (Simplified, as seed 001)."""

from __future__ import annotations

from typing import Any

from tianting.core import ballot

CHECK_WORDS = {"healed": "痊愈", "died": "死亡", "injured": "继续受伤"}


def night_title(n: int) -> str:
    return f"第{n}夜"


def day_title(n: int) -> str:
    return f"第{n}日"


def stab_tonight() -> str:
    """「每夜可以提交一个ID，对其进行一次刺杀」."""
    return "本夜你可以提交一个ID，对其进行一次刺杀"


def successor(dead: str, new: str) -> str:
    return f"你的角色{dead}死亡，由继任者{new}继续游戏"


def recognised(target: str, character: str, right: bool, mutual: bool) -> str:
    if not right:
        return f"{target} 不是{character}"
    return f"{target} 是{character}，你单方认识了{target}" + ("；你们已互相认识" if mutual else "")


def evaluation(target: str, asked: str, has: bool) -> str:
    """「如有，则反馈A是猛将，反之，则反馈A不是猛将。」"""
    return f"{target}是{asked}" if has else f"{target}不是{asked}"


def mutual(other: str, character: str) -> str:
    return f"你与 {other}（{character}）互相认识"


def recruit_sent(target: str, right: bool) -> str:
    return f"{target} 已得到你的招揽通知" if right else f"{target} 不是你所指认的在野角色，招揽未成"


def will_join(country: str) -> str:
    return f"你将于次夜开始时加入{country}"


def will_join_other(pid: str, country: str) -> str:
    return f"{pid} 将于次夜开始时加入{country}，届时与你互相认识"


def quota_full(country: str) -> str:
    return f"{country}的在野名额已满，未能加入"


def wound_check(nth: int, outcome: str) -> str:
    return f"第{nth}次伤判：{CHECK_WORDS[outcome]}"


def needs_ruling(actor: str, skill: str, timing: str | None, attribute: str | None, targets: Any,
                 text: str | None) -> str:
    """The draft's notice for a skill the pack's data cannot resolve."""
    what = "、".join(x for x in (timing, attribute) if x) or "未注明生效时间"
    on = f"，目标：{'、'.join(targets)}" if targets else ""
    body = f"：{text}" if text else ""
    return f"请天庭裁定：{actor} 发动【{skill}】（{what}{on}）{body}"


def skill_used(name: str) -> str:
    """A use named in a night's post (a 全局技能's; 鼎立三分2.0's 大事记 too)."""
    return f"【{name}】发动"


def night_post(n: int, a: dict[str, Any]) -> str:
    lines = [f"【{night_title(n)}】", f"当夜死亡{len(a['died'])}人，受伤{len(a['injured'])}人。"]
    if a["died"]:
        lines.append("死亡：" + "、".join(a["died"]))
    if a["injured"]:
        lines.append("受伤：" + "、".join(a["injured"]))
    for event in a.get("events", ()):  # 「当夜需要公告的技能（如全局技能）」
        lines.append(f"公告技能：{event}")
    for pid, words in a["last_words"].items():
        lines.append(f"{pid} 的遗言：{words}")
    return "\n".join(lines)


def day_post(n: int, a: dict[str, Any]) -> str:
    lines = [f"【{day_title(n)}】"]
    for pid, outcome in a["wound_checks"].items():
        lines.append(f"{pid} 伤判：{CHECK_WORDS[outcome]}")
    lines += [ballot.voter_line(pid, reason, ballot.SIMPLIFIED) for pid, reason in a.get("void_votes", {}).items()]
    if a["voted"]:
        lines.append(f"得票最多：{a['voted']}")
    else:
        lines.append("没有唯一的最高票，无人因投票受伤")
    if a["died"]:
        lines.append("死亡：" + "、".join(a["died"]))
    return "\n".join(lines)


def passive_triggered(skill: str) -> str:
    """「反馈的结果包括……被动技能是否触发」."""
    return f"你的【{skill}】已触发"


def learned(target: str, what: str, value: str) -> str:
    return f"{target}的{what}是{value}"
