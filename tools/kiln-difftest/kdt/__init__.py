"""Kiln's differential tester: random well-typed kernels, an independent
reference evaluator, and a runner that compares the device's results with
it at several optimisation levels (docs/reliability.md)."""
