"""Developer tool: refresh the message catalogs and fill them from translation files.

    .venv/bin/python scripts/po_fill.py [--check]

1. ``manage.py makemessages`` for every language (new strings appear, gone ones turn
   obsolete and are dropped);
2. every ``locale/pending/*.json`` file is applied: a list of entries
   ``{"msgid": ..., "msgid_plural": ... (optional), "context": ... (optional),
   "sr_Latn": ..., "hr": ..., "ru": ..., "bg": ...}`` where a plural entry gives a list of
   forms per language (3 for sr_Latn, hr and ru; 2 for bg);
3. fuzzy marks are removed from entries that got a translation, obsolete entries dropped;
4. ``manage.py compilemessages``.

Prints the entries still untranslated per language (``--check`` exits 1 if any). Several
people may run it at once: it takes ``locale/.lock`` (flock) while it works.
"""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
LANGS = ("sr_Latn", "hr", "ru", "bg")
PY = sys.executable
IGNORE = ["--ignore=.venv", "--ignore=.git", "--ignore=tests", "--ignore=staticfiles"]
# A developer tool: local settings, so no SECRET_KEY is needed (DEBUG is off by default).
ENV = {**os.environ, "DEBUG": os.environ.get("DEBUG", "1")}


def load_pending() -> dict[tuple[str | None, str, str | None], dict]:
    entries = {}
    for path in sorted((LOCALE / "pending").glob("*.json")):
        for item in json.loads(path.read_text(encoding="utf-8")):
            key = (item.get("context"), item["msgid"], item.get("msgid_plural"))
            entries[key] = item
    return entries


def main() -> int:
    with open(LOCALE / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        langs = ["en", *LANGS]
        subprocess.run(
            [PY, "manage.py", "makemessages", "--no-obsolete", *[f"-l{x}" for x in langs], *IGNORE],
            cwd=ROOT,
            env=ENV,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        pending = load_pending()
        missing_total = 0
        for lang in LANGS:
            path = LOCALE / lang / "LC_MESSAGES" / "django.po"
            po = polib.pofile(str(path), wrapwidth=79)
            missing = []
            for entry in po:
                if entry.obsolete:
                    continue
                item = pending.get((entry.msgctxt, entry.msgid, entry.msgid_plural or None))
                if item is not None and lang in item:
                    value = item[lang]
                    if entry.msgid_plural:
                        forms = value if isinstance(value, list) else [value]
                        entry.msgstr_plural = dict(enumerate(forms))
                    else:
                        entry.msgstr = value
                    if "fuzzy" in entry.flags:
                        entry.flags.remove("fuzzy")
                    entry.previous_msgid = None
                    entry.previous_msgid_plural = None
                    entry.previous_msgctxt = None
                done = (
                    all(entry.msgstr_plural.values()) if entry.msgid_plural else entry.msgstr
                ) and "fuzzy" not in entry.flags
                if not done:
                    missing.append(entry.msgid)
            po.save()
            missing_total += len(missing)
            for msgid in missing:
                print(f"{lang}: untranslated: {msgid!r}")
        subprocess.run(
            [PY, "manage.py", "compilemessages", *IGNORE],
            cwd=ROOT,
            env=ENV,
            check=True,
            stdout=subprocess.DEVNULL,
        )
    print(f"{missing_total} untranslated entries")
    return 1 if missing_total and "--check" in sys.argv else 0


if __name__ == "__main__":
    sys.exit(main())
