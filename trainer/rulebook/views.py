"""The landing page and the rule pages.

- ``landing`` (``/<lang>/``): what the site offers, leading to the rules, the table and the
  drills.
- ``index`` (``/<lang>/rulebook/``): the five games with their key facts.
- ``variant_page`` (``/<lang>/rulebook/<variant>/``): one preset's rules; 404 for a name
  that is not a preset.
- ``custom_page`` (``/<lang>/rulebook/custom/<id>/``): a saved custom rule set's rules; 404
  for an unknown id.

Every rule stated comes from the game's ``Rules`` value through facts.py, the examples are
played by the engine (examples.py), and the prose around them is a template written in each
language (templates/rulebook/prose/<language>/).
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import get_language, pgettext_lazy
from django.views.decorators.http import require_safe

from game.engine.rules import PRESETS, Rules, RulesError, find_rules
from game.labels import VARIANT_NAMES
from game.models import START_BANKROLL, RuleSet
from game.table_view import variant_name
from trainer.rulebook import examples, facts
from trainer.rulebook.choices import site_choices

# The games in the order the index lists them (VARIANTS.md's order, European first as the
# table's default).
VARIANTS = ("european", "ajnc", "croatian", "russian", "dvadtsat-odno")

# The languages whose prose the rule pages have (templates/rulebook/prose/<code>/).
PROSE_LANGUAGES = ("en", "sr-latn", "hr", "ru", "bg")

SECTION_TITLES = {
    "goal": pgettext_lazy("rule page section", "The goal"),
    "cards": pgettext_lazy("rule page section", "Card values"),
    "deal": pgettext_lazy("rule page section", "The deal"),
    "options": pgettext_lazy("rule page section", "Your options"),
    "dealer": pgettext_lazy("rule page section", "The dealer's rule"),
    "payouts": pgettext_lazy("rule page section", "Payouts"),
    "special": pgettext_lazy("rule page section", "Special rules"),
    "end": pgettext_lazy("rule page section", "How a round ends"),
    "bank": pgettext_lazy("rule page section", "The banker and the punters"),
    "drawing": pgettext_lazy("rule page section", "Drawing"),
    "talia": pgettext_lazy("rule page section", "The talia and the rotating bank"),
    "banker_end": pgettext_lazy("rule page section", "How a deal ends"),
    "choices": pgettext_lazy("rule page section", "This site's choices"),
    "readings": pgettext_lazy("rule page section", "Readings of the source"),
    "glossary": pgettext_lazy("rule page section", "Glossary"),
}


def prose_dir() -> str:
    """The template folder of the active language's prose ("rulebook/prose/ru/")."""
    language = get_language() or "en"
    code = language if language in PROSE_LANGUAGES else "en"
    return f"rulebook/prose/{code}/"


def drills_url() -> str:
    """The drills' index, or its path while the drills app has no such page yet."""
    try:
        return reverse("drills:index")
    except NoReverseMatch:
        return f"/{get_language() or 'en'}/drills/"


@require_safe
def landing(request: HttpRequest) -> HttpResponse:
    """The site's front page in the URL's language."""
    return render(
        request,
        "rulebook/landing.html",
        {
            "prose": prose_dir(),
            "drills_url": drills_url(),
            "games": _games(),
        },
    )


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    """The five games, each with its key facts computed from its preset."""
    return render(request, "rulebook/index.html", {"prose": prose_dir(), "games": _games()})


def _games() -> list[dict[str, Any]]:
    return [
        {
            "variant": name,
            "name": VARIANT_NAMES[name],
            "url": reverse("rulebook:variant", kwargs={"variant": name}),
            "facts": facts.key_facts(find_rules(name)),
            "banker": find_rules(name).game == "banker",
        }
        for name in VARIANTS
    ]


@require_safe
def variant_page(request: HttpRequest, variant: str) -> HttpResponse:
    """One preset's rule page; 404 for a name that is not a preset."""
    if variant not in PRESETS:
        raise Http404("no such game")
    try:
        rules = find_rules(variant)
    except RulesError as exc:  # the registry changed under us
        raise Http404("no such game") from exc
    return _rule_page(request, rules, variant=variant, name=str(VARIANT_NAMES.get(variant, "")))


@require_safe
def custom_page(request: HttpRequest, ruleset_id: str) -> HttpResponse:
    """A saved custom rule set's rule page; 404 for an unknown id."""
    ruleset = get_object_or_404(RuleSet, pk=ruleset_id)
    try:
        rules = ruleset.rules
    except RulesError as exc:  # a stored rule set this engine can no longer read
        raise Http404("no such rule set") from exc
    return _rule_page(
        request,
        rules,
        variant=ruleset.variant,
        name=variant_name(ruleset.variant),
        ruleset=ruleset,
    )


def _rule_page(
    request: HttpRequest,
    rules: Rules,
    *,
    variant: str,
    name: str,
    ruleset: RuleSet | None = None,
) -> HttpResponse:
    """The rule page of ``rules``: the banker game's own page, or the casino page."""
    banker_game = rules.game == "banker"
    if banker_game:
        by_section = facts.banker_facts(rules)
        worked = examples.banker_examples(rules)
        order = ("goal", *facts.BANKER_SECTIONS)
        prose_file = "banker.html"
    else:
        by_section = facts.casino_facts(rules)
        worked = examples.casino_examples(rules)
        order = ("goal", *facts.CASINO_SECTIONS)
        prose_file = "casino.html"
    sections = [
        {
            "id": section,
            "title": SECTION_TITLES["banker_end" if banker_game and section == "end" else section],
            "prose": f"{prose_dir()}{prose_file}#{section}",
            "facts": by_section.get(section, []),
            "examples": worked.get(section, []),
        }
        for section in order
    ]
    choices = site_choices(variant, by_section, rules)
    context = {
        "name": name,
        "variant": variant,
        "rules": rules,
        "banker_game": banker_game,
        "ruleset": ruleset,
        "prose": prose_dir(),
        "intro": f"{prose_dir()}{'banker.html#intro' if banker_game else _intro(variant)}",
        "sections": sections,
        "counting": examples.counting_examples(banker_game=banker_game),
        "rotation": examples.rotation_example() if banker_game else [],
        "choices": choices,
        "choices_title": SECTION_TITLES["readings" if banker_game else "choices"],
        "glossary_title": SECTION_TITLES["glossary"],
        "glossary": f"{prose_dir()}glossary.html#{'banker' if banker_game else 'casino'}",
        "games": [
            {"variant": v, "name": VARIANT_NAMES[v], "url": reverse("rulebook:variant", args=[v])}
            for v in VARIANTS
        ],
        "start_bankroll": START_BANKROLL,
    }
    return render(request, "rulebook/rules.html", context)


def _intro(variant: str) -> str:
    """The variant's introduction partial (the custom one for a rule set)."""
    return f"variants.html#{variant if variant in PRESETS else 'custom'}"
