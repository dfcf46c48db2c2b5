#!/usr/bin/env python3
"""The Python package beside pydantic and jsonschema_rs, on the same generated records, in the same run.

Usage: Benchmarks/python_side_by_side.py [RECORDS] [ROUNDS] [DASK_RECORDS] [PARTITIONS]
       (default 200000 records, 3 rounds, 1000000 records for Dask in 8 partitions)

Needs a release build (`make`), the package (`pip install ./python`), pydantic, jsonschema-rs,
msgspec and dask[distributed] (pip); the anchors and the record generator come from
../shared/bench (or $VOUCH_ANCHORS). Round after round it runs pydantic's model_validate_json loop
(anchor_pydantic.py), jsonschema_rs over records decoded by msgspec (anchor_jsonschema_rs.py) and,
each in a fresh process, `form.check_lines` over the same records held in memory (one call, on one
core, then with jobs= every core); each one's best round counts. Then vouch.dask.check over
DASK_RECORDS records in PARTITIONS files, on a LocalCluster of one worker process and of two (one
thread each), alternately, best of ROUNDS each (a first run per cluster, not counted, builds the
form on its workers). The files are in /dev/shm when there is one. Absolute figures drift on a
shared machine: compare the ratios of one run.
"""
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ANCHORS = os.environ.get("VOUCH_ANCHORS", os.path.join(ROOT, "..", "shared", "bench"))
FORM = os.path.join(ROOT, "Examples", "signup-bench.form.json")

# One call of each kind, timed in a fresh process: the records in memory, the call's result made
# (bytes, or Result objects), nothing written.
PROBE = r"""
import json, sys, time, vouch
form = vouch.Form.from_file(sys.argv[1])
data = open(sys.argv[2], "rb").read()
jobs = int(sys.argv[3])
lines = data.splitlines()
form.check_lines(b"\n".join(lines[:2000]), jobs=jobs)  # warm: the form's caches, the allocator
start = time.perf_counter()
output = form.check_lines(data, jobs=jobs)
check = time.perf_counter() - start
assert output.count(b"\n") == len(lines)
if jobs > 1:
    print(f"check_lines_jobs={len(lines) / check:.0f}")
    sys.exit()
few = lines[:50000]
records = [json.loads(line) for line in few]
start = time.perf_counter()
form.validate_many(records)
many = time.perf_counter() - start
start = time.perf_counter()
for record in records:
    form.validate(record)
one = time.perf_counter() - start
print(f"check_lines={len(lines) / check:.0f} validate_many={len(few) / many:.0f} validate={len(few) / one:.0f}")
"""


# The Python anchors of ../shared/bench, each timing its own loop over the records in memory.
ANCHOR_SCRIPTS = {"pydantic": "anchor_pydantic.py", "jsonschema_rs": "anchor_jsonschema_rs.py"}


def anchor_rate(script, records):
    with open(records, "rb") as stdin:
        out = subprocess.run(
            [sys.executable, os.path.join(ANCHORS, script)], stdin=stdin, capture_output=True, text=True, check=True
        ).stdout
    return float(re.search(r"rate=(\d+)", out).group(1))


def vouch_rates(records, jobs):
    out = subprocess.run([sys.executable, "-c", PROBE, FORM, records, str(jobs)], capture_output=True, text=True, check=True).stdout
    return {name: float(value) for name, value in re.findall(r"(\w+)=(\d+)", out)}


def dask_rates(directory, count, partitions, rounds):
    import vouch
    import vouch.dask
    from distributed import Client, LocalCluster

    form = vouch.Form.from_file(FORM)
    glob = os.path.join(directory, "part-*.jsonl")
    best = {1: 0.0, 2: 0.0}
    clusters = {}
    try:
        for workers in (1, 2):
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40)
            clusters[workers] = (cluster, Client(cluster, set_as_default=False))
            vouch.dask.check(glob, form, os.path.join(directory, f"out-{workers}"), client=clusters[workers][1])
        for _ in range(rounds):
            for workers in (1, 2):
                start = time.perf_counter()
                report = vouch.dask.check(glob, form, os.path.join(directory, f"out-{workers}"), client=clusters[workers][1])
                seconds = time.perf_counter() - start
                assert report.summary.records == count
                best[workers] = max(best[workers], count / seconds)
    finally:
        for cluster, client in clusters.values():
            client.close()
            cluster.close()
    return best


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    dask_count = int(sys.argv[3]) if len(sys.argv) > 3 else 1_000_000
    partitions = int(sys.argv[4]) if len(sys.argv) > 4 else 8
    generator = os.path.join(ANCHORS, "gen_signups.py")
    # Files in memory (tmpfs) when there is one, so that the disk does not set the pace.
    with tempfile.TemporaryDirectory(dir="/dev/shm" if os.path.isdir("/dev/shm") else None) as directory:
        records = os.path.join(directory, "signups.jsonl")
        with open(records, "w") as out:
            subprocess.run([sys.executable, generator, str(count)], stdout=out, check=True)
        cores = os.cpu_count() or 1
        best = dict.fromkeys([*ANCHOR_SCRIPTS, "check_lines", "check_lines_jobs", "validate_many", "validate"], 0.0)
        for _ in range(rounds):
            for name, script in ANCHOR_SCRIPTS.items():
                best[name] = max(best[name], anchor_rate(script, records))
            for jobs in sorted({1, cores}):
                for name, rate in vouch_rates(records, jobs).items():
                    best[name] = max(best[name], rate)

        lines = subprocess.run([sys.executable, generator, str(dask_count)], capture_output=True, check=True).stdout.splitlines()
        size = -(-len(lines) // partitions)
        for index in range(partitions):
            with open(os.path.join(directory, f"part-{index:03d}.jsonl"), "wb") as out:
                out.write(b"\n".join(lines[index * size : (index + 1) * size]) + b"\n")
        dask = dask_rates(directory, dask_count, partitions, rounds)

    print(f"records: {count}, best of {rounds} rounds each; Dask: {dask_count} records in {partitions} files")
    print(f"pydantic 2 model_validate_json loop (one core): {best['pydantic']:>10,.0f} records/s")
    print(f"jsonschema_rs + msgspec loop (one core):        {best['jsonschema_rs']:>10,.0f} records/s")
    print(f"vouch form.check_lines (one call, one core):    {best['check_lines']:>10,.0f} records/s")
    print(f"vouch form.check_lines(jobs={cores}) (one call):     {best['check_lines_jobs']:>10,.0f} records/s")
    print(f"vouch form.validate_many (dicts in, Results):   {best['validate_many']:>10,.0f} records/s")
    print(f"vouch form.validate (one call per record):      {best['validate']:>10,.0f} records/s")
    print(f"vouch.dask.check, 1 worker process:             {dask[1]:>10,.0f} records/s")
    print(f"vouch.dask.check, 2 worker processes:           {dask[2]:>10,.0f} records/s")
    print(f"check_lines / pydantic: {best['check_lines'] / best['pydantic']:.2f}x   (goal at least 3x)")
    print(f"check_lines / jsonschema_rs + msgspec: {best['check_lines'] / best['jsonschema_rs']:.2f}x   (goal at least 2x)")
    print(f"check_lines(jobs={cores}) / jsonschema_rs + msgspec: {best['check_lines_jobs'] / best['jsonschema_rs']:.2f}x")
    print(f"check_lines(jobs={cores}) / check_lines: {best['check_lines_jobs'] / best['check_lines']:.2f}x")
    print(f"Dask 2 workers / 1 worker: {dask[2] / dask[1]:.2f}x   (goal at least 1.6x)")


if __name__ == "__main__":
    main()
