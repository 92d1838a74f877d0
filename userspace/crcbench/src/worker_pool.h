// SPDX-License-Identifier: GPL-2.0-only
//
// The benchmark's worker threads: created once per run, each pinned once to
// its own CPU as its first act, then reused for every job (every warm-up and
// trial of every driver and size). So the thread that first touches a
// buffer is the one that hashes it in every later job, on the same CPU.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace crcbench {

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

} // namespace crcbench
