"""Square grids: cells `(x, y)` with x to the right and y downwards, as Tiled stores them."""

from __future__ import annotations

from dataclasses import dataclass
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
