"""Replaying a table decision: the round is dealt again from its recorded cards (the same
cards in the same order; the cards after them: test_replay_cards.py), the decisions before
the replayed one are applied again, the person's choice is graded, the hole card stays
hidden until it is turned, and nothing of the table or the log changes. Decisions are made
through the table's own views, so the graded decisions and round records are the real
ones."""

# The expected strings in Russian and Bulgarian are meant to hold Cyrillic letters.
# ruff: noqa: RUF001

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client

from game.table.models import Replay, RoundRecord, TableSession
from game.table.replays import rebuild, recorded_cards
from tests.factories import TableSessionFactory
from tests.helpers import HX, client_for
from tests.review.factories import DrillDecisionFactory
from tests.table.pages import without_csrf_tokens
from trainer.review.models import GradedDecision

pytestmark = pytest.mark.django_db

PAD = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"] * 3

# Alone at the table: the person's T,K (20) against the dealer's 6 up, 9H in the hole.
# Hitting 20 (a blunder) draws 5C and busts; the dealer would have drawn 5C to 20.
ALONE = ["TS", "6D", "KC", "9H", "5C", "TD", "TH", *PAD]

# Two seats, the AI first (seat 0, easy: hits below 17), the person second. AI T,2; person
# 2C,3D; dealer 6D up, TH in the hole. The AI draws 3S (15) and 4D (19) and stands. The
# person hits 5 (right) and draws TD (15), then hits 15 against 6 (a mistake: stand is
# best) and draws 5H (20), stands; the dealer's 16 draws 8C and busts.
TWO_SEATS = ["TS", "2C", "6D", "2H", "3D", "TH", "3S", "4D", "TD", "5H", "8C", *PAD]


def play(client: Client, table: TableSession, *actions: str, bet: str = "10") -> None:
    """Deal a round at ``table`` and take ``actions`` through the table's views."""
    table.refresh_from_db()
    client.post(f"/en/table/{table.public_id}/deal/", {"bet": bet, "version": table.version})
    for action in actions:
        table.refresh_from_db()
        response = client.post(
            f"/en/table/{table.public_id}/act/", {"action": action, "version": table.version}
        )
        assert response.status_code in (200, 302)
    table.refresh_from_db()


def cards_shown(html: str) -> list[str]:
    """The face-up cards a page shows, in page order (data-card: rank label and suit)."""
    return re.findall(r'data-card="([^"]+)"', html)


def dealer_cards(html: str) -> list[str]:
    block = re.search(r'data-testid="dealer-cards">(.*?)<div class="player-area">', html, re.S)
    assert block
    return cards_shown(block.group(1))


def hand_cards(html: str) -> list[list[str]]:
    """The person's hands' cards."""
    return [
        cards_shown(h)
        for h in re.findall(r'data-testid="hand">(.*?)<div class="hand-info">', html, re.S)
    ]


def start(client: Client, decision: GradedDecision) -> tuple[Replay, str]:
    response = client.post(f"/en/table/decisions/{decision.pk}/replay/")
    assert response.status_code == 302
    replay = Replay.objects.get(decision=decision)
    assert response["Location"] == f"/en/table/replays/{replay.public_id}/"
    return replay, client.get(response["Location"]).content.decode()


def act(client: Client, replay: Replay, action: str) -> str:
    replay.refresh_from_db()
    return client.post(
        f"/en/table/replays/{replay.public_id}/act/",
        {"action": action, "version": replay.version},
        headers=HX,
    ).content.decode()


