"""Custom rule sets: the form that builds a ``Rules`` value from a casino preset by changing
its fields, and the table of every rule shown on a rule set's page.

The form speaks the player's words (S17/H17, "hole card and peek", 6:5) and maps them onto
the engine's fields; ``clean()`` refuses combinations that cannot be played, each with a
message saying why, and builds the Rules with ``find_rules(base).with_overrides(...)``.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django_stubs_ext import StrPromise

from game.engine.rules import Rules, RulesError
from game.engine.variants import CASINO_VARIANTS, find_rules
from game.rulesets.words import describe
from trainer.web.labels import VARIANT_NAMES, reason_message

# A rule set starts from a casino preset (the banker game is a different game, played by
# another engine).
BASES = CASINO_VARIANTS
DEFAULT_BASE = BASES[0]

# The dealer's game, as players tell it apart -> (dealer_hole_card, dealer_peeks).
DEALER_GAMES = {
    "peek": (True, True),
    "no-peek": (True, False),
    "enhc": (False, False),
}
PAYOUTS = ("3:2", "6:5", "1:1", "2:1")
SPLIT_HANDS = (1, 2, 3, 4)

# Field names in the order the form and the rules table show them, grouped under a legend.
FIELD_GROUPS = (
    (
        _("The shoe and the dealer"),
        (
            "decks",
            "dealer_hits_soft_17",
            "dealer_game",
            "lose_all_to_natural",
            "blackjack_payout",
        ),
    ),
    (_("Doubling"), ("double_on", "double_after_split", "double_for_less")),
    (_("Splitting"), ("split_by", "max_split_hands", "resplit_aces", "hit_split_aces")),
    (_("Surrender"), ("surrender", "surrender_vs_ace")),
    (_("Insurance"), ("insurance", "even_money", "insurance_for_less")),
    (_("Extras"), ("auto_stand_21", "three_sevens_payout")),
)


def _ratio(value) -> str:
    """A Fraction as the players write a payout: 3/2 -> "3:2", 1 -> "1:1"."""
    return f"{value.numerator}:{value.denominator}"


def initial_for(rules: Rules) -> dict[str, Any]:
    """The form's initial values that stand for ``rules``."""
    if rules.dealer_peeks:
        dealer_game = "peek"
    elif rules.dealer_hole_card:
        dealer_game = "no-peek"
    else:
        dealer_game = "enhc"
    return {
        "decks": rules.decks,
        "dealer_hits_soft_17": "h17" if rules.dealer_hits_soft_17 else "s17",
        "dealer_game": dealer_game,
        "lose_all_to_natural": "all" if rules.lose_all_to_natural else "initial",
        "blackjack_payout": _ratio(rules.blackjack_payout),
        "double_on": rules.double_on,
        "double_after_split": rules.double_after_split,
        "double_for_less": rules.double_for_less,
        "split_by": rules.split_by,
        "max_split_hands": rules.max_split_hands,
        "resplit_aces": rules.resplit_aces,
        "hit_split_aces": rules.hit_split_aces,
        "surrender": rules.surrender,
        "surrender_vs_ace": rules.surrender_vs_ace,
        "insurance": rules.insurance,
        "even_money": rules.even_money,
        "insurance_for_less": rules.insurance_for_less,
        "auto_stand_21": rules.auto_stand_21,
        "three_sevens_payout": "none"
        if rules.three_sevens_payout is None
        else _ratio(rules.three_sevens_payout),
    }


def _split_hands_choices() -> list[tuple[int, str]]:
    """Built per request: the labels count hands, so they need the active language's plurals."""
    return [(1, str(_("No splitting")))] + [
        (n, ngettext("Up to %(hands)d hand", "Up to %(hands)d hands", n) % {"hands": n})
        for n in SPLIT_HANDS[1:]
    ]


