"""Up to eight seat colours, each also told apart by a marker shape (colour-blind players).

The table is the piece sheets' own (`sprites/sheets/seats.json`, read by `sprites.tint`):
vermillion, sky, yellow, green (Tidegate's four, theme.SEAT_COLOURS), then violet, pink, ivory
and brown, each with its marker shape (circle, square, triangle, diamond, star, cross,
hexagon, ring). (light, shade) of a seat are its ramp's base and shade steps; `COLOUR_KEYS`
are the translation keys of the colour names. The marker shapes differ in outline, so two
seats never look alike in greyscale either.
"""

from __future__ import annotations

import math

import pygame

from scenes import theme
from sprites.sheets import load_index
from sprites.tint import seat_markers, seat_ramps

SEAT_COLOURS: list[tuple[tuple[int, int, int], tuple[int, int, int]]] = [
    (ramp[2], ramp[1]) for ramp in seat_ramps()]
MAX_SEATS = len(SEAT_COLOURS)
MARKERS: tuple[str, ...] = tuple(seat_markers())
COLOUR_KEYS: tuple[str, ...] = tuple(f"colour.{s['name']}" for s in load_index("seats")["seats"])


def seat_colour(index: int) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """(light, shade) of colour `index` (wraps beyond eight)."""
    return SEAT_COLOURS[index % MAX_SEATS]


def marker_points(kind: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The polygon of a marker shape (circle and ring are drawn as circles)."""
    if kind == "square":
        return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    if kind == "triangle":
        return [(cx, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    if kind == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if kind == "star":
        pts = []
        for k in range(10):
            a = -math.pi / 2 + k * math.pi / 5
            rr = r if k % 2 == 0 else r * 0.45
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        return pts
    if kind == "cross":
        t = max(1.0, r / 2.5)
        return [(cx - t, cy - r), (cx + t, cy - r), (cx + t, cy - t), (cx + r, cy - t), (cx + r, cy + t),
                (cx + t, cy + t), (cx + t, cy + r), (cx - t, cy + r), (cx - t, cy + t), (cx - r, cy + t),
                (cx - r, cy - t), (cx - t, cy - t)]
    if kind == "hexagon":
        return [(cx + r * math.cos(k * math.pi / 3), cy + r * math.sin(k * math.pi / 3)) for k in range(6)]
    if kind == "bar":
        return [(cx - r, cy - r / 2.5), (cx + r, cy - r / 2.5), (cx + r, cy + r / 2.5), (cx - r, cy + r / 2.5)]
    return []


def draw_marker(canvas: pygame.Surface, seat_index: int, centre: tuple[int, int], radius: int = 4) -> None:
    """The seat's marker: its shape, filled with its colour, outlined in ink."""
    kind = MARKERS[seat_index % len(MARKERS)]
    light, _ = seat_colour(seat_index)
    cx, cy = centre
    if kind == "circle":
        pygame.draw.circle(canvas, light, centre, radius)
        pygame.draw.circle(canvas, theme.INK, centre, radius, 1)
        return
    if kind == "ring":   # a hollow ring: its silhouette differs from the circle's
        pygame.draw.circle(canvas, theme.INK, centre, radius, max(2, radius // 2 + 1))
        pygame.draw.circle(canvas, light, centre, radius - 1, max(1, radius // 2 - 1))
        return
    pts = marker_points(kind, cx, cy, radius)
    pygame.draw.polygon(canvas, light, pts)
    pygame.draw.polygon(canvas, theme.INK, pts, 1)


def marker_image(seat_index: int, radius: int = 4) -> pygame.Surface:
    """The marker on its own transparent image (2*radius+3 square)."""
    size = 2 * radius + 3
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    draw_marker(surf, seat_index, (size // 2, size // 2), radius)
    return surf
