"""Layers of game/ (issue 19 item 4, STYLE habit 11): no import cycles, no upward imports.

`main.py -> scenes -> sprites -> game/play -> game/<ruleset> -> game/core`, with `game/ai`
above game/core and below the rulesets. Imports are read from the source with `ast`, so
imports inside functions count as much as those at the top of a module.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game import rulesets

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"
RULESETS = tuple(rulesets.ids())
LAYER = {"core": 0, "ai": 1, "play": 3, "rulesets": 3}   # game/<ruleset>: 2
AGENT_MODULES = ("ai", "agents")   # in a ruleset package, only these may import its AI


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, name: str = "") -> set[str]:
    """Every game.* module `path` (module `name`) imports, at any depth of the code."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    name = name or module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            found.add(mod)
            # `from game import rulesets` / `from game.tidegate import ai` import modules too
            for alias in node.names:
                found.add(f"{mod}.{alias.name}")
    return {m for m in found if m == "game" or m.startswith("game.")}


def graph() -> dict[str, set[str]]:
    """Module -> the game modules it imports (names that are not modules are dropped)."""
    paths = sorted(GAME.rglob("*.py"))
    modules = {module_name(p): p for p in paths}
    out: dict[str, set[str]] = {}
    for mod, path in modules.items():
        targets = set()
        for target in imports_of(path):
            while target and target not in modules:      # game.x.Name -> game.x
                target = target.rpartition(".")[0]
            if target and target != mod and target != "game":
                targets.add(target)
        out[mod] = targets
    return out


def layer_of(module: str) -> tuple[int, str]:
    """(layer, ruleset id or "") of a game module."""
    top = module.split(".")[1] if module.count(".") else ""
    if top in LAYER:
        return LAYER[top], ""
    if top in RULESETS:
        return 2, top
    return 3, ""   # game/__init__ and anything new sits at the top until placed


def leaf(module: str) -> str:
    """The module's name inside its top package (game.tidegate.ai -> ai; a package -> "")."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 else ""


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in g:
        if root in index:
            continue
        work = [(root, iter(sorted(g[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(g.get(nxt, ())))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    comp.append(top)
                    if top == node:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return found


def violations(g: dict[str, set[str]]) -> set[tuple[str, str]]:
    """(importer, imported) pairs that break the layers."""
    bad = set()
    for mod, targets in g.items():
        layer, rs = layer_of(mod)
        for target in targets:
            t_layer, t_rs = layer_of(target)
            if t_layer > layer:
                bad.add((mod, target))                      # upward
            elif rs and t_rs and rs != t_rs:
                bad.add((mod, target))                      # one ruleset using another
            elif rs and t_rs == rs and leaf(target) in AGENT_MODULES and leaf(mod) not in AGENT_MODULES:
                bad.add((mod, target))                      # rules importing their AI
    return bad


def test_no_import_cycle_in_game():
    """STYLE habit 11: no import cycle anywhere in game/, function-level imports included."""
    assert cycles(graph()) == []


def test_no_upward_import_in_game():
    """STYLE habit 11: layers only point down; rules never import their AI."""
    assert sorted(violations(graph())) == []


def test_the_checker_sees_function_level_and_relative_imports(tmp_path):
    """The analysis itself: an import inside a function and a relative import both count."""
    path = tmp_path / "probe.py"
    path.write_text("def f():\n    from game import rulesets\n    from ..ai import Agent\n",
                    encoding="utf-8")
    found = imports_of(path, "game.core.probe")
    assert {"game.rulesets", "game.ai.Agent"} <= found
    assert violations({"game.core.x": {"game.rulesets", "game.ai"}}) == {
        ("game.core.x", "game.rulesets"), ("game.core.x", "game.ai")}
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]


MAX_MODULE_LINES = 600   # issue 19 item 3: "no module in game/ over ~600 lines"


def test_no_module_in_game_over_600_lines():
    """Issue 19 item 3: files by rule family; a module that outgrows 600 lines is split."""
    long = {str(p.relative_to(ROOT)): n for p in sorted(GAME.rglob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert long == {}
