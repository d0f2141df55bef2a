from django.urls import path

from trainer.drills import views

app_name = "drills"

urlpatterns = [
    path("", views.index, name="index"),
    path("start/", views.start, name="start"),
    path("<uuid:public_id>/", views.session_page, name="session"),
    path("<uuid:public_id>/answer/", views.answer, name="answer"),
    path("<uuid:public_id>/next/", views.next_view, name="next"),
    path("<uuid:public_id>/end/", views.end, name="end"),
]
