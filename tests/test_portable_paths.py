"""Issue 4: asset names in code match the files exactly (case included), paths are portable.

A case mismatch works on Windows and macOS (case-insensitive file systems) and breaks on
Linux, or the other way round inside a frozen build; this test catches it everywhere.
"""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE = [p for d in ("game", "scenes", "sprites", "tools") for p in (ROOT / d).rglob("*.py")] + [ROOT / "main.py"]
ASSET = re.compile(r"""["']([\w./-]+\.(?:png|json|tmx|tsx|otf|wav|toml|txt|md))["']""")


def all_files() -> dict[str, list[Path]]:
    """Every project file by lower-cased name."""
    names: dict[str, list[Path]] = {}
    for p in ROOT.rglob("*"):
        if p.is_file() and ".venv" not in p.parts and ".git" not in p.parts and "dist" not in p.parts:
            names.setdefault(p.name.lower(), []).append(p)
    return names


def test_asset_names_in_code_match_files_exactly():
    files = all_files()
    checked = 0
    for source in CODE:
        for ref in ASSET.findall(source.read_text(encoding="utf-8")):
            name = Path(ref).name
            if "{" in name or name.startswith(("crash", "settings", "autosave", "x.", "a.", "b.")):
                continue  # formatted or runtime-created names
            matches = files.get(name.lower(), [])
            if not matches:
                continue  # a name of a file made at run time
            assert any(m.name == name for m in matches), f"{source.name}: '{ref}' differs in case from {matches}"
            checked += 1
    assert checked >= 5


def test_sheet_and_tileset_references_match_exactly():
    sheets = ROOT / "sprites" / "sheets"
    for source in CODE:
        for name in re.findall(r'load_sheet\("(\w+)"\)|load_index\("(\w+)"\)', source.read_text(encoding="utf-8")):
            for n in name:
                if n:
                    assert (sheets / f"{n}.json").name in {p.name for p in sheets.iterdir()}
    for tmx in (ROOT / "maps").rglob("*.t[ms]x"):
        for el in ET.parse(tmx).getroot().iter():
            src = el.get("source")
            if src:
                target = (tmx.parent / src)
                assert target.name in {p.name for p in target.parent.iterdir()}, f"{tmx.name}: {src}"
                assert "\\" not in src, f"{tmx.name}: backslash in {src}"


def test_code_builds_paths_portably():
    """No hard-coded path separators in joined paths: resource_path(*parts) or pathlib only."""
    for source in CODE:
        text = source.read_text(encoding="utf-8")
        assert not re.search(r'resource_path\([^)]*"[^"]*[/\\][^"]*"', text), source
        assert "os.path.join" not in text or source.name == "make_art.py", source


def test_no_two_files_differ_only_by_case():
    clashes = {n: ps for n, ps in all_files().items() if len({p.parent for p in ps}) < len(ps)}
    assert not clashes, clashes
