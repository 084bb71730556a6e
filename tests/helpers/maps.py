"""Broken-map builders shared by every ruleset's map tests: copy a shipped map's folder to a
temporary one, change its .tmx, and let the test check the MapError."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Callable

Mutate = Callable[[ET.Element], object]


def broken_map(map_path: Path, tmp_path: Path, mutate: Mutate) -> Path:
    """Copy the folder of `map_path` into tmp_path, apply `mutate(root)` to the copy's .tmx."""
    folder = tmp_path / map_path.parent.name
    shutil.copytree(map_path.parent, folder)
    path = folder / map_path.name
    tree = ET.parse(path)
    mutate(tree.getroot())
    tree.write(path, encoding="UTF-8", xml_declaration=True)
    return path


def layer(root: ET.Element, name: str) -> ET.Element:
    """The layer (tile or object) called `name`."""
    return next(el for el in root if el.get("name") == name)


def drop_layer(name: str) -> Mutate:
    return lambda root: root.remove(layer(root, name))


def csv_grid(layer_el: ET.Element) -> list[list[int]]:
    """The gids of a CSV tile layer, row by row."""
    text = layer_el.find("data").text.strip()
    return [[int(x) for x in row.strip().rstrip(",").split(",")] for row in text.splitlines()]


def set_csv_grid(layer_el: ET.Element, grid: list[list[int]]) -> None:
    layer_el.find("data").text = "\n" + ",\n".join(",".join(map(str, r)) for r in grid) + "\n"
