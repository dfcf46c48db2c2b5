"""Forms: built once from a JSON spec, then used to check records one at a time or in batches."""
from __future__ import annotations

import datetime as _dt
import decimal
import gc
import hashlib
import json
import os
import ctypes
import threading
import weakref
from ctypes import byref, c_size_t, c_void_p, sizeof
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, TypedDict, Union

from . import _lib
from ._gathered import gather, lent_view
from ._interrupts import HeldInterrupts
from ._lib import CheckOptions, lib
from .errors import SpecError, VouchIOError
from .registry import PathLike, Registry, check_status, default_registry, encode
from .result import FieldInfo, Result, fields_by_name
from .summary import Summary

if TYPE_CHECKING:
    from typing_extensions import Unpack

Record = Union[Mapping[str, Any], str, bytes]
_FORMATS = {"jsonl": 0, "csv": 1}


class BatchOptions(TypedDict, total=False):
    """The keywords of :meth:`Form.check_lines`, :meth:`Form.check` and :meth:`Form.check_to`, all
    optional; their defaults and checks are ``_check_options``'s."""

    format: str
    first_record: int
    first_line: int
    display: bool
    max_record_bytes: Optional[int]
    max_value_bytes: Optional[int]
    jobs: int


@dataclass
class Checked:
    """What :meth:`Form.check` gives: the output lines (bytes, as `vouch check` writes them) and the summary."""

    output: bytes
    summary: Summary


