// The sprague page: every answer comes from POST /api/run, the object `sprague ARGS --json`
// prints. No framework, nothing fetched from elsewhere. The URL's hash holds the view and the
// position (#analyse/GAME/WORDS, #table/FAMILY/RULE/N, #script), so a position can be shared and
// the browser's back and forward move through the positions visited.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { games: [], game: null, last: null, hint: null, examples: [], trail: null, pending: null, fresh: false };

// ---- the API -------------------------------------------------------------------------------

async function run(args, stdin) {
  const response = await fetch("/api/run", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ args, stdin: stdin || "" }),
  });
  let body;
  const text = await response.text();
  try { body = JSON.parse(text); } catch (e) { body = { text }; }
  if (!response.ok) {
    const budget = body.budget ? ` (budget: ${body.budget})` : "";
    throw new Error((body.error || `HTTP ${response.status}`) + budget);
  }
  return body;
}

// ---- small helpers -------------------------------------------------------------------------

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null) node.setAttribute(k, v);
  }
  for (const c of children.flat()) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

function showError(target, err) {
  target.replaceChildren(el("p", { class: "error", role: "alert" }, err.message || String(err)));
}

// Splits typed words as a shell would for the simple cases: spaces, and quotes around words
// that hold spaces (`--moves "2-4 4-5"`).
function splitWords(text) {
  const words = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  let m;
  while ((m = re.exec(text)) !== null) words.push(m[1] ?? m[2] ?? m[3]);
  return words;
}

function joinWords(words) {
  return words.map((w) => (/\s/.test(w) || w === "" ? `"${w}"` : w)).join(" ");
}

const OUTCOME = {
  N: "the player to move wins",
  P: "the player to move loses (whatever they do, the other player can win)",
  D: "a draw: neither player can force a win",
};

// ---- views and history ---------------------------------------------------------------------

function show(view) {
  for (const id of ["analyse", "table", "script"]) {
    $(id).hidden = id !== view;
    $(`nav-${id}`).classList.toggle("current", id === view);
  }
}

function route() {
  const [view, ...rest] = location.hash.replace(/^#/, "").split("/");
  const parts = rest.map(decodeURIComponent);
  if (view === "table") {
    show("table");
    if (parts.length >= 3) {
      $("family").value = parts[0];
      $("family-rule").value = parts[1];
      $("upto").value = parts[2];
      tabulate();
    }
  } else if (view === "script") {
    show("script");
  } else {
    show("analyse");
    if (parts.length >= 1 && state.games.some((g) => g.name === parts[0])) {
      if (!state.game || state.game.name !== parts[0]) selectGame(parts[0], false);
      if (parts.length >= 2) {
        $("position").value = parts[1];
        analyse();
      }
    }
  }
}

function go(hash) {
  if (location.hash === hash) route();
  else location.hash = hash; // popstate routes
}

// ---- analyse and play ----------------------------------------------------------------------

function selectGame(name, fillExample = true) {
  const game = state.games.find((g) => g.name === name);
  state.game = game;
  $("game").value = name;
  $("game-rule").textContent = game.rule;
  $("game-syntax").textContent = `Position: ${game.position}`;
  const file = game.input === "file";
  $("file-label").hidden = !file;
  if (fillExample) {
    $("position").value = joinWords(game.example);
    if (file) $("file-text").value = game.example_text || "";
  }
  $("analysis").replaceChildren();
  $("board").replaceChildren();
  $("moves-panel").replaceChildren();
  $("history-card").hidden = true;
  $("engine-says").textContent = "";
}

// The command for the words typed: `solve NAME …` for scoring games, `NAME …` otherwise.
function argsFor(game, words) {
  const base = game.command === "solve" ? ["solve", game.name] : [game.name];
  const args = base.concat(words);
  if (game.command === "analyse" && game.input !== "file") args.push("--all-moves");
  return args;
}

// The words of the position reached by a move: its `to` in place of the position's words, the
// flags (and an octal code) kept.
function wordsAfter(game, words, to) {
  // A position given as a parameter's value (Triangle War's lines drawn).
  if (game.position_parameter) return [`--${game.position_parameter}`, to];
  const flags = [];
  const kept = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i].startsWith("--")) {
      flags.push(words[i]);
      const param = game.parameters.find((p) => `--${p.name}` === words[i]);
      if (param && param.value && i + 1 < words.length) flags.push(words[++i]);
    } else if (kept.length === 0 && game.rule_word && !(game.rule_word_unless && words.includes(`--${game.rule_word_unless}`))) {
      kept.push(words[i]); // the rule's word (an octal code, a coin-turning rule) stays
    }
  }
  return kept.concat(splitWords(to), flags);
}

async function analyse() {
  const game = state.game;
  const words = splitWords($("position").value);
  const out = $("analysis");
  out.replaceChildren(el("p", { class: "hint" }, "thinking…"));
  state.hint = null;
  try {
    const stdin = game.input === "file" ? $("file-text").value : "";
    // A position already in the game's history is drawn from the answer kept there (the
    // browser's back and forward, a history entry clicked).
    const kept = state.fresh ? null : trailEntry(game, words);
    state.fresh = false;
    const report = kept ? kept.report : await run(argsFor(game, words), stdin);
    // Gone back (or forward) to: what was said of the move played from there is not of it.
    if (kept) $("engine-says").textContent = "";
    place(game, words, report);
    state.last = { game, words, report };
    render(game, words, report);
  } catch (err) {
    showError(out, err);
    $("board").replaceChildren();
    $("moves-panel").replaceChildren();
  }
}

function movesOf(report) {
  if (report.all_moves) return report.all_moves;
  if (report.best_moves) return report.best_moves.map((m) => ({ ...m, best: true }));
  return (report.winning_moves || []).map((m) => ({ ...m, outcome: "P" }));
}

// ---- remoteness: how many moves are left with perfect play, when the engine knows ------------

// `remoteness` (when given): 0 for a finished game; odd, the player to move wins in that many
// moves; even, they lose in that many at the slowest.
const known = (r) => Number.isInteger(r) && r >= 0;

function nMoves(n) {
  return `${n} move${n === 1 ? "" : "s"}`;
}

// What a move leads to, for the player making it: the position after it has remoteness r for
// the opponent, so the mover wins (r even: the opponent loses) or loses in r + 1 moves.
function moveRemoteness(m) {
  if (!known(m.remoteness)) return "";
  return m.remoteness % 2 === 0 ? `wins in ${nMoves(m.remoteness + 1)}` : `loses in ${nMoves(m.remoteness + 1)}`;
}

function verdict(game, report) {
  if (game.command === "calculate") return `= ${report.value}`;
  if (report.outcome) {
    const nv = report.nim_value === null || report.nim_value === undefined ? "" : `; nim-value ${report.nim_value}`;
    const r = report.remoteness;
    let says = OUTCOME[report.outcome] || report.outcome;
    if (known(r) && r > 0 && report.outcome === "N") says = `the player to move wins in ${nMoves(r)}`;
    if (known(r) && r > 0 && report.outcome === "P") says = `the player to move loses in ${nMoves(r)} at the slowest (whatever they do, the other player can win)`;
    // A finished game: no move is left.
    if (report.outcome === "P" && (r === 0 || (report.all_moves && report.all_moves.length === 0))) says = "the player to move has no move left, and loses";
    return `${report.outcome}: ${says}${nv}`;
  }
  // A finished game has no player to move: its score is final.
  if (report.score !== undefined && !report.to_move) return `score ${report.score}: the game is over`;
  if (report.score !== undefined) return `score ${report.score} for the player to move (${report.to_move})`;
  if (game.score_for === "first-player") return `value ${report.value}: ${FIRST_PLAYER}'s final score minus ${SECOND_PLAYER}'s with perfect play (${report.winner ? `${report.winner} wins` : "a draw"})`;
  if (report.value !== undefined) return `value ${report.value} for the player to move${report.to_move ? ` (${report.to_move})` : ""}`;
  return "";
}

