"""Dice for Land pictures for `main.py smoke` (file names carry the ruleset id): the lobby, the
tribe picks, order entry with an arrow and its forecast, the tech tree, a spell's target area,
the resolution mid-way with a die, a disaster banner, and the results. Games are advanced by
greedy agents from fixed seeds."""

from __future__ import annotations

from pathlib import Path

from game.core.protocol import Setup
from game.play.session import GameSession
from game.territory import actions as A
from game.territory import events as E
from game.territory.state import Phase

NAMES = ["Ada", "Bao", "Chen", "Dara", "Eli", "Fen", "Gus"]


def session(seats: tuple[str, ...], seed: int, factions: tuple[str, ...] = ()) -> GameSession:
    s = GameSession(Setup(seats=seats, seed=seed, ruleset="territory"), NAMES[: len(seats)], list(range(len(seats))))
    for f in factions:
        if s.state.phase is Phase.PICK:
            s.apply(s.state.to_move()[0], A.PickFaction(f))
    return s


def greedy_step(s: GameSession, agents) -> list:
    seat = s.next_seat()
    if seat is None:
        return []
    return s.apply(seat, agents[seat].choose(s.state.view(seat), s.state.legal_actions(seat)))


def agents_for(s: GameSession) -> list:
    from game import rulesets
    from game.ai import make_agent
    ruleset = rulesets.get("territory")
    return [make_agent("greedy", ruleset, seat, s.setup.seed) for seat in range(len(s.setup.seats))]


def advance_to(s: GameSession, wanted, limit: int = 20000, tower: bool = False) -> bool:
    """Greedy orders for every seat until seat 0 may act and `wanted(state)` holds (`tower`:
    seat 0 first builds a tower when it may, so it can cast spells)."""
    agents = agents_for(s)
    for _ in range(limit):
        if s.state.result() is not None:
            return False
        if 0 in s.state.to_move() and wanted(s.state):
            return True
        if tower and 0 in s.state.to_move():
            build = next((a for a in s.state.legal_actions(0) if isinstance(a, A.Build) and a.building == "tower"), None)
            if build is not None:
                s.apply(0, build)
                continue
        greedy_step(s, agents)
    return False


def others_submit(s: GameSession) -> None:
    """Greedy orders for every seat but 0 until only seat 0 has still to submit."""
    agents = agents_for(s)
    for _ in range(5000):
        others = [seat for seat in s.state.to_move() if seat != 0]
        if not others:
            return
        seat = others[0]
        s.apply(seat, agents[seat].choose(s.state.view(seat), s.state.legal_actions(seat)))


def hover_tile(app, scene, tile: int) -> None:
    pos = scene.camera.to_canvas(scene.centre(tile))
    app.mouse = pos
    scene.hover = ("t", tile)


