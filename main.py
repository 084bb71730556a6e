"""Entry point and command line of the game collection; nothing else lives here.

    python main.py                               title screen
    python main.py play RULESET --seats human,greedy [--map M] [--seed N]
    python main.py simulate RULESET --seats greedy,random --games N [--seed N] [--json] [--jobs N]
                                 [--iterations N | --think SECONDS] [--cores N]   (budget of `hard` seats)
                                 [--factions random|F1,F2,...]   (territory: factions per seat entry)
    python main.py smoke --out DIR               every scene drawn offscreen to PNG files
    python main.py replay SAVE.json

Errors a player can cause (unknown command, option, ruleset or agent, bad number) print one
translated line and exit with status 2, never a traceback.
"""

from __future__ import annotations

import json
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.core.errors import GameError
from game.core.i18n import error_text, set_language, system_language, tr

COMMANDS = ("play", "simulate", "smoke", "replay")
USAGE = __doc__.split("\n\n")[1]


class CliError(Exception):
    """A command-line mistake: a translated one-line message, exit status 2."""


def _say_error(message: str) -> int:
    if sys.stderr:
        print(tr("cli.error", message=message), file=sys.stderr)
    return 2


def _parse(args: list[str], flags: dict[str, str], bools: tuple[str, ...] = ()) -> dict[str, object]:
    """Options of one command: `flags` maps --name to a kind ("str"/"int"); `bools` take no value.

    Hand-rolled rather than argparse so every message is one translated line.
    """
    out: dict[str, object] = {"_positional": []}
    i = 0
    while i < len(args):
        arg = args[i]
        name, eq, inline = arg.partition("=")
        if arg.startswith("--") and name in bools and not eq:
            out[name[2:]] = True
            i += 1
            continue
        if arg.startswith("-") and arg != "-":
            if name not in flags:
                raise CliError(tr("cli.unknown_option", option=name))
            if eq:
                value = inline
            elif i + 1 < len(args):
                i += 1
                value = args[i]
            else:
                raise CliError(tr("cli.missing_value", option=name))
            if flags[name] in ("int", "float"):
                try:
                    out[name[2:]] = int(value) if flags[name] == "int" else float(value)
                except ValueError:
                    raise CliError(tr("cli.bad_number", value=value, option=name)) from None
            else:
                out[name[2:]] = value
        else:
            out["_positional"].append(arg)  # type: ignore[union-attr]
        i += 1
    return out


def _one_positional(opts: dict[str, object], what: str) -> str:
    pos = opts["_positional"]
    assert isinstance(pos, list)
    if len(pos) != 1:
        raise CliError(tr("cli.missing_value", option=what))
    return str(pos[0])


MAX_GAMES = 1_000_000       # simulate --games
MAX_PROCESSES = 256         # simulate --jobs and --cores
MAX_THINK_SECONDS = 600     # simulate --think, per decision


def cmd_simulate(args: list[str]) -> int:
    from game.core.runtime import batch_gc, sigterm_as_interrupt
    from game.play.simulate import format_table, simulate, stderr_progress

    batch_gc()

    opts = _parse(args, {"--seats": "str", "--games": "int", "--seed": "int", "--jobs": "int",
                         "--map": "str", "--iterations": "int", "--think": "float", "--factions": "str",
                         "--cores": "int"},
                  bools=("--json", "--no-rotate", "--fixed"))
    ruleset = _one_positional(opts, "RULESET")
    seats = [s.strip() for s in str(opts.get("seats", "greedy,random")).split(",") if s.strip()]
    games = int(opts.get("games", 100))  # type: ignore[arg-type]
    jobs = int(opts.get("jobs", 1))  # type: ignore[arg-type]
    if games < 1:
        raise CliError(tr("cli.games_positive"))
    if jobs < 1:
        raise CliError(tr("cli.jobs_positive"))
    # bounds a typo would cross: a seed list of 10^20 games, thousands of processes
    for option, value, limit in (("--games", games, MAX_GAMES), ("--jobs", jobs, MAX_PROCESSES),
                                 ("--cores", int(opts.get("cores", 1)), MAX_PROCESSES)):  # type: ignore[arg-type]
        if value > limit:
            raise CliError(tr("cli.at_most", option=option, limit=limit))
    options = {"layout": "fixed"} if opts.get("fixed") else None
    # the hard AI's budget: a fixed iteration count (reproducible) or seconds per decision
    budget: dict[str, object] = {}
    if "iterations" in opts:
        if int(opts["iterations"]) < 1:  # type: ignore[arg-type]
            raise CliError(tr("cli.iterations_positive"))
        budget["iterations"] = int(opts["iterations"])  # type: ignore[arg-type]
    if "think" in opts:
        if not 0 < float(opts["think"]) <= MAX_THINK_SECONDS:  # type: ignore[arg-type]
            raise CliError(tr("cli.think_range", limit=MAX_THINK_SECONDS))
        budget["seconds"] = float(opts["think"])  # type: ignore[arg-type]
    if "cores" in opts:   # processes one hard plan decision's playouts use (same decisions)
        if int(opts["cores"]) < 1:  # type: ignore[arg-type]
            raise CliError(tr("cli.cores_positive"))
        budget["cores"] = int(opts["cores"])  # type: ignore[arg-type]
    factions = opts.get("factions")
    if factions is not None and factions != "random":
        factions = [f.strip() for f in str(factions).split(",") if f.strip()]
    try:
        with sigterm_as_interrupt():   # SIGTERM stops the run as Ctrl+C does (`main`)
            report = simulate(ruleset, seats, games, seed=int(opts.get("seed", 1)),  # type: ignore[arg-type]
                              jobs=jobs, rotate=not opts.get("no-rotate"),
                              map_path=opts.get("map"), options=options,  # type: ignore[arg-type]
                              agent_options=budget,
                              progress=None if opts.get("json") else stderr_progress,
                              factions=factions)  # type: ignore[arg-type]
    except ValueError as err:  # --factions that the ruleset or map cannot seat
        raise CliError(tr("cli.bad_factions", reason=str(err))) from err
    print(json.dumps(report) if opts.get("json") else format_table(report))
    return 0


