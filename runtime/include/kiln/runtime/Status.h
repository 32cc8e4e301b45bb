//===- Status.h - Error values returned by every runtime call ---*- C++ -*-===//
//
// The runtime never throws across its API and never aborts: every call
// returns a Status (or a StatusOr<T> carrying a value on success), in the
// spirit of IREE's iree_status_t. A Status is a code plus a human-readable
// message that names what went wrong (the parameter, the device, the file).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_STATUS_H
#define KILN_RUNTIME_STATUS_H

#include <string>
#include <utility>
#include <variant>

namespace kiln {

/// Broad class of a failure; callers branch on this, humans read the message.
enum class StatusCode {
  Ok,
  InvalidArgument, ///< The caller passed something wrong (bad launch args...).
  NotFound,        ///< A named thing (device, kernel, file) does not exist.
  Unavailable,     ///< A driver or library is missing on this machine.
  DataLoss,        ///< Malformed or truncated input data.
  Unimplemented,   ///< A valid request this runtime cannot serve yet.
  Internal,        ///< A driver call failed.
};

/// Spelling of a code, e.g. "INVALID_ARGUMENT".
const char *statusCodeName(StatusCode code);

/// Success, or a failure with a code and a message.
class [[nodiscard]] Status {
public:
  /// Success.
  Status() = default;
  Status(StatusCode code, std::string message)
      : code_(code), message_(std::move(message)) {}

  bool ok() const { return code_ == StatusCode::Ok; }
  StatusCode code() const { return code_; }
  /// The message alone (empty on success).
  const std::string &message() const { return message_; }
  /// "CODE: message", for logs and test failure output.
  std::string toString() const;

  /// The same failure with `context` prepended ("context: message").
  Status withContext(const std::string &context) const;

private:
  StatusCode code_ = StatusCode::Ok;
  std::string message_;
};

/// Shorthands for the common failure codes.
inline Status invalidArgument(std::string m) {
  return Status(StatusCode::InvalidArgument, std::move(m));
}
inline Status notFound(std::string m) {
  return Status(StatusCode::NotFound, std::move(m));
}
inline Status unavailable(std::string m) {
  return Status(StatusCode::Unavailable, std::move(m));
}
inline Status dataLoss(std::string m) {
  return Status(StatusCode::DataLoss, std::move(m));
}
inline Status unimplemented(std::string m) {
  return Status(StatusCode::Unimplemented, std::move(m));
}
inline Status internalError(std::string m) {
  return Status(StatusCode::Internal, std::move(m));
}

/// A value of type T, or the failure that prevented computing it.
template <typename T> class [[nodiscard]] StatusOr {
public:
  /// Failure; `status` must not be ok (an ok status becomes Internal).
  StatusOr(Status status) : state_(std::move(status)) {
    if (std::get<Status>(state_).ok())
      state_ = internalError("StatusOr constructed from an ok Status");
  }
  StatusOr(T value) : state_(std::move(value)) {}

  bool ok() const { return std::holds_alternative<T>(state_); }
  /// The failure, or an ok Status when a value is held.
  Status status() const { return ok() ? Status() : std::get<Status>(state_); }
  /// Message of the failure (empty when ok).
  std::string message() const { return status().message(); }

  /// The held value; only valid when ok().
  T &value() & { return std::get<T>(state_); }
  const T &value() const & { return std::get<T>(state_); }
  T &&value() && { return std::get<T>(std::move(state_)); }
  T *operator->() { return &value(); }
  const T *operator->() const { return &value(); }
  T &operator*() & { return value(); }
  const T &operator*() const & { return value(); }

private:
  std::variant<Status, T> state_;
};

} // namespace kiln

/// Returns from the enclosing function when `expr` yields a failed Status.
#define KILN_RETURN_IF_ERROR(expr)                                             \
  do {                                                                         \
    ::kiln::Status kilnStatus_ = (expr);                                       \
    if (!kilnStatus_.ok())                                                     \
      return kilnStatus_;                                                      \
  } while (0)

#endif // KILN_RUNTIME_STATUS_H
