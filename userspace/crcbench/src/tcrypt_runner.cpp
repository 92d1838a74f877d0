// SPDX-License-Identifier: GPL-2.0-only
#include "tcrypt_runner.h"

#include "error.h"
#include "file_io.h"
#include "output.h"
#include "text.h"
#include "user_drivers.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <fcntl.h>
#include <iterator>
#include <map>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace crcbench {
namespace {

std::string unescape(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        unsigned char byte = 0;
        if (s[i] == '\\' && i + 3 < s.size() && s[i + 1] == 'x' &&
            std::from_chars(s.data() + i + 2, s.data() + i + 4, byte, 16).ptr == s.data() + i + 4) {
            out += static_cast<char>(byte);
            i += 3;
        } else {
            out += s[i];
        }
    }
    return out;
}

template <typename T> bool number(std::string_view s, T &out) {
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size() && !s.empty();
}

} // namespace

std::optional<KmsgRecord> parse_kmsg_record(std::string_view raw) {
    std::string_view line = raw.substr(0, raw.find('\n'));
    std::size_t semi = line.find(';');
    if (semi == std::string_view::npos)
        return std::nullopt;
    std::vector<std::string_view> head = split(line.substr(0, semi), ',');
    if (head.size() < 4)
        return std::nullopt;
    KmsgRecord r;
    unsigned prio = 0;
    std::uint64_t usec = 0;
    if (!number(head[0], prio) || !number(head[1], r.seq) || !number(head[2], usec) ||
        head[3].size() != 1)
        return std::nullopt;
    r.level = prio & 7;
    r.flag = head[3][0];
    r.text = unescape(line.substr(semi + 1));
    return r;
}

std::vector<KmsgRecord> parse_kmsg_lines(std::string_view data) {
    std::vector<KmsgRecord> out;
    for (std::string_view line : split(data, '\n')) {
        if (line.empty() || line.front() == ' ')
            continue;
        if (auto r = parse_kmsg_record(line))
            out.push_back(std::move(*r));
    }
    return out;
}

namespace {

constexpr std::string_view kPrefix = "tcrypt: ";
constexpr std::string_view kTesting = "testing speed of async ";
constexpr std::string_view kLoadFailed = "failed to load transform for ";

// Without the "tcrypt: " prefix (6.12 and later put it on every line) and
// the newline 6.1 starts the "testing speed" line with.
std::string_view unprefixed(std::string_view text) {
    while (text.starts_with('\n'))
        text.remove_prefix(1);
    if (text.starts_with(kPrefix))
        text.remove_prefix(kPrefix.size());
    return text;
}

[[noreturn]] void fail(const std::string &what) {
    throw ToolError(ExitCode::runtime, "tcrypt: " + what);
}

struct Header {
    unsigned test = 0;
    std::size_t block = 0, update = 0;
    std::string_view rest; // what follows "): " in the same record
};

// "test  0 (   16 byte blocks,   16 bytes per update,   1 updates): ..."
std::optional<Header> parse_header(std::string_view text) {
    if (!text.starts_with("test"))
        return std::nullopt;
    std::size_t close = text.find("): ");
    std::size_t colon = close == std::string_view::npos ? text.find("):") : close;
    if (colon == std::string_view::npos)
        return std::nullopt;
    std::string head(text.substr(0, colon + 1));
    Header h;
    unsigned updates = 0;
    int used = 0;
    if (std::sscanf(head.c_str(), "test %u ( %zu byte blocks, %zu bytes per update, %u updates)%n",
                    &h.test, &h.block, &h.update, &updates, &used) != 4 ||
        static_cast<std::size_t>(used) != head.size())
        return std::nullopt;
    h.rest = trim(text.substr(std::min(text.size(), colon + 2)));
    return h;
}

// "  1234 opers/sec,    19744 bytes/sec"
std::optional<std::pair<std::uint64_t, std::uint64_t>> parse_result(std::string_view text) {
    std::string s(trim(text));
    unsigned long long ops = 0, bytes = 0;
    int used = 0;
    if (std::sscanf(s.c_str(), "%llu opers/sec, %llu bytes/sec%n", &ops, &bytes, &used) != 2 ||
        static_cast<std::size_t>(used) != s.size())
        return std::nullopt;
    return std::make_pair(std::uint64_t{ops}, std::uint64_t{bytes});
}

} // namespace

