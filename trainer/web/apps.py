from django.apps import AppConfig


class WebConfig(AppConfig):
    """The shared web layer as an app: the template tags every page loads with
    ``{% load web %}`` (``trainer/web/templatetags/web.py``) and one model, a visitor's
    ``Preferences`` (``trainer/web/models.py``)."""

    name = "trainer.web"
    label = "web"
