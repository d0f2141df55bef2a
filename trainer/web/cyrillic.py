"""Serbian Latin to Serbian Cyrillic, letter for letter: the Cyrillic site is made from the
Latin one (scripts/po_fill.py writes locale/sr/ and templates/rulebook/prose/sr/ with it).

Pure Python, no Django: ``to_cyrillic(text)`` for any text, ``catalog_text(msgstr, msgid,
msgctxt)`` for a message of the catalog (it knows the message's English source).

The letters (Serbian Latin has 30 letters, Cyrillic one for each)::

    a b c č ć d dž đ e f g h i j k l lj m n nj o p r s š t u v z ž
    а б ц ч ћ д џ  ђ е ф г х и ј к л љ  м н њ  о п р с ш т у в з ж

The three digraphs become one letter whatever their case: "Lj", "LJ" -> "Љ", "nj" -> "њ",
"Dž" -> "Џ" (and the one-character ligatures ǈ, ǋ, ǅ... likewise). Where the two letters
are two sounds (a prefix ending in n, d or l before a j or ž: in-jekcija, kon-junkcija,
nad-živeti, pod-žanr), the word carries a stem of ``SEPARATE`` and they stay two letters:
"injekcija" -> "инјекција", "podžanr" -> "поджанр", "nadživeti" -> "надживети". A stem is
found anywhere in the word (so "neinjektiran" and "Konjunkcija" are covered), which is why
every stem is long enough to occur in no other word ("odžal", not "odž": "odžak" is оџак;
"nadžak" is наџак, a Turkish word with a real џ, so it is no exception).

Left as written (Latin), by the rules Serbian Cyrillic text follows for them:

- markup: HTML tags with their attributes (except that ``lang="sr-Latn"`` becomes
  ``lang="sr-Cyrl"``, and the human-readable attributes ``title``, ``alt``, ``aria-label``
  and ``placeholder`` have their values transliterated), HTML entities (``&nbsp;``),
  Django template tags, variables and comments (``{% … %}``, ``{{ … }}``, ``{# … #}``, a
  whole ``{% comment %}…{% endcomment %}`` block: notes for the developer);
- Python placeholders: ``%(name)s``, ``%s``, ``%d``, ``%%``, ``{name}``, ``{0}``;
- URLs (``https://…``, ``www.…``) and e-mail addresses;
- a chart cell's code, as a URL writes it (``hard-16-10``, ``pairs-8-1``, ``insurance-0-1``);
- the content of an element in another language: ``<i lang="en">European no hole
  card</i>``, ``<i lang="hr">…</i>`` (foreign words quoted as such keep their script);
  but a foreign word the Latin text writes in Serbian Latin letters (``<i lang="ru-Latn">
  očko</i>``, a Russian word transcribed) is Serbian transcription: it is written in
  Cyrillic as well, and its ``lang`` becomes ``sr-Cyrl`` (``<i lang="sr-Cyrl">очко</i>``);
- foreign words: any word with q, w, x or y (letters Serbian does not have), and the
  words and phrases of ``FOREIGN`` ("blackjack", "even money", the key "Enter"...);
- abbreviations in their Latin form: those of ``ABBREVIATIONS`` (EV, AI, DAS, ENHC,
  FSRS...), and any token that mixes letters and digits (S17, H17, A4);
- in a catalog message (``catalog_text``): every all-capital token that also stands alone
  in the English source. Those are codes the languages share: the keys of the keyboard
  ("Tasteri: H daj kartu, S stani, Y/N …": the key is a Latin letter on a Cyrillic
  keyboard's labels too, and the page must name the key one presses), the card rank A
  ("7–A", "(A,7)", as printed on the cards) and the abbreviations. A Serbian one-letter
  word that the English lacks (the "U" of "U igri je…", "S" of "S rukama…", "I", "O", "K")
  is Serbian text and is transliterated;
- except the chart's cell letters (message context "chart cell letter…"): those are the
  Serbian initials the chart's legend explains (K daj kartu, S stani, D dupliraj, Ds, P,
  Pr predaj), so they are Serbian text and become К, С, Д, Дс, П, Пр.

Everything else outside the Latin letters (digits, punctuation, Cyrillic already there)
is copied unchanged, so ``to_cyrillic`` of a Cyrillic text is that text.
"""

# The Cyrillic letters and the typographic dashes in the docstrings are meant.
# ruff: noqa: RUF002

from __future__ import annotations

import re
from collections.abc import Collection

