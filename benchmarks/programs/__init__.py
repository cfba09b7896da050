"""Generators of the benchmark objectives' MLIR (one module per objective).

``benchmarks/objectives.py`` loads this folder as the package
``activity_benchmark_programs`` (the name ``benchmarks`` is taken by a package that
xDSL installs into site-packages); the generated ``*.mlir`` files beside it are
written by ``python benchmarks/objectives.py --write``.
"""
