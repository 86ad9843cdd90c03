// The rule book's search: filters the fan list on the index by name or number (works from file://).
"use strict";
(function () {
  const filter = document.getElementById("filter");
  if (!filter) return;
  const rows = Array.from(document.querySelectorAll(".fan-row"));
  const shown = document.getElementById("shown");
  const none = document.getElementById("no-match");
  function apply() {
    const words = filter.value.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
    let count = 0;
    for (const row of rows) {
      const hit = words.every((w) => row.dataset.search.includes(w));
      row.hidden = !hit;
      if (hit) count += 1;
    }
    for (const group of document.querySelectorAll(".value-group")) {
      group.hidden = !group.querySelector(".fan-row:not([hidden])");
    }
    shown.textContent = words.length ? count + " of " + rows.length + " fans" : "";
    none.hidden = count > 0;
  }
  filter.addEventListener("input", apply);
  const q = new URLSearchParams(window.location.search).get("q");
  if (q) {
    filter.value = q;
  }
  apply();
})();
