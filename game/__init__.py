"""The game of twenty-one, in three layers: ``engine`` (the rules and the mathematics, pure
Python), ``rulesets`` (rule sets, their stored analyses and pages) and ``table`` (where a
person plays: sessions, rounds, replays and their pages)."""
