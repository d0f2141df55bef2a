"""Resplits valued (issue 10, "Resplits are never valued"): the EV of Split for a split
hand that is itself a pair, the seat holding ``hands`` hands (strategy/hand.py, module
docstring "A resplit").

1. Against an independent brute force: every card order of a small shoe is played through
   the split (round.py's order: a split hand takes its second card when its turn comes, is
   resplit on a pair card while there is room, and is played to the end before the next),
   the split hands playing the pre-split strategy (CDZ-), and the dealer's hole card dealt
   first (in a peek game conditioned on not making a natural). The strategy's decisions are
   worked out here too, with their own recursion: a value per possible hole card, weighed
   by what the player can know. Depths 1, 2 and 3 agree with ``hand_evs`` to 1e-9.
2. At depth 1 (a pair not yet split) the values are exactly those of the code before
   resplits were valued (data/pair_evs_before_resplits.json, recorded at commit ac97074 by
   ``pair_evs`` below, before any change), for 8 rule sets and shoes.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from game.engine.rules import AJNC, CROATIAN, EUROPEAN, Rules
from game.engine.strategy.cache import EVCache
from game.engine.strategy.composition import full_shoe, remove_cards
from game.engine.strategy.hand import hand_evs

S17 = Rules()
RSA_HSA = Rules(resplit_aces=True, hit_split_aces=True)


# -- the brute force -------------------------------------------------------------------
class BruteForce:
    """Exact EV of splitting a pair, by playing every card order of a small shoe.

    Conventions (those of strategy/hand.py, restated): a hand's payoff is +stake won, -stake
    lost, 0 push; a bust loses at once. Peek games with an ace or ten upcard are
    conditioned on the dealer having no natural (the hole card is dealt first, never the
    card that completes it). Without a peek a dealer natural takes every standing stake
    with ``lose_all_to_natural``, else the seat's original bet once (busts are lost anyway).
    Each split hand (first card the pair card) plays the pre-split strategy: the decision
    that is best for an unsplit hand of the same cards dealt from the shoe before the
    split with the other pair card back (``guide``): a two-card hand doubles when DAS
    allows and a double beats the better of stand and hit, 21 stands, a hand of 11 or less
    or a soft 16 or less hits, else it hits when hitting beats standing. Split aces draw
    only with ``hit_split_aces`` and are resplit only with ``resplit_aces``. Not covered:
    three sevens, max_draws, doubling restricted to some totals.
    """

    def __init__(self, rules: Rules, up: int) -> None:
        assert rules.three_sevens_payout is None and rules.max_draws is None
        assert rules.double_on in ("any", "none")
        self.rules = rules
        self.up = up
        self.completer = {1: 10, 10: 1}.get(up)
        self.conditioned = rules.dealer_peeks and self.completer is not None
        self.dealer = cache(self._dealer)
        self.guide_values = cache(self._guide_values)
        self._memo: dict[tuple, float] = {}

    def holes(self, shoe: tuple[int, ...]) -> dict[int, float]:
        """P(hole card = v | the cards the player cannot see are ``shoe``), by value."""
        weights = {
            v: shoe[v - 1]
            for v in range(1, 11)
            if shoe[v - 1] and not (self.conditioned and v == self.completer)
        }
        total = sum(weights.values())
        return {v: w / total for v, w in weights.items()}

    def _dealer(self, cards: tuple[int, ...], shoe: tuple[int, ...]) -> tuple[tuple, ...]:
        """The dealer's final outcomes ("natural", "bust" or a total 17..21) and their
        probabilities, holding ``cards`` (upcard and hole card first) with ``shoe`` left."""
        low = sum(cards)
        soft = 1 in cards and low <= 11
        total = low + 10 if soft else low
        if len(cards) == 2 and total == 21:
            return (("natural", 1.0),)
        if total > 21:
            return (("bust", 1.0),)
        if total > 17 or (total == 17 and not (soft and self.rules.dealer_hits_soft_17)):
            return ((total, 1.0),)
        out: dict[object, float] = {}
        left = sum(shoe)
        for v in range(1, 11):
            if shoe[v - 1]:
                rest = _take(shoe, v)
                for outcome, p in self.dealer((*cards, v), rest):
                    out[outcome] = out.get(outcome, 0.0) + shoe[v - 1] / left * p
        return tuple(out.items())

    def stand_value(self, total: int, stake: int, hole: int, shoe: tuple[int, ...]) -> float:
        """One standing hand's EV against the dealer (hole card ``hole``, ``shoe`` left),
        the natural counting what an unsplit hand loses to it."""
        value = 0.0
        for outcome, p in self.dealer((self.up, hole), shoe):
            if outcome == "natural":
                value -= p * (stake if self.rules.lose_all_to_natural else 1)
            elif outcome == "bust" or total > outcome:
                value += p * stake
            elif total < outcome:
                value -= p * stake
        return value

    # the pre-split strategy: values per hole card of an unsplit hand, decisions by their
    # weighted mean
    def _guide_values(self, cards: tuple[int, ...], shoe: tuple[int, ...]) -> tuple:
        """(stand, hit, double, best) of the unsplit hand ``cards`` with ``shoe`` unseen
        (the hole card among them): each a dict hole card -> EV; best is the better of
        stand and hit as the strategy picks it, with its choice ("hit" or "stand")."""
        low = sum(cards)
        total = low + 10 if 1 in cards and low <= 11 else low
        holes = self.holes(shoe)
        stand = {h: self.stand_value(total, 1, h, _take(shoe, h)) for h in holes}
        if total >= 21:
            return stand, None, None, (stand, "stand")
        hit = {h: self._draw(cards, shoe, h, 1) for h in holes}
        double = {h: self._draw(cards, shoe, h, 2) for h in holes}
        soft = 1 in cards and low <= 11
        if total <= 11 or (soft and total <= 16) or _mean(hit, holes) > _mean(stand, holes):
            return stand, hit, double, (hit, "hit")
        return stand, hit, double, (stand, "stand")

    def _draw(self, cards: tuple[int, ...], shoe: tuple[int, ...], hole: int, stake: int):
        """EV of drawing a card with the hole card ``hole``: then playing on (stake 1) or
        standing (a double, stake 2)."""
        rest = _take(shoe, hole)
        left = sum(rest)
        value = 0.0
        for v in range(1, 11):
            if not rest[v - 1]:
                continue
            p = rest[v - 1] / left
            after = (*cards, v)
            if sum(after) > 21:
                value -= p * stake
            elif stake == 2:
                low = sum(after)
                total = low + 10 if 1 in after and low <= 11 else low
                value += p * self.stand_value(total, 2, hole, _take(rest, v))
            else:
                value += p * self.guide_values(after, _take(shoe, v))[3][0][hole]
        return value

    def decision(self, cards: tuple[int, ...], guide_shoe: tuple[int, ...]) -> str:
        """What the pre-split strategy does with the split hand ``cards``."""
        _stand, hit, double, (best, choice) = self.guide_values(
            (cards[0], *sorted(cards[1:])), guide_shoe
        )
        if hit is None:
            return "stand"
        holes = self.holes(guide_shoe)
        das = self.rules.double_after_split and self.rules.double_on == "any"
        if len(cards) == 2 and das and _mean(double, holes) > _mean(best, holes):
            return "double"
        return choice

    # the split itself, card by card
    def split_ev(self, pair: int, room: int, unseen: tuple[int, ...]) -> float:
        """EV of splitting ``pair`` (both pair cards and the upcard out of ``unseen``) into
        at most ``room`` hands, summed over the hands it makes."""
        self.pair, self.room = pair, room
        self.guide_shoe = tuple(c + (v == pair) for v, c in enumerate(unseen, start=1))
        self._memo.clear()
        value = 0.0
        for hole, p in self.holes(unseen).items():
            hands = (((pair,), 1, False), ((pair,), 1, False))
            value += p * self.run(hands, 0, _take(unseen, hole), hole)
        return value

    def run(self, hands: tuple, index: int, shoe: tuple[int, ...], hole: int) -> float:
        """``_run`` memoized: the hands played already matter only by their final totals
        and stakes (``_done``), in any order."""
        key = (*sorted(hands[:index]), *hands[index:], index, shoe, hole)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._run(hands, index, shoe, hole)
        return found

    def _run(self, hands: tuple, index: int, shoe: tuple[int, ...], hole: int) -> float:
        """EV of the seat's hands from hand ``index`` on (each (cards, stake, done)), then
        the dealer, ``shoe`` left and the hole card ``hole``."""
        rules, pair = self.rules, self.pair
        if index == len(hands):
            return self.settle(hands, shoe, hole)
        cards, stake, done = hands[index]
        if done:
            return self.run(hands, index + 1, shoe, hole)
        left = sum(shoe)
        value = 0.0
        if len(cards) == 1:  # its second card, and a resplit on a pair card while there is room
            for v in range(1, 11):
                if not shoe[v - 1]:
                    continue
                p = shoe[v - 1] / left
                rest = _take(shoe, v)
                if v == pair and len(hands) < self.room and (pair != 1 or rules.resplit_aces):
                    new = (*hands[:index], ((pair,), 1, False), *hands[index:])
                else:
                    low = pair + v
                    twenty_one = low == 21 or (1 in (pair, v) and low == 11)
                    stands = twenty_one or (pair == 1 and not rules.hit_split_aces)
                    hand = _done((pair, v), 1) if stands else ((pair, v), 1, False)
                    new = _replace(hands, index, hand)
                value += p * self.run(new, index, rest, hole)
            return value
        guide_shoe = self.guide_shoe
        for v in cards[1:]:
            guide_shoe = _take(guide_shoe, v)
        choice = self.decision(cards, guide_shoe)
        if choice == "stand":
            return self.run(_replace(hands, index, _done(cards, stake)), index + 1, shoe, hole)
        for v in range(1, 11):
            if not shoe[v - 1]:
                continue
            after = (*cards, v)
            if choice == "double":
                new = _replace(hands, index, _done(after, 2))
            elif sum(after) > 21:
                new = _replace(hands, index, _done(after, 1))
            else:
                new = _replace(hands, index, (after, 1, False))
            value += shoe[v - 1] / left * self.run(new, index, _take(shoe, v), hole)
        return value

    def settle(self, hands: tuple, shoe: tuple[int, ...], hole: int) -> float:
        """The hands' payoffs against the dealer, who plays from ``shoe`` with ``hole``."""
        value = 0.0
        for outcome, p in self.dealer((self.up, hole), shoe):
            net = 0.0
            for cards, stake, _done in hands:
                low = sum(cards)
                total = low + 10 if 1 in cards and low <= 11 else low
                if total > 21:
                    net -= stake
                elif outcome == "natural":
                    net -= stake if self.rules.lose_all_to_natural else 0
                elif outcome == "bust" or total > outcome:
                    net += stake
                elif total < outcome:
                    net -= stake
            if outcome == "natural" and not self.rules.lose_all_to_natural:
                net -= 1  # the seat's original bet, once
            value += p * net
        return value


