"""The app: window, integer-scaled 640x360 canvas, fixed-timestep loop and the scene stack.

The loop follows "Fix Your Timestep": frame time from `time.perf_counter()`, clamped to
MAX_FRAME_S, consumed in UPDATE_DT steps. Input and updates run at FPS_CAP; a frame is drawn
after input, while a scene animates, and otherwise IDLE_LOOK_HZ times a second, and the window
is only flipped when the picture changed: an idle screen costs a few per cent of a core, not
half of one (most of a frame's cost is the flip). The canvas is scaled by a whole number and
letterboxed, so pixel art never blurs. The same code runs with SDL_VIDEODRIVER=dummy for tests
and `main.py smoke`.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
import traceback
import warnings
from typing import TYPE_CHECKING, Callable, Hashable

import pygame

from game.core.i18n import set_language, tr
from scenes import theme
from scenes.art import Art
from scenes.dialogs import ConfirmQuit
from scenes.scene import Scene
from scenes.settings import Settings
from scenes.audio import SoundBank, init_mixer
from scenes.text import Text

if TYPE_CHECKING:
    from scenes.navigator import Navigator

UPDATE_HZ = 60
UPDATE_DT = 1.0 / UPDATE_HZ   # seconds per update step
MAX_FRAME_S = 0.25            # frame time clamp (avoids the spiral of death)
FPS_CAP = 60
MINIMIZED_FPS = 10   # a minimised window is not drawn; its loop only keeps the game going
# An idle screen (no input, nothing animating) is looked at this often: drawn onto the canvas
# and flipped only if it changed, so ambient loops (the sea, tile animations, smoke, a caret)
# still move, a frame or a few late, at a fraction of the cost of drawing every frame.
IDLE_LOOK_HZ = 15
CANVAS_SIZE = (theme.CANVAS_W, theme.CANVAS_H)
# window events after which the window must be flipped again even if the canvas is the same
REPAINT_EVENTS = (pygame.VIDEORESIZE, pygame.VIDEOEXPOSE, pygame.WINDOWSHOWN, pygame.WINDOWEXPOSED,
                  pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESTORED,
                  pygame.WINDOWMAXIMIZED)


WINDOW_MARGIN = (80, 120)     # pixels of the desktop kept for window borders, title bar, taskbar
FALLBACK_DESKTOP = (1280, 720)


def desktop_size() -> tuple[int, int]:
    """The first display's desktop size (a common laptop size when SDL cannot tell)."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return FALLBACK_DESKTOP
    return tuple(sizes[0]) if sizes else FALLBACK_DESKTOP  # type: ignore[return-value]


