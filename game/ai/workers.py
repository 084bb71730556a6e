"""The hard agent's worker processes (issue 18): search is pure-Python CPU work, so it runs in
processes, not threads (a thread would hold the GIL against the frame loop).

- `think_pool()`: the one process an offloaded decision runs in (`levels.HardAgent.offload`,
  set by the game screens), shared by every hard seat;
- `helper_pool(n)`: n more processes a whole-turn plan search hands evaluation playouts to
  (`game.ai.plans`, the agent's `cores` above 1), so one decision uses every core.

Both are spawned, not forked (the game's process runs pygame and threads), once, and kept.
They are batch processes (`game.core.runtime`) and run at a lower scheduling priority
(`NICE`, where the system has one): on a machine whose every core is searching, the game's
own process still gets the CPU when a frame is due, so the animation does not stutter while
the AI thinks.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.util
import os
import signal
import threading
from concurrent.futures import ProcessPoolExecutor

from game.core.runtime import batch_gc

NICE = 5   # the workers' niceness: the frame loop is served first

_THINK: ProcessPoolExecutor | None = None
_HELPERS: dict[int, ProcessPoolExecutor] = {}


def _prepare() -> None:
    """Pool initializer: a worker is a batch process (`game.core.runtime.batch_gc`), leaves
    Ctrl+C to its parent, ends when the process that started it ends (`_outlive_not`), and
    yields the CPU to the game's process (Unix; Windows keeps the normal priority, `os.nice`
    does not exist there)."""
    batch_gc()
    # Ctrl+C in a terminal reaches every process of the group: the one that started the
    # workers stops them once it has saved (or `_outlive_not` does), and they print nothing
    # of their own. (SIGTERM keeps its default: the executor ends a broken pool's workers
    # with it.)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_outlive_not, args=(parent,), daemon=True).start()
    nice = getattr(os, "nice", None)
    if nice is not None:
        try:   # to NICE in all (a helper started by the think process inherits its niceness)
            nice(max(0, NICE - nice(0)))
        except OSError:   # not permitted here: run at the normal priority
            pass


def _outlive_not(parent: multiprocessing.process.BaseProcess) -> None:
    """End this worker as soon as `parent` has ended. A game killed or ended by SIGTERM exits
    without shutting its pools down, and an idle worker waits for work for ever: found
    looking at the game, its think process and helper stayed behind. (Its helpers watch it
    the same way.)"""
    parent.join()
    os._exit(0)


def _spawned(workers: int) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_prepare)


def think_pool() -> ProcessPoolExecutor:
    """The one process offloaded decisions run in."""
    global _THINK
    if _THINK is None:
        _THINK = _spawned(1)
    return _THINK


def helper_pool(workers: int) -> ProcessPoolExecutor:
    """`workers` processes for evaluation playouts (made once per size, then kept)."""
    pool = _HELPERS.get(workers)
    if pool is None:
        pool = _HELPERS[workers] = _spawned(workers)
        if multiprocessing.parent_process() is not None:
            # in a worker process (the think process): its exit joins its children, and its
            # helpers would wait for work for ever; stop them first, before that join and
            # before the pools' own queues are closed (their finalizers run at priority 10).
            # A main process stops them in concurrent.futures' own exit hook.
            multiprocessing.util.Finalize(None, _stop_helpers, exitpriority=100)
    return pool


def warm_helpers(workers: int) -> None:
    """Start `workers` helper processes now (a game screen asks the think process for this
    when it opens, so the first searched plan does not wait for processes to start)."""
    helper_pool(workers).submit(int).result()


def _stop_helpers() -> None:
    pools = list(_HELPERS.values())
    _HELPERS.clear()
    for pool in pools:
        pool.shutdown(wait=True, cancel_futures=True)


def drop_helpers(workers: int) -> None:
    """Forget a broken helper pool (a later search starts a new one)."""
    pool = _HELPERS.pop(workers, None)
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


def shutdown() -> None:
    """Stop every worker (at exit; a later decision starts them again)."""
    global _THINK
    pools = list(_HELPERS.values()) + ([_THINK] if _THINK is not None else [])
    _HELPERS.clear()
    _THINK = None
    for pool in pools:
        pool.shutdown(wait=False, cancel_futures=True)
