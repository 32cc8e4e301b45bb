//===- LevelZeroQueue.h - An in-order immediate command list ----*- C++ -*-===//
//
// Copies and kernel launches appended to one immediate command list. Level
// Zero may overlap commands of a list, so each command waits on the event
// of the one before: that chain is what makes the queue in order.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROQUEUE_H
#define KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROQUEUE_H

#include "LevelZeroDevice.h"
#include "LevelZeroEvent.h"
#include "kiln/runtime/Queue.h"

#include <functional>
#include <mutex>

namespace kiln::level_zero {

/// Owns one immediate command list.
class LevelZeroQueue final : public Queue {
public:
  LevelZeroQueue(std::shared_ptr<const LevelZeroDevice> device,
                 ze_command_list_handle_t list)
      : Queue(*device), device_(std::move(device)), list_(list) {}
  ~LevelZeroQueue() override;

  Status finish() override;
  StatusOr<std::shared_ptr<Event>>
  submitKernel(const Kernel &kernel, const PackedLaunch &launch,
               const EventList &waitFor) override;

protected:
  Status write(Buffer &dst, const void *src, size_t bytes,
               size_t offset) override;
  Status read(const Buffer &src, void *dst, size_t bytes,
              size_t offset) override;

private:
  /// Appends one command: `append(signal, waitCount, waitList)`, given
  /// `waitFor` plus the previous command; returns the command's event.
  using AppendCommand =
      std::function<Status(ze_event_handle_t, uint32_t, ze_event_handle_t *)>;
  StatusOr<std::shared_ptr<LevelZeroEvent>> submit(const std::string &what,
                                                   const EventList &waitFor,
                                                   const AppendCommand &append);
  Status copy(void *dst, const void *src, size_t bytes, const char *what);

  std::shared_ptr<const LevelZeroDevice> device_;
  ze_command_list_handle_t list_;
  std::mutex mutex_; ///< Guards the list, last_ and inFlight_.
  std::shared_ptr<LevelZeroEvent> last_;
  /// Events not yet seen signalled; their handles may still be waited on.
  std::vector<std::shared_ptr<LevelZeroEvent>> inFlight_;
};

} // namespace kiln::level_zero

#endif // KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROQUEUE_H
