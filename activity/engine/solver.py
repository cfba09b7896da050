"""Worklist solvers over a :class:`~activity.engine.graph.Graph`.

Why not ``xdsl.analysis``?  xDSL's dataflow framework stops at region, branch and call
boundaries; our analyses must flow through ``scf`` region entries, back edges and
exits, ``cf`` successors with block arguments, and calls (recursion included).  Rather
than graft those on, the engine first flattens the IR into explicit graphs (see
``graph.py``: the region-branch rules are written once there) and then runs plain
monotone worklist iterations on them:

* :class:`SparseSolver` -- a two-point lattice per SSA value propagated along the
  value-flow graph: forward (varied) over successors, backward (useful) over
  predecessors.
* :class:`DenseSolver` -- a bitset lattice per program point (CFG node), forward or
  backward, with a per-node transfer function and per-edge masks (interprocedural
  edges filter by what the callee may write or read).

All lattices are finite and every update only adds bits, so each node's state changes
at most (height) times and the iteration terminates.  Several solvers run to a joint
fixpoint by draining their worklists in turn (:func:`run_to_fixpoint`), which is how
the coupled analyses (values <-> memory) are solved.  With join checks on
(:func:`activity.lattice.set_join_checks`), every transfer is checked to be monotone:
its raw result must contain the previous raw result for the same node.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from activity.lattice.core import NonMonotoneJoin, join_checks_enabled, leq

Transfer = Callable[[int, int], int]


class SparseSolver:
    """A boolean fact per value id, closed under ``edges`` (fact at u => fact at v)."""

    def __init__(self, n: int, edges: Sequence[Sequence[int]],
                 on_set: Callable[[int], None] | None = None) -> None:
        self.flag = bytearray(n)
        self.edges = edges
        self.on_set = on_set
        self.queue: deque[int] = deque()

    def set(self, v: int) -> None:
        if not self.flag[v]:
            self.flag[v] = 1
            self.queue.append(v)

    def drain(self) -> bool:
        did = bool(self.queue)
        q, flag, edges, on_set = self.queue, self.flag, self.edges, self.on_set
        while q:
            v = q.popleft()
            for w in edges[v]:
                if not flag[w]:
                    flag[w] = 1
                    q.append(w)
            if on_set is not None:
                on_set(v)
        return did


class DenseSolver:
    """A bitset per CFG node; ``before``/``after`` in the direction of the analysis.

    Forward: ``inp[n] = seed[n] | OR(out[p] & fmask)``; ``out[n] = transfer(n, inp[n])``.
    Backward: the same over successors with ``bmask``.
    """

    def __init__(self, nnodes: int, preds: Sequence[Sequence[Sequence[int]]],
                 succs: Sequence[Sequence[Sequence[int]]], transfer: Transfer,
                 mask_index: int) -> None:
        self.inp = [0] * nnodes
        self.out = [0] * nnodes
        self.seed = [0] * nnodes
        self.preds = preds  # edges into the node, in analysis direction
        self.succs = succs  # nodes to revisit when out changes
        self.transfer = transfer
        self.mask_index = mask_index
        self.queue: deque[int] = deque()
        self.queued = bytearray(nnodes)
        self._raw: dict[int, int] = {}

    def enqueue(self, n: int) -> None:
        if not self.queued[n]:
            self.queued[n] = 1
            self.queue.append(n)

    def add_seed(self, n: int, s: int) -> None:
        self.seed[n] |= s
        self.enqueue(n)

    def drain(self) -> bool:
        did = bool(self.queue)
        q, mi, check = self.queue, self.mask_index, join_checks_enabled()
        while q:
            n = q.popleft()
            self.queued[n] = 0
            acc = self.seed[n]
            for e in self.preds[n]:
                acc |= self.out[e[0]] & e[mi]
            self.inp[n] |= acc
            raw = self.transfer(n, self.inp[n])
            if check:
                prev = self._raw.get(n, 0)
                if not leq(prev, raw):
                    raise NonMonotoneJoin(f"non-monotone transfer at node {n}: "
                                          f"{prev:#x} then {raw:#x}")
                self._raw[n] = raw
            new = self.out[n] | raw
            if new != self.out[n]:
                self.out[n] = new
                for e in self.succs[n]:
                    self.enqueue(e[0])
        return did


def run_to_fixpoint(solvers: Sequence[SparseSolver | DenseSolver]) -> None:
    """Drain all worklists until none has work: the joint least fixpoint."""
    busy = True
    while busy:
        busy = False
        for s in solvers:
            if s.drain():
                busy = True
