// Auto-advance in the drills: after a right answer the Next form carries
// data-auto-advance="<ms>"; after that pause its button is clicked, as the person would.
// A click on Next (or Enter) before then swaps the form out, and the pending click finds no
// form to press; the server asks one question per "after" number anyway, so nothing is
// skipped. Without JavaScript the Next button is simply there. The setting's check box
// (data-autosubmit) saves itself when changed.
(function () {
  "use strict";
  var timer = null;

  function arm() {
    if (timer) { window.clearTimeout(timer); timer = null; }
    var form = document.querySelector("form[data-auto-advance]");
    if (!form) return;
    var ms = parseInt(form.getAttribute("data-auto-advance"), 10) || 1200;
    timer = window.setTimeout(function () {
      timer = null;
      if (!document.body.contains(form)) return;
      var button = form.querySelector("button[type=submit]:not([disabled])");
      if (button) button.click();
    }, ms);
  }

  document.addEventListener("DOMContentLoaded", arm);
  document.addEventListener("htmx:afterSettle", arm);
  document.addEventListener("change", function (event) {
    var form = event.target && event.target.form;
    if (form && form.hasAttribute("data-autosubmit")) form.submit();
  });
})();
