"""What `vouch check` sums up on stderr, as data that adds up across batches and partitions."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping


@dataclass
class FieldSummary:
    """One field: how many records included it, how many broke it, and with which codes."""

    name: str
    records: int = 0
    invalid: int = 0
    codes: Dict[str, int] = field(default_factory=dict)


@dataclass
class Summary:
    """Records checked, valid, invalid and unreadable, and a :class:`FieldSummary` per field of the
    form. ``a + b`` combines the summaries of two batches of one form; ``str(summary)`` is the table
    `vouch check` prints for the same records."""

    records: int = 0
    valid: int = 0
    invalid: int = 0
    unreadable: int = 0
    unreadable_codes: Dict[str, int] = field(default_factory=dict)
    fields: List[FieldSummary] = field(default_factory=list)

    @classmethod
    def from_json(cls, json: Mapping[str, Any]) -> "Summary":
        """A summary from the JSON of vouch_form_check (or :meth:`to_json`)."""
        return cls(
            records=json["records"],
            valid=json["valid"],
            invalid=json["invalid"],
            unreadable=json["unreadable"],
            unreadable_codes=dict(json["unreadable_codes"]),
            fields=[FieldSummary(f["name"], f["records"], f["invalid"], dict(f["codes"])) for f in json["fields"]],
        )

    def to_json(self) -> Dict[str, Any]:
        return {
            "records": self.records,
            "valid": self.valid,
            "invalid": self.invalid,
            "unreadable": self.unreadable,
            "unreadable_codes": dict(sorted(self.unreadable_codes.items())),
            "fields": [
                {"name": f.name, "records": f.records, "invalid": f.invalid, "codes": dict(sorted(f.codes.items()))}
                for f in self.fields
            ],
        }

    def __add__(self, other: "Summary") -> "Summary":
        if not isinstance(other, Summary):
            return NotImplemented
        if not self.fields and not self.records:
            return other.copy()
        if not other.fields and not other.records:
            return self.copy()
        if [f.name for f in self.fields] != [f.name for f in other.fields]:
            raise ValueError("summaries of different forms cannot be combined")
        return Summary(
            records=self.records + other.records,
            valid=self.valid + other.valid,
            invalid=self.invalid + other.invalid,
            unreadable=self.unreadable + other.unreadable,
            unreadable_codes=_add(self.unreadable_codes, other.unreadable_codes),
            fields=[
                FieldSummary(a.name, a.records + b.records, a.invalid + b.invalid, _add(a.codes, b.codes))
                for a, b in zip(self.fields, other.fields)
            ],
        )

    def copy(self) -> "Summary":
        return Summary.from_json(self.to_json())

    def __str__(self) -> str:
        lines = [f"vouch check: {self.records} records: {self.valid} valid, {self.invalid} invalid, {self.unreadable} unreadable"]
        width = max([5] + [len(f.name) for f in self.fields])
        lines.append("  " + "field".ljust(width) + "  records  invalid  most common codes")
        for f in self.fields:
            line = f"  {f.name.ljust(width)}  {str(f.records).rjust(7)}  {str(f.invalid).rjust(7)}  {_most_common(f.codes, 3)}"
            lines.append(line.rstrip(" "))
        if self.unreadable:
            lines.append("  unreadable records: " + _most_common(self.unreadable_codes, None))
        return "\n".join(lines)


def _add(a: Mapping[str, int], b: Mapping[str, int]) -> Dict[str, int]:
    total = dict(a)
    for code, count in b.items():
        total[code] = total.get(code, 0) + count
    return total


def _most_common(codes: Mapping[str, int], limit: Any) -> str:
    ranked = sorted(codes.items(), key=lambda item: (-item[1], item[0]))[:limit]
    return ", ".join(f"{code} ({count})" for code, count in ranked)
