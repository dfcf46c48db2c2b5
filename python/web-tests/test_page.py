"""The live page in headless Chromium, typed into with real keystrokes: it must show the texts,
carets, chips, focus and states that `vouch edit` prints for the replays of Examples/edits/, and
the check endpoint must answer what `vouch check` writes. Screenshots go to docs/ (docs/web.md).

Run with `make web-test` (Chromium and chromedriver from Debian, Selenium from PyPI)."""
from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Tuple

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
VOUCH = ROOT / ".build" / "release" / "vouch"
EDITS = ROOT / "Examples" / "edits"
DOCS = ROOT / "docs"
#: The replays of one field, and the steps of a whole form the page takes: keys, and the app's own
#: steps through window.vouchForm (a veto of editing is a callback libvouch calls: not over HTTP).
FIELD_REPLAYS = ["phone", "date-de", "amount-de", "tokens-typed", "choice"]
PAGE_STEPS = {"next", "previous", "done", "focus", "type", "paste", "backspace", "replace"}
APP_STEPS = {"disable", "enable", "set_error", "clear_error", "set_text"}


def vouch(*arguments: str, stdin: bytes = b"") -> str:
    run = subprocess.run([str(VOUCH), *arguments], input=stdin, capture_output=True, timeout=120)
    assert run.returncode in (0, 1), run.stderr.decode()
    return run.stdout.decode()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# The replays -------------------------------------------------------------------------------------


def replay(script: Path) -> List[Tuple[str, List[str]]]:
    """`vouch edit`'s lines, grouped by step: (label, results), a result per key."""
    steps: List[Tuple[str, List[str]]] = []
    for line in vouch("edit", str(script)).splitlines():
        if line.startswith(("valid:", "values:", "token ", "invalid:")):
            continue
        if line.startswith(" "):
            steps[-1][1].append(line.strip())
            continue
        label, _, rest = line.partition("  ")
        steps.append((label, [rest.strip()] if rest.strip() or label else []))
    return steps


def text_and_caret(shown: str) -> Tuple[str, int]:
    shown = shown.split("   (")[0]
    caret = shown.index("|")
    before = shown[:caret]
    return before + shown[caret + 1 :], len(before.encode("utf-16-le")) // 2


def tokens_shown(shown: str) -> Tuple[List[str], Any, str]:
    shown = shown.split("   (")[0]
    chips = re.findall(r"\[(.*?)\] ", shown)
    selected = next((index for index, chip in enumerate(chips) if chip.startswith("*")), None)
    typing = shown[shown.rfind("] ") + 2 if "] " in shown else 0 :].rstrip("|")
    return [chip.strip("*") for chip in chips], selected, typing


STATE = re.compile(r'(\w+): (inactive|active|error|disabled|pending)(?: "((?:[^"\\]|\\.)*)")?')


# The server and the browser ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def forms(tmp_path_factory: Any) -> Dict[str, Path]:
    """A form spec for each replay of one field (named after the replay), the replay of a whole
    form with its page steps only, and Examples/signup.form.json."""
    folder = tmp_path_factory.mktemp("forms")
    made: Dict[str, Path] = {}
    for name in FIELD_REPLAYS:
        script = json.loads((EDITS / f"{name}.json").read_text())
        field = script.get("field") or {"name": "field", "kind": script["kind"]}
        spec = {"vouch": 1, "locale": script.get("locale", "en-US"), "name": name, "fields": [field]}
        (folder / f"{name}.form.json").write_text(json.dumps(spec))
        made[name] = EDITS / f"{name}.json"
    script = json.loads((EDITS / "states.json").read_text())
    script["edits"] = [step for step in script["edits"] if (PAGE_STEPS | APP_STEPS) & set(step)]
    spec = dict(script["form"], locale=script.get("locale", "en-US"), name="states")
    (folder / "states.form.json").write_text(json.dumps(spec))
    (folder / "states.json").write_text(json.dumps(script))
    made["states"] = folder / "states.json"
    made["_folder"] = folder
    return made


@pytest.fixture(scope="module")
def server(forms: Dict[str, Path]) -> Any:
    port = free_port()
    specs = [str(path) for path in sorted(forms["_folder"].glob("*.form.json"))]
    specs.append(str(ROOT / "Examples" / "signup.form.json"))
    arguments = [sys.executable, "-m", "vouch.web", "--port", str(port)]
    for spec in specs:
        arguments += ["--form", spec]
    process = subprocess.Popen(arguments, env=dict(os.environ, PYTHONPATH=str(ROOT / "python" / "src")))
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            urllib.request.urlopen(url + "/", timeout=1)
            break
        except OSError:
            if process.poll() is not None:
                raise RuntimeError("the server stopped")
            time.sleep(0.1)
    yield url
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Any:
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=720,1000"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
    yield driver
    driver.quit()