def test_replay_deals_the_same_cards_and_grades_the_new_choice() -> None:
    table = TableSessionFactory(stacked=ALONE)
    client = client_for(table.visitor)
    play(client, table, "hit")
    decision = GradedDecision.objects.get(table=table)
    assert (decision.hand, decision.upcard, decision.action) == (["TS", "KC"], "6D", "hit")
    assert decision.best_action == "stand" and decision.severity == "blunder"
    bankroll, version = table.bankroll, table.version
    record = RoundRecord.objects.get(table=table)

    replay, html = start(client, decision)
    # The same hand and upcard; the hole card (9 of hearts) is face down and not in the page.
    assert hand_cards(html) == [["10S", "KC"]]
    assert dealer_cards(html) == ["6D"]
    assert 'class="card back"' in html
    assert "9H" not in without_csrf_tokens(html) and "Nine of hearts" not in html
    assert re.findall(r'name="action" value="(\w+)"', html) == ["hit", "stand", "double", "split"]
    assert "What is the best play here?" in html

    html = act(client, replay, "stand")
    replay.refresh_from_db()
    # Standing this time: the dealer turns the same 9 and draws the same 5 (the card the
    # hit took at the table): 20 against 20, a push.
    assert dealer_cards(html) == ["6D", "9H", "5C"]
    assert hand_cards(html) == [["10S", "KC"]]
    assert replay.round.is_over
    (verdict,) = replay.verdicts
    assert verdict["replayed"] is True
    assert (verdict["action"], verdict["best_action"], verdict["severity"]) == (
        "stand",
        "stand",
        "best",
    )
    assert verdict["loss"] == 0
    assert verdict["evs"] == pytest.approx(decision.evs)
    assert "This time you chose Stand: the best play." in html
    assert "At the table you chose Hit." in html
    assert "Your result: 0 (in units of your bet)." in html
    assert "At the table it was \u22121." in html
    # Practice only: the table, its bankroll, its rounds and the log are as they were.
    table.refresh_from_db()
    assert (table.bankroll, table.version) == (bankroll, version)
    assert RoundRecord.objects.filter(table=table).count() == 1
    assert RoundRecord.objects.get(table=table).state == record.state
    assert GradedDecision.objects.count() == 1


def test_the_same_mistake_again_is_graded_as_one() -> None:
    table = TableSessionFactory(stacked=ALONE)
    client = client_for(table.visitor)
    play(client, table, "hit")
    replay, _ = start(client, GradedDecision.objects.get(table=table))
    html = act(client, replay, "hit")
    replay.refresh_from_db()
    assert hand_cards(html) == [["10S", "KC", "5C"]]  # the same card as at the table
    assert dealer_cards(html) == ["6D", "9H"]
    (verdict,) = replay.verdicts
    assert (verdict["action"], verdict["best_action"], verdict["severity"]) == (
        "hit",
        "stand",
        "blunder",
    )
    assert "You chose Hit; the best play was Stand." in html
    assert "Your result: \u22121 (in units of your bet)." in html


def test_replay_applies_the_earlier_decisions_with_ai_seats() -> None:
    table = TableSessionFactory(stacked=TWO_SEATS, seat_count=2, human_seat=1)
    client = client_for(table.visitor)
    play(client, table, "hit", "hit", "stand")
    first, mistake, last = GradedDecision.objects.filter(table=table).order_by("pk")
    assert (first.hand, first.action, first.severity) == (["2C", "3D"], "hit", "best")
    assert (mistake.hand, mistake.action, mistake.best_action) == (
        ["2C", "3D", "TD"],
        "hit",
        "stand",
    )
    assert last.hand == ["2C", "3D", "TD", "5H"]
    record = RoundRecord.objects.get(table=table).round
    assert [c.code for c in record.dealer] == ["6D", "TH", "8C"]

    replay, html = start(client, mistake)
    rnd = replay.round
    # The AI's hand and the person's first hit are played again from the same cards.
    assert [[c.code for c in h.cards] for h in rnd.hands] == [
        ["TS", "2H", "3S", "4D"],
        ["2C", "3D", "TD"],
    ]
    assert hand_cards(html) == [["2C", "3D", "10D"]]
    assert dealer_cards(html) == ["6D"]
    assert "10H" not in cards_shown(html)  # the hole card

    html = act(client, replay, "stand")
    replay.refresh_from_db()
    # Standing on 15: the dealer's 16 draws the 5 of hearts the hit took at the table.
    assert dealer_cards(html) == ["6D", "10H", "5H"]
    assert replay.verdicts[0]["severity"] == "best"
    assert "Your result: \u22121 (in units of your bet)." in html
    assert "At the table it was +1." in html


