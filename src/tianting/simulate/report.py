"""A study's report: PNG plots (matplotlib, Agg), one HTML page (Jinja2) and ``figures.json``.

Plot titles and labels are Chinese when matplotlib finds a font with CJK
glyphs (Debian: ``apt-get install fonts-noto-cjk``); otherwise they are
English and short ASCII keys (``C07``, ``S12``) that the HTML tables list
beside each Chinese name, and the page says so, in Chinese, with how to
install the font (so does ``tianting simulate``). No font is required and no
missing-glyph warning is printed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tianting.simulate.stats import OUTCOME_NAMES, OUTCOMES

CJK_FONTS = (
    "Noto Sans CJK TC", "Noto Sans CJK SC", "Noto Sans CJK JP", "Noto Sans TC", "Noto Sans SC",
    "Noto Serif CJK TC", "Noto Serif CJK SC", "Source Han Sans TC", "Source Han Sans SC",
    "Source Han Sans", "WenQuanYi Zen Hei", "WenQuanYi Micro Hei", "AR PL UMing TW", "AR PL UKai TW",
    "AR PL UMing CN", "Droid Sans Fallback", "Microsoft JhengHei", "Microsoft YaHei", "PingFang TC",
    "PingFang SC", "Heiti TC", "SimHei", "Arial Unicode MS",
)
PLOTS = ("outcomes.png", "length.png", "characters.png", "skills.png")
COUNTRY_ASCII = {"魏": "Wei", "蜀": "Shu", "吳": "Wu", "群": "Qun"}


def cjk_font() -> str | None:
    """A font family matplotlib can use for Chinese labels, or None if it finds none."""
    from matplotlib import font_manager

    available = {f.name for f in font_manager.fontManager.ttflist}
    return next((name for name in CJK_FONTS if name in available), None)


class Labels:
    """Plot labels: the Chinese names with a CJK font, else stable ASCII keys."""

    def __init__(self, figures: dict[str, Any], chinese: bool) -> None:
        self.chinese = chinese
        self.characters = {c["character"]: f"C{i:02d}" for i, c in enumerate(figures["characters"], 1)}
        self.skills = {s["skill"]: f"S{i:02d}" for i, s in enumerate(figures["skills"], 1)}

    def text(self, zh: str, en: str) -> str:
        """A title or axis label: Chinese with a CJK font, else English."""
        return zh if self.chinese else en

    def outcome(self, key: str) -> str:
        zh, en = OUTCOME_NAMES[key]
        return zh if self.chinese else en

    def character(self, row: dict[str, Any]) -> str:
        if self.chinese:
            return f"{row['character']}（{row['country']}{row['identity']}）"
        return f"{self.characters[row['character']]} {COUNTRY_ASCII.get(row['country'], '?')}"

    def skill(self, name: str) -> str:
        return name if self.chinese else self.skills[name]


def _pyplot(font: str | None) -> Any:
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    plt.rcParams["font.family"] = [font, "DejaVu Sans"] if font else ["DejaVu Sans"]
    plt.rcParams["axes.unicode_minus"] = False
    return plt


def _errors(rows: list[dict[str, Any]]) -> tuple[list[float], list[list[float]]]:
    rates = [r["rate"] or 0.0 for r in rows]
    low = [max(0.0, p - r["ci95"][0]) for p, r in zip(rates, rows, strict=True)]
    high = [max(0.0, r["ci95"][1] - p) for p, r in zip(rates, rows, strict=True)]
    return rates, [low, high]


def plot_outcomes(plt: Any, figures: dict[str, Any], labels: Labels, path: Path) -> None:
    rows = [figures["outcomes"][k] for k in OUTCOMES]
    names = [labels.outcome(k) for k in OUTCOMES]
    extra_rows = [figures["joint"][i]["of_seated"] for i in figures["joint"]]
    extra_rows.append(figures["rebel_leader"]["of_seated"])
    extra_names = ([f"{i} 同勝" for i in figures["joint"]] + ["黃巾頭領 勝"] if labels.chinese
                   else ["Fangshi joint", "Shenyi joint", "Rebel leader"])
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2), gridspec_kw={"width_ratios": [7, 3]})
    rates, err = _errors(rows)
    ax1.bar(range(len(rows)), rates, yerr=err, capsize=4, color="#4C72B0")
    ax1.set_xticks(range(len(rows)), names, rotation=20, ha="right")
    ax1.set_ylabel(labels.text("佔全部局數（95% Wilson CI）", "share of games (95% Wilson CI)"))
    ax1.set_title(labels.text(f"{figures['games']}局的結局", f"Outcomes of {figures['games']} games"))
    rates, err = _errors(extra_rows)
    ax2.bar(range(len(extra_rows)), rates, yerr=err, capsize=4, color="#DD8452")
    ax2.set_xticks(range(len(extra_rows)), extra_names, rotation=20, ha="right")
    ax2.set_title(labels.text("群雄：入座時的勝率", "Qun: wins when seated"))
    for ax in (ax1, ax2):
        ax.set_ylim(0, 1)
        ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def plot_length(plt: Any, figures: dict[str, Any], path: Path, labels: Labels | None = None) -> None:
    text = labels.text if labels is not None else (lambda zh, en: en)
    fig, axes = plt.subplots(1, 2, figsize=(11, 3.8))
    for ax, key, title in ((axes[0], "phases", text("階段數（夜＋日）", "phases (night + day)")),
                           (axes[1], "nights", text("夜數", "nights"))):
        dist = figures["length"][key]
        xs = [v for v, _ in dist["histogram"]]
        ys = [c for _, c in dist["histogram"]]
        ax.bar(xs, ys, width=0.9, color="#55A868")
        ax.set_xlabel(title)
        ax.set_ylabel(text("局數", "games"))
        if dist["n"]:
            ax.axvline(dist["median"], color="black", linestyle="--", linewidth=1,
                       label=text(f"中位數 {dist['median']}", f"median {dist['median']}"))
            ax.legend()
        ax.grid(axis="y", alpha=0.3)
    capped = figures["outcomes"]["capped"]["count"]
    cap = figures['parameters'].get('max_phases', '?')
    fig.suptitle(text(f"遊戲長度（{capped}局在{cap}個階段的上限處停止）",
                      f"Game length ({capped} games stopped at the cap of {cap} phases)"))
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def plot_characters(plt: Any, figures: dict[str, Any], labels: Labels, path: Path) -> None:
    rows = figures["characters"]
    height = max(3.0, 0.22 * len(rows) + 1.2)
    fig, ax = plt.subplots(figsize=(9, height))
    ys = list(range(len(rows)))[::-1]
    rates, err = _errors([r["win"] for r in rows])
    colours = ["#4C72B0" if r["built"] else "#BBBBBB" for r in rows]
    ax.barh(ys, rates, xerr=err, capsize=2, color=colours, label=labels.text("勝率（95% CI）", "win rate (95% CI)"))
    ax.plot([r["survival"]["rate"] or 0 for r in rows], ys, "o", color="#C44E52", markersize=3,
            label=labels.text("存活率", "survival rate"))
    ax.set_yticks(ys, [labels.character(r) for r in rows], fontsize=7)
    ax.set_xlim(0, 1)
    ax.set_ylim(-0.8, len(rows) - 0.2)
    ax.set_title(labels.text("各角色（灰色：尚未實作）", "Per character (grey: not yet built)"))
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def plot_skills(plt: Any, figures: dict[str, Any], labels: Labels, path: Path) -> None:
    rows = figures["skills"]
    height = max(3.0, 0.22 * len(rows) + 1.2)
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, height), sharey=True)
    ys = list(range(len(rows)))[::-1]
    ax1.barh(ys, [r["uses_per_game"] or 0 for r in rows], color="#8172B3")
    ax1.set_yticks(ys, [labels.skill(r["skill"]) for r in rows], fontsize=7)
    ax1.set_xlabel(labels.text("每局使用次數", "uses per game"))
    ax1.set_xscale("symlog", linthresh=0.1)
    rates, err = _errors([r["success"] for r in rows])
    ax2.barh(ys, rates, xerr=err, capsize=2, color="#64B5CD")
    ax2.set_xlim(0, 1)
    ax2.set_ylim(-0.8, len(rows) - 0.2)
    ax2.set_xlabel(labels.text("成功率（發動了；95% CI）", "success rate (went off; 95% CI)"))
    for ax in (ax1, ax2):
        ax.grid(axis="x", alpha=0.3)
    fig.suptitle(labels.text("技能使用", "Skill use"))
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _percent(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def _ci(row: dict[str, Any]) -> str:
    if not row["n"]:
        return "–"
    low, high = row["ci95"]
    return f"{100 * low:.1f}–{100 * high:.1f}%"


FLAG_NAMES = {"win:higher": "勝率偏高", "win:lower": "勝率偏低",
              "survival:higher": "存活率偏高", "survival:lower": "存活率偏低"}
"""A character row's ``flags`` as the page shows them."""


