"""The glossaries (locale/<lang>/GLOSSARY.md) hold: no catalog and no rule-page prose uses a
term's forbidden variant, Serbian Latin and Croatian use no Cyrillic letter, and no polite
pronoun is capitalised in the middle of a sentence (Vi/Вы/Ви are written lower case there).

Each glossary has a "Terms" table (term | chosen | forbidden, the forbidden variants separated
by ";") and an "Exceptions" table (forbidden | where | why): ``prose:<file>`` allows the
variant in that prose template of the language, ``msgid:<regex>`` in the catalog entries whose
English msgid matches. A variant is found as a whole word, case-insensitively. The compiled
catalog (.mo, `make messages`) is read, as Django reads it. The Serbian Cyrillic catalog
(``sr``), when there is one, is checked with the Serbian Latin variants transliterated.
"""

# The variants are Serbian, Croatian, Russian and Bulgarian words: their letters are meant.
# ruff: noqa: RUF001

from __future__ import annotations

import gettext
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.password_validation import MinimumLengthValidator
from django.utils import translation
from django.utils.translation import to_locale

from trainer.web.cyrillic import to_cyrillic

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
LOCALE_DIR = REPO_ROOT / "locale"
PROSE_DIR = REPO_ROOT / "templates" / "rulebook" / "prose"
CYRILLIC = re.compile(r"[\u0400-\u04ff]")
PIPE = re.compile(r"(?<!\\)\|")  # a table cell may hold an escaped pipe: \|
# Template comments and tags ({% partialdef dealer %}) and placeholders (%(dealer)d) are code.
COMMENT = re.compile(r"{% comment %}.*?{% endcomment %}|{#.*?#}|{%.*?%}|{{.*?}}", re.DOTALL)
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd%]")
# The polite pronouns, capitalised: allowed only where a sentence (or the string) starts.
PRONOUNS = {
    "sr_Latn": r"Vi|Vas|Vam|Vama|Vaš\w*",
    "hr": r"Vi|Vas|Vam|Vama|Vaš\w*",
    "ru": r"Вы|Вас|Вам|Вами|Ваш\w*",
    "bg": r"Вие|Вас|Ви|Ваш\w*",
    "sr": r"Ви|Вас|Вам|Вама|Ваш\w*",
}
SENTENCE_START = re.compile(r"(^|[.!?:>«„“\"(—–]\s*|%\(username\)s!\s*)$")


@dataclass
class Glossary:
    """One language's glossary: term -> (chosen, forbidden variants), and the exceptions."""

    terms: dict[str, tuple[str, list[str]]] = field(default_factory=dict)
    exceptions: list[tuple[str, str]] = field(default_factory=list)

    def forbidden(self) -> list[tuple[str, str]]:
        """(term, variant) for every forbidden variant."""
        return [(term, v) for term, (_, variants) in self.terms.items() for v in variants]

    def allowed(self, variant: str, *, msgid: str | None = None, prose: str | None = None) -> bool:
        """Whether ``variant`` is allowed in this catalog entry or prose file by an exception."""
        for forbidden, where in self.exceptions:
            if forbidden.lower() != variant.lower():
                continue
            kind, _, value = where.partition(":")
            if kind == "msgid" and msgid is not None and re.search(value, msgid, re.IGNORECASE):
                return True
            if kind == "prose" and prose is not None and value in (prose, "*"):
                return True
        return False