def test_replaying_an_earlier_decision_then_playing_on_grades_each_decision() -> None:
    table = TableSessionFactory(stacked=TWO_SEATS, seat_count=2, human_seat=1)
    client = client_for(table.visitor)
    play(client, table, "hit", "hit", "stand")
    first = GradedDecision.objects.filter(table=table).order_by("pk").first()
    replay, html = start(client, first)
    assert hand_cards(html) == [["2C", "3D"]]
    act(client, replay, "hit")  # draws TD: 15 against 6
    html = act(client, replay, "hit")  # the same mistake: draws 5H
    replay.refresh_from_db()
    assert [v["severity"] for v in replay.verdicts] == ["best", "blunder"]
    assert [v["replayed"] for v in replay.verdicts] == [True, False]
    assert hand_cards(html) == [["2C", "3D", "10D", "5H"]]
    assert 'data-testid="replay-latest"' in html
    html = act(client, replay, "stand")
    assert dealer_cards(html) == ["6D", "10H", "8C"]  # as at the table
    assert "Your result: +1 (in units of your bet)." in html


def test_stale_and_illegal_actions_change_nothing() -> None:
    table = TableSessionFactory(stacked=["TS", "6D", "7C", "9H", *PAD])
    client = client_for(table.visitor)
    play(client, table, "hit", "stand")  # 17: hit draws 2S (19), stand
    replay, _ = start(client, GradedDecision.objects.filter(table=table).order_by("pk").first())
    state = replay.round_state
    html = act(client, replay, "split")
    assert "You can split only two cards of equal value." in html
    html = act(client, replay, "fold")
    assert "That is not an action of this game." in html
    replay.refresh_from_db()
    assert (replay.round_state, replay.version, replay.verdicts) == (state, 0, [])
    act(client, replay, "stand")
    stale = client.post(
        f"/en/table/replays/{replay.public_id}/act/", {"action": "hit", "version": "0"}, headers=HX
    ).content.decode()
    assert "That click was already handled" in stale
    replay.refresh_from_db()
    assert replay.version == 1 and len(replay.verdicts) == 1
    # A plain form post (no JavaScript) is redirected back to the replay page.
    response = client.post(
        f"/en/table/replays/{replay.public_id}/act/", {"action": "hit", "version": "1"}
    )
    assert response.status_code == 302
    assert "This replay is over." in client.get(response["Location"]).content.decode()


def test_a_round_still_in_play_or_a_drill_answer_cannot_be_replayed() -> None:
    table = TableSessionFactory(stacked=["TS", "6D", "2C", "9H", "2D", *PAD])
    client = client_for(table.visitor)
    play(client, table, "hit")  # 12 draws 2: 14, still to act
    decision = GradedDecision.objects.get(table=table)
    response = client.post(f"/en/table/decisions/{decision.pk}/replay/", follow=True)
    html = response.content.decode()
    assert "This round has not ended at the table yet. Finish it there, then replay it." in html
    assert not Replay.objects.exists()
    drill = DrillDecisionFactory(visitor=table.visitor)
    response = client.post(f"/ru/table/decisions/{drill.pk}/replay/", follow=True)
    assert "Переиграть можно только решения, принятые за столом." in response.content.decode()
    assert not Replay.objects.exists()


def test_another_visitors_replay_answers_404() -> None:
    table = TableSessionFactory(stacked=ALONE)
    owner = client_for(table.visitor)
    play(owner, table, "hit")
    replay, _ = start(owner, GradedDecision.objects.get(table=table))
    stranger = client_for(uuid.uuid4())
    assert stranger.get(f"/en/table/replays/{replay.public_id}/").status_code == 404
    response = stranger.post(
        f"/en/table/replays/{replay.public_id}/act/", {"action": "stand", "version": "0"}
    )
    assert response.status_code == 404
    assert Client().get(f"/en/table/replays/{replay.public_id}/").status_code == 404
    replay.refresh_from_db()
    assert replay.version == 0


