# The expected strings hold Cyrillic letters on purpose.
# ruff: noqa: RUF001
"""Issue 12 at the table: every graded decision of the round stays listed until the next
deal, the recent rounds carry a severity mark linking to the decision, the flag says why
and scales with the severity, the optional hint of the person's standard (the decision
after it logged as hinted, counted neither right nor wrong), and the session summary."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.test import Client

from game.table.presenters import round_marks
from game.table.summary import cell_param, drill_query, page_link
from game.table.views import hint_key
from tests.factories import TableSessionFactory
from tests.helpers import HX, client_for
from tests.review.factories import GradedDecisionFactory
from tests.table.pages import fresh, hx_act, hx_deal, page_url, text, without_csrf_tokens
from trainer.review.explain import reason
from trainer.review.models import GradedDecision
from trainer.review.situations import Situation
from trainer.web.visitors import STANDARD_KEY

pytestmark = pytest.mark.django_db

MINUS = "\u2212"
# Russian (6 decks, peek): you T,2 against a ten, 9 in the hole (no natural, dealer 19);
# then the shoe deals 3, 4, 5, 6.
TWELVE_V_TEN = ["TS", "TD", "2C", "9H", "3S", "4D", "5S", "6S", "7C", "8C", "9C", "TC"]
# Russian: you T,6 against a ten, 9 in the hole; the next card is a 5.
SIXTEEN_V_TEN = ["TS", "TD", "6C", "9H", "5S", "4D", "5D", "6D"]
# European: you A,A against a 6, ten in the hole: not splitting is a blunder.
ACES_V_SIX = ["AS", "6C", "AD", "TH", "5C", "9D", "8S", "7H", "2C"]


def hint_url(table) -> str:
    return f"/en/table/{table.public_id}/hint/"


def summary_url(table, lang: str = "en") -> str:
    return f"/{lang}/table/{table.public_id}/summary/"


def hx_hint(client: Client, table, version=None):
    version = fresh(table).version if version is None else version
    return client.post(hint_url(table), {"version": version}, headers=HX)


def plain(html: str, testid: str) -> list[str]:
    """The text of every element with ``data-testid=testid`` (tags removed, spaces
    collapsed)."""
    found = re.findall(rf'<(\w+)[^>]*data-testid="{testid}"[^>]*>(.*?)</\1>', html, re.S)
    return [" ".join(re.sub(r"<[^>]+>", "", f).split()) for _tag, f in found]


def decision_rows(html: str) -> list[str]:
    return plain(html, "round-decision")


# -- nothing vanishes -------------------------------------------------------------------------
def test_the_rounds_decisions_stay_listed_until_the_next_deal() -> None:
    table = TableSessionFactory(variant="russian", stacked=TWELVE_V_TEN)
    client = client_for(table)
    hx_deal(client, table)
    html = text(hx_act(client, table, "hit"))  # T,2 + 3 = 15: hitting is right
    assert decision_rows(html) == ["10 2 against 10 you: Hit best: Hit \u00b10 Best play"]
    html = text(hx_act(client, table, "stand"))  # 15 against a ten: standing is wrong
    first, second = fresh(table).decisions.order_by("id")
    assert (second.action, second.best_action, second.severity) == ("stand", "hit", "mistake")
    # Standing on T,2,3 against a ten gives up 0.0388 of a bet (hand_evs, 6 decks, peek).
    assert second.loss == pytest.approx(0.038816, abs=1e-6)
    cost = f"{MINUS}{second.loss:.4f}"
    rows = ["10 2 against 10 you: Hit best: Hit \u00b10 Best play"]
    rows.append(f"10 2 3 against 10 you: Stand best: Hit {cost} Mistake")
    assert decision_rows(html) == rows  # the round is over: both still listed
    assert 'data-testid="round-result"' in html
    assert f'href="/en/review/decisions/{second.pk}/" data-testid="decision-grade"' in html
    page = text(client.get(page_url(table)))
    assert decision_rows(page) == rows  # and after a reload
    # The recent rounds' line carries the round's worst severity, linking to it.
    mark = re.search(r'<a class="sev-mark (\w+)" href="([^"]+)" data-testid="round-mark"', page)
    assert mark is not None and mark.groups() == ("mistake", f"/en/review/decisions/{second.pk}/")
    assert plain(page, "round-mark") == ["Mistake"]
    html = text(hx_deal(client, table))  # the next deal clears the list, not the mark
    assert decision_rows(html) == []
    assert plain(html, "round-mark") == ["Mistake"]
    assert first.round_number == second.round_number == 1


def test_the_round_log_is_swapped_out_of_band() -> None:
    table = TableSessionFactory(variant="russian", stacked=SIXTEEN_V_TEN)
    client = client_for(table)
    hx_deal(client, table)
    html = text(hx_act(client, table, "stand"))
    log = html.split('<div id="round-log"')[1]
    assert log.startswith(' class="round-log" hx-swap-oob="true"')


# -- the flag says why, and scales with the severity --------------------------------------------
def test_the_flag_gives_the_reason_with_a_true_minus() -> None:
    table = TableSessionFactory(variant="russian", stacked=SIXTEEN_V_TEN)
    client = client_for(table)
    hx_deal(client, table)
    html = text(hx_act(client, table, "stand"))
    decision = fresh(table).decisions.get()
    expected = reason(
        decision.hand, decision.upcard, fresh(table).rules, decision.evs, "hit", insurance=False
    )
    assert expected.startswith("The dealer busts only ")
    assert expected.endswith(
        "of the time with 10 showing: hitting is worth 0.006 of the bet more than the next "
        "best play (Stand)."
    )
    assert plain(html, "flag-reason") == [expected]
    assert '<div class="decision-flag inaccuracy moderate"' in html
    assert f"Stand: {MINUS}0.5410" in html


def test_a_blunder_is_prominent() -> None:
    table = TableSessionFactory(stacked=ACES_V_SIX, bankroll=Decimal(1000))
    client = client_for(table)
    hx_deal(client, table, bet="5")
    html = text(hx_act(client, table, "hit"))
    assert '<div class="decision-flag blunder prominent"' in html
    assert plain(html, "flag-reason") == [
        "Splitting gains 0.492 of the bet over the next best play (Double)."
    ]
    assert "Split: +0.6824" in html


def test_the_flag_region_is_a_live_region_on_the_page_before_any_decision() -> None:
    table = TableSessionFactory(variant="russian", stacked=SIXTEEN_V_TEN)
    client = client_for(table)
    hx_deal(client, table)
    page = text(client.get(page_url(table)))
    region = re.search(
        r'<div id="decision-flag" class="flag-region" role="status" aria-live="polite">\s*</div>',
        page,
    )
    assert region is not None  # present and empty: the next flag is announced


# -- the hint ---------------------------------------------------------------------------------
def test_the_hint_shows_the_exact_play_and_the_next_decision_is_hinted() -> None:
    table = TableSessionFactory(variant="russian", stacked=TWELVE_V_TEN)
    client = client_for(table)
    hx_deal(client, table)
    assert 'data-testid="hint-button"' in text(client.get(page_url(table)))
    html = text(hx_hint(client, table))
    assert plain(html, "hint") == [
        "Hint: the best play for these cards is Hit. A decision taken after a hint counts "
        "neither right nor wrong."
    ]
    assert re.search(r'data-testid="hint-button" disabled', html)  # shown once per decision
    assert "9H" not in without_csrf_tokens(html)  # the hole card stays face down
    html = text(hx_act(client, table, "stand"))  # ignoring the hint: logged as hinted
    decision = fresh(table).decisions.get()
    assert (decision.severity, decision.hinted) == ("blunder", True)
    assert "counts neither right nor wrong" in " ".join(plain(html, "flag-hinted"))
    assert not GradedDecision.objects.wrong().exists()
    assert not GradedDecision.objects.correct().exists()
    assert plain(html, "round-decision")[0].endswith("Blunder \u00b7 hinted")
    assert plain(html, "round-mark") == ["Hinted"]


def test_a_hint_applies_only_to_the_decision_it_was_shown_for() -> None:
    table = TableSessionFactory(variant="russian", stacked=TWELVE_V_TEN)
    client = client_for(table)
    hx_deal(client, table)
    hx_hint(client, table)
    html = text(hx_act(client, table, "hit"))  # hinted, then the next decision is not
    assert 'data-testid="hint"' not in html
    assert hint_key(table.public_id) not in client.session
    hx_act(client, table, "stand")
    assert [d.hinted for d in fresh(table).decisions.order_by("id")] == [True, False]
    assert GradedDecision.objects.wrong().count() == 1


def test_the_hint_follows_the_chart_standard() -> None:
    table = TableSessionFactory(variant="russian", stacked=SIXTEEN_V_TEN)
    client = client_for(table)
    session = client.session
    session[STANDARD_KEY] = "chart"
    session.save()
    hx_deal(client, table)
    html = text(hx_hint(client, table))
    assert plain(html, "hint")[0].startswith("Hint: the chart says Hit.")


def test_the_hint_works_without_javascript() -> None:
    table = TableSessionFactory(variant="russian", stacked=SIXTEEN_V_TEN)
    client = client_for(table)
    hx_deal(client, table)
    version = fresh(table).version
    response = client.post(hint_url(table), {"version": version})
    assert response.status_code == 302 and response["Location"] == page_url(table)
    page = text(client.get(page_url(table)))
    assert plain(page, "hint")[0].startswith("Hint: the best play for these cards is Hit.")
    client.post(f"/en/table/{table.public_id}/act/", {"action": "hit", "version": version})
    assert fresh(table).decisions.get().hinted is True


def test_a_stale_or_pointless_hint_is_refused_and_changes_nothing() -> None:
    table = TableSessionFactory(variant="russian", stacked=SIXTEEN_V_TEN)
    client = client_for(table)
    hx_deal(client, table)
    html = text(hx_hint(client, table, version=0))
    assert "That click was already handled" in html and 'data-testid="hint"' not in html
    assert hint_key(table.public_id) not in client.session
    hx_act(client, table, "stand")  # the round is over: no decision to hint
    html = text(hx_hint(client, table))
    assert "There is no decision to give a hint for now." in html
    assert hint_key(table.public_id) not in client.session


# -- the session summary ----------------------------------------------------------------------
def _play_a_mistake(client: Client, table) -> GradedDecision:
    hx_deal(client, table, bet="20")
    hx_act(client, table, "stand")  # T,2 against a ten: a blunder; the dealer's 19 wins
    return fresh(table).decisions.get()


def test_the_summary_sets_skill_against_luck() -> None:
    table = TableSessionFactory(variant="russian", stacked=TWELVE_V_TEN)
    client = client_for(table)
    decision = _play_a_mistake(client, table)
    assert (decision.action, decision.best_action, decision.severity) == ("stand", "hit", "blunder")
    page = text(client.get(summary_url(table)))
    assert plain(page, "summary-decisions") == ["1"]
    assert plain(page, "summary-accuracy") == ["0%"]
    loss = decision.loss
    assert plain(page, "summary-ev-lost") == [f"{MINUS}{loss:.4f} bets"]
    assert plain(page, "summary-result") == [f"{MINUS}20 chips"]
    chips = (Decimal(repr(loss)) * 20).quantize(Decimal("0.01"))
    luck = Decimal(-20) + chips
    assert plain(page, "summary-skill")[0].startswith(
        f"Skill: your decisions gave up {chips} chips on average"
    )
    assert (
        f"The rest of it, {MINUS}{-luck} chips, came from the cards"
        in plain(page, "summary-luck")[0]
    )
    assert plain(page, "drill-cell") == [f"Hard 12 against 10: 1 miss, {MINUS}{loss:.4f} of a bet."]
    assert 'href="/en/drills/situations/?variant=russian&amp;cell=hard-12-10"' in page
    assert f'href="/en/drills/walk/new/?table={table.public_id}" data-testid="walk-link"' in page
    table_page = text(client.get(page_url(table)))
    assert f'href="{summary_url(table)}" data-testid="summary-link"' in table_page


def test_hinted_decisions_are_not_counted_in_the_summary() -> None:
    table = TableSessionFactory(variant="russian", stacked=TWELVE_V_TEN)
    client = client_for(table)
    hx_deal(client, table, bet="20")
    hx_hint(client, table)
    hx_act(client, table, "stand")
    page = text(client.get(summary_url(table)))
    assert plain(page, "summary-accuracy") == ["\u2014"]
    assert "1 decision was taken after a hint" in plain(page, "summary-counted")[0]
    assert 'data-testid="drill-cell"' not in page
    # the EV it gave up is in the total and says where it went: the mistakes' list is empty
    cost = f"{MINUS}{fresh(table).decisions.get().loss:.4f}"
    assert plain(page, "summary-ev-lost") == [f"{cost} bets"]
    assert plain(page, "summary-hinted-ev") == [
        f"It accounts for {cost} bets of the EV given up, and the list of your mistakes "
        "leaves it out."
    ]
    assert 'data-testid="summary-mistakes"' not in page
    ru = text(client.get(summary_url(table, "ru")))
    assert plain(ru, "summary-hinted-ev") == [
        f"На него приходится {cost.replace('.', ',')} ставки потерянного матожидания, а в "
        "списке ваших ошибок его нет."
    ]


def test_a_summary_without_hinted_losses_says_nothing_of_them() -> None:
    table = TableSessionFactory(variant="russian", stacked=TWELVE_V_TEN)
    client = client_for(table)
    _play_a_mistake(client, table)
    assert 'data-testid="summary-hinted-ev"' not in text(client.get(summary_url(table)))


def test_the_summary_is_the_owners_only() -> None:
    table = TableSessionFactory(variant="russian", stacked=TWELVE_V_TEN)
    other = client_for(TableSessionFactory())
    assert other.get(summary_url(table)).status_code == 404


def test_the_drill_links_have_the_drills_format() -> None:
    assert cell_param(Situation("soft", 7, 6)) == "soft-7-6"
    assert cell_param(Situation("insurance", 0, 1)) == "insurance-0-1"
    assert drill_query("european", [Situation("hard", 16, 10), Situation("pairs", 8, 1)]) == [
        ("variant", "european"),
        ("cell", "hard-16-10"),
        ("cell", "pairs-8-1"),
    ]
    assert page_link("drills:situations", [("variant", "european"), ("cell", "hard-16-10")]) == (
        "/en/drills/situations/?variant=european&cell=hard-16-10"
    )


def test_a_rounds_mark_links_its_costliest_decision_of_the_worst_severity() -> None:
    # two blunders and a mistake in round 3 (split hands): the mark is a blunder and links
    # the blunder that gave up more, whichever came first
    table = TableSessionFactory()
    made = [
        GradedDecisionFactory(table=table, visitor=table.visitor, round_number=3, **fields)
        for fields in (
            {"severity": "blunder", "loss": 0.31},
            {"severity": "mistake", "loss": 0.9},
            {"severity": "blunder", "loss": 0.82},
        )
    ]
    mark = round_marks(table, [3])[3]
    assert (mark["severity"], mark["count"], mark["pk"]) == ("blunder", 3, made[2].pk)
