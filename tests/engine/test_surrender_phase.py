"""Issue 10: the Croatian early-surrender phase (seed 001), the no-hole-card dealer's second
card, even money and the hand's own net, on scripted shoes.

Seed 001: "Krupje će ponuditi predaju igračima nakon što podijeli svima po dvije karte te sebi
jednu ... Kada se podijeli prva sljedeća karta, predaja više nije moguća. Predaja nije dopuštena
kada krupje ima otvorenu kartu as." Croatian shoes deal: each seat's first card, the dealer's
upcard, each seat's second card, then the players' draws, then the dealer's.
"""

from fractions import Fraction

import pytest

from game.engine.cards import Shoe
from game.engine.errors import Reason
from game.engine.players import AI_LEVELS, make_policy, observe, play_ai_seats
from game.engine.round import (
    Action,
    IllegalActionError,
    Outcome,
    Phase,
    Round,
    actions_if_played_on,
    apply,
    deal,
)
from game.engine.rules import AJNC, CROATIAN, RUSSIAN
from game.engine.strategy.advisor import grade
from game.engine.strategy.cache import EVCache
from game.engine.strategy.counter import counter_decision
from game.engine.strategy.hand import hand_evs

H, S, D, P = Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT
SUR, NO_SUR = Action.SURRENDER, Action.NO_SURRENDER


def dealt(rules, shoe, bets=(10,)) -> Round:
    return deal(rules, list(bets), Shoe.stacked_from(list(shoe)))


def play(rnd: Round, *actions) -> Round:
    for action in actions:
        rnd = apply(rnd, action)
    return rnd


def ranks(cards) -> str:
    return "".join(c.rank.value for c in cards)


# -- the phase ---------------------------------------------------------------------------------
# Seats 0, 1, 2 get T,6 / 9,3 / A,K against the dealer's T; then 5 (seat 1 hits), 8 (the
# dealer's second card: 18), 4 (never needed).
THREE_SEATS = ["TS", "9D", "AC", "TH", "6C", "3S", "KD", "5H", "8C", "4D"]


def test_every_seat_but_a_natural_answers_surrender_before_anyone_draws():
    rnd = dealt(CROATIAN, THREE_SEATS, bets=(10, 20, 30))
    assert (rnd.phase, rnd.active, rnd.legal_actions()) == (Phase.SURRENDER, 0, (SUR, NO_SUR))
    assert [h.surrender_pending for h in rnd.hands] == [True, True, False]  # A,K is a natural
    for play_action in (H, S, D, P):
        with pytest.raises(IllegalActionError) as info:
            apply(rnd, play_action)
        assert info.value.reason is Reason.SURRENDER_DECIDE
    rnd = apply(rnd, SUR)
    assert (rnd.phase, rnd.active) == (Phase.SURRENDER, 1)  # no card dealt yet
    assert rnd.shoe.position == 7
    rnd = apply(rnd, NO_SUR)
    assert (rnd.phase, rnd.active, rnd.legal_actions()) == (Phase.PLAYER, 1, (H, S, D))
    with pytest.raises(IllegalActionError) as info:
        apply(rnd, SUR)
    assert info.value.reason is Reason.SURRENDER_CLOSED
    with pytest.raises(IllegalActionError) as info:
        apply(rnd, NO_SUR)
    assert info.value.reason is Reason.SURRENDER_NOT_OFFERED
    rnd = play(rnd, H, S)  # 9,3 draws 5: 17; the dealer T,8 = 18
    assert rnd.is_over
    assert ranks(rnd.dealer) == "T8"
    assert [(ranks(h.cards), h.bet, h.outcome, h.net) for h in rnd.hands] == [
        ("T6", 10, Outcome.SURRENDER, -5),
        ("935", 20, Outcome.LOSE, -20),
        ("AK", 30, Outcome.BLACKJACK, 45),
    ]
    assert rnd.net == 20
    assert rnd.shoe.remaining == 1


def test_no_surrender_phase_against_an_ace_in_the_croatian_game():
    rnd = dealt(CROATIAN, ["TS", "AD", "6C", "9H"])
    assert rnd.phase is Phase.INSURANCE
    rnd = apply(rnd, Action.NO_INSURANCE)
    assert (rnd.phase, rnd.legal_actions()) == (Phase.PLAYER, (H, S, D))
    # With surrender against an ace allowed, the surrender phase follows the insurance phase.
    rules = CROATIAN.with_overrides({"surrender_vs_ace": True})
    rnd = apply(dealt(rules, ["TS", "AD", "6C", "9H"]), Action.INSURANCE)
    assert (rnd.phase, rnd.legal_actions()) == (Phase.SURRENDER, (SUR, NO_SUR))
    rnd = apply(rnd, SUR)  # the dealer's 9 makes no natural: insurance 5 lost, half the bet
    assert rnd.is_over
    hand = rnd.hands[0]
    assert (hand.outcome, hand.net, hand.insurance_net, hand.bet_net) == (
        Outcome.SURRENDER,
        -10,
        -5,
        -5,
    )


