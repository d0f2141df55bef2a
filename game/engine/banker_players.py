"""The AI seats of the banker game "Двадцать одно" (seed 003) at three levels.

An AI seat gets the ``BankerObservation`` of its seat (banker.py ``observe``): its own cards,
what the table shows of the others (drawn cards face up, a bust hand turned up [18]), never a
face-down card or the shoe. The levels, the names the casino game's AI uses (players.py):

- ``easy``: seed 003's rule of thumb, as the table's AI always played: a punter draws while
  under 16 (rule 17: 16..20 are "close to 21"), the banker while under 17 (VARIANTS.md table
  4); banker.py's ``choose_action``.
- ``normal``: the best play by total (``BestPlay``: strategy/banker.py's best-play analysis,
  which a rule set's analysis stores as ``banker_play``): a punter plays the punter's row of
  its total and softness (against the banker's policy), the banker the banker's row (against
  punters who stood). The rows are the two-card cells; the analysis's cells after one and
  two draws give the same play for every total, so the row decides every draw. The play
  differs from easy on a hard 15 (both stand), a soft 16 and 17 (a punter draws), a hard 16
  (the banker stands) and a soft 17 (the banker draws).
- ``hard``: normal for a punter. The banker weighs every punter by its stake with what the
  table shows of it: against a punter still standing, the row's draw EV less its stand EV;
  against a bust punter, who loses to a banker who stands but pushes with a banker who busts
  too [18, 19], what a draw risks at once: the chance that the next card busts him, counted
  from the cards he cannot see. He draws when the sum is above 0 (so never once every punter
  is bust), else stands.

``make_banker_policy(level, best_play)`` builds a level's policy; "normal" and "hard" need
the stored rows, which the caller passes (``BestPlay.from_rows``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.banker import DECKS, BankerAction, BankerObservation, Role, choose_action
from game.engine.hands import hand_value
from game.engine.strategy.composition import card_value, full_shoe

type BankerPolicy = Callable[[BankerObservation], BankerAction]

LEVELS = ("easy", "normal", "hard")

# (total, soft) -> (EV of drawing, EV of standing), per unit staked, from the side's view.
type Rows = Mapping[tuple[int, bool], tuple[float, float]]


@dataclass(frozen=True, slots=True)
class BestPlay:
    """The best draw or stand by total for each side (strategy/banker.py, exact for the
    game's 2-deck shoe): ``punter`` against the banker's policy, ``banker`` against punters
    who stood; each maps (total, soft) to (draw EV, stand EV) per unit staked."""

    punter: Rows
    banker: Rows

    @classmethod
    def from_rows(cls, stored: Mapping[str, Sequence[Mapping[str, Any]]]) -> BestPlay:
        """From the stored ``banker_play`` payload: {"punter": rows, "banker": rows}, each
        row {"total", "soft", "best", "draw", "stand"} (game/rulesets/store.py). Raises
        KeyError for a payload without either side."""

        def rows(side: str) -> Rows:
            return {
                (int(r["total"]), bool(r["soft"])): (float(r["draw"]), float(r["stand"]))
                for r in stored[side]
            }

        return cls(punter=rows("punter"), banker=rows("banker"))

    def row(self, role: Role, total: int, soft: bool) -> tuple[float, float] | None:
        """(draw EV, stand EV) of ``role``'s row for the total, None when there is none."""
        return (self.banker if role is Role.BANKER else self.punter).get((total, soft))


def _by_row(obs: BankerObservation, best_play: BestPlay) -> BankerAction:
    """The row's better action (a tie stands); the seed's thresholds for a total without a
    row (none is missing for a hand that may still draw)."""
    if BankerAction.DRAW not in obs.legal_actions:
        return BankerAction.STAND
    value = hand_value(obs.cards)
    row = best_play.row(obs.role, value.total, value.soft)
    if row is None:
        return choose_action(obs)
    draw, stand = row
    return BankerAction.DRAW if draw > stand else BankerAction.STAND


def bust_chance(obs: BankerObservation) -> float:
    """The chance that one more card takes the seat's hand past 21, from the cards it cannot
    see: the game's two decks less its own cards and every card the table shows."""
    value = hand_value(obs.cards)
    unseen = list(full_shoe(DECKS))
    for card in (*obs.cards, *(c for other in obs.others for c in other.visible)):
        # A scripted test shoe may hold more of a card than two decks: never below none.
        unseen[card_value(card) - 1] = max(unseen[card_value(card) - 1] - 1, 0)
    total = sum(unseen)
    if total == 0:
        return 0.0
    # An ace counts 1 when 11 would bust (hands.py), so only a hard total can bust at once.
    low = value.total if not value.soft else value.total - 10
    busting = sum(n for v, n in enumerate(unseen, start=1) if low + v > 21)
    return busting / total


def _weighs_the_table(obs: BankerObservation, best_play: BestPlay) -> BankerAction:
    """The hard banker: draw when the stakes weigh for it (module docstring)."""
    if BankerAction.DRAW not in obs.legal_actions:
        return BankerAction.STAND
    value = hand_value(obs.cards)
    row = best_play.row(Role.BANKER, value.total, value.soft)
    if row is None:
        return choose_action(obs)
    draw, stand = row
    risk = bust_chance(obs)
    gain = 0.0
    for other in obs.others:
        if other.role is not Role.PUNTER:
            continue
        gain += float(other.stake) * (-risk if other.bust else draw - stand)
    return BankerAction.DRAW if gain > 0 else BankerAction.STAND


def make_banker_policy(level: str, best_play: BestPlay | None = None) -> BankerPolicy:
    """The policy of AI ``level`` ("easy", "normal" or "hard") in the banker game.

    ``best_play``: the stored best-play rows, needed by "normal" and "hard". Raises
    ValueError for an unknown level or a level that needs ``best_play`` without it."""
    if level == "easy":
        return choose_action
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; use one of {', '.join(LEVELS)}")
    if best_play is None:
        raise ValueError(f"the {level} level plays by the stored best-play rows")
    play = best_play

    def normal(obs: BankerObservation) -> BankerAction:
        """The best play by total: the row of the seat's role."""
        return _by_row(obs, play)

    def hard(obs: BankerObservation) -> BankerAction:
        """A punter as normal; the banker weighs every punter's stake."""
        if obs.role is Role.BANKER:
            return _weighs_the_table(obs, play)
        return _by_row(obs, play)

    return normal if level == "normal" else hard


__all__ = ["LEVELS", "BankerPolicy", "BestPlay", "bust_chance", "make_banker_policy"]
