"""Every page lives under a language prefix (/en/, /sr-latn/, /sr/, /hr/, /ru/, /bg/); the bare
root redirects to the visitor's language (LocaleMiddleware). The service worker is at the
root (/sw.js): its scope is the whole site."""

from django.conf.urls.i18n import i18n_patterns
from django.urls import URLPattern, URLResolver, include, path

from trainer.web.install import manifest, service_worker

urlpatterns: list[URLPattern | URLResolver] = [
    # At the root, so that the service worker's scope is every language's pages.
    path("sw.js", service_worker, name="service_worker"),
]
urlpatterns += i18n_patterns(
    path("manifest.webmanifest", manifest, name="manifest"),
    path("", include("game.table.urls")),
    # The charts, custom rule sets and their analyses ("chart/...", "rules/...", "analysis/...").
    path("", include("game.rulesets.urls")),
    # The landing page ("") and the rule pages ("rulebook/...").
    path("", include("trainer.rulebook.urls")),
    path("drills/", include("trainer.drills.urls")),
    path("review/", include("trainer.review.urls")),
    path("accounts/", include("trainer.accounts.urls")),
)
