"""Bots: players that see only their own view and play legal actions.

``policy`` defines what a bot is; ``play`` plays whole games with bots and
returns a :class:`~tianting.bots.record.GameRecord`; ``random_policy`` and
``heuristic`` are the two policies.
"""