TcryptRun parse_tcrypt_records(const std::vector<KmsgRecord> &records, const std::string &requested,
                               const std::string &expected_driver) {
    TcryptRun run;
    run.requested = requested;
    bool started = false;
    Header pending;       // the last header
    bool waiting = false; // pending still waits for its result
    const std::string testing = std::string(kTesting) + requested + " (";
    const std::string load_failed = std::string(kLoadFailed) + requested + ":";
    for (const KmsgRecord &rec : records) {
        std::string_view text = unprefixed(rec.text);
        if (text.starts_with(load_failed))
            fail("could not allocate " + requested + " (" +
                 std::string(trim(text.substr(load_failed.size()))) +
                 "): is it a hash driver of this kernel, its module loaded?");
        if (!started) {
            if (text.starts_with(testing) && text.ends_with(")")) {
                run.reported_driver =
                    std::string(text.substr(testing.size(), text.size() - testing.size() - 1));
                started = true;
                if (run.reported_driver != expected_driver)
                    fail("asked for " + requested + ", tcrypt measured driver '" +
                         run.reported_driver + "' instead of '" + expected_driver + "'");
            }
            continue;
        }
        if (text.starts_with(kTesting))
            break; // the next algorithm's run (not ours to read)
        if (text.starts_with("hashing failed") || text.starts_with("digestsize(") ||
            text.starts_with("template (") || text.starts_with("ahash request allocation"))
            fail(requested + ": " + std::string(text));
        if (auto h = parse_header(text)) {
            if (waiting)
                fail(requested + ": test " + std::to_string(pending.test) +
                     " has no result in the kernel log");
            if (h->test != run.rows.size())
                fail(requested + ": test " + std::to_string(h->test) + " where test " +
                     std::to_string(run.rows.size()) + " was due: records are missing");
            pending = *h;
            waiting = true;
            if (pending.rest.empty())
                continue;
            text = pending.rest; // the result in the same record
        }
        if (!waiting)
            continue; // somebody else's record
        if (auto result = parse_result(text)) {
            run.rows.push_back(
                {pending.test, pending.block, pending.update, result->first, result->second});
            waiting = false;
        }
    }
    if (!started)
        fail("no \"" + std::string(kTesting) + requested +
             "\" record in the kernel log: tcrypt did not run for it");
    if (waiting)
        fail(requested + ": test " + std::to_string(pending.test) +
             " has no result in the kernel log");
    if (digest_rows(run).empty())
        fail(requested + ": no one-digest-per-operation result in the kernel log");
    return run;
}

std::vector<TcryptRow> digest_rows(const TcryptRun &run) {
    std::vector<TcryptRow> out;
    std::ranges::copy_if(run.rows, std::back_inserter(out),
                         [](const TcryptRow &r) { return r.block_len == r.update_len; });
    return out;
}

namespace {

// EAGAIN's text as modprobe (kmod or busybox) prints it.
constexpr std::string_view kEagainText = "Resource temporarily unavailable";

// The kernel log from where it ends now. A character device (/dev/kmsg)
// hands out one record per read(); a file (the tests' stand-in) is read as
// lines from its current size on.
class KmsgReader {
  public:
    explicit KmsgReader(const std::string &path) : path_(path) {
        fd_.reset(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
        if (fd_.get() < 0)
            throw os_error(errno, "cannot open the kernel log " + path +
                                      " (the tcrypt backend reads tcrypt's results there)");
        struct stat st {};
        if (::fstat(fd_.get(), &st) != 0)
            throw os_error(errno, "cannot stat " + path);
        device_ = S_ISCHR(st.st_mode);
        if (::lseek(fd_.get(), 0, SEEK_END) < 0)
            throw os_error(errno, "cannot seek to the end of " + path);
    }

    std::vector<KmsgRecord> read_new() {
        std::vector<KmsgRecord> out;
        std::string text;
        char buf[8192];
        for (;;) {
            ssize_t n = ::read(fd_.get(), buf, sizeof buf);
            if (n > 0) {
                if (!device_) {
                    text.append(buf, static_cast<std::size_t>(n));
                } else if (auto r = parse_kmsg_record(std::string_view(buf, n))) {
                    out.push_back(std::move(*r));
                }
                continue;
            }
            if (n == 0 || errno == EAGAIN)
                break;
            if (errno == EINTR)
                continue;
            if (errno == EPIPE)
                throw ToolError(ExitCode::runtime,
                                "the kernel log overran while tcrypt was printing (records "
                                "lost): try again on a quieter system");
            throw os_error(errno, "cannot read " + path_);
        }
        return device_ ? out : parse_kmsg_lines(text);
    }

  private:
    std::string path_;
    UniqueFd fd_;
    bool device_ = false;
};

struct Finished {
    int status = 0;
    std::string err; // stderr of the program
};

Finished run_program(const std::vector<std::string> &argv) {
    int pipefd[2];
    if (::pipe2(pipefd, O_CLOEXEC) != 0)
        throw os_error(errno, "pipe");
    UniqueFd rd(pipefd[0]), wr(pipefd[1]);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, wr.get(), 2);
    std::vector<char *> args;
    for (const std::string &a : argv)
        args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    int rc = ::posix_spawnp(&pid, args[0], &fa, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0)
        throw ToolError(ExitCode::runtime, "cannot run " + argv[0] + " (" + errno_text(rc) +
                                               "): the tcrypt backend loads tcrypt with it");
    wr.reset();
    Finished f;
    char buf[1024];
    for (;;) {
        ssize_t n = ::read(rd.get(), buf, sizeof buf);
        if (n > 0)
            f.err.append(buf, static_cast<std::size_t>(n));
        else if (n == 0 || errno != EINTR)
            break;
    }
    while (::waitpid(pid, &f.status, 0) < 0)
        if (errno != EINTR)
            throw os_error(errno, "waitpid");
    return f;
}

std::string first_line(const std::string &s) {
    std::string line = s.substr(0, s.find('\n'));
    return line.empty() ? "no message" : line;
}

} // namespace

