// The person's time zone, kept in the "tz" cookie: the daily goal's day runs from midnight
// to midnight there (trainer/web/days.py). Without JavaScript the page's language decides.
(function () {
  "use strict";
  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (e) {
    return;
  }
  if (!zone) return;
  var value = "tz=" + encodeURIComponent(zone);
  if (document.cookie.split("; ").indexOf(value) === -1) {
    document.cookie = value + "; path=/; max-age=31536000; samesite=lax";
  }
})();
