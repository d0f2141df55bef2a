from django.urls import path

from game import views

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
]