class Form:
    """A form built from its JSON spec (see docs/form-spec.md): immutable, and safe to share between
    threads, which check in parallel (libvouch runs without the GIL).

    Make one with :meth:`from_json` or :meth:`from_file`. A form pickles as its spec and its
    registry's packs and plugins; unpickled in another process (a Dask or Spark worker), it is
    built once per process and spec, and shared by every task there.
    """

    def __init__(self) -> None:
        raise TypeError("make a Form with Form.from_json(spec) or Form.from_file(path)")

    @classmethod
    def from_json(cls, spec: Union[str, bytes, Mapping[str, Any]], registry: Optional[Registry] = None) -> "Form":
        """Builds a form from its spec: JSON text (str or bytes) or a dict. Raises :class:`SpecError`
        (with ``path``, the JSON path of the problem) for a spec that is not valid, also an
        :class:`UnknownNameError` for an unknown kind, rule or formatter."""
        if isinstance(spec, Mapping):
            spec = json.dumps(spec, ensure_ascii=False)
        return cls._open(encode(spec, "the spec"), registry or default_registry(), None)

    @classmethod
    def from_file(cls, path: PathLike, registry: Optional[Registry] = None) -> "Form":
        """Builds a form from a spec file. Errors name the file: ``form.json: fields[0].kind: ...``."""
        try:
            with open(path, "rb") as file:
                spec = file.read()
        except OSError as error:
            raise VouchIOError(f"{os.fspath(path)}: cannot read the form spec: {error.strerror}") from None
        return cls._open(spec, registry or default_registry(), os.fspath(path))

    @classmethod
    def _open(cls, spec: bytes, registry: Registry, source: Optional[str]) -> "Form":
        handle = c_void_p()
        status = lib.vouch_form_open(registry._handle, spec, len(spec), byref(handle))
        if status != 0:
            try:
                registry._raise(status, in_spec=True)
            except SpecError as error:
                if source:
                    raise type(error)(error.message, error.status, error.code, error.path, source) from None
                raise
        form = object.__new__(cls)
        form._handle = handle
        form._finalizer = weakref.finalize(form, lib.vouch_form_free, handle)
        form._registry = registry
        form._spec = spec
        out, length = c_void_p(), c_size_t()
        form._raise(lib.vouch_form_fields_json(handle, byref(out), byref(length)))
        form.fields = tuple(FieldInfo(**field) for field in json.loads(_lib.take(out, length)))
        form._by_name = fields_by_name(form.fields)
        return form

    _handle: c_void_p
    _registry: Registry
    _spec: bytes
    #: The form's fields, in order.
    fields: Tuple[FieldInfo, ...]
    _by_name: Dict[str, FieldInfo]

    @property
    def field_names(self) -> List[str]:
        return [field.name for field in self.fields]

    @property
    def spec(self) -> str:
        """The spec the form was built from, as JSON text."""
        return self._spec.decode()

    @property
    def registry(self) -> Registry:
        return self._registry

    def _raise(self, status: int) -> None:
        check_status(status, lib.vouch_form_error_detail, self._handle)

    def schema(self, title: Optional[str] = None) -> Dict[str, Any]:
        """A JSON Schema (draft 2020-12) of the records the form reads, as ``vouch schema`` writes
        it: what JSON Schema can say of the form, and in its ``$comment`` what only Vouch checks.
        ``title`` defaults to the spec's ``name``."""
        data = encode(title or "", "the title")
        out, length = c_void_p(), c_size_t()
        self._raise(lib.vouch_form_schema_json(self._handle, data, len(data), byref(out), byref(length)))
        return json.loads(_lib.take(out, length))

    # One record ------------------------------------------------------------------------------

    def validate(self, record: Record) -> Result:
        """Checks one record: a dict of field name to value (str, int, float, bool, None, a list
        for tokens; ``date``, ``datetime``, ``time`` and ``Decimal`` go as their ISO text), or the
        record as JSON text. One call into libvouch.

        Raises :class:`JSONError` for JSON text that is malformed or not an object, and
        :class:`UTF8Error` for text that is not valid UTF-8."""
        data = _record_json(record)
        out, length = c_void_p(), c_size_t()
        self._raise(lib.vouch_form_validate_json(self._handle, data, len(data), byref(out), byref(length)))
        return Result(json.loads(_lib.take(out, length)), self._by_name)

    # Batches ---------------------------------------------------------------------------------

    def check_lines(self, data: Union[bytes, str], **options: Unpack[BatchOptions]) -> bytes:
        """Checks a buffer of records, JSON lines or CSV with a header row, in one call into
        libvouch, and returns the output lines `vouch check` writes for the same input, byte for
        byte: one JSON object per record, in input order; a record that cannot be read is a line
        with its reason and ``line``, never dropped.

        The options, keywords all (:class:`BatchOptions`): ``format``, ``"jsonl"`` (the default)
        or ``"csv"``; ``first_record`` and ``first_line`` (1 and 1) number the records and lines
        from where this buffer starts in a larger input; ``display=True`` adds each record's display
        values; ``max_record_bytes`` and ``max_value_bytes`` are `vouch check`'s limits (``None``
        for its defaults); ``jobs`` (1) is the number of threads that check, as `vouch check
        --jobs` (the GIL is held only while a batch of output lines is added to the result)."""
        return self._check(data, _check_options(**options), False)[0]

    def check(self, data: Union[bytes, str], **options: Unpack[BatchOptions]) -> Checked:
        """As :meth:`check_lines` (the same :class:`BatchOptions`), with the :class:`Summary` `vouch
        check` prints for the same input."""
        output, summary = self._check(data, _check_options(**options), True)
        assert summary is not None
        return Checked(output, summary)

    def check_to(self, data: Union[bytes, str], file: Any, **options: Unpack[BatchOptions]) -> Summary:
        """As :meth:`check`, writing the output lines to ``file`` (a binary file object) as they are
        made, a batch of records at a time, so that they are never held whole; returns the summary.
        An exception from ``file.write`` stops the check and is raised."""
        summary = self._check(data, _check_options(**options), True, file.write)[1]
        assert summary is not None
        return summary

    def _check(
        self, data: Union[bytes, str], options: CheckOptions, summarize: bool, write: Any = None
    ) -> Tuple[bytes, Optional[Summary]]:
        """One call into libvouch: the lines come back a batch of records at a time, each handed to
        `write` (or gathered into the result) while the check goes on, so that the output is never
        held twice. An exception in `write` stops the check at once and is raised here; so does
        Ctrl-C (SIGINT), held until the next batch (:class:`HeldInterrupts`) and then handled as
        Python would, with KeyboardInterrupt. Without `summarize`, libvouch makes no summary (a
        single record's check, as a web endpoint makes, costs half as much without it)."""
        buffer = encode(data, "the data")
        gathered = gather(len(buffer)) if write is None else None
        raised: List[BaseException] = []
        interrupts = HeldInterrupts()

        def take(_context: Any, lines: int, length: int) -> int:
            try:
                if interrupts.pending:
                    return 1
                if gathered is not None:
                    gathered.append(lines, length)
                else:
                    write(lent_view(lines, length))
                return 0
            except BaseException as error:  # raised once libvouch has returned
                raised.append(error)
                return 1

        receiver = _lib.WriteCallback(take)
        summary, summary_length = c_void_p(), c_size_t()
        try:
            with interrupts:
                status = lib.vouch_form_check_to(
                    self._handle,
                    buffer,
                    len(buffer),
                    byref(options),
                    receiver,
                    None,
                    byref(summary) if summarize else None,
                    byref(summary_length) if summarize else None,
                )
            if raised:
                raise raised[0]
            self._raise(status)
            total = Summary.from_json(json.loads(ctypes.string_at(summary.value, summary_length.value))) if summarize else None
            return (gathered.take() if gathered is not None else b""), total
        finally:
            if summary.value:
                lib.vouch_free(summary)
            if gathered is not None:
                gathered.close()

    def validate_many(self, records: Iterable[Record]) -> List[Result]:
        """Checks many records in one call into libvouch; one :class:`Result` per record, in order,
        with display values. A record that cannot be read (JSON text that is malformed, not an
        object, or not UTF-8) gives an invalid result whose one violation has ``field`` None and a
        code such as ``invalid_json``; nothing is dropped."""
        lines = []
        blank = []
        for index, record in enumerate(records):
            data = _record_json(record)
            if isinstance(record, (str, bytes)):
                if b"\n" in data or b"\r" in data:
                    data = _one_line(data)
                if not data.strip(b" \t"):
                    blank.append(index)
                    data = b'""'  # read as a record, refused as not an object; replaced below
            lines.append(data)
        if not lines:
            return []
        output = self.check_lines(b"\n".join(lines), display=True)
        # One parse for the whole batch (its lines as one JSON array), without the cyclic garbage
        # collector walking the objects as they are made: most of validate_many's time is here.
        collecting = gc.isenabled()
        gc.disable()
        try:
            parsed = json.loads(b"[" + output[:-1].replace(b"\n", b",") + b"]")
            results = [Result(payload, self._by_name) for payload in parsed]
        finally:
            if collecting:
                gc.enable()
        if len(results) != len(lines):  # the engine writes one line per record; never hide a mismatch
            raise RuntimeError(f"vouch: {len(lines)} records gave {len(results)} results")
        for index in blank:
            results[index] = Result(
                {
                    "record": index + 1,
                    "line": index + 1,
                    "valid": False,
                    "values": {},
                    "errors": [
                        {"field": None, "code": "invalid_json", "message": f"line {index + 1}: the record is empty", "args": {}}
                    ],
                },
                self._by_name,
            )
        return results

    # Pickling: the spec and the registry's configuration, built once per process -------------

    def __reduce__(self) -> Any:
        packs, plugins = self._registry.configuration()
        return (_shared_form, (self._spec, packs, plugins))

    def __dask_tokenize__(self) -> Any:
        packs, plugins = self._registry.configuration()
        return ("vouch.Form", hashlib.sha256(self._spec).hexdigest(), packs, plugins)

    def __repr__(self) -> str:
        return f"<vouch.Form fields={self.field_names!r}>"


