"""The blackjack engine: pure Python, imports nothing from Django.

Modules: cards (Rank, Suit, Card, Shoe), hands (valuation), rules (Rules, PRESETS),
round (the casino round as a value), scenario (scripted rounds from JSON).
"""
