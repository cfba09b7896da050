"""miniBUDE-style docking energy: posed ligand atoms against protein atoms.

Signature::

    @minibude(%nposes: index, %nl: index, %np: index, %poses: memref<?xf64> [6 nposes],
              %lig_pos: memref<?xf64> [3 nl], %lig_type: memref<?xi32> [nl],
              %prot_pos: memref<?xf64> [3 np], %prot_type: memref<?xi32> [np],
              %ff_radius: memref<?xf64>, %ff_hphb: memref<?xf64>, %ff_elsc: memref<?xf64>,
              %ff_hbtype: memref<?xi32>, %energies: memref<?xf64> [nposes]) -> f64

A pose is (rx, ry, rz, tx, ty, tz): ligand atoms are rotated by ``Rz(rz) Ry(ry) Rx(rx)``
then translated.  Each (ligand atom, protein atom) pair reads both atoms' force-field
entries (radius, hydrophobicity, charge scale, hydrogen-bond type) by their integer
types and, with ``d`` their distance and ``e = d - (r_p + r_l)`` the surface gap, adds

* steric: ``2 HARDNESS (1 - d / (r_p + r_l))`` when ``e < 0``;
* charge: ``CNSTNT q_p q_l f`` when ``e < cutoff`` (cutoff 4 for two 'F' atoms, else 2),
  with ``f = 1`` when ``e < 0`` else ``1 - e / cutoff``; ``-|.|`` when either is 'E';
* desolvation: for a polar/non-polar (distance 1) or non-polar/non-polar (distance
  5.5) pair within range: ``(h_p + h_l) g`` with ``g = 1`` when ``e < 0`` else
  ``1 - e / range``.

The pose energy (half the pair sum) is written to ``energies``; the result is their sum.
"""

from __future__ import annotations

from .emit import DYN1, Fn, module

I32 = "memref<?xi32>"
HARDNESS = 38.0
CNSTNT = 45.0
NPNPDIST = 5.5
NPPDIST = 1.0
HBTYPE_F = 70
HBTYPE_E = 69


