"""Work that outgrows one process, as tasks on Dask distributed: games, admissions, gradings.

``--scheduler`` says where the tasks run:

``local:N``
    a :class:`~distributed.LocalCluster` of ``N`` worker processes on this
    machine, listening on the loopback address only (the default: nothing to
    set up);
``tcp://HOST:PORT`` (or ``tls://``)
    the scheduler of a lab's machines, each running ``dask worker ADDRESS
    --nthreads 1``, or of a university cluster started with dask-jobqueue
    (the README has the recipe).

Every worker runs one task at a time (one thread). A task is a function of
coursekit named by its module and name, and plain data (an entry's *file
contents*, a submission's bytes): no code of the referee's travels, and each
piece of student code runs in the worker's own sandbox. When a worker dies in
the middle of a task, the scheduler gives the task to another worker; the
caller hears of each task once, when it is done (:func:`run_tasks`).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from distributed import Client, LocalCluster, as_completed, get_worker

LOCAL = "local"


class ClusterError(RuntimeError):
    """The scheduler cannot be reached or started, or a task failed on a worker."""


def default_scheduler() -> str:
    """``local:N`` with one worker per core of this machine."""
    return f"{LOCAL}:{os.cpu_count() or 1}"


def parse_scheduler(text: str) -> tuple[str, Any]:
    """``("local", N)`` or ``("address", ADDRESS)`` from a ``--scheduler`` value.

    Raises
    ------
    ClusterError
        For anything else, naming the forms that are understood.

    Examples
    --------
    >>> parse_scheduler("local:2"), parse_scheduler("tcp://lab-01:8786")
    (('local', 2), ('address', 'tcp://lab-01:8786'))
    >>> parse_scheduler("local:0")
    Traceback (most recent call last):
    ...
    coursekit.tools.tournament.cluster.ClusterError: --scheduler 'local:0': ...
    """
    kind, _, rest = text.partition(":")
    if kind == LOCAL and rest.isdigit() and 1 <= int(rest) <= 512:
        return LOCAL, int(rest)
    if kind in ("tcp", "tls") and rest.startswith("//") and len(rest) > 2:
        return "address", text
    raise ClusterError(
        f"--scheduler {text!r}: give local:N (N worker processes on this machine, 1 to 512) "
        "or the address of a Dask scheduler, tcp://HOST:PORT"
    )


@contextlib.contextmanager
def connect(scheduler: str, *, timeout: float = 30) -> Iterator[Client]:
    """A client of the scheduler ``--scheduler`` names (a local cluster is started and ended).

    ``timeout``: the seconds to wait for a scheduler at an address.

    Raises
    ------
    ClusterError
        When the scheduler cannot be reached (the message says how to start one).
    """
    kind, value = parse_scheduler(scheduler)
    if kind == LOCAL:
        with (
            LocalCluster(
                n_workers=value, threads_per_worker=1, processes=True, host="127.0.0.1",
                dashboard_address=None, memory_limit=0,
            ) as cluster,
            Client(cluster) as client,
        ):  # fmt: skip
            yield client
        return
    try:
        client = Client(value, timeout=timeout)
    except (OSError, TimeoutError) as error:
        raise ClusterError(
            f"cannot reach the Dask scheduler at {value} ({error}): start it with "
            "`dask scheduler`, and on each machine `dask worker ADDRESS --nthreads 1`"
        ) from None
    with client:
        yield client


def workers(client: Client) -> int:
    """How many workers the scheduler has now."""
    return len(client.scheduler_info(n_workers=-1)["workers"])


@dataclass(frozen=True)
class Done:
    """A task's result and where and when it ran."""

    result: Any
    worker: str
    started: float
    finished: float


def on_worker(function: Callable[..., Any], task: Any, *shared: Any) -> Done:
    """Run ``function(task, *shared)`` on this worker and say where and when (a Dask task)."""
    started = time.time()
    result = function(task, *shared)
    return Done(result, get_worker().address, started, time.time())


def share(client: Client, data: Any) -> Any:
    """``data`` sent to every worker once, for :func:`run_tasks`' ``shared`` (a Dask future)."""
    return client.scatter(data, broadcast=True, hash=False)


def run_tasks(
    client: Client,
    function: Callable[[Any], Any],
    tasks: Sequence[Any],
    keys: Sequence[str],
    on_done: Callable[[Any, Done], None],
    shared: Sequence[Any] = (),
) -> None:
    """Run ``function`` on every task across the workers; ``on_done(task, done)`` as each ends.

    ``function`` must be a module-level function of coursekit (workers import it by name).
    ``keys`` name the tasks for the scheduler (unique, e.g. a game's round, board and number).
    ``shared`` are further arguments of every call (data sent to each worker once:
    :func:`share`).

    Raises
    ------
    ClusterError
        When a task raised on its worker, or killed every worker it was given to.
    """
    futures = {
        client.submit(on_worker, function, task, *shared, key=key, pure=False): task
        for task, key in zip(tasks, keys, strict=True)
    }
    try:
        for future in as_completed(futures):
            try:
                done = future.result()
            except Exception as error:
                raise ClusterError(f"a task failed on its worker: {error}") from error
            on_done(futures[future], done)
    finally:
        for future in futures:
            future.release()