// Whose turn it is in a scoring game, in the colour of its pieces on the board; nothing once the
// game is over (no player to move) or for an impartial game (the players are alike).
const STONES = { "1": ["Red", "x"], "2": ["Yellow", "o"] };

// Whether a scoring game's player moves first (x, Red, A).
function isFirst(game, player) {
  return player === (game.board === "tic-tac-toe" ? "x" : game.board === "connect-four" ? "1" : FIRST_PLAYER);
}

function turnLine(game, report) {
  if (!report.to_move) return "";
  const [name, piece] = game.board === "connect-four"
    ? STONES[report.to_move] || [report.to_move, ""]
    : [String(report.to_move).toUpperCase(), isFirst(game, report.to_move) ? "p1" : "p2"];
  return el("p", { class: "turn", id: "turn" },
    piece ? el("span", { class: `swatch ${piece}`, "aria-hidden": "true" }) : "",
    `${name} to move`);
}

// How the position stands for the player to move: a class for its colour and a word for its
// badge. A finished scoring game has no player to move: it is over.
function standing(game, report) {
  if (report.outcome === "N") return ["s-win", "wins"];
  if (report.outcome === "P") return ["s-lose", "loses"];
  if (report.outcome === "D") return ["s-draw", "draw"];
  const v = toMoveScore(game, report);
  if (v === undefined) return ["", ""];
  if (!report.to_move) return ["s-over", "over"];
  return v > 0 ? ["s-win", "wins"] : v < 0 ? ["s-lose", "loses"] : ["s-draw", "draw"];
}

// A scoring game's value for the player to move (Triangle War's is the first player's).
function toMoveScore(game, report) {
  const v = report.score ?? report.value;
  if (typeof v !== "number") return undefined;
  if (game.score_for === "first-player") return report.to_move && report.to_move !== FIRST_PLAYER ? -v : v;
  return v;
}

// The colour class of a move: what it leaves (a P-position left is a win for the mover); a
// scoring game's best moves all keep the position's value for the mover.
function moveClass(game, report, m) {
  if (m.outcome) return `o-${m.outcome}`;
  if (m.best) {
    const v = toMoveScore(game, report);
    if (v !== undefined) return v > 0 ? "o-P" : v < 0 ? "o-N" : "o-D";
  }
  return "o-P";
}

function render(game, words, report) {
  const out = $("analysis");
  const panel = $("moves-panel");
  if (game.command === "calculate") {
    // A calculation: its value, no moves and no board.
    out.replaceChildren(el("div", { class: "status" }, el("p", { class: "verdict", id: "verdict" }, `${game.name} ${joinWords(words)} ${verdict(game, report)}`)));
    $("board").replaceChildren();
    panel.replaceChildren();
    renderHistory(game);
    return;
  }
  const moves = movesOf(report);
  // A position that is its words, or one parameter's value, can be moved on from; one spread
  // over several parameters (the cursor game's sequences) cannot.
  const clickable = game.input !== "file" && (game.position_name !== "" || !!game.position_parameter);
  const items = moves.map((m, i) => {
    const label = m.nim_value !== undefined && m.nim_value !== null ? `${m.move} (→ ${m.outcome}, ${m.nim_value})` : m.move;
    const cls = `chip ${moveClass(game, report, m)}${state.hint === i ? " hinted" : ""}`;
    const content = [el("span", { class: "label" }, label)];
    const rem = moveRemoteness(m);
    if (rem) content.push(el("small", { class: "rem" }, rem));
    const node = clickable && m.to !== undefined
      ? el("a", { href: "#", class: cls, "data-move": i, "data-remoteness": known(m.remoteness) ? m.remoteness : null, onclick: (e) => { e.preventDefault(); playMove(m); } }, content)
      : el("span", { class: cls }, content);
    return el("li", {}, node);
  });
  const winning = report.winning_moves ? report.winning_moves.length : null;
  const [cls, badge] = standing(game, report);
  out.replaceChildren(
    el("div", { class: `status ${cls}` },
      badge ? el("span", { class: "badge", title: "for the player to move" }, badge) : "",
      el("div", {},
        el("p", { class: "verdict", id: "verdict" }, verdict(game, report)),
        el("div", { class: "facts" },
          turnLine(game, report),
          resultLine(game, report),
          el("p", { class: "hint" }, `position: ${report.position || "the start"}`)))),
    report.note ? el("p", { class: "hint" }, report.note) : "",
  );
  panel.replaceChildren(
    moves.length
      ? el("div", {},
          el("div", { class: "moves-head" },
            el("h3", {}, report.all_moves ? "Every move" : report.best_moves ? "The best moves" : "The winning moves"),
            el("ul", { class: "legend", "aria-label": "colours" },
              el("li", { class: "l-win" }, "wins"), el("li", { class: "l-draw" }, "draws"), el("li", { class: "l-lose" }, "loses"))),
          report.all_moves
            ? el("p", { class: "hint" }, `Each coloured by what it leaves the opponent: green leaves them a losing position${winning !== null ? ` (${winning} such move${winning === 1 ? "" : "s"} here)` : ""}.`)
            : "",
          el("ul", { class: "moves", id: "moves" }, items))
      : el("p", { id: "no-moves" }, report.outcome === "P" && report.winning_moves && !(report.all_moves && report.all_moves.length === 0) ? "No winning move: every move leaves the opponent a winning position." : "No move left: the game is over."),
  );
  drawBoard(game, words, report, moves);
  renderHistory(game);
}

// The engine's move: a winning one when there is one, else the best score, else a move that
// keeps the game long (the one leaving the largest nim-value).
function engineChoice(report) {
  if (report.winning_moves && report.winning_moves.length) {
    // The fastest win, where the engine knows how fast.
    const win = report.winning_moves.reduce((a, b) => (known(b.remoteness) && !(known(a.remoteness) && a.remoteness <= b.remoteness) ? b : a));
    const when = known(win.remoteness) && win.remoteness > 0 ? `, in ${nMoves(win.remoteness)} at the slowest` : "";
    return [win, `it leaves you a P-position (nim-value 0): you lose whatever you do${when}`];
  }
  if (report.best_moves && report.best_moves.length) {
    const v = report.score ?? report.value;
    const mine = state.game && state.game.score_for === "first-player" && report.to_move !== FIRST_PLAYER ? -v : v;
    return [report.best_moves[0], `it keeps its best score (${mine > 0 ? "+" : ""}${mine} for it) with perfect play`];
  }
  const all = report.all_moves || [];
  if (all.length) {
    const draw = all.find((m) => m.outcome === "D");
    if (draw) return [draw, "no winning move: it keeps the draw"];
    // The slowest loss where the engine knows it, else the largest nim-value.
    const longest = all.some((m) => known(m.remoteness))
      ? all.reduce((a, b) => ((b.remoteness ?? -1) > (a.remoteness ?? -1) ? b : a))
      : all.reduce((a, b) => ((b.nim_value ?? 0) > (a.nim_value ?? 0) ? b : a));
    return [longest, "no winning move exists: it plays on and waits for a mistake"];
  }
  return [null, ""];
}

function gameOver(report) {
  return movesOf(report).length === 0;
}

