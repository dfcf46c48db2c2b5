"""Bulk checks on a Dask cluster: each file a partition, checked on a worker, written as `vouch check` writes it.

    from dask.distributed import Client
    import vouch, vouch.dask
    client = Client("scheduler:8786")
    report = vouch.dask.check("s3://bucket/signups/*.jsonl", vouch.Form.from_file("signup.form.json"), "s3://bucket/checked/")
    print(report.summary)

Needs ``pip install "dask[distributed]"`` (fsspec, which comes with it, reads and writes the files).
"""
from __future__ import annotations

import json
import posixpath
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from .errors import VouchError
from .form import Form
from .summary import Summary

_FORMATS = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "jsonl"}


@dataclass
class PartitionCheck:
    """One input file, where its output went, and its summary."""

    input: str
    output: str
    summary: Summary


@dataclass
class DaskCheck:
    """What :func:`check` did: the summary of every partition combined (what `vouch check` would
    print for all the records), and each partition's own."""

    summary: Summary
    partitions: List[PartitionCheck] = field(default_factory=list)


def input_format(path: str, given: Optional[str] = None) -> str:
    """jsonl or csv: as given, else by the file's extension, as `vouch check` decides."""
    if given is not None:
        if given not in ("jsonl", "csv"):
            raise ValueError(f"format is 'jsonl' or 'csv', not {given!r}")
        return given
    extension = posixpath.splitext(path.lower())[1]
    if extension not in _FORMATS:
        raise ValueError(f"cannot tell the format of {path} from its extension: give format='jsonl' or 'csv'")
    return _FORMATS[extension]


def check(
    path_glob: str,
    form: Form,
    output: str,
    *,
    format: Optional[str] = None,
    client: Any = None,
    display: bool = False,
    storage_options: Optional[Dict[str, Any]] = None,
) -> DaskCheck:
    """Checks every file matching ``path_glob`` (JSON lines or CSV; each file is one partition) on
    the Dask cluster's workers, and writes each file's output to ``output/part-NNNNN.jsonl``, byte
    for byte what ``vouch check --form FORM FILE`` writes on stdout (same records, same order).
    Files are taken in sorted order; ``output/_summary.json`` holds the combined summary and which
    input each part came from.

    The form travels to the workers as its spec and its registry's packs and plugins, and is built
    once in each worker process. ``client``: a ``dask.distributed.Client`` (default: the current
    one, or Dask's default scheduler). Paths may be any fsspec URL (``s3://``, ``gs://``, local).
    """
    import dask
    import fsspec

    options = storage_options or {}
    fs, _, paths = fsspec.get_fs_token_paths(path_glob, storage_options=options)
    paths = sorted(paths)
    if not paths:
        raise FileNotFoundError(f"vouch.dask.check: no file matches {path_glob}")
    formats = [input_format(path, format) for path in paths]
    out_fs, _, out_paths = fsspec.get_fs_token_paths(output, storage_options=options)
    root = out_paths[0].rstrip("/")
    out_fs.makedirs(root, exist_ok=True)
    targets = [f"{root}/part-{index:05d}.jsonl" for index in range(len(paths))]
    tasks = [
        dask.delayed(_check_partition, pure=False)(fs, path, kind, form, out_fs, target, display)
        for path, kind, target in zip(paths, formats, targets)
    ]
    if client is None:
        try:
            from distributed import get_client

            client = get_client()
        except (ImportError, ValueError):
            client = None
    results = dask.compute(*tasks, scheduler=client) if client is not None else dask.compute(*tasks)
    partitions = [
        PartitionCheck(path, target, Summary.from_json(summary)) for path, target, summary in zip(paths, targets, results)
    ]
    total = Summary()
    for partition in partitions:
        total = total + partition.summary
    with out_fs.open(f"{root}/_summary.json", "w") as file:
        json.dump(
            {
                "summary": total.to_json(),
                "partitions": [{"input": p.input, "output": p.output, "summary": p.summary.to_json()} for p in partitions],
            },
            file,
            ensure_ascii=False,
        )
    return DaskCheck(total, partitions)


def _check_partition(fs: Any, path: str, kind: str, form: Form, out_fs: Any, target: str, display: bool) -> Dict[str, Any]:
    """On a worker: reads one file, checks it in one call, writes its lines; returns its summary."""
    with fs.open(path, "rb") as file:
        data = file.read()
    with out_fs.open(target, "wb") as file:
        try:
            summary = form.check_to(data, file, format=kind, display=display)
        except VouchError as error:  # a CSV file without its header row: say which file
            raise type(error)(error.message, error.status, error.code, error.path, path) from None
    return summary.to_json()
