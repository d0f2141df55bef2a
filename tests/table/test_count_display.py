"""The count at the table (training wheels, issue 15): off by default; once a system is
chosen, every answer shows the running count of the cards seen face up since the shuffle
(the hole card only once turned), the floored true count over the decks not seen, and the
shuffle ahead; a bad choice changes nothing and says so."""

from __future__ import annotations

import html
import re
import uuid
from dataclasses import replace
from fractions import Fraction

import pytest
from django.utils import translation

from game.engine.cards import Shoe
from game.engine.round import deal
from game.engine.strategy.indices import parse_cell
from game.engine.variants import find_rules
from game.rulesets import store
from game.table import presenters
from tests.factories import TableSessionFactory, casino_state
from tests.helpers import HX, client_for
from tests.table.pages import fresh, hx_act, hx_deal, page_url, text
from trainer.web.numbers import number

pytestmark = pytest.mark.django_db

# Player T,9 against the dealer's 6 up and the queen of hearts in the hole, who then draws
# the 10 of diamonds: Hi-Lo tags T -1, 6 +1, 9 0, Q -1, T -1.
HOLE_QH = ["TS", "6D", "9C", "QH", "TD"]


def count_line(html: str) -> str | None:
    found = re.search(r'data-testid="count-line">(.*?)</p>', html, re.S)
    if found is None:
        return None
    return " ".join(re.sub(r"<[^>]+>", "", found.group(1)).split())


def choose(client, system: str, lang: str = "en", follow: bool = True):
    return client.post(
        f"/{lang}/settings/count/", {"system": system, "next": f"/{lang}/table/"}, follow=follow
    )


def deal_in(client, table, lang: str) -> str:
    """Choose Hi-Lo and deal the first round in ``lang``: the answer's HTML."""
    choose(client, "hilo", lang=lang)
    return text(
        client.post(
            f"/{lang}/table/{table.public_id}/deal/", {"bet": "10", "version": 0}, headers=HX
        )
    )


def test_the_count_is_off_by_default_and_offered_in_the_tools() -> None:
    table = TableSessionFactory(stacked=HOLE_QH)
    client = client_for(table)
    html = text(hx_deal(client, table))
    assert count_line(html) is None
    page = text(client.get(page_url(table)))
    assert count_line(page) is None
    assert 'data-testid="count-toggle"' in page
    assert '<option value="off" selected>Off</option>' in page
    assert '<option value="hilo" lang="en">Hi-Lo</option>' in page


def test_hi_lo_counts_the_cards_face_up_and_the_hole_card_once_turned() -> None:
    table = TableSessionFactory(stacked=HOLE_QH)
    client = client_for(table)
    choose(client, "hilo")
    # T -1, 6 +1, 9 0: the hole queen is not counted while it is down.
    dealt = text(hx_deal(client, table))
    assert count_line(dealt) == "Hi-Lo: running count 0 · true count 0 (decks left: 5.9)"
    # The queen turned (-1) and the ten drawn (-1): -2 over 307/52 = 5.9 decks, floored -1.
    stood = text(hx_act(client, table, "stand"))
    assert (
        count_line(stood) == "Hi-Lo: running count \u22122 · true count \u22121 (decks left: 5.9)"
    )
    page = text(client.get(page_url(table)))
    assert '<option value="hilo" lang="en" selected>Hi-Lo</option>' in page


def test_the_shuffle_ahead_is_said_once_the_cut_card_is_out() -> None:
    # A dealt shoe (not a script) whose cut card sits after the round's five cards.
    shoe = replace(Shoe.stacked_from([*HOLE_QH, *["7C"] * 20]), stacked=False, cut=5)
    table = TableSessionFactory(state=casino_state(shoe.to_json()))
    client = client_for(table)
    choose(client, "hilo")
    assert "shuffles" not in count_line(text(hx_deal(client, table)))
    assert count_line(text(hx_act(client, table, "stand"))) == (
        "Hi-Lo: running count \u22122 · true count \u22121 (decks left: 5.9) The dealer "
        "shuffles before the next round: the count starts again."
    )


def test_an_unbalanced_system_shows_its_running_count_from_its_start() -> None:
    table = TableSessionFactory(stacked=HOLE_QH)
    client = client_for(table)
    choose(client, "ko")
    # KO starts at 4 - 4 x 6 = -20; T -1, 6 +1, 9 0.
    assert count_line(text(hx_deal(client, table))) == (
        "KO: running count \u221220 (it starts at \u221220 after the shuffle)"
    )


