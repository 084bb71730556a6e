"""Events → what the player sees and hears: one handler per event type, in a table.

A screen's table maps each event class to a handler `handler(screen, event) -> Beat | None`
(or to None: an event with nothing to show, declared so that no event is forgotten).
A `Beat` is the animation steps of one event, its log line and its sound. The presenter plays
a batch of events one event at a time: each beat's `apply` changes the shown view when the
beat starts (so a long resolution — territory resolves a whole turn in one `apply` — plays
step by step), and the state after the batch is revealed where a beat asks for it, or at the
end. Consecutive beats with the same `merge` key play together (chips flying from several
hexes at once).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from game.core.i18n import catalogue, tr
from sprites.anim import Anim, Group, Timeline


@dataclass
class Beat:
    """What one event looks like."""

    anims: list[Anim] = field(default_factory=list)
    sound: str | None = None
    log: Any = None                                # a line or list of lines: () -> str, drawn translated
    apply: Callable[[], None] | None = None        # change the shown view as the beat starts
    reveal: str | None = None                      # "start" / "done": show the batch's end state
    on_done: Callable[[], None] | None = None
    merge: str | None = None
    focus: tuple[float, float] | None = None      # world point the camera should keep in view
    log_at: str = "start"                          # "done": log when the animations end (dice)

    def __post_init__(self) -> None:
        if self.log is None:
            self.log = []
        elif callable(self.log):
            self.log = [self.log]
        else:
            self.log = list(self.log)


Handler = Callable[[Any, Any], "Beat | None"]


class Later:
    """A word of a log line made when the line is drawn, not when its event played: the log
    is drawn in the language of the moment, and a unit's or spell's name worked out at once
    stayed in the language the event was played in (a mid-game switch left "Ada Cavalry
    攻击 Bao Infantry" in the log). Use it as a `tr` parameter: formatting calls `make`."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], str]) -> None:
        self.make = make

    def __format__(self, spec: str) -> str:
        return format(self.make(), spec)

    def __str__(self) -> str:
        return self.make()


def coded(prefix: str, code: str, default: str | None = None) -> str:
    """The words for a rules code under `prefix` ("territory.lost.meteor"), else `default`,
    else the code itself (a gap shows rather than a blank)."""
    key = f"{prefix}.{code}"
    if key in catalogue("en"):
        return tr(key)
    return code if default is None else default


def listed(items: Iterable[str]) -> str:
    """Items joined with the language's list separator (", " / "、")."""
    return tr("results.list_sep").join(items)


def missing_handlers(table: dict[type, Handler], event_classes: Iterable[type]) -> list[str]:
    """Names of the event classes the table has no handler for."""
    return sorted(c.__name__ for c in event_classes if c not in table)


class Presenter:
    """Plays batches of events on a timeline through a handler table."""

    def __init__(self, screen: Any, table: dict[type, Handler], timeline: Timeline,
                 log: Callable[[Callable[[], str]], None],
                 follow: Callable[[tuple[float, float]], None] | None = None) -> None:
        self.screen, self.table, self.timeline, self.log = screen, table, timeline, log
        self.follow = follow     # the camera's: keep an animated piece in view

    def beats(self, events: list) -> list[Beat]:
        out = []
        for ev in events:
            if type(ev) not in self.table:
                raise KeyError(f"no presenter for {type(ev).__name__}")
            handler = self.table[type(ev)]       # None: an event with nothing to show
            beat = handler(self.screen, ev) if handler is not None else None
            if beat is not None:
                out.append(beat)
        return out

    def play(self, events: list, reveal: Callable[[], None]) -> None:
        """Queue the batch; `reveal` shows the state after it (called exactly once or more)."""
        beats = self.beats(events)
        groups: list[Group] = []
        revealed = False
        merged: list[Beat] = []
        for beat in beats:
            if merged and beat.merge is not None and merged[-1].merge == beat.merge:
                last = merged[-1]
                last.anims = last.anims + beat.anims
                last.log = last.log + beat.log
                last.apply = _chain(last.apply, beat.apply)
                last.on_done = _chain(last.on_done, beat.on_done)
                last.reveal = last.reveal or beat.reveal
                last.focus = last.focus or beat.focus
            else:
                merged.append(Beat(list(beat.anims), beat.sound, beat.log, beat.apply, beat.reveal,
                                   beat.on_done, beat.merge, beat.focus, beat.log_at))
        for beat in merged:
            log = (lambda lines=beat.log: self._log_lines(lines)) if beat.log else None
            at_end = beat.log_at == "done"
            start = _chain(beat.apply, None if at_end else log)
            if beat.focus is not None and self.follow is not None:
                start = _chain((lambda p=beat.focus: self.follow(p)), start)
            done = _chain(log, beat.on_done) if at_end else beat.on_done
            if beat.reveal == "start":
                start, revealed = _chain(start, reveal), True
            elif beat.reveal == "done":
                done, revealed = _chain(done, reveal), True
            groups.append(Group(beat.anims, on_start=start, on_done=done, sound=beat.sound))
        if not revealed:
            if groups:
                groups[-1].on_done = _chain(groups[-1].on_done, reveal)
            else:
                reveal()
        for g in groups:
            self.timeline.add(g)

    def _log_lines(self, lines: list) -> None:
        for line in lines:
            self.log(line)


def _chain(a: Callable[[], None] | None, b: Callable[[], None] | None) -> Callable[[], None] | None:
    if a is None:
        return b
    if b is None:
        return a

    def both() -> None:
        a()
        b()
    return both
