// SPDX-License-Identifier: GPL-2.0-only
#include "file_crc.h"

#include "crc_alg.h"
#include "error.h"
#include "interrupt.h"
#include "text.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace crcbench {
namespace {

// mincore is asked about this much of the file per mapping: a large file
// needs no large piece of address space.
constexpr std::uint64_t kMincoreWindow = std::uint64_t{64} << 20;

[[noreturn]] void throw_file_changed(const std::string &path, std::uint64_t opened_size,
                                     std::uint64_t now_size, const std::string &how) {
    throw ToolError(ExitCode::file_changed,
                    path + " changed size while being hashed: " + std::to_string(opened_size) +
                        " bytes when opened, " + how + " " + std::to_string(now_size) +
                        " (written to, truncated or rotated during the run); its CRCs would "
                        "mean nothing: hash a copy or snapshot that nothing writes to");
}

} // namespace

InputFile::InputFile(std::string path) : path_(std::move(path)) {
    if (path_ == kStdinPath)
        return;
    owned_.reset(::open(path_.c_str(), O_RDONLY | O_CLOEXEC));
    if (owned_.get() < 0)
        throw_file_error("open", path_, errno);
    struct stat st {};
    if (::fstat(fd(), &st) < 0)
        throw_file_error("stat", path_, errno);
    if (!S_ISREG(st.st_mode))
        throw UsageError(path_ + " is not a regular file (file hashes regular files; for a pipe or "
                                 "device give '-' and redirect it to standard input)");
    size_ = static_cast<std::uint64_t>(st.st_size);
}

void InputFile::check_unchanged() const {
    if (is_stream())
        return;
    struct stat st {};
    if (::fstat(fd(), &st) < 0)
        throw_file_error("stat", path_, errno);
    auto now = static_cast<std::uint64_t>(st.st_size);
    if (now != size_)
        throw_file_changed(path_, size_, now, "now");
}

void InputFile::ended_early(std::uint64_t at) const {
    struct stat st {};
    std::uint64_t now = ::fstat(fd(), &st) == 0 ? static_cast<std::uint64_t>(st.st_size) : at;
    throw_file_changed(path_, size_, now,
                       "ended after " + std::to_string(at) + " bytes had been read, now");
}

std::uint64_t cached_pages(int fd, std::uint64_t size) {
    const auto page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
    std::uint64_t cached = 0;
    std::vector<unsigned char> vec;
    for (std::uint64_t at = 0; at < size; at += kMincoreWindow) {
        std::uint64_t len = std::min(kMincoreWindow, size - at);
        void *p = ::mmap(nullptr, len, PROT_READ, MAP_SHARED, fd, static_cast<off_t>(at));
        if (p == MAP_FAILED)
            throw ToolError(ExitCode::runtime,
                            "cannot map the file to count its cached pages: " + errno_text(errno));
        vec.assign((len + page - 1) / page, 0);
        int rc = ::mincore(p, len, vec.data());
        int e = errno;
        ::munmap(p, len);
        if (rc != 0)
            throw ToolError(ExitCode::runtime, "mincore: " + errno_text(e));
        cached += static_cast<std::uint64_t>(
            std::count_if(vec.begin(), vec.end(), [](unsigned char v) { return v & 1; }));
    }
    return cached;
}

void InputFile::drop_cache() const {
    if (is_stream())
        throw UsageError("--drop-cache: standard input is read once and has no page cache to "
                         "drop; give a regular file, or leave out --drop-cache");
    // Dirty pages are not dropped: write them back first.
    if (::fdatasync(fd()) != 0 && errno != EINVAL && errno != EROFS)
        throw_file_error("write back (fdatasync)", path_, errno);
    int rc = ::posix_fadvise(fd(), 0, 0, POSIX_FADV_DONTNEED);
    if (rc != 0)
        throw ToolError(ExitCode::runtime, "--drop-cache: posix_fadvise(POSIX_FADV_DONTNEED) on " +
                                               path_ + " failed: " + errno_text(rc) +
                                               "; leave out --drop-cache on this filesystem");
    std::uint64_t left = cached_pages(fd(), size_);
    if (left != 0)
        throw ToolError(ExitCode::runtime,
                        "--drop-cache: " + std::to_string(left) + " page(s) of " + path_ +
                            " still in the page cache after POSIX_FADV_DONTNEED (a tmpfs or "
                            "ramfs file, whose data is its page cache, or pages mapped or "
                            "read by another process); put the file on a disk filesystem, "
                            "or leave out --drop-cache");
}

