"""The shared web layer: what every page of the site needs and nothing of any one game.

Who is asking (``visitors``), where a form may send them next (``redirects``), the typed
HTMX request and the page-or-partial answer (``http.respond``), numbers as the site writes
them (``numbers``), the template tags (``templatetags/web.py``: ``{% card %}``,
``{% ev_list %}``, ``|signed``) and their templates under ``templates/web/``. It sits just
above the engine: the rule-set pages, the decision log and the pages above them all use it,
and it imports none of them.
"""
