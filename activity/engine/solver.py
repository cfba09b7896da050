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
  edges filter by what the callee may write or read); a priority worklist (ranks from
  :func:`rpo_ranks`) with delta propagation.  :class:`FifoDenseSolver` is the former
  FIFO one, kept only to check the new one against.

All lattices are finite and every update only adds bits, so each node's state changes
at most (height) times and the iteration terminates.  Several solvers run to a joint
fixpoint by draining their worklists in turn (:func:`run_to_fixpoint`), which is how
the coupled analyses (values <-> memory) are solved.  With join checks on
(:func:`activity.lattice.set_join_checks`), every transfer is checked to be monotone:
its raw result must contain the previous raw result for the same node.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from heapq import heapify, heappop, heappush
from itertools import chain

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

    The worklist is a priority queue on ``rank`` (a reverse post-order of the graph in
    the analysis direction, :func:`rpo_ranks`): the lowest-ranked pending node runs
    first, so a node normally runs after all its non-back-edge predecessors have
    settled and a loop (or a call cycle) iterates to its fixpoint before the nodes after
    it run.  Changes are pushed as deltas: when ``out[n]`` grows, only the new bits go
    to the successors' inputs, and a successor is queued only when its input grows.
    ``partner`` (the sparse solver whose flags the transfer sets) is drained after every
    transfer, so the value flags and the memory states advance together in one pass.
    :meth:`hold_inputs` / :meth:`release` split a solve into two phases (see
    ``ActivityProblem.solve`` and docs/engine.md).  ``visits`` counts transfers run.
    """

    def __init__(self, nnodes: int, preds: Sequence[Sequence[Sequence[int]]],
                 succs: Sequence[Sequence[Sequence[int]]], transfer: Transfer,
                 mask_index: int, rank: Sequence[int] | None = None,
                 partner: SparseSolver | None = None) -> None:
        self.inp = [0] * nnodes
        self.out = [0] * nnodes
        self.seed = [0] * nnodes
        self.preds = preds  # edges into the node, in analysis direction
        self.succs = succs  # edges out of the node, in analysis direction
        self.transfer = transfer
        self.mask_index = mask_index
        self.rank = rank if rank is not None else range(nnodes)
        self.at = [0] * nnodes  # rank -> node
        for n, r in enumerate(self.rank):
            self.at[r] = n
        self.partner = partner
        self.heap: list[int] = []
        self.queued = bytearray(nnodes)
        self.visits = 0
        self._raw: dict[int, int] = {}
        self.hold: bytearray | None = None  # nodes whose incoming deltas wait
        self.held: dict[int, int] = {}

    def hold_inputs(self, nodes: Iterable[int]) -> None:
        """Keep the deltas pushed into ``nodes`` aside (seeds still count) until
        :meth:`release`: a first phase that solves every function on its own entry
        seeds, which under-approximates the fixpoint."""
        self.hold = bytearray(len(self.inp))
        for n in nodes:
            self.hold[n] = 1

    def release(self, rank: Sequence[int] | None = None) -> None:
        """Deliver the held deltas (and re-rank the worklist by ``rank``)."""
        self.hold = None
        if rank is not None:
            self.rank = rank
            for n, r in enumerate(rank):
                self.at[r] = n
            self.heap = [rank[n] for n in range(len(rank)) if self.queued[n]]
            heapify(self.heap)
        for n, d in self.held.items():
            if d & ~self.inp[n]:
                self.inp[n] |= d
                self.enqueue(n)
        self.held = {}

    def enqueue(self, n: int) -> None:
        if not self.queued[n]:
            self.queued[n] = 1
            heappush(self.heap, self.rank[n])

    def add_seed(self, n: int, s: int) -> None:
        self.seed[n] |= s
        self.inp[n] |= s
        self.enqueue(n)

    def drain(self) -> bool:
        heap = self.heap
        did = bool(heap)
        mi, check = self.mask_index, join_checks_enabled()
        inp, out, succs, queued, at, rank = (self.inp, self.out, self.succs, self.queued,
                                             self.at, self.rank)
        transfer, partner, hold = self.transfer, self.partner, self.hold
        visits = 0
        while heap:
            n = at[heappop(heap)]
            queued[n] = 0
            visits += 1
            raw = transfer(n, inp[n])
            if check:
                prev = self._raw.get(n, 0)
                if not leq(prev, raw):
                    raise NonMonotoneJoin(f"non-monotone transfer at node {n}: "
                                          f"{prev:#x} then {raw:#x}")
                self._raw[n] = raw
            old = out[n]
            delta = raw & ~old
            if delta:
                out[n] = old | delta
                for e in succs[n]:
                    d = delta & e[mi]
                    if d:
                        s = e[0]
                        if hold is not None and hold[s]:
                            self.held[s] = self.held.get(s, 0) | d
                            continue
                        i = inp[s]
                        if d & ~i:
                            inp[s] = i | d
                            if not queued[s]:
                                queued[s] = 1
                                heappush(heap, rank[s])
            if partner is not None and partner.queue:
                partner.drain()
        self.visits += visits
        return did


def rpo_ranks(nnodes: int, succs: Sequence[Sequence[Sequence[int]]],
              starts: Iterable[int]) -> list[int]:
    """A rank per node: its position in a reverse post-order of a depth-first search
    over ``succs`` (records ``[node, ...]``) from ``starts`` in turn, then from every
    node not yet reached, in index order.  Along every edge that is not a back edge of
    the search the rank grows."""
    seen = bytearray(nnodes)
    post: list[int] = []
    for root in chain(starts, range(nnodes)):
        if seen[root]:
            continue
        seen[root] = 1
        stack = [(root, iter(succs[root]))]
        while stack:
            n, it = stack[-1]
            for e in it:
                m = e[0]
                if not seen[m]:
                    seen[m] = 1
                    stack.append((m, iter(succs[m])))
                    break
            else:
                stack.pop()
                post.append(n)
    rank = [0] * nnodes
    for i, n in enumerate(reversed(post)):
        rank[n] = i
    return rank


class FifoDenseSolver:
    """The former dense solver (FIFO worklist, inputs re-joined over all predecessors
    at every visit), kept to check :class:`DenseSolver` against (``legacy=True`` in
    :meth:`~activity.analysis.activity.ActivityProblem.solve`).

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


def run_to_fixpoint(solvers: Sequence[SparseSolver | DenseSolver | FifoDenseSolver]) -> None:
    """Drain all worklists until none has work: the joint least fixpoint."""
    busy = True
    while busy:
        busy = False
        for s in solvers:
            if s.drain():
                busy = True
