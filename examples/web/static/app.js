// The web table's page: a lobby, then one table drawn from the views the server pushes.
// Everything shown comes from this seat's view (and the public table summary): the page never
// holds a card the seat may not know.
import { cardName, cardSvg, parseCard } from "./cards.js";

const $ = (id) => document.getElementById(id);
const esc = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

let socket = null;
let current = null; // the last state message
let session = null; // {table, token}
let replay = null; // {views, step, number}
let lobbyTimer = null;

// The header's line in the lobby, as the page has it (the header follows the screen).
const LOBBY_LINE = document.getElementById("status-line")?.innerHTML ?? "";
// A number as the sentences write it: losses with the true minus sign (U+2212), as on every screen.
const number = (n) => String(n).replace("-", "\u2212");
const signed = (n) => (n > 0 ? `+${n}` : n === 0 ? "+0" : number(n));

// ---- lobby -------------------------------------------------------------------------------------

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error ?? response.statusText);
  return data;
}

async function showLobby() {
  document.body.dataset.status = "lobby";
  $("status-line").innerHTML = LOBBY_LINE;
  $("lobby").hidden = false;
  $("game").hidden = true;
  const profiles = await api("/api/profiles");
  $("profile").innerHTML = profiles.map((p) =>
    `<option value="${esc(p.name)}" title="${esc(p.about)}">${esc(p.name)} (${p.players} players)</option>`).join("");
  await showLevels();
  await listTables();
  if (!lobbyTimer) lobbyTimer = setInterval(() => { if (!session) listTables(); }, 3000);
}

// How well the bots play (reversis.bots.levels): a choice when opening a table, its words below it.
let levels = null;
async function showLevels() {
  if (levels === null) {
    const data = await api("/api/levels");
    levels = data.levels;
    $("level").innerHTML = levels.map((l) =>
      `<option value="${esc(l.name)}"${l.name === data.default ? " selected" : ""}>${esc(l.title)} (${esc(l.move_time)})</option>`).join("");
    $("level").addEventListener("change", describeLevel);
  }
  describeLevel();
}

function describeLevel() {
  const level = levels?.find((l) => l.name === $("level").value);
  $("level-about").textContent = level ? `${level.title}: ${level.words}.` : "";
}

async function listTables() {
  // The first page of the tables waiting for players, the newest first.
  const open = (await api("/api/tables?status=waiting")).tables;
  $("tables").innerHTML = open.length === 0 ? "<li>No table is waiting for players.</li>" :
    open.map((t) => `<li data-table="${esc(t.id)}">${esc(t.profile)}, ${t.mode === "match" ? "a match" : "one hand"}, ${esc(t.level)} bots: ` +
      t.seats.map((s, i) => s.kind === "empty"
        ? `<button class="sit" data-table="${esc(t.id)}" data-seat="${i}">Sit at seat ${i}</button>`
        : `<span class="taken">${esc(s.name)}</span>`).join(" ") + "</li>").join("");
}

async function sit(tableId, seat) {
  const seated = await api(`/api/tables/${tableId}/sit`, { seat, name: $("name").value || "Player" });
  enter(tableId, seated.token);
  return seated;
}

// Leave the table (its seat stays yours at the address you had): close its socket, back to the lobby.
function leave() {
  const old = socket;
  socket = null;
  session = null;
  current = null;
  historyKey = "";
  if (old) old.close();
  $("replay").hidden = true;
  replay = null;
  history.replaceState(null, "", location.pathname);
  return showLobby();
}

// A new table of the same rules, mode and level, you at seat 0, bots at the other seats if they were.
async function newTable(profile, mode, level, bots) {
  const name = current?.table.seats[current.seat]?.name || $("name").value || "Player";
  const table = await api("/api/tables", { profile, mode, level });
  const seated = await api(`/api/tables/${table.id}/sit`, { seat: 0, name });
  if (bots) await api(`/api/tables/${table.id}/bots`, {});
  const old = socket;
  socket = null;
  if (old) old.close();
  $("replay").hidden = true;
  replay = null;
  historyKey = "";
  enter(table.id, seated.token);
}

