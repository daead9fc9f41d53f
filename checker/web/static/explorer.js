// The explorer page: shows the state whose path is in the address (#/0/2/5), from /api/state/0/2/5.
// `?trace=NAME` after the path opens a counterexample: a bar steps along its path.
"use strict";

const $ = (id) => document.getElementById(id);
let spec = null;

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "text") node.textContent = value;
    else if (key === "html") node.innerHTML = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

/** The address's path and open counterexample: "#/0/2?trace=NotStalemate" -> {path: [0, 2], trace}. */
function fromAddress() {
  const [path, query] = location.hash.replace(/^#\/?/, "").split("?");
  const trace = new URLSearchParams(query || "").get("trace");
  return { path: path ? path.split("/") : ["0"], trace };
}

function address(path, trace) {
  return "#/" + path.join("/") + (trace ? "?trace=" + encodeURIComponent(trace) : "");
}

// the token this page was served with: the expression box is answered only with it
const token = document.querySelector('meta[name="explorer-token"]').content;

async function getJSON(url, headers = {}) {
  const response = await fetch(url, { headers });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

/** A state as the model shows it: its HTML, else its first view as text. */
function card(state) {
  if (state.html) return element("div", { class: "card", html: state.html });
  const first = Object.values(state.views)[0] || "";
  return element("div", { class: "card" }, element("pre", { text: first }));
}

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

function showSpec() {
  $("spec").textContent = `${spec.name} — ${spec.description} (${spec.source})`;
  const list = $("traces");
  list.replaceChildren();
  for (const found of spec.counterexamples) {
    const steps = found.path.length - 1;
    let ending = "";
    if (found.loop !== null) {
      ending = found.loop === steps ? ", then stutters forever" : `, then back to state ${found.loop}`;
    }
    const link = element(
      "a",
      { href: address(found.path.slice(0, 1), found.property), "data-property": found.property },
      element("strong", { text: found.property }),
      element("small", { text: `${found.kind}: ${steps} step${steps === 1 ? "" : "s"}${ending}` }),
    );
    list.append(element("li", {}, link));
  }
  $("counterexamples").hidden = spec.counterexamples.length === 0;
}

/** The bar stepping along the open counterexample, when the state is on it. */
function showTrace(state, trace) {
  const found = spec.counterexamples.find((c) => c.property === trace);
  for (const link of $("traces").querySelectorAll("a")) {
    link.classList.toggle("open", link.dataset.property === trace);
  }
  const here = state.path;
  const onIt = found && here.length <= found.path.length && here.every((index, i) => index === found.path[i]);
  $("tracebar").hidden = !onIt;
  if (!onIt) return null;
  const last = found.path.length - 1;
  let text = `${found.property}: state ${state.depth} of ${last}`;
  if (state.depth === last) {
    text += found.loop === null ? " (violates it)" : found.loop === last ? ", repeats forever" : `, then back to state ${found.loop}`;
  }
  $("trace-position").textContent = text;
  $("prev").disabled = state.depth === 0;
  $("next").disabled = state.depth === last;
  $("prev").onclick = () => (location.hash = address(found.path.slice(0, state.depth), trace));
  $("next").onclick = () => (location.hash = address(found.path.slice(0, state.depth + 2), trace));
  return state.depth < last ? found.path[state.depth + 1] : null;
}

function showState(state, trace) {
  $("label").textContent = state.label === null ? "init" : state.label;
  $("state").replaceChildren(card(state));

  const rows = state.invariants.map((inv) =>
    element(
      "tr",
      { class: inv.holds ? "holds" : "violated", "data-invariant": inv.name, title: inv.doc },
      element("td", { class: "verdict", text: inv.holds ? "✓" : "✗" }),
      element("td", {}, element("strong", { text: inv.name }), " ",
        ...(inv.own ? [element("span", { class: "own", text: "ttt-check's own, not in the spec" }), " "] : []),
        element("code", { text: inv.definition })),
    ),
  );
  $("invariants").tBodies[0].replaceChildren(...rows);
  $("definitions").tBodies[0].replaceChildren(
    ...(state.definitions || []).map((d) =>
      element("tr", { "data-definition": d.name }, element("td", {}, element("strong", { text: d.name })),
        element("td", {}, element("code", { class: "value", text: d.value }))),
    ),
  );
  if (evaluated) evaluate(evaluated);
  $("view-texts").replaceChildren(
    ...Object.entries(state.views).map(([name, text]) => element("div", {}, element("h3", { text: name }), element("pre", { text }))),
  );

  const path = $("path");
  path.replaceChildren();
  for (let depth = 0; depth <= state.depth; depth++) {
    const prefix = state.path.slice(0, depth + 1);
    const item = element("li", depth === state.depth ? { class: "here" } : {});
    item.append(element("a", { href: address(prefix, trace), text: depth === 0 ? "init" : state.trail[depth - 1] }));
    path.append(item);
  }
  $("share").href = address(state.path, trace);

  const onTrace = showTrace(state, trace);
  $("successors-title").textContent = state.final
    ? "Successors (final state: every step repeats it)"
    : `Successors (${state.successors.length})`;
  $("successors").replaceChildren(
    ...state.successors.map((next) => {
      const steps = next.labels.length > 1 ? ` (+${next.labels.length - 1} more step${next.labels.length > 2 ? "s" : ""})` : "";
      const link = element(
        "a",
        { class: "successor", href: address(next.path, trace), "data-index": next.index, title: next.labels.join("\n") },
        element("span", { class: "step", text: next.label + steps }),
        card(next),
      );
      if (next.index === onTrace) {
        link.classList.add("on-trace");
        link.prepend(element("span", { class: "badge", text: `next in ${trace}` }));
      }
      return link;
    }),
  );
}

let latest = 0;
// the expression last evaluated: evaluated again at each state shown
let evaluated = "";
let asked = 0;

/** Ask for `expression`'s value at the state shown, and show it (or Quint's error). */
async function evaluate(expression) {
  evaluated = expression;
  const path = document.body.dataset.path || fromAddress().path.join("/");
  const request = ++asked;
  const result = $("eval-result");
  result.hidden = false;
  result.className = "pending";
  result.textContent = "evaluating…";
  try {
    const answer = await getJSON(`/api/eval/${path}?expr=${encodeURIComponent(expression)}`, { "X-Explorer-Token": token });
    if (request !== asked) return;
    const failed = answer.error !== undefined;
    result.className = failed ? "error" : "value";
    result.textContent = failed ? answer.error : answer.value;
  } catch (error) {
    if (request !== asked) return;
    result.className = "error";
    result.textContent = error.message;
  }
}

async function show() {
  const { path, trace } = fromAddress();
  const request = ++latest;
  try {
    const state = await getJSON("/api/state/" + path.join("/"));
    if (request !== latest) return; // the address changed meanwhile: a later call shows that state
    showError("");
    document.body.dataset.path = state.path.join("/");
    showState(state, trace);
  } catch (error) {
    if (request === latest) showError(`Cannot show state ${path.join("/")}: ${error.message}`);
  }
}

async function start() {
  try {
    spec = await getJSON("/api/spec");
  } catch (error) {
    showError(`Cannot load the spec: ${error.message}`);
    return;
  }
  showSpec();
  $("legend").textContent = spec.legend || "";
  $("legend").hidden = !spec.legend;
  $("expression").hidden = !spec.expressions;
  $("eval-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const expression = $("eval-input").value.trim();
    if (expression) evaluate(expression);
  });
  window.addEventListener("hashchange", show);
  await show();
}

start();
