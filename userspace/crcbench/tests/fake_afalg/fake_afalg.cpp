// SPDX-License-Identifier: GPL-2.0-only
//
// A test double for the kernel side of AF_ALG hash sockets and NETLINK_CRYPTO,
// preloaded (LD_PRELOAD) into a dynamically linked crcbench-alg on a host
// that has no AF_ALG. It interposes the libc calls libkcapi makes (socket,
// bind, accept, setsockopt, send/sendmsg, recvmsg/read, vmsplice/splice
// (libkcapi's vmsplice + splice, and a splice of a pipe's bytes from a file),
// getsockname, close) for its own sockets only and passes everything else on.
//
// What it is for:
//  * end-to-end tests of the real binary and the real libkcapi on the host
//    (list/verify/run, JSON output, the error paths and their exit codes);
//  * counting the system calls libkcapi makes per operation: with
//    FAKE_AFALG_TRACE=FILE every interposed call on a fake socket is logged,
//    one line each, and each line is one system call the real kernel would see.
//
// It models the algif_hash state machine of Linux 6.1 (init on the first
// data after a result, MSG_MORE keeps the hash open, recvmsg finalises), the
// EBUSY of af_alg.c for a setkey after an op socket was accepted, and
// the crc32c tfm (4-byte little-endian key = raw seed, default 0xffffffff,
// digest = ~state little-endian), and the key-less crct10dif (the 16-bit CRC,
// init 0, digest in the CPU's byte order) and crc64-rocksoft (the 64-bit CRC,
// digest little-endian) tfms of crypto/crct10dif_generic.c and
// crypto/crc64_rocksoft_generic.c (setkey: ENOSYS, as shash_no_setkey).
// It is not a kernel; the guest tests are.
//
// Environment:
//  FAKE_AFALG_TRACE=FILE          log the calls
//  FAKE_AFALG_SOCKET_ERRNO=N      socket(AF_ALG) fails with errno N
//  FAKE_AFALG_NETLINK_ERRNO=N     socket(AF_NETLINK, NETLINK_CRYPTO) fails with N
//  FAKE_AFALG_BIND_ERRNO=N        bind() of an AF_ALG socket fails with N
//  FAKE_AFALG_SPLICE_ERRNO=N      splice() into an AF_ALG socket fails with N
//  FAKE_AFALG_SHRINK=PATH:AFTER:SIZE  the file PATH is truncated to SIZE once
//                                 AFTER of its bytes have been read (file mode)
// Drivers: crc32c-generic, crc32c-lib (6.17+) and crc32c-fakevec (correct),
// crc32c-broken (like the guest's selftests/kmod/crc32c_broken.ko: every
// piece of data of more than 2048 bytes handed over at once that contains a
// byte >= 0x80 leaves bit 0 of the state flipped); "crc32c" means
// crc32c-fakevec. Of the other
// algorithms: crct10dif-generic, crct10dif-fakevec, crc64-rocksoft-generic
// and crc64-rocksoft-fakevec (correct; the names crct10dif and
// crc64-rocksoft mean the fakevec ones), crct10dif-broken and
// crc64-rocksoft-broken (bit 0 of the CRC flipped on the same data pattern).
#include <linux/cryptouser.h>
#include <linux/if_alg.h>
#include <linux/netlink.h>

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#ifndef AF_ALG
#define AF_ALG 38
#endif
#ifndef SOL_ALG
#define SOL_ALG 279
#endif

namespace {

template <typename Fn> Fn real(const char *name) {
    void *sym = dlsym(RTLD_NEXT, name);
    Fn fn;
    static_assert(sizeof fn == sizeof sym);
    std::memcpy(&fn, &sym, sizeof fn);
    return fn;
}

#define REAL(name) static auto real_##name = real<decltype(&::name)>(#name)

// --- the crc32c the fake "drivers" compute --------------------------------

std::array<std::uint32_t, 256> make_table() {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
        std::uint32_t c = i;
        for (int k = 0; k < 8; ++k)
            c = (c >> 1) ^ ((c & 1u) ? 0x82F63B78u : 0u);
        t[i] = c;
    }
    return t;
}