def test_the_phase_round_trips_through_json():
    rnd = apply(dealt(CROATIAN, THREE_SEATS, bets=(10, 20, 30)), SUR)
    again = Round.from_json(rnd.to_json())
    assert again == rnd
    assert again.legal_actions() == (SUR, NO_SUR)


def test_late_surrender_has_no_phase():
    # Ajnc (late surrender, hole card first): T,6 against T with a 7 in the hole.
    rnd = dealt(AJNC, ["TS", "7D", "6C", "TH"])
    assert (rnd.phase, rnd.legal_actions()) == (Phase.PLAYER, (H, S, SUR))


# -- the AI seats ------------------------------------------------------------------------------
def test_ai_levels_answer_the_phase_by_their_own_play():
    rnd = dealt(CROATIAN, ["TS", "TH", "6C", "8D"])  # 16 against a ten
    obs = observe(rnd)
    assert obs.surrender_offered and obs.play_on == (H, S, D)
    assert AI_LEVELS["easy"](obs) is NO_SUR
    assert AI_LEVELS["normal"](obs) is SUR
    assert AI_LEVELS["hard"](obs) is SUR
    rnd = dealt(CROATIAN, ["TS", "TH", "8C", "8D"])  # 18 against a ten: play on
    assert AI_LEVELS["normal"](observe(rnd)) is NO_SUR
    assert AI_LEVELS["hard"](observe(rnd)) is NO_SUR


def test_an_ai_seat_that_would_hit_does_not_close_surrender_for_a_later_seat():
    # Seat 0 (AI, easy: hits 12) T,2; seat 1 (the person) T,6; dealer 9. The person's turn in
    # the surrender phase comes before seat 0 draws the 5.
    rnd = dealt(CROATIAN, ["TS", "TD", "9H", "2C", "6C", "5S", "8D"], bets=(10, 10))
    rnd = play_ai_seats(rnd, {0: AI_LEVELS["easy"]})
    assert (rnd.phase, rnd.active, rnd.legal_actions()) == (Phase.SURRENDER, 1, (SUR, NO_SUR))
    assert [len(h.cards) for h in rnd.hands] == [2, 2]
    rnd = play_ai_seats(apply(rnd, SUR), {0: AI_LEVELS["easy"]})
    assert rnd.is_over
    assert ranks(rnd.hands[0].cards) == "T25"  # the AI hit after the phase: 17
    assert ranks(rnd.dealer) == "98"
    assert [h.net for h in rnd.hands] == [0, -5]


# -- grading and the counter -------------------------------------------------------------------
def test_a_surrender_phase_answer_is_graded_as_surrender_against_the_best_play_on():
    rnd = dealt(CROATIAN, ["TS", "TH", "6C", "8D"])  # 16 against a ten
    cache = EVCache(CROATIAN)
    verdict = grade(rnd, NO_SUR, cache)
    values = hand_evs(rnd.hands[0].cards, rnd.upcard, CROATIAN, cache=cache).values()
    play_on = max(values[a] for a in (H, S, D))
    assert set(verdict.evs) == {SUR, NO_SUR}
    assert verdict.evs[SUR] == -0.5
    assert verdict.evs[NO_SUR] == pytest.approx(play_on, abs=1e-15)
    assert play_on < -0.5  # ENHC, a natural takes the lot: 16 against a ten surrenders
    assert (verdict.best, verdict.loss) == (SUR, pytest.approx(-0.5 - play_on))
    assert verdict.severity.value == "blunder"
    assert grade(rnd, SUR, cache).severity.value == "best"
    evs, best = counter_decision(rnd, cache=cache)
    assert best is SUR and set(evs) == {SUR, NO_SUR}


