// The table page: a person (player 0) plays against three built-in players. The page sits down at a
// new table (POST /api/tables), then talks over the WebSocket /ws/tables/{id}: it sends the person's
// actions ({"act": ...}), asks for hints ({"hint": true}) and the next hand ({"next": true}); the server
// answers with what the person may see ({"view": ...}). The page draws it, and nothing else.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const { el, isFlower, tileName } = window.fanrulesPage;
  let socket = null, view = null, tableId = null;

  function tile(code, extra) {
    const faceDown = code === null;
    if (!faceDown && isFlower(code)) return el("span", { class: ("tile flower " + (extra || "")).trim(), "data-tile": code, title: tileName(code), text: "✿" + code[0] });
    const label = faceDown ? "a tile face down" : tileName(code) + " (" + code + ")";
    return window.fanrulesPage.tile(faceDown ? "back" : code, label,
      Object.assign({ class: ("tile " + (extra || "")).trim(), title: label }, faceDown ? {} : { "data-tile": code }), faceDown ? "" : code);
  }
  function melds(list) {
    return el("span", { class: "sets" }, list.map((m) => el("span", { class: "set declared", title: m.type.replace("_", " ") },
      m.tiles.length ? m.tiles.map((c, j) => tile(m.type === "concealed_kong" && (j === 0 || j === 3) ? null : c)) : [null, null, null, null].map(() => tile(null)))));
  }
  function who(p) { return p === 0 ? "you" : "player " + p + " (" + view.observation.seat_winds[p] + ")"; }
  function describe(a) {
    const what = a.tiles ? a.tiles.join(" ") : (a.tile || "");
    return (a.action.replace("_", " ") + " " + what).trim();
  }

  // ---- drawing --------------------------------------------------------------------------------
  function drawSeat(box, p, obs) {
    const own = p === 0;
    const head = el("div", { class: "seat-head" }, [el("b", { text: (own ? "You" : "Player " + p) + " · seat " + obs.seat_winds[p] }),
      " · " + obs.flowers[p] + " flower(s)" + (obs.dealer === p ? " · dealer" : "")]);
    const tiles = el("div", { class: "seat-tiles" });
    if (own) {
      const hand = obs.hand.slice();
      if (obs.drawn !== null) hand.splice(hand.lastIndexOf(obs.drawn), 1);
      const discardable = new Set(obs.legal.filter((a) => a.action === "discard").map((a) => a.tile));
      const button = (code, extra) => {
        const b = el("button", { class: "own-tile", type: "button", "data-tile": code, title: "discard " + tileName(code) }, [tile(code, extra)]);
        b.disabled = !discardable.has(code);
        b.addEventListener("click", () => send({ act: { action: "discard", tile: code } }));
        return b;
      };
      tiles.append(melds(obs.melds[p]), el("span", { class: "set concealed", id: "own-hand" }, hand.map((c) => button(c))));
      if (obs.drawn !== null) tiles.append(el("span", { class: "set drawn" }, [button(obs.drawn, "win")]));
    } else {
      tiles.append(melds(obs.melds[p]), el("span", { class: "set hidden", "data-count": String(obs.hand_sizes[p]) },
        Array.from({ length: obs.hand_sizes[p] }, () => tile(null, "small"))));
    }
    const pool = el("div", { class: "pool", "data-player": String(p) }, obs.discards[p].map((c, i) =>
      tile(c, obs.last_discard && obs.last_discard[0] === p && i === obs.discards[p].length - 1 ? "small win" : "small")));
    box.replaceChildren(head, tiles, pool);
  }
  function drawActions(obs) {
    const box = $("actions");
    box.replaceChildren();
    for (const a of obs.legal) {
      if (a.action === "discard") continue;
      const b = el("button", { class: "act action", type: "button", "data-action": a.action, "data-tile": a.tile || "",
        "data-tiles": (a.tiles || []).join(" "), text: describe(a) });
      b.addEventListener("click", () => send({ act: a }));
      box.append(b);
    }
    if (obs.legal.some((a) => a.action === "discard")) box.append(el("span", { class: "hint", text: "Click a tile of your hand to discard it." }));
    if (!obs.legal.length && !view.over) box.append(el("span", { class: "hint", text: "The others are playing." }));
  }
  function drawResult() {
    const box = $("result");
    box.hidden = !view.over;
    if (!view.over || !view.result) return box.replaceChildren();
    const r = view.result;
    box.replaceChildren();
    if (r.outcome === "draw") {
      box.append(el("p", { id: "outcome", "data-outcome": "draw", text: "Exhaustive draw: nobody won this hand." }));
    } else {
      const res = r.result;
      box.append(el("p", { id: "outcome", "data-outcome": "win", "data-winner": String(r.winner) }, [el("b", { text: (r.winner === 0 ? "You win" : who(r.winner) + " wins") }),
        r.from === null ? " self-drawn" : " on the discard of " + who(r.from), ": ", el("code", { text: r.hand })]));
      box.append(el("div", { class: "hand" }, [melds(r.record.melds), el("span", { class: "set" },
        r.record.hand.concat([r.record.win_tile]).map((c, i) => tile(c, i === r.record.hand.length ? "win" : "")))]));
      box.append(el("ul", { class: "fans", id: "win-fans" }, res.fans.map((f) => el("li", { "data-fan": String(f.id) }, [
        el("a", { class: "name", href: "/book/fan-" + f.id + ".html", target: "_blank", rel: "noopener", text: f.name_zh + " " + f.name_en }),
        el("span", { class: "pts", text: f.points + (f.count > 1 ? " ×" + f.count : "") })]))));
      box.append(el("p", { class: "total" }, ["total ", el("b", { id: "win-total", text: String(res.total) }), " (with flowers " + res.total_with_flowers + ")"]));
    }
    const link = el("a", { href: "/api/tables/" + tableId + "/log", id: "log-link", download: "" , text: "the game log (fanrules replay checks it)" });
    box.append(el("p", { class: "hint" }, ["Download ", link, "."]));
    if (!view.finished) {
      const next = el("button", { class: "act", id: "next-hand", type: "button", text: "Next hand" });
      next.addEventListener("click", () => send({ next: true }));
      box.append(next);
    }
  }
  function drawStandings() {
    const s = view.session, box = $("standings");
    box.hidden = !s.events.length;
    if (!s.events.length) return;
    const last = s.events[s.events.length - 1];
    const rows = s.standings.map((st) => el("tr", { "data-player": String(st.player) }, [el("td", { text: String(st.place) }),
      el("td", { text: st.player === 0 ? "you" : "player " + st.player }), el("td", { text: String(st.points) }),
      el("td", { text: (st.change > 0 ? "+" : "") + st.change }), el("td", { text: st.ranking_points })]));
    box.replaceChildren(el("p", {}, [el("b", { text: "Hand " + last.hand + ": " }), last.event + " · payments " +
      last.changes.map((c, p) => (p === 0 ? "you " : "player " + p + " ") + (c > 0 ? "+" : "") + c).join(", ")]),
      el("table", { id: "standings-table" }, [el("tr", {}, ["place", "player", "points", "change", "ranking points"].map((h) => el("th", { text: h })))].concat(rows)),
      el("p", { class: "hint", text: s.hands_played + " of " + view.hands + " hand(s) played" + (s.finished || view.finished ? ": final standings" : "") }));
  }
  function draw() {
    const obs = view.observation;
    $("board").hidden = false;
    const order = [0, 1, 2, 3].sort((a, b) => "ESWN".indexOf(obs.seat_winds[a]) - "ESWN".indexOf(obs.seat_winds[b]));
    const at = (k) => order[(order.indexOf(0) + k) % 4];
    drawSeat($("seat-own"), 0, obs); drawSeat($("seat-right"), at(1), obs); drawSeat($("seat-across"), at(2), obs); drawSeat($("seat-left"), at(3), obs);
    $("centre").replaceChildren(el("p", { text: "Hand " + view.hand_number + (view.hands > 1 ? " of " + view.hands : "") + " · " + view.rules }),
      el("p", { text: "prevalent wind " + obs.prevalent_wind + " · " + obs.wall_left + " tiles in the wall" }),
      el("p", { id: "phase", "data-phase": obs.phase, text: view.over ? "the hand is over" : obs.phase }));
    drawActions(obs);
    $("history").replaceChildren(...view.actions.slice(-12).map((a) => el("li", { text: who(a.player) + ": " + describe(a) })));
    drawResult();
    drawStandings();
    $("hint-panel").hidden = true;
    if ($("hints").checked && choosing(obs)) send({ hint: true });
  }
  // A hint helps when the person chooses a discard or a claim (not while setting flowers aside).
  function choosing(obs) {
    return !view.over && obs.legal.some((a) => a.action === "discard" || a.action === "pass");
  }
  function drawHint(h) {
    const box = $("hint-panel");
    box.hidden = false;
    const far = h.shanten < 0 ? "complete" : h.shanten === 0 ? "ready" : h.shanten + " from ready";
    const useful = (list) => el("div", { class: "useful" }, list.map((u) => el("span", { class: "chip", "data-tile": u.tile, title: u.remaining + " unseen" },
      [tile(u.tile), el("span", { class: "left", text: "×" + u.remaining })])));
    const parts = [el("p", { id: "hint-head", "data-hand": h.hand, "data-visible": h.visible, "data-seat": h.seat_wind, "data-round": h.prevalent_wind,
      "data-flowers": String(h.flowers) }, [el("b", { id: "hint-shanten", "data-shanten": String(h.shanten), text: far }), " · shanten " + h.shanten])];
    if (h.useful) parts.push(el("p", { class: "hint", text: "Useful draws, with the copies you have not seen:" }), useful(h.useful));
    if (h.discards) {
      parts.push(el("p", { class: "hint", text: "Discards, best first:" }), el("div", { class: "discards" }, h.discards.map((d) => el("div", { class: "discard-row", "data-tile": d.discard }, [
        el("span", { class: "out" }, [tile(d.discard)]), el("span", { class: "after", text: "→ shanten " + d.shanten + ", " + d.useful.reduce((n, u) => n + u.remaining, 0) + " useful" }),
        el("span", { class: "reach", text: d.best_total === null ? "" : "up to " + d.best_total + " points" })]))));
    }
    box.replaceChildren(...parts);
  }

  // ---- talking to the server ------------------------------------------------------------------
  function status(text) { $("status").textContent = text; }
  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    else status("the connection to the table is closed: sit down again");
  }
  function receive(event) {
    const data = JSON.parse(event.data);
    if (data.error) status(data.error.kind + ": " + data.error.message); else if (!data.hint) status("");
    if (data.hint) return drawHint(data.hint);
    if (data.view) { view = data.view; draw(); }
  }
  async function start() {
    if (socket) socket.close();
    const body = { rules: $("rules").value, session: document.querySelector("input[name=length]:checked").value === "session" };
    const seed = new URLSearchParams(location.search).get("seed"); // /table?seed=N: the same walls again (a demonstration, a bug report)
    if (seed !== null) body.seed = Number(seed);
    let response;
    try {
      response = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    } catch (err) {
      return status("the fanrules server did not answer (is `fanrules serve` still running?)");
    }
    const data = await response.json();
    if (!response.ok) return status(data.error.kind + ": " + data.error.message);
    tableId = data.id;
    socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/tables/" + tableId);
    socket.addEventListener("message", receive);
    socket.addEventListener("close", () => status("the table's connection closed"));
  }
  $("start").addEventListener("click", start);
  $("hints").addEventListener("change", () => { if (view && $("hints").checked && choosing(view.observation)) send({ hint: true }); });
})();
