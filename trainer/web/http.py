"""The request type of every view that HTMX posts to, and the one answer such a view gives:
the page, or the part of it that changed (``respond``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template import engines
from django.template.backends.django import DjangoTemplates
from django.template.context import make_context
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
    return HttpResponse(render_parts(request, [f"{template}#{partial}", *oob], context))


def render_parts(request: HttpRequest, names: Sequence[str], context: Mapping[str, Any]) -> str:
    """The templates ``names`` ("template#partial" names) rendered one after another with
    ``context``, each after the first with ``oob`` True; as ``render_to_string`` of each
    would, but with one request context, so the context processors run once, not once a
    part. Each part renders in its own layer of the context: what one sets, the next does
    not see."""
    backend = engines["django"]
    assert isinstance(backend, DjangoTemplates)
    templates = [backend.engine.get_template(name) for name in names]
    bound = make_context(dict(context), request, autoescape=backend.engine.autoescape)
    content = []
    with bound.bind_template(templates[0]):
        for index, template in enumerate(templates):
            with bound.push(oob=True) if index else bound.push():
                content.append(template.render(bound))
    return "".join(content)
