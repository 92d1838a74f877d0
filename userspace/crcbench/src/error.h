// SPDX-License-Identifier: GPL-2.0-only
//
// The one exception type the tool throws for conditions the user must see:
// a one-line message and the exit code it maps to. main() prints and exits.
#pragma once

#include "exit_codes.h"

#include <stdexcept>
#include <string>

namespace crcbench {

class ToolError : public std::runtime_error {
  public:
    ToolError(ExitCode code, const std::string &message)
        : std::runtime_error(message), code_(code) {}
    ExitCode code() const { return code_; }

  private:
    ExitCode code_;
};

// Bad command line: exit code 2.
class UsageError : public ToolError {
  public:
    explicit UsageError(const std::string &message) : ToolError(ExitCode::usage, message) {}
};

} // namespace crcbench
