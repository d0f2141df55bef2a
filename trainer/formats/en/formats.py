"""English dates as the site writes them: "1 Dec 2026, 07:04" (day month year, a 24-hour
clock), not Django's American "12/01/2026 7:04 a.m."."""

DATE_FORMAT = "j M Y"
SHORT_DATE_FORMAT = "j M Y"
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "j M Y, H:i"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