class RuleSetForm(forms.Form):
    """Every rule of a casino game, starting from a preset's values.

    ``RuleSetForm(base="croatian")`` shows the Croatian preset; ``RuleSetForm(rules=r,
    base=b)`` shows a saved rule set; ``RuleSetForm(request.POST)`` validates a post. Once
    valid, ``form.rules`` is the Rules value and ``form.cleaned_data["base"]`` its preset.
    """

    base = forms.ChoiceField(
        choices=[(b, VARIANT_NAMES[b]) for b in BASES],
        widget=forms.HiddenInput,
        error_messages={
            "required": _("Choose a preset to start from."),
            "invalid_choice": _("There is no such preset. Start from one of the presets above."),
        },
    )
    decks = forms.IntegerField(
        label=_("Decks in the shoe"),
        min_value=1,
        max_value=8,
        help_text=_("From 1 to 8. Fewer decks are slightly better for the player."),
        error_messages={
            "required": _("Enter the number of decks, from 1 to 8."),
            "invalid": _("Enter the number of decks, from 1 to 8."),
            "min_value": _("A shoe holds from 1 to 8 decks."),
            "max_value": _("A shoe holds from 1 to 8 decks."),
        },
    )
    dealer_hits_soft_17 = forms.ChoiceField(
        label=_("Soft 17"),
        choices=[
            ("s17", _("Dealer stands on soft 17 (S17)")),
            ("h17", _("Dealer hits soft 17 (H17)")),
        ],
        widget=forms.RadioSelect,
    )
    dealer_game = forms.ChoiceField(
        label=_("The dealer's second card"),
        choices=[
            ("peek", _("Hole card and peek")),
            ("no-peek", _("Hole card, no peek")),
            ("enhc", _("No hole card (ENHC)")),
        ],
        widget=forms.RadioSelect,
        help_text=_(
            "A dealer who peeks checks for a natural with an ace or a ten showing, before you "
            "play. Without a hole card the dealer takes the second card after you play."
        ),
    )
    lose_all_to_natural = forms.ChoiceField(
        label=_("A dealer natural found after you play takes"),
        choices=[
            ("all", _("All your bets, doubles and splits included")),
            ("initial", _("Only your initial bet")),
        ],
        widget=forms.RadioSelect,
        help_text=_("It matters only when the dealer does not peek."),
    )
    blackjack_payout = forms.ChoiceField(
        label=_("A natural pays"),
        choices=[(p, p) for p in PAYOUTS],
        help_text=_("On a bet of 10 chips, 3:2 pays 15 and 6:5 pays 12."),
        error_messages={"invalid_choice": _("A natural pays 3:2, 6:5, 1:1 or 2:1.")},
    )
    double_on = forms.ChoiceField(
        label=_("Double down on"),
        choices=[
            ("any", _("Any first two cards")),
            ("9-11", _("A hard 9, 10 or 11 only")),
            ("10-11", _("A hard 10 or 11 only")),
            ("none", _("Never: no doubling")),
        ],
    )
    double_after_split = forms.BooleanField(label=_("Double after a split (DAS)"), required=False)
    double_for_less = forms.BooleanField(
        label=_("Double for less"),
        required=False,
        help_text=_("When you double, add any amount up to your bet, not only the full bet."),
    )
    split_by = forms.ChoiceField(
        label=_("Split two cards of"),
        choices=[
            ("value", _("Equal value (a king with a queen too)")),
            ("rank", _("The same rank only (a king with a king)")),
        ],
    )
    max_split_hands = forms.TypedChoiceField(
        label=_("Hands from splitting"),
        coerce=int,
        help_text=_("Two hands is one split; more hands let you split again."),
    )
    resplit_aces = forms.BooleanField(
        label=_("Resplit aces (RSA)"),
        required=False,
        help_text=_("Split again when a split ace gets another ace."),
    )
    hit_split_aces = forms.BooleanField(
        label=_("Hit split aces"),
        required=False,
        help_text=_("Otherwise each split ace gets one card only."),
    )
    surrender = forms.ChoiceField(
        label=_("Kind of surrender"),
        help_text=_("Surrendering gives up the hand and keeps half the bet."),
        choices=[
            ("none", _("No surrender")),
            ("late", _("Late surrender: after the dealer peeks")),
            ("early", _("Early surrender: before the dealer checks for a natural")),
        ],
        widget=forms.RadioSelect,
    )
    surrender_vs_ace = forms.BooleanField(
        label=_("Surrender allowed against a dealer ace"), required=False
    )
    insurance = forms.BooleanField(
        label=_("Insurance against a dealer ace"),
        required=False,
        help_text=_("A side bet of half your bet that pays 2:1 if the dealer has a natural."),
    )
    even_money = forms.BooleanField(
        label=_("Even money for your natural against an ace"),
        required=False,
        help_text=_("Take 1:1 at once instead of risking a push with the dealer's natural."),
    )
    insurance_for_less = forms.BooleanField(
        label=_("Insure for less than half the bet"), required=False
    )
    auto_stand_21 = forms.BooleanField(
        label=_("A hand that reaches 21 stands by itself"), required=False
    )
    three_sevens_payout = forms.ChoiceField(
        label=_("Three sevens bonus"),
        choices=[
            ("none", _("No bonus")),
            ("3:2", _("Three sevens as the first three cards pay 3:2 at once")),
        ],
    )

    def __init__(
        self,
        data: Any = None,
        *,
        base: str = DEFAULT_BASE,
        rules: Rules | None = None,
        **kwargs: Any,
    ) -> None:
        """Raises RulesError for an unknown ``base`` when no ``rules`` are given."""
        start = rules if rules is not None else find_rules(base)
        kwargs.setdefault("initial", {"base": base, **initial_for(start)})
        super().__init__(data, **kwargs)
        split_hands = self.fields["max_split_hands"]
        assert isinstance(split_hands, forms.ChoiceField)
        split_hands.choices = _split_hands_choices()
        self.rules: Rules | None = None

    def fieldsets(self) -> list[tuple[StrPromise, list[forms.BoundField]]]:
        """The visible fields under their legends, for the template."""
        return [(legend, [self[name] for name in names]) for legend, names in FIELD_GROUPS]

    def clean(self) -> dict[str, Any]:
        """Refuse combinations that cannot be played, then build ``self.rules``; should Rules
        still refuse them (a RulesError), the form error gives its reason's translated message
        (trainer.web.labels.reason_message)."""
        data = super().clean() or {}
        for field, message in impossible_combinations(data):
            if field not in self.errors:
                self.add_error(field, message)
        if self.errors:
            return data
        base = data["base"]
        hole_card, peeks = DEALER_GAMES[data["dealer_game"]]
        overrides = {
            "decks": data["decks"],
            "dealer_hits_soft_17": data["dealer_hits_soft_17"] == "h17",
            "dealer_hole_card": hole_card,
            "dealer_peeks": peeks,
            "lose_all_to_natural": data["lose_all_to_natural"] == "all",
            "blackjack_payout": data["blackjack_payout"],
            "double_on": data["double_on"],
            "double_after_split": data["double_after_split"],
            "double_for_less": data["double_for_less"],
            "split_by": data["split_by"],
            "max_split_hands": data["max_split_hands"],
            "resplit_aces": data["resplit_aces"],
            "hit_split_aces": data["hit_split_aces"],
            "surrender": data["surrender"],
            "surrender_vs_ace": data["surrender_vs_ace"],
            "insurance": data["insurance"],
            "even_money": data["even_money"],
            "insurance_for_less": data["insurance_for_less"],
            "auto_stand_21": data["auto_stand_21"],
            "three_sevens_payout": data["three_sevens_payout"],
            # Not a form field: the deal order changes no odds; it follows the preset, and
            # a game without a hole card cannot deal it first.
            "hole_card_first": find_rules(base).hole_card_first and hole_card,
            "game": "casino",
            "max_draws": None,
        }
        try:
            self.rules = find_rules(base).with_overrides(overrides)
        except RulesError as exc:
            # The checks above catch every combination Rules refuses; this is the last guard.
            raise ValidationError(
                _("These rules cannot be played together. %(reason)s"),
                code="impossible",
                params={"reason": reason_message(exc)},
            ) from exc
        return data


