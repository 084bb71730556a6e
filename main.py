"""Entry point and command line of the game collection; nothing else lives here.

    python main.py                               title screen
    python main.py play RULESET --seats human,greedy [--map M] [--seed N]
    python main.py simulate RULESET --seats greedy,random --games N [--seed N] [--json] [--jobs N]
    python main.py smoke --out DIR               every scene drawn offscreen to PNG files
    python main.py replay SAVE.json

Errors a player can cause (unknown command, option, ruleset or agent, bad number) print one
translated line and exit with status 2, never a traceback.
"""

from __future__ import annotations

import json
import sys

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
            if flags[name] == "int":
                try:
                    out[name[2:]] = int(value)
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


def cmd_simulate(args: list[str]) -> int:
    from game.core.simulate import format_table, simulate, stderr_progress

    opts = _parse(args, {"--seats": "str", "--games": "int", "--seed": "int", "--jobs": "int",
                         "--map": "str"}, bools=("--json", "--no-rotate", "--fixed"))
    ruleset = _one_positional(opts, "RULESET")
    seats = [s.strip() for s in str(opts.get("seats", "greedy,random")).split(",") if s.strip()]
    games = int(opts.get("games", 100))  # type: ignore[arg-type]
    jobs = int(opts.get("jobs", 1))  # type: ignore[arg-type]
    if games < 1:
        raise CliError(tr("cli.games_positive"))
    if jobs < 1:
        raise CliError(tr("cli.jobs_positive"))
    options = {"layout": "fixed"} if opts.get("fixed") else None
    report = simulate(ruleset, seats, games, seed=int(opts.get("seed", 1)),  # type: ignore[arg-type]
                      jobs=jobs, rotate=not opts.get("no-rotate"),
                      map_path=opts.get("map"), options=options,  # type: ignore[arg-type]
                      progress=None if opts.get("json") else stderr_progress)
    print(json.dumps(report) if opts.get("json") else format_table(report))
    return 0


def cmd_title(args: list[str]) -> int:
    if args:
        if args[0].startswith("-"):
            raise CliError(tr("cli.unknown_option", option=args[0]))
        raise CliError(tr("cli.unknown_command", command=args[0], known=", ".join(COMMANDS)))
    # Until the window exists (issue 3), starting the game shows a headless demonstration.
    print(tr("cli.headless_notice"))
    return cmd_simulate(["tidegate", "--seats", "greedy,random,random,random", "--games", "20"])


def main(argv: list[str] | None = None) -> int:
    set_language(system_language())
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    try:
        if argv and argv[0] == "simulate":
            return cmd_simulate(argv[1:])
        return cmd_title(argv)
    except CliError as exc:
        return _say_error(str(exc))
    except GameError as exc:
        return _say_error(error_text(exc))


if __name__ == "__main__":
    sys.exit(main())
