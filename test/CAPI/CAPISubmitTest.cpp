//===- CAPISubmitTest.cpp - kiln_queue_submit, the one C launch call -----===//
//
// A kiln_launch_desc_t launched on the OpenCL CPU device (PoCL): a list
// launch verified on the host, KILN_LAUNCH_WAIT and KILN_LAUNCH_HOST_EVENT,
// and the descriptor errors that name the field -- a struct_size smaller
// than the first version, fields of a newer header, an unknown
// args_source, unknown flag bits, a field the source does not read, and an
// events struct without room for what the flags ask for.
//
//===----------------------------------------------------------------------===//
#include "CAPIHeaderC99.h"
#include "CAPIRuntimeFixture.h"

#include <algorithm>
#include <cstddef>
#include <cstring>

using namespace kiln::capitest;

namespace {

class Submit : public PrecompiledKernels {
protected:
  void SetUp() override { open("cpu"); }

  /// A saxpy over n = 64 elements of x = 1, y = 2; `args` must outlive it.
  kiln_launch_desc_t saxpyDesc(std::vector<kiln_arg_t> &args) {
    x = upload(std::vector<float>(kN, 1.0f));
    y = upload(std::vector<float>(kN, 2.0f));
    args = saxpyArgs(3.0f, x, y, &kN);
    kiln_launch_desc_t desc;
    kiln_launch_desc_init(&desc);
    desc.kernel = saxpy;
    desc.ndim = 1;
    desc.global = &kN;
    desc.args = args.data();
    desc.nargs = args.size();
    return desc;
  }