std::uint32_t crc_update(std::uint32_t state, const std::uint8_t *p, std::size_t n) {
    static const auto table = make_table();
    while (n--)
        state = (state >> 8) ^ table[(state ^ *p++) & 0xFF];
    return state;
}

// CRC-T10DIF (0x8BB7, MSB first, no inversions) and CRC64-Rocksoft (reflected
// 0x9A6C9329AC4BC9B5, inverted in and out of every update), bit by bit:
// slow, but independent of the tool's table code it checks.
std::uint16_t t10dif_update(std::uint16_t crc, const std::uint8_t *p, std::size_t n) {
    while (n--) {
        crc = static_cast<std::uint16_t>(crc ^ (*p++ << 8));
        for (int k = 0; k < 8; ++k)
            crc = static_cast<std::uint16_t>((crc & 0x8000u) ? (crc << 1) ^ 0x8BB7u : crc << 1);
    }
    return crc;
}

std::uint64_t rocksoft_update(std::uint64_t crc, const std::uint8_t *p, std::size_t n) {
    crc = ~crc;
    while (n--) {
        crc ^= *p++;
        for (int k = 0; k < 8; ++k)
            crc = (crc >> 1) ^ ((crc & 1u) ? 0x9A6C9329AC4BC9B5ull : 0u);
    }
    return ~crc;
}

enum class Algo { crc32c, t10dif, rocksoft };

Algo algo_of(const std::string &driver) {
    if (driver.starts_with("crct10dif"))
        return Algo::t10dif;
    if (driver.starts_with("crc64-rocksoft"))
        return Algo::rocksoft;
    return Algo::crc32c;
}

const char *algo_name(Algo a) {
    return a == Algo::t10dif ? "crct10dif" : a == Algo::rocksoft ? "crc64-rocksoft" : "crc32c";
}

std::size_t digest_size(Algo a) {
    return a == Algo::t10dif ? 2 : a == Algo::rocksoft ? 8 : 4;
}

// --- fake socket table ----------------------------------------------------

enum class Kind { tfm, op, netlink };

struct Sock {
    Kind kind = Kind::tfm;
    std::string driver;              // tfm, op
    int tfm = -1;                    // op: its tfm socket
    std::uint32_t key = 0xFFFFFFFFu; // tfm
    int children = 0;                // tfm: accepted op sockets still open
    bool more = false;               // op: a hash is open
    bool have_result = false;        // op: a final result waits for recvmsg
    std::uint64_t state = 0;         // op: the shash context
    std::uint64_t length = 0;        // op: bytes in the open hash
    std::uint64_t result = 0;        // op
    std::vector<std::uint8_t> reply; // netlink: pending answer
};

std::mutex mu;
std::map<int, Sock> socks;

// vmsplice() hands user pages to a pipe; the following splice() moves them
// to the socket. The fake keeps the pointer per thread in between.
thread_local const std::uint8_t *pending_ptr = nullptr;
thread_local std::size_t pending_len = 0;

int env_errno(const char *name) {
    const char *v = std::getenv(name);
    return v ? std::atoi(v) : 0;
}

void trace(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void trace(const char *fmt, ...) {
    static const char *path = std::getenv("FAKE_AFALG_TRACE");
    if (!path)
        return;
    REAL(open);
    REAL(write);
    REAL(close);
    char line[256];
    va_list ap;
    va_start(ap, fmt);
    int n = std::vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    n = std::min<int>(n, sizeof line - 2);
    line[n++] = '\n';
    int fd = real_open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd >= 0) {
        (void)real_write(fd, line, static_cast<std::size_t>(n));
        real_close(fd);
    }
}

Sock *find(int fd) {
    auto it = socks.find(fd);
    return it == socks.end() ? nullptr : &it->second;
}

int placeholder_fd() {
    REAL(open);
    return real_open("/dev/null", O_RDWR | O_CLOEXEC);
}

