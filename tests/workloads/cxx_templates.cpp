// Template code inlined into main (std::generate_n, std::sort, a random engine): a PIE whose
// main lies below 0x10000, where perf 7.2 asks binutils' addr2line for inline frames
// (tests/e2e/cxx_inline_frames.sh). Runs for about SECONDS (default 1).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

template <typename T> T sum_of_squares(const std::vector<T>& v) {
  T s{};
  for (auto x : v) s += x * x;
  return s;
}

int main(int argc, char** argv) {
  const double seconds = argc > 1 ? std::atof(argv[1]) : 1.0;
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  std::mt19937 rng(42);
  std::vector<double> v(200000);
  double total = 0;
  while (std::chrono::steady_clock::now() < end) {
    std::generate_n(v.begin(), v.size(), [&] { return std::uniform_real_distribution<double>(0, 1)(rng); });
    std::sort(v.begin(), v.end());
    total += sum_of_squares(v);
  }
  std::printf("%f\n", total);
  return 0;
}
