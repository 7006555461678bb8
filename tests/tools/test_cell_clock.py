"""The clock of student code: processor time, with a wall-clock cap that runs only while
the code is asked for something (coursekit.tools.sandbox.limits.CellClock)."""

from __future__ import annotations

import os
import time

from coursekit.tools.sandbox.limits import WALL_FACTOR, CellClock

SECONDS = 0.05
IDLE = [os.getpid()]  # this test's process, which only sleeps: no processor time to speak of


def test_a_running_clock_ends_a_wait_on_the_wall_clock():
    clock = CellClock(SECONDS, lambda: IDLE)
    time.sleep(WALL_FACTOR * SECONDS + 0.05)
    assert clock.over()


def test_a_stopped_clock_does_not_count_the_graders_own_time():
    clock = CellClock(SECONDS, lambda: IDLE, running=False)
    time.sleep(WALL_FACTOR * SECONDS + 0.05)  # the grader's work between two calls
    assert not clock.over() and clock.wall() == 0.0
    clock.start()
    time.sleep(WALL_FACTOR * SECONDS / 2)  # a call that waits half the cap
    clock.stop()
    assert not clock.over()
    clock.start()
    time.sleep(WALL_FACTOR * SECONDS / 2 + 0.05)  # the next call: together past the cap
    assert clock.over()


def test_processor_time_counts_whether_or_not_the_wall_clock_runs():
    clock = CellClock(SECONDS, lambda: [os.getpid()], running=False)
    end = time.process_time() + 2 * SECONDS
    while time.process_time() < end:  # this process works: its processor time counts
        pass
    assert clock.over() and clock.wall() == 0.0


def test_each_call_adds_its_round_trip_to_the_cap():
    clock = CellClock(SECONDS, lambda: IDLE, running=False)
    clock.allow(0.3)  # one call's allowance
    clock.start()
    time.sleep(WALL_FACTOR * SECONDS + 0.05)  # past the cap alone, within the allowance
    assert not clock.over()
    time.sleep(0.3)
    assert clock.over()
