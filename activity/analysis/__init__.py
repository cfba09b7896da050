"""Analyses: alias (points-to), varied/useful over values and memory, and the result."""