async function playMove(move) {
  const { game, words, report: before } = state.last;
  const next = wordsAfter(game, words, move.to);
  // A hint is for the position it was asked in: the next one's moves are others.
  state.hint = null;
  $("engine-says").textContent = `You: ${move.move}.`;
  if (!$("play-mode").checked) {
    // The history names the move that led to the next position.
    state.pending = { from: keyOf(words), key: keyOf(next), move: move.move };
    go(hashFor(game, next));
    return;
  }
  // Scoring games say whose turn it is (a completed triangle moves again); impartial games
  // alternate.
  const you = before.to_move;
  const yourTurn = (report) => you !== undefined && report.to_move === you;
  try {
    let position = next;
    let report = await run(argsFor(game, position), "");
    place(game, position, report, move.move);
    const replies = [];
    while (!gameOver(report) && !yourTurn(report)) {
      const [reply, reason] = engineChoice(report);
      replies.push(`${reply.move}, because ${reason}`);
      position = wordsAfter(game, position, reply.to);
      report = await run(argsFor(game, position), "");
      place(game, position, report, reply.move);
      if (you === undefined) break;
    }
    $("position").value = joinWords(position);
    state.last = { game, words: position, report };
    history.pushState(null, "", hashFor(game, position));
    render(game, position, report);
    let said = `You: ${move.move}.`;
    if (replies.length) said += ` Engine: ${replies.join("; then ")}.`;
    else if (!gameOver(report)) said += " Your turn again.";
    if (gameOver(report)) said += ` ${finalWords(report, replies.length > 0)}`;
    $("engine-says").textContent = said;
  } catch (err) {
    showError($("analysis"), err);
  }
}

// Who won, said when no move is left.
function finalWords(report, engineMovedLast) {
  if ("winner" in report) {
    return !report.winner ? "The game is over: a draw." : `The game is over: ${report.winner} wins${report.triangles ? ` (${report.triangles.join(" to ")} triangles)` : ""}.`;
  }
  if (report.value !== undefined || report.score !== undefined) {
    const v = report.value ?? report.score;
    return v === 0 ? "The game is over: a draw." : v < 0 ? (engineMovedLast ? "The game is over: the engine wins." : "The game is over: you win!") : "The game is over.";
  }
  return engineMovedLast ? "You have no move: the engine wins." : "The engine has no move: you win!";
}

function hint() {
  if (!state.last) return;
  const moves = movesOf(state.last.report);
  const best = state.last.report.winning_moves && state.last.report.winning_moves[0];
  let index = best ? moves.findIndex((m) => m.to === best.to) : moves.findIndex((m) => m.best);
  if (index < 0) {
    $("engine-says").textContent = "Hint: no winning move here; play on and hope for a mistake.";
    return;
  }
  state.hint = index;
  $("engine-says").textContent = `Hint: ${moves[index].move}.`;
  render(state.last.game, state.last.words, state.last.report);
}

// ---- the game's history: the positions played through, and how each stood -------------------

// state.trail: { game, entries: [{ key, words, report, move }], at }: the positions from where
// the history starts, each with its answer and the move that led to it; `at` is the one shown.
// The URL's hash holds the position shown, so the browser's back and forward walk the same line.

function keyOf(words) {
  return joinWords(words);
}

function hashFor(game, words) {
  return `#analyse/${encodeURIComponent(game.name)}/${encodeURIComponent(joinWords(words))}`;
}

function trailEntry(game, words) {
  const t = state.trail;
  if (!t || t.game !== game.name || game.input === "file") return null;
  return t.entries.find((e) => e.key === keyOf(words)) || null;
}

// Every move of an answer, whichever lists it gives.
function everyMove(report) {
  return [...(report.all_moves || []), ...(report.best_moves || []), ...(report.winning_moves || [])];
}

// Puts the position shown in the history: a position already there is gone back (or forward)
// to; one a move away from the position shown follows it (the line after it is dropped);
// anything else starts a new history.
function place(game, words, report, moveLabel) {
  const key = keyOf(words);
  const t = state.trail;
  const pending = state.pending;
  state.pending = null;
  if (t && t.game === game.name && game.input !== "file") {
    const found = t.entries.findIndex((e) => e.key === key);
    if (found >= 0) {
      t.at = found;
      t.entries[found].report = report;
      return;
    }
    const here = t.entries[t.at];
    let label = moveLabel;
    if (label === undefined && pending && pending.key === key && pending.from === here.key) label = pending.move;
    if (label === undefined) {
      const m = everyMove(here.report).find((x) => x.to !== undefined && keyOf(wordsAfter(game, here.words, x.to)) === key);
      if (m) label = m.move;
    }
    if (label !== undefined) {
      t.entries.splice(t.at + 1);
      t.entries.push({ key, words, report, move: label });
      t.at = t.entries.length - 1;
      return;
    }
  }
  state.trail = { game: game.name, entries: [{ key, words, report, move: null }], at: 0 };
}

// A move as the history names it: who played it, where the move alone does not say.
function historyLabel(game, entry, before) {
  const who = before.report.to_move;
  if (!who) return entry.move;
  if (game.board === "connect-four") {
    const column = String(entry.move).replace(/^column /, "");
    return `${(STONES[who] || [who])[0]}: column ${column}`;
  }
  if (game.board === "triangle-lines") return `${who}: ${String(entry.move).replace(/^line /, "")}`;
  return entry.move;
}

function renderHistory(game) {
  const card = $("history-card");
  const t = state.trail;
  if (!t || t.game !== game.name || game.command === "calculate") {
    card.hidden = true;
    return;
  }
  card.hidden = false;
  const list = el("ol", { class: "history", id: "history", "aria-label": "the positions played through" },
    t.entries.map((e, i) => el("li", {},
      el("a", {
        href: hashFor(game, e.words),
        class: i === t.at ? "current" : i > t.at ? "future" : "",
        "data-index": i,
        "aria-current": i === t.at ? "step" : null,
      },
      el("span", { class: "mv" }, i === 0 ? "Start" : `${i}. ${historyLabel(game, e, t.entries[i - 1])}`),
      el("span", { class: "pos" }, e.report.position || e.key || "the start")))));
  $("vh").replaceChildren(
    el("div", {}, el("div", { class: "vh-head" }, "Move"), list),
    el("div", {}, chartHead(game), valueHistory(game, t)),
  );
  $("history-hint").textContent = t.entries.length > 1 ? "Click a position to go back to it." : "The moves you play appear here.";
  $("chart-caption").hidden = t.entries.length < 2;
  $("chart-caption").replaceChildren(
    el("ul", { class: "legend", "aria-label": "the dots' colours" },
      el("li", { class: "l-win" }, "the player who moved there wins"),
      el("li", { class: "l-lose" }, "loses"),
      el("li", { class: "l-draw" }, "draws")),
    el("p", { class: "hint" }, chartCaption(game)),
  );
}

// ---- the value-history chart (GamesmanUni's): one row per position of the history --------------

const SVG_NS = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

// The names of the two sides of the chart: the first player (left) and the second (right).
function sideNames(game) {
  if (game.board === "tic-tac-toe") return ["X", "O"];
  if (game.board === "connect-four") return ["Red", "Yellow"];
  if (game.score_for === "first-player") return [FIRST_PLAYER, SECOND_PLAYER];
  return ["1st", "2nd"];
}

function chartHead(game) {
  const [a, b] = sideNames(game);
  return el("div", { class: "vh-head vh-sides", "aria-hidden": "true" },
    el("span", { class: "p1" }, `◀ ${a}`),
    el("span", {}, game.command === "solve" ? "even" : "draw"),
    el("span", { class: "p2" }, `${b} ▶`));
}

