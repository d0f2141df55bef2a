"""What a replay deals, and what no page shows: a replay deals the recorded cards of its
round and then a fresh shuffle that no live table holds; the live table (shoe, round in
play, bankroll, records) is left exactly as it was; and no page (the table and its
partials, the counter's advice, the review pages, the replays) shows a card of a live
shoe before it is dealt face up.

The live shoes are scripted so a leak would certainly show: at one deck a replay's fresh
cards are that deck less the recorded ones, so a live shoe whose next cards are copies of
recorded cards shares no card with them; the page test uses hearts dealt nowhere else."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest
from django.db.models import TextField
from django.db.models.functions import Cast
from django.test import Client
from django.utils import translation

from game.engine.cards import Card
from game.engine.variants import find_rules
from game.rulesets import store
from game.rulesets.models import RuleSet
from game.table.models import Replay, RoundRecord, TableSession
from tests.factories import TableSessionFactory
from tests.helpers import HX, client_for
from tests.table.pages import without_csrf_tokens
from tests.table.test_replay import act, dealer_cards, hand_cards, play
from trainer.review.models import GradedDecision
from trainer.web.labels import card_view

pytestmark = pytest.mark.django_db

# One deck, European rules (a hole card dealt face down, no peek, S17).
# Round 1: the person's 2C,3D against 6H up, TS in the hole. Hit (5 against 6) draws 2D
# (7), then a stand; the dealer's 16 draws 4C (20). Its six cards, in dealing order:
ROUND_1 = ["2C", "6H", "3D", "TS", "2D", "4C"]
# The live shoe after it: copies of round 1's cards only (a stacked shoe may repeat cards).
# Round 2 deals the person 4C,3D against 2D up with 6H in the hole; then come 2C, TS...
LIVE_NEXT = ["4C", "2D", "3D", "6H", "2C", "TS", "4C", "2D", "3D", "6H", "2C", "TS"] * 4
ROUND_2_HOLE = "6H"


def start(client: Client, decision: GradedDecision) -> tuple[Replay, str]:
    """Press Replay on ``decision``: the new replay and its page."""
    response = client.post(f"/en/table/decisions/{decision.pk}/replay/")
    assert response.status_code == 302
    replay = Replay.objects.filter(decision=decision).latest("pk")
    assert response["Location"] == f"/en/table/replays/{replay.public_id}/"
    return replay, client.get(response["Location"]).content.decode()


def one_deck_table(stacked: list[str]) -> TableSession:
    rules = replace(find_rules("european"), decks=1)
    ruleset = RuleSet.save_rules(rules, base="european")
    store.precompute(rules)  # as the background analysis would have by now
    return TableSessionFactory(stacked=stacked, variant=ruleset.variant)


def table_bytes(table: TableSession) -> dict[str, Any]:
    """Every column of the table as the database holds it (JSON as its stored text), its
    round records' states as text, and the log's size."""
    row = (
        TableSession.objects.filter(pk=table.pk)
        .annotate(
            state_text=Cast("state", TextField()),
            bankroll_text=Cast("bankroll", TextField()),
        )
        .values()
        .get()
    )
    records = list(
        RoundRecord.objects.filter(table=table)
        .annotate(state_text=Cast("state", TextField()))
        .order_by("number")
        .values_list("number", "net", "bankroll_after", "state_text")
    )
    return {**row, "records": records, "decisions": GradedDecision.objects.count()}


def play_replay_to_the_end(client: Client, replay: Replay) -> str:
    """Hit for as long as the replay offers Hit (past the recorded cards, to a bust or a
    finished hand), then stand if the round is still on. The last felt's HTML."""
    html = ""
    for _ in range(30):
        replay.refresh_from_db()
        if replay.round.is_over:
            return html
        legal = replay.round.legal_actions()
        html = act(client, replay, "hit" if "hit" in legal else "stand")
    raise AssertionError("the replay did not end")


def live_secrets(table: TableSession, count: int = 12) -> list[str]:
    """The next ``count`` cards of the table's live shoe, and the hole card of the round in
    play if it is still face down."""
    table.refresh_from_db()
    rnd = table.game.round
    if rnd is not None and not rnd.is_over:
        shoe = rnd.shoe
        hole = [] if rnd.hole_revealed else [c.code for c in rnd.dealer[1:]]
    else:
        shoe = table.game.shoe
        assert shoe is not None
        hole = []
    return hole + [c.code for c in shoe.cards[shoe.position : shoe.position + count]]


