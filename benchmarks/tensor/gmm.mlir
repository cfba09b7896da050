// The GMM objective (ADBench/LAGrad) on tensors, dynamic shapes: the negative
// log-likelihood of a Gaussian mixture with a Wishart prior.
//   alphas [K], means [K, D], qs [K, D] (log-diagonals of the inverse Cholesky
//   factors), ls [K, D, D] (their strictly lower parts; the rest is ignored),
//   x [N, D], wishart gamma and m, cst = -N D/2 log(2 pi) - K C (the constant terms).
// value = sum_n logsumexp_k(alpha_k + sum_d qs[k,d] - |Q_k (x_n - mu_k)|^2 / 2)
//         - N logsumexp(alpha) + gamma^2/2 (|exp qs|^2 + |ls lower|^2) - m sum qs + cst
#kd = affine_map<(k, d) -> (k, d)>
#k_of_kd = affine_map<(k, d) -> (k)>
#scalar2 = affine_map<(k, d) -> ()>
func.func @gmm(%alphas: tensor<?xf64>, %means: tensor<?x?xf64>, %qs: tensor<?x?xf64>,
               %ls: tensor<?x?x?xf64>, %x: tensor<?x?xf64>, %gamma: f64, %m: f64,
               %cst: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %half = arith.constant 0.5 : f64
  %ninf = arith.constant 0xFFF0000000000000 : f64
  %K = tensor.dim %means, %c0 : tensor<?x?xf64>
  %D = tensor.dim %means, %c1 : tensor<?x?xf64>
  %N = tensor.dim %x, %c0 : tensor<?x?xf64>
  // the diagonals of Q: exp(qs); and sum_d qs[k, d]
  %ekd = tensor.empty(%K, %D) : tensor<?x?xf64>
  %qdiag = linalg.generic {indexing_maps = [#kd, #kd], iterator_types = ["parallel", "parallel"]}
      ins(%qs : tensor<?x?xf64>) outs(%ekd : tensor<?x?xf64>) {
  ^bb0(%q: f64, %o: f64):
    %e = math.exp %q : f64
    linalg.yield %e : f64
  } -> tensor<?x?xf64>
  %ek = tensor.empty(%K) : tensor<?xf64>
  %zk = linalg.fill ins(%zero : f64) outs(%ek : tensor<?xf64>) -> tensor<?xf64>
  %sumqs = linalg.generic {indexing_maps = [#kd, #k_of_kd], iterator_types = ["parallel", "reduction"]}
      ins(%qs : tensor<?x?xf64>) outs(%zk : tensor<?xf64>) {
  ^bb0(%q: f64, %acc: f64):
    %s = arith.addf %acc, %q : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  // centred points xc[n, k, d] = x[n, d] - means[k, d]
  %enkd = tensor.empty(%N, %K, %D) : tensor<?x?x?xf64>
  %xc = linalg.generic {indexing_maps = [affine_map<(n, k, d) -> (n, d)>,
                                         affine_map<(n, k, d) -> (k, d)>,
                                         affine_map<(n, k, d) -> (n, k, d)>],
                        iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %means : tensor<?x?xf64>, tensor<?x?xf64>) outs(%enkd : tensor<?x?x?xf64>) {
  ^bb0(%xv: f64, %mv: f64, %o: f64):
    %s = arith.subf %xv, %mv : f64
    linalg.yield %s : f64
  } -> tensor<?x?x?xf64>
  // qx = Q_k xc: the diagonal term, then the strictly lower part
  %enkd2 = tensor.empty(%N, %K, %D) : tensor<?x?x?xf64>
  %qx0 = linalg.generic {indexing_maps = [affine_map<(n, k, i) -> (k, i)>,
                                          affine_map<(n, k, i) -> (n, k, i)>,
                                          affine_map<(n, k, i) -> (n, k, i)>],
                         iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%qdiag, %xc : tensor<?x?xf64>, tensor<?x?x?xf64>) outs(%enkd2 : tensor<?x?x?xf64>) {
  ^bb0(%q: f64, %v: f64, %o: f64):
    %p = arith.mulf %q, %v : f64
    linalg.yield %p : f64
  } -> tensor<?x?x?xf64>
  %qx = linalg.generic {indexing_maps = [affine_map<(n, k, i, j) -> (k, i, j)>,
                                         affine_map<(n, k, i, j) -> (n, k, j)>,
                                         affine_map<(n, k, i, j) -> (n, k, i)>],
                        iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%ls, %xc : tensor<?x?x?xf64>, tensor<?x?x?xf64>) outs(%qx0 : tensor<?x?x?xf64>) {
  ^bb0(%l: f64, %v: f64, %acc: f64):
    %i = linalg.index 2 : index
    %j = linalg.index 3 : index
    %lower = arith.cmpi ult, %j, %i : index
    %p = arith.mulf %l, %v : f64
    %t = arith.select %lower, %p, %zero : f64
    %s = arith.addf %acc, %t : f64
    linalg.yield %s : f64
  } -> tensor<?x?x?xf64>
  // main[n, k] = alpha_k + sum qs[k] - |qx[n, k]|^2 / 2
  %enk = tensor.empty(%N, %K) : tensor<?x?xf64>
  %znk = linalg.fill ins(%zero : f64) outs(%enk : tensor<?x?xf64>) -> tensor<?x?xf64>
  %sq = linalg.generic {indexing_maps = [affine_map<(n, k, i) -> (n, k, i)>,
                                         affine_map<(n, k, i) -> (n, k)>],
                        iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%qx : tensor<?x?x?xf64>) outs(%znk : tensor<?x?xf64>) {
  ^bb0(%v: f64, %acc: f64):
    %p = arith.mulf %v, %v : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64>
  %main = linalg.generic {indexing_maps = [affine_map<(n, k) -> (k)>, affine_map<(n, k) -> (k)>,
                                           affine_map<(n, k) -> (n, k)>],
                          iterator_types = ["parallel", "parallel"]}
      ins(%alphas, %sumqs : tensor<?xf64>, tensor<?xf64>) outs(%sq : tensor<?x?xf64>) {
  ^bb0(%a: f64, %s: f64, %o: f64):
    %t = arith.addf %a, %s : f64
    %h = arith.mulf %half, %o : f64
    %r = arith.subf %t, %h : f64
    linalg.yield %r : f64
  } -> tensor<?x?xf64>
  // sum_n logsumexp_k main[n, k]
  %en = tensor.empty(%N) : tensor<?xf64>
  %mx0 = linalg.fill ins(%ninf : f64) outs(%en : tensor<?xf64>) -> tensor<?xf64>
  %mx = linalg.generic {indexing_maps = [affine_map<(n, k) -> (n, k)>, affine_map<(n, k) -> (n)>],
                        iterator_types = ["parallel", "reduction"]}
      ins(%main : tensor<?x?xf64>) outs(%mx0 : tensor<?xf64>) {
  ^bb0(%v: f64, %acc: f64):
    %r = arith.maximumf %acc, %v : f64
    linalg.yield %r : f64
  } -> tensor<?xf64>
  %en2 = tensor.empty(%N) : tensor<?xf64>
  %se0 = linalg.fill ins(%zero : f64) outs(%en2 : tensor<?xf64>) -> tensor<?xf64>
  %se = linalg.generic {indexing_maps = [affine_map<(n, k) -> (n, k)>, affine_map<(n, k) -> (n)>,
                                         affine_map<(n, k) -> (n)>],
                        iterator_types = ["parallel", "reduction"]}
      ins(%main, %mx : tensor<?x?xf64>, tensor<?xf64>) outs(%se0 : tensor<?xf64>) {
  ^bb0(%v: f64, %mv: f64, %acc: f64):
    %d = arith.subf %v, %mv : f64
    %e = math.exp %d : f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  %e0 = tensor.empty() : tensor<f64>
  %z0 = linalg.fill ins(%zero : f64) outs(%e0 : tensor<f64>) -> tensor<f64>
  %slse_t = linalg.generic {indexing_maps = [affine_map<(n) -> (n)>, affine_map<(n) -> (n)>,
                                             affine_map<(n) -> ()>],
                            iterator_types = ["reduction"]}
      ins(%se, %mx : tensor<?xf64>, tensor<?xf64>) outs(%z0 : tensor<f64>) {
  ^bb0(%s: f64, %mv: f64, %acc: f64):
    %l = math.log %s : f64
    %t = arith.addf %l, %mv : f64
    %r = arith.addf %acc, %t : f64
    linalg.yield %r : f64
  } -> tensor<f64>
  // logsumexp(alphas)
  %e1 = tensor.empty() : tensor<f64>
  %am0 = linalg.fill ins(%ninf : f64) outs(%e1 : tensor<f64>) -> tensor<f64>
  %am = linalg.reduce ins(%alphas : tensor<?xf64>) outs(%am0 : tensor<f64>) dimensions = [0]
    (%a: f64, %acc: f64) {
      %r = arith.maximumf %acc, %a : f64
      linalg.yield %r : f64
    }
  %e2 = tensor.empty() : tensor<f64>
  %as0 = linalg.fill ins(%zero : f64) outs(%e2 : tensor<f64>) -> tensor<f64>
  %as = linalg.generic {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> ()>,
                                         affine_map<(k) -> ()>],
                        iterator_types = ["reduction"]}
      ins(%alphas, %am : tensor<?xf64>, tensor<f64>) outs(%as0 : tensor<f64>) {
  ^bb0(%a: f64, %mv: f64, %acc: f64):
    %d = arith.subf %a, %mv : f64
    %e = math.exp %d : f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  // the prior: |exp qs|^2 + |lower ls|^2, and sum qs
  %e3 = tensor.empty() : tensor<f64>
  %f0 = linalg.fill ins(%zero : f64) outs(%e3 : tensor<f64>) -> tensor<f64>
  %fd = linalg.generic {indexing_maps = [#kd, #scalar2], iterator_types = ["reduction", "reduction"]}
      ins(%qdiag : tensor<?x?xf64>) outs(%f0 : tensor<f64>) {
  ^bb0(%q: f64, %acc: f64):
    %p = arith.mulf %q, %q : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  %fl = linalg.generic {indexing_maps = [affine_map<(k, i, j) -> (k, i, j)>,
                                         affine_map<(k, i, j) -> ()>],
                        iterator_types = ["reduction", "reduction", "reduction"]}
      ins(%ls : tensor<?x?x?xf64>) outs(%fd : tensor<f64>) {
  ^bb0(%l: f64, %acc: f64):
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %lower = arith.cmpi ult, %j, %i : index
    %p = arith.mulf %l, %l : f64
    %t = arith.select %lower, %p, %zero : f64
    %s = arith.addf %acc, %t : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  %e4 = tensor.empty() : tensor<f64>
  %q0 = linalg.fill ins(%zero : f64) outs(%e4 : tensor<f64>) -> tensor<f64>
  %qsum = linalg.reduce ins(%sumqs : tensor<?xf64>) outs(%q0 : tensor<f64>) dimensions = [0]
    (%a: f64, %acc: f64) {
      %r = arith.addf %acc, %a : f64
      linalg.yield %r : f64
    }
  // the value
  %slse = tensor.extract %slse_t[] : tensor<f64>
  %amax = tensor.extract %am[] : tensor<f64>
  %asum = tensor.extract %as[] : tensor<f64>
  %frob = tensor.extract %fl[] : tensor<f64>
  %qtot = tensor.extract %qsum[] : tensor<f64>
  %la = math.log %asum : f64
  %lsea = arith.addf %la, %amax : f64
  %Ni = arith.index_cast %N : index to i64
  %Nf = arith.sitofp %Ni : i64 to f64
  %t1 = arith.mulf %Nf, %lsea : f64
  %v1 = arith.subf %slse, %t1 : f64
  %g2 = arith.mulf %gamma, %gamma : f64
  %g2h = arith.mulf %half, %g2 : f64
  %t2 = arith.mulf %g2h, %frob : f64
  %v2 = arith.addf %v1, %t2 : f64
  %t3 = arith.mulf %m, %qtot : f64
  %v3 = arith.subf %v2, %t3 : f64
  %v = arith.addf %v3, %cst : f64
  return %v : f64
}