function enter(tableId, token) {
  session = { table: tableId, token };
  history.replaceState(null, "", `#table=${tableId}&token=${token}`);
  $("lobby").hidden = true;
  $("game").hidden = false;
  connect();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${session.table}?token=${encodeURIComponent(session.token)}`);
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "error") {
      showError(message.message);
      if (current) draw(); // the move was refused: the cards are offered again
      return;
    }
    if (message.type === "state") {
      showError(null);
      current = message;
      draw();
    }
  });
  const mine = socket;
  socket.addEventListener("close", (event) => {
    if (mine !== socket) return; // a table left on purpose
    document.body.dataset.connected = "no";
    // The server went away (a restart): come back, it has kept the table. Closed for breaking the
    // limits (1008, 1009), for an unknown table (4404) or a table closed because nobody was at it
    // (4410): stay closed, the error says why.
    if (![1008, 1009, 4404, 4410].includes(event.code)) setTimeout(connect, 1000);
  });
  socket.addEventListener("open", () => {
    document.body.dataset.connected = "yes";
  });
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

// One move per turn: the cards wait for the server's answer (its next state, or its error), so
// that a second click on the same screen is not taken as the move of the seat's next turn.
function sendMove(move) {
  for (const button of document.querySelectorAll("#my-hand button.card.legal, #actions button.move")) button.disabled = true;
  send({ type: "move", move });
}

function showError(text) {
  const box = $("error");
  box.hidden = text === null;
  box.textContent = text ?? "";
}

// ---- moves -------------------------------------------------------------------------------------

// A legal move in its notation: "QS" (a play), "exchange QS", "discard 2C", "give 7S", "pass QS",
// or a move without a card ("decline").
function splitMove(move) {
  const words = move.split(" ");
  if (words.length === 1 && parseCard(words[0])) return { verb: "play", card: words[0] };
  if (words.length === 2 && parseCard(words[1])) return { verb: words[0], card: words[1] };
  return { verb: move, card: null };
}

const SUITS = { C: "clubs ♣", D: "diamonds ♦", H: "hearts ♥", S: "spades ♠" };

const VERB_HELP = {
  play: "play a card", exchange: "take the widow card for one of yours: click the card to put aside",
  discard: "discard a card (the dealer's exchange)", give: "give a card to the seat opposite",
  pass: "pass a card",
};

// ---- drawing -----------------------------------------------------------------------------------

function seatName(seats, seat, me) {
  if (typeof seat !== "number") return esc(seat);
  const s = seats[seat];
  const name = s ? s.name || `Seat ${seat}` : `Seat ${seat}`;
  return esc(seat === me ? `${name} (you)` : name);
}

// Where a seat is drawn, you at the bottom and the others in playing order: the next player to
// your right when play goes counter-clockwise (seen from above), to your left otherwise.
let direction = "counter-clockwise";
function place(seat, me, players) {
  const offset = (seat - me + players) % players;
  const ccw = direction === "counter-clockwise";
  if (players === 3) return (ccw ? ["bottom", "right", "left"] : ["bottom", "left", "right"])[offset];
  return (ccw ? ["bottom", "right", "top", "left"] : ["bottom", "left", "top", "right"])[offset] ?? "top";
}

// The board of one view: the seats around the table and the trick in the middle.
function boardHtml(view, seats, me, match, actors) {
  const n = view.players;
  const eldest = (view.dealer + 1) % n;
  const parts = [`<div class="felt" data-phase="${view.phase}">`];
  for (let seat = 0; seat < n; seat++) {
    const badges = [];
    if (seat === view.dealer) badges.push(`<span class="badge dealer" title="dealer">dealer</span>`);
    if (seat === eldest) badges.push(`<span class="badge eldest" title="eldest hand">eldest</span>`);
    const turn = view.to_move === seat || (actors ?? []).includes(seat);
    if (turn) badges.push(`<span class="badge turn">to play</span>`);
    const kind = seats[seat]?.kind === "bot" ? " bot" : "";
    const money = match ? `<div>counters ${number(match.bankrolls[seat])}</div>` : "";
    parts.push(
      `<div class="seat ${place(seat, me, n)}${turn ? " turn" : ""}${kind}" data-seat="${seat}">` +
      `<div class="name">${seatName(seats, seat, me)}</div><div class="badges">${badges.join("")}</div>` +
      `<div class="counts"><span title="cards in hand">cards ${view.card_counts[seat]}</span> · ` +
      `<span title="tricks taken" data-tricks="${view.tricks_taken[seat]}">tricks ${view.tricks_taken[seat]}</span> · ` +
      `<span title="points">points ${view.points[seat]}</span></div>` +
      `<div class="net" title="this hand so far">${signed(view.net[seat])}</div>${money}</div>`);
  }
  let trick = view.current_trick;
  let caption = trick ? `Trick ${trick.number}` : "";
  if (!trick && view.tricks.length > 0) {
    trick = view.tricks[view.tricks.length - 1];
    caption = `Trick ${trick.number} taken by ${seatName(seats, trick.winner, me)}`;
  }
  parts.push(`<div class="trick${view.current_trick ? "" : " done"}" aria-label="current trick"><div class="caption">${caption}</div>`);
  for (const [seat, card] of trick ? trick.plays : []) {
    parts.push(`<div class="played ${place(seat, me, n)}" data-card="${card}" data-seat="${seat}">${cardSvg(card)}</div>`);
  }
  parts.push("</div></div>");
  return parts.join("");
}

function cardsHtml(view, interactive) {
  const byCard = new Map();
  const others = [];
  for (const move of view.legal_moves) {
    const { verb, card } = splitMove(move);
    if (card) { if (!byCard.has(card)) byCard.set(card, { move, verb }); } else others.push(move);
  }
  const cards = view.hand.map((card) => {
    const legal = interactive && byCard.has(card);
    const move = legal ? byCard.get(card).move : "";
    return `<button class="card${legal ? " legal" : ""}" data-card="${card}" data-move="${esc(move)}" ` +
      `${legal ? "" : "disabled"} aria-label="${cardName(card)}${legal ? `: ${esc(move)}` : ""}">${cardSvg(card)}</button>`;
  });
  return { html: cards.join(""), others, verbs: [...new Set([...byCard.values()].map((v) => v.verb))] };
}

function stakesHtml(stakes, seats, me) {
  const rows = [];
  for (const [key, value] of Object.entries(stakes)) {
    if (key === "beasts") {
      rows.push(`<li>beasts: ${value.length === 0 ? "none" : value.map((b) =>
        `${b.amount} owed by ${seatName(seats, b.owner, me)}${b.in_play ? " (in play)" : ""}`).join(", ")}</li>`);
    } else if (Array.isArray(value)) {
      rows.push(`<li>${esc(key)}: ${value.map(esc).join(", ")}</li>`);
    } else {
      rows.push(`<li>${esc(key)}: ${esc(value)}</li>`);
    }
  }
  return rows.length ? `<ul class="stakes">${rows.join("")}</ul>` : "<p>No stakes: a game of points.</p>";
}

// The payments, each in the sentence the server words it in (reversis.text.sentences): the reason's code
// stays in the data attributes, never in the text.
function paymentsHtml(payments, sentences) {
  if (payments.length === 0) return "<p>No payment yet.</p>";
  return `<ol class="payments">${payments.map((p, i) =>
    `<li data-payer="${esc(p.payer)}" data-payee="${esc(p.payee)}" data-amount="${p.amount}" data-reason="${esc(p.reason)}">` +
    `${esc(sentences[i] ?? "")}</li>`).join("")}</ol>`;
}

function infoHtml(view, seats, me, words) {
  const rows = [`<h2>${esc(view.profile)}</h2>`, "<dl>"];
  const add = (term, value) => rows.push(`<dt>${term}</dt><dd>${value}</dd>`);
  add("Phase", esc(words.phase ?? view.phase));
  add("Dealer", seatName(seats, view.dealer, me));
  if (view.widow_card) add("Widow card you looked at", `<span class="mini" data-widow="${view.widow_card}">${cardSvg(view.widow_card)}</span>`);
  if (view.put_aside.length) add("You put aside", `<span class="minis">${view.put_aside.map((c) => `<span class="mini">${cardSvg(c)}</span>`).join("")}</span>`);
  if (view.shown) add("Shown at the deal", `<span class="mini">${cardSvg(view.shown)}</span>`);
  if (view.trump) add("Trumps", esc(SUITS[view.trump] ?? view.trump));
  if (view.pass_direction) add("Passing", esc(view.pass_direction));
  if (view.given.length) add("You gave", view.given.map(cardName).join(", "));
  if (view.received.length) add("You received", view.received.map(cardName).join(", "));
  // The pot (shown at the end of the hand) is in the settlement, next to who won it.
  rows.push("</dl>");
  return rows.join("");
}

// The aim and the words of the game (reversis.text.glossary), fetched once per profile.
async function showGlossary(profile) {
  const box = $("glossary");
  if (box.dataset.profile === profile) return;
  box.dataset.profile = profile;
  const data = await api(`/api/glossary?profile=${encodeURIComponent(profile)}`);
  $("glossary-text").innerHTML = `<p class="aim">${esc(data.aim)}</p><dl>` +
    data.terms.map(([term, text]) => `<dt>${esc(term)}</dt><dd>${esc(text)}</dd>`).join("") + "</dl>";
}

function draw() {
  const { table, hand: view, match, seat: me } = current;
  showGlossary(table.profile).catch(() => {});
  const words = current.words ?? { payments: [], events: [], outcome: [] };
  direction = table.direction;
  document.body.dataset.status = table.status;
  document.body.dataset.step = table.step;
  document.body.dataset.hand = table.hand_number;
  const seats = table.seats;
  const where = match ? `hand ${match.hand_number - (view && view.phase === "over" ? 1 : 0)}${match.total_hands ? ` of ${match.total_hands}` : ""}` : "one hand";
  const bots = seats.some((s) => s.kind === "bot") ? ` · ${table.level} bots` : "";
  $("status-line").textContent = `Table ${table.id} · ${table.profile} · ${where}${bots} · ${table.status}` +
    (me === null ? " · watching" : ` · you are seat ${me}`);
  const actions = [];
  if (table.status === "waiting") {
    $("board").innerHTML = `<p class="waiting">Waiting for players: ${seats.map((s, i) =>
      `seat ${i}: ${s.kind === "empty" ? "empty" : esc(s.name)}`).join(", ")}.</p>`;
    actions.push(`<button id="fill-bots">Bots take the empty seats</button>`);
    $("my-hand").innerHTML = "";
    $("info").innerHTML = "";
    $("money").innerHTML = "";
    $("settlement").hidden = true;
    $("prompt").textContent = "Share the address of this page's lobby: others can sit at the empty seats.";
  } else if (view) {
    $("board").innerHTML = boardHtml(view, seats, me, match, table.actors);
    const interactive = table.status === "playing" && view.to_move === me;
    const { html, others, verbs } = cardsHtml(view, interactive);
    $("my-hand").innerHTML = html;
    for (const move of others) actions.push(`<button class="move" data-move="${esc(move)}">${esc(move)}</button>`);
    $("info").innerHTML = infoHtml(view, seats, me, words);
    // Once the hand is over its payments are in the settlement, said once.
    $("money").innerHTML = `<h2>Stakes</h2>${stakesHtml(view.stakes, seats, me)}` +
      (view.phase === "over" ? "" : `<h2>Payments so far</h2>${paymentsHtml(view.payments, words.payments)}`) +
      (words.events.length ? `<h2>What happened</h2><ul class="events">${words.events.slice(-4).map((e) => `<li>${esc(e)}</li>`).join("")}</ul>` : "");
    if (interactive) $("prompt").textContent = `Your turn: ${verbs.map((v) => VERB_HELP[v] ?? v).join(", or ")}${others.length ? `, or ${others.join(", ")}` : ""}.`;
    else if (table.status === "playing") $("prompt").textContent = `Waiting for ${seatName(seats, view.to_move, me)}.`;
    else if (view.phase === "over") $("prompt").textContent = "The hand is over: the settlement is below.";
    else $("prompt").textContent = "";
    drawSettlement(view, seats, me, match, table, words);
  }
  if (table.status === "between" && me !== null) actions.push(`<button id="next-hand">Deal the next hand</button>`);
  if (table.status === "over" && me !== null) {
    actions.push(`<button id="new-hand" data-profile="${esc(table.profile)}" data-mode="${esc(table.mode)}" data-level="${esc(table.level)}" ` +
      `data-bots="${seats.every((s, i) => i === me || s.kind === "bot") ? "yes" : "no"}">` +
      `${table.mode === "match" ? "New match" : "New hand"}</button>`);
  }
  if (table.status !== "waiting" || me === null) actions.push(`<button id="back-to-tables">Back to the tables</button>`);
  if (table.status === "deciding" && table.actors.includes(me)) {
    $("prompt").textContent = "The match is over and stakes remain: continue playing, or share them?";
    actions.push(`<button class="choose" data-choice="continue">Continue</button> <button class="choose" data-choice="share">Share</button>`);
  }
  $("actions").innerHTML = actions.join(" ");
  refreshHistory(table);
}

function drawSettlement(view, seats, me, match, table, words) {
  const box = $("settlement");
  if (view.phase !== "over") { box.hidden = true; box.innerHTML = ""; return; }
  const rows = view.net.map((net, seat) =>
    `<tr data-seat="${seat}" data-net="${net}"><th>${seatName(seats, seat, me)}</th><td>${signed(net)}</td>` +
    `<td>${number(view.points[seat])}</td>${match ? `<td>${number(match.bankrolls[seat])}</td>` : ""}</tr>`).join("");
  let end = "";
  if (match && table.status === "over") {
    const totals = view.net.map((_, seat) => match.points_by_hand.reduce((sum, p) => sum + p[seat], 0));
    end = `<p class="final" data-testid="match-over">The match is over after ${match.hands_played} hands. ` +
      `Counters: ${match.bankrolls.map((b, s) => `${seatName(seats, s, me)} ${number(b)}`).join(", ")}; ` +
      `points: ${totals.map((t, s) => `${seatName(seats, s, me)} ${number(t)}`).join(", ")}.</p>` +
      (words.match ? `<ul class="match-words">${words.match.map((w) => `<li>${esc(w)}</li>`).join("")}</ul>` : "");
  }
  box.hidden = false;
  const pot = view.pot ? `<p class="pot">The cards put aside: <span class="minis">${view.pot.map((c) =>
    `<span class="mini">${cardSvg(c)}</span>`).join("")}</span>${view.pot_value !== null ? ` worth ${esc(words.worth ?? view.pot_value)}` : ""}</p>` : "";
  box.innerHTML = `<h2>Settlement of the hand</h2>` +
    `<p class="outcome" data-testid="outcome">${esc(words.outcome.join(" "))}</p>${pot}` +
    `<table><thead><tr><th>Seat</th><th>Net</th><th>Points</th>` +
    `${match ? "<th>Counters</th>" : ""}</tr></thead><tbody>${rows}</tbody></table>` +
    `<h3>Payments</h3>${paymentsHtml(view.payments, words.payments)}${end}`;
}

let historyKey = "";
async function refreshHistory(table) {
  const key = `${table.id}/${table.hand_number}/${table.status}`;
  if (key === historyKey) return;
  historyKey = key;
  const hands = (await api(`/api/tables/${table.id}/hands?limit=200`)).hands;
  $("finished").innerHTML = hands.length === 0 ? "<li>None yet.</li>" : hands.map((h) =>
    `<li><button class="replay" data-hand="${h.id}" data-number="${h.number}">Replay hand ${h.number}</button></li>`).join("");
}

// ---- replay ------------------------------------------------------------------------------------

async function openReplay(handId, number) {
  const data = await api(`/api/hands/${handId}/replay?token=${encodeURIComponent(session.token)}`);
  replay = { views: data.views, step: 0, seat: data.seat, number };
  $("replay").hidden = false;
  $("replay-title").textContent = `of hand ${number}`;
  drawReplay();
}

function drawReplay() {
  const view = replay.views[replay.step];
  const seats = current ? current.table.seats : [];
  $("replay-step").textContent = `step ${replay.step} of ${replay.views.length - 1}`;
  $("replay").dataset.step = replay.step;
  $("replay-board").innerHTML = boardHtml(view, seats, replay.seat, null, []);
  $("replay-hand").innerHTML = cardsHtml(view, false).html;
}

function stepReplay(to) {
  if (!replay) return;
  replay.step = Math.max(0, Math.min(replay.views.length - 1, to));
  drawReplay();
}

// ---- events ------------------------------------------------------------------------------------

document.addEventListener("click", async (event) => {
  const target = event.target.closest("button");
  if (!target) return;
  try {
    if (target.matches(".card.legal, .move")) sendMove(target.dataset.move);
    else if (target.id === "next-hand") send({ type: "next" });
    else if (target.id === "new-hand") await newTable(target.dataset.profile, target.dataset.mode, target.dataset.level, target.dataset.bots === "yes");
    else if (target.id === "back-to-tables") await leave();
    else if (target.matches(".choose")) send({ type: "choose", choice: target.dataset.choice });
    else if (target.id === "fill-bots") await api(`/api/tables/${session.table}/bots`, {});
    else if (target.matches(".sit")) await sit(target.dataset.table, Number(target.dataset.seat));
    else if (target.matches(".replay")) await openReplay(target.dataset.hand, target.dataset.number);
    else if (target.id === "replay-first") stepReplay(0);
    else if (target.id === "replay-prev") stepReplay(replay.step - 1);
    else if (target.id === "replay-next") stepReplay(replay.step + 1);
    else if (target.id === "replay-last") stepReplay(replay.views.length - 1);
    else if (target.id === "replay-close") { $("replay").hidden = true; replay = null; }
  } catch (error) {
    showError(error.message);
    if (!session) alert(error.message);
  }
});

$("create").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    const table = await api("/api/tables", { profile: $("profile").value, mode: $("mode").value, level: $("level").value });
    const seated = await api(`/api/tables/${table.id}/sit`, { seat: 0, name: $("name").value || "Player" });
    if ($("with-bots").checked) await api(`/api/tables/${table.id}/bots`, {});
    enter(table.id, seated.token);
  } catch (error) {
    alert(error.message);
  }
});

const params = new URLSearchParams(location.hash.slice(1));
if (params.get("table")) enter(params.get("table"), params.get("token") ?? "");
else showLobby();
