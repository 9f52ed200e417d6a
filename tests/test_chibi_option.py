"""『角色技能·赤壁之戰』 as a table's option (ruling R29): ``tianting setup --chibi`` and ``tianting
simulate --chibi`` (the server's form: ``tests/server/test_chibi.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tianting.cli import main
from tianting.setup import draw_setup
from tianting.simulate import Study, simulate

IDS = [f"P{i:02d}" for i in range(1, 23)]
FORMS = {"蔣干", "赤壁·諸葛亮", "赤壁·魯肅"}


def test_setup_offers_the_chibi_forms_only_when_asked_and_draws_the_same_seats():
    """『角色技能·赤壁之戰』 gives 蔣干（魏國副軍師）, 赤壁·諸葛亮（蜀國軍師）, 赤壁·魯肅（吳國副軍師）: with
    --chibi each is offered in its slots beside the list; the seats drawn are the same."""
    plain, chibi = draw_setup("kk33", IDS, 5), draw_setup("kk33", IDS, 5, chibi=True)
    assert "chibi" not in plain and chibi["chibi"] is True
    assert plain["setup_draws"] == chibi["setup_draws"]
    offered = {}
    for a, b in zip(plain["players"], chibi["players"], strict=True):
        assert (a["id"], a["country"], a["identity"]) == (b["id"], b["country"], b["identity"])
        assert not FORMS & set(a["choices"])
        assert b["choices"][:len(a["choices"])] == a["choices"]  # the list first, then the extras
        for extra in b["choices"][len(a["choices"]):]:
            offered.setdefault(extra, set()).add((b["country"], b["identity"]))
    assert offered == {"蔣干": {("魏", "副軍師")}, "赤壁·諸葛亮": {("蜀", "正軍師"), ("蜀", "副軍師")},
                       "赤壁·魯肅": {("吳", "副軍師")}}


def test_setup_cli_chibi(tmp_path, capsys):
    ids = tmp_path / "ids.txt"
    ids.write_text("\n".join(IDS), encoding="utf-8")
    assert main(["setup", "--ids", str(ids), "--seed", "5", "--chibi"]) == 0
    script = json.loads(capsys.readouterr().out)
    assert script["chibi"] is True
    assert FORMS <= {c for p in script["players"] for c in p["choices"]}
    assert main(["setup", "--ids", str(ids), "--seed", "5"]) == 0
    assert not FORMS & {c for p in json.loads(capsys.readouterr().out)["players"] for c in p["choices"]}


def test_simulate_chibi_seats_the_forms_and_says_so():
    """Random tables of a --chibi study seat the three forms now and then (each is built); without
    it, never."""
    with_forms = simulate(Study(games=40, seed=3, chibi=True), jobs=1)
    seated = {c["character"]: c["seated"] for c in with_forms["characters"]}
    assert all(seated.get(form, 0) > 0 for form in FORMS), {f: seated.get(f) for f in FORMS}
    assert with_forms["parameters"]["chibi"] is True and with_forms["refused"] == 0
    plain = simulate(Study(games=10, seed=3), jobs=1)
    assert not FORMS & {c["character"] for c in plain["characters"] if c["seated"]}
    assert "chibi" not in plain["parameters"]


def test_simulate_cli_chibi_and_its_refusal_with_a_fixed_table(capsys):
    assert main(["simulate", "--games", "4", "--jobs", "1", "--seed", "2", "--chibi", "--json", "--quiet"]) == 0
    assert json.loads(capsys.readouterr().out)["parameters"]["chibi"] is True
    assert main(["simulate", "--games", "2", "--jobs", "1", "--seed", "2", "--chibi", "--quiet"]) == 0
    assert "赤壁之戰 forms included" in capsys.readouterr().out
    example = Path(__file__).resolve().parents[1] / "examples" / "kk33-first-night.json"
    assert main(["simulate", "--games", "1", "--setup", str(example), "--chibi", "--quiet"]) == 2
    assert "--chibi" in capsys.readouterr().err


@pytest.mark.parametrize("bad", ["yes", 1])
def test_setup_refuses_a_chibi_that_is_not_a_boolean(bad):
    from tianting.core.errors import TiantingError

    with pytest.raises(TiantingError, match="chibi"):
        draw_setup("kk33", IDS, 5, chibi=bad)


def test_run_reads_a_script_with_the_chibi_field_and_the_forms_in_either_seat():
    """A script started by ``setup --chibi`` carries ``"chibi": true``; ``run`` plays it (the field
    changes nothing there): 蔣干 at 魏's 副軍師, 赤壁·諸葛亮 at 蜀's 副軍師 (a 軍師 seat too), 赤壁·魯肅 at
    吳's 副軍師."""
    from tianting.script import load_script, run_script

    example = Path(__file__).resolve().parents[1] / "examples" / "kk33-first-night.json"
    script = json.loads(example.read_text(encoding="utf-8"))
    chosen = {"公達": "蔣干", "士元": "赤壁·諸葛亮", "伯言": "赤壁·魯肅", "孔明": "徐庶"}
    for p in script["players"]:
        p["character"] = chosen.get(p["id"], p["character"])
    script["chibi"] = True
    script["phases"] = [{"phase": "night", "actions": [{"actor": "士元", "skill": "舌戰群儒"},
                                                       {"actor": "伯言", "skill": "聯劉抗曹"}]}]
    transcript = run_script(load_script(json.dumps(script, ensure_ascii=False)))
    phase = transcript["phases"][0]
    assert phase["rejected"] == []
    assert phase["announcement"]["alliances"] == [{"countries": ["蜀", "吳"], "until": {"phase": "night", "number": 3}}]
    seated = {pid: p["character"] for pid, p in phase["truth"]["players"].items()}
    assert (seated["公達"], seated["士元"], seated["伯言"]) == ("蔣干", "赤壁·諸葛亮", "赤壁·魯肅")
