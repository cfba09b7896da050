"""The contractions of tensor-level gradients lowered to loops (activity/tensor/loops.py).

The adjoint of a matmul-like op is a ``linalg.generic`` contraction with transposed
maps (activity/ad/rules/linalg.py): ``dA = dC Bᵀ`` (over a transposed copy of ``B``),
``dB = Aᵀ dC`` (the reduction on the outer dimension), their batched forms, the
matvec/vecmat adjoints and outer products.  Each form, lowered and compiled, gives the
interpreter's results bit for bit on odd and dynamic shapes, with every codegen switch
of the lowering on or off (they move parallel dimensions and copy inputs only); the
matmul-like forms get the primal matmul's register tile; transpositions are blocked;
fills are fused into the nest that writes their buffer next.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest

import activity
from activity.tensor import loops, opts
from activity.tensor.bufferize import bufferize

SWITCHES = ("PANELS", "BLOCKS", "REMAINDERS", "PACK_ROWS", "FUSE_FILLS", "WIDE_FMA",
            "PEEL_FORWARD")

MUL_ADD = """^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }"""

# name -> (maps, iterators, input shapes, output shape, body), for C[m,n] = A[m,k] B[k,n]
# (and a batch of b); the shapes as functions of (b, m, n, k)
FORMS: dict[str, tuple[list[str], list[str], Any, Any, str]] = {
    # dA[m,k] += dC[m,n] * Bt[n,k]: the rule's form (B transposed first)
    "dA": (["(d0, d1, d2) -> (d1, d2)", "(d0, d1, d2) -> (d0, d1)", "(d0, d1, d2) -> (d0, d2)"],
           ["parallel", "reduction", "parallel"],
           lambda b, m, n, k: [(n, k), (m, n)], lambda b, m, n, k: (m, k), MUL_ADD),
    # dA[m,k] += dC[m,n] * B[k,n]: without the copy
    "dA_raw": (["(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d0, d1)",
                "(d0, d1, d2) -> (d0, d2)"], ["parallel", "reduction", "parallel"],
               lambda b, m, n, k: [(k, n), (m, n)], lambda b, m, n, k: (m, k), MUL_ADD),
    # dB[k,n] += A[m,k] * dC[m,n]: the reduction on the outer dimension
    "dB": (["(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d0, d1)", "(d0, d1, d2) -> (d2, d1)"],
           ["reduction", "parallel", "parallel"],
           lambda b, m, n, k: [(m, k), (m, n)], lambda b, m, n, k: (k, n), MUL_ADD),
    # batch_matmul's: dA[b,m,k] += Bt[b,n,k] * dC[b,m,n]; dB[b,k,n] += A[b,m,k] * dC[b,m,n]
    "bmm_dA": (["(d0, d1, d2, d3) -> (d0, d2, d3)", "(d0, d1, d2, d3) -> (d0, d1, d2)",
                "(d0, d1, d2, d3) -> (d0, d1, d3)"],
               ["parallel", "parallel", "reduction", "parallel"],
               lambda b, m, n, k: [(b, n, k), (b, m, n)], lambda b, m, n, k: (b, m, k), MUL_ADD),
    "bmm_dB": (["(d0, d1, d2, d3) -> (d0, d1, d3)", "(d0, d1, d2, d3) -> (d0, d1, d2)",
                "(d0, d1, d2, d3) -> (d0, d3, d2)"],
               ["parallel", "reduction", "parallel", "parallel"],
               lambda b, m, n, k: [(b, m, k), (b, m, n)], lambda b, m, n, k: (b, k, n), MUL_ADD),
    # matvec's dx[n] += A[m,n] * dy[m]; vecmat's dx[m] += A[m,n] * dy[n] (carried, jammed)
    "mv_dx": (["(d0, d1) -> (d0, d1)", "(d0, d1) -> (d0)", "(d0, d1) -> (d1)"],
              ["reduction", "parallel"],
              lambda b, m, n, k: [(m, n), (m,)], lambda b, m, n, k: (n,), MUL_ADD),
    "vm_dx": (["(d0, d1) -> (d0, d1)", "(d0, d1) -> (d1)", "(d0, d1) -> (d0)"],
              ["parallel", "reduction"],
              lambda b, m, n, k: [(m, n), (n,)], lambda b, m, n, k: (m,), MUL_ADD),
    # outer products (the matrix's adjoint), one with its maps swapped
    "outer": (["(d0, d1) -> (d0)", "(d0, d1) -> (d1)", "(d0, d1) -> (d0, d1)"],
              ["parallel", "parallel"],
              lambda b, m, n, k: [(m,), (n,)], lambda b, m, n, k: (m, n), MUL_ADD),
    "outer_t": (["(d0, d1) -> (d1)", "(d0, d1) -> (d0)", "(d0, d1) -> (d1, d0)"],
                ["parallel", "parallel"],
                lambda b, m, n, k: [(n,), (m,)], lambda b, m, n, k: (n, m), MUL_ADD),
    # the transposed copies, and a bias's adjoint
    "transpose": (["(d0, d1) -> (d0, d1)", "(d0, d1) -> (d1, d0)"], ["parallel"] * 2,
                  lambda b, m, n, k: [(k, n)], lambda b, m, n, k: (n, k),
                  "^bb0(%x: f32, %o: f32):\n    linalg.yield %x : f32\n  }"),
    "transpose3": (["(d0, d1, d2) -> (d0, d1, d2)", "(d0, d1, d2) -> (d0, d2, d1)"],
                   ["parallel"] * 3,
                   lambda b, m, n, k: [(b, k, n)], lambda b, m, n, k: (b, n, k),
                   "^bb0(%x: f32, %o: f32):\n    linalg.yield %x : f32\n  }"),
    "bias": (["(d0, d1) -> (d0, d1)", "(d0, d1) -> (d1)"], ["reduction", "parallel"],
             lambda b, m, n, k: [(m, n)], lambda b, m, n, k: (n,),
             "^bb0(%x: f32, %acc: f32):\n    %s = arith.addf %acc, %x : f32\n"
             "    linalg.yield %s : f32\n  }"),
}


def _t(shape: tuple[int, ...], dynamic: bool) -> str:
    return f"tensor<{'x'.join('?' if dynamic else str(s) for s in shape)}xf32>"


def program(sizes: tuple[int, int, int, int], dynamic: bool, fill: bool,
            forms: list[str] | None = None) -> tuple[str, list[tuple[int, ...]]]:
    """``@f`` computing every form (and a ``linalg.matmul``) and returning their
    results, and its argument shapes.  ``fill``: each output starts from a
    ``tensor.empty`` filled with zeros (sized by ``tensor.dim`` where dynamic; the
    transpositions from the empty tensor), else from an argument."""
    names = list(FORMS) if forms is None else forms
    args, shapes, body, rets = [], [], [], []
    for q, name in enumerate(["matmul", *names]):
        if name == "matmul":
            _, m, n, k = sizes
            ins, out = [(m, k), (k, n)], (m, n)
        else:
            maps, its, fin, fout, blk = FORMS[name]
            ins, out = fin(*sizes), fout(*sizes)
        vs = []
        for r, s in enumerate(ins):
            vs.append(f"%i{q}_{r}")
            args.append(f"%i{q}_{r}: {_t(s, dynamic)}")
            shapes.append(s)
        ot = _t(out, dynamic)
        if fill:
            dyn = []
            if dynamic:  # (each output dimension's size, from an input naming it)
                for p, size in enumerate(out):
                    src = next((v, ins[r].index(size)) for r, v in enumerate(vs)
                               if size in ins[r])
                    body.append(f"  %c{q}_{p} = arith.constant {src[1]} : index")
                    body.append(f"  %d{q}_{p} = tensor.dim {src[0]}, %c{q}_{p} : "
                                f"{_t(ins[vs.index(src[0])], True)}")
                    dyn.append(f"%d{q}_{p}")
            body.append(f"  %e{q} = tensor.empty({', '.join(dyn)}) : {ot}")
            if name.startswith("transpose"):
                init = f"%e{q}"
            else:
                body.append(f"  %o{q} = linalg.fill ins(%zero : f32) outs(%e{q} : {ot}) -> {ot}")
                init = f"%o{q}"
        else:
            args.append(f"%o{q}: {ot}")
            shapes.append(out)
            init = f"%o{q}"
        its_t = ", ".join(_t(s, dynamic) for s in ins)
        if name == "matmul":
            body.append(f"  %r{q} = linalg.matmul ins({', '.join(vs)} : {its_t}) "
                        f"outs({init} : {ot}) -> {ot}")
        else:
            ms = ", ".join(f"affine_map<{x}>" for x in maps)
            it = ", ".join(f'"{x}"' for x in its)
            body.append(f"  %r{q} = linalg.generic {{indexing_maps = [{ms}], "
                        f"iterator_types = [{it}]}} ins({', '.join(vs)} : {its_t}) "
                        f"outs({init} : {ot}) attrs = {{activity.adjoint}} {{\n  {blk} -> {ot}")
        rets.append((f"%r{q}", ot))
    text = (f"func.func @f({', '.join(args)}) -> ({', '.join(t for _, t in rets)}) {{\n"
            "  %zero = arith.constant 0.0 : f32\n" + "\n".join(body) + "\n"
            f"  return {', '.join(v for v, _ in rets)} : {', '.join(t for _, t in rets)}\n}}\n")
    return text, shapes


def _args(shapes: list[tuple[int, ...]], seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(s).astype(np.float32) for s in shapes]


def _compiled(text: str, off: tuple[str, ...], mp: pytest.MonkeyPatch) -> Any:
    with mp.context() as m:
        for f in off:
            m.setattr(loops, f, False)
        return activity.compile(text, "f")


def _same(got: Any, want: Any) -> None:
    got, want = list(got), list(want)
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        np.testing.assert_array_equal(np.asarray(g), np.asarray(w))
        np.testing.assert_array_equal(np.signbit(g), np.signbit(w))


# (b, m, n, k): ones, small odd sizes, whole tiles and the rest (20 + 1 rows, 16 + 3
# and 32 + 5 columns of f32; 64 + 5 rows), a reduction of one
SIZES = [(1, 1, 1, 1), (2, 3, 5, 7), (2, 21, 37, 19), (3, 17, 69, 1), (2, 69, 37, 17)]


@pytest.mark.parametrize("sizes,dynamic,fill", [
    (SIZES[0], False, True), (SIZES[1], False, False), (SIZES[3], False, True),
    pytest.param(SIZES[2], True, True, marks=pytest.mark.slow),
    pytest.param(SIZES[2], True, False, marks=pytest.mark.slow),
    pytest.param(SIZES[0], False, False, marks=pytest.mark.slow),
    pytest.param(SIZES[1], False, True, marks=pytest.mark.slow),
    pytest.param(SIZES[3], False, False, marks=pytest.mark.slow),
    pytest.param(SIZES[2], False, False, marks=pytest.mark.slow),
    pytest.param(SIZES[4], False, True, marks=pytest.mark.slow),
    pytest.param(SIZES[4], True, False, marks=pytest.mark.slow)])
def test_forms_equal_the_interpreter(sizes: tuple[int, int, int, int], dynamic: bool,
                                     fill: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every form compiled equals the interpreter bit for bit, on initial values or
    on zeros (the fills fused)."""
    text, shapes = program(sizes, dynamic, fill)
    args = _args(shapes, sum(sizes))
    want = activity.evaluate(activity.parse(text), "f", *args)
    _same(_compiled(text, (), monkeypatch)(*args), want)