namespace {

// The pipe between file and socket: bigger means fewer splice calls.
constexpr int kPipeBytes = 1 << 20;

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

struct Pipe {
    Pipe() {
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC) < 0)
            throw ToolError(ExitCode::runtime, "pipe2: " + errno_text(errno));
        read_end.reset(fds[0]);
        write_end.reset(fds[1]);
        // Best effort: the default (64 KiB) works too, with more calls.
        long got = ::fcntl(write_end.get(), F_SETPIPE_SZ, kPipeBytes);
        long now = got > 0 ? got : ::fcntl(write_end.get(), F_GETPIPE_SZ);
        capacity = now > 0 ? static_cast<std::size_t>(now) : 65536;
    }
    UniqueFd read_end, write_end;
    std::size_t capacity = 0;
};

// splice() is not possible: carries the errno and which step refused.
struct SpliceRefused {
    int err;
    std::string step;
};

// Where the pieces of the units go: the reference's table code, a user:
// hasher or a kernel driver's stream; each unit's CRC lands in `out`.
class UnitSink {
  public:
    explicit UnitSink(CrcAlg reference) : alg_(reference) {}
    explicit UnitSink(Crc32cHasher &h) : hasher_(&h) {}
    explicit UnitSink(HashStream &s) : stream_(&s) {}

    // The next bytes of the current unit; last: the unit ends with them.
    void piece(std::span<const std::uint8_t> b, bool last) {
        auto t0 = Clock::now();
        if (stream_) {
            if (!b.empty() || last)
                stream_->send(b, !last);
        } else if (hasher_) {
            if (!b.empty())
                hasher_->update(b);
        } else { // the digest so far, carried on (each algorithm's starts at 0)
            digest_ = alg_ == CrcAlg::crc32c
                          ? crc32c_fast::digest(~static_cast<std::uint32_t>(digest_), b)
                      : alg_ == CrcAlg::crct10dif
                          ? crc_family::t10dif_table(static_cast<std::uint16_t>(digest_), b)
                          : crc_family::rocksoft_table(digest_, b);
        }
        if (last)
            out.crcs.push_back(stream_   ? stream_->result()
                               : hasher_ ? hasher_->final()
                                         : std::exchange(digest_, 0));
        out.seconds += seconds_since(t0);
    }
    UnitCrcs out;

  private:
    Crc32cHasher *hasher_ = nullptr;
    HashStream *stream_ = nullptr;
    CrcAlg alg_ = CrcAlg::crc32c;
    Digest digest_ = 0;
};

// Cuts the input, read in order, into the units of a layout: every sink
// gets each unit's pieces; `facts` gets what InnoDB needs of each page.
class UnitCutter {
  public:
    UnitCutter(const UnitLayout &layout, std::vector<UnitSink> sinks, std::vector<PageFacts> *facts)
        : sinks(std::move(sinks)), layout_(layout), facts_(facts) {}

    void feed(std::span<const std::uint8_t> bytes) {
        if (layout_.whole_file) {
            for (UnitSink &s : sinks)
                s.piece(bytes, false);
            return;
        }
        while (!bytes.empty()) {
            bool in_unit = at_ < layout_.length;
            std::uint64_t end = in_unit ? layout_.length : layout_.stride;
            auto take = static_cast<std::size_t>(std::min<std::uint64_t>(end - at_, bytes.size()));
            auto piece = bytes.first(take);
            if (facts_)
                observe(piece);
            at_ += take;
            if (in_unit)
                for (UnitSink &s : sinks)
                    s.piece(piece, at_ == layout_.length);
            if (at_ == layout_.stride) {
                at_ = 0;
                ++unit_;
            }
            bytes = bytes.subspan(take);
        }
    }

    // At the end of the input (total bytes read): the whole file's unit
    // ends; pages must be complete.
    void finish(std::uint64_t total) {
        if (layout_.whole_file) {
            for (UnitSink &s : sinks)
                s.piece({}, true);
            return;
        }
        if (at_ != 0)
            throw UsageError("standard input: " + std::to_string(total) +
                             " bytes is not a multiple of the page size " +
                             format_size(layout_.stride) + " (" + std::to_string(unit_) +
                             " pages and " + std::to_string(at_) +
                             " bytes): a truncated stream, or the wrong --page-size");
    }
    std::uint64_t units() const { return unit_; }
    std::vector<UnitSink> sinks;

  private:
    // Bytes of page unit_ from offset at_ of the page.
    void observe(std::span<const std::uint8_t> b) {
        if (facts_->size() <= unit_)
            facts_->resize(static_cast<std::size_t>(unit_) + 1);
        PageFacts &f = (*facts_)[static_cast<std::size_t>(unit_)];
        for (std::size_t i = 0; i < b.size(); ++i) {
            std::uint64_t off = at_ + i;
            if (off >= innodb::kKeyVersionOffset && off < innodb::kKeyVersionOffset + 4)
                f.key_version = (f.key_version << 8) | b[i];
            if (off >= layout_.stride - innodb::kChecksumSize)
                f.stored = (f.stored << 8) | b[i];
        }
        if (f.all_zero)
            f.all_zero = std::ranges::all_of(b, [](std::uint8_t x) { return x == 0; });
    }
    UnitLayout layout_;
    std::vector<PageFacts> *facts_;
    std::uint64_t at_ = 0, unit_ = 0;
};

