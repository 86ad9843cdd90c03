// What the playground and the table pages share: elements, the language of the page (English, or the
// Chinese of the catalogue each page carries in <script id="words">), tile names as a screen reader
// reads them, and a tile from the page's SVG sprite (<use href="#t-CODE">).
"use strict";
window.fanrulesPage = (function () {
  const words = document.getElementById("words");
  const ZH = words ? JSON.parse(words.textContent) : {};
  let lang = localStorage.getItem("fanrules-lang") === "zh" ? "zh" : "en";
  const RANKS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
  const SUITS = { m: "characters", p: "dots", s: "bamboo" };
  const HONOURS = { E: "east wind", S: "south wind", W: "west wind", N: "north wind", C: "red dragon", F: "green dragon", P: "white dragon" };
  const FLOWERS = ["spring", "summer", "autumn", "winter", "plum", "orchid", "bamboo flower", "chrysanthemum"];
  const WINDS = { E: "east", S: "south", W: "west", N: "north" };

  // ``text`` in the page's language, each ``{}`` filled with the next of ``values``.
  function say(text, ...values) {
    let out = (lang === "zh" && ZH[text]) || text;
    for (const v of values) out = out.replace("{}", v);
    return out;
  }
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
  // "five of dots", "east wind", "spring" (五筒, 东风, 春).
  function tileName(code) {
    if (isFlower(code)) return say(FLOWERS[Number(code[0]) - 1]);
    if (code.length === 2) return say("{} of {}", say(RANKS[Number(code[0]) - 1]), say(SUITS[code[1]]));
    return say(HONOURS[code]);
  }
  // A seat wind as a word: "East" (东).
  function windName(wind) {
    const word = say(WINDS[wind] || wind);
    return lang === "zh" ? word : word[0].toUpperCase() + word.slice(1);
  }
  // A tile: the sprite's picture ``face`` (a tile code, or "back") named ``label`` for screen readers,
  // in a span with ``attrs``, and ``code`` printed under it for those who read the notation.
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
  // The page's fixed words (data-i18n, data-i18n-placeholder, data-i18n-label) in the language chosen.
  function translatePage() {
    document.documentElement.lang = lang;
    for (const node of document.querySelectorAll("[data-i18n]")) {
      if (node.dataset.en === undefined) node.dataset.en = node.textContent;
      node.textContent = lang === "zh" ? (ZH[node.dataset.i18n] || node.dataset.en) : node.dataset.en;
    }
    // Words of this page's rule set, which carries its own Chinese (data-zh: its title).
    for (const node of document.querySelectorAll("[data-zh]")) {
      if (node.dataset.en === undefined) node.dataset.en = node.textContent;
      node.textContent = lang === "zh" && node.dataset.zh ? node.dataset.zh : node.dataset.en;
    }
    for (const [attr, key] of [["placeholder", "i18nPlaceholder"], ["aria-label", "i18nLabel"]]) {
      for (const node of document.querySelectorAll("[data-" + (key === "i18nLabel" ? "i18n-label" : "i18n-placeholder") + "]")) {
        node.setAttribute(attr, say(node.dataset[key]));
      }
    }
    const button = document.getElementById("lang");
    if (button) {
      button.textContent = lang === "zh" ? "English" : "中文";
      button.setAttribute("lang", lang === "zh" ? "en" : "zh");
    }
  }
  // The language button: switches, remembers and calls ``redraw``.
  function languageButton(redraw) {
    translatePage();
    const button = document.getElementById("lang");
    if (button) {
      button.addEventListener("click", () => {
        lang = lang === "zh" ? "en" : "zh";
        localStorage.setItem("fanrules-lang", lang);
        translatePage();
        redraw();
      });
    }
  }
  return { el, say, isFlower, tileName, windName, tile, languageButton, lang: () => lang };
})();
