// The chart page: tapping, focusing or pointing at a cell shows its EVs (the cell's title)
// in a line that stays on screen. On a touch screen the first tap on a cell shows its EVs
// and a second tap on it opens its drill; with a mouse, pointing shows them and a click
// drills (the line's first words say which, by the screen's kind of pointer).
(function () {
  "use strict";
  // The print link: a listener here, not an onclick attribute (the CSP allows no inline code).
  document.querySelectorAll("a.print-chart").forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      window.print();
    });
  });
  const detail = document.getElementById("cell-detail");
  if (!detail) return;
  // Shown from the start with its hint, so the first tap fills it without moving the chart.
  const mouse = window.matchMedia("(hover: hover) and (pointer: fine)").matches;
  detail.textContent = (mouse && detail.dataset.emptyPointer) || detail.dataset.empty || "";
  detail.hidden = false;
  let shown = null;
  let touch = false;
  let wasShown = false;  // at the tap's start: focus (which shows it) comes before the click
  function show(cell) {
    detail.textContent = cell.dataset.where + ": " + cell.getAttribute("title");
    if (shown) shown.classList.remove("shown");
    shown = cell;
    cell.classList.add("shown");
  }
  document.querySelectorAll("td.cell").forEach(function (cell) {
    cell.addEventListener("pointerdown", function (event) {
      touch = event.pointerType === "touch";
      wasShown = shown === cell;
    });
    cell.addEventListener("click", function (event) {
      if (touch && !wasShown) event.preventDefault();  // first tap: the EVs, not the drill
      touch = false;
      show(cell);
    });
    cell.addEventListener("focusin", function () { show(cell); });  // its drill link
    cell.addEventListener("pointerenter", function (event) {
      if (event.pointerType === "mouse") show(cell);
    });
  });
})();
