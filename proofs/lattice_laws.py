"""Lemma L (lattices): the domains of :mod:`activity.lattice` are finite lattices.

The implementation's own functions (``leq``, ``checked_join``, ``BOTTOM``) are called on
Z3 bit-vectors (they only use ``& | ~ ==``), so the proven formulas are the code, for
every bitset of :data:`WIDTH` bits (any module with up to that many alias classes; the
laws are bitwise, so they hold for any width).  ``Flag`` (the two-point lattice of the
sparse analyses) is the one-bit instance, checked exhaustively.
"""

from __future__ import annotations

import itertools

import z3

from activity.lattice import core
from proofs.z3num import Check, prove, timed

GROUP = "lattice laws"
WIDTH = 64


def _popcount(x: z3.BitVecRef) -> z3.BitVecRef:
    """Number of classes in a set (a bit-vector adder: bit-blasted, so only used at
    small widths)."""
    return z3.Sum([z3.ZeroExt(7, z3.Extract(i, i, x)) for i in range(x.size())])


LAWS = ("reflexive", "antisymmetric", "transitive", "join is an upper bound",
        "join is the least upper bound", "join commutative, associative, idempotent",
        "bottom is least", "finite height (strict increase adds classes)")


def _laws(width: int) -> dict[str, z3.BoolRef]:
    """The laws as formulas built by the implementation's functions (call with join
    checks off: they assert on concrete ints only)."""
    a, b, c = z3.BitVecs("a b c", width)
    leq, join = core.leq, core.checked_join
    bot = z3.BitVecVal(core.BOTTOM, width)
    return {
        "reflexive": leq(a, a),
        "antisymmetric": z3.Implies(z3.And(leq(a, b), leq(b, a)), a == b),
        "transitive": z3.Implies(z3.And(leq(a, b), leq(b, c)), leq(a, c)),
        "join is an upper bound": z3.And(leq(a, join(a, b)), leq(b, join(a, b))),
        "join is the least upper bound": z3.Implies(z3.And(leq(a, c), leq(b, c)),
                                                    leq(join(a, b), c)),
        "join commutative, associative, idempotent": z3.And(
            join(a, b) == join(b, a), join(join(a, b), c) == join(a, join(b, c)),
            join(a, a) == a),
        "bottom is least": leq(bot, a),
        # height: a strict increase adds a nonempty set of classes disjoint from the
        # old ones, so the number of classes grows (chains are at most #classes long)
        "finite height (strict increase adds classes)": z3.Implies(
            z3.And(leq(a, b), a != b),
            z3.And(b == a | (b & ~a), a & (b & ~a) == 0, b & ~a != 0)),
    }


def check_law(name: str, width: int = WIDTH) -> tuple[bool, str]:
    was = core.join_checks_enabled()
    core.set_join_checks(False)  # the checked variant asserts on concrete ints only
    try:
        status, model = prove(_laws(width)[name])
    finally:
        core.set_join_checks(was)
    return status == "proved", status + (f": {model}" if model is not None else "")


def check_height_popcount(width: int = 16) -> tuple[bool, str]:
    """At a bit-blastable width, directly: a strict increase raises the class count."""
    a, b = z3.BitVecs("a b", width)
    f = z3.Implies(z3.And(core.leq(a, b), a != b), z3.ULT(_popcount(a), _popcount(b)))
    s = z3.Then("simplify", "bit-blast", "sat").solver()
    s.add(z3.Not(f))
    r = s.check()
    return r == z3.unsat, f"{r} (width {width})"


def check_flag() -> tuple[bool, str]:
    """The two-point Flag lattice (False < True): the same laws, exhaustively."""
    vals = (0, 1)
    for a, b, c in itertools.product(vals, repeat=3):
        j = core.checked_join(a, b)
        if not (core.leq(a, j) and core.leq(b, j)):
            return False, f"join({a}, {b}) = {j} is not an upper bound"
        if core.leq(a, c) and core.leq(b, c) and not core.leq(j, c):
            return False, f"join({a}, {b}) is not least"
        if core.leq(a, b) and core.leq(b, a) and a != b:
            return False, "not antisymmetric"
    if not (core.leq(core.BOTTOM, 0) and core.leq(0, 1) and not core.leq(1, 0)):
        return False, "False is not below True"
    return True, "exhaustive (height 1)"


def check_members() -> tuple[bool, str]:
    """``members`` lists exactly the classes of a set (used by the alias analysis)."""
    for s in range(1 << 10):
        if sum(1 << k for k in core.members(s)) != s or core.members(s) != sorted(
                set(core.members(s))):
            return False, f"members({s:#x}) = {core.members(s)}"
    return True, "exhaustive over 10 classes"


def checks() -> list[Check]:
    out = [timed(GROUP, f"ClassSet: {name}", "L1", lambda n=name: check_law(n))
           for name in LAWS]
    out.append(timed(GROUP, "ClassSet: height = number of classes (popcount, 16 bits)",
                     "L1", check_height_popcount))
    out.append(timed(GROUP, "Flag: two-point lattice", "L1", check_flag))
    out.append(timed(GROUP, "members enumerates a set", "L1", check_members))
    return out
