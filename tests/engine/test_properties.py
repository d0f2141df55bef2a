"""Property tests: random shuffled shoes and random legal play, under the European rules and
random rule overrides. Each round is played to the end, checking at every step that:

(a) cards are conserved: the hands and the dealer hold exactly the shoe's dealt prefix;
(b) the round's net is the sum of the hands' nets, each an allowed multiple of its bet;
(c) nothing is accepted after the round ends;
(d) legal_actions and apply agree on every action;
(e) the round survives a JSON round trip and plays on the same.
"""

import json
import random
from collections import Counter
from fractions import Fraction

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.engine.cards import Shoe, ShoeExhaustedError
from game.engine.errors import Reason
from game.engine.hands import HandValue, hand_value
from game.engine.round import Action, IllegalActionError, Outcome, Round, apply, deal
from game.engine.rules import EUROPEAN, Rules

SETTINGS = settings(max_examples=120, deadline=None)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
bet_lists = st.lists(st.sampled_from([1, 5, 10, 25, "2.5", "0.5"]), min_size=1, max_size=3)
override_rules = st.fixed_dictionaries(
    {
        "decks": st.integers(1, 8),
        "dealer_hits_soft_17": st.booleans(),
        "double_on": st.sampled_from(["any", "9-11", "10-11"]),
        "max_split_hands": st.integers(1, 4),
        "split_by": st.sampled_from(["value", "rank"]),
        "double_after_split": st.booleans(),
        "resplit_aces": st.booleans(),
        "hit_split_aces": st.booleans(),
        "lose_all_to_natural": st.booleans(),
        "surrender": st.sampled_from(["none", "late"]),
        "blackjack_payout": st.sampled_from(["3/2", "6/5", "1"]),
    }
).map(EUROPEAN.with_overrides)

# A hand's net in units of its initial bet, by outcome (x2 after a double).
ALLOWED_UNITS = {
    Outcome.WIN: {Fraction(1), Fraction(2)},
    Outcome.LOSE: {Fraction(-1), Fraction(-2)},
    Outcome.BUST: {Fraction(-1), Fraction(-2)},
    Outcome.PUSH: {Fraction(0)},
    Outcome.SURRENDER: {Fraction(-1, 2)},
}


def best_total(cards) -> tuple[int, bool]:
    """(total, soft) counted independently of hands.py: an ace is 11 while that fits."""
    low = sum(
        1 if c.rank.value == "A" else 10 if c.rank.value in "TJQK" else int(c.rank.value)
        for c in cards
    )
    if any(c.rank.value == "A" for c in cards) and low + 10 <= 21:
        return low + 10, True
    return low, False


def european_legal(rnd: Round) -> set[Action]:
    """The actions seed 004 allows the hand to act, worked out independently of round.py."""
    hand = rnd.active_hand
    legal = {Action.HIT, Action.STAND}
    if len(hand.cards) == 2:
        legal.add(Action.DOUBLE)  # any two cards, after a split too
        a, b = hand.cards
        if best_total([a])[0] == best_total([b])[0] and len(rnd.hands_of_seat(hand.seat)) < 4:
            legal.add(Action.SPLIT)  # equal value, at most 4 hands
    return legal


def all_cards(rnd: Round) -> list:
    return [c for h in rnd.hands for c in h.cards] + list(rnd.dealer)


def check_cards_conserved(rnd: Round, start_position: int) -> None:
    held = all_cards(rnd)
    dealt = rnd.shoe.cards[start_position : rnd.shoe.position]
    assert Counter(held) == Counter(dealt)
    assert rnd.shoe.position - start_position == len(held)


def check_json(rnd: Round) -> Round:
    back = Round.from_json(json.loads(json.dumps(rnd.to_json())))
    assert back == rnd
    return back