def idle(driver: Any) -> None:
    WebDriverWait(driver, 10, poll_frequency=0.01).until(
        lambda d: d.execute_script("return document.body.dataset.ready === '1' && document.body.dataset.pending === '0'")
    )


def load(driver: Any, url: str) -> None:
    driver.get(url)
    idle(driver)


def paste(driver: Any, element: Any, text: str) -> None:
    """A paste as the clipboard delivers it: a paste event carrying the text."""
    driver.execute_script(
        "const data = new DataTransfer(); data.setData('text/plain', arguments[1]);"
        "arguments[0].dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));",
        element,
        text,
    )


def shown_field(driver: Any, name: str) -> Dict[str, Any]:
    return driver.execute_script(
        "const box = document.querySelector(`.field[data-field='${arguments[0]}']`); const input = box.querySelector('input, textarea');"
        "return {text: input.value, caret: input.selectionStart, state: box.dataset.state,"
        " message: box.querySelector('.message').textContent,"
        " chips: [...box.querySelectorAll('.chip')].map(c => c.textContent),"
        " selected: [...box.querySelectorAll('.chip')].findIndex(c => c.classList.contains('selected')),"
        " focused: document.activeElement === input};",
        name,
    )


def focused_field(driver: Any) -> Any:
    return driver.execute_script(
        "const box = document.activeElement && document.activeElement.closest('.field'); return box ? box.dataset.field : null;"
    )


def app_step(driver: Any, step: Dict[str, Any]) -> None:
    """A step of the app around the page (not a key), as a replay of `vouch edit` writes it."""
    op = next(iter(APP_STEPS & set(step)))
    field = step.get("field") or focused_field(driver)
    if op in ("disable", "enable", "clear_error"):
        sent = {"op": op, "field": step[op]}
    elif op == "set_error":
        sent = {"op": op, "field": field, "message": step[op], "sticky": step.get("sticky", False)}
    else:
        sent = {"op": op, "field": field, "text": step[op]}
    driver.execute_script("window.vouchForm.send(arguments[0]);", sent)


