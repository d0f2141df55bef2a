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
measured no faster (they queue for the GIL), two slower. Measured again on 2 cores
(scripts/loadtest.py --threads 2 against 4, 30 s each, saturated): the same 39 actions a
second and 36 ms of CPU per action, but p95 2.2 s against 1.5 s and p99 4.1 s against 2.0 s:
with two threads a request more often waits for a free one.

What a request costs before any view runs (measured on 2 cores, a bare view answering "ok"
hammered by 8 keep-alive clients): about 1.2-1.5 ms of a worker's CPU, of which Django's
middleware is about 0.45 ms (in-process) and the rest gunicorn's HTTP parsing, its thread
hand-offs and the sockets; a sync worker (a new connection per request, no threads) costs
about the same (1.2 ms), so the choice of worker class is about waiting, not CPU.

Each worker prepares the casino presets' grading caches and the banker game's analyses as it
starts (``post_worker_init``, about 3-4 s and 120 MB a worker): the first grade against each
upcard would otherwise solve that batch inside a request (0.03-0.3 s each, once per upcard
and process), a pair's first split grade the deal's splits (20-200 ms), and the banker
game's first graded decision its two analyses (1.6 s of CPU: under load a stall of several
seconds for that request and the requests its worker holds).
"""

import gc
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
    """Warm this worker's grading caches before it takes a request (store.warm_grading),
    then freeze what the worker holds so far out of the garbage collector's sight."""
    # Imported here: gunicorn's master reads this file before Django is set up.
    from game.rulesets.store import warm_grading

    seconds = warm_grading()
    # Django, its URL and template caches and the grading caches just prepared live as long
    # as the worker: frozen, a full collection no longer walks them all (each one took about
    # 0.1-0.2 s of the worker's only core under load, every thread waiting). Measured with
    # make loadtest: collections 0.6-0.8 -> 0.5-0.6 ms of CPU a request, none of them full.
    gc.collect()
    gc.freeze()
    worker.log.info("grading caches prepared in %.2f s", seconds)
