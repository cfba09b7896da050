"""Deliberately unsound variants of the analysis are caught (issue 4, item 5).

Each mutant drops one kind of derivative propagation:

* **memory**: stores lose their memory effect (a varied value stored is forgotten);
* **block arguments**: no value flows into any block argument (branch operands, loop
  iter_args, region entries, callee arguments);
* **bitcast**: the table's ``bitcast`` entries carry no derivative;
* **loop back edge**: values yielded by a loop body (``scf.for``/``scf.while``) or
  passed along a backward ``cf`` branch do not flow back into the loop's arguments.

Each must be caught by at least one of: the Z3 lemmas (``proofs/``), the bounded
verifier (``activity verify``) or the random oracle (``activity.testing.oracle``); the
tests assert which ones do, and that the unmutated analysis passes the same checks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue

import activity
from activity.engine.graph import GraphBuilder
from activity.ops import TABLE, OpKind
from activity.testing import progen
from activity.testing.oracle import check_program
from activity.verify import Options, verify
from proofs import derivative_rules, local_soundness
from proofs.snippets import capture_dense

MUTANTS = ("memory", "block arguments", "bitcast", "loop back edge")


def _inside(op: Operation, u: SSAValue) -> bool:
    owner = u.op if isinstance(u, OpResult) else u.block.parent_op()  # type: ignore[union-attr]
    while owner is not None:
        if owner is op:
            return True
        owner = owner.parent_op()
    return False


@contextmanager
def mutant(kind: str, mp: pytest.MonkeyPatch) -> Iterator[None]:
    with mp.context() as m:
        if kind == "memory":
            wire = GraphBuilder._wire_spec

            def wire_spec(self, op, spec, n):  # type: ignore[no-untyped-def]
                wire(self, op, spec, n)
                if spec.kind == OpKind.MEM_WRITE:
                    self.g.effects.pop(n, None)

            m.setattr(GraphBuilder, "_wire_spec", wire_spec)
        elif kind == "block arguments":
            flow = GraphBuilder._flow

            def no_block_args(self, u, v):  # type: ignore[no-untyped-def]
                if not isinstance(v, BlockArgument):
                    flow(self, u, v)

            m.setattr(GraphBuilder, "_flow", no_block_args)
        elif kind == "bitcast":
            for name in ("arith.bitcast", "llvm.bitcast"):
                m.setitem(TABLE, name, dataclasses.replace(TABLE[name], diff=(),
                                                           partials=None))
        elif kind == "loop back edge":
            flow, scf, branch = (GraphBuilder._flow, GraphBuilder._wire_scf,
                                 GraphBuilder._wire_branch)

            def no_back_flow(self, u, v):  # type: ignore[no-untyped-def]
                ctx = getattr(self, "_mutant_ctx", None)
                if isinstance(v, BlockArgument) and ctx is not None:
                    kind_, op = ctx
                    if kind_ == "loop" and v.block.parent_op() is op and _inside(op, u):
                        return
                    if kind_ == "branch":
                        blocks = list(op.parent_block().parent.blocks)
                        if v.block in blocks and blocks.index(v.block) <= blocks.index(
                                op.parent_block()):
                            return
                flow(self, u, v)

            def wire_scf(self, op, name):  # type: ignore[no-untyped-def]
                self._mutant_ctx = ("loop", op) if name in ("scf.for", "scf.while") else None
                try:
                    scf(self, op, name)
                finally:
                    self._mutant_ctx = None

            def wire_branch(self, op):  # type: ignore[no-untyped-def]
                self._mutant_ctx = ("branch", op)
                try:
                    branch(self, op)
                finally:
                    self._mutant_ctx = None

            m.setattr(GraphBuilder, "_flow", no_back_flow)
            m.setattr(GraphBuilder, "_wire_scf", wire_scf)
            m.setattr(GraphBuilder, "_wire_branch", wire_branch)
        else:  # pragma: no cover
            raise ValueError(kind)
        yield


# ---------------------------------------------------------------------------
# The three detectors.

MEMORY = """\
func.func @f(%x: f64, %m: memref<4xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %a = memref.alloca() : memref<4xf64>
  memref.store %x, %a[%c0] : memref<4xf64>
  %l = memref.load %a[%c0] : memref<4xf64>
  %y = math.sin %l : f64
  return %y : f64
}
"""

SCF_LOOP = """\
func.func @f(%x: f64, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z, %b = %z) -> (f64, f64) {
    %a2 = arith.addf %b, %x : f64
    %b2 = arith.mulf %a, %a : f64
    scf.yield %a2, %b2 : f64, f64
  }
  return %r#1 : f64
}
"""

CF_LOOP = """\
func.func @f(%x: f64, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  cf.br ^head(%c0, %z : index, f64)
^head(%i: index, %a: f64):
  %c = arith.cmpi ult, %i, %n : index
  cf.cond_br %c, ^body, ^exit
^body:
  %a2 = arith.addf %a, %x : f64
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %a2 : index, f64)
^exit:
  %s = arith.mulf %a, %a : f64
  return %s : f64
}
"""

TARGETED = {  # mutant -> programs the verifier must refute under it
    "memory": [MEMORY],
    "block arguments": [SCF_LOOP, CF_LOOP],
    "loop back edge": [SCF_LOOP, CF_LOOP],
}


def verifier_catches(kind: str) -> bool:
    for text in TARGETED.get(kind, []):
        r = verify(activity.parse(text), "f", opts=Options(unroll=3, random_trials=0))
        if r.status != "counterexample":
            return False
    return bool(TARGETED.get(kind))


def lemmas_catch() -> list[str]:
    """The lemma checks that fail (bitcast round trip, memory-effect coverage, local
    soundness of the scalar ops)."""
    failed = []
    for name in ("arith.bitcast", "llvm.bitcast"):
        if not derivative_rules.check_bitcast_roundtrip(name)[0]:
            failed.append(f"{name} round trip")
    if not local_soundness.check_effect_coverage(capture_dense())[0]:
        failed.append("memory effect coverage")
    for spec in (TABLE["arith.addf"], TABLE["arith.bitcast"]):
        failed += [c.name for c in local_soundness.scalar_checks(spec) if not c.ok]
    return failed


ORACLE_SEEDS = range(12)


def oracle_catches() -> list[int]:
    hits = []
    for seed in ORACLE_SEEDS:
        if check_program(progen.generate(seed), trials=2):
            hits.append(seed)
    return hits


# ---------------------------------------------------------------------------


def test_unmutated_analysis_passes_every_detector() -> None:
    for text in {t for ts in TARGETED.values() for t in ts}:
        r = verify(activity.parse(text), "f", opts=Options(unroll=3, random_trials=0))
        assert r.status == "verified", r.render()
    assert lemmas_catch() == []
    assert oracle_catches() == []


def test_memory_mutant(monkeypatch: pytest.MonkeyPatch) -> None:
    with mutant("memory", monkeypatch):
        assert verifier_catches("memory")
        assert "memory effect coverage" in lemmas_catch()
        assert oracle_catches()


def test_block_argument_mutant(monkeypatch: pytest.MonkeyPatch) -> None:
    with mutant("block arguments", monkeypatch):
        assert verifier_catches("block arguments")
        assert oracle_catches()


def test_bitcast_mutant(monkeypatch: pytest.MonkeyPatch) -> None:
    with mutant("bitcast", monkeypatch):
        failed = lemmas_catch()
        assert "arith.bitcast round trip" in failed and "llvm.bitcast round trip" in failed


def test_loop_back_edge_mutant(monkeypatch: pytest.MonkeyPatch) -> None:
    with mutant("loop back edge", monkeypatch):
        assert verifier_catches("loop back edge")
        # the loop's first iteration is unaffected: a one-iteration bound cannot see it
        r = verify(activity.parse(SCF_LOOP), "f", opts=Options(unroll=1, random_trials=0))
        assert r.status == "verified"
        assert oracle_catches()


def test_every_mutant_is_caught_by_something(monkeypatch: pytest.MonkeyPatch) -> None:
    for kind in MUTANTS:
        with mutant(kind, monkeypatch):
            caught = verifier_catches(kind) or bool(lemmas_catch())
        assert caught, kind
