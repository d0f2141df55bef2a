"""Pair splitting under CDZ-, valued exactly with Farmer's method (hand.py's module
docstring: the conventions).

The split hands are exchangeable, so the sum over hands reduces, by inclusion-exclusion
over which drawn cards were pair cards (``split_coefficients``), to the EVs of one split
hand with k more pair cards removed. A split hand plays the guide's fixed decisions (the
pre-split strategy, or a ``HandPolicy``'s), the same for every k, so its endings are found
once and valued for every k with arrays (``_split_hand_sums_batch``): read off with numpy
from the hands a prepared deal valued (``_tabled_endings``, a deal's best play: every
pair of the deal at once, ``_deal_split_sums``), else walked in Python; the infinite deck
and shoes too small for the batch use the plain recursion (``_split_hand_sums``).
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Sequence
from math import comb

import numpy as np

from game.engine.rules import Rules
from game.engine.strategy.cache import EVCache, HandPolicy, draw_table
from game.engine.strategy.composition import (
    INFINITE_PROBABILITIES,
    DrawState,
    natural_probability,
)
from game.engine.strategy.recursion import (
    START_DOUBLE,
    START_HIT,
    START_STAND,
    Evaluator,
    PolicyEvaluator,
    hand_state,
    hand_total,
)


def split_coefficients(max_hands: int) -> tuple[dict[int, int], dict[int, int]]:
    """Farmer's inclusion-exclusion weights for pair splitting to ``max_hands`` hands.

    Returns (a, b): the EV of splitting is sum_k F(k) * (a[k] * A_k + b[k] * B_k), where
    F(k) = P(k given cards are all pair cards), A_k = E[a split hand's EV] and B_k =
    E[the EV of a split hand whose second card is not a pair card, 0 otherwise], both with
    k more pair cards out of the shoe. A second card dealt while the hands are fewer than
    ``max_hands`` is either a pair card (it starts a new hand) or not; once the limit is
    reached any card is kept. Raises ValueError for ``max_hands`` below 2.
    """
    if max_hands < 2:
        raise ValueError("a split makes at least two hands")
    a, b = _coefficients(max_hands)
    return dict(a), dict(b)


@functools.cache
def _coefficients(
    max_hands: int,
) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """``split_coefficients``, walked once per ``max_hands`` (every split of a deal asks)."""
    a: dict[int, int] = {}
    b: dict[int, int] = {}

    def walk(kinds: tuple[str, ...], hands: int, pair_cards: int) -> None:
        if len(kinds) == hands:
            not_pair = kinds.count("N")
            for own in kinds:
                others = not_pair - (own == "N")
                target = b if own == "N" else a
                for t in range(others + 1):
                    k = pair_cards + t
                    target[k] = target.get(k, 0) + (-1) ** t * comb(others, t)
            return
        if hands < max_hands:
            walk(kinds, hands + 1, pair_cards + 1)  # a pair card: a new hand
            walk((*kinds, "N"), hands, pair_cards)
        else:
            walk((*kinds, "A"), hands, pair_cards)

    walk((), 2, 0)
    return tuple(a.items()), tuple(b.items())


def split_ev(
    rules: Rules,
    pair: int,
    upcard: int,
    unseen: Sequence[int] | None,
    cache: EVCache,
    conditioned: bool,
    policy: HandPolicy | None = None,
    max_hands: int | None = None,
) -> float:
    """EV of splitting the pair of value ``pair`` (CDZ-), before dividing by P(no natural)
    in a conditioned game; ``unseen`` excludes both pair cards and the upcard. With a
    ``policy`` the split hands play that policy's decisions instead of the best ones (the
    resplits are the same: every pair card dealt to a split hand is split again while the
    rules allow, which is what a policy that splits this pair does). ``max_hands``: the
    most hands the split may make (default ``rules.max_split_hands``; a resplit of a hand
    of a seat that holds h hands: ``max_split_hands - h + 1``)."""
    may_hit = pair != 1 or rules.hit_split_aces
    may_resplit = pair != 1 or rules.resplit_aces
    room = rules.max_split_hands if max_hands is None else max_hands
    a, b = split_coefficients(room if may_resplit else 2)
    track_sevens = rules.three_sevens_payout is not None
    i = pair - 1
    # The guide plays each split hand as an unsplit hand with the same cards would be
    # played: its shoe is the unseen cards plus the second pair card (forgotten).
    if unseen is None:
        guide_shoe = DrawState(None)
        pair_cards, cards_left = INFINITE_PROBABILITIES[i], 1.0
    else:
        guide_shoe = DrawState([c + (j == i) for j, c in enumerate(unseen)])
        pair_cards, cards_left = unseen[i], sum(unseen)
    guide = _split_guide(rules, upcard, guide_shoe, cache, conditioned, policy)
    weights = _split_weights(a, b, pair_cards, cards_left, finite=unseen is not None)
    if unseen is not None and _batch_fits(cache, upcard, unseen, weights):
        # The guide shoe of a deal's split is the shoe before the deal less one pair card:
        # when prepare valued that shoe's hands at once, so are the split hand's decisions,
        # and every pair of that deal is split in one batch (``_deal_split_sums``).
        dealt_from = guide_shoe.key + guide_shoe.units[i]
        batch = None
        if not track_sevens and cache.hits_table(upcard, dealt_from) is not None:
            batch = _deal_split_sums(rules, upcard, cache, conditioned, room, dealt_from, policy)
        if batch is not None and pair in batch:
            sums = batch[pair]
        else:
            prepared = None if policy is not None else cache.hits_table(upcard, dealt_from)
            sums = _split_hand_sums_batch(
                rules, pair, may_hit, track_sevens, guide, unseen, weights, prepared
            )
    else:
        sums = {
            k: _split_hand_sums(rules, pair, may_hit, track_sevens, guide, k, unseen)
            for k in weights
        }
    ev = 0.0
    for k, weight in weights.items():
        any_second, pair_second = sums[k]
        ev += weight * (a.get(k, 0) * any_second + b.get(k, 0) * (any_second - pair_second))
    if not conditioned and not rules.lose_all_to_natural:
        # Without a peek, a dealer natural takes the seat's original bet once.
        ev -= natural_probability(upcard, unseen)
    return ev


def _split_guide(
    rules: Rules,
    upcard: int,
    guide_shoe: DrawState,
    cache: EVCache,
    conditioned: bool,
    policy: HandPolicy | None,
) -> Evaluator:
    """The evaluator whose decisions a split hand plays: the best play's for the guide
    shoe (sharing ``cache``'s values) or ``policy``'s."""
    if policy is None:
        return Evaluator(
            rules,
            upcard,
            guide_shoe,
            cache.dealer,
            conditioned=conditioned,
            memo=cache.values_for(upcard),
        )
    return PolicyEvaluator(
        rules, upcard, guide_shoe, cache.dealer, conditioned=conditioned, policy=policy
    )


def _split_weights(
    a: dict[int, int], b: dict[int, int], pair_cards: float, cards_left: float, *, finite: bool
) -> dict[int, float]:
    """F(k), P(k given cards are all pair cards), for every k of the coefficients ``a`` and
    ``b`` where it is not 0: ``pair_cards`` of ``cards_left`` unseen cards are pair cards
    (for the infinite deck, ``pair_cards`` is the pair card's probability)."""
    weights: dict[int, float] = {}
    for k in sorted(set(a) | set(b)):
        if not finite:
            f = pair_cards**k
        else:
            f = 1.0
            for j in range(k):
                f *= max(pair_cards - j, 0) / (cards_left - j)
        if f != 0.0:
            weights[k] = f
    return weights


def _batch_fits(
    cache: EVCache, upcard: int, unseen: Sequence[int], weights: dict[int, float]
) -> bool:
    """Whether every shoe a split of ``unseen`` meets holds more cards than the dealer can
    draw (what the batches need): a split hand draws at most 21 cards (all aces), and k
    more pair cards are out."""
    return sum(unseen) - max(weights, default=0) - 21 > cache.dealer.most_draws(upcard)


def _deal_split_sums(
    rules: Rules,
    upcard: int,
    cache: EVCache,
    conditioned: bool,
    room: int,
    dealt_from: int,
    policy: HandPolicy | None,
) -> dict[int, dict[int, tuple[float, float]]]:
    """``_split_hand_sums_batch`` for every pair a prepared deal can split at once, by pair
    value: the deal's shoe is the one of DrawState key ``dealt_from`` against ``upcard``
    (``EVCache.prepare`` valued its hands), each split with room for ``room`` hands, the
    split hands playing the best play's decisions (``policy`` None) or ``policy``'s. The
    split hands of all pairs play the same decisions past two cards (a hand's guide shoe
    is the deal's shoe less its cards, whatever the pair; a policy looks at the cards
    only), so their orderings are counted in one pass over the draw table
    (``_tabled_plays``) and the stands of all pairs meet the dealer in one batch.
    Kept in ``cache`` (the first split of a deal computes them all); a policy's split of
    a pair that plays exactly as the best play's did takes its sums from there
    (``EVCache.split_plays``). A pair whose shoes are too small for the batch is left out."""
    memo = cache.split_sums
    memo_key = (upcard, dealt_from, room, conditioned, id(policy))
    found = memo.get(memo_key)
    if found is not None and found[0] is policy:
        return found[1]
    prepared = (
        cache.hits_table(upcard, dealt_from)
        if policy is None
        else cache.policy_hits_table(upcard, dealt_from, policy)
    )
    assert prepared is not None  # the caller checked
    base = prepared[0]
    guides: dict[int, Evaluator] = {}
    may_hit: dict[int, bool] = {}
    unseen_of: dict[int, list[int]] = {}
    weights_of: dict[int, dict[int, float]] = {}
    for pair in range(1, 11):
        i = pair - 1
        if base[i] < 2:
            continue
        unseen = [int(c) - 2 * (j == i) for j, c in enumerate(base.tolist())]
        a, b = split_coefficients(room if pair != 1 or rules.resplit_aces else 2)
        weights = _split_weights(a, b, unseen[i], sum(unseen), finite=True)
        if not _batch_fits(cache, upcard, unseen, weights):
            continue
        guide_shoe = DrawState([c + (j == i) for j, c in enumerate(unseen)])
        guides[pair] = _split_guide(rules, upcard, guide_shoe, cache, conditioned, policy)
        may_hit[pair] = pair != 1 or rules.hit_split_aces
        unseen_of[pair] = unseen
        weights_of[pair] = weights
    plays_of = _tabled_plays(guides, may_hit, prepared)
    out: dict[int, dict[int, tuple[float, float]]] = {}
    # A pair whose split hand plays as the best play's did is worth what it was worth then
    # (its stands' values are the ones kept in ``stand_values``: the very same floats).
    signatures = {pair: _plays_signature(plays) for pair, plays in plays_of.items()}
    for pair, signature in signatures.items():
        kept = cache.split_plays.get((upcard, dealt_from, room, conditioned, pair))
        if policy is not None and kept is not None and kept[0] == signature:
            out[pair] = kept[1]
    # The other pairs' split hands all at once: one group of endings each, valued for
    # every k with one set of array operations, and one dealer batch for all their stands.
    pairs = [pair for pair in plays_of if pair not in out]
    if pairs:
        endings = _tabled_pair_endings(pairs, [plays_of[pair] for pair in pairs], base)
        pair_weights = [weights_of[pair] for pair in pairs]
        guide = guides[pairs[0]]  # what the valuation reads of it is the same for all
        stands, per_k = _split_parts(
            guide, endings, pairs, [unseen_of[pair] for pair in pairs], pair_weights
        )
        lose_stake = 1.0 if not conditioned and rules.lose_all_to_natural else 0.0
        known = cache.stand_values.setdefault((upcard, dealt_from), {})
        edges, columns = _stand_values(stands, lose_stake, known)
        sums = _split_sums(endings, per_k, edges, columns, pair_weights)
        for pair, pair_sums in zip(pairs, sums, strict=True):
            out[pair] = pair_sums
            if policy is None:
                key = (upcard, dealt_from, room, conditioned, pair)
                cache.split_plays[key] = (signatures[pair], pair_sums)
    memo[memo_key] = (policy, out)
    return out


def _split_hand_sums(
    rules: Rules,
    pair: int,
    may_hit: bool,
    track_sevens: bool,
    guide: Evaluator,
    k: int,
    unseen: Sequence[int] | None,
) -> tuple[float, float]:
    """(A_k, the part of A_k whose second card is a pair card) for one split hand played by
    ``guide``'s decisions, k more pair cards out, by recursion: for the infinite deck and
    shoes too small for ``_split_hand_sums_batch``."""
    i = pair - 1
    if unseen is None:
        shoe = DrawState(None)
    else:
        shoe = DrawState([c - k * (j == i) for j, c in enumerate(unseen)])
    hand = Evaluator(
        rules,
        guide.upcard,
        shoe,
        guide.dealer,
        conditioned=guide.conditioned,
        split_hand=True,
    )
    any_second = 0.0
    pair_second = 0.0
    counts, total = shoe.counts, shoe.total
    for x in range(10):
        if not counts[x]:
            continue
        p = counts[x] / total
        shoe.take(x)
        guide.shoe.take(x)
        values = (pair, x + 1)
        low, ace, ncards, sevens = hand_state(values, track_sevens)
        if not may_hit or hand_total(low, ace) == 21:
            g = hand.stand(hand_total(low, ace), 1.0)
        else:
            g = _play_split_hand(hand, guide, rules, values, (low, ace, ncards, sevens))
        guide.shoe.put(x)
        shoe.put(x)
        any_second += p * g
        if x == i:
            pair_second = p * g
    return any_second, pair_second


def _play_split_hand(
    hand: Evaluator,
    guide: Evaluator,
    rules: Rules,
    values: tuple[int, int],
    state: tuple[int, bool, int, bool],
) -> float:
    """EV of a two-card split hand played by ``guide``'s first decision (stand, hit, or a
    double if DAS allows it and the guide prefers it), then ``guide``'s stand/hit choices."""
    low, ace, ncards, sevens = state
    kind = guide.split_start(values)
    if kind == START_DOUBLE:
        return hand.double(low, ace, ncards, sevens)
    if kind == START_HIT:
        return hand.hit_following(low, ace, ncards, sevens, guide)
    return hand.stand(hand_total(low, ace), 1.0)


_BUST, _SEVENS = 0, 1
"""Codes of a split hand's ending in ``_split_hand_sums_batch`` (a stand codes its total)."""

_EDGE_SIGNS = [[-1.0] * 5] + [[1.0] * j + [0.0] + [-1.0] * (4 - j) for j in range(5)]
"""Row 0 for a total below 17, row t - 16 for a total t of 17..21: the sign of each dealer
final total 17..21 in the EV of standing (won +1, push 0, lost -1); a dealer bust is +1."""

_Node = tuple[int, int, int, bool, bool, tuple[int, ...]]
"""A hand the split hand can be (cards, START_* play, low total, ace, all sevens, the guide
shoe's counts there), keyed on the guide shoe's key."""

_Ending = tuple[int, int, int, float, float, float]
"""(row of the hand in the walk's order, card drawn last or -1, the stand total or _BUST
or _SEVENS, stake, c, c_p): one way a split hand ends."""


def _split_hand_sums_batch(
    rules: Rules,
    pair: int,
    may_hit: bool,
    track_sevens: bool,
    guide: Evaluator,
    unseen: Sequence[int],
    weights: dict[int, float],
    prepared: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
) -> dict[int, tuple[float, float]]:
    """``_split_hand_sums`` for every k of ``weights`` at once, for a finite shoe.

    The split hand plays the guide's decisions, which depend on its cards and not on k, so
    the hands it can end with are walked once: every multiset D of cards drawn to it ends
    it in a stand, a bust or three sevens, reached by c(D) orderings that the decisions
    allow (c_p(D) of them with a pair card second). Any single ordering of D is drawn from
    the split shoe with P_k(D) = prod_v n_v (n_v - 1) ... / (N (N - 1) ...), so
    A_k = sum_D c(D) P_k(D) value_k(D); the stands' dealer distributions come in one batch.
    With ``prepared`` (``EVCache.hits_table`` of the shoe the guide shoe was dealt from,
    for the best play's guide) the endings are found with numpy (``_tabled_endings``),
    else by walking the hands in Python.
    """
    shoe = guide.shoe  # unseen plus the other pair card, in step with the hand's draws
    if prepared is not None and not track_sevens:
        endings = _tabled_endings(guide, pair, may_hit, prepared)
    else:
        nodes, reach, reach_pair = _walk_split_hand(guide, pair, may_hit, track_sevens)
        order, ends = _list_endings(nodes, reach, reach_pair, guide)
        endings = _Endings.listed(ends, [nodes[key][5] for key in order], shoe.counts)
    lose_stake = 1.0 if not guide.conditioned and rules.lose_all_to_natural else 0.0
    stand_shoes, per_k = _split_parts(guide, endings, [pair], [unseen], [weights])
    edges, columns = _stand_values(stand_shoes, lose_stake)
    return _split_sums(endings, per_k, edges, columns, [weights])[0]


_PerK = dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]]
"""For each k: P_k(D) of every ending (0 in the groups whose split has no such k), its
value (the stands' still 0) and the rows of the stand endings that can happen."""


