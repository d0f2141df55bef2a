"""The rule sets' pages: the basic strategy charts, the custom rule builder and a rule set's
page, and the progress of an analysis."""

from django.urls import path

from game.rulesets import analysis_views, chart_views, index_views, ruleset_views

app_name = "rulesets"

urlpatterns = [
    path("chart/<str:variant>/", chart_views.chart_page, name="chart"),
    path("indices/<str:variant>/", index_views.index_page, name="indices"),
    path("indices/<str:variant>/retry/", index_views.index_retry, name="indices_retry"),
    path("rules/new/", ruleset_views.ruleset_new, name="ruleset_new"),
    path("rules/<slug:ruleset_id>/", ruleset_views.ruleset_page, name="ruleset"),
    path("analysis/<slug:rules_id>/", analysis_views.analysis_status, name="analysis"),
    path("analysis/<slug:rules_id>/retry/", analysis_views.analysis_retry, name="analysis_retry"),
]
