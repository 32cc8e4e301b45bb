//===- Measure.cpp - Timing a job and reporting the results ---------------===//
#include "Measure.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iomanip>

namespace kiln::bench {
namespace {

using Clock = std::chrono::steady_clock;

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  size_t middle = values.size() / 2;
  return values.size() % 2 ? values[middle]
                           : (values[middle - 1] + values[middle]) / 2;
}

Status runKilnOnce(const Job &job, double *seconds) {
  if (job.resetKiln)
    KILN_RETURN_IF_ERROR(job.resetKiln());
  Clock::time_point start = Clock::now();
  KILN_RETURN_IF_ERROR(job.runKiln());
  if (seconds)
    *seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return Status();
}

double runPeerOnce(const Job &job) {
  Clock::time_point start = Clock::now();
  job.runPeer();
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string rateText(double rate, const std::string &unit) {
  char text[64];
  std::snprintf(text, sizeof(text), "%10.2f %s", rate, unit.c_str());
  return text;
}

std::string jsonString(const std::string &text) {
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      quoted += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof(escaped), "\\u%04x", c);
      quoted += escaped;
      continue;
    }
    quoted += c;
  }
  return quoted + "\"";
}

} // namespace

StatusOr<JobResult> measure(const Job &job, unsigned warmups, unsigned runs) {
  KILN_RETURN_IF_ERROR(runKilnOnce(job, nullptr));
  runPeerOnce(job);
  KILN_RETURN_IF_ERROR(job.verify().withContext("Kiln and OpenMP disagree"));
  for (unsigned i = 1; i < warmups; ++i) {
    KILN_RETURN_IF_ERROR(runKilnOnce(job, nullptr));
    runPeerOnce(job);
  }
  std::vector<double> kiln(runs), peer(runs);
  for (unsigned i = 0; i < runs; ++i) {
    KILN_RETURN_IF_ERROR(runKilnOnce(job, &kiln[i]));
    peer[i] = runPeerOnce(job);
  }
  JobResult result;
  result.name = job.name;
  result.unit = job.unit;
  result.work = job.work;
  result.kilnSeconds = median(kiln);
  result.peerSeconds = median(peer);
  return result;
}

void printTable(const Report &report, std::ostream &out) {
  size_t width = 3;
  for (const JobResult &r : report.results)
    width = std::max(width, r.name.size());
  out << std::left << std::setw(int(width)) << "job"
      << " | " << std::setw(18) << "Kiln"
      << " | " << std::setw(18) << report.peerName << " | ratio\n"
      << std::string(width, '-') << "-|-" << std::string(18, '-') << "-|-"
      << std::string(18, '-') << "-|------\n";
  for (const JobResult &r : report.results) {
    char ratio[16];
    std::snprintf(ratio, sizeof(ratio), "%.2f", r.ratio());
    out << std::setw(int(width)) << r.name << " | " << std::setw(18)
        << rateText(r.kilnRate(), r.unit) << " | " << std::setw(18)
        << rateText(r.peerRate(), r.unit) << " | " << ratio << "\n";
  }
}

bool writeJson(const Report &report, const std::string &path,
               std::string &error) {
  std::ofstream file(path, std::ios::trunc);
  if (!file) {
    error = "cannot write '" + path + "'";
    return false;
  }
  file << "{\"device\": " << jsonString(report.device)
       << ",\n \"date\": " << jsonString(report.date) << ",\n \"jobs\": [";
  for (size_t i = 0; i < report.results.size(); ++i) {
    const JobResult &r = report.results[i];
    file << (i ? ",\n  " : "\n  ") << "{\"job\": " << jsonString(r.name)
         << ", \"kiln\": " << r.kilnRate() << ", \"peer\": " << r.peerRate()
         << ", \"peer_name\": " << jsonString(report.peerName)
         << ", \"unit\": " << jsonString(r.unit) << ", \"ratio\": " << r.ratio()
         << ", \"kiln_ms\": " << r.kilnSeconds * 1e3
         << ", \"peer_ms\": " << r.peerSeconds * 1e3 << "}";
  }
  file << "\n ]}\n";
  file.close();
  if (!file) {
    error = "cannot write '" + path + "'";
    return false;
  }
  return true;
}

} // namespace kiln::bench
