// A least-squares loss on tensors: sum((A x - b)^2).  `activity report` on it, then
// compiled with numpy arrays (README, "Tensors and linalg").
#id = affine_map<(i) -> (i)>
#all = affine_map<(i) -> ()>
func.func @loss(%A: tensor<3x4xf64>, %x: tensor<4xf64>, %b: tensor<3xf64>) -> f64 {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<3xf64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<3xf64>) -> tensor<3xf64>
  %ax = linalg.matvec ins(%A, %x : tensor<3x4xf64>, tensor<4xf64>)
                      outs(%z : tensor<3xf64>) -> tensor<3xf64>
  %s0 = tensor.empty() : tensor<f64>
  %s = linalg.fill ins(%zero : f64) outs(%s0 : tensor<f64>) -> tensor<f64>
  %sq = linalg.generic {indexing_maps = [#id, #id, #all], iterator_types = ["reduction"]}
      ins(%ax, %b : tensor<3xf64>, tensor<3xf64>) outs(%s : tensor<f64>) {
  ^bb0(%p: f64, %q: f64, %acc: f64):
    %d = arith.subf %p, %q : f64
    %d2 = arith.mulf %d, %d : f64
    %n = arith.addf %acc, %d2 : f64
    linalg.yield %n : f64
  } -> tensor<f64>
  %r = tensor.extract %sq[] : tensor<f64>
  func.return %r : f64
}