def _take(shoe: tuple[int, ...], value: int) -> tuple[int, ...]:
    return tuple(c - (v == value) for v, c in enumerate(shoe, start=1))


def _done(cards: tuple[int, ...], stake: int) -> tuple:
    """A hand played to the end, as (its best total alone, stake, True)."""
    low = sum(cards)
    return ((low + 10 if 1 in cards and low <= 11 else low,), stake, True)


def _replace(hands: tuple, index: int, hand: tuple) -> tuple:
    return (*hands[:index], hand, *hands[index + 1 :])


def _mean(values: dict[int, float], weights: dict[int, float]) -> float:
    return sum(weights[h] * values[h] for h in weights)


# -- 1. hand_evs against the brute force ---------------------------------------------------
# (rules, pair, upcard, the shoe before the deal as counts of A..T)
SMALL_SHOE_CASES = [
    pytest.param(S17, 8, 6, (2, 0, 2, 0, 0, 3, 1, 6, 0, 7), id="8,8 v 6 S17 DAS"),
    pytest.param(
        Rules(dealer_hits_soft_17=True, double_after_split=False),
        8,
        7,
        (2, 2, 0, 0, 0, 2, 2, 6, 0, 6),
        id="8,8 v 7 H17 no DAS",
    ),
    pytest.param(RSA_HSA, 1, 10, (6, 0, 0, 2, 0, 2, 0, 3, 0, 8), id="A,A v T RSA HSA peek"),
    pytest.param(Rules(resplit_aces=True), 1, 10, (6, 0, 0, 2, 0, 2, 0, 3, 0, 8), id="A,A v T RSA"),
    pytest.param(EUROPEAN, 8, 10, (3, 0, 2, 0, 0, 2, 0, 6, 0, 7), id="8,8 v T ENHC lose all"),
    pytest.param(
        Rules(dealer_peeks=False, max_split_hands=3),
        8,
        1,
        (3, 0, 2, 0, 0, 2, 0, 6, 0, 8),
        id="8,8 v A no peek, the original bet once",
    ),
]


