"""The reading of the 8.1 character list's layout (tianting.rules.sg24.data.reference81), on a made-up list in
that layout (our own characters and sentences; the real list lives outside the repository)."""

from __future__ import annotations

from tianting.rules.sg24.data.reference81 import EVALUATIONS, read

LIST = """SOURCE: a made-up list in the 8.1 layout
【甲】 id=1 组别=三国版杀-魏国
基本：军师。每夜2个ID指认乙、魏国君主，丙/丁，1个ID指认戊，指认丁不能得到反馈。第五夜起，每夜1个ID指认乙。和乙互识后，每夜1个ID指认丙。每夜1个ID指认魏国人，若是则得知其角色。每夜指认1个ID为智者或雅士，优先获知智者。每夜1个ID指认戊,不能得到反馈。第三夜结算时自然死亡。死亡后选择以乙或丙的角色继续游戏。
  【一技】（1）被动技能。护住一人。（军师增益技能）
    （2）主动技能，另一人得到的票作废。（投票技能）
  【二技】主动技能，指定一人，随后：
    （1）保护。（军师增益技能 结算前生效）
    （2）治疗。（武将保护技能 结算时生效）
  【三技】主动技能。很长的说明。
    第二段说明。
    不可被继承。（军师负面技能 结算时生效）
  【四技】主动技能。每天白天点一人，当夜可以刺杀。（武将杀伤技能 结算时生效）
  【五技】主动技能，白天使用。得知一事。（指认技能）
评价：智者、雅士
同名角色：甲（三国版杀单挑-标准）

【乙】 id=2 组别=三国版杀-在野
基本：平民。每夜指认1个ID用以触发【一技】。每夜3个ID指认三国君主、女眷。
评价：全评价（选择时视为三评价）

【丙】 id=3 组别=三国版杀-蜀国
基本：君主。
评价：仁者

【丁】 id=4 组别=三国版杀-蜀国
基本：女眷。
评价：仁者

【戊】 id=5 组别=三国版杀-吴国
基本：杀手。
评价：猛将

【甲】 id=6 组别=三国版杀单挑-标准
基本：君主。
评价：猛将
"""


def test_identity_successors_natural_death_and_evaluations() -> None:
    ref = read(LIST)
    a = ref["甲"]
    assert (a.country, a.identity, a.evaluations, a.successors, a.natural_death) == (
        "魏", "军师", ("智者", "雅士"), ("乙", "丙"), 3)
    assert ref["乙"].evaluations == EVALUATIONS and ref["乙"].evaluation_count == 3
    assert ref["丙"].evaluation_count is None


def test_allowances() -> None:
    """A list after a comma goes on the same allowance; 「指认X不能得到反馈」 splits X off, silent; 「第五夜起」 sets the
    first night; a condition, a target the engine cannot check and 「用以触发」 are left to the judge; an ASCII comma
    reads as a Chinese one; 「三国君主」 and 「女眷」 name any country's."""
    ref = read(LIST)
    got = [(a["kind"], a["count"], a["of"], a["feedback"], a["from_night"]) for a in ref["甲"].recognition]
    assert got == [("character", 2, ["乙", "魏国君主", "丙"], True, 1), ("character", 2, ["丁"], False, 1),
                   ("character", 1, ["戊"], True, 1), ("character", 1, ["乙"], True, 5),
                   ("evaluation", 1, ["智者", "雅士"], True, 1), ("character", 1, ["戊"], False, 1)]
    assert len(ref["甲"].left) == 2
    assert [a["of"] for a in ref["乙"].recognition] == [
        ["魏国君主", "蜀国君主", "吴国君主", "魏国女眷", "蜀国女眷", "吴国女眷"]]
    assert len(ref["乙"].left) == 1


def test_skills_read_from_the_head_or_the_first_sub_item_that_names_them() -> None:
    """A text opening with 「（1）被动技能」 is a passive with that item's attribute; sub-items carrying the attribute
    and timing give the first's; facts on the last line are read there; 「每天白天」 with a night act is ``any``,
    「白天使用」 ``day``."""
    skills = {s.name: s for s in read(LIST)["甲"].skills}
    assert (skills["一技"].kind, skills["一技"].attribute, skills["一技"].timing) == ("passive", "军师增益技能", None)
    assert (skills["二技"].kind, skills["二技"].attribute, skills["二技"].timing) == ("active", "军师增益技能", "结算前生效")
    assert (skills["三技"].attribute, skills["三技"].timing) == ("军师负面技能", "结算时生效")
    assert (skills["四技"].when, skills["五技"].when, skills["三技"].when) == ("any", "day", None)
