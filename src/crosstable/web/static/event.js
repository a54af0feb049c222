// One saved event: the public page (/events/ID: standings, crosstable, next round,
// refreshed when results come in) and the editor (/events/ID/edit: result entry from
// the keyboard; the secret comes from the link's fragment and stays in local storage).
// Its sentences are _t("..."), its requests say the page's language (i18n.api: i18n.js).
"use strict";
const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter((x) => x);
const eventId = parts[1];
const editing = parts[2] === "edit";
const state = { view: null, version: 0, standingsVersion: -1, explanations: {}, explained: null, outlook: false };

function secret() {
  const m = location.hash.match(/secret=([^&]+)/);
  if (m) {
    localStorage.setItem(`crosstable-secret-${eventId}`, decodeURIComponent(m[1]));
    history.replaceState(null, "", location.pathname); // the secret leaves the address bar
  }
  return localStorage.getItem(`crosstable-secret-${eventId}`);
}

async function write(method, url, body) {
  const headers = { "Content-Type": "application/json", Authorization: `Bearer ${secret() || ""}` };
  const r = await i18n.api(url, { method, headers, body: JSON.stringify(body) });
  const data = await r.json().catch(() => ({ detail: _t("the server answered {status}: try again", { status: r.status }) }));
  if (r.status === 409) {
    $("conflict").textContent = _t(
      "Another arbiter changed the event meanwhile (version {version}); their change is shown below. Enter your result again if it still applies.",
      { version: data.current.version },
    );
    $("conflict").hidden = false;
    state.view = data.current;
    state.version = data.current.version;
    renderGames();
    await refreshStandings();
    return null;
  }
  if (!r.ok) {
    $("conflict").textContent = typeof data.detail === "string" ? data.detail : _t("The change was refused.");
    $("conflict").hidden = false;
    return null;
  }
  $("conflict").hidden = true;
  return data;
}

function currentRound() {
  const rounds = state.view.rounds;
  const open = rounds.find((r) => r.games.some((g) => g.result === null));
  return open ? open.round : rounds.length ? rounds[rounds.length - 1].round : 1;
}

