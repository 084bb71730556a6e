"""Driving the window in UI tests the way a player does: posted mouse and keyboard events on the
dummy video driver, and the loops every game screen's whole-game tests share (play to the
results, save -> quit -> continue, a new game from the title through the lobby).

Each screen's test keeps only its own `human_move(app, scene)`: how a person makes one decision
on that screen.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator, TypeVar

import pygame

SceneT = TypeVar("SceneT")
PASS_CLICK = (320, 180)      # the pass-the-device screen takes a click anywhere; the middle


def click(app, pos, button: int = 1) -> None:
    """Post a real mouse click at canvas position `pos` and run two frames."""
    wx, wy = app.to_window(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(wx, wy), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(wx, wy), button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(wx, wy), button=button))
    app.step_frames(2)


def key(app, k: int, text: str | None = None) -> None:
    """Post a key press (and its text, if any) and run one frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text or ""))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0))
    app.step_frames(1)


def hover(app, pos) -> None:
    """Move the mouse to canvas position `pos` and run one frame."""
    wx, wy = app.to_window(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(wx, wy), rel=(0, 0), buttons=(0, 0, 0)))
    app.step_frames(1)


def drag(app, start, end, button: int = 3) -> None:
    """A drag with `button` (right: the camera pans) from canvas `start` to `end`."""
    ws, we = app.to_window(start), app.to_window(end)
    held = tuple(1 if b == button else 0 for b in (1, 2, 3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=ws, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=we, rel=(0, 0), buttons=held))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=we, button=button))
    app.step_frames(1)


@contextmanager
def text_drawn(app) -> Iterator[list]:
    """Every text `app.text.draw` writes inside the block, as (text, position, rect)."""
    drawn: list = []
    draw = app.text.draw

    def recording(surface, text, pos, *args, **kwargs):
        rect = draw(surface, text, pos, *args, **kwargs)
        drawn.append((text, pos, rect))
        return rect

    app.text.draw = recording
    try:
        yield drawn
    finally:
        app.text.draw = draw


def canvas_bytes(app) -> bytes:
    """The canvas as it was last drawn, for pixel-identity checks."""
    return pygame.image.tobytes(app.canvas, "RGB")


def game_scene(app, scene_type: type[SceneT]) -> SceneT:
    """The topmost scene of `scene_type` on the stack (a game under its pause menu, say)."""
    for scene in reversed(app.stack):
        if isinstance(scene, scene_type):
            return scene
    raise AssertionError(f"no {scene_type.__name__} on the stack: {app.stack}")


def wait_for_human(app, scene, limit: int = 20000) -> None:
    """Run frames until a human may act on `scene` (AI turns and animations play out)."""
    for _ in range(limit):
        if scene.human_seat() is not None:
            return
        app.step_frames(1)
    raise AssertionError("no human turn came")


def play_for(app, scene, human_move: Callable, frames: int) -> None:
    """`frames` rounds of: a human decision when one is due, else one frame; then up to the
    next human decision (a settled point to save at)."""
    for _ in range(frames):
        if scene.human_seat() is not None:
            human_move(app, scene)
        else:
            app.step_frames(1)
    wait_for_human(app, scene)


def play_to_results(app, scene_type: type, human_move: Callable, limit: int = 20000,
                    idle: Callable | None = None) -> int:
    """Play until the results screen: pass-the-device screens are clicked away, each human
    decision is `human_move(app, scene)` and must act; `idle(app)` runs a frame while nobody
    may act (default: one frame; a screen whose AI thinks in threads may give it real time).
    Returns the pass screens shown."""
    from scenes.results import ResultsScene
    handoffs = 0
    for _ in range(limit):
        if isinstance(app.top, ResultsScene):
            return handoffs
        scene = app.top
        if isinstance(scene, scene_type) and scene.handoff_pending() is not None:
            handoffs += 1
            click(app, PASS_CLICK)
        elif isinstance(scene, scene_type) and scene.human_seat() is not None:
            before = len(scene.session.actions)
            human_move(app, scene)
            assert len(scene.session.actions) > before, "a human input did not act"
        elif idle is not None:
            idle(app)
        else:
            app.step_frames(1)
    raise AssertionError("the game did not reach the results screen")


def lobby_from_title(app, ruleset: str):
    """Title -> New game -> the lobby with `ruleset` picked by clicking the Game choice."""
    from scenes.title import TitleScene
    if not isinstance(app.top, TitleScene):       # (a finished game may have gone back to it)
        app.push(TitleScene(app))
    app.step_frames(1)
    click(app, app.top.widgets.widgets[0].rect.center)          # New game
    lobby = app.top
    for _ in range(len(lobby.rulesets)):
        if lobby.ruleset == ruleset:
            return lobby
        click(app, lobby.widgets.widgets[0].rect.center)        # Game: the next one
    assert lobby.ruleset == ruleset, lobby.rulesets
    return lobby


def save_quit_continue(app, scene, scene_type: type[SceneT]) -> SceneT:
    """Esc -> pause menu -> "Save and leave" -> title -> Continue; checks the resumed game is a
    new screen with the same digest and actions, and returns it."""
    from scenes.title import TitleScene
    session = scene.session
    digest, n_actions = session.state.digest(), len(session.actions)
    key(app, pygame.K_ESCAPE)
    if app.top is scene:                          # Esc first dropped a half-made choice
        key(app, pygame.K_ESCAPE)
    click(app, app.top.widgets.widgets[3].rect.center)          # Save and leave
    assert isinstance(app.top, TitleScene)
    click(app, app.top.widgets.widgets[1].rect.center)          # Continue
    resumed = game_scene(app, scene_type)
    assert resumed is not scene
    assert resumed.session.state.digest() == digest
    assert len(resumed.session.actions) == n_actions
    return resumed


def replay_to_end(app, save, scene_type: type[SceneT], limit: int = 20000) -> SceneT:
    """Start the replay of `save` and run frames until its game has a result."""
    from scenes.replay import start_replay
    start_replay(app, save)
    scene = game_scene(app, scene_type)
    for _ in range(limit):
        if scene.session.state.result() is not None:
            break
        app.step_frames(1)
    return scene


def rules_pages_fit(app, ruleset: str, lang: str) -> list:
    """Open `ruleset`'s rules pages in `lang` and draw each one: every page must fit its frame
    (no text or picture cut). Returns the pages (the help screen is closed again)."""
    from scenes.help import RulesHelpScene
    app.settings.language = lang
    app.language_changed()
    scene = app.push(RulesHelpScene(app, ruleset))
    for index in range(len(scene.pages)):
        scene.page = index
        app.step_frames(1)
        assert scene.page_fits(index), (ruleset, lang, scene.pages[index].key)
    app.pop()
    return scene.pages


def open_staged(app, session):
    """Open the game screen on a state the test built by hand (pieces placed, turn set): the
    session's undo point is that state, the opening animations are finished and the public
    view is shown. Returns the screen."""
    session._commit_state = session.state.clone()
    scene = app.nav.open_game(session)
    app.step_frames(2)
    scene.timeline.finish_all()
    scene.shown = session.state.view(None)
    return scene
