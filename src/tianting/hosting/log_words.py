"""The event log in plain Chinese sentences (issue 29, 5: 「the judges' log in plain Chinese sentences」).

Each stored event, as a reader says it: 「北斗 公布了第2夜」, 「天庭 代 子義 提交了第1夜的行動（依私訊）：【明察】→ 孟起」.
:data:`SENTENCES` has one entry per event kind (:data:`tianting.hosting.events.KINDS`; a test fails for a kind
without one). Pure: who the actor is called, the phase's label and how a time reads are given by the caller.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tianting.hosting import events as ev
from tianting.hosting import judges
from tianting.hosting.views import ruling_words

ARGS = {"country": "國籍", "identity": "身份", "character": "角色", "skill": "技能", "choice": "選擇",
        "guesses": "猜測", "evaluation": "評價"}
RESOLVED = {"judge": "", "all-in": "（所有人已提交）", "deadline": "（時限已到）", "extension": "（延長的時間已到）"}
MOST_TEXT = 80
"""Longest quotation of a player's or judge's text in one line (the rest is in the 復盤's other sections)."""

Line = Callable[[dict[str, Any], str, str, Callable[[str | None], str]], str]
"""(payload, who, the phase's label, how a time reads) → the sentence."""


def who_is(actor: str) -> str:
    """The actor as the log names them: a judge's seat, 天庭, 系統, or the player's id."""
    if actor == ev.SYSTEM:
        return "系統"
    if actor == ev.JUDGE:
        return "天庭"
    return judges.seat_of(actor) or actor


def quoted(text: Any) -> str:
    text = " ".join(str(text or "").split())
    return f"「{text[:MOST_TEXT]}…」" if len(text) > MOST_TEXT else f"「{text}」"


def value(answer: Any) -> str:
    if isinstance(answer, list):
        return "、".join(value(a) for a in answer)
    if isinstance(answer, bool):
        return "是" if answer else "否"
    return str(answer)


def action(a: Any) -> str:
    if not isinstance(a, dict):
        return str(a)
    text = f"【{a.get('skill', '')}】"
    if a.get("targets"):
        text += " → " + "、".join(str(t) for t in a["targets"])
    args = a.get("args") or {}
    if isinstance(args, dict) and args:
        text += "（" + "，".join(f"{ARGS.get(k, k)}：{value(v)}" for k, v in args.items()) + "）"
    return text


def _for(p: dict[str, Any], who: str) -> str:
    """「代 子義 」 when a judge acted for a player (the payload's ``player``), else ""."""
    return f"代 {p['player']} " if p.get("player") and p.get("player") != who else ""


def _via(p: dict[str, Any]) -> str:
    return {"message": "（依私訊）", "qq": "（QQ）"}.get(str(p.get("via") or ""), "")


def _created(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    extra = "，三位天庭" if p.get("judges") else ""
    return f"{who} 建立了遊戲{quoted(p.get('title', ''))}（{len(p.get('ids') or [])}名玩家{extra}）"


def _choose(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    if p.get("player") and p["player"] != who:
        return f"{who} 為 {p['player']} 指定了角色 {p.get('character', '')}"
    return f"{who} 選擇了角色 {p.get('character', '')}"


def _start(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    return f"{who} 開始了遊戲，第1夜開放提交" + (f"（時限 {when(p['deadline'])}）" if p.get("deadline") else "")


def _submit(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    acts = p.get("actions") or []
    what = "；".join(action(a) for a in acts) if isinstance(acts, list) and acts else "不行動"
    return f"{who} {_for(p, who)}提交了{phase}的行動{_via(p)}：{what}"


def _vote(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    return f"{who} {_for(p, who)}在{phase}投票給 {p.get('target', '')}{_via(p)}"


def _deadline(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    if not p.get("deadline"):
        return f"{who} 取消了{phase}的時限"
    return f"{who} 把{phase}的時限設為 {when(p['deadline'])}"


def _resolve(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    return f"{who} 結算了{phase}{RESOLVED.get(str(p.get('why') or ''), '')}，草稿待審"


def _decide(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    whose = "自己" if p.get("actor") == who else f"{p.get('actor', '')} "
    return f"{who} 回答了{whose}【{p.get('skill', '')}】的選擇：{value(p.get('answer'))}"


def _ask_decision(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    return f"{who} 請 {p.get('actor', '')} 自行作出【{p.get('skill', '')}】的選擇"


def _ask_last_words(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    return f"{who} 向{phase}的死者徵求遺言"


def _last_words(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    return f"{who} 提交了遺言：{quoted(p.get('text'))}"


def _rule_last_words(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    if p.get("approved"):
        return f"{who} 核准了 {p.get('player', '')} 的遺言"
    return f"{who} 不予公布 {p.get('player', '')} 的遺言" + (f"（理由：{p['reason']}）" if p.get("reason") else "")


def _edit(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    if p.get("target") == "feedback":
        index = p.get("index")
        number = f" #{index + 1}" if isinstance(index, int) and not isinstance(index, bool) else ""
        return f"{who} 修改了{phase}給 {p.get('player', '')} 的反饋{number}：{quoted(p.get('text'))}"
    return f"{who} 修改了{phase}的公告：{quoted(p.get('text'))}"


def _publish(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    return f"{who} 公布了{phase}" + (f"，下一階段的時限 {when(p['deadline'])}" if p.get("deadline") else "")


def _peace(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    if p.get("judge"):
        return f"{who} 裁定議和：剩餘的國家均無法令其餘國家滅國，遊戲結束"
    return f"{who} 裁定議和：{p.get('proposer', '')} 發起，{value(p.get('agreed') or [])} 同意，遊戲結束"


def _note(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    return f"{who} 加入備註：{quoted(p.get('text'))}"


def _rule(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    if "remove" in p:
        index = p.get("remove")
        number = index + 1 if isinstance(index, int) and not isinstance(index, bool) else index
        return f"{who} 撤回了{phase}的第{number}條裁定"
    given = p.get("ruling")
    ruling: dict[str, Any] = given if isinstance(given, dict) else {}
    words = ruling_words(ruling, [])
    if ruling.get("text") and str(ruling["text"]) not in words:  # the ruling's own words (裁判: 「取消比賽資格」)
        words += quoted(ruling["text"])
    return f"{who} 在{phase}作出裁定：{words}"


def _digit(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    slots = [str(v) for k, v in p.items() if k not in ("digit", "player", "via", "confirm")]  # the input's slot, if any
    about = f"（{'、'.join(slots)}）" if slots else ""
    return f"{who} {_for(p, who)}提交了數字 {p.get('digit', '')}{about}{_via(p)}"


def _extend(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    return (f"{who}：{phase}的行動提交階段結束，{value(p.get('players') or [])} 可修改行動至 {when(p.get('until'))}"
            "（巧設反間）")


def _message(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    return f"{who} 發來私訊{_via(p)}：{quoted(p.get('text'))}"


def _substitute(p: dict[str, Any], who: str, phase: str, when: Callable[[str | None], str]) -> str:
    return f"{who} 安排 {p.get('by', '')} 替補 {p.get('player', '')}" + (f"（理由：{p['reason']}）" if p.get("reason") else "")


SENTENCES: dict[str, Line] = {
    ev.CREATED: _created, ev.CHOOSE: _choose, ev.START: _start, ev.SUBMIT: _submit, ev.VOTE: _vote,
    ev.DEADLINE: _deadline, ev.RESOLVE: _resolve, ev.DECIDE: _decide, ev.ASK_DECISION: _ask_decision,
    ev.ASK_LAST_WORDS: _ask_last_words, ev.LAST_WORDS: _last_words, ev.RULE_LAST_WORDS: _rule_last_words,
    ev.EDIT: _edit, ev.PUBLISH: _publish, ev.PEACE: _peace, ev.NOTE: _note, ev.RULE: _rule, ev.DIGIT: _digit,
    ev.EXTEND: _extend, ev.MESSAGE: _message, ev.SUBSTITUTE: _substitute,
}


def phase_labels(events: Sequence[ev.Event], labels: Sequence[str]) -> list[str]:
    """The label of the phase each event belongs to (``labels``: the game's phases in order; "" before the start):
    the start opens the first, each publish closes the one it publishes."""
    out = []
    at = -1
    for event in events:
        if event.kind == ev.START:
            at = 0
        out.append(labels[at] if 0 <= at < len(labels) else "")
        if event.kind == ev.PUBLISH:
            at += 1
    return out


def sentence(event: ev.Event, phase: str, when: Callable[[str | None], str]) -> str:
    """``event`` as a sentence (an unknown kind: its name, said as such)."""
    line = SENTENCES.get(event.kind)
    who = who_is(event.actor)
    payload = event.payload if isinstance(event.payload, dict) else {}
    return line(payload, who, phase or "遊戲", when) if line else f"{who} 的操作（{event.kind}）"


def lines(events: Sequence[ev.Event], labels: Sequence[str], when: Callable[[str | None], str]) -> list[dict[str, Any]]:
    """Every event of ``events`` as ``{"seq", "at", "who", "kind", "text"}``, in order."""
    return [{"seq": e.seq, "at": e.at, "who": who_is(e.actor), "kind": e.kind, "text": sentence(e, phase, when)}
            for e, phase in zip(events, phase_labels(events, labels), strict=True)]
