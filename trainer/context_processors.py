"""Template context shared by every page."""

from django.conf import settings
from django.http import HttpRequest
from django.urls import translate_url
from django.utils.translation import get_language, get_language_info


def language_links(request: HttpRequest) -> dict:
    """``language_links``: one entry per site language with the current page's URL in it
    (so switching keeps the person on the same page), its own name, and whether it is active."""
    current = get_language()
    path = request.get_full_path()
    links = []
    for code, _name in settings.LANGUAGES:
        info = get_language_info(code)
        links.append(
            {
                "code": code,
                "name": info["name_local"],
                "short": code.split("-")[0].upper(),
                "url": translate_url(path, code),
                "active": code == current,
            }
        )
    return {"language_links": links}


def grading(request: HttpRequest) -> dict:
    """``grading_standard``: the person's standard ("exact" or "chart", the session's);
    ``grading_choices``: (value, label) pairs for templates/game/grading_toggle.html."""
    from game.table_view import STANDARD_LABELS  # the game app is loaded after settings
    from trainer.visitors import grading_standard

    return {
        "grading_standard": grading_standard(request) if hasattr(request, "session") else None,
        "grading_choices": list(STANDARD_LABELS.items()),
    }
