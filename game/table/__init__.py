"""The table: a person's sessions at a table, their rounds and the replays of their
decisions, with the pages that play them (the app label stays "game", the name of its
tables in the database)."""