def _split_parts(
    guide: Evaluator,
    endings: _Endings,
    pairs: Sequence[int],
    unseens: Sequence[Sequence[int]],
    weights: Sequence[dict[int, float]],
) -> tuple[_StandShoes, _PerK]:
    """The split hands' endings of every group (group g: the split of ``pairs[g]`` from
    ``unseens[g]``, its k those of ``weights[g]``) valued for every k but the stands, and
    the shoes those stands meet (for ``_stand_values``)."""
    stand_shoes = _StandShoes(guide, endings, pairs)
    per_k: _PerK = {}
    ks = sorted(set().union(*weights))
    valid = np.array([[k in w for k in ks] for w in weights], dtype=bool)  # (groups, ks)
    # a split shoe for every group and k, that of k = 0 where the group has no such k
    # (it may not hold k more pair cards; its values are set to 0 below)
    split_shoes = np.repeat(np.array(unseens, dtype=np.int64)[:, None, :], len(ks), axis=1)
    p = np.asarray(pairs, dtype=np.int64) - 1
    split_shoes[np.arange(len(pairs)), :, p] -= np.where(valid, np.array(ks), 0)
    probs, values = _ending_values(guide, endings, split_shoes)
    probs = np.where(valid[endings.group].T, probs, 0.0)
    for j, k in enumerate(ks):
        per_k[k] = (probs[j], values[j], stand_shoes.add(k, j, probs[j], split_shoes))
    return stand_shoes, per_k


