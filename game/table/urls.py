from django.urls import path

from game.table import replay_views, views

app_name = "game"

urlpatterns = [
    path("table/", views.home, name="home"),
    path("table/new/", views.new_session, name="new_session"),
    path("table/deal/", views.first_deal, name="first_deal"),
    path("table/<uuid:public_id>/", views.table_page, name="table"),
    path("table/<uuid:public_id>/deal/", views.deal, name="deal"),
    path("table/<uuid:public_id>/act/", views.act, name="act"),
    path("table/<uuid:public_id>/counter/", views.counter, name="counter"),
    path("table/<uuid:public_id>/hint/", views.hint, name="hint"),
    path("table/<uuid:public_id>/count/", views.count_answer, name="count_answer"),
    path("table/<uuid:public_id>/summary/", views.summary, name="summary"),
    path("settings/grading/", views.set_grading, name="set_grading"),
    path("settings/count/", views.set_count, name="set_count"),
    path("settings/ramp/", views.set_ramp, name="set_ramp"),
    # A logged table decision played again (started from its page in the review).
    path("table/decisions/<int:pk>/replay/", replay_views.replay_start, name="replay_start"),
    path("table/replays/<uuid:public_id>/", replay_views.replay_page, name="replay"),
    path("table/replays/<uuid:public_id>/act/", replay_views.replay_act, name="replay_act"),
]
