"""Random well-formed MLIR programs on the tensor level, for the soundness oracle.

One function ``@f`` over tensor arguments of small static shapes (sizes 1 to
``max_size``, 3 by default; ranks 1 to 3, ``f64``), ``f64`` scalars and an ``index``,
whose body draws statements from:

* elementwise ``arith``/``math`` on tensors, ``tensor.splat`` of scalars;
* ``linalg.generic`` with random projected-permutation indexing maps (an input's
  dimensions land on random distinct loops; the output keeps a random permutation of
  some loops, the others are reductions), bodies of random scalar ``arith``/``math``
  over the block arguments, values of the enclosing function and constants, sometimes
  using ``linalg.index`` (through ``index_cast``/``sitofp``), sometimes yielding a
  constant or a value that does not vary with the inputs;
* the named ops ``matmul``, ``matvec``, ``vecmat``, ``dot``, ``batch_matmul``,
  ``fill``, ``transpose``, ``broadcast``, ``reduce``, ``map``, ``copy`` and the
  elementwise ones (``add``, ``div``, ``exp``, ``rsqrt``, ...);
* ``tensor.extract``/``insert`` (constant indices, or the ``index`` argument reduced
  into range with ``arith.remui``), ``extract_slice``/``insert_slice`` (static, or a
  dynamic offset), ``from_elements``, ``collapse_shape``/``expand_shape``, ``cast``
  (to a dynamic shape and back), ``dim``;
* ``scf.for`` carrying a tensor, ``scf.if`` yielding tensors; scalar arithmetic;
* sometimes a ``memref`` argument (``dup``/``const``/``dupnoneed``), read first with
  ``bufferization.to_tensor`` and written last by ``linalg`` on buffers (a tensor
  through ``bufferization.to_buffer``).

Every op result an output reads is initialised (a reduction's or a body-reading output
starts from ``linalg.fill``); indices and slices are in bounds.  Pieces of
:mod:`activity.testing.progen` are reused (choosers, op lists, the program record).
:func:`generate` is deterministic in a seed; :func:`programs` is a Hypothesis
strategy.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from hypothesis import strategies as st

from activity.testing.progen import (
    BINARY,
    FLOAT_CONSTS,
    FLOAT_TYPES,
    POSITIVE_DOMAIN,
    UNARY,
    Chooser,
    DrawChooser,
    GeneratedProgram,
    RandomChooser,
    _Rng,
    pick,
    weighted,
)

F64 = "f64"
INDEX = "index"
NAMED_BINARY = ("linalg.add", "linalg.mul", "linalg.sub", "linalg.max", "linalg.min",
                "linalg.div", "linalg.powf")
NAMED_UNARY = ("linalg.exp", "linalg.negf", "linalg.abs", "linalg.tanh", "linalg.square",
               "linalg.log", "linalg.sqrt", "linalg.rsqrt", "linalg.reciprocal")
NAMED_POSITIVE = ("linalg.log", "linalg.sqrt", "linalg.rsqrt", "linalg.powf")


def ttype(shape: tuple[int, ...]) -> str:
    return "tensor<" + "".join(f"{n}x" for n in shape) + "f64>"


def shape_of(t: str) -> tuple[int, ...]:
    """The static shape of a generated tensor or memref type (``tensor<2x3xf64>``)."""
    dims = t[t.index("<") + 1:-1].split("x")[:-1]
    return tuple(int(d) for d in dims)


def is_tensor(t: str) -> bool:
    return t.startswith("tensor<")


def is_memref(t: str) -> bool:
    return t.startswith("memref<")


@dataclass(frozen=True)
class TensorProgram(GeneratedProgram):
    """A generated tensor program: tensor (and memref) arguments get float64 arrays of
    their shape, tangent arrays (nonzero for ``active``/``dup`` ones).  ``shapes``:
    the shape of each argument whose type has dynamic sizes (by position); ``alias``:
    two tensor arguments of one type the caller passes the same array for."""

    shapes: tuple[tuple[int, ...] | None, ...] = ()
    alias: tuple[int, int] | None = None

    def shape(self, k: int) -> tuple[int, ...]:
        if k < len(self.shapes) and self.shapes[k] is not None:
            return self.shapes[k]  # type: ignore[return-value]
        return shape_of(self.arg_types[k])

    def make_inputs(self, rng: Any) -> list[Any]:
        r = _Rng(rng)
        out: list[Any] = []
        for k, t in enumerate(self.arg_types):
            if is_tensor(t) or is_memref(t):
                shape = self.shape(k)
                n = int(np.prod(shape, dtype=np.int64))
                out.append(np.array([r.signed(0.25, 2.0) for _ in range(n)]).reshape(shape))
            elif t in FLOAT_TYPES:
                out.append(r.signed(0.25, 2.0))
            else:
                out.append(r.integer(0, 4))
        return out

    def make_tangents(self, rng: Any) -> list[Any]:
        r = _Rng(rng)
        out: list[Any] = []
        for k, (t, a) in enumerate(zip(self.arg_types, self.args, strict=True)):
            if is_tensor(t) or is_memref(t):
                shape = self.shape(k)
                n = int(np.prod(shape, dtype=np.int64))
                out.append(np.array([r.signed(0.5, 1.5) for _ in range(n)]).reshape(shape)
                           if a in ("active", "dup", "dupnoneed") else np.zeros(shape))
            elif t in FLOAT_TYPES:
                out.append(r.signed(0.5, 1.5) if a == "active" else 0.0)
            else:
                out.append(None)
        return out

    def zero_tangents(self) -> list[Any]:
        return [np.zeros(self.shape(k)) if is_tensor(t) or is_memref(t) else
                0.0 if t in FLOAT_TYPES else None for k, t in enumerate(self.arg_types)]


@dataclass
class TensorGenConfig:
    stmts: tuple[int, int] = (3, 10)
    max_depth: int = 1  # nesting of scf regions
    p_memref: float = 0.3  # a memref argument: read by to_tensor, written by linalg
    # a linalg.generic body masked by its iteration indices (``select(j < i, ..)``);
    # 0 draws nothing more, so the programs of a seed stay those they were
    p_mask: float = 0.0
    # the largest size of a tensor dimension (bigger ones reach the loop lowering's
    # tiles, blocks and panels)
    max_size: int = 3
    # the draws below are made only when their probability is not 0 (the programs of
    # a seed stay those they were): ``scf.while`` carrying a tensor; a tensor made
    # dynamic (``tensor.cast``) and computed on with dynamic sizes, and tensor
    # arguments of dynamic type; zero-size slices (a contraction over an empty
    # dimension, ops on empty tensors); two tensor arguments given the same array;
    # a memref written by ``memref.store`` of extracted elements
    p_while: float = 0.0
    p_dynamic: float = 0.0
    p_zero: float = 0.0
    p_alias: float = 0.0
    p_store: float = 0.0
    # an scf.for over the rows of a tensor, inserting into the carried tensor what it
    # computes from a row (or element) of another and, sometimes, the previous row of
    # the carried one (a recurrence)
    p_rows: float = 0.0
    # a mask's zero defined before the generic (as the loop lowering's Mask wants)
    p_mask_outer: float = 0.0
    # a reduction summing a triangle: acc + select(j < i (+1), body(a[i, j]), 0.0)
    p_tri: float = 0.0
    # the statements below reach the loop lowering's newer optimizations
    # (activity/tensor/opts.py, loops.py): a contraction summing products of several
    # factors over two reductions, one factor often zero (``zeroskip``); an i-k-j
    # contraction of dynamic sizes, sometimes triangle-masked (``regtile``, the jams,
    # ``WIDE_FMA``); an ``scf.for`` whose body maps the carried tensor through a
    # transcendental parallel generic, reading a slice of a loop-invariant tensor at
    # the induction variable (``tapebody``, ``reslice``); a result returned twice or
    # with a slice of it (results sharing one block)
    p_skin: float = 0.0
    p_dynmm: float = 0.0
    p_trans_for: float = 0.0
    p_result_alias: float = 0.0


class _Scope:
    def __init__(self, parent: _Scope | None = None) -> None:
        self.parent = parent
        self.vals: list[tuple[str, str]] = []  # (name, type)

    def all(self) -> list[tuple[str, str]]:
        out = self.parent.all() if self.parent else []
        return out + self.vals

    def of(self, pred: Callable[[str], bool]) -> list[str]:
        return [n for n, t in self.all() if pred(t)]


class _Gen:
    def __init__(self, ch: Chooser, cfg: TensorGenConfig) -> None:
        self.ch = ch
        self.cfg = cfg
        self.n = 0
        self.lines: list[str] = []
        self.indent = 1
        self.scope = _Scope()
        self.depth = 0
        self._generic_at = (0, 1)

    # -- plumbing
    def fresh(self, p: str = "v") -> str:
        self.n += 1
        return f"%{p}{self.n}"

    def emit(self, line: str) -> None:
        self.lines.append("  " * self.indent + line)

    def add(self, name: str, t: str) -> str:
        self.scope.vals.append((name, t))
        return name

    def tensors(self, shape: tuple[int, ...] | None = None) -> list[str]:
        return self.scope.of(lambda t: is_tensor(t) and (shape is None or shape_of(t) == shape))

    def type_of(self, name: str) -> str:
        for n, t in self.scope.all():
            if n == name:
                return t
        raise KeyError(name)

    def scalar(self) -> str:
        """An f64 value in scope (or a fresh constant)."""
        xs = self.scope.of(lambda t: t == F64)
        if xs and self.ch.chance(0.8):
            return pick(self.ch, xs)
        return self.const()

    def const(self) -> str:
        c = self.fresh("c")
        self.emit(f"{c} = arith.constant {pick(self.ch, FLOAT_CONSTS)!r} : f64")
        return self.add(c, F64)

    def index_const(self, k: int) -> str:
        c = self.fresh("i")
        self.emit(f"{c} = arith.constant {k} : index")
        return c

    def index_below(self, n: int) -> str:
        """An index in [0, n): a constant, or the index argument reduced into range."""
        idxs = self.scope.of(lambda t: t == INDEX)
        if idxs and self.ch.chance(0.4):
            m = self.index_const(n)
            r = self.fresh("r")
            self.emit(f"{r} = arith.remui {pick(self.ch, idxs)}, {m} : index")
            return r
        return self.index_const(self.ch.integer(0, n - 1))

    def size(self) -> int:
        """A dimension's size, 1 to ``max_size``."""
        return self.ch.integer(1, self.cfg.max_size)

    def shape(self, rank: int | None = None) -> tuple[int, ...]:
        rank = rank if rank is not None else weighted(self.ch, [(3, 1), (4, 2), (1, 3)])
        return tuple(self.size() for _ in range(rank))

    def tensor_of(self, shape: tuple[int, ...]) -> str:
        """A tensor of ``shape`` in scope, or a new one (splat of a scalar)."""
        xs = self.tensors(shape)
        if xs and self.ch.chance(0.85):
            return pick(self.ch, xs)
        v = self.fresh("s")
        self.emit(f"{v} = tensor.splat {self.scalar()} : {ttype(shape)}")
        return self.add(v, ttype(shape))

    def any_tensor(self) -> str:
        xs = self.tensors()
        return pick(self.ch, xs) if xs and self.ch.chance(0.9) else self.tensor_of(self.shape())

    def filled(self, shape: tuple[int, ...]) -> str:
        e, f = self.fresh("e"), self.fresh("z")
        t = ttype(shape)
        self.emit(f"{e} = tensor.empty() : {t}")
        self.emit(f"{f} = linalg.fill ins({self.scalar()} : f64) outs({e} : {t}) -> {t}")
        return f

    def empty(self, shape: tuple[int, ...]) -> str:
        e = self.fresh("e")
        self.emit(f"{e} = tensor.empty() : {ttype(shape)}")
        return e

    # -- scalar expressions (function scope or a linalg body)
    def expr(self, leaves: list[str], ops: int) -> str:
        vals = list(leaves)
        for _ in range(ops):
            r = self.fresh("x")
            if self.ch.chance(0.6) and len(vals) >= 1:
                op = pick(self.ch, BINARY)
                a, b = pick(self.ch, vals), pick(self.ch, vals)
                self.emit(f"{r} = {op} {a}, {b} : f64")
            else:
                op = pick(self.ch, UNARY)
                a = pick(self.ch, vals)
                if op in POSITIVE_DOMAIN:
                    ab = self.fresh("x")
                    self.emit(f"{ab} = math.absf {a} : f64")
                    a = ab
                self.emit(f"{r} = {op} {a} : f64")
            vals.append(r)
        return vals[-1]

    # -- statements
    def stmt(self) -> None:
        kinds: list[tuple[int, Callable[[], None]]] = [
            (4, self.s_elementwise), (6, self.s_generic), (2, self.s_matmul),
            (1, self.s_transpose), (1, self.s_broadcast), (2, self.s_reduce),
            (1, self.s_copy), (2, self.s_named_elementwise), (2, self.s_contraction),
            (1, self.s_map), (3, self.s_extract),
            (2, self.s_insert), (2, self.s_extract_slice), (2, self.s_insert_slice),
            (1, self.s_from_elements), (1, self.s_reshape), (1, self.s_cast),
            (2, self.s_scalar),
        ]
        if self.depth < self.cfg.max_depth:
            kinds += [(2, self.s_for), (2, self.s_if)]
            if self.cfg.p_while:
                kinds.append((round(10 * self.cfg.p_while), self.s_while))
        for p, s in ((self.cfg.p_dynamic, self.s_dynamic), (self.cfg.p_zero, self.s_zero),
                     (self.cfg.p_rows, self.s_rows), (self.cfg.p_tri, self.s_tri),
                     (self.cfg.p_skin, self.s_skin), (self.cfg.p_dynmm, self.s_dynmm)):
            if p:  # (the optional statements, each drawn with weight 10 p)
                kinds.append((round(10 * p), s))
        if self.cfg.p_trans_for and self.depth < self.cfg.max_depth:
            kinds.append((round(10 * self.cfg.p_trans_for), self.s_trans_for))
        weighted(self.ch, kinds)()

    def s_scalar(self) -> None:
        leaves = [self.scalar() for _ in range(2)]
        self.add(self.expr(leaves, self.ch.integer(1, 2)), F64)

    def s_elementwise(self) -> None:
        a = self.any_tensor()
        t = self.type_of(a)
        r = self.fresh("w")
        if self.ch.chance(0.6):
            b = self.tensor_of(shape_of(t))
            self.emit(f"{r} = {pick(self.ch, BINARY)} {a}, {b} : {t}")
        else:
            op = pick(self.ch, UNARY)
            if op in POSITIVE_DOMAIN:
                ab = self.fresh("w")
                self.emit(f"{ab} = math.absf {a} : {t}")
                a = ab
            self.emit(f"{r} = {op} {a} : {t}")
        self.add(r, t)

    def s_generic(self) -> None:
        ch = self.ch
        n_loops = ch.integer(1, 3)
        sizes: list[int | None] = [None] * n_loops
        ins: list[tuple[str, list[int]]] = []  # (value, loops of its dims)
        for _ in range(ch.integer(1, 2)):
            cands = [v for v in self.tensors() if len(shape_of(self.type_of(v))) <= n_loops]
            v = pick(ch, cands) if cands and ch.chance(0.85) else \
                self.tensor_of(self.shape(ch.integer(1, n_loops)))
            shape = shape_of(self.type_of(v))
            for _ in range(4):  # draw an injective dims -> loops assignment that fits
                loops = list(range(n_loops))
                order = [loops.pop(ch.integer(0, len(loops) - 1)) for _ in range(len(shape))]
                if all(sizes[d] in (None, n) for d, n in zip(order, shape, strict=True)):
                    break
            else:
                continue
            for d, n in zip(order, shape, strict=True):
                sizes[d] = n
            ins.append((v, order))
        # output: a random permutation of some loops (every unbound loop among them)
        unbound = [d for d in range(n_loops) if sizes[d] is None]
        for d in unbound:
            sizes[d] = self.size()
        rest = [d for d in range(n_loops) if d not in unbound]
        keep = unbound + [d for d in rest if ch.chance(0.6)]
        out_loops = [keep.pop(ch.integer(0, len(keep) - 1)) for _ in range(len(keep))]
        if not out_loops and not ch.chance(0.3):
            out_loops = [0]
        reduction = [d for d in range(n_loops) if d not in out_loops]
        out_shape = tuple(sizes[d] for d in out_loops)  # type: ignore[misc]
        body_reads_out = bool(reduction) or ch.chance(0.3)
        ot = ttype(out_shape)
        init = self.filled(out_shape) if body_reads_out else self.empty(out_shape)
        dims = ", ".join(f"d{k}" for k in range(n_loops))

        def amap(loops: list[int]) -> str:
            return f"affine_map<({dims}) -> ({', '.join(f'd{d}' for d in loops)})>"
        maps = ", ".join([amap(order) for _, order in ins] + [amap(out_loops)])
        iters = ", ".join('"reduction"' if d in reduction else '"parallel"'
                          for d in range(n_loops))
        r = self.fresh("g")
        in_list = ", ".join(v for v, _ in ins)
        in_types = ", ".join(self.type_of(v) for v, _ in ins)
        ins_txt = f"ins({in_list} : {in_types}) " if ins else ""
        self._generic_at = (len(self.lines), self.indent)  # (where mask() may hoist to)
        self.emit(f"{r} = linalg.generic {{indexing_maps = [{maps}], "
                  f"iterator_types = [{iters}]}} {ins_txt}outs({init} : {ot}) {{")
        args = [self.fresh("a") for _ in ins]
        out_arg = self.fresh("o")
        self.emit("^bb0(" + ", ".join(f"{a}: f64" for a in [*args, out_arg]) + "):")
        self.indent += 1
        leaves = list(args)
        outer = self.scope.of(lambda t: t == F64)
        if outer and ch.chance(0.5):
            leaves.append(pick(ch, outer))
        if ch.chance(0.3):  # an index of the iteration space
            i, ii, f = self.fresh("ix"), self.fresh("ix"), self.fresh("ix")
            self.emit(f"{i} = linalg.index {ch.integer(0, n_loops - 1)} : index")
            self.emit(f"{ii} = arith.index_cast {i} : index to i64")
            self.emit(f"{f} = arith.sitofp {ii} : i64 to f64")
            leaves.append(f)
        if body_reads_out:
            leaves.append(out_arg)
        if not leaves or ch.chance(0.1):  # a constant or a value that does not vary
            c = self.fresh("k")
            self.emit(f"{c} = arith.constant {pick(ch, FLOAT_CONSTS)!r} : f64")
            leaves = [c]
        y = self.expr(leaves, ch.integer(0, 3))
        late = False
        if self.cfg.p_mask and ch.chance(self.cfg.p_mask):
            late = body_reads_out and ch.chance(0.4)
            if not late:  # the value masked: select(m, y, ±0.0)
                y = self.mask(y, n_loops, sizes, None)
        if reduction and ch.chance(0.8):
            acc = self.fresh("x")
            op = pick(ch, ("arith.addf", "arith.mulf", "arith.maximumf", "arith.addf"))
            self.emit(f"{acc} = {op} {y}, {out_arg} : f64")
            y = acc
        if late:  # the update masked: select(m, y, out)
            y = self.mask(y, n_loops, sizes, out_arg)
        self.emit(f"linalg.yield {y} : f64")
        self.indent -= 1
        self.emit(f"}} -> {ot}")
        self.add(r, ot)

    def mask(self, y: str, n_loops: int, sizes: list[int | None], other: str | None
             ) -> str:
        """``select(cmpi(index a, index b or a constant), y, other)`` in a linalg body
        (``other`` None: a ``+0.0`` or ``-0.0`` constant), either operand order."""
        ch = self.ch
        a = ch.integer(0, n_loops - 1)
        ia = self.fresh("ix")
        self.emit(f"{ia} = linalg.index {a} : index")
        if n_loops > 1 and ch.chance(0.75):
            b = pick(ch, [d for d in range(n_loops) if d != a])
            ib = self.fresh("ix")
            self.emit(f"{ib} = linalg.index {b} : index")
        else:
            ib = self.index_const(ch.integer(0, max(sizes[a] or 1, 1)))
        lhs, rhs = (ia, ib) if ch.chance(0.7) else (ib, ia)
        pred = pick(ch, ("slt", "sle", "sgt", "sge", "eq", "ult", "ne"))
        m = self.fresh("m")
        self.emit(f"{m} = arith.cmpi {pred}, {lhs}, {rhs} : index")
        if other is None:
            other = self.fresh("k")
            line = f"{other} = arith.constant {pick(ch, (0.0, -0.0))!r} : f64"
            if self.cfg.p_mask_outer and ch.chance(self.cfg.p_mask_outer):
                # defined before the generic: the loop lowering's masks (loops.Mask)
                # take only a zero from outside the body
                at, ind = self._generic_at
                self.lines.insert(at, "  " * ind + line)
            else:
                self.emit(line)
        t, f = (y, other) if ch.chance(0.7) else (other, y)
        r = self.fresh("x")
        self.emit(f"{r} = arith.select {m}, {t}, {f} : f64")
        return r

    def s_matmul(self) -> None:
        m, k, n = (self.size() for _ in range(3))
        cands = [v for v in self.tensors() if len(shape_of(self.type_of(v))) == 2]
        if cands and self.ch.chance(0.7):
            a = pick(self.ch, cands)
            m, k = shape_of(self.type_of(a))
        else:
            a = self.tensor_of((m, k))
        b = self.tensor_of((k, n))
        init = self.filled((m, n))
        r = self.fresh("mm")
        t = ttype((m, n))
        self.emit(f"{r} = linalg.matmul ins({a}, {b} : {ttype((m, k))}, {ttype((k, n))}) "
                  f"outs({init} : {t}) -> {t}")
        self.add(r, t)

    def s_transpose(self) -> None:
        cands = [v for v in self.tensors() if len(shape_of(self.type_of(v))) >= 2]
        a = pick(self.ch, cands) if cands else self.tensor_of(self.shape(2))
        shape = shape_of(self.type_of(a))
        perm = list(range(len(shape)))
        perm = [perm.pop(self.ch.integer(0, len(perm) - 1)) for _ in range(len(shape))]
        out = tuple(shape[p] for p in perm)
        r = self.fresh("tr")
        self.emit(f"{r} = linalg.transpose ins({a} : {ttype(shape)}) outs("
                  f"{self.empty(out)} : {ttype(out)}) permutation = {perm}")
        self.add(r, ttype(out))

    def s_broadcast(self) -> None:
        cands = [v for v in self.tensors() if len(shape_of(self.type_of(v))) <= 2]
        a = pick(self.ch, cands) if cands else self.tensor_of(self.shape(1))
        shape = list(shape_of(self.type_of(a)))
        d = self.ch.integer(0, len(shape))
        out = tuple(shape[:d] + [self.size()] + shape[d:])
        r = self.fresh("bc")
        self.emit(f"{r} = linalg.broadcast ins({a} : {ttype(tuple(shape))}) outs("
                  f"{self.empty(out)} : {ttype(out)}) dimensions = [{d}]")
        self.add(r, ttype(out))

    def s_reduce(self) -> None:
        cands = [v for v in self.tensors() if len(shape_of(self.type_of(v))) >= 2]
        a = pick(self.ch, cands) if cands else self.tensor_of(self.shape(2))
        shape = shape_of(self.type_of(a))
        d = self.ch.integer(0, len(shape) - 1)
        out = tuple(n for k, n in enumerate(shape) if k != d)
        init = self.filled(out)
        r, x, y = self.fresh("rd"), self.fresh("a"), self.fresh("o")
        self.emit(f"{r} = linalg.reduce ins({a} : {ttype(shape)}) outs({init} : "
                  f"{ttype(out)}) dimensions = [{d}]")
        self.emit(f"  ({x}: f64, {y}: f64) {{")
        self.indent += 2
        s = self.fresh("x")
        self.emit(f"{s} = {pick(self.ch, ('arith.addf', 'arith.mulf', 'arith.maximumf'))} "
                  f"{x}, {y} : f64")
        self.emit(f"linalg.yield {s} : f64")
        self.indent -= 2
        self.emit("  }")
        self.add(r, ttype(out))

    def s_copy(self) -> None:
        a = self.any_tensor()
        t = self.type_of(a)
        r = self.fresh("cp")
        self.emit(f"{r} = linalg.copy ins({a} : {t}) outs({self.empty(shape_of(t))} : {t})"
                  f" -> {t}")
        self.add(r, t)

    def s_named_elementwise(self) -> None:
        a = self.any_tensor()
        t = self.type_of(a)
        r = self.fresh("ne")
        binary = self.ch.chance(0.6)
        op = pick(self.ch, NAMED_BINARY if binary else NAMED_UNARY)
        if op in NAMED_POSITIVE:  # (a positive first operand)
            p = self.fresh("ne")
            self.emit(f"{p} = linalg.abs ins({a} : {t}) outs({self.empty(shape_of(t))} : "
                      f"{t}) -> {t}")
            a = p
        ins = f"{a}, {self.tensor_of(shape_of(t))} : {t}, {t}" if binary else f"{a} : {t}"
        self.emit(f"{r} = {op} ins({ins}) outs({self.empty(shape_of(t))} : {t}) -> {t}")
        self.add(r, t)

    def s_contraction(self) -> None:
        """linalg.matvec / vecmat / dot / batch_matmul, accumulating into an initialised
        output."""
        ch = self.ch
        m, k, n, b = (self.size() for _ in range(4))
        kind = pick(ch, ("linalg.matvec", "linalg.vecmat", "linalg.dot",
                         "linalg.batch_matmul"))
        shapes = {"linalg.matvec": ((m, k), (k,), (m,)),
                  "linalg.vecmat": ((m,), (m, k), (k,)),
                  "linalg.dot": ((k,), (k,), ()),
                  "linalg.batch_matmul": ((b, m, k), (b, k, n), (b, m, n))}[kind]
        x, y = self.tensor_of(shapes[0]), self.tensor_of(shapes[1])
        out = shapes[2]
        init = self.tensor_of(out) if ch.chance(0.3) else self.filled(out)
        r = self.fresh("ct")
        self.emit(f"{r} = {kind} ins({x}, {y} : {ttype(shapes[0])}, {ttype(shapes[1])}) "
                  f"outs({init} : {ttype(out)}) -> {ttype(out)}")
        self.add(r, ttype(out))

    def s_map(self) -> None:
        """linalg.map (generic form: xDSL has no custom form for it) of 1 or 2 inputs;
        the body takes the init element last, as MLIR 22's does."""
        a = self.any_tensor()
        t = self.type_of(a)
        shape = shape_of(t)
        ins = [a] + ([self.tensor_of(shape)] if self.ch.chance(0.6) else [])
        init = self.empty(shape)
        r = self.fresh("mp")
        args = [self.fresh("a") for _ in ins]
        o = self.fresh("o")
        types = ", ".join([t] * (len(ins) + 1))
        self.emit(f'{r} = "linalg.map"({", ".join([*ins, init])}) ({{')
        self.emit("^bb0(" + ", ".join(f"{x}: f64" for x in [*args, o]) + "):")
        self.indent += 1
        y = self.expr(args, self.ch.integer(1, 2))
        self.emit(f'"linalg.yield"({y}) : (f64) -> ()')
        self.indent -= 1
        self.emit(f"}}) : ({types}) -> {t}")
        self.add(r, t)

    def s_extract(self) -> None:
        a = self.any_tensor()
        shape = shape_of(self.type_of(a))
        idx = [self.index_below(n) for n in shape]
        r = self.fresh("x")
        self.emit(f"{r} = tensor.extract {a}[{', '.join(idx)}] : {self.type_of(a)}")
        self.add(r, F64)

    def s_insert(self) -> None:
        a = self.any_tensor()
        t = self.type_of(a)
        idx = [self.index_below(n) for n in shape_of(t)]
        r = self.fresh("in")
        self.emit(f"{r} = tensor.insert {self.scalar()} into {a}[{', '.join(idx)}] : {t}")
        self.add(r, t)

    def _slice(self, shape: tuple[int, ...]) -> tuple[str, str, str, tuple[int, ...]]:
        offs, sizes, strides = [], [], []
        for n in shape:
            size = self.ch.integer(1, n)
            stride = self.ch.integer(1, 2) if size > 1 else 1
            while size > 1 and (size - 1) * stride >= n:
                stride = 1
            hi = n - 1 - (size - 1) * stride
            if hi > 0 and self.ch.chance(0.3):
                offs.append(self.index_below(hi + 1))
            else:
                offs.append(str(self.ch.integer(0, hi)))
            sizes.append(size)
            strides.append(stride)
        return (", ".join(offs), ", ".join(map(str, sizes)), ", ".join(map(str, strides)),
                tuple(sizes))

    def ranked(self) -> str:
        """A tensor of rank >= 1."""
        xs = [v for v in self.tensors() if shape_of(self.type_of(v))]
        return pick(self.ch, xs) if xs and self.ch.chance(0.9) else \
            self.tensor_of(self.shape(self.ch.integer(1, 2)))

    def s_extract_slice(self) -> None:
        a = self.ranked()
        t = self.type_of(a)
        offs, sizes, strides, shape = self._slice(shape_of(t))
        r = self.fresh("sl")
        self.emit(f"{r} = tensor.extract_slice {a}[{offs}] [{sizes}] [{strides}] : {t} to "
                  f"{ttype(shape)}")
        self.add(r, ttype(shape))

    def s_insert_slice(self) -> None:
        d = self.ranked()
        t = self.type_of(d)
        offs, sizes, strides, shape = self._slice(shape_of(t))
        s = self.tensor_of(shape)
        r = self.fresh("is")
        self.emit(f"{r} = tensor.insert_slice {s} into {d}[{offs}] [{sizes}] [{strides}] : "
                  f"{ttype(shape)} into {t}")
        self.add(r, t)

    def s_from_elements(self) -> None:
        shape = pick(self.ch, [(2,), (3,), (2, 2), (1, 2)])
        n = int(np.prod(shape))
        xs = [self.scalar() for _ in range(n)]
        r = self.fresh("fe")
        self.emit(f"{r} = tensor.from_elements {', '.join(xs)} : {ttype(shape)}")
        self.add(r, ttype(shape))

    def s_reshape(self) -> None:
        cands = [v for v in self.tensors() if len(shape_of(self.type_of(v))) == 2]
        r = self.fresh("rs")
        if cands and self.ch.chance(0.5):
            a = pick(self.ch, cands)
            shape = shape_of(self.type_of(a))
            out = (shape[0] * shape[1],)
            self.emit(f"{r} = tensor.collapse_shape {a} [[0, 1]] : {ttype(shape)} into "
                      f"{ttype(out)}")
        else:
            n1, n2 = self.size(), self.size()
            a = self.tensor_of((n1 * n2,))
            out = (n1, n2)
            self.emit(f"{r} = tensor.expand_shape {a} [[0, 1]] output_shape [{n1}, {n2}] : "
                      f"{ttype((n1 * n2,))} into {ttype(out)}")
        self.add(r, ttype(out))

    def s_cast(self) -> None:
        a = self.ranked()
        t = self.type_of(a)
        dyn = "tensor<" + "".join("?x" for _ in shape_of(t)) + "f64>"
        c, r = self.fresh("cd"), self.fresh("cs")
        self.emit(f"{c} = tensor.cast {a} : {t} to {dyn}")
        if self.ch.chance(0.5):
            k = self.fresh("i")
            self.emit(f"{k} = arith.constant 0 : index")
            d = self.fresh("dm")
            self.emit(f"{d} = tensor.dim {c}, {k} : {dyn}")
            self.add(d, INDEX)
        self.emit(f"{r} = tensor.cast {c} : {dyn} to {t}")
        self.add(r, t)

    def s_while(self) -> None:
        """``scf.while`` carrying an index counter and a tensor, 0 to 3 trips."""
        a = self.any_tensor()
        t = self.type_of(a)
        z, n, one = self.fresh("i"), self.fresh("i"), self.fresh("i")
        self.emit(f"{z} = arith.constant 0 : index")
        self.emit(f"{n} = arith.constant {self.ch.integer(0, 3)} : index")
        self.emit(f"{one} = arith.constant 1 : index")
        r, k, it, c = self.fresh("wh"), self.fresh("k"), self.fresh("it"), self.fresh("wc")
        self.emit(f"{r}:2 = scf.while ({k} = {z}, {it} = {a}) : (index, {t}) -> "
                  f"(index, {t}) {{")
        self.emit(f"  {c} = arith.cmpi slt, {k}, {n} : index")
        self.emit(f"  scf.condition({c}) {k}, {it} : index, {t}")
        self.emit("} do {")
        k2, it2 = self.fresh("k"), self.fresh("it")
        self.emit(f"^bb0({k2}: index, {it2}: {t}):")
        self.scope = _Scope(self.scope)
        self.scope.vals.append((k2, INDEX))
        # (the body of _region_body, with the counter's step before the yield)
        self.scope = _Scope(self.scope)
        self.depth += 1
        self.indent += 1
        self.scope.vals.append((it2, t))
        for _ in range(self.ch.integer(1, 3)):
            self.stmt()
        local = [nm for nm, tt in self.scope.vals if tt == t]
        y = pick(self.ch, local) if local and self.ch.chance(0.8) else \
            self.tensor_of(shape_of(t))
        k3 = self.fresh("k")
        self.emit(f"{k3} = arith.addi {k2}, {one} : index")
        self.emit(f"scf.yield {k3}, {y} : index, {t}")
        self.indent -= 1
        self.depth -= 1
        self.scope = self.scope.parent.parent  # type: ignore[union-attr]
        self.emit("}")
        self.add(f"{r}#1", t)

    def s_dynamic(self) -> None:
        """A tensor cast to dynamic sizes, an elementwise op (``arith`` on tensors or a
        ``linalg.generic`` into ``tensor.empty`` of its ``tensor.dim`` sizes) or a
        reduction over its last dimension with dynamic shapes, cast back."""
        a = self.ranked()
        t = self.type_of(a)
        shape = shape_of(t)
        dyn = "tensor<" + "".join("?x" for _ in shape) + "f64>"
        c = self.fresh("dy")
        self.emit(f"{c} = tensor.cast {a} : {t} to {dyn}")
        b = self.tensor_of(shape)
        cb = self.fresh("dy")
        self.emit(f"{cb} = tensor.cast {b} : {t} to {dyn}")
        r, back = self.fresh("dy"), self.fresh("ds")
        kind = self.ch.integer(0, 2)
        if kind == 0:
            self.emit(f"{r} = {pick(self.ch, BINARY)} {c}, {cb} : {dyn}")
            out_t, out_dyn = t, dyn
        else:
            dims = []
            for k in range(len(shape)):
                i, d = self.fresh("i"), self.fresh("dd")
                self.emit(f"{i} = arith.constant {k} : index")
                self.emit(f"{d} = tensor.dim {c}, {i} : {dyn}")
                dims.append(d)
            nl = len(shape)
            ds = ", ".join(f"d{k}" for k in range(nl))
            ident = f"affine_map<({ds}) -> ({ds})>"
            if kind == 1:
                out_shape, out_map = shape, ident
                iters = ", ".join(['"parallel"'] * nl)
                e = self.fresh("e")
                self.emit(f"{e} = tensor.empty({', '.join(dims)}) : {dyn}")
                init = e
            else:
                out_shape = shape[:-1]
                out_map = f"affine_map<({ds}) -> ({', '.join(f'd{k}' for k in range(nl - 1))})>"
                iters = ", ".join(['"parallel"'] * (nl - 1) + ['"reduction"'])
                e, init = self.fresh("e"), self.fresh("z")
                od = "tensor<" + "".join("?x" for _ in out_shape) + "f64>"
                self.emit(f"{e} = tensor.empty({', '.join(dims[:-1])}) : {od}")
                self.emit(f"{init} = linalg.fill ins({self.scalar()} : f64) outs({e} : "
                          f"{od}) -> {od}")
            out_t = ttype(out_shape)
            out_dyn = "tensor<" + "".join("?x" for _ in out_shape) + "f64>"
            x, y, o = self.fresh("a"), self.fresh("a"), self.fresh("o")
            self.emit(f"{r} = linalg.generic {{indexing_maps = [{ident}, {ident}, "
                      f"{out_map}], iterator_types = [{iters}]}} ins({c}, {cb} : {dyn}, "
                      f"{dyn}) outs({init} : {out_dyn}) {{")
            self.emit(f"^bb0({x}: f64, {y}: f64, {o}: f64):")
            self.indent += 1
            v = self.expr([x, y], self.ch.integer(1, 2))
            if kind == 2:
                acc = self.fresh("x")
                self.emit(f"{acc} = arith.addf {o}, {v} : f64")
                v = acc
            self.emit(f"linalg.yield {v} : f64")
            self.indent -= 1
            self.emit(f"}} -> {out_dyn}")
        self.emit(f"{back} = tensor.cast {r} : {out_dyn} to {out_t}")
        self.add(back, out_t)

    def s_rows(self) -> None:
        """``scf.for %i`` carrying ``acc``: row ``i`` of ``acc`` (a slice, or an
        element of a vector) becomes ``op(row i of src, row i - 1 of acc)`` (a
        recurrence, from ``i = 1``) or ``op(row i of src, row i of acc)``, written back
        by ``insert_slice`` / ``insert`` -- the loops LAGrad's benchmarks build tensors
        with, in place on the carried buffer."""
        ch = self.ch
        acc0 = self.ranked()
        t = self.type_of(acc0)
        shape = shape_of(t)
        src = self.tensor_of(shape)
        rec = shape[0] > 1 and ch.chance(0.5)
        lo, hi, one = self.fresh("i"), self.fresh("i"), self.fresh("i")
        self.emit(f"{lo} = arith.constant {1 if rec else 0} : index")
        self.emit(f"{hi} = arith.constant {shape[0]} : index")
        self.emit(f"{one} = arith.constant 1 : index")
        r, i, acc = self.fresh("rw"), self.fresh("iv"), self.fresh("acc")
        self.emit(f"{r} = scf.for {i} = {lo} to {hi} step {one} iter_args({acc} = {acc0}) "
                  f"-> ({t}) {{")
        self.indent += 1
        j = i
        if rec:
            j = self.fresh("iv")
            self.emit(f"{j} = arith.subi {i}, {one} : index")
        op = pick(ch, ("arith.addf", "arith.mulf", "arith.subf", "arith.maximumf"))
        if len(shape) == 1:
            a, b, y, n = self.fresh("x"), self.fresh("x"), self.fresh("x"), self.fresh("rw")
            self.emit(f"{a} = tensor.extract {src}[{i}] : {t}")
            self.emit(f"{b} = tensor.extract {acc}[{j}] : {t}")
            self.emit(f"{y} = {op} {a}, {b} : f64")
            if ch.chance(0.5):
                z = self.fresh("x")
                self.emit(f"{z} = math.sin {y} : f64")
                y = z
            self.emit(f"{n} = tensor.insert {y} into {acc}[{i}] : {t}")
        else:
            rest = shape[1:]
            rt = ttype((1, *rest))
            zeros = ", ".join("0" for _ in rest)
            sizes = ", ".join(map(str, (1, *rest)))
            ones = ", ".join("1" for _ in shape)
            a, b, y, n = self.fresh("x"), self.fresh("x"), self.fresh("x"), self.fresh("rw")
            self.emit(f"{a} = tensor.extract_slice {src}[{i}, {zeros}] [{sizes}] [{ones}] : "
                      f"{t} to {rt}")
            self.emit(f"{b} = tensor.extract_slice {acc}[{j}, {zeros}] [{sizes}] [{ones}] : "
                      f"{t} to {rt}")
            self.emit(f"{y} = {op} {a}, {b} : {rt}")
            if ch.chance(0.5):
                z = self.fresh("x")
                self.emit(f"{z} = math.sin {y} : {rt}")
                y = z
            self.emit(f"{n} = tensor.insert_slice {y} into {acc}[{i}, {zeros}] [{sizes}] "
                      f"[{ones}] : {rt} into {t}")
        self.emit(f"scf.yield {n} : {t}")
        self.indent -= 1
        self.emit("}")
        self.add(r, t)

    def s_tri(self) -> None:
        """``out[i] (+)= sum_j select(j <(=) i or j < c, body(a[i, j] or a[j, i]),
        ±0.0)`` with the zero defined outside the body: the masked reduction the loop
        lowering splits (``loops.Mask``) and the triangular rules skip."""
        ch = self.ch
        cands = [v for v in self.tensors() if len(shape_of(self.type_of(v))) == 2]
        a = pick(ch, cands) if cands and ch.chance(0.7) else self.tensor_of(self.shape(2))
        n0, n1 = shape_of(self.type_of(a))
        swap = ch.chance(0.5)  # a[j, i]: i is a's second dimension
        ni, nj = (n1, n0) if swap else (n0, n1)
        zero = self.fresh("k")
        self.emit(f"{zero} = arith.constant {pick(ch, (0.0, -0.0))!r} : f64")
        init = self.filled((ni,)) if ch.chance(0.6) else self.tensor_of((ni,))
        amap = "affine_map<(d0, d1) -> (d1, d0)>" if swap else \
            "affine_map<(d0, d1) -> (d0, d1)>"
        r, x, o = self.fresh("tri"), self.fresh("a"), self.fresh("o")
        self.emit(f"{r} = linalg.generic {{indexing_maps = [{amap}, affine_map<(d0, d1) "
                  f"-> (d0)>], iterator_types = [\"parallel\", \"reduction\"]}} ins({a} : "
                  f"{self.type_of(a)}) outs({init} : {ttype((ni,))}) {{")
        self.emit(f"^bb0({x}: f64, {o}: f64):")
        self.indent += 1
        y = self.expr([x], ch.integer(0, 2))
        j, m = self.fresh("ix"), self.fresh("m")
        self.emit(f"{j} = linalg.index 1 : index")
        if ch.chance(0.7):
            i = self.fresh("ix")
            self.emit(f"{i} = linalg.index 0 : index")
        else:
            i = self.index_const(ch.integer(0, nj))
        pred = pick(ch, ("slt", "sle", "ult", "ule"))
        if ch.chance(0.7):
            self.emit(f"{m} = arith.cmpi {pred}, {j}, {i} : index")
        else:
            self.emit(f"{m} = arith.cmpi {pred.replace('l', 'g', 1)}, {i}, {j} : index")
        sel, acc = self.fresh("x"), self.fresh("x")
        self.emit(f"{sel} = arith.select {m}, {y}, {zero} : f64")
        self.emit(f"{acc} = arith.addf {o}, {sel} : f64" if ch.chance(0.5) else
                  f"{acc} = arith.addf {sel}, {o} : f64")
        self.emit(f"linalg.yield {acc} : f64")
        self.indent -= 1
        self.emit(f"}} -> {ttype((ni,))}")
        self.add(r, ttype((ni,)))

    def zeros_in(self, v: str) -> str:
        """``max(v, 0)`` elementwise (about half its elements exact zeros), or ``v``."""
        if not self.ch.chance(0.6):
            return v
        t = self.type_of(v)
        z = self.fresh("k")
        self.emit(f"{z} = arith.constant 0.0 : f64")
        s, r = self.fresh("s"), self.fresh("relu")
        self.emit(f"{s} = tensor.splat {z} : {t}")
        self.emit(f"{r} = arith.maximumf {v}, {s} : {t}")
        return self.add(r, t)

    def s_skin(self) -> None:
        """``out[v, i] (+|-)= prod of factors over reductions b, j`` -- Hand's skinning
        ``w[v, b] * T[b, i, j] * x[v, j]`` with random dimension orders, a factor
        sometimes repeated or negated, ``w`` often with zeros, the output from a fill:
        the contraction :mod:`activity.tensor.zeroskip` skips ``w``'s zero terms in."""
        ch = self.ch
        sz = {"v": self.size(), "i": self.size(), "b": max(2, self.size()),
              "j": max(2, self.size())}
        loops = ["v", "i", "b", "j"]

        def perm(ds: list[str]) -> list[str]:
            ds = list(ds)
            return [ds.pop(ch.integer(0, len(ds) - 1)) for _ in range(len(ds))]
        facs = [perm(["v", "b"]), perm(["b", "i", "j"])]
        if ch.chance(0.6):
            facs.append(perm(["v", "j"]))
        vals = []
        for k, ds in enumerate(facs):
            v = self.tensor_of(tuple(sz[d] for d in ds))
            vals.append(self.zeros_in(v) if k == 0 else v)
        out_ds = ["v", "i"] if ch.chance(0.7) else ["i", "v"]
        out_shape = tuple(sz[d] for d in out_ds)
        ot = ttype(out_shape)
        c = self.fresh("k")
        self.emit(f"{c} = arith.constant "
                  f"{pick(ch, (0.0, 0.0, 1.5, -2.0, -0.0))!r} : f64")
        e, init = self.fresh("e"), self.fresh("z")
        self.emit(f"{e} = tensor.empty() : {ot}")
        self.emit(f"{init} = linalg.fill ins({c} : f64) outs({e} : {ot}) -> {ot}")
        dims = ", ".join(loops)

        def amap(ds: list[str]) -> str:
            return f"affine_map<({dims}) -> ({', '.join(ds)})>"
        maps = ", ".join([amap(ds) for ds in facs] + [amap(out_ds)])
        r = self.fresh("sk")
        types = ", ".join(self.type_of(v) for v in vals)
        self.emit(f"{r} = linalg.generic {{indexing_maps = [{maps}], iterator_types = "
                  f"[\"parallel\", \"parallel\", \"reduction\", \"reduction\"]}} "
                  f"ins({', '.join(vals)} : {types}) outs({init} : {ot}) {{")
        args = [self.fresh("a") for _ in vals]
        o = self.fresh("o")
        self.emit("^bb0(" + ", ".join(f"{a}: f64" for a in [*args, o]) + "):")
        self.indent += 1
        order = perm(list(range(len(args))))
        if ch.chance(0.25):  # a factor twice (the guard counts it twice)
            order.append(ch.integer(0, len(args) - 1))
        p = args[order[0]]
        for k in order[1:]:
            q = self.fresh("x")
            self.emit(f"{q} = arith.mulf {p}, {args[k]} : f64" if ch.chance(0.5) else
                      f"{q} = arith.mulf {args[k]}, {p} : f64")
            p = q
        if ch.chance(0.2):
            q = self.fresh("x")
            self.emit(f"{q} = arith.negf {p} : f64")
            p = q
        y = self.fresh("x")
        form = ch.integer(0, 2)
        self.emit(f"{y} = arith.addf {o}, {p} : f64" if form == 0 else
                  f"{y} = arith.addf {p}, {o} : f64" if form == 1 else
                  f"{y} = arith.subf {o}, {p} : f64")
        self.emit(f"linalg.yield {y} : f64")
        self.indent -= 1
        self.emit(f"}} -> {ot}")
        self.add(r, ot)

    def s_dynmm(self) -> None:
        """``C[(n,) i, j] += A[(n,) i, k] * B[(n,) k, j]`` (a factor sometimes read
        transposed) on tensors cast to dynamic sizes, the multiply and add sometimes
        ``fastmath<contract>`` (an FMA), the term sometimes triangle-masked by
        ``select(cmpi(k or j, i or a constant), term, ±0.0)`` -- the i-k-j nests
        :func:`activity.tensor.loops.regtile` keeps in registers; cast back."""
        ch = self.ch
        batch = ch.chance(0.3)
        m, k, n = self.size(), self.size(), self.size()
        bn = self.size() if batch else 0
        pre = ["n"] if batch else []
        sz = {"n": bn, "i": m, "k": k, "j": n}
        a_ds = pre + (["i", "k"] if ch.chance(0.75) else ["k", "i"])
        b_ds = pre + (["k", "j"] if ch.chance(0.75) else ["j", "k"])
        out_ds = pre + ["i", "j"]
        loops = pre + ["i", "j", "k"]
        vals = []
        for ds in (a_ds, b_ds):
            st = tuple(sz[d] for d in ds)
            v = self.tensor_of(st)
            dyn = "tensor<" + "".join("?x" for _ in st) + "f64>"
            c = self.fresh("dy")
            self.emit(f"{c} = tensor.cast {v} : {ttype(st)} to {dyn}")
            vals.append((c, dyn, ds))
        dims = {}
        for c, dyn, ds in vals:
            for p, d in enumerate(ds):
                if d not in dims:
                    i, x = self.fresh("i"), self.fresh("dd")
                    self.emit(f"{i} = arith.constant {p} : index")
                    self.emit(f"{x} = tensor.dim {c}, {i} : {dyn}")
                    dims[d] = x
        out_st = tuple(sz[d] for d in out_ds)
        odyn = "tensor<" + "".join("?x" for _ in out_ds) + "f64>"
        e, init = self.fresh("e"), self.fresh("z")
        self.emit(f"{e} = tensor.empty({', '.join(dims[d] for d in out_ds)}) : {odyn}")
        fill = self.scalar() if ch.chance(0.5) else self.const()
        self.emit(f"{init} = linalg.fill ins({fill} : f64) outs({e} : {odyn}) -> {odyn}")
        zero = None
        mask = ch.chance(0.5)
        if mask:
            zero = self.fresh("k")
            self.emit(f"{zero} = arith.constant {pick(ch, (0.0, -0.0))!r} : f64")
        ds_txt = ", ".join(loops)

        def amap(ds: list[str]) -> str:
            return f"affine_map<({ds_txt}) -> ({', '.join(ds)})>"
        maps = ", ".join([amap(ds) for _, _, ds in vals] + [amap(out_ds)])
        iters = ", ".join(['"parallel"'] * (len(loops) - 1) + ['"reduction"'])
        r = self.fresh("dm")
        self.emit(f"{r} = linalg.generic {{indexing_maps = [{maps}], iterator_types = "
                  f"[{iters}]}} ins({vals[0][0]}, {vals[1][0]} : {vals[0][1]}, "
                  f"{vals[1][1]}) outs({init} : {odyn}) {{")
        x, y, o = self.fresh("a"), self.fresh("a"), self.fresh("o")
        self.emit(f"^bb0({x}: f64, {y}: f64, {o}: f64):")
        self.indent += 1
        fm = " fastmath<contract>" if ch.chance(0.5) else ""
        if ch.chance(0.2):  # a term not a plain product
            x = self.expr([x], 1)
        p = self.fresh("x")
        self.emit(f"{p} = arith.mulf {x}, {y}{fm} : f64")
        if mask:
            a = pick(ch, ["k", "j", "k"])
            ia = self.fresh("ix")
            self.emit(f"{ia} = linalg.index {loops.index(a)} : index")
            if ch.chance(0.8):
                ib = self.fresh("ix")
                self.emit(f"{ib} = linalg.index {loops.index('i')} : index")
            else:
                ib = self.index_const(ch.integer(0, max(m, k, n)))
            pred = pick(ch, ("slt", "sle", "ult", "sgt", "sge"))
            cm, q = self.fresh("m"), self.fresh("x")
            self.emit(f"{cm} = arith.cmpi {pred}, {ia}, {ib} : index")
            self.emit(f"{q} = arith.select {cm}, {p}, {zero} : f64")
            p = q
        s = self.fresh("x")
        self.emit(f"{s} = arith.addf {o}, {p}{fm} : f64" if ch.chance(0.7) else
                  f"{s} = arith.addf {p}, {o}{fm} : f64")
        self.emit(f"linalg.yield {s} : f64")
        self.indent -= 1
        self.emit(f"}} -> {odyn}")
        back = self.fresh("ds")
        self.emit(f"{back} = tensor.cast {r} : {odyn} to {ttype(out_st)}")
        self.add(back, ttype(out_st))

    def any_of(self, shape: tuple[int, ...]) -> str:
        """A tensor of ``shape`` in scope (a splat only where there is none)."""
        xs = self.tensors(shape)
        return pick(self.ch, xs) if xs else self.tensor_of(shape)

    def trans_expr(self, leaves: list[str], ops: int) -> str:
        """A scalar expression of transcendental functions (``exp``, ``tanh``, ...)
        mixed with products and sums: body values worth keeping (``tapebody``)."""
        vals = list(leaves)
        for _ in range(ops):
            a = pick(self.ch, vals)
            r = self.fresh("x")
            op = pick(self.ch, ("math.exp", "math.tanh", "math.sin", "math.log",
                                "math.sqrt", "math.atan", "arith.mulf", "arith.addf"))
            if op.startswith("arith."):
                self.emit(f"{r} = {op} {a}, {pick(self.ch, vals)} : f64")
            else:
                if op in ("math.log", "math.sqrt"):
                    ab = self.fresh("x")
                    self.emit(f"{ab} = math.absf {a} : f64")
                    a = ab
                self.emit(f"{r} = {op} {a} : f64")
            vals.append(r)
        return vals[-1]

    def s_trans_for(self) -> None:
        """``scf.for %iv`` carrying ``t``: ``t`` mapped through a parallel generic of a
        transcendental body reading ``t``, a tensor from outside the loop and
        (sometimes) row ``%iv`` of a loop-invariant tensor (``extract_slice``,
        collapsed): the values ``tapebody`` keeps and the slices ``reslice``
        re-takes."""
        ch = self.ch
        a = self.ranked()
        t = self.type_of(a)
        shape = shape_of(t)
        trips = ch.integer(1, 3)
        other = self.any_of(shape)
        big = None
        collapse = ch.chance(0.4)  # (a row, collapsed; else a same-rank window at iv)
        if ch.chance(0.7):
            lt = (trips + ch.integer(0, 1), *shape) if collapse else \
                (shape[0] + trips - 1 + ch.integer(0, 1), *shape[1:])
            have = self.tensors(lt)
            if have and ch.chance(0.5):
                big = pick(ch, have)
            elif collapse:  # (a broadcast of a tensor in scope: loop-invariant, often
                # active)
                big = self.fresh("bc")
                self.emit(f"{big} = linalg.broadcast ins({self.any_of(shape)} : {t}) outs("
                          f"{self.empty(lt)} : {ttype(lt)}) dimensions = [0]")
                self.add(big, ttype(lt))
            else:  # (an elementwise function of one, or of an argument, padded)
                src = self.any_of(lt)
                big = self.fresh("w")
                self.emit(f"{big} = math.sin {src} : {ttype(lt)}")
                self.add(big, ttype(lt))
        lo, hi, one = self.fresh("i"), self.fresh("i"), self.fresh("i")
        self.emit(f"{lo} = arith.constant 0 : index")
        self.emit(f"{hi} = arith.constant {trips} : index")
        self.emit(f"{one} = arith.constant 1 : index")
        r, iv, it = self.fresh("tf"), self.fresh("iv"), self.fresh("it")
        self.emit(f"{r} = scf.for {iv} = {lo} to {hi} step {one} iter_args({it} = {a}) -> "
                  f"({t}) {{")
        self.indent += 1
        ins = [it, other]
        if big is not None:
            bt = self.type_of(big)
            sl, cl = self.fresh("sl"), self.fresh("sl")
            if collapse:
                rt = ttype((1, *shape))
                zeros = ", ".join("0" for _ in shape)
                self.emit(f"{sl} = tensor.extract_slice {big}[{iv}, {zeros}] "
                          f"[{', '.join(map(str, (1, *shape)))}] "
                          f"[{', '.join('1' for _ in range(len(shape) + 1))}] : {bt} to {rt}")
                reass = "[[0, 1]" + "".join(f", [{k}]" for k in range(2, len(shape) + 1)) + "]"
                self.emit(f"{cl} = tensor.collapse_shape {sl} {reass} : {rt} into {t}")
            else:
                zeros = "".join(", 0" for _ in shape[1:])
                self.emit(f"{cl} = tensor.extract_slice {big}[{iv}{zeros}] "
                          f"[{', '.join(map(str, shape))}] "
                          f"[{', '.join('1' for _ in shape)}] : {bt} to {t}")
            ins.append(cl)
        nd = len(shape)
        ds = ", ".join(f"d{k}" for k in range(nd))
        ident = f"affine_map<({ds}) -> ({ds})>"
        g, init = self.fresh("g"), self.empty(shape)
        maps = ", ".join([ident] * (len(ins) + 1))
        iters = ", ".join(['"parallel"'] * nd)
        self.emit(f"{g} = linalg.generic {{indexing_maps = [{maps}], iterator_types = "
                  f"[{iters}]}} ins({', '.join(ins)} : {', '.join([t] * len(ins))}) "
                  f"outs({init} : {t}) {{")
        args = [self.fresh("a") for _ in ins]
        o = self.fresh("o")
        self.emit("^bb0(" + ", ".join(f"{x}: f64" for x in [*args, o]) + "):")
        self.indent += 1
        y = self.trans_expr(args[:1], ch.integer(1, 3))
        for x in args[1:]:  # (every input read: the slice's adjoint is needed)
            z = self.fresh("x")
            self.emit(f"{z} = {pick(ch, ('arith.mulf', 'arith.addf'))} {y}, {x} : f64")
            y = self.trans_expr([z], ch.integer(0, 1))
        self.emit(f"linalg.yield {y} : f64")
        self.indent -= 1
        self.emit(f"}} -> {t}")
        self.emit(f"scf.yield {g} : {t}")
        self.indent -= 1
        self.emit("}")
        self.add(r, t)

    def s_zero(self) -> None:
        """Zero-size slices: a ``matmul`` contracting over an empty dimension (its
        result is its init), or an elementwise op on an empty tensor inserted back."""
        a = self.ranked()
        t = self.type_of(a)
        shape = shape_of(t)
        d = self.ch.integer(0, len(shape) - 1)
        zs = tuple(0 if k == d else n for k, n in enumerate(shape))
        z = self.fresh("zs")
        self.emit(f"{z} = tensor.extract_slice {a}[{', '.join('0' for _ in shape)}] "
                  f"[{', '.join(map(str, zs))}] [{', '.join('1' for _ in shape)}] : {t} "
                  f"to {ttype(zs)}")
        if len(shape) == 2 and self.ch.chance(0.6):
            m, n = self.size(), self.size()
            k0 = self.fresh("zs")
            # a (m x 0) times a (0 x n) slice
            if d == 1:
                lhs, lt = z, ttype((shape[0], 0))
                m = shape[0]
                b = self.tensor_of((n, self.size()))
                bt = self.type_of(b)
                self.emit(f"{k0} = tensor.extract_slice {b}[0, 0] [0, {shape_of(bt)[1]}] "
                          f"[1, 1] : {bt} to {ttype((0, shape_of(bt)[1]))}")
                n = shape_of(bt)[1]
                rhs, rt = k0, ttype((0, n))
            else:
                rhs, rt = z, ttype((0, shape[1]))
                n = shape[1]
                b = self.tensor_of((m, self.size()))
                bt = self.type_of(b)
                self.emit(f"{k0} = tensor.extract_slice {b}[0, 0] [{m}, 0] [1, 1] : {bt} "
                          f"to {ttype((m, 0))}")
                lhs, lt = k0, ttype((m, 0))
            init = self.tensor_of((m, n))
            r = self.fresh("zm")
            self.emit(f"{r} = linalg.matmul ins({lhs}, {rhs} : {lt}, {rt}) outs({init} : "
                      f"{ttype((m, n))}) -> {ttype((m, n))}")
            self.add(r, ttype((m, n)))
            return
        w = self.fresh("zw")
        self.emit(f"{w} = {pick(self.ch, ('math.sin', 'arith.negf', 'math.exp'))} {z} : "
                  f"{ttype(zs)}")
        r = self.fresh("zi")
        self.emit(f"{r} = tensor.insert_slice {w} into {a}[{', '.join('0' for _ in shape)}] "
                  f"[{', '.join(map(str, zs))}] [{', '.join('1' for _ in shape)}] : "
                  f"{ttype(zs)} into {t}")
        self.add(r, t)

    def write_back(self, mt: str) -> None:
        """The memref argument ``%M`` written by linalg on buffers: a tensor of its
        shape through ``bufferization.to_buffer``, combined with ``%M``'s own elements
        by a ``linalg.generic`` (or copied by ``linalg.copy``)."""
        shape = tuple(int(n) for n in mt[len("memref<"):-1].split("x")[:-1])
        src = self.tensor_of(shape)
        if self.cfg.p_store and self.ch.chance(self.cfg.p_store):
            for _ in range(self.ch.integer(1, 3)):  # some elements, read from src
                idx = [self.index_below(n) for n in shape]
                x = self.fresh("x")
                self.emit(f"{x} = tensor.extract {src}[{', '.join(idx)}] : {ttype(shape)}")
                if self.ch.chance(0.5):
                    old = self.fresh("x")
                    self.emit(f"{old} = memref.load %M[{', '.join(idx)}] : {mt}")
                    y = self.fresh("x")
                    self.emit(f"{y} = {pick(self.ch, BINARY)} {x}, {old} : f64")
                    x = y
                self.emit(f"memref.store {x}, %M[{', '.join(idx)}] : {mt}")
            return
        b = self.fresh("buf")
        self.emit(f"{b} = bufferization.to_buffer {src} : {ttype(shape)} to {mt}")
        if self.ch.chance(0.3):
            self.emit(f"linalg.copy ins({b} : {mt}) outs(%M : {mt})")
            return
        dims = ", ".join(f"d{k}" for k in range(len(shape)))
        ident = f"affine_map<({dims}) -> ({dims})>"
        iters = ", ".join(['"parallel"'] * len(shape))
        self.emit(f"linalg.generic {{indexing_maps = [{ident}, {ident}], iterator_types = "
                  f"[{iters}]}} ins({b} : {mt}) outs(%M : {mt}) {{")
        x, o = self.fresh("a"), self.fresh("o")
        self.emit(f"^bb0({x}: f64, {o}: f64):")
        self.indent += 1
        self.emit(f"linalg.yield {self.expr([x, o], self.ch.integer(1, 2))} : f64")
        self.indent -= 1
        self.emit("}")

    def _region_body(self, yield_type: str, carried: str | None) -> str:
        """Statements in a nested scope; returns the tensor of ``yield_type`` to yield."""
        self.scope = _Scope(self.scope)
        self.depth += 1
        self.indent += 1
        if carried is not None:
            self.scope.vals.append((carried, yield_type))
        for _ in range(self.ch.integer(1, 3)):
            self.stmt()
        shape = shape_of(yield_type)
        local = [n for n, t in self.scope.vals if t == yield_type]
        y = pick(self.ch, local) if local and self.ch.chance(0.8) else self.tensor_of(shape)
        self.emit(f"scf.yield {y} : {yield_type}")
        self.indent -= 1
        self.depth -= 1
        assert self.scope.parent is not None
        self.scope = self.scope.parent
        return y

    def s_for(self) -> None:
        a = self.any_tensor()
        t = self.type_of(a)
        lo, hi, one = self.fresh("i"), self.fresh("i"), self.fresh("i")
        self.emit(f"{lo} = arith.constant 0 : index")
        self.emit(f"{hi} = arith.constant {self.ch.integer(1, 3)} : index")
        self.emit(f"{one} = arith.constant 1 : index")
        r, iv, it = self.fresh("for"), self.fresh("iv"), self.fresh("it")
        self.emit(f"{r} = scf.for {iv} = {lo} to {hi} step {one} iter_args({it} = {a}) -> "
                  f"({t}) {{")
        self.scope = _Scope(self.scope)
        self.scope.vals.append((iv, INDEX))
        self._region_body(t, it)
        self.scope = self.scope.parent  # type: ignore[assignment]
        self.emit("}")
        self.add(r, t)

    def s_if(self) -> None:
        t = self.type_of(self.any_tensor())
        c = self.fresh("cnd")
        self.emit(f"{c} = arith.cmpf {pick(self.ch, ('olt', 'ogt', 'oge'))}, {self.scalar()}"
                  f", {self.scalar()} : f64")
        r = self.fresh("if")
        self.emit(f"{r} = scf.if {c} -> ({t}) {{")
        self._region_body(t, None)
        self.emit("} else {")
        self._region_body(t, None)
        self.emit("}")
        self.add(r, t)