# The largest count libvouch takes for a limit or a number (vouch.h, vouch_check_options): checked
# here, as ctypes would wrap a larger int silently into the C size_t (2**64 + 5 becoming 5).
MAXIMUM_COUNT = 1 << 30
#: The most threads one check takes (vouch_check_options.jobs).
MAXIMUM_JOBS = 1024


def _one_line(data: bytes) -> bytes:
    """JSON text on one line, as validate_many sends each record: a line break between tokens is
    white space and becomes a space; one inside a string, where JSON allows none (validate refuses
    it), becomes U+0001, which JSON allows there no more, so that the record is refused all the
    same."""
    out = bytearray(data)
    in_string = escaped = False
    for index, byte in enumerate(out):
        if in_string:
            if byte in (0x0A, 0x0D):
                out[index] = 0x01
                escaped = False
            elif escaped:
                escaped = False
            elif byte == 0x5C:
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x0A, 0x0D):
            out[index] = 0x20
    return bytes(out)


def _check_options(
    *,
    format: str = "jsonl",
    first_record: int = 1,
    first_line: int = 1,
    display: bool = False,
    max_record_bytes: Optional[int] = None,
    max_value_bytes: Optional[int] = None,
    jobs: int = 1,
) -> CheckOptions:
    """The options of :meth:`Form.check_lines`, :meth:`Form.check` and :meth:`Form.check_to`,
    checked, as libvouch takes them."""
    if format not in _FORMATS:
        raise ValueError(f"format is 'jsonl' or 'csv', not {format!r}")
    return CheckOptions(
        sizeof(CheckOptions),
        _FORMATS[format],
        _count(first_record, "first_record"),
        _count(first_line, "first_line"),
        _limit(max_record_bytes, "max_record_bytes"),
        _limit(max_value_bytes, "max_value_bytes"),
        1 if display else 0,
        _jobs(jobs),
    )


