"""``store.precompute`` analyses a casino rule set in one pass (``game_ev.analysis``): the
chart and both game EVs it stores are those of the separate engine calls."""

from __future__ import annotations

import pytest

from game.engine.rules import Rules
from game.engine.strategy.chart import basic_strategy
from game.engine.strategy.game_ev import game_ev
from game.rulesets import store
from game.rulesets.models import RuleSet, StrategyResult

pytestmark = pytest.mark.django_db

ONE_DECK_H17 = Rules(decks=1, dealer_hits_soft_17=True, surrender="late")


def test_precompute_stores_the_one_pass_analysis_as_the_separate_calls_give_it(
    monkeypatch,
) -> None:
    store.forget()
    timings = store.precompute(ONE_DECK_H17)
    assert set(timings) == {"chart", "game_ev_cd", "game_ev_td"}
    rows = {
        row.kind: row
        for row in StrategyResult.objects.filter(rules_id=RuleSet.id_for(ONE_DECK_H17))
    }
    assert set(rows) == {"chart", "game_ev_cd", "game_ev_td"}
    assert all(row.seconds > 0 for row in rows.values())
    chart = basic_strategy(ONE_DECK_H17)
    assert rows["game_ev_cd"].payload == pytest.approx(game_ev(ONE_DECK_H17), abs=1e-12)
    td = game_ev(ONE_DECK_H17, strategy="td", chart=chart)
    assert rows["game_ev_td"].payload == pytest.approx(td, abs=1e-12)
    stored = store.chart_for(ONE_DECK_H17)
    assert [codes for _kind, _row, codes in stored.rows()] == [
        codes for _kind, _row, codes in chart.rows()
    ]
    assert len(stored.exceptions) == len(chart.exceptions)
    # a second precompute (a new process) finds everything stored and computes nothing
    store.forget()

    def refuse(*args, **kwargs):
        raise AssertionError("analysed again")

    monkeypatch.setattr(store, "analysis", refuse)
    monkeypatch.setattr(store, "basic_strategy", refuse)
    monkeypatch.setattr(store, "game_ev", refuse)
    store.precompute(ONE_DECK_H17)
    store.forget()
