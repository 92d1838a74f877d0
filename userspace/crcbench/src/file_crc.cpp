// SPDX-License-Identifier: GPL-2.0-only
#include "file_crc.h"

#include "error.h"
#include "kcapi_errors.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace crcbench {
namespace {

// Hashed through one update call at most, so long files show progress.
constexpr std::uint64_t kPiece = std::uint64_t{16} << 20;
// The pipe between file and socket: bigger means fewer splice calls.
constexpr int kPipeBytes = 1 << 20;
constexpr std::size_t kReadBuffer = 256 << 10;

[[noreturn]] void file_error(const std::string &what, const std::string &path, int e) {
    ExitCode code = (e == EACCES || e == EPERM) ? ExitCode::permission : ExitCode::runtime;
    throw ToolError(code, "cannot " + what + " " + path + ": " + errno_text(e));
}

class Pipe {
  public:
    Pipe() {
        if (::pipe2(fds_, O_CLOEXEC) < 0)
            throw ToolError(ExitCode::runtime, "pipe2: " + errno_text(errno));
        // Best effort: the default (64 KiB) works too, with more calls.
        long got = ::fcntl(fds_[1], F_SETPIPE_SZ, kPipeBytes);
        long now = got > 0 ? got : ::fcntl(fds_[1], F_GETPIPE_SZ);
        capacity_ = now > 0 ? static_cast<std::size_t>(now) : 65536;
    }
    ~Pipe() {
        ::close(fds_[0]);
        ::close(fds_[1]);
    }
    Pipe(const Pipe &) = delete;
    Pipe &operator=(const Pipe &) = delete;
    int read_end() const { return fds_[0]; }
    int write_end() const { return fds_[1]; }
    std::size_t capacity() const { return capacity_; }

  private:
    int fds_[2] = {-1, -1};
    std::size_t capacity_ = 0;
};

// splice() is not possible: carries the errno and which step refused.
struct SpliceRefused {
    int err;
    std::string step;
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// One unit by splice: file -> pipe -> stream, SPLICE_F_MORE until the last piece.
Digest splice_unit(const MappedFile &file, Pipe &pipe, HashStream &stream, std::uint64_t offset,
                   std::uint64_t length, const std::string &driver,
                   const std::function<void(std::uint64_t)> &moved) {
    if (length == 0) {
        stream.send({}, false);
        return stream.result();
    }
    loff_t off = static_cast<loff_t>(offset);
    std::uint64_t remaining = length;
    while (remaining > 0) {
        std::size_t want =
            static_cast<std::size_t>(std::min<std::uint64_t>(remaining, pipe.capacity()));
        ssize_t in = ::splice(file.fd(), &off, pipe.write_end(), nullptr, want, 0);
        if (in < 0) {
            if (errno == EINTR)
                continue;
            if (splice_unsupported(errno))
                throw SpliceRefused{errno, "file to pipe"};
            file_error("splice from", file.path(), errno);
        }
        if (in == 0)
            throw ToolError(ExitCode::runtime,
                            file.path() + " ended early (truncated while being read?)");
        std::size_t left = static_cast<std::size_t>(in);
        bool last_piece = static_cast<std::uint64_t>(in) == remaining;
        while (left > 0) {
            ssize_t out = stream.splice_from(pipe.read_end(), left, !last_piece);
            if (out == -EINTR)
                continue;
            if (out < 0) {
                if (splice_unsupported(static_cast<int>(-out)))
                    throw SpliceRefused{static_cast<int>(-out), "pipe to AF_ALG socket"};
                throw classify_op_error(static_cast<int>(out), "splice", driver);
            }
            if (out == 0 || (last_piece && static_cast<std::size_t>(out) < left))
                throw ToolError(ExitCode::runtime,
                                "splice into '" + driver + "' moved " + std::to_string(out) +
                                    " of " + std::to_string(left) + " bytes of the last piece");
            left -= static_cast<std::size_t>(out);
        }
        remaining -= static_cast<std::uint64_t>(in);
        moved(static_cast<std::uint64_t>(in));
    }
    return stream.result();
}

// One unit by pread + send.
Digest read_unit(const MappedFile &file, std::vector<std::uint8_t> &buf, HashStream &stream,
                 std::uint64_t offset, std::uint64_t length,
                 const std::function<void(std::uint64_t)> &moved) {
    if (length == 0) {
        stream.send({}, false);
        return stream.result();
    }
    std::uint64_t done = 0;
    while (done < length) {
        std::size_t want =
            static_cast<std::size_t>(std::min<std::uint64_t>(length - done, buf.size()));
        ssize_t n = ::pread(file.fd(), buf.data(), want, static_cast<off_t>(offset + done));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            file_error("read", file.path(), errno);
        }
        if (n == 0)
            throw ToolError(ExitCode::runtime,
                            file.path() + " ended early (truncated while being read?)");
        done += static_cast<std::uint64_t>(n);
        stream.send({buf.data(), static_cast<std::size_t>(n)}, done < length);
        moved(static_cast<std::uint64_t>(n));
    }
    return stream.result();
}

} // namespace