def check_replay(client: Client, table: TableSession, decision: GradedDecision) -> list[str]:
    """Play a replay of ``decision`` to the end and check what it dealt; its fresh cards."""
    before = table_bytes(table)
    secrets = live_secrets(table)
    replay, html = start(client, decision)
    assert hand_cards(html) == [["2C", "3D"]]
    html = play_replay_to_the_end(client, replay)
    replay.refresh_from_db()
    dealt = [c.code for c in replay.round.shoe.dealt]
    # The recorded cards first, in their order; then at least two fresh ones (the hand is
    # 11 after the recorded 2D and 4C and hits on).
    assert dealt[:6] == ROUND_1
    fresh = dealt[6:]
    assert len(fresh) >= 2
    # None of them is the live shoe's next card or the live round's hole card: the live
    # cards are copies of recorded ones, which the fresh shuffle of one deck cannot hold.
    assert dealt[6 : 6 + len(secrets)] != secrets[: len(fresh)]
    assert not set(fresh) & set(secrets), (fresh, secrets)
    # The page shows the same: the person's cards are the recorded ones, then the fresh.
    shown = [Card.parse(c.replace("10", "T")).code for c in hand_cards(html)[0]]
    assert shown == ["2C", "3D", "2D", "4C", *fresh]
    assert dealer_cards(html) == ["6H", "10S"]  # the hand busted: the hole card is turned
    assert replay.round.hands[0].is_bust
    # The live table, its shoe, its round, its bankroll and its records: not a byte moved.
    assert table_bytes(table) == before
    return fresh


def test_a_replay_deals_the_recorded_cards_then_none_of_the_live_tables() -> None:
    table = one_deck_table([*ROUND_1, *LIVE_NEXT])
    client = client_for(table.visitor)
    play(client, table, "hit", "stand")
    first = GradedDecision.objects.filter(table=table).order_by("pk").first()
    assert (first.hand, first.upcard, first.action) == (["2C", "3D"], "6H", "hit")
    assert [c.code for c in RoundRecord.objects.get(table=table).round.dealer] == ["6H", "TS", "4C"]

    # Mid-shoe, between rounds: the live shoe's next cards are LIVE_NEXT.
    assert live_secrets(table)[:6] == LIVE_NEXT[:6]
    check_replay(client, table, first)

    # A round in play (hole card 6H face down): replayed again, two replays of one decision.
    play(client, table)
    table.refresh_from_db()
    assert table.round_in_play and table.version == 4
    assert live_secrets(table)[0] == ROUND_2_HOLE
    check_replay(client, table, first)
    assert Replay.objects.filter(decision=first).count() == 2


def test_two_replays_of_one_decision_at_once_are_independent() -> None:
    table = one_deck_table([*ROUND_1, *LIVE_NEXT])
    client = client_for(table.visitor)
    play(client, table, "hit", "stand")
    first = GradedDecision.objects.filter(table=table).order_by("pk").first()
    one, _ = start(client, first)
    two, _ = start(client, first)
    assert one.pk != two.pk
    # The same recorded cards, each followed by its own shuffle (51! orders of the rest:
    # two equal ones would be a broken random source).
    deck_one, deck_two = one.round.shoe.cards, two.round.shoe.cards
    assert deck_one[:6] == deck_two[:6] and deck_one[6:52] != deck_two[6:52]
    # Playing one moves nothing of the other: each has its own version.
    act(client, one, "hit")
    act(client, one, "hit")
    one.refresh_from_db()
    two.refresh_from_db()
    assert (one.version, two.version) == (2, 0)
    assert [c.code for c in one.round.hands[0].cards] == ["2C", "3D", "2D", "4C"]
    assert [c.code for c in two.round.hands[0].cards] == ["2C", "3D"]
    html = act(client, two, "stand")
    assert dealer_cards(html) == ["6H", "10S", "2D"]  # the recorded 2D: 18, the dealer stands


# -- no page shows a live card ---------------------------------------------------------------
# Six decks. Round 1: the person's 2C,3C against 6D up, 9S in the hole; a hit draws 2S (7),
# a stand; the dealer's 15 draws 4C (19). Round 2 (left in play): AD,AS against 2D up with
# the queen of hearts in the hole; the shoe then holds hearts only. No heart is dealt face
# up anywhere, and the replays' own shuffles are made to put their hearts last
# (``HeartsLast``), so any heart on a page is a card of the live shoe.
PAGE_ROUND_1 = ["2C", "6D", "3C", "9S", "2S", "4C"]
PAGE_ROUND_2 = ["AD", "2D", "AS", "QH"]
PAGE_LIVE_NEXT = ["KH", "JH", "AH", "9H", "8H", "7H", "5H", "4H", "3H", "2H", "TH", "6H"]
PAGE_SECRETS = ["QH", *PAGE_LIVE_NEXT]


class HeartsLast:
    """A random source whose shuffle puts the hearts last (the other cards keep their
    order): a replay's fresh cards then start with no heart, so a heart on a replay page
    can only come from the live shoe."""

    def shuffle(self, cards: list[Card]) -> None:
        cards.sort(key=lambda card: card.suit.value == "H")


