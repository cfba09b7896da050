"""The AD rule tables (activity/ad/registry.py): an op's adjoint is found by its name
first, then by its op-table kind, and a rule may say whether the reverse sweep visits
its op at all -- the extension point a new dialect's rules file uses."""

from __future__ import annotations

import pytest

import activity
from activity.ad import grad
from activity.ad.registry import REVERSE, REVERSE_NEEDS, reverse_rule
from activity.ad.rules import scalar
from activity.ops import lookup

SRC = """
func.func @f(%x: f64) -> f64 {
  %y = arith.mulf %x, %x : f64
  %z = arith.addf %y, %x : f64
  return %z : f64
}
"""


def _dfdx(x: float) -> float:
    g = grad(activity.parse(SRC), "f", ["active"])
    (dx,) = activity.evaluate(g, "f_grad", x, 1.0)
    return float(dx)


def test_a_rule_for_the_name_comes_before_the_kind_rule(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    seen = []

    def mulf(gen, op):  # the scalar rule, counted
        seen.append(op)
        scalar.rev_scalar(gen, op, lookup(op))

    monkeypatch.setitem(REVERSE, "arith.mulf", mulf)
    assert _dfdx(3.0) == 7.0
    assert len(seen) == 2  # the planning run and the emitting run


def test_a_rule_decides_whether_its_op_is_visited(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _dfdx(3.0) == 7.0
    monkeypatch.setitem(REVERSE_NEEDS, "arith.mulf", lambda gen, op: False)
    assert _dfdx(3.0) == 1.0  # the product's adjoint is never propagated


def test_two_rules_for_one_op_are_refused() -> None:
    with pytest.raises(ValueError, match="two reverse rules for scf.for"):
        reverse_rule("scf.for")(lambda gen, op: None)