def _split_sums(
    endings: _Endings,
    per_k: _PerK,
    edges: np.ndarray,
    columns: dict[int, np.ndarray],
    weights: Sequence[dict[int, float]],
) -> list[dict[int, tuple[float, float]]]:
    """(A_k, its part with a pair card second) for every group and each of its k (those of
    ``weights[g]``), the stands valued (``edges`` by ``columns``, from ``_stand_values``)."""
    out: list[dict[int, tuple[float, float]]] = [{} for _ in weights]
    bounds = endings.bounds
    for k, (prob, value, standing) in per_k.items():
        if len(standing):
            value[standing] = endings.stake[standing] * edges[columns[k]]
        weighted = np.where(prob > 0.0, prob * value, 0.0)
        for g, group_weights in enumerate(weights):
            if k in group_weights:
                a, b = bounds[g], bounds[g + 1]
                here = weighted[a:b]
                out[g][k] = (float(here @ endings.c[a:b]), float(here @ endings.c_pair[a:b]))
    return out


def _walk_split_hand(
    guide: Evaluator, pair: int, may_hit: bool, track_sevens: bool
) -> tuple[dict[int, _Node], dict[int, float], dict[int, float]]:
    """Every hand the split hand can be while it plays the guide's decisions, by the guide
    shoe's key (``_Node``), and the orderings that reach each two-card hand: c and c_p
    (1 each, c_p 0 unless the second card is a pair card)."""
    shoe = guide.shoe
    counts, units = shoe.counts, shoe.units
    bonus = guide.sevens_bonus is not None
    nodes: dict[int, _Node] = {}

    def walk(low: int, ace: bool, cards: int, sevens: bool) -> None:
        """Classify the hand now (stand, hit or double by the guide) and walk on."""
        if shoe.key in nodes:
            return
        if not may_hit or (cards == 2 and hand_total(low, ace) == 21):
            kind = START_STAND
        elif cards == 2:
            kind = guide.split_start((pair, low - pair))
        else:
            kind = START_HIT if guide.hits(low, ace, cards, sevens) else START_STAND
        nodes[shoe.key] = (cards, kind, low, ace, sevens, tuple(counts))
        if kind != START_HIT:
            return
        total, key = shoe.total, shoe.key
        for i in range(min(10, 21 - low)):  # not the cards that bust
            value = i + 1
            count = counts[i]
            if count and not (sevens and value == 7 and cards == 2 and bonus):
                counts[i] = count - 1  # DrawState.take(i), inlined
                shoe.total = total - 1
                shoe.key = key - units[i]
                walk(low + value, ace or value == 1, cards + 1, sevens and value == 7)
                counts[i] = count
        shoe.total = total
        shoe.key = key

    reach: dict[int, float] = {}  # c(D) by the guide shoe's key
    reach_pair: dict[int, float] = {}  # c_p(D)
    for x in range(10):
        if counts[x]:
            shoe.take(x)
            walk(*hand_state((pair, x + 1), track_sevens))
            reach[shoe.key] = 1.0
            reach_pair[shoe.key] = 1.0 if x == pair - 1 else 0.0
            shoe.put(x)
    return nodes, reach, reach_pair


