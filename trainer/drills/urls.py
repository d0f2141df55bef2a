from django.urls import path

from trainer.drills import choose_views, count_views, views, walk_views

app_name = "drills"

urlpatterns = [
    path("", views.index, name="index"),
    path("start/", views.start, name="start"),
    path("situations/", choose_views.situations, name="situations"),
    path("changes/", choose_views.changes, name="changes"),
    path("auto-advance/", views.auto_advance, name="auto_advance"),
    path("count/", count_views.count_index, name="count"),
    path("count/start/", count_views.count_start, name="count_start"),
    path("count/<uuid:public_id>/", count_views.count_drill, name="count_drill"),
    path("count/<uuid:public_id>/answer/", count_views.count_answer, name="count_answer"),
    path("count/<uuid:public_id>/next/", count_views.count_next, name="count_next"),
    path("count/<uuid:public_id>/end/", count_views.count_end, name="count_end"),
    path("count/<uuid:public_id>/again/", count_views.count_again, name="count_again"),
    path("<uuid:public_id>/", views.session_page, name="session"),
    path("<uuid:public_id>/answer/", views.answer, name="answer"),
    path("<uuid:public_id>/next/", views.next_view, name="next"),
    path("<uuid:public_id>/end/", views.end, name="end"),
    path("<uuid:public_id>/again/", views.retry, name="again"),
    path("open/<uuid:public_id>/", walk_views.open_session, name="open"),
    path("walk/new/", walk_views.walk_new, name="walk_new"),
    path("walk/<uuid:public_id>/", walk_views.walk_page, name="walk"),
    path("walk/<uuid:public_id>/answer/", walk_views.walk_answer, name="walk_answer"),
    path("walk/<uuid:public_id>/reveal/", walk_views.walk_reveal, name="walk_reveal"),
    path("walk/<uuid:public_id>/next/", walk_views.walk_next, name="walk_next"),
    path("walk/<uuid:public_id>/drill/", walk_views.walk_drill, name="walk_drill"),
]