// What the chart says, in words.
function chartCaption(game) {
  const [a, b] = sideNames(game);
  if (game.command === "solve") {
    return `Beside each position, its score with perfect play: left of the middle ${a} is ahead, right ${b}, the further out the more.`;
  }
  const [x, y] = a === "1st" ? ["the first player", "the second"] : [a, b];
  return `Beside each position, who wins it: left of the middle ${x}, right ${y}; the nearer the edge, the fewer moves are left (where the engine knows).`;
}

// Who is to move in a finished scoring game (the answer names no one): the player who would be.
function toMoveOf(game, report) {
  if (report.to_move) return report.to_move;
  const pos = report.position || "";
  if (game.board === "tic-tac-toe") {
    const xs = [...pos].filter((c) => c === "x").length;
    const os = [...pos].filter((c) => c === "o").length;
    return xs > os ? "o" : "x";
  }
  if (game.board === "connect-four") {
    const n = pos.includes(",") ? pos.split(",").filter((w) => w.trim()).length : pos.replace(/\s/g, "").length;
    return n % 2 ? "2" : "1";
  }
  return null;
}

// Where each position of the history stands: `side` 0 (the first player ahead: left), 1 (the
// second: right) or null (a draw); `depth` how far from the middle (0 to 1); `value` win, lose or
// draw for the player who moved there; `text` said of it.
function chartPoints(game, t) {
  const entries = t.entries;
  if (game.command === "solve") {
    // Scores: the first player's, from the left (ahead) to the right (behind).
    const firsts = entries.map((e) => {
      const r = e.report;
      const v = r.score ?? r.value;
      if (typeof v !== "number") return null;
      if (game.score_for === "first-player") return v;
      return isFirst(game, toMoveOf(game, r)) ? v : -v;
    });
    const most = Math.max(1, ...firsts.filter((v) => v !== null).map(Math.abs));
    const [a, b] = sideNames(game);
    return entries.map((e, i) => {
      const f = firsts[i];
      if (f === null) return { side: null, depth: 0, value: "unknown", text: "no score" };
      // The player who moved there: the one to move before it (a completed triangle moves
      // again); at the start, the other one.
      const mover = i > 0 ? entries[i - 1].report.to_move : null;
      const moverFirst = mover ? isFirst(game, mover) : !isFirst(game, toMoveOf(game, e.report) || FIRST_PLAYER);
      const mine = moverFirst ? f : -f;
      return {
        side: f > 0 ? 0 : f < 0 ? 1 : null,
        depth: Math.abs(f) / most,
        value: mine > 0 ? "win" : mine < 0 ? "lose" : "draw",
        score: f,
        text: f === 0 ? "even" : `${f > 0 ? a : b} ahead by ${Math.abs(f)}`,
      };
    });
  }
  // Outcomes: the winner's side, nearer the edge the fewer moves are left (remoteness 0 at the
  // edge); where the remoteness is not known, at a fixed column.
  const rems = entries.map((e) => e.report.remoteness).filter((r) => Number.isInteger(r));
  const most = Math.max(1, ...rems);
  const [a, b] = sideNames(game);
  return entries.map((e, i) => {
    const toMove = i % 2; // 0: the first player of the history
    const o = e.report.outcome;
    const winner = o === "N" ? toMove : o === "P" ? 1 - toMove : o === "D" ? null : undefined;
    const mover = 1 - toMove;
    const rem = e.report.remoteness;
    const point = {
      side: winner === undefined ? null : winner,
      value: winner === undefined ? "unknown" : winner === null ? "draw" : winner === mover ? "win" : "lose",
      remoteness: Number.isInteger(rem) ? rem : undefined,
    };
    if (winner === undefined || winner === null) return { ...point, depth: 0, text: winner === null ? "a draw" : "unknown" };
    const who = winner === 0 ? a : b;
    if (point.remoteness === undefined) return { ...point, depth: 0.6, text: `${who} wins` };
    return { ...point, depth: 1 - rem / (most + 1), text: rem === 0 ? `over: ${who} has won` : `${who} wins, ${rem} move${rem === 1 ? "" : "s"} left` };
  });
}

function valueHistory(game, t) {
  const ROW = 44, FOOT = 18;
  const points = chartPoints(game, t);
  const n = points.length;
  const height = n * ROW + FOOT;
  const x = (p) => (p.side === null ? 50 : p.side === 0 ? 50 - 46 * p.depth : 50 + 46 * p.depth).toFixed(1);
  const svg = svgEl("svg", {
    class: "value-history", id: "value-history", width: "100%", height,
    role: "img", "aria-label": `value history: ${points.map((p, i) => `${i === 0 ? "start" : `after move ${i}`} ${p.text}`).join("; ")}`,
  });
  // Gridlines: the middle (draw, or an even score), the edges, and the halves between.
  for (const pct of [4, 27, 73, 96]) svg.append(svgEl("line", { class: "grid", x1: `${pct}%`, x2: `${pct}%`, y1: 0, y2: n * ROW }));
  svg.append(svgEl("line", { class: "axis", x1: "50%", x2: "50%", y1: 0, y2: n * ROW }));
  // The footer: remoteness 0 (the end) at the edges, or the largest score.
  const scoring = game.command === "solve";
  const hasRemoteness = points.some((p) => p.remoteness !== undefined);
  const most = scoring
    ? Math.max(1, ...points.filter((p) => p.score !== undefined).map((p) => Math.abs(p.score)))
    : Math.max(1, ...points.filter((p) => p.remoteness !== undefined).map((p) => p.remoteness));
  const foot = scoring ? [["4%", `+${most}`, "start"], ["50%", "0", "middle"], ["96%", `+${most}`, "end"]]
    : hasRemoteness ? [["4%", "0", "start"], ["50%", "moves left", "middle"], ["96%", "0", "end"]]
      : [["50%", "draw", "middle"]];
  for (const [px, label, anchor] of foot) svg.append(svgEl("text", { class: "tick", x: px, y: n * ROW + 13, "text-anchor": anchor }, label));
  // Lines joining the positions, then a dot for each.
  for (let i = 1; i < n; i++) {
    const [p, q] = [points[i - 1], points[i]];
    svg.append(svgEl("line", { class: `join${i > t.at ? " future" : ""}`, x1: `${x(p)}%`, y1: (i - 1) * ROW + ROW / 2, x2: `${x(q)}%`, y2: i * ROW + ROW / 2 }));
  }
  points.forEach((p, i) => {
    const dot = svgEl("circle", {
      class: `v-${p.value}${i === t.at ? " current" : ""}${i > t.at ? " future" : ""}`,
      cx: `${x(p)}%`, cy: i * ROW + ROW / 2, r: i === t.at ? 8 : 6,
      "data-index": i, "data-value": p.value,
      "data-remoteness": p.remoteness, "data-score": p.score,
    });
    dot.append(svgEl("title", {}, `${i === 0 ? "start" : `after move ${i}`}: ${p.text}; ${p.value === "unknown" ? "" : `a ${p.value} for the player who moved there`}`));
    svg.append(dot);
  });
  return svg;
}

// The three-in-a-rows of tic-tac-toe's cells (0 to 8, row by row).
const TTT_LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

// The stones of Connect Four (cells[row][column], row 0 at the bottom) in a line of four or more,
// as "row,column".
function fourInARow(cells) {
  const found = new Set();
  const H = cells.length;
  const W = H ? cells[0].length : 0;
  for (let r = 0; r < H; r++) {
    for (let c = 0; c < W; c++) {
      const s = cells[r][c];
      if (!s) continue;
      for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
        const run = [];
        for (let k = 0; k < 4; k++) {
          const [rr, cc] = [r + k * dr, c + k * dc];
          if (rr < 0 || rr >= H || cc < 0 || cc >= W || cells[rr][cc] !== s) break;
          run.push(`${rr},${cc}`);
        }
        if (run.length === 4) run.forEach((x) => found.add(x));
      }
    }
  }
  return found;
}

