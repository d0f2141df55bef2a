// The site's keyboard shortcuts and confirmations, for every page that has them (the table,
// the banker game, replays, the drills, the rule set page). Optional: without JavaScript the
// buttons post their forms and data-confirm forms post without asking.
// A button answers the key named in its data-shortcut ("h", "enter space"...); on a page with a
// [data-shortcut-scope] element (the drill card) only the buttons inside it answer.
(function () {
  "use strict";

  // The keys work: their hints may show (site.css hides them without JavaScript).
  document.documentElement.classList.add("js");

  // The physical key, so H/S/D/P work with any layout (on a Cyrillic layout "KeyH" types "р").
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
    // so a held or doubled key cannot act twice.
    if (document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling")) return;
    var target = event.target;
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    var key = keyName(event);
    // A focused button or link already answers Enter and Space itself.
    if ((key === "enter" || key === "space") && target && target.closest &&
        target.closest("button, a, summary")) return;
    var scope = document.querySelector("[data-shortcut-scope]") || document;
    var button = scope.querySelector('[data-shortcut~="' + key + '"]:not([disabled])');
    if (!button) return;
    event.preventDefault();
    button.click();
  });

  // A form with data-confirm asks first (New session ends the table).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
    }
  });
})();