def _generate(ch: Chooser, cfg: TensorGenConfig | None = None, seed: int | None = None
              ) -> TensorProgram:
    cfg = cfg or TensorGenConfig()
    g = _Gen(ch, cfg)
    params: list[tuple[str, str]] = []
    for k in range(ch.integer(1, 3)):
        params.append((f"%T{k}", ttype(g.shape())))
    alias = None
    if cfg.p_alias and len(params) >= 2 and ch.chance(cfg.p_alias):
        params[1] = ("%T1", params[0][1])
        alias = (0, 1)
    for k in range(ch.integer(0, 2)):
        params.append((f"%X{k}", F64))
    if ch.chance(0.5):
        params.append(("%N", INDEX))
    shapes: list[tuple[int, ...] | None] = [None] * len(params)
    dyn_args: list[tuple[str, str, str]] = []  # (dynamic name, its type, static type)
    for name, t in params:
        if cfg.p_dynamic and is_tensor(t) and shape_of(t) and ch.chance(cfg.p_dynamic):
            k = params.index((name, t))
            dt = "tensor<" + "".join("?x" for _ in shape_of(t)) + "f64>"
            shapes[k] = shape_of(t)
            params[k] = (name + "d", dt)
            dyn_args.append((name + "d", dt, t))
        else:
            g.add(name, t)
    for dn, dt, t in dyn_args:  # (the body sees the static shape it was drawn with)
        g.emit(f"{dn[:-1]} = tensor.cast {dn} : {dt} to {t}")
        g.add(dn[:-1], t)
    acts = ["const" if t == INDEX else ("const" if ch.chance(0.25) else "active")
            for _, t in params]
    memref = None
    if ch.chance(cfg.p_memref):
        shape = g.shape(ch.integer(1, 2))
        memref = ("%M", "memref<" + "".join(f"{n}x" for n in shape) + "f64>")
        params.append(memref)
        acts.append(weighted(ch, [(6, "dup"), (3, "const"), (1, "dupnoneed")]))
        t = g.fresh("bt")
        g.emit(f"{t} = bufferization.to_tensor %M restrict : {memref[1]} to {ttype(shape)}")
        g.add(t, ttype(shape))
    for _ in range(ch.integer(*cfg.stmts)):
        g.stmt()
    if memref is not None:
        g.write_back(memref[1])
    # results: the last tensor, sometimes a second value
    tens = g.tensors()
    results = [tens[-1]]
    if cfg.p_result_alias and ch.chance(cfg.p_result_alias):
        # (the same tensor twice, or a slice of it too: results sharing one block)
        t = g.type_of(tens[-1])
        if shape_of(t) and ch.chance(0.5):
            offs, sizes, strides, sh = g._slice(shape_of(t))
            sl = g.fresh("rsl")
            g.emit(f"{sl} = tensor.extract_slice {tens[-1]}[{offs}] [{sizes}] [{strides}] : "
                   f"{t} to {ttype(sh)}")
            g.add(sl, ttype(sh))
            results.append(sl)
        else:
            results.append(tens[-1])
    elif ch.chance(0.5):
        results.append(pick(ch, g.scope.of(lambda t: is_tensor(t) or t == F64)))
    rtypes = [g.type_of(r) for r in results]
    head = (f"func.func @f({', '.join(f'{n}: {t}' for n, t in params)}) -> "
            f"({', '.join(rtypes)}) {{")
    text = "\n".join([head, *g.lines,
                      f"  return {', '.join(results)} : {', '.join(rtypes)}", "}"]) + "\n"
    return TensorProgram(text=text, func="f", args=tuple(acts),
                         arg_types=tuple(t for _, t in params), result_types=tuple(rtypes),
                         seed=seed, shapes=tuple(shapes) if dyn_args else (), alias=alias)


def generate(seed: int, config: TensorGenConfig | None = None) -> TensorProgram:
    """A tensor program drawn deterministically from ``random.Random(seed)``."""
    return _generate(RandomChooser(random.Random(seed)), config, seed=seed)


@st.composite
def programs(draw: Callable[[st.SearchStrategy[Any]], Any],
             config: TensorGenConfig | None = None) -> TensorProgram:
    """Hypothesis strategy for :class:`TensorProgram`."""
    return _generate(DrawChooser(draw), config)


__all__ = ["TensorGenConfig", "TensorProgram", "generate", "programs", "shape_of", "ttype"]
