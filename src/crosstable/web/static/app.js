// The page of `crosstable serve`: a thin face over the HTTP API. Every text from the
// input is set with textContent; the tables come as HTML rendered (and escaped) by
// the server's templates, the same as `crosstable standings --output html`. Its
// sentences are _t("..."), its requests say the page's language (i18n.api: i18n.js).
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  criteria: [], filename: null, discipline: null, last: null,
  asked: null, // the last standings asked for (its request body), asked again after a switch of language
  outlookAsked: null, // the same for the outlook
  selected: null, // the participant explained
  witness: null, // the completion shown: [name, "best" | "worst"]
};

function option(select, value, label) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = label;
  select.appendChild(o);
}

function scoringName(s) {
  // the presets' names as the page shows them (their values stay the codes the API reads)
  switch (s) {
    case "chess": return _t("chess");
    case "draughts": return _t("draughts");
    case "football": return _t("football");
    case "team": return _t("team");
    case "go": return _t("go");
    default: return s;
  }
}

async function loadOptions() {
  const r = await i18n.api("/api/options");
  const o = await r.json();
  // the options of the HTML (marked data-i18n) stay; the others are made again in the page's language
  const kept = ["format", "scoring", "preset"].map((id) => [id, $(id).value]);
  document.querySelectorAll("#format option, #scoring option:not([data-i18n]), #preset option:not([data-i18n]), #codes option")
    .forEach((x) => x.remove());
  o.formats.forEach((f) => option($("format"), f, f === "auto" ? _t("detect") : f));
  o.scorings.forEach((s) => option($("scoring"), s, scoringName(s)));
  o.presets.forEach((p) => option($("preset"), p, p));
  for (const [code, name] of Object.entries(o.criteria)) option($("codes"), code, name);
  for (const [id, value] of kept) if (value) $(id).value = value;
}

function renderCriteria() {
  const list = $("criteria");
  list.replaceChildren();
  state.criteria.forEach((code, k) => {
    const li = document.createElement("li");
    const span = document.createElement("span");
    span.textContent = code;
    li.appendChild(span);
    const buttons = [
      ["▲", _t("move up {code}", { code }), -1],
      ["▼", _t("move down {code}", { code }), 1],
      ["✕", _t("remove {code}", { code }), 0],
    ];
    for (const [text, label, step] of buttons) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.setAttribute("aria-label", label);
      b.addEventListener("click", () => {
        if (step === 0) state.criteria.splice(k, 1);
        else {
          const j = k + step;
          if (j < 0 || j >= state.criteria.length) return;
          [state.criteria[k], state.criteria[j]] = [state.criteria[j], state.criteria[k]];
        }
        renderCriteria();
      });
      li.appendChild(b);
    }
    list.appendChild(li);
  });
  list.classList.toggle("disabled", $("preset").value !== "");
}

function addCriterion() {
  const codes = i18n.criteria($("criterion").value);
  state.criteria.push(...codes);
  $("criterion").value = "";
  renderCriteria();
}

async function upload(input) {
  const file = input.files[0];
  if (!file) return null;
  const body = new FormData();
  body.append("file", file);
  const r = await i18n.api("/api/upload", { method: "POST", body });
  const data = await r.json();
  if (!r.ok) {
    showErrors(data);
    return null;
  }
  return data;
}

function request(extra) {
  return {
    content: $("input").value,
    format: $("format").value || "auto",
    filename: state.filename,
    scoring: $("scoring").value || null,
    discipline: state.discipline,
    tiebreaks: $("preset").value ? null : state.criteria.length ? state.criteria : null,
    rules: $("preset").value || null,
    round: $("after-round").value ? Number($("after-round").value) : null, // "": the last round with results
    ...extra,
  };
}

function showErrors(data) {
  const box = $("errors");
  box.replaceChildren();
  const head = document.createElement("strong");
  head.textContent = typeof data.detail === "string" ? data.detail : _t("The input cannot be read.");
  box.appendChild(head);
  const problems = data.problems || (Array.isArray(data.detail) ? data.detail.map((d) => ({ message: d.msg })) : []);
  if (problems.length) {
    const ul = document.createElement("ul");
    for (const p of problems) {
      const li = document.createElement("li");
      let where = "";
      if (p.line && p.column) where = _t("line {line}, column {column}", { line: p.line, column: p.column });
      else if (p.line) where = _t("line {line}", { line: p.line });
      li.textContent = where ? `${where}: ${p.message}` : p.message;
      ul.appendChild(li);
    }
    box.appendChild(ul);
  }
  box.hidden = false;
}