// The history's entry before the position shown, if the history has one.
function previousEntry() {
  const t = state.trail;
  return t && state.game && t.game === state.game.name && t.at > 0 ? t.entries[t.at - 1] : null;
}

// A finished game's result, said under the verdict: who won, and how.
function resultLine(game, report) {
  if (report.to_move || game.command !== "solve") return "";
  const pos = report.position || "";
  let said = "";
  let piece = "";
  if (game.board === "tic-tac-toe") {
    const cells = pos.padEnd(9, ".");
    const line = TTT_LINES.find((l) => cells[l[0]] !== "." && l.every((i) => cells[i] === cells[l[0]]));
    if (line) {
      const who = cells[line[0]];
      [said, piece] = [`${who.toUpperCase()} wins with three in a row`, who === "x" ? "p1" : "p2"];
    } else said = "A draw: the board is full";
  } else if (game.board === "connect-four") {
    const v = report.score;
    if (v === 0) said = "A draw: the board is full";
    else {
      // The score is for the player who would move: the loser; the other one connected four.
      const loser = toMoveOf(game, report);
      [said, piece] = loser === "1" ? ["Yellow wins with four in a row", "o"] : ["Red wins with four in a row", "x"];
    }
  } else if (report.winner !== undefined) {
    said = report.winner ? `${report.winner} wins${report.triangles ? `, ${report.triangles.join(" to ")} triangles` : ""}` : "A draw";
    piece = report.winner ? (report.winner === FIRST_PLAYER ? "p1" : "p2") : "";
  }
  if (!said) return "";
  return el("p", { class: "turn result", id: "result" },
    piece ? el("span", { class: `swatch ${piece}`, "aria-hidden": "true" }) : "", said);
}

// ---- boards --------------------------------------------------------------------------------

function drawBoard(game, words, report, moves) {
  const board = $("board");
  board.replaceChildren();
  const byTo = new Map(moves.map((m) => [m.to, m]));
  if (game.board === "tic-tac-toe") {
    const cells = (report.position || ".........").padEnd(9, ".");
    const line = TTT_LINES.find((l) => cells[l[0]] !== "." && l.every((i) => cells[i] === cells[l[0]]));
    // The mark just played: the one cell the position before it in the history did not have.
    const before = previousEntry();
    const prev = before && before.report.position ? before.report.position.padEnd(9, ".") : null;
    const changed = prev ? [...cells].map((c, i) => (c !== prev[i] ? i : -1)).filter((i) => i >= 0) : [];
    const last = changed.length === 1 ? changed[0] : -1;
    const over = !report.to_move;
    const grid = el("div", { class: "board ttt", style: "grid-template-columns: repeat(3, auto)", role: "group", "aria-label": `tic-tac-toe board${line ? `: ${cells[line[0]].toUpperCase()} has three in a row` : ""}` });
    for (let i = 0; i < 9; i++) {
      const c = cells[i];
      const to = over ? null : cells.slice(0, i) + report.to_move + cells.slice(i + 1);
      const m = c === "." && to ? byTo.get(to) : null;
      const cls = ["cell", c !== "." ? `mark-${c}` : "", m ? moveClass(game, report, m) : "", line && line.includes(i) ? "win-line" : "", i === last ? "last" : ""];
      grid.append(el("button", {
        type: "button", class: cls.filter(Boolean).join(" "), "data-cell": i + 1,
        "aria-label": `cell ${i + 1}: ${c === "." ? "empty" : c}${line && line.includes(i) ? " (the winning line)" : ""}`,
        disabled: c !== "." || over ? "" : null, onclick: () => (m ? playMove(m) : playBy(game, words, to)),
      }, c === "." ? "" : c.toUpperCase()));
    }
    board.append(grid);
    // Every empty cell is coloured by what playing there leaves (a solve of each).
    if (!over) labelScores(game, [...grid.children].map((cell, i) => [cell, cells[i] === "." ? cells.slice(0, i) + report.to_move + cells.slice(i + 1) : null]));
  } else if (game.board === "connect-four") {
    // 7 × 6 unless the answer names another board (`--width`, `--height`); columns past 9 are
    // numbers separated by commas.
    const [W, H] = [report.width || 7, report.height || 6];
    const seq = report.position || "";
    const commas = seq.includes(",") || W > 9;
    const played = commas ? seq.split(",").map((w) => w.trim()).filter(Boolean) : [...seq].filter((c) => c.trim());
    const after = (c) => (!commas ? seq + c : seq.trim() ? `${seq},${c}` : `${c}`);
    const heights = Array(W).fill(0);
    const cells = Array.from({ length: H }, () => Array(W).fill(""));
    played.forEach((d, i) => { const c = Number(d) - 1; cells[heights[c]][c] = i % 2 ? "o" : "x"; heights[c]++; });
    // The last stone played is ringed; four in a row (or more) marked.
    const lastColumn = played.length ? Number(played[played.length - 1]) - 1 : -1;
    const four = fourInARow(cells);
    const [fr, fc] = four.size ? [...four][0].split(",").map(Number) : [];
    const fourOf = four.size ? (cells[fr][fc] === "x" ? "Red" : "Yellow") : "";
    const over = !report.to_move;
    const grid = el("div", { class: "board c4", style: `grid-template-columns: repeat(${W}, auto)`, role: "group", "aria-label": `Connect Four board${fourOf ? `: ${fourOf} has four in a row` : ""}` });
    for (let r = H - 1; r >= 0; r--) {
      for (let c = 0; c < W; c++) {
        const m = byTo.get(after(c + 1));
        const stone = cells[r][c] === "x" ? "red" : cells[r][c] === "o" ? "yellow" : "empty";
        const cls = ["cell", cells[r][c], m && r === heights[c] ? "best" : "", c === lastColumn && r === heights[c] - 1 ? "last" : "", four.has(`${r},${c}`) ? "win-line" : ""];
        grid.append(el("button", { type: "button", class: cls.filter(Boolean).join(" "), "data-column": c + 1, "data-row": r + 1, "aria-label": `column ${c + 1}, row ${r + 1}: ${stone}`, disabled: over ? "" : null, onclick: () => playBy(game, words, after(c + 1)) }, ""));
      }
    }
    board.append(grid);
    // Deep positions solve in milliseconds; early ones on the standard board can take longer
    // than a request may, but for the first plies, which the shipped opening book holds.
    const inBook = W === 7 && H === 6 && played.length < C4_BOOK_DEPTH;
    if (!over && (played.length >= 16 || W * H - played.length <= 24 || inBook)) {
      const top = [...grid.children].slice(0, W);
      labelScores(game, top.map((cell, c) => [cell, heights[c] < H ? after(c + 1) : null]));
    }
  } else if (game.board === "triangle-lines") {
    drawTriangleWar(game, words, report, board);
  } else if (game.board === "heaps") {
    const heaps = (report.position || "").split(/\s+/).filter(Boolean).map(Number);
    if (heaps.length && heaps.every((h) => Number.isSafeInteger(h) && h <= 40)) {
      const pile = el("div", { class: "heaps", role: "group", "aria-label": "the heaps: a token clicked leaves that many before it" });
      board.append(pile);
      heaps.forEach((h, i) => {
        const row = el("div", { class: "heap" }, el("span", { class: "label" }, `heap ${i + 1}: ${h}`));
        let take = "";
        for (let k = 0; k < h; k++) {
          // Clicking token k leaves k tokens in this heap.
          const to = heaps.map((x, j) => (j === i ? k : x)).join(" ");
          // The take that wins (it leaves the opponent a P-position) is marked on the heap.
          const m = byTo.get(to);
          const wins = m && m.outcome === "P";
          const rem = m ? moveRemoteness(m) : "";
          const says = wins ? `a winning move${rem ? `: ${rem.replace("wins", "it wins")}` : ""}` : rem ? `it ${rem}` : "";
          if (wins && rem) take = rem;
          const colour = wins ? " o-P" : m && m.outcome ? ` o-${m.outcome}` : "";
          row.append(el("button", { type: "button", class: `token${colour}`, "data-heap": i + 1, "data-leave": k, "data-remoteness": m && known(m.remoteness) ? m.remoteness : null, title: `leave ${k}${says ? `: ${says}` : ""}`, "aria-label": `heap ${i + 1}: leave ${k}${says ? ` (${says})` : ""}`, onclick: () => playBy(game, words, to) }));
        }
        if (take) row.append(el("span", { class: "take" }, `take from here: ${take}`));
        pile.append(row);
      });
    }
  }
}

