"""Template context shared by every page."""

from django.conf import settings
from django.http import HttpRequest
from django.urls import NoReverseMatch, ResolverMatch, reverse
from django.utils.translation import get_language, get_language_info, override

from trainer.web.labels import STANDARD_LABELS
from trainer.web.visitors import grading_standard


def language_links(request: HttpRequest) -> dict:
    """``language_links``: one entry per site language with the current page's URL in it
    (so switching keeps the person on the same page), its own name, and whether it is active.

    Each URL is reversed from the resolved route (view name and arguments) in that language,
    plus the query string: never built from the raw path, which may start with ``//`` or a
    scheme (``//evil.example/en/`` would become a link to another host). A path that
    resolves to no route (a 404) links to each language's landing page."""
    current = get_language()
    match = getattr(request, "resolver_match", None)
    query = request.GET.urlencode()
    links = []
    for code, _name in settings.LANGUAGES:
        info = get_language_info(code)
        links.append(
            {
                "code": code,
                "name": info["name_local"],
                "short": code.split("-")[0].upper(),
                "url": _url_in(code, match, query),
                "active": code == current,
            }
        )
    return {"language_links": links}


def _url_in(code: str, match: ResolverMatch | None, query: str) -> str:
    """The resolved page's URL in language ``code`` (its landing page when there is no
    route); the query string is kept after a "?", so the URL always starts with one "/"."""
    with override(code):
        if match is not None and match.view_name:
            try:
                path = reverse(match.view_name, args=match.args, kwargs=match.kwargs)
            except NoReverseMatch:
                path = reverse("rulebook:landing")
            else:
                return f"{path}?{query}" if query else path
        return reverse("rulebook:landing")


def grading(request: HttpRequest) -> dict:
    """``grading_standard``: the person's standard ("exact" or "chart", the session's);
    ``grading_choices``: (value, label) pairs for templates/table/grading_toggle.html."""
    return {
        "grading_standard": grading_standard(request) if hasattr(request, "session") else None,
        "grading_choices": list(STANDARD_LABELS.items()),
    }
