"""The progress of a rule set's background analysis (analyses.py): the panel that pages show
while it waits or runs, polled by HTMX, and the retry of a failed one."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRefresh

from game.rulesets.analyses import AnalysisState, analysis_state, retry_analysis
from game.rulesets.models import Analysis
from trainer.web.http import HtmxHttpRequest, respond
from trainer.web.redirects import safe_next


def progress_context(request: HttpRequest, state: AnalysisState | None) -> dict[str, Any]:
    """What ``rulesets/analysis.html#analysis-progress`` needs, for a page at this request's
    path: the state (None once the analysis is done, so pages can test ``analysis``) and
    the page to reload."""
    return {
        "analysis": None if state is None or state.ready else state,
        "analysis_next": request.get_full_path(),
    }


@require_safe
def analysis_status(request: HtmxHttpRequest, rules_id: str) -> HttpResponse:
    """The progress panel of the analysis of ``rules_id`` (404 for one never started); once
    it is done, an HTMX poll gets HX-Refresh (the page reloads with the results) and a plain
    request is sent to ``next``; before, a plain request gets the progress as a whole page."""
    analysis = Analysis.objects.filter(rules_id=rules_id).first()
    if analysis is None:
        raise Http404("no such analysis")
    state = analysis_state(analysis.rules)
    target = safe_next(request, reverse("game:home"))
    if state.ready:
        return HttpResponseClientRefresh() if request.htmx else redirect(target)
    context = {"analysis": state, "analysis_next": target}
    if not request.htmx:  # the panel's own link, followed without JavaScript: a whole page
        context["title"] = _("These rules are being analysed")
        return render(request, "rulesets/analysis.html", context)
    return render(request, "rulesets/analysis.html#analysis-progress", context)


@require_POST
def analysis_retry(request: HtmxHttpRequest, rules_id: str) -> HttpResponse:
    """Queue a failed analysis again (404 for one never started) and show its progress (an
    HTMX post) or go back to the posted ``next`` page."""
    state = retry_analysis(rules_id)
    if state is None:
        raise Http404("no such analysis")
    target = safe_next(request, reverse("game:home"))
    if state.ready and request.htmx:
        return HttpResponseClientRefresh()
    context = {"analysis": state, "analysis_next": target}
    return respond(
        request, "rulesets/analysis.html", "analysis-progress", context, redirect_to=target
    )
