// The table page's end of a hand: the result (the fans, the flowers apart from them), the payments and
// standings in the rule set's own terms, and the step-by-step replay of the hand just played, read from
// the game log the server writes (GET /api/tables/{id}/log: written once the hand is over).
"use strict";
window.fanrulesTableEnd = (function () {
  const $ = (id) => document.getElementById(id);
  const P = window.fanrulesPage;
  const { el, say, tileName } = P;
  // A fraction of the settlement ("3/2") as a decimal (1.5).
  function decimal(text) {
    const [n, d] = String(text).split("/").map(Number);
    const value = d ? n / d : n;
    return String(Math.round(value * 1000) / 1000);
  }
  function fanList(fans, id) {
    return el("ul", { class: "fans", id: id }, fans.map((f) => el("li", { "data-fan": String(f.id) }, [
      el("a", { class: "name", href: (P.lang() === "zh" ? "/book/zh/fan-" : "/book/fan-") + f.id + ".html", target: "_blank", rel: "noopener",
        text: P.lang() === "zh" ? f.name_zh : f.name_zh + " " + f.name_en }),
      el("span", { class: "pts", text: f.points + (f.count > 1 ? " ×" + f.count : "") })])));
  }
  function drawWin(box, r, ctx) {
    const res = r.result, bonus = new Set(r.bonus || []);
    box.append(el("p", { id: "outcome", "data-outcome": "win", "data-winner": String(r.winner) }, [el("b", { text: r.winner === 0 ? say("You win") : say("{} wins", ctx.who(r.winner)) }),
      r.from === null ? say(" self-drawn") : say(" on the discard of {}", ctx.who(r.from)), ": ", el("code", { text: r.hand })]));
    box.append(el("div", { class: "hand" }, [ctx.melds(r.record.melds), el("span", { class: "set" },
      r.record.hand.concat([r.record.win_tile]).map((c, i) => ctx.tile(c, i === r.record.hand.length ? "win" : "")))]));
    box.append(fanList(res.fans.filter((f) => !bonus.has(f.id)), "win-fans"));
    const flowers = res.fans.filter((f) => bonus.has(f.id));
    const total = el("p", { class: "total" }, [say("total {}", "").trim() + " ", el("b", { id: "win-total", text: String(res.total) })]);
    if (flowers.length) {
      total.append(" · ", el("span", { id: "win-flowers", text: say("flowers +{}", res.total_with_flowers - res.total) + " (" +
        flowers.map((f) => P.lang() === "zh" ? f.name_zh : f.name_zh + " " + f.name_en).join(", ") + ")" }),
        " · ", el("span", { text: say("with flowers {}", res.total_with_flowers) }));
    }
    box.append(total);
  }
  function drawResult(view, tableId, ctx) {
    const box = $("result");
    box.hidden = !view.over;
    if (!view.over || !view.result) { $("replay").hidden = true; return box.replaceChildren(); }
    const r = view.result;
    box.replaceChildren(el("h2", { text: say("the hand is over") }));
    if (r.outcome === "draw") {
      box.append(el("p", { id: "outcome", "data-outcome": "draw", text: say("Exhaustive draw: nobody won this hand.") + " " +
        say("Ready when the wall ran out: {}.", (r.ready || []).map((p) => ctx.who(p)).join(", ") || say("nobody")) }));
    } else {
      drawWin(box, r, ctx);
    }
    const link = el("a", { href: "/api/tables/" + tableId + "/log", id: "log-link", download: "", text: say("the game log (fanrules replay checks it)") });
    box.append(el("p", { class: "hint" }, [say("Download {}.", "").replace(/[.。]$/, ""), link, "."]));
    const replay = el("button", { class: "act secondary", id: "replay-start", type: "button", text: say("Replay this hand") });
    replay.addEventListener("click", () => startReplay(view, tableId, ctx));
    box.append(replay, " ");
    if (!view.finished) {
      const next = el("button", { class: "act", id: "next-hand", type: "button", text: say("Next hand") });
      next.addEventListener("click", () => ctx.send({ next: true }));
      box.append(next);
    }
  }
  // The hand's event in words, its players named as on the board (the session's own text names them by
  // their opening seat: what the result of the hand says, when it is the hand on the board).
  function happened(event, view, ctx) {
    const r = view.over ? view.result : null;
    if (event.kind === "draw") return say("a draw: ready {}", r && r.ready ? r.ready.map((p) => ctx.who(p)).join(", ") || say("nobody") : "");
    if (event.kind === "win" && r && r.outcome === "win") {
      return say("{} wins", ctx.who(r.winner)) + (r.from === null ? say(" self-drawn") : say(" on the discard of {}", ctx.who(r.from))) +
        (event.points === undefined ? "" : " · " + say("{} points", event.points));
    }
    return event.event;
  }
  function payments(event, view, ctx) {
    const what = happened(event, view, ctx);
    return say("Hand {}: {}", event.hand, what) + " · " + say("payments: {}", event.changes.map((c, p) => ctx.who(p) + " " + (c > 0 ? "+" : "") + c).join(", "));
  }
  function drawStandings(view, ctx) {
    const s = view.session, box = $("standings");
    box.hidden = !s.events.length;
    if (!s.events.length) return;
    const last = s.events[s.events.length - 1];
    const start = s.standings[0].points - s.standings[0].change;
    const rows = s.standings.map((st) => el("tr", { "data-player": String(st.player) }, [el("td", { text: String(st.place) }),
      el("td", { text: ctx.who(st.player) }), el("td", { class: "num", text: String(st.change) }),
      el("td", { class: "num", text: decimal(st.ranking_points) })]));
    box.replaceChildren(el("p", { id: "payments", text: payments(last, view, ctx) }),
      el("table", { id: "standings-table" }, [el("tr", {}, ["place", "player", "score", "ranking points"].map((h) => el("th", { scope: "col", text: say(h) })))].concat(rows)),
      el("p", { class: "hint", text: say("scores start at 0 (the rule set's table score starts at {})", start) }),
      el("p", { class: "hint", text: say("{} hand(s) of {} played", s.hands_played, view.hands) + (s.finished || view.finished ? ": " + say("final standings") : "") }));
  }

  // ---- the replay -------------------------------------------------------------------------------
  // The last hand of a JSONL game log: its header, its deal and its actions.
  function lastHand(text) {
    const lines = text.split("\n").filter(Boolean).map((l) => JSON.parse(l));
    const from = lines.map((l) => l.type).lastIndexOf("header");
    const hand = lines.slice(from);
    return { head: hand[0], deal: hand.find((l) => l.type === "deal"), actions: hand.filter((l) => l.type === "action") };
  }
  async function startReplay(view, tableId, ctx) {
    const response = await fetch("/api/tables/" + tableId + "/log");
    if (!response.ok) return ctx.status(say("the table's connection closed"));
    const hand = lastHand(await response.text());
    const obs = Object.assign({}, view.observation, { seat_winds: hand.head.seat_winds });
    let at = hand.actions.length;
    const box = $("replay");
    const show = () => {
      const pools = [[], [], [], []];
      for (const a of hand.actions.slice(0, at)) {
        if (a.action === "discard") pools[a.player].push(a.tile);
        if (["chow", "pung", "kong"].includes(a.action)) { const p = hand.actions.slice(0, at).filter((b) => b.action === "discard").pop(); if (p) pools[p.player].pop(); }
      }
      const back = el("button", { class: "act secondary", type: "button", id: "replay-back", text: "◀ " + say("Back") });
      const forward = el("button", { class: "act secondary", type: "button", id: "replay-forward", text: say("Forward") + " ▶" });
      back.disabled = at === 0; forward.disabled = at === hand.actions.length;
      back.addEventListener("click", () => { at -= 1; show(); $("replay-back").focus(); });
      forward.addEventListener("click", () => { at += 1; show(); $("replay-forward").focus(); });
      box.replaceChildren(el("h2", { text: say("Replay") }),
        el("p", { id: "replay-step", "data-step": String(at), "aria-live": "polite" }, [el("b", { text: say("step {} of {}", at, hand.actions.length) }), " · ",
          at ? ctx.sentence(hand.actions[at - 1], obs) : say("the deal")]),
        el("div", { class: "replay-controls" }, [back, forward]),
        el("div", { class: "replay-pools" }, pools.map((pool, p) => el("div", { class: "replay-seat", "data-player": String(p) },
          [el("b", { text: ctx.who(p, obs) }), el("span", { class: "pool" }, pool.map((c) => ctx.tile(c, "small")))]))));
    };
    ctx.replay(show);
    box.hidden = false;
    show();
    box.scrollIntoView({ block: "nearest" });
  }
  return { drawResult, drawStandings };
})();
