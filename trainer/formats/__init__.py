"""Date and time formats where Django's own differ from how the language writes them
(``FORMAT_MODULE_PATH``; a format not set here is Django's for that language)."""
