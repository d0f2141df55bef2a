from django.apps import AppConfig


class WebConfig(AppConfig):
    """The shared web layer as an app: it holds no models, only the template tags every page
    loads with ``{% load web %}`` (``trainer/web/templatetags/web.py``)."""

    name = "trainer.web"
    label = "web"
