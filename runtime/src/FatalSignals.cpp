//===- FatalSignals.cpp - Naming in-flight kernels on a fatal trap ------===//
//
// The handler of SIGSEGV, SIGFPE, SIGBUS and SIGILL (docs/runtime.md,
// "Kernel faults on in-process devices"). On a trap (not a signal sent by
// kill()) while launches are in flight on in-process devices it names
// them in one write(2) to stderr, then hands the signal to the handler it
// replaced (Python's faulthandler, LLVM's, PoCL's), or to the default
// action, so the process still dies of the signal and its exit status
// says so. An integer-division SIGFPE goes to the previous handler first:
// PoCL's steps over the instruction and resumes the kernel, and only if
// the default action follows is the trap reported.
//
// Everything here is async-signal-safe: no allocation, no locks, no stdio;
// the message is assembled in a stack buffer from the table of
// InFlightSlots.h.
//
//===----------------------------------------------------------------------===//
#include "InFlightSlots.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <ctime>
#include <mutex>
#include <unistd.h>

namespace kiln {
namespace inflight {
namespace {

constexpr int kSignals[] = {SIGSEGV, SIGFPE, SIGBUS, SIGILL};
constexpr size_t kSignalCount = sizeof(kSignals) / sizeof(kSignals[0]);
/// The handler each signal had before ours, read before ours went in.
struct sigaction previous[kSignalCount];

/// A message built without allocation.
class Text {
public:
  void add(const char *text) {
    while (*text && size_ < sizeof(data_))
      data_[size_++] = *text++;
  }
  void addDecimal(uint64_t value) {
    char digits[24];
    size_t n = 0;
    do
      digits[n++] = static_cast<char>('0' + value % 10);
    while ((value /= 10) != 0);
    while (n > 0 && size_ < sizeof(data_))
      data_[size_++] = digits[--n];
  }
  void addHex(uintptr_t value) {
    add("0x");
    char digits[2 * sizeof(value)];
    size_t n = 0;
    do
      digits[n++] = "0123456789abcdef"[value & 15];
    while ((value >>= 4) != 0);
    while (n > 0 && size_ < sizeof(data_))
      data_[size_++] = digits[--n];
  }
  void write() const {
    size_t done = 0;
    while (done < size_) {
      ssize_t n = ::write(STDERR_FILENO, data_ + done, size_ - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return;
      done += static_cast<size_t>(n);
    }
  }

private:
  char data_[2048];
  size_t size_ = 0;
};

const char *signalName(int sig) {
  switch (sig) {
  case SIGSEGV:
    return "SIGSEGV";
  case SIGFPE:
    return "SIGFPE";
  case SIGBUS:
    return "SIGBUS";
  default:
    return "SIGILL";
  }
}

/// What the CPU said, from si_code and si_addr.
void addReason(Text &text, int sig, const siginfo_t &info) {
  uintptr_t address = reinterpret_cast<uintptr_t>(info.si_addr);
  if (sig == SIGSEGV) {
    text.add("invalid memory access at ");
    text.addHex(address);
  } else if (sig == SIGBUS) {
    text.add("misaligned or unbacked memory access at ");
    text.addHex(address);
  } else if (sig == SIGFPE) {
    text.add(info.si_code == FPE_INTDIV   ? "integer division by zero"
             : info.si_code == FPE_INTOVF ? "integer overflow"
                                          : "arithmetic exception");
  } else {
    text.add("illegal instruction");
  }
}

const char *hint(int sig) {
  if (sig == SIGSEGV || sig == SIGBUS)
    return " Compile with debug mode (-g) to find out-of-bounds accesses.";
  if (sig == SIGILL)
    return " Was the kernel's code built for another CPU, or overwritten "
           "by an out-of-bounds store?";
  return "";
}

struct Launch {
  uint64_t sequence;
  const char *name;
};

/// The slot's launches in flight, oldest first (insertion sort: at most
/// kRing); `older` counts those in flight but fallen out of the ring.
size_t inFlight(const Slot &slot, Launch (&out)[kRing], uint64_t &older) {
  uint64_t done = slot.doneThrough.load(std::memory_order_acquire);
  size_t count = 0;
  for (const Entry &entry : slot.ring) {
    uint64_t sequence = entry.sequence.load(std::memory_order_acquire);
    const char *name = entry.name.load(std::memory_order_relaxed);
    if (sequence <= done || !name)
      continue;
    size_t at = count++;
    for (; at > 0 && out[at - 1].sequence > sequence; --at)
      out[at] = out[at - 1];
    out[at] = Launch{sequence, name};
  }
  uint64_t newest = slot.newest.load(std::memory_order_relaxed);
  older = newest > done + kRing ? newest - done - kRing : 0;
  return count;
}

/// "kernel 'a' (2 launches) was in flight on device 'opencl:0' (...)" for
/// the first slot, ", and kernels 'b', 'c' on device ..." for later ones.
void addSlot(Text &text, const Slot &slot, const Launch *launches, size_t count,
             uint64_t older, bool first) {
  size_t distinct = 1;
  for (size_t i = 1; i < count; ++i)
    distinct += launches[i].name != launches[i - 1].name;
  text.add(first ? "" : ", and ");
  text.add(distinct == 1 ? "kernel " : "kernels ");
  for (size_t i = 0; i < count;) {
    size_t same = 1;
    while (i + same < count && launches[i + same].name == launches[i].name)
      ++same;
    text.add(i == 0 ? "'" : ", '");
    text.add(launches[i].name);
    text.add("'");
    if (same > 1) {
      text.add(" (");
      text.addDecimal(same);
      text.add(" launches)");
    }
    i += same;
  }
  if (older) {
    text.add(" and up to ");
    text.addDecimal(older);
    text.add(" earlier launches");
  }
  text.add(first ? (distinct == 1 ? " was in flight on device "
                                  : " were in flight on device ")
                 : " on device ");
  text.add(slot.label);
}

/// Writes `text` once per process: a second thread trapping at the same
/// time waits (up to 2 s) for the first to finish writing instead of
/// letting the process die in the middle of the message.
void writeOnce(const Text &text) {
  static std::atomic<int> state{0}; // 0 nothing written, 1 writing, 2 done
  int expected = 0;
  if (state.compare_exchange_strong(expected, 1)) {
    text.write();
    state.store(2);
    return;
  }
  timespec pause{0, 1000000};
  for (int i = 0; i < 2000 && state.load() != 2; ++i)
    nanosleep(&pause, nullptr);
}

/// The message, if a launch was in flight on an in-process device.
void report(int sig, const siginfo_t &info) {
  Text text;
  text.add("kiln: fatal ");
  text.add(signalName(sig));
  text.add(" (");
  addReason(text, sig, info);
  text.add(") while ");
  bool any = false;
  for (size_t i = 0; i < kSlots; ++i) {
    const Slot &slot = slots()[i];
    if (!slot.labelled.load(std::memory_order_acquire))
      continue;
    Launch launches[kRing];
    uint64_t older = 0;
    size_t count = inFlight(slot, launches, older);
    if (count == 0)
      continue;
    addSlot(text, slot, launches, count, older, !any);
    any = true;
  }
  if (!any)
    return; // No kernel of ours was in flight: say nothing.
  text.add("; the process ends.");
  text.add(hint(sig));
  text.add("\n");
  writeOnce(text);
}

void onFatalSignal(int sig, siginfo_t *info, void *context);

bool isHandler(const struct sigaction &action) {
  // sa_handler and sa_sigaction share storage; SIG_DFL and SIG_IGN read
  // the same through either.
  return action.sa_handler != SIG_DFL && action.sa_handler != SIG_IGN;
}

void setDefault(int sig) {
  struct sigaction action = {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(sig, &action, nullptr);
}

/// Calls the handler ours replaced as the kernel would have.
void callPrevious(const struct sigaction &action, int sig, siginfo_t *info,
                  void *context) {
  if (action.sa_flags & SA_RESETHAND)
    setDefault(sig);
  if (action.sa_flags & SA_SIGINFO)
    action.sa_sigaction(sig, info, context);
  else
    action.sa_handler(sig);
}

/// After the previous handler returned: the signal now meets the default
/// action (the handler uninstalled itself and re-raised it, as Python's
/// faulthandler and LLVM's do), so the process is about to end. A handler
/// that resumed the program left ours in place.
bool endsProcess(int sig) {
  struct sigaction now = {};
  if (sigaction(sig, nullptr, &now) != 0)
    return false;
  return !isHandler(now);
}

/// A trap a previous handler may mend and resume: PoCL's SIGFPE handler
/// steps over x86 integer divisions (OpenCL says they must not trap).
bool resumable(int sig, const siginfo_t &info) {
  return sig == SIGFPE &&
         (info.si_code == FPE_INTDIV || info.si_code == FPE_INTOVF);
}

void onFatalSignal(int sig, siginfo_t *info, void *context) {
  int savedErrno = errno;
  size_t index = 0;
  while (index + 1 < kSignalCount && kSignals[index] != sig)
    ++index;
  const struct sigaction &before = previous[index];
  // Raised by the CPU, not sent by kill(): only a trap can be a kernel's.
  bool trap = info && info->si_code > 0;
  bool chained = isHandler(before);
  // Report before handing the trap on: the previous handler may restore
  // the default action at once (LLVM's, which PoCL installs, does), and
  // then a second worker thread trapping in the same kernel ends the
  // process before a message written afterwards. Only a resumable trap
  // waits for the previous handler's verdict.
  bool reportFirst = trap && !(chained && resumable(sig, *info));
  if (reportFirst)
    report(sig, *info);
  if (chained) {
    callPrevious(before, sig, info, context);
    if (trap && !reportFirst && endsProcess(sig))
      report(sig, *info);
  } else if (trap || before.sa_handler == SIG_DFL) {
    // The default action (a trap cannot be ignored: re-executing the
    // instruction would trap forever).
    setDefault(sig);
    raise(sig); // Pending until this handler returns, then fatal.
  }
  errno = savedErrno;
}

void install(size_t index) {
  int sig = kSignals[index];
  sigaction(sig, nullptr, &previous[index]);
  struct sigaction action = {};
  action.sa_sigaction = onFatalSignal;
  // SA_ONSTACK: threads with an alternate stack (Python's main thread
  // under faulthandler) survive a trap caused by a stack overflow.
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  sigaction(sig, &action, nullptr);
}

} // namespace

void installFatalSignalHandlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (size_t i = 0; i < kSignalCount; ++i)
      install(i);
  });
}

} // namespace inflight
} // namespace kiln