def test_the_count_in_russian_with_a_decimal_comma() -> None:
    table = TableSessionFactory(stacked=HOLE_QH)
    client = client_for(table)
    html = deal_in(client, table, "ru")
    assert count_line(html) == "Hi-Lo: текущий счёт 0 · истинный счёт 0 (осталось колод: 5,9)"


def test_decks_left_are_rounded_to_a_tenth_not_cut() -> None:
    # 150 cards left are 2.885 decks: 2.9, not the 2.8 a cut float gives; 299 are 5.75:
    # half up, 5.8.
    # The count line writes them with trainer/web/numbers.py's number(left, 1).
    assert number(Fraction(150, 52), 1) == "2.9"
    assert number(Fraction(299, 52), 1) == "5.8"
    assert number(Fraction(6), 1) == "6.0"
    with translation.override("ru"):
        assert number(Fraction(150, 52), 1) == "2,9"


def test_off_hides_it_and_an_unknown_system_changes_nothing() -> None:
    table = TableSessionFactory(stacked=HOLE_QH)
    client = client_for(table)
    choose(client, "zen")
    refused = text(choose(client, "wizard"))
    assert "Choose a counting system, or hide the count." in refused
    assert count_line(text(hx_deal(client, table))).startswith("Zen: running count")
    hidden = text(choose(client, "off"))
    assert "The count is hidden." in hidden
    assert count_line(text(client.get(page_url(table), headers=HX))) is None


def test_choosing_a_system_needs_a_post() -> None:
    table = TableSessionFactory()
    assert client_for(table).get("/en/settings/count/").status_code == 405


# -- the table's "running count?" question ---------------------------------------------------


def ask_table(monkeypatch: pytest.MonkeyPatch, system: str = "hilo"):
    """A table in "ask" mode that asks after every settled round (the site asks after
    about one in three, chosen by a hash: ``test_about_one_round_in_three_asks``)."""
    monkeypatch.setattr(presenters, "COUNT_QUESTION_EVERY", 1)
    table = TableSessionFactory(stacked=HOLE_QH)
    client = client_for(table)
    client.post("/en/settings/count/", {"system": system, "mode": "ask", "next": "/en/table/"})
    return table, client


def questioned(monkeypatch: pytest.MonkeyPatch):
    """An asking table after its first round (T,9 stood against 6 and a hole queen who drew
    a ten: Hi-Lo -2), the question on the page."""
    table, client = ask_table(monkeypatch)
    hx_deal(client, table)
    hx_act(client, table, "stand")
    return table, client


def test_about_one_round_in_three_asks() -> None:
    settled = deal(find_rules("european"), [10], Shoe.stacked_from(HOLE_QH)).apply("stand")
    state = casino_state(Shoe.stacked_from(HOLE_QH).to_json(), settled.to_json())
    due = [
        presenters.count_question_due(
            TableSessionFactory.build(
                public_id=uuid.UUID(int=n), rounds_played=r, pk=1, state=state
            )
        )
        for n in range(60)
        for r in range(1, 6)
    ]
    # 300 settled rounds, one in three asked: about 100 (the hash's count for these ids).
    assert 70 <= sum(due) <= 130
    # Never while a round is in play.
    in_play = casino_state(
        Shoe.stacked_from(HOLE_QH).to_json(),
        deal(find_rules("european"), [10], Shoe.stacked_from(HOLE_QH)).to_json(),
    )
    assert not any(
        presenters.count_question_due(
            TableSessionFactory.build(
                public_id=uuid.UUID(int=n), rounds_played=1, pk=1, state=in_play
            )
        )
        for n in range(30)
    )


def answer(client, table, count: str, version=None):
    version = fresh(table).version if version is None else version
    return text(
        client.post(
            f"/en/table/{table.public_id}/count/", {"count": count, "version": version}, headers=HX
        )
    )


def test_asking_mode_shows_no_count_and_asks_after_a_settled_round(monkeypatch) -> None:
    table, client = ask_table(monkeypatch)
    dealt = text(hx_deal(client, table))
    assert count_line(dealt) is None and 'data-testid="count-question"' not in dealt
    stood = text(hx_act(client, table, "stand"))
    assert count_line(stood) is None
    assert 'Quick check: what is the running count (<span lang="en">Hi-Lo</span>)?' in stood
    # The page holds the question, never the count (-2 here) it is graded against.
    assert (
        "running count \u22122" not in stood and "\u22122" not in stood.split("count-question")[1]
    )


