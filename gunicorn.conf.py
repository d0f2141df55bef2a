"""gunicorn's settings: `gunicorn -c gunicorn.conf.py --bind HOST:PORT trainer.wsgi`.

Environment: WEB_CONCURRENCY (worker processes, default 2) and GUNICORN_THREADS (threads per
worker, default 4); README "Running in production" says how they were chosen (measured with
`make loadtest` on 2 cores).

Threaded workers (gthread): a table action is Python work (the game, the grading, the
templates) between about eleven round trips to the database, and a thread can serve another
request while one waits, where a sync worker would sit idle; they also keep HTTP connections
alive between a person's clicks. One worker process per core: the GIL lets a process run
Python on one core at a time, and more processes than cores only add context switches and
strategy caches to warm (each process keeps its own). Four threads cover the waits; eight
measured no faster (they queue for the GIL), two slower.

Each worker prepares the casino presets' grading caches as it starts (``post_worker_init``,
about a second and 80 MB a worker): the first grade against each upcard would otherwise
solve that batch inside a request (0.03-0.3 s each, once per upcard and process).
"""

import os

wsgi_app = "trainer.wsgi"
worker_class = "gthread"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
# A person's next click comes within seconds: keep the connection (the proxy's, usually).
keepalive = 5
# An analysis never runs in a request (the task worker runs it): a request this slow is stuck.
timeout = 30
graceful_timeout = 20


def post_worker_init(worker):
    """Warm this worker's grading caches before it takes a request (store.warm_grading)."""
    # Imported here: gunicorn's master reads this file before Django is set up.
    from game.rulesets.store import warm_grading

    seconds = warm_grading()
    worker.log.info("grading caches of the casino presets prepared in %.2f s", seconds)
