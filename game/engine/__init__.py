"""The blackjack engine: pure Python, imports nothing from Django.

Modules: errors (EngineError, the base of every error here, and Reason, why it was
raised), cards (Rank, Suit, Card, Shoe), hands (valuation), rules (Rules and the presets),
variants (the registry of games),
legality (which actions the rules allow a hand), round (the casino round as a value),
banker (the historical game with a rotating bank), money (exact chip text), scenario
(scripted rounds from JSON), players (what a seat sees, the AI players), strategy (the
exact EVs).
"""
