"""Kibitz search: minimax, alpha-beta and expectiminimax over the game protocol; never pygame."""

import os

# Searches are single-threaded and the network's batches are small (tens of rows): BLAS worker
# threads only add contention (measured ~5x slower on a busy 2-core machine). Set before any
# module of this package imports numpy.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