def _list_endings(
    nodes: dict[int, _Node],
    reach: dict[int, float],
    reach_pair: dict[int, float],
    guide: Evaluator,
) -> tuple[list[int], list[_Ending]]:
    """The walk's hands fewest cards first and every way the split hand ends.

    Counts the orderings on the way (``reach`` and ``reach_pair`` grow to every hand that
    hits): an ending is (hand, card drawn last or -1, stand total or _SEVENS, stake, c,
    c_p), or (hand, the lowest card that busts it, _BUST, ...) for drawing any card that
    busts."""
    bonus = guide.sevens_bonus is not None
    order = sorted(nodes, key=lambda key: nodes[key][0])
    ends: list[_Ending] = []
    units = guide.shoe.units
    for row, key in enumerate(order):
        cards, kind, low, ace, sevens, left = nodes[key]
        c, c_pair = reach[key], reach_pair[key]
        if kind == START_STAND:
            ends.append((row, -1, hand_total(low, ace), 1.0, c, c_pair))
            continue
        stake = 2.0 if kind == START_DOUBLE else 1.0
        first_bust = max(21 - low, 0)  # the cards from this index on bust the hand
        if any(left[first_bust:]):  # all of them as one ending: the next card busts
            ends.append((row, first_bust, _BUST, stake, c, c_pair))
        for i in range(min(first_bust, 10)):
            if not left[i]:
                continue
            value = i + 1
            if sevens and value == 7 and cards == 2 and bonus:
                ends.append((row, i, _SEVENS, stake, c, c_pair))
            elif kind == START_DOUBLE:
                total = hand_total(low + value, ace or value == 1)
                ends.append((row, i, total, 2.0, c, c_pair))
            else:
                child = key - units[i]
                reach[child] = reach.get(child, 0.0) + c
                reach_pair[child] = reach_pair.get(child, 0.0) + c_pair
    return order, ends