def test_a_right_answer_then_the_question_is_gone(monkeypatch) -> None:
    table, client = questioned(monkeypatch)
    graded = answer(client, table, "-2")
    assert "Right: the running count is \u22122 (true count \u22121)." in graded
    assert 'data-testid="count-question"' not in graded
    # Posted again (a double click): nothing more is graded.
    again = answer(client, table, "-2")
    assert "There is no count to answer now." in again
    assert "Right:" not in again


def test_a_wrong_answer_says_by_how_much(monkeypatch) -> None:
    table, client = questioned(monkeypatch)
    graded = answer(client, table, "+1")
    assert "The running count is \u22122 (true count \u22121): yours was 3 off." in graded


@pytest.mark.parametrize("bad", ["", "three", "1/2", "0.25", "99999"])
def test_an_answer_that_is_not_a_count_is_refused_and_the_question_stays(monkeypatch, bad) -> None:
    table, client = questioned(monkeypatch)
    refused = answer(client, table, bad)
    assert "Write the count as a number, such as +3, 0 or -2." in refused
    assert 'data-testid="count-question"' in refused
    assert "Right: the running count is \u22122" in answer(client, table, "\u22122")


@pytest.mark.parametrize(
    ("bad", "why"),
    [
        ("0.5", "This system counts in whole numbers: type the count without a half."),
        # Hi-Lo's 312 cards of a 6-deck shoe reach +312 at most.
        ("+313", "No count of this shoe's cards reaches that far."),
        ("-400", "No count of this shoe's cards reaches that far."),
    ],
)
def test_a_count_hi_lo_cannot_reach_is_refused_and_the_question_stays(
    monkeypatch, bad: str, why: str
) -> None:
    table, client = questioned(monkeypatch)
    refused = html.unescape(answer(client, table, bad))
    assert why in refused and "off." not in refused
    assert 'data-testid="count-question"' in refused
    assert "Right: the running count is \u22122" in answer(client, table, "-2")


def test_no_question_while_a_round_is_in_play_or_for_a_stale_version(monkeypatch) -> None:
    table, client = ask_table(monkeypatch)
    hx_deal(client, table)
    assert "There is no count to answer now." in answer(client, table, "0")
    hx_act(client, table, "stand")
    stale = answer(client, table, "-2", version=1)
    assert "That click was already handled" in stale and "Right:" not in stale


def test_the_count_on_the_serbian_cyrillic_table_marks_the_systems_latin_name() -> None:
    table = TableSessionFactory(stacked=HOLE_QH)
    client = client_for(table)
    html = deal_in(client, table, "sr")
    assert '<span lang="en">Hi-Lo</span>: текући број 0' in html  # noqa: RUF001


# -- the perfect counter's advice, with the person's count and the game's index ------------


def counter_advice(client, table) -> str:
    html = text(client.get(f"/en/table/{table.public_id}/counter/", headers=HX))
    found = re.search(r'data-testid="counter-index">(.*?)</p>', html, re.S)
    assert found, html
    return " ".join(re.sub(r"<[^>]+>", "", found.group(1)).split())


def test_the_counter_names_the_index_and_the_count_that_decides(monkeypatch) -> None:
    # 16 against a 10: T, 10 up, 6 (Hi-Lo -1 +... : T -1, T -1, 6 +1 = -1 over 5.9 decks,
    # floored -1: below 16 v 10's index of 0, so hit).
    table = TableSessionFactory(stacked=["TS", "TD", "6C", "7H", "5D", "9S"])
    client = client_for(table)
    choose(client, "hilo")
    hx_deal(client, table)
    pending = counter_advice(client, table)
    assert pending.startswith("This game's Hi-Lo index plays are not computed yet.")
    monkeypatch.setattr(store, "INDEX_CELLS", [parse_cell("16,T")])
    store.indices_for(find_rules("european"), "hilo", compute=True)
    try:
        assert counter_advice(client, table) == (
            "By your Hi-Lo count (true count \u22121) and this game's index for 16 against 10 "
            "(Stand at 0 and above): Hit."
        )
    finally:
        store.forget()


def index_flag(html: str) -> str | None:
    found = re.search(r'data-testid="index-flag">(.*?)</p>', html, re.S)
    return " ".join(found.group(1).split()) if found else None


