// SPDX-License-Identifier: GPL-2.0-only
//
// The tcrypt backend: runs "modprobe tcrypt mode=300 alg=DRIVER sec=N" and
// reads what it printed from the kernel log (/dev/kmsg, read from its end
// as it was before the load). tcrypt does all its work in its init function
// and then refuses to stay loaded (EAGAIN): that failure of modprobe is the
// normal end of a run; any other is an error. Also the per-call cost model
// of both backends: for each driver and backend, time per operation over
// the sizes fitted to time_ns = a + b * size (line_fit.h).
#pragma once

#include "crc_alg.h"
#include "line_fit.h"
#include "options.h"
#include "progress.h"
#include "tcrypt_log.h"

#include <optional>
#include <string>
#include <vector>

namespace crcbench {

struct RunRow;

// One driver at one size, measured by tcrypt (one digest per operation).
struct InKernelRow {
    std::string driver;          // as measured (the name in "measured")
    std::string driver_reported; // the driver tcrypt says it measured
    std::size_t size = 0;
    double ops_per_s = 0;
    double bytes_per_s = 0;
    double ns_per_op = 0;                   // 1e9 / ops_per_s
    std::optional<double> ratio_to_generic; // crc32c-generic's ns/op / this one's, same size
};

struct NotMeasured {
    std::string driver;
    std::string reason;
};

struct InKernelResults {
    unsigned sec = 1;                      // tcrypt's sec=
    std::vector<InKernelRow> rows;         // by driver (measured order), then size
    std::vector<NotMeasured> not_measured; // the userspace baselines: no tcrypt row
};

// A driver's rows from one tcrypt run; ratios are filled in by add_inkernel_ratios.
std::vector<InKernelRow> inkernel_rows(const std::string &driver, const TcryptRun &run);

// Fills ratio_to_generic from crc32c-generic's rows of the same size.
void add_inkernel_ratios(std::vector<InKernelRow> &rows, CrcAlg alg = CrcAlg::crc32c);
// The same with the ratios to `baseline` (crc32c-lib on 6.17 and later).
void add_inkernel_ratios(std::vector<InKernelRow> &rows, std::string_view baseline);

struct BackendFit {
    std::string driver;
    Backend backend = Backend::afalg;
    unsigned threads = 1;         // afalg: the run's thread count; tcrypt: 1
    std::vector<SizeTime> points; // ns per operation (per thread) by size
    LineFitResult result;
};

// One fit per driver and backend (and, for afalg, per thread count of a
// sweep). afalg: ns/op = threads * 1e9 / median ops/s, the time one thread
// spends on one operation.
std::vector<BackendFit> make_fits(const std::vector<RunRow> &afalg_rows,
                                  const std::optional<InKernelResults> &inkernel);

struct TcryptEnv {
    std::string kmsg_path = "/dev/kmsg";
    std::string modprobe = "modprobe"; // looked up in PATH
    bool is_root = false;
};

// The environment of this process (euid 0 or not), with the hooks applied.
TcryptEnv tcrypt_env(const std::optional<std::string> &kmsg_path,
                     const std::optional<std::string> &modprobe);

// Measures `requested` (a driver name, or "crc32c" which must come out as
// `expected_driver`); the caller has checked env.is_root. Throws ToolError:
// runtime (tcrypt missing, modprobe failing otherwise, a failure tcrypt reports,
// another driver measured, records missing).
TcryptRun run_tcrypt(const std::string &requested, const std::string &expected_driver, unsigned sec,
                     const TcryptEnv &env);

// run's tcrypt backend: every measured kernel driver through tcrypt, one
// after the other (about 22 * sec seconds each).
// Throws the permission error of the tcrypt backend when not root: run
// checks this before it measures anything.
void require_tcrypt_root(const TcryptEnv &env);

// `resolves_to`: the driver "crc32c" must turn out to be, if measured by
// that name. Userspace baselines get a not_measured entry, no row.
InKernelResults measure_in_kernel(const std::vector<std::string> &measured,
                                  const std::optional<std::string> &resolves_to, unsigned sec,
                                  const TcryptEnv &env, Progress &progress,
                                  CrcAlg alg = CrcAlg::crc32c);

} // namespace crcbench
