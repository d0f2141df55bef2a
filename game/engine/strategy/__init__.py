"""The strategy engine: exact expected values computed from the rules, never from charts.

Each name has one home; import it from its module (this package re-exports nothing). From
the bottom up:

- composition.py: shoe compositions (unseen cards by value, ace to ten) and the in-place
  ``DrawState`` the recursions draw from.
- dealer.py: the dealer's final-total distribution for an upcard and a shoe (S17/H17,
  finite or infinite deck, optionally given no natural after the peek).
- cache.py: the engine's types (``StrategyError``, ``HandEVs``, the ``HandPolicy``
  protocol) and the ``EVCache`` of dealer distributions and player values its calls share.
- recursion.py: the player's side of the EVs, a recursion over the shoe for one upcard
  (stand, hit, double, and playing on with a fixed strategy).
- splits.py: the EV of a split (CDZ-) by Farmer's method.
- hand.py: ``hand_evs``, the EV of stand, hit, double, split and surrender for any hand
  (its module docstring has the engine's conventions), and ``insurance_ev``.
- chart.py: the total-dependent basic strategy chart derived from the EVs, and
  ``ChartPolicy``, a chart as a policy.
- game_ev.py: the EV of the whole round, composition-dependent (``game_ev``) or for a fixed
  policy such as the basic strategy chart (``game_ev(strategy="td")``, ``policy_game_ev``).
- levels.py: the AI levels (easy, normal = the chart, hard = the exact play) as policies
  and the exact EV of each (``level_ev``).
- advisor.py: grades of a decision against the EVs of the actions offered.
- counter.py: a perfect card counter's EVs against the shoe as it really is.
- banker.py: best play in the historical banker game (seed 003), punter and banker.

Published charts and EVs (../shared/ORACLES.md) are test oracles only; nothing here reads
them. No Django; numpy solves the dealer's draws for many shoes at once (dealer.py), the
player's decisions are Python recursions over the shoe, and for a whole deal (a chart, a
game EV) numpy values every hand of the deal at once (``EVCache.prepare``) and finds the
split hands' endings (splits.py).

Speed at 6 decks, single-threaded (``make bench``): one decision against any shoe in a few
ms (a pair with its split in some 30 ms); the cd game EV in about 0.45-0.6 s of CPU, the
whole analysis of a rule set (``game_ev.analysis``: chart, cd and td EVs) in about 0.8-0.95 s;
about 50 MB.
"""