# One letter each; the digraphs (and the ligature characters Unicode has for them) first.
DIGRAPHS = {
    "lj": "љ",
    "Lj": "Љ",
    "LJ": "Љ",
    "lJ": "љ",
    "nj": "њ",
    "Nj": "Њ",
    "NJ": "Њ",
    "nJ": "њ",
    "dž": "џ",
    "Dž": "Џ",
    "DŽ": "Џ",
    "dŽ": "џ",
}
LETTERS = {
    **dict(zip("abcčćdđefghijklmnoprsštuvzž", "абцчћдђефгхијклмнопрсштувзж", strict=True)),
    **dict(zip("ABCČĆDĐEFGHIJKLMNOPRSŠTUVZŽ", "АБЦЧЋДЂЕФГХИЈКЛМНОПРСШТУВЗЖ", strict=True)),
    "ǉ": "љ",
    "ǈ": "Љ",
    "Ǉ": "Љ",
    "ǌ": "њ",
    "ǋ": "Њ",
    "Ǌ": "Њ",
    "ǆ": "џ",
    "ǅ": "Џ",
    "Ǆ": "Џ",
}

# Stems in which n+j, l+j or d+ž are two letters; "|" marks where the prefix ends. Found
# anywhere in a word, case aside.
SEPARATE = (
    # n + j
    "in|jek",  # injekcija, injektirati: инјекција
    "kon|junk",  # konjunkcija, konjunktura: конјункција
    "kon|jug",  # konjugacija: конјугација
    "kon|jektur",  # konjektura: конјектура
    "van|jez",  # vanjezički: ванјезички
    "van|jug",  # vanjugoslovenski: ванјугословенски
    "tan|jug",  # Tanjug: Танјуг
    "pan|jevr",  # panjevropski: панјевропски
    # d + ž
    "nad|živ",  # nadživeti, nadživljavati: надживети
    "nad|žnjev",  # nadžnjevati: наджњевати
    "nad|žup",  # nadžupan, nadžupnik: наджупан
    "od|žal",  # odžaliti: оджалити
    "od|živ",  # odživeti: одживети
    "od|žubor",  # odžuboriti: оджуборити
    "od|žvaka",  # odžvakati: оджвакати
    "pod|žanr",  # podžanr: поджанр
    "pod|žar",  # podžariti: поджарити
    "pod|žup",  # podžupan: поджупан
    "pod|želud",  # podželudačni: поджелудачни
    # l + j: no such Serbian word is in use on this site; a stem would go here ("xl|j…").
)

# Abbreviations that stay in their Latin form (all capitals as written).
ABBREVIATIONS = frozenset(
    {"AI", "DAS", "ENHC", "EV", "FSRS", "HTML", "HTMX", "ID", "PDF", "RSA", "URL"}
)
# Foreign words and phrases kept in Latin (matched whole, case aside): the game's English
# name and the English term the Serbian text quotes, the names of keys and of software.
# (A name Serbian also writes in Cyrillic, such as "safari", does not belong here.)
FOREIGN = ("blackjack", "even money", "Enter", "Esc", "Tab", "Shift", "Django", "JavaScript")

_WORD = re.compile(r"[^\W_]+")
_MARKUP = re.compile(
    r"""
    (?P<keep>
        \{%\s*comment\b.*?%\}.*?\{%\s*endcomment\s*%\}       # a template comment block, whole
      | \{%.*?%\}|\{\{.*?\}\}|\{\#.*?\#\}                # template tags, variables, comments
      | <!--.*?-->                                        # HTML comments
      | &(?:[A-Za-z][A-Za-z0-9]*|\#\d+|\#[xX][0-9A-Fa-f]+);   # entities
      | %(?:\([^)\s]*\))?[-#0+]*\d*(?:\.\d+)?[sdifrxXeEgGc%]  # %(name)s, %s, %d, %%
      | \{[A-Za-z0-9_.]*\}                                # {name}, {0}, {}
      | (?:https?|ftp)://[^\s<>"']+|www\.[^\s<>"']+       # URLs
      | [\w.+-]+@[\w-]+(?:\.[\w-]+)+                      # e-mail addresses
      | (?<![^\W\d_])[a-z]+(?:-\d+){2}(?![\w-])            # a chart cell's code: hard-16-10
    )
    | (?P<foreign><(?P<tag>[A-Za-z][\w-]*)\b[^>]*?
        \blang=["'](?!sr\b|sr-|[a-z]+-Latn\b)[^"']*["'][^>]*>
        .*?</(?P=tag)\s*>)                                # an element in another language
    | (?P<tag_open></?[A-Za-z][^>]*>)                     # any other tag
    """,
    re.DOTALL | re.VERBOSE,
)
_ATTRIBUTE = re.compile(
    r"""(?P<name>\b(?:title|alt|aria-label|placeholder))(?P<eq>\s*=\s*)(?P<q>["'])(?P<value>.*?)(?P=q)"""
)
_SR_LATN = re.compile(r"""(\blang\s*=\s*["'])[a-z]+-Latn(["'])""", re.IGNORECASE)
_FOREIGN = re.compile(
    r"(?<![^\W\d_])(?:"
    + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in FOREIGN)
    + r")(?![^\W\d_])",
    re.IGNORECASE,
)
_SEPARATE = [(stem.replace("|", ""), stem.index("|")) for stem in SEPARATE]
_NOT_SERBIAN = re.compile(r"[qwxyQWXY]")
_STANDALONE_CAPITALS = re.compile(r"(?<![^\W_])[A-Z][A-Z0-9]*(?![^\W_])")
# The English article "A" starting a sentence and the pronoun "I" are words, not codes
# (the key A mid-sentence is a code: "..., A show the answer").
_ENGLISH_WORD = re.compile(r"(?:^|(?<=[.!?] ))A(?= [a-z])|(?<![^\W_])I(?= [a-z])")


