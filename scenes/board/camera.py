"""The camera: which part of a board (world pixels) the screen shows, at which whole zoom.

World ↔ canvas conversion lives here and nowhere else. A board smaller than the view is centred
in it; a larger one scrolls by drag (right or middle button), arrow keys / WASD and the screen
edge, and zooms by whole steps with the mouse wheel around the pointer. Positions are clamped
so the map never leaves the view. `follow` centres a moving piece when it nears the edge.
"""

from __future__ import annotations

import pygame

PAN_SPEED_PX_S = 240.0    # canvas pixels per second for keys and the screen edge
EDGE_PX = 6               # how near the view's edge the pointer scrolls
FOLLOW_MARGIN = 0.2       # fraction of the view kept between a followed piece and the edge
PAN_KEYS = {pygame.K_LEFT: (-1, 0), pygame.K_a: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_d: (1, 0),
            pygame.K_UP: (0, -1), pygame.K_w: (0, -1), pygame.K_DOWN: (0, 1), pygame.K_s: (0, 1)}


class Camera:
    """`view` is the canvas rectangle the board is drawn in; `x, y` the world point at its
    top-left corner; `zoom` a whole number from `zooms`."""

    def __init__(self, world_size: tuple[int, int], view: pygame.Rect | tuple[int, int, int, int],
                 zooms: tuple[int, ...] = (1, 2)) -> None:
        self.world_w, self.world_h = world_size
        self.view = pygame.Rect(view)
        self.zooms = zooms
        self.zoom = zooms[0]
        self.x = self.y = 0.0
        self.locked = False       # `lock`: the view never moves (a board that fits as it is)
        self._held: set[int] = set()
        self._drag: tuple[int, int] | None = None
        self.clamp()

    # ---- conversion ----------------------------------------------------------------------
    def to_canvas(self, p: tuple[float, float]) -> tuple[int, int]:
        """World pixel -> canvas pixel."""
        return (round((p[0] - self.x) * self.zoom) + self.view.x,
                round((p[1] - self.y) * self.zoom) + self.view.y)

    def to_world(self, p: tuple[float, float]) -> tuple[float, float]:
        """Canvas pixel -> world pixel."""
        return ((p[0] - self.view.x) / self.zoom + self.x,
                (p[1] - self.view.y) / self.zoom + self.y)

    def visible_world(self) -> pygame.Rect:
        """The world rectangle in view (rounded outwards)."""
        return pygame.Rect(int(self.x), int(self.y), int(self.view.width / self.zoom) + 2,
                           int(self.view.height / self.zoom) + 2)

    # ---- moving ----------------------------------------------------------------------------
    def lock(self, p: tuple[float, float]) -> None:
        """Centre on world point `p` and stay there: no pan, scroll, follow or zoom (a board
        whose content fits the view at this zoom, with only a sea margin around it)."""
        self.locked = False
        self.x = p[0] - self.view.width / self.zoom / 2
        self.y = p[1] - self.view.height / self.zoom / 2
        self.locked = True

    @property
    def scrollable(self) -> bool:
        return not self.locked and (self.world_w * self.zoom > self.view.width
                                    or self.world_h * self.zoom > self.view.height)

    def clamp(self) -> None:
        """Keep the map filling the view; a map smaller than the view is centred."""
        if self.locked:
            return
        for axis, world, span in (("x", self.world_w, self.view.width), ("y", self.world_h, self.view.height)):
            visible = span / self.zoom
            if world <= visible:
                value = (world - visible) / 2
            else:
                value = min(max(getattr(self, axis), 0.0), world - visible)
            setattr(self, axis, value)

    def pan(self, dx: float, dy: float) -> None:
        """Move the view by canvas pixels (positive: the board moves left/up)."""
        self.x += dx / self.zoom
        self.y += dy / self.zoom
        self.clamp()

    def centre_on(self, p: tuple[float, float]) -> None:
        self.x = p[0] - self.view.width / self.zoom / 2
        self.y = p[1] - self.view.height / self.zoom / 2
        self.clamp()

    def follow(self, p: tuple[float, float]) -> None:
        """Centre on `p` if it is near or beyond the view's edge (an animated piece)."""
        if self.locked:
            return
        cx, cy = self.to_canvas(p)
        mx, my = self.view.width * FOLLOW_MARGIN, self.view.height * FOLLOW_MARGIN
        inner = self.view.inflate(-2 * mx, -2 * my)
        if not inner.collidepoint(cx, cy):
            self.centre_on(p)

    def zoom_by(self, steps: int, anchor: tuple[int, int] | None = None) -> None:
        """Zoom in (+) or out (-) by whole steps, keeping the world point under `anchor`."""
        i = max(0, min(len(self.zooms) - 1, self.zooms.index(self.zoom) + steps))
        if self.zooms[i] == self.zoom:
            return
        anchor = anchor or self.view.center
        wx, wy = self.to_world(anchor)
        self.zoom = self.zooms[i]
        self.x = wx - (anchor[0] - self.view.x) / self.zoom
        self.y = wy - (anchor[1] - self.view.y) / self.zoom
        self.clamp()

    # ---- input -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, pointer: tuple[int, int] | None = None) -> bool:
        """Drag, wheel (zooming around the canvas `pointer`) and pan keys; True when used."""
        if self.locked:
            return False
        if event.type == pygame.MOUSEWHEEL:
            if len(self.zooms) < 2:
                return False
            inside = pointer if pointer is not None and self.view.collidepoint(pointer) else None
            self.zoom_by(1 if event.y > 0 else -1, inside)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (2, 3) and self.view.collidepoint(event.pos):
            self._drag = event.pos
            return False   # a right click may still mean "cancel" to the screen
        if event.type == pygame.MOUSEBUTTONUP and event.button in (2, 3):
            self._drag = None
        if event.type == pygame.MOUSEMOTION and self._drag is not None:
            if not any(event.buttons[1:3]):
                self._drag = None
                return False
            self.pan(self._drag[0] - event.pos[0], self._drag[1] - event.pos[1])
            self._drag = event.pos
            return True
        if event.type == pygame.KEYDOWN and event.key in PAN_KEYS and self.scrollable:
            self._held.add(event.key)
            return True
        if event.type == pygame.KEYUP and event.key in PAN_KEYS:
            used = event.key in self._held
            self._held.discard(event.key)
            return used
        return False

    def update(self, dt: float, mouse: tuple[int, int] | None = None, edge_scroll: bool = True) -> None:
        """Pan for held keys and for a pointer at the view's edge."""
        if not self.scrollable:
            return
        dx = sum(PAN_KEYS[k][0] for k in self._held)
        dy = sum(PAN_KEYS[k][1] for k in self._held)
        if edge_scroll and mouse is not None and self.view.collidepoint(mouse):
            if mouse[0] < self.view.left + EDGE_PX:
                dx -= 1
            elif mouse[0] >= self.view.right - EDGE_PX:
                dx += 1
            if mouse[1] < self.view.top + EDGE_PX:
                dy -= 1
            elif mouse[1] >= self.view.bottom - EDGE_PX:
                dy += 1
        if dx or dy:
            self.pan(dx * PAN_SPEED_PX_S * dt, dy * PAN_SPEED_PX_S * dt)
