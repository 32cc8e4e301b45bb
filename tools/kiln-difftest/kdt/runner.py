"""Runs a module of generated kernels on a device at several
configurations (-O levels, -g) and compares every output with the
reference evaluator's. Two executors: kiln-difftest-run (one compile per
module and configuration; fast) and kiln-run (one process per kernel; for
machines that only have the standard tools)."""
import os
import re
import subprocess

import numpy as np

from .kernel import GLOBAL_SIZE
from .types import NUMPY, is_float

CONFIGS = {"O0": ["-O0"], "O1": ["-O1"], "O2": ["-O2"], "O3": ["-O3"],
           "g": ["-g", "-O2"]}


def scalar_text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


class Launch:
    """The files and arguments of one kernel of a module."""

    def __init__(self, kernel, folder):
        self.kernel, self.folder = kernel, folder
        self.args = []
        for name, t in kernel.inputs:
            self.args.append("%s=@%s" % (name, self.save(name, t,
                                                         kernel.values[name])))
        for name, t in kernel.scalars:
            self.args.append("%s=%s" % (name, scalar_text(kernel.values[name])))
        for name, t in kernel.outputs:
            self.args.append("%s=zeros:%d" % (name, GLOBAL_SIZE))
        if kernel.acc:
            self.args.append("acc=@%s" % self.save("acc", kernel.acc[1],
                                                   kernel.values["acc"]))
        self.written = [n for n, _ in kernel.outputs] + (
            ["acc"] if kernel.acc else [])

    def save(self, name, t, values):
        path = os.path.join(self.folder, "%s_%s.npy" % (self.kernel.name,
                                                         name))
        np.save(path, np.array(values, dtype=NUMPY[t]))
        return path

    def out_path(self, name, config):
        return os.path.join(self.folder, "%s_%s.%s.npy" % (
            self.kernel.name, name, config))

    def manifest(self, config):
        key, value = self.kernel.index_space()
        lines = ["kernel " + self.kernel.name, "%s %s" % (key, value)]
        lines += ["arg " + a for a in self.args]
        lines += ["out %s=%s" % (n, self.out_path(n, config))
                  for n in self.written]
        return "\n".join(lines + ["end"]) + "\n"

    def kiln_run_command(self, tools, module, config, device):
        key, value = self.kernel.index_space()
        command = [os.path.join(tools, "kiln-run"), module, "-k",
                   self.kernel.name, "--device", device, "--" + key, value]
        command += CONFIGS[config]
        for a in self.args:
            command += ["--arg", a]
        for n in self.written:
            command += ["--out", "%s=%s" % (n, self.out_path(n, config))]
        return command

    def judge(self, config, message):
        """(kind, message) of a problem, or None: `message` is the
        executor's (None: the kernel ran). In debug mode a kernel that
        divides an integer by zero must fail its launch with the report
        (language.md §6.3), its outputs still the language's (0 for the
        division), where the executor wrote them; a crash (the SIGFPE of
        issue 25, which kiln's signal handler also calls "integer division
        by zero") is not the report."""
        if "-g" in CONFIGS[config] and self.kernel.divides_by_zero():
            if message is None:
                return ("mismatch", "no division-by-zero report in debug "
                        "mode (%d zero divisors met)" %
                        self.kernel.evaluator.zero_divisions)
            report = re.compile(
                r"^(launch failed|kiln-run exit 1): .*kernel '%s': integer "
                r"division by zero at line \d+" % re.escape(self.kernel.name))
            if not report.search(message):
                return ("error", message)
            problem = self.compare(config, missing_ok=True)
            return ("mismatch", problem) if problem else None
        if message is not None:
            return ("error", message)
        problem = self.compare(config)
        return ("mismatch", problem) if problem else None

    def compare(self, config, missing_ok=False):
        """None if every output matches the reference, else a message;
        with `missing_ok` outputs that were not written are not compared
        (kiln-run writes none after a failed launch)."""
        expected = self.kernel.expected()
        for name in self.written:
            if missing_ok and not os.path.exists(self.out_path(name, config)):
                continue
            t = dict(self.kernel.outputs + ([("acc", self.kernel.acc[1])]
                                            if self.kernel.acc else []))[name]
            want = np.array(expected[name], dtype=NUMPY[t])
            try:
                got = np.load(self.out_path(name, config))
            except (OSError, ValueError) as error:
                return "output %s unreadable: %s" % (name, error)
            same = (np.array_equal(got, want) if not is_float(t) else
                    np.array_equal(got.astype(np.float64),
                                   want.astype(np.float64)))
            if not same:
                bad = np.nonzero(got != want)[0]
                return "%s: expected %s, got %s at work-items %s" % (
                    name, want[bad[:4]].tolist(), got[bad[:4]].tolist(),
                    bad[:8].tolist())
        return None


def run_driver(tools, module, launches, config, device, timeout=600):
    """Runs kiln-difftest-run; returns {kernel: None | error message}."""
    folder = os.path.dirname(module)
    manifest = os.path.join(folder, "manifest.%s.txt" % config)
    with open(manifest, "w") as f:
        f.write("".join(launch.manifest(config) for launch in launches))
    command = [os.path.join(tools, "kiln-difftest-run"), module, manifest,
               "--device", device] + CONFIGS[config]
    try:
        done = subprocess.run(command, capture_output=True, text=True,
                              timeout=timeout)
        stdout, code = done.stdout, done.returncode
        stderr = done.stderr
    except subprocess.TimeoutExpired:
        stdout, code, stderr = "", "timeout", ""
    except OSError as error:  # e.g. the tool is being relinked
        return {"*": "cannot run %s: %s" % (command[0], error)}
    status = {}
    for line in stdout.splitlines():
        if line.startswith("ok "):
            status[line[3:]] = None
        elif line.startswith("fail "):
            name, _, message = line[5:].partition(": ")
            status[name] = "launch failed: " + message
        elif line.startswith(("compile-error", "load-error")):
            return {"*": line}
    if len(status) < len(launches):
        reason = "exit %s: %s" % (code, (stderr or stdout)[-400:].strip())
        return dict(status, **{"*": reason})
    return status


def run_kiln_run(tools, module, launch, config, device, timeout=300):
    command = launch.kiln_run_command(tools, module, config, device)
    try:
        done = subprocess.run(command, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout"
    if done.returncode != 0:
        return "kiln-run exit %d: %s" % (done.returncode,
                                         done.stderr[-400:].strip())
    return None


def run_config(tools, module, launches, config, device, runner):
    """{kernel name: None (ran) | message}, isolating a kernel whose
    module-wide compile or run failed by bisecting the module."""
    if runner == "kiln-run":
        return {l.kernel.name: run_kiln_run(tools, module, l, config, device)
                for l in launches}
    status = run_driver(tools, module, launches, config, device)
    if "*" not in status:
        return status
    reason = status.pop("*")
    rest = [l for l in launches if l.kernel.name not in status]
    if len(launches) == 1:
        return {launches[0].kernel.name: reason}
    # A module is checked whole before a kernel is picked: split it.
    half = max(1, len(rest) // 2)
    for part in (rest[:half], rest[half:]):
        if part:
            status.update(run_config(tools, part_module(module, part),
                                     part, config, device, runner))
    return status


def part_module(module, launches):
    names = "-".join(l.kernel.name for l in launches[:2])
    path = os.path.join(os.path.dirname(module), "part-%s-%d.py" % (
        names, len(launches)))
    with open(path, "w") as f:
        f.write("\n\n".join(l.kernel.source() for l in launches))
    return path
