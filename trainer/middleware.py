"""Site-wide middleware."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django_htmx.http import HttpResponseClientRefresh

from game.rulesets.analyses import analysis_state
from game.rulesets.analysis_views import progress_context
from game.rulesets.store import AnalysisPending


class MethodNotAllowedPage:
    """Give an empty 405 answer (``require_POST`` and the like) a page in the person's
    language that says nothing was changed; the ``Allow`` header is kept."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code == 405 and not response.content and request.method != "HEAD":
            response.content = render_to_string("405.html", request=request).encode()
            response["Content-Type"] = "text/html; charset=utf-8"
        return response


class AnalysisPendingPage:
    """Whatever page finds its rule set's analysis not stored yet (``AnalysisPending``, from
    game/rulesets/store.py: a page that does not show the progress itself) answers at once
    with the analysis's progress, which fills in when the background task is done; an HTMX
    request reloads its page instead (which then shows the progress). Nothing is computed
    inside the request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, AnalysisPending):
            return None
        state = analysis_state(exception.rules)
        if getattr(request, "htmx", False):
            return HttpResponseClientRefresh()
        context = {
            "title": _("These rules are being analysed"),
            **progress_context(request, state),
        }
        if request.method not in ("GET", "HEAD"):
            context["analysis_next"] = reverse("game:home")
        return render(request, "rulesets/analysis.html", context)
