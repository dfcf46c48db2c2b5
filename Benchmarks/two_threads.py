#!/usr/bin/env python3
"""What `vouch check --jobs 2` shares between its threads, and what one thread does alone.

Usage: Benchmarks/two_threads.py [RECORDS] [RUNS]   (default 200000 records, 12 runs of each)

Needs a release build (`make`, or VOUCH_BIN=path/to/vouch); the records come from
../shared/bench/gen_signups.py (or $VOUCH_ANCHORS). Each run below is repeated RUNS times,
alternating, and its median wall time counts:

- `--jobs 1` and `--jobs 2` on RECORDS records and on twice as many: a record's cost on each (the
  difference over the records added), and what a run costs besides (start-up, each thread's first
  batch, the end), which the records do not share;
- two `--jobs 1` at once, each on a CPU of its own, against one alone: how much work the machine's
  two cores do together when nothing is shared (2 when they do not slow each other).
"""
import os, statistics, sys, tempfile, time

from side_by_side import FORM, vouch_binary, write_records


def spawn(command):
    with open(os.devnull, "wb") as sink:
        return os.posix_spawnp(command[0], command, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, sink.fileno(), 1)])


def wait(pids):
    for pid in pids:
        _, status = os.waitpid(pid, 0)
        if os.waitstatus_to_exitcode(status) not in (0, 1):
            sys.exit("vouch check failed")


def seconds(commands):
    """Wall time of the commands run at once."""
    start = time.perf_counter()
    wait([spawn(command) for command in commands])
    return time.perf_counter() - start


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    binary = vouch_binary()

    def check(jobs, records, cpu=None):
        command = [binary, "check", "--quiet", "--jobs", str(jobs), "--form", FORM, records]
        return command if cpu is None else ["taskset", "-c", str(cpu), *command]

    with tempfile.TemporaryDirectory() as directory:
        small, large = os.path.join(directory, "small.jsonl"), os.path.join(directory, "large.jsonl")
        write_records(small, count)
        write_records(large, 2 * count)
        variants = {
            ("one", "small"): [check(1, small)],
            ("two", "small"): [check(2, small)],
            ("one", "large"): [check(1, large)],
            ("two", "large"): [check(2, large)],
            ("alone", "small"): [check(1, small, 0)],
            ("side by side", "small"): [check(1, small, 0), check(1, small, 1)],
        }
        times = {variant: [] for variant in variants}
        for run in range(runs):
            for variant in list(variants) if run % 2 == 0 else list(variants)[::-1]:
                times[variant].append(seconds(variants[variant]))
    median = {variant: statistics.median(values) * 1e3 for variant, values in times.items()}
    print(f"{count:,} and {2 * count:,} records, median of {runs} runs each")
    for jobs, label in (("one", "--jobs 1"), ("two", "--jobs 2")):
        per_record = (median[(jobs, "large")] - median[(jobs, "small")]) / count * 1e6
        fixed = median[(jobs, "small")] - per_record * count / 1e6
        print(f"{label}: {median[(jobs, 'small')]:.1f} ms and {median[(jobs, 'large')]:.1f} ms; "
              f"{per_record:.0f} ns a record, {fixed:.1f} ms besides")
    print(f"--jobs 2 / --jobs 1: {median[('one', 'small')] / median[('two', 'small')]:.2f}x on {count:,} records, "
          f"{median[('one', 'large')] / median[('two', 'large')]:.2f}x on {2 * count:,}; "
          f"a record: {(median[('one', 'large')] - median[('one', 'small')]) / (median[('two', 'large')] - median[('two', 'small')]):.2f}x")
    print(f"two --jobs 1 side by side: {2 * median[('alone', 'small')] / median[('side by side', 'small')]:.2f} times the work of one alone")


if __name__ == "__main__":
    main()