def test_the_flag_names_the_index_when_the_count_made_the_difference(monkeypatch) -> None:
    # 2,4 against a 10 (the 7 of hearts in the hole); the hit draws a 10: hard 16 against 10
    # with 2, 4, T, T face up, Hi-Lo 0 and true count 0, where 16 v 10's index says stand
    # and the chart says hit.
    monkeypatch.setattr(store, "INDEX_CELLS", [parse_cell("16,T")])
    found = store.indices_for(find_rules("european"), "hilo", compute=True)
    assert found["16,T"]["index"] == 0 and found["16,T"]["action"] == "stand"
    try:
        table = TableSessionFactory(stacked=["2S", "TD", "4C", "7H", "TS"])
        client = client_for(table)
        choose(client, "hilo")
        hx_deal(client, table)
        hit = text(hx_act(client, table, "hit"))
        assert index_flag(hit) is None  # 6 against 10 has no index
        stood = text(hx_act(client, table, "stand"))
        # The exact play of these three cards is to stand too; the chart says hit.
        assert 'data-kind="correct"' in stood
        assert index_flag(stood) == (
            "16 against 10 at true count 0: Stand, the index is 0. You played the index. "
            "The grade above values a full shoe; the index values the cards left at this count."
        )
        # When the table asks for the count, the note names the index, never the count.
        asked = TableSessionFactory(stacked=["2S", "TD", "4C", "7H", "TS"])
        keeper = client_for(asked)
        keeper.post("/en/settings/count/", {"system": "hilo", "mode": "ask", "next": "/en/"})
        hx_deal(keeper, asked)
        hx_act(keeper, asked, "hit")
        assert index_flag(text(hx_act(keeper, asked, "stand"))) == (
            "16 against 10: Stand at this count, the index is 0. You played the index. "
            "The grade above values a full shoe; the index values the cards left at this count."
        )
        # Without the count display, no index note.
        other = TableSessionFactory(stacked=["2S", "TD", "4C", "7H", "TS"])
        plain = client_for(other)
        hx_deal(plain, other)
        hx_act(plain, other, "hit")
        assert index_flag(text(hx_act(plain, other, "stand"))) is None
    finally:
        store.forget()


def test_the_flag_says_so_when_the_index_was_not_played(monkeypatch) -> None:
    monkeypatch.setattr(store, "INDEX_CELLS", [parse_cell("16,T")])
    store.indices_for(find_rules("european"), "hilo", compute=True)
    try:
        table = TableSessionFactory(stacked=["2S", "TD", "4C", "7H", "TS", "3D"])
        client = client_for(table)
        choose(client, "hilo", lang="ru")
        client.post(f"/ru/table/{table.public_id}/deal/", {"bet": "10", "version": 0}, headers=HX)
        client.post(
            f"/ru/table/{table.public_id}/act/",
            {"action": "hit", "version": fresh(table).version},
            headers=HX,
        )
        html = text(
            client.post(
                f"/ru/table/{table.public_id}/act/",
                {"action": "hit", "version": fresh(table).version},
                headers=HX,
            )
        )
        assert index_flag(html) == (
            "16 против 10 при истинном счёте 0: Хватит, индекс 0; вы сыграли Ещё. "
            "Оценка выше исходит из полного шуза; индекс — из карт, оставшихся при этом счёте."
        )
    finally:
        store.forget()


def test_an_unbalanced_count_advises_and_flags_by_the_running_count(monkeypatch) -> None:
    # 16 against a 10 dealt T, T up, 6: KO tags -1, -1, +1 from -20 at 6 decks: -21.
    monkeypatch.setattr(store, "INDEX_CELLS", [parse_cell("16,T")])
    found = store.indices_for(find_rules("european"), "ko", compute=True)
    entry = found["16,T"]
    try:
        table = TableSessionFactory(stacked=["TS", "TD", "6C", "7H", "5D", "9S"])
        client = client_for(table)
        choose(client, "ko")
        hx_deal(client, table)
        play = "Stand" if entry["index"] <= -21 else "Hit"
        index = f"{entry['index']:+d}".replace("-", "\u2212").replace("+0", "0")
        assert counter_advice(client, table) == (
            "By your KO count (running count \u221221) and this game's index for 16 against 10 "
            f"(Stand at {index} and above): {play}."
        )
    finally:
        store.forget()
