"""Time the strategy engine and print the figures (``make bench``); nothing is asserted.

Single-threaded: numpy's BLAS and OpenMP pools are pinned to one thread before numpy loads
(``trainer.threads``, as every process of the site does).

0. Issue 14's figures first: the exact composition-dependent game EV (``game_ev``, splits
   included) of 1, 6 and 8 fresh decks (S17, DAS), the median of ``--runs`` runs each; the
   complete analysis of the 6-deck rule set (the basic strategy chart and both game EVs, cd
   and td: ``game_ev.analysis``, what a rule set's background analysis computes), median of
   ``--runs``; and the process's peak memory after them.
1. The dealer's final-total distributions for all 10 upcards from a full 6-deck shoe.
2. Stand, hit and double EVs of every two-card hand against every upcard (6 decks, S17),
   then the same table with the splits valued too (one ``hand_evs`` call per hand).
3. Every action's EV for one decision against a depleted shoe (100 random cards removed),
   and for a pair from that shoe (2,2 against an ace: the slowest kind, with the split).
4. The 6-deck S17 basic strategy chart and the EV of the whole round (6 decks, S17).
5. The round's EV under the total-dependent chart (td), the complete analysis as the three
   separate calls (chart, cd, td) and in one pass (``analysis``), and each AI level's exact
   EV (easy, normal = td, hard = cd) with one shared cache, after the chart.
6. A perfect counter's decision against the actual remaining shoe: a real round dealt from
   a 6-deck shoe half dealt (156 cards seen and removed), ``counter_decision``; and the
   slowest kind, a pair with its split, from that shoe.
7. The banker game's analyses (punter's and banker's best play), 2 decks.

``--game`` adds the whole-round EVs of 6 decks H17 and the infinite deck. ``--seed`` picks
the depleted shoe. The last line is the process's peak memory.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time

from trainer.threads import pin_engine_threads

pin_engine_threads()  # before numpy loads (the engine's modules import it)

# The imports below come after the thread pools are pinned:
# ruff: noqa: E402
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.engine.cards import Shoe
from game.engine.round import Action, Phase, Round, deal
from game.engine.rules import Rules
from game.engine.strategy.banker import banker_analysis, punter_analysis
from game.engine.strategy.cache import EVCache
from game.engine.strategy.chart import basic_strategy
from game.engine.strategy.composition import DrawState, full_shoe, remove_cards
from game.engine.strategy.counter import counter_decision
from game.engine.strategy.dealer import DealerSolver
from game.engine.strategy.game_ev import analysis, game_ev
from game.engine.strategy.hand import hand_evs
from game.engine.strategy.levels import LEVELS, level_ev

UPCARDS = range(1, 11)
TWO_CARD_HANDS = [(a, b) for a in range(1, 11) for b in range(a, 11)]


def timed(work: Callable[[], Any]) -> tuple[Any, float]:
    """(result, milliseconds) of one call."""
    start = time.perf_counter()
    result = work()
    return result, (time.perf_counter() - start) * 1000


def median_ms(work: Callable[[], Any], runs: int) -> tuple[float, list[float], float]:
    """The median and every wall time (milliseconds) of ``runs`` calls of ``work``, and the
    least CPU time of them (milliseconds of this process's CPU: on a machine shared with
    other work the wall times wander, the least CPU time much less)."""
    times, cpu = [], []
    for _ in range(runs):
        started = time.process_time()
        times.append(timed(work)[1])
        cpu.append((time.process_time() - started) * 1000)
    return statistics.median(times), times, min(cpu)


def peak_mib() -> float:
    """This process's peak resident memory so far, MiB (ru_maxrss is KiB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def issue_14_figures(runs: int) -> None:
    for decks in (1, 6, 8):
        rules = Rules(decks=decks)
        value = game_ev(rules)
        ms, times, cpu = median_ms(lambda rules=rules: game_ev(rules), runs)
        spread = ", ".join(f"{t:.0f}" for t in times)
        print(
            f"cd game EV, {decks} deck{'s' if decks > 1 else ' '} S17 DAS: {100 * value:+.6f} %  "
            f"median {ms:7.1f} ms  (runs: {spread}; least CPU {cpu:.0f} ms)"
        )
    rules = Rules()
    found = analysis(rules)
    ms, times, cpu = median_ms(lambda: analysis(rules), runs)
    spread = ", ".join(f"{t:.0f}" for t in times)
    print(
        f"complete analysis, 6 decks (chart, cd {100 * found.cd:+.6f} %, "
        f"td {100 * found.td:+.6f} %): median {ms:7.1f} ms  (runs: {spread}; "
        f"least CPU {cpu:.0f} ms)"
    )
    print(f"peak memory after these: {peak_mib():.0f} MiB")


