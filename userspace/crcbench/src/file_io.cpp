// SPDX-License-Identifier: GPL-2.0-only
#include "file_io.h"

#include "error.h"
#include "kcapi_errors.h"

#include <cerrno>
#include <cstdio>
#include <memory>
#include <utility>

namespace crcbench {
namespace {

struct FileCloser {
    void operator()(std::FILE *f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

[[noreturn]] void fail(const std::string &what, const std::string &path, int e) {
    ExitCode code = (e == EACCES || e == EPERM) ? ExitCode::permission : ExitCode::runtime;
    std::string msg = (code == ExitCode::permission ? "permission denied: cannot " : "cannot ") +
                      what + " " + path + ": " + errno_text(e);
    throw ToolError(code, msg);
}

} // namespace

std::string read_text_file(const std::string &path) {
    File f(std::fopen(path.c_str(), "r"));
    if (!f)
        fail("read", path, errno);
    std::string out;
    char buf[8192];
    // /proc files report size 0: read until EOF.
    while (true) {
        std::size_t n = std::fread(buf, 1, sizeof buf, f.get());
        out.append(buf, n);
        if (n < sizeof buf) {
            if (std::ferror(f.get()))
                fail("read", path, errno);
            break;
        }
    }
    return out;
}

std::optional<std::string> try_read_text_file(const std::string &path) {
    try {
        return read_text_file(path);
    } catch (const ToolError &) {
        return std::nullopt;
    }
}

void write_text_file(const std::string &path, const std::string &content) {
    OutputFile(path).write(content);
}

OutputFile::OutputFile(std::string path) : path_(std::move(path)) {
    file_ = std::fopen(path_.c_str(), "w");
    if (!file_)
        fail("write", path_, errno);
}

OutputFile::OutputFile(OutputFile &&o) noexcept
    : path_(std::move(o.path_)), file_(std::exchange(o.file_, nullptr)) {}

OutputFile &OutputFile::operator=(OutputFile &&o) noexcept {
    if (this != &o) {
        if (file_)
            std::fclose(file_);
        path_ = std::move(o.path_);
        file_ = std::exchange(o.file_, nullptr);
    }
    return *this;
}

OutputFile::~OutputFile() {
    if (file_)
        std::fclose(file_);
}

void OutputFile::write(const std::string &content) {
    if (!file_)
        throw ToolError(ExitCode::runtime, "internal: " + path_ + " written twice");
    std::FILE *f = std::exchange(file_, nullptr);
    bool ok = std::fwrite(content.data(), 1, content.size(), f) == content.size();
    int e = errno;
    if (std::fclose(f) != 0 && ok) {
        ok = false;
        e = errno;
    }
    if (!ok)
        fail("write", path_, e);
}

void save_report(std::optional<OutputFile> &file, const std::string &content, ExitCode &rc) {
    if (!file)
        return;
    try {
        file->write(content);
    } catch (const ToolError &e) {
        std::fprintf(stderr, "crcbench-alg: %s\n", e.what());
        if (rc == ExitCode::ok)
            rc = e.code();
    }
}

} // namespace crcbench