def act(driver: Any, element: Any, label: str, step: Dict[str, Any]) -> List[Any]:
    """Performs a step of a replay with keys; returns one callable per line vouch edit prints."""
    if "type" in step:
        return [lambda key=key: element.send_keys(key) for key in step["type"]]
    if "paste" in step:
        return [lambda: paste(driver, element, step["paste"])]
    if "backspace" in step:
        return [lambda: element.send_keys(Keys.BACKSPACE)] * step["backspace"]
    if "replace" in step:
        start, length = step["replace"]

        def replace() -> None:
            end = min(start + length, len(element.get_attribute("value").encode("utf-16-le")) // 2)
            driver.execute_script("arguments[0].setSelectionRange(arguments[1], arguments[2]);", element, start, end)
            if not step["with"]:
                element.send_keys(Keys.BACKSPACE)
            elif len(step["with"]) == 1:
                element.send_keys(step["with"])
            else:
                paste(driver, element, step["with"])

        return [replace]
    if "return" in step:
        return [lambda: element.send_keys(Keys.ENTER)]
    if "select" in step:
        return [lambda: driver.find_elements(By.CSS_SELECTOR, ".chip")[step["select"]].click()]
    raise AssertionError(f"no key for {step}")


def replayed(
    driver: Any, script: Path, edits: List[Dict[str, Any]], actions: Callable[[Dict[str, Any], str], List[Any]]
) -> Iterator[Tuple[Dict[str, Any], str, str]]:
    """The edits of a script done in the page: each step by the actions `actions(step, label)` gives,
    one for each line `vouch edit` shows for it. Yields the step, its label and the line after each
    action, once the page is idle."""
    expected = replay(script)
    assert len(expected) == len(edits)
    for step, (label, lines) in zip(edits, expected):
        done = actions(step, label)
        assert len(done) == len(lines), (label, lines)
        for action, line in zip(done, lines):
            action()
            idle(driver)
            yield step, label, line


# The tests ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", FIELD_REPLAYS)
def test_field_replay(server: str, browser: Any, forms: Dict[str, Path], name: str) -> None:
    script = json.loads(forms[name].read_text())
    field = (script.get("field") or {"name": "field"})["name"]
    tokens = (script.get("field") or {}).get("kind") == "tokens"
    load(browser, f"{server}/forms/{name}/page?locale={script.get('locale', 'en-US')}")
    element = browser.find_element(By.ID, f"f-{field}")
    element.click()
    idle(browser)

    def actions(step: Dict[str, Any], label: str) -> List[Any]:
        if tokens and "type" in step:  # vouch edit shows a token field once per typed text
            return [lambda text=step["type"]: element.send_keys(text)]
        return act(browser, element, label, step)

    for _, label, line in replayed(browser, forms[name], script["edits"], actions):
        page = shown_field(browser, field)
        if tokens:
            chips, selected, typing = tokens_shown(line)
            assert (page["chips"], page["selected"] if page["selected"] >= 0 else None, page["text"]) == (
                chips, selected, typing), (label, line)
            if "(refused: " in line:
                assert page["message"] == line.split("(refused: ")[1].rstrip(")"), (label, line)
        else:
            assert (page["text"], page["caret"]) == text_and_caret(line), (label, line)
    if name == "choice":
        options = [option.get_attribute("value") for option in browser.find_elements(By.CSS_SELECTOR, "datalist option")]
        assert options == ["yes", "no", "weekly"]
    if tokens:
        browser.save_screenshot(str(DOCS / "web-tokens.png"))
        element.send_keys(Keys.ENTER)  # nothing typed: the return key moves on, and the chips fold
        idle(browser)
        page = shown_field(browser, field)
        assert page["chips"] == ["grace@navy.example", "alan@example.net"]
        assert browser.find_element(By.CSS_SELECTOR, ".more").text == "and 1 more"


def test_form_replay(server: str, browser: Any, forms: Dict[str, Path]) -> None:
    script = json.loads(forms["states"].read_text())
    load(browser, f"{server}/forms/states/page")

    def actions(step: Dict[str, Any], label: str) -> List[Any]:
        if "next" in step or "previous" in step or "done" in step:
            button = next(key for key in ("next", "previous", "done") if key in step)
            return [lambda: browser.find_element(By.ID, button).click()]
        if "focus" in step:
            return [lambda: browser.find_element(By.ID, f"f-{step['focus']}").click()]
        if APP_STEPS & set(step):
            return [lambda: app_step(browser, step)]
        return act(browser, browser.switch_to.active_element, label, step)

    for step, label, line in replayed(browser, forms["states"], script["edits"], actions):
        parts = re.split(r"\s{2,}", line, maxsplit=1)
        result, changes = parts[0], parts[1] if len(parts) > 1 else ""
        if result.startswith("focus: "):
            wanted = result[len("focus: "):]
            assert focused_field(browser) == (None if wanted == "none" else wanted), (label, line)
        elif STATE.fullmatch(result) is None and ": " in result and "|" in result:
            name, _, shown = result.partition(": ")
            assert (shown_field(browser, name)["text"], shown_field(browser, name)["caret"]) == text_and_caret(shown)
        elif "done" in step:
            assert browser.find_element(By.ID, "outcome").is_displayed()
        for match in STATE.finditer(changes if changes else (result if STATE.match(result) else "")):
            page = shown_field(browser, match.group(1))
            assert page["state"] == match.group(2), (label, line)
            if match.group(3) is not None:
                assert page["message"] == json.loads(f'"{match.group(3)}"'), (label, line)


def test_done_shows_what_vouch_check_writes(server: str, browser: Any) -> None:
    load(browser, f"{server}/forms/signup/page")
    typed = {"first_name": "ada", "last_name": "lovelace", "email": "ada@example", "phone": "201555012",
             "birth_date": "12101985", "password": "secret"}
    for name, keys in typed.items():
        browser.find_element(By.ID, f"f-{name}").click()
        browser.find_element(By.ID, f"f-{name}").send_keys(keys)
        idle(browser)
    browser.find_element(By.ID, "f-topics").click()
    browser.find_element(By.ID, "f-topics").send_keys("swift,forms,")
    browser.find_element(By.ID, "done").click()
    idle(browser)
    shown = json.loads(browser.find_element(By.ID, "result").text)
    record = {}
    for box in browser.find_elements(By.CSS_SELECTOR, ".field"):
        name = box.get_attribute("data-field")
        record[name] = box.find_element(By.TAG_NAME, "input").get_attribute("value")
    record["password"] = typed["password"]
    record["topics"] = ["swift", "forms"]
    assert record["phone"] == "(201) 555-012" and record["first_name"] == "Ada"
    expected = vouch("check", "--form", str(ROOT / "Examples" / "signup.form.json"),
                     stdin=json.dumps(record).encode())
    assert shown == json.loads(expected)
    assert "secret" not in browser.page_source
    assert shown_field(browser, "phone")["state"] == "error"
    assert shown_field(browser, "phone")["message"] == "This phone number is too short."
    browser.set_window_size(720, 2000)
    browser.execute_script("window.scrollTo(0, 0)")
    browser.save_screenshot(str(DOCS / "web-signup.png"))
    # The locale switcher: the same texts, the errors in German after Done.
    browser.find_element(By.CSS_SELECTOR, "#locale option[value='de-DE']").click()
    idle(browser)
    browser.find_element(By.ID, "done").click()
    idle(browser)
    assert shown_field(browser, "last_name")["text"] == "Lovelace"
    assert shown_field(browser, "zip")["message"] == "Dieses Feld ist erforderlich."
    browser.set_window_size(720, 1000)


def post(url: str, body: bytes, headers: Dict[str, str]) -> Tuple[int, str]:
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.mark.parametrize("locale", [None, "de-DE"])
def test_endpoint_equals_vouch_check(server: str, locale: Any) -> None:
    records = (ROOT / "Examples" / "signups.jsonl").read_bytes().splitlines()
    arguments = ["check", "--form", str(ROOT / "Examples" / "signup.form.json")] + (["--locale", locale] if locale else [])
    for record in records:
        expected = vouch(*arguments, stdin=record + b"\n").strip()
        headers = {"content-type": "application/json"}
        if locale:
            headers["accept-language"] = f"{locale}, en;q=0.5"
        status, body = post(f"{server}/forms/signup/check", record, headers)
        assert body == expected
        assert status == (200 if json.loads(expected)["valid"] else 422)
    # As an HTML form posts it: text fields, a token list as one text.
    fields = {key: value for key, value in json.loads(records[0]).items()}
    status, body = post(f"{server}/forms/signup/check", urllib.parse.urlencode(fields).encode(),
                        {"content-type": "application/x-www-form-urlencoded", "accept-language": locale or "en-US"})
    assert body == vouch(*arguments, stdin=records[0] + b"\n").strip()
    assert "correct horse" not in body


def test_limits(server: str) -> None:
    status, _ = post(f"{server}/forms/signup/check", b"{" + b" " * 70000 + b"}", {"content-type": "application/json"})
    assert status == 413
    status, _ = post(f"{server}/forms/signup/check", b"{}", {"content-type": "text/plain"})
    assert status == 415
    status, _ = post(f"{server}/forms/..%2Fsignup/check", b"{}", {"content-type": "application/json"})
    assert status == 404
    status, body = post(f"{server}/forms/signup/sessions/nope", b"{}", {"content-type": "application/json"})
    assert status == 404


def test_form_validator_raises_the_standard_422() -> None:
    from starlette.applications import Starlette
    from starlette.exceptions import HTTPException
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route
    from starlette.testclient import TestClient

    from vouch.web import FormValidator, validation_error_handler

    signup = FormValidator(str(ROOT / "Examples" / "signup.form.json"), negotiate=True)

    async def create(request: Request) -> JSONResponse:
        return JSONResponse(await signup(request))

    app = Starlette(routes=[Route("/signup", create, methods=["POST"])],
                    exception_handlers={HTTPException: validation_error_handler})
    client = TestClient(app)
    records = [json.loads(line) for line in (ROOT / "Examples" / "signups.jsonl").read_text().splitlines()]
    answer = client.post("/signup", json=records[0])
    assert answer.status_code == 200
    assert answer.json() == json.loads(vouch("check", "--form", str(ROOT / "Examples" / "signup.form.json"),
                                             stdin=json.dumps(records[0]).encode()))["values"]
    answer = client.post("/signup", json=records[2], headers={"accept-language": "de-DE"})
    assert answer.status_code == 422
    expected = json.loads(vouch("check", "--form", str(ROOT / "Examples" / "signup.form.json"), "--locale", "de-DE",
                                stdin=json.dumps(records[2]).encode()))["errors"]
    assert answer.json()["detail"] == [
        {"type": error["code"], "loc": ["body", error["field"]], "msg": error["message"], "ctx": error["args"]}
        for error in expected
    ]
    assert json.dumps(records[2]["password"]) not in answer.text


def test_return_key_moves_on_and_finishes(server: str, browser: Any) -> None:
    load(browser, f"{server}/forms/states/page")
    browser.find_element(By.ID, "f-name").click()
    browser.find_element(By.ID, "f-name").send_keys("ada", Keys.ENTER)
    idle(browser)
    assert focused_field(browser) == "email"
    assert shown_field(browser, "name")["text"] == "Ada"
    browser.find_element(By.ID, "f-note").click()  # a multiline field: the return key is a new line
    browser.find_element(By.ID, "f-note").send_keys("one", Keys.ENTER, "two")
    idle(browser)
    assert (shown_field(browser, "note")["text"], focused_field(browser)) == ("one\ntwo", "note")
    load(browser, f"{server}/forms/signup/page")
    # The last field the form includes (topics waits for newsletter "yes", and an excluded field
    # takes no focus): the return key there is Done.
    browser.find_element(By.ID, "f-newsletter").click()
    browser.find_element(By.ID, "f-newsletter").send_keys(Keys.ENTER)
    idle(browser)
    assert focused_field(browser) is None
    assert browser.find_element(By.ID, "outcome").is_displayed()
    assert json.loads(browser.find_element(By.ID, "result").text)["errors"][0]["field"] == "first_name"
    assert shown_field(browser, "first_name")["state"] == "error"


def test_sessions_schema_and_secrets() -> None:
    from starlette.testclient import TestClient

    from vouch.web import create_app

    spec = str(ROOT / "Examples" / "signup.form.json")
    client = TestClient(create_app([spec], max_sessions=1))
    assert client.get("/forms/signup/schema").json() == json.loads(vouch("schema", "--form", spec))
    described = client.get("/forms/signup", headers={"accept-language": "pt-BR"}).json()
    assert described["locale"] == "pt-BR"
    phone = next(field for field in described["fields"] if field["name"] == "phone")
    assert phone["hints"]["autocomplete"] == "tel" and 'inputmode="tel"' in phone["hints"]["html"]
    born = next(field for field in described["fields"] if field["name"] == "birth_date")
    assert born["placeholder"] and set(born["placeholder"]) <= set("_/.-")  # the date's mask, slots open
    opened = client.post("/forms/signup/sessions", json={"locale": "de-DE"})
    assert opened.status_code == 201 and opened.json()["locale"] == "de-DE"
    session = opened.json()["session"]
    assert client.post("/forms/signup/sessions").status_code == 503  # one session at most
    steps = f"/forms/signup/sessions/{session}"
    typed = client.post(steps, json={"op": "type", "field": "password", "text": "hunter2hunter2"})
    assert typed.status_code == 200 and "hunter2" not in typed.text
    password = next(field for field in typed.json()["fields"] if field["name"] == "password")
    assert (password["text"], password["length"], password["caret"]) == (None, 14, 14)
    done = client.post(steps, json={"op": "done"})
    assert "hunter2" not in done.text and done.json()["check"]["errors"][0]["message"] == "Dieses Feld ist erforderlich."
    # Offsets in UTF-16 code units, as the DOM counts them: the emoji is two.
    def website(step: Dict[str, Any]) -> Tuple[str, int]:
        answer = client.post(steps, json=dict(step, field="website")).json()
        shown = next(field for field in answer["fields"] if field["name"] == "website")
        return shown["text"], shown["caret"]

    assert website({"op": "edit", "start": 0, "length": 0, "text": "a😀b"}) == ("a😀b", 4)
    assert website({"op": "edit", "start": 1, "length": 2, "text": "Ü"}) == ("aÜb", 2)
    assert client.post(steps, json={"op": "edit", "field": "website", "start": 9, "length": 0, "text": "x"}).status_code == 400
    assert client.post(steps, json={"op": "fly", "field": "first_name"}).status_code == 400
    assert client.post(steps, json={"op": "focus", "field": "nope"}).status_code == 400
    assert client.post("/forms/signup/sessions/elsewhere", json={"op": "next"}).status_code == 404
    assert client.delete(steps).status_code == 204
    assert client.post(steps, json={"op": "next"}).status_code == 404


def test_idle_sessions_make_room() -> None:
    from vouch.web.session_store import SessionLimitError, SessionStore

    class Idle:
        last_used = 0.0
        closed = False

        def close(self) -> None:
            self.closed = True

    store = SessionStore(max_sessions=1, idle_seconds=60)
    first = Idle()
    first.last_used = time.monotonic()
    store.add("signup", first)  # type: ignore[arg-type]
    with pytest.raises(SessionLimitError):
        store.add("signup", Idle())  # type: ignore[arg-type]
    first.last_used -= 61  # idle past the limit: closed to make room
    key = store.add("signup", Idle())  # type: ignore[arg-type]
    assert first.closed and len(store) == 1
    with pytest.raises(KeyError):
        store.get("other", key)  # a session only under its own form
