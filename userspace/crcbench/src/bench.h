// SPDX-License-Identifier: GPL-2.0-only
//
// The measuring loop of `run`: per size, warm-up, then trials with the
// drivers interleaved, so they are measured under the same conditions.
// Each pinned worker owns its hashers and the buffers it alone first
// touches and hashes; the loop allocates nothing and checks every result.
#pragma once

#include "cli.h"
#include "hasher.h"
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

class AlignedBuffer {
  public:
    AlignedBuffer() = default;
    AlignedBuffer(std::size_t size, std::size_t alignment) : size_(size) {
        const std::size_t rounded =
            std::max(alignment, (size + alignment - 1) / alignment * alignment);
        void *p = std::aligned_alloc(alignment, rounded);
        if (p == nullptr)
            throw std::bad_alloc();
        data_.reset(static_cast<std::uint8_t *>(p));
        std::fill_n(data_.get(), rounded, std::uint8_t{0});
    }

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

// The calling thread's affinity mask, ascending; empty when unreadable.
std::vector<unsigned> allowed_cpus();

// Worker t's CPU: cpus[t % cpus.size()] (--cpus, or allowed_cpus() without it).
unsigned worker_cpu(const std::vector<unsigned> &cpus, std::size_t t);

// --cpus, else allowed_cpus() (empty: not pinned).
std::vector<unsigned> pool_cpus(const std::vector<unsigned> &requested);

// The CPUs `threads` workers occupy, ascending.
std::vector<unsigned> occupied_cpus(const std::vector<unsigned> &pool, unsigned threads);

// Created once per run and each worker pinned as its first act, so the
// thread that first touches a buffer hashes it in every later job.
class WorkerPool {
  public:
    using Job = std::function<void(std::size_t worker)>;

    // Returns once all are pinned; on_start (a testing seam) runs in each.
    WorkerPool(std::size_t count, const std::vector<unsigned> &cpus,
               const std::function<void(std::size_t worker)> &on_start = {});
    ~WorkerPool();
    WorkerPool(const WorkerPool &) = delete;
    WorkerPool &operator=(const WorkerPool &) = delete;

    std::size_t size() const { return count_; }

    void start(Job job);
    // Rethrows the first exception a worker's job threw (in worker order).
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
    std::size_t busy_ = 0;         // workers still pinning, or in the current job
    bool quit_ = false;
    std::vector<std::exception_ptr> errors_; // per worker: of pinning, then of the job
    std::vector<std::thread> threads_;       // last: ended before the rest goes
};

// --min-runs / --max-runs, as hyperfine's run count.
struct RunBounds {
    unsigned min = 10; // hyperfine's default
    unsigned max = 1000;
};

// hyperfine's minimum benchmarking time.
inline constexpr std::chrono::seconds kRunBudget{3};

// From the fastest driver's first trial: enough for every driver's trials
// to fill kRunBudget (paired drivers share one count).
unsigned bounded_trials(double fastest, const RunBounds &bounds);

struct BenchSettings : BenchParams {
    CrcAlg alg = CrcAlg::crc32c;
    unsigned threads = 1;
    // Set: each size runs bounded_trials() trials, from its first round.
    std::optional<RunBounds> run_bounds;
    std::uint64_t seed = 1; // buffer contents
    // Testing seams: in the thread that touches a buffer, after allocating
    // (its first touch) and after filling it; in each new pinned worker.
    std::function<void(std::span<const std::uint8_t>, bool allocated)> on_buffer_touched;
    std::function<void(std::size_t worker)> on_worker_started;
};

struct TrialSample {
    double seconds = 0; // first thread start to last thread end
    std::uint64_t bytes = 0;
    std::uint64_t ops = 0;
    // Summed over the threads: system time is where AF_ALG's kernel side hashes.
    double user_s = 0;
    double system_s = 0;

    double bytes_per_s() const { return seconds > 0 ? static_cast<double>(bytes) / seconds : 0; }
};

struct CellResult {
    std::string driver;
    std::size_t size = 0;
    std::vector<TrialSample> trials;
    std::uint64_t checked_ops = 0; // warm-up included
    std::uint64_t mismatches = 0;
    std::optional<Mismatch> first_mismatch;
};

using BenchProgress = std::function<void(std::size_t, std::size_t, const std::string &)>;

// Results by size, then driver. After SIGINT/SIGTERM it returns the trials
// every driver of a size completed.
std::vector<CellResult> run_bench(const std::vector<std::string> &drivers,
                                  const std::vector<std::size_t> &sizes,
                                  const BenchSettings &settings, const HasherFactory &factory,
                                  const BenchProgress &progress = {});

// A thread's buffers of one size: ring_count() slices ring_stride() apart
// (a cache line multiple) in one allocation: --working-set, never more.
inline constexpr std::size_t kRingAlignment = 128; // POWER's cache line
std::size_t ring_stride(std::size_t size);
std::size_t ring_count(std::size_t size, const BenchSettings &settings);

std::uint64_t bench_memory(const std::vector<std::size_t> &sizes, const BenchSettings &settings,
                           unsigned threads);

// Throws when `need` exceeds MemAvailable (nullopt: not checked).
void check_bench_memory(std::uint64_t need, std::optional<std::uint64_t> available,
                        const std::string &what);

std::vector<std::size_t> stream_pieces(std::size_t size, const BenchSettings &settings);

} // namespace crcbench