// The score of a move for the player making it, from the value of the position it leads to.
// A value for the first player (Triangle War's: A's final score minus B's) is turned to the
// mover's; the others' is for the player to move there: the same player after a completed
// triangle, the other one otherwise.
function moverScore(game, before, child, value) {
  if (game.score_for === "first-player") return before.to_move === FIRST_PLAYER ? value : -value;
  const same = child.to_move !== undefined && child.to_move === before.to_move;
  return same ? value : -value;
}

// How a move to `to` is named: the line, the column, the cell.
function moveName(game, before, to) {
  if (game.board === "triangle-lines") return `line ${to.split(/\s+/).pop()}`;
  if (game.board === "connect-four") return `column ${to.includes(",") || (before.width || 7) > 9 ? to.split(",").pop() : to.slice(-1)}`;
  if (game.board === "tic-tac-toe") {
    const cells = (before.position || ".........").padEnd(9, ".");
    const i = [...to].findIndex((c, k) => c !== cells[k]);
    return `${before.to_move} in cell ${i + 1}`;
  }
  return `to ${to}`;
}

// Triangle War: dots 1 / 2 3 / 4 5 6 / 7 8 9 10 and the 18 lines between neighbours; a drawn line
// is solid, a free one is a dashed button that draws it.
const TRIANGLE_LINES = ["1-2", "1-3", "2-3", "2-4", "2-5", "3-5", "3-6", "4-5", "5-6", "4-7", "4-8",
  "5-8", "5-9", "6-9", "6-10", "7-8", "8-9", "9-10"];

// Triangle War's nine small triangles, by their dots.
const TRIANGLES = [[1, 2, 3], [2, 4, 5], [2, 3, 5], [3, 5, 6], [4, 7, 8], [4, 5, 8], [5, 8, 9], [5, 6, 9], [6, 9, 10]];

// Who took each triangle, from the lines in the order drawn: A moves first, and a player who
// completes a triangle moves again. Nothing when the count disagrees with the engine's.
function triangleOwners(order, report) {
  const drawn = new Set();
  const owners = [];
  let player = FIRST_PLAYER;
  const has = (a, b) => drawn.has(`${a}-${b}`) || drawn.has(`${b}-${a}`);
  for (const line of order) {
    drawn.add(line);
    const [a, b] = line.split("-").map(Number);
    const closed = TRIANGLES.filter((t) => t.includes(a) && t.includes(b) && !owners.some(([u]) => u === t)
      && has(t[0], t[1]) && has(t[1], t[2]) && has(t[0], t[2]));
    closed.forEach((t) => owners.push([t, player]));
    if (!closed.length) player = player === FIRST_PLAYER ? SECOND_PLAYER : FIRST_PLAYER;
  }
  const count = (p) => owners.filter(([, o]) => o === p).length;
  if (report.triangles && (count(FIRST_PLAYER) !== report.triangles[0] || count(SECOND_PLAYER) !== report.triangles[1])) return [];
  return owners;
}

function drawTriangleWar(game, words, report, board) {
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 300 250");
  svg.setAttribute("class", "triangle-war");
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", "Triangle War board");
  const at = [];
  for (let r = 0; r < 4; r++) for (let k = 0; k <= r; k++) at.push([150 + (k - r / 2) * 80, 25 + r * 70]);
  const seq = report.position || "";
  const order = seq.split(/\s+/).filter(Boolean);
  const drawn = new Set(order);
  const free = [];
  // The triangles taken, each in its owner's colour (under the lines).
  for (const [tri, owner] of triangleOwners(order, report)) {
    const poly = document.createElementNS(NS, "polygon");
    poly.setAttribute("points", tri.map((d) => at[d - 1].join(",")).join(" "));
    poly.setAttribute("class", `tri-${owner}`);
    poly.setAttribute("data-owner", owner);
    svg.append(poly);
  }
  for (const line of TRIANGLE_LINES) {
    const [a, b] = line.split("-").map(Number);
    const node = document.createElementNS(NS, "line");
    const [[x1, y1], [x2, y2]] = [at[a - 1], at[b - 1]];
    Object.entries({ x1, y1, x2, y2, "data-line": line }).forEach(([k, v]) => node.setAttribute(k, v));
    if (drawn.has(line)) {
      node.setAttribute("class", line === order[order.length - 1] || `${b}-${a}` === order[order.length - 1] ? "drawn last" : "drawn");
    } else {
      const to = seq ? `${seq} ${line}` : line;
      node.setAttribute("class", "free");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", `draw ${line}`);
      node.addEventListener("click", () => playBy(game, words, to));
      node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") playBy(game, words, to); });
      free.push([node, to]);
    }
    svg.append(node);
  }
  at.forEach(([x, y], i) => {
    const dot = document.createElementNS(NS, "circle");
    Object.entries({ cx: x, cy: y, r: 7, class: "dot" }).forEach(([k, v]) => dot.setAttribute(k, v));
    svg.append(dot);
    const label = document.createElementNS(NS, "text");
    Object.entries({ x: x + 10, y: y - 8, "font-size": 12 }).forEach(([k, v]) => label.setAttribute(k, v));
    label.textContent = i + 1;
    svg.append(label);
  });
  board.append(svg);
  if (report.triangles) board.append(el("p", { id: "triangles" }, `triangles: A ${report.triangles[0]}, B ${report.triangles[1]}${report.to_move ? `; ${report.to_move} to move` : ""}`));
  labelScores(game, free);
}

// Labels each cell of a scoring game's board with the score of the move it stands for, for the
// player to move: minus the value of the position the move leads to.
// The depth of the opening book shipped for 7×6 (crates/sprague-api/books): a child of a
// position with fewer stones is read from it at once. A browser test labels the empty board.
const C4_BOOK_DEPTH = 7;

// The first player of a scoring game whose value is the first player's (`score_for`).
const FIRST_PLAYER = "A";
const SECOND_PLAYER = "B";

