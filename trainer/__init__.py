"""The Django project package of the blackjack trainer (settings, URLs, WSGI/ASGI)."""
