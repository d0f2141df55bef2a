"""The custom rule set pages: the form that builds one from a preset, and each rule set's own
page (its rules, its shareable URL, a button to play it). Valid posts are redirected to the
rule set's page; invalid ones are shown again with their messages, at status 200 so that
HTMX swaps them in as it would any page."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_safe
from django_htmx.http import HttpResponseClientRedirect

from game.rulesets import store
from game.rulesets.analyses import TooManyAnalyses, analysis_state, start_analysis
from game.rulesets.analysis_views import progress_context
from game.rulesets.forms import BASES, DEFAULT_BASE, RuleSetForm, rules_table
from game.rulesets.models import RuleSet, variant_name
from game.rulesets.words import rules_summary
from trainer.web.http import HtmxHttpRequest
from trainer.web.labels import VARIANT_NAMES
from trainer.web.visitors import visitor_id


@require_http_methods(["GET", "HEAD", "POST"])
def ruleset_new(request: HtmxHttpRequest) -> HttpResponse:
    """GET: the form with a preset's values (``?base=croatian``) or a copy of a saved rule
    set's (``?from=<id>``); 404 for an unknown preset or id. POST: save the rules and go to
    their page, or show the form again with its messages."""
    copied = None
    refused = None  # the bound on pending analyses (the rules themselves are fine)
    if "from" in request.GET:
        try:
            copied = RuleSet.get_by_id(request.GET["from"])
        except RuleSet.DoesNotExist:
            raise Http404("no such rule set") from None
    if request.method == "POST":
        form = RuleSetForm(request.POST)
        if form.is_valid():
            rules = form.rules
            assert rules is not None  # a valid form has its rules
            try:
                # Queue its analysis first: beyond the visitor's bound nothing is saved.
                start_analysis(rules, visitor_id(request, create=True))
            except TooManyAnalyses as exc:
                refused = exc.message
            else:
                ruleset = RuleSet.save_rules(rules, form.cleaned_data["base"])
                url = reverse("rulesets:ruleset", kwargs={"ruleset_id": ruleset.id})
                return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
        base = form.data.get("base") if form.data.get("base") in BASES else DEFAULT_BASE
    elif copied is not None:
        base = copied.base if copied.base in BASES else DEFAULT_BASE
        form = RuleSetForm(base=base, rules=copied.rules)
    else:
        base = request.GET.get("base", DEFAULT_BASE)
        if base not in BASES:  # unknown, or a preset of another game (the banker game)
            raise Http404("no such preset")
        form = RuleSetForm(base=base)
    context = {
        "form": form,
        "base": base,
        "bases": [{"value": b, "label": VARIANT_NAMES[b]} for b in BASES],
        "copied": copied,
        "copied_name": variant_name(copied.variant) if copied is not None else None,
        "refused": refused,
    }
    if request.htmx and request.method == "POST":
        return render(request, "rulesets/ruleset_form.html#ruleset-form", context)
    return render(request, "rulesets/ruleset_form.html", context)


@require_safe
def ruleset_page(request: HtmxHttpRequest, ruleset_id: str) -> HttpResponse:
    """A rule set's page: its rules in sentences and in a table, its shareable URL, a form
    that opens a table with these rules (ending the visitor's current table), and while its
    analysis waits or runs, its progress (polled; the page reloads when it is done), then
    its result: the house edge with perfect play and with the chart (casino games)."""
    ruleset = get_object_or_404(RuleSet, pk=ruleset_id)
    rules = ruleset.rules
    state = analysis_state(rules, visitor_id(request, create=False))
    # The analysis' result, once stored (read, never computed here): the house edge
    edges = None
    if state.status == "done" and rules.game == "casino":
        edges = {
            "house_edge": -100 * store.game_ev_for(rules, "cd"),
            "house_edge_chart": -100 * store.game_ev_for(rules, "td"),
        }
    return render(
        request,
        "rulesets/ruleset.html",
        {
            "ruleset": ruleset,
            "name": variant_name(ruleset.variant),
            "base_name": VARIANT_NAMES.get(ruleset.base, ruleset.base),
            "rules_summary": rules_summary(rules),
            "rules_table": rules_table(rules),
            "share_url": request.build_absolute_uri(
                reverse("rulesets:ruleset", kwargs={"ruleset_id": ruleset.id})
            ),
            "edges": edges,
            **progress_context(request, state),
        },
    )
