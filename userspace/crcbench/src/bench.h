// SPDX-License-Identifier: GPL-2.0-only
//
// The measuring loop of `run`. For each size it warms every driver up, then
// runs the trials with the drivers interleaved (rotating order), so all of
// them are measured side by side under the same conditions. One pool of
// worker threads (worker_pool.h) serves the whole run: each worker is pinned
// once, owns one reused hasher per driver and its buffers, which it alone
// first touches and hashes, in every driver and trial; the loop allocates
// nothing and compares every result with the reference digest computed
// beforehand.
#pragma once

#include "hasher.h"
#include "options.h"
#include "verifier.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace crcbench {

// --min-runs / --max-runs: the trial count follows the trials' length, as
// hyperfine's run count follows a command's time.
struct RunBounds {
    unsigned min = 10; // hyperfine's default
    unsigned max = 1000;
};

// How long the timed trials of one driver and size should take at least,
// when RunBounds allow it (hyperfine's minimum benchmarking time).
inline constexpr std::chrono::seconds kRunBudget{3};

// The trial count of a size whose fastest driver took `fastest` seconds in
// its first trial: enough for every driver's trials to fill kRunBudget
// (the drivers stay paired trial by trial, so they share one count),
// within the bounds.
unsigned bounded_trials(double fastest, const RunBounds &bounds);

struct BenchSettings : BenchParams {
    CrcAlg alg = CrcAlg::crc32c; // what the drivers compute (the reference of every result)
    unsigned threads = 1;
    // Set: each size runs bounded_trials() trials, from its first round.
    std::optional<RunBounds> run_bounds;
    std::uint64_t seed = 1; // buffer contents
    // Testing seam: called in the thread that touches a buffer, right after
    // allocating it (zero-filled: its first touch; allocated = true) and
    // right after filling it with the trial's data (allocated = false).
    std::function<void(std::span<const std::uint8_t>, bool allocated)> on_buffer_touched;
    // Testing seam: called in each worker thread once it is created and
    // pinned (the pool's threads are created once per run_bench call).
    std::function<void(std::size_t worker)> on_worker_started;
};

struct TrialSample {
    double seconds = 0; // first thread start to last thread end
    std::uint64_t bytes = 0;
    std::uint64_t ops = 0;
    // CPU time of the timed loops, summed over the threads (getrusage
    // RUSAGE_THREAD): system time is where AF_ALG's kernel side hashes.
    double user_s = 0;
    double system_s = 0;

    double bytes_per_s() const { return seconds > 0 ? static_cast<double>(bytes) / seconds : 0; }
};

struct CellResult {
    std::string driver;
    std::size_t size = 0;
    std::vector<TrialSample> trials;
    std::uint64_t checked_ops = 0; // every result is compared (warm-up included)
    std::uint64_t mismatches = 0;
    std::optional<Mismatch> first_mismatch;
};

// (step done, steps total, what is running now)
using BenchProgress = std::function<void(std::size_t, std::size_t, const std::string &)>;

// Runs everything; results ordered by size, then by the order of `drivers`.
// After SIGINT/SIGTERM (interrupt.h) it stops at once and returns the trials
// that every driver of a size completed (sizes not reached are absent; the
// size in progress may have cells without trials).
std::vector<CellResult> run_bench(const std::vector<std::string> &drivers,
                                  const std::vector<std::size_t> &sizes,
                                  const BenchSettings &settings, const HasherFactory &factory,
                                  const BenchProgress &progress = {});

// A thread's buffers of one size: one allocation of ring_count() slices,
// ring_stride() bytes apart (the size rounded up to a cache line), so the
// memory is --working-set (at least one buffer), never more.
inline constexpr std::size_t kRingAlignment = 128; // POWER's cache line
std::size_t ring_stride(std::size_t size);
std::size_t ring_count(std::size_t size, const BenchSettings &settings);

// Bytes the buffers of `threads` threads take at the largest size.
std::uint64_t bench_memory(const std::vector<std::size_t> &sizes, const BenchSettings &settings,
                           unsigned threads);

// The pre-flight check: throws ToolError (runtime) when `need` exceeds what
// the kernel says is available (nullopt: unknown, not checked). `what`
// starts the message (e.g. "--working-set 1G with 4 threads").
void check_bench_memory(std::uint64_t need, std::optional<std::uint64_t> available,
                        const std::string &what);

// The pieces one operation sends in stream mode (empty in digest mode).
std::vector<std::size_t> stream_pieces(std::size_t size, const BenchSettings &settings);

} // namespace crcbench