def _flag(key: str) -> str:
    return FLAG_NAMES.get(key, key)


def render_html(figures: dict[str, Any], labels: Labels, plots: list[str]) -> str:
    """The report page (the template ``templates/report.html.j2``, shipped as package data)."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    env = Environment(loader=PackageLoader("tianting.simulate", "templates"),
                      autoescape=select_autoescape(["html", "j2"]), trim_blocks=True, lstrip_blocks=True)
    env.filters["pct"] = _percent
    env.filters["ci"] = _ci
    env.filters["flag"] = _flag
    outcomes = [(OUTCOME_NAMES[k][0], OUTCOME_NAMES[k][1], figures["outcomes"][k]) for k in OUTCOMES]
    return env.get_template("report.html.j2").render(
        f=figures, outcomes=outcomes, plots=plots, labels=labels)


def write_report(figures: dict[str, Any], directory: str | Path, with_json: bool = False) -> Path:
    """Write the plots, ``index.html`` and (with ``with_json``) ``figures.json`` into
    ``directory`` (created if need be); return the HTML page's path."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    font = cjk_font()
    labels = Labels(figures, chinese=font is not None)
    plt = _pyplot(font)
    plot_outcomes(plt, figures, labels, out / "outcomes.png")
    plot_length(plt, figures, out / "length.png", labels)
    plot_characters(plt, figures, labels, out / "characters.png")
    plot_skills(plt, figures, labels, out / "skills.png")
    page = out / "index.html"
    page.write_text(render_html(figures, labels, list(PLOTS)), encoding="utf-8")
    if with_json:
        (out / "figures.json").write_text(dump_figures(figures), encoding="utf-8")
    return page


