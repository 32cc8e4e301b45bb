//===- kiln-bench-kernels-cpu.cpp - The CPU kernel benchmark suite --------===//
//
// In one process: compiles the suite's Kiln kernels (bench/kernels/kiln)
// through the JIT for the OpenCL CPU device, runs them, runs the same
// computations as OpenMP loops, checks that both agree, and prints
// `job | Kiln | OpenMP | ratio` (ratio = Kiln speed / OpenMP speed).
// A benchmark, not a test: nothing here judges the numbers.
//
//   kiln-bench-kernels-cpu [--device cpu] [--runs 7] [--warmup 2]
//                          [--json FILE] [--quick] [--only JOB,...]
//                          [--kernels DIR]
//
//===----------------------------------------------------------------------===//
#include "Measure.h"
#include "OpenMPKernels.h"

#include <cstdlib>
#include <ctime>
#include <iostream>
#include <set>
#include <sstream>

using namespace kiln;
using namespace kiln::bench;

namespace {

struct Options {
  std::string device = "cpu";
  unsigned runs = 7;
  unsigned warmups = 2;
  std::string json;
  bool quick = false;
  std::set<std::string> only;
  std::string kernelDir = KILN_SOURCE_DIR "/bench/kernels/kiln";
};

const char *const kUsage =
    "usage: kiln-bench-kernels-cpu [--device SELECTOR] [--runs N] "
    "[--warmup N]\n"
    "                              [--json FILE] [--quick] [--only JOB,...] "
    "[--kernels DIR]\n";

std::vector<NamedFactory> allJobs() {
  std::vector<NamedFactory> jobs;
  for (auto group : {streamJobs, reductionJobs, gridJobs, gemmJobs})
    for (NamedFactory &job : group())
      jobs.push_back(std::move(job));
  return jobs;
}

bool parseCount(const std::string &text, unsigned minimum, unsigned &value) {
  char *end = nullptr;
  unsigned long parsed = std::strtoul(text.c_str(), &end, 10);
  if (text.empty() || *end || parsed < minimum || parsed > 1000)
    return false;
  value = unsigned(parsed);
  return true;
}

/// Fills `options` from the command line; an error message otherwise.
std::string parseOptions(int argc, char **argv, Options &options) {
  std::set<std::string> known;
  for (const NamedFactory &job : allJobs())
    known.insert(job.key);
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--quick") {
      options.quick = true;
      continue;
    }
    if (arg != "--device" && arg != "--runs" && arg != "--warmup" &&
        arg != "--json" && arg != "--only" && arg != "--kernels")
      return "unknown option '" + arg + "'";
    if (i + 1 == argc)
      return "option '" + arg + "' needs a value";
    std::string value = argv[++i];
    if (arg == "--device")
      options.device = value;
    else if (arg == "--json")
      options.json = value;
    else if (arg == "--kernels")
      options.kernelDir = value;
    else if (arg == "--runs" && !parseCount(value, 1, options.runs))
      return "--runs needs a count from 1 to 1000, got '" + value + "'";
    else if (arg == "--warmup" && !parseCount(value, 0, options.warmups))
      return "--warmup needs a count from 0 to 1000, got '" + value + "'";
    else if (arg == "--only") {
      std::stringstream list(value);
      for (std::string key; std::getline(list, key, ',');) {
        if (!known.count(key))
          return "unknown job '" + key + "' in --only";
        options.only.insert(key);
      }
    }
  }
  return "";
}

std::string utcNow() {
  std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

/// Builds, verifies and times each selected job; false if any failed.
bool runJobs(KilnSession &kiln, const Options &options, Report &report) {
  const Sizes sizes = options.quick ? Sizes::quick() : Sizes();
  bool allOk = true;
  for (const NamedFactory &factory : allJobs()) {
    if (!options.only.empty() && !options.only.count(factory.key))
      continue;
    std::cerr << "running " << factory.key << "...\n";
    StatusOr<Job> job = factory.make(kiln, sizes);
    StatusOr<JobResult> result =
        job.ok() ? measure(*job, options.warmups, options.runs)
                 : StatusOr<JobResult>(job.status());
    if (!result.ok()) {
      std::cerr << "error: " << factory.key << ": " << result.message() << "\n";
      allOk = false;
      continue;
    }
    report.results.push_back(*result);
  }
  return allOk;
}

} // namespace

int main(int argc, char **argv) {
  Options options;
  std::string error = parseOptions(argc, argv, options);
  if (!error.empty()) {
    std::cerr << "error: " << error << "\n" << kUsage;
    return 2;
  }
  auto kiln = KilnSession::open(options.device, options.kernelDir);
  if (!kiln.ok()) {
    std::cerr << "error: " << kiln.message() << "\n";
    return 1;
  }
  Report report;
  report.device = (*kiln)->deviceInfo().name + " (Kiln on " +
                  (*kiln)->deviceInfo().selector +
                  "); OpenMP: " + std::to_string(openmpThreads()) + " threads";
  report.peerName = "OpenMP";
  report.date = utcNow();
  bool allOk = runJobs(**kiln, options, report);
  std::cout << report.device << ", " << report.date << ", median of "
            << options.runs << " runs after " << options.warmups
            << " warm-ups\n";
  printTable(report, std::cout);
  if (!options.json.empty() && !writeJson(report, options.json, error)) {
    std::cerr << "error: " << error << "\n";
    return 1;
  }
  return allOk ? 0 : 1;
}
