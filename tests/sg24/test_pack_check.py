"""``tianting pack check FILE`` (issue 31, item 5): a judge's own pack validated, its skills' generated texts printed
beside who resolves each; a bad pack refused with a Chinese message naming the character, the skill and the field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.cli_harness import call
from tianting.rules.dingli2.pack import bundled_text
from tianting.rules.sg24.pack import bundled_data


def _write(tmp_path: Path, data: Any, name: str = "pack.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_the_bundled_24_pack_checks_and_prints_texts(tmp_path: Path) -> None:
    data = bundled_data("tianting.rules.sg24")
    done = call("pack", "check", _write(tmp_path, data))
    assert done.code == 0, done.err
    assert "可用于三国版杀24人规则" in done.out  # the rule set's own script (Simplified)
    assert "【亲冒矢石】引擎：主动技能。指定1个ID，若其不具有“猛将”评价，令其受伤，只能使用一次。" in done.out
    assert "【血战官渡】专门程式" in done.out
    assert "天庭裁定" in done.out.splitlines()[-1]  # the count of the skills left to the judge


def test_a_judges_text_is_shown_beside_the_generated_one(tmp_path: Path) -> None:
    data = bundled_data("tianting.rules.sg24")
    cao = next(c for c in data["characters"] if c["name"] == "曹操")
    skill = next(s for s in cao["skills"] if s["name"] == "亲冒矢石")
    skill["text"] = "指定一人，其不是猛将则受伤。"
    out = call("pack", "check", _write(tmp_path, data)).out
    line = out.index("【亲冒矢石】引擎")
    assert out.index("角色包文字：指定一人，其不是猛将则受伤。") > line


def test_a_bad_effect_is_refused_naming_where(tmp_path: Path) -> None:
    data = bundled_data("tianting.rules.sg24")
    data["characters"][0]["skills"][0]["effect"] = {"trigger": "voted_top", "do": [{"verb": "boom"}]}
    done = call("pack", "check", _write(tmp_path, data))
    assert done.code == 2
    assert "「曹操」【割发代首】.effect.do[0].verb" in done.err


def test_a_dingli_pack_is_read_by_its_own_rules(tmp_path: Path) -> None:
    data = json.loads(bundled_text("tianting.rules.dingli2"))
    done = call("pack", "check", _write(tmp_path, data))
    assert done.code == 0, done.err
    assert "鼎立三分" in done.out


def test_an_unknown_format_names_the_known_ones(tmp_path: Path) -> None:
    done = call("pack", "check", _write(tmp_path, {"format": "whatever"}))
    assert done.code == 2
    assert "tianting-sg24-pack/2" in done.err and "tianting-dingli2-pack/1" in done.err


def test_effect_tables_in_several_files_merge_and_refuse_a_skill_declared_twice(tmp_path: Path, monkeypatch: Any) -> None:
    """The effects of a rule set's package may be split into ``data/effects/*.json`` (one per group of characters);
    a skill declared in two of them is refused, naming it."""
    import sys

    import pytest

    from tianting.core.errors import TiantingError
    from tianting.rules.sg24.pack import effect_table

    package = tmp_path / "fakepack"
    (package / "data" / "effects").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    wound = {"do": [{"verb": "wound"}]}
    (package / "data" / "effects.json").write_text(json.dumps({"effects": {"甲": {"一": wound}}}))
    (package / "data" / "effects" / "b.json").write_text(json.dumps({"effects": {"甲": {"二": wound}, "乙": {"三": wound}}}))
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("fakepack", None)
    assert effect_table("fakepack") == {"effects": {"甲": {"一": wound, "二": wound}, "乙": {"三": wound}}}
    (package / "data" / "effects" / "c.json").write_text(json.dumps({"effects": {"乙": {"三": wound}}}))
    with pytest.raises(TiantingError, match="「乙」【三】.*重复"):
        effect_table("fakepack")
