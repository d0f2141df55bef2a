"""Bulgarian date and time: Django's Bulgarian formats have no date-and-time formats, which
fall back to the American "12/01/2026 7:04 a.m."; Bulgarian writes "01.12.2026 07:04"."""

DATETIME_FORMAT = "d F Y, H:i"
SHORT_DATETIME_FORMAT = "d.m.Y H:i"
