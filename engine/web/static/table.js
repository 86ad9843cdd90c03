// The table page: a person (player 0) plays against three built-in players. The page sits down at a
// new table (POST /api/tables), then talks over the WebSocket /ws/tables/{id}: it sends the person's
// actions ({"act": ...}), asks for hints ({"hint": true}) and the next hand ({"next": true}); the server
// answers with what the person may see ({"view": ...}). The page draws it, and nothing else. The others'
// moves that one answer brings are shown one by one at the pace chosen; a reload rejoins the table.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const P = window.fanrulesPage;
  const { el, say, isFlower, tileName, windName } = P;
  const params = new URLSearchParams(location.search);
  let socket = null, view = null, tableId = null, shownStep = 0, queue = Promise.resolve(), replaying = null;

  function tile(code, extra) {
    const faceDown = code === null;
    const label = faceDown ? say("a tile face down") : tileName(code);
    return P.tile(faceDown ? "back" : code, label, Object.assign({ class: ("tile " + (isFlower(code || "") ? "flower " : "") + (extra || "")).trim(), title: label },
      faceDown ? {} : { "data-tile": code }), faceDown ? "" : code);
  }
  function melds(list) {
    return el("span", { class: "sets" }, list.map((m) => el("span", { class: "set declared", title: m.type.replace("_", " ") },
      m.tiles.length ? m.tiles.map((c, j) => tile(m.type === "concealed_kong" && (j === 0 || j === 3) ? null : c)) : [null, null, null, null].map(() => tile(null)))));
  }
  // A player by seat wind, as everywhere on the page: "West (player 2)", "East (you)".
  function who(p, obs) {
    const wind = windName((obs || view.observation).seat_winds[p]);
    return p === 0 ? say("{} (you)", wind) : say("{} (player {})", wind, p);
  }
  // What a player did, in a sentence: "West (player 2) discards five of dots".
  function sentence(a, obs) {
    const w = who(a.player, obs), t = a.tile ? tileName(a.tile) : "";
    switch (a.action) {
      case "draw": return t ? say("{} draws {}", w, t) : say("{} draws", w);
      case "discard": return say("{} discards {}", w, t);
      case "flower": return say("{} sets aside {}", w, t);
      case "chow": return say("{} chows {}", w, (a.tiles || []).map(tileName).join(", ") || t);
      case "pung": return say("{} pungs {}", w, t);
      case "kong": return say("{} kongs {}", w, t);
      case "concealed_kong": return t ? say("{} declares a concealed kong {}", w, t) : say("{} declares a concealed kong", w);
      case "added_kong": return say("{} adds {} to a pung", w, t);
      case "win": return say("{} wins", w);
      case "pass": return say("{} passes", w);
      default: return w + ": " + a.action + " " + t;
    }
  }
  // What a button of the person's choices says: the claimed tile and whose it was.
  function choice(a, obs) {
    const t = a.tile ? tileName(a.tile) : "";
    switch (a.action) {
      case "pass": return say("pass");
      case "win": return t ? say("win on {}", t) : say("win");
      case "chow": return say("chow {} with {}", tileName(obs.last_discard ? obs.last_discard[1] : a.tile),
        (a.tiles || []).filter((c) => !obs.last_discard || c !== obs.last_discard[1]).map(tileName).join(" + "));
      case "pung": return say("pung {}", t);
      case "kong": return say("kong {}", t);
      case "flower": return say("set {} aside", t);
      case "concealed_kong": return say("concealed kong {}", t);
      case "added_kong": return say("add {} to your pung", t);
      default: return a.action + " " + t;
    }
  }
  function announce(text) { $("announce").textContent = text; }

  // ---- drawing --------------------------------------------------------------------------------
  function drawSeat(box, p, obs, acting) {
    const own = p === 0;
    box.classList.toggle("to-act", acting === p);
    if (acting === p) box.setAttribute("aria-current", "true"); else box.removeAttribute("aria-current");
    box.dataset.player = String(p);
    const head = el("h3", { class: "seat-head" }, [el("b", { text: who(p, obs) }),
      " · " + say("{} flower(s)", obs.flowers[p]) + (obs.dealer === p ? " · " + say("dealer") : "")].concat(acting === p ? [el("span", { class: "badge-act", text: say("to act") })] : []));
    const tiles = el("div", { class: "seat-tiles" });
    if (own) {
      const hand = obs.hand.slice();
      if (obs.drawn !== null) hand.splice(hand.lastIndexOf(obs.drawn), 1);
      const discardable = new Set(obs.legal.filter((a) => a.action === "discard").map((a) => a.tile));
      const button = (code, extra) => {
        const label = discardable.has(code) ? say("discard {}", tileName(code)) : tileName(code);
        const b = el("button", { class: "own-tile", type: "button", "data-tile": code, title: label, "aria-label": label }, [tile(code, extra)]);
        b.disabled = !discardable.has(code);
        b.addEventListener("click", () => send({ act: { action: "discard", tile: code } }));
        return b;
      };
      tiles.append(melds(obs.melds[p]), el("span", { class: "set concealed", id: "own-hand" }, hand.map((c) => button(c))));
      if (obs.drawn !== null) tiles.append(el("span", { class: "set drawn" }, [button(obs.drawn, "win")]));
    } else {
      const n = obs.hand_sizes[p];
      tiles.append(melds(obs.melds[p]), el("span", { class: "set hidden", "data-count": String(n), role: "img", "aria-label": say("{} tiles face down", n) },
        Array.from({ length: n }, () => el("span", { class: "back", "aria-hidden": "true" }))));
    }
    const last = obs.last_discard;
    const pool = el("div", { class: "pool", "data-player": String(p) }, obs.discards[p].map((c, i) =>
      tile(c, last && last[0] === p && i === obs.discards[p].length - 1 ? "small last" : "small")));
    box.replaceChildren(head, tiles, pool);
  }
  function lastDiscard(obs) {
    if (obs.last_discard) return obs.last_discard;
    const found = view.actions.slice().reverse().find((a) => a.action === "discard");
    return found ? [found.player, found.tile] : null;
  }
  function drawCentre(obs, acting, current) {
    const last = lastDiscard(obs);
    const parts = [el("p", { text: view.hands > 1 ? say("Hand {} of {} · {}", view.hand_number, view.hands, view.rules) : say("Hand {} · {}", view.hand_number, view.rules) }),
      el("p", { text: say("prevalent wind {} · {} tiles in the wall", windName(obs.prevalent_wind), obs.wall_left) })];
    if (last) {
      parts.push(el("div", { class: "last-discard", id: "last-discard", "data-player": String(last[0]), "data-tile": last[1] }, [
        el("span", { class: "caption", text: say("Last discard") }), tile(last[1], "large"), el("span", { class: "by", text: say("by {}", who(last[0], obs)) })]));
    }
    parts.push(el("p", { id: "phase", "data-phase": obs.phase, class: "turn", text: current || (view.over ? say("the hand is over") : turnWords(obs)) }));
    $("centre").replaceChildren(...parts);
  }
  function turnWords(obs) {
    const kinds = new Set(obs.legal.map((a) => a.action));
    if (!kinds.size) return say("The others are playing.");
    if (kinds.has("pass") && obs.last_discard) return say("{} discarded {}: claim it or pass.", who(obs.last_discard[0], obs), tileName(obs.last_discard[1]));
    if (kinds.has("flower")) return say("Your turn: set your flowers aside.");
    if (kinds.has("win") || kinds.has("concealed_kong") || kinds.has("added_kong")) return say("Your turn: win, kong or discard.");
    return say("Your turn: discard a tile.");
  }
  function drawActions(obs) {
    const box = $("actions");
    box.replaceChildren();
    for (const a of obs.legal) {
      if (a.action === "discard") continue;
      const b = el("button", { class: "act action", type: "button", "data-action": a.action, "data-tile": a.tile || "",
        "data-tiles": (a.tiles || []).join(" "), text: choice(a, obs) });
      b.addEventListener("click", () => send({ act: a }));
      box.append(b);
    }
    if (obs.legal.some((a) => a.action === "discard")) box.append(el("span", { class: "hint", text: say("Click a tile of your hand to discard it.") }));
  }
  function drawLog(actions, step, obs) {
    const list = $("history");
    list.replaceChildren(...actions.map((a, i) => el("li", { value: String(step - actions.length + i + 1), "data-player": String(a.player), text: sentence(a, obs) })));
    list.scrollTop = list.scrollHeight;
  }
  function draw() {
    const obs = view.observation;
    $("board").hidden = false;
    const order = [0, 1, 2, 3].sort((a, b) => "ESWN".indexOf(obs.seat_winds[a]) - "ESWN".indexOf(obs.seat_winds[b]));
    const at = (k) => order[(order.indexOf(0) + k) % 4];
    const acting = !view.over && obs.legal.length ? 0 : null;
    drawSeat($("seat-own"), 0, obs, acting); drawSeat($("seat-right"), at(1), obs, acting);
    drawSeat($("seat-across"), at(2), obs, acting); drawSeat($("seat-left"), at(3), obs, acting);
    drawCentre(obs, acting);
    drawActions(obs);
    drawLog(view.actions, view.step, obs);
    window.fanrulesTableEnd.drawResult(view, tableId, ctx);
    window.fanrulesTableEnd.drawStandings(view, ctx);
    $("hint-panel").hidden = true;
    if (acting === 0 && !automatic(obs)) {
      announce(turnWords(obs));
      keepFocus();
    } else if (view.over) {
      announce($("outcome") ? $("outcome").textContent : say("the hand is over"));
      keepFocus();
    }
    if (($("hints").checked || obs.legal.some((a) => a.action === "pass")) && choosing(obs) && !automatic(obs)) send({ hint: true });
  }
  // Focus stays on the table: the first thing the person may do now, else the board.
  function keepFocus() {
    if (document.activeElement && $("board").contains(document.activeElement) && !document.activeElement.disabled) return;
    const target = document.querySelector("#actions button.action") || document.querySelector("#seat-own button.own-tile:not(:disabled)")
      || document.querySelector("#result button, #result a") || $("board");
    target.focus({ preventScroll: true });
  }
  // The toggles: the table wins for the person, or passes, when asked to.
  function automatic(obs) {
    const win = obs.legal.find((a) => a.action === "win"), pass = obs.legal.find((a) => a.action === "pass");
    const only = obs.legal.every((a) => ["pass", "chow", "pung", "kong"].includes(a.action));
    if (win && $("auto-win").checked) { send({ act: win }); return true; }
    if (pass && only && $("auto-pass").checked) { send({ act: pass }); return true; }
    return false;
  }
  // A hint helps when the person chooses a discard or a claim (not while setting flowers aside).
  function choosing(obs) {
    return !view.over && obs.legal.some((a) => a.action === "discard" || a.action === "pass");
  }
  function drawHint(h) {
    const box = $("hint-panel");
    if (!$("hints").checked && !h.advice) return;
    box.hidden = false;
    const far = h.shanten < 0 ? say("complete") : h.shanten === 0 ? say("ready") : say("{} from ready", h.shanten);
    const useful = (list) => el("div", { class: "useful" }, list.map((u) => el("span", { class: "chip", "data-tile": u.tile, title: say("{} unseen", u.remaining) },
      [tile(u.tile), el("span", { class: "left", text: "×" + u.remaining })])));
    const parts = [];
    if (h.advice) {
      const act = h.advice.action === "pass" ? say("pass") : choice(h.advice, view.observation);
      parts.push(el("p", { id: "advice", class: "advice", "data-action": h.advice.action }, [el("b", { text: say("Advice: {}. {}", act, "") }), h.advice.reason]));
    }
    if ($("hints").checked) hintBody(h, far, useful, parts);
    box.replaceChildren(...parts);
  }
  function hintBody(h, far, useful, parts) {
    parts.push(el("p", { id: "hint-head", "data-hand": h.hand, "data-visible": h.visible, "data-seat": h.seat_wind, "data-round": h.prevalent_wind,
      "data-flowers": String(h.flowers) }, [el("b", { id: "hint-shanten", "data-shanten": String(h.shanten), text: far }), " · ",
      el("abbr", { title: say("shanten: how many tiles a hand lacks to be ready (0 is ready, -1 complete)."), text: "shanten " + h.shanten })]));
    if (h.useful) parts.push(el("p", { class: "hint", text: say("Useful draws, with the copies you have not seen:") }), useful(h.useful));
    if (h.discards) {
      parts.push(el("p", { class: "hint", text: say("Discards, best first:") }), el("div", { class: "discards" }, h.discards.map((d) => {
        const low = d.best_total !== null && d.best_total < h.minimum;
        return el("div", { class: "discard-row", "data-tile": d.discard }, [
          el("span", { class: "out" }, [tile(d.discard)]),
          el("span", { class: "after", text: say("after it {}, {} useful", d.shanten < 0 ? say("complete") : d.shanten === 0 ? say("ready") : say("{} from ready", d.shanten),
            d.useful.reduce((n, u) => n + u.remaining, 0)) }),
          el("span", { class: "reach" + (low ? " under" : ""), "data-best": String(d.best_total), text: d.best_total === null ? "" :
            say("up to {} points", d.best_total) + (low ? " · " + say("below the minimum of {}", h.minimum) : "") })]);
      })));
    }
    parts.push(el("details", { class: "legend", id: "hint-legend" }, [el("summary", { text: say("What the hints mean") }), el("ul", {}, [
      "shanten: how many tiles a hand lacks to be ready (0 is ready, -1 complete).",
      "useful: the draws that bring the hand closer, counted by the copies you have not seen.",
      "points in reach: the most a hand could score along the way; below the minimum it cannot win."].map((s) => el("li", { text: say(s) })))]));
  }

  // ---- the others' moves, one by one --------------------------------------------------------------
  // The pause after each of the others' moves, in milliseconds: /table?pace=MS when it is a number, else the page's choice.
  const pace = () => {
    const asked = Number(params.get("pace"));
    return params.get("pace") !== null && Number.isFinite(asked) && asked >= 0 ? Math.min(asked, 5000) : Number($("pace").value);
  };
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  async function present(next) {
    const fresh = next.step - shownStep;
    const played = shownStep && view && next.hand_number === view.hand_number && fresh > 0 ? next.actions.slice(-Math.min(fresh, next.actions.length)) : [];
    const ms = pace();
    if (played.length && ms) for (const b of document.querySelectorAll("#board button")) b.disabled = true;
    for (const [i, a] of played.entries()) {
      if (!ms || a.player === 0 || a.action === "draw" || a.action === "pass") continue;
      const obs = next.observation;
      for (const id of ["seat-own", "seat-right", "seat-across", "seat-left"]) $(id).classList.toggle("to-act", $(id).dataset.player === String(a.player));
      $("phase").textContent = sentence(a, obs);
      drawLog(next.actions.slice(0, next.actions.length - played.length + i + 1), next.step - played.length + i + 1, obs);
      if (a.action === "discard") announce(sentence(a, obs));
      await sleep(ms);
    }
    if (!ms) { const d = played.filter((a) => a.player !== 0 && a.action === "discard").pop(); if (d) announce(sentence(d, next.observation)); }
    view = next;
    shownStep = next.step;
    draw();
  }

  // ---- talking to the server ------------------------------------------------------------------
  function status(text) { $("status").textContent = text; }
  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    else status(say("the connection to the table is closed: sit down again"));
  }
  function receive(event) {
    const data = JSON.parse(event.data);
    if (data.error) status(data.error.message); else if (!data.hint) status("");
    if (data.hint) return drawHint(data.hint);
    if (data.view) queue = queue.then(() => present(data.view));
  }
  function connect(id) {
    tableId = id;
    sessionStorage.setItem("fanrules-table", id);
    socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/tables/" + id);
    socket.addEventListener("message", receive);
    socket.addEventListener("close", () => status(say("the table's connection closed")));
  }
  async function start() {
    if (view && !view.finished && !confirm(say("Leave the game in play and sit down at a new table?"))) return;
    if (socket) socket.close();
    const body = { rules: $("rules").value, session: document.querySelector("input[name=length]:checked").value === "session" };
    const seed = params.get("seed"); // /table?seed=N: the same walls again (a demonstration, a bug report)
    if (seed !== null) body.seed = Number(seed);
    let response;
    try {
      response = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    } catch (err) {
      return status(say("the fanrules server did not answer (is `fanrules serve` still running?)"));
    }
    const data = await response.json();
    if (!response.ok) return status(data.error.message);
    view = null; shownStep = 0;
    connect(data.id);
  }
  // A reload: the table of this tab, if the server still holds it.
  async function rejoin() {
    const id = sessionStorage.getItem("fanrules-table");
    if (!id) return;
    const response = await fetch("/api/tables/" + encodeURIComponent(id)).catch(() => null);
    if (!response || !response.ok) return sessionStorage.removeItem("fanrules-table");
    status(say("Back at your table."));
    connect(id);
  }
  const ctx = { el, say, tile, melds, who, sentence, send, status, replay: (r) => { replaying = r; } };
  $("start").addEventListener("click", start);
  $("hints").addEventListener("change", () => { if (view && $("hints").checked && choosing(view.observation)) send({ hint: true }); });
  $("pace").value = localStorage.getItem("fanrules-pace") || $("pace").value;
  $("pace").addEventListener("change", () => localStorage.setItem("fanrules-pace", $("pace").value));
  P.languageButton(() => {
    $("book-link").href = P.lang() === "zh" ? "/book/zh/" : "/book/";
    if (view) draw();
    if (replaying) replaying();
  });
  $("book-link").href = P.lang() === "zh" ? "/book/zh/" : "/book/";
  rejoin();
})();