function explain(name, row) {
  state.selected = name;
  document.querySelectorAll(".standings tr.selected").forEach((r) => r.classList.remove("selected"));
  row.classList.add("selected");
  $("explain-title").textContent = name;
  $("explain-text").textContent = state.last.explanations[name] || "";
  $("explanation").hidden = false;
}

function renderPotentials(rows) {
  const box = $("potentials");
  box.replaceChildren();
  const items = (rows || []).filter((r) => r.name !== undefined).sort((a, b) => b.share - a.share);
  const top = Math.max(...items.map((r) => r.share), 1e-12);
  const grid = document.createElement("div");
  grid.className = "bars";
  for (const r of items) {
    const name = document.createElement("span");
    name.textContent = r.name;
    const bar = document.createElement("div");
    bar.className = "bar";
    bar.style.width = `${(100 * r.share) / top}%`;
    bar.title = `${r.name}: ${i18n.num(r.potential)}`;
    const value = document.createElement("span");
    value.textContent = `${i18n.num((100 * r.share).toFixed(1))} %`;
    grid.append(name, bar, value);
  }
  box.appendChild(grid);
}

function renderRounds(rounds) {
  // "after round K" for a file with rounds: the rounds with results to choose from, and which
  // round the standings are after when it is not the event's last ("standings after round 4 of 9")
  const select = $("after-round");
  const chosen = select.value;
  select.querySelectorAll("option:not([data-i18n])").forEach((x) => x.remove());
  const note = $("rounds-note");
  if (!rounds) {
    $("round-row").hidden = true;
    note.hidden = true;
    return;
  }
  for (let k = 1; k <= rounds.with_results; k++) option(select, String(k), i18n.num(String(k)));
  select.value = chosen && Number(chosen) <= rounds.with_results ? chosen : "";
  $("round-row").hidden = rounds.with_results < 2 && rounds.announced <= rounds.with_results;
  note.hidden = rounds.after >= rounds.announced;
  note.textContent = _t("standings after round {round} of {rounds}", {
    round: i18n.num(String(rounds.after)), rounds: i18n.num(String(rounds.announced)),
  });
}

function resetRounds() {
  // another file: its own rounds, the standings after its last round with results first
  $("after-round").value = "";
  $("round-row").hidden = true;
}

