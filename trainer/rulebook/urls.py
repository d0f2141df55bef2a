from django.urls import path
from django.views.generic import RedirectView

app_name = "rulebook"

# Until the landing page exists, the language root goes to the table.
urlpatterns = [
    path("", RedirectView.as_view(pattern_name="game:home"), name="landing"),
]