const char *canonical(const std::string &name) {
    if (name == "crc32c" || name == "crc32c-fakevec")
        return "crc32c-fakevec";
    if (name == "crc32c-generic")
        return "crc32c-generic";
    if (name == "crc32c-lib") // 6.17 and later's name of the software crc32c
        return "crc32c-lib";
    if (name == "crc32c-broken")
        return "crc32c-broken";
    for (const char *d :
         {"crct10dif-generic", "crct10dif-fakevec", "crct10dif-broken", "crc64-rocksoft-generic",
          "crc64-rocksoft-fakevec", "crc64-rocksoft-broken"})
        if (name == d)
            return d;
    if (name == "crct10dif")
        return "crct10dif-fakevec";
    if (name == "crc64-rocksoft")
        return "crc64-rocksoft-fakevec";
    return nullptr;
}

// crc32c-broken's data pattern (selftests/kmod/crc32c_broken.c): an update
// of more than 2048 bytes with a byte that has its top bit set.
bool broken_trigger(const std::uint8_t *p, std::size_t n) {
    return n > 2048 && std::any_of(p, p + n, [](std::uint8_t b) { return (b & 0x80) != 0; });
}

// The final of the driver's shash: crc32c ~state, the others the state.
std::uint64_t digest_of(const Sock &op) {
    return algo_of(op.driver) == Algo::crc32c ? ~static_cast<std::uint32_t>(op.state) : op.state;
}

// algif_hash: data arrives (sendmsg or splice).
void op_data(Sock &op, const std::uint8_t *p, std::size_t n, bool more) {
    const Algo a = algo_of(op.driver);
    if (!op.more) { // init: crc32c from the tfm's key, the others 0
        Sock *tfm = find(op.tfm);
        op.state = a != Algo::crc32c ? 0 : tfm ? tfm->key : 0xFFFFFFFFu;
        op.length = 0;
        op.have_result = false;
    }
    if (a == Algo::t10dif)
        op.state = t10dif_update(static_cast<std::uint16_t>(op.state), p, n);
    else if (a == Algo::rocksoft)
        op.state = rocksoft_update(op.state, p, n);
    else
        op.state = crc_update(static_cast<std::uint32_t>(op.state), p, n);
    if (op.driver.ends_with("-broken") && broken_trigger(p, n))
        op.state ^= 1u;
    op.length += n;
    op.more = more;
    if (!more) {
        op.result = digest_of(op);
        op.have_result = true;
    }
}

std::uint64_t op_final(Sock &op) {
    if (!op.have_result || op.more) {
        if (!op.more && !op.have_result) { // empty message
            Sock *tfm = find(op.tfm);
            op.state = algo_of(op.driver) != Algo::crc32c ? 0 : tfm ? tfm->key : 0xFFFFFFFFu;
            op.length = 0;
        }
        op.result = digest_of(op);
        op.more = false;
    }
    op.have_result = false;
    return op.result;
}

ssize_t op_recv(Sock &op, const struct iovec *iov, std::size_t iovcnt, int *msg_flags) {
    std::uint64_t r = op_final(op);
    const Algo a = algo_of(op.driver);
    const std::size_t size = digest_size(a);
    std::uint8_t out[8] = {};
    if (a == Algo::t10dif) { // *(u16 *)out = crc: the CPU's byte order
        auto v = static_cast<std::uint16_t>(r);
        std::memcpy(out, &v, sizeof v);
    } else {
        for (std::size_t i = 0; i < size; ++i)
            out[i] = static_cast<std::uint8_t>(r >> (8 * i));
    }
    std::size_t done = 0;
    for (std::size_t i = 0; i < iovcnt && done < size; ++i) {
        std::size_t n = std::min<std::size_t>(iov[i].iov_len, size - done);
        std::memcpy(iov[i].iov_base, out + done, n);
        done += n;
    }
    if (done < size && msg_flags)
        *msg_flags |= MSG_TRUNC;
    return static_cast<ssize_t>(done);
}