async function compute(asked) {
  $("errors").hidden = true;
  const body = asked || request({ explain: true, potentials: true, html: true });
  if (!asked) state.selected = null;
  state.asked = body;
  const r = await i18n.api("/api/standings", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await r.json();
  if (body !== state.asked) return; // a newer request was made meanwhile
  if (!r.ok) {
    showErrors(data);
    $("results").hidden = true;
    return;
  }
  state.last = data;
  $("standings").innerHTML = data.html.standings; // rendered and escaped by the server's template
  $("crosstable").innerHTML = data.html.crosstable;
  const grid = $("crosstable").querySelector("table"); // none for a competition in groups
  if (grid) grid.classList.toggle("heat", $("heat").checked);
  document.querySelectorAll(".standings tbody tr").forEach((row) => {
    const name = row.dataset.name;
    row.addEventListener("click", () => explain(name, row));
    row.addEventListener("keydown", (e) => { if (e.key === "Enter") explain(name, row); });
  });
  $("explanation").hidden = true;
  const again = state.selected && [...document.querySelectorAll(".standings tbody tr")].find((x) => x.dataset.name === state.selected);
  if (again) explain(state.selected, again); // the participant explained before a switch of language
  renderRounds(data.rounds);
  // "what can still happen" is for an event with games left: hidden once every game is played
  const left = !grid || grid.querySelector("td.p") !== null
    || (data.rounds && data.rounds.announced > data.rounds.with_results);
  $("outlook-section").hidden = !left;
  renderPotentials(data.potentials);
  const warnings = $("warnings");
  warnings.replaceChildren();
  for (const w of data.warnings) {
    const li = document.createElement("li");
    li.textContent = w;
    warnings.appendChild(li);
  }
  $("results").hidden = false;
}

function cell(row, text, cls) {
  const td = document.createElement("td");
  td.textContent = text;
  if (cls) td.className = cls;
  row.appendChild(td);
  return td;
}

function showWitness(p, which) {
  const w = p.witness && p.witness[which];
  const list = $("witness-games");
  list.replaceChildren();
  state.witness = [p.name, which];
  if (!w) {
    $("witness-title").textContent = _t("{name}: no completion kept (an event this large keeps none)", { name: p.name });
    $("witness").hidden = false;
    return;
  }
  const exact = which === "best" ? p.best_exact : p.worst_exact;
  const values = { name: p.name, place: w.place };
  let title;
  if (which === "best") {
    title = exact === w.place
      ? _t("{name}: {place} (the best place) when the games left end so", values)
      : _t("{name}: {place} (the best place proved so far) when the games left end so", values);
  } else {
    title = exact === w.place
      ? _t("{name}: {place} (the worst place) when the games left end so", values)
      : _t("{name}: {place} (the worst place proved so far) when the games left end so", values);
  }
  $("witness-title").textContent = title;
  for (const g of w.games) {
    const li = document.createElement("li");
    // the result is one of the outlook's result words (home win, draw, away win), in the catalogue
    li.textContent = _t("round {round}: {white} - {black} {result}", { ...g, result: _t(g.result) });
    list.appendChild(li);
  }
  $("witness").hidden = false;
}

function placeText(p, which) {
  // the place under the whole list when settled, else the range still open
  const exact = which === "best" ? p.best_exact : p.worst_exact;
  if (exact !== null) return String(exact);
  const range = p.unsettled && p.unsettled[which];
  return range ? `${Math.min(...range)}–${Math.max(...range)}` : String(p[which]);
}


async function computeOutlook(asked) {
  $("outlook-errors").hidden = true;
  $("witness").hidden = true;
  $("outlook").replaceChildren();
  const body = asked || request({ zones: $("zones").value || null });
  delete body.round; // what can still happen: of the whole event, whatever round the standings are after
  const witness = asked ? state.witness : null;
  state.outlookAsked = body;
  state.witness = null;
  const r = await i18n.api("/api/outlook", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await r.json();
  if (body !== state.outlookAsked) return; // a newer request was made meanwhile
  if (!r.ok) {
    $("outlook-errors").textContent = typeof data.detail === "string" ? data.detail : _t("The outlook cannot be computed.");
    $("outlook-errors").hidden = false;
    return;
  }
  const table = document.createElement("table");
  table.className = "outlook";
  const caption = document.createElement("caption");
  caption.textContent = data.method;
  table.appendChild(caption);
  const head = document.createElement("tr");
  const heads = [_t("Name"), _t("Points"), _t("Left"), _t("Best"), _t("Worst"), ...data.zones.map((z) => z.name)];
  for (const [k, h] of heads.entries()) {
    const th = document.createElement("th");
    th.textContent = h;
    th.scope = "col";
    th.className = k === 0 ? "name" : k < 5 ? "" : "mark"; // as report.css aligns the column
    head.appendChild(th);
  }
  table.appendChild(head);
  for (const p of data.participants) {
    const tr = document.createElement("tr");
    tr.dataset.name = p.name;
    cell(tr, p.name, "name");
    cell(tr, i18n.num(p.points));
    cell(tr, i18n.num(p.games_left));
    for (const which of ["best", "worst"]) {
      const td = cell(tr, "");
      const b = document.createElement("button");
      b.type = "button";
      b.className = `place ${which}`;
      b.textContent = placeText(p, which);
      b.setAttribute("aria-label", which === "best"
        ? _t("{name}: how the best place comes about", { name: p.name })
        : _t("{name}: how the worst place comes about", { name: p.name }));
      b.addEventListener("click", () => showWitness(p, which));
      td.appendChild(b);
    }
    for (const z of data.zones) {
      const status = p.zones[z.name];
      const magic = p.magic[z.name];
      const need = p.need[z.name];
      let text = i18n.zoneStatus(status);
      if (status === "possible" && (magic !== null || need !== null)) {
        text = _t("possible (magic {magic}, need {need})", {
          magic: magic === null ? "–" : i18n.num(magic),
          need: need === null ? "–" : i18n.num(need),
        });
      }
      cell(tr, text, `${status} mark`);
    }
    table.appendChild(tr);
  }
  $("outlook").appendChild(table);
  const again = witness && data.participants.find((p) => p.name === witness[0]);
  if (again) showWitness(again, witness[1]); // the completion shown before a switch of language
}

async function switched() {
  // the page in the newly chosen language: its options, the criteria's buttons, and what
  // the server wrote (standings, explanations, warnings, errors, outlook) asked again
  await loadOptions();
  renderCriteria();
  if (state.asked) await compute(state.asked);
  if (state.outlookAsked && !$("results").hidden) await computeOutlook(state.outlookAsked);
}

// What the uploaded file prints against what its rules give (POST /api/check): the
// number of printed values compared and every difference with its line and column.
async function checkFile() {
  $("errors").hidden = true;
  const summary = $("check-summary");
  const list = $("check-differences");
  list.replaceChildren();
  summary.textContent = "";
  const r = await i18n.api("/api/check", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(request({})),
  });
  const data = await r.json();
  if (!r.ok) {
    showErrors(data);
    return;
  }
  const values = { compared: data.compared, n: data.differences.length, criteria: data.criteria.join(", ") };
  if (!data.compared) summary.textContent = _t("The file prints no standings to compare.");
  else if (!data.differences.length) summary.textContent = _t("Printed values compared: {compared} (by {criteria}). No difference.", values);
  else summary.textContent = _t("Printed values compared: {compared} (by {criteria}). Differences: {n}.", values);
  for (const d of data.differences) {
    const li = document.createElement("li");
    li.textContent = _t("line {line}, column {column}: {name}'s {what} is printed as {printed}, computed {computed}", {
      line: d.line, column: d.column, name: d.participant, what: d.what,
      printed: d.what === "place" ? d.printed : i18n.num(d.printed), computed: d.what === "place" ? d.computed : i18n.num(d.computed),
    });
    list.appendChild(li);
  }
}

async function download(to) {
  const r = await i18n.api("/api/export", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(request({ to })),
  });
  if (!r.ok) {
    showErrors(await r.json());
    return;
  }
  const blob = await r.blob();
  const name = (r.headers.get("Content-Disposition") || "").match(/filename="([^"]+)"/);
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name ? name[1] : `standings.${to}`;
  a.click();
  URL.revokeObjectURL(a.href);
}