class _Endings:
    """The endings of the split hands of one or more splits (``groups``, e.g. every pair of
    a deal) as arrays, one row each: ``what`` (stand total, _BUST or _SEVENS), ``stake``,
    ``c``, ``c_pair``; ``drawn``, the cards D drawn to the split hand by value (shape (n,
    10)) and ``size`` their number; ``group``, the split each belongs to (the rows of
    group g are ``bounds[g]:bounds[g + 1]``); the rows of the stands, the busts (with
    ``first_bust``, the lowest card index that busts) and the three sevens. ``last`` holds
    each bust's lowest busting card index (ignored for the other endings)."""

    def __init__(
        self,
        what: np.ndarray,
        stake: np.ndarray,
        c: np.ndarray,
        c_pair: np.ndarray,
        drawn: np.ndarray,
        last: np.ndarray,
        group: np.ndarray | None = None,
        groups: int = 1,
    ) -> None:
        if group is None:
            group = np.zeros(len(what), dtype=np.int64)
        # One canonical order (by the split, the cards drawn, then the ending, then the
        # stake: no two endings of a split share all three), whichever way they were found:
        # the sums over them then add the same numbers in the same order, float for float.
        order = np.lexsort((stake, what, drawn @ _CODE_UNITS, group))
        what, stake, c, c_pair = what[order], stake[order], c[order], c_pair[order]
        drawn, last = drawn[order], last[order]
        self.what, self.stake, self.c, self.c_pair = what, stake, c, c_pair
        self.drawn = drawn
        self.group = group[order]
        self.groups = groups
        self.bounds = np.searchsorted(self.group, np.arange(groups + 1))
        busts = self.what == _BUST
        self.sevens = self.what == _SEVENS
        self.size = self.drawn.sum(axis=1)
        self.stands = np.flatnonzero(self.what >= 4)
        self.bust_rows = np.flatnonzero(busts)
        self.first_bust = last[self.bust_rows]
        self.longest = int(self.drawn.max()) + 1 if len(drawn) else 1

    @classmethod
    def listed(
        cls, ends: list[_Ending], shoes_at: list[tuple[int, ...]], guide_counts: Sequence[int]
    ) -> _Endings:
        """The endings of ``_list_endings``: ``shoes_at`` the guide shoe at each hand of the
        walk (by row), ``guide_counts`` the guide shoe before the second card."""
        table = np.array(ends)
        rows = table[:, 0].astype(np.int64)
        last = table[:, 1].astype(np.int64)
        what = table[:, 2]
        # the guide shoe at each ending, then the cards D drawn to the split hand
        after = np.array(shoes_at, dtype=np.int64)[rows]
        drew = np.flatnonzero((last >= 0) & (what != _BUST))
        after[drew, last[drew]] -= 1
        drawn = np.array(guide_counts, dtype=np.int64) - after
        return cls(what, table[:, 3], table[:, 4], table[:, 5], drawn, last)


def _tabled_endings(
    guide: Evaluator,
    pair: int,
    may_hit: bool,
    prepared: tuple[np.ndarray, np.ndarray, np.ndarray],
) -> _Endings:
    """``_walk_split_hand`` and ``_list_endings`` at once with numpy, for a guide shoe that
    is a prepared shoe less one pair card (``EVCache.hits_table``): one pair of
    ``_tabled_plays``."""
    plays = _tabled_plays({pair: guide}, {pair: may_hit}, prepared)
    return _tabled_pair_endings([pair], [plays[pair]], prepared[0])


