// The live form: every keystroke, paste and deletion goes to the server's edit session (libvouch),
// and the page shows the text, caret, state and message the engine gives back. Steps are sent one
// at a time, in order. Offsets are UTF-16 code units, as the DOM counts them.
"use strict";

(function () {
  const main = document.querySelector("main[data-form]");
  if (!main) return;
  const formName = main.dataset.form;
  const base = "/forms/" + encodeURIComponent(formName);
  const fields = {};
  let session = null;
  let queue = Promise.resolve();
  let pending = 0;
  let moving = false; // focus changes the page makes itself, not the user
  const shownTokens = 2; // chips shown when a token field is not being edited

  for (const box of document.querySelectorAll(".field")) {
    const input = box.querySelector("input, textarea");
    fields[box.dataset.field] = {
      name: box.dataset.field, box: box, input: input, kind: box.dataset.kind,
      secret: input.type === "password", caret: 0, tokens: [], selected: null,
      message: box.querySelector(".message"), chips: box.querySelector(".chips"),
    };
  }

  function setPending(change) {
    pending += change;
    document.body.dataset.pending = String(pending);
  }

  // Queues a request; each waits for the one before, so the engine sees the keys in order.
  function enqueue(work) {
    setPending(1);
    queue = queue.then(work).catch(showError).finally(() => setPending(-1));
    return queue;
  }

  async function call(method, url, body) {
    const response = await fetch(url, {
      method: method, headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || response.statusText);
    return data;
  }

  function send(step) {
    return enqueue(async () => {
      const data = await call("POST", base + "/sessions/" + session, step);
      show(data);
      if (step.op === "next" && step.finish && data.focused === null) {
        show(await call("POST", base + "/sessions/" + session, { op: "done" }));
      }
    });
  }

  function open(locale, carry) {
    return enqueue(async () => {
      const data = await call("POST", base + "/sessions", locale ? { locale: locale } : undefined);
      session = data.session;
      main.dataset.locale = data.locale;
      document.documentElement.lang = data.locale;
      for (const [name, text] of carry || []) {
        await call("POST", base + "/sessions/" + session, { op: "set_text", field: name, text: text });
      }
      show(await call("POST", base + "/sessions/" + session, { op: "blur" }));
      document.body.dataset.ready = "1";
    });
  }

  function showError(error) {
    const outcome = document.getElementById("outcome");
    outcome.hidden = false;
    document.getElementById("result").textContent = String(error.message || error);
  }

  // Shows what the engine gave back: every field, the focus, and after Done the check's result.
  function show(data) {
    for (const state of data.fields) {
      const field = fields[state.name];
      if (!field) continue;
      field.box.dataset.state = state.state;
      field.message.textContent = state.message || state.refused || "";
      field.caret = state.caret;
      if (field.kind === "tokens") {
        field.tokens = state.tokens;
        field.selected = state.selected;
        field.input.value = state.text;
        drawChips(field, data.focused === field.name);
      } else if (field.input.type === "checkbox") {
        field.input.checked = state.text === "true";
      } else if (!field.secret) {
        field.input.value = state.text;
      }
      field.box.dataset.complete = state.complete ? "yes" : "no";
    }
    const target = data.focused === null ? null : fields[data.focused];
    moving = true;
    if (target && document.activeElement !== target.input) target.input.focus();
    if (!target && document.activeElement && document.activeElement.closest(".field")) document.activeElement.blur();
    moving = false;
    if (target && !target.secret && target.input.type !== "checkbox") target.input.setSelectionRange(target.caret, target.caret);
    if (data.check) {
      document.getElementById("outcome").hidden = false;
      document.getElementById("result").textContent = JSON.stringify(data.check, null, 2);
    }
  }

  function drawChips(field, editing) {
    field.chips.textContent = "";
    const count = field.tokens.length;
    const visible = editing || count <= shownTokens ? count : shownTokens;
    field.tokens.slice(0, visible).forEach((token, index) => {
      const chip = document.createElement("span");
      chip.className = "chip" + (index === field.selected ? " selected" : "");
      chip.textContent = token.display || token.text;
      chip.dataset.index = String(index);
      chip.addEventListener("mousedown", (event) => {
        event.preventDefault();
        if (document.activeElement !== field.input) field.input.focus();
        send({ op: "select", field: field.name, index: index });
      });
      field.chips.appendChild(chip);
    });
    if (visible < count) {
      const more = document.createElement("span");
      more.className = "more";
      more.textContent = "and " + (count - visible) + " more";
      field.chips.appendChild(more);
    }
  }

  // The UTF-16 length of the character before `offset` (2 for a surrogate pair).
  function before(text, offset) {
    const low = text.charCodeAt(offset - 1);
    return offset >= 2 && low >= 0xdc00 && low <= 0xdfff ? 2 : 1;
  }

  // Whether a collapsed caret is where the engine has it: then typing and backspace are the
  // engine's own, at its caret. While steps are on their way the page shows an older text, so
  // keys typed meanwhile go to the engine's caret too.
  function atCaret(field, start, end) {
    return start === end && (pending > 0 || start === field.caret);
  }

  function edit(field, text) {
    const start = field.input.selectionStart, end = field.input.selectionEnd;
    if (field.kind === "tokens" || atCaret(field, start, end)) return send({ op: "type", field: field.name, text: text });
    return send({ op: "edit", field: field.name, start: start, length: end - start, text: text });
  }

  function erase(field, forward) {
    const input = field.input;
    const start = input.selectionStart, end = input.selectionEnd;
    if (field.kind === "tokens") return send({ op: "backspace", field: field.name });
    if (start !== end) return send({ op: "edit", field: field.name, start: start, length: end - start, text: "" });
    if (forward) {
      if (start >= input.value.length) return;
      return send({ op: "edit", field: field.name, start: start, length: 1, text: "" });
    }
    // At the engine's caret, backspace is the engine's own (a mask may skip its literals).
    if (atCaret(field, start, end)) return send({ op: "backspace", field: field.name });
    if (start === 0) return;
    const width = before(input.value, start);
    return send({ op: "edit", field: field.name, start: start - width, length: width, text: "" });
  }

  for (const field of Object.values(fields)) {
    const input = field.input;
    // A switch is not typed into: its text is "true" or "false".
    input.addEventListener("change", () => {
      if (input.type === "checkbox") send({ op: "set_text", field: field.name, text: input.checked ? "true" : "false" });
    });
    input.addEventListener("beforeinput", (event) => {
      // A password is edited by the browser (its text never comes back); the engine is told.
      if (!field.secret) event.preventDefault();
      const type = event.inputType;
      if (type === "insertLineBreak" || type === "insertParagraph") {
        edit(field, "\n"); // a multiline field's return key
      } else if (type.startsWith("insert")) {
        const text = event.data !== null ? event.data : (event.dataTransfer ? event.dataTransfer.getData("text/plain") : "");
        if (text) edit(field, text);
      } else if (type.startsWith("delete")) {
        erase(field, type.endsWith("Forward"));
      }
    });
    input.addEventListener("paste", (event) => {
      event.preventDefault();
      const text = event.clipboardData ? event.clipboardData.getData("text/plain") : "";
      if (!text) return;
      if (field.secret) {
        const start = input.selectionStart;
        input.setRangeText(text, start, input.selectionEnd, "end");
      }
      edit(field, text);
    });
    input.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" || event.isComposing || input.tagName === "TEXTAREA") return;
      event.preventDefault();
      if (field.kind === "tokens" && input.value) send({ op: "commit", field: field.name });
      else send({ op: "next", finish: true });
    });
    input.addEventListener("focus", () => {
      if (moving || !session) return;
      send({ op: "focus", field: field.name });
    });
    input.addEventListener("blur", (event) => {
      if (moving || !session) return;
      const next = event.relatedTarget;
      if (next && (next.closest(".field") || next.closest(".toolbar"))) return;
      send({ op: "blur" });
    });
  }

  for (const button of document.querySelectorAll(".toolbar button")) {
    button.addEventListener("mousedown", (event) => event.preventDefault()); // keeps the focus
  }
  document.getElementById("next").addEventListener("click", () => send({ op: "next" }));
  document.getElementById("previous").addEventListener("click", () => send({ op: "previous" }));
  document.getElementById("form").addEventListener("submit", (event) => {
    event.preventDefault();
    send({ op: "done" });
  });

  const switcher = document.getElementById("locale");
  if (switcher) {
    switcher.addEventListener("change", () => {
      const carry = [];
      for (const field of Object.values(fields)) {
        if (field.kind !== "tokens" && field.input.value) carry.push([field.name, field.input.value]);
      }
      open(switcher.value, carry);
    });
  }

  // For the app around the page: its own steps (disable, set_error...), in order with the keys.
  window.vouchForm = { send: send };

  document.body.dataset.pending = "0";
  open(main.dataset.locale);
})();
