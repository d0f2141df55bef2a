"""The table app: table sessions, rounds and their views."""