window.addEventListener("DOMContentLoaded", async () => {
  await i18n.ready;
  await loadOptions();
  i18n.onChange(switched);
  $("add").addEventListener("click", addCriterion);
  $("criterion").addEventListener("keydown", (e) => { if (e.key === "Enter") addCriterion(); });
  $("preset").addEventListener("change", renderCriteria);
  $("compute").addEventListener("click", () => compute());
  $("outlook-button").addEventListener("click", () => computeOutlook());
  $("check-button").addEventListener("click", () => checkFile());
  $("heat").addEventListener("change", () => {
    const table = $("crosstable").querySelector("table");
    if (table) table.classList.toggle("heat", $("heat").checked);
  });
  $("file").addEventListener("change", async () => {
    const data = await upload($("file"));
    if (!data) return;
    $("input").value = data.content;
    resetRounds();
    state.filename = data.filename;
    $("file-name").textContent = `${data.filename} (${data.format})`;
    $("check-summary").textContent = "";
    $("check-differences").replaceChildren();
    $("check-panel").hidden = false; // offered on upload: what the file prints, checked
  });
  $("discipline-file").addEventListener("change", async () => {
    const data = await upload($("discipline-file"));
    if (!data) return;
    state.discipline = data.content;
    $("discipline-name").textContent = data.filename;
  });
  $("input").addEventListener("input", () => { state.filename = null; $("file-name").textContent = ""; resetRounds(); });
  $("after-round").addEventListener("change", () => compute());
  document.querySelectorAll("#downloads button").forEach((b) => b.addEventListener("click", () => download(b.dataset.to)));
  document.body.dataset.ready = "1";
});
