"""Every effect of the library says what it does in the rules' own Chinese (issue 30: 「each … with a Chinese text
template that says what it does」; the 24人 and 鼎立 packs will word their players' texts from these).

One table, an effect of each kind beside the rule text it words (seed 000, KK 3.3): a change of an effect's sentence
shows here, against the sentence of the rules it came from.
"""

from __future__ import annotations

from typing import Any

from tianting.effects import cancel, country, delayed, inform, limits, marks, targets, votes
from tianting.effects import harm as harms
from tianting.effects import stab as stabs


class Phase:
    """A phase with every list of rules the effects register on."""

    def __init__(self) -> None:
        self.stab_rules: list[Any] = []
        self.harm_preventions: list[Any] = []
        self.harm_modifiers: list[Any] = []
        self.vote_rules: list[Any] = []
        self.weight_rules: list[Any] = []
        self.tally_rules: list[Any] = []
        self.tally_reductions: list[Any] = []
        self.target_rules: list[Any] = []
        self.block_rules: list[Any] = []
        self.proposed: list[tuple[str, str, str]] = []

    def propose_alliance(self, a: str, b: str, by: str) -> None:
        self.proposed.append((a, b, by))


def test_each_effect_says_its_sentence() -> None:
    p = Phase()
    anyone = stabs.on("甲")
    sentences = {
        # 水淹七軍：使用後當夜，魏國殺手的【刺殺】無效。
        "stab immunity": stabs.immune(p, anyone, "r", what="魏國殺手").text(),
        # 深明大義：…所有針對本國角色的【刺殺】有一半概率失效。
        "stab half chance": stabs.half_immune(p, anyone, lambda n, s: "p", "r", what="針對本國角色").text(),
        # 龍膽：…本國角色不會受傷。
        "no wound": harms.no_wound(p, harms.to("甲"), "r", what="本國角色").text(),
        # 同心：…則其也不會死亡。
        "no death": harms.no_death(p, harms.to("甲"), "r", what="其").text(),
        # 撥亂反正：…防止其當夜對本國角色造成的致傷或致死效果。
        "prevent": harms.prevent(p, harms.to("甲"), "r", what="其當夜對本國角色造成").text(),
        # 金槍不倒：當夜本國君主和殺手受到的傷害減輕。
        "lessen": harms.lessen(p, harms.to("甲"), "r", what="當夜本國君主和殺手").text(),
        # 無冕之後：…次日針對你的投票無效。
        "void votes": votes.void(p, votes.against("甲"), "r", what="次日針對你").text(),
        # 放權：…其投票視為三票
        "weight": votes.weight(p, "乙", 3).text(),
        "add votes": votes.add(p, lambda d: [], what="投票給你的人").text(),
        "subtract votes": votes.subtract(p, lambda d, t: [], lambda a, b, c: "", what="你的").text(),
        # 貞烈：其他角色針對你的【明察】…失效。
        "void actions": cancel.void_actions(p, cancel.made_by("甲"), "r", what="其他角色針對你的【明察】").text(),
        # 龍膽：當夜你不能發動【援護】。
        "block": cancel.block(p, cancel.named("援護"), "r", what="當夜你的【援護】").text(),
        # 怒吼：次日及以後…; 緘默：次日…; 第n夜 …
        "next night": delayed.NEXT_NIGHT.text(),
        "next day": delayed.NEXT_DAY.text(),
        "night n": delayed.OnNight(2).text(),
        # 被動的限定技能消耗時會收到相關反饋
        "consumed": limits.text("深明大義"),
        # 連環：…針對其中任意一人的行動對兩人均生效
        "echo": targets.echo_text(("乙",)),
        # 盜書：…你獲悉其當夜所有行動並可強制修改其中任意行動的目標
        "spy and retarget": targets.spy_text(),
        # 天義：使用後當夜，你可以…發動一次【刺殺】
        "carry": targets.carry_text("刺殺"),
        # 三世老臣：…你與其互識
        "recognise": inform.recognise_text(),
        "learn": inform.learn_text("其角色"),
        # 黃天當立：…獲得一個「黃巾軍」標記
        "mark": marks.mark_text("黃巾軍"),
        # 青梅煮酒：…魏蜀聯盟達成（或延期）兩日兩夜
        "alliance": country.alliance_text("魏", "蜀"),
        # 三分歸晉：…次日及以後其國籍視為晉
        "counted as": country.counted_as_text("晉", "乙"),
    }
    assert sentences == {
        "stab immunity": "魏國殺手的【刺殺】無效",
        "stab half chance": "針對本國角色的【刺殺】有一半概率失效",
        "no wound": "本國角色不會受傷",
        "no death": "其不會死亡",
        "prevent": "防止其當夜對本國角色造成的致傷或致死效果",
        "lessen": "當夜本國君主和殺手受到的傷害減輕",
        "void votes": "次日針對你的投票無效",
        "weight": "乙的投票視為三票",
        "add votes": "投票給你的人得票數增加",
        "subtract votes": "你的得票數減少（最少為0）",
        "void actions": "其他角色針對你的【明察】失效",
        "block": "當夜你的【援護】無法發動",
        "next night": "次夜",
        "next day": "次日",
        "night n": "第2夜",
        "consumed": "【深明大義】已觸發並消耗",
        "echo": "該行動亦對乙生效",
        "spy and retarget": "獲悉其當夜所有行動並可強制修改其中任意行動的目標",
        "carry": "使用後當夜，你可以發動一次【刺殺】",
        "recognise": "你與其互識",
        "learn": "你獲悉其角色",
        "mark": "你獲得一個「黃巾軍」標記",
        "alliance": "魏蜀聯盟達成（或延期）兩日兩夜",
        "counted as": "乙的國籍視為晉",
    }


def test_an_alliance_is_proposed_to_the_phase() -> None:
    p = Phase()
    country.alliance(p, "魏", "蜀", by="甲")
    assert p.proposed == [("魏", "蜀", "甲")]


def test_the_information_and_marks_effects_are_the_core_primitives() -> None:
    from tianting.core import effects as core

    assert inform.tell is core.tell and inform.recognise is core.recognise and marks.mark is core.mark
    assert cancel.void is core.void


def test_the_skill_effects_say_their_sentences() -> None:
    from tianting.effects import skills

    assert (skills.gain_text("空城"), skills.lose_text("七星"), skills.lend_text("刺殺")) == (
        "你獲得技能【空城】", "你失去技能【七星】", "你獲得【刺殺】的一次性使用權")
