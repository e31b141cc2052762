"""How colours look to deuteranopes and protanopes (Machado, Oliveira and Fernandes 2009, severity 1, applied in
linear RGB) and how far apart two colours are (CIELAB, lightness counted twice: dark colours that differ only in
hue look alike sooner than the plain distance says), for tests that colours telling things apart stay apart."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable

Colour = tuple[int, int, int]

DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))


def _linear(value: float) -> float:
    value /= 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _encoded(value: float) -> float:
    value = min(1.0, max(0.0, value))
    return 255 * (12.92 * value if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055)


def seen_by(colour: Colour, matrix: tuple[tuple[float, ...], ...]) -> tuple[float, float, float]:
    linear = [_linear(v) for v in colour]
    r, g, b = (_encoded(sum(row[i] * linear[i] for i in range(3))) for row in matrix)
    return r, g, b


def _lab(colour: Iterable[float]) -> tuple[float, float, float]:
    r, g, b = (_linear(v) for v in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def apart(a: Iterable[float], b: Iterable[float]) -> float:
    (la, aa, ba), (lb, ab, bb) = _lab(a), _lab(b)
    return math.hypot(2 * (la - lb), aa - ab, ba - bb)


def closest_pair(colours: dict[str, Colour]) -> tuple[float, str, str, str]:
    """The two colours nearest each other as anyone, a deuteranope or a protanope sees them: (distance, vision,
    first, second)."""
    found = []
    for (one, a), (other, b) in itertools.combinations(colours.items(), 2):
        found.append((apart(a, b), "normal", one, other))
        for name, matrix in (("deuteranopia", DEUTERANOPIA), ("protanopia", PROTANOPIA)):
            found.append((apart(seen_by(a, matrix), seen_by(b, matrix)), name, one, other))
    return min(found)


def contrast_with_white(colour: Colour) -> float:
    r, g, b = (_linear(v) for v in colour)
    return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05)
