// The playground: build a hand by clicking tiles (or type it), score it through POST /api/score, show
// the fans with the sets they used, what was not counted and why; the waits of 13 tiles via /api/waits;
// how far a hand is from a win via /api/analyze.
"use strict";
(function () {
  const SUITS = ["m", "p", "s"];
  const HONOURS = ["E", "S", "W", "N", "C", "F", "P"];
  const CODES = SUITS.flatMap((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((r) => r + s)).concat(HONOURS);
  const { el, tileName } = window.fanrulesPage;
  const $ = (id) => document.getElementById(id);

  // ---- language: English, or the Chinese of the pages' one catalogue (page_words.py) -------------------
  const P = window.fanrulesPage;
  const t = (text) => P.say(text);
  const lang = () => P.lang();
  let redraw = null; // draws the last answer again, in the language chosen
  const descriptions = {}; // fan number -> {en, zh}, from GET /api/rules/{name}
  fetch("/api/rules/" + encodeURIComponent(document.body.dataset.rules)).then((r) => r.ok ? r.json() : { fans: [] }).then((rs) => {
    for (const f of rs.fans) descriptions[f.id] = { en: f.description, zh: f.description_zh || f.description };
  }).catch(() => {});
  function describe(id) {
    const d = descriptions[id];
    return d ? d[lang()] : "";
  }
  function applyLang() {
    $("book-link").href = lang() === "zh" ? "/book/zh/" : "/book/";
    drawBuilt();
    if (redraw) redraw();
  }
  const state = { melds: [], tiles: [] }; // melds: {kind, tiles}; tiles: concealed in click order, last = winning tile

  function tile(code, extra, faceDown) {
    const label = tileName(code) + (faceDown ? " (" + t("face down") + ")" : "");
    return window.fanrulesPage.tile(faceDown ? "back" : code, label, { class: ("tile " + (extra || "")).trim(), "data-tile": code, title: label }, code);
  }
  const index = (code) => CODES.indexOf(code);
  const countOf = (code) => state.melds.flatMap((m) => m.tiles).concat(state.tiles).filter((t) => t === code).length;
  const size = () => state.tiles.length + 3 * state.melds.length;

  // ---- building -------------------------------------------------------------------------------
  function mode() { return document.querySelector("input[name=mode]:checked").value; }
  function add(code) {
    const m = mode();
    if (m === "tile") {
      state.tiles.push(code);
    } else if (m === "chow") {
      const i = index(code);
      if (i >= 27 || i % 9 > 6) { return showError(t("a chow starts at a number tile from 1 to 7")); }
      state.melds.push({ kind: "chow", tiles: [CODES[i], CODES[i + 1], CODES[i + 2]] });
    } else {
      const n = m === "pung" ? 3 : 4;
      state.melds.push({ kind: m, tiles: Array(n).fill(code) });
    }
    changed();
  }
  function compact(codes) {
    let out = "", digits = "", suit = "";
    for (const c of codes) {
      if (c.length === 1) { if (digits) { out += digits + suit; digits = ""; } out += c; suit = ""; continue; }
      if (digits && c[1] !== suit) { out += digits + suit; digits = ""; }
      suit = c[1]; digits += c[0];
    }
    return digits ? out + digits + suit : out;
  }
  function notation() {
    const melds = state.melds.map((m) => "[" + compact(m.tiles) + (m.kind === "concealed_kong" ? "]" : ",1]")).join("");
    if (!state.tiles.length) return melds;
    const sorted = (tiles) => tiles.slice().sort((a, b) => index(a) - index(b));
    if (size() !== 14) return melds + compact(sorted(state.tiles)); // no winning tile yet
    return melds + compact(sorted(state.tiles.slice(0, -1))) + compact(state.tiles.slice(-1));
  }
  function drawBuilt() {
    const built = $("built");
    built.replaceChildren();
    if (!state.melds.length && !state.tiles.length) {
      built.append(el("span", { class: "empty", text: t("No tiles yet.") }));
    }
    state.melds.forEach((m, i) => {
      const name = P.say("{}: click to take it back", t(m.kind) + " " + m.tiles.map(tileName).join(" "));
      const set = el("span", { class: "set declared", title: name, "aria-label": name, role: "button", tabindex: "0", "data-meld": String(i) },
        m.tiles.map((c, j) => tile(c, "", m.kind === "concealed_kong" && (j === 0 || j === 3))));
      takesBack(set, () => state.melds.splice(i, 1));
      built.append(set);
    });
    if (state.tiles.length) {
      const complete = size() === 14; // the last tile clicked is then the winning tile, drawn apart
      const placed = state.tiles.map((c, i) => [c, i]);
      const held = (complete ? placed.slice(0, -1) : placed).sort((a, b) => index(a[0]) - index(b[0]));
      built.append(el("span", { class: "set" }, held.map(([c, i]) => removable(tile(c), i))));
      if (complete) {
        const last = state.tiles.length - 1;
        built.append(el("span", { class: "set" }, [removable(tile(state.tiles[last], "win"), last)]));
      }
    }
    $("counter").textContent = P.say("{} tiles", size()) + (size() === 14 ? ": " + t("complete") : size() === 13 ? ": " + t("ready for waits") : "");
    for (const b of document.querySelectorAll("button.pick")) b.disabled = countOf(b.dataset.tile) >= 4;
  }
  function removable(node, i) {
    const name = P.say("take back {}", tileName(state.tiles[i]));
    const b = el("button", { class: "taken", type: "button", title: name, "aria-label": name, "data-at": String(i) }, [node]);
    return takesBack(b, () => state.tiles.splice(i, 1));
  }
  // A click, Enter or Space on ``node`` takes its tiles back (``take``); the focus stays in the hand.
  function takesBack(node, take) {
    const go = () => { take(); changed(); (document.querySelector("#built [tabindex], #built button") || $("notation")).focus(); };
    node.addEventListener("click", go);
    if (node.tagName !== "BUTTON") node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
    return node;
  }
  function changed() {
    $("notation").value = notation();
    drawBuilt();
    if (size() > 14) showError(P.say("{} tiles: a hand has 14 with its winning tile; click one to take it back", size()));
    else if (size() >= 13) go();
    else { redraw = null; $("output").replaceChildren(); }
  }
  // Typed and clicked hands go the same way, by their number of tiles (a declared set counts 3):
  // 13 to their waits, any other number to be scored (whose error names a wrong count).
  function typedSize(text) {
    const sets = text.match(/\[[^\]]*\]/g) || [];
    const rest = text.replace(/\[[^\]]*\]/g, "");
    return 3 * sets.length + (rest.match(/[1-9](?=[1-9]*[mps])/g) || []).length + (rest.match(/[ESWNCFP]/g) || []).length;
  }
  function go() {
    return typedSize($("notation").value.trim()) === 13 ? waits() : score();
  }

  // ---- requests -------------------------------------------------------------------------------
  function without(ctx, names) {
    for (const k of names.split(" ")) delete ctx[k];
    return ctx;
  }
  function context() {
    const out = {};
    for (const box of document.querySelectorAll("input.flag")) if (box.checked) out[box.id] = true;
    for (const k of ["seat_wind", "prevalent_wind"]) if ($(k).value !== "E") out[k] = $(k).value;
    const flowers = Number($("flowers").value || 0);
    if (flowers) out.flowers = Number.isInteger(flowers) ? flowers : $("flowers").value;
    return out;
  }
  // An answer's error in a player's words: a sentence for its kind, then the server's message.
  const KINDS = { not_a_win: "Not a winning hand: {}", invalid: "The hand cannot be read: {}", illegal: "Not allowed: {}",
    too_large: "Too much at once: {}", busy: "The server is busy: {}" };
  function words(error) { return P.say(KINDS[error.kind] || "Something went wrong: {}", error.message); }
  function errorBox(id, error) {
    return el("div", { class: "errorbox", id: id, role: "alert", "data-kind": error.kind, "data-message": error.message, text: words(error) });
  }
  async function post(path, body) {
    try {
      const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      return { status: response.status, data: await response.json() };
    } catch (err) {
      return { status: 0, data: { error: { kind: "unavailable", message: t("the fanrules server did not answer (is `fanrules serve` still running?)") } } };
    }
  }
  function showError(message, error) {
    redraw = null;
    $("output").replaceChildren(error ? errorBox("error", error) : el("div", { class: "errorbox", id: "error", role: "alert", text: message }));
  }
  async function score() {
    const hand = $("notation").value.trim();
    if (!hand) return showError(t("type a hand or click tiles first"));
    const { status, data } = await post("/api/score", Object.assign({ hand: hand }, context()));
    if (status !== 200) {
      showError("", data.error);
      if (data.error.kind === "not_a_win") analyzeHand(hand); // how far from a win, and what to discard
      return;
    }
    drawResult(data);
  }
  async function waits() {
    const hand = $("notation").value.trim();
    // every control of the page but the facts of one win, which waits scores both ways (the server's NOT_TAKEN)
    const body = Object.assign({ hand: hand }, without(context(), document.body.dataset.notWaits));
    const { status, data } = await post("/api/waits", body);
    if (status !== 200) return showError("", data.error);
    drawWaits(data);
    if (!data.waits.length) analyzeHand(hand);
  }
  async function analyzeHand(hand) {
    // the completions are scored as the page's controls say, but for the facts of the winning tile itself
    const body = Object.assign({ hand: hand }, without(context(), document.body.dataset.notAnalyze));
    const visible = $("visible").value.trim();
    if (visible) body.visible = visible;
    const { status, data } = await post("/api/analyze", body);
    if (status === 200) {
      const before = redraw; // the error or the waits shown above the analysis, drawn again with it
      redraw = () => { if (before) before(); $("output").querySelector("#analysis")?.remove(); $("output").append(drawAnalysis(data)); };
      $("output").append(drawAnalysis(data));
    }
    else $("output").append(errorBox("analysis-error", data.error));
  }

  function winOn(code) {
    if (state.tiles.length || state.melds.length) {
      state.tiles.push(code);
      changed();
    } else {
      $("notation").value = $("notation").value.trim() + code;
      score();
    }
  }

  // ---- results --------------------------------------------------------------------------------
  function winPosition(reading, win) {
    if (reading.win_block !== null) {
      const tiles = reading.blocks[reading.win_block].tiles;
      const at = tiles.lastIndexOf(win);
      return [reading.win_block, at >= 0 ? at : tiles.length - 1];
    }
    if (reading.knitted.includes(win)) return [null, reading.knitted.indexOf(win)];
    const i = reading.blocks.findIndex((b) => b.tiles.includes(win));
    return i >= 0 ? [i, reading.blocks[i].tiles.indexOf(win)] : [null, -1];
  }
  function drawReading(reading, win) {
    const [winBlock, winAt] = winPosition(reading, win);
    const group = (i, tiles, cls, label, hidden) => el("span", Object.assign({ class: ("set " + cls).trim(), title: label },
      i === null ? {} : { "data-set": String(i) }),
      tiles.map((c, j) => tile(c, i === winBlock && j === winAt ? "win" : "", hidden && (j === 0 || j === 3))));
    const declared = [], concealed = [];
    reading.blocks.forEach((b, i) => {
      const hidden = b.declared && b.kind === "kong" && !b.melded; // a concealed kong: its outer tiles face down
      (b.declared ? declared : concealed).push(group(i, b.tiles, b.declared ? "declared" : "", b.kind + " " + b.text, hidden));
    });
    if (reading.knitted.length) concealed.unshift(group(null, reading.knitted, "knitted", "knitted tiles"));
    const hand = el("div", { class: "hand" });
    if (declared.length) hand.append(el("span", { class: "sets declared-sets" }, declared));
    hand.append(el("span", { class: "sets concealed-sets" }, concealed));
    return hand;
  }
  function highlight(root, sets, on) {
    for (const s of root.querySelectorAll(".hand .set[data-set]")) {
      s.classList.toggle("used", on && sets.includes(Number(s.dataset.set)));
    }
  }
  function drawResult(r) {
    redraw = () => drawResult(r);
    const card = el("div", { class: "result-card result", id: "result", "data-total": String(r.total) });
    const pic = r.picture;
    const hand = drawReading(pic, r.win_tile);
    card.append(hand);
    const flags = Object.entries(r.context).filter(([k, v]) => v === true).map(([k]) => t(k.replace(/_/g, " ")));
    card.append(el("p", { class: "context" }, [el("code", { text: r.hand }), " · " + (flags.join(", ") || t("on a discard")) +
      "; " + t("seat") + " " + P.windName(r.context.seat_wind) + ", " + t("round") + " " + P.windName(r.context.prevalent_wind) +
      (r.context.flowers ? ", " + t("flowers") + " " + r.context.flowers : "") +
      " · " + t("reading") + ": " + t(pic.shape.replace(/_/g, " "))]));
    const list = el("ul", { class: "fans", id: "fans" });
    r.fans.forEach((f, k) => {
      const used = pic.fans[k];
      const sets = [...new Set(used.blocks.flat())];
      const row = el("li", { "data-fan": String(f.id), "data-sets": sets.join(" "), tabindex: "0",
        title: [describe(f.id), used.sets.filter(Boolean).join("; ") || t("the whole hand")].filter(Boolean).join(" · ") },
        [el("a", { class: "name", href: (lang() === "zh" ? "/book/zh/fan-" : "/book/fan-") + f.id + ".html", target: "_blank", rel: "noopener",
          text: lang() === "zh" ? f.name_zh : f.name_zh + " " + f.name_en }), el("span", { class: "pts", text: f.points + (f.count > 1 ? " ×" + f.count : "") })]);
      const on = () => { row.classList.add("hover"); highlight(hand, sets, true); };
      const off = () => { row.classList.remove("hover"); highlight(hand, [], false); };
      row.addEventListener("mouseenter", on); row.addEventListener("focus", on);
      row.addEventListener("mouseleave", off); row.addEventListener("blur", off);
      list.append(row);
    });
    card.append(list);
    const under = r.legal ? [] : [el("span", { class: "under", text: " " + t("below the minimum of") + " " + r.minimum + ": " + t("not a legal win") })];
    card.append(el("p", { class: "total" }, [t("total") + " ", el("b", { id: "total", text: String(r.total) }),
      " (" + t("with flowers") + " " + r.total_with_flowers + ")"].concat(under)));
    if (pic.not_counted.length) {
      card.append(el("p", { class: "hint", text: t("Not counted:") }));
      card.append(el("ul", { class: "not-counted", id: "not-counted" }, pic.not_counted.map((n) => {
        const sets = n.blocks.map((i) => pic.blocks[i].text).join(" ");
        const by = r.fans.find((f) => f.id === n.by);
        const reason = lang() === "zh" ? P.say("reason:" + n.principle, by ? by.name_zh : "") : n.reason;
        return el("li", {}, [el("b", { text: (lang() === "zh" ? n.name_zh : n.name_zh + " " + n.name_en) + (n.count > 1 ? " ×" + n.count : "") }),
          (sets ? " (" + sets + ")" : "") + ": " + reason]);
      })));
    }
    card.append(el("p", { class: "hint", text: t("Point at a fan to see the sets it used.") }));
    $("output").replaceChildren(card);
  }
  function drawWaits(w) {
    redraw = () => drawWaits(w);
    const card = el("div", { class: "result-card", id: "wait-table" });
    card.append(el("p", {}, [t("Waits of") + " ", el("code", { text: w.hand }), w.waits.length ? " " + t("(click one to win on it):") : t(": none, the hand is not ready.")]));
    const cell = (r) => r.error ? words(r.error).split(":")[0] : r.total + (r.legal ? "" : " " + t("(under minimum)"));
    if (w.waits.length) {
      card.append(el("div", { class: "waits" }, w.waits.map((x) => {
        const chip = el("button", { class: "wait", type: "button", "data-tile": x.tile, title: P.say("win on {}: click to score it", tileName(x.tile)) },
          [tile(x.tile), el("span", { class: "discard", text: cell(x.discard) }), el("span", { class: "self", text: cell(x.self_drawn) })]);
        chip.addEventListener("click", () => winOn(x.tile));
        return chip;
      })));
      card.append(el("p", { class: "hint", text: t("Under each wait: its total on a discard, then self-drawn.") }));
    }
    $("output").replaceChildren(card);
  }

  function usefulRow(useful) {
    return el("div", { class: "useful" }, useful.map((u) => el("span", { class: "chip", "data-tile": u.tile,
      title: P.say("{} unseen", u.remaining) }, [tile(u.tile), el("span", { class: "left", text: "×" + u.remaining })])));
  }
  function drawAnalysis(a) {
    const card = el("div", { class: "result-card", id: "analysis" });
    const far = a.shanten === 0 ? t("ready") : lang() === "zh" ? P.say("{} from ready", a.shanten) : a.shanten + " tile" + (a.shanten > 1 ? "s" : "") + " from ready";
    const shapes = Object.entries(a.shapes).map(([k, v]) => t(k.replace(/_/g, " ")) + " " + v).join(" · ");
    card.append(el("p", {}, [el("b", { id: "shanten", "data-shanten": String(a.shanten), text: far }),
      " (" + P.say("shanten {}; by shape: {}", a.shanten, shapes) + ")"]));
    if (a.useful) {
      card.append(el("p", { class: "hint", text: t("Draws that bring it closer, with the copies still unseen:") }), usefulRow(a.useful));
    }
    if (a.discards) {
      card.append(el("p", { class: "hint", text: t("Discards, best first: the shanten after each, the draws that then help, and the most points in reach.") }));
      card.append(el("div", { class: "discards" }, a.discards.map((d) => el("div", { class: "discard-row", "data-tile": d.discard }, [
        el("span", { class: "out" }, [tile(d.discard)]), el("span", { class: "after", text: "→ " + P.say("shanten {}", d.shanten) + ", " +
          d.useful.reduce((n, u) => n + u.remaining, 0) + " " + t("useful tiles") }), usefulRow(d.useful),
        el("span", { class: "reach", title: d.best_fans.join(", "),
          text: d.best_total === null ? "" : t("up to") + " " + d.best_total + " " + t("points") + ": " + d.best_fans.join(", ") })]))));
    }
    return card;
  }

  // ---- start ----------------------------------------------------------------------------------
  const palette = $("palette");
  for (const row of [CODES.slice(0, 9), CODES.slice(9, 18), CODES.slice(18, 27), CODES.slice(27)]) {
    palette.append(el("div", { class: "row" }, row.map((code) => {
      const b = el("button", { class: "pick", type: "button", "data-tile": code, title: P.say("add {}", tileName(code)), "aria-label": P.say("add {}", tileName(code)) }, [tile(code)]);
      b.addEventListener("click", () => add(code));
      return b;
    })));
  }
  $("score").addEventListener("click", go);
  $("waits").addEventListener("click", waits);
  $("clear").addEventListener("click", () => { state.melds = []; state.tiles = []; changed(); redraw = null; $("output").replaceChildren(); });
  $("notation").addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
  $("notation").addEventListener("input", () => {
    const typed = parseTyped($("notation").value.trim());
    state.melds = typed ? typed.melds : []; state.tiles = typed ? typed.tiles : [];
    drawBuilt();
    if (!typed) $("counter").textContent = t("typed");
    stale();
  });
  // A result stays only beside the inputs it answers: a changed fact scores again, a changed hand waits for Score.
  for (const input of document.querySelectorAll(".context-row input, .context-row select")) {
    input.addEventListener("change", () => { if ($("output").firstChild && $("notation").value.trim()) go(); });
  }
  function stale() {
    if (!$("output").firstChild) return;
    redraw = null;
    $("output").replaceChildren(el("p", { class: "hint", id: "stale", text: t("Press Score (or Enter) for this hand.") }));
  }
  // A typed hand as the tiles it names: declared sets [...] and single tiles; null when it does not read.
  function parseTyped(text) {
    const out = { melds: [], tiles: [] };
    const rest = text.replace(/\[([^\]]*)\]/g, (_, inner) => {
      const [body, from] = inner.split(",");
      const tiles = codesOf(body);
      if (!tiles || tiles.length < 3 || tiles.length > 4) { out.bad = true; return ""; }
      const kind = tiles.length === 4 ? (from === undefined ? "concealed_kong" : "kong") : tiles[0] === tiles[1] ? "pung" : "chow";
      out.melds.push({ kind: kind, tiles: tiles });
      return "";
    });
    const single = codesOf(rest);
    if (out.bad || !single) return null;
    out.tiles = single;
    return out;
  }
  function codesOf(text) {
    const codes = [];
    let digits = "";
    for (const ch of text.replace(/\s+/g, "")) {
      if (/[1-9]/.test(ch)) digits += ch;
      else if (/[mps]/.test(ch) && digits) { for (const d of digits) codes.push(d + ch); digits = ""; }
      else if (HONOURS.includes(ch) && !digits) codes.push(ch);
      else return null;
    }
    return digits ? null : codes;
  }
  P.languageButton(applyLang);
  applyLang();
})();
