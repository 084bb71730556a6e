"""Animations for events: flying chips, floating text, rings, banners (dice: `sprites.dice`).

Every animation has a duration in seconds and is advanced by `update(dt)` with dt already
scaled by the player's speed setting, so the same code serves 1x, 2x, 4x and "instant"
(`finish()`). A `Timeline` plays groups of animations one after another; the animations of a
group play together. Drawing never changes game state.
"""

from __future__ import annotations

import abc

import math
from dataclasses import dataclass, field
from typing import Callable

import pygame

DICE_TUMBLE_S = 0.55     # seconds of tumbling before the dice settle
DICE_SETTLE_S = 0.25     # seconds the settled faces stay before the next group
CHIP_FLIGHT_S = 0.55     # seconds for a resource chip to fly to its player's panel
CHIP_STAGGER_S = 0.06    # seconds between chips of one production
FLOAT_TEXT_S = 1.0       # seconds a floating number rises and fades
RING_S = 0.35            # seconds of the flash ring where something was built
BANNER_S = 0.9           # seconds a turn banner stays
FLASH_S = 0.6            # seconds a producing hex lights up


def ease_out(p: float) -> float:
    return 1 - (1 - p) ** 3


def ease_in_out(p: float) -> float:
    return 3 * p * p - 2 * p * p * p


class Anim(abc.ABC):
    """Base: something drawn for `duration` seconds after an optional `delay`."""

    def __init__(self, duration: float, delay: float = 0.0) -> None:
        self.duration = duration
        self.delay = delay
        self.t = 0.0

    @property
    def progress(self) -> float:
        return max(0.0, min(1.0, (self.t - self.delay) / self.duration)) if self.duration > 0 else 1.0

    @property
    def started(self) -> bool:
        return self.t >= self.delay

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration

    def update(self, dt: float) -> None:
        self.t += dt

    def finish(self) -> None:
        self.t = self.delay + self.duration

    @abc.abstractmethod
    def draw(self, canvas: pygame.Surface) -> None:
        """Draw the current frame of the animation."""


class FlyChip(Anim):
    """A small sprite flying along an arc from `start` to `end`."""

    def __init__(self, image: pygame.Surface, start: tuple[float, float], end: tuple[float, float],
                 delay: float = 0.0) -> None:
        super().__init__(CHIP_FLIGHT_S, delay)
        self.image, self.start, self.end = image, start, end

    def draw(self, canvas: pygame.Surface) -> None:
        if not self.started or self.done:
            return
        p = ease_in_out(self.progress)
        x = self.start[0] + (self.end[0] - self.start[0]) * p
        y = self.start[1] + (self.end[1] - self.start[1]) * p - 24 * math.sin(math.pi * p)
        canvas.blit(self.image, (round(x) - self.image.get_width() // 2, round(y) - self.image.get_height() // 2))


class FloatText(Anim):
    """A pre-rendered line rising and fading (e.g. "-2" over a player's panel)."""

    def __init__(self, image: pygame.Surface, pos: tuple[int, int], delay: float = 0.0) -> None:
        super().__init__(FLOAT_TEXT_S, delay)
        self.image, self.pos = image, pos

    def draw(self, canvas: pygame.Surface) -> None:
        if not self.started or self.done:
            return
        p = self.progress
        img = self.image.copy()
        img.set_alpha(int(255 * min(1.0, 2 * (1 - p))))
        # centred on its spot, but kept whole on the canvas (a label over a tile at the
        # board's edge was cut off)
        x = max(0, min(self.pos[0] - img.get_width() // 2, canvas.get_width() - img.get_width()))
        canvas.blit(img, (x, self.pos[1] - int(14 * ease_out(p))))


class Ring(Anim):
    """An expanding pixel ring where something just appeared."""

    def __init__(self, pos: tuple[int, int], colour: tuple[int, int, int]) -> None:
        super().__init__(RING_S)
        self.pos, self.colour = pos, colour

    def draw(self, canvas: pygame.Surface) -> None:
        if self.done:
            return
        r = 3 + int(10 * ease_out(self.progress))
        pygame.draw.circle(canvas, self.colour, self.pos, r, 1)


class Banner(Anim):
    """A banner image sliding in, holding, and sliding out at `centre`."""

    def __init__(self, image: pygame.Surface, centre: tuple[int, int], duration: float = BANNER_S) -> None:
        super().__init__(duration)
        self.image, self.centre = image, centre

    def draw(self, canvas: pygame.Surface) -> None:
        if self.done:
            return
        p = self.progress
        slide = ease_out(min(1.0, p * 5)) if p < 0.8 else 1 - ease_out((p - 0.8) * 5)
        w = self.image.get_width()
        x = self.centre[0] - w // 2
        y = self.centre[1] - self.image.get_height() // 2
        offset = int((1 - slide) * 40)
        img = self.image
        if slide < 1:
            img = self.image.copy()
            img.set_alpha(int(255 * slide))
        canvas.blit(img, (x, y - offset))


class Wait(Anim):
    """Nothing drawn: a pause in the timeline."""

    def draw(self, canvas: pygame.Surface) -> None:
        return


@dataclass
class Group:
    """Animations that play together; callbacks when the group starts and ends."""

    anims: list[Anim]
    on_start: Callable[[], None] | None = None
    on_done: Callable[[], None] | None = None
    sound: str | None = None
    started: bool = False

    @property
    def done(self) -> bool:
        return all(a.done for a in self.anims)


@dataclass
class Timeline:
    """Groups played in order; `play_sound` is called with each group's sound as it starts."""

    play_sound: Callable[[str], None] = lambda name: None
    groups: list[Group] = field(default_factory=list)

    @property
    def busy(self) -> bool:
        return bool(self.groups)

    def add(self, group: Group) -> None:
        self.groups.append(group)

    def _start(self, group: Group) -> None:
        group.started = True
        if group.sound:
            self.play_sound(group.sound)
        if group.on_start:
            group.on_start()

    def update(self, dt: float) -> None:
        while self.groups:
            group = self.groups[0]
            if not group.started:
                self._start(group)
            for a in group.anims:
                a.update(dt)
            if not group.done:
                return
            self.groups.pop(0)
            if group.on_done:
                group.on_done()
            dt = 0.0

    def finish_all(self) -> None:
        """Skip to the end: every callback runs, in order, silently."""
        while self.groups:
            group = self.groups.pop(0)
            if not group.started:
                group.started = True
                if group.on_start:
                    group.on_start()
            if group.on_done:
                group.on_done()

    def draw(self, canvas: pygame.Surface) -> None:
        if self.groups and self.groups[0].started:
            for a in self.groups[0].anims:
                a.draw(canvas)


class Flash(Anim):
    """A shape (e.g. a producing hex) lighting up and fading: a filled polygon at falling
    alpha with a bright outline."""

    def __init__(self, points: list[tuple[int, int]], colour: tuple[int, int, int], duration: float = FLASH_S,
                 delay: float = 0.0) -> None:
        super().__init__(duration, delay)
        self.points, self.colour = [(round(x), round(y)) for x, y in points], colour
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        self.box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)

    def draw(self, canvas: pygame.Surface) -> None:
        if not self.started or self.done:
            return
        fade = 1 - self.progress
        layer = pygame.Surface(self.box.size, pygame.SRCALPHA)
        local = [(x - self.box.x, y - self.box.y) for x, y in self.points]
        pygame.draw.polygon(layer, (*self.colour, int(150 * fade)), local)
        pygame.draw.polygon(layer, (*self.colour, int(255 * fade)), local, 1)
        canvas.blit(layer, self.box.topleft)
