from django.urls import path

from game import analysis_views, chart_views, ruleset_views, views

app_name = "game"

urlpatterns = [
    path("table/", views.home, name="home"),
    path("table/new/", views.new_session, name="new_session"),
    path("table/deal/", views.first_deal, name="first_deal"),
    path("table/<uuid:public_id>/", views.table_page, name="table"),
    path("table/<uuid:public_id>/deal/", views.deal, name="deal"),
    path("table/<uuid:public_id>/act/", views.act, name="act"),
    path("table/<uuid:public_id>/counter/", views.counter, name="counter"),
    path("settings/grading/", views.set_grading, name="set_grading"),
    path("chart/<str:variant>/", chart_views.chart_page, name="chart"),
    path("rules/new/", ruleset_views.ruleset_new, name="ruleset_new"),
    path("rules/<slug:ruleset_id>/", ruleset_views.ruleset_page, name="ruleset"),
    path("analysis/<slug:rules_id>/", analysis_views.analysis_status, name="analysis"),
    path("analysis/<slug:rules_id>/retry/", analysis_views.analysis_retry, name="analysis_retry"),
]
