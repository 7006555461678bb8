"""Tasks on Dask workers: the --scheduler forms, an address that does not answer, shared data."""

from __future__ import annotations

import socket
import time

import pytest

from coursekit.tools.tournament.cluster import (
    ClusterError,
    connect,
    parse_scheduler,
    run_tasks,
    share,
)


@pytest.mark.parametrize(
    ("text", "parsed"),
    [("local:1", ("local", 1)), ("local:64", ("local", 64)),
     ("tcp://lab-01:8786", ("address", "tcp://lab-01:8786")),
     ("tls://10.0.0.1:8786", ("address", "tls://10.0.0.1:8786"))],
)  # fmt: skip
def test_the_scheduler_forms(text, parsed):
    assert parse_scheduler(text) == parsed


@pytest.mark.parametrize("text", ["local", "local:0", "local:-1", "local:x", "lab-01:8786",
                                  "tcp://", "http://lab:8786", "local:9999", ""])  # fmt: skip
def test_anything_else_is_refused_with_the_forms_it_takes(text):
    with pytest.raises(ClusterError, match=r"give local:N .* or the address of a Dask scheduler"):
        parse_scheduler(text)


def test_an_address_where_no_scheduler_answers_is_refused_in_time():
    with socket.socket() as unused:  # a port nobody listens on
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    started = time.monotonic()
    refused = pytest.raises(
        ClusterError, match=r"cannot reach the Dask scheduler .* `dask scheduler`"
    )
    with refused, connect(f"tcp://127.0.0.1:{port}", timeout=2):
        pass
    assert time.monotonic() - started < 60  # the time-out, not a hang


def test_tasks_run_on_workers_each_heard_of_once_with_shared_data():
    done = []
    with connect("local:1") as client:
        tasks = [3, -4, 5]
        shared = [share(client, 10)]
        run_tasks(client, max, tasks, ["a", "b", "c"], lambda t, d: done.append((t, d.result)),
                  shared=shared)  # fmt: skip
    assert sorted(done) == [(-4, 10), (3, 10), (5, 10)]


def test_a_task_that_fails_on_its_worker_is_reported():
    with connect("local:1") as client, pytest.raises(ClusterError, match="failed on its worker"):
        run_tasks(client, int, ["not a number"], ["x"], lambda t, d: None)