def _counts(shoe: tuple[int, ...], *cards: int) -> tuple[int, ...]:
    return remove_cards(shoe, cards)


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "pair", "up", "shoe"), SMALL_SHOE_CASES)
def test_split_evs_at_every_depth_equal_playing_every_card_order(rules, pair, up, shoe):
    rules = rules.with_overrides({"decks": 1})
    brute = BruteForce(rules, up)
    cache = EVCache(rules)
    compared = 0
    for hands in range(1, rules.max_split_hands):
        # the seat holds ``hands`` hands: this pair and hands - 1 others, each of which
        # holds one pair card so far (the state right after resplits, before they draw)
        unseen = _counts(shoe, up, pair, pair, *[pair] * (hands - 1))
        evs = hand_evs(
            [pair, pair],
            up,
            rules,
            composition=unseen,
            from_split=hands > 1,
            hands=hands,
            cache=cache,
        )
        room = rules.max_split_hands - hands + 1
        expected = brute.split_ev(pair, room, unseen)
        if evs.conditioned:
            assert brute.conditioned
        assert evs.split == pytest.approx(expected, abs=1e-9), (hands, evs)
        compared += 1
    assert compared >= 2


def test_the_brute_force_resplits_and_is_not_the_one_split_value():
    """The brute force's room matters on these shoes: a split into 2 hands (no resplit) is
    worth something else than one with room for 3 or 4 (else the comparison above could
    not tell a resplit from none)."""
    rules = S17.with_overrides({"decks": 1})
    unseen = _counts((2, 0, 2, 0, 0, 3, 1, 6, 0, 7), 6, 8, 8)
    brute = BruteForce(rules, 6)
    two, three, four = (brute.split_ev(8, room, unseen) for room in (2, 3, 4))
    assert abs(three - two) > 1e-3 and abs(four - three) > 1e-4


