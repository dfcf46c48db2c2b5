"""Threads sharing one form: the same answers as one thread, and libvouch runs without the GIL."""
from __future__ import annotations

import math
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from conftest import signup_lines


def test_threads_share_a_form(signup_form):
    lines = signup_lines(4000, seed=3)
    chunks = [lines[i : i + 250] for i in range(0, len(lines), 250)]
    serial_lines = [signup_form.check_lines(b"\n".join(chunk)) for chunk in chunks]
    serial_results = [[(r.valid, r.violations, r.values) for r in signup_form.validate_many(chunk)] for chunk in chunks]

    def work(index):
        chunk = chunks[index]
        readable = [i for i, line in enumerate(chunk[:50]) if line.startswith(b"{") and line.endswith(b"}") and b"\xfc" not in line]
        singles = [(i, signup_form.validate(chunk[i])) for i in readable]
        return signup_form.check_lines(b"\n".join(chunk)), [(r.valid, r.violations, r.values) for r in signup_form.validate_many(chunk)], singles

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(work, range(len(chunks))))
    assert [r[0] for r in results] == serial_lines
    assert [r[1] for r in results] == serial_results
    assert sum(len(r[2]) for r in results) > 0
    assert all((one.valid, one.violations, one.values) == r[1][i] for r in results for i, one in r[2])


def test_the_gil_is_released_during_a_call(signup_form):
    data = b"\n".join(signup_lines(20000, seed=5))
    # Enough copies for a call of about half a second, however fast the checking is.
    start = time.perf_counter()
    signup_form.check_lines(data)
    data *= max(5, math.ceil(0.5 / (time.perf_counter() - start)))
    done = threading.Event()
    spans = []

    def check():
        start = time.perf_counter()
        signup_form.check_lines(data)
        spans.append(time.perf_counter() - start)
        done.set()

    thread = threading.Thread(target=check)
    ticks = []
    thread.start()
    while not done.is_set():
        ticks.append(time.perf_counter())
        time.sleep(0.001)
    thread.join()
    gaps = [b - a for a, b in zip(ticks, ticks[1:])]
    # Held the GIL, the call would stop this loop for its whole length.
    assert spans[0] > 0.2, spans
    assert len(ticks) > 20 and max(gaps) < spans[0] / 2, (max(gaps), spans[0])