def window_scale(desktop: tuple[int, int]) -> int:
    """The largest whole scale whose window, with its frame, fits on `desktop` beside the
    taskbar (at least 1): the "auto" scale."""
    w, h = desktop[0] - WINDOW_MARGIN[0], desktop[1] - WINDOW_MARGIN[1]
    return max(1, min(w // CANVAS_SIZE[0], h // CANVAS_SIZE[1]))


def first_window(desktop: tuple[int, int]) -> tuple[int, bool]:
    """(scale, full screen) for the very first start, before any setting is saved.

    A window of the auto scale, except where that is 1x while the whole display holds 2x or
    more (1280x720, 1366x768, 1280x800): a 640x360 window would cover a quarter of the screen,
    and 2x fits only without the window's frame, so the game starts full screen (F11 leaves).
    """
    windowed = window_scale(desktop)
    whole = max(1, min(desktop[0] // CANVAS_SIZE[0], desktop[1] // CANVAS_SIZE[1]))
    if windowed == 1 and whole >= 2:
        return whole, True
    return windowed, False


def set_minimum_size(size: tuple[int, int]) -> None:
    """Ask the window manager not to let the window shrink below `size` (the canvas at scale
    1): smaller, the picture is cut off at the edges, controls included. pygame-ce reaches the
    window of `display.set_mode` only through a method it marks deprecated; without it (an older
    or newer pygame-ce, a driver without windows) the window simply has no minimum."""
    window_class = getattr(pygame, "Window", None)
    if window_class is None or not hasattr(window_class, "from_display_module"):
        return
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            window_class.from_display_module().minimum_size = size
    except (pygame.error, AttributeError, TypeError):
        pass


class App:
    """Owns the window, the shared services (text, art, sounds, settings) and the stack."""

    def __init__(self, settings: Settings | None = None, window_size: tuple[int, int] | None = None) -> None:
        self.settings = settings or Settings.load()
        set_language(self.settings.language)
        # SDL would turn SIGTERM and SIGINT into a window-close event, which asks "Quit?" and
        # waits; a shutdown, `kill` or Ctrl+C must instead save and end (see _on_terminate, run).
        os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
        pygame.init()
        init_mixer()
        pygame.display.set_caption(tr("title.name"))   # the collection's name, as on the title
        self.window = self._open_window(window_size)
        self.canvas = pygame.Surface(CANVAS_SIZE).convert()
        self.text = Text()
        self.art = Art()
        self.sounds = SoundBank(volume=self.settings.volume, muted=self.settings.muted)
        self.stack: list[Scene] = []
        self._nav: "Navigator | None" = None
        self.running = True
        self.clock = pygame.time.Clock()
        self.frame_times: list[float] = []   # seconds per frame (update + draw), for benchmarks
        self.mouse = (0, 0)
        self.ticks = 0                       # update steps since start (animation time base)
        self.minimized = False               # the window is minimised or hidden: no drawing
        self.on_crash: Callable[[BaseException, str], None] | None = None
        self._presented = False
        self._redraw = True                  # input, a new screen or window since the last draw
        self._since_draw = 0.0               # seconds since the canvas was last drawn
        self._shown: bytes | None = None     # the canvas last flipped to the window
        self._looks: list[Hashable] = []     # the drawn scenes' `look()` at the last draw
        self.draws = 0                       # frames drawn onto the canvas (tests, benchmarks)
        self.flips = 0                       # frames flipped to the window
        self.terminating = False
        if hasattr(signal, "SIGTERM") and threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, self._on_terminate)
        pygame.key.set_repeat(300, 40)
        pygame.mouse.set_visible(False)

    # ---- window ---------------------------------------------------------------------------
    def _open_window(self, size: tuple[int, int] | None) -> pygame.Surface:
        if size is None and self.settings.first_start and not self.settings.fullscreen:
            # the windowed pick is the auto scale below; only full screen needs remembering
            self.settings.fullscreen = first_window(desktop_size())[1]   # saved with the settings
            self.settings.first_start = False
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        if size is None:
            # never larger than the display: a window past its edge hides controls (issue 20)
            scale = min(self.settings.scale or window_scale(desktop_size()), self.max_scale())
            size = (CANVAS_SIZE[0] * scale, CANVAS_SIZE[1] * scale)
        window = pygame.display.set_mode(size, pygame.RESIZABLE)
        set_minimum_size(CANVAS_SIZE)
        return window

    @staticmethod
    def max_scale() -> int:
        """The largest whole scale whose window fits the display (at least 1)."""
        w, h = desktop_size()
        return max(1, min(w // CANVAS_SIZE[0], h // CANVAS_SIZE[1]))

    def apply_display_settings(self) -> None:
        """Re-open the window after a scale or full-screen change."""
        self.window = self._open_window(None)
        self.repaint()

    def repaint(self) -> None:
        """Draw and flip the next frame even if the picture is the same (a new window, an
        exposed one, another screen)."""
        self._redraw = True
        self._shown = None

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.settings.save()
        self.apply_display_settings()

    @property
    def scale(self) -> int:
        w, h = self.window.get_size()
        return max(1, min(w // CANVAS_SIZE[0], h // CANVAS_SIZE[1]))

    @property
    def offset(self) -> tuple[int, int]:
        w, h = self.window.get_size()
        s = self.scale
        return (w - CANVAS_SIZE[0] * s) // 2, (h - CANVAS_SIZE[1] * s) // 2

    def to_canvas(self, pos: tuple[int, int]) -> tuple[int, int]:
        ox, oy = self.offset
        s = self.scale
        return (pos[0] - ox) // s, (pos[1] - oy) // s

    def to_window(self, pos: tuple[int, int]) -> tuple[int, int]:
        """Window pixel at the centre of canvas pixel `pos` (used by UI tests to click)."""
        ox, oy = self.offset
        s = self.scale
        return ox + pos[0] * s + s // 2, oy + pos[1] * s + s // 2

    # ---- navigation ------------------------------------------------------------------------
    @property
    def nav(self) -> "Navigator":
        """Where screens send the player (home, lobby, a game...); see scenes/navigator.py."""
        if self._nav is None:
            # The app sits above every screen: it may name the registry, no screen may.
            from scenes.registry import ScreenNavigator
            self._nav = ScreenNavigator(self)
        return self._nav

    # ---- scene stack -----------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> Scene:
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.enter()
        self.repaint()
        return scene

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.leave()
        if self.stack:
            below = self.stack[-1]
            below.resume()
            # the pointer moved over the overlay, which took its motion: the scene below learns
            # where it is now, or a button it last hovered kept its highlight and tooltip (seen
            # after a confirm dialog: Submit's tip stayed up until the mouse moved)
            below.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=self.mouse, rel=(0, 0),
                                            buttons=(0, 0, 0), touch=False))
        self.repaint()
        return scene

    def replace(self, scene: Scene) -> Scene:
        if self.stack:
            self.stack.pop().leave()
        self.stack.append(scene)
        scene.enter()
        self.repaint()
        return scene

    def reset_to(self, scene: Scene) -> Scene:
        """Empty the stack and start over with `scene` (e.g. back to the title)."""
        while self.stack:
            self.stack.pop().leave()
        return self.push(scene)

    def language_changed(self) -> None:
        set_language(self.settings.language)
        pygame.display.set_caption(tr("title.name"))
        for scene in self.stack:
            scene.on_language_changed()
        self.repaint()

    # ---- loop ----------------------------------------------------------------------------
    def _translate(self, event: pygame.event.Event) -> pygame.event.Event:
        if hasattr(event, "pos") and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN,
                                                   pygame.MOUSEBUTTONUP):
            data = dict(event.dict)
            data["pos"] = self.to_canvas(event.pos)
            self.mouse = data["pos"]
            return pygame.event.Event(event.type, data)
        return event

    def process_events(self) -> None:
        for event in pygame.event.get():
            self._redraw = True   # whatever came in may show: a hover, a press, an exposed window
            if event.type in REPAINT_EVENTS:
                self._shown = None  # the window's picture may be lost or resized: flip again
            if event.type == pygame.QUIT:
                self.request_quit()
                continue
            if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
                self.window = pygame.display.get_surface()
                continue
            if event.type in (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
                self.minimized = True
            elif event.type in (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWEXPOSED,
                                pygame.WINDOWMAXIMIZED):
                self.minimized = False
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            if self.top is not None:
                self.top.handle(self._translate(event))

    def _on_terminate(self, signum, frame) -> None:
        """SIGTERM (or SIGINT while `run` loops): finish the current frame, autosave any
        running game, and end."""
        self.terminating = True

    def _terminate_now(self) -> None:
        for scene in reversed(self.stack):
            autosave = getattr(scene, "autosave", None)
            if autosave is not None:
                autosave()
                break
        self.running = False

    def request_quit(self) -> None:
        """Ask the top scene to confirm quitting (scenes may override via `on_quit`)."""
        handler = getattr(self.top, "on_quit", None)
        if handler is not None:
            handler()
        else:
            if not isinstance(self.top, ConfirmQuit):
                self.push(ConfirmQuit(self))

    def update(self, dt: float) -> None:
        self.ticks += 1
        if self.top is not None:
            self.top.update(dt)

    def drawn_scenes(self) -> list[Scene]:
        """The top scene and the scenes it lets show through (overlays)."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].transparent:
            first -= 1
        return self.stack[max(first, 0):]

    def draw_due(self) -> bool:
        """Whether the run loop draws this frame: after input or a change of screen, while a
        scene animates or its `look` changed, else every 1/IDLE_LOOK_HZ seconds (an ambient
        loop may have moved)."""
        scenes = self.drawn_scenes()
        # (less a hair: four sums of 1/60 s fall a rounding short of 1/15 s)
        return (self._redraw or self._since_draw >= 1.0 / IDLE_LOOK_HZ - 1e-9
                or any(scene.animating() for scene in scenes)
                or [scene.look() for scene in scenes] != self._looks)

    def draw(self) -> None:
        self.draws += 1
        self._redraw = False
        self._since_draw = 0.0
        scenes = self.drawn_scenes()
        self._looks = [scene.look() for scene in scenes]
        self.canvas.fill(theme.INK)
        for scene in scenes:
            scene.draw(self.canvas)
        cursor = self.art.ui["cursor_pointer"]
        self.canvas.blit(cursor, self.mouse)
        self.present()

    def present(self) -> None:
        """Scale the canvas to the window by a whole number, letterboxed, and flip; nothing
        when the window already shows this very picture."""
        picture = self.canvas.get_buffer().raw   # ~0.04 ms: far cheaper than a flip
        if picture == self._shown:
            return
        self._shown = picture
        self.flips += 1
        s = self.scale
        self.window.fill((0, 0, 0))
        if s == 1:
            self.window.blit(self.canvas, self.offset)
        else:
            self.window.blit(pygame.transform.scale_by(self.canvas, s), self.offset)
        pygame.display.flip()
        if not self._presented:
            self._presented = True
            if os.environ.get("GAME_EXIT_AFTER_FIRST_FRAME") and sys.stdout:
                # tools/bench.py times process start -> this line, then the run ends
                print("first-frame", flush=True)
                self.running = False

    def frame(self, elapsed: float, acc: float, every: bool = True) -> float:
        """One frame: events, fixed updates for `elapsed` seconds (+ carried `acc`), draw
        (every frame, or with `every` false only when `draw_due`, as the run loop does)."""
        start = time.perf_counter()
        self.process_events()
        acc += min(elapsed, MAX_FRAME_S)
        self._since_draw += min(elapsed, MAX_FRAME_S)
        while acc >= UPDATE_DT:
            self.update(UPDATE_DT)
            acc -= UPDATE_DT
        # nobody sees a minimised window: the game goes on undrawn
        if not self.minimized and (every or self.draw_due()):
            self.draw()
        self.frame_times.append(time.perf_counter() - start)
        if len(self.frame_times) > 10_000:
            del self.frame_times[:5_000]
        return acc

    def safe_frame(self, elapsed: float, acc: float, every: bool = True) -> float:
        """`frame`, with any unexpected error handed to `on_crash` (the crash screen)."""
        try:
            return self.frame(elapsed, acc, every)
        except Exception as exc:  # a bug must never show a traceback to a player
            if self.on_crash is None:
                raise
            self.on_crash(exc, traceback.format_exc())
            return 0.0

    def step_frames(self, count: int = 1, every: bool = True) -> None:
        """Run `count` frames of exactly one update each (deterministic; for tests). Each is
        drawn, so the canvas always shows the present; `every=False` draws as `run` does."""
        for _ in range(count):
            self.safe_frame(UPDATE_DT, 0.0, every)

    def run(self) -> None:
        """The real loop, until a scene calls `quit()`.

        While it runs, Ctrl+C in the terminal that started the game ends it as SIGTERM does
        (`_on_terminate`: the running game saved); it had raised KeyboardInterrupt wherever
        the loop was, the game unsaved since its last autosave. Only here: a program that
        drives an `App` itself (the smoke run, tests) keeps its own Ctrl+C."""
        previous = None
        if threading.current_thread() is threading.main_thread():
            previous = signal.signal(signal.SIGINT, self._on_terminate)
        try:
            last = time.perf_counter()
            acc = 0.0
            while self.running and self.stack:
                if self.terminating:
                    self._terminate_now()
                    break
                now = time.perf_counter()
                acc = self.safe_frame(now - last, acc, every=False)
                last = now
                self.clock.tick(MINIMIZED_FPS if self.minimized else FPS_CAP)
        finally:
            if previous is not None:
                signal.signal(signal.SIGINT, previous)
        pygame.quit()

    def quit(self) -> None:
        self.running = False

    # ---- shared drawing helpers ----------------------------------------------------------
    def draw_tooltip(self, canvas: pygame.Surface, text: str, near: pygame.Rect,
                     inside: pygame.Rect | None = None) -> pygame.Rect | None:
        """A tooltip above `near` (below it where there is no room), kept within `inside`
        (default: the canvas) — a board's tooltip stays on the board, off the top bar.
        Returns where it was drawn (None: no text)."""
        if not text:
            return None
        area = inside or canvas.get_rect()
        lines = self.text.wrap(text, theme.TOOLTIP_W)
        pad_x, pad_top, pitch, h = self.text.plate_layout(lines, 5, 3)
        w = max(self.text.size(line)[0] for line in lines) + 2 * pad_x
        x = min(max(area.left + 2, near.centerx - w // 2), area.right - w - 2)
        if near.top - h - 2 > area.top:
            y = near.top - h - 2
        elif near.bottom + 2 + h <= area.bottom:
            y = near.bottom + 2
        else:                      # no room either side: as low as the area allows
            y = max(area.top, area.bottom - h)
        canvas.blit(self.art.panel("tooltip", (w, h)), (x, y))
        for i, line in enumerate(lines):
            self.text.draw(canvas, line, (x + pad_x, y + pad_top + pitch * i), theme.INK)
        return pygame.Rect(x, y, w, h)

    def title_text(self, key: str, **params) -> str:
        return tr(key, **params)