def test_recorded_cards_are_the_rounds_cards_in_dealing_order() -> None:
    table = TableSessionFactory(stacked=TWO_SEATS, seat_count=2, human_seat=1)
    play(client_for(table.visitor), table, "hit", "hit", "stand")
    settled = RoundRecord.objects.get(table=table).round
    assert settled.shoe.position == 11
    assert [c.code for c in recorded_cards(settled)] == TWO_SEATS[:11]
    # The record keeps the dealt cards only: not the table's next ones.
    assert [c.code for c in settled.shoe.cards] == TWO_SEATS[:11]
    rebuilt = rebuild(GradedDecision.objects.filter(table=table).order_by("pk").last())
    assert [c.code for c in rebuilt.shoe.dealt] == TWO_SEATS[:10]


@pytest.mark.parametrize(
    ("lang", "prompt", "answer"),
    [
        ("en", "What is the best play here?", "This time you chose Stand: the best play."),
        ("ru", "Какой ход здесь лучший?", "На этот раз вы выбрали «Хватит» — лучший ход."),
        ("bg", "Кой е най-добрият ход тук?", "Този път избрахте „Остани“ — най-добрият ход."),
        (
            "sr-latn",
            "Koji je ovde najbolji potez?",
            "Ovaj put ste izabrali „Stani“: najbolji potez.",
        ),
        ("hr", "Koji je ovdje najbolji potez?", "Ovaj put ste odabrali „Dosta“: najbolji potez."),
    ],
)
def test_replay_in_each_language(lang, prompt, answer) -> None:
    table = TableSessionFactory(stacked=ALONE)
    client = client_for(table.visitor)
    play(client, table, "hit")
    replay = Replay.objects.create(
        visitor=table.visitor,
        decision=GradedDecision.objects.get(table=table),
        round_state=rebuild(GradedDecision.objects.get(table=table)).to_json(),
    )
    html = client.get(f"/{lang}/table/replays/{replay.public_id}/").content.decode()
    assert prompt in html
    html = client.post(
        f"/{lang}/table/replays/{replay.public_id}/act/",
        {"action": "stand", "version": "0"},
        headers=HX,
    ).content.decode()
    assert answer in html


# Croatian, two seats: the AI (easy) T,2 and the person T,3 against the dealer's 9. Both
# decline surrender; the AI hits 5S (17); the person hits 4D (17) and stands; the dealer's
# second card 8D (17).
CROATIAN_TWO = ["TS", "TC", "9H", "2C", "3D", "5S", "4D", "8D", *PAD]


def test_replays_go_through_the_surrender_phase() -> None:
    table = TableSessionFactory(
        variant="croatian", stacked=CROATIAN_TWO, seat_count=2, human_seat=1, ai_level="easy"
    )
    client = client_for(table.visitor)
    play(client, table, "no_surrender", "hit", "stand")
    answer, hit, _stand = GradedDecision.objects.filter(table=table).order_by("pk")
    assert (answer.action, answer.phase.value, set(answer.evs)) == (
        "no_surrender",
        "surrender",
        {"surrender", "no_surrender"},
    )
    assert (hit.hand, hit.action, hit.phase.value) == (["TC", "3D"], "hit", "player")

    replay, html = start(client, hit)  # the surrender answer is applied again first
    rnd = replay.round
    assert (rnd.phase.value, [c.code for c in rnd.active_hand.cards]) == ("player", ["TC", "3D"])
    assert [c.code for c in rnd.hands[0].cards] == ["TS", "2C", "5S"]

    replay, html = start(client, answer)  # the surrender answer itself
    assert replay.round.phase.value == "surrender"
    assert re.findall(r'name="action" value="(\w+)"', html) == ["surrender", "no_surrender"]
    assert "The dealer offers surrender to every player before anyone draws" in html
    html = act(client, replay, "surrender")
    replay.refresh_from_db()
    assert replay.verdicts[0]["action"] == "surrender"
    assert set(replay.verdicts[0]["evs"]) == {"surrender", "no_surrender"}
