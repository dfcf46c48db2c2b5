"""Data frames: the rows of a pandas DataFrame or a pyarrow Table checked in one call into libvouch."""
from __future__ import annotations

import json
from typing import Any, Dict, List, Tuple

from .form import Form, _record_json

ERROR_COLUMNS = ["row", "field", "code", "message", "args", "item"]


def check_frame(frame: Any, form: Form, *, display: bool = False) -> Tuple[Any, Any]:
    """Checks every row of ``frame`` (a pandas DataFrame, or a pyarrow Table) against ``form``, in
    one call into libvouch, and returns ``(cleaned, errors)`` of the same library as ``frame``:

    - ``cleaned``: the valid rows, with the frame's columns in order, each of the form's fields
      holding its canonical value as a Python object (``datetime.date``, ``Decimal``,
      :class:`vouch.Money`, ``bool``, ``int``, lists for tokens; ``None`` for an empty or excluded
      field), columns the form does not know kept as they are, the form's fields the frame lacks
      added at the end, and password fields dropped. With ``display=True`` the fields hold their
      display text instead. A DataFrame keeps its index.
    - ``errors``: one row per violation of the other rows: ``row`` (the index label in a DataFrame,
      the row's position in a Table), ``field`` (``None`` for a row that could not be read at all),
      ``code``, ``message``, ``args`` (a dict; JSON text in a Table) and ``item`` (a token's
      position, or ``None``).

    Values go to Vouch as JSON: missing values (NaN, None) are empty; keep codes with leading zeros
    (ZIP codes) as text, for example ``pandas.read_csv(..., dtype=str)``.
    """
    module = type(frame).__module__.split(".")[0]
    if module == "pandas":
        return _pandas(frame, form, display)
    if module == "pyarrow":
        return _arrow(frame, form, display)
    raise TypeError(f"check_frame takes a pandas DataFrame or a pyarrow Table, not {type(frame).__name__}")


def _check(lines: bytes, form: Form, display: bool) -> Tuple[List[int], List[Dict[str, Any]], List[List[Any]]]:
    """Positions and typed values of the valid rows, and the violations of the others (by position)."""
    output = form.check_lines(lines, display=display)
    fields = form._by_name
    positions: List[int] = []
    values: List[Dict[str, Any]] = []
    errors: List[List[Any]] = []
    for position, line in enumerate(output.splitlines()):
        result = json.loads(line)
        if result["valid"]:
            positions.append(position)
            if display:
                values.append(result["display"])
            else:
                values.append({name: fields[name].typed(value) for name, value in result["values"].items()})
        else:
            for error in result["errors"]:
                errors.append(
                    [position, error["field"], error["code"], error["message"], error.get("args") or {}, error.get("item")]
                )
    return positions, values, errors


def _columns(frame_columns: List[str], form: Form) -> List[str]:
    secret = {field.name for field in form.fields if field.secret}
    known = set(frame_columns)
    columns = [column for column in frame_columns if column not in secret]
    columns += [field.name for field in form.fields if field.name not in known and not field.secret]
    return columns


def _pandas(frame: Any, form: Form, display: bool) -> Tuple[Any, Any]:
    import pandas

    if any(not isinstance(column, str) for column in frame.columns):
        raise TypeError("check_frame needs column names that are strings (the form's field names)")
    if frame.columns.duplicated().any():
        raise ValueError("check_frame needs distinct column names")
    if len(frame):
        lines = frame.to_json(orient="records", lines=True, force_ascii=False, date_format="iso", default_handler=str)
        lines = lines.encode("utf-8", "surrogatepass")
    else:
        lines = b""
    positions, values, errors = _check(lines, form, display)
    names = {field.name for field in form.fields}
    columns = _columns(list(frame.columns), form)
    valid = frame.iloc[positions]
    data = {}
    for column in columns:
        if column in names:
            data[column] = pandas.Series([row.get(column) for row in values], index=valid.index, dtype=object)
        else:
            data[column] = valid[column]
    cleaned = pandas.DataFrame(data, index=valid.index, columns=columns)
    index = frame.index
    for error in errors:
        error[0] = index[error[0]]
    return cleaned, pandas.DataFrame(errors, columns=ERROR_COLUMNS)


def _arrow(table: Any, form: Form, display: bool) -> Tuple[Any, Any]:
    import pyarrow

    rows = table.to_pylist()
    lines = b"\n".join(_record_json(row) for row in rows)
    positions, values, errors = _check(lines, form, display)
    names = {field.name for field in form.fields}
    columns = _columns(list(table.column_names), form)
    cleaned_rows = []
    for position, row_values in zip(positions, values):
        row = rows[position]
        cleaned_rows.append(
            {column: _arrow_value(row_values.get(column)) if column in names else row.get(column) for column in columns}
        )
    if cleaned_rows:
        cleaned = pyarrow.Table.from_pylist(cleaned_rows)
    else:
        cleaned = pyarrow.Table.from_pylist([], schema=pyarrow.schema([(column, pyarrow.null()) for column in columns]))
    error_rows = [dict(zip(ERROR_COLUMNS, error)) for error in errors]
    for row in error_rows:
        row["args"] = json.dumps(row["args"], ensure_ascii=False)
    schema = pyarrow.schema(
        [
            ("row", pyarrow.int64()),
            ("field", pyarrow.string()),
            ("code", pyarrow.string()),
            ("message", pyarrow.string()),
            ("args", pyarrow.string()),
            ("item", pyarrow.int64()),
        ]
    )
    return cleaned, pyarrow.Table.from_pylist(error_rows, schema=schema)


def _arrow_value(value: Any) -> Any:
    # Money is a struct of its amount and currency in Arrow.
    if hasattr(value, "_asdict"):
        return dict(value._asdict())
    return value
