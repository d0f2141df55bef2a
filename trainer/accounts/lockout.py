"""Log-in lock-outs with django-axes: who is asking (the client's address) and the page a
locked-out person sees.

Settings (trainer/settings.py): an account or an address is locked after
``AXES_FAILURE_LIMIT`` failed log-ins for ``AXES_COOLOFF_TIME``. A locked-out log-in is
refused before the password is checked, even a right one, and answered with the log-in page
(status 429) saying so in the page's language.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import ngettext

from trainer.web.redirects import safe_next


def client_ip(request: HttpRequest) -> str | None:
    """The client's address for the lock-outs. Behind the TLS proxy (``TLS_PROXY``) every
    request comes from the proxy, so the address is the last one of X-Forwarded-For: the
    one the proxy appended itself (earlier ones are whatever the client sent, and could
    be forged to dodge the lock-out). Otherwise REMOTE_ADDR."""
    if settings.TLS_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last:
            return last
    return request.META.get("REMOTE_ADDR")


def lockout_message() -> str:
    """The lock-out text in the active language, with the cool-off in whole minutes."""
    minutes = max(1, int(settings.AXES_COOLOFF_TIME.total_seconds() // 60))
    return ngettext(
        "Too many failed log-ins for this account or from this address. Please try again "
        "in %(minutes)d minute, or set a new password with “Forgot your password?”.",
        "Too many failed log-ins for this account or from this address. Please try again "
        "in %(minutes)d minutes, or set a new password with “Forgot your password?”.",
        minutes,
    ) % {"minutes": minutes}


def locked_out(
    request: HttpRequest, response: HttpResponse | None = None, credentials: dict | None = None
) -> HttpResponse:
    """Axes' lock-out answer (AXES_LOCKOUT_CALLABLE): the log-in page, its username kept, with
    the lock-out message instead of the form's own error; status AXES_HTTP_RESPONSE_CODE
    (429 Too Many Requests). Nobody is logged in."""
    username = request.POST.get("username", "") if request.method == "POST" else ""
    context = {
        # An unbound form: validating it again would count one more failed log-in.
        "form": AuthenticationForm(request, initial={"username": username}),
        "next": safe_next(request),
        "lockout": lockout_message(),
    }
    return render(request, "accounts/login.html", context, status=settings.AXES_HTTP_RESPONSE_CODE)
