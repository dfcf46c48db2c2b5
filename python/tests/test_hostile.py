"""Interrupts, large CSV, strictness and ranges: what a hostile or unlucky caller may do."""
from __future__ import annotations

import signal
import threading
import time

import pytest

import vouch

FORM = {"vouch": 1, "fields": [{"name": "name", "kind": "text", "required": True}, {"name": "note", "kind": "area"}]}


class Batches:
    """A binary file that keeps its writes, and calls ``on_write`` with their count after each."""

    def __init__(self, on_write=lambda count: None):
        self.writes = []
        self.on_write = on_write

    def write(self, data):
        self.writes.append(bytes(data))
        self.on_write(len(self.writes))
        return len(data)


def many_rows(fmt, count=20000):
    rows = [f'{{"name": "n{i}"}}' for i in range(count)] if fmt == "jsonl" else ["name,note"] + [f"n{i},x" for i in range(count)]
    return "\n".join(rows) + "\n"


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_an_exception_in_write_stops_the_check_at_once(fmt):
    form = vouch.Form.from_json(FORM)

    def fail_second(count):
        if count == 2:
            raise OSError("disk full")

    file = Batches(fail_second)
    with pytest.raises(OSError, match="disk full"):
        form.check_to(many_rows(fmt), file, format=fmt)
    assert len(file.writes) == 2, "no batch is checked or written after the one refused"
    assert form.check(many_rows(fmt, 3), format=fmt).summary.records == 3, "the form is as before"


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_writes_come_on_the_calling_thread(jobs):
    """Every batch is handed over on the thread that called, whatever the threads that check: where
    Python can raise an interrupt."""
    form = vouch.Form.from_json(FORM)
    threads = set()
    file = Batches(lambda count: threads.add(threading.get_ident()))
    form.check_to(many_rows("jsonl", 50000), file, jobs=jobs)
    assert len(file.writes) > 4
    assert threads == {threading.get_ident()}


@pytest.mark.parametrize("delay", [0, 0.002, 0.02])
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_real_interrupt_stops_a_long_check(jobs, delay, capfd):
    """SIGINT from another thread once the first lines are out, after `delay` seconds, so that it
    comes while the write callback runs or while libvouch checks: KeyboardInterrupt comes out of
    check_to while records are still to check, as from a user's Ctrl-C, and never from inside the
    callback, where ctypes would drop it ("Exception ignored") and hand libvouch an undefined
    return value. SIGINT's handler is Python's own, whatever started the tests (a shell starts a
    command in the background with SIGINT ignored), and it is again afterwards."""
    form = vouch.Form.from_json(FORM)
    main = threading.main_thread().ident

    def send():
        time.sleep(delay)
        signal.pthread_kill(main, signal.SIGINT)

    sender = threading.Thread(target=send)

    def interrupt(count):
        if count == 1:
            sender.start()

    file = Batches(interrupt)
    # Rows enough that the check outlasts the delay on a fast machine too (two threads check 400,000
    # of them in about 25 ms).
    rows = 4_000_000
    data = many_rows("jsonl", rows // 40) * 40
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            try:
                form.check_to(data, file, jobs=jobs)
            finally:
                sender.join()  # SIGINT sent after the check is raised here, and the count below fails
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, previous)
    written = sum(part.count(b"\n") for part in file.writes)
    assert 0 < written < rows
    assert "Exception ignored" not in capfd.readouterr().err


def test_an_interrupt_off_the_main_thread_changes_no_handler():
    """Off the main thread, where Python runs no signal handler, a check leaves SIGINT alone."""
    form = vouch.Form.from_json(FORM)
    seen = []

    def spy(signum, frame):
        raise AssertionError("no signal was sent")

    def check():
        output = form.check_lines(many_rows("jsonl", 3000))
        seen.append((output, signal.getsignal(signal.SIGINT)))

    previous = signal.signal(signal.SIGINT, spy)
    try:
        worker = threading.Thread(target=check)
        worker.start()
        worker.join()
    finally:
        signal.signal(signal.SIGINT, previous)
    [(output, during)] = seen
    assert output.count(b"\n") == 3000
    assert during is spy


def test_csv_on_threads_is_the_same_as_on_one():
    form = vouch.Form.from_json(FORM)
    text = "\ufeffname,\"no\nte\"\n" + "".join(f'n{i},"a\n""b"", {i}"\n' if i % 3 else f",x{i}\n" for i in range(3000))
    one = form.check(text, format="csv")
    for jobs in (2, 3):
        threads = form.check(text, format="csv", jobs=jobs)
        assert threads.output == one.output
        assert threads.summary == one.summary


@pytest.mark.parametrize(
    "text",
    ['{"name": "a\nb"}', '{"name": "a\rb"}', '{"name": "a\\\nb"}'],
)
def test_validate_many_is_as_strict_as_validate(text):
    form = vouch.Form.from_json(FORM)
    with pytest.raises(vouch.JSONError):
        form.validate(text)
    [result] = form.validate_many([text])
    assert not result.valid
    assert result.violations[0].code == "invalid_json"


def test_validate_many_takes_line_breaks_between_tokens():
    form = vouch.Form.from_json(FORM)
    [result] = form.validate_many(['{\r\n  "name":\n"Ada"\n}'])
    assert result.valid


@pytest.mark.parametrize("name", ["max_record_bytes", "max_value_bytes", "first_record", "first_line"])
@pytest.mark.parametrize("value", [2**64 + 5, 2**31, -1, 0, True])
def test_numbers_out_of_range_are_refused_before_c(name, value):
    form = vouch.Form.from_json(FORM)
    with pytest.raises(ValueError, match=f"{name} is a whole number from 1 to 1073741824"):
        form.check_lines('{"name": "a"}\n', **{name: value})


def test_loading_libvouch_installs_no_crash_handler():
    # Swift's crash handler would print memory near the registers on this process's crashes (its
    # secrets): libvouch takes it away. /proc/self/status lists the signals a handler catches.
    import signal
    import subprocess
    import sys

    script = (
        "import vouch; vouch.Registry();"
        "mask = int(next(l for l in open('/proc/self/status') if l.startswith('SigCgt:')).split()[1], 16);"
        "print(' '.join(str(s) for s in (4, 5, 6, 7, 8, 11) if mask & (1 << (s - 1))))"
    )
    caught = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split()
    assert caught == [], f"signals caught after loading libvouch: {caught}"
    assert int(signal.SIGSEGV) == 11


@pytest.mark.parametrize("text", ['{"name": "SeCrEt\\qXYZ"}', '{"name": "SeCrEt\\uD800XYZ"}', '{"name": "SeCrEt\x01XYZ"}'])
def test_a_json_error_quotes_nothing_of_a_string(text):
    form = vouch.Form.from_json(FORM)
    with pytest.raises(vouch.JSONError) as raised:
        form.validate(text)
    message = str(raised.value)
    assert "the string that starts here is not valid JSON" in message
    assert "XYZ" not in message and "'q'" not in message and "D800" not in message and "column 10" in message
    [result] = form.validate_many([text])
    assert "XYZ" not in result.violations[0].message and "'q'" not in result.violations[0].message
