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

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

namespace crcbench {

// An owning, aligned, zero-initialised byte buffer (allocated once, outside
// any measuring loop).
class AlignedBuffer {
  public:
    AlignedBuffer() = default;
    AlignedBuffer(std::size_t size, std::size_t alignment) : size_(size) {
        std::size_t rounded = (size + alignment - 1) / alignment * alignment;
        if (rounded == 0)
            rounded = alignment;
        void *p = std::aligned_alloc(alignment, rounded);
        if (p == nullptr)
            throw std::bad_alloc();
        data_.reset(static_cast<std::uint8_t *>(p));
        std::fill_n(data_.get(), rounded, std::uint8_t{0});
    }

    std::uint8_t *data() { return data_.get(); }
    const std::uint8_t *data() const { return data_.get(); }
    std::size_t size() const { return size_; }
    std::span<std::uint8_t> span() { return {data_.get(), size_}; }
    std::span<std::uint8_t> subspan(std::size_t offset, std::size_t length) {
        return span().subspan(offset, length);
    }

  private:
    struct Free {
        void operator()(std::uint8_t *p) const { std::free(p); }
    };
    std::unique_ptr<std::uint8_t, Free> data_;
    std::size_t size_ = 0;
};

// The benchmark's worker threads: created once per run, each pinned once to
// its own CPU as its first act, then reused for every job (every warm-up and
// trial of every driver and size). So the thread that first touches a
// buffer is the one that hashes it in every later job, on the same CPU.
// The CPUs of the calling thread's affinity mask, ascending (the CPUs this
// process may run on). Empty when it cannot be read.
std::vector<unsigned> allowed_cpus();

// Worker t's CPU: cpus[t % cpus.size()] (--cpus, or allowed_cpus() without it).
unsigned worker_cpu(const std::vector<unsigned> &cpus, std::size_t t);

// The list the pool's workers are pinned by: --cpus when given, else
// allowed_cpus() (empty: it cannot be read, the workers are not pinned).
std::vector<unsigned> pool_cpus(const std::vector<unsigned> &requested);

// The CPUs `threads` workers pinned by worker_cpu(pool, t) occupy,
// ascending: the first `threads` of the pool (all of it when there are
// fewer CPUs than threads).
std::vector<unsigned> occupied_cpus(const std::vector<unsigned> &pool, unsigned threads);

// Pins the calling thread to one CPU. Throws ToolError (runtime).
void pin_to(unsigned cpu);

class WorkerPool {
  public:
    using Job = std::function<void(std::size_t worker)>;

    // Starts `count` threads, worker t pinned to worker_cpu(cpus, t) (not
    // pinned when cpus is empty); `on_start` runs in each new thread after
    // pinning (a testing seam). Returns once all of them are pinned. Throws
    // ToolError when a thread cannot be created or pinned (the threads
    // started so far are ended first).
    WorkerPool(std::size_t count, const std::vector<unsigned> &cpus,
               const std::function<void(std::size_t worker)> &on_start = {});
    ~WorkerPool();
    WorkerPool(const WorkerPool &) = delete;
    WorkerPool &operator=(const WorkerPool &) = delete;

    std::size_t size() const { return count_; }

    // Runs job(t) in every worker t; returns at once. One job at a time.
    void start(Job job);
    // Waits for the job started last to end in every worker; rethrows the
    // first exception a worker's job threw (in worker order).
    void wait();

  private:
    void loop(std::size_t t, unsigned cpu, bool pin,
              const std::function<void(std::size_t)> &on_start);
    void stop_all();

    std::size_t count_;
    std::mutex m_;
    std::condition_variable wake_, done_;
    Job job_;
    std::uint64_t generation_ = 0; // of the job last started
    std::size_t ready_ = 0;        // threads pinned (or failed to)
    std::size_t busy_ = 0;         // workers still in the current job
    bool quit_ = false;
    std::vector<std::exception_ptr> errors_; // per worker: of pinning, then of the job
    std::vector<std::thread> threads_;       // last: ended before the rest goes
};

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
