#!/usr/bin/env bash
# One prepared run on a lent GPU machine (see docs/codegen.md, "Running on a device").
#
#   bash benchmarks/gpu_session.sh OUTDIR [SIZE]
#
# Expects, in .whl/ (carried; ignored by git): the wheels of xdsl 0.75.0,
# immutabledict and ordered-set for CPython 3.12, and llvmlite 0.50 split in two so it
# fits the 64 MiB a run may carry: llvmlite-py.tar (the package without its library) and
# libllvmlite.so.xz (the stripped library, xz-compressed); and generic/, the
# generic forms of the test and benchmark MLIR (the machine has no mlir-opt; fill it here
# with ACTIVITY_GENERIC_CACHE=.whl/generic while running tests/test_gpu.py and
# benchmarks/gpu_check.py --emulate --size small).  Each stage writes its log
# to OUTDIR as it goes and has its own time limit, so a stage that hangs or fails
# leaves the others' results:
#   1. env.txt       the device, the driver and the versions used;
#   2. pytest.txt    tests/test_gpu.py with ACTIVITY_TEST_GPU=1 (kernels on the device);
#   3. gpu_check.txt benchmarks/gpu_check.py at SIZE (default gpu): device vs CPU
#                    (16 host threads), pruned vs all_active on the device, and
#                    jax.jit(jax.grad) on the device; numbers also in gpu.json.
set -u -o pipefail
out=${1:?usage: gpu_session.sh OUTDIR [SIZE]}
size=${2:-gpu}
mkdir -p "$out" /tmp/site
export PYTHONUNBUFFERED=1 XLA_PYTHON_CLIENT_PREALLOCATE=false
t0=$(date +%s)
stamp() { echo "== $1 at +$(( $(date +%s) - t0 )) s" | tee -a "$out/stages.txt"; }

stamp setup
tar -xf .whl/llvmlite-py.tar -C /tmp/site || exit 3
python3 -c "import lzma, shutil; shutil.copyfileobj(lzma.open('.whl/libllvmlite.so.xz'),
open('/tmp/site/llvmlite/binding/libllvmlite.so', 'wb'))" || exit 3
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
    --target /tmp/site .whl/*.whl || exit 3
export PYTHONPATH=/tmp/site:$PWD ACTIVITY_GENERIC_CACHE=$PWD/.whl/generic

stamp env
{
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm \
        --format=csv 2>&1
    python3 - <<'EOF'
import platform, llvmlite, xdsl, numpy, llvmlite.binding as ll
print("python", platform.python_version(), "llvmlite", llvmlite.__version__,
      "llvm", ll.llvm_version_info, "numpy", numpy.__version__)
try:
    import cuda.bindings
    print("cuda-bindings", cuda.bindings.__version__)
except Exception as e:
    print("cuda-bindings:", e)
try:
    import jax
    print("jax", jax.__version__)
except Exception as e:
    print("jax:", e)
EOF
    nproc
} 2>&1 | tee "$out/env.txt"

stamp pytest
ACTIVITY_TEST_GPU=1 timeout 150 python3 -m pytest -q -p no:cacheprovider \
    -o faulthandler_timeout=60 tests/test_gpu.py 2>&1 | tee "$out/pytest.txt"

stamp gpu_check
timeout "${GPU_CHECK_TIMEOUT:-300}" python3 benchmarks/gpu_check.py --size "$size" \
    --cpu-threads "$(nproc)" --cpu-repeat "${CPU_REPEAT:-1}" --repeat "${REPEAT:-5}" \
    ${ONLY:+--only "$ONLY"} $([ "${JAX:-1}" = 1 ] && echo --jax) --json "$out/gpu.json" \
    2>&1 | tee "$out/gpu_check.txt"
stamp done