def check_legality(rnd: Round) -> None:
    """Every legal action applies; every other one raises and leaves the round as it was."""
    legal = rnd.legal_actions()
    before = rnd.to_json()
    for action in Action:
        if action in legal:
            try:
                after = apply(rnd, action)
            except ShoeExhaustedError:
                continue
            assert after != rnd
        else:
            try:
                apply(rnd, action)
            except IllegalActionError as exc:
                assert isinstance(exc.reason, Reason)
                assert str(exc)
            else:
                raise AssertionError(f"{action} is not legal but apply accepted it")
        assert rnd.to_json() == before


def expected_settlement(hand, dealer, rules: Rules) -> tuple[Outcome, Fraction]:
    """An independent reading of the settlement rules of seed 004 / VARIANTS.md."""
    total = best_total(hand.cards)[0]
    dealer_total = best_total(dealer)[0]
    dealer_natural = len(dealer) == 2 and dealer_total == 21
    natural = len(hand.cards) == 2 and total == 21 and not hand.from_split
    if hand.surrendered:
        return Outcome.SURRENDER, -hand.bet / 2
    if total > 21:
        return Outcome.BUST, -hand.bet
    if natural:
        if dealer_natural:
            return Outcome.PUSH, Fraction(0)
        return Outcome.BLACKJACK, hand.bet * rules.blackjack_payout
    if dealer_natural:
        if rules.lose_all_to_natural:
            return Outcome.LOSE, -hand.bet
        return None, None  # original bets only: settled per seat, checked below
    if dealer_total > 21 or total > dealer_total:
        return Outcome.WIN, hand.bet
    if total < dealer_total:
        return Outcome.LOSE, -hand.bet
    return Outcome.PUSH, Fraction(0)


def check_settled(rnd: Round) -> None:
    rules = rnd.rules
    assert rnd.is_over
    assert rnd.hole_revealed
    assert rnd.dealer_visible == rnd.dealer
    assert rnd.net == sum(h.net for h in rnd.hands)
    for hand in rnd.hands:
        assert hand.done
        assert hand.bet == hand.base_bet * (2 if hand.doubled else 1)
        units = hand.net / hand.base_bet
        if hand.outcome is Outcome.BLACKJACK:
            assert units == rules.blackjack_payout
        else:
            assert units in ALLOWED_UNITS[hand.outcome]
        outcome, net = expected_settlement(hand, rnd.dealer, rules)
        if outcome is not None:
            assert hand.outcome is outcome
            assert hand.net == net
        else:  # original bets only: one initial bet lost per seat, the rest returned
            assert (hand.outcome, hand.net) in {
                (Outcome.LOSE, -hand.base_bet),
                (Outcome.PUSH, Fraction(0)),
            }
    if not rules.lose_all_to_natural and len(rnd.dealer) == 2:
        for seat in {h.seat for h in rnd.hands}:
            ordinary = [
                h
                for h in rnd.hands_of_seat(seat)
                if not (h.is_natural or h.is_bust or h.surrendered)
            ]
            if ordinary and hand_value(rnd.dealer).total == 21:
                assert sum(h.net for h in ordinary) == -ordinary[0].base_bet

    # the dealer drew to 17 only when some hand still needed the total (S17 or H17)
    needed = any(not (h.is_bust or h.surrendered or h.is_natural) for h in rnd.hands)
    dealer_natural = len(rnd.dealer) == 2 and hand_value(rnd.dealer).total == 21
    final = hand_value(rnd.dealer)
    if needed and not dealer_natural:
        assert final.total >= 17
        if final.total == 17 and final.soft:
            assert not rules.dealer_hits_soft_17
        for n in range(2, len(rnd.dealer)):
            before = hand_value(rnd.dealer[:n])
            assert before.total < 17 or (
                before.total == 17 and before.soft and rules.dealer_hits_soft_17
            )
    else:
        assert len(rnd.dealer) == 2


def check_round_over(rnd: Round) -> None:
    assert rnd.legal_actions() == ()
    for action in Action:
        try:
            apply(rnd, action)
        except IllegalActionError as exc:
            assert exc.reason is Reason.ROUND_OVER
        else:
            raise AssertionError(f"{action} accepted after the round ended")


