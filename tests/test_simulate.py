"""`tianting simulate`: seeded studies, the same figures for any --jobs or backend, the report."""

from __future__ import annotations

import json
import random
import statistics
import warnings
from collections import Counter
from pathlib import Path

import pytest

from tianting.cli import main
from tianting.simulate import Study, aggregate, game_seed, run_study, simulate, wilson
from tianting.simulate.report import PLOTS, write_report
from tianting.simulate.stats import OUTCOMES, Tally, _distribution

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "kk33-first-night.json"


def _figures(figures: dict) -> dict:
    """The figures without how the run went (time, jobs, backend)."""
    return {k: v for k, v in figures.items() if k != "run"}


@pytest.fixture(scope="module")
def study_30() -> dict:
    return simulate(Study(games=30, seed=11), jobs=1)


def test_same_seed_same_figures_for_one_and_two_jobs(study_30: dict) -> None:
    two = simulate(Study(games=30, seed=11), jobs=2)
    assert two["run"]["jobs"] == 2 and study_30["run"]["jobs"] == 1
    assert json.dumps(_figures(two), ensure_ascii=False) == json.dumps(_figures(study_30), ensure_ascii=False)


def test_records_come_back_in_game_order_whatever_the_chunking() -> None:
    study = Study(games=12, seed=3)
    one = run_study(study, jobs=1, keep_records=True).records
    three = run_study(study, jobs=3, keep_records=True).records
    assert [r.seed for r in one] == [game_seed(3, i) for i in range(12)]
    assert [r.as_json() for r in three] == [r.as_json() for r in one]


def test_another_seed_gives_other_games(study_30: dict) -> None:
    assert game_seed(11, 0) != game_seed(12, 0) and game_seed(11, 0) != game_seed(11, 1)
    other = simulate(Study(games=30, seed=12), jobs=1)
    assert _figures(other)["length"] != _figures(study_30)["length"]


def test_every_game_has_exactly_one_outcome(study_30: dict) -> None:
    outcomes = study_30["outcomes"]
    assert set(outcomes) == set(OUTCOMES)
    assert sum(row["count"] for row in outcomes.values()) == 30
    for row in outcomes.values():
        low, high = row["ci95"]
        assert 0 <= low <= row["rate"] <= high <= 1


def test_figures_cover_characters_skills_length_and_what_is_not_built(study_30: dict) -> None:
    assert sum(c["seated"] for c in study_30["characters"]) == 30 * 22
    assert all(c["wins"] <= c["seated"] and c["survived"] <= c["seated"] for c in study_30["characters"])
    uses = {s["skill"]: s for s in study_30["skills"]}
    assert uses["刺殺"]["uses"] > 0 and uses["刺殺"]["successes"] <= uses["刺殺"]["uses"]
    assert study_30["length"]["phases"]["n"] == 30
    assert sum(c for _, c in study_30["length"]["phases"]["histogram"]) == 30
    unbuilt = study_30["unbuilt"]
    # every KK 3.3 character is built now: the statement says so, and no seated character is unbuilt
    assert unbuilt["statement"] == "Every character a setup may offer is built." or "not yet built" in unbuilt["statement"]
    assert (unbuilt["statement"] == "Every character a setup may offer is built.") == (not unbuilt["not_built"])
    seated = {name for name, _ in unbuilt["seated"]}
    assert seated <= set(unbuilt["not_built"])
    assert all(not c["built"] for c in study_30["characters"] if c["character"] in seated)
    assert study_30["refused"] == 0
    assert set(study_30["joint"]) == {"方士", "神醫"}


def test_wilson_interval() -> None:
    assert wilson(0, 0) == (0.0, 0.0)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(5, 10)
    assert low == pytest.approx(1 - high, abs=1e-6) and low == pytest.approx(0.2366, abs=1e-4)


def test_aggregate_is_a_function_of_the_records_in_order() -> None:
    records = run_study(Study(games=8, seed=1), jobs=1, keep_records=True).records
    assert aggregate(records) == aggregate(list(records))


def test_counts_folded_per_chunk_give_the_figures_of_the_records_whatever_the_order() -> None:
    """Each chunk's records are folded into a Tally where they are played; the merged tallies give
    exactly the figures of all the records, in any order and however split."""
    run = run_study(Study(games=20, seed=2), jobs=1, keep_records=True)
    assert run.records is not None and len(run.records) == 20
    expected = json.dumps(aggregate(run.records), ensure_ascii=False)
    assert json.dumps(run.tally.figures(), ensure_ascii=False) == expected
    shuffled = list(run.records)
    random.Random(1).shuffle(shuffled)
    merged = Tally.of(shuffled[:7]).merge(Tally.of(shuffled[7:13])).merge(Tally()).merge(Tally.of(shuffled[13:]))
    assert json.dumps(merged.figures(), ensure_ascii=False) == expected
    assert run_study(Study(games=20, seed=2), jobs=1).records is None  # not kept unless asked


def _reference_distribution(values: list[int]) -> dict:
    """The distribution as computed from the sorted list (the figures' definition)."""
    ordered = sorted(values)
    q = statistics.quantiles(ordered, n=10, method="inclusive") if len(ordered) > 1 else [ordered[0]] * 9
    return {"n": len(ordered), "mean": round(sum(ordered) / len(ordered), 4), "median": statistics.median(ordered),
            "p10": round(q[0], 4), "p90": round(q[8], 4), "min": ordered[0], "max": ordered[-1],
            "histogram": [[v, c] for v, c in sorted(Counter(ordered).items())]}