def _jobs(value: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAXIMUM_JOBS:
        raise ValueError(f"jobs is a whole number from 1 to {MAXIMUM_JOBS}, not {value!r}")
    return value


def _limit(value: Optional[int], name: str) -> int:
    if value is None:
        return 0
    return _count(value, name)


def _count(value: int, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAXIMUM_COUNT:
        raise ValueError(f"{name} is a whole number from 1 to {MAXIMUM_COUNT}, not {value!r}")
    return value


def _json_default(value: Any) -> Any:
    if isinstance(value, (_dt.date, _dt.time)):  # datetime is a date
        return value.isoformat()
    if isinstance(value, decimal.Decimal):
        return str(value)
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    raise TypeError(f"a record's values are JSON values, not {type(value).__name__}")


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), default=_json_default)


def _record_json(record: Record) -> bytes:
    if type(record) is dict or (not isinstance(record, (str, bytes)) and isinstance(record, Mapping)):
        return _ENCODER.encode(record).encode("utf-8", "surrogatepass")
    if isinstance(record, (str, bytes)):
        return encode(record, "the record")
    raise TypeError(f"a record is a dict of field name to value, or JSON text, not {type(record).__name__}")


_shared: Dict[Tuple[bytes, Tuple[str, ...], Tuple[str, ...]], Form] = {}
_shared_lock = threading.Lock()
_loads = 0


def _shared_form(spec: bytes, packs: Sequence[str], plugins: Sequence[str]) -> Form:
    """The form of a spec and registry configuration in this process, built on first use."""
    global _loads
    key = (spec, tuple(packs), tuple(plugins))
    with _shared_lock:
        form = _shared.get(key)
        if form is None:
            registry = Registry(packs, plugins) if packs or plugins else default_registry()
            form = Form._open(spec, registry, None)
            _shared[key] = form
            _loads += 1
        return form


def forms_built_here() -> int:
    """How many forms this process built from pickles (each spec and registry once)."""
    return _loads
