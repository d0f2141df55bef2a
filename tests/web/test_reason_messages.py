"""trainer/web/labels.py's REASON_MESSAGES: every Reason the engine can refuse something for has a
message, translated into every language of the site, so no refusal reaches a page in English
or as a KeyError.

A new Reason member without a message, or with a message missing from a catalog, fails here
(reason_message has no English fallback on purpose).
"""

from __future__ import annotations

import pytest
from django.utils.translation import override

from game.engine.errors import EngineError, Reason
from game.engine.round import IllegalActionError
from trainer.web.labels import REASON_MESSAGES, reason_message

TRANSLATED = ("sr-latn", "hr", "ru", "bg")


def test_every_reason_has_a_message_and_nothing_else_does() -> None:
    assert set(REASON_MESSAGES) == set(Reason)


@pytest.mark.parametrize("reason", list(Reason), ids=str)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_reason_is_translated(reason: Reason, lang: str) -> None:
    with override("en"):
        english = str(REASON_MESSAGES[reason])
    with override(lang):
        translated = str(REASON_MESSAGES[reason])
    assert translated
    assert translated != english, (lang, reason, english)


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_reason_message_is_the_reasons_message_in_the_active_language(lang: str) -> None:
    error = IllegalActionError(Reason.SPLIT_RANK, "You can split only two cards of the same rank.")
    with override(lang):
        assert reason_message(error) == str(REASON_MESSAGES[Reason.SPLIT_RANK])


def test_reason_message_does_not_fall_back_to_the_engines_english(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delitem(REASON_MESSAGES, Reason.AT_21)
    with pytest.raises(KeyError):
        reason_message(EngineError(Reason.AT_21, "Your total is 21."))


def test_the_old_codes_keep_their_words() -> None:
    # Messages the table showed before the Reason enum, by their old codes: the same msgids,
    # so the catalogs' translations still apply.
    with override("en"):
        assert str(REASON_MESSAGES[Reason("round_over")]) == (
            "This round is over. Place a bet and deal a new one."
        )
        assert str(REASON_MESSAGES[Reason("unknown_action")]) == (
            "That is not an action of this game."
        )
        assert str(REASON_MESSAGES[Reason("not_your_turn")]) == (
            "It is not your turn: play goes from the banker's left, the banker last."
        )
