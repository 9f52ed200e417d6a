"""Hosting a game: the pure domain behind ``tianting serve``.

A hosted game is stored as its inputs, an append-only list of
:class:`~tianting.hosting.events.Event` (the judge's set-up, the players'
character choices, submissions and votes, the judge's resolutions, rulings,
edits and publications). Everything else, the seats, the drafts, what each
player may read, is derived by folding those events in order
(:class:`~tianting.hosting.game.HostedGame`) and replaying the game script
they add up to through the engine. No I/O here: the server stores the events,
this package says what they mean.
"""
