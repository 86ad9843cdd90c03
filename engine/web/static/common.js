// What the playground and the table pages draw the same way: elements, tile names and a tile from the
// page's SVG sprite (each page holds the sprite; a tile shows it through <use href="#t-CODE">).
"use strict";
window.fanrulesPage = (function () {
  const NAMES = { m: "characters", p: "dots", s: "bamboo", E: "east wind", S: "south wind", W: "west wind",
    N: "north wind", C: "red dragon", F: "green dragon", P: "white dragon" };

  // An element with attributes (``text`` sets its text) and children.
  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "text") node.textContent = v; else node.setAttribute(k, v);
    }
    for (const c of children || []) node.append(c);
    return node;
  }
  const isFlower = (code) => code.length === 2 && code[1] === "f";
  function tileName(code) {
    if (isFlower(code)) return "flower " + code[0];
    return code.length === 2 ? code[0] + " " + NAMES[code[1]] : NAMES[code];
  }
  // A tile: the sprite's picture ``face`` (a tile code, or "back") labelled ``label`` for screen readers,
  // in a span with ``attrs``, and ``code`` printed under it.
  function tile(face, label, attrs, code) {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 48 64");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
    const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
    use.setAttribute("href", "#t-" + face);
    svg.append(use);
    return el("span", attrs, [svg, el("span", { class: "code", text: code })]);
  }
  return { el, isFlower, tileName, tile };
})();
