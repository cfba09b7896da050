"""Machine-checked lemmas about the activity analysis (Z3 and exhaustive checks).

Each module exposes ``checks() -> list[Check]``; :mod:`proofs.run` runs them all and
prints a table.  ``docs/formal.md`` says which lemma each check establishes.  Nothing
in ``activity`` imports this package.
"""
