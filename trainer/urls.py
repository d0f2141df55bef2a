"""Every page lives under a language prefix (/en/, /sr-latn/, /sr/, /hr/, /ru/, /bg/); the bare
root redirects to the visitor's language (LocaleMiddleware)."""

from django.conf.urls.i18n import i18n_patterns
from django.urls import include, path

urlpatterns = i18n_patterns(
    path("", include("game.table.urls")),
    # The charts, custom rule sets and their analyses ("chart/...", "rules/...", "analysis/...").
    path("", include("game.rulesets.urls")),
    # The landing page ("") and the rule pages ("rulebook/...").
    path("", include("trainer.rulebook.urls")),
    path("drills/", include("trainer.drills.urls")),
    path("review/", include("trainer.review.urls")),
    path("accounts/", include("trainer.accounts.urls")),
)