@pytest.mark.parametrize("off", [SWITCHES, *[pytest.param((f,), marks=pytest.mark.slow)
                                             for f in SWITCHES]])
def test_switches_off_give_the_same(off: tuple[str, ...],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """With the codegen switches off (all, or each alone), the same bits: they move
    parallel dimensions and copy inputs, never reorder a sum."""
    text, shapes = program(SIZES[2], False, True)
    args = _args(shapes, 5)
    want = activity.evaluate(activity.parse(text), "f", *args)
    _same(_compiled(text, (), monkeypatch)(*args), want)
    _same(_compiled(text, off, monkeypatch)(*args), want)


def test_reduction_of_none_keeps_the_fill(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reduction over no terms leaves the fused fill's value."""
    text, shapes = program((2, 9, 0, 5), False, True, ["dA", "bmm_dA", "vm_dx"])
    ops = [o for o in bufferize(activity.parse(text)).walk() if loops.is_structured(o)]
    assert len(loops.fused_fills(ops)[1]) == 3
    args = _args(shapes, 1)
    got = _compiled(text, (), monkeypatch)(*args)
    want = activity.evaluate(activity.parse(text), "f", *args)
    _same(got, want)
    assert [np.asarray(g).shape for g in got[1:]] == [(9, 5), (2, 9, 5), (9,)]
    assert all(not np.asarray(g).any() for g in got[1:])


def _view(text: str, pick: int = -1) -> loops.Structured:
    """The view of the ``pick``-th form of ``program``'s text, bufferized (the
    structured ops but the fills and the leading matmul)."""
    ops = [o for o in bufferize(activity.parse(text)).walk() if loops.is_structured(o)
           and loops._fill_value(loops.structured(o)) is None]  # type: ignore[arg-type]
    s = loops.structured(ops[1:][pick])
    assert s is not None
    return s


def _optimized_phis(text: str, mp: pytest.MonkeyPatch, off: tuple[str, ...] = ()) -> int:
    """The most vector float phis of one block of the optimized LLVM IR: the
    accumulators the innermost reduction loop carries in registers."""
    ir = _compiled(text, off, mp).optimized_ir
    return max(len(re.findall(r"= phi <\d+ x float>", b)) for b in re.split(r"\n(?=\S+:)", ir))


@pytest.mark.parametrize("name", ["dA", "dB", "bmm_dA", "bmm_dB"])
@pytest.mark.parametrize("sizes", [(2, 64, 48, 32), (2, 69, 37, 17)])
def test_forms_register_tiled(name: str, sizes: tuple[int, int, int, int],
                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The adjoint forms get the primal matmul's 4 x 16 register tile (8 vectors of
    8 floats carried along the reduction), the remainder tiles too; dB's ``A``
    (contiguous along the tile's rows) is packed, ``dC`` read through panels."""
    text, _ = program(sizes, False, True, [name])
    s = _view(text)
    order, carry = loops.loop_order(s)
    plan = loops.tiling(s, order, carry)
    roles = [(r, t) for _, r, t in plan]
    assert roles[:2] == [("outer", 16), ("outer", 4)] and roles[-2:] == [("inner", 4),
                                                                         ("inner", 16)]
    assert loops.panel_inputs(s, plan) == [0 if name.endswith("dA") else 1]
    packed = [k for k in range(len(s.inputs)) if loops.row_pack_order(s, plan, k)]
    assert packed == ([] if name.endswith("dA") else [0])
    assert _optimized_phis(text, monkeypatch) >= 8
    mm, _ = program(sizes, False, True, [])
    assert _optimized_phis(mm, monkeypatch) >= 8  # (the primal's, for comparison)
    if sizes[1] % 4:  # without remainder tiles an odd shape is not tiled by rows
        assert _optimized_phis(text, monkeypatch, ("REMAINDERS",)) < 8


def _contracted(text: str) -> str:
    """``text`` with its generics' multiply and add allowed to contract into an FMA
    (``fastmath<contract>``, as the gradient's adjoint contractions are)."""
    out = text.replace("%p = arith.mulf %x, %y : f32",
                       "%p = arith.mulf %x, %y fastmath<contract> : f32")
    return out.replace("%s = arith.addf %acc, %p : f32",
                       "%s = arith.addf %acc, %p fastmath<contract> : f32")


@pytest.mark.slow  # (the MLP benchmark's contract generics take these tiles by default)
@pytest.mark.parametrize("name", ["dA", "dB"])
def test_fma_tiles_widened(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A multiply-add body that contracts into FMAs gets a 4 x 24 tile (12 vector
    accumulators: ``WIDE_FMA``), remainders on odd sizes; the same bits as the 4 x 16
    tile (the switch off), and close to the interpreter (FMAs round once); the body
    as written (a multiply, then an add) keeps 4 x 16."""
    sizes = (2, 69, 53, 57)  # (outputs 69 x 57 and 57 x 53: 2 tiles of 24 and the rest)
    plain, shapes = program(sizes, False, True, [name])
    text = _contracted(plain)
    assert text != plain
    s, p = _view(text), _view(plain)
    assert loops.fma_body(s) and not loops.fma_body(p)
    plan = loops.tiling(s, *loops.loop_order(s))
    assert [(r, t) for _, r, t in plan][:2] == [("outer", 24), ("outer", 4)]
    assert loops.tiling(p, *loops.loop_order(p))[0][1:] == ("outer", 16)
    assert _optimized_phis(text, monkeypatch) >= 12
    assert _optimized_phis(text, monkeypatch, ("WIDE_FMA",)) < 12
    args = _args(shapes, 3)
    got = _compiled(text, (), monkeypatch)(*args)
    _same(got, _compiled(text, ("WIDE_FMA",), monkeypatch)(*args))
    want = activity.evaluate(activity.parse(text), "f", *args)
    for g, w in zip(got, want, strict=True):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-5, atol=1e-5)


def test_transpositions_blocked() -> None:
    """The transposed copies run over 8 x 8 blocks, the swapped outer product
    with the output's contiguous dimension innermost; the switch off: the maps' order."""
    text, _ = program((2, 40, 40, 40), False, True, ["transpose", "transpose3", "outer_t"])
    views = [_view(text, q) for q in (-3, -2, -1)]
    plans = [loops.tiling(s, *loops.loop_order(s)) for s in views]
    assert [(d, r, t) for d, r, t in plans[0]] == [(1, "outer", 8), (0, "outer", 8),
                                                   (1, "inner", 8), (0, "inner", 8)]
    assert plans[1][0] == (0, "full", 0) and [r for _, r, _ in plans[1][1:]] == [
        "outer", "outer", "inner", "inner"] and plans[1][-1][0] == 1
    assert plans[2] == [(1, "full", 0), (0, "full", 0)]
    loops.BLOCKS = False
    try:
        assert all(loops.tiling(s, *loops.loop_order(s)) ==
                   [(d, "full", 0) for d in range(len(s.iterator_types))] for s in views)
    finally:
        loops.BLOCKS = True


FILL_THEN = """
func.func @f(%a: memref<8x4xf32>, %b: memref<8x20xf32>, %c: memref<4x20xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %buf = memref.alloc() : memref<4x20xf32>
  linalg.fill ins(%zero : f32) outs(%buf : memref<4x20xf32>)
  BETWEEN
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>,
                                   affine_map<(d0, d1, d2) -> (d0, d1)>,
                                   affine_map<(d0, d1, d2) -> (d2, d1)>],
                  iterator_types = ["reduction", "parallel", "parallel"]}
      ins(%a, INPUT : memref<8x4xf32>, memref<8x20xf32>) outs(%buf : memref<4x20xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  memref.copy %buf, %c : memref<4x20xf32> to memref<4x20xf32>
  %i = arith.constant 1 : index
  %v = memref.load %buf[%i, %i] : memref<4x20xf32>
  memref.dealloc %buf : memref<4x20xf32>
  return %v : f32
}
"""


@pytest.mark.parametrize("between,fused", [
    ("", True),
    # the buffer read between the fill and the nest: the fill stays
    ("%r = memref.load %buf[%zi, %zi] : memref<4x20xf32>", False),
    # a view of it made before
    ("%w = memref.subview %buf[0, 0] [4, 8] [1, 1] : memref<4x20xf32> to "
     "memref<4x8xf32, strided<[20, 1]>>", False),
])
def test_fill_fused_only_into_the_next_writer(between: str, fused: bool,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    text = FILL_THEN.replace("BETWEEN", ("%zi = arith.constant 0 : index\n  " + between)
                             if between else "").replace("INPUT", "%b")
    m = activity.parse(text)
    ops = [o for o in m.walk() if loops.is_structured(o)]
    fills, drop = loops.fused_fills(ops)
    assert (len(drop), len(fills)) == ((1, 1) if fused else (0, 0))
    rng = np.random.default_rng(2)
    a, b = rng.standard_normal((8, 4)).astype(np.float32), \
        rng.standard_normal((8, 20)).astype(np.float32)
    want_c = np.zeros((4, 20), np.float32)
    want_v = activity.evaluate(activity.parse(text), "f", a, b, want_c)
    c = np.full((4, 20), np.nan, np.float32)
    got_v = activity.compile(text, "f")(a, b, c)
    np.testing.assert_array_equal(c, want_c)
    assert np.float32(got_v) == np.float32(want_v)
    # the buffer also read by the nest: not fused
    ops = [o for o in activity.parse(OWN_INPUT).walk() if loops.is_structured(o)]
    assert len(ops) == 2 and loops.fused_fills(ops) == ({}, set())


OWN_INPUT = """
func.func @f(%c: memref<4x20xf32>) {
  %zero = arith.constant 0.0 : f32
  %buf = memref.alloc() : memref<4x20xf32>
  linalg.fill ins(%zero : f32) outs(%buf : memref<4x20xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                   affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%buf : memref<4x20xf32>) outs(%buf : memref<4x20xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  }
  memref.copy %buf, %c : memref<4x20xf32> to memref<4x20xf32>
  memref.dealloc %buf : memref<4x20xf32>
  return
}
"""


def test_fills_fused_in_the_gradient() -> None:
    """In the MLP's gradient the zero fill of every matrix (the adjoints', the
    matmuls') goes into the contraction that writes it next."""
    g = activity.grad(activity.parse("benchmarks/tensor/mlp.mlir"), "mlp", None)
    ops = [o for o in bufferize(g).walk() if loops.is_structured(o)]
    fills = [o for o in ops if loops._fill_value(loops.structured(o)) is not None  # type: ignore[arg-type]
             and len(o.operands[-1].type.get_shape()) == 2]
    _, drop = loops.fused_fills(ops)
    assert len(fills) >= 5 and all(o in drop for o in fills)


NAMED = """
func.func @f(%a: tensor<#BMK#xf32>, %b: tensor<#BKN#xf32>, %x: tensor<#K#xf32>, %y: tensor<#M#xf32>,
             %w: tensor<#MK#xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<#BMN#xf32>
  %c0 = linalg.fill ins(%zero : f32) outs(%e : tensor<#BMN#xf32>) -> tensor<#BMN#xf32>
  %c = linalg.batch_matmul ins(%a, %b : tensor<#BMK#xf32>, tensor<#BKN#xf32>)
                           outs(%c0 : tensor<#BMN#xf32>) -> tensor<#BMN#xf32>
  %e2 = tensor.empty() : tensor<#M#xf32>
  %v0 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<#M#xf32>) -> tensor<#M#xf32>
  %v = linalg.matvec ins(%w, %x : tensor<#MK#xf32>, tensor<#K#xf32>) outs(%v0 : tensor<#M#xf32>)
       -> tensor<#M#xf32>
  %e3 = tensor.empty() : tensor<#K#xf32>
  %u0 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<#K#xf32>) -> tensor<#K#xf32>
  %u = linalg.vecmat ins(%y, %w : tensor<#M#xf32>, tensor<#MK#xf32>) outs(%u0 : tensor<#K#xf32>)
       -> tensor<#K#xf32>
  %e4 = tensor.empty() : tensor<#MN#xf32>
  %m0 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<#MN#xf32>) -> tensor<#MN#xf32>
  %a0 = tensor.extract_slice %a[0, 0, 0] [1, #M#, #K#] [1, 1, 1]
        : tensor<#BMK#xf32> to tensor<#MK#xf32>
  %b0 = tensor.extract_slice %b[0, 0, 0] [1, #K#, #N#] [1, 1, 1]
        : tensor<#BKN#xf32> to tensor<#KN#xf32>
  %m = linalg.matmul ins(%a0, %b0 : tensor<#MK#xf32>, tensor<#KN#xf32>) outs(%m0 : tensor<#MN#xf32>)
       -> tensor<#MN#xf32>
  %es = tensor.empty() : tensor<f32>
  %s0 = linalg.fill ins(%zero : f32) outs(%es : tensor<f32>) -> tensor<f32>
  %s1 = linalg.generic {indexing_maps = [affine_map<(p, i, j) -> (p, i, j)>,
                                         affine_map<(p, i, j) -> ()>],
                        iterator_types = ["reduction", "reduction", "reduction"]}
      ins(%c : tensor<#BMN#xf32>) outs(%s0 : tensor<f32>) {
  ^bb0(%q: f32, %acc: f32):
    %t = arith.mulf %q, %q : f32
    %r = arith.addf %acc, %t : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %s2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>],
                        iterator_types = ["reduction", "reduction"]}
      ins(%m : tensor<#MN#xf32>) outs(%s1 : tensor<f32>) {
  ^bb0(%q: f32, %acc: f32):
    %t = arith.mulf %q, %q : f32
    %r = arith.addf %acc, %t : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %s3 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
                        iterator_types = ["reduction"]}
      ins(%v : tensor<#M#xf32>) outs(%s2 : tensor<f32>) {
  ^bb0(%q: f32, %acc: f32):
    %t = arith.mulf %q, %q : f32
    %r = arith.addf %acc, %t : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %s4 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
                        iterator_types = ["reduction"]}
      ins(%u : tensor<#K#xf32>) outs(%s3 : tensor<f32>) {
  ^bb0(%q: f32, %acc: f32):
    %t = arith.mulf %q, %q : f32
    %r = arith.addf %acc, %t : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %out = tensor.extract %s4[] : tensor<f32>
  return %out : f32
}
"""


def _named(b: int, m: int, n: int, k: int) -> str:
    sizes = {"B": b, "M": m, "N": n, "K": k}
    return re.sub(r"#([BMNK]+)#", lambda g: "x".join(str(sizes[c]) for c in g.group(1)),
                  NAMED)


@pytest.mark.parametrize("sizes", [(1, 1, 1, 1), (2, 3, 17, 5),
                                   pytest.param((2, 69, 37, 17), marks=pytest.mark.slow)])
def test_named_ops_adjoints_equal_the_interpreter(sizes: tuple[int, int, int, int],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The gradient of matmul, batch_matmul, matvec and vecmat (strict adjoints: no
    contraction into FMAs), compiled with the switches on and off, equals the
    interpreter's gradient bit for bit."""
    text = _named(*sizes)
    g = activity.grad(activity.parse(text), "f", ["active"] * 5, strict_adjoints=True)
    b, m, n, k = sizes
    args = _args([(b, m, k), (b, k, n), (k,), (m,), (m, k)], sum(sizes))
    want = activity.evaluate(g, "f_grad", *args, 1.0)
    for off in ((), SWITCHES):
        with monkeypatch.context() as mp:
            for f in off:
                mp.setattr(loops, f, False)
            got = activity.compile(g, "f_grad")(*args, 1.0)
        _same(got, want)


def test_peeled_tile_stays_in_registers(monkeypatch: pytest.MonkeyPatch) -> None:
    """``loops.PEEL_FORWARD``: the first iteration ``peelfill`` peels off a filled
    ``dB``'s reduction no longer stores its register tile to load it back before the
    loop (a late GVN forwards the stores, DSE deletes them): fewer vector stores in the
    optimized IR, and the same bits as without."""
    sizes = (2, 16, 48, 24)  # (dB: 24 x 48 outputs, 16 terms each: whole 4 x 24 tiles)
    text, shapes = program(sizes, False, True, ["dB"])
    text = _contracted(text)

    def stores(off: tuple[str, ...]) -> int:
        ir = _compiled(text, off, monkeypatch).optimized_ir
        return len(re.findall(r"store <\d+ x float>", ir))

    assert stores(()) < stores(("PEEL_FORWARD",))
    args = _args(shapes, 5)
    _same(_compiled(text, (), monkeypatch)(*args),
          _compiled(text, ("PEEL_FORWARD",), monkeypatch)(*args))


def test_peel_forward_runs_on_the_lowered_functions_alone(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """The late NewGVN + DSE (``PEEL_FORWARD``) runs on the lowered tensor functions
    only: not on the native entry, the packed wrapper or the runtime's helpers (NewGVN
    is not LLVM's default GVN; its reach is kept to the code that needs it)."""
    from activity.codegen import jit

    seen: list[tuple[list[str], list[str]]] = []
    real = jit.optimize

    def spy(mod: Any, tm: Any, opt: int, slp: bool = False, forward: Any = ()) -> None:
        seen.append((list(forward), [f.name for f in mod.functions if not f.is_declaration]))
        real(mod, tm, opt, slp, forward)

    monkeypatch.setattr(jit, "optimize", spy)
    monkeypatch.setattr(jit, "_CACHE", {})  # (compiled here, not found compiled)
    text, _ = program((2, 16, 48, 24), False, True, ["dB"])
    _compiled(_contracted(text), (), monkeypatch)
    # (the function's module: helpers the process compiles once come and go)
    [(forward, defined)] = [s for s in seen if "f" in s[1]]
    assert forward == ["f"]
    assert {"_activity_f", "_activity_f_entry", "activity_heap_alloc"} <= set(defined)
    seen.clear()
    _compiled(_contracted(text), ("PEEL_FORWARD",), monkeypatch)
    assert [s[0] for s in seen if "f" in s[1]] == [[]]
    # nor on a function in which no reduction was peeled (GMM's gradient, which has none,
    # ran 1.14x slower with it)
    seen.clear()
    with opts.disabled("peelfill"):
        _compiled(_contracted(text), (), monkeypatch)
    assert [s[0] for s in seen if "f" in s[1]] == [[]]
