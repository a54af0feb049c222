// A saved Swiss event (crosstable.web.events): the arbiter's controls on the editor
// (pair the next round, pair it again, requested byes, late entries, withdrawals) and,
// on both pages, each round's pairing list (board, White with points, result, Black
// with points; the byes below; printable on A4) and a player's card (each round's
// colour, opponent, result and running score). It reads event.js's state and load().
"use strict";
const swiss = { shown: null, card: null, latest: true }; // latest: the list follows the newest round

function byesAsked() {
  // "Smith=H, Jones=Z" → {Smith: "H", Jones: "Z"}
  const asked = {};
  for (const part of $("requested-byes").value.split(",")) {
    const m = part.match(/^\s*(.+?)\s*=\s*([HhZz])\s*$/);
    if (m) asked[m[1]] = m[2].toUpperCase();
  }
  return asked;
}

async function pairRound(again) {
  const body = { version: state.version, byes: again ? {} : byesAsked(), again };
  const data = await write("POST", `/api/events/${eventId}/rounds`, body);
  if (!data) return;
  $("pair-notes").textContent = _t("Round {round} paired by {engine}.", { round: data.round, engine: data.engine })
    + (data.warnings.length ? " " + data.warnings.join(" ") : "");
  $("requested-byes").value = "";
  swiss.shown = data.round;
  swiss.latest = true;
  $("round-entry").replaceChildren(); // the editor moves to the round just paired (its first open round)
  await load();
}

function renderControls() {
  const select = $("withdraw-name");
  const keep = select.value;
  select.replaceChildren();
  for (const p of state.view.players.filter((x) => x.withdrawn === null)) select.appendChild(new Option(p.name, p.name));
  select.value = keep;
  const rounds = state.view.rounds.length;
  $("pair").disabled = rounds >= state.view.rounds_total;
  $("pair").textContent = _t("Pair round {round}", { round: state.view.next_round });
}

function cell(tr, text, kind) {
  // kind: the cell's class, as report.css aligns it ("name", "mark"; none for a number)
  const td = document.createElement("td");
  if (text instanceof Node) td.appendChild(text);
  else td.textContent = text;
  if (kind) td.className = kind;
  tr.appendChild(td);
  return td;
}

function playerButton(name, number) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "player";
  b.textContent = name;
  b.addEventListener("click", () => showCard(number));
  return b;
}

async function renderList() {
  const select = $("list-round");
  const rounds = state.view.rounds.map((r) => r.round);
  $("pairing-lists").hidden = !rounds.length;
  if (!rounds.length) return;
  if (swiss.latest || !rounds.includes(swiss.shown)) swiss.shown = rounds[rounds.length - 1];
  select.replaceChildren(...rounds.map((k) => new Option(k, k)));
  select.value = swiss.shown;
  const r = await i18n.api(`/api/events/${eventId}/rounds/${swiss.shown}`);
  if (!r.ok) return;
  const list = await r.json();
  $("list-title").textContent = _t("Round {round}", { round: list.round });
  const body = $("pairing-list").querySelector("tbody");
  body.replaceChildren();
  for (const b of list.boards) {
    const tr = document.createElement("tr");
    cell(tr, b.board);
    cell(tr, playerButton(b.white, b.white_no), "name");
    cell(tr, i18n.num(b.white_points));
    cell(tr, b.result || "–", "mark");
    cell(tr, i18n.num(b.black_points));
    cell(tr, playerButton(b.black, b.black_no), "name");
    body.appendChild(tr);
  }
  const kinds = { pab: _t("pairing-allocated bye"), half: _t("half-point bye"), zero: _t("zero-point bye") };
  $("bye-list").replaceChildren(...list.byes.map((b) => {
    const li = document.createElement("li");
    li.append(playerButton(b.name, b.no), ` (${i18n.num(b.points)}): ${kinds[b.kind]}`);
    return li;
  }));
  if (swiss.card !== null) await showCard(swiss.card);
}