void netlink_request(Sock &nl, const std::uint8_t *p, std::size_t n) {
    nl.reply.clear();
    if (n < NLMSG_LENGTH(sizeof(crypto_user_alg)))
        return;
    const auto *req = reinterpret_cast<const nlmsghdr *>(p);
    const auto *alg = reinterpret_cast<const crypto_user_alg *>(NLMSG_DATA(req));
    std::string name(alg->cru_name, strnlen(alg->cru_name, sizeof alg->cru_name));
    std::string driver(alg->cru_driver_name,
                       strnlen(alg->cru_driver_name, sizeof alg->cru_driver_name));
    const char *found =
        driver.empty()
            ? (name == "crc32c" || name == "crct10dif" || name == "crc64-rocksoft" ? canonical(name)
                                                                                   : nullptr)
            : canonical(driver);
    if (!driver.empty() &&
        (driver == "crc32c" || driver == "crct10dif" || driver == "crc64-rocksoft"))
        found = nullptr; // the kernel matches driver names exactly
    trace("netlink-sendmsg GETALG name=%s driver=%s -> %s", name.c_str(), driver.c_str(),
          found ? found : "ENOENT");
    if (req->nlmsg_type != CRYPTO_MSG_GETALG || !found) {
        nl.reply.resize(NLMSG_LENGTH(sizeof(nlmsgerr)));
        auto *h = reinterpret_cast<nlmsghdr *>(nl.reply.data());
        h->nlmsg_len = static_cast<__u32>(nl.reply.size());
        h->nlmsg_type = NLMSG_ERROR;
        h->nlmsg_seq = req->nlmsg_seq;
        auto *err = reinterpret_cast<nlmsgerr *>(NLMSG_DATA(h));
        err->error = -ENOENT;
        err->msg = *req;
        return;
    }
    crypto_user_alg out{};
    const Algo a = algo_of(found);
    std::snprintf(out.cru_name, sizeof out.cru_name, "%s", algo_name(a));
    std::snprintf(out.cru_driver_name, sizeof out.cru_driver_name, "%s", found);
    std::snprintf(out.cru_module_name, sizeof out.cru_module_name, "fake");
    out.cru_refcnt = 1;
    crypto_report_hash hash{};
    std::snprintf(hash.type, sizeof hash.type, "shash");
    hash.blocksize = 1;
    hash.digestsize = static_cast<unsigned>(digest_size(a));
    std::uint32_t priority = 100;
    auto attr = [&](std::uint16_t type, const void *data, std::size_t len) {
        std::size_t at = nl.reply.size();
        std::size_t total = NLA_ALIGN(NLA_HDRLEN + len);
        nl.reply.resize(at + total, 0);
        auto *a = reinterpret_cast<nlattr *>(nl.reply.data() + at);
        a->nla_len = static_cast<std::uint16_t>(NLA_HDRLEN + len);
        a->nla_type = type;
        std::memcpy(nl.reply.data() + at + NLA_HDRLEN, data, len);
    };
    nl.reply.resize(NLMSG_SPACE(sizeof out), 0);
    std::memcpy(nl.reply.data() + NLMSG_HDRLEN, &out, sizeof out);
    attr(CRYPTOCFGA_PRIORITY_VAL, &priority, sizeof priority);
    attr(CRYPTOCFGA_REPORT_HASH, &hash, sizeof hash);
    auto *h = reinterpret_cast<nlmsghdr *>(nl.reply.data());
    h->nlmsg_len = static_cast<__u32>(nl.reply.size());
    h->nlmsg_type = CRYPTO_MSG_GETALG;
    h->nlmsg_seq = req->nlmsg_seq;
}

ssize_t netlink_reply(Sock &nl, const struct iovec *iov, std::size_t iovcnt) {
    std::size_t done = 0;
    for (std::size_t i = 0; i < iovcnt && done < nl.reply.size(); ++i) {
        std::size_t n = std::min(iov[i].iov_len, nl.reply.size() - done);
        std::memcpy(iov[i].iov_base, nl.reply.data() + done, n);
        done += n;
    }
    trace("netlink-recvmsg %zu", done);
    nl.reply.clear();
    return static_cast<ssize_t>(done);
}

