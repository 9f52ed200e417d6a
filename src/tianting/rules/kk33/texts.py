"""Everything KK 3.3 says to people, in the rule set's own script (Traditional)."""

from __future__ import annotations

from collections.abc import Iterable

FAILED = "技能發動失敗，可再次發動"
ID_SEP = "、"


def ids(items: Iterable[str]) -> str:
    listed = list(items)
    return ID_SEP.join(listed) if listed else "無"


def night_title(number: int) -> str:
    return f"【第{number}夜戰況公告】"


def day_title(number: int) -> str:
    return f"【第{number}日投票公告】"


def night_overview(died: int, injured: int) -> str:
    """對昨夜戰況的總體評價: a description from public counts only (deaths announced, wounds)."""
    if died == 0 and injured == 0:
        return "昨夜風平浪靜，無人傷亡。"
    if died == 0:
        return f"昨夜暗流湧動，{injured}人受傷，所幸無人殞命。"
    if died >= 3:
        return f"昨夜腥風血雨，{died}人死亡，{injured}人受傷。"
    return f"昨夜刀光劍影，{died}人死亡，{injured}人受傷。"


def alliance_line(countries: tuple[str, str], until: dict[str, object]) -> str:
    when = f"第{until['number']}{'夜' if until['phase'] == 'night' else '日'}"
    return f"{countries[0]}{countries[1]}聯盟（至{when}）"


# ---- feedback ----------------------------------------------------------
def stabs_tonight(n: int) -> str:
    return f"今夜本國可發動【刺殺】{n}次。"


def is_killer(target: str, yes: bool) -> str:
    return f"【明察】{target}：{'是' if yes else '不是'}殺手。"


def country_of(target: str, country: str) -> str:
    return f"【去偽存真】{target}的國籍：{country}。"


def character_of_dead(target: str, character: str) -> str:
    return f"【暗訪】{target}的角色：{character}。"


def recognised(other: str, character: str) -> str:
    return f"【互識】{other}的角色：{character}。"


def foresee(country: str, identity: str, lines: list[str]) -> str:
    body = "；".join(lines) if lines else "無行動"
    return f"【方術】{country}國{identity}今夜的行動：{body}。"


def foresee_nobody(country: str, identity: str) -> str:
    return f"【方術】{country}國{identity}不在場或已出局。"


def reincarnated(character: str) -> str:
    return f"【轉生】你已死亡，以角色「{character}」繼續遊戲。"


def entrust_list(alive: dict[str, str]) -> str:
    listing = "、".join(f"{pid}（{c}）" for pid, c in alive.items()) or "無"
    return f"【託孤】本國尚存活的角色：{listing}。"


def entrust_chosen(pid: str) -> str:
    return f"【託孤】你指定{pid}成為新任君主。"


def new_lord() -> str:
    return "【託孤】你成為本國新任君主。"


def hp_changed(hp: int) -> str:
    return f"【太平要術】你的體力值減少一點，當前體力值：{hp}。"
