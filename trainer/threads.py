"""One thread per process for the strategy engine's numpy.

numpy's BLAS (OpenBLAS) and any OpenMP runtime start a pool of one thread per core. The
engine's arrays are small, so on a machine shared by the web server's processes and the
analysis workers those pools only fight each other (a 6-deck analysis took 0.6 s idle and up
to 6.5 s on a busy machine): each process gets one thread, and the operating system spreads
the processes over the cores. ``pin_engine_threads()`` is called where a process starts
(``manage.py``, so ``runserver`` and ``db_worker`` too, and ``trainer/wsgi.py``,
``trainer/asgi.py``), before numpy is imported; it is harmless to call again.
"""

from __future__ import annotations

import os
import sys

THREADS = 1
# The variables each thread-pool library reads once, when numpy loads it.
THREAD_VARIABLES = (
    "OMP_NUM_THREADS",
    "OPENBLAS_NUM_THREADS",
    "MKL_NUM_THREADS",
    "BLIS_NUM_THREADS",
    "VECLIB_MAXIMUM_THREADS",
    "NUMEXPR_NUM_THREADS",
)


def pin_engine_threads() -> None:
    """Limit numpy's BLAS and OpenMP thread pools of this process to one thread: through the
    environment for libraries not loaded yet (and child processes), through threadpoolctl
    for any already loaded."""
    for name in THREAD_VARIABLES:
        os.environ[name] = str(THREADS)
    if "numpy" not in sys.modules:
        # Nothing has loaded a pool yet and the environment now covers the first one:
        # threadpoolctl's import (ctypes, a scan of the loaded libraries) would only slow
        # every command's start.
        return
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=THREADS)