_Plays = tuple[np.ndarray, np.ndarray, np.ndarray]
"""How one pair's split hand plays, by row of ``draw_table``: its play there (START_*, -1
where it never is), the orderings c that reach it and c_p, those with a pair card second."""


def _tabled_plays(
    guides: dict[int, Evaluator],
    may_hit: dict[int, bool],
    prepared: tuple[np.ndarray, np.ndarray, np.ndarray],
) -> dict[int, _Plays]:
    """How the split hand of every pair of ``guides`` plays (pair value -> the guide,
    whose shoe is the prepared shoe less one pair card; ``may_hit``: whether that pair's
    split hands may draw), found with numpy from ``EVCache.hits_table`` (the prepared
    shoe's counts, which multisets of player cards it can deal and whether the best play
    draws to each). A split hand is a multiset M of ``draw_table`` holding the pair card;
    its guide shoe is the prepared shoe less M, so the guide's stand/hit decision past two
    cards is the table's, the same for every pair: the orderings c(M) that reach M (and
    c_p(M), those with a pair card second) are added a number of cards at a time for all
    pairs at once, one column each (each hand that draws hands its c on to every M + v).
    At two cards each pair's own guide decides (its double with DAS; split aces may not
    draw). The endings are then read off per pair: a stand, the bust of a hand that draws
    (all busting cards as one ending) and each card of a double. No three sevens and no
    draw limit here (the table is not made then); ``_tabled_pair_endings`` lists the
    pairs' endings from their plays."""
    table, children, lows, _aces = draw_table()
    base, _feasible, hits = prepared
    n = len(table)
    pairs = list(guides)
    # column 2j: c of pair j's split hand, column 2j + 1: c_p
    c = np.zeros((n, 2 * len(pairs)))
    kinds: list[np.ndarray] = []
    values = np.arange(1, 11)
    reached = []  # the three-card hands (and their orderings) of every pair
    for j, pair in enumerate(pairs):
        guide = guides[pair]
        shoe = guide.shoe
        kind = np.full(n, -1)
        one = int(children[0, pair - 1])  # the row of the pair card alone
        for x in range(10):  # the second card
            if not shoe.counts[x]:
                continue
            row = int(children[one, x])
            c[row, 2 * j] = 1.0
            c[row, 2 * j + 1] = 1.0 if x == pair - 1 else 0.0
            low = pair + x + 1
            if not may_hit[pair] or hand_total(low, pair == 1 or x == 0) == 21:
                kind[row] = START_STAND
            else:
                shoe.take(x)
                kind[row] = guide.split_start((pair, x + 1))
                shoe.put(x)
        kinds.append(kind)
        drawing = np.flatnonzero(kind == START_HIT)
        ok = (lows[drawing][:, None] + values <= 21) & (base - table[drawing] > 0)
        at, card = np.nonzero(ok)
        reached.append((j, children[drawing[at], card], drawing[at]))
    # Past two cards the hands of every pair draw by the same table: one pass a number of
    # cards for all columns. Each hand reached holds one card more than every hand it
    # came from, so adding in any order gives the same sums (the c are whole numbers).
    into = np.concatenate([r[1] for r in reached]) if reached else np.zeros(0, np.int64)
    for j, into_j, source in reached:
        for col in (2 * j, 2 * j + 1):
            c[:, col] += np.bincount(into_j, weights=c[source, col], minlength=n)
    deeper = np.zeros(n, dtype=bool)  # every hand of three or more cards reached
    drawing = np.unique(into)
    while len(drawing):
        deeper[drawing] = True
        drawing = drawing[hits[drawing]]
        ok = (lows[drawing][:, None] + values <= 21) & (base - table[drawing] > 0)
        at, card = np.nonzero(ok)
        into = children[drawing[at], card]
        if not len(into):
            break
        # sum the orderings of every hand reached, all columns at once
        order = np.argsort(into, kind="stable")
        into_sorted = into[order]
        firsts = np.flatnonzero(np.r_[True, into_sorted[1:] != into_sorted[:-1]])
        new = into_sorted[firsts]
        c[new] += np.add.reduceat(c[drawing[at[order]]], firsts, axis=0)
        drawing = new
    shared_kind = np.where(hits, START_HIT, START_STAND)
    out: dict[int, _Plays] = {}
    for j, pair in enumerate(pairs):
        kind = kinds[j]
        mine = deeper & (c[:, 2 * j] > 0)
        kind[mine] = shared_kind[mine]
        out[pair] = (kind, c[:, 2 * j], c[:, 2 * j + 1])
    return out


def _plays_signature(plays: _Plays) -> bytes:
    """A digest of ``plays`` (BLAKE2b, 32 bytes), equal when two split hands play the same
    way (the rows they can be, the play and both orderings at each) and, but with
    probability 2^-128, only then; kept instead of the some 30 KB it digests."""
    kind, c, c_pair = plays
    rows = np.flatnonzero(kind >= 0)
    digest = hashlib.blake2b(digest_size=32)
    for part in (rows, kind[rows], c[rows], c_pair[rows]):
        digest.update(part.tobytes())
    return digest.digest()