def transliterate_word(word: str) -> str:
    """One Serbian word in Cyrillic letters, digraphs as one letter except at the split of
    a ``SEPARATE`` stem ("Njegov" -> "Његов", "injekcija" -> "инјекција"). Characters that
    are no Serbian Latin letter are copied."""
    splits: set[int] = set()
    lower = word.lower()
    for stem, at in _SEPARATE:
        start = lower.find(stem)
        while start != -1:
            splits.add(start + at)
            start = lower.find(stem, start + 1)
    out = []
    i = 0
    while i < len(word):
        pair = word[i : i + 2]
        if i + 1 not in splits and pair in DIGRAPHS:
            out.append(DIGRAPHS[pair])
            i += 2
        else:
            out.append(LETTERS.get(word[i], word[i]))
            i += 1
    return "".join(out)


def _keeps_latin(word: str, keep: Collection[str]) -> bool:
    return (
        word in keep
        or word in ABBREVIATIONS
        or bool(_NOT_SERBIAN.search(word))
        or (any(c.isdigit() for c in word) and any(c.isalpha() for c in word))
    )


def _plain(text: str, keep: Collection[str]) -> str:
    """Text without markup: foreign phrases kept, every other word transliterated."""
    parts = []
    last = 0
    for found in _FOREIGN.finditer(text):
        parts.append(_words(text[last : found.start()], keep))
        parts.append(found.group())
        last = found.end()
    parts.append(_words(text[last:], keep))
    return "".join(parts)


def _words(text: str, keep: Collection[str]) -> str:
    return _WORD.sub(
        lambda m: m.group() if _keeps_latin(m.group(), keep) else transliterate_word(m.group()),
        text,
    )


def _tag(tag: str, keep: Collection[str]) -> str:
    """A tag with lang="sr-Latn" (or another language's "-Latn": a word transcribed into
    Serbian Latin letters) made "sr-Cyrl", and its readable attributes transliterated."""
    tag = _SR_LATN.sub(r"\1sr-Cyrl\2", tag)
    return _ATTRIBUTE.sub(
        lambda m: (
            m.group("name")
            + m.group("eq")
            + m.group("q")
            + to_cyrillic(m.group("value"), keep)
            + m.group("q")
        ),
        tag,
    )


def to_cyrillic(text: str, keep: Collection[str] = ()) -> str:
    """``text`` (Serbian in Latin letters, possibly with HTML, template tags and
    placeholders) in Serbian Cyrillic, by the rules of the module docstring; the words of
    ``keep`` (whole tokens, case as given) stay in Latin as well.

    Deterministic and idempotent on its own output: ``to_cyrillic("Njegov ulog je %(n)s
    EV")`` is ``"Његов улог је %(n)s EV"``."""
    out = []
    last = 0
    for found in _MARKUP.finditer(text):
        out.append(_plain(text[last : found.start()], keep))
        if found.group("tag_open") is not None:
            out.append(_tag(found.group("tag_open"), keep))
        else:
            out.append(found.group())
        last = found.end()
    out.append(_plain(text[last:], keep))
    return "".join(out)


def source_codes(msgid: str) -> frozenset[str]:
    """The all-capital tokens standing alone in an English message (keys, card ranks,
    abbreviations: "Keys: H hit, S stand, Y/N ..." -> {"H", "S", "Y", "N"}), placeholders
    aside."""
    bare = _ENGLISH_WORD.sub(" ", _MARKUP.sub(" ", msgid))
    return frozenset(_STANDALONE_CAPITALS.findall(bare))


def catalog_text(msgstr: str, msgid: str, msgctxt: str | None = None) -> str:
    """A Serbian Latin translation of the English ``msgid`` in Cyrillic: ``to_cyrillic``
    keeping the codes the English source shares (``source_codes``), except in the chart's
    cell letters (context "chart cell letter…"), which are Serbian initials.

    ``catalog_text("Tasteri: H daj kartu", "Keys: H hit")`` is ``"Тастери: H дај карту"``;
    ``catalog_text("K", "H", "chart cell letter: hit")`` is ``"К"``."""
    if msgctxt is not None and msgctxt.startswith("chart cell letter"):
        return to_cyrillic(msgstr)
    return to_cyrillic(msgstr, source_codes(msgid))
