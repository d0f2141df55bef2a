"""The request type of every view that HTMX posts to."""

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """An ``HttpRequest`` as django-htmx's middleware leaves it: ``request.htmx`` says
    whether HTMX sent it, and which element asked (django-htmx docs, "Type checking")."""

    htmx: HtmxDetails
