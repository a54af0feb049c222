// A saved event's prize-giving (crosstable.web.events: POST …/prizes, GET …/ratings,
// GET …/norms), on both pages: the prizes of a prize list typed or pasted (each amount's
// arithmetic shown when its row is clicked), the FIDE rating changes, the title norms.
// Nothing is written: these are computed from the event as it stands.
"use strict";

function rowOf(cells, kinds) {
  // kinds: each cell's class, as report.css aligns it ("name", "text", "mark"; "" a number)
  const tr = document.createElement("tr");
  for (const [k, text] of cells.entries()) {
    const td = document.createElement("td");
    td.textContent = String(text);
    if (kinds && kinds[k]) td.className = kinds[k];
    tr.appendChild(td);
  }
  return tr;
}

async function handOutPrizes() {
  $("prize-errors").hidden = true;
  const body = { prizes: $("prize-list").value, sharing: $("sharing").value };
  const r = await i18n.api(`/api/events/${eventId}/prizes`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await r.json();
  if (!r.ok) {
    const lines = (data.problems || []).map((p) => (p.line ? `${p.line}:${p.column}: ${p.message}` : p.message));
    $("prize-errors").textContent = lines.length ? lines.join("\n") : data.detail;
    $("prize-errors").hidden = false;
    return;
  }
  const body_ = $("prize-table").querySelector("tbody");
  body_.replaceChildren();
  for (const p of data.prizes) {
    const tr = rowOf([p.place, p.name, p.prize, i18n.num(p.amount)], ["", "name", "text", ""]);
    tr.addEventListener("click", () => { $("prize-notes").textContent = data.explanations[p.name] || ""; });
    body_.appendChild(tr);
  }
  $("prize-table").hidden = false;
  $("prize-notes").textContent = [data.rounding, ...data.warnings].join(" ");
}

async function computeRatings() {
  const r = await i18n.api(`/api/events/${eventId}/ratings`);
  const data = await r.json();
  if (!r.ok) {
    $("rating-edition").textContent = data.detail;
    return;
  }
  $("rating-edition").textContent = [data.edition.title, ...data.warnings].join(" · ");
  const body = $("rating-table").querySelector("tbody");
  body.replaceChildren(...data.players.map((p) => rowOf([
    p.name, p.rating, p.k, p.games, i18n.num(p.score), i18n.num(p.expected),
    `${i18n.num(p.change)} (${p.rounded > 0 ? "+" : ""}${p.rounded})`,
  ], ["name"])));
  $("rating-table").hidden = false;
}

async function findNorms() {
  const r = await i18n.api(`/api/events/${eventId}/norms`);
  const data = await r.json();
  if (!r.ok) {
    $("norm-edition").textContent = data.detail;
    return;
  }
  $("norm-edition").textContent = data.edition.title;
  const items = [];
  for (const p of data.players) {
    for (const [norm, check] of Object.entries(p.norms)) {
      if (check.failures.length) continue;
      const li = document.createElement("li");
      li.textContent = _t("{name}: {norm} norm (performance {performance}, average {average}, {games} games)", {
        name: p.name, norm, performance: check.performance, average: check.average, games: check.games,
      });
      items.push(li);
    }
  }
  if (!items.length) {
    const li = document.createElement("li");
    li.textContent = _t("no norm is made in this event");
    items.push(li);
  }
  $("norm-list").replaceChildren(...items);
}

$("compute-prizes").addEventListener("click", handOutPrizes);
$("compute-ratings").addEventListener("click", computeRatings);
$("compute-norms").addEventListener("click", findNorms);