// The input's windows through the cutter: pread of exactly file.size()
// bytes of a regular file (ending early is the file-changed error), or
// read() of a stream to its end.
std::uint64_t read_pass(const InputFile &file, ReadBuffer &buf, UnitCutter &cut,
                        const ByteProgress &progress) {
    const bool stream = file.is_stream();
    std::optional<InterruptibleReads> interruptible; // a pipe may stay idle
    if (stream)
        interruptible.emplace();
    else
        file.check_unchanged();
    std::span<std::uint8_t> window = buf.span();
    std::uint64_t done = 0, size = stream ? 0 : file.size();
    while (stream || done < size) {
        throw_if_interrupted(); // the pass is abandoned, not reported
        ssize_t n = stream ? ::read(file.fd(), window.data(), window.size())
                           : ::pread(file.fd(), window.data(),
                                     static_cast<std::size_t>(
                                         std::min<std::uint64_t>(window.size(), size - done)),
                                     static_cast<off_t>(done));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            throw_file_error("read", stream ? "standard input" : file.path(), errno);
        }
        if (n == 0 && stream)
            break;
        if (n == 0)
            file.ended_early(done);
        done += static_cast<std::uint64_t>(n);
        cut.feed(window.first(static_cast<std::size_t>(n)));
        if (progress)
            progress(done, size);
    }
    // Ctrl-C also ends the writer of a pipe (`cat f | crcbench-alg file -`):
    // an end of input that came with the signal is not the input's end.
    if (stream)
        throw_if_interrupted();
    else
        file.check_unchanged();
    cut.finish(done);
    return done;
}

