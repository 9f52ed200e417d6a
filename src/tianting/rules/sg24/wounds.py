"""伤判: the day's wound checks.

「第一次伤判有十分之三的概率痊愈，十分之三的概率死亡，其余为继续受伤。……第二次伤判一半概率死亡，一半概率痊愈。」
As in the community's judge tool (reference: sanguobansha-start-rosters-and-injury-tables.txt), a
check deals its ten outcomes over the digits 0–9 with the game's generator, and a digit picks one:
the player's own (a day's ``digits``), or one drawn with the game's generator. Both draws are recorded.
"""

from __future__ import annotations

from tianting.core.rng import GameRandom

HEALED, DIED, INJURED = "healed", "died", "injured"
FIRST_TABLE = (HEALED,) * 3 + (DIED,) * 3 + (INJURED,) * 4
SECOND_TABLE = (HEALED,) * 5 + (DIED,) * 5
DIGITS = tuple(str(d) for d in range(10))


def wound_check(rng: GameRandom, pid: str, nth: int, digit: int | None,
                table: tuple[str, ...] | None = None) -> tuple[str, int]:
    """The outcome of ``pid``'s ``nth`` (1 or 2) wound check and the digit that picked it (``table``: a skill's ten
    outcomes in place of the rules')."""
    table = table or (FIRST_TABLE if nth == 1 else SECOND_TABLE)
    dealt = rng.shuffled(f"伤判表 {pid} 第{nth}次", list(range(10)))
    if digit is None:
        digit = int(rng.pick(f"伤判数字 {pid}", DIGITS))
    # the digit d picks the outcome dealt to it: position of d in the shuffled deal
    return table[dealt.index(digit)], digit