HEADLESS_DRIVERS = ("offscreen", "dummy")   # SDL's drivers that draw into no visible window


def _check_display() -> None:
    """A CliError (one line, exit 2) when there is no display to show a window on.

    Without one SDL quietly falls back to its offscreen driver, and the game would run
    forever in a window nobody can see (issue 20). Asking for a headless driver on purpose
    (`SDL_VIDEODRIVER=dummy`, as tests and CI do) is still allowed.
    """
    import pygame

    wanted = os.environ.get("SDL_VIDEODRIVER", "").strip().lower()
    if (sys.platform.startswith("linux") and not wanted and not os.environ.get("DISPLAY")
            and not os.environ.get("WAYLAND_DISPLAY")):
        raise CliError(tr("cli.no_display_here"))   # before SDL prints its own noise
    try:
        pygame.display.init()
    except pygame.error as exc:
        raise CliError(tr("cli.no_display", detail=str(exc))) from None
    driver = (pygame.display.get_driver() or "").lower()
    if driver in HEADLESS_DRIVERS and driver != wanted:
        pygame.display.quit()
        raise CliError(tr("cli.no_display_here"))


def _check_data_folder() -> None:
    """A CliError (one line, exit 2) when the folder for settings, saves and crash reports
    cannot be made (a read-only profile, a bad GAME_DATA_DIR): every screen reads or writes
    there, and a game whose saves cannot be kept must not start as if they could."""
    from game.core.storage import data_dir

    try:
        data_dir()
    except OSError as exc:
        raise CliError(tr("cli.no_data_folder", folder=str(data_dir(create=False)),
                          reason=exc.strerror or str(exc))) from None


def _start_app():
    """The window, or a CliError when no display can be opened (or no data folder made)."""
    _check_data_folder()
    _check_display()
    from scenes.app import App
    import pygame

    from scenes.crash import install

    try:
        app = App()
    except pygame.error as exc:
        raise CliError(tr("cli.no_display", detail=str(exc))) from None
    install(app)
    return app


def cmd_title(args: list[str]) -> int:
    if args:
        if args[0].startswith("-"):
            raise CliError(tr("cli.unknown_option", option=args[0]))
        raise CliError(tr("cli.unknown_command", command=args[0], known=", ".join(COMMANDS)))
    from scenes.title import TitleScene

    app = _start_app()
    app.push(TitleScene(app))
    app.run()
    return 0