def impossible_combinations(data: dict[str, Any]) -> list[tuple[str, StrPromise]]:
    """(field, message) for each combination of ``data`` (cleaned values) no game can have.

    A dealer who peeks without a hole card cannot be chosen: "dealer_game" offers only the
    three real dealer games."""
    problems: list[tuple[str, StrPromise]] = []
    doubling = data.get("double_on", "any") != "none"
    splitting = data.get("max_split_hands", 4) >= 2
    if data.get("surrender") == "late" and data.get("dealer_game") != "peek":
        problems.append(
            (
                "surrender",
                _("Late surrender happens after the dealer peeks, so it needs a dealer who peeks."),
            )
        )
    if data.get("surrender") == "early" and data.get("dealer_game") == "peek":
        problems.append(
            (
                "surrender",
                _(
                    "Early surrender comes before the dealer could check for a natural; with "
                    "a dealer who peeks, choose late surrender."
                ),
            )
        )
    if data.get("double_after_split") and not doubling:
        problems.append(
            (
                "double_after_split",
                _("Doubling after a split needs doubling: choose when a player may double."),
            )
        )
    elif data.get("double_after_split") and not splitting:
        problems.append(
            (
                "double_after_split",
                _("Doubling after a split needs splitting: allow at least 2 hands."),
            )
        )
    if data.get("double_for_less") and not doubling:
        problems.append(
            (
                "double_for_less",
                _("Doubling for less needs doubling: choose when a player may double."),
            )
        )
    # Resplitting makes a third hand at least; with two hands at most it could never happen.
    if data.get("resplit_aces") and data.get("max_split_hands", 4) < 3:
        problems.append(
            (
                "resplit_aces",
                _("Resplitting aces makes a third hand, so it needs at least 3 hands."),
            )
        )
    if data.get("hit_split_aces") and not splitting:
        problems.append(
            ("hit_split_aces", _("Hitting split aces needs splitting: allow at least 2 hands."))
        )
    if data.get("even_money") and not data.get("insurance"):
        problems.append(
            (
                "even_money",
                _("Even money is insurance taken on a natural, so it needs insurance."),
            )
        )
    if data.get("insurance_for_less") and not data.get("insurance"):
        problems.append(
            ("insurance_for_less", _("Insuring for less needs insurance to be offered."))
        )
    return problems


