"""float32 arithmetic Python lacks: range checks and the shortest decimal that reads back exactly.

Python's floats are doubles; repr() gives the shortest decimal for a double, which for a value
stored as float is often longer than needed (repr of float32(0.1) is 0.10000000149011612).
C++ reads `0.1f` straight into the nearest float, so the shortest decimal that rounds to the
same float32 is what a person would write, and what kilnc emits.
"""

import math
import struct
from decimal import ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_EVEN, Context, Decimal
from fractions import Fraction

# Finite values at least this large round to infinity: halfway from FLT_MAX to 2**128.
_OVERFLOW = Fraction(2**128 - 2**103)
_INFINITY_BITS = 0x7F800000


def fits_f32(value: int | float) -> bool:
    """Whether a finite value rounds to a finite float32.

    >>> fits_f32(3.4028235e38), fits_f32(-3.4e38), fits_f32(3.5e38), fits_f32(10**40)
    (True, True, False, False)
    """
    return abs(Fraction(value)) < _OVERFLOW


def shortest_f32(value: int | float) -> str:
    """The shortest decimal that C++ reads as the float32 nearest to `value`, spelled like repr().

    `value` must be finite and fit a float32.

    >>> shortest_f32(0.016666668), shortest_f32(0.1), shortest_f32(1), shortest_f32(-2.5)
    ('0.016666668', '0.1', '1.0', '-2.5')
    >>> shortest_f32(16777217), shortest_f32(1e16), shortest_f32(0.00001)
    ('16777216.0', '1e+16', '1e-05')
    >>> shortest_f32(3.4028235e38), shortest_f32(1e-45), shortest_f32(-0.0)
    ('3.4028235e+38', '1e-45', '-0.0')
    """
    single = struct.unpack("<f", struct.pack("<f", value))[0]
    if single == 0:
        return "-0.0" if math.copysign(1.0, single) < 0 else "0.0"
    sign = "-" if single < 0 else ""
    return sign + _repr_style(_shortest_digits(abs(single)))


def _shortest_digits(single: float) -> Decimal:
    """The decimal with the fewest significant digits that rounds to the positive float32 `single`."""
    bits = _bits(single)
    below = Fraction(_from_bits(bits - 1))
    exact = Fraction(single)
    above = Fraction(_from_bits(bits + 1)) if bits + 1 < _INFINITY_BITS else 2 * exact - below
    # Decimals strictly between the midpoints round to `single`; a midpoint goes to the even one.
    low, high = (below + exact) / 2, (exact + above) / 2
    ties_to_single = bits % 2 == 0

    def rounds_to_single(candidate: Decimal) -> bool:
        value = Fraction(candidate)
        return low < value < high or (ties_to_single and value in (low, high))

    for digits in range(1, 10):  # nine significant digits always identify a float32
        # The nearest candidate can miss where the gap below is half the gap above (at powers of
        # two), while the candidate on the other side is still close enough.
        for rounding in (ROUND_HALF_EVEN, ROUND_FLOOR, ROUND_CEILING):
            candidate = Context(prec=digits, rounding=rounding).plus(Decimal(single))
            if rounds_to_single(candidate):
                return candidate
    raise AssertionError(f"no decimal of at most 9 digits reads back as float32 {single!r}")


def _repr_style(number: Decimal) -> str:
    """Spells a positive decimal as repr() spells floats: fixed from 1e-4 to 1e16, else exponent."""
    number = number.normalize()
    exponent = number.adjusted()
    if -4 <= exponent < 16:
        fixed = format(number, "f")
        return fixed if "." in fixed else fixed + ".0"
    digits = "".join(map(str, number.as_tuple().digits))
    mantissa = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    return f"{mantissa}e{exponent:+03d}"


def _bits(single: float) -> int:
    return struct.unpack("<I", struct.pack("<f", single))[0]


def _from_bits(bits: int) -> float:
    return struct.unpack("<f", struct.pack("<I", bits))[0]
