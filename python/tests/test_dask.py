"""vouch.dask.check on a LocalCluster of 2 worker processes: the output of `vouch check`, partition by partition."""
from __future__ import annotations

import json

import pytest

import vouch
import vouch.dask
import vouch.form
from conftest import FIXTURES, SIGNUP_FORM, signup_lines, vouch_check

distributed = pytest.importorskip("distributed")

RECORDS = 200_000
PARTITIONS = 8


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40
    ) as cluster, distributed.Client(cluster) as client:
        yield client


def test_200000_records_on_two_workers(client, tmp_path, signup_form):
    lines = signup_lines(RECORDS, seed=2026)
    size = len(lines) // PARTITIONS
    inputs = tmp_path / "in"
    inputs.mkdir()
    for index in range(PARTITIONS):
        part = lines[index * size : (index + 1) * size if index < PARTITIONS - 1 else len(lines)]
        (inputs / f"signups-{index:02d}.jsonl").write_bytes(b"\n".join(part) + b"\n")

    report = vouch.dask.check(str(inputs / "*.jsonl"), signup_form, str(tmp_path / "out"))

    assert len(report.partitions) == PARTITIONS
    for index, partition in enumerate(report.partitions):
        source = inputs / f"signups-{index:02d}.jsonl"
        assert partition.input.endswith(source.name)
        assert partition.output == str(tmp_path / "out" / f"part-{index:05d}.jsonl")
        stdout, stderr = vouch_check(SIGNUP_FORM, source)
        written = (tmp_path / "out" / f"part-{index:05d}.jsonl").read_bytes()
        assert written == stdout, f"partition {index} differs from vouch check"
        assert str(partition.summary) == stderr

    # The combined summary is what vouch check says of all the records at once.
    whole = tmp_path / "all.jsonl"
    whole.write_bytes(b"".join((inputs / f"signups-{index:02d}.jsonl").read_bytes() for index in range(PARTITIONS)))
    _, stderr = vouch_check(SIGNUP_FORM, whole)
    assert str(report.summary) == stderr
    blanks = sum(1 for line in lines if not line.strip())
    assert blanks > 0 and len(lines) == RECORDS + blanks and report.summary.records == RECORDS
    assert report.summary.unreadable > 0 and report.summary.valid > 0 and report.summary.invalid > 0
    saved = json.loads((tmp_path / "out" / "_summary.json").read_text())
    assert saved["summary"] == report.summary.to_json() and len(saved["partitions"]) == PARTITIONS

    # Each worker process built the form once, however many partitions it checked.
    assert sorted(client.run(vouch.form.forms_built_here).values()) == [1, 1]


def test_csv_partitions(client, tmp_path, signup_form):
    source = FIXTURES / "batch" / "signups.csv"
    for index in range(3):
        (tmp_path / f"part-{index}.csv").write_bytes(source.read_bytes())
    report = vouch.dask.check(str(tmp_path / "*.csv"), signup_form, str(tmp_path / "out"))
    stdout, stderr = vouch_check(SIGNUP_FORM, source)
    for index in range(3):
        assert (tmp_path / "out" / f"part-{index:05d}.jsonl").read_bytes() == stdout
    assert report.summary.records == 3 * report.partitions[0].summary.records
    assert str(report.partitions[2].summary) == stderr


def test_bad_partitions_say_which(client, tmp_path, signup_form):
    (tmp_path / "empty.csv").write_bytes(b"")
    with pytest.raises(vouch.ArgumentError, match=r"empty\.csv: .*header row"):
        vouch.dask.check(str(tmp_path / "*.csv"), signup_form, str(tmp_path / "out"))
    with pytest.raises(FileNotFoundError, match="no file matches"):
        vouch.dask.check(str(tmp_path / "*.jsonl"), signup_form, str(tmp_path / "out"))
    (tmp_path / "data.txt").write_bytes(b"{}\n")
    with pytest.raises(ValueError, match="cannot tell the format"):
        vouch.dask.check(str(tmp_path / "*.txt"), signup_form, str(tmp_path / "out"))
    report = vouch.dask.check(str(tmp_path / "*.txt"), signup_form, str(tmp_path / "out"), format="jsonl")
    assert report.summary.records == 1
