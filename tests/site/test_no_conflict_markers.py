"""No merge left its conflict markers in a file the site serves or renders: a "=======" line
in a stylesheet silently drops the rule after it (it did: the header lost its
position: relative and the phone menu opened below the screen)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MARKER = re.compile(r"^(<{7}|={7}|>{7})(\s|$)", re.MULTILINE)
SERVED = [
    path
    for folder in ("static", "templates", "trainer", "game", "locale")
    for path in sorted((ROOT / folder).rglob("*"))
    if path.suffix in {".css", ".js", ".html", ".txt", ".py", ".po", ".md", ".json"}
    and not path.name.endswith(".min.js")
]


def test_no_conflict_marker_in_any_file_the_site_serves() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, marker.start()) + 1}"
        for path in SERVED
        for text in [path.read_text(encoding="utf-8", errors="replace")]
        for marker in MARKER.finditer(text)
    ]
    assert found == []
