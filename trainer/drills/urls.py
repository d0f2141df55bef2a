from django.urls import path

from trainer.drills import choose_views, views

app_name = "drills"

urlpatterns = [
    path("", views.index, name="index"),
    path("start/", views.start, name="start"),
    path("situations/", choose_views.situations, name="situations"),
    path("changes/", choose_views.changes, name="changes"),
    path("auto-advance/", views.auto_advance, name="auto_advance"),
    path("<uuid:public_id>/", views.session_page, name="session"),
    path("<uuid:public_id>/answer/", views.answer, name="answer"),
    path("<uuid:public_id>/next/", views.next_view, name="next"),
    path("<uuid:public_id>/end/", views.end, name="end"),
    path("<uuid:public_id>/again/", views.retry, name="again"),
]
