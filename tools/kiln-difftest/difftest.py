#!/usr/bin/env python3
"""Kiln's differential tester (docs/reliability.md).

Generates modules of random well-typed kernels, computes their outputs
with an independent reference evaluator, runs them on a device at several
configurations and compares. Prints one line per batch and a summary;
exits 1 if any kernel mismatched, failed to compile or failed to run.

  difftest.py --seed 1 --batches 4 --kernels 30 --tools build/bin
"""
import argparse
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from kdt import evaluate  # noqa: E402
from kdt.batch import run_batch  # noqa: E402


def parse():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seed", type=int, default=1, help="first batch's seed")
    p.add_argument("--batches", type=int, default=1)
    p.add_argument("--kernels", type=int, default=30,
                   help="kernels per module (one compile per configuration)")
    p.add_argument("--configs", default="O0,O2,O3,g")
    p.add_argument("--device", default="cpu")
    p.add_argument("--tools", help="folder of kiln-run and "
                   "kiln-difftest-run (default: kiln-run's on PATH)")
    p.add_argument("--runner", choices=["auto", "driver", "kiln-run"],
                   default="auto")
    p.add_argument("--work", help="scratch folder (default: a temporary one)")
    p.add_argument("--failures", help="where failing cases go "
                   "(default: WORK/failures)")
    p.add_argument("--minimize", action="store_true",
                   help="shrink each failing kernel before recording it")
    p.add_argument("--keep", action="store_true",
                   help="keep every batch's files")
    p.add_argument("--include-known", action="store_true",
                   help="also generate code that hits the known defects "
                   "of kdt/evaluate.py's AVOID_KNOWN")
    opts = p.parse_args()
    if not opts.tools:
        found = shutil.which("kiln-run")
        if not found:
            p.error("no --tools and no kiln-run on PATH")
        opts.tools = os.path.dirname(found)
    if opts.runner == "auto":
        driver = os.path.join(opts.tools, "kiln-difftest-run")
        opts.runner = "driver" if os.path.exists(driver) else "kiln-run"
    opts.work = opts.work or tempfile.mkdtemp(prefix="kiln-difftest-")
    opts.failures = opts.failures or os.path.join(opts.work, "failures")
    if opts.include_known:
        evaluate.AVOID_KNOWN.clear()
    return opts


def main():
    opts = parse()
    configs = opts.configs.split(",")
    programs = executions = 0
    problems = []
    divisions = [0, 0]  # programs dividing by zero, by MIN // -1
    start = time.time()
    for seed in range(opts.seed, opts.seed + opts.batches):
        n, e, found, kernels = run_batch(seed, opts.kernels, configs, opts)
        programs, executions = programs + n, executions + e
        divisions[0] += sum(k.divides_by_zero() for k in kernels)
        divisions[1] += sum(k.evaluator.min_by_minus_one > 0 for k in kernels)
        problems += found
        print("seed %d: %d kernels, %d executions, %d problems (%.0f s)" % (
            seed, n, e, len(found), time.time() - start), flush=True)
        for p in found:
            print("  %s %s %s: %s [%s]" % (p["kernel"], p["config"], p["kind"],
                                           p["message"][:300], p["case"]),
                  flush=True)
    # Not "difftest:" (scripts/difftest.sh sums those lines).
    print("integer division: %d of %d programs divide by zero, %d divide "
          "MIN by -1" % (divisions[0], programs, divisions[1]))
    print("difftest: %d programs, %d executions (%s on %s), %d mismatches, "
          "%d errors" % (programs, executions, "/".join(configs), opts.device,
                         sum(p["kind"] == "mismatch" for p in problems),
                         sum(p["kind"] == "error" for p in problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
