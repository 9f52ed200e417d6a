"""天庭 (tianting): an automated judge for 三國版殺.

The data flow is: actions in → resolution stages → outcomes → feedback and
announcement. The core (``tianting.core``) knows players, randomness, traces
and errors; each rule set (``tianting.rules.<name>``) knows its own skills.
"""

__version__ = "0.1.0"
