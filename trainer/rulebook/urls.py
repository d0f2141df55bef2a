"""The landing page (the language root, "") and the rule pages ("rulebook/...")."""

from django.urls import path

from trainer.rulebook import views

app_name = "rulebook"

urlpatterns = [
    path("", views.landing, name="landing"),
    path("rulebook/", views.index, name="index"),
    path("rulebook/custom/<slug:ruleset_id>/", views.custom_page, name="custom"),
    path("rulebook/<slug:variant>/", views.variant_page, name="variant"),
]
