"""Domiplotism's smoke pictures (`main.py smoke`): the lobby with this ruleset, the game at
start, a battle mid-way with a face-down card and the hand, a support picker, the join
dialog with a discard chosen, a vote, the pass-the-device screen and the results. Games are
advanced by greedy agents from fixed seeds, so the pictures are the same on every run."""

from __future__ import annotations

from pathlib import Path

from game.core.protocol import Setup
from game.domiplot.regions import distances
from game.domiplot.state import Phase
from game.play.session import GameSession

NAMES = ["Ada", "Bao", "Chen", "Dara", "Eli", "Fei", "Gus", "Hua"]


def _session(seats: tuple[str, ...], seed: int) -> GameSession:
    return GameSession(Setup(seats=seats, seed=seed, ruleset="domiplot"), NAMES[:len(seats)], list(range(len(seats))))


def run(app, out: Path, shoot, advance) -> list[Path]:
    """Draw the Domiplotism pictures into `out` with the smoke run's `shoot(app, out, name)`
    and `advance(session, until, limit)` (greedy moves for every seat)."""
    def _until(session: GameSession, test, limit: int = 4000) -> bool:
        if test(session.state):
            return True
        advance(session, lambda _evs: test(session.state), limit)
        return test(session.state)

    nav = app.nav                   # screens are reached through the navigator, never imported
    open_game = (lambda _app, session: nav.open_game(session))

    files = []
    lobby = nav.lobby()
    if "domiplot" in lobby.rulesets:
        lobby.set_ruleset("domiplot")
    files.append(shoot(app, out, "domiplot_01_lobby"))
    app.pop()

    start = _session(("human", "greedy", "greedy", "greedy"), 4)
    scene = open_game(app, start)
    app.mouse = (200, 120)
    files.append(shoot(app, out, "domiplot_02_start", frames=90))   # after the deal

    choose = _session(("human", "greedy", "greedy", "greedy"), 1)   # targets with their distances
    if _until(choose, lambda st: st.phase is Phase.CHOOSE_TARGET and st.actor == 0 and
              any(0 in st.owners[r] for r in st.active.ids)):
        scene = open_game(app, choose)
        own = [r for r in choose.state.active.ids if 0 in choose.state.owners[r]]
        if own:
            scene.camera.centre_on(scene.board.regions[own[0]].label)
        app.mouse = scene.camera.view.center
        files.append(shoot(app, out, "domiplot_02b_choose_target", frames=90))

    mid = _session(("human", "greedy", "greedy", "greedy"), 7)
    _until(mid, lambda st: st.phase is Phase.BATTLE and st.actor == 0 and
           any(fd and p != 0 for pile in st.piles for _, p, fd in pile))
    scene = open_game(app, mid)
    hand = scene.shown.hand or ()
    scene.selected = hand[len(hand) // 2] if hand else None
    rects = dict(scene.hand_rects())
    app.mouse = rects[scene.selected].center if scene.selected in rects else (200, 120)
    files.append(shoot(app, out, "domiplot_03_battle_hand"))
    app.mouse = scene.widgets.widgets[0].rect.center          # the Place button: its forecast
    scene.widgets.widgets[0].hover = True
    files.append(shoot(app, out, "domiplot_03b_place_forecast"))
    if scene.support_options():
        scene.open_support()
        files.append(shoot(app, out, "domiplot_04_support_picker"))
        scene.picker = None

    join = _session(("human", "greedy", "greedy", "greedy"), 2)   # distance 1, an alliance region
    _until(join, lambda st: st.phase is Phase.JOIN and st.actor == 0 and st.target is not None and
           distances(st.owners, st.active, 0)[st.target] >= 1)
    scene = open_game(app, join)
    scene.camera.centre_on(scene.board.regions[14].label)
    need = scene.join_distance(0) if scene.shown.target else 0
    for card, _ in scene.hand_rects()[:need]:
        scene.discards.add(card)
    app.mouse = (320, 300)
    files.append(shoot(app, out, "domiplot_05_join_dialog"))

    vote = _session(("human", "greedy", "greedy", "greedy"), 5)
    if _until(vote, lambda st: st.phase in (Phase.VOTE, Phase.PROPOSE) and st.actor == 0, 6000):
        scene = open_game(app, vote)
        files.append(shoot(app, out, "domiplot_06_vote"))

    # a battle's end played at speed 1: the score board counting up over the battle panel
    from game.domiplot import events as E
    from scenes.domiplot.presenters import Drawn
    probe = _session(("human", "greedy", "greedy", "greedy"), 7)
    advance(probe, lambda evs: any(isinstance(e, E.Scores) and len(e.seats) >= 3 for e in evs), 4000)
    scores = _session(("human", "greedy", "greedy", "greedy"), 7)
    for seat, action in probe.actions[:-1]:
        scores.apply(seat, action)
    scene = open_game(app, scores)
    speed, app.settings.speed = app.settings.speed, 1
    scene._apply(*probe.actions[-1])
    for _ in range(1200):
        group = scene.timeline.groups[0] if scene.timeline.groups else None
        if group is None or any(isinstance(a, Drawn) and a.started for a in group.anims):
            break
        app.step_frames(1)
    files.append(shoot(app, out, "domiplot_06b_score_board", frames=80))
    app.settings.speed = speed

    hot = _session(("human", "human", "greedy"), 9)
    open_game(app, hot)
    files.append(shoot(app, out, "domiplot_07_pass_device", frames=90))   # the deal, then the cover

    done = _session(("greedy",) * 5, 8)
    _until(done, lambda st: st.result() is not None, 8000)
    open_game(app, done)
    nav.results(done)
    files.append(shoot(app, out, "domiplot_08_results", frames=30))
    return files
