"""Replay a table decision: the recorded cards of its round, then a fresh shuffle, a
practice round.

What a replay deals (``replay_shoe``): the settled round is kept in
``RoundRecord.state``; every card of the round (the hands', split hands
included, and the dealer's) came from its shoe in order, so the round's cards in dealing
order are the shoe's last ``cards in the round`` dealt cards (``recorded_cards``). The
replay's own shoe deals those first and then a new shoe of the rule set's decks less those
cards, shuffled with a fresh CSPRNG (``Shoe.following``). It is stored with the replay and
never read from or written to a table: the live table's undealt cards (its next round, the
hole card of a round in play) cannot come out in a replay, however far it is played.

How a round is rebuilt: it is dealt again from that shoe with the same seats and the same
bets (each seat's initial bet), the AI seats play by their level's policy from their
observations (deterministic, as at the table), and the person's decisions of that round
taken before the replayed one (the log's rows of that table and round, in order) are
applied again (a double for less or a partial insurance at its full amount: the amount
changes no card). Each decision point reached is checked against the logged hand and
upcard, so a round that cannot be rebuilt exactly is refused instead of shown wrong.

The person's choice at the replayed decision is graded with ``advisor.grade`` against the
standard the logged decision was graded against; the round can then be played to the end
(every later decision graded too): the recorded cards first, then the fresh ones. Nothing
of it goes into the log, the bankroll or the table. Each replay (a second one of the same
decision, or two at once in two tabs) has its own row, version and freshly shuffled cards
after the recorded ones.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext_lazy as _

from game.engine.cards import Card, Shoe
from game.engine.casino_game import CasinoGame
from game.engine.players import AI_LEVELS
from game.engine.protocol import Setup
from game.engine.round import IllegalActionError, Round, apply, deal
from game.table.models import Replay, RoundRecord, parse_action, take_turn
from trainer.review.models import DecisionPoint, GradedDecision, grade_fields
from trainer.web.errors import Refused


def cards_in_round(rnd: Round) -> int:
    """Cards the round took from its shoe: every hand's and the dealer's."""
    return sum(len(h.cards) for h in rnd.hands) + len(rnd.dealer)


def recorded_cards(settled: Round) -> tuple[Card, ...]:
    """The cards a settled round took from its shoe, in dealing order.

    Raises Refused (translated) when the shoe does not hold them: too few cards dealt,
    or cards that are not the round's (a round whose shoe changed during it).
    """
    if settled.shoe.round_start is not None:
        # The shoe kept the round's cards, those dealt before a mid-round reshuffle too.
        cards = settled.shoe.on_table
    else:
        end = settled.shoe.position
        start = end - cards_in_round(settled)
        if start < 0:
            raise Refused(_("This round cannot be rebuilt from its shoe."))
        cards = settled.shoe.cards[start:end]
    on_table = [*(c for h in settled.hands for c in h.cards), *settled.dealer]
    if Counter(cards) != Counter(on_table):
        raise Refused(_("This round cannot be rebuilt from its shoe."))
    return cards


def replay_shoe(settled: Round, rng: Any = None) -> Shoe:
    """The shoe a replay of ``settled`` deals from: its recorded cards in order, then a
    fresh shuffle (``rng``, default a CSPRNG) of the rule set's decks less those cards
    (``Shoe.following``). Raises Refused like ``recorded_cards``."""
    return Shoe.following(recorded_cards(settled), settled.rules.decks, rng)


def _seating(decision: GradedDecision) -> Replay:
    """An unsaved replay of ``decision`` with its table's seating: the seats and the AI
    seats' level, which plays their turns as the table's did (``PlayedGame.play_ai``)."""
    table = decision.table
    assert table is not None
    if table.ai_level not in AI_LEVELS:
        raise Refused(_("This round was played with AI players this site no longer has."))
    return Replay(
        visitor=decision.visitor,
        decision=decision,
        seat_count=table.seat_count,
        human_seat=table.human_seat,
        ai_level=table.ai_level,
    )


def _play_ai(rnd: Round, seating: Replay) -> Round:
    """The AI seats' turns in ``rnd`` until the person is to act or the round is settled."""
    after = seating.play_ai(
        CasinoGame(rules=rnd.rules, setup=Setup(seats=seating.seat_count), round=rnd)
    ).round
    assert after is not None
    return after


