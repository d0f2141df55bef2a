"""Developer tool: refresh the message catalogs and fill them from translation files.

    .venv/bin/python scripts/po_fill.py [--check]

1. ``manage.py makemessages`` for every language (new strings appear, gone ones turn
   obsolete and are dropped);
2. every ``locale/pending/*.json`` file is applied: a list of entries
   ``{"msgid": ..., "msgid_plural": ... (optional), "context": ... (optional),
   "sr_Latn": ..., "hr": ..., "ru": ..., "bg": ...}`` where a plural entry gives a list of
   forms per language (3 for sr_Latn, hr and ru; 2 for bg);
3. fuzzy marks are removed from entries that got a translation, obsolete entries dropped;
4. Serbian Cyrillic is made from Serbian Latin, letter for letter (trainer/web/cyrillic.py):
   ``locale/sr/LC_MESSAGES/django.po`` from ``locale/sr_Latn/`` and the rule pages' prose
   ``templates/rulebook/prose/sr/*.html`` from ``templates/rulebook/prose/sr-latn/``. Those
   files are generated: change the Latin text (its pending entry or prose file), never them;
   tests/web/test_cyrillic_files.py fails when they are stale;
5. ``manage.py compilemessages``.

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
if str(ROOT) not in sys.path:  # run as a file: the project's packages beside the script's
    sys.path.insert(0, str(ROOT))

from trainer.web.cyrillic import catalog_text, to_cyrillic  # noqa: E402

LOCALE = ROOT / "locale"
PROSE = ROOT / "templates" / "rulebook" / "prose"
CYRILLIC_PO = LOCALE / "sr" / "LC_MESSAGES" / "django.po"
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


def cyrillic_catalog(latin: polib.POFile) -> polib.POFile:
    """The Serbian Cyrillic catalog of the Serbian Latin one: the same entries, every
    msgstr transliterated by ``catalog_text`` (which keeps the keys and codes the English
    source shares in Latin). Written nowhere: ``write_cyrillic`` saves it."""
    po = polib.POFile(wrapwidth=79)
    po.header = (
        "Serbian (Cyrillic) translation of the blackjack trainer, GENERATED from\n"
        "locale/sr_Latn/LC_MESSAGES/django.po by scripts/po_fill.py (trainer/web/cyrillic.py):\n"
        "change the Latin catalog's source (locale/pending/*.json), never this file.\n"
        "This file is distributed under the same license as the blackjack-trainer package."
    )
    po.metadata = {
        **latin.metadata,
        "Language-Team": "Serbian (Cyrillic)",
        "Language": "sr",
    }
    for entry in latin:
        if entry.obsolete:
            continue
        source = f"{entry.msgid} {entry.msgid_plural or ''}"
        po.append(
            polib.POEntry(
                msgctxt=entry.msgctxt,
                msgid=entry.msgid,
                msgid_plural=entry.msgid_plural,
                msgstr=catalog_text(entry.msgstr, source, entry.msgctxt) if entry.msgstr else "",
                msgstr_plural={
                    i: catalog_text(form, source, entry.msgctxt)
                    for i, form in entry.msgstr_plural.items()
                },
                occurrences=entry.occurrences,
                flags=list(entry.flags),
                comment=entry.comment,
                tcomment=entry.tcomment,
            )
        )
    return po


def cyrillic_prose() -> dict[str, str]:
    """The Serbian Cyrillic prose of the rule pages: file name -> text, each file of
    templates/rulebook/prose/sr-latn/ transliterated (``to_cyrillic``) under a first line
    that says where it comes from."""
    return {
        path.name: (
            f"{{# GENERATED from rulebook/prose/sr-latn/{path.name} by scripts/po_fill.py: "
            "edit that file, not this one. #}\n" + to_cyrillic(path.read_text(encoding="utf-8"))
        )
        for path in sorted((PROSE / "sr-latn").glob("*.html"))
    }


def write_cyrillic() -> None:
    """Write the Serbian Cyrillic catalog and prose from the Serbian Latin ones (prose
    files whose Latin original is gone are removed)."""
    latin = polib.pofile(str(LOCALE / "sr_Latn" / "LC_MESSAGES" / "django.po"), wrapwidth=79)
    CYRILLIC_PO.parent.mkdir(parents=True, exist_ok=True)
    cyrillic_catalog(latin).save(str(CYRILLIC_PO))
    folder = PROSE / "sr"
    folder.mkdir(exist_ok=True)
    prose = cyrillic_prose()
    for old in folder.glob("*.html"):
        if old.name not in prose:
            old.unlink()
    for name, text in prose.items():
        (folder / name).write_text(text, encoding="utf-8")


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
        write_cyrillic()
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