ssize_t gather_send(Sock &s, const struct iovec *iov, std::size_t iovcnt, int flags) {
    std::size_t total = 0;
    for (std::size_t i = 0; i < iovcnt; ++i)
        total += iov[i].iov_len;
    if (s.kind == Kind::netlink) {
        std::vector<std::uint8_t> buf;
        for (std::size_t i = 0; i < iovcnt; ++i) {
            auto *p = static_cast<const std::uint8_t *>(iov[i].iov_base);
            buf.insert(buf.end(), p, p + iov[i].iov_len);
        }
        netlink_request(s, buf.data(), buf.size());
        return static_cast<ssize_t>(total);
    }
    bool more = flags & MSG_MORE;
    if (iovcnt == 0)
        op_data(s, nullptr, 0, more);
    for (std::size_t i = 0; i < iovcnt; ++i)
        op_data(s, static_cast<const std::uint8_t *>(iov[i].iov_base), iov[i].iov_len,
                i + 1 < iovcnt || more);
    return static_cast<ssize_t>(total);
}

// FAKE_AFALG_SHRINK=PATH:AFTER:SIZE: once AFTER bytes of the file PATH
// (absolute) have been read in this process (read, pread, or splice from
// it), the file is truncated to SIZE bytes, once: a file that shrinks in
// the middle of a run, at a point the test chooses, with no race.
void count_file_bytes(int fd, ssize_t n) {
    static const char *spec = std::getenv("FAKE_AFALG_SHRINK");
    static bool done = false;
    static unsigned long long seen = 0;
    if (!spec || done || n <= 0)
        return;
    std::string s(spec);
    std::size_t b = s.rfind(':');
    std::size_t a = b == std::string::npos || b == 0 ? std::string::npos : s.rfind(':', b - 1);
    if (a == std::string::npos)
        return;
    std::string path = s.substr(0, a);
    unsigned long long after = std::strtoull(s.c_str() + a + 1, nullptr, 10);
    unsigned long long size = std::strtoull(s.c_str() + b + 1, nullptr, 10);
    char link[64], target[4096];
    std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t k = readlink(link, target, sizeof target - 1);
    if (k <= 0)
        return;
    target[k] = '\0';
    if (path != target)
        return;
    seen += static_cast<unsigned long long>(n);
    if (seen < after)
        return;
    done = true;
    int rc = truncate(path.c_str(), static_cast<off_t>(size));
    trace("shrink %s to %llu after %llu bytes: %d", path.c_str(), size, seen, rc);
}

} // namespace

