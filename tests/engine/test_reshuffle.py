"""A shoe that runs out in the middle of a round (issue 10): the discards, the cards of the
rounds finished since the shuffle, are shuffled into a new shoe and the round goes on; the
cards on the table stay out of it, and the table shuffles a whole shoe before the next round.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest

from game.engine.cards import Card, Shoe, ShoeExhaustedError, standard_deck
from game.engine.round import Action, Round, apply, deal, seen_before
from game.engine.rules import EUROPEAN
from game.engine.strategy.composition import card_value
from game.engine.strategy.counter import known_unseen


def cards(*codes: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in codes)


def on_table(rnd: Round) -> list[Card]:
    return [c for h in rnd.hands for c in h.cards] + list(rnd.dealer)


# Round 1 (European): player 2S,3S against 4S up and 5S in the hole; stand; the dealer draws
# 6S (15) and 7S (22, bust). Round 2 has only its four dealt cards left in the shoe.
ROUND_1 = ("2S", "4S", "3S", "5S", "6S", "7S")
ROUND_2 = ("2H", "3H", "2D", "4H")


def test_scripted_shoe_runs_out_mid_round_and_the_round_finishes_from_the_discards() -> None:
    first = apply(deal(EUROPEAN, [10], Shoe.stacked_from([*ROUND_1, *ROUND_2])), "stand")
    assert first.is_over and first.dealer == cards("4S", "5S", "6S", "7S")

    second = deal(EUROPEAN, [10], first.shoe)
    assert second.shoe.remaining == 0 and not second.shoe.reshuffled_in_round
    # 2H,2D (4) hits: the shoe is empty, so round 1's six cards are shuffled in.
    rnd = apply(second, Action.HIT)
    shoe = rnd.shoe
    assert shoe.reshuffled_in_round
    assert shoe.carried == cards(*ROUND_2)  # the table's cards stayed out of the new shoe
    assert Counter(shoe.cards) == Counter(cards(*ROUND_1))
    assert not set(shoe.cards) & set(cards(*ROUND_2))
    rnd = apply(rnd, Action.STAND)
    assert rnd.is_over
    # Every card of round 2 is either one of its dealt cards or a discard dealt from the new
    # shoe, none twice (a single suit of distinct cards).
    assert Counter(on_table(rnd)) == Counter([*shoe.carried, *rnd.shoe.cards[: rnd.shoe.position]])
    assert len(set(on_table(rnd))) == len(on_table(rnd))
    # The dealer drew to 17 from the discards: 3H,4H (7) and at least 10 more.
    assert sum(card_value(c) for c in rnd.dealer) >= 17
    assert rnd.shoe.needs_shuffle  # a whole new shoe before the next round
    # The round, its reshuffled shoe included, survives the database's JSON.
    assert Round.from_json(json.loads(json.dumps(rnd.to_json()))) == rnd


def test_the_reshuffle_keeps_the_round_start_so_ai_seats_know_no_history_after_it() -> None:
    """After a mid-round reshuffle every card seen before the round is back in the new shoe:
    the history a seat may count (``seen_before``) is empty, and a perfect counter's unseen
    cards are the new shoe's undealt cards plus the face-down hole card."""
    shoe = Shoe.shuffled(1, rng=random.Random(7))
    for _ in range(40):
        _, shoe = shoe.draw()
    discards = shoe.cards[:40]
    # Seven hands and the dealer need 16 cards at the deal; 12 are left.
    rnd = deal(EUROPEAN.with_overrides({"decks": 1}), [10] * 7, shoe)
    assert rnd.shoe.reshuffled_in_round
    assert rnd.shoe.carried == shoe.cards[40:]
    assert Counter(rnd.shoe.cards) == Counter(discards)
    assert seen_before(rnd) == ()
    hidden = rnd.dealer[1:] if not rnd.hole_revealed else ()
    undealt = rnd.shoe.cards[rnd.shoe.position :]
    expected = Counter(card_value(c) for c in [*undealt, *hidden])
    assert known_unseen(rnd) == tuple(expected[v] for v in range(1, 11))


def test_a_real_shoe_with_no_discards_opens_new_decks_less_the_cards_on_the_table() -> None:
    shoe = Shoe.shuffled(1, rng=random.Random(3)).start_round()
    after = shoe
    for _ in range(52):
        _, after = after.draw()
    assert after.remaining == 0
    _, new = after.draw(rng=random.Random(1))
    assert new.carried == after.cards  # the whole deck is on the table
    assert Counter(new.cards) == Counter(standard_deck())  # so a whole new deck is opened

    shoe = Shoe.shuffled(2, rng=random.Random(3)).start_round()
    for _ in range(104):
        _, shoe = shoe.draw()
    shoe = Shoe(cards=shoe.cards[:60], position=60, cut=40, decks=2, round_start=0)
    _, new = shoe.draw(rng=random.Random(2))
    # Two new decks less the 60 cards on the table: 44 cards.
    assert len(new.cards) == 44
    assert Counter(new.cards) + Counter(shoe.cards) == Counter(standard_deck() * 2)


def test_a_shoe_not_dealing_a_round_and_a_short_script_still_run_out() -> None:
    bare = Shoe.stacked_from(["5H"])
    _, bare = bare.draw()
    with pytest.raises(ShoeExhaustedError):
        bare.draw()  # no round: nothing is a discard
    scripted = Shoe.stacked_from(["5H", "6H"]).start_round()
    _, scripted = scripted.draw()
    _, scripted = scripted.draw()
    with pytest.raises(ShoeExhaustedError):
        scripted.draw()  # a script too short for its round (scenarios rely on it)


def test_shoe_json_keeps_the_round_start_and_the_carried_cards_and_reads_old_shoes() -> None:
    shoe = Shoe(cards=cards("2S", "3S"), position=1, cut=0, round_start=0, carried=cards("AH"))
    assert Shoe.from_json(json.loads(json.dumps(shoe.to_json()))) == shoe
    old = {"cards": "2S3S", "position": 1, "cut": 2, "stacked": True, "decks": 0}
    assert Shoe.from_json(old) == Shoe(cards=cards("2S", "3S"), position=1, cut=2, stacked=True)


def test_a_replay_rebuilds_a_round_whose_shoe_ran_out_from_the_cards_it_kept() -> None:
    """The record of a round that reshuffled mid-way keeps its dealt cards (carried ones
    too), so a replay deals exactly that round's cards in their order."""
    from game.table.replays import recorded_cards

    first = apply(deal(EUROPEAN, [10], Shoe.stacked_from([*ROUND_1, *ROUND_2])), "stand")
    rnd = apply(apply(deal(EUROPEAN, [10], first.shoe), Action.HIT), Action.STAND)
    kept = replace(rnd, shoe=rnd.shoe.dealt_part())  # what a RoundRecord stores
    dealt = recorded_cards(kept)
    assert dealt[:4] == cards(*ROUND_2)
    assert dealt == (*rnd.shoe.carried, *rnd.shoe.cards[: rnd.shoe.position])
    assert Counter(dealt) == Counter(on_table(rnd))
