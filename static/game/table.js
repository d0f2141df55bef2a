// Keyboard shortcuts and chip buttons for the table. Everything here is optional: without
// JavaScript the forms post normally and the bet is typed into the number field.
(function () {
  "use strict";

  function typing(target) {
    return target && target.closest && target.closest("input, textarea, select, [contenteditable]");
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
    // While a request is on its way the buttons are about to be replaced: ignore the key.
    if (document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling")) return;
    // The physical key, so H/S/D/P work with a Cyrillic layout too (code "KeyH" sends "р").
    var code = event.code || "";
    var key = code.indexOf("Key") === 0 ? code.slice(3).toLowerCase()
      : code === "Space" ? "space"
      : code === "Enter" || code === "NumpadEnter" ? "enter"
      : event.key === " " ? "space" : (event.key || "").toLowerCase();
    // A focused button already answers Enter and Space; an input answers Enter by submitting.
    if ((key === "enter" || key === "space") && event.target.closest &&
        event.target.closest("button, a, summary")) return;
    if (typing(event.target)) return;
    var button = document.querySelector('[data-shortcut~="' + key + '"]:not([disabled])');
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

  document.addEventListener("click", function (event) {
    var chip = event.target.closest && event.target.closest("[data-chip], [data-chip-clear]");
    if (!chip) return;
    var form = chip.closest("form");
    var input = form && form.querySelector('input[name="bet"]');
    if (!input) return;
    if (chip.hasAttribute("data-chip-clear")) {
      input.value = "";
    } else {
      var current = parseInt(input.value, 10) || 0;
      var next = current + parseInt(chip.dataset.chip, 10);
      var max = parseInt(input.max, 10);
      input.value = isNaN(max) ? next : Math.min(next, max);
    }
    input.dispatchEvent(new Event("input", { bubbles: true }));
    // Give the keyboard back to the page, so Enter or Space deals instead of adding a chip.
    chip.blur();
  });
})();
