#!/usr/bin/env python3
"""`vouch check` side by side with the anchors (pydantic, ajv, jsonschema_rs, msgspec) on the same generated records.

Usage: Benchmarks/side_by_side.py [RECORDS] [ROUNDS]   (default 200000 records, 3 rounds)

Needs a release build (`make`, or VOUCH_BIN=path/to/vouch), pydantic, jsonschema-rs and
msgspec (pip, into the interpreter that runs this script; `make bench` installs them into .build/venv)
and node-ajv (apt); the anchors
and the record generator come from ../shared/bench (or $VOUCH_ANCHORS). Each round runs every
contestant once, one after the other; each one's best round counts, so that a moment when the
shared machine was busy counts against no one. Prints each throughput in records per second and
the ratios; absolute figures drift, the ratios of one run are the result.
"""
import os, re, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ANCHORS = os.environ.get("VOUCH_ANCHORS", os.path.join(ROOT, "..", "shared", "bench"))
FORM = os.path.join(ROOT, "Examples", "signup-bench.form.json")


def vouch_binary():
    """The release build's vouch, or $VOUCH_BIN (to time another build, such as one from before a change)."""
    if os.environ.get("VOUCH_BIN"):
        return os.environ["VOUCH_BIN"]
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    return os.path.join(path, "vouch")


def write_records(path, count):
    """`count` generated sign-up records (`gen_signups.py`), a JSON line each, into the file `path`."""
    with open(path, "w") as out:
        subprocess.run([sys.executable, os.path.join(ANCHORS, "gen_signups.py"), str(count)], stdout=out, check=True)


def anchor_rate(command, records, env=None):
    """The anchors time their own validation loop and print rate=N/s."""
    with open(records, "rb") as stdin:
        out = subprocess.run(command, stdin=stdin, capture_output=True, text=True, env=env, check=True).stdout
    return float(re.search(r"rate=(\d+)", out).group(1)), out.strip()


def vouch_rate(binary, records, count, jobs):
    """Wall time of the whole command: reading, checking and writing every record."""
    start = time.perf_counter()
    with open(os.devnull, "wb") as sink:
        status = subprocess.run([binary, "check", "--quiet", "--jobs", str(jobs), "--form", FORM, records], stdout=sink).returncode
    seconds = time.perf_counter() - start
    if status not in (0, 1):
        sys.exit(f"vouch check failed with status {status}")
    return count / seconds, seconds


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    binary = vouch_binary()
    cores = os.cpu_count() or 1
    python_anchors = {"pydantic": "anchor_pydantic.py", "jsonschema_rs": "anchor_jsonschema_rs.py", "msgspec": "anchor_msgspec.py"}
    best = {name: (0, "") for name in [*python_anchors, "ajv"]} | {"one": (0, 0), "many": (0, 0)}
    with tempfile.TemporaryDirectory() as directory:
        records = os.path.join(directory, "signups.jsonl")
        write_records(records, count)
        for _ in range(rounds):
            runs = {name: anchor_rate([sys.executable, os.path.join(ANCHORS, script)], records) for name, script in python_anchors.items()}
            runs |= {
                "ajv": anchor_rate(["node", os.path.join(ANCHORS, "anchor_ajv.js")], records, env={**os.environ, "NODE_PATH": "/usr/share/nodejs"}),
                "one": vouch_rate(binary, records, count, 1),
                "many": vouch_rate(binary, records, count, cores),
            }
            for name, run in runs.items():
                if run[0] > best[name][0]:
                    best[name] = run
    pydantic, pydantic_line = best["pydantic"]
    ajv, ajv_line = best["ajv"]
    rust, rust_line = best["jsonschema_rs"]
    msgspec, msgspec_line = best["msgspec"]
    one, one_seconds = best["one"]
    many, many_seconds = best["many"]
    print(f"records: {count}, best of {rounds} rounds each")
    print(f"pydantic 2 (one core):      {pydantic:>10,.0f} records/s   [{pydantic_line}]")
    print(f"ajv (one core):             {ajv:>10,.0f} records/s   [{ajv_line}]")
    print(f"jsonschema_rs + msgspec:    {rust:>10,.0f} records/s   [{rust_line}]")
    print(f"msgspec Structs:            {msgspec:>10,.0f} records/s   [{msgspec_line}]")
    print(f"vouch check --jobs 1:       {one:>10,.0f} records/s   [{one_seconds:.2f} s]")
    print(f"vouch check --jobs {cores}:       {many:>10,.0f} records/s   [{many_seconds:.2f} s]")
    print(f"vouch (1 core) / pydantic:  {one / pydantic:.2f}x   (goal 3x)")
    print(f"vouch (1 core) / ajv:       {one / ajv:.2f}x   (goal 3x)")
    print(f"vouch (1 core) / jsonschema_rs + msgspec: {one / rust:.2f}x   (goal 2x)")
    print(f"vouch (1 core) / msgspec:   {one / msgspec:.2f}x")
    print(f"vouch ({cores} cores) / 1 core: {many / one:.2f}x   (goal 1.8x for 2 cores)")


if __name__ == "__main__":
    main()
