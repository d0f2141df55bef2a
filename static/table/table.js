// The chip buttons of the bet (the keys and confirmations are static/web/keys.js). Optional:
// without JavaScript the bet is typed into the number field.
(function () {
  "use strict";

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
