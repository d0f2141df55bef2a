// The dealing animation: after HTMX swaps the felt, a card that was not there before (by its
// place on the felt and its face) gets .deal-in once, so it slides in (static/table/looks.css);
// the cards already on the felt stay still. Without JavaScript, or with reduced motion asked
// for, nothing moves.
(function () {
  "use strict";
  function keys(root) {
    var found = [];
    root.querySelectorAll(".cards").forEach(function (row, r) {
      row.querySelectorAll(".card").forEach(function (card, c) {
        found.push({ card: card, key: r + ":" + c + ":" + (card.dataset.card || "back") });
      });
    });
    return found;
  }
  var before = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var felt = document.getElementById("table-felt");
    before = felt ? new Set(keys(felt).map(function (k) { return k.key; })) : null;
  });
  document.addEventListener("htmx:afterSettle", function () {
    var felt = document.getElementById("table-felt");
    if (!felt || !before) return;
    var order = 0;
    keys(felt).forEach(function (k) {
      if (before.has(k.key)) return;
      order += 1;
      k.card.classList.add("deal-in", "deal-" + Math.min(order, 6));
    });
    before = null;
  });
})();