def _rows(text: str, heading: str) -> list[list[str]]:
    """The body rows of the first markdown table under ``## heading``, cells stripped."""
    section = re.search(rf"^## {heading}\s*$(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert section, f"no section '## {heading}'"
    rows = [
        [cell.strip().replace("\\|", "|") for cell in PIPE.split(line.strip().strip("|"))]
        for line in section.group(1).splitlines()
        if line.strip().startswith("|")
    ]
    return [row for row in rows[2:] if row]  # without the header and the |---| line


def parse_glossary(path: Path) -> Glossary:
    """The Terms and Exceptions tables of a GLOSSARY.md."""
    text = path.read_text(encoding="utf-8")
    glossary = Glossary()
    for term, chosen, forbidden, *_ in _rows(text, "Terms"):
        variants = [v.strip().strip("`") for v in forbidden.split(";")]
        glossary.terms[term] = (chosen, [v for v in variants if v and v != "—"])
    for forbidden, where, *_ in _rows(text, "Exceptions"):
        glossary.exceptions.append((forbidden.strip("`"), where.strip("`")))
    return glossary


def catalog(locale: str) -> dict[str, list[str]]:
    """The compiled catalog of ``locale``: English msgid -> its translated strings."""
    path = LOCALE_DIR / locale / "LC_MESSAGES" / "django.mo"
    assert path.exists(), f"{path} missing: run `make messages`"
    with path.open("rb") as handle:
        raw = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    entries: dict[str, list[str]] = {}
    for key, value in raw.items():
        msgid = key[0] if isinstance(key, tuple) else key
        if not msgid:  # the header
            continue
        entries.setdefault(msgid.split("\x04")[-1], []).append(PLACEHOLDER.sub(" ", value))
    return entries


def prose_files(locale: str) -> dict[str, str]:
    """The rule-page prose of a language: file name -> text without template comments."""
    folder = PROSE_DIR / locale.lower().replace("_", "-")
    return {
        p.name: COMMENT.sub("", p.read_text(encoding="utf-8"))
        for p in sorted(folder.glob("*.html"))
    }


def word(variant: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(variant)}(?!\w)", re.IGNORECASE)


def translated_locales() -> list[str]:
    """The locale directories of settings.LANGUAGES, English aside."""
    return [to_locale(code) for code, _ in settings.LANGUAGES if code != "en"]


def glossary_locale(locale: str) -> str:
    """The glossary a catalog is checked against: Serbian Cyrillic uses the Latin one."""
    return "sr_Latn" if locale == "sr" else locale


def test_every_language_has_a_glossary_with_the_issue_s_terms() -> None:
    required = {
        "shoe", "hole card", "upcard", "surrender", "double", "split", "hit", "stand",
        "natural", "bust", "push", "insurance", "even money", "dealer", "banker", "chips",
        "EV", "soft/hard total", "basic strategy",
    }  # fmt: skip
    for locale in ["en", *{glossary_locale(x) for x in translated_locales()}]:
        glossary = parse_glossary(LOCALE_DIR / locale / "GLOSSARY.md")
        assert required <= set(glossary.terms), (locale, required - set(glossary.terms))
        for term, (chosen, _) in glossary.terms.items():
            assert chosen, (locale, term)


def violations(locale: str) -> list[str]:
    """Every use of a forbidden variant in ``locale``'s catalog and prose."""
    glossary = parse_glossary(LOCALE_DIR / glossary_locale(locale) / "GLOSSARY.md")
    cyrillic = locale == "sr"
    found = []
    entries = catalog(locale)
    prose = prose_files(locale)  # none for Serbian Cyrillic until its prose exists
    for term, variant in glossary.forbidden():
        pattern = word(to_cyrillic(variant) if cyrillic else variant)
        for msgid, texts in entries.items():
            if any(pattern.search(t) for t in texts) and not glossary.allowed(variant, msgid=msgid):
                found.append(f"{term}: {variant!r} in the translation of {msgid!r}")
        for name, text in prose.items():
            if pattern.search(text) and not glossary.allowed(variant, prose=name):
                found.append(f"{term}: {variant!r} in prose/{name}")
    return found


@pytest.mark.parametrize("locale", translated_locales())
def test_no_catalog_or_prose_uses_a_forbidden_variant(locale: str) -> None:
    if locale == "sr" and not (LOCALE_DIR / "sr" / "LC_MESSAGES" / "django.mo").exists():
        pytest.skip("no Serbian Cyrillic catalog yet")
    assert violations(locale) == []


def test_the_english_source_uses_the_english_terms() -> None:
    glossary = parse_glossary(LOCALE_DIR / "en" / "GLOSSARY.md")
    source = catalog("en") if (LOCALE_DIR / "en" / "LC_MESSAGES" / "django.mo").exists() else {}
    texts = {msgid: [PLACEHOLDER.sub(" ", msgid)] for msgid in source}
    found = [
        f"{term}: {variant!r} in {msgid!r}"
        for term, variant in glossary.forbidden()
        for msgid, strings in texts.items()
        if any(word(variant).search(s) for s in strings)
        and not glossary.allowed(variant, msgid=msgid)
    ]
    found += [
        f"{term}: {variant!r} in prose/{name}"
        for term, variant in glossary.forbidden()
        for name, text in prose_files("en").items()
        if word(variant).search(text) and not glossary.allowed(variant, prose=name)
    ]
    assert found == []


@pytest.mark.parametrize("locale", ["sr_Latn", "hr"])
def test_latin_script_languages_use_no_cyrillic_letter(locale: str) -> None:
    bad = [
        msgid for msgid, texts in catalog(locale).items() if any(CYRILLIC.search(t) for t in texts)
    ]
    bad += [f"prose/{name}" for name, text in prose_files(locale).items() if CYRILLIC.search(text)]
    assert bad == []


@pytest.mark.parametrize("locale", translated_locales())
def test_polite_pronouns_are_lower_case_mid_sentence(locale: str) -> None:
    if locale == "sr" and not (LOCALE_DIR / "sr" / "LC_MESSAGES" / "django.mo").exists():
        pytest.skip("no Serbian Cyrillic catalog yet")
    pattern = re.compile(rf"(?<!\w)(?:{PRONOUNS[locale]})(?!\w)")
    bad = []
    for texts in catalog(locale).values():
        for text in texts:
            for match in pattern.finditer(text):
                if not SENTENCE_START.search(text[: match.start()]):
                    bad.append(f"{match.group(0)!r} in {text!r}")
    assert bad == []


def test_the_glossary_check_finds_a_forbidden_variant() -> None:
    """The parser and the matcher work: a made-up Russian catalog string with "Сдача" as the
    surrender category is caught, the deal of the banker game ("сдача") is let through."""
    glossary = parse_glossary(LOCALE_DIR / "ru" / "GLOSSARY.md")
    variants = dict((v.lower(), term) for term, v in glossary.forbidden())
    assert "сдача" in variants
    assert word("сдача").search("Сдача") and not glossary.allowed("сдача", msgid="Surrender")
    assert glossary.allowed("сдача", msgid="How a deal ends")
    assert not word("EV").search("EVEN") and word("шу").search("из шу")


def test_our_catalog_overrides_django_s_own_texts() -> None:
    """Django's texts on our pages come from our catalog (LOCALE_PATHS wins over Django's)."""
    expected = {
        "ru": (
            "Это поле обязательно.",
            "нужно хотя бы 8 символов",
            "Введённые пароли не совпадают.",
        ),
        "bg": (
            "Това поле е задължително.",
            "нужни са поне 8 знака",
            "Двете въведени пароли не съвпадат.",
        ),
        "sr-latn": (
            "Ovo polje je obavezno.",
            "najmanje 8 znakova",
            "Dve unete lozinke se ne poklapaju.",
        ),
        "hr": (
            "Ovo je polje obavezno.",
            "barem 8 znakova",
            "Dvije unesene lozinke se ne podudaraju.",
        ),
    }
    for code, (required, short, mismatch) in expected.items():
        with translation.override(code):
            assert translation.gettext("This field is required.") == required
            assert short in MinimumLengthValidator().get_error_message()
            assert translation.gettext("The two password fields didn’t match.") == mismatch


def test_the_serbian_latin_variants_are_transliterated_for_the_cyrillic_catalog() -> None:
    assert to_cyrillic("najbolja igra") == "најбоља игра"
    assert to_cyrillic("Šua").lower() == "шуа"
    assert to_cyrillic("džep, Njegoš") == "џеп, Његош"
    assert word(to_cyrillic("najbolja igra")).search("Најбоља игра: стани")