def _tabled_pair_endings(pairs: list[int], plays: list[_Plays], base: np.ndarray) -> _Endings:
    """The endings of several pairs' split hands, one group each in the order of ``pairs``,
    from their plays (``_tabled_plays``: ``kind``, START_* of every row of ``draw_table``
    its split hand can be, -1 elsewhere, and the orderings ``c`` and ``c_p`` of each);
    ``base`` the prepared shoe's counts."""
    table, _children, lows, aces = draw_table()
    values = np.arange(1, 11)
    kinds = np.stack([kind for kind, _c, _cp in plays])
    cs = np.stack([c for _kind, c, _cp in plays])
    cps = np.stack([cp for _kind, _c, cp in plays])
    group, nodes = np.nonzero(kinds >= 0)
    node_low, node_ace = lows[nodes], aces[nodes]
    node_total = np.where(node_ace & (node_low <= 11), node_low + 10, node_low)
    drawn = table[nodes].copy()
    drawn[np.arange(len(nodes)), np.array(pairs, dtype=np.int64)[group] - 1] -= 1  # D
    node_kind = kinds[group, nodes]
    node_c, node_cp = cs[group, nodes], cps[group, nodes]
    stake = np.where(node_kind == START_DOUBLE, 2.0, 1.0)
    first_bust = np.maximum(21 - node_low, 0)
    # stands
    parts = [node_kind == START_STAND]
    what = [node_total[parts[0]]]
    # busts: a hand that draws, with a busting card left in its guide shoe
    left = base - table[nodes]
    suffix = np.cumsum(left[:, ::-1], axis=1)[:, ::-1]
    busting = (node_kind != START_STAND) & (first_bust <= 9)
    busting[busting] = suffix[busting, first_bust[busting]] > 0
    parts.append(busting)
    what.append(np.full(int(busting.sum()), float(_BUST)))
    rows_of = [np.flatnonzero(part) for part in parts]
    # doubles: one ending per card that does not bust (and is left)
    doubles = np.flatnonzero(node_kind == START_DOUBLE)
    one_card = (values - 1 < first_bust[doubles][:, None]) & (left[doubles] > 0)
    at, card = np.nonzero(one_card)
    rows = doubles[at]
    low_after = node_low[rows] + card + 1
    soft_after = (node_ace[rows] | (card == 0)) & (low_after <= 11)
    what.append(np.where(soft_after, low_after + 10, low_after))
    every = [*rows_of, rows]
    return _Endings(
        np.concatenate(what).astype(float),
        np.concatenate([stake[r] for r in rows_of] + [np.full(len(rows), 2.0)]),
        np.concatenate([node_c[r] for r in every]),
        np.concatenate([node_cp[r] for r in every]),
        np.concatenate(
            [drawn[r] for r in rows_of] + [drawn[rows] + np.eye(10, dtype=np.int64)[card]]
        ),
        np.concatenate([np.full(len(rows_of[0]), -1), first_bust[rows_of[1]], card]),
        np.concatenate([group[r] for r in every]),
        len(pairs),
    )


