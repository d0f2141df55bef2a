"""The Serbian Cyrillic catalog (locale/sr/) and rule-page prose
(templates/rulebook/prose/sr/) are generated from the Serbian Latin ones by
scripts/po_fill.py: these tests regenerate them in memory (nothing is written) and fail
when the committed files are stale, i.e. when the Latin text changed and po_fill.py was not
run afterwards."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import polib
import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
STALE = "stale: run .venv/bin/python scripts/po_fill.py"


@pytest.fixture(scope="module")
def po_fill() -> ModuleType:
    spec = importlib.util.spec_from_file_location("po_fill", ROOT / "scripts" / "po_fill.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _messages(po: polib.POFile) -> dict[tuple[str | None, str, str | None], object]:
    return {
        (e.msgctxt, e.msgid, e.msgid_plural or None): (
            dict(e.msgstr_plural) if e.msgid_plural else e.msgstr
        )
        for e in po
        if not e.obsolete
    }


def test_the_cyrillic_catalog_is_the_latin_one_transliterated(po_fill: ModuleType) -> None:
    latin = polib.pofile(str(ROOT / "locale" / "sr_Latn" / "LC_MESSAGES" / "django.po"))
    expected = _messages(po_fill.cyrillic_catalog(latin))
    committed = polib.pofile(str(ROOT / "locale" / "sr" / "LC_MESSAGES" / "django.po"))
    assert committed.metadata["Language"] == "sr"
    assert committed.metadata["Plural-Forms"] == latin.metadata["Plural-Forms"]
    actual = _messages(committed)
    assert actual.keys() == expected.keys(), STALE
    stale = [key for key, value in expected.items() if actual[key] != value]
    assert not stale, STALE


def test_the_cyrillic_prose_is_the_latin_prose_transliterated(po_fill: ModuleType) -> None:
    folder = ROOT / "templates" / "rulebook" / "prose" / "sr"
    committed = {path.name: path.read_text(encoding="utf-8") for path in folder.glob("*.html")}
    expected = po_fill.cyrillic_prose()
    assert set(expected) == {p.name for p in (folder.parent / "sr-latn").glob("*.html")}
    stale = sorted(
        name
        for name in expected.keys() | committed.keys()
        if committed.get(name) != expected.get(name)
    )
    assert not stale, STALE


def test_a_changed_latin_message_makes_the_catalog_stale(po_fill: ModuleType) -> None:
    """The comparison sees a one-letter change (what the first test relies on)."""
    latin = polib.pofile(str(ROOT / "locale" / "sr_Latn" / "LC_MESSAGES" / "django.po"))
    before = _messages(po_fill.cyrillic_catalog(latin))
    entry = latin.find("Deal", by="msgid")
    assert entry is not None
    assert before[(None, "Deal", None)] == "Поделите карте"
    entry.msgstr = "Podelite karte!"
    after = _messages(po_fill.cyrillic_catalog(latin))
    assert after[(None, "Deal", None)] == "Поделите карте!"
