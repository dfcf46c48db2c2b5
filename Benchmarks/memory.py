#!/usr/bin/env python3
"""Peak memory of `vouch check` does not grow with the input: 100,000 and 1,000,000 records.

Usage: Benchmarks/memory.py [SMALL LARGE]   (default 100000 1000000)

Runs the release `vouch check` on generated signup records and compares the peak resident memory
of the two runs; exits 1 when the large run needs more than 1.5 times the small run's.
"""
import os, resource, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ANCHORS = os.environ.get("VOUCH_ANCHORS", os.path.join(ROOT, "..", "shared", "bench"))
FORM = os.path.join(ROOT, "Examples", "signup-bench.form.json")


def peak_kib(command, stdout):
    """Runs a command in a fresh child and returns its peak resident memory in KiB and its time."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=stdout)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"{command[0]} failed")
    return usage.ru_maxrss, seconds


def generate(count, path):
    """The anchors' signup records, or, where ../shared/bench is not at hand, the example's records
    repeated."""
    generator = os.path.join(ANCHORS, "gen_signups.py")
    with open(path, "w") as out:
        if os.path.exists(generator):
            subprocess.run([sys.executable, generator, str(count)], stdout=out, check=True)
            return
        with open(os.path.join(ROOT, "Examples", "signups.jsonl")) as example:
            lines = [line for line in example if line.strip()]
        for index in range(count):
            out.write(lines[index % len(lines)])


def main():
    small, large = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) > 2 else (100_000, 1_000_000)
    binary = os.path.join(subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, capture_output=True,
                                         text=True, check=True).stdout.strip(), "vouch")
    results = {}
    with tempfile.TemporaryDirectory() as directory:
        for count in (small, large):
            records = os.path.join(directory, f"{count}.jsonl")
            generate(count, records)
            output = os.path.join(directory, "out.jsonl")
            with open(output, "wb") as sink:
                kib, seconds = peak_kib([binary, "check", "--quiet", "--form", FORM, records], sink)
            with open(output, "rb") as written:
                lines = sum(1 for _ in written)
            if lines != count:
                sys.exit(f"{count} records in, {lines} lines out")
            results[count] = kib
            print(f"{count:>9,} records: peak {kib / 1024:7.1f} MiB, {seconds:6.1f} s, {lines:,} lines out")
            os.remove(records)
    ratio = results[large] / results[small]
    print(f"memory: peak for {large:,} / peak for {small:,} = {ratio:.2f}")
    sys.exit(0 if ratio <= 1.5 else 1)


if __name__ == "__main__":
    main()
