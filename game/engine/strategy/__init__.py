"""The strategy engine: exact expected values computed from the rules, never from charts.

- composition.py: shoe compositions (unseen cards by value, ace to ten) and the in-place
  ``DrawState`` the recursions draw from.
- dealer.py: the dealer's final-total distribution for an upcard and a shoe (S17/H17,
  finite or infinite deck, optionally given no natural after the peek).
- ev.py: the EV of stand, hit, double, split (CDZ-) and surrender for any hand, insurance,
  and the EV of the whole round, composition-dependent (``game_ev``) or for a fixed policy
  such as the basic strategy chart (``game_ev(strategy="td")``, ``policy_game_ev``).
- chart.py: the total-dependent basic strategy chart derived from the EVs.
- levels.py: the AI levels (easy, normal = the chart, hard = the exact play) as policies
  and the exact EV of each (``level_ev``).
- counter.py: a perfect card counter's EVs against the shoe as it really is.
- banker.py: best play in the historical banker game (seed 003), punter and banker.

Published charts and EVs (../shared/ORACLES.md) are test oracles only; nothing here reads
them. No Django; numpy solves the dealer's draws for many shoes at once (dealer.py), the
player's decisions are plain Python recursions over the shoe.

Speed at 6 decks (``make bench``): one decision against any shoe in a few ms (a pair with
its split in some 30 ms), a basic strategy chart or the game EV in about a second and
some 50 MB.
"""

from game.engine.strategy.composition import (
    Composition,
    CompositionError,
    card_value,
    full_shoe,
    natural_probability,
    remove_cards,
)
from game.engine.strategy.dealer import DealerSolver, DealerTotals, dealer_totals
from game.engine.strategy.ev import (
    EVCache,
    HandEVs,
    StrategyError,
    game_ev,
    hand_evs,
    insurance_ev,
)

__all__ = [
    "Composition",
    "CompositionError",
    "DealerSolver",
    "DealerTotals",
    "EVCache",
    "HandEVs",
    "StrategyError",
    "card_value",
    "dealer_totals",
    "full_shoe",
    "game_ev",
    "hand_evs",
    "insurance_ev",
    "natural_probability",
    "remove_cards",
]
