"""Hand tracking (simplified ADBench-style): a skinned bone chain fitted to target points.

Signature::

    @hand(%nb: index, %nv: index, %theta: memref<?xf64> [3 + 3 nb],
          %parents: memref<?xi32> [nb], %base_rel: memref<?xf64> [12 nb],
          %inv_base_abs: memref<?xf64> [12 nb], %verts: memref<?xf64> [3 nv],
          %weights: memref<?xf64> [nv nb], %targets: memref<?xf64> [3 nv]) -> f64

Transforms are 3x4 affine matrices stored row-major (12 entries).  ``theta`` holds a
global translation then one angle-axis rotation per bone.  For bone ``b`` (parents come
before children; ``parents[b] < 0`` marks a root):
``rel_b = base_rel_b * [R(theta_b) | 0]``, ``abs_b = abs_parent * rel_b`` (or ``rel_b``),
``T_b = abs_b * inv_base_abs_b``.  Vertex ``v`` moves to
``sum_b weights[v, b] T_b [vert_v; 1] + translation`` (bones with weight 0 are skipped),
and the result is the sum of squared distances to the targets.
"""

from __future__ import annotations

from .emit import DYN1, Fn, module

A12 = "memref<12xf64>"
SMALL_ANGLE_SQ = 1e-12


def hand_fn() -> Fn:
    f = Fn("hand", [("nb", "index"), ("nv", "index"), ("theta", DYN1),
                    ("parents", "memref<?xi32>"), ("base_rel", DYN1), ("inv_base_abs", DYN1),
                    ("verts", DYN1), ("weights", DYN1), ("targets", DYN1)])
    nb, nv, theta = f.arg("nb"), f.arg("nv"), f.arg("theta")
    parents, base_rel, inv_base_abs = f.arg("parents"), f.arg("base_rel"), f.arg("inv_base_abs")
    verts, weights, targets = f.arg("verts"), f.arg("weights"), f.arg("targets")
    c0, c3, c4, c12 = f.i(0), f.i(3), f.i(4), f.i(12)
    zero, one = f.f(0.0), f.f(1.0)

    def compose(a: str, oa: str, b: str, ob: str, c: str, oc: str, name: str) -> None:
        """C[oc:] = A[oa:] * B[ob:] for 3x4 affine transforms."""
        def entry(r: str, col: str) -> None:
            arow = f.add(oa, f.mul(r, c4))

            def term(l_: str) -> str:
                return f.mul(f.load(a, f.add(arow, l_)),
                             f.load(b, f.add(f.add(ob, f.mul(l_, c4)), col)))

            s = f.sum_loop(c0, c3, term)
            is_t = f.cmpi("eq", col, c3)
            (s,) = f.if_(is_t, ["f64"], lambda: [f.add(s, f.load(a, f.add(arow, c3)))],
                         lambda: [s])
            f.store(s, c, f.add(f.add(oc, f.mul(r, c4)), col))

        f.for_(c0, c3, lambda r: f.for_(c0, c4, lambda col: entry(r, col), hint="cc"),
               tag=f"hand.compose_{name}", hint="rr")

    rot = f.alloc(A12, stack=True, hint="rot")
    rel = f.alloc(A12, stack=True, hint="rel")
    absb = f.alloc(DYN1, [f.mul(nb, c12)], hint="abs")
    tr = f.alloc(DYN1, [f.mul(nb, c12)], hint="tr")

    def bone(b: str) -> None:
        aoff = f.add(c3, f.mul(b, c3))
        aa = [f.load(theta, f.add(aoff, f.i(j)), hint="aa") for j in range(3)]
        th2 = f.add(f.add(f.mul(aa[0], aa[0]), f.mul(aa[1], aa[1])), f.mul(aa[2], aa[2]))
        small = f.cmpf("olt", th2, f.f(SMALL_ANGLE_SQ))

        def put(mat: list[list[str]]) -> None:
            for r in range(3):
                for col in range(3):
                    f.store(mat[r][col], rot, f.i(4 * r + col))

        def first_order() -> None:
            put([[one, f.neg(aa[2]), aa[1]],
                 [aa[2], one, f.neg(aa[0])],
                 [f.neg(aa[1]), aa[0], one]])

        def rodrigues() -> None:
            th = f.math("sqrt", th2)
            inv = f.div(one, th)
            k = [f.mul(x, inv) for x in aa]
            cs, sn = f.math("cos", th), f.math("sin", th)
            omc = f.sub(one, cs)
            skew = [[None, f.neg(k[2]), k[1]], [k[2], None, f.neg(k[0])],
                    [f.neg(k[1]), k[0], None]]
            mat = []
            for r in range(3):
                row = []
                for col in range(3):
                    v = f.mul(omc, f.mul(k[r], k[col]))
                    v = f.add(v, cs) if r == col else f.add(v, f.mul(sn, skew[r][col]))
                    row.append(v)
                mat.append(row)
            put(mat)

        f.if_(small, [], first_order, rodrigues, tag="hand.angle_axis")
        for r in range(3):
            f.store(zero, rot, f.i(4 * r + 3))
        ob = f.mul(b, c12)
        compose(base_rel, ob, rot, c0, rel, c0, "rel")
        p = f.load(parents, b, tag="hand.parent", hint="par")
        is_root = f.cmpi("slt", p, f.const(0, "i32"))

        def root() -> None:
            f.for_(c0, c12, lambda j: f.store(f.load(rel, j), absb, f.add(ob, j)))

        def child() -> None:
            op = f.mul(f.to_index(p), c12, tag="hand.parent_offset")
            compose(absb, op, rel, c0, absb, ob, "abs")

        f.if_(is_root, [], root, child, tag="hand.hierarchy")
        compose(absb, ob, inv_base_abs, ob, tr, ob, "skin")

    f.for_(c0, nb, lambda b: bone(b), tag="hand.bone_loop", hint="b")

    def vertex(v: str, acc: str) -> list[str]:
        v3 = f.mul(v, c3)
        bv = [f.load(verts, f.add(v3, f.i(j)), hint="bv") for j in range(3)]

        def blend(b: str, *s: str) -> list[str]:
            wgt = f.load(weights, f.add(f.mul(v, nb), b), tag="hand.load_weight", hint="wgt")
            nz = f.cmpf("one", wgt, zero)

            def skin() -> list[str]:
                out = []
                for r in range(3):
                    base = f.add(f.mul(b, c12), f.i(4 * r))
                    q = f.load(tr, f.add(base, c3))
                    for j in range(3):
                        q = f.add(q, f.mul(f.load(tr, f.add(base, f.i(j))), bv[j]))
                    out.append(f.add(s[r], f.mul(wgt, q)))
                return out

            return f.if_(nz, ["f64"] * 3, skin, lambda: list(s))

        pos = f.for_(c0, nb, blend, inits=[zero] * 3, hint="b")
        for r in range(3):
            x = f.add(pos[r], f.load(theta, f.i(r)))
            d = f.sub(x, f.load(targets, f.add(v3, f.i(r)), hint="tgt",
                                tag=f"hand.load_target{r}"))
            acc = f.add(acc, f.mul(d, d))
        return [acc]

    (total,) = f.for_(c0, nv, vertex, inits=[zero], tag="hand.vertex_loop", hint="v")
    f.dealloc(absb)
    f.dealloc(tr)
    f.ret([total])
    return f


def mlir() -> str:
    return module(__doc__.split("\n\n")[0] + "\nGenerated by benchmarks/programs/hand.py.",
                  hand_fn())
