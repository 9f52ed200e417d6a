"""The effects library: a closed vocabulary of what skills do, each effect typed and able to say
itself in Chinese (issue 30, item 2).

A rule set's skills are composed of these instead of hand-written steps; each effect writes its own
sentence (``text``), so that a pack can word its players' texts from the same objects that run.
The vocabulary, by family (one module each):

- :mod:`~tianting.effects.delayed`: the delayed form, 次夜/次日/第n夜/下一階段 (:func:`~.delayed.schedule`);
- :mod:`~tianting.effects.stab`: 刺殺 made 無效 for those a rule names (:func:`~.stab.immune`), with
  the tests that name them (:func:`~.stab.on`, :func:`~.stab.by` …);
- :mod:`~tianting.effects.harm`: harm stopped (不會受傷, 不會死亡, 防止…) and lessened (減輕);
- :mod:`~tianting.effects.votes`: votes made void, a vote's weight, the tally's additions and reductions;
- :mod:`~tianting.effects.limits`: a limited skill used up (消耗), its owner told;
- :mod:`~tianting.effects.cancel`: actions made void (失效) or blocked (無法發動) by a rule;
- :mod:`~tianting.effects.targets`: an action echoed on other targets, a player's actions spied on and retargeted, a
  skill carried by another's action;
- :mod:`~tianting.effects.inform`: feedback, 互識, a fact learned (the core primitives, with their sentences);
- :mod:`~tianting.effects.marks`: markers gained (標記);
- :mod:`~tianting.effects.country`: an alliance made or extended, a player counted as of another country;
- :mod:`~tianting.effects.skills`: skills gained (a character's copied: 化身), lost, lent for one use, expired;
- :mod:`~tianting.effects.conditions`: the conditions every family composes (while the use stands, while a
  player holds a skill, all of several).

The primitives beneath (void, protect, wound, heal, tell, recognise, mark) are
:mod:`tianting.core.effects`; what the vocabulary does not say stays bespoke in the rule set's
character modules, with a comment saying why (化身, 連環, 五常 and their like).
"""
