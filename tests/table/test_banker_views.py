"""The banker game "Двадцать одно" (seed 003) at the table's URLs, through Django's test
client: scripted deals as a punter and as the banker settled into the bankroll and the round
history, the face-down cards kept on the server, refused actions that change nothing, chips
conserved between the seats, and the bank passing to the left after the talia."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

import pytest
from django.test import Client

from game.engine.banker import BankerDeal, BankerTable, start_deal
from game.table.models import RoundRecord, TableSession, to_decimal
from tests.factories import BankerTableSessionFactory, TableSessionFactory, banker_stack
from tests.helpers import HX, client_for
from tests.table.pages import without_csrf_tokens

pytestmark = pytest.mark.django_db

STALE = (
    "That click was already handled (a double click, the back button or another tab). "
    "The table shows where the round stands now."
)
MAX_DRAWS = "A hand may draw at most three cards. Stand now."
DEAL_OVER = "This deal is over. Deal a new one."
NO_DEAL = "No deal is in play yet. Deal first."
NOT_YOUR_TURN = "It is not your turn: play goes from the banker&#x27;s left, the banker last."
FINISH_DEAL = "Finish the deal in play before dealing a new one."
UNKNOWN_ACTION = "That is not an action of this game."


# -- helpers ----------------------------------------------------------------------------------
def page_url(table: TableSession) -> str:
    return f"/en/table/{table.public_id}/"


def fresh(table: TableSession) -> TableSession:
    return TableSession.objects.get(pk=table.pk)


def snapshot(table: TableSession) -> tuple:
    """What a refused request must leave unchanged."""
    t = fresh(table)
    return (t.version, t.bankroll, t.state, t.rounds_played, t.last_bet)


def hx_deal(client: Client, table: TableSession, stake="10", version=None):
    version = fresh(table).version if version is None else version
    return client.post(
        f"/en/table/{table.public_id}/deal/", {"bet": stake, "version": version}, headers=HX
    )


def hx_act(client: Client, table: TableSession, action: str, version=None):
    version = fresh(table).version if version is None else version
    return client.post(
        f"/en/table/{table.public_id}/act/", {"action": action, "version": version}, headers=HX
    )


def text(response) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def error(html: str) -> str | None:
    match = re.search(r'<li class="message error">([^<]*)</li>', html)
    return match.group(1) if match else None


def action_buttons(html: str) -> list[str]:
    return re.findall(r'name="action" value="(\w+)"', html)


def shown_bankroll(html: str) -> Decimal:
    match = re.search(r'data-testid="bankroll">([^<]+)<', html)
    assert match, "no bankroll on the page"
    return Decimal(match.group(1).replace(",", ""))


def seat_block(html: str, number: int) -> str:
    """The HTML of one seat (numbered from 1, as on the page)."""
    match = re.search(
        rf'data-testid="seat" data-seat="{number}">(.*?)class="running-net"', html, re.S
    )
    assert match, f"no seat {number}"
    return match.group(1)


def cards_of(block: str) -> list[str]:
    return re.findall(r'data-card="(\w+)"', block)


def backs(block: str) -> int:
    return block.count('class="card back"')


def card_forms(code: str, name: str, corner: str) -> list[str]:
    """Every way templates/web/card.html prints a card: data-card, its name, its corner."""
    return [f'data-card="{code}"', name, corner]


def deal_state(table: TableSession) -> BankerDeal:
    deal = fresh(table).game.current
    assert deal is not None
    return deal


def bank(table: TableSession) -> BankerTable:
    return fresh(table).game.table


# -- a deal as a punter ---------------------------------------------------------------------------
# Seats: 0 the AI banker, 1 the person, 2 an AI punter. Deal order 1, 2, 0.
# The person 5,7 (12) draws a 4 (16) and stands; the AI punter T,8 (18) stands; the banker
# Q,6 (16) draws under 17 (VARIANTS.md) a 9 and busts: he pays the punters who stood 2:1.
PUNTER_DEAL = banker_stack(3, {1: ["5H", "7C"], 2: ["TD", "8S"], 0: ["QH", "6D"]}, ["4S", "9H"])


def test_punter_draws_and_stands_and_the_bankroll_moves_by_the_exact_net() -> None:
    table = BankerTableSessionFactory(stacked=PUNTER_DEAL)
    client = client_for(table)

    html = text(hx_deal(client, table, stake="25"))
    assert error(html) is None
    assert action_buttons(html) == ["draw", "stand"]
    assert 'data-shortcut="h d"' in html and 'data-shortcut="s"' in html
    assert cards_of(seat_block(html, 2)) == ["5H", "7C"]
    assert 'data-testid="seat-total">12<' in seat_block(html, 2)
    assert "stake 25" in seat_block(html, 2)
    assert "stake 10" in seat_block(html, 3)
    assert "Banker" in seat_block(html, 1) and "Punter" in seat_block(html, 2)
    assert backs(seat_block(html, 1)) == 2 and backs(seat_block(html, 3)) == 2
    assert cards_of(seat_block(html, 1)) == [] and cards_of(seat_block(html, 3)) == []
    assert "seat-total" not in seat_block(html, 1) + seat_block(html, 3)
    assert "25 on the table" in html  # the bankroll, out of band
    assert 'hx-swap-oob="true"' in html
    assert shown_bankroll(html) == 1000
    assert "Cards left in the shoe: 98 of 104" in html

    html = text(hx_act(client, table, "draw"))
    assert cards_of(seat_block(html, 2)) == ["5H", "7C", "4S"]
    assert action_buttons(html) == ["draw", "stand"]

    html = text(hx_act(client, table, "stand"))
    assert action_buttons(html) == []
    # Settled: every card is shown; the banker drew the 9 and is bust.
    assert cards_of(seat_block(html, 1)) == ["QH", "6D", "9H"]
    assert cards_of(seat_block(html, 3)) == ["10D", "8S"]
    assert re.search(r'data-testid="seat-outcome">Banker bust<', seat_block(html, 2))
    assert 'data-testid="seat-net">+50<' in seat_block(html, 2)
    assert 'data-testid="seat-net">+20<' in seat_block(html, 3)
    assert 'data-testid="seat-net">\u221270<' in seat_block(html, 1)
    assert "You won 50 chips." in html
    assert shown_bankroll(html) == 1050

    table = fresh(table)
    assert table.bankroll == Decimal(1050)
    assert table.rounds_played == 1
    assert bank(table).nets == (Fraction(-70), Fraction(50), Fraction(20))
    record = RoundRecord.objects.get(table=table)
    assert (record.number, record.bet, record.staked, record.net) == (1, 25, 25, 50)
    assert record.bankroll_after == 1050
    # The deal as settled, its shoe cut after the cards dealt (the talia's next ones stay
    # with the table only).
    settled = deal_state(table)
    assert record.state == replace(settled, shoe=settled.shoe.dealt_part()).to_json()
    assert record.banker_deal.shoe.cards == settled.shoe.dealt
    assert record.banker_deal.is_over


# -- a deal as the banker -------------------------------------------------------------------------
# Seats: 0 the person holding the bank, AI punters 1..3. Deal order 1, 2, 3, 0.
# AI 1: 9,4 (13) draws 2 (15), then T: bust. AI 2: T,9 (19) stands. AI 3: A,K, a natural.
# The person as banker 8,5 (13) draws a 5 (18) and stands: collects 10 from AI 1, pays 10 to
# AI 2 (19 > 18) and 20 to AI 3 (natural 2:1): net -20.
BANKER_DEAL = banker_stack(
    4,
    {1: ["9C", "4D"], 2: ["TS", "9S"], 3: ["AS", "KH"], 0: ["8D", "5S"]},
    ["2H", "TH", "5C"],
)


def test_banker_sees_only_the_visible_cards_draws_and_pays_and_collects_exactly() -> None:
    table = BankerTableSessionFactory(stacked=BANKER_DEAL, seat_count=4, human_seat=0)
    client = client_for(table)
    page = text(client.get(page_url(table)))
    assert "You hold the bank." in page
    assert 'name="bet"' not in page  # the banker does not stake
    assert "each punter stakes 10, and you need 60 chips to cover them" in page

    html = text(hx_deal(client, table, stake=""))
    assert error(html) is None
    assert action_buttons(html) == ["draw", "stand"]
    assert 'data-testid="banker-prompt"' in html
    # AI 1 drew two cards and is bust: all four face up. AI 2 and AI 3 stood on their two
    # dealt cards: face down, the natural included.
    assert cards_of(seat_block(html, 2)) == ["9C", "4D", "2H", "10H"]
    assert "Bust" in seat_block(html, 2)
    for number in (3, 4):
        assert backs(seat_block(html, number)) == 2
        assert cards_of(seat_block(html, number)) == []
    assert cards_of(seat_block(html, 1)) == ["8D", "5S"]
    for hidden in ("10S", "9S", "AS", "KH"):
        assert f'data-card="{hidden}"' not in html
    assert "Ace of spades" not in html and "King of hearts" not in html
    assert "Natural" not in html
    assert "on the table" not in html  # the banker stakes nothing

    html = text(hx_act(client, table, "draw"))
    assert cards_of(seat_block(html, 1)) == ["8D", "5S", "5C"]
    assert 'data-testid="seat-total">18<' in seat_block(html, 1)
    html = text(hx_act(client, table, "stand"))
    assert cards_of(seat_block(html, 3)) == ["10S", "9S"]
    assert cards_of(seat_block(html, 4)) == ["AS", "KH"]
    assert 'data-testid="seat-net">+10<' in seat_block(html, 3)
    assert 'data-testid="seat-net">+20<' in seat_block(html, 4)
    assert 'data-testid="seat-net">\u221210<' in seat_block(html, 2)
    assert 'data-testid="seat-net">\u221220<' in seat_block(html, 1)
    assert "You lost 20 chips." in html
    assert shown_bankroll(html) == 980

    table = fresh(table)
    assert table.bankroll == Decimal(980)
    record = RoundRecord.objects.get(table=table)
    assert (record.bet, record.staked, record.net, record.bankroll_after) == (0, 0, -20, 980)
    assert bank(table).nets == (Fraction(-20), Fraction(-10), Fraction(10), Fraction(20))


def test_banker_who_cannot_cover_the_stakes_is_refused() -> None:
    table = BankerTableSessionFactory(
        stacked=BANKER_DEAL, seat_count=4, human_seat=0, bankroll=Decimal(59)
    )
    client = client_for(table)
    assert 'data-testid="cannot-bank"' in text(client.get(page_url(table)))
    before = snapshot(table)
    html = text(hx_deal(client, table, stake=""))
    assert error(html) == (
        "To hold the bank you need 60 chips, twice the punters&#x27; stakes, and you have 59."
        " Start a new session to play on."
    )
    assert snapshot(table) == before


# -- the banker's natural -------------------------------------------------------------------------
def test_banker_natural_is_shown_at_once_and_ends_the_deal() -> None:
    stacked = banker_stack(3, {1: ["TC", "9D"], 2: ["5S", "6H"], 0: ["AH", "KS"]})
    table = BankerTableSessionFactory(stacked=stacked)
    client = client_for(table)
    html = text(hx_deal(client, table, stake="40"))
    assert action_buttons(html) == []
    assert 'data-testid="banker-natural"' in html
    assert cards_of(seat_block(html, 1)) == ["AH", "KS"]
    assert cards_of(seat_block(html, 3)) == ["5S", "6H"]
    assert "Banker&#x27;s natural" in seat_block(html, 2)
    assert "You lost 40 chips." in html
    assert 'class="deal"' in html  # the next deal can start
    table = fresh(table)
    assert table.bankroll == 960
    assert deal_state(table).is_over
    assert bank(table).nets == (Fraction(50), Fraction(-40), Fraction(-10))
    assert RoundRecord.objects.get(table=table).net == -40


def test_banker_natural_as_the_banker_collects_every_stake() -> None:
    stacked = banker_stack(3, {1: ["AC", "KD"], 2: ["5S", "6H"], 0: ["AH", "QS"]})
    table = BankerTableSessionFactory(stacked=stacked, human_seat=0)
    client = client_for(table)
    html = text(hx_deal(client, table, stake=""))
    assert 'data-testid="banker-natural"' in html
    assert "You won 20 chips." in html  # the punter's natural is taken too (rule 7)
    assert fresh(table).bankroll == 1020


# -- refused actions change nothing ---------------------------------------------------------------
SMALL_CARDS = banker_stack(
    3, {1: ["2C", "2D"], 2: ["TD", "8S"], 0: ["TC", "7D"]}, ["2H", "3S", "3C", "9C"]
)


def test_fourth_draw_is_refused() -> None:
    table = BankerTableSessionFactory(stacked=SMALL_CARDS)
    client = client_for(table)
    hx_deal(client, table)
    for _ in range(3):
        assert error(text(hx_act(client, table, "draw"))) is None
    html = text(client.get(page_url(table), headers=HX))
    assert cards_of(seat_block(html, 2)) == ["2C", "2D", "2H", "3S", "3C"]
    assert action_buttons(html) == ["stand"]  # three cards drawn: only stand is offered
    before = snapshot(table)
    html = text(hx_act(client, table, "draw"))
    assert error(html) == MAX_DRAWS
    assert snapshot(table) == before
    assert 'data-card="9C"' not in html
    html = text(hx_act(client, table, "stand"))
    assert error(html) is None
    assert deal_state(table).is_over


def test_acting_out_of_turn_is_refused() -> None:
    table = BankerTableSessionFactory(stacked=PUNTER_DEAL)
    client = client_for(table)
    # No deal yet.
    before = snapshot(table)
    assert error(text(hx_act(client, table, "stand"))) == NO_DEAL
    assert snapshot(table) == before
    # A deal waiting on the AI punter (seat 2), as if the person's stand had not been
    # followed by the AI's turn: the person's draw is refused.
    bank_table = bank(table)
    deal = start_deal(bank_table, {1: 10, 2: 10}).apply("stand", seat=1)
    assert deal.to_act == 2
    TableSession.objects.filter(pk=table.pk).update(
        state={"game": "banker", "table": bank_table.to_json(), "deal": deal.to_json()}
    )
    before = snapshot(table)
    assert error(text(hx_act(client, table, "draw"))) == NOT_YOUR_TURN
    assert snapshot(table) == before


def test_acting_after_the_deal_or_with_an_unknown_action_is_refused() -> None:
    table = BankerTableSessionFactory(stacked=PUNTER_DEAL)
    client = client_for(table)
    hx_deal(client, table)
    before = snapshot(table)
    for action in ("hit", "double", "", "DRAW"):
        assert error(text(hx_act(client, table, action))) == UNKNOWN_ACTION
        assert snapshot(table) == before
    before = snapshot(table)
    assert error(text(hx_deal(client, table))) == FINISH_DEAL
    assert snapshot(table) == before
    hx_act(client, table, "stand")
    assert deal_state(table).is_over
    before = snapshot(table)
    for action in ("draw", "stand"):
        assert error(text(hx_act(client, table, action))) == DEAL_OVER
    assert snapshot(table) == before


@pytest.mark.parametrize(
    ("stake", "message"),
    [
        ("4", "Bets at this table are from 5 to 500 chips."),
        ("501", "Bets at this table are from 5 to 500 chips."),
        ("abc", "Enter your bet as a whole number of chips."),
        ("", "Enter your bet as a whole number of chips."),
    ],
)
def test_bad_stake_is_refused(stake: str, message: str) -> None:
    table = BankerTableSessionFactory(stacked=PUNTER_DEAL)
    client = client_for(table)
    before = snapshot(table)
    assert error(text(hx_deal(client, table, stake=stake))) == message
    assert snapshot(table) == before


def test_stake_above_the_bankroll_is_refused() -> None:
    table = BankerTableSessionFactory(stacked=PUNTER_DEAL, bankroll=Decimal(30))
    client = client_for(table)
    before = snapshot(table)
    assert error(text(hx_deal(client, table, stake="40"))) == "Not enough chips: you have 30 left."
    assert snapshot(table) == before


# -- face-down cards stay on the server -----------------------------------------------------------
# The AI punter's Q of hearts and the banker's J of clubs are dealt face down; the banker's
# 7 of diamonds is the next card in the shoe.
HIDDEN = banker_stack(3, {1: ["TS", "8S"], 2: ["QH", "9C"], 0: ["JC", "6D"]}, ["7D"])
SECRETS = {
    "QH": card_forms("QH", "Queen of hearts", "Q<br>\u2665"),
    "9C": card_forms("9C", "Nine of clubs", "9<br>\u2663"),
    "JC": card_forms("JC", "Jack of clubs", "J<br>\u2663"),
    "6D": card_forms("6D", "Six of diamonds", "6<br>\u2666"),
    "7D": card_forms("7D", "Seven of diamonds", "7<br>\u2666"),
}


def test_hidden_cards_are_in_no_response_until_shown() -> None:
    table = BankerTableSessionFactory(stacked=HIDDEN)
    client = client_for(table)
    dealt = hx_deal(client, table)
    responses = [
        dealt,
        client.get(page_url(table)),
        client.get(page_url(table), headers=HX),
        client.get(f"/ru/table/{table.public_id}/"),
    ]
    for response in responses:
        html = text(response)
        for code, forms in SECRETS.items():
            for form in forms:
                assert form not in html, (code, form)
        stripped = without_csrf_tokens(html)
        for secret in ('"state"', '"shoe"', '"hands"', "TSQHJC", "8S9C6D7D"):
            assert secret not in stripped, secret
        assert backs(html) == 4
        assert cards_of(html) == ["10S", "8S"]
    # A plain form post is redirected to the page, which shows no more.
    response = client.post(
        f"/en/table/{table.public_id}/act/",
        {"action": "stand", "version": fresh(table).version},
        follow=True,
    )
    assert response.redirect_chain == [(page_url(table), 302)]
    html = text(response)
    # Settled: the AI punter stood on 19, the banker 16 drew the 7: every card is shown.
    for forms in SECRETS.values():
        assert all(form in html for form in forms)
    assert backs(html) == 0


# -- stale versions and strangers -----------------------------------------------------------------
def test_stale_version_is_refused() -> None:
    table = BankerTableSessionFactory(stacked=SMALL_CARDS)
    client = client_for(table)
    assert error(text(hx_deal(client, table, version=0))) is None
    before = snapshot(table)
    html = text(hx_deal(client, table, version=0))
    assert STALE in html
    assert snapshot(table) == before
    assert error(text(hx_act(client, table, "draw", version=1))) is None
    before = snapshot(table)
    for version in ("1", "0", "", "abc", "99"):
        assert STALE in text(hx_act(client, table, "draw", version=version))
        assert snapshot(table) == before
    assert len(deal_state(table).hands[1].cards) == 3  # one draw, not two


def test_another_visitors_table_is_not_found() -> None:
    table = BankerTableSessionFactory(stacked=PUNTER_DEAL)
    owner = client_for(table)
    hx_deal(owner, table)
    before = snapshot(table)
    stranger = client_for(TableSessionFactory())
    for client in (stranger, Client()):
        assert client.get(page_url(table)).status_code == 404
        assert client.get(page_url(table), headers=HX).status_code == 404
        assert hx_deal(client, table, version=1).status_code == 404
        assert hx_act(client, table, "draw", version=1).status_code == 404
    assert snapshot(table) == before


# -- chips and the bank over many deals -----------------------------------------------------------
def play_deal_standing(client: Client, table: TableSession) -> None:
    """Deal (staking 10 as a punter) and stand at every decision until the deal is settled."""
    assert error(text(hx_deal(client, table))) is None
    for _ in range(5):
        if deal_state(table).is_over:
            return
        assert error(text(hx_act(client, table, "stand"))) is None
    pytest.fail("the deal did not end")


@pytest.mark.parametrize(("seats", "human_seat"), [(2, 1), (4, 0), (7, 3)])
def test_chips_are_conserved_between_the_seats(seats: int, human_seat: int) -> None:
    table = BankerTableSessionFactory(seat_count=seats, human_seat=human_seat)
    client = client_for(table)
    for number in range(1, 9):
        play_deal_standing(client, table)
        table = fresh(table)
        nets = bank(table).nets
        assert sum(nets, Fraction(0)) == 0
        assert deal_state(table).net_sum == 0
        assert table.bankroll == 1000 + to_decimal(nets[human_seat])
        records = RoundRecord.objects.filter(table=table)
        assert records.count() == number == table.rounds_played
        assert sum(r.net for r in records) == table.bankroll - 1000
        html = text(client.get(page_url(table)))
        running = re.findall(r'data-testid="seat-running-net">\+?(\u2212?[\d,.]+)<', html)
        assert [Decimal(v.replace(",", "").replace("\u2212", "-")) for v in running] == [
            to_decimal(n) for n in nets
        ]
        assert shown_bankroll(html) == table.bankroll


def test_bank_passes_to_the_left_after_the_talia() -> None:
    """Two seats: a deal may need 10 cards. Twelve scripted cards make one deal; the four it
    deals leave eight, so the talia is over and the bank passes from seat 0 to the person."""
    stacked = banker_stack(2, {1: ["TS", "9S"], 0: ["TC", "8D"]}) + ["2C"] * 8
    table = BankerTableSessionFactory(stacked=stacked, seat_count=2, human_seat=1, pad=False)
    client = client_for(table)
    page = text(client.get(page_url(table)))
    assert "The bank: AI player 1" in page
    assert "Talia 1" in page
    html = text(hx_deal(client, table))
    html = text(hx_act(client, table, "stand"))
    assert "You won 10 chips." in html
    assert 'data-testid="bank-passed"' in html
    assert (
        "Talia 1 is over: the cards are shuffled and the bank passes to the left, to you." in html
    )
    assert "You hold the bank." in html
    assert "Talia 2" in html
    assert "Cards left in the shoe: 104 of 104" in html
    after = bank(table)
    assert (after.banker, after.talia, after.deals, after.shoe.remaining) == (1, 2, 0, 104)
    assert not after.shoe.stacked
    assert after.nets == (Fraction(-10), Fraction(10))
    # The next deal: the person holds the bank and stakes nothing; the AI punter stakes 10.
    html = text(hx_deal(client, table, stake=""))
    assert error(html) is None
    deal = deal_state(table)
    assert deal.banker == 1
    assert deal.hands[0].stake == 10 and deal.hands[1].stake == 0


# -- choosing the game ----------------------------------------------------------------------------
def test_new_session_offers_the_banker_game_and_seats_the_bank_at_seat_one() -> None:
    table = TableSessionFactory()
    client = client_for(table)
    page = text(client.get(page_url(table)))
    assert '<option value="dvadtsat-odno">Twenty-one with a rotating bank</option>' in page
    response = client.post(
        "/en/table/new/", {"variant": "dvadtsat-odno", "ai_seats": "3", "seat": "1"}
    )
    new = TableSession.objects.get(ended_at__isnull=True)
    assert response.url == page_url(new)
    assert (new.variant, new.seat_count, new.human_seat) == ("dvadtsat-odno", 4, 0)
    page = text(client.get(page_url(new)))
    assert "You hold the bank." in page
    assert page.count('data-testid="seat"') == 4
    assert 'id="table-felt"' in page and "Talia 1" in page


@pytest.mark.parametrize(("seat", "human_seat"), [("1", 0), ("2", 1), ("7", 1)])
def test_banker_game_alone_seats_one_ai_player(seat: str, human_seat: int) -> None:
    table = TableSessionFactory()
    client = client_for(table)
    response = client.post(
        "/en/table/new/", {"variant": "dvadtsat-odno", "ai_seats": "0", "seat": seat}, follow=True
    )
    new = TableSession.objects.get(ended_at__isnull=True)
    assert (new.seat_count, new.human_seat) == (2, human_seat)
    html = text(response)
    assert "The banker game needs at least two players, so one AI player joined you." in html


def test_russian_words_on_the_banker_table() -> None:
    table = BankerTableSessionFactory(stacked=PUNTER_DEAL)
    client = client_for(table)
    hx_deal(client, table)
    html = text(client.get(f"/ru/table/{table.public_id}/"))
    assert re.search(r'value="draw"[^>]*>\s*Прикупить', html)
    assert re.search(r'value="stand"[^>]*>\s*Хватит', html)
    assert "Банкомёт" in html and "Понтёр" in html and "Талия 1" in html


@pytest.mark.parametrize(
    ("lang", "draw", "stand", "banker"),
    [
        ("en", "Draw", "Stand", "Banker"),
        ("sr-latn", "Kupite kartu", "Dosta", "Bankar"),
        ("hr", "Kupite kartu", "Dosta", "Bankar"),
        ("ru", "Прикупить", "Хватит", "Банкомёт"),
        ("bg", "Изтеглете карта", "Стига", "Банкер"),
    ],
)
def test_banker_table_in_every_language(lang: str, draw: str, stand: str, banker: str) -> None:
    table = BankerTableSessionFactory(stacked=PUNTER_DEAL)
    client = client_for(table)
    hx_deal(client, table)
    html = text(client.get(f"/{lang}/table/{table.public_id}/"))
    assert f'<html lang="{lang}">' in html
    assert re.search(rf'value="draw"[^>]*>\s*{draw} <kbd>H</kbd>', html)
    assert re.search(rf'value="stand"[^>]*>\s*{stand} <kbd>S</kbd>', html)
    assert f'data-testid="seat-role">{banker}<' in html


def test_banker_page_says_decisions_are_graded_and_shows_the_best_play() -> None:
    """The punter's best play against the banker's policy (strategy/banker.py, exact for 104
    cards): draw on a hard 14, stand on a hard 15, draw on a soft 17, stand on a soft 18."""
    table = BankerTableSessionFactory()
    html = text(client_for(table).get(f"/en/table/{table.public_id}/"))
    assert "Your draws and stands are graded against the exact best play" in html
    punter = html.split("<caption>Punter</caption>")[1].split("</table>")[0]
    best = dict(re.findall(r'<th scope="row">([^<]+)</th><td>(\w+)</td>', punter))
    assert (best["14"], best["15"], best["soft 17"], best["soft 18"]) == (
        "Draw",
        "Stand",
        "Draw",
        "Stand",
    )
    assert "<caption>Banker</caption>" in html
    ru = text(client_for(table).get(f"/ru/table/{table.public_id}/"))
    assert "Ваши прикупы и остановки оцениваются" in ru and "мягкие 17" in ru


# -- the AI level ---------------------------------------------------------------------------------
# Seats: 0 the AI bank, 1 the person, 2 an AI punter. The person stands on T,9 (19); the AI
# punter holds 9,6 (hard 15); the bank T,7 (17) stands. Seed 003's rule of thumb (easy) draws
# on 15 (the 5: 20); the best play by total (normal) stands on a hard 15.
HARD_15 = banker_stack(3, {1: ["TC", "9D"], 2: ["9S", "6H"], 0: ["TH", "7D"]}, ["5C"])


@pytest.mark.parametrize(
    ("level", "ai_cards", "ai_net"),
    [("easy", ["9S", "6H", "5C"], "+10"), ("normal", ["9S", "6H"], "\u221210")],
)
def test_the_ai_punters_play_the_tables_level(level: str, ai_cards: list[str], ai_net: str) -> None:
    table = BankerTableSessionFactory(stacked=HARD_15, ai_level=level)
    client = client_for(table)
    hx_deal(client, table)
    html = text(hx_act(client, table, "stand"))
    assert cards_of(seat_block(html, 3)) == [c.replace("T", "10") for c in ai_cards]
    assert f'data-testid="seat-net">{ai_net}<' in seat_block(html, 3)
    assert "You won 10 chips." in html


# The person's 9,5 draws the T (bust); the AI punter's 9,4 (13) draws the 9 (bust); the
# bank's T,2 (12) would draw by its rule of thumb or its row of the best play (the K busts
# him, and both busts push), but with every punter bust the deal is settled without asking
# the bank, at every level: it takes both stakes with its two cards.
ALL_BUST = banker_stack(3, {1: ["9C", "5D"], 2: ["9S", "4H"], 0: ["TH", "2D"]}, ["TC", "9H", "KS"])


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_bank_draws_once_every_punter_is_bust(level: str):
    table = BankerTableSessionFactory(stacked=ALL_BUST, ai_level=level)
    client = client_for(table)
    hx_deal(client, table)
    html = text(hx_act(client, table, "draw"))
    assert cards_of(seat_block(html, 1)) == ["10H", "2D"]
    assert fresh(table).bankroll == 1000 - 10


def test_the_new_session_form_offers_the_ai_levels_at_a_banker_table() -> None:
    table = BankerTableSessionFactory(ai_level="hard")
    html = text(client_for(table).get(page_url(table)))
    form = html.split('class="new-session"')[1].split("</form>")[0]
    levels = re.findall(
        r'<option value="(\w+)"( selected)?>([^<]+)</option>',
        form.split('name="ai_level"')[1].split("</select>")[0],
    )
    assert levels == [
        ("easy", "", "Easy: a simple rule of thumb"),
        ("normal", "", "Normal: the best play by total"),
        ("hard", " selected", "Hard: the best play of the cards in view"),
    ]
    ru = text(client_for(table).get(f"/ru/table/{table.public_id}/"))
    assert "Сильный: лучший ход по видимым картам" in ru
