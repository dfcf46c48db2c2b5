"""Results of validation: validity, violations, and values as Python types."""
from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field as _field
from decimal import Decimal
from typing import Any, Callable, Dict, List, Mapping, NamedTuple, Optional, Sequence


class Money(NamedTuple):
    """A money field's value: its amount and its ISO 4217 currency. ``str()`` gives the canonical
    form, ``"1234.50 USD"``."""

    amount: Decimal
    currency: str

    def __str__(self) -> str:
        return f"{self.amount} {self.currency}"


@dataclass(frozen=True)
class Violation:
    """One broken rule: the field (``None`` for a record that could not be read at all), a stable
    ``code`` (``required``, ``too_short``, ``email``), the localized ``message``, the message's
    arguments, and for one token of a token list its position from 0."""

    field: Optional[str]
    code: str
    message: str
    args: Dict[str, Any] = _field(default_factory=dict)
    item: Optional[int] = None


def _integer(value: Any) -> int:
    return int(value)


def _money(value: str) -> Money:
    amount, currency = value.rsplit(" ", 1)
    return Money(Decimal(amount), currency)


def _datetime(value: str) -> _dt.datetime:
    # Python before 3.11 reads no "Z".
    return _dt.datetime.fromisoformat(value[:-1] + "+00:00" if value.endswith("Z") else value)


#: How a kind's canonical value (JSON) becomes a Python value; other kinds stay text.
CONVERTERS: Dict[str, Callable[[Any], Any]] = {
    "date": _dt.date.fromisoformat,
    "time": _dt.time.fromisoformat,
    "datetime": _datetime,
    "decimal": Decimal,
    "money": _money,
    "number": _integer,
    "boolean": bool,
    "bool": bool,
}


@dataclass(frozen=True)
class FieldInfo:
    """A field of a form, as the engine built it: its name, label, kind (never an alias) and, for a
    token list, its tokens' kind."""

    name: str
    label: str
    kind: str
    required: bool
    secret: bool
    conditional: bool
    token_kind: Optional[str] = None

    def typed(self, canonical: Any) -> Any:
        """The Python value of a canonical JSON value of this field (``None`` stays ``None``)."""
        return typed_value(self.kind, canonical, self.token_kind)


def typed_value(kind: str, canonical: Any, token_kind: Optional[str] = None) -> Any:
    """A canonical value as a Python value: ``datetime.date`` for dates, ``decimal.Decimal`` for
    decimals, :class:`Money` for money, ``int``, ``bool``, a list for tokens, ``str`` otherwise."""
    if canonical is None:
        return None
    if isinstance(canonical, list):
        convert = CONVERTERS.get(token_kind or "")
        return [convert(item) if convert and item is not None else item for item in canonical]
    convert = CONVERTERS.get(kind)
    return convert(canonical) if convert else canonical


class Result:
    """The outcome of checking one record.

    ``valid``; ``violations`` (every violation of every field, in field order); ``values`` (each
    valid, included field's canonical value as a Python type; ``None`` for an empty optional field;
    invalid, excluded and password fields are absent); ``display`` (the same fields' display text,
    when the call gives it); ``canonical`` (the values as the engine wrote them, JSON); ``record``
    and ``line`` (for results of a batch: the record's number and, for a record that could not be
    read, its line). Values are typed the first time they are asked for.
    """

    __slots__ = ("_json", "_fields", "_values", "_violations")

    def __init__(self, json: Mapping[str, Any], fields: Mapping[str, FieldInfo]) -> None:
        self._json = json
        self._fields = fields
        self._values: Optional[Dict[str, Any]] = None
        self._violations: Optional[List[Violation]] = None

    @property
    def valid(self) -> bool:
        return bool(self._json["valid"])

    def __bool__(self) -> bool:
        return self.valid

    @property
    def violations(self) -> List[Violation]:
        if self._violations is None:
            self._violations = [
                Violation(error["field"], error["code"], error["message"], error.get("args") or {}, error.get("item"))
                for error in self._json["errors"]
            ]
        return self._violations

    def errors(self, field: str) -> List[Violation]:
        """The violations of one field."""
        return [violation for violation in self.violations if violation.field == field]

    @property
    def values(self) -> Dict[str, Any]:
        if self._values is None:
            values = {}
            for name, canonical in self._json["values"].items():
                info = self._fields.get(name)
                values[name] = info.typed(canonical) if info else canonical
            self._values = values
        return self._values

    @property
    def canonical(self) -> Dict[str, Any]:
        return dict(self._json["values"])

    @property
    def display(self) -> Dict[str, Optional[str]]:
        return dict(self._json.get("display", {}))

    @property
    def record(self) -> Optional[int]:
        return self._json.get("record")

    @property
    def line(self) -> Optional[int]:
        return self._json.get("line")

    def to_json(self) -> Dict[str, Any]:
        """The result as the engine wrote it (``valid``, ``values``, ``display``, ``errors``)."""
        return dict(self._json)

    def __repr__(self) -> str:
        if self.valid:
            return f"<vouch.Result valid values={self.values!r}>"
        codes = ", ".join(f"{v.field}: {v.code}" for v in self.violations)
        return f"<vouch.Result invalid [{codes}]>"


def fields_by_name(fields: Sequence[FieldInfo]) -> Dict[str, FieldInfo]:
    return {info.name: info for info in fields}
