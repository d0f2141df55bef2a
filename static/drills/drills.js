// Keyboard shortcuts of the strategy drills: H S D P R answer, Y/N insurance or even money,
// Enter or Space go to the next question. Optional: without JavaScript the buttons post the
// forms and the page reloads.
(function () {
  "use strict";

  // The physical key, so the letters work with any layout (on a Cyrillic layout the key
  // "KeyH" types "р"): the same matching as the table's static/game/table.js.
  function keyName(event) {
    var code = event.code || "";
    if (code.indexOf("Key") === 0) return code.slice(3).toLowerCase();
    if (code === "Space") return "space";
    if (code === "Enter" || code === "NumpadEnter") return "enter";
    if (event.key === " ") return "space";
    return (event.key || "").toLowerCase();
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
    // A request is on its way and the buttons are about to be replaced: ignore the key,
    // so a held or doubled key cannot answer twice.
    if (document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling")) return;
    var target = event.target;
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    var key = keyName(event);
    // A focused button or link already answers Enter and Space itself.
    if ((key === "enter" || key === "space") && target && target.closest &&
        target.closest("button, a, summary")) return;
    var button = document.querySelector(
      '#drill-card [data-shortcut~="' + key + '"]:not([disabled])');
    if (!button) return;
    event.preventDefault();
    button.click();
  });
})();