function renderGames() {
  const select = $("round-entry");
  const chosen = Number(select.value) || currentRound();
  select.replaceChildren();
  for (const r of state.view.rounds) {
    const o = document.createElement("option");
    o.value = r.round;
    o.textContent = r.round;
    select.appendChild(o);
  }
  select.value = chosen;
  const round = state.view.rounds.find((r) => r.round === chosen) || state.view.rounds[0];
  const body = $("games").querySelector("tbody");
  body.replaceChildren();
  if (!round) return;
  for (const g of round.games) {
    const tr = document.createElement("tr");
    const cells = [g.board, g.white, null, g.black];
    for (const [k, c] of cells.entries()) {
      const td = document.createElement("td");
      td.className = ["", "name", "mark", "name"][k]; // as report.css aligns a column
      if (c === null) {
        const input = document.createElement("input");
        input.className = "result";
        input.value = g.result || "";
        input.dataset.game = g.id;
        input.setAttribute("aria-label", _t("result of {white} - {black}", { white: g.white, black: g.black }));
        input.size = 6;
        input.addEventListener("keydown", (e) => { if (e.key === "Enter") save(input); });
        td.appendChild(input);
      } else {
        td.textContent = c;
      }
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
}

async function save(input) {
  const typed = input.value.trim();
  const game = input.dataset.game;
  const data = await write("PUT", `/api/events/${eventId}/games/${game}`,
    { result: typed || null, version: state.version });
  if (!data) return;
  state.version = data.version;
  await load(game);
}

function focusAfter(game) {
  // the next game of the round, else the first of the next round
  let inputs = [...document.querySelectorAll("#games input.result")];
  const at = inputs.findIndex((x) => x.dataset.game === String(game));
  if (at >= 0 && at + 1 < inputs.length) {
    inputs[at + 1].focus();
    return;
  }
  const select = $("round-entry");
  const next = state.view.rounds.find((r) => r.round > Number(select.value));
  if (next) {
    select.value = next.round;
    renderGames();
  }
  inputs = [...document.querySelectorAll("#games input.result")];
  if (inputs.length) inputs[0].focus();
}

function renderNext() {
  const open = state.view.rounds.find((r) => r.games.some((g) => g.result === null));
  const body = $("next").querySelector("tbody");
  body.replaceChildren();
  $("next-section").hidden = !open;
  if (!open) return;
  $("next-title").textContent = _t("Round {round}", { round: open.round });
  for (const g of open.games) {
    const tr = document.createElement("tr");
    for (const [k, c] of [g.board, g.white, g.result || "–", g.black].entries()) {
      const td = document.createElement("td");
      td.textContent = c;
      td.className = ["", "name", "mark", "name"][k];
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
}


async function computeOutlook() {
  $("outlook-errors").hidden = true;
  $("outlook").replaceChildren();
  state.outlook = true;
  const exported = await i18n.api(`/api/events/${eventId}/export?to=json`);
  if (!exported.ok) return;
  const body = {
    tournament: await exported.json(),
    tiebreaks: state.view.tiebreaks,
    rules: state.view.rules,
    zones: $("zones").value || null,
  };
  const r = await i18n.api("/api/outlook", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await r.json();
  if (!r.ok) {
    $("outlook-errors").textContent = typeof data.detail === "string" ? data.detail : _t("The outlook cannot be computed.");
    $("outlook-errors").hidden = false;
    return;
  }
  const table = document.createElement("table");
  table.className = "standings outlook";
  const caption = document.createElement("caption");
  caption.className = "sr-only";
  caption.textContent = _t("What can still happen");
  table.appendChild(caption);
  const head = document.createElement("tr");
  const heads = [_t("Name"), _t("Points"), _t("Left"), _t("Best"), _t("Worst"), ...data.zones.map((z) => z.name)];
  const kinds = ["name", "", "", "", "", ...data.zones.map(() => "mark")]; // as report.css aligns a column
  for (const [k, h] of heads.entries()) {
    const th = document.createElement("th");
    th.textContent = h;
    th.scope = "col";
    if (kinds[k]) th.className = kinds[k];
    head.appendChild(th);
  }
  table.appendChild(head);
  for (const p of data.participants) {
    const tr = document.createElement("tr");
    const numbers = [p.points, p.games_left, p.best_exact ?? p.best, p.worst_exact ?? p.worst].map(i18n.num);
    for (const [k, text] of [p.name, ...numbers, ...data.zones.map((z) => i18n.zoneStatus(p.zones[z.name]))].entries()) {
      const td = document.createElement("td");
      td.textContent = String(text);
      if (kinds[k]) td.className = kinds[k];
      tr.appendChild(td);
    }
    table.appendChild(tr);
  }
  $("outlook").appendChild(table);
}

async function refreshStandings() {
  const asked = state.version;
  const round = $("round-view").value;
  // the editor asks for the newest standings; the public page takes what is computed (its version said)
  const url = `/api/events/${eventId}/standings?html=true` + (round ? `&round=${round}` : "")
    + (editing ? "" : "&fresh=false");
  const r = await i18n.api(url);
  if (!r.ok) return;
  const data = await r.json();
  state.standingsVersion = data.version;
  state.explanations = data.explanations || {};
  if (!$("explanation").hidden && state.explained !== null) {
    $("explain-text").textContent = state.explanations[state.explained] || ""; // in the language of the tables
  }
  $("standings").innerHTML = data.html.standings; // rendered and escaped by the server's template
  $("crosstable").innerHTML = data.html.crosstable;
  $("standings").dataset.version = data.version; // which version the tables show (the tests wait for it)
  if (asked !== state.version) refreshStandings(); // a newer version arrived meanwhile
  document.querySelectorAll("#standings tbody tr").forEach((row) => {
    row.addEventListener("click", () => {
      state.explained = row.dataset.name;
      $("explain-title").textContent = row.dataset.name;
      $("explain-text").textContent = state.explanations[row.dataset.name] || "";
      $("explanation").hidden = false;
    });
  });
}

async function load(savedGame) {
  const r = await i18n.api(`/api/events/${eventId}`);
  if (!r.ok) {
    $("title").textContent = _t("No such event");
    return;
  }
  state.view = await r.json();
  state.version = state.view.version;
  document.querySelector("title").removeAttribute("data-i18n"); // the event's name, not a label
  document.title = `crosstable: ${state.view.name}`;
  $("title").textContent = state.view.name;
  const view = $("round-view");
  if (view.options.length !== state.view.rounds.length + 1) {
    const keep = view.value;
    view.replaceChildren(new Option(_t("the latest"), ""));
    for (const x of state.view.rounds) view.appendChild(new Option(x.round, x.round));
    view.value = keep;
  }
  view.options[0].textContent = _t("the latest");
  if (editing) {
    renderGames();
    if (savedGame !== undefined) focusAfter(savedGame);
  }
  renderNext();
  $("outlook-section").hidden = !state.view.rounds.some((x) => x.games.some((g) => g.result === null));
  const played = state.view.rounds.flatMap((x) => x.games).filter((g) => g.result !== null).length;
  const all = state.view.rounds.flatMap((x) => x.games).length;
  $("status").textContent = _t("{played} of {all} games played · version {version}", {
    played: i18n.num(played), all: i18n.num(all), version: state.version,
  });
  printLine();
  if (state.standingsVersion !== state.version) refreshStandings();
  if (typeof swissLoaded === "function") await swissLoaded(); // swiss.js: a Swiss event's pairings
}

function printLine() {
  // what a printed page says under the event's name: after which round, the date, where it is published
  const played = state.view.rounds.filter((x) => x.games.some((g) => g.result !== null)).map((x) => x.round);
  const total = state.view.rounds_total || state.view.rounds.length;
  const after = Number($("round-view").value) || Math.max(0, ...played);
  const parts = [
    _t("after round {round} of {rounds}", { round: i18n.num(after), rounds: i18n.num(total) }),
    new Date().toISOString().slice(0, 10),
    location.origin + location.pathname,
  ];
  $("print-line").textContent = parts.join(" · ");
}

async function poll() {
  const r = await i18n.api(`/api/events/${eventId}/version`); // the version alone: a large event stays cheap
  if (r.ok) {
    const v = (await r.json()).version;
    if (v !== state.version && document.activeElement?.className !== "result") await load();
    else if (state.standingsVersion !== state.version) await refreshStandings(); // they were a version behind
  }
}

function exportLinks() {
  // the files in the page's language (the HTML report's words, the CSV's headers)
  for (const to of ["trf", "json", "csv", "html"]) $(`export-${to}`).href = i18n.url(`/api/events/${eventId}/export?to=${to}`);
}

async function switched() {
  // the page in the newly chosen language: what the scripts wrote, and the tables asked again
  exportLinks();
  state.standingsVersion = -1;
  await load();
  if (state.outlook && !$("outlook-section").hidden) await computeOutlook();
}

$("public-link").href = `/events/${eventId}`;
$("round-view").addEventListener("change", () => { printLine(); refreshStandings(); });
$("outlook-button").addEventListener("click", computeOutlook);
if (editing) {
  secret();
  $("editor").hidden = false;
  $("round-entry").addEventListener("change", renderGames);
  $("undo").addEventListener("click", async () => {
    const data = await write("POST", `/api/events/${eventId}/undo`, { version: state.version });
    if (data) await load();
  });
  $("rename").addEventListener("click", async () => {
    const name = prompt(_t("The event's new name"), state.view.name);
    if (!name) return;
    const data = await write("PATCH", `/api/events/${eventId}`, { name, version: state.version });
    if (data) await load();
  });
  $("delete").addEventListener("click", async () => {
    if (!confirm(_t("Delete {name} and all its results? This cannot be undone.", { name: state.view.name }))) return;
    const r = await i18n.api(`/api/events/${eventId}`, { method: "DELETE", headers: { Authorization: `Bearer ${secret() || ""}` } });
    if (r.ok) location.href = "/events";
  });
}
i18n.onChange(switched);
i18n.ready.then(() => {
  exportLinks();
  load();
  setInterval(poll, 2000);
});
