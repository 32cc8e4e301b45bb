//===- Status.cpp - Status formatting ----------------------------------===//
//
// Spelling of status codes and the "CODE: message" form used in logs.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Status.h"
#include "kiln/runtime/Unreachable.h"

namespace kiln {

const char *statusCodeName(StatusCode code) {
  switch (code) {
  case StatusCode::Ok:
    return "OK";
  case StatusCode::InvalidArgument:
    return "INVALID_ARGUMENT";
  case StatusCode::NotFound:
    return "NOT_FOUND";
  case StatusCode::Unavailable:
    return "UNAVAILABLE";
  case StatusCode::DataLoss:
    return "DATA_LOSS";
  case StatusCode::Unimplemented:
    return "UNIMPLEMENTED";
  case StatusCode::Internal:
    return "INTERNAL";
  }
  KILN_UNREACHABLE("the switch on code covers every value");
}

std::string Status::toString() const {
  if (ok())
    return "OK";
  return std::string(statusCodeName(code_)) + ": " + message_;
}

Status Status::withContext(const std::string &context) const {
  if (ok())
    return *this;
  return Status(code_, context + ": " + message_);
}

} // namespace kiln
