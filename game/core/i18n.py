"""The translation table: every player-facing string by key, in English and Simplified Chinese.

Catalogues are JSON files in `locale/` (`en.json` and `en.<part>.json`, same for `zh`), flat maps from dotted keys to
texts with `{name}` placeholders. Errors from the rules cores are keys plus parameters
(`GameError`), turned into text here. This module is pure Python so the command line and the
rules cores can use it without pygame.
"""

from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "zh")
LOCALE_DIR = Path(__file__).with_name("locale")
_current = "en"


@lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[str, str]:
    """All texts of one language: `<lang>.json` merged with every `<lang>.<part>.json`."""
    data: dict[str, str] = {}
    for path in sorted(LOCALE_DIR.glob(f"{lang}.json")) + sorted(LOCALE_DIR.glob(f"{lang}.*.json")):
        with open(path, encoding="utf-8") as f:
            part = json.load(f)
        clash = set(part) & set(data) - {"_comment"}
        if clash:
            raise ValueError(f"{path.name} repeats keys {sorted(clash)}")
        data.update(part)
    return {k: v for k, v in data.items() if not k.startswith("_")}


def system_language() -> str:
    """`zh` when the environment asks for Chinese, else `en`."""
    for var in ("GAME_LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def set_language(lang: str) -> None:
    global _current
    _current = lang if lang in LANGUAGES else "en"


def language() -> str:
    return _current


# "{n|order|orders}": the singular when the parameter n is 1, else the plural (English texts;
# Chinese nouns have one form)
_PLURAL = re.compile(r"\{(\w+)\|([^|{}]*)\|([^|{}]*)\}")


def tr(key: str, lang: str | None = None, /, **params: Any) -> str:
    """The text of `key` in `lang` (default: the current language), placeholders filled, and
    each "{n|one|many}" by the word that agrees with the parameter n ("1 order", "2 orders").

    A key missing in the language falls back to English, then to the key itself, so a gap
    shows up as a readable key rather than a crash.
    """
    texts = catalogue(lang or _current)
    template = texts.get(key) or catalogue("en").get(key) or key
    if "|" in template:
        template = _PLURAL.sub(lambda m: m.group(2) if params.get(m.group(1)) == 1 else m.group(3), template)
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def own_key(ruleset: str, key: str, lang: str | None = None) -> str:
    """`<ruleset>.<key>` when the ruleset words a shared text its own way (Dice for Land counts
    turns where the others count rounds), else `key`."""
    own = f"{ruleset}.{key}"
    return own if own in catalogue(lang or _current) else key


def error_text(err: Exception, lang: str | None = None) -> str:
    """A player-facing sentence for a GameError (or a generic one for anything else)."""
    key = getattr(err, "key", None)
    params = dict(getattr(err, "params", {}) or {})
    if key is None:
        return tr("error.unexpected", lang, detail=str(err))
    return tr(f"error.{key}", lang, **params)