def dealer_tables() -> None:
    def work() -> int:
        solver = DealerSolver(hits_soft_17=False)
        for up in UPCARDS:
            solver.distribution(up, DrawState(remove_cards(full_shoe(6), [up])))
        return len(solver)

    states, ms = timed(work)
    print(f"dealer distributions, 10 upcards, 6 decks:        {ms:9.1f} ms  ({states} states)")


def ev_table(rules: Rules, with_split: bool) -> None:
    def work() -> int:
        entries = 0
        for up in UPCARDS:
            cache = EVCache(rules)  # one per upcard keeps the memory to one upcard's values
            for hand in TWO_CARD_HANDS:
                hand_evs(list(hand), up, rules, cache=cache, with_split=with_split)
            entries = max(entries, len(cache))
        return entries

    entries, ms = timed(work)
    what = "stand/hit/double/split" if with_split else "stand/hit/double      "
    print(f"{what} EVs, 55 hands x 10 upcards: {ms:9.1f} ms  (largest cache {entries} entries)")


def depleted_decision(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    cards = [v for v, count in enumerate(full_shoe(rules.decks), start=1) for _ in range(count)]
    rng.shuffle(cards)
    removed, rest = cards[:100], cards[100:]
    names = {1: "A", 10: "T"}
    # the next deal from that shoe, then a pair with its split (2,2 v A: the slowest kind)
    for label, player, up in (("one decision", rest[:2], rest[2]), ("pair decision", [2, 2], 1)):
        unseen = remove_cards(full_shoe(rules.decks), [*removed, *player, up])
        evs, ms = timed(lambda p=player, u=up, s=unseen: hand_evs(p, u, rules, composition=s))
        hand = ",".join(names.get(v, str(v)) for v in player)
        print(
            f"{label + ',':<14} {hand} v {names.get(up, str(up))}, "
            f"100 cards removed (seed {seed}): {ms:8.1f} ms"
        )
        for action, value in evs.values().items():
            print(f"    {action.value:<9} {value:+.6f}")
        best, value = evs.best()
        print(
            f"    best: {best.value} ({value:+.6f}); "
            f"P(dealer natural) {evs.natural_probability:.6f}"
        )


def chart(rules: Rules) -> None:
    result, ms = timed(lambda: basic_strategy(rules))
    print(
        f"basic strategy chart, 6 decks S17:                {ms:9.1f} ms  "
        f"({len(result.exceptions)} two-card exception(s))"
    )


def game_evs(everything: bool) -> None:
    cases = [("6 decks S17", Rules(), False)]
    if everything:
        cases += [
            ("6 decks H17", Rules(dealer_hits_soft_17=True), False),
            ("infinite deck S17", Rules(), True),
        ]
    for label, rules, infinite in cases:
        value, ms = timed(lambda rules=rules, infinite=infinite: game_ev(rules, infinite=infinite))
        print(f"game EV, {label:<18} {100 * value:+.6f} %         {ms:9.1f} ms")


def strategies_and_levels(rules: Rules) -> None:
    chart_value, chart_ms = timed(lambda: basic_strategy(rules))
    _cd, cd_ms = timed(lambda: game_ev(rules))
    td, td_ms = timed(lambda: game_ev(rules, strategy="td", chart=chart_value))
    print(
        f"game EV, 6 decks S17, td    {100 * td:+.6f} %             {td_ms:9.1f} ms  (chart given)"
    )
    total = chart_ms + cd_ms + td_ms
    print(f"complete analysis, 6 decks: chart + cd + td EVs       {total:9.1f} ms")
    _found, one_pass_ms = timed(lambda: analysis(rules))
    print(f"complete analysis, 6 decks, one pass (analysis)       {one_pass_ms:9.1f} ms")
    cache = EVCache(rules)
    for level in LEVELS:
        value, ms = timed(
            lambda level=level: level_ev(rules, level, chart=chart_value, cache=cache)
        )
        print(f"AI level {level:<6} exact EV    {100 * value:+.6f} %             {ms:9.1f} ms")


def _dealt(rules: Rules, shoe: Shoe) -> Round | None:
    """A round from ``shoe`` with insurance and surrender declined (a hand is to act), or None."""
    rnd = deal(rules, [1], shoe)
    if rnd.phase is Phase.INSURANCE:
        rnd = rnd.apply(Action.NO_INSURANCE)
    if rnd.phase is Phase.SURRENDER:
        rnd = rnd.apply(Action.NO_SURRENDER)
    return None if rnd.active_hand is None else rnd


def counter_decisions(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    shoe = Shoe.shuffled(rules.decks, 1.0, rng)
    half = len(shoe.cards) // 2
    position = half
    while (rnd := _dealt(rules, replace(shoe, position=position))) is None:
        position += 4  # a natural ended that deal: take the next cards
    names = {1: "A", 10: "T"}
    hand = ",".join(names.get(c.points, str(c.points)) for c in rnd.active_hand.cards)
    up = names.get(rnd.upcard.points, str(rnd.upcard.points))
    (values, best), ms = timed(lambda: counter_decision(rnd))
    print(
        f"counter decision, {hand} v {up}, {position} cards seen (seed {seed}): {ms:8.1f} ms"
        f"  best {best.value} {values[best]:+.6f}"
    )
    # The slowest kind: a pair with its split, 2,2 against an ace (the hole card a 7),
    # the same cards seen.
    cards = list(shoe.cards)
    undealt = list(range(position, len(cards)))
    picks: list[int] = []
    for points in (2, 1, 2, 7):
        picks.append(next(i for i in undealt if cards[i].points == points and i not in picks))
    rest = [cards[i] for i in undealt if i not in picks]
    stacked = replace(
        shoe, cards=(*cards[:position], *(cards[i] for i in picks), *rest), position=position
    )
    pair = _dealt(rules, stacked)
    assert pair is not None
    (values, best), ms = timed(lambda: counter_decision(pair))
    print(
        f"counter decision, 2,2 v A with the split, same shoe:     {ms:8.1f} ms"
        f"  best {best.value} {values[best]:+.6f}"
    )


def banker_game() -> None:
    punter, ms = timed(punter_analysis)
    print(
        f"banker game, punter's best play (2 decks):         {ms:9.1f} ms  "
        f"EV {100 * punter.best_ev:+.4f} % (policy {100 * punter.policy_ev:+.4f} %)"
    )
    banker, ms = timed(banker_analysis)
    print(
        f"banker game, banker's best play (2 decks):         {ms:9.1f} ms  "
        f"EV {100 * banker.best_ev:+.4f} % (policy {100 * banker.policy_ev:+.4f} %)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2024, help="seed of the depleted shoes")
    parser.add_argument(
        "--game", action="store_true", help="also time the H17 and infinite-deck round EVs"
    )
    parser.add_argument("--runs", type=int, default=5, help="runs of each issue-14 figure")
    args = parser.parse_args()
    rules = Rules()
    print(
        f"strategy engine bench (Python {sys.version.split()[0]}, single-threaded; "
        "6 decks, S17, peek, DAS unless said)"
    )
    issue_14_figures(args.runs)
    dealer_tables()
    ev_table(rules, with_split=False)
    ev_table(rules, with_split=True)
    depleted_decision(rules, args.seed)
    counter_decisions(rules, args.seed)
    chart(rules)
    game_evs(args.game)
    strategies_and_levels(rules)
    banker_game()
    print(f"peak memory of this process: {peak_mib():.0f} MiB")


if __name__ == "__main__":
    main()