# -- 2. depth 1 is the pair's split EV of before --------------------------------------------
# name: (rules, the shoe before the deal: "decks" for rules.decks fresh decks, "infinite",
# or counts of A..T)
PAIR_CONFIGS = {
    "default_6d": (Rules(), "decks"),
    "european_6d": (EUROPEAN, "decks"),
    "croatian_6d": (CROATIAN, "decks"),
    "h17_rsa_hsa_3hands_2d": (
        Rules(
            decks=2,
            dealer_hits_soft_17=True,
            resplit_aces=True,
            hit_split_aces=True,
            max_split_hands=3,
            double_after_split=False,
        ),
        "decks",
    ),
    "nopeek_once_rsa_1d": (Rules(decks=1, dealer_peeks=False, resplit_aces=True), "decks"),
    "default_infinite": (RSA_HSA, "infinite"),
    "rsa_hsa_small_shoe": (
        Rules(decks=1, resplit_aces=True, hit_split_aces=True),
        (4, 2, 2, 3, 2, 3, 2, 4, 2, 8),
    ),
    "ajnc_small_shoe": (
        AJNC.with_overrides({"split_by": "value", "max_split_hands": 4}),
        (3, 1, 2, 2, 3, 3, 3, 4, 2, 9),
    ),
}
RECORDED = Path(__file__).parent / "data" / "pair_evs_before_resplits.json"


