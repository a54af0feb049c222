// The list of saved events and the form that creates one (crosstable.web.events). Its
// sentences are _t("..."), its requests say the page's language (i18n.api: i18n.js).
"use strict";
const $ = (id) => document.getElementById(id);

async function refreshList() {
  const r = await i18n.api("/api/events");
  const list = $("list");
  list.replaceChildren();
  if (!r.ok) return;
  for (const e of await r.json()) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `/events/${e.id}`;
    a.textContent = e.name;
    li.appendChild(a);
    if (localStorage.getItem(`crosstable-secret-${e.id}`)) {
      const edit = document.createElement("a");
      edit.href = `/events/${e.id}/edit`;
      edit.textContent = " " + _t("(enter results)");
      li.appendChild(edit);
    }
    list.appendChild(li);
  }
}

async function options() {
  const r = await i18n.api("/api/options");
  if (!r.ok) return;
  const offered = await r.json();
  $("token-row").hidden = !offered.organiser_token; // creating needs the organiser's token
  for (const p of offered.presets) {
    const o = document.createElement("option");
    o.value = p;
    o.textContent = p;
    $("rules").appendChild(o);
  }
}

async function create() {
  $("errors").hidden = true;
  const body = {
    name: $("name").value,
    scoring: $("scoring").value,
    schedule: $("schedule").value,
    rules: $("rules").value || null,
    tiebreaks: $("tiebreaks").value.trim() ? i18n.criteria($("tiebreaks").value) : null,
  };
  const swissEvent = body.schedule === "swiss";
  if (swissEvent && $("rounds").value.trim()) body.rounds = Number($("rounds").value); // an import: its XXR else
  const file = $("import").files[0];
  const seed = $("seed").files[0];
  if (seed) body.seed_from = await seed.text();
  if (file) body.content = await file.text();
  else body.participants = $("names").value.split("\n").map((x) => x.trim()).filter((x) => x);
  if (swissEvent && body.participants) {
    // "Smith 2150" → the name and its rating (a line without one: unrated)
    const rated = body.participants.map((line) => line.match(/^(.*?)[\s,;]+(\d{1,4})$/));
    body.ratings = rated.map((m) => (m ? Number(m[2]) : null));
    body.participants = body.participants.map((line, k) => (rated[k] ? rated[k][1] : line));
  }
  if (body.scoring === "go" && body.participants) {
    // a McMahon round robin: "Kim 3d" → the name and its go rank (every line needs one, or none has)
    const ranked = body.participants.map((line) => line.match(/^(.*?)[\s,;]+(\d{1,2}[kdpKDP])$/));
    if (ranked.some((m) => m)) {
      body.go_ranks = ranked.map((m, k) => (m ? m[2] : body.participants[k]));
      body.participants = body.participants.map((line, k) => (ranked[k] ? ranked[k][1] : line));
    }
  }
  const headers = { "Content-Type": "application/json" };
  const token = $("token").value.trim();
  if (!$("token-row").hidden && token) headers.Authorization = `Bearer ${token}`;
  const r = await i18n.api("/api/events", { method: "POST", headers, body: JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) {
    $("errors").textContent = typeof data.detail === "string" ? data.detail : _t("The event cannot be created.");
    $("errors").hidden = false;
    return;
  }
  localStorage.setItem(`crosstable-secret-${data.id}`, data.editor_secret);
  const edit = `${location.origin}/events/${data.id}/edit#secret=${data.editor_secret}`;
  $("edit-link").href = edit;
  $("edit-link").textContent = edit;
  $("public-link").href = `/events/${data.id}`;
  $("public-link").textContent = `${location.origin}/events/${data.id}`;
  $("created").hidden = false;
  refreshList();
}

$("create").addEventListener("click", create);
function showNotes() {
  const swissEvent = $("schedule").value === "swiss";
  $("rounds-row").hidden = !swissEvent;
  $("swiss-note").hidden = !swissEvent;
  $("go-note").hidden = $("scoring").value !== "go" || swissEvent;
}
$("schedule").addEventListener("change", showNotes);
$("scoring").addEventListener("change", showNotes);
i18n.onChange(refreshList); // the labels of the list; the form's labels are the HTML's
i18n.ready.then(() => {
  options();
  refreshList();
});
