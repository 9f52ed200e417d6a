"""Actions by day in KK 3.3: the day's action pass.

緩釋：可以於白天使用。…
奇襲：*被*你的【刺殺】的發動時機為白天投票階段。

A skill is used by day only when its text says so (``Skill.by_day``) or a held skill moves it there
(``Skill.day_skills``: 奇襲 moves 甘寧's 刺殺). The day's actions are submitted with the votes, checked
by ``KK33Game.check_action`` with the night's messages, and resolved by :class:`DayActions`: the
night's own machinery (success checks, the stages and their one order, 刺殺 with its rules, the harm
steps, deaths) run as one pass inside the day, in two parts:

1. before the ballot is counted: every passive skill of a player who can act registers its rules
   (``prepare`` only: the protections that always hold, 七步's shield, hold by day too; a passive's
   night-time ``apply`` does not run by day), then the day's uses are prepared, checked for success
   and run through the stages ``redirect`` … ``attack`` (刺殺 are settled there, harms collected);
2. at the moment the vote's result takes effect: the actions' harms, then the vote's, then the
   stages ``death`` … ``after``. So a player stabbed at the vote still cast his vote, and a
   player both stabbed and voted out dies once.

A skill dates what it schedules by the kind of phase (``core.state.next_day``/``next_night``): 「次日」
is the next day and 「次夜」 the next night whether it acts at night or in this pass (七星 set off by a
刺殺 at the vote, 流離江南, 兄長之風); nothing is retimed afterwards.

See docs/rulings.md R-DAY and docs/dev/character-skills.md, 「Actions by day」.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.records import Action
from tianting.core.skills import Skill, Use
from tianting.rules.kk33.night import NIGHT_STAGES, Night, order_key
from tianting.rules.kk33.stages import run_stages, stage_steps

if TYPE_CHECKING:
    from tianting.rules.kk33.day import Day

_BASE_PREPARE = Skill.prepare
BEFORE_VOTE = NIGHT_STAGES[1:NIGHT_STAGES.index("harm")]
"""The stages a day action runs before the ballot is counted (redirect … attack)."""
AT_VOTE = NIGHT_STAGES[NIGHT_STAGES.index("harm"):]
"""The stages run at the moment the vote takes effect (harm … after)."""
_BEFORE_STEPS = stage_steps(Night, BEFORE_VOTE)
_AT_STEPS = stage_steps(Night, AT_VOTE)
"""Each part's stages with the step that ends each (``Night.after_<stage>``, where there is one)."""
_BEFORE_VOTE, _AT_VOTE = frozenset(BEFORE_VOTE), frozenset(AT_VOTE)
SHARED = ("feedback", "trace", "deaths", "exited", "eliminated", "injured", "died", "protected",
          "wound_listeners")
"""What the pass shares with its day: one feedback, trace and death record a day, and one list of
「受傷後」 listeners (a wound by a day action or by the vote is heard once)."""


class DayActions(Night):
    """The day's submitted actions, resolved with the night's machinery (see the module)."""

    def __init__(self, day: Day, uses: list[Use]) -> None:
        self.day = day
        """The day this pass belongs to: a day skill registers its vote rules there."""
        super().__init__(day.game, uses, day.book)
        for name in SHARED:
            if hasattr(day, name):
                setattr(self, name, getattr(day, name))
        self._at_vote: list[Use] = []
        """The uses of the stages ``AT_VOTE``, in the night's order, for ``finish`` (set by ``run``)."""
        # The day's own harm rules (on_day, on_effect: 醇醪之交) hold for the actions' harms too.
        self.harm_modifiers = list(day.harm_modifiers)
        self.harm_preventions = list(day.harm_preventions)

    @property  # type: ignore[override]
    def death_batch(self) -> Any:
        """The day's: the actions' deaths are recorded in the moment of the vote's (R47)."""
        return self.day.death_batch

    @death_batch.setter
    def death_batch(self, value: Any) -> None:
        self.day.death_batch = value

    def run(self) -> None:
        """Part 1: prepare, check and run the stages up to the 刺殺 (before the ballot)."""
        game = self.game
        can_act, skills, prepared = game.can_act, game.skills, game.hooks.passive_prepared
        for player in self.state.players.values():
            held = player.skills
            if not held or prepared.isdisjoint(held) or not can_act(player):
                continue  # (no skill of his to prepare: the loop below would call nothing)
            for name in held:
                if name in prepared:
                    impl = skills[name]
                    impl.prepare(self, Use(Action(player.id, name), impl, order=-1, seat=player.seat, implicit=True))
        for use in list(self.uses):
            if not use.skill.by_day:  # moved to the day by a held skill (奇襲): say which
                mover = next((n for n in self.state.player(use.actor).skills if n in game.hooks.day_rules
                              and use.name in skills[n].day_skills(self.state, use.actor)), None)
                self.note(f"{use.actor} 的【{use.name}】於白天投票階段發動（{mover}）")
            if use.live and type(use.skill).prepare is not _BASE_PREPARE:
                use.skill.prepare(self, use)
        key = order_key(game)
        ordered = sorted(self.uses, key=key)
        self.check_success(ordered)
        before: list[Use] = []  # the uses of the stages BEFORE_VOTE, then those of AT_VOTE, in order
        at_vote = self._at_vote
        for use in sorted(self.uses, key=key):  # (again: a check may have added a use)
            stage = use.skill.stage
            if stage in _BEFORE_VOTE:
                before.append(use)
            elif stage in _AT_VOTE:
                at_vote.append(use)
        run_stages(self, before, _BEFORE_STEPS)

    def finish(self) -> None:
        """Part 2, at the moment of the vote: the harms, deaths and what comes after."""
        run_stages(self, self._at_vote, _AT_STEPS)
