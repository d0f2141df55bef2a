// The counting drills' pacing (trainer/drills/count_views.py). The running count: the cards
// flash a group at a time at the question's pace (data-pace, ms), then the answer form
// shows. The countdown: one card at a time, turned by the person (the Next card button, or
// Space), then the answer form. Without JavaScript every card is on the page at once and the
// form is there: the drill still works, only unpaced. The cards are the question itself;
// the right count is never on the page before the answer.
(function () {
  "use strict";

  function reveal(form) {
    if (!form) return;
    form.hidden = false;
    var input = form.querySelector("input[name=answer]");
    if (input) input.focus();
  }

  function progress(node, shown, total) {
    if (node) node.textContent = shown + " / " + total;
  }

  function flash(box) {
    var groups = Array.prototype.slice.call(box.querySelectorAll(".flash-group"));
    var pace = parseInt(box.getAttribute("data-pace"), 10) || 1000;
    var form = document.querySelector("form[data-after-cards]");
    var controls = box.parentNode.querySelector(".flash-controls");
    var start = controls && controls.querySelector("[data-flash-start]");
    var counter = controls && controls.querySelector("[data-flash-progress]");
    if (!groups.length || !start) return;
    groups.forEach(function (g) { g.hidden = true; });
    if (form) form.hidden = true;
    controls.hidden = false;
    start.focus();
    start.addEventListener("click", function () {
      start.disabled = true;
      var i = 0;
      function step() {
        if (i > 0) groups[i - 1].hidden = true;
        if (i === groups.length) {
          box.hidden = true;
          controls.hidden = true;
          reveal(form);
          return;
        }
        groups[i].hidden = false;
        i += 1;
        progress(counter, i, groups.length);
        window.setTimeout(step, pace);
      }
      step();
    });
  }

  function countdown(box) {
    var cards = Array.prototype.slice.call(box.querySelectorAll(".countdown-card"));
    var form = document.querySelector("form[data-after-cards]");
    var controls = box.parentNode.querySelector(".flash-controls");
    var next = controls && controls.querySelector("[data-countdown-next]");
    var counter = controls && controls.querySelector("[data-countdown-progress]");
    if (!cards.length || !next) return;
    var i = 0;
    cards.forEach(function (c, n) { c.hidden = n !== 0; });
    box.classList.add("one-at-a-time");
    if (form) form.hidden = true;
    controls.hidden = false;
    progress(counter, 1, cards.length);
    next.focus();
    next.addEventListener("click", function () {
      cards[i].hidden = true;
      i += 1;
      if (i === cards.length) {
        box.hidden = true;
        controls.hidden = true;
        reveal(form);
        return;
      }
      cards[i].hidden = false;
      progress(counter, i + 1, cards.length);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var box = document.querySelector("[data-flash]");
    if (box) flash(box);
    var deck = document.querySelector("[data-countdown]");
    if (deck) countdown(deck);
  });
})();
