"""The message catalogs: complete, in step with the code, compiled, and actually used.

The .po files are read with a small parser (polib is not a dependency) and checked with
GNU msgfmt, the tool compilemessages itself runs.
"""

# The expected strings are Russian and Bulgarian: their Cyrillic letters are meant.
# ruff: noqa: RUF001

from __future__ import annotations

import ast
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils.translation import gettext, ngettext, override, pgettext

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
LOCALE_DIR = REPO_ROOT / "locale"
MSGFMT = shutil.which("msgfmt") or "/usr/bin/msgfmt"

PLURAL_SLAVIC = (
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
    "(n%100<12 || n%100>14) ? 1 : 2);"
)
PLURAL_TWO = "nplurals=2; plural=(n != 1);"

# Django language code -> (locale directory, header Language, header Plural-Forms)
TRANSLATED = {
    "sr-latn": ("sr_Latn", "sr_Latn", PLURAL_SLAVIC),
    "sr": ("sr", "sr", PLURAL_SLAVIC),
    "hr": ("hr", "hr", PLURAL_SLAVIC),
    "ru": ("ru", "ru", PLURAL_SLAVIC),
    "bg": ("bg", "bg", PLURAL_TWO),
}

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


@dataclass
class Entry:
    msgctxt: str | None = None
    msgid: str = ""
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False

    @property
    def key(self) -> tuple[str | None, str, str | None]:
        return (self.msgctxt, self.msgid, self.msgid_plural)


def _unquote(token: str) -> str:
    return ast.literal_eval(token.strip())


def parse_po(path: Path) -> list[Entry]:
    """Every entry of a .po file, the header (msgid "") included, obsolete ones marked."""
    entries: list[Entry] = []
    text = path.read_text(encoding="utf-8")
    for block in re.split(r"\n[ \t]*\n", text.strip()):
        entry = Entry()
        target: tuple[str, int] | None = None
        for raw in block.splitlines():
            line = raw
            if line.startswith("#~"):
                entry.obsolete = True
                line = line[2:].strip()
            elif line.startswith("#,"):
                entry.flags.update(f.strip() for f in line[2:].split(",") if f.strip())
                continue
            elif line.startswith("#") or not line.strip():
                continue
            if line.startswith('"'):
                assert target is not None, f"{path}: stray string line {raw!r}"
                name, index = target
                if name == "msgstr":
                    entry.msgstr[index] += _unquote(line)
                else:
                    setattr(entry, name, (getattr(entry, name) or "") + _unquote(line))
                continue
            keyword, _, rest = line.partition(" ")
            match = re.fullmatch(r"msgstr\[(\d+)\]", keyword)
            if match or keyword == "msgstr":
                index = int(match.group(1)) if match else 0
                entry.msgstr[index] = _unquote(rest)
                target = ("msgstr", index)
            elif keyword in {"msgctxt", "msgid", "msgid_plural"}:
                setattr(entry, keyword, _unquote(rest))
                target = (keyword, 0)
            else:
                raise AssertionError(f"{path}: cannot parse {raw!r}")
        if target is not None:
            entries.append(entry)
    return entries


def header(entries: list[Entry]) -> dict[str, str]:
    (head,) = [e for e in entries if e.msgid == "" and e.msgctxt is None]
    return dict(line.split(": ", 1) for line in head.msgstr[0].splitlines() if ": " in line)


def po_path(locale_dir: str) -> Path:
    return LOCALE_DIR / locale_dir / "LC_MESSAGES" / "django.po"


def msgids(path: Path) -> set[tuple[str | None, str, str | None]]:
    return {e.key for e in parse_po(path) if e.msgid and not e.obsolete}


# --- the catalogs are complete -------------------------------------------------------------


@pytest.mark.parametrize("lang", TRANSLATED)
def test_msgfmt_counts_only_translated_messages(lang: str) -> None:
    path = po_path(TRANSLATED[lang][0])
    result = subprocess.run(
        [MSGFMT, "--check", "--statistics", "-o", "/dev/null", str(path)],
        capture_output=True,
        text=True,
        check=False,
        env={"LC_ALL": "C"},
    )
    assert result.returncode == 0, result.stderr
    stats = result.stderr.strip().splitlines()[-1]
    match = re.fullmatch(r"(\d+) translated messages?\.", stats)
    assert match, f"{path}: {stats}"
    # Every msgid of the source catalog is there, translated.
    assert int(match.group(1)) == len(msgids(po_path("en"))), stats


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_fuzzy_empty_or_obsolete_entries(lang: str) -> None:
    locale_dir, language, plural_forms = TRANSLATED[lang]
    entries = parse_po(po_path(locale_dir))
    nplurals = int(re.search(r"nplurals=(\d+)", plural_forms).group(1))

    assert not [e.key for e in entries if "fuzzy" in e.flags], "fuzzy entries"
    assert not [e.key for e in entries if e.obsolete], "obsolete (#~) entries"
    for entry in entries:
        if not entry.msgid:
            continue
        expected = range(nplurals) if entry.msgid_plural else range(1)
        assert sorted(entry.msgstr) == list(expected), entry.key
        for text in entry.msgstr.values():
            assert text.strip(), f"empty msgstr for {entry.key}"
            # Same named placeholders as the English text.
            assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(entry.msgid)), (
                entry.key,
                text,
            )

    head = header(entries)
    assert head["Language"] == language
    assert head["Plural-Forms"] == plural_forms
    assert head["Project-Id-Version"] == "blackjack-trainer"
    assert head["Content-Type"] == "text/plain; charset=UTF-8"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_compiled_catalog_matches_po(lang: str, tmp_path: Path) -> None:
    """The .mo Django loads is the one built from the current .po (`make messages`)."""
    path = po_path(TRANSLATED[lang][0])
    built = tmp_path / "django.mo"
    subprocess.run([MSGFMT, "--check-format", "-o", str(built), str(path)], check=True)
    compiled = path.with_suffix(".mo")
    assert compiled.exists(), f"{compiled} missing: run `make messages`"
    assert compiled.read_bytes() == built.read_bytes(), f"{compiled} is stale: `make messages`"