def card_forms(code: str) -> dict[str, str]:
    """Each way a page could show the card ``code``: templates/web/card.html's attribute,
    spoken name and corner (as ``card_view`` makes them, in English), and the bare code
    (JSON, a hidden input, a data attribute)."""
    with translation.override("en"):
        view = card_view(Card.parse(code))
    return {
        "data-card": f'data-card="{view["rank"]}{view["suit_code"]}"',
        "name": str(view["name"]),
        "corner": f"{view['rank']}<br>{view['suit']}",
        "code": code,
    }


def leaks(html: str, codes: list[str]) -> list[str]:
    """The forms of ``codes`` found in ``html`` (CSRF tokens, random letters, left out)."""
    text = without_csrf_tokens(html)
    found = []
    for code in codes:
        for form, value in card_forms(code).items():
            if form == "code":
                if re.search(rf"(?<![A-Za-z0-9]){value}(?![A-Za-z0-9])", text):
                    found.append(f"{code} as {form}")
            elif value in html:
                found.append(f"{code} as {form}")
    return found


def test_no_page_shows_a_card_of_a_live_shoe_before_it_is_dealt_face_up(monkeypatch) -> None:
    monkeypatch.setattr("game.engine.cards.secrets.SystemRandom", HeartsLast)
    table = TableSessionFactory(stacked=[*PAGE_ROUND_1, *PAGE_ROUND_2, *PAGE_LIVE_NEXT])
    client = client_for(table.visitor)
    play(client, table, "hit", "stand")
    play(client, table)  # round 2, left in play with the queen of hearts face down
    table.refresh_from_db()
    assert table.round_in_play and not table.game.round.hole_revealed
    assert live_secrets(table, 12) == PAGE_SECRETS
    hit, stand = GradedDecision.objects.filter(table=table).order_by("pk")

    base = f"/en/table/{table.public_id}/"
    pages: dict[str, str] = {}

    def get(url: str, **kwargs: Any) -> None:
        response = client.get(url, follow=True, **kwargs)
        assert response.status_code == 200, url
        pages[f"GET {url} {kwargs}"] = response.content.decode()

    get(base)
    get(base, headers=HX)
    get(f"{base}?counter=1")
    get(f"{base}counter/", headers=HX)
    get("/en/table/")
    get("/en/review/")
    get("/en/review/stats/")
    get(f"/en/review/sessions/table/{table.public_id}/")
    for d in (hit, stand):
        get(f"/en/review/decisions/{d.pk}/")
    # The hit replayed, hitting on past the recorded 2S and 4C until the hand busts.
    response = client.post(f"/en/table/decisions/{hit.pk}/replay/", follow=True)
    pages["replay of the hit"] = response.content.decode()
    replay = Replay.objects.get(decision=hit)
    get(f"/en/table/replays/{replay.public_id}/", headers=HX)
    pages["replay of the hit, played"] = play_replay_to_the_end(client, replay)
    hit_replay = replay
    # The stand replayed: the dealer's 15 draws the recorded 4C (19) and the round ends.
    response = client.post(f"/en/table/decisions/{stand.pk}/replay/", follow=True)
    pages["replay of the stand"] = response.content.decode()
    replay = Replay.objects.get(decision=stand)
    pages["replay of the stand, played"] = act(client, replay, "stand")
    assert dealer_cards(pages["replay of the stand, played"]) == ["6D", "9S", "4C"]

    # What the pages show is real: the round in play's upcard and the person's cards.
    assert 'data-card="2D"' in pages[f"GET {base} {{}}"]
    assert 'data-card="AS"' in pages[f"GET {base} {{}}"]
    assert "A perfect card counter would choose" in pages[f"GET {base}?counter=1 {{}}"]
    for name, html in pages.items():
        assert not leaks(html, PAGE_SECRETS), (name, leaks(html, PAGE_SECRETS))
        for secret in ('"shoe"', '"game": ', "hole_revealed"):
            assert secret not in html, (name, secret)
    # The replay of the hit went past the recorded cards: 2C,3C, the recorded 2S and 4C
    # (11), then the fresh AC (12), 5C (17) and 6C (bust).
    hit_replay.refresh_from_db()
    assert [c.code for c in hit_replay.round.hands[0].cards] == [
        *["2C", "3C", "2S", "4C"],
        *["AC", "5C", "6C"],
    ]

    # Turned face up, the hole card is shown: the check above sees it in each form (a face
    # card's data-card attribute is its bare code too).
    table.refresh_from_db()
    html = client.post(
        f"{base}act/", {"action": "stand", "version": table.version}, headers=HX
    ).content.decode()
    assert leaks(html, ["QH"]) == [
        f"QH as {form}" for form in ("data-card", "name", "corner", "code")
    ]