std::string_view transfer_name(Transfer t) {
    switch (t) {
    case Transfer::splice:
        return "splice";
    case Transfer::read:
        return "read";
    case Transfer::mmap:
        break;
    }
    return "mmap";
}

bool splice_unsupported(int e) {
    return e == EINVAL || e == ENOSYS || e == EOPNOTSUPP || e == ENOTSUP;
}

MappedFile::MappedFile(std::string path) : path_(std::move(path)) {
    fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0)
        file_error("open", path_, errno);
    struct stat st {};
    if (::fstat(fd_, &st) < 0) {
        int e = errno;
        ::close(fd_);
        file_error("stat", path_, e);
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd_);
        throw UsageError(path_ + " is not a regular file (file hashes regular files only)");
    }
    size_ = static_cast<std::uint64_t>(st.st_size);
    if (size_ > 0) {
        void *p = ::mmap(nullptr, size_, PROT_READ, MAP_SHARED, fd_, 0);
        if (p == MAP_FAILED) {
            int e = errno;
            ::close(fd_);
            file_error("map", path_, e);
        }
        data_ = static_cast<const std::uint8_t *>(p);
    }
}

MappedFile::~MappedFile() {
    if (data_)
        ::munmap(const_cast<std::uint8_t *>(data_), size_);
    ::close(fd_);
}

UnitCrcs kernel_unit_crcs(const MappedFile &file, const UnitLayout &layout,
                          const std::function<std::unique_ptr<HashStream>()> &open,
                          const std::string &driver, const ByteProgress &progress) {
    UnitCrcs r;
    std::uint64_t total = layout.count * layout.length;
    for (Transfer how : {Transfer::splice, Transfer::read}) {
        r.crcs.clear();
        r.transfer = how;
        std::uint64_t done = 0;
        auto moved = [&](std::uint64_t n) {
            done += n;
            if (progress)
                progress(done, total);
        };
        std::unique_ptr<HashStream> stream = open();
        auto t0 = std::chrono::steady_clock::now();
        try {
            if (how == Transfer::splice) {
                Pipe pipe;
                for (std::uint64_t i = 0; i < layout.count; ++i)
                    r.crcs.push_back(splice_unit(file, pipe, *stream, i * layout.stride,
                                                 layout.length, driver, moved));
            } else {
                std::vector<std::uint8_t> buf(static_cast<std::size_t>(std::min<std::uint64_t>(
                    kReadBuffer, std::max<std::uint64_t>(layout.length, 1))));
                for (std::uint64_t i = 0; i < layout.count; ++i)
                    r.crcs.push_back(
                        read_unit(file, buf, *stream, i * layout.stride, layout.length, moved));
            }
        } catch (const SpliceRefused &refused) {
            // A refused splice may leave a half-fed hash and a full pipe:
            // both are dropped, the read pass starts from a fresh socket.
            r.transfer_note = "splice (" + refused.step + ") refused with " +
                              errno_text(refused.err) + ": read + send instead";
            continue;
        }
        r.seconds = seconds_since(t0);
        return r;
    }
    throw ToolError(ExitCode::runtime, "internal: no transfer for " + driver);
}

UnitCrcs user_unit_crcs(const MappedFile &file, const UnitLayout &layout, Crc32cHasher &hasher,
                        const ByteProgress &progress) {
    UnitCrcs r;
    r.transfer = Transfer::mmap;
    std::span<const std::uint8_t> bytes = file.bytes();
    std::uint64_t total = layout.count * layout.length, done = 0;
    auto t0 = std::chrono::steady_clock::now();
    for (std::uint64_t i = 0; i < layout.count; ++i) {
        auto unit = bytes.subspan(static_cast<std::size_t>(i * layout.stride),
                                  static_cast<std::size_t>(layout.length));
        if (unit.size() <= kPiece) {
            r.crcs.push_back(hasher.digest(unit));
            done += unit.size();
        } else {
            for (std::size_t at = 0; at < unit.size(); at += kPiece) {
                auto piece = unit.subspan(at, std::min<std::size_t>(kPiece, unit.size() - at));
                hasher.update(piece);
                done += piece.size();
                if (progress)
                    progress(done, total);
            }
            r.crcs.push_back(hasher.final());
        }
        if (progress)
            progress(done, total);
    }
    r.seconds = seconds_since(t0);
    return r;
}

std::vector<Digest> reference_unit_crcs(std::span<const std::uint8_t> bytes,
                                        const UnitLayout &layout, CrcAlg alg) {
    std::vector<Digest> out;
    out.reserve(static_cast<std::size_t>(layout.count));
    for (std::uint64_t i = 0; i < layout.count; ++i)
        out.push_back(reference_digest(alg, std::nullopt,
                                       bytes.subspan(static_cast<std::size_t>(i * layout.stride),
                                                     static_cast<std::size_t>(layout.length))));
    return out;
}

} // namespace crcbench
