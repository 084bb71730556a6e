"""Import layers of the presentation (STYLE habit 11, 14): no cycles in `scenes/` and `sprites/`,
not even inside a function, and `sprites/` never imports `scenes/`.

Only `if TYPE_CHECKING:` imports are left out (they never run). The `game/` side of the layer
test belongs to the rules cores' own tests.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("scenes", "sprites")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(path: Path, name: str, known: set[str]) -> set[str]:
    """Modules of `known` that `path` imports anywhere (functions included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(parent + ([base] if base else []))
            found.add(base)
            for alias in node.names:
                found.add(f"{base}.{alias.name}")
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    out = set()
    for mod in found:
        # "scenes.board.camera.Camera" -> the longest known module prefix
        parts = mod.split(".")
        for i in range(len(parts), 0, -1):
            candidate = ".".join(parts[:i])
            if candidate in known:
                if candidate != name and candidate not in PACKAGES:
                    out.add(candidate)
                break
    return out


def import_graph() -> dict[str, set[str]]:
    mods = _modules()
    known = set(mods)
    return {name: _imports(path, name, known) for name, path in mods.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of module names, or None."""
    colour: dict[str, int] = {}
    stack: list[str] = []

    def dfs(node: str) -> list[str] | None:
        colour[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if colour.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in colour:
                cycle = dfs(nxt)
                if cycle:
                    return cycle
        stack.pop()
        colour[node] = 2
        return None

    for node in sorted(graph):
        if node not in colour:
            cycle = dfs(node)
            if cycle:
                return cycle
    return None


def test_no_import_cycle_in_scenes_and_sprites():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_sprites_never_import_scenes():
    bad = {m: sorted(d for d in deps if d.startswith("scenes"))
           for m, deps in import_graph().items() if m.startswith("sprites")}
    assert not {m: d for m, d in bad.items() if d}


def test_only_the_registry_and_the_smoke_run_name_game_screens():
    """A screen never imports another screen; only the registry (and the smoke tool) do."""
    graph = import_graph()
    screens = {"scenes.title", "scenes.lobby", "scenes.load", "scenes.help", "scenes.results",
               "scenes.settings_scene", "scenes.tidegate_scene"}
    allowed = {"scenes.registry", "scenes.smoke"}
    wrong = {m: sorted(deps & screens) for m, deps in graph.items()
             if m not in allowed and deps & screens}
    assert not wrong


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