def _ending_values(
    guide: Evaluator, endings: _Endings, split_shoes: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """For the split shoes of several k at once (``split_shoes``, (groups, ks, 10) counts:
    each group's split shoe for each k): P_k(D) of each ending (ks, endings) and the values
    of the busts and three sevens (the stands' are 0 until the dealer's distributions are
    known; (ks, endings))."""
    drawn, size, bust_rows, group = endings.drawn, endings.size, endings.bust_rows, endings.group
    groups, ks = split_shoes.shape[:2]
    # P_k(D): falling factorials of each value's count over those of the total
    falling = np.cumprod(
        np.concatenate(
            [
                np.ones((groups, ks, 10, 1)),
                split_shoes[..., None] - np.arange(endings.longest - 1),
            ],
            axis=3,
        ),
        axis=3,
    )
    cards_left = split_shoes.sum(axis=2)
    longest = int(size.max()) if len(size) else 0
    total_falling = np.cumprod(
        np.concatenate(
            [np.ones((groups, ks, 1)), cards_left[..., None] - np.arange(longest)], axis=2
        ),
        axis=2,
    )
    k_at = np.arange(ks)[:, None]
    prob = (
        falling[group[None, :, None], k_at[:, :, None], np.arange(10), drawn[None]].prod(axis=2)
        / total_falling[group[None, :], k_at, size[None, :]]
    )
    value = np.zeros((ks, len(size)))
    # the cards left in the split shoe at each ending (> 12 where it matters)
    left_total = np.maximum(cards_left[group].T - size, 2)
    # A bust ending: P(any card from first_bust on) * -(stake), and in a peek game
    # P(no natural after it): sum over those cards i of left_i * (1 - q_i), where
    # q_i = (left_c - [i = c]) / (L - 1) for the card c that completes a natural.
    bust_left = _left_at(split_shoes, endings, bust_rows)
    suffix = np.cumsum(bust_left[:, :, ::-1], axis=2)[:, :, ::-1]
    busting = suffix[:, np.arange(len(bust_rows)), endings.first_bust].astype(float)
    cards_at = left_total[:, bust_rows]
    if guide.conditioned:
        c_left = bust_left[:, :, guide.completer]
        c_busts = guide.completer >= endings.first_bust
        busting = busting - c_left * (busting - c_busts) / (cards_at - 1)
    value[:, bust_rows] = -endings.stake[bust_rows] * busting / cards_at
    if guide.sevens_bonus is not None:
        conditioned_left: float | np.ndarray = 1.0
        if guide.conditioned:
            c = guide.completer
            completers_left = split_shoes[group, :, c].T - drawn[:, c]
            conditioned_left = 1.0 - completers_left / left_total
        paid = float(guide.sevens_bonus) * endings.stake * conditioned_left
        sevens = endings.sevens
        value[:, sevens] = np.broadcast_to(paid, value.shape)[:, sevens]
    return prob, value


def _left_at(split_shoes: np.ndarray, endings: _Endings, rows: np.ndarray) -> np.ndarray:
    """The split shoe left at the endings ``rows`` for every k, (ks, rows, 10) counts:
    ``split_shoes`` (groups, ks, 10) less the cards drawn to each."""
    return split_shoes[endings.group[rows]].transpose(1, 0, 2) - endings.drawn[rows]


_CODE_BASE = 32
"""A shoe met by the stands is ``unseen`` less the cards D drawn to the split hand and k
more pair cards; (D + k pair cards) is coded as one int64, 5 bits per value (D holds at
most 21 cards, k at most 3 more)."""

_CODE_UNITS = _CODE_BASE ** np.arange(10, dtype=np.int64)


class _StandShoes:
    """The shoes the stands of every k meet (of every group of the endings: a group's pair
    is one of ``pairs``), each valued once for each stand total that meets it (a column of
    ``_stand_values``): a shoe met under several k (k more pair cards out and D, or k + 1
    and D less one pair card) with the same kind of total is valued once.
    Shoes are told apart by what was taken out of ``unseen`` (an int64 code,
    ``_CODE_BASE``), all at once with numpy: no Python work per ending. Every shoe is
    valued here in one batch, even one the cache may already hold (a tenth of them):
    looking each up by its DrawState key would cost more in Python than solving it."""

    def __init__(self, guide: Evaluator, endings: _Endings, pairs: Sequence[int]) -> None:
        self.guide = guide
        self.endings = endings
        self.stands = endings.stands
        # the kind of each stand ending's total: 0 below 17, else total - 16 (_EDGE_SIGNS)
        kinds = np.maximum(endings.what[endings.stands].astype(np.int64) - 16, 0)
        # the code of the cards D drawn to each stand ending (k = 0), the kind in 3 low bits
        self.drawn_codes = (endings.drawn[endings.stands] @ _CODE_UNITS) * 8 + kinds
        # the code of one card of each stand ending's pair (``pairs``: by group)
        pair_codes = _CODE_UNITS[np.asarray(pairs, dtype=np.int64) - 1] * 8
        self.pair_code = pair_codes[endings.group[endings.stands]]
        self.codes: dict[int, np.ndarray] = {}
        self.shoes: dict[int, np.ndarray] = {}

    def add(self, k: int, j: int, prob: np.ndarray, split_shoes: np.ndarray) -> np.ndarray:
        """The stand endings that can happen for this k (P_k(D) > 0, ``prob``), whose split
        shoes are ``split_shoes[:, j]`` (``_ending_values``); their shoes get columns in
        ``_stand_values``."""
        live = prob[self.stands] > 0.0
        standing = self.stands[live]
        # (k + 2): the shoe less both pair cards too, so that the shoes of different pairs
        # of one deal (``_deal_split_sums``) are told apart by their codes
        self.codes[k] = self.drawn_codes[live] + (k + 2) * self.pair_code[live]
        self.shoes[k] = _left_at(split_shoes[:, j : j + 1], self.endings, standing)[0]
        return standing


def _stand_values(
    stands: _StandShoes,
    lose_stake: float,
    known: dict[float, tuple[np.ndarray, np.ndarray]] | None = None,
) -> tuple[np.ndarray, dict[int, np.ndarray]]:
    """The EV of standing with stake 1 on each distinct (shoe, kind of total) that
    ``stands`` meet (the split hands of one deal or split: one upcard, one guide rule):
    the dealer busts or ends lower +1, ends higher -1, a natural -``lose_stake`` (what a
    stake loses to it); all in one batch (``DealerSolver.combined``). Returns the values
    and, for each k of ``stands.add``, the column of each of its standing endings.

    ``known``: the values found for the same deal before (by ``lose_stake``: the codes,
    sorted, and their values), which are not solved again, and where these are added (the
    chart's splits of a deal meet mostly the shoes the best play's met)."""
    codes = [stands.codes[k] for k in stands.codes]
    every = np.concatenate(codes) if codes else np.zeros(0, dtype=np.int64)
    unique, first, inverse = np.unique(every, return_index=True, return_inverse=True)
    edges = np.empty(len(unique))
    before = None if known is None else known.get(lose_stake)
    new = np.ones(len(unique), dtype=bool)
    if before is not None and len(unique) and len(before[0]):
        at = np.minimum(np.searchsorted(before[0], unique), len(before[0]) - 1)
        found = before[0][at] == unique
        edges[found] = before[1][at[found]]
        new = ~found
    if new.any():
        guide = stands.guide
        shoes = np.concatenate([stands.shoes[k] for k in stands.shoes])
        signs = [[*row, -lose_stake, 1.0] for row in _EDGE_SIGNS]
        edges[new] = guide.dealer.combined(guide.upcard, shoes[first[new]], unique[new] & 7, signs)
    if known is not None:
        if before is None:
            known[lose_stake] = (unique, edges)
        else:
            merged = np.concatenate([before[0], unique[new]])
            order = np.argsort(merged, kind="stable")
            known[lose_stake] = (merged[order], np.concatenate([before[1], edges[new]])[order])
    columns: dict[int, np.ndarray] = {}
    start = 0
    for k, k_codes in stands.codes.items():
        columns[k] = inverse[start : start + len(k_codes)]
        start += len(k_codes)
    return edges, columns


__all__ = ["split_coefficients", "split_ev"]
