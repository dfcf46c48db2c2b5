"""The live page's HTML: the form rendered from its spec, each input named after its field and
carrying the HTML attributes of Vouch's hints. It works as a plain HTML form (posting to the check
endpoint); static/form.js makes every keystroke go through the engine."""
from __future__ import annotations

import re
from html import escape
from typing import Any, Dict, List

from .served_form import ServedForm


def _document(title: str, body: str) -> str:
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n"
        '<link rel="stylesheet" href="/static/form.css">\n</head>\n'
        f"<body>\n{body}\n</body>\n</html>\n"
    )


def render_index(names: List[str]) -> str:
    items = "\n".join(f'<li><a href="/forms/{escape(name)}/page">{escape(name)}</a></li>' for name in names)
    return _document("Vouch forms", f"<main>\n<h1>Forms</h1>\n<ul>\n{items}\n</ul>\n</main>")


#: The input types whose text and caret a script can set (the DOM has no selection in an
#: `email`, `date` or `number` input): the engine shows its own text and caret, so another type
#: becomes `text`, its keyboard kept by `inputmode`.
_CARET_TYPES = {"text", "tel", "url", "search", "password"}
_TYPE = re.compile(r'\btype="([a-z-]+)"')


def _attributes(html: str) -> str:
    """The HTML attributes libvouch writes for a field's hints (type, inputmode, autocapitalize,
    autocomplete, enterkeyhint, maxlength...), with a type that has a caret."""
    match = _TYPE.search(html)
    if match is None or match.group(1) in _CARET_TYPES:
        return html
    return _TYPE.sub(f'type="text" data-type="{match.group(1)}"', html, count=1)


def _field(field: Dict[str, Any]) -> str:
    name = escape(field["name"])
    attributes = _attributes(field["hints"].get("html", ""))
    if field.get("placeholder"):
        attributes += f' placeholder="{escape(field["placeholder"])}"'
    label = escape(field["label"]) + (' <span class="required" aria-hidden="true">*</span>' if field["required"] else "")
    extra = ""
    control = f'<input id="f-{name}" name="{name}" {attributes}>'
    kind = field["hints"].get("control")
    if kind == "multiline_text":
        control = f'<textarea id="f-{name}" name="{name}" rows="3" {_TYPE.sub("", attributes, count=1).strip()}></textarea>'
    elif kind == "display":
        control = f'<input id="f-{name}" name="{name}" readonly {attributes}>'
    elif kind == "switch":
        control = f'<input id="f-{name}" name="{name}" value="true" {field["hints"].get("html", "")}>'
    if field["kind"] == "choice":
        options = "".join(
            f'<option value="{escape(option["value"])}">{escape(option["label"])}</option>' for option in field["options"]
        )
        extra = f'<datalist id="options-{name}">{options}</datalist>'
        control = f'<input id="f-{name}" name="{name}" list="options-{name}" {attributes}>'
    elif field["kind"] == "tokens":
        control = f'<div class="tokens"><span class="chips"></span><input id="f-{name}" name="{name}" {attributes}></div>'
    return (
        f'<div class="field" data-field="{name}" data-kind="{escape(field["kind"])}" data-state="inactive">\n'
        f'  <label for="f-{name}">{label}</label>\n  {control}{extra}\n'
        f'  <div class="message" id="m-{name}" aria-live="polite"></div>\n</div>'
    )


def render_page(form: ServedForm, locale: str, fields: List[Dict[str, Any]]) -> str:
    name = escape(form.name)
    if form.fixed_locale:
        switcher = f'<span class="locale">{escape(locale)}</span>'
    else:
        options = "".join(
            f'<option value="{escape(tag)}"{" selected" if tag == locale else ""}>{escape(tag)}</option>'
            for tag in form.locales
        )
        switcher = f'<label class="locale">Locale <select id="locale">{options}</select></label>'
    body = (
        f'<main data-form="{name}" data-locale="{escape(locale)}">\n'
        f'<header><h1>{escape(str(form.spec.get("name", form.name)))}</h1>{switcher}</header>\n'
        f'<form id="form" method="post" action="/forms/{name}/check" novalidate>\n'
        + "\n".join(_field(field) for field in fields)
        + '\n<div class="toolbar">'
        '<button type="button" id="previous">Previous</button>'
        '<button type="button" id="next">Next</button>'
        '<button type="submit" id="done">Done</button></div>\n</form>\n'
        '<section id="outcome" hidden><h2>vouch check</h2><pre id="result"></pre></section>\n'
        "</main>\n"
        '<script src="/static/form.js"></script>'
    )
    return _document(str(form.spec.get("name", form.name)), body)
