#!/usr/bin/env python3
"""What each field of Examples/signup-bench.form.json costs `vouch check --jobs 1`, in nanoseconds a record.

Usage: Benchmarks/field_costs.py [RECORDS] [RUNS]   (default 200000 records, 12 runs of each)

Needs a release build (`make`, or VOUCH_BIN=path/to/vouch); the records come from
../shared/bench/gen_signups.py (or $VOUCH_ANCHORS). Every variant below is run RUNS times,
alternating, and its median CPU time (user and system) counts:

- in the form: the form, and the form with one field made a plain text field (no kind, no rule)
  in turn, and with all of them plain: what each field costs among the others;
- with plain fields: the all-plain form with one field as the form has it: what it costs alone
  among plain fields;
- in order: the same records with those whose phone number is valid first: what checking costs
  when the branch on a phone number's validity is taken the same way record after record.
"""
import json, os, statistics, subprocess, sys, tempfile

from side_by_side import FORM, vouch_binary, write_records


def cpu_seconds(binary, form, records):
    """User and system time of one `vouch check --quiet --jobs 1`, its output thrown away."""
    with open(os.devnull, "wb") as sink:
        pid = os.posix_spawn(binary, [binary, "check", "--quiet", "--jobs", "1", "--form", form, records], os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, sink.fileno(), 1)])
        _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"vouch check --form {form} failed")
    return usage.ru_utime + usage.ru_stime


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    binary = vouch_binary()
    spec = json.load(open(FORM))
    names = [field["name"] for field in spec["fields"]]
    plain = lambda field: {"name": field["name"], "required": True}
    with tempfile.TemporaryDirectory() as directory:
        def write(name, fields):
            path = os.path.join(directory, name + ".form.json")
            json.dump({**spec, "fields": fields}, open(path, "w"))
            return path

        records = os.path.join(directory, "signups.jsonl")
        write_records(records, count)
        # The same records, those whose phone number is valid (no phone error in the output) first.
        output = subprocess.run([binary, "check", "--quiet", "--jobs", "1", "--form", FORM, records], capture_output=True).stdout.splitlines()
        lines = open(records, "rb").read().splitlines()
        phone_error = [b'"field":"phone"' in line for line in output]
        ordered = os.path.join(directory, "ordered.jsonl")
        with open(ordered, "wb") as out:
            out.write(b"".join(line + b"\n" for line, bad in sorted(zip(lines, phone_error), key=lambda pair: pair[1])))

        variants = {"form": (FORM, records), "form, records in order": (FORM, ordered), "all plain": (write("plain", [plain(f) for f in spec["fields"]]), records)}
        for index, name in enumerate(names):
            fields = [plain(f) if i == index else f for i, f in enumerate(spec["fields"])]
            variants[f"{name} plain"] = (write(f"without-{name}", fields), records)
            fields = [f if i == index else plain(f) for i, f in enumerate(spec["fields"])]
            variants[f"{name} alone"] = (write(f"only-{name}", fields), records)
        times = {name: [] for name in variants}
        for run in range(runs):
            for name in variants if run % 2 == 0 else reversed(list(variants)):
                times[name].append(cpu_seconds(binary, *variants[name]))
    ns = {name: statistics.median(values) / count * 1e9 for name, values in times.items()}
    print(f"{count} records, median CPU time of {runs} alternating runs each, ns a record")
    print(f"the form: {ns['form']:.0f}; all fields plain: {ns['all plain']:.0f}")
    print(f"{'field':<12} {'in the form':>12} {'alone':>8}")
    for name in names:
        print(f"{name:<12} {ns['form'] - ns[name + ' plain']:>12.0f} {ns[name + ' alone'] - ns['all plain']:>8.0f}")
    alone = sum(ns[name + " alone"] - ns["all plain"] for name in names)
    print(f"{'sum':<12} {sum(ns['form'] - ns[name + ' plain'] for name in names):>12.0f} {alone:>8.0f}")
    print(f"the fields together, over plain ones: {ns['form'] - ns['all plain']:.0f}")
    print(f"records with valid phone numbers first: {ns['form, records in order']:.0f} ({ns['form, records in order'] - ns['form']:+.0f})")


if __name__ == "__main__":
    main()
