"""Cheaper construction of frozen slots dataclasses (events and actions a rules core makes by
the thousand in search and random play).

A frozen dataclass's own `__init__` sets each field through `object.__setattr__`, which it
needs to step round the class's refusing `__setattr__`. A field's slot has its own setter that
steps round it the same way at less than half the cost: `slot_init` gives a class an
`__init__` of the same signature (fields in order, by position or keyword, the same plain
defaults) that calls those setters. The objects are the same: equal, hashed alike and still
frozen. `slot_init_all(globals())` at the end of a module of events or actions does it for
every class there it can take (`fits`); in random Dice for Land play the dataclasses' own
constructors had been about 4 % of the time. The price is paid once, at import: one `exec`
per class, as `dataclasses` itself does, about 8 ms for the five rulesets' 199 classes.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any


def fits(cls: type) -> bool:
    """Whether `slot_init` takes `cls`: a frozen dataclass with slots of its own for every
    field, no `__post_init__`, and plain fields (no default factory, init-only or
    keyword-only field)."""
    params = getattr(cls, "__dataclass_params__", None)
    own = cls.__dict__.get("__slots__")
    if params is None or not params.frozen or own is None or hasattr(cls, "__post_init__"):
        return False
    return all(f.init and not f.kw_only and f.default_factory is MISSING and f.name in own
               for f in fields(cls))


def slot_init(cls: type) -> type:
    """Give `cls` (see `fits`) an `__init__` that sets its slots through their own setters;
    returns `cls`."""
    if not fits(cls):
        raise TypeError(f"{cls.__name__}: slot_init takes a frozen slots dataclass with plain "
                        "fields and no __post_init__")
    return _install(cls)


def _install(cls: type) -> type:
    """`slot_init`'s work on a class that `fits`."""
    names: dict[str, Any] = {}
    params, body = [], []
    for f in fields(cls):
        names[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        if f.default is MISSING:
            params.append(f.name)
        else:
            names[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        body.append(f"    _set_{f.name}(self, {f.name})\n")
    # built from the field names only, the way `dataclasses` builds its own __init__
    source = f"def __init__(self, {', '.join(params)}):\n{''.join(body) or '    pass'}\n"
    exec(source, names)  # noqa: S102
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[misc]
    return cls


def slot_init_all(namespace: dict[str, Any]) -> list[type]:
    """`slot_init` for every class defined in the module whose globals are `namespace` that
    `fits`; the others keep the dataclass's constructor. Returns the classes it changed."""
    module = namespace["__name__"]
    done = [c for c in list(namespace.values())
            if isinstance(c, type) and c.__module__ == module and fits(c)]
    for cls in done:
        _install(cls)   # (each was just checked)
    return done
