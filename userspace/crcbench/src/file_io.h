// SPDX-License-Identifier: GPL-2.0-only
//
// Reading whole text files (from /proc and test fixtures) and writing result
// files, with failures mapped to ToolError (EACCES/EPERM -> permission).
#pragma once

#include <optional>
#include <string>

namespace crcbench {

// Throws ToolError naming `path` and the cause.
std::string read_text_file(const std::string &path);

// nullopt when the file does not exist or cannot be read.
std::optional<std::string> try_read_text_file(const std::string &path);

// Replaces the file's content. Throws ToolError.
void write_text_file(const std::string &path, const std::string &content);

} // namespace crcbench
