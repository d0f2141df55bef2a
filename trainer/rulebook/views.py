"""The landing page and the rule pages.

- ``landing`` (``/<lang>/``): what the site offers, leading to the rules, the table, the
  drills, the basic strategy charts of the casino games, the review and the custom rules.
- ``index`` (``/<lang>/rulebook/``): the five games with their key facts, and the custom
  rule sets this visitor has played or been graded on.
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
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import get_language, pgettext_lazy
from django.views.decorators.http import require_safe

from game.engine.rules import Rules, RulesError
from game.engine.variants import VARIANTS, find_rules, is_variant
from game.rulesets.models import RuleSet, custom_ids, variant_name
from trainer.rulebook import examples, facts
from trainer.rulebook.choices import site_choices
from trainer.web.labels import VARIANT_NAMES
from trainer.web.visitors import used_variants, visitor_id

# The languages whose prose the rule pages have (templates/rulebook/prose/<code>/; sr/ is
# generated from sr-latn/ by scripts/po_fill.py).
PROSE_LANGUAGES = ("en", "sr-latn", "sr", "hr", "ru", "bg")

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


def drills_url(variant: str = "") -> str:
    """The drills' index, or its path while the drills app has no such page yet; with a
    ``variant`` the index with that game chosen (``?variant=european``)."""
    try:
        url = reverse("drills:index")
    except NoReverseMatch:
        url = f"/{get_language() or 'en'}/drills/"
    return f"{url}?{urlencode({'variant': variant})}" if variant else url


def chart_url(variant: str) -> str:
    """The basic strategy chart page of a casino game or custom rule set."""
    return reverse("rulesets:chart", args=[variant])


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
    """The five games, each with its key facts computed from its preset, then the custom
    rule sets of this visitor (none listed for a visitor without any)."""
    return render(
        request,
        "rulebook/index.html",
        {"prose": prose_dir(), "games": _games(), "custom": visitor_rule_sets(request)},
    )


def _games() -> list[dict[str, Any]]:
    games = []
    for variant in VARIANTS:
        name = variant.name
        banker_game = not variant.casino
        games.append(
            {
                "variant": name,
                "name": VARIANT_NAMES[name],
                "url": reverse("rulebook:variant", kwargs={"variant": name}),
                "facts": facts.key_facts(variant.rules),
                "banker": banker_game,
                "chart_url": "" if banker_game else chart_url(name),
            }
        )
    return games


def visitor_rule_sets(request: HttpRequest) -> list[dict[str, Any]]:
    """The custom rule sets this visitor has played, drilled or been graded on (the custom
    variants of every row they own: ``used_variants``), oldest first,
    each with its name, the game it was built from and its rule page. None without a visitor
    id (none is made), and none for a rule set this engine can no longer read."""
    visitor = visitor_id(request, create=False)
    if visitor is None:
        return []
    ids = custom_ids(used_variants(visitor))
    found = []
    for ruleset in RuleSet.objects.filter(pk__in=ids).order_by("created_at", "id"):
        try:
            ruleset.rules  # noqa: B018 (a rule set that no longer reads has no rule page)
        except RulesError:
            continue
        found.append(
            {
                "id": ruleset.id,
                "name": variant_name(ruleset.variant),
                "base": VARIANT_NAMES.get(ruleset.base, ruleset.base),
                "url": reverse("rulebook:custom", kwargs={"ruleset_id": ruleset.id}),
            }
        )
    return found


@require_safe
def variant_page(request: HttpRequest, variant: str) -> HttpResponse:
    """One preset's rule page; 404 for a name that is not a preset."""
    if not is_variant(variant):
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
            {
                "variant": v.name,
                "name": VARIANT_NAMES[v.name],
                "url": reverse("rulebook:variant", args=[v.name]),
            }
            for v in VARIANTS
        ],
        # The glossary's ENHC entry: when this game's dealer gets the second card.
        "second_card": "" if banker_game else facts.second_card_sentence(rules),
        # Practice: the game's basic strategy chart and its drills (no chart, no drills for
        # the banker game).
        "chart_url": "" if banker_game else chart_url(variant),
        "drill_url": "" if banker_game else drills_url(variant),
    }
    return render(request, "rulebook/rules.html", context)


def _intro(variant: str) -> str:
    """The variant's introduction partial (the custom one for a rule set)."""
    return f"variants.html#{variant if is_variant(variant) else 'custom'}"
