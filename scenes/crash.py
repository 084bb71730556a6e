"""The crash screen: an unexpected error never shows a traceback to a player.

The report (traceback, the game's setup and action list so it can be replayed, the version
of Python and pygame) goes to `<user data>/crashes/`; the screen shows a short message and
that path, and the player returns to the title. The autosave is left exactly as it was.
"""

from __future__ import annotations

import json
import platform
import time
from pathlib import Path

import pygame

from game.core import codec
from game.core.i18n import tr
from game.core.storage import data_dir, write_atomic
from scenes import theme
from scenes.scene import MenuScene
from scenes.widgets import Button, WidgetGroup


def write_crash_report(app, exc: BaseException, trace: str) -> Path | None:
    """Write the report; returns its path (None if even that fails)."""
    report: dict = {
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "error": f"{type(exc).__name__}: {exc}",
        "traceback": trace,
        "python": platform.python_version(),
        "pygame": pygame.version.ver,
        "platform": platform.platform(),
        "scenes": [type(s).__name__ for s in app.stack],
    }
    session = next((getattr(s, "session", None) for s in reversed(app.stack) if getattr(s, "session", None)), None)
    if session is not None:
        report["setup"] = codec.encode(session.setup)
        report["names"] = list(session.names)
        report["actions"] = [[seat, codec.encode(a)] for seat, a in session.actions]
    try:
        folder = data_dir() / "crashes"
        path = folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}-{int(time.time() * 1000) % 1000:03d}.json"
        write_atomic(path, json.dumps(report, indent=1, ensure_ascii=False))
        return path
    except OSError:
        return None


class CrashScene(MenuScene):
    """"Something went wrong": the report's path and a way back to the title."""

    def __init__(self, app, report: Path | None) -> None:
        super().__init__(app)
        self.report = report
        self.rect = pygame.Rect(60, 60, 520, 240)
        self.widgets = WidgetGroup([Button((self.rect.centerx - 80, self.rect.bottom - 36, 160, 24),
                                           lambda: tr("crash.to_title"), self.to_title, hotkey=pygame.K_RETURN)])

    def to_title(self) -> None:
        self.app.nav.home()

    def on_escape(self) -> None:
        self.to_title()

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.fill(theme.DEEP_SEA)
        canvas.blit(self.app.art.panel("panel", self.rect.size), self.rect.topleft)
        text = self.app.text
        text.draw(canvas, tr("crash.title"), (self.rect.centerx, self.rect.y + 12), theme.RED, "centre")
        body = tr("crash.body") + "\n\n" + (tr("crash.report", path=str(self.report)) if self.report
                                            else tr("crash.no_report"))
        for i, line in enumerate(text.wrap(body, self.rect.width - 32)[:9]):
            text.draw(canvas, line, (self.rect.x + 16, self.rect.y + 36 + 16 * i), theme.INK)
        self.widgets.draw(self.app, canvas)


def install(app) -> None:
    """Route unexpected errors of the running app to the crash screen."""
    def on_crash(exc: BaseException, trace: str) -> None:
        path = write_crash_report(app, exc, trace)
        for scene in list(app.stack):
            session = getattr(scene, "session", None)
            if session is not None:
                session.close()
        app.stack.clear()
        app.push(CrashScene(app, path))
    app.on_crash = on_crash
