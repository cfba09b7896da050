"""The interpreter's rules, one module per dialect family; importing this package
registers them all in :mod:`activity.semantics.registry`.

A new dialect family is a new module here (registering its op, kind, terminator and
argument rules with the decorators of the registry) plus its line below; the core
(:mod:`activity.semantics.interpreter`) does not change.
"""

from activity.semantics.rules import (
    calls,
    cf,
    linalg,
    llvm,
    memref,
    parallel,
    scalar,
    scf,
    tensor,
)

__all__ = ["calls", "cf", "linalg", "llvm", "memref", "parallel", "scalar", "scf", "tensor"]