  static constexpr int64_t kN = 64;
  kiln_buffer_t x = nullptr, y = nullptr;
};

TEST_F(Submit, ListLaunchReturnsTheKernelsEvent) {
  std::vector<kiln_arg_t> args;
  kiln_launch_desc_t desc = saxpyDesc(args);
  kiln_launch_events_t events;
  kiln_launch_events_init(&events);
  ASSERT_KILN_OK(kiln_queue_submit(queue, &desc, nullptr, 0, &events));
  ASSERT_NE(events.device, nullptr);
  EXPECT_EQ(events.host, nullptr);
  EXPECT_EQ(events.programmatic, nullptr);
  ASSERT_KILN_OK(kiln_event_wait(events.device));
  EXPECT_EQ(download(y, kN), std::vector<float>(kN, 5.0f));
  kiln_event_release(events.device);
}

TEST_F(Submit, WaitFlagNeedsNoEvents) {
  std::vector<kiln_arg_t> args;
  kiln_launch_desc_t desc = saxpyDesc(args);
  desc.flags = KILN_LAUNCH_WAIT;
  ASSERT_KILN_OK(kiln_queue_submit(queue, &desc, nullptr, 0, nullptr));
  EXPECT_EQ(download(y, kN), std::vector<float>(kN, 5.0f));
  desc.flags = 0;
  EXPECT_KILN_ERROR(kiln_queue_submit(queue, &desc, nullptr, 0, nullptr),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_queue_submit: out_events is NULL (allowed only "
                    "with KILN_LAUNCH_WAIT or KILN_LAUNCH_NO_EVENT)");
}

TEST_F(Submit, HostEventFlagReturnsTheHostEvent) {
  std::vector<kiln_arg_t> args;
  kiln_launch_desc_t desc = saxpyDesc(args);
  desc.flags = KILN_LAUNCH_HOST_EVENT;
  kiln_launch_events_t events;
  kiln_launch_events_init(&events);
  ASSERT_KILN_OK(kiln_queue_submit(queue, &desc, nullptr, 0, &events));
  ASSERT_NE(events.host, nullptr);
  ASSERT_KILN_OK(kiln_event_wait(events.host));
  kiln_event_state_t state;
  ASSERT_KILN_OK(kiln_event_state(events.device, &state));
  EXPECT_EQ(state, KILN_EVENT_COMPLETE);
  kiln_event_release(events.device);
  kiln_event_release(events.host);
}

TEST_F(Submit, TooSmallStructSizeIsRefused) {
  std::vector<kiln_arg_t> args;
  kiln_launch_desc_t desc = saxpyDesc(args);
  desc.struct_size = sizeof(size_t);
  kiln_launch_events_t events;
  kiln_launch_events_init(&events);
  EXPECT_KILN_ERROR(kiln_queue_submit(queue, &desc, nullptr, 0, &events),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_queue_submit: desc->struct_size is " +
                        std::to_string(sizeof(size_t)) +
                        ", expected at least " +
                        std::to_string(sizeof(kiln_launch_desc_t)) +
                        " (initialise it with kiln_launch_desc_init)");
}

TEST_F(Submit, FieldsOfANewerHeaderAreRefused) {
  std::vector<kiln_arg_t> args;
  struct {
    kiln_launch_desc_t desc;
    uint64_t newerField;
  } newer;
  newer.desc = saxpyDesc(args);
  newer.desc.struct_size = sizeof(newer);
  newer.newerField = 1;
  kiln_launch_events_t events;
  kiln_launch_events_init(&events);
  EXPECT_KILN_ERROR(kiln_queue_submit(queue, &newer.desc, nullptr, 0, &events),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_queue_submit: desc->struct_size is " +
                        std::to_string(sizeof(newer)) +
                        " and sets fields after the " +
                        std::to_string(sizeof(kiln_launch_desc_t)) +
                        " bytes this library knows");
  // Zero there: a newer caller that set nothing new launches as before.
  newer.newerField = 0;
  ASSERT_KILN_OK(kiln_queue_submit(queue, &newer.desc, nullptr, 0, &events));
  ASSERT_KILN_OK(kiln_event_wait(events.device));
  kiln_event_release(events.device);
}

TEST_F(Submit, UnknownArgsSourceAndFlagsAreNamed) {
  std::vector<kiln_arg_t> args;
  kiln_launch_desc_t desc = saxpyDesc(args);
  kiln_launch_events_t events;
  kiln_launch_events_init(&events);
  // Stored as the int a C enum is: 7 names no kiln_launch_args_t.
  int seven = 7;
  std::memcpy(&desc.args_source, &seven, sizeof(seven));
  EXPECT_KILN_ERROR(kiln_queue_submit(queue, &desc, nullptr, 0, &events),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_queue_submit: desc->args_source 7 is not a "
                    "kiln_launch_args_t");
  EXPECT_EQ(events.device, nullptr);
  desc.args_source = KILN_LAUNCH_ARGS_LIST;
  desc.flags = 0x10;
  EXPECT_KILN_ERROR(kiln_queue_submit(queue, &desc, nullptr, 0, &events),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_queue_submit: desc->flags has unknown bits 0x10");
}

TEST_F(Submit, FieldTheSourceDoesNotReadIsRefused) {
  std::vector<kiln_arg_t> args;
  kiln_launch_desc_t desc = saxpyDesc(args);
  kiln_launch_events_t events;
  kiln_launch_events_init(&events);
  desc.argument_block = x;
  EXPECT_KILN_ERROR(kiln_queue_submit(queue, &desc, nullptr, 0, &events),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_queue_submit: desc->argument_block is set but "
                    "args_source is not KILN_LAUNCH_ARGS_DEVICE_BLOCK");
  desc.argument_block = nullptr;
  desc.args_source = KILN_LAUNCH_ARGS_PACKED;
  EXPECT_KILN_ERROR(kiln_queue_submit(queue, &desc, nullptr, 0, &events),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_queue_submit: desc->packed is NULL (args_source "
                    "KILN_LAUNCH_ARGS_PACKED)");
  desc.args_source = KILN_LAUNCH_ARGS_LIST;
  desc.global = nullptr;
  EXPECT_KILN_ERROR(kiln_queue_submit(queue, &desc, nullptr, 0, &events),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_queue_submit: desc->global is NULL");
}

TEST_F(Submit, EventsWithoutRoomForTheHostEventAreRefused) {
  std::vector<kiln_arg_t> args;
  kiln_launch_desc_t desc = saxpyDesc(args);
  desc.flags = KILN_LAUNCH_HOST_EVENT;
  kiln_launch_events_t events;
  kiln_launch_events_init(&events);
  // The first version of the struct, before `host`.
  events.struct_size = offsetof(kiln_launch_events_t, host);
  EXPECT_KILN_ERROR(kiln_queue_submit(queue, &desc, nullptr, 0, &events),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_queue_submit: out_events->struct_size is " +
                        std::to_string(offsetof(kiln_launch_events_t, host)) +
                        ": no room for host, which KILN_LAUNCH_HOST_EVENT "
                        "asks for");
  // Without the flag the first version's struct is enough.
  desc.flags = 0;
  ASSERT_KILN_OK(kiln_queue_submit(queue, &desc, nullptr, 0, &events));
  ASSERT_KILN_OK(kiln_event_wait(events.device));
  kiln_event_release(events.device);
}

TEST_F(Submit, FromCTooSmallStructSizeAndUnknownSourceAreNamed) {
  // The descriptor built by C99 code (CAPIHeaderC99.c).
  EXPECT_KILN_ERROR(kiln_c99_submit(queue, saxpy, &kN, 4, 0),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_queue_submit: desc->struct_size is 4, expected at "
                    "least " +
                        std::to_string(sizeof(kiln_launch_desc_t)) +
                        " (initialise it with kiln_launch_desc_init)");
  EXPECT_KILN_ERROR(kiln_c99_submit(queue, saxpy, &kN, 0, 3),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_queue_submit: desc->args_source 3 is not a "
                    "kiln_launch_args_t");
  // A well-formed one from C reaches the runtime's argument check.
  EXPECT_EQ(kiln_c99_submit(queue, saxpy, &kN, 0, KILN_LAUNCH_ARGS_LIST),
            KILN_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(lastError().find("saxpy"), std::string::npos) << lastError();
}

TEST_F(Submit, ArgumentErrorsKeepTheRuntimesMessage) {
  std::vector<kiln_arg_t> args;
  kiln_launch_desc_t desc = saxpyDesc(args);
  desc.nargs = 2;
  kiln_launch_events_t events;
  kiln_launch_events_init(&events);
  kiln_status_t status = kiln_queue_submit(queue, &desc, nullptr, 0, &events);
  EXPECT_EQ(status, KILN_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(lastError().find("saxpy"), std::string::npos) << lastError();
  EXPECT_EQ(events.device, nullptr);
}

} // namespace

// KILN_LAUNCH_NO_EVENT: no event comes back, yet the launches stay in queue
// order: ten of them and then one with its event add x ten times, then once.
TEST_F(Submit, NoEventLaunchesStayInQueueOrder) {
  std::vector<kiln_arg_t> args;
  kiln_launch_desc_t desc = saxpyDesc(args);
  desc.flags = KILN_LAUNCH_NO_EVENT;
  kiln_launch_events_t events;
  kiln_launch_events_init(&events);
  ASSERT_KILN_OK(kiln_queue_submit(queue, &desc, nullptr, 0, &events));
  EXPECT_EQ(events.device, nullptr);
  EXPECT_EQ(events.host, nullptr);
  for (int i = 1; i < 10; ++i)
    ASSERT_KILN_OK(kiln_queue_submit(queue, &desc, nullptr, 0, nullptr));
  desc.flags = 0;
  ASSERT_KILN_OK(kiln_queue_submit(queue, &desc, nullptr, 0, &events));
  ASSERT_NE(events.device, nullptr);
  ASSERT_KILN_OK(kiln_event_wait(events.device));
  kiln_event_release(events.device);
  EXPECT_EQ(download(y, kN), std::vector<float>(kN, 2.0f + 11 * 3.0f));
}

TEST_F(Submit, NoEventAfterAnEventStillWaitsForIt) {
  std::vector<kiln_arg_t> args;
  kiln_launch_desc_t desc = saxpyDesc(args);
  kiln_launch_events_t first;
  kiln_launch_events_init(&first);
  ASSERT_KILN_OK(kiln_queue_submit(queue, &desc, nullptr, 0, &first));
  desc.flags = KILN_LAUNCH_NO_EVENT;
  // A wait list takes the evented path inside; the caller still gets none.
  ASSERT_KILN_OK(kiln_queue_submit(queue, &desc, &first.device, 1, nullptr));
  ASSERT_KILN_OK(kiln_queue_finish(queue));
  kiln_event_release(first.device);
  EXPECT_EQ(download(y, kN), std::vector<float>(kN, 2.0f + 2 * 3.0f));
}

TEST_F(Submit, NoEventWithWaitOrHostEventIsRefused) {
  std::vector<kiln_arg_t> args;
  kiln_launch_desc_t desc = saxpyDesc(args);
  kiln_launch_events_t events;
  kiln_launch_events_init(&events);
  for (uint32_t other : {KILN_LAUNCH_WAIT, KILN_LAUNCH_HOST_EVENT}) {
    desc.flags = KILN_LAUNCH_NO_EVENT | other;
    EXPECT_KILN_ERROR(kiln_queue_submit(queue, &desc, nullptr, 0, &events),
                      KILN_STATUS_INVALID_ARGUMENT,
                      "kiln_queue_submit: desc->flags: KILN_LAUNCH_NO_EVENT "
                      "with KILN_LAUNCH_WAIT or KILN_LAUNCH_HOST_EVENT");
  }
}

TEST_F(Submit, NoEventOnAnOutOfOrderQueueIsRefused) {
  kiln_queue_options_t options;
  kiln_queue_options_init(&options);
  options.out_of_order = 1;
  kiln_queue_t unordered = nullptr;
  if (kiln_queue_create_with_options(device, &options, &unordered) !=
      KILN_STATUS_OK)
    GTEST_SKIP() << "no out-of-order queue: " << lastError();
  std::vector<kiln_arg_t> args;
  kiln_launch_desc_t desc = saxpyDesc(args);
  desc.flags = KILN_LAUNCH_NO_EVENT;
  EXPECT_KILN_ERROR(kiln_queue_submit(unordered, &desc, nullptr, 0, nullptr),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "launch of kernel 'saxpy': LaunchDesc::noEvent needs an "
                    "in-order queue");
  kiln_queue_release(unordered);
}

// A buffer released right after an event-less launch that reads it: its
// memory (SVM on PoCL) is freed after the launch, through a marker on the
// queue, not under it.
TEST_F(Submit, BufferReleasedAfterANoEventLaunchOutlivesIt) {
  std::vector<kiln_arg_t> args;
  kiln_launch_desc_t desc = saxpyDesc(args);
  desc.flags = KILN_LAUNCH_NO_EVENT;
  for (int i = 0; i < 3; ++i)
    ASSERT_KILN_OK(kiln_queue_submit(queue, &desc, nullptr, 0, nullptr));
  buffers.erase(std::find(buffers.begin(), buffers.end(), x));
  kiln_buffer_release(x);
  ASSERT_KILN_OK(kiln_queue_finish(queue));
  EXPECT_EQ(download(y, kN), std::vector<float>(kN, 2.0f + 3 * 3.0f));
}

// kiln_queue_marker: an event after every earlier command of the in-order
// queue, the way to learn that event-less launches completed.
TEST_F(Submit, MarkerCompletesAfterTheNoEventLaunchesBeforeIt) {
  std::vector<kiln_arg_t> args;
  kiln_launch_desc_t desc = saxpyDesc(args);
  desc.flags = KILN_LAUNCH_NO_EVENT;
  for (int i = 0; i < 5; ++i)
    ASSERT_KILN_OK(kiln_queue_submit(queue, &desc, nullptr, 0, nullptr));
  kiln_event_t marker = nullptr;
  ASSERT_KILN_OK(kiln_queue_marker(queue, &marker));
  ASSERT_NE(marker, nullptr);
  ASSERT_KILN_OK(kiln_event_wait(marker));
  kiln_event_release(marker);
  // Read without finishing the queue first: the marker said it is done.
  std::vector<float> host(kN);
  ASSERT_KILN_OK(kiln_buffer_read(queue, y, host.data(), kN * sizeof(float)));
  EXPECT_EQ(host, std::vector<float>(kN, 2.0f + 5 * 3.0f));
}

TEST_F(Submit, MarkerOnAnOutOfOrderQueueIsRefused) {
  kiln_queue_options_t options;
  kiln_queue_options_init(&options);
  options.out_of_order = 1;
  kiln_queue_t unordered = nullptr;
  if (kiln_queue_create_with_options(device, &options, &unordered) !=
      KILN_STATUS_OK)
    GTEST_SKIP() << "no out-of-order queue: " << lastError();
  kiln_event_t marker = nullptr;
  EXPECT_KILN_ERROR(kiln_queue_marker(unordered, &marker),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "a marker needs an in-order queue");
  EXPECT_EQ(marker, nullptr);
  kiln_queue_release(unordered);
}
