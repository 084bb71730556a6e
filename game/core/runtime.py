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

Batch commands also stop alike: within `sigterm_as_interrupt` SIGTERM stops them as Ctrl+C
does, and their pools' workers (`batch_worker_start`) leave both to them.
"""

from __future__ import annotations

import gc
import signal
import threading
from contextlib import contextmanager
from typing import Iterator

BATCH_GC_YOUNG = 10_000   # net allocations between young collections in batch processes


def batch_gc() -> None:
    """Collect garbage less often (see the module docstring); the older generations keep
    their thresholds, so they still run every 10 young collections."""
    young, middle, old = gc.get_threshold()
    gc.set_threshold(max(young, BATCH_GC_YOUNG), middle, old)


def batch_worker_start() -> None:
    """Initializer of a pool of batch workers (`main.py simulate --jobs`, `tools/soak.py
    --jobs`): a batch process that leaves Ctrl+C to the process that started it (a terminal
    sends it to the whole group; the parent stops its pool) and ends quietly on SIGTERM, how a
    `multiprocessing` pool stops its workers (not by a handler a forked worker inherits)."""
    batch_gc()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """Within: SIGTERM raises KeyboardInterrupt, so a batch command stops as on Ctrl+C (its
    pool terminated, its report or one line said). Only in the main thread, where Python runs
    signal handlers; the previous handler comes back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