// One unit by splice: file -> pipe -> stream, SPLICE_F_MORE until the last piece.
Digest splice_unit(const InputFile &file, Pipe &pipe, HashStream &stream, std::uint64_t offset,
                   std::uint64_t length, const std::string &driver,
                   const std::function<void(std::uint64_t)> &moved) {
    if (length == 0) {
        stream.send({}, false);
        return stream.result();
    }
    loff_t off = static_cast<loff_t>(offset);
    std::uint64_t remaining = length;
    while (remaining > 0) {
        throw_if_interrupted();
        std::size_t want =
            static_cast<std::size_t>(std::min<std::uint64_t>(remaining, pipe.capacity));
        ssize_t in = ::splice(file.fd(), &off, pipe.write_end.get(), nullptr, want, 0);
        if (in < 0) {
            if (errno == EINTR)
                continue;
            if (splice_unsupported(errno))
                throw SpliceRefused{errno, "file to pipe"};
            throw_file_error("splice from", file.path(), errno);
        }
        if (in == 0)
            file.ended_early(static_cast<std::uint64_t>(off));
        std::size_t left = static_cast<std::size_t>(in);
        bool last_piece = static_cast<std::uint64_t>(in) == remaining;
        while (left > 0) {
            ssize_t out = stream.splice_from(pipe.read_end.get(), left, !last_piece);
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

// One sink's pass over the input, timed from the first read to the last digest.
UnitCrcs sink_pass(const InputFile &file, const UnitLayout &layout, ReadBuffer &buf, UnitSink sink,
                   std::vector<PageFacts> *facts, const ByteProgress &progress) {
    UnitCutter cut(layout, {std::move(sink)}, facts);
    auto t0 = Clock::now();
    std::uint64_t n = read_pass(file, buf, cut, progress);
    UnitCrcs r = std::move(cut.sinks.front().out);
    r.seconds = seconds_since(t0);
    r.bytes_read = n;
    return r;
}

} // namespace

std::string_view transfer_name(Transfer t) {
    return t == Transfer::splice ? "splice" : "read";
}

bool splice_unsupported(int e) {
    return e == EINVAL || e == ENOSYS || e == EOPNOTSUPP || e == ENOTSUP;
}

UnitCrcs kernel_unit_crcs(const InputFile &file, const UnitLayout &layout, ReadBuffer &buf,
                          const std::function<std::unique_ptr<HashStream>()> &open,
                          const std::string &driver, const ByteProgress &progress) {
    std::uint64_t total = layout.count * layout.length;
    std::optional<std::string> note;
    if (!file.is_stream()) {
        UnitCrcs r;
        r.transfer = Transfer::splice;
        std::uint64_t done = 0;
        auto moved = [&](std::uint64_t n) {
            done += n;
            if (progress)
                progress(done, total);
        };
        std::unique_ptr<HashStream> stream = open();
        auto t0 = Clock::now();
        try {
            file.check_unchanged();
            Pipe pipe;
            for (std::uint64_t i = 0; i < layout.count; ++i)
                r.crcs.push_back(splice_unit(file, pipe, *stream, i * layout.stride, layout.length,
                                             driver, moved));
            file.check_unchanged();
            r.seconds = seconds_since(t0);
            r.bytes_read = file.size();
            return r;
        } catch (const SpliceRefused &refused) {
            // A refused splice may leave a half-fed hash and a full pipe:
            // both are dropped, the read pass starts from a fresh socket.
            note = "splice (" + refused.step + ") refused with " + errno_text(refused.err) +
                   ": read + send instead";
        }
    }
    std::unique_ptr<HashStream> stream = open();
    UnitCrcs r = sink_pass(file, layout, buf, UnitSink(*stream), nullptr, progress);
    r.transfer_note = note;
    return r;
}

UnitCrcs user_unit_crcs(const InputFile &file, const UnitLayout &layout, ReadBuffer &buf,
                        Crc32cHasher &hasher, const ByteProgress &progress) {
    return sink_pass(file, layout, buf, UnitSink(hasher), nullptr, progress);
}

UnitCrcs reference_unit_crcs(const InputFile &file, const UnitLayout &layout, ReadBuffer &buf,
                             CrcAlg alg, std::vector<PageFacts> *facts,
                             const ByteProgress &progress) {
    if (facts)
        facts->clear();
    return sink_pass(file, layout, buf, UnitSink(alg), facts, progress);
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

TeeResult tee_unit_crcs(const InputFile &file, UnitLayout layout, ReadBuffer &buf, CrcAlg alg,
                        const std::vector<std::unique_ptr<HashStream>> &kernel,
                        const std::vector<std::unique_ptr<Crc32cHasher>> &user,
                        const ByteProgress &progress, std::optional<std::size_t> reference_user) {
    // The reference first, unless a user: hasher runs its code.
    std::vector<UnitSink> sinks;
    if (!reference_user)
        sinks.emplace_back(alg);
    for (const auto &s : kernel)
        sinks.emplace_back(*s);
    for (const auto &h : user)
        sinks.emplace_back(*h);
    UnitCutter cut(layout, std::move(sinks), nullptr);
    std::uint64_t n = read_pass(file, buf, cut, progress);
    TeeResult t;
    t.layout = layout;
    if (layout.whole_file)
        t.layout = UnitLayout::whole(n);
    else
        t.layout.count = cut.units();
    const std::size_t first = reference_user ? 0 : 1;
    for (std::size_t i = first; i < cut.sinks.size(); ++i) {
        UnitCrcs r = std::move(cut.sinks[i].out);
        r.bytes_read = n;
        (i - first < kernel.size() ? t.kernel : t.user).push_back(std::move(r));
    }
    t.reference = reference_user ? t.user.at(*reference_user) : std::move(cut.sinks.front().out);
    t.reference.bytes_read = n;
    return t;
}

} // namespace crcbench

namespace crcbench::innodb {

std::uint32_t read_space_flags(std::span<const std::uint8_t> page0) {
    if (page0.size() < kFlagsOffset + 4)
        return 0;
    const std::uint8_t *p = page0.data() + kFlagsOffset; // big-endian
    return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
           p[3];
}

SpaceFlags parse_space_flags(std::uint32_t raw) {
    SpaceFlags f;
    f.raw = raw;
    std::string hex = format_hex32(raw);
    if (!(raw & kMarker)) {
        f.refusal = "FSP_SPACE_FLAGS " + hex +
                    " lack the full_crc32 marker (bit 4): the tablespace uses an older "
                    "checksum format (innodb_checksum_algorithm=crc32 or earlier), which this "
                    "tool does not check; use innochecksum, or rebuild the table under "
                    "innodb_checksum_algorithm=full_crc32";
        return f;
    }
    std::uint32_t ssize = raw & kSsizeMask;
    if (ssize < 3 || ssize > 7) {
        f.refusal = "FSP_SPACE_FLAGS " + hex + ": PAGE_SSIZE " + std::to_string(ssize) +
                    " is not a full_crc32 page size (3..7 = 4K..64K): not an InnoDB "
                    "tablespace, or page 0 is damaged";
        return f;
    }
    if (std::uint32_t algo = raw >> kCompressedAlgoShift; algo != 0) {
        f.refusal = "FSP_SPACE_FLAGS " + hex + ": COMPRESSED_ALGO " + std::to_string(algo) +
                    " (page_compressed): the checksum of such pages does not sit at the "
                    "page end, so this tool does not check them; use innochecksum";
        return f;
    }
    f.page_size = std::size_t{512} << ssize;
    return f;
}

} // namespace crcbench::innodb
