"""Benchmarks of the whole pypto-opt pipeline on generated orchestration programs.

Run `python -m bench` from the repository root (see `bench/__main__.py`, docs/performance.md).
Spec: DESIGN.md section 8.
"""
