"""The day of KK 3.3: the public ballot and its deaths.

投票：於白天投票階段進行。每人可投一票，票面公開，若最高票不為平票且不為0則其死亡；
若最高票為平票或為0，則無事發生。投票不能棄權，棄權或超時視為自投。
白天公告：當天投票的票面、因投票而死亡出局的ID（不能留下遺言）。
亂花：A次日的投票對象強制修改為B — the ballot (票面) shows B (R19).

A day may carry actions (「可以於白天使用」, 奇襲): they resolve in :mod:`.daytime`, before the ballot
is counted, and their harms take effect at the moment of the vote's, just before it. The vote's death
is a harm too (緩釋：減輕他因為下一次投票受到的傷害): it passes the day's ``harm_modifiers`` and
``harm_preventions`` (registered by ``on_day``, ``on_effect`` and day actions; none by default).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.decisions import DecisionBook
from tianting.core.records import Death, Feedback, Ruling
from tianting.core.skills import Use, first_reason
from tianting.core.state import Effect, Status
from tianting.rules.kk33 import rulings
from tianting.rules.kk33.harm import Harm, Level

if TYPE_CHECKING:
    from tianting.rules.kk33.game import KK33Game

# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__).
_NONE = Level.NONE
_OUT, _INJURED = Status.OUT, Status.INJURED


class Day:
    """One day being resolved (the same helper surface as a Night)."""

    def __init__(self, game: KK33Game, votes: dict[str, str], book: DecisionBook,
                 judged: tuple[Ruling, ...] = (), uses: list[Use] | None = None) -> None:
        self.game = game
        self.state = game.state
        self.index = game.state.index
        self.book = book
        self.votes = votes
        self.feedback: dict[str, list[Feedback]] = {}
        self.trace: list[str] = []
        self.deaths: list[Death] = []
        self.exited: list[str] = []
        self.died: list[str] = []
        self.death_batch: list[Any] | None = None
        """The deaths of the moment being settled (``deaths.simultaneous``), or None."""
        """Ids whose character died today (``exited`` and a lord who plays on): see ``Night.died``."""
        self.eliminated: list[str] = []
        self.injured: list[str] = []
        """Ids wounded today (a vote's harm lessened to a wound, a day action's wound)."""
        self.submitted: list[Use] = list(uses or [])
        self.actions: Any = None
        """The day's action pass (``daytime.DayActions``) when actions were submitted, else None."""
        self.ballot: dict[str, str] = {}
        self.counted: dict[str, str] = {}
        self.tally: dict[str, int] = {}
        self.rulings = judged
        """The judge's rulings for this day (:mod:`.rulings`)."""
        self.protected: dict[str, str] = {}
        """Ids no harm reaches today, with the reason (:func:`tianting.core.effects.protect`)."""
        # Hooks for character skills (registered by Skill.on_day and Skill.on_effect):
        self.vote_rules: list[Callable[[Day, str, str], str | None]] = []
        """(voter, counted target) → a reason the vote is void (無效), or None."""
        self.weight_rules: list[Callable[[Day, str], int | None]] = []
        """voter → how many votes the vote counts for (視為三票), or None."""
        self.tally_rules: list[Callable[[Day, dict[str, int]], None]] = []
        """Add to the counted tally in place (得票數+1 …), in the order added."""
        self.tally_reductions: list[Callable[[Day, dict[str, int]], None]] = []
        """Then take from it (得票數-1, -3 「最少為0」), once every addition is in."""
        self.tally_transfers: list[Callable[[Day, dict[str, int]], None]] = []
        """Last, skills that read the counts as they finally stand and move votes (安恤：若場上得票數最多者
        為…，…將該角色的X或2X票轉移給你), once every addition and reduction is in, whatever the seats."""
        self.outcome_rules: list[Callable[[Day, int, list[str]], list[str] | None]] = []
        """(top, leaders) → the ids who die instead of the default rule, or None."""
        self.outcome_harms: list[Harm] = []
        """Other harms a rule of the vote deals (眩遠惑近's 退出歷史舞台): applied with the vote's deaths,
        at one moment (R47), never while the ballot is being counted."""
        self.ballot_rules: list[Callable[[Day, str, str], str | None]] = []
        """(voter, vote cast) → a false target shown on the ballot instead, or None (玲瓏：在票面上顯示一個
        虛假的投票對象，而你的真實投票對象不公布). For such a voter 亂花 changes the false target shown
        (「女眷對你發動【亂花】時，修改的是你票面上顯示的虛假投票對象」) and the vote cast still counts."""
        self.harm_modifiers: list[Callable[[Day, Harm], None]] = []
        """傷害減輕 / 加深 of the vote's harm (緩釋)."""
        self.harm_preventions: list[Callable[[Day, Harm], str | None]] = []
        """A reason prevents the vote's harm."""
        self.wound_listeners: list[Callable[[Day, Harm], None]] = []
        """Called after a harm by day has wounded its target (「受傷後」: 七步)."""
        self.skipped: str | None = None
        """Why today has no vote (「跳過次日投票階段」), once ``vote`` has asked; None if it has one."""
        self.due: list[Effect] | None = None
        """The effects due today, as the day began (``register_skills``): every effect is scheduled for a
        phase after the one that makes it (``at`` > ``index``: 次日, 次夜 …), so none made today is due
        today, and these are all the day will ever have (the ``no-vote`` ones say the vote is skipped)."""

    def tell(self, pid: str, item: Feedback) -> None:
        self.feedback.setdefault(pid, []).append(item)

    def note(self, text: str) -> None:
        self.trace.append(text)

    def heal(self) -> None:
        """受傷：其於之後的夜晚…有一半概率失敗，再之後的白天開始時脫離受傷狀態。"""
        injured, before = _INJURED, self.index - 1
        for p in [p for p in self.state.players.values() if p.status is injured]:  # (healing one heals no other)
            if p.wounded_at is not None and p.wounded_at < before:
                effects.heal(self, p.id, "於白天開始時脫離受傷狀態")

    def register_skills(self) -> None:
        """Passive skills of the living and effects due today add their rules."""
        skills, hooked, out = self.game.skills, self.game.hooks.on_day, _OUT
        for p in self.game.holders(hooked):  # (KK33Game.holders: those who hold none are passed by unread)
            if p.status is out:
                continue
            for name in p.skills:
                if name in hooked:  # the base's on_day does nothing
                    skills[name].on_day(self, p.id)
        index = self.index
        self.due = due = [e for e in self.state.effects if e.at == index]
        for effect in due:
            impl = skills.get(effect.kind)
            if impl is not None:
                impl.on_effect(self, effect)

    def run(self) -> None:
        self.heal()
        self.game.open_resolution(self)  # choices made as the day began (化身), before any skill is at work
        self.register_skills()
        if self.rulings:
            rulings.begin(self, self.rulings, self.submitted)
        if self.submitted:
            from tianting.rules.kk33.daytime import DayActions

            self.actions = DayActions(self, self.submitted)
            self.actions.run()
        dying = self.vote()
        # One moment (RD1, R47): the day actions' harms, the vote's deaths and the judge's ruled harms.
        with self.game.simultaneous(self):
            if self.actions is not None:
                self.actions.finish()
            for pid in dying:
                # The voters named as behind a vote death are those of the public ballot (票面): who
                # really counted for whom (亂花, 黃巾軍) stays hidden.
                self.vote_harm(pid, [v for v, t in self.ballot.items() if t == pid and v != pid])
            for harm in self.outcome_harms:
                self.apply_harm(harm)
            if self.rulings:
                rulings.harms(self, self.rulings)  # with the vote's deaths
        if self.rulings:
            rulings.finish(self, self.rulings)

    def vote_harm(self, pid: str, sources: list[str]) -> None:
        """若最高票不為平票且不為0則其死亡: a 致死 harm, through the day's harm steps (緩釋 減輕 it)."""
        self.apply_harm(Harm(pid, Level.KILL, "投票", sources, why=["投票最高票"]))

    def apply_harm(self, harm: Harm) -> None:
        """One harm by day (the vote's, the judge's, or a skill's outside the day's action pass):
        modify (減輕/加深) → prevent → apply, as at night (``Night.apply_harm``), with the day's own
        rules; the judge's ``spare`` stops it (a death in ``KK33Game.kill``); ``forced`` (the judge's
        own harm) skips all but the apply."""
        pid = harm.target
        player = self.state.player(pid)
        if not player.alive or self.game.dying(self, pid):
            return  # out, or dying at this moment (R47)
        if not harm.removal and not harm.forced:
            for modify in self.harm_modifiers:
                modify(self, harm)
            reason = first_reason(self.harm_preventions, self, harm)
            if reason and harm.level is not _NONE:
                self.note(f"{pid} 受到的{harm.cause}傷害被防止：{reason}")
                return
        if harm.level is _NONE:
            self.note(f"{pid} 受到的{harm.cause}傷害已減輕至無")
            return
        why = "；".join(harm.why)
        if harm.lethal or player.injured:
            if not harm.lethal:
                self.note(f"{pid} 在受傷狀態下再次受傷而死亡（{harm.cause}）：{why}")
            elif harm.cause != "投票":
                self.note(f"{pid} 受到致命一擊（{harm.cause}）：{why}")
            self.game.kill(self, pid, harm.cause, harm.sources, removal=harm.removal, forced=harm.forced)
            return
        spared = None if harm.forced else effects.protected_from(self, pid)
        if spared:  # (a death is stopped by ``KK33Game.kill``, which says so)
            self.note(f"{pid} 受到的{harm.cause}被防止：{spared}")
            return
        effects.wound(self, pid, f"（{harm.cause}）：{why}")
        for listen in list(self.wound_listeners):
            listen(self, harm)

    def vote(self) -> list[str]:
        """The ballot, the counted tally and the rule of the vote: the ids the vote kills (their
        harm is applied by ``run``, at the moment of the day's actions' harms)."""
        due = self.due
        # No effect due today says 跳過投票階段: no need to ask (``due``: the effects ever due today).
        maybe = due is None or any(e.kind == "no-vote" for e in due)
        skipped = self.skipped = self.game.vote_skipped() if maybe and self.state.effects else None
        if skipped:  # 「跳過次日投票階段」: no ballot, no tally, no vote death; 亂花's binds lapse
            self.state.vote_binds = {}
            self.note(f"本日跳過投票階段：{skipped}")
            return []
        binds = self.state.vote_binds
        ballot_rules, vote_rules = self.ballot_rules, self.vote_rules  # most days have none: no call
        votes, ballot, tallied, note = self.votes, self.ballot, self.counted, self.note  # (read once)
        owed = 0  # the voters below who cast a vote (the others 自投)
        for p in self.game.voters():
            pid = p.id
            if pid in votes:
                cast = votes[pid]
                owed += 1
            else:
                cast = pid
                note(f"{pid} 未投票，視為自投")
            if ballot_rules or (binds and pid in binds):  # (most voters: the vote cast is shown and counted)
                shown, counted = self._shown_and_counted(pid, cast, binds)
            else:
                shown = counted = cast
            ballot[pid] = shown
            markers = p.markers
            if markers and markers.get("黃巾軍"):  # p.marker("黃巾軍"), without the call
                note(f"{pid} 的投票無效：「黃巾軍」的投票無效")
                continue
            reason = first_reason(vote_rules, self, pid, counted) if vote_rules else None
            if reason:
                note(f"{pid} 的投票無效：{reason}")
                continue
            tallied[pid] = counted
        if len(votes) > owed:  # a vote by someone not among the voters: a dead one may count (涅槃)
            self._posthumous_votes()
        tally, weight_rules = self.tally, self.weight_rules
        if weight_rules:
            for voter, target in tallied.items():
                weight = 1
                for rule in weight_rules:
                    w = rule(self, voter)
                    if w is not None:
                        weight = w
                tally[target] = tally.get(target, 0) + weight
        else:  # every vote counts for one
            for target in tallied.values():
                tally[target] = tally.get(target, 0) + 1
        if self.tally_rules or self.tally_reductions or self.tally_transfers:
            for adjust in self.tally_rules + self.tally_reductions + self.tally_transfers:
                adjust(self, self.tally)
        players = self.state.players  # the seats of the tallied only (a few), not of every player
        self.tally = dict(sorted(self.tally.items(), key=lambda kv: (-kv[1], players[kv[0]].seat)))
        self.state.vote_binds = {}
        if not self.tally:
            self.note("無有效票：無事發生")
            return []
        top = max(self.tally.values())
        leaders = [pid for pid, n in self.tally.items() if n == top]
        for rule in self.outcome_rules:
            dying = rule(self, top, leaders)
            if dying is not None:
                break
        else:
            if top <= 0 or len(leaders) > 1:
                self.note(f"最高票為平票或為0（{'、'.join(leaders)}，{top}票）：無事發生")
                return []
            self.note(f"{leaders[0]} 以{top}票為最高票，死亡")
            dying = leaders
        return list(dying)

    def _shown_and_counted(self, pid: str, cast: str, binds: dict[str, str]) -> tuple[str, str]:
        """The target ``pid``'s ballot shows and the one his vote counts for, when a ballot rule (玲瓏) is
        about today or a bind (亂花) is on him (else both are the vote cast)."""
        ballot_rules = self.ballot_rules
        false = first_reason(ballot_rules, self, pid, cast) if ballot_rules else None
        bound = binds.get(pid) if binds else None
        if false is not None:
            # 玲瓏: the ballot shows a false target, which is what 亂花 changes; the vote cast counts.
            shown = bound if bound is not None else false
            self.note(f"{pid} 票面顯示虛假的投票對象 {shown}，真實投票對象 {cast}")
            return shown, cast
        if bound is None:
            return cast, cast
        # 亂花：A次日的投票對象強制修改為B — the forced vote is the vote: shown (票面) and counted.
        if bound != cast:
            self.note(f"{pid} 投票 {cast}，因亂花強制修改為 {bound}（票面與計票）")
        return bound, bound

    def _posthumous_votes(self) -> None:
        """涅槃：你死亡後仍可投票（你以此法的投票不公布）: the votes of the dead who may still vote
        (only a vote cast counts: such a voter owes none)."""
        for p in self.game.posthumous_voters():
            if p.id not in self.votes:
                continue  # no vote owed: nothing counts
            counted = self.votes[p.id]
            reason = first_reason(self.vote_rules, self, p.id, counted)
            if reason:
                self.note(f"{p.id} 死亡後的投票（涅槃）無效：{reason}")
                continue
            self.counted[p.id] = counted
            self.note(f"{p.id} 死亡後仍投票（涅槃，不公布）：{counted}")
