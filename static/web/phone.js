// After HTMX swaps a felt (the table's after a deal or an action, a drill's or a walk's after an
// answer), the new one may be shorter than the one it replaced and leave the page scrolled
// past its top: on a phone the dealer's cards and the hand would then be above the screen.
// Only then is the felt's top brought back to the screen's; otherwise nothing moves.
(function () {
  "use strict";
  document.addEventListener("htmx:afterSettle", function () {
    var felt = document.querySelector("#table-felt, #drill-card, #walk-card");
    if (felt && felt.getBoundingClientRect().top < 0) felt.scrollIntoView({ block: "start" });
  });
})();

// The phone's menu (a <details> in the header) closes as menus do: on Escape (focus back on
// its button) and on a tap outside it. Without JavaScript its button still opens and closes it.
(function () {
  "use strict";
  function openMenu() { return document.querySelector("details.site-menu[open]"); }
  document.addEventListener("keydown", function (event) {
    var menu = openMenu();
    if (event.key === "Escape" && menu) {
      menu.open = false;
      menu.querySelector("summary").focus();
    }
  });
  document.addEventListener("click", function (event) {
    var menu = openMenu();
    if (menu && !menu.contains(event.target)) menu.open = false;
  });
})();
