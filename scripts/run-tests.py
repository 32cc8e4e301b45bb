#!/usr/bin/env python3
"""Runs every Kiln test (lit suites, GoogleTest binaries and the Python
package's pytest tests in test/Python) and prints one
summary: the failures, the skips with their reasons, and a last line
`N passed, N failed, N skipped`. Exit status is non-zero if anything failed
or if no test ran.

Usage: run-tests.py BUILD_DIR
"""
import os
import json
import subprocess
import sys
import xml.etree.ElementTree as ET

# Why a lit feature can be missing, for the skip list.
FEATURE_REASONS = {
    "cuda": "no CUDA driver/GPU on this machine",
    "opencl": "no OpenCL device on this machine",
    "ptxas": "CUDA's ptxas is not installed",
    "host": "the host CPU driver is not in this runtime (KILN_ENABLE_HOST, oneTBB)",
    "spirv-val": "spirv-tools is not installed",
}


class Results:
    def __init__(self):
        self.passed = 0
        self.failed = []
        self.skipped = []

    def add(self, name, outcome, detail=""):
        if outcome == "pass":
            self.passed += 1
        elif outcome == "skip":
            self.skipped.append((name, detail))
        else:
            self.failed.append((name, detail))


def lit_skip_reason(message):
    reason = message or "unsupported"
    for feature, why in FEATURE_REASONS.items():
        if feature in reason:
            reason += f" ({why})"
            break
    return reason


def run_lit(build, results, out_dir):
    site = os.path.join(build, "test", "lit.site.cfg.py")
    if not os.path.exists(site):
        return
    lit = "/usr/lib/llvm-22/bin/lit"
    report = os.path.join(out_dir, "lit.json")
    if os.path.exists(report):
        os.remove(report)
    subprocess.run([lit, "-sv", "-o", report, os.path.join(build, "test")],
                   check=False)
    if not os.path.exists(report):
        results.add("lit", "fail", "lit produced no results")
        return
    with open(report) as f:
        tests = json.load(f).get("tests", [])
    for test in tests:
        name = "lit: " + test.get("name", "?")
        code = test.get("code", "FAIL")
        if code == "PASS":
            results.add(name, "pass")
        elif code == "UNSUPPORTED":
            missing = test.get("output", "").strip().splitlines()
            results.add(name, "skip", lit_skip_reason(missing[-1] if missing else ""))
        elif code == "XFAIL":
            results.add(name, "skip", "expected failure: known bug documented "
                                      "in the test (XPASS would fail)")
        else:
            results.add(name, "fail", code + ": see the lit output above")


def gtest_binaries(build):
    listing = os.path.join(build, "test", "gtest-binaries.txt")
    if not os.path.exists(listing):
        return []
    with open(listing) as f:
        return [line.strip() for line in f if line.strip()]


def run_gtest(binary, results, out_dir):
    xml = os.path.join(out_dir, os.path.basename(binary) + ".xml")
    if os.path.exists(xml):
        os.remove(xml)
    proc = subprocess.run([binary, f"--gtest_output=xml:{xml}"], check=False)
    if not os.path.exists(xml):
        results.add(os.path.basename(binary), "fail",
                    f"crashed or produced no results (exit {proc.returncode})")
        return
    for case in ET.parse(xml).getroot().iter("testcase"):
        name = f"{os.path.basename(binary)}: {case.get('classname')}.{case.get('name')}"
        failures = case.findall("failure")
        skipped = case.find("skipped")
        if failures:
            results.add(name, "fail", (failures[0].get("message", "").splitlines() or [""])[0])
        elif skipped is not None or case.get("result") == "skipped":
            message = skipped.get("message", "") if skipped is not None else ""
            results.add(name, "skip", message.strip().splitlines()[-1] if message.strip() else "skipped")
        else:
            results.add(name, "pass")


def run_format_check(results):
    """The tree's C/C++ files match .clang-format (scripts/check-format.sh)."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                          "check-format.sh")
    proc = subprocess.run(["bash", script], capture_output=True, text=True)
    name = "format: C/C++ files match .clang-format"
    if proc.returncode == 2:
        results.add(name, "skip", proc.stderr.strip())
    elif proc.returncode != 0:
        print(proc.stdout, end="")
        results.add(name, "fail", proc.stdout.strip().splitlines()[0])
    else:
        results.add(name, "pass")


def run_pytest(build, results, out_dir):
    """The Python package's tests (test/Python) with pytest, against the
    package the build copied to BUILD/python; one result per test."""
    python = "/usr/bin/python3"
    probe = subprocess.run([python, "-c", "import pytest"], capture_output=True)
    if probe.returncode != 0:
        results.add("pytest: test/Python", "skip",
                    "pytest is not installed (Debian's python3-pytest; "
                    "scripts/setup.sh installs it)")
        return
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    xml = os.path.join(out_dir, "pytest.xml")
    if os.path.exists(xml):
        os.remove(xml)
    env = dict(os.environ, PYTHONPATH=os.path.join(build, "python"),
               KILN_BUILD_DIR=build,
               KILN_CACHE_DIR=os.path.join(build, "test", "kiln-cache"))
    proc = subprocess.run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           f"--junitxml={xml}", os.path.join(root, "test", "Python")],
                          env=env, check=False)
    if not os.path.exists(xml):
        results.add("pytest: test/Python", "fail",
                    f"pytest produced no results (exit {proc.returncode})")
        return
    for case in ET.parse(xml).getroot().iter("testcase"):
        name = f"pytest: {case.get('classname')}.{case.get('name')}"
        problems = case.findall("failure") + case.findall("error")
        skipped = case.find("skipped")
        if problems:
            results.add(name, "fail", (problems[0].get("message", "").splitlines() or [""])[0])
        elif skipped is not None:
            results.add(name, "skip", skipped.get("message", "skipped"))
        else:
            results.add(name, "pass")


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    build = os.path.abspath(sys.argv[1])
    out_dir = os.path.join(build, "test-results")
    os.makedirs(out_dir, exist_ok=True)
    results = Results()
    run_format_check(results)
    run_lit(build, results, out_dir)
    for binary in gtest_binaries(build):
        run_gtest(binary, results, out_dir)
    run_pytest(build, results, out_dir)

    print("\n==== Kiln test summary ====")
    if results.skipped:
        print(f"Skipped ({len(results.skipped)}):")
        for name, reason in results.skipped:
            print(f"  SKIP {name}: {reason}")
    if results.failed:
        print(f"Failed ({len(results.failed)}):")
        for name, detail in results.failed:
            print(f"  FAIL {name}: {detail}")
    total = results.passed + len(results.failed)
    print(f"{results.passed} passed, {len(results.failed)} failed, "
          f"{len(results.skipped)} skipped")
    if total == 0:
        print("error: no test ran", file=sys.stderr)
        return 1
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
