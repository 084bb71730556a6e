"""Issue 19 item 7: the board memo (checker results shared by every game on a board) is
bounded. Before, it grew without end across games: 1.5 M objects and 240 MB after 40
random games, walked by every full garbage collection."""

from __future__ import annotations

from game.territory import board as B
from game.territory import turn
from tests.helpers.territory import new_game


def test_board_memo_is_cleared_at_start_once_it_reaches_its_limit(monkeypatch):
    monkeypatch.setattr(B, "MEMO_LIMIT", 50)
    g = new_game(seats=2, seed=1)
    memo = g.board.memo
    memo.clear()
    memo.update({("probe", k): k for k in range(49)})
    turn.start_turn(g)
    assert ("probe", 0) in memo          # 49 < 50 entries: kept
    memo[("probe", 49)] = 49
    turn.start_turn(g)
    assert ("probe", 0) not in memo and ("probe", 49) not in memo   # 50: forgotten
