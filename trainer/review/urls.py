"""The review pages, under /<lang>/review/."""

from django.urls import path

from trainer.review import views

app_name = "review"

urlpatterns = [
    path("", views.mistakes, name="mistakes"),
    path("stats/", views.stats, name="stats"),
    path("sessions/<str:source>/<uuid:public_id>/", views.session, name="session"),
    path("decisions/<int:pk>/", views.decision, name="decision"),
]