# The form's fields that stand for several Rules fields.
ROW_FIELDS = {"dealer_game": ("dealer_hole_card", "dealer_peeks")}


def rules_table(rules: Rules) -> list[dict[str, Any]]:
    """Every rule of ``rules`` as rows of (legend, label, value) in the player's words, in the
    form's order, for the rule set's page; each row's ``sentences`` state it in the words of
    ``game.rulesets.words.describe`` (the table's and the rule page's)."""
    form = RuleSetForm(rules=rules)
    values = initial_for(rules)
    sentences = describe(rules)

    def said(name: str) -> list[str]:
        """The sentences stating the row's fields (the dealer's game is two fields)."""
        names = ROW_FIELDS.get(name, (name,))
        return [s.text for s in sentences if set(s.fields) & set(names)]

    rows: list[dict[str, Any]] = []
    for legend, names in FIELD_GROUPS:
        for index, name in enumerate(names):
            field = form.fields[name]
            value = values[name]
            if isinstance(field, forms.BooleanField):
                shown = _("Yes") if value else _("No")
            elif isinstance(field, forms.ChoiceField):
                # The widget's options carry the choices as the form shows them.
                labels = {w.data["value"]: w.choice_label for w in form[name].subwidgets}
                shown = labels.get(value, value)
            else:
                shown = value
            rows.append(
                {
                    "legend": legend if index == 0 else None,
                    "label": field.label,
                    "value": shown,
                    "name": name,
                    "sentences": said(name),
                }
            )
            if name == "dealer_game" and rules.dealer_hole_card:
                rows.append(
                    {
                        "legend": None,
                        "label": _("Hole card dealt before the upcard"),
                        "value": _("Yes") if rules.hole_card_first else _("No"),
                        "name": "hole_card_first",
                        "sentences": said("hole_card_first"),
                    }
                )
    return rows
