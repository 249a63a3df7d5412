"""A value too slow for the window's thread, computed on a thread of its own.

The first time backgammon's side panel shows the network's belief, the network's module,
numpy and the weights load: a quarter of a second on a warm disk, seconds on a cold one. The
window's loop cannot wait that long (a frame is 16 ms), and the search worker cannot take it
either (it runs one job at a time, and this must not cancel the AI's move). So the screen asks
a ``Loader`` for the value of the position it shows, draws "loading" while the answer is on its
way, and draws the answer on the first frame after it arrives.

One computation runs at a time; only the newest request matters (a position left before its
belief arrived is not computed after the one under way). The last few answers are kept by key, so
undo and redo find theirs at once. An exception raised by the computation is raised again on
the caller's thread, where the app's usual error handling shows it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Loader(Generic[V]):
    """Values by key, the newest asked for computed off the caller's thread, the last
    ``keep`` kept."""

    def __init__(self, keep: int = 16) -> None:
        self._lock = threading.Lock()
        self._keep = keep
        self._wanted: tuple[Hashable, Callable[[], V]] | None = None
        self._done: OrderedDict[Hashable, V] = OrderedDict()
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None
        #: The wanted value arrived and ``get`` has not handed it out yet: a calm window must
        #: draw once more to show it (it draws only while something is pending).
        self._unseen = False

    def get(self, key: Hashable, compute: Callable[[], V]) -> tuple[bool, V | None]:
        """(True, value) once ``compute`` has answered for ``key``; until then (False, None),
        and the computation is under way (started by the first call for ``key``)."""
        with self._lock:
            error, self._error = self._error, None
            if error is not None:
                raise error
            if key in self._done:
                self._done.move_to_end(key)
                self._unseen = False
                return True, self._done[key]
            if self._wanted is None or self._wanted[0] != key:
                self._wanted = (key, compute)
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="kibitz-loader",
                                                daemon=True)
                self._thread.start()
        return False, None

    @property
    def pending(self) -> bool:
        """A value asked for has not been handed out yet (it is on its way, or it arrived
        since the last ``get``): the screen that asked must draw again."""
        with self._lock:
            return self._wanted is not None or self._error is not None or self._unseen

    def forget(self) -> None:
        """Nothing is wanted any more; a computation under way finishes, and its answer is
        kept with the others."""
        with self._lock:
            self._wanted = None
            self._unseen = False

    def wait(self, timeout_s: float) -> bool:
        """Block until nothing is loading (tests and benchmarks only: a screen never waits);
        False if ``timeout_s`` passed first."""
        with self._lock:
            thread = self._thread
        if thread is not None:
            thread.join(timeout_s)
        return thread is None or not thread.is_alive()

    def _work(self) -> None:
        while True:
            with self._lock:
                wanted = self._wanted
                if wanted is None:
                    self._thread = None
                    return
            key, compute = wanted
            try:
                value = compute()
            except BaseException as exc:  # noqa: BLE001 - raised again on the caller's thread
                with self._lock:
                    if self._wanted is wanted:
                        self._wanted, self._error = None, exc
                continue
            with self._lock:
                if self._wanted is wanted:
                    self._wanted, self._unseen = None, True
                self._done[key] = value  # kept even if unwanted now: undo may ask again
                while len(self._done) > self._keep:
                    self._done.popitem(last=False)
