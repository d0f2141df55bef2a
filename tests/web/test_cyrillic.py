"""Serbian Latin to Cyrillic (trainer/web/cyrillic.py): letters and digraphs with their
case, the digraph exceptions, and everything that must stay Latin (markup, placeholders,
URLs, foreign words, abbreviations, keys)."""

# The expected strings are Serbian Cyrillic: their Cyrillic letters are meant.
# ruff: noqa: RUF001

from __future__ import annotations

import pytest

from trainer.web.cyrillic import catalog_text, source_codes, to_cyrillic, transliterate_word


@pytest.mark.parametrize(
    ("latin", "cyrillic"),
    [
        ("abcčćddžđefghijklljmnnjoprsštuvzž", "абцчћдџђефгхијклљмнњопрсштувзж"),
        ("ABCČĆDDŽĐEFGHIJKLLJMNNJOPRSŠTUVZŽ", "АБЦЧЋДЏЂЕФГХИЈКЛЉМНЊОПРСШТУВЗЖ"),
        ("Ljubav, LJUBAV, ljubav", "Љубав, ЉУБАВ, љубав"),
        ("Njegov, NJEGOV, njegov", "Његов, ЊЕГОВ, његов"),
        ("Džep, DŽEP, džep, blekdžek", "Џеп, ЏЕП, џеп, блекџек"),
        ("Đak, ćerka, čaša, šuma, žena", "Ђак, ћерка, чаша, шума, жена"),
        ("ǈubav ǋegov ǅep", "Љубав Његов Џеп"),  # the one-character ligatures
        (
            "Pravila igre: kralj, dama i žandar vrede po 10.",
            "Правила игре: краљ, дама и жандар вреде по 10.",
        ),
    ],
)
def test_letters_and_digraphs_with_their_case(latin: str, cyrillic: str) -> None:
    assert to_cyrillic(latin) == cyrillic


@pytest.mark.parametrize(
    ("latin", "cyrillic"),
    [
        ("injekcija", "инјекција"),
        ("Injekcije", "Инјекције"),
        ("INJEKCIJA", "ИНЈЕКЦИЈА"),
        ("konjunkcija", "конјункција"),
        ("konjugacija", "конјугација"),
        ("vanjezički", "ванјезички"),
        ("Tanjug", "Танјуг"),
        ("nadživeti", "надживети"),
        ("odžaliti", "оджалити"),
        ("podžupan", "поджупан"),
        ("podžanr", "поджанр"),
        # Real digraphs next to the exceptions' look-alikes.
        ("konj, konjušnica, kanjon", "коњ, коњушница, кањон"),
        ("odžak, nadžak, džungla", "оџак, наџак, џунгла"),
        ("Nadživeo je konja.", "Надживео је коња."),
    ],
)
def test_digraph_exceptions(latin: str, cyrillic: str) -> None:
    assert to_cyrillic(latin) == cyrillic


def test_a_word_alone() -> None:
    assert transliterate_word("Podeljenih") == "Подељених"
    assert transliterate_word("neinjektiran") == "неинјектиран"


@pytest.mark.parametrize(
    ("latin", "cyrillic"),
    [
        # python-format placeholders, %% and brace placeholders
        ("Uložili ste %(chips)s žetona.", "Уложили сте %(chips)s жетона."),
        ("%s i %d, 42%% slučajeva", "%s и %d, 42%% случајева"),
        ("u %(tens)s%% slučajeva", "у %(tens)s%% случајева"),
        ("42% slučajeva", "42% случајева"),
        ("Ruka {hand} i {0}", "Рука {hand} и {0}"),
        # HTML tags and attributes, entities
        (
            'Prijavljeni ste kao <strong class="user">%(username)s</strong>.',
            'Пријављени сте као <strong class="user">%(username)s</strong>.',
        ),
        ("Kec&nbsp;i&#160;desetka", "Кец&nbsp;и&#160;десетка"),
        ('<abbr title="meki zbir">S17</abbr>', '<abbr title="меки збир">S17</abbr>'),
        ('<dl class="glossary" lang="sr-Latn">', '<dl class="glossary" lang="sr-Cyrl">'),
        # Django template tags, variables and comments
        (
            "{% if x %}Daj kartu {{ action.label }}{% endif %}{# beleška #}",
            "{% if x %}Дај карту {{ action.label }}{% endif %}{# beleška #}",
        ),
        (
            "{% comment %}Srpski tekst.{% endcomment %}\n<p>Srpski tekst.</p>",
            "{% comment %}Srpski tekst.{% endcomment %}\n<p>Српски текст.</p>",
        ),
        (
            "<a href=\"{% url 'drills:index' %}\">Vežbe</a>",
            "<a href=\"{% url 'drills:index' %}\">Вежбе</a>",
        ),
        # URLs and e-mail addresses
        (
            "Pogledajte https://example.com/sr-latn/pravila/ ili www.primer.rs.",
            "Погледајте https://example.com/sr-latn/pravila/ или www.primer.rs.",
        ),
        ("Pišite na igra@primer.rs", "Пишите на igra@primer.rs"),
        # a chart cell's code, as a URL writes it
        (
            "Situacija se piše kao hard-16-10, soft-7-6, pairs-8-1 ili insurance-0-1.",
            "Ситуација се пише као hard-16-10, soft-7-6, pairs-8-1 или insurance-0-1.",
        ),
        # an element in another language keeps its script; Cyrillic stays as it is
        (
            'bez skrivene karte (<i lang="en">European no hole card</i>), <i lang="hr">krupje</i>',
            'без скривене карте (<i lang="en">European no hole card</i>), <i lang="hr">krupje</i>',
        ),
        ('Talija (<i lang="ru">талия</i>), очко', 'Талија (<i lang="ru">талия</i>), очко'),
        # a Russian word transcribed into Serbian Latin letters is written in Cyrillic too
        (
            'Igra <i lang="ru-Latn">Dvadcat odno</i>, zvana i „<i lang="ru-Latn">očko</i>“',
            'Игра <i lang="sr-Cyrl">Двадцат одно</i>, звана и „<i lang="sr-Cyrl">очко</i>“',
        ),
        # foreign words and abbreviations
        (
            "Evropski blackjack: even money, Even money i isplata 1:1.",
            "Европски blackjack: even money, Even money и исплата 1:1.",
        ),
        (
            "Izgubljeni EV, AI igrači, DAS, RSA, ENHC, FSRS",
            "Изгубљени EV, AI играчи, DAS, RSA, ENHC, FSRS",
        ),
        (
            "Diler staje na mekom 17 (S17), ne vuče (H17).",
            "Дилер стаје на меком 17 (S17), не вуче (H17).",
        ),
        ("Enter ili razmak", "Enter или размак"),
        ("Word, Xbox i Yahoo", "Word, Xbox и Yahoo"),
    ],
)
def test_what_stays_latin(latin: str, cyrillic: str) -> None:
    assert to_cyrillic(latin) == cyrillic


