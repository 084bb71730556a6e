"""One JSON codec for setups, actions, events and results (no pickle anywhere).

Every encodable class is a dataclass registered under a namespace (a ruleset id, or `core`)
and a type name; it encodes as `{"type": "build_road", "edge": 17}`. Tuples become lists and
come back as tuples, so a decoded action compares equal to the original.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, TypeVar

from game.core.errors import GameError
from game.core.protocol import GameOver, Result, Setup

T = TypeVar("T")
_REGISTRY: dict[tuple[str, str], type] = {}
MAX_DEPTH = 32  # deepest nesting any record needs is ~4; a save nested 900 deep is damaged


class DecodeError(GameError):
    """Data that does not describe a known object (a foreign or damaged file)."""


def register(namespace: str, type_name: str) -> Callable[[type[T]], type[T]]:
    """Class decorator: make a dataclass encodable as `{"type": type_name, ...}`."""

    def wrap(cls: type[T]) -> type[T]:
        key = (namespace, type_name)
        if key in _REGISTRY and _REGISTRY[key] is not cls:
            raise ValueError(f"type {type_name!r} registered twice in {namespace!r}")
        _REGISTRY[key] = cls
        cls.type_name = type_name  # type: ignore[attr-defined]
        cls.namespace = namespace  # type: ignore[attr-defined]
        return cls

    return wrap


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return encode(value)
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def encode(obj: Any) -> dict[str, Any]:
    """A JSON-ready dict for a registered dataclass instance."""
    type_name = getattr(type(obj), "type_name", "")
    if not type_name or not dataclasses.is_dataclass(obj):
        raise TypeError(f"{type(obj).__name__} is not a registered dataclass")
    out: dict[str, Any] = {"type": type_name}
    for f in dataclasses.fields(obj):
        out[f.name] = _plain(getattr(obj, f.name))
    return out


def check_depth(data: Any, limit: int = MAX_DEPTH) -> None:
    """Refuse JSON data nested deeper than `limit` lists/objects (DecodeError, no recursion).

    Decoding and hashing walk values recursively, so a hostile or damaged file nested
    hundreds deep would raise RecursionError far from here; this walk is iterative.
    """
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (list, tuple)):
            children = value
        elif isinstance(value, dict):
            children = list(value.values())
        else:
            continue
        if depth > limit:
            raise DecodeError("save.bad_record", detail=f"nested deeper than {limit}")
        stack.extend((child, depth + 1) for child in children)


def decode(data: Any, namespace: str = "core") -> Any:
    """The object `data` describes; `namespace` is the ruleset id of actions and events.

    Data nested deeper than MAX_DEPTH is refused with DecodeError("save.bad_record").
    """
    check_depth(data)
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise DecodeError("save.bad_record", detail="not an object with a type")
    type_name = data["type"]
    cls = _REGISTRY.get((namespace, type_name)) or _REGISTRY.get(("core", type_name))
    if cls is None:
        raise DecodeError("save.unknown_type", type=type_name, namespace=namespace)
    names = {f.name for f in dataclasses.fields(cls)}
    extra = set(data) - names - {"type"}
    if extra:
        raise DecodeError("save.bad_record", detail=f"unexpected fields {sorted(extra)}")
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name in data:
            value = data[f.name]
            kwargs[f.name] = value if isinstance(value, dict) else _tupled(value)
    try:
        obj = cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise DecodeError("save.bad_record", detail=str(exc)) from None
    _check_types(obj)
    return obj


def _check_types(obj: Any) -> None:
    """Reject values whose JSON type contradicts the field's annotation (str vs int)."""
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        hint = str(f.type)
        if hint == "int" and (not isinstance(value, int) or isinstance(value, bool)):
            raise DecodeError("save.bad_record", detail=f"{f.name} must be an integer")
        if hint == "str" and not isinstance(value, str):
            raise DecodeError("save.bad_record", detail=f"{f.name} must be text")


register("core", "setup")(Setup)
register("core", "result")(Result)
register("core", "game_over")(GameOver)