def pair_evs(name: str, upcards=range(1, 11)) -> dict[str, list[float | None]]:
    """{"pair,upcard": [stand, hit, double, split]} of every pair against ``upcards`` under
    PAIR_CONFIGS[name], a pair not yet split (what the JSON file recorded before resplits
    were valued; pairs a small shoe cannot deal are left out)."""
    rules, shoe = PAIR_CONFIGS[name]
    cache = EVCache(rules)
    out: dict[str, list[float | None]] = {}
    for pair in range(1, 11):
        for up in upcards:
            where: dict[str, object] = {}
            if shoe == "infinite":
                where["infinite"] = True
            elif shoe != "decks":
                if shoe[pair - 1] - 2 - (up == pair) < 0 or shoe[up - 1] < 1:
                    continue
                where["composition"] = remove_cards(shoe, [pair, pair, up])
            evs = hand_evs([pair, pair], up, rules, cache=cache, **where)
            out[f"{pair},{up}"] = [evs.stand, evs.hit, evs.double, evs.split]
    return out


@pytest.mark.slow
@pytest.mark.parametrize("name", PAIR_CONFIGS)
def test_a_pair_not_yet_split_has_the_split_value_of_before(name):
    recorded = json.loads(RECORDED.read_text())[name]
    _rules, shoe = PAIR_CONFIGS[name]
    # The fresh decks against three upcards (an ace, a small card, a ten): the slowest to
    # value; the small shoes and the infinite deck against every upcard.
    upcards = (1, 5, 10) if shoe == "decks" else range(1, 11)
    now = pair_evs(name, upcards)
    assert now and set(now) <= set(recorded)
    splits = [key for key, values in now.items() if values[3] is not None]
    assert len(splits) >= 0.8 * len(now)
    for key, values in now.items():
        assert values == pytest.approx(recorded[key], abs=1e-12, nan_ok=False), (name, key)


# -- 3. which resplits are valued ---------------------------------------------------------
def test_a_resplit_is_valued_only_while_the_rules_leave_room():
    unseen = remove_cards(full_shoe(6), [8, 8, 8, 6])
    evs = {
        h: hand_evs([8, 8], 6, S17, composition=unseen, from_split=True, hands=h) for h in (2, 3, 4)
    }
    assert evs[2].split > evs[3].split > evs[2].stand  # less room, less worth
    assert evs[4].split is None  # four hands already: the limit of S17's rules
    aces = remove_cards(full_shoe(6), [1, 1, 1, 10])
    hit_only = Rules(hit_split_aces=True)
    assert hand_evs([1, 1], 10, hit_only, composition=aces, from_split=True).split is None
    assert hand_evs([1, 1], 10, hit_only, composition=aces, from_split=True).hit is not None
    resplit_only = Rules(resplit_aces=True)
    one_card = hand_evs([1, 1], 10, resplit_only, composition=aces, from_split=True)
    assert (one_card.hit, one_card.double) == (None, None) and one_card.split > one_card.stand


def test_kings_by_rank_are_resplit_valued_only_into_two_hands():
    by_rank = S17.with_overrides({"split_by": "rank"})
    unseen = remove_cards(full_shoe(6), ["K", "K", "K", "9"])
    kings = ["KS", "KD"]
    assert hand_evs(kings, "9", by_rank, composition=unseen, from_split=True, hands=2).split is None
    two = hand_evs(kings, "9", by_rank, composition=unseen, from_split=True, hands=3)
    two_hands = S17.with_overrides({"split_by": "rank", "max_split_hands": 2})
    assert two.split == pytest.approx(hand_evs(kings, "9", two_hands, composition=unseen).split)


@pytest.mark.parametrize(("from_split", "hands"), [(True, 1), (False, 2), (True, 5)])
def test_a_seat_cannot_hold_that_many_hands(from_split, hands):
    with pytest.raises(ValueError, match="cannot be one of"):
        hand_evs([8, 8], 6, S17, from_split=from_split, hands=hands)
