// SPDX-License-Identifier: GPL-2.0-only
#include "file_io.h"

#include <cerrno>
#include <cstdlib>
#include <sys/stat.h>
#include <utility>

namespace crcbench {

std::string read_all(std::FILE *f, const std::string &path) {
    std::string out;
    char buf[8192];
    // /proc files report size 0: read until EOF.
    while (true) {
        std::size_t n = std::fread(buf, 1, sizeof buf, f);
        out.append(buf, n);
        if (n < sizeof buf) {
            if (std::ferror(f))
                throw_file_error("read", path, errno);
            return out;
        }
    }
}

std::string read_text_file(const std::string &path) {
    std::unique_ptr<std::FILE, FileCloser> f(std::fopen(path.c_str(), "r"));
    if (!f)
        throw_file_error("read", path, errno);
    return read_all(f.get(), path);
}

std::optional<std::string> try_read_text_file(const std::string &path) {
    try {
        return read_text_file(path);
    } catch (const ToolError &) {
        return std::nullopt;
    }
}

namespace {

// Creates "DIR/.NAME.XXXXXX", a temporary file beside path (same filesystem,
// so the rename is atomic); throws ToolError naming path.
int make_temp(const std::string &path, std::string &temp) {
    const std::size_t slash = path.rfind('/'); // npos: + 1 wraps to 0
    temp = path.substr(0, slash + 1) + "." + path.substr(slash + 1) + ".XXXXXX";
    int fd = ::mkstemp(temp.data());
    if (fd < 0)
        throw_file_error("write", path, errno);
    return fd;
}

} // namespace

OutputFile::OutputFile(std::string path) : path_(std::move(path)) {
    struct stat st {};
    if (::stat(path_.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode))
            throw_file_error("write", path_, EISDIR);
        if (!S_ISREG(st.st_mode)) {
            // A device or a pipe (/dev/stdout, /dev/full): written in place,
            // opened now so that a path that cannot be written fails now.
            file_.reset(std::fopen(path_.c_str(), "w"));
            if (!file_)
                throw_file_error("write", path_, errno);
            return;
        }
        // An existing report: its mode is kept; it is replaced only by
        // a complete new one (written beside it, then renamed over it).
        if (char *real = ::realpath(path_.c_str(), nullptr)) {
            target_ = real;
            std::free(real);
        }
        mode_ = st.st_mode & 07777;
        if (::access(path_.c_str(), W_OK) != 0)
            throw_file_error("write", path_, errno);
    }
    if (target_.empty())
        target_ = path_;
    // Probe: the directory must take the temporary file (left nowhere).
    std::string temp;
    int fd = make_temp(target_, temp);
    ::close(fd);
    ::unlink(temp.c_str());
}

void OutputFile::write(const std::string &content) {
    if (written_)
        throw ToolError(ExitCode::runtime, "internal: " + path_ + " written twice");
    written_ = true;
    if (file_) { // a device or a pipe
        std::FILE *f = file_.release();
        bool ok = std::fwrite(content.data(), 1, content.size(), f) == content.size();
        int e = errno;
        if (std::fclose(f) != 0 && ok) {
            ok = false;
            e = errno;
        }
        if (!ok)
            throw_file_error("write", path_, e);
        return;
    }
    std::string temp;
    int fd = make_temp(target_, temp);
    mode_t mode = mode_;
    if (mode == 0) { // a new file: what open(O_CREAT, 0666) would give
        mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    int e = 0;
    for (std::size_t done = 0; done < content.size() && e == 0;) {
        ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0 && errno != EINTR)
            e = errno;
        else if (n > 0)
            done += static_cast<std::size_t>(n);
    }
    if (e == 0 && ::fchmod(fd, mode) != 0)
        e = errno;
    if (e == 0 && ::fsync(fd) != 0)
        e = errno;
    if (::close(fd) != 0 && e == 0)
        e = errno;
    if (e == 0 && ::rename(temp.c_str(), target_.c_str()) != 0)
        e = errno;
    if (e != 0) {
        ::unlink(temp.c_str());
        throw_file_error("write", path_, e);
    }
}

namespace {
int g_stdout_errno = 0; // the first failed write's errno (-1: cause unknown)
bool g_stdout_failed = false;

void note_stdout(bool failed) {
    if (!failed && !std::ferror(stdout))
        return;
    if (!g_stdout_failed)
        g_stdout_errno = failed ? errno : 0;
    g_stdout_failed = true;
}
} // namespace

void write_stdout(const std::string &text) {
    errno = 0;
    note_stdout(std::fwrite(text.data(), 1, text.size(), stdout) != text.size() ||
                std::fflush(stdout) != 0); // -z lines hold NULs
}

void flush_stdout() {
    errno = 0;
    note_stdout(std::fflush(stdout) != 0);
}

int finish_stdout(int rc) {
    flush_stdout();
    errno = 0;
    note_stdout(std::fclose(stdout) != 0);
    if (!g_stdout_failed)
        return rc;
    std::fprintf(stderr, "crcbench-alg: cannot write to stdout: %s\n",
                 g_stdout_errno ? errno_text(g_stdout_errno).c_str() : "write error");
    return rc == 0 ? to_int(ExitCode::runtime) : rc;
}

std::optional<OutputFile> open_report(const std::optional<std::string> &path) {
    return path ? std::make_optional<OutputFile>(*path) : std::nullopt;
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
