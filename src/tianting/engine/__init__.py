"""The resolution machinery every rule set stands on (issue 30): each rule concept that the rule sets share,
written once, typed (``mypy --strict``), pure and deterministic.

- :mod:`.harm`: harm (致伤 / 致死), 傷害減輕 / 加深, prevention, and seed 001's defence order as a strategy;
- :mod:`.rulings`: the judge's rulings as one dispatch table (effect → handler, by moment) a rule set extends;
- :mod:`.stages`: the walk through a resolution's named stages (KK 3.3's night, the 24人 family's night);
- :mod:`.succession`: who succeeds a character at its death (the 24人 family's 继任 and 鼎立's branches).

Rule sets (``tianting.rules.*``) import from here; nothing here imports a rule set.
"""