def test_in_a_peek_game_the_phase_weighs_playing_on_against_the_dealer_natural():
    # Russian with early surrender: the phase comes before the peek, so playing on 16 v T
    # risks the dealer's natural: -p + (1 - p) * best, as game_ev weighs it.
    rules = RUSSIAN.with_overrides({"surrender": "early"})
    rnd = dealt(rules, ["TS", "TH", "6C", "8D"])
    assert rnd.phase is Phase.SURRENDER
    assert actions_if_played_on(rnd) == (H, S, D)
    values = hand_evs(rnd.hands[0].cards, rnd.upcard, rules)
    assert values.conditioned
    p = values.natural_probability
    expected = -p + (1 - p) * max(values.values()[a] for a in (H, S, D))
    verdict = grade(rnd, SUR)
    assert verdict.evs[NO_SUR] == pytest.approx(expected, abs=1e-15)
    assert p == pytest.approx(Fraction(4 * 6 - 0, 6 * 52 - 3), abs=1e-12)  # aces / unseen


# -- the dealer's second card without a hole card (ENHC) ---------------------------------------
def test_no_second_card_when_every_hand_busts():
    rnd = play(dealt(CROATIAN, ["TS", "9D", "6C", "KH", "5S"]), NO_SUR, H)  # 16 + K = bust
    assert rnd.is_over
    assert ranks(rnd.dealer) == "9"
    assert rnd.hands[0].outcome is Outcome.BUST
    assert rnd.shoe.remaining == 1  # the 5 stays for the next round


def test_no_second_card_when_every_hand_surrenders():
    rnd = play(dealt(CROATIAN, ["TS", "TD", "TH", "6C", "6D", "AS"], bets=(10, 10)), SUR, SUR)
    assert rnd.is_over
    assert ranks(rnd.dealer) == "T"
    assert [h.net for h in rnd.hands] == [-5, -5]


def test_a_natural_needs_the_second_card_only_against_an_ace_or_a_ten():
    # A natural against a 9 cannot push: paid 3:2, no second card.
    rnd = dealt(CROATIAN, ["AS", "9D", "KC", "TH"])
    assert rnd.is_over and ranks(rnd.dealer) == "9" and rnd.hands[0].net == 15
    # Against a ten the dealer draws: an ace makes the push of seed 001.
    rnd = dealt(CROATIAN, ["AS", "TD", "KC", "AH"])
    assert rnd.is_over and ranks(rnd.dealer) == "TA"
    assert (rnd.hands[0].outcome, rnd.hands[0].net) == (Outcome.PUSH, 0)
    # Beside a bust hand the natural still decides: against a ten the card is drawn.
    rnd = play(dealt(CROATIAN, ["AS", "TC", "TD", "KC", "6H", "9S", "7D"], bets=(10, 10)), NO_SUR)
    rnd = apply(rnd, H)  # seat 1: 16 + 9 busts
    assert rnd.is_over and ranks(rnd.dealer) == "T7"
    assert [h.net for h in rnd.hands] == [15, -10]


def test_an_insurance_bet_needs_the_second_card_even_when_the_hand_busts():
    rnd = dealt(CROATIAN, ["TS", "AD", "6C", "KH", "KS"])
    rnd = play(rnd, Action.INSURANCE, H)  # insured 5, then 16 + K busts; the dealer's K
    assert rnd.is_over and ranks(rnd.dealer) == "AK"
    hand = rnd.hands[0]
    assert (hand.outcome, hand.bet_net, hand.insurance_net, hand.net) == (Outcome.BUST, -10, 10, 0)


# -- even money --------------------------------------------------------------------------------
def test_even_money_pays_the_natural_one_to_one_whatever_the_dealer_holds():
    # Russian (peek, even money): A,K against the dealer's ace; the hole card a king or a 7.
    for hole, push in (("KH", True), ("7H", False)):
        rnd = dealt(RUSSIAN, ["AS", "AD", "KC", hole])
        assert rnd.phase is Phase.INSURANCE and rnd.active_hand.even_money
        rnd = apply(rnd, Action.INSURANCE)
        hand = rnd.hands[0]
        assert rnd.is_over
        assert hand.net == 10  # 1:1
        assert hand.bet_net == (0 if push else 15)
        assert hand.insurance_net == (10 if push else -5)


def test_croatian_naturals_are_not_offered_even_money():
    rnd = dealt(CROATIAN, ["AS", "AD", "KC", "7H"])
    assert rnd.is_over  # insurance "not for a natural" (seed 001): no phase at all
    assert rnd.hands[0].insurance == 0
    assert rnd.hands[0].net == 15


def test_the_hard_policy_answers_through_make_policy_too():
    rnd = dealt(CROATIAN, ["TS", "TH", "6C", "8D"])
    policy = make_policy("hard", CROATIAN)
    assert policy(observe(rnd)) is SUR