async function labelScores(game, cells) {
  const shown = state.last;
  // Connect Four off the standard board: the children are on the same board. Only the score is
  // needed (its best moves would search one ply deeper).
  const board = shown.report.width ? ["--width", String(shown.report.width), "--height", String(shown.report.height)] : [];
  // Only the score is needed where the game can be asked for it alone.
  if (game.score_alone) board.push(`--${game.score_alone}`);
  await Promise.all(cells.map(async ([cell, to]) => {
    if (!to) return;
    try {
      // The child position as the game takes it: its words, or a parameter's value (Triangle
      // War's `--moves`).
      const position = game.position_parameter ? [`--${game.position_parameter}`, to] : [to];
      const child = await run(["solve", game.name, ...position, ...board]);
      if (state.last !== shown) return;
      const value = child.score ?? child.value;
      if (value === undefined) return;
      const score = moverScore(game, shown.report, child, value);
      cell.dataset.score = score;
      cell.title = `score ${score > 0 ? "+" : ""}${score} for the player to move`;
      cell.classList.add(score > 0 ? "o-P" : score < 0 ? "o-N" : "o-D");
      // Tic-tac-toe's values are a win, a draw or a loss; other games' scores are numbers.
      const label = game.board === "tic-tac-toe" ? (score > 0 ? "win" : score < 0 ? "lose" : "draw") : score > 0 ? `+${score}` : String(score);
      if (cell instanceof HTMLElement && !cell.textContent) cell.append(el("small", { class: "score" }, label));
    } catch (err) {
      // A position too deep to solve within a request keeps its cell unlabelled.
    }
  }));
}

// Plays the move whose `to` is the position given, if it is a move.
function playBy(game, words, to) {
  const m = movesOf(state.last.report).find((x) => x.to === to) ||
    (state.last.report.all_moves || []).find((x) => x.to === to);
  if (m) {
    playMove(m);
    return;
  }
  // Scoring games list their best moves only: any legal move is played through its position.
  if (game.command === "solve") playMove({ move: moveName(game, state.last.report, to), to });
}

// ---- tables --------------------------------------------------------------------------------

const FAMILIES = [
  ["octal", "0.07", "an octal or hexadecimal code, like 0.07, 0.137, 4.7"],
  ["kayles", "", "Kayles (0.77)"],
  ["dawson", "", "Dawson's Kayles (0.07)"],
  ["dawsons-chess", "", "Dawson's chess (0.137)"],
  ["guiles", "", "Guiles (0.15)"],
  ["treblecross", "", "Treblecross (0.007)"],
  ["grundys-game", "", "Grundy's game"],
  ["subtraction", "--set 1,3,4", "the subtraction set"],
  ["bash", "--max 3", "the most a move takes (--min for the fewest)"],
  ["lasker", "", "Lasker's Nim, from its closed form"],
];

function tableArgs(family, rule, upto) {
  return ["table", family].concat(splitWords(rule), ["--upto", String(upto)]);
}

async function tabulate() {
  const family = $("family").value;
  const rule = $("family-rule").value;
  const upto = Number($("upto").value);
  const out = $("table-out");
  out.replaceChildren(el("p", { class: "hint" }, "computing…"));
  try {
    const report = await run(tableArgs(family, rule, upto));
    showTable(out, report, tableArgs(family, rule, upto));
  } catch (err) {
    showError(out, err);
  }
}

function periodText(p) {
  if (!p) return "no period found in the computed range";
  const saltus = p.saltus ? `, saltus ${p.saltus}` : "";
  return `period ${p.period} from n = ${p.preperiod}${saltus} (${p.proved ? "proved" : "seen over the computed range, not proved"})`;
}

function proofBadge(proved, fits) {
  return proved ? el("span", { class: "proof proved" }, "proved")
    : fits === false ? el("span", { class: "proof none" }, "misses some values")
      : el("span", { class: "proof seen" }, "seen, not proved");
}

const FORMULA_KIND = { value: "G(n) =", "p-positions": "P-positions: the n with" };

// The period, the formulas and the plot, together: the facts beside the plot on a wide
// screen, above it on a narrow one; the values under both.
function showTable(out, report, args) {
  const values = report.values || [];
  const p = report.period;
  const zeros = values.map((v, n) => (v === 0 ? n : -1)).filter((n) => n >= 0);
  const stat = (value, name) => el("div", { class: "stat" }, el("b", {}, value), el("span", {}, name));
  const strip = p && p.period > 0
    ? el("div", { class: "period-strip", id: "period-strip", "aria-label": `one period of values, from n = ${p.preperiod}` },
      values.slice(p.preperiod, p.preperiod + Math.min(p.period, 64)).map((v) => el("span", { class: v === 0 ? "zero" : "" }, v === null ? "W" : v)),
      p.period > 64 ? el("span", {}, "…") : "")
    : "";
  const formulas = report.formulas || [];
  const facts = el("div", { class: "table-facts" },
    el("h2", {}, report.family || args.slice(1).join(" ")),
    el("p", { class: "verdict", id: "period" }, periodText(p)),
    p ? proofBadge(p.proved) : el("span", { class: "proof none" }, "no period"),
    p ? el("div", { class: "stats" }, stat(p.period, "period"), stat(p.preperiod, "preperiod"), stat(p.saltus || 0, "saltus")) : "",
    p ? el("p", { class: "formula-line", id: "period-rule" }, `G(n + ${p.period}) = G(n)${p.saltus ? ` + ${p.saltus}` : ""} for every n ≥ ${p.preperiod}`) : "",
    strip ? el("h3", {}, "One period") : "",
    strip,
    report.note ? el("p", { class: "hint" }, report.note) : "",
    formulas.length ? el("h3", {}, "Formulas") : "",
    formulas.length
      ? el("ul", { class: "formulas", id: "formulas" }, formulas.map((f) => el("li", {},
          el("span", { class: "kind" }, FORMULA_KIND[f.kind] || f.kind || "formula"),
          el("code", {}, f.expr),
          proofBadge(f.proved, f.fits),
          f.note ? el("p", { class: "hint" }, f.note) : "")))
      : "",
    el("h3", {}, "P-positions (G = 0)"),
    el("p", { class: "hint", id: "p-positions" }, zeros.length
      ? `${zeros.slice(0, 24).join(", ")}${zeros.length > 24 ? ", …" : ""} (${zeros.length} of the ${values.length} computed)`
      : `none among the ${values.length} computed`),
  );
  const from = el("input", { type: "number", id: "zoom-from", value: 0, min: 0, "aria-label": "plot from n" });
  const to = el("input", { type: "number", id: "zoom-to", value: values.length - 1, min: 0, "aria-label": "plot to n" });
  const plot = el("div", { id: "plot" });
  const redraw = () => plot.replaceChildren(plotValues(values, Number(from.value), Number(to.value), p));
  from.addEventListener("change", redraw);
  to.addEventListener("change", redraw);
  const query = args.map((a) => `args=${encodeURIComponent(a)}`).join("&");
  const chart = el("div", { class: "table-plot" },
    el("div", { class: "zoom" }, "Plot n from ", from, " to ", to, el("a", { href: `/api/plot?${query}`, target: "_blank" }, "the server's SVG")),
    plot,
    el("ul", { class: "legend" },
      el("li", { class: "l-lose" }, "G(n) = 0: the player to move loses"),
      el("li", { class: "l-value" }, "G(n) > 0"),
      p ? el("li", { class: "l-period" }, `every other period shaded, from n = ${p.preperiod}`) : ""));
  const rows = [el("tr", {}, el("th", {}, "n"), ...Array.from({ length: 10 }, (_, i) => el("th", {}, `+${i}`)))];
  const shown = Math.min(values.length, 2000);
  for (let r = 0; r < shown; r += 10) {
    const cells = values.slice(r, Math.min(r + 10, shown)).map((v) => el("td", { class: v === 0 ? "zero" : "" }, v === null ? "W" : v));
    rows.push(el("tr", {}, el("th", {}, r), ...cells));
  }
  out.replaceChildren(
    el("div", { class: "table-panel", id: "table-panel" }, facts, chart),
    el("h3", { class: "values-title" }, "The values"),
    el("div", { class: "values-wrap" }, el("table", { class: "values", id: "values" }, rows)),
    values.length > shown ? el("p", { class: "hint" }, `the first ${shown} of ${values.length} values`) : "",
  );
  redraw();
}

