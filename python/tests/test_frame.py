"""check_frame on pandas DataFrames and pyarrow Tables."""
from __future__ import annotations

import datetime
import json
from decimal import Decimal

import pytest

import vouch
from conftest import EXAMPLES

pandas = pytest.importorskip("pandas")
pyarrow = pytest.importorskip("pyarrow")

def rows():
    return [
        {"id": 7, "email": "Ada@Example.COM", "born": "2/22/1982", "price": "$5", "tags": "a, b", "secret": "s3cret-value"},
        {"id": 8, "email": "nope", "born": "2/30/1982", "price": None, "tags": None, "secret": None},
        {"id": 9, "email": "b@c.example", "born": None, "price": "$1,234.50", "tags": "x", "secret": None},
    ]


def test_pandas(typed):
    frame = pandas.DataFrame(rows(), index=["r7", "r8", "r9"])
    cleaned, errors = vouch.check_frame(frame, typed)
    assert list(cleaned.index) == ["r7", "r9"]
    # secret dropped, the form's fields the frame lacks added
    assert list(cleaned.columns) == ["id", "email", "born", "price", "tags", "at", "when", "ratio", "count", "agree"]
    assert cleaned.loc["r7", "email"] == "Ada@example.com" and cleaned.loc["r7", "id"] == 7
    assert cleaned.loc["r7", "born"] == datetime.date(1982, 2, 22) and cleaned.loc["r9", "born"] is None
    assert cleaned.loc["r9", "price"] == vouch.Money(Decimal("1234.50"), "USD")
    assert cleaned.loc["r7", "tags"] == ["a", "b"]
    assert list(errors.columns) == ["row", "field", "code", "message", "args", "item"]
    assert [tuple(r) for r in errors[["row", "field", "code"]].itertuples(index=False)] == [
        ("r8", "email", "email"),
        ("r8", "born", "date"),
    ]
    assert errors.iloc[1]["args"] == {"example": "02/22/1982"}
    assert "s3cret" not in cleaned.to_string() + errors.to_string()
    # The same records one at a time give the same answers.
    for label, row in frame.iterrows():
        result = typed.validate({k: (None if pandas.isna(v) else v) for k, v in row.items() if k != "id"})
        assert result.valid == (label in cleaned.index)


def test_pandas_display_and_empty(typed):
    cleaned, errors = vouch.check_frame(pandas.DataFrame(rows()), typed, display=True)
    assert cleaned.loc[0, "born"] == "02/22/1982" and list(cleaned.index) == [0, 2]
    cleaned, errors = vouch.check_frame(pandas.DataFrame(columns=["email"]), typed)
    assert len(cleaned) == 0 and len(errors) == 0 and "born" in cleaned.columns


def test_pandas_from_csv_matches_vouch_check(signup_form, tmp_path):
    records = [json.loads(line) for line in (EXAMPLES / "signups.jsonl").read_text().splitlines()]
    frame = pandas.DataFrame(records).astype(object)
    cleaned, errors = vouch.check_frame(frame, signup_form)
    expected = [signup_form.validate({k: v for k, v in r.items()}) for r in records]
    assert list(cleaned.index) == [i for i, r in enumerate(expected) if r.valid]
    assert len(errors) == sum(len(r.violations) for r in expected)


def test_pyarrow(typed):
    table = pyarrow.Table.from_pylist(rows())
    cleaned, errors = vouch.check_frame(table, typed)
    assert isinstance(cleaned, pyarrow.Table) and isinstance(errors, pyarrow.Table)
    assert cleaned.column_names == ["id", "email", "born", "price", "tags", "at", "when", "ratio", "count", "agree"]
    assert cleaned.column("id").to_pylist() == [7, 9]
    assert cleaned.column("born").to_pylist() == [datetime.date(1982, 2, 22), None]
    assert cleaned.column("price").to_pylist()[1] == {"amount": Decimal("1234.50"), "currency": "USD"}
    assert errors.column("row").to_pylist() == [1, 1]
    assert errors.column("code").to_pylist() == ["email", "date"]
    assert json.loads(errors.column("args").to_pylist()[1]) == {"example": "02/22/1982"}


def test_not_a_frame(typed):
    with pytest.raises(TypeError, match="pandas DataFrame or a pyarrow Table"):
        vouch.check_frame([{"email": "a@b.example"}], typed)