def _at(rnd: Round, decision: GradedDecision, human_seat: int) -> bool:
    """True when ``rnd`` waits for the person's decision that ``decision`` logged."""
    hand = rnd.active_hand
    return (
        hand is not None
        and hand.seat == human_seat
        and [c.code for c in hand.cards] == list(decision.hand)
        and rnd.upcard.code == decision.upcard
        and rnd.phase is decision.phase
    )


def rebuild(decision: GradedDecision) -> Round:
    """The round of a logged table decision, dealt again from its recorded cards (then a
    fresh shuffle, ``replay_shoe``) and played up to that decision (see the module
    docstring).

    Raises Refused (translated message) for a drill answer, a round not yet settled at
    the table, a banker-game round, or a round that does not come out the same.
    """
    table = decision.table
    if decision.source != "table" or table is None:
        raise Refused(_("Only decisions made at the table can be replayed."))
    record = RoundRecord.objects.filter(table=table, number=decision.round_number).first()
    if record is None:
        raise Refused(
            _("This round has not ended at the table yet. Finish it there, then replay it.")
        )
    if table.rules.game != "casino":  # a replay deals a casino round again
        raise Refused(_("Only decisions made at the table can be replayed."))
    settled = record.round
    bets: list[Fraction] = []
    for seat in range(table.seat_count):
        hands = settled.hands_of_seat(seat)
        if not hands:
            raise Refused(_("This round cannot be rebuilt from its shoe."))
        bets.append(hands[0].base_bet)
    seating = _seating(decision)
    rnd = _play_ai(deal(settled.rules, bets, replay_shoe(settled)), seating)
    earlier = GradedDecision.objects.filter(
        table=table, round_number=decision.round_number, pk__lt=decision.pk
    ).order_by("pk")
    for before in earlier:
        if not _at(rnd, before, table.human_seat):
            raise Refused(_("This round cannot be rebuilt from its shoe."))
        try:
            rnd = apply(rnd, before.action)
        except IllegalActionError:
            raise Refused(_("This round cannot be rebuilt from its shoe.")) from None
        rnd = _play_ai(rnd, seating)
    if not _at(rnd, decision, table.human_seat):
        raise Refused(_("This round cannot be rebuilt from its shoe."))
    return rnd


def start_replay(decision: GradedDecision) -> Replay:
    """A new Replay of ``decision`` waiting at its decision point. Raises Refused."""
    rnd = rebuild(decision)
    replay = _seating(decision)
    replay.round_state = rnd.to_json()
    replay.save()
    return replay


def play(replay: Replay, action_text: str, version_text: str) -> Replay:
    """Take the posted action in the practice round the way the table takes one
    (``take_turn``: apply it, let the AI seats play, grade it while a hand of the person
    is to act, against the standard the logged decision was graded against) and save the
    round with the version bumped (``changing``, ``compare_and_set``).

    Raises Refused for a stale or missing version, a round already over, an unknown
    action or one the rules forbid now (the table's messages); nothing changes then.
    """
    with replay.changing(version_text) as current:
        game = current.game
        if not game.in_play:
            raise Refused(_("This replay is over. Replay the hand again to try once more."))
        action = parse_action(game, action_text)
        turn = take_turn(
            game,
            current.human_seat,
            action,
            None,
            standard=current.decision.standard,
            chips=None,
            ai=current.play_ai,
        )
        verdicts = list(current.verdicts)
        if turn.graded is not None and turn.verdict is not None:
            # The first action of a replay answers the replayed decision.
            point = DecisionPoint.of_round(turn.graded)
            verdicts.append({**grade_fields(turn.verdict, point), "replayed": current.version == 0})
        after = turn.after
        assert isinstance(after, CasinoGame) and after.round is not None
        current.compare_and_set(round_state=after.round.to_json(), verdicts=verdicts)
    return replay
