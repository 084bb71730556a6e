"""Square grids: cells `(x, y)` with x to the right and y downwards, as Tiled stores them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

Cell = tuple[int, int]
ORTHOGONAL: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))  # n, e, s, w
DIAGONAL: tuple[Cell, ...] = ((1, -1), (1, 1), (-1, 1), (-1, -1))


@dataclass(frozen=True)
class SquareGrid:
    """A width x height grid of cells."""

    width: int
    height: int

    def __contains__(self, cell: Cell) -> bool:
        x, y = cell
        return 0 <= x < self.width and 0 <= y < self.height

    def cells(self) -> Iterator[Cell]:
        """Every cell in reading order."""
        for y in range(self.height):
            for x in range(self.width):
                yield x, y

    def index(self, cell: Cell) -> int:
        return cell[1] * self.width + cell[0]

    def cell(self, index: int) -> Cell:
        return index % self.width, index // self.width

    def neighbours(self, cell: Cell, diagonal: bool = False) -> list[Cell]:
        """Cells sharing a side (and a corner, with `diagonal`) that lie on the grid."""
        steps = ORTHOGONAL + DIAGONAL if diagonal else ORTHOGONAL
        x, y = cell
        return [(x + dx, y + dy) for dx, dy in steps if (x + dx, y + dy) in self]

    @staticmethod
    def manhattan(a: Cell, b: Cell) -> int:
        return abs(a[0] - b[0]) + abs(a[1] - b[1])

    @staticmethod
    def chebyshev(a: Cell, b: Cell) -> int:
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


class SquareTopology:
    """Neighbour tables of a width x height square grid, built once and shared (immutable).

    Cells are indices `i = y * width + x`. Each table lists, per index, the neighbours that
    lie on the grid: `orthogonal` in n, e, s, w order; `diagonal` in ne, se, sw, nw order;
    `king` is orthogonal then diagonal (n, e, s, w, ne, se, sw, nw). Rules loop over these
    tuples instead of recomputing coordinates, which is what makes reachability cheap.
    """

    __slots__ = ("width", "height", "size", "orthogonal", "diagonal", "king")

    def __init__(self, width: int, height: int) -> None:
        if width <= 0 or height <= 0:
            raise ValueError(f"a square grid needs a positive size, not {width}x{height}")
        self.width = width
        self.height = height
        self.size = width * height
        self.orthogonal = self._table(ORTHOGONAL)
        self.diagonal = self._table(DIAGONAL)
        self.king = tuple(o + d for o, d in zip(self.orthogonal, self.diagonal))

    def _table(self, steps: tuple[Cell, ...]) -> tuple[tuple[int, ...], ...]:
        w, h = self.width, self.height
        return tuple(
            tuple((y + dy) * w + x + dx for dx, dy in steps if 0 <= x + dx < w and 0 <= y + dy < h)
            for y in range(h) for x in range(w)
        )

    def xy(self, i: int) -> Cell:
        """The (x, y) of index `i`."""
        return i % self.width, i // self.width

    def index(self, x: int, y: int) -> int:
        """The index of (x, y) (which must be inside)."""
        return y * self.width + x

    def inside(self, x: int, y: int) -> bool:
        """True when (x, y) lies on the grid."""
        return 0 <= x < self.width and 0 <= y < self.height


@lru_cache(maxsize=64)
def square_topology(width: int, height: int) -> SquareTopology:
    """The shared `SquareTopology` of a width x height grid (built once per size)."""
    return SquareTopology(width, height)