def minibude_fn() -> Fn:
    f = Fn("minibude", [("nposes", "index"), ("nl", "index"), ("np", "index"),
                        ("poses", DYN1), ("lig_pos", DYN1), ("lig_type", I32),
                        ("prot_pos", DYN1), ("prot_type", I32), ("ff_radius", DYN1),
                        ("ff_hphb", DYN1), ("ff_elsc", DYN1), ("ff_hbtype", I32),
                        ("energies", DYN1)])
    nposes, nl, np_ = f.arg("nposes"), f.arg("nl"), f.arg("np")
    poses, lig_pos, lig_type = f.arg("poses"), f.arg("lig_pos"), f.arg("lig_type")
    prot_pos, prot_type = f.arg("prot_pos"), f.arg("prot_type")
    ff_radius, ff_hphb, ff_elsc, ff_hbtype = (f.arg("ff_radius"), f.arg("ff_hphb"),
                                              f.arg("ff_elsc"), f.arg("ff_hbtype"))
    energies = f.arg("energies")
    c0, c3, c6 = f.i(0), f.i(3), f.i(6)
    zero, one = f.f(0.0), f.f(1.0)
    hb_f, hb_e = f.const(HBTYPE_F, "i32"), f.const(HBTYPE_E, "i32")

    def ff(t: str) -> tuple[str, str, str, str]:
        return (f.load(ff_radius, t, hint="rad"), f.load(ff_hphb, t, hint="hphb"),
                f.load(ff_elsc, t, hint="elsc"), f.load(ff_hbtype, t, hint="hbt"))

    def pose(ip: str, total: str) -> list[str]:
        po = f.mul(ip, c6)
        ang = [f.load(poses, f.add(po, f.i(j)), hint="ang") for j in range(3)]
        trans = [f.load(poses, f.add(po, f.i(3 + j)), hint="tr") for j in range(3)]
        ca, cb, cc = (f.math("cos", a) for a in ang)
        sa, sb, sc = (f.math("sin", a) for a in ang)
        # R = Rz(c) Ry(b) Rx(a)
        rm = [
            [f.mul(cb, cc), f.sub(f.mul(f.mul(sa, sb), cc), f.mul(ca, sc)),
             f.add(f.mul(f.mul(ca, sb), cc), f.mul(sa, sc))],
            [f.mul(cb, sc), f.add(f.mul(f.mul(sa, sb), sc), f.mul(ca, cc)),
             f.sub(f.mul(f.mul(ca, sb), sc), f.mul(sa, cc))],
            [f.neg(sb), f.mul(sa, cb), f.mul(ca, cb)],
        ]

        def ligand(il: str, etot: str) -> list[str]:
            l3 = f.mul(il, c3)
            lp = [f.load(lig_pos, f.add(l3, f.i(j)), hint="lp") for j in range(3)]
            lpos = []
            for r in range(3):
                v = trans[r]
                for j in range(3):
                    v = f.add(v, f.mul(rm[r][j], lp[j]))
                lpos.append(v)
            lt = f.to_index(f.load(lig_type, il, tag="bude.load_lig_type", hint="ltype"))
            l_rad, l_hphb, l_elsc, l_hb = ff(lt)
            l_is_f = f.cmpi("eq", l_hb, hb_f)
            l_is_e = f.cmpi("eq", l_hb, hb_e)
            l_np = f.cmpf("olt", l_hphb, zero)

            def protein(jp: str, acc: str) -> list[str]:
                p3 = f.mul(jp, c3)
                pt = f.to_index(f.load(prot_type, jp, hint="ptype"))
                p_rad, p_hphb, p_elsc, p_hb = ff(pt)
                # pair constants: only depend on the (const) force field and types
                radij = f.add(p_rad, l_rad, tag="bude.radij")
                r_radij = f.div(one, radij)
                both_f = f.andi(f.cmpi("eq", p_hb, hb_f), l_is_f)
                elcdst = f.select(both_f, f.f(4.0), f.f(2.0))
                elcdst1 = f.select(both_f, f.f(0.25), f.f(0.5))
                type_e = f.ori(f.cmpi("eq", p_hb, hb_e), l_is_e)
                chrg_init = f.mul(l_elsc, p_elsc, tag="bude.chrg_init")
                p_np = f.cmpf("olt", p_hphb, zero)
                both_np = f.andi(p_np, l_np)
                any_np = f.ori(p_np, l_np)
                distdslv = f.select(both_np, f.f(NPNPDIST), f.f(NPPDIST), tag="bude.dslv_range")
                r_distdslv = f.div(one, distdslv)
                dslv_init = f.add(p_hphb, l_hphb)

                # distance-dependent (pose-dependent) terms
                sq = zero
                for j in range(3):
                    dx = f.sub(lpos[j], f.load(prot_pos, f.add(p3, f.i(j)), hint="pp"))
                    sq = f.add(sq, f.mul(dx, dx))
                distij = f.math("sqrt", sq, tag="bude.distij")
                distbb = f.sub(distij, radij)
                zone1 = f.cmpf("olt", distbb, zero)
                (steric,) = f.if_(zone1, ["f64"], lambda: [f.mul(
                    f.sub(one, f.mul(distij, r_radij)), f.f(2.0 * HARDNESS))],
                    lambda: [zero])
                in_chrg = f.cmpf("olt", distbb, elcdst)

                def charge() -> list[str]:
                    (fac,) = f.if_(zone1, ["f64"], lambda: [one],
                                   lambda: [f.sub(one, f.mul(distbb, elcdst1))])
                    ch = f.mul(chrg_init, fac)
                    (ch,) = f.if_(type_e, ["f64"], lambda: [f.neg(f.math("absf", ch))],
                                  lambda: [ch])
                    return [f.mul(ch, f.f(CNSTNT), tag="bude.charge")]

                (chrg,) = f.if_(in_chrg, ["f64"], charge, lambda: [zero])
                in_dslv = f.andi(any_np, f.cmpf("olt", distbb, distdslv))

                def desolv() -> list[str]:
                    (g,) = f.if_(zone1, ["f64"], lambda: [one],
                                 lambda: [f.sub(one, f.mul(distbb, r_distdslv))])
                    return [f.mul(dslv_init, g)]

                (dslv,) = f.if_(in_dslv, ["f64"], desolv, lambda: [zero])
                return [f.add(acc, f.add(f.add(steric, chrg), dslv))]

            return f.for_(c0, np_, protein, inits=[etot], hint="p")

        (etot,) = f.for_(c0, nl, ligand, inits=[zero], tag="bude.ligand_loop", hint="l")
        e = f.mul(f.f(0.5), etot, tag="bude.pose_energy")
        f.store(e, energies, ip, tag="bude.store_energy")
        return [f.add(total, e)]

    (total,) = f.for_(c0, nposes, pose, inits=[zero], tag="bude.pose_loop", hint="pose")
    f.ret([total])
    return f


def mlir() -> str:
    return module(__doc__.split("\n\n")[0] + "\nGenerated by benchmarks/programs/minibude.py.",
                  minibude_fn())