def run(app, out: Path, shoot) -> list[Path]:
    """Draw the territory screens into `out` with `shoot(app, out, name, frames)`."""
    from scenes.territory.dialogs import OrderMenu
    files: list[Path] = []
    open_game = app.nav.open_game
    speed = app.settings.speed
    lobby = app.nav.lobby()
    lobby.set_ruleset("territory")
    files.append(shoot(app, out, "territory_01_lobby"))
    app.pop()

    picks = session(("human", "human", "greedy"), 7)
    scene = open_game(picks)
    scene.driver.confirm_handoff()
    scene.shown = scene.view_now()
    rect, _a = scene.pick_rects()[2]
    app.mouse = rect.center
    files.append(shoot(app, out, "territory_02_tribe_picks"))

    game = session(("human", "greedy", "greedy", "greedy"), 4, ("arcane", "war", "bounty", "jungle"))
    advance_to(game, lambda st: st.phase is Phase.ORDERS and st.turn >= 3)
    scene = open_game(game)
    app.settings.speed = 0
    app.step_frames(2)
    legal = game.state.legal_actions(0)
    arrow = next((a for a in legal if isinstance(a, A.Arrow) and a.x == 0), None) \
        or next(a for a in legal if isinstance(a, A.Arrow))
    scene.act(arrow)
    steps = [a for a in game.state.legal_actions(0) if isinstance(a, A.Step) and a.x == 4]
    if steps:
        scene.x_pick = 4
        hover_tile(app, scene, steps[0].tile)
    files.append(shoot(app, out, "territory_03_arrow_forecast"))
    scene.hover = None
    app.push(OrderMenu(app, scene, "tech"))
    app.mouse = (400, 80)
    files.append(shoot(app, out, "territory_04_tech_tree"))
    app.pop()

    magic = session(("human", "greedy", "greedy", "greedy"), 1, ("arcane", "war", "bounty", "jungle"))
    def can_gift(st) -> bool:
        return st.phase is Phase.ORDERS and any(isinstance(a, A.Cast) and a.spell == "nature_gift"
                                                for a in st.legal_actions(0))
    if advance_to(magic, can_gift, limit=40000, tower=True):
        scene = open_game(magic)
        app.step_frames(2)
        menu = app.push(OrderMenu(app, scene, "magic"))
        app.step_frames(1)
        for rect, row in menu.row_rects():
            if isinstance(row[2], A.Cast) and row[2].spell == "nature_gift":
                app.mouse = rect.center
                break
        files.append(shoot(app, out, "territory_05_spell_preview"))
        app.pop()

    war = session(("human", "greedy", "greedy", "greedy"), 4, ("arcane", "war", "bounty", "jungle"))
    advance_to(war, lambda st: st.phase is Phase.ORDERS and st.turn >= 4)
    scene = open_game(war)
    app.settings.speed = 0
    app.step_frames(2)
    human = [a for a in war.state.legal_actions(0) if isinstance(a, A.Arrow) and a.x >= 4]
    if human:
        scene.act(human[0])
    app.settings.speed = 1
    others_submit(war)
    scene.shown = scene.view_now()
    scene.act(A.SUBMIT)
    scene.finish_resolution(wait=True)   # the worker's resolution, then its playback
    # play the resolution until a die is tumbling
    from sprites.dice import Dice
    for _ in range(3000):
        if not scene.timeline.busy:
            break
        if scene.timeline.groups and any(isinstance(a, Dice) and a.started for a in scene.timeline.groups[0].anims):
            app.step_frames(12)
            break
        scene.update(1 / 60)
    app.mouse = (0, 0)
    files.append(shoot(app, out, "territory_06_resolution_die", frames=1))
    app.settings.speed = 0
    app.step_frames(2)

    # a disaster: the turn whose resolution announces one, seat 0 submitting last
    dis = session(("human", "greedy", "greedy", "greedy"), 1, ("arcane", "war", "bounty", "jungle"))
    found = False
    for turn in range(2, 30):
        if not advance_to(dis, lambda st, t=turn: st.phase is Phase.ORDERS and st.turn >= t):
            break
        others_submit(dis)
        trial = dis.state.clone()
        if dis.state.reason(0, A.SUBMIT) is None and any(isinstance(e, E.Disaster) for e in trial.apply(0, A.SUBMIT)):
            found = True
            break
    if found:
        scene = open_game(dis)
        app.settings.speed = 0
        app.step_frames(2)
        app.settings.speed = 1
        scene.act(A.SUBMIT)
        scene.finish_resolution(wait=True)   # the worker's resolution, then its playback
        from sprites.anim import Banner
        for _ in range(20000):
            if not scene.timeline.busy:
                break
            g = scene.timeline.groups[0] if scene.timeline.groups else None
            if g is not None and g.anims and isinstance(g.anims[0], Banner) and g.anims[0].started \
                    and scene.log.entries and "Disaster" in scene.log.entries[-1].line():
                app.step_frames(20)
                break
            scene.update(1 / 60)
        files.append(shoot(app, out, "territory_07_disaster", frames=1))
        app.settings.speed = 0
        app.step_frames(2)

    # the order screen in 简体中文 (the same game as the arrow picture)
    lang = app.settings.language
    app.settings.language = "zh"
    app.language_changed()
    scene = open_game(game)
    app.settings.speed = 0
    app.step_frames(2)
    if steps:
        hover_tile(app, scene, steps[0].tile)
    files.append(shoot(app, out, "territory_09_game_zh"))
    app.settings.language = lang
    app.language_changed()

    files += diplomacy_pictures(app, out, shoot)

    end = session(("greedy", "greedy", "greedy"), 3, ("bounty", "war", "pioneer"))
    agents = agents_for(end)
    for _ in range(400000):
        if end.state.result() is not None or not greedy_step(end, agents) and end.next_seat() is None:
            break
    scene = open_game(end)
    app.settings.speed = speed
    files.append(shoot(app, out, "territory_08_results", frames=120))
    return files


def diplomacy_pictures(app, out: Path, shoot) -> list[Path]:
    """T-16 dialogs: War (seat 0) next to Jungle at turn 12 of seed 4, the cede tab with the
    tile outlined; then, a turn after Jungle proposed spice trade, its answer in 简体中文."""
    from scenes.territory.diplomacy import DiplomacyDialog
    files: list[Path] = []
    dip = session(("human", "greedy", "greedy", "greedy"), 4, ("war", "jungle", "bounty", "arcane"))
    if not advance_to(dip, lambda st: st.phase is Phase.ORDERS and 1 in st.to_move()
                      and A.ProposeTrade(0) in st.legal_actions(1)
                      and any(isinstance(a, A.Cede) and a.target == 1 for a in st.legal_actions(0))):
        return files
    scene = app.nav.open_game(dip)
    app.settings.speed = 0
    app.step_frames(2)
    dialog = app.push(DiplomacyDialog(app, scene, "cede"))
    dialog.set_partner(1)
    app.mouse = (0, 0)
    files.append(shoot(app, out, "territory_10_diplomacy_cede"))
    app.pop()
    dip.apply(1, A.ProposeTrade(0))
    turn = dip.state.turn
    if not advance_to(dip, lambda st: st.phase is Phase.ORDERS and st.turn == turn + 1):
        return files
    lang = app.settings.language
    app.settings.language = "zh"
    app.language_changed()
    scene = app.nav.open_game(dip)
    app.step_frames(2)
    dialog = app.push(DiplomacyDialog(app, scene))       # opens on the tab of the waiting answer
    dialog.set_partner(1)
    dialog.choice = dialog.options().index(A.AnswerTrade(1, True))
    files.append(shoot(app, out, "territory_11_diplomacy_zh"))
    app.pop()
    app.settings.language = lang
    app.language_changed()
    return files
