"""Sign-up, log-in, log-out, password change and reset: Django's auth views with this
site's templates, and a sign-up view that logs the new person in.

Signing up gives the new account the session's visitor id, so the anonymous history simply
becomes the account's; logging in merges it (``handover.py``); logging out flushes the
session, so the next page starts a fresh anonymous visitor.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render, resolve_url
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from trainer.accounts.forms import ResetForm, SignUpForm
from trainer.accounts.models import Account
from trainer.web.redirects import safe_next
from trainer.web.visitors import visitor_id


@never_cache
@sensitive_post_parameters("password1", "password2")
@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """The sign-up form; a valid one makes the user and their account (which takes the
    session's visitor id) and logs them in, then goes to ``next`` or the table. An invalid
    one is shown again (200) with Django's messages; nothing is created."""
    next_url = safe_next(request)
    if request.method == "POST":
        form = SignUpForm(request.POST)
        user = None
        if form.is_valid():
            try:
                with transaction.atomic():
                    user = form.save()
                    Account.for_user(user, visitor_id(request))
            except IntegrityError:  # the same username signed up a moment ago
                user = None
                username_field = get_user_model()._meta.get_field("username")
                form.add_error("username", username_field.error_messages["unique"])
        if user is not None:
            # Two backends (axes first): name the one whose users these are, as
            # authenticate() would have.
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(
                request,
                _("Welcome, %(username)s! Your account keeps your tables and decisions.")
                % {"username": user.get_username()},
            )
            return HttpResponseRedirect(next_url or resolve_url(settings.LOGIN_REDIRECT_URL))
    else:
        form = SignUpForm()
    return render(request, "accounts/signup.html", {"form": form, "next": next_url})


class SafeNextMixin:
    """Django's auth views check ``next`` against the host only; a relative word such as
    ``welcome`` passed and led nowhere. Here ``next`` is a URL of this site or nothing (the
    view's own success page)."""

    request: HttpRequest

    def get_redirect_url(self, request: HttpRequest | None = None) -> str:
        """The request's ``next`` if it is a URL of this site, else "" (trainer/web/redirects.py);
        ``request`` defaults to the view's own, as in Django's ``RedirectURLMixin``."""
        return safe_next(request or self.request)


# The service worker's offline copies of the rule pages and the charts (templates/web/sw.js)
# carry the header of the person who read them: the username, the log-out form, the due
# count. When the person at this browser changes (log-in, log-out), they go: "storage"
# clears the Cache API's copies and the worker (the next page registers it again); the
# cookies stay (the log-in form's CSRF token).
CLEAR_OFFLINE_COPIES = '"storage"'


class LoginView(SafeNextMixin, auth_views.LoginView):
    """Django's log-in view (CSRF, safe ``next``); the session's anonymous history joins
    the account's on success (``handover.py``, through the ``user_logged_in`` signal)."""

    template_name = "accounts/login.html"

    def form_valid(self, form):
        response = super().form_valid(form)
        messages.success(
            self.request,
            _("You are logged in as %(username)s.") % {"username": form.get_user().get_username()},
        )
        response["Clear-Site-Data"] = CLEAR_OFFLINE_COPIES
        return response


class LogoutView(SafeNextMixin, auth_views.LogoutView):
    """Django's log-out (POST only): the session is flushed, so the next page starts a
    fresh anonymous visitor; the account's history waits for the next log-in."""

    def post(self, request, *args, **kwargs):
        response = super().post(request, *args, **kwargs)
        messages.info(
            request,
            _("You have logged out. Your tables and decisions are kept in your account."),
        )
        response["Clear-Site-Data"] = CLEAR_OFFLINE_COPIES
        return response


class PasswordResetView(auth_views.PasswordResetView):
    """Ask for a reset link by email (in the page's language; the link opens in it too).
    Django's view: the same answer whether or not the address has an account."""

    form_class = ResetForm
    template_name = "accounts/password_reset_form.html"
    email_template_name = "accounts/password_reset_email.txt"
    subject_template_name = "accounts/password_reset_subject.txt"
    success_url = reverse_lazy("accounts:password_reset_done")

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        """Send the link; the email says how many days it works (PASSWORD_RESET_TIMEOUT, in
        seconds), read when the mail is sent so a changed setting is told truly."""
        self.extra_email_context = {"days": max(1, settings.PASSWORD_RESET_TIMEOUT // 86400)}
        return super().form_valid(form)


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    template_name = "accounts/password_reset_done.html"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "accounts/password_reset_confirm.html"
    success_url = reverse_lazy("accounts:password_reset_complete")


class PasswordResetCompleteView(auth_views.PasswordResetCompleteView):
    template_name = "accounts/password_reset_complete.html"


class PasswordChangeView(auth_views.PasswordChangeView):
    """Change the password (logged in; the session stays logged in)."""

    template_name = "accounts/password_change_form.html"
    success_url = reverse_lazy("accounts:password_change_done")


class PasswordChangeDoneView(auth_views.PasswordChangeDoneView):
    template_name = "accounts/password_change_done.html"
