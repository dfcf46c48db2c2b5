"""A form the server serves: its spec read once at start, a compiled form per locale it is asked
in, the locale of a request, and the fields with their hints."""
from __future__ import annotations

import json
import os
import re
import threading
from ctypes import byref, c_size_t, c_void_p
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple
from urllib.parse import parse_qsl

from .. import _lib
from .._lib import lib
from ..form import Form
from ..registry import Registry
from .edit_session import EditSession


_HEAD = re.compile(rb'\{"record":\d+,("line":\d+,)?"valid":(true|false)')


def form_name(path: str) -> str:
    """A form's name in the URLs: its file name without `.form.json` or `.json`."""
    name = Path(path).name
    for suffix in (".form.json", ".json"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


def negotiate(header: Optional[str], served: Sequence[str], default: str) -> str:
    """The locale for an Accept-Language header ("de-CH, de;q=0.9, en;q=0.5"): among the locales
    served, the first range (by weight, then order) that matches one exactly, ignoring case, or by
    its language (the form's own locale first, then one with a region, then the bare language);
    the form's locale when none matches."""
    ranges = []
    for position, part in enumerate((header or "")[:1000].split(",")[:32]):
        tag, _, parameters = part.strip().partition(";")
        weight = 1.0
        if parameters.strip().startswith("q="):
            try:
                weight = float(parameters.strip()[2:])
            except ValueError:
                continue
        if tag and weight > 0:
            ranges.append((-weight, position, tag.strip().replace("_", "-")))
    lowered = {locale.lower(): locale for locale in served}
    for _, _, tag in sorted(ranges):
        if tag == "*":
            return default
        if tag.lower() in lowered:
            return lowered[tag.lower()]
        language = tag.split("-")[0].lower()
        if default.split("-")[0].lower() == language:
            return default
        regional = [locale for locale in served if locale.lower().startswith(language + "-")]
        if regional:
            return regional[0]
        if language in lowered:
            return lowered[language]
    return default


class ServedForm:
    """One form spec file, served under its name. The spec's path comes from the command line
    only; a request names a form, never a file."""

    def __init__(
        self,
        path: str,
        registry: Registry,
        locale: Optional[str] = None,
    ) -> None:
        self.path = path
        self.name = form_name(path)
        with open(path, "rb") as file:
            text = file.read()
        try:
            self.spec: Dict[str, Any] = json.loads(text)
        except ValueError as error:
            raise ValueError(f"{path}: the form spec is not JSON: {error}") from None
        if not isinstance(self.spec, dict):
            raise ValueError(f"{path}: a form spec is a JSON object")
        self.registry = registry
        #: The locale the server fixes for this form (`--locale`): then no request chooses one.
        self.fixed_locale = locale
        self.default_locale = locale or self.spec.get("locale") or "en-US"
        self.locales = [tag for tag in registry.locales() if tag != "root"]
        if self.default_locale not in self.locales:
            self.locales.append(self.default_locale)
        self._forms: Dict[str, Form] = {}
        self._fields: Dict[str, List[Dict[str, Any]]] = {}
        self._lock = threading.Lock()
        self.form(self.default_locale)  # a bad spec fails at start, with its path
        #: The JSON Schema of the form's records, as `vouch schema --form PATH` writes it.
        self.schema = self.form(self.default_locale).schema(self.spec.get("name") or os.path.basename(path))

    def check(self, body: bytes, content_type: str, locale: str) -> Tuple[int, bytes]:
        """Checks a posted record and returns the HTTP status and the result object, the line
        `vouch check` writes for it: 200 when valid, 422 when not, 400 for a body that is not a
        record (its reason in the errors, as `vouch check` gives it), 415 for another media type."""
        media = content_type.split(";")[0].strip().lower()
        if media == "application/x-www-form-urlencoded":
            record = self.record_from_form(body)
            line = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()
        elif media in ("application/json", "") or media.endswith("+json"):
            # A newline may only stand between JSON tokens: as a space, the record is one line.
            line = body.replace(b"\r", b" ").replace(b"\n", b" ")
            if not line.strip():
                line = b"null"
        else:
            message = {"error": f"a record is application/json or application/x-www-form-urlencoded, not {media}"}
            return 415, json.dumps(message).encode()
        output = self.form(locale).check_lines(line).rstrip(b"\n")
        # vouch check's line begins {"record":N,("line":N,)"valid":...: "line" only for a record it
        # could not read.
        head = _HEAD.match(output)
        if head is None:
            raise ValueError("vouch check wrote a line that does not begin as documented")
        if head.group(2) == b"true":
            return 200, output
        return (400 if head.group(1) else 422), output

    def record_from_form(self, body: bytes) -> Dict[str, Any]:
        """A record from an HTML form's fields: a name given more than once (a token list) is a list."""
        try:
            pairs = parse_qsl(body.decode(), keep_blank_values=True, strict_parsing=False, max_num_fields=1000)
        except (UnicodeDecodeError, ValueError) as error:
            raise ValueError(f"the form data cannot be read: {error}") from None
        record: Dict[str, Any] = {}
        for key, value in pairs:
            if key in record:
                previous = record[key]
                record[key] = (previous if isinstance(previous, list) else [previous]) + [value]
            else:
                record[key] = value
        return record

    def locale_for(self, accept_language: Optional[str], asked: Optional[str] = None) -> str:
        """The locale of a request: the fixed one, else one asked for by name among those served,
        else the Accept-Language header's."""
        if self.fixed_locale:
            return self.fixed_locale
        if asked:
            return negotiate(asked, self.locales, self.default_locale)
        return negotiate(accept_language, self.locales, self.default_locale)

    def form(self, locale: str) -> Form:
        """The form compiled for a locale it serves (built once, then shared)."""
        with self._lock:
            form = self._forms.get(locale)
            if form is None:
                spec = dict(self.spec, locale=locale)
                try:
                    form = Form.from_json(spec, self.registry)
                except Exception as error:
                    raise ValueError(f"{self.path}: {error}") from None
                self._forms[locale] = form
            return form

    def fields(self, locale: str) -> List[Dict[str, Any]]:
        """The fields in order, each with its label, kind, flags and input hints (as libvouch gives
        them, HTML attributes too), and a choice's rows: its options, and the manual-entry label when
        it takes other text."""
        with self._lock:
            cached = self._fields.get(locale)
        if cached is not None:
            return cached
        form = self.form(locale)
        session = EditSession(form, locale, 0)
        specs = [entry if isinstance(entry, dict) else {} for entry in self.spec.get("fields", [])]
        fields = []
        for index, info in enumerate(form.fields):
            out, length = c_void_p(), c_size_t()
            session._raise(lib.vouch_session_hints(session._handle, index, byref(out), byref(length)))
            field: Dict[str, Any] = {
                "name": info.name,
                "label": info.label or info.name,
                "kind": info.kind,
                "required": info.required,
                "secret": info.secret,
                "conditional": info.conditional,
                "hints": json.loads(_lib.take(out, length)),
            }
            entry = specs[index] if index < len(specs) else {}
            placeholder = entry.get("placeholder")
            field["placeholder"] = placeholder if isinstance(placeholder, str) else _mask_placeholder(form, info.name)
            if info.kind == "choice":
                # The picker's rows as libvouch gives them: each option's label and value, then
                # the manual-entry row's label (the locale's "Other…" unless the spec names one).
                session._raise(lib.vouch_choice_rows(session._handle, index, byref(out), byref(length)))
                rows = json.loads(_lib.take(out, length))
                field["options"] = [{"value": value, "label": label} for value, label in zip(rows["values"], rows["rows"])]
                manual = rows.get("manual_entry")
                field["manual_entry"] = rows["rows"][manual] if isinstance(manual, int) else None
                # A choice that takes other text says so in its empty box: "Other…".
                field["placeholder"] = field["placeholder"] or field["manual_entry"]
            if info.kind == "tokens":
                field["token_kind"] = info.token_kind
            fields.append(field)
        session.close()
        with self._lock:
            self._fields[locale] = fields
        return fields


def _mask_placeholder(form: Form, name: str) -> Optional[str]:
    """The field's mask with every slot open, as libvouch lays it out ("__.__.____" for a de-DE
    date); None for a field without a mask."""
    edit = c_void_p()
    if lib.vouch_edit_open(form._handle, name.encode(), len(name.encode()), byref(edit)) != 0:
        return None
    try:
        out, length = c_void_p(), c_size_t()
        if lib.vouch_edit_placeholder(edit, b"_", byref(out), byref(length)) != 0:
            return None
        return _lib.take(out, length).decode() or None
    finally:
        lib.vouch_edit_free(edit)
