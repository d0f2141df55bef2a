// Installable: the service worker keeps the rule pages and the charts readable offline
// (templates/web/sw.js, served at the URL in this script's data-sw). Optional: without it
// (or without JavaScript) every page works online as before.
(function () {
  "use strict";
  var script = document.currentScript;
  var url = script && script.getAttribute("data-sw");
  if (!url || !("serviceWorker" in navigator)) return;
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(url, { scope: "/" }).catch(function () {
      // No offline copies then (a private window, a browser that refuses): nothing to say.
    });
  });
})();
