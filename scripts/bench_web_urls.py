"""The URLs of ``scripts/bench_web.py``'s server: the site's own, plus ``/bench/ok/``, a bare
view answering "ok" through the same middleware, the yardstick a table action is measured
against. Not part of the site (trainer/urls.py never includes it)."""

from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, URLResolver, path

from trainer.urls import urlpatterns as site_urlpatterns


def ok(request: HttpRequest) -> HttpResponse:
    """The bare view: "ok", nothing read or written."""
    return HttpResponse("ok")


urlpatterns: list[URLPattern | URLResolver] = [
    path("bench/ok/", ok, name="bench_ok"),
    *site_urlpatterns,
]