def test_cyrillic_and_symbols_pass_through_and_it_is_idempotent() -> None:
    text = "Тврди 16 против 10: −0,5400 · ♠ 21"
    assert to_cyrillic(text) == text
    once = to_cyrillic("Njegov ulog je %(n)s EV, kralj i džoker.")
    assert once == "Његов улог је %(n)s EV, краљ и џокер."
    assert to_cyrillic(once) == once


def test_source_codes_are_the_keys_ranks_and_abbreviations_of_the_english() -> None:
    assert source_codes(
        "Keys: H hit, S stand, D double, P split, R surrender, Y/N insurance or even money, "
        "A show the answer, Enter or Space next."
    ) == {"H", "S", "D", "P", "R", "Y", "N", "A"}
    assert source_codes("Soft 18 (A,7) against every upcard") == {"A"}
    assert source_codes("EV lost per 100 decisions, %(count)s (S17)") == {"EV", "S17"}
    # The article starting a sentence and the pronoun are words, not codes.
    assert source_codes("A player holding a natural. I see. A: a hint") == {"A"}
    assert source_codes("A player holding a natural.") == set()


@pytest.mark.parametrize(
    ("msgstr", "msgid", "msgctxt", "expected"),
    [
        # The keys are Latin letters on the keyboard: the Cyrillic page names those.
        (
            "Tasteri: H daj kartu, S stani, D dupliraj, P podeli, R predaj, Y/N osiguranje "
            "ili isplata 1:1, A prikaži odgovor, Enter ili razmak dalje.",
            "Keys: H hit, S stand, D double, P split, R surrender, Y/N insurance or even money, "
            "A show the answer, Enter or Space next.",
            None,
            "Тастери: H дај карту, S стани, D дуплирај, P подели, R предај, Y/N осигурање "
            "или исплата 1:1, A прикажи одговор, Enter или размак даље.",
        ),
        (
            "A: savet (šta kaže vaš standard).",
            "A: a hint (what your standard says).",
            None,
            "A: савет (шта каже ваш стандард).",
        ),
        # The card rank A as printed on the cards.
        ("Meki 18 (A,7) protiv 7–A", "Soft 18 (A,7) against 7–A", None, "Меки 18 (A,7) против 7–A"),
        # Serbian one-letter words the English does not have are Serbian text.
        ("U igri je 6 špilova.", "There are 6 decks in play.", None, "У игри је 6 шпилова."),
        (
            "S rukama nacrtanim kao karte",
            "With hands drawn as cards",
            None,
            "С рукама нацртаним као карте",
        ),
        (
            "O osiguranju se odlučuje pre svega.",
            "Insurance is decided first.",
            None,
            "О осигурању се одлучује пре свега.",
        ),
        ("A diler ima keca.", "A dealer has an ace.", None, "А дилер има кеца."),
        # The chart's cell letters are Serbian initials, explained in Serbian.
        ("K", "H", "chart cell letter: hit", "К"),
        ("S", "S", "chart cell letter: stand", "С"),
        ("Ds", "Ds", "chart cell letter: double else stand", "Дс"),
        ("Pr", "R", "chart cell letter: surrender", "Пр"),
    ],
)
def test_catalog_text(msgstr: str, msgid: str, msgctxt: str | None, expected: str) -> None:
    assert catalog_text(msgstr, msgid, msgctxt) == expected
