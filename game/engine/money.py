"""Exact chip amounts as text.

Bets and payouts are ``Fraction`` values in the engine (a 3:2 natural on 5 chips is 15/2);
this writes them as exact decimal strings for JSON and the database's Decimal fields.
"""

from __future__ import annotations

from fractions import Fraction


def money(amount: Fraction) -> str:
    """An exact decimal string for a Fraction of chips ("7.5", "-20", "0"); a fraction that
    has no finite decimal form is written "p/q"."""
    amount = Fraction(amount)
    den = amount.denominator
    digits = 0
    while den % 10 == 0 or den % 2 == 0 or den % 5 == 0:
        if den % 10 == 0:
            den //= 10
        elif den % 2 == 0:
            den //= 2
        else:
            den //= 5
        digits += 1
    if den != 1:
        return f"{amount.numerator}/{amount.denominator}"
    scaled = amount * 10**digits
    sign = "-" if scaled < 0 else ""
    text = str(abs(scaled.numerator)).rjust(digits + 1, "0")
    if digits == 0:
        return f"{sign}{text}"
    return f"{sign}{text[:-digits]}.{text[-digits:]}".rstrip("0").rstrip(".")