def test_makemessages_finds_no_new_strings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, settings
) -> None:
    """Every string marked in the code and templates is in the catalog, and nothing else.

    makemessages runs on a copy of the tree in tmp_path, so the real catalogs and templates
    are never rewritten while the suite runs (and parallel workers cannot race on them)."""
    skip = shutil.ignore_patterns(
        ".*", "tests", "staticfiles", "test-artifacts", "__pycache__", "*.mo", "node_modules"
    )
    tree = tmp_path / "tree"
    shutil.copytree(REPO_ROOT, tree, ignore=skip)
    source = tree / po_path("en").relative_to(REPO_ROOT)
    before = msgids(source)
    settings.LOCALE_PATHS = [tree / "locale"]
    monkeypatch.chdir(tree)
    call_command(
        "makemessages",
        locale=["en"],
        ignore_patterns=[".venv", "tests", "staticfiles"],
        no_obsolete=True,
        verbosity=0,
    )
    after = msgids(source)
    assert after - before == set(), "strings missing from the catalogs: run makemessages"
    assert before - after == set(), "strings no longer in the code: run makemessages"


# --- the translations are used ------------------------------------------------------------

ACTIONS = {
    "sr-latn": {
        "Hit": "Daj kartu",
        "Stand": "Stani",
        "Double": "Dupliraj",
        "Split": "Podeli",
        "Surrender": "Predaj",
    },
    "sr": {
        "Hit": "Дај карту",
        "Stand": "Стани",
        "Double": "Дуплирај",
        "Split": "Подели",
        "Surrender": "Предај",
    },
    "hr": {
        "Hit": "Kartu",
        "Stand": "Dosta",
        "Double": "Duplo",
        "Split": "Split",
        "Surrender": "Predaja",
    },
    "ru": {
        "Hit": "Ещё",
        "Stand": "Хватит",
        "Double": "Удвоить",
        "Split": "Разделить",
        "Surrender": "Сдаться",
    },
    "bg": {
        "Hit": "Тегли",
        "Stand": "Остани",
        "Double": "Удвои",
        "Split": "Раздели",
        "Surrender": "Откажи се",
    },
}


@pytest.mark.parametrize(
    ("lang", "english", "expected"),
    [(lang, en, word) for lang, words in ACTIONS.items() for en, word in words.items()],
)
def test_action_words(lang: str, english: str, expected: str) -> None:
    with override(lang):
        assert pgettext("blackjack action", english) == expected


DECKS = {
    "sr-latn": {
        1: "U igri je 1 špil.",
        2: "U igri su 2 špila.",
        5: "U igri je 5 špilova.",
        21: "U igri je 21 špil.",
    },
    "sr": {
        1: "У игри је 1 шпил.",
        2: "У игри су 2 шпила.",
        5: "У игри је 5 шпилова.",
        21: "У игри је 21 шпил.",
    },
    "hr": {
        1: "U igri je 1 špil.",
        2: "U igri su 2 špila.",
        5: "U igri je 5 špilova.",
        21: "U igri je 21 špil.",
    },
    "ru": {
        1: "В игре 1 колода.",
        2: "В игре 2 колоды.",
        5: "В игре 5 колод.",
        21: "В игре 21 колода.",
    },
    "bg": {
        1: "Играе се с 1 тесте.",
        2: "Играе се с 2 тестета.",
        5: "Играе се с 5 тестета.",
        21: "Играе се с 21 тестета.",
    },
}


@pytest.mark.parametrize(
    ("lang", "decks", "expected"),
    [(lang, n, text) for lang, forms in DECKS.items() for n, text in forms.items()],
)
def test_deck_count_plural(lang: str, decks: int, expected: str) -> None:
    with override(lang):
        text = ngettext("%(decks)d deck in the shoe.", "%(decks)d decks in the shoe.", decks)
        assert text % {"decks": decks} == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("sr-latn", "Dama herc"),
        ("sr", "Дама херц"),
        ("hr", "Dama herc"),
        ("ru", "Дама червей"),
        ("bg", "Дама купа"),
    ],
)
def test_card_name(lang: str, expected: str) -> None:
    with override(lang):
        name = gettext("%(rank)s of %(suit)s") % {
            "rank": pgettext("card rank", "Queen"),
            "suit": pgettext("card suit", "hearts"),
        }
    assert name == expected


DEAL_WORDS = {
    "en": "Deal",
    "sr-latn": "Podelite karte",
    "sr": "Поделите карте",
    "hr": "Podijelite",
    "ru": "Раздать",
    "bg": "Раздайте",
}


def test_every_language_is_covered() -> None:
    codes = {code for code, _name in settings.LANGUAGES}
    assert codes == set(DEAL_WORDS)
    assert codes - {settings.LANGUAGE_CODE} == set(TRANSLATED)


@pytest.mark.django_db
@pytest.mark.parametrize(("lang", "deal"), DEAL_WORDS.items())
def test_table_page_in_language(client, lang: str, deal: str) -> None:
    response = client.get(f"/{lang}/table/")
    assert response.status_code == 200  # the empty table, before the first deal
    html = response.content.decode()
    assert f'<html lang="{lang}">' in html
    assert re.search(rf'class="deal"[^>]*>\s*{re.escape(deal)}\s*<kbd>', html), (
        f"no {deal!r} deal button"
    )
