"""Test-wide settings: MLIR-style monotonicity checks at every join stay on in tests."""

from activity.lattice import set_join_checks

set_join_checks(True)
