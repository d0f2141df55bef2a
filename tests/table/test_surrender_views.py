"""Issue 10 at the table: the Croatian surrender phase with AI seats, its grading, the
no-hole-card dealer's second card, even money named as such, and the insurance result on its
own line; page text in more than one language."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from game.engine.round import Action
from game.engine.strategy.hand import hand_evs
from game.table.models import TableSession
from tests.factories import TableSessionFactory
from tests.helpers import HX, client_for
from tests.table.pages import (
    action_buttons,
    fresh,
    hand_nets,
    hx_act,
    hx_deal,
    text,
)

pytestmark = pytest.mark.django_db

# Croatian, three seats: AI 1 T,2 (12: the easy level hits), AI 2 9,9 (18), you T,6 (16)
# against the dealer's 9. Then 5S (AI 1's hit: 17), 8D (the dealer's second card: 17).
SEAT_3 = ["TS", "9D", "TC", "9H", "2C", "9C", "6D", "5S", "8D"]


def croatian_seat_3(**kwargs) -> TableSession:
    return TableSessionFactory(
        variant="croatian", seat_count=3, human_seat=2, ai_level="easy", stacked=SEAT_3, **kwargs
    )


def act(client, table, action, lang="en"):
    return client.post(
        f"/{lang}/table/{table.public_id}/act/",
        {"action": action, "version": fresh(table).version},
        headers=HX,
    )


def deal(client, table, lang="en", bet="10"):
    return client.post(
        f"/{lang}/table/{table.public_id}/deal/",
        {"bet": bet, "version": fresh(table).version},
        headers=HX,
    )


def test_the_person_in_seat_3_may_surrender_though_ai_seat_1_would_hit() -> None:
    table = croatian_seat_3()
    client = client_for(table)
    html = text(hx_deal(client, table))
    assert action_buttons(html) == ["surrender", "no_surrender"]
    assert 'data-testid="surrender-prompt"' in html
    assert 'data-card="5S"' not in html  # AI 1 has not drawn: the phase comes first
    assert 'data-shortcut="r"' in html and 'data-shortcut="n"' in html
    html = text(hx_act(client, table, "surrender"))
    # Then AI 1 hits the 5 (17), AI 2 stands; the dealer 9 + 8 = 17.
    assert 'data-card="5S"' in html and 'data-card="8D"' in html
    assert hand_nets(html) == [Decimal(-5)]
    t = fresh(table)
    assert t.bankroll == 995
    assert [t.game.round.seat_net(s) for s in range(3)] == [0, 10, -5]
    decision = t.decisions.get()
    assert (decision.action, decision.best_action) == ("surrender", "surrender")
    assert set(decision.evs) == {"surrender", "no_surrender"}


def test_declining_surrender_hands_play_back_to_the_seats_in_order() -> None:
    table = croatian_seat_3()
    client = client_for(table)
    hx_deal(client, table)
    html = text(hx_act(client, table, "no_surrender"))
    assert 'data-card="5S"' in html  # AI 1 played its turn: now yours
    assert action_buttons(html) == ["hit", "stand", "double"]
    decision = fresh(table).decisions.get()
    # No surrender is worth the best of hit, stand and double: for 16 against a 9 without a
    # hole card (a natural takes the lot) less than half the bet, so surrender was best.
    assert decision.hand == ["TC", "6D"]
    values = hand_evs(fresh(table).game.round.hands[2].cards, "9H", fresh(table).rules).values()
    assert decision.evs["no_surrender"] == pytest.approx(
        max(values[a] for a in (Action.HIT, Action.STAND, Action.DOUBLE)), abs=1e-12
    )
    assert decision.evs["surrender"] == -0.5
    assert decision.evs["no_surrender"] < -0.5
    assert decision.best_action == "surrender"


def test_the_surrender_phase_in_croatian() -> None:
    table = croatian_seat_3()
    client = client_for(table)
    html = text(deal(client, table, lang="hr"))
    assert re.search(r'value="surrender"[^>]*>Predaja <kbd>R</kbd>', html)
    assert re.search(r'value="no_surrender"[^>]*>Bez predaje <kbd>N</kbd>', html)
    assert "Krupje nudi predaju svim igračima prije nego što itko vuče kartu" in html
    response = act(client, table, "hit", lang="hr")
    assert "Najprije odlučite o predaji: predajte ili igrajte dalje." in text(response)


def test_a_mistaken_surrender_answer_is_flagged() -> None:
    # Croatian alone: T,6 against a ten. Playing on loses more than half the bet (ENHC).
    table = TableSessionFactory(variant="croatian", stacked=["TS", "TD", "6C", "9H", "8S"])
    client = client_for(table)
    hx_deal(client, table)
    html = text(hx_act(client, table, "no_surrender"))
    assert "You chose No surrender; the best play was Surrender." in html
    assert action_buttons(html) == ["hit", "stand", "double"]


def test_the_enhc_dealer_takes_no_second_card_for_a_surrendered_table() -> None:
    table = TableSessionFactory(variant="croatian", stacked=["TS", "TD", "6C", "AH", "9S"])
    client = client_for(table)
    hx_deal(client, table)
    html = text(hx_act(client, table, "surrender"))
    assert re.search(r'data-testid="dealer-total">10<', html)
    assert 'data-card="AH"' not in html  # still in the shoe: never dealt
    t = fresh(table)
    assert t.bankroll == 995
    assert t.game.round.shoe.remaining == 2


def test_insurance_result_on_its_own_line_in_two_languages() -> None:
    # Russian: T,6 against the dealer's ace and a king in the hole; insured 5.
    for lang, word in (("en", "Insurance 5"), ("ru", "Страховка 5")):
        table = TableSessionFactory(variant="russian", stacked=["TS", "AD", "6C", "KH"])
        client = client_for(table)
        deal(client, table, lang=lang)
        html = text(act(client, table, "insurance", lang=lang))
        assert hand_nets(html) == [Decimal(-10)]  # the hand's own bet, lost to the natural
        line = re.search(r'data-testid="insurance-line">(.*?)</div>', html, re.S).group(1)
        assert word in line
        assert re.search(r'data-testid="insurance-net">\+10<', line)
        assert fresh(table).bankroll == 1000


def test_even_money_is_offered_and_settled_as_even_money() -> None:
    # Russian: A,K against the dealer's ace; a 7 in the hole.
    for lang, take, decline, result in (
        ("en", "Take even money", "Decline even money", "Even money"),
        ("ru", "Взять 1:1", "Отказаться от 1:1", "Выплата 1:1"),
    ):
        table = TableSessionFactory(variant="russian", stacked=["AS", "AD", "KC", "7H"])
        client = client_for(table)
        html = text(deal(client, table, lang=lang))
        assert re.search(rf'value="insurance"[^>]*>{take} <kbd>Y</kbd>', html)
        assert re.search(rf'value="no_insurance"[^>]*>{decline} <kbd>N</kbd>', html)
        assert "Insurance pays 2:1" not in html
        html = text(act(client, table, "insurance", lang=lang))
        outcome = re.search(r'data-testid="hand-outcome">([^<]+)<', html).group(1)
        assert outcome == result
        assert hand_nets(html) == [Decimal(10)]
        assert 'data-testid="insurance-line"' not in html
        assert fresh(table).bankroll == 1010
    en = TableSessionFactory(variant="russian", stacked=["AS", "AD", "KC", "7H"])
    client = client_for(en)
    hx_deal(client, en)
    html = text(hx_act(client, en, "insurance"))
    assert "You chose Take even money; the best play was Decline even money." in html


def test_the_review_log_names_even_money() -> None:
    table = TableSessionFactory(variant="russian", stacked=["AS", "AD", "KC", "7H"])
    client = client_for(table)
    deal(client, table, lang="ru")
    act(client, table, "insurance", lang="ru")
    decision = fresh(table).decisions.get()
    assert decision.even_money
    html = text(client.get(f"/en/review/decisions/{decision.pk}/"))
    assert "Take even money" in html and "Decline even money" in html
    assert ">Insurance<" not in html and "No insurance" not in html
    html = text(client.get(f"/ru/review/decisions/{decision.pk}/"))
    assert "Взять 1:1" in html and "Отказаться от 1:1" in html
