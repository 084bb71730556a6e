"""Stopping a command started in its own session, as a terminal or a shutdown would."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path


def start(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.Popen:
    """`python ARGS...` in its own process group (so a signal can reach all of it), its
    output captured as text."""
    return subprocess.Popen([sys.executable, *args], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, start_new_session=True)


def stop_after(proc: subprocess.Popen, seconds: float, signum: int, group: bool = False,
               timeout: float = 30) -> tuple[str, str]:
    """Let `proc` run `seconds`, send it `signum` (to its whole group, as a terminal's Ctrl+C
    does, with `group`) and return its (stdout, stderr). The pipes close only when the last
    process holding them has ended, so a worker left running fails the wait: the group is
    then killed and an AssertionError raised."""
    time.sleep(seconds)
    assert proc.poll() is None, proc.communicate()
    if group:
        os.killpg(proc.pid, signum)
    else:
        proc.send_signal(signum)
    try:
        return proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise AssertionError(f"{proc.args} or one of its workers did not stop") from None
