"""The request type of every view that HTMX posts to, and the one answer such a view gives:
the page, or the part of it that changed (``respond``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """An ``HttpRequest`` as django-htmx's middleware leaves it: ``request.htmx`` says
    whether HTMX sent it, and which element asked (django-htmx docs, "Type checking")."""

    htmx: HtmxDetails


def respond(
    request: HtmxHttpRequest,
    template: str,
    partial: str,
    context: Mapping[str, Any],
    *,
    oob: Sequence[str] = (),
    full: bool = False,
    redirect_to: str | None = None,
) -> HttpResponse:
    """The page or the partial, from one template (``{% partialdef %}``).

    - ``full``: the whole page, ``template`` rendered with ``context``, whoever asks.
    - A request HTMX did not send: a redirect to ``redirect_to`` when given (a plain form
      post goes back to its page, so a reload does not post again), else the whole page.
    - An HTMX request: the partial ``template#partial`` followed by each of ``oob``
      ("template#partial" names), rendered with ``{**context, "oob": True}`` so that they
      mark themselves ``hx-swap-oob`` and HTMX swaps each into its place on the page.
    """
    if not full and not request.htmx and redirect_to is not None:
        return redirect(redirect_to)
    if full or not request.htmx:
        return render(request, template, context)
    content = render_to_string(f"{template}#{partial}", context, request=request)
    for name in oob:
        content += render_to_string(name, {**context, "oob": True}, request=request)
    return HttpResponse(content)
