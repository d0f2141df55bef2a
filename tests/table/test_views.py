"""The table's views through Django's test client: what the page shows and hides, how
repeated, stale and bad requests are refused, who may see a table, CSRF with HTMX, and whole
scripted rounds settled into the bankroll and the round history."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

import pytest
from django.test import Client

from game.engine.round import Round
from game.rulesets.models import RuleSet
from game.table.models import RoundRecord, TableSession
from tests.factories import TableSessionFactory
from tests.helpers import HX, client_for
from tests.table.pages import (
    act_url,
    action_buttons,
    deal_url,
    fresh,
    hand_nets,
    hole_card_forms,
    hx_act,
    hx_deal,
    page_url,
    shown_bankroll,
    snapshot,
    text,
    without_csrf_tokens,
)

pytestmark = pytest.mark.django_db

STALE = (
    "That click was already handled (a double click, the back button or another tab). "
    "The table shows where the round stands now."
)
WHOLE_NUMBER = "Enter your bet as a whole number of chips."
LIMITS = "Bets at this table are from 5 to 500 chips."
ROUND_OVER = "This round is over. Place a bet and deal a new one."
NO_ROUND = "No round is in play yet. Place a bet and deal first."
UNKNOWN_ACTION = "That is not an action of this game."
DOUBLE_TWO_CARDS = "You can double only on your first two cards."
NOT_ENOUGH = "You do not have enough chips left for another bet of this size."
FINISH_ROUND = "Finish the round in play before dealing a new one."
SESSION_ENDED = "This session has ended. Start a new one to play on."

# Player T,9 (19) against the dealer's 6 up and the queen of hearts in the hole (16), who
# then draws the 10 of diamonds and busts. No other card of the shoe is a queen of hearts.
HOLE_QH = ["TS", "6D", "9C", "QH", "TD"]
# Player T,2 (12) against 6 up, 9 in the hole: room to hit twice without busting.
HITTABLE = ["TS", "6D", "2C", "9H", "3C", "2D", "4S", "TH", "TC"]


# -- helpers ----------------------------------------------------------------------------------
def test_hole_card_is_in_no_response_until_the_dealer_turns_it() -> None:
    table = TableSessionFactory(stacked=HOLE_QH)
    client = client_for(table)

    dealt = hx_deal(client, table)
    assert dealt.status_code == 200
    page = client.get(page_url(table))
    partial = client.get(page_url(table), headers=HX)
    for response in (dealt, page, partial):
        html = text(response)
        assert fresh(table).round_in_play
        assert not any(hole_card_forms(html).values()), hole_card_forms(html)
        # The round's JSON (hole card, shoe order) never leaves the server.
        for secret in ('"game": ', '"shoe"', "hole_revealed", "TS6D9CQHTD", '"QH"'):
            assert secret not in html, secret
        assert "QH" not in without_csrf_tokens(html)
        # The card the dealer will draw next is not shown either.
        assert 'data-card="10D"' not in html
        # What is shown: the upcard, one face-down card, the player's cards.
        assert 'data-card="6D"' in html
        assert html.count('class="card back"') == 1
        assert 'data-card="10S"' in html and 'data-card="9C"' in html
        assert 'data-testid="dealer-total">6<' in html

    stood = hx_act(client, table, "stand")
    html = text(stood)
    assert all(hole_card_forms(html).values()), hole_card_forms(html)
    assert 'data-card="10D"' in html
    assert 'class="card back"' not in html
    assert 'data-testid="dealer-total">26<' in html
    assert '"shoe"' not in html and '"game": ' not in html
    assert all(hole_card_forms(text(client.get(page_url(table)))).values())


def test_hole_card_not_leaked_through_plain_posts() -> None:
    table = TableSessionFactory(stacked=HOLE_QH)
    client = client_for(table)
    response = client.post(deal_url(table), {"bet": "10", "version": 0}, follow=True)
    assert response.redirect_chain == [(page_url(table), 302)]
    assert not any(hole_card_forms(text(response)).values())
    response = client.post(act_url(table), {"action": "stand", "version": 1}, follow=True)
    assert all(hole_card_forms(text(response)).values())


# -- stale and repeated requests ----------------------------------------------------------------
def test_same_action_posted_twice_is_handled_once() -> None:
    table = TableSessionFactory(stacked=HITTABLE)
    client = client_for(table)
    hx_deal(client, table)
    first = hx_act(client, table, "hit", version=1)
    assert first.status_code == 200
    assert STALE not in text(first)
    after_first = snapshot(table)
    assert after_first[0] == 2
    assert len(fresh(table).game.round.hands[0].cards) == 3

    second = hx_act(client, table, "hit", version=1)
    assert second.status_code == 200
    assert STALE in text(second)
    assert snapshot(table) == after_first
    assert len(fresh(table).game.round.hands[0].cards) == 3


def test_deal_posted_twice_deals_once() -> None:
    table = TableSessionFactory(stacked=HITTABLE)
    client = client_for(table)
    assert STALE not in text(hx_deal(client, table, version=0))
    after_first = snapshot(table)
    again = hx_deal(client, table, version=0)
    assert STALE in text(again)
    assert snapshot(table) == after_first
    table = fresh(table)
    assert table.version == 1
    assert table.game.round.shoe.position == 4  # four cards dealt, not eight


def test_form_from_the_past_is_refused() -> None:
    """The back button shows an old page whose form carries an old version."""
    table = TableSessionFactory(stacked=HITTABLE)
    client = client_for(table)
    hx_deal(client, table)  # version 1
    hx_act(client, table, "hit")  # version 2
    before = snapshot(table)
    response = hx_act(client, table, "stand", version=1)
    assert STALE in text(response)
    assert snapshot(table) == before
    assert fresh(table).round_in_play
    # A plain post of the old form: redirected to the table, which says why.
    response = client.post(act_url(table), {"action": "stand", "version": 1}, follow=True)
    assert response.redirect_chain == [(page_url(table), 302)]
    assert STALE in text(response)
    assert snapshot(table) == before


@pytest.mark.parametrize("version", ["abc", "", "1.0", "-1", "99999999999999999999"])
def test_version_that_is_not_the_tables_is_refused(version: str) -> None:
    table = TableSessionFactory(stacked=HITTABLE)
    client = client_for(table)
    before = snapshot(table)
    response = hx_deal(client, table, version=version)
    assert response.status_code == 200
    assert STALE in text(response)
    assert snapshot(table) == before
    hx_deal(client, table)
    before = snapshot(table)
    response = hx_act(client, table, "hit", version=version)
    assert STALE in text(response)
    assert snapshot(table) == before


def test_form_without_a_version_is_refused() -> None:
    table = TableSessionFactory(stacked=HITTABLE)
    client = client_for(table)
    response = client.post(deal_url(table), {"bet": "10"}, headers=HX)
    assert STALE in text(response)
    assert fresh(table).version == 0


# -- whose table ---------------------------------------------------------------------------------
def test_another_visitors_table_is_not_found() -> None:
    table = TableSessionFactory(stacked=HITTABLE)
    owner = client_for(table)
    hx_deal(owner, table)
    before = snapshot(table)

    other_table = TableSessionFactory()
    stranger = client_for(other_table)
    no_session = Client()
    for client in (stranger, no_session):
        assert client.get(page_url(table)).status_code == 404
        assert client.get(page_url(table), headers=HX).status_code == 404
        assert client.post(deal_url(table), {"bet": "10", "version": 1}).status_code == 404
        assert hx_act(client, table, "stand", version=1).status_code == 404
        assert client.post(act_url(table), {"action": "hit", "version": 1}).status_code == 404
    assert snapshot(table) == before
    # The stranger's own table still answers.
    assert stranger.get(page_url(other_table)).status_code == 200


def test_unknown_table_is_not_found() -> None:
    table = TableSessionFactory()
    client = client_for(table)
    assert client.get("/en/table/00000000-0000-0000-0000-000000000000/").status_code == 404


def test_home_leads_a_visitor_to_their_open_table() -> None:
    table = TableSessionFactory()
    client = client_for(table)
    assert client.get("/en/table/").url == page_url(table)
    assert client.get("/ru/table/").url == page_url(table, "ru")


# -- CSRF ----------------------------------------------------------------------------------------
def test_htmx_posts_need_the_csrf_token_from_the_page() -> None:
    table = TableSessionFactory(stacked=HITTABLE)
    client = client_for(table, enforce_csrf_checks=True)
    page = text(client.get(page_url(table)))
    match = re.search(r"<body hx-headers='\{\"x-csrftoken\": \"([A-Za-z0-9]+)\"\}'>", page)
    assert match, "the body tag carries no hx-headers with x-csrftoken"
    token = match.group(1)

    refused = client.post(deal_url(table), {"bet": "10", "version": 0}, headers=HX)
    assert refused.status_code == 403
    refused = client.post(
        deal_url(table), {"bet": "10", "version": 0}, headers={**HX, "X-CSRFToken": "x" * 64}
    )
    assert refused.status_code == 403
    assert fresh(table).version == 0

    accepted = client.post(
        deal_url(table), {"bet": "10", "version": 0}, headers={**HX, "X-CSRFToken": token}
    )
    assert accepted.status_code == 200
    assert fresh(table).version == 1
    accepted = client.post(
        act_url(table), {"action": "stand", "version": 1}, headers={**HX, "X-CSRFToken": token}
    )
    assert accepted.status_code == 200
    assert fresh(table).version == 2


def test_plain_form_posts_need_the_csrf_field() -> None:
    table = TableSessionFactory(stacked=HITTABLE)
    client = client_for(table, enforce_csrf_checks=True)
    page = text(client.get(page_url(table)))
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert client.post(deal_url(table), {"bet": "10", "version": 0}).status_code == 403
    response = client.post(
        deal_url(table), {"bet": "10", "version": 0, "csrfmiddlewaretoken": token}
    )
    assert response.status_code == 302
    assert fresh(table).version == 1


# -- bad input -----------------------------------------------------------------------------------
BAD_BETS = [
    pytest.param("200", "100", "Not enough chips: you have 100 left.", id="above-bankroll"),
    pytest.param(
        "500", "455.50", "Not enough chips: you have 455.5 left.", id="above-bankroll-half"
    ),
    pytest.param("501", "1000", LIMITS, id="above-table-max"),
    pytest.param("4", "1000", LIMITS, id="below-min"),
    pytest.param("0", "1000", LIMITS, id="zero"),
    pytest.param("-10", "1000", LIMITS, id="negative"),
    pytest.param("abc", "1000", WHOLE_NUMBER, id="letters"),
    pytest.param("12.5", "1000", WHOLE_NUMBER, id="fraction"),
    pytest.param("", "1000", WHOLE_NUMBER, id="empty"),
    pytest.param("NaN", "1000", WHOLE_NUMBER, id="nan"),
    pytest.param("Infinity", "1000", WHOLE_NUMBER, id="infinity"),
]


@pytest.mark.parametrize(("bet", "bankroll", "message"), BAD_BETS)
def test_bad_bet_gets_an_inline_message_and_changes_nothing(bet, bankroll, message) -> None:
    table = TableSessionFactory(stacked=HITTABLE, bankroll=Decimal(bankroll))
    client = client_for(table)
    before = snapshot(table)
    response = hx_deal(client, table, bet=bet)
    assert response.status_code == 200
    html = text(response)
    assert re.search(r'<li class="message error">([^<]*)</li>', html).group(1) == message
    assert 'id="table-felt"' in html
    assert snapshot(table) == before
    assert not RoundRecord.objects.exists()


@pytest.mark.parametrize(("bet", "bankroll", "message"), BAD_BETS)
def test_bad_bet_plain_post_redirects_to_the_message(bet, bankroll, message) -> None:
    table = TableSessionFactory(stacked=HITTABLE, bankroll=Decimal(bankroll))
    client = client_for(table)
    before = snapshot(table)
    response = client.post(deal_url(table), {"bet": bet, "version": 0})
    assert response.status_code == 302
    assert response.url == page_url(table)
    page = text(client.get(response.url))
    assert f'<li class="message error">{message}</li>' in page
    assert snapshot(table) == before
    # The message is shown once.
    assert message not in text(client.get(page_url(table)))


def test_bet_while_a_round_is_in_play_is_refused() -> None:
    table = TableSessionFactory(stacked=HITTABLE)
    client = client_for(table)
    hx_deal(client, table)
    before = snapshot(table)
    assert FINISH_ROUND in text(hx_deal(client, table, bet="10"))
    assert snapshot(table) == before


def _table_in_play_after_a_hit() -> tuple[TableSession, Client]:
    table = TableSessionFactory(stacked=HITTABLE)
    client = client_for(table)
    hx_deal(client, table)
    hx_act(client, table, "hit")
    return table, client


BAD_ACTIONS = [
    pytest.param("no-round", "stand", NO_ROUND, id="no-round-dealt"),
    pytest.param("no-round", "fly", NO_ROUND, id="fly-with-no-round"),
    pytest.param("after-round", "hit", ROUND_OVER, id="after-the-round"),
    pytest.param("in-play", "fly", UNKNOWN_ACTION, id="fly"),
    pytest.param("in-play", "", UNKNOWN_ACTION, id="empty"),
    pytest.param("in-play", "HIT", UNKNOWN_ACTION, id="upper-case"),
    pytest.param("after-hit", "double", DOUBLE_TWO_CARDS, id="double-after-hit"),
    pytest.param("in-play", "split", "You can split only two cards of equal value.", id="split"),
    pytest.param("in-play", "surrender", "Surrender is not offered at this table.", id="surr"),
]


def _bad_action_table(state: str) -> tuple[TableSession, Client]:
    if state == "after-hit":
        return _table_in_play_after_a_hit()
    table = TableSessionFactory(stacked=HITTABLE)
    client = client_for(table)
    if state in ("in-play", "after-round"):
        hx_deal(client, table)
    if state == "after-round":
        hx_act(client, table, "stand")
        assert not fresh(table).round_in_play
    return table, client


@pytest.mark.parametrize(("state", "action", "message"), BAD_ACTIONS)
def test_bad_action_gets_an_inline_message_and_changes_nothing(state, action, message) -> None:
    table, client = _bad_action_table(state)
    before = snapshot(table)
    records = RoundRecord.objects.count()
    response = hx_act(client, table, action)
    assert response.status_code == 200
    html = text(response)
    assert re.search(r'<li class="message error">([^<]*)</li>', html).group(1) == message
    assert snapshot(table) == before
    assert RoundRecord.objects.count() == records


@pytest.mark.parametrize(("state", "action", "message"), BAD_ACTIONS)
def test_bad_action_plain_post_redirects_to_the_message(state, action, message) -> None:
    table, client = _bad_action_table(state)
    before = snapshot(table)
    response = client.post(act_url(table), {"action": action, "version": before[0]}, follow=True)
    assert response.redirect_chain == [(page_url(table), 302)]
    assert f'<li class="message error">{message}</li>' in text(response)
    assert snapshot(table) == before


def test_get_on_a_post_view_is_not_allowed() -> None:
    table = TableSessionFactory()
    client = client_for(table)
    assert client.get(deal_url(table)).status_code == 405
    assert client.get(act_url(table)).status_code == 405


# -- HTMX partials and full pages ----------------------------------------------------------------
def test_htmx_answers_with_the_felt_and_the_bankroll_out_of_band() -> None:
    table = TableSessionFactory(stacked=HOLE_QH)
    client = client_for(table)
    for response in (
        hx_deal(client, table),
        client.get(page_url(table), headers=HX),
        hx_act(client, table, "stand"),
    ):
        html = text(response)
        assert response.status_code == 200
        assert html.lstrip().startswith('<section id="table-felt"')
        assert html.count('id="table-felt"') == 1
        assert re.search(r'<div id="bankroll" class="bankroll" hx-swap-oob="true">', html)
        assert "<html" not in html and "<body" not in html and "<!DOCTYPE" not in html
        # The felt's forms keep posting by HTMX (and by plain post without JavaScript).
        assert 'hx-target="#table-felt"' in html and 'hx-swap="outerHTML"' in html
    assert shown_bankroll(html) == Decimal(1010)


def test_plain_get_returns_the_full_page() -> None:
    table = TableSessionFactory()
    client = client_for(table)
    response = client.get(page_url(table))
    html = text(response)
    assert response.status_code == 200
    assert html.startswith("<!DOCTYPE html>")
    assert '<html lang="en">' in html
    assert 'id="table-felt"' in html
    assert '<div id="bankroll" class="bankroll">' in html
    assert "hx-swap-oob" not in html
    assert "table/table.js" in html
    assert shown_bankroll(html) == Decimal(1000)
    # The betting form: chips, the bet field (last bet 10) and the table limits.
    assert 'data-chip="25"' in html
    assert re.search(r'<input type="number" name="bet"[^>]*value="10"[^>]*min="5" max="500"', html)
    assert "Table limits: 5 to 500 chips." in html


def test_plain_post_redirects_to_the_table_page() -> None:
    table = TableSessionFactory(stacked=HOLE_QH)
    client = client_for(table)
    response = client.post(deal_url(table), {"bet": "10", "version": 0})
    assert response.status_code == 302
    assert response.url == page_url(table)
    assert fresh(table).round_in_play


# -- whole rounds through the views --------------------------------------------------------------
def test_stand_on_19_against_dealer_16_who_draws_to_21() -> None:
    table = TableSessionFactory(stacked=["TS", "6D", "9C", "TH", "5C"])
    client = client_for(table)
    html = text(hx_deal(client, table, bet="10"))
    assert shown_bankroll(html) == Decimal(1000)
    assert "10 on the table" in html
    assert 'data-testid="hand-total">19<' in html
    assert action_buttons(html) == ["hit", "stand", "double"]

    html = text(hx_act(client, table, "stand"))
    assert 'data-testid="dealer-total">21<' in html
    assert 'data-testid="hand-outcome">Lose<' in html
    assert hand_nets(html) == [Decimal(-10)]
    assert 'data-testid="hand-net">\u221210<' in html  # the true minus sign, not "-10"
    assert "You lost 10 chips." in html
    # The bet on the felt as chips: 10 is two chips of 5, with the amount beside them.
    assert re.findall(r'<span class="stack-chip chip-(\d+)">', html) == ["5", "5"]
    assert '<span class="stack-amount">10</span>' in html
    assert shown_bankroll(html) == Decimal(990)
    assert "on the table" not in html
    assert action_buttons(html) == []
    table = fresh(table)
    assert table.bankroll == Decimal(990)
    assert table.rounds_played == 1
    record = RoundRecord.objects.get(table=table)
    assert (record.number, record.bet, record.staked, record.net, record.bankroll_after) == (
        1,
        Decimal(10),
        Decimal(10),
        Decimal(-10),
        Decimal(990),
    )
    # The round history on the page, its Net column with the true minus sign.
    assert re.search(r"<td>1</td>\s*<td>10 9 \(19\)</td>\s*<td>21</td>", html)
    assert re.search(r'<td class="minus">\u221210</td>', html)
    # The same round in Russian: the result in words, with its plural form.
    ru = client.get(page_url(table, "ru")).content.decode()
    assert "Вы проиграли 10 фишек." in ru


def test_natural_pays_three_to_two() -> None:
    table = TableSessionFactory(stacked=["AS", "9D", "KC", "7H"])
    client = client_for(table)
    html = text(hx_deal(client, table, bet="10"))
    # European: no peek, so the round settles at once; the dealer shows 16 and draws nothing.
    assert 'data-testid="round-result"' in html
    assert 'data-testid="hand-outcome">Blackjack<' in html
    assert hand_nets(html) == [Decimal(15)]
    assert "You won 15 chips." in html
    assert shown_bankroll(html) == Decimal(1015)
    assert fresh(table).bankroll == Decimal(1015)
    record = RoundRecord.objects.get(table=table)
    assert (record.number, record.bet, record.net, record.bankroll_after) == (
        1,
        Decimal(10),
        Decimal(15),
        Decimal(1015),
    )


def test_natural_on_an_odd_bet_pays_half_chips() -> None:
    table = TableSessionFactory(stacked=["AS", "9D", "KC", "7H"])
    client = client_for(table)
    html = text(hx_deal(client, table, bet="5"))
    assert hand_nets(html) == [Decimal("7.5")]
    assert shown_bankroll(html) == Decimal("1007.5")
    assert fresh(table).bankroll == Decimal("1007.50")
    assert RoundRecord.objects.get().net == Decimal("7.50")


def test_dealer_natural_takes_the_doubled_bet() -> None:
    # Player 6,5 (11) doubles against an ace and draws a 9 (20); the hole card is a king.
    table = TableSessionFactory(stacked=["6S", "AD", "5C", "KH", "9S"])
    client = client_for(table)
    html = text(hx_deal(client, table, bet="10"))
    assert "double" in action_buttons(html)
    html = text(hx_act(client, table, "double"))
    assert "doubled" in html
    assert 'data-testid="dealer-total">21<' in html
    assert "badge blackjack" in html  # the dealer's natural
    assert hand_nets(html) == [Decimal(-20)]
    assert "You lost 20 chips." in html
    assert shown_bankroll(html) == Decimal(980)
    record = RoundRecord.objects.get(table=table)
    assert (record.bet, record.staked, record.net, record.bankroll_after) == (
        Decimal(10),
        Decimal(20),
        Decimal(-20),
        Decimal(980),
    )


def test_split_eights_double_one_hand_dealer_busts() -> None:
    # 8,8 against 6: split; the first 8 takes a 3 (11) and doubles onto a 10 (21); the second
    # 8 takes a 9 (17) and stands; the dealer's 6,10 draws a 7 and busts.
    table = TableSessionFactory(stacked=["8S", "6C", "8D", "TH", "3C", "TC", "9D", "7S"])
    client = client_for(table)
    html = text(hx_deal(client, table, bet="10"))
    assert action_buttons(html) == ["hit", "stand", "double", "split"]

    html = text(hx_act(client, table, "split"))
    assert html.count('data-testid="hand"') == 2
    assert "your turn" in html
    assert "20 on the table" in html
    assert action_buttons(html) == ["hit", "stand", "double"]  # 8,3: no pair any more
    table = fresh(table)
    assert [c.code for c in table.game.round.hands[0].cards] == ["8S", "3C"]
    assert [c.code for c in table.game.round.hands[1].cards] == ["8D"]

    html = text(hx_act(client, table, "double"))
    assert "30 on the table" in html
    html = text(hx_act(client, table, "stand"))
    assert 'data-testid="dealer-total">23<' in html
    assert hand_nets(html) == [Decimal(20), Decimal(10)]
    assert "You won 30 chips." in html
    assert shown_bankroll(html) == Decimal(1030)
    record = RoundRecord.objects.get(table=table)
    assert (record.number, record.bet, record.staked, record.net, record.bankroll_after) == (
        1,
        Decimal(10),
        Decimal(30),
        Decimal(30),
        Decimal(1030),
    )
    hands = record.round.hands
    assert [[c.code for c in h.cards] for h in hands] == [["8S", "3C", "TC"], ["8D", "9D"]]


def test_rounds_follow_each_other_from_the_same_shoe() -> None:
    table = TableSessionFactory(stacked=["TS", "6D", "9C", "TH", "5C", "AS", "9D", "KC", "7H"])
    client = client_for(table)
    hx_deal(client, table, bet="10")
    hx_act(client, table, "stand")  # -10
    html = text(hx_deal(client, table, bet="20"))  # natural: +30
    assert shown_bankroll(html) == Decimal(1020)
    records = list(RoundRecord.objects.filter(table=table).order_by("number"))
    assert [(r.number, r.bet, r.net, r.bankroll_after) for r in records] == [
        (1, Decimal(10), Decimal(-10), Decimal(990)),
        (2, Decimal(20), Decimal(30), Decimal(1020)),
    ]
    table = fresh(table)
    assert (table.rounds_played, table.last_bet, table.version) == (2, Decimal(20), 3)
    # The bet field offers the last bet again.
    assert re.search(r'name="bet"[^>]*value="20"', html)


def test_player_bust_loses_at_once_and_dealer_does_not_draw() -> None:
    table = TableSessionFactory(stacked=["TS", "6D", "6C", "TH", "9S", "5C"])
    client = client_for(table)
    hx_deal(client, table)
    html = text(hx_act(client, table, "hit"))
    assert 'data-testid="hand-outcome">Bust<' in html
    assert 'data-testid="dealer-total">16<' in html
    assert 'data-card="5C"' not in html
    assert shown_bankroll(html) == Decimal(990)


# -- actions the bankroll cannot cover -----------------------------------------------------------
def test_double_and_split_not_offered_when_the_bankroll_cannot_cover_them() -> None:
    table = TableSessionFactory(
        stacked=["8S", "6C", "8D", "TH", "3C", "9C", "7D"], bankroll=Decimal(15)
    )
    client = client_for(table)
    html = text(hx_deal(client, table, bet="10"))
    assert action_buttons(html) == ["hit", "stand"]
    assert "10 on the table" in html
    for action in ("double", "split"):
        before = snapshot(table)
        response = hx_act(client, table, action)
        assert response.status_code == 200
        assert re.search(r'<li class="message error">([^<]*)</li>', text(response)).group(1) == (
            NOT_ENOUGH
        )
        assert snapshot(table) == before
    assert action_buttons(text(client.get(page_url(table)))) == ["hit", "stand"]


def test_double_offered_when_the_bankroll_covers_it_exactly() -> None:
    table = TableSessionFactory(stacked=["6S", "7D", "5C", "TH", "9S"], bankroll=Decimal(20))
    client = client_for(table)
    html = text(hx_deal(client, table, bet="10"))
    assert action_buttons(html) == ["hit", "stand", "double"]
    html = text(hx_act(client, table, "double"))
    assert hand_nets(html) == [Decimal(20)]
    assert shown_bankroll(html) == Decimal(40)


def test_bet_field_never_offers_more_whole_chips_than_the_bankroll_holds() -> None:
    """With 455.5 chips the field's default and maximum are 455, not a rounded-up 456 that
    the table would refuse."""
    table = TableSessionFactory(stacked=HITTABLE, bankroll=Decimal("455.50"), last_bet=Decimal(500))
    client = client_for(table)
    html = text(client.get(page_url(table)))
    field = re.search(r'<input type="number" name="bet"[^>]*>', html).group(0)
    assert 'value="455"' in field and 'max="455"' in field
    response = hx_deal(client, table, bet="455")
    assert "message error" not in text(response)
    assert fresh(table).in_play == Decimal(455)


def test_broke_table_offers_no_bet() -> None:
    table = TableSessionFactory(bankroll=Decimal(4))
    client = client_for(table)
    html = text(client.get(page_url(table)))
    assert 'name="bet"' not in html
    assert "You do not have enough chips for the smallest bet." in html


# -- legal buttons only --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("cards", "buttons"),
    [
        pytest.param(["TS", "6D", "9C", "TH"], ["hit", "stand", "double"], id="T9-no-split"),
        pytest.param(["KS", "6D", "QC", "TH"], ["hit", "stand", "double", "split"], id="KQ"),
        pytest.param(["AS", "6D", "AC", "TH"], ["hit", "stand", "double", "split"], id="AA"),
    ],
)
def test_page_shows_legal_action_buttons_only(cards, buttons) -> None:
    table = TableSessionFactory(stacked=cards)
    client = client_for(table)
    hx_deal(client, table)
    html = text(client.get(page_url(table)))
    assert action_buttons(html) == buttons
    assert 'value="surrender"' not in html
    # In play: no betting form.
    assert 'name="bet"' not in html
    for key, action in {"h": "hit", "s": "stand", "d": "double", "p": "split"}.items():
        assert (f'value="{action}" data-shortcut="{key}"' in html) == (action in buttons)


# -- a new session -------------------------------------------------------------------------------
def test_new_session_opens_a_fresh_table_and_ends_the_old_one() -> None:
    old = TableSessionFactory(stacked=[*HITTABLE, "5S", "6S", "7S", "8S"])
    client = client_for(old)
    hx_deal(client, old)
    hx_act(client, old, "stand")  # T,2 v 6,9 -> dealer 15 draws 3: 18, a loss
    hx_deal(client, old)  # a round in play at the old table
    old_version = fresh(old).version
    assert fresh(old).bankroll == Decimal(990)

    response = client.post("/en/table/new/")
    assert response.status_code == 302
    new = TableSession.objects.exclude(pk=old.pk).get()
    assert response.url == page_url(new)
    assert new.visitor == old.visitor
    assert (new.bankroll, new.version, new.state) == (Decimal(1000), 0, None)
    assert new.ended_at is None
    old_after = fresh(old)
    assert old_after.ended_at is not None
    assert old_after.version == old_version + 1
    page = text(client.get(page_url(new)))
    assert shown_bankroll(page) == Decimal(1000)
    # Home leads to the new table.
    assert client.get("/en/table/").url == page_url(new)

    # The old table's forms (old version) are refused.
    before = snapshot(old)
    assert STALE in text(hx_act(client, old, "stand", version=old_version))
    assert STALE in text(hx_deal(client, old, version=old_version))
    # Even with the version of a freshly loaded old page, the ended session plays no more.
    assert SESSION_ENDED in text(hx_act(client, old, "stand"))
    assert SESSION_ENDED in text(hx_deal(client, old))
    assert snapshot(old) == before
    assert RoundRecord.objects.filter(table=old).count() == 1
    # The old page says so and offers neither actions nor a bet.
    old_page = text(client.get(page_url(old)))
    assert SESSION_ENDED in old_page
    assert action_buttons(old_page) == []
    assert 'name="bet"' not in old_page
    assert "not have enough chips for the smallest bet" not in old_page


def test_new_session_by_htmx_redirects_the_browser() -> None:
    old = TableSessionFactory()
    client = client_for(old)
    response = client.post("/en/table/new/", headers=HX)
    new = TableSession.objects.exclude(pk=old.pk).get()
    assert response.headers["HX-Redirect"] == page_url(new)
    assert fresh(old).ended_at is not None


def test_new_session_without_a_visitor_makes_one() -> None:
    client = Client()
    response = client.post("/en/table/new/")
    table = TableSession.objects.get()
    assert response.url == page_url(table)
    assert client.session["visitor"] == str(table.visitor)


def test_new_session_only_ends_the_visitors_own_tables() -> None:
    mine = TableSessionFactory()
    theirs = TableSessionFactory()
    client_for(mine).post("/en/table/new/")
    assert fresh(mine).ended_at is not None
    assert fresh(theirs).ended_at is None


# -- languages -----------------------------------------------------------------------------------
def test_language_links_lead_to_the_same_table_in_another_language() -> None:
    table = TableSessionFactory()
    client = client_for(table)
    html = text(client.get(page_url(table, "ru")))
    assert '<html lang="ru">' in html
    for code in ("en", "sr-latn", "hr", "bg"):
        assert f'href="/{code}/table/{table.public_id}/" hreflang="{code}"' in html
    assert re.search(
        rf'href="/ru/table/{table.public_id}/" hreflang="ru" lang="ru" aria-current="true"', html
    )
    # The forms post to the page's language.
    assert f'action="/ru/table/{table.public_id}/deal/"' in html
    for code in ("sr-latn", "hr", "bg", "en"):
        response = client.get(page_url(table, code))
        assert response.status_code == 200
        assert f'<html lang="{code}">' in text(response)


# -- the round survives a restart ----------------------------------------------------------------
def test_round_in_play_survives_a_server_restart() -> None:
    table = TableSessionFactory(stacked=HITTABLE)
    client = client_for(table)
    hx_deal(client, table)
    hx_act(client, table, "hit")  # T,2,3 = 15
    cookie = client.cookies["sessionid"].value

    # "Restart": nothing kept in memory; everything comes back from the database.
    stored = TableSession.objects.get(public_id=table.public_id)
    rebuilt = Round.from_json(stored.state["round"])
    assert rebuilt.to_json() == stored.state["round"]
    assert [c.code for c in rebuilt.hands[0].cards] == ["TS", "2C", "3C"]
    assert [c.code for c in rebuilt.dealer] == ["6D", "9H"]
    assert not rebuilt.hole_revealed
    expected = rebuilt.apply("hit").apply("stand")  # +2 = 17; dealer 15 draws 4: 19

    new_client = Client()
    new_client.cookies["sessionid"] = cookie
    page = text(new_client.get(page_url(table)))
    assert 'data-testid="hand-total">15<' in page
    hx_act(new_client, table, "hit")
    html = text(hx_act(new_client, table, "stand"))
    assert hand_nets(html) == [Decimal(-10)]
    stored = fresh(table)
    assert stored.state["round"] == expected.to_json()
    assert stored.bankroll == Decimal(1000) + Decimal(int(expected.net))
    assert stored.bankroll == Decimal(990)
    kept = replace(expected, shoe=expected.shoe.dealt_part())  # no undealt card kept
    assert RoundRecord.objects.get(table=table).state == kept.to_json()


def test_soft_total_shown_as_low_slash_high_only_while_the_hand_can_draw() -> None:
    # Player A,6 (soft 17) against the dealer's 8 up and 9 in the hole (17).
    table = TableSessionFactory(stacked=["AS", "8D", "6C", "9H", "TC"])
    client = client_for(table)
    html = text(hx_deal(client, table))
    assert re.search(r'data-testid="hand-total">7/17<', html)
    assert re.search(r'data-testid="dealer-total">8<', html)
    html = text(hx_act(client, table, "stand"))
    assert re.search(r'data-testid="hand-total">17<', html)
    assert re.search(r'data-testid="dealer-total">17<', html)
    assert "7/17" not in html


def test_dealer_soft_total_is_plain_once_settled() -> None:
    # Player T,9 stands on 19; the dealer's A up, 8 in the hole: soft 19, stands.
    table = TableSessionFactory(stacked=["TS", "AD", "9C", "8H"])
    client = client_for(table)
    html = text(hx_deal(client, table))
    assert re.search(r'data-testid="dealer-total">1/11<', html)
    html = text(hx_act(client, table, "stand"))
    assert re.search(r'data-testid="dealer-total">19<', html)
    assert re.search(r'data-testid="hand-outcome">Push<', html)


def test_table_page_states_the_variants_rules_from_the_rules_object() -> None:
    table = TableSessionFactory()
    html = text(client_for(table).get(page_url(table)))
    for line in (
        "6 decks in the shoe. 312 cards in all.",
        "The dealer stands on every 17, soft 17 included (S17).",
        "A natural pays 3:2: on a bet of 10 chips it wins 15.",
        "Double on any first two cards: you double the bet and get exactly one more card.",
        "You may double after a split too (DAS).",
        "Split two cards of equal value (a king with a queen too), up to 4 hands.",
        "Split aces get one card each and are split only once.",
        "The dealer does not peek: a dealer natural takes doubled and split bets too.",
    ):
        assert f"<li>{line}</li>" in html


def test_ended_table_shows_nothing_on_the_table() -> None:
    table = TableSessionFactory(stacked=HITTABLE)
    client = client_for(table)
    hx_deal(client, table, bet="100")
    assert "100 on the table" in text(client.get(page_url(table)))
    client.post("/en/table/new/")
    html = text(client.get(page_url(table)))
    assert "on the table" not in html
    assert SESSION_ENDED in html
    assert fresh(table).bankroll == 1000  # the abandoned bet was never taken


# -- other variants ---------------------------------------------------------------------------
def test_new_session_plays_the_chosen_variant() -> None:
    old = TableSessionFactory()
    client = client_for(old)
    response = client.post("/en/table/new/", {"variant": "russian"})
    table = TableSession.objects.exclude(pk=old.pk).get()
    assert response.url == page_url(table)
    assert table.variant == "russian"
    html = text(client.get(page_url(table)))
    assert '<h1 data-testid="variant-name">Russian online blackjack</h1>' in html
    assert "<li>Against a dealer ace you may insure for half your bet; it pays 2:1.</li>" in html
    assert '<option value="russian" selected>' in html


def test_new_session_with_an_unknown_variant_changes_nothing() -> None:
    old = TableSessionFactory()
    client = client_for(old)
    response = client.post("/en/table/new/", {"variant": "klondike"}, follow=True)
    assert "There is no such game here. Choose one from the list." in text(response)
    assert TableSession.objects.count() == 1
    assert fresh(old).ended_at is None


def test_insurance_is_offered_first_against_an_ace_then_the_dealer_peeks() -> None:
    # Russian: player T,6 against the dealer's A up and K in the hole (a natural).
    table = TableSessionFactory(variant="russian", stacked=["TS", "AD", "6C", "KH"])
    client = client_for(table)
    html = text(hx_deal(client, table, bet="10"))
    assert action_buttons(html) == ["insurance", "no_insurance"]
    assert 'data-testid="insurance-prompt"' in html
    assert 'data-card="KH"' not in html  # the hole card stays down while insurance is open
    html = text(hx_act(client, table, "insurance"))
    # Dealer natural: the bet is lost, insurance 5 pays 10 (its own line): net 0.
    assert re.search(r'data-testid="dealer-total">21<', html)
    assert hand_nets(html) == [Decimal(-10)]
    assert re.search(r'data-testid="insurance-net">\+10<', html)
    assert fresh(table).bankroll == 1000


def test_insurance_declined_and_no_natural_play_goes_on() -> None:
    table = TableSessionFactory(variant="russian", stacked=["TS", "AD", "9C", "6H", "2S", "TC"])
    client = client_for(table)
    hx_deal(client, table, bet="10")
    html = text(hx_act(client, table, "no_insurance"))
    assert action_buttons(html) == ["hit", "stand", "double"]  # no surrender in russian
    assert 'data-card="6H"' not in html


def test_croatian_doubles_for_less_and_surrenders_early() -> None:
    # Croatian (no hole card): player 6,5 against 9; double for 4 chips; draws T (21).
    table = TableSessionFactory(variant="croatian", stacked=["6S", "9D", "5C", "TH", "8S"])
    client = client_for(table)
    html = text(hx_deal(client, table, bet="10"))
    assert action_buttons(html) == ["surrender", "no_surrender"]  # seed 001: offered first
    assert len(re.findall(r'class="card back"', html)) == 0  # no hole card at all
    html = text(hx_act(client, table, "no_surrender"))
    assert action_buttons(html) == ["hit", "stand", "double"]
    assert re.search(r'<input type="number" name="amount"[^>]*value="10"[^>]*max="10"', html)
    html = text(
        client.post(
            act_url(table),
            {"action": "double", "amount": "4", "version": fresh(table).version},
            headers=HX,
        )
    )
    # 21 against the dealer's 9 + 8 = 17: the hand of 14 chips wins 14.
    assert hand_nets(html) == [Decimal(14)]
    assert fresh(table).bankroll == 1014


def test_croatian_double_for_more_than_the_bet_is_refused() -> None:
    table = TableSessionFactory(variant="croatian", stacked=["6S", "9D", "5C", "TH", "8S"])
    client = client_for(table)
    hx_deal(client, table, bet="10")
    hx_act(client, table, "no_surrender")
    before = snapshot(table)
    response = client.post(
        act_url(table),
        {"action": "double", "amount": "11", "version": fresh(table).version},
        headers=HX,
    )
    assert "That is not an amount you can double for here." in text(response)
    assert snapshot(table) == before


# -- seats ------------------------------------------------------------------------------------
def test_new_session_seats_ai_players_around_the_person() -> None:
    old = TableSessionFactory()
    client = client_for(old)
    client.post("/en/table/new/", {"variant": "european", "ai_seats": "2", "seat": "2"})
    table = TableSession.objects.exclude(pk=old.pk).get()
    assert (table.seat_count, table.human_seat, table.ai_level) == (3, 1, "easy")


@pytest.mark.parametrize(("ai", "seat"), [("7", "1"), ("-1", "1"), ("x", "1"), ("2", "0")])
def test_new_session_with_impossible_seating_changes_nothing(ai, seat) -> None:
    old = TableSessionFactory()
    client = client_for(old)
    response = client.post("/en/table/new/", {"ai_seats": ai, "seat": seat}, follow=True)
    assert "Choose 0 to 6 AI players and a seat at the table." in text(response)
    assert TableSession.objects.count() == 1


def test_ai_seats_play_before_and_after_the_person() -> None:
    # Seats: AI 0, you 1, AI 2. First cards TS, 9D, 5C; dealer up 6H; second cards 6S, 9C, TC;
    # hole TD. AI 0 has 16 and hits: 2S (18, stands). You: 9,9 = 18, stand. AI 2: 5,T = 15,
    # hits 3D (18), stands. Dealer 6+T = 16 draws 8S: 24, bust.
    shoe = ["TS", "9D", "5C", "6H", "6S", "9C", "TC", "TD", "2S", "3D", "8S"]
    table = TableSessionFactory(seat_count=3, human_seat=1, stacked=shoe)
    client = client_for(table)
    html = text(hx_deal(client, table, bet="25"))
    assert html.count('data-testid="seat"') == 3
    assert "AI player 1" in html and "AI player 3" in html
    assert 'data-card="2S"' in html  # AI 1 already drew
    assert 'data-card="3D"' not in html  # AI 3 waits for you
    assert 'data-card="TD"' not in html  # the hole card stays down
    assert action_buttons(html) == ["hit", "stand", "double", "split"]
    html = text(hx_act(client, table, "stand"))
    assert 'data-card="3D"' in html and 'data-card="8S"' in html
    assert hand_nets(html) == [Decimal(25)]  # only your hand carries data-testid="hand-net"
    t = fresh(table)
    assert t.bankroll == 1025  # AI chips never touch your bankroll
    record = t.records.get()
    assert (record.bet, record.net, record.staked) == (25, 25, 25)
    rnd = t.game.round
    assert [rnd.seat_net(s) for s in range(3)] == [10, 25, 10]


# -- graded decisions -------------------------------------------------------------------------
def test_a_deviation_is_graded_stored_and_flagged_out_of_band() -> None:
    # Russian (peek): T,6 against a ten; the dealer has 9 in the hole (no natural).
    table = TableSessionFactory(variant="russian", stacked=["TS", "TD", "6C", "9H", "5S"])
    client = client_for(table)
    hx_deal(client, table, bet="10")
    html = text(hx_act(client, table, "stand"))
    decision = fresh(table).decisions.get()
    assert (decision.action, decision.best_action, decision.severity) == (
        "stand",
        "hit",
        "inaccuracy",
    )
    assert decision.hand == ["TS", "6C"] and decision.upcard == "TD"
    # ORACLES.md 10,6 v 10 (post-peek): stand -0.540954, hit -0.534676, double -1.069351.
    assert decision.evs == pytest.approx(
        {"stand": -0.540954, "hit": -0.534676, "double": -1.069351}, abs=2e-6
    )
    assert decision.loss == pytest.approx(0.006278, abs=2e-6)
    assert decision.rules_id == RuleSet.id_for(fresh(table).rules)
    # The live region stays on the page; its content is swapped (announced by screen readers).
    assert 'hx-swap-oob="innerHTML"' in html.split('id="decision-flag"')[1][:200]
    assert '<div class="decision-flag inaccuracy moderate"' in html
    assert "You chose Stand; the best play was Hit." in html
    assert "It cost 0.0063 of your bet on average." in html
    assert "Hit: \u22120.5347" in html and "Stand: \u22120.5410" in html
    assert "Double: \u22121.0694" in html


def test_the_best_play_is_stored_with_a_quiet_note() -> None:
    table = TableSessionFactory(variant="russian", stacked=["TS", "TD", "6C", "9H", "5S"])
    client = client_for(table)
    hx_deal(client, table, bet="10")
    html = text(hx_act(client, table, "hit"))
    decision = fresh(table).decisions.get()
    assert (decision.action, decision.severity) == ("hit", "best")
    assert decision.loss == 0
    assert "You chose" not in html
    # A correct play: a one-line note, no box of EVs.
    assert '<div class="decision-flag best quiet"' in html
    assert "Hit was the best play." in html and 'data-testid="flag-evs"' not in html


def test_insurance_is_graded_as_a_decision() -> None:
    table = TableSessionFactory(variant="russian", stacked=["TS", "AD", "6C", "9H", "5S"])
    client = client_for(table)
    hx_deal(client, table, bet="10")
    html = text(hx_act(client, table, "insurance"))
    decision = fresh(table).decisions.get()
    assert decision.insurance is True
    assert (decision.action, decision.best_action) == ("insurance", "no_insurance")
    # Half a bet at 3T/U - 1 with T,6 and the ace out of 6 decks: 3*95/309 - 1 = -24/309.
    assert decision.evs["insurance"] == pytest.approx(-12 / 309, abs=1e-9)
    assert decision.severity == "mistake"
    assert "You chose Insurance; the best play was No insurance." in html


def test_the_flag_goes_once_the_next_action_is_taken() -> None:
    table = TableSessionFactory(
        variant="russian", stacked=["TS", "TD", "2C", "9H", "3S", "4D", "5S", "6S"]
    )
    client = client_for(table)
    hx_deal(client, table, bet="10")
    html = text(hx_act(client, table, "stand"))  # T,2 v T: standing is a mistake
    assert "You chose Stand" in html
    html = text(client.get(page_url(table)))
    assert "You chose Stand" in html  # still there on a reload
    hx_deal(client, table, bet="10")
    assert "You chose Stand" not in text(client.get(page_url(table)))


def test_the_chip_buttons_are_kept_per_language_and_kind_of_bet() -> None:
    # The chip buttons are rendered once per language and kind of bet ({% chip_buttons %})
    # and read from what is kept after: each language keeps its own words.
    table = TableSessionFactory()
    client = client_for(table)
    for _ in range(2):
        english = text(client.get(page_url(table)))
        russian = text(client.get(page_url(table, "ru")))
        assert 'title="Add 25 to the bet">25</button>' in english
        assert 'data-chip="500"' in english
        assert "Add 25 to the bet" not in russian
        assert 'data-chip="25"' in russian
    assert english.count("data-chip-clear") == 1


def test_the_tables_urls_are_kept_per_language() -> None:
    # The forms' URLs are reversed once per table and language (presenters.table_urls):
    # an answer in Russian after one in English posts to the Russian URLs.
    table = TableSessionFactory(stacked=["TS", "9D", "7C", "8H"])
    client = client_for(table)
    english = text(hx_deal(client, table))
    assert f'hx-post="/en/table/{table.public_id}/act/"' in english
    russian = text(client.get(page_url(table, "ru")))
    assert f'hx-post="/ru/table/{table.public_id}/act/"' in russian
    assert f'hx-post="/ru/table/{table.public_id}/hint/"' in russian
    assert f'hx-get="/ru/table/{table.public_id}/counter/"' in russian
    assert f'href="/ru/table/{table.public_id}/summary/"' in russian
    for path in ("act/", "hint/", "counter/", "summary/"):
        assert f"/en/table/{table.public_id}/{path}" not in russian
