// Announcing what HTMX swaps in. A screen reader reads out changes to a live region that was
// already on the page; the table's felt and the drill and walk cards are replaced whole
// (hx-swap="outerHTML"), so a live region inside them would be new, and new regions are
// mostly not announced. After each swap the text of every swapped-in [data-announce]
// element (the drill and walk verdicts, a replay's answer, the round's result) is written
// into one of two regions that stay on the page (base.html): #live-polite, or #live-assertive
// when one of them is data-announce="assertive" (a blunder). The table's flag needs none of
// this: its region (#decision-flag) stays on the page and only its content is swapped.
(function () {
  "use strict";
  function spoken(element) {
    var copy = element.cloneNode(true);
    copy.querySelectorAll('[aria-hidden="true"]').forEach(function (hidden) { hidden.remove(); });
    return copy.textContent.replace(/\s+/g, " ").trim();
  }
  document.addEventListener("htmx:afterSettle", function (event) {
    var root = event.target;
    if (!(root instanceof Element)) return;
    var sources = Array.prototype.slice.call(root.querySelectorAll("[data-announce]"));
    if (root.matches("[data-announce]")) sources.unshift(root);
    if (!sources.length) return;
    var assertive = sources.some(function (s) { return s.dataset.announce === "assertive"; });
    var region = document.getElementById(assertive ? "live-assertive" : "live-polite");
    if (!region) return;
    var text = sources.map(spoken).filter(Boolean).join(" ");
    // Emptied first, then filled a moment later: the same verdict twice in a row is a
    // change too, and is read again.
    region.textContent = "";
    window.setTimeout(function () { region.textContent = text; }, 100);
  });

  // The keyboard's place. A swap replaces the felt, the drill card or the walk card whole,
  // with the button that was pressed in it: focus would fall back to the page's start (the
  // next button a Tab away behind the header's links). It goes to the new element instead
  // (focusable from a script only, tabindex -1), so that Tab reaches the new buttons at
  // once and a screen reader reads where it is; no button is focused for the person, so
  // Enter or Space cannot act by surprise.
  var swapped = null;  // the id of the element being replaced, when focus was inside it
  document.addEventListener("htmx:beforeRequest", function (event) {
    // Before the buttons are disabled (hx-disabled-elt), which blurs them.
    var target = event.detail && event.detail.target;
    var active = document.activeElement;
    swapped = target && target.id && active && active !== document.body &&
      target.contains(active) ? target.id : null;
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!swapped) return;
    var element = document.getElementById(swapped);
    swapped = null;
    var active = document.activeElement;
    if (!element || (active && active !== document.body && document.contains(active))) return;
    if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
    element.focus({ preventScroll: true });
  });
})();
