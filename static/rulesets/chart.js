// The chart page: tapping or focusing a cell shows its EVs (the cell's title) in a line
// that stays on screen, for phones and keyboards, where there is no hover.
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
  function show(cell) {
    detail.textContent = cell.dataset.where + ": " + cell.getAttribute("title");
    detail.hidden = false;
  }
  document.querySelectorAll("td.cell").forEach(function (cell) {
    cell.addEventListener("click", function () { show(cell); });
    cell.addEventListener("focusin", function () { show(cell); });  // its drill link
  });
})();
