"""Bitset lattices: bottom, join, order, with optional join checks (see package doc)."""

from __future__ import annotations

Flag = bool
"""Two-point lattice ``False < True`` (varied / useful)."""

ClassSet = int
"""A finite set of alias-class ids, as a bitset: bit ``k`` set iff class ``k`` is in."""

BOTTOM: int = 0

_CHECK = False


def set_join_checks(on: bool) -> None:
    """Turn on MLIR-style monotonicity checks at every join (tests keep them on)."""
    global _CHECK
    _CHECK = on


def join_checks_enabled() -> bool:
    return _CHECK


def leq(a: int, b: int) -> bool:
    """The lattice order: ``a`` is a subset of ``b``."""
    return a & ~b == 0


class NonMonotoneJoin(AssertionError):
    """A join produced a value not above one of its inputs."""


def checked_join(a: int, b: int) -> int:
    """Least upper bound; with checks on, asserts it is above both inputs."""
    r = a | b
    if _CHECK and not (leq(a, r) and leq(b, r)):  # pragma: no cover - guards the encoding
        raise NonMonotoneJoin(f"join({a:#x}, {b:#x}) = {r:#x} is not an upper bound")
    return r


def members(s: int) -> list[int]:
    """The class ids in a set, ascending (one step per member, not per bit)."""
    out = []
    while s:
        low = s & -s
        out.append(low.bit_length() - 1)
        s ^= low
    return out