TcryptRun run_tcrypt(const std::string &requested, const std::string &expected_driver, unsigned sec,
                     const TcryptEnv &env) {
    KmsgReader log(env.kmsg_path);
    Finished f = run_program(
        {env.modprobe, "tcrypt", "mode=300", "alg=" + requested, "sec=" + std::to_string(sec)});
    std::vector<KmsgRecord> records = log.read_new();
    bool exited = WIFEXITED(f.status);
    int code = exited ? WEXITSTATUS(f.status) : -1;
    if (code != 0 && f.err.find(kEagainText) == std::string::npos)
        throw ToolError(ExitCode::runtime,
                        "cannot load tcrypt: " + env.modprobe + " tcrypt failed (" +
                            (exited ? "exit code " + std::to_string(code) : "killed") + ": " +
                            first_line(f.err) +
                            "); the tcrypt backend needs the kernel's tcrypt module "
                            "(CONFIG_CRYPTO_TEST=m), or use --backend afalg");
    try {
        return parse_tcrypt_records(records, requested, expected_driver);
    } catch (const ToolError &e) {
        if (code != 0)
            throw;
        // Loaded, yet nothing printed: modprobe found tcrypt loaded already.
        throw ToolError(ExitCode::runtime,
                        std::string(e.what()) +
                            " (modprobe succeeded: is tcrypt already loaded? rmmod tcrypt)");
    }
}

void require_tcrypt_root(const TcryptEnv &env) {
    if (!env.is_root)
        throw ToolError(ExitCode::permission,
                        "permission denied: the tcrypt backend needs root (it loads the "
                        "kernel's tcrypt module and reads /dev/kmsg); run as root, or use "
                        "--backend afalg");
}

InKernelResults measure_in_kernel(const std::vector<std::string> &measured,
                                  const std::optional<std::string> &resolves_to, unsigned sec,
                                  const TcryptEnv &env, Progress &progress, CrcAlg alg) {
    require_tcrypt_root(env);
    InKernelResults out;
    out.sec = sec;
    for (std::size_t i = 0; i < measured.size(); ++i) {
        const std::string &d = measured[i];
        if (is_user_driver(d)) {
            out.not_measured.push_back(
                {d, "a userspace baseline: tcrypt measures kernel drivers only"});
            continue;
        }
        progress.update(i, measured.size(), "tcrypt: " + d);
        std::string expected = d == alg_info(alg).name && resolves_to ? *resolves_to : d;
        const TcryptRun run = run_tcrypt(d, expected, sec, env);
        for (const TcryptRow &t : digest_rows(run)) {
            const auto ops = static_cast<double>(t.ops_per_s);
            if (t.ops_per_s != 0) // else slower than one per second: no time to report
                out.rows.push_back({d, run.reported_driver, t.block_len, ops,
                                    static_cast<double>(t.bytes_per_s), 1e9 / ops, std::nullopt});
        }
    }
    add_inkernel_ratios(out.rows, alg_info(alg).generic_driver);
    return out;
}

void add_inkernel_ratios(std::vector<InKernelRow> &rows, std::string_view baseline) {
    std::map<std::size_t, double> generic; // size -> ns/op
    for (const InKernelRow &r : rows)
        if (r.driver_reported == baseline)
            generic[r.size] = r.ns_per_op;
    for (InKernelRow &r : rows) {
        auto it = generic.find(r.size);
        r.ratio_to_generic = it != generic.end() && r.ns_per_op > 0
                                 ? std::optional(it->second / r.ns_per_op)
                                 : std::nullopt;
    }
}

std::vector<BackendFit> make_fits(const std::vector<RunRow> &afalg_rows,
                                  const std::optional<InKernelResults> &inkernel) {
    std::vector<BackendFit> fits;
    auto slot = [&fits](const std::string &driver, Backend b, unsigned threads) -> BackendFit & {
        for (BackendFit &f : fits)
            if (f.driver == driver && f.backend == b && f.threads == threads)
                return f;
        fits.push_back({driver, b, threads, {}, {}});
        return fits.back();
    };
    for (const RunRow &r : afalg_rows)
        slot(r.driver, Backend::afalg, r.threads).points.push_back({r.size, r.ns_per_op()});
    if (inkernel)
        for (const InKernelRow &r : inkernel->rows)
            slot(r.driver, Backend::tcrypt, 1).points.push_back({r.size, r.ns_per_op});
    for (BackendFit &f : fits)
        f.result = fit_line(f.points);
    return fits;
}

} // namespace crcbench