// G(n) against n for n in [a, b], drawn as SVG here, so that a range can be zoomed at once; the
// preperiod and each period shaded, the P-positions (G = 0) in the colour of a loss.
function plotValues(values, a, b, period) {
  a = Math.max(0, Math.min(a, values.length - 1));
  b = Math.max(a, Math.min(b, values.length - 1));
  const W = 800, H = 320, L = 40, B = 26, T = 12, R = 12;
  const slice = values.slice(a, b + 1);
  const max = Math.max(1, ...slice.filter((v) => v !== null));
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: "plot", role: "img", "aria-label": `G(n) for n from ${a} to ${b}` });
  const add = (tag, attrs, text) => {
    const n = svgEl(tag, attrs, text);
    svg.append(n);
    return n;
  };
  const x = (n) => L + ((n - a) / Math.max(1, b - a)) * (W - L - R);
  const y = (v) => H - B - (v / max) * (H - B - T);
  const band = (n0, n1, cls, attrs) => {
    const [u, v] = [Math.max(a, n0), Math.min(b, n1)];
    if (u > v) return;
    const half = (W - L - R) / Math.max(1, b - a) / 2;
    add("rect", { class: cls, x: (x(u) - half).toFixed(1), y: T, width: Math.max(1, x(v) - x(u) + 2 * half).toFixed(1), height: H - B - T, ...attrs });
  };
  if (period && period.period > 0 && (b - a) / period.period <= 60) {
    band(0, period.preperiod - 1, "pre");
    for (let k = 0, n0 = period.preperiod; n0 <= b; k++, n0 += period.period) {
      if (k % 2 === 0) band(n0, n0 + period.period - 1, "per", { "data-from": n0 });
    }
  }
  // Gridlines at a few values.
  const step = Math.max(1, Math.ceil(max / 5));
  for (let v = 0; v <= max; v += step) {
    add("line", { class: "gridline", x1: L, x2: W - R, y1: y(v), y2: y(v) });
    add("text", { x: L - 6, y: y(v) + 4, "font-size": 12, "text-anchor": "end" }, v);
  }
  add("line", { class: "axis", x1: L, y1: H - B, x2: W - R, y2: H - B });
  add("line", { class: "axis", x1: L, y1: T, x2: L, y2: H - B });
  add("text", { x: L, y: H - 8, "font-size": 12 }, a);
  add("text", { x: W - R, y: H - 8, "font-size": 12, "text-anchor": "end" }, b);
  if (period && period.preperiod > a && period.preperiod < b) {
    add("text", { x: x(period.preperiod), y: H - 8, "font-size": 12, "text-anchor": "middle" }, period.preperiod);
  }
  const every = Math.max(1, Math.floor(slice.length / 4000));
  for (let i = 0; i < slice.length; i += every) {
    if (slice[i] === null) continue;
    add("circle", { class: slice[i] === 0 ? "zero" : "", cx: x(a + i).toFixed(1), cy: y(slice[i]).toFixed(1), r: slice.length > 400 ? 1.4 : 3 });
  }
  return svg;
}

// ---- scripts -------------------------------------------------------------------------------

async function scriptRun() {
  const out = $("script-out");
  out.replaceChildren(el("p", { class: "hint" }, "running…"));
  try {
    const args = ["script", "-"].concat(splitWords($("script-position").value), ["--all-moves"]);
    const report = await run(args, $("script-text").value);
    const moves = movesOf(report);
    out.replaceChildren(
      el("p", { class: "verdict", id: "script-verdict" }, verdict({}, report)),
      report.note ? el("p", { class: "hint" }, report.note) : "",
      el("ul", { class: "moves" }, moves.map((m) => el("li", {}, el("span", { class: `o-${m.outcome || "P"}` },
        // A move without a position after it (`win()`) ends the game at once.
        m.to === undefined && m.outcome === undefined ? `${m.move} (wins at once)`
          : `${m.move}${m.nim_value !== undefined ? ` (→ ${m.outcome}, ${m.nim_value ?? "no nim-value"})` : ""}`)))),
    );
  } catch (err) {
    showError(out, err);
  }
}

async function scriptTable() {
  const out = $("script-out");
  out.replaceChildren(el("p", { class: "hint" }, "tabulating…"));
  const grid = $("script-grid").value.trim();
  const args = grid ? ["table", "script", "-", "--grid", grid] : ["table", "script", "-", "--upto", String($("script-upto").value)];
  try {
    const report = await run(args, $("script-text").value);
    if (report.grid) {
      const cols = report.grid[0] ? report.grid[0].length : 0;
      const view = el("div", { class: "grid-view", id: "grid", style: `grid-template-columns: repeat(${cols}, auto)` });
      // null: the player to move wins at once there (`win()`), no nim-value.
      report.grid.forEach((row) => row.forEach((v) => view.append(el("span", { class: v === 0 ? "p" : "" }, v === null ? "W" : v))));
      out.replaceChildren(
        el("p", {}, `G(a, b): a down, b across; P-positions in black${report.wins_at_once ? "; W: the player to move wins at once" : ""}.`),
        view,
        el("ul", {}, (report.patterns || []).map((p) => el("li", {}, p))),
      );
    } else {
      showTable(out, report, args);
    }
  } catch (err) {
    showError(out, err);
  }
}

// ---- start ---------------------------------------------------------------------------------

async function start() {
  try {
    // The server puts the catalogue in the page itself, so the first paint has the games;
    // /api/games is the same list.
    const inline = document.getElementById("games-data");
    state.games = inline && inline.textContent.trim().startsWith("[")
      ? JSON.parse(inline.textContent)
      : await (await fetch("/api/games")).json();
  } catch (err) {
    showError($("analysis"), err);
    return;
  }
  for (const g of state.games) $("game").append(el("option", { value: g.name }, g.name));
  for (const [name] of FAMILIES) $("family").append(el("option", { value: name }, name));
  const setFamily = () => {
    const f = FAMILIES.find((x) => x[0] === $("family").value);
    $("family-rule").value = f[1];
    $("family-hint").textContent = f[2];
  };
  setFamily();
  $("family").addEventListener("change", setFamily);
  selectGame("nim");
  $("game").addEventListener("change", () => selectGame($("game").value));
  $("analyse-form").addEventListener("submit", (e) => {
    e.preventDefault();
    $("engine-says").textContent = "";
    // Asked for: answered afresh, not from the history.
    state.fresh = true;
    go(hashFor(state.game, splitWords($("position").value)));
  });
  $("table-form").addEventListener("submit", (e) => {
    e.preventDefault();
    go(`#table/${encodeURIComponent($("family").value)}/${encodeURIComponent($("family-rule").value)}/${encodeURIComponent($("upto").value)}`);
  });
  $("hint-button").addEventListener("click", hint);
  $("back-button").addEventListener("click", () => history.back());
  $("forward-button").addEventListener("click", () => history.forward());
  $("script-form").addEventListener("submit", (e) => { e.preventDefault(); scriptRun(); });
  $("script-table").addEventListener("click", scriptTable);
  try {
    state.examples = await (await fetch("/api/examples")).json();
  } catch (err) {
    state.examples = [];
  }
  for (const ex of state.examples) $("example").append(el("option", { value: ex.name }, ex.name));
  const setExample = () => {
    const ex = state.examples.find((x) => x.name === $("example").value);
    if (ex) $("script-text").value = ex.source;
  };
  $("example").addEventListener("change", setExample);
  setExample();
  window.addEventListener("popstate", route);
  route();
}

start();
