// two_threads/<how>/N: what a second thread can give on this machine, written
// by hand, as the ceiling for the parallel executor's speed-up (quads_frame,
// bench/games.cpp). The work is quads' heaviest system, UpdateModels: each of
// N quads' model matrix from its position and angle (a sine, a cosine and a
// 64-byte store), over plain arrays.
//
// serial   one thread does all N
// split    the calling thread does half, and a partner thread the other half;
//          the partner never sleeps: it spins on a counter between frames,
//          so a frame pays no wake-up, only the hand-off through one cache
//          line: the best case a hand-written engine gets, which a thread
//          pool that lets its workers sleep (oneTBB) cannot beat
//
// split over serial is the speed-up this machine gives the work: on a
// 2-core virtual machine whose cores share more than caches, less than 2.
#include <array>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <vector>

#include <benchmark/benchmark.h>

namespace {

struct quads {
    std::vector<float> x, y, radians;
    std::vector<std::array<float, 16>> model;

    explicit quads(std::size_t n) : x(n), y(n), radians(n), model(n) {
        for (std::size_t i = 0; i < n; ++i) {
            x[i] = static_cast<float>(i % 100);
            y[i] = static_cast<float>(i / 100 % 100);
            radians[i] = 0.01f * static_cast<float>(i % 628); // the angles of bench/stress_quads
        }
    }

    void update_models(std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            const float c = std::cos(radians[i]);
            const float s = std::sin(radians[i]);
            model[i] = {c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, x[i], y[i], 0, 1};
        }
    }
};

void two_threads_serial(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    quads scene{n};
    for (auto _ : state) {
        scene.update_models(0, n);
        benchmark::DoNotOptimize(scene.model.data());
    }
    state.counters["entities"] = static_cast<double>(n);
}

// A thread that runs the first half of each frame when the frame counter
// moves, and says so through done.
class spinning_partner {
public:
    explicit spinning_partner(quads& scene, std::size_t half)
        : thread_{[this, &scene, half] {
              std::uint64_t seen = 0;
              while (true) {
                  const std::uint64_t now = frame_.load(std::memory_order_acquire);
                  if (now == stop) {
                      return;
                  }
                  if (now != seen) {
                      seen = now;
                      scene.update_models(0, half);
                      done_.store(now, std::memory_order_release);
                  }
              }
          }} {}

    spinning_partner(const spinning_partner&) = delete;
    spinning_partner& operator=(const spinning_partner&) = delete;

    ~spinning_partner() {
        frame_.store(stop, std::memory_order_release);
        thread_.join();
    }

    void start(std::uint64_t frame) { frame_.store(frame, std::memory_order_release); }

    void wait(std::uint64_t frame) const {
        while (done_.load(std::memory_order_acquire) != frame) {
        }
    }

private:
    static constexpr std::uint64_t stop = ~std::uint64_t{0};
    alignas(64) std::atomic<std::uint64_t> frame_{0};
    alignas(64) std::atomic<std::uint64_t> done_{0};
    std::thread thread_;
};

void two_threads_split(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    quads scene{n};
    spinning_partner partner{scene, n / 2};
    std::uint64_t frame = 0;
    for (auto _ : state) {
        partner.start(++frame);
        scene.update_models(n / 2, n);
        partner.wait(frame);
        benchmark::DoNotOptimize(scene.model.data());
    }
    state.counters["entities"] = static_cast<double>(n);
}

void quad_counts(benchmark::internal::Benchmark* benchmark) {
    for (const std::int64_t n : {10'000, 100'000, 1'000'000}) {
        benchmark->Arg(n);
    }
}

} // namespace

BENCHMARK(two_threads_serial)->Name("two_threads/serial")->Apply(quad_counts)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(two_threads_split)->Name("two_threads/split")->Apply(quad_counts)->Unit(benchmark::kMicrosecond)->UseRealTime();