extern "C" {

int socket(int domain, int type, int protocol) {
    REAL(socket);
    if (domain == AF_ALG) {
        trace("socket AF_ALG");
        if (int e = env_errno("FAKE_AFALG_SOCKET_ERRNO")) {
            errno = e;
            return -1;
        }
        int fd = placeholder_fd();
        std::lock_guard lock(mu);
        socks[fd] = Sock{};
        return fd;
    }
    if (domain == AF_NETLINK && protocol == NETLINK_CRYPTO) {
        trace("socket NETLINK_CRYPTO");
        if (int e = env_errno("FAKE_AFALG_NETLINK_ERRNO")) {
            errno = e;
            return -1;
        }
        int fd = placeholder_fd();
        std::lock_guard lock(mu);
        Sock s;
        s.kind = Kind::netlink;
        socks[fd] = s;
        return fd;
    }
    return real_socket(domain, type, protocol);
}

int bind(int fd, const struct sockaddr *addr, socklen_t len) {
    REAL(bind);
    std::lock_guard lock(mu);
    Sock *s = find(fd);
    if (!s)
        return real_bind(fd, addr, len);
    if (s->kind == Kind::netlink) {
        trace("netlink-bind");
        return 0;
    }
    const auto *sa = reinterpret_cast<const sockaddr_alg *>(addr);
    std::string type(reinterpret_cast<const char *>(sa->salg_type));
    std::string name(reinterpret_cast<const char *>(sa->salg_name));
    trace("bind %s %s", type.c_str(), name.c_str());
    if (int e = env_errno("FAKE_AFALG_BIND_ERRNO")) {
        errno = e;
        return -1;
    }
    const char *driver = canonical(name);
    if (type != "hash" || !driver) {
        errno = ENOENT;
        return -1;
    }
    s->driver = driver;
    return 0;
}

int getsockname(int fd, struct sockaddr *addr, socklen_t *len) {
    REAL(getsockname);
    std::lock_guard lock(mu);
    Sock *s = find(fd);
    if (!s)
        return real_getsockname(fd, addr, len);
    trace("getsockname");
    sockaddr_nl nl{};
    nl.nl_family = AF_NETLINK;
    nl.nl_pid = static_cast<__u32>(getpid());
    std::memcpy(addr, &nl, std::min<std::size_t>(*len, sizeof nl));
    *len = sizeof nl;
    return 0;
}

int setsockopt(int fd, int level, int name, const void *val, socklen_t len) {
    REAL(setsockopt);
    std::lock_guard lock(mu);
    Sock *s = find(fd);
    if (!s)
        return real_setsockopt(fd, level, name, val, len);
    trace("setsockopt level=%d name=%d len=%u", level, name, len);
    if (level == SOL_ALG && name == ALG_SET_KEY) {
        if (s->children > 0) { // af_alg.c: no setkey once a child was accepted
            errno = EBUSY;
            return -1;
        }
        if (algo_of(s->driver) != Algo::crc32c) { // shash_no_setkey
            errno = ENOSYS;
            return -1;
        }
        if (len != 4) {
            errno = EINVAL;
            return -1;
        }
        const auto *k = static_cast<const std::uint8_t *>(val);
        s->key = std::uint32_t{k[0]} | (std::uint32_t{k[1]} << 8) | (std::uint32_t{k[2]} << 16) |
                 (std::uint32_t{k[3]} << 24);
    }
    return 0;
}

int accept(int fd, struct sockaddr *addr, socklen_t *len) {
    REAL(accept);
    std::lock_guard lock(mu);
    Sock *s = find(fd);
    if (!s)
        return real_accept(fd, addr, len);
    trace("accept");
    if (s->driver.empty()) {
        errno = EINVAL;
        return -1;
    }
    int op = placeholder_fd();
    ++s->children;
    Sock o;
    o.kind = Kind::op;
    o.driver = s->driver;
    o.tfm = fd;
    socks[op] = o;
    return op;
}

int accept4(int fd, struct sockaddr *addr, socklen_t *len, int flags) {
    REAL(accept4);
    {
        std::lock_guard lock(mu);
        if (!find(fd))
            return real_accept4(fd, addr, len, flags);
    }
    return accept(fd, addr, len);
}

ssize_t send(int fd, const void *buf, size_t len, int flags) {
    REAL(send);
    std::lock_guard lock(mu);
    Sock *s = find(fd);
    if (!s)
        return real_send(fd, buf, len, flags);
    trace("send %zu%s", len, (flags & MSG_MORE) ? " MSG_MORE" : "");
    iovec iov{const_cast<void *>(buf), len};
    return gather_send(*s, &iov, 1, flags);
}

ssize_t sendto(int fd, const void *buf, size_t len, int flags, const struct sockaddr *addr,
               socklen_t alen) {
    REAL(sendto);
    {
        std::lock_guard lock(mu);
        if (!find(fd))
            return real_sendto(fd, buf, len, flags, addr, alen);
    }
    return send(fd, buf, len, flags);
}

ssize_t sendmsg(int fd, const struct msghdr *msg, int flags) {
    REAL(sendmsg);
    std::lock_guard lock(mu);
    Sock *s = find(fd);
    if (!s)
        return real_sendmsg(fd, msg, flags);
    std::size_t total = 0;
    for (std::size_t i = 0; i < msg->msg_iovlen; ++i)
        total += msg->msg_iov[i].iov_len;
    if (s->kind != Kind::netlink)
        trace("sendmsg %zu%s", total, (flags & MSG_MORE) ? " MSG_MORE" : "");
    return gather_send(*s, msg->msg_iov, msg->msg_iovlen, flags);
}

ssize_t recvmsg(int fd, struct msghdr *msg, int flags) {
    REAL(recvmsg);
    std::lock_guard lock(mu);
    Sock *s = find(fd);
    if (!s)
        return real_recvmsg(fd, msg, flags);
    if (s->kind == Kind::netlink)
        return netlink_reply(*s, msg->msg_iov, msg->msg_iovlen);
    trace("recvmsg");
    msg->msg_flags = 0;
    return op_recv(*s, msg->msg_iov, msg->msg_iovlen, &msg->msg_flags);
}

ssize_t recv(int fd, void *buf, size_t len, int flags) {
    REAL(recv);
    std::lock_guard lock(mu);
    Sock *s = find(fd);
    if (!s)
        return real_recv(fd, buf, len, flags);
    iovec iov{buf, len};
    if (s->kind == Kind::netlink)
        return netlink_reply(*s, &iov, 1);
    trace("recv");
    return op_recv(*s, &iov, 1, nullptr);
}

ssize_t read(int fd, void *buf, size_t len) {
    REAL(read);
    std::unique_lock lock(mu);
    Sock *s = find(fd);
    if (!s) {
        lock.unlock();
        ssize_t got = real_read(fd, buf, len);
        count_file_bytes(fd, got);
        return got;
    }
    iovec iov{buf, len};
    if (s->kind == Kind::netlink)
        return netlink_reply(*s, &iov, 1);
    trace("read");
    return op_recv(*s, &iov, 1, nullptr);
}

ssize_t vmsplice(int fd, const struct iovec *iov, size_t nr, unsigned int flags) {
    (void)flags;
    // Only libkcapi splices in this process: keep the first segment, up to
    // what the (real) pipe holds, for the splice that follows.
    int pipe_size = fcntl(fd, F_GETPIPE_SZ);
    std::size_t capacity = pipe_size > 0 ? static_cast<std::size_t>(pipe_size) : 65536;
    if (nr == 0)
        return 0;
    pending_ptr = static_cast<const std::uint8_t *>(iov[0].iov_base);
    pending_len = std::min(iov[0].iov_len, capacity);
    trace("vmsplice %zu", pending_len);
    return static_cast<ssize_t>(pending_len);
}

ssize_t splice(int in, loff_t *in_off, int out, loff_t *out_off, size_t len, unsigned int flags) {
    REAL(splice);
    std::lock_guard lock(mu);
    Sock *s = find(out);
    if (!s) {
        ssize_t got = real_splice(in, in_off, out, out_off, len, flags);
        count_file_bytes(in, got);
        return got;
    }
    if (int e = env_errno("FAKE_AFALG_SPLICE_ERRNO")) {
        trace("splice refused errno=%d", e);
        errno = e;
        return -1;
    }
    if (pending_len == 0) { // file -> pipe -> socket (crcbench-alg file): the pipe's bytes
        REAL(read);
        std::vector<std::uint8_t> buf(len);
        ssize_t got = real_read(in, buf.data(), len);
        if (got < 0)
            return -1;
        trace("splice %zd%s", got, (flags & SPLICE_F_MORE) ? " SPLICE_F_MORE" : "");
        op_data(*s, buf.data(), static_cast<std::size_t>(got), flags & SPLICE_F_MORE);
        return got;
    }
    std::size_t n = std::min(len, pending_len);
    trace("splice %zu%s", n, (flags & SPLICE_F_MORE) ? " SPLICE_F_MORE" : "");
    op_data(*s, pending_ptr, n, flags & SPLICE_F_MORE);
    pending_ptr += n;
    pending_len -= n;
    return static_cast<ssize_t>(n);
}

// Counted for FAKE_AFALG_SHRINK only, then done for real.
ssize_t pread(int fd, void *buf, size_t len, off_t off) {
    REAL(pread);
    ssize_t got = real_pread(fd, buf, len, off);
    count_file_bytes(fd, got);
    return got;
}

ssize_t pread64(int fd, void *buf, size_t len, off64_t off) {
    REAL(pread64);
    ssize_t got = real_pread64(fd, buf, len, off);
    count_file_bytes(fd, got);
    return got;
}

// Logged only (libkcapi's splice pipe), then done for real.
int pipe(int fds[2]) {
    REAL(pipe);
    int rc = real_pipe(fds);
    trace("pipe");
    return rc;
}

int pipe2(int fds[2], int flags) {
    REAL(pipe2);
    int rc = real_pipe2(fds, flags);
    trace("pipe2");
    return rc;
}

int close(int fd) {
    REAL(close);
    {
        std::lock_guard lock(mu);
        if (Sock *s = find(fd)) {
            if (s->kind == Kind::op)
                if (Sock *tfm = find(s->tfm))
                    --tfm->children;
            socks.erase(fd);
            trace("close");
        }
    }
    return real_close(fd);
}

} // extern "C"