def cmd_play(args: list[str]) -> int:
    from game import rulesets
    from game.ai import make_agent
    from game.core.protocol import Setup
    from game.play.session import GameSession
    from scenes.registry import GAME_SCENES, lobby_spec

    opts = _parse(args, {"--seats": "str", "--seed": "int", "--map": "str", "--names": "str"},
                  bools=("--fixed", "--shuffle"))
    ruleset_id = _one_positional(opts, "RULESET")
    ruleset = rulesets.get(ruleset_id)      # an unknown id: "Unknown game", with the known ones
    if ruleset_id not in GAME_SCENES:        # known, but its screen is still to come
        raise CliError(tr("cli.no_screen", name=ruleset_id, playable=", ".join(GAME_SCENES)))
    seats = tuple(s.strip() for s in str(opts.get("seats", "human,greedy")).split(",") if s.strip())
    ruleset.check_seats(seats)
    for i, kind in enumerate(seats):
        if kind != "human":
            make_agent(kind, ruleset, i, 0)
    names = [n.strip() for n in str(opts.get("names", "")).split(",") if n.strip()]
    ai_names = iter(n.strip() for n in tr("seat.ai_names").split(",") if n.strip())
    defaults = [tr("seat.default_name", n=i + 1) if kind == "human" else next(ai_names, tr("seat.default_name", n=i + 1))
                for i, kind in enumerate(seats)]    # AI seats get real names, as in the lobby
    names = (names + defaults[len(names):])[: len(seats)]
    import random
    seed = int(opts.get("seed", random.randrange(1, 10**6)))  # type: ignore[arg-type]
    # the lobby's defaults for this game's own options; --fixed / --shuffle where it has them
    options = {o.key: o.default for o in lobby_spec(ruleset_id).options if o.default is not None}
    if opts.get("fixed") and "layout" in options:
        options["layout"] = "fixed"
    if opts.get("shuffle") and "shuffle_seats" in options:
        options["shuffle_seats"] = True
    setup = Setup(seats=seats, seed=seed, map=opts.get("map"), options=options, ruleset=ruleset_id)  # type: ignore[arg-type]
    session = GameSession(setup, names, list(range(len(seats))))
    from scenes.registry import open_game

    app = _start_app()
    open_game(app, session)
    app.run()
    return 0


def cmd_smoke(args: list[str]) -> int:
    from pathlib import Path

    opts = _parse(args, {"--out": "str"})
    out = Path(str(opts.get("out", "smoke")))
    _check_data_folder()   # its screens list saves and read settings as the game does
    try:   # the folder first: a path that cannot hold the pictures is said in one line
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(tr("cli.cannot_make_folder", folder=str(out), reason=exc.strerror or str(exc))) from None
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from scenes.smoke import run_smoke

    language = _language()
    files = run_smoke(out)
    set_language(language)  # the smoke run switches languages for its pictures
    print(tr("smoke.done", count=len(files), folder=str(out)))
    return 0


def cmd_replay(args: list[str]) -> int:
    from pathlib import Path

    from game.play.saves import SaveError, read_save
    from scenes.registry import GAME_SCENES

    opts = _parse(args, {})
    path = Path(_one_positional(opts, "SAVE"))
    try:
        save = read_save(path)
        if save.ruleset not in GAME_SCENES:
            raise SaveError("save.unknown_ruleset", name=save.ruleset)
        from game.play.saves import restore
        restore(save)  # checks the whole file before anything opens
    except SaveError as exc:
        raise CliError(error_text(exc)) from None
    from scenes.replay import start_replay

    app = _start_app()
    start_replay(app, save)
    app.run()
    return 0


def _language() -> str:
    """The player's chosen language (settings), else the system's."""
    try:
        from scenes.settings import Settings  # pure Python: no pygame
        return Settings.load().language
    except (OSError, ValueError):
        return system_language()


def main(argv: list[str] | None = None) -> int:
    set_language(_language())
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    try:
        commands = {"simulate": cmd_simulate, "play": cmd_play, "smoke": cmd_smoke, "replay": cmd_replay}
        if argv and argv[0] in commands:
            return commands[argv[0]](argv[1:])
        return cmd_title(argv)
    except CliError as exc:
        return _say_error(str(exc))
    except GameError as exc:
        return _say_error(error_text(exc))
    except KeyboardInterrupt:   # Ctrl+C (or SIGTERM in `simulate`): one line, no traceback
        if sys.stderr:
            print(tr("cli.interrupted"), file=sys.stderr)
        return 130
    except Exception as exc:  # outside the game loop: still no traceback for a player
        import traceback

        from game.core.storage import data_dir, write_atomic
        path = data_dir(create=False) / "crashes" / "crash-start.txt"
        try:
            write_atomic(path, traceback.format_exc())
        except OSError:   # (nor may the data folder itself be makeable)
            pass
        _say_error(tr("error.unexpected", detail=f"{type(exc).__name__}: {exc} ({path})"))
        return 1


if __name__ == "__main__":
    # the hard AI's worker process is spawned; in the frozen executable it re-enters here
    import multiprocessing
    multiprocessing.freeze_support()
    sys.exit(main())
