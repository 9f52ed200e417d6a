"""The resolution machinery every rule set stands on (issue 30): each rule concept that the rule sets share,
written once, typed (``mypy --strict``), pure and deterministic.

- :mod:`.harm`: harm (致伤 / 致死), 傷害減輕 / 加深, prevention, and seed 001's defence order as a strategy;
- :mod:`.rulings`: the judge's rulings as one dispatch table (effect → handler, by moment) a rule set extends;
- :mod:`.stages`: the walk through a resolution's named stages (KK 3.3's night, the 24人 family's night and day);
- :mod:`.succession`: who succeeds a character at its death (KK 3.3's 轉生, the 24人 family's 继任, 鼎立's branches);
- :mod:`.stab`: the stab between two of one side (one recorded half chance; what it does is the rule set's);
- :mod:`.order`: the order of resolution as named priority bands (seed 001's and seed 003's timing classes).
- :mod:`.recognition`: 互相认识 and the country group it opens (ruling D-X2), for every rule set;
- :mod:`.phase`: the protocols of the phase being resolved, as the effects read it.

Rule sets (``tianting.rules.*``) import from here; nothing here imports a rule set.
"""