NO_FONT = ("本機的 matplotlib 找不到中文（CJK）字型：圖中的名稱以代號與英文標示（報告的表格有對照）；"
           "安裝 fonts-noto-cjk（Debian：apt-get install fonts-noto-cjk）後重新產生即可顯示中文。")
"""What the terminal is told when the plots fall back to ASCII labels."""


def dump_figures(figures: dict[str, Any]) -> str:
    """The figures as JSON text (UTF-8, Chinese unescaped)."""
    return json.dumps(figures, ensure_ascii=False, indent=1) + "\n"


def summary(figures: dict[str, Any]) -> str:
    """A few lines for the terminal: outcomes with their intervals, length, what is not built."""
    lines = [f"{figures['games']} games, policy {figures['parameters'].get('policy')}, "
             f"seed {figures['parameters'].get('seed')}"
             + (", 赤壁之戰 forms included" if figures['parameters'].get('chibi') else "")]
    for key in OUTCOMES:
        row = figures["outcomes"][key]
        if row["count"] or key in ("魏", "蜀", "吳", "黃巾軍"):
            zh, en = OUTCOME_NAMES[key]
            lines.append(f"  {_percent(row['rate']):>6}  95% CI {_ci(row):<12} {row['count']:>6} games  "
                         f"{zh} ({en})")
    for identity, row in figures["joint"].items():
        lines.append(f"  {identity}同勝 {row['joint_wins']} / {row['games_seated']} games seated")
    phases = figures["length"]["phases"]
    lines.append(f"  length: median {phases['median']} phases, p10–p90 {phases['p10']}–{phases['p90']}")
    lines.append(f"  {figures['unbuilt']['statement']}")
    balance = figures.get("balance")
    if balance is not None:
        flags = balance["flags"]
        lines.append(f"  balance: {len(flags)} rate(s) stand out in {balance['tests']} tests "
                     f"(Bonferroni, |z| > {balance['z_critical']})" + (":" if flags else ""))
        for g in flags:
            lines.append(f"    {g['character']}（{g['country']}{g['identity']}） {g['measure']} {g['direction']}: "
                         f"{_percent(g['rate'])} of {g['n']} vs {_percent(g['peers']['rate'])} of "
                         f"{g['peers']['n']} ({g['peers']['group']}), z {g['z']}")
    run = figures.get("run")
    if run:
        lines.append(f"  {run['seconds']} s on {run['jobs']} job(s), {run['backend']} "
                     f"({run['games_per_second']} games/s)")
    return "\n".join(lines) + "\n"