def play_out(data, rules: Rules, seed: int, bets: list, burn: int = 0) -> Round:
    """Deal from a shoe shuffled by random.Random(seed) (after ``burn`` cards) and take
    random legal actions to the end, checking (a), (d) and (e) at every step."""
    shoe = Shoe.shuffled(rules.decks, rng=random.Random(seed))
    for _ in range(burn):
        _, shoe = shoe.draw()
    start = shoe.position
    rnd = deal(rules, bets, shoe)
    steps = 0
    while not rnd.is_over:
        check_cards_conserved(rnd, start)
        restored = check_json(rnd)
        check_legality(rnd)
        assert not rnd.hole_revealed
        assert rnd.dealer_visible == rnd.dealer[:1]
        hand = rnd.active_hand
        assert not hand.done
        assert not hand.is_natural  # a natural stands at once
        assert best_total(hand.cards)[0] <= 21
        assert hand.value == HandValue(*best_total(hand.cards))
        if rules == EUROPEAN:
            assert not hand.split_aces  # split aces take one card and are done
            assert set(rnd.legal_actions()) == european_legal(rnd)
        action = data.draw(st.sampled_from(rnd.legal_actions()))
        try:
            nxt = apply(rnd, action)
        except ShoeExhaustedError:
            assume(False)
        assert apply(restored, action) == nxt
        if action is Action.DOUBLE:
            doubled = nxt.hands[rnd.active]
            assert doubled.cards[:-1] == hand.cards and len(doubled.cards) == 3
            assert doubled.done and doubled.bet == 2 * hand.bet
        rnd = nxt
        steps += 1
        assert steps < 100
    check_cards_conserved(rnd, start)
    check_json(rnd)
    return rnd


@SETTINGS
@given(data=st.data(), seed=seeds, bets=bet_lists, burn=st.integers(0, 200))
def test_european_random_play(data, seed, bets, burn):
    rnd = play_out(data, EUROPEAN, seed, bets, burn)
    check_settled(rnd)
    check_round_over(rnd)
    assert all(len(rnd.hands_of_seat(s)) <= 4 for s in range(len(bets)))
    assert not any(h.surrendered for h in rnd.hands)


@SETTINGS
@given(data=st.data(), seed=seeds, bets=bet_lists, rules=override_rules)
def test_random_rules_random_play(data, seed, bets, rules):
    rnd = play_out(data, rules, seed, bets)
    check_settled(rnd)
    check_round_over(rnd)
    for seat in range(len(bets)):
        assert len(rnd.hands_of_seat(seat)) <= rules.max_split_hands


@settings(max_examples=100, deadline=None)
@given(data=st.data(), seed=seeds, bets=st.lists(st.just(10), min_size=1, max_size=2))
def test_one_deck_no_card_dealt_twice(data, seed, bets):
    rules = EUROPEAN.with_overrides({"decks": 1})
    rnd = play_out(data, rules, seed, bets)
    held = all_cards(rnd)
    assert len(set(held)) == len(held)  # one deck: every card is unique
    assert rnd.shoe.dealt == rnd.shoe.cards[: len(held)]


@settings(max_examples=100, deadline=None)
@given(data=st.data(), seed=seeds)
def test_split_aces_and_naturals_settle_by_the_rules(data, seed):
    # Aces and tens only: many naturals, split aces and 21s after a split.
    rng = random.Random(seed)
    pool = [c + s for c in "AAAATKQJ" for s in "CDHS"] * 3
    rng.shuffle(pool)
    rnd = deal(EUROPEAN, [10], Shoe.stacked_from(pool))
    while not rnd.is_over:
        check_legality(rnd)
        assert not rnd.active_hand.split_aces
        assert not rnd.active_hand.is_natural
        assert set(rnd.legal_actions()) == european_legal(rnd)
        rnd = apply(rnd, data.draw(st.sampled_from(rnd.legal_actions())))
    check_settled(rnd)
    for hand in rnd.hands:
        if hand.from_split:
            assert hand.outcome is not Outcome.BLACKJACK
        if hand.split_aces:
            assert len(hand.cards) == 2
