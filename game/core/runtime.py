"""How the program's batch processes set up the Python runtime.

Batch work (`main.py simulate`, `tools/bench.py`, `tools/soak.py`, the hard AI's worker
processes) plays thousands of rules actions a second and keeps large memos alive for the whole
process (the boards' checker results, shared actions and plans). With CPython's default
collector thresholds (700, 10, 10) a young collection runs every 700 net allocations and the
older generations, which hold those memos, are walked often; in random Dice for Land play the
collector took about 4 % of the time. Batch processes therefore start a young collection only
every `BATCH_GC_YOUNG` allocations (callgrind, 5 random games: -3.6 % instructions of the
games). The game's own window process keeps the defaults: a larger young generation means
longer single collections, and there every frame counts more than the total.
"""

from __future__ import annotations

import gc

BATCH_GC_YOUNG = 10_000   # net allocations between young collections in batch processes


def batch_gc() -> None:
    """Collect garbage less often (see the module docstring); the older generations keep
    their thresholds, so they still run every 10 young collections."""
    young, middle, old = gc.get_threshold()
    gc.set_threshold(max(young, BATCH_GC_YOUNG), middle, old)