def test_distribution_from_counts_is_the_distribution_of_the_values() -> None:
    rng = random.Random(4)
    for size in [*range(1, 12), 50, 101, 1000]:
        values = [rng.randint(1, 40) for _ in range(size)]
        got = _distribution(Counter(values))
        want = _reference_distribution(values)
        assert json.dumps(got) == json.dumps(want), size  # the same values and the same types (24 vs 24.0)
    assert _distribution(Counter()) == {"n": 0, "histogram": []}


def test_report_renders(study_30: dict, tmp_path: Path) -> None:
    page = write_report(study_30, tmp_path / "report", with_json=True)
    assert page.name == "index.html" and page.stat().st_size > 0
    html = page.read_text(encoding="utf-8")
    for plot in PLOTS:
        path = tmp_path / "report" / plot
        assert path.stat().st_size > 1000
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f'src="{plot}"' in html
    assert "刺殺" in html and "95% CI" in html
    assert "Every character a setup may offer is built." in html  # the figures' own statement (all 73 forms built)
    for title in ("<h2>結局</h2>", "<h2>角色</h2>", "<h2>技能</h2>", "<h2>遊戲長度</h2>", "<h2>尚未實作的角色</h2>",
                  "<h2>平衡：突出的角色</h2>"):
        assert title in html
    assert json.loads((tmp_path / "report" / "figures.json").read_text(encoding="utf-8")) == study_30


def test_cli_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r"
    assert main(["simulate", "--rules", "kk33", "--games", "6", "--jobs", "2", "--seed", "4",
                 "--policy", "random", "--report", str(out), "--json", "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "6 games" in text and "index.html" in text
    figures = json.loads((out / "figures.json").read_text(encoding="utf-8"))
    assert figures["parameters"] == {"rules": "kk33", "games": 6, "seed": 4, "policy": "random",
                                     "max_phases": 80, "setup": "random"}
    assert all((out / p).stat().st_size > 0 for p in [*PLOTS, "index.html"])

    assert main(["simulate", "--games", "6", "--jobs", "1", "--seed", "4", "--json", "--quiet"]) == 0
    to_stdout = json.loads(capsys.readouterr().out)
    assert _figures(to_stdout) == _figures(figures)


def test_cli_fixed_setup_and_max_phases(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "3", "--jobs", "1", "--setup", str(EXAMPLE), "--max-phases", "4",
                 "--json", "--quiet"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["parameters"]["setup"] == str(EXAMPLE)
    assert figures["length"]["phases"]["max"] <= 4
    players = json.loads(EXAMPLE.read_text(encoding="utf-8"))["players"]
    assert sum(c["seated"] for c in figures["characters"]) == 3 * len(players)
    assert "fixed table" in figures["unbuilt"]["statement"] or not figures["unbuilt"]["seated"]


@pytest.mark.parametrize("argv, message", [
    (["--policy", "nope"], "nope"),
    (["--rules", "kk99"], "kk99"),
    (["--games", "0"], "--games"),
])
def test_cli_refuses_bad_parameters(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--quiet", *argv]) == 2
    assert message in capsys.readouterr().err


def test_ray_backend_gives_the_local_figures(study_30: dict) -> None:
    ray = pytest.importorskip("ray", reason="ray is not installed (pip install -e '.[ray]')")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        figures = simulate(Study(games=30, seed=11), jobs=2, backend="ray")
    finally:
        ray.shutdown()
    assert figures["run"]["backend"] == "ray"
    assert _figures(figures) == _figures(study_30)


def test_without_a_cjk_font_the_report_says_so_in_chinese_and_names_the_font(
        study_30: dict, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from tianting.simulate import report

    monkeypatch.setattr(report, "cjk_font", lambda: None)
    html = write_report(study_30, tmp_path / "plain").read_text(encoding="utf-8")
    assert 'id="no-cjk-font"' in html and "找不到中文（CJK）字型" in html and "fonts-noto-cjk" in html
    assert "<th class=\"l\">代號</th>" in html  # the keys the plots use, beside each name
    monkeypatch.setattr(report, "cjk_font", lambda: "DejaVu Sans")  # a font claimed to have the glyphs
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # it has not: matplotlib warns of every missing glyph
        html = write_report(study_30, tmp_path / "cjk").read_text(encoding="utf-8")
    assert 'id="no-cjk-font"' not in html and "代號" not in html
    labels = report.Labels(study_30, chinese=True)
    assert labels.text("技能使用", "Skill use") == "技能使用"
    assert report.Labels(study_30, chinese=False).text("技能使用", "Skill use") == "Skill use"


def test_simulate_tells_the_terminal_when_the_plots_have_no_cjk_font(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from tianting.simulate import report

    monkeypatch.setattr(report, "cjk_font", lambda: None)
    assert main(["simulate", "--games", "4", "--jobs", "1", "--seed", "2", "--report", str(tmp_path / "r"),
                 "--quiet"]) == 0
    assert "fonts-noto-cjk" in capsys.readouterr().err