async function showCard(number) {
  swiss.card = number;
  const r = await i18n.api(`/api/events/${eventId}/players/${number}`);
  if (!r.ok) return;
  const card = await r.json();
  $("card-title").textContent = card.rating ? `${card.name} (${card.rating})` : card.name;
  const body = $("card-table").querySelector("tbody");
  body.replaceChildren();
  const colours = { white: _t("White"), black: _t("Black") };
  const kinds = { pab: _t("pairing-allocated bye"), half: _t("half-point bye"), zero: _t("zero-point bye") };
  for (const row of card.rounds) {
    const tr = document.createElement("tr");
    cell(tr, row.round);
    cell(tr, row.colour ? colours[row.colour] : "–", "mark");
    cell(tr, row.opponent ?? kinds[row.bye], "name");
    cell(tr, row.result === null ? "–" : i18n.num(row.result) + (row.forfeit ? " F" : ""), "mark");
    cell(tr, i18n.num(row.score));
    body.appendChild(tr);
  }
  $("card").hidden = false;
}

function handText(list) {
  // the round as the arbiter edits it: "White - Black" per board, "Name: kind" per bye
  return [...list.boards.map((b) => `${b.white} - ${b.black}`), ...list.byes.map((b) => `${b.name}: ${b.kind}`)].join("\n");
}

async function fillByHand() {
  const rounds = state.view.rounds.filter((r) => r.games.length || r.byes.some((b) => b.kind === "pab"));
  const last = rounds.length ? rounds[rounds.length - 1] : null;
  $("by-hand").hidden = !last || last.games.some((g) => g.result !== null);
  if ($("by-hand").hidden || document.activeElement === $("hand-pairings")) return;
  const r = await i18n.api(`/api/events/${eventId}/rounds/${last.round}`);
  if (r.ok) $("hand-pairings").value = handText(await r.json());
  $("hand-pairings").dataset.round = last.round;
}

async function savePairings() {
  const boards = [];
  const byes = {};
  for (const line of $("hand-pairings").value.split("\n").map((x) => x.trim()).filter((x) => x)) {
    const bye = line.match(/^(.+?)\s*:\s*(pab|half|zero)$/i);
    const board = line.match(/^(.+?)\s+[-–]\s+(.+)$/);
    if (bye) byes[bye[1]] = bye[2].toLowerCase();
    else if (board) boards.push([board[1], board[2]]);
    else {
      $("pair-notes").textContent = _t("This line is neither a board nor a bye: {line}", { line });
      return;
    }
  }
  const round = $("hand-pairings").dataset.round;
  const data = await write("PUT", `/api/events/${eventId}/rounds/${round}`, { version: state.version, boards, byes });
  if (!data) return;
  $("pair-notes").textContent = data.verdict.length
    ? _t("Round {round} saved; the check flags: {verdict}", { round: data.round, verdict: data.verdict.join("; ") })
    : _t("Round {round} saved: the Dutch system's own pairing.", { round: data.round });
  await load();
}

async function swissLoaded() {
  if (!state.view || state.view.schedule !== "swiss") return;
  if (editing) {
    $("swiss").hidden = false;
    renderControls();
    await fillByHand();
  }
  await renderList();
}

$("list-round").addEventListener("change", () => {
  const rounds = state.view.rounds.map((r) => r.round);
  swiss.shown = Number($("list-round").value);
  swiss.latest = swiss.shown === rounds[rounds.length - 1]; // back on the newest round: follow it again
  renderList();
});
if (editing) {
  $("pair").addEventListener("click", () => pairRound(false));
  $("pair-again").addEventListener("click", () => pairRound(true));
  $("save-pairings").addEventListener("click", savePairings);
  $("enter-late").addEventListener("click", async () => {
    const rating = $("late-rating").value.trim();
    const body = { version: state.version, name: $("late-name").value, rating: rating ? Number(rating) : null };
    const data = await write("POST", `/api/events/${eventId}/participants`, body);
    if (!data) return;
    $("late-name").value = "";
    $("late-rating").value = "";
    await load();
  });
  $("withdraw").addEventListener("click", async () => {
    const name = $("withdraw-name").value;
    if (!name) return;
    const data = await write("POST", `/api/events/${eventId}/withdrawals`, { version: state.version, name });
    if (data) await load();
  });
}
