// fixed2_text: equal to printf's "%.2f" wherever it answers, and it answers for the
// percentages report prints (ratios of 64-bit periods).
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>

#include "base/fixed2_text.h"

namespace cperf {
namespace {

void expect_as_printf(double x) {
  char want[64], got[16];
  std::snprintf(want, sizeof(want), "%.2f", x);
  size_t n = fixed2_text(x, got);
  if (n) {
    EXPECT_EQ(std::string(got, n), want) << x;
  }
}

TEST(Fixed2Text, EqualsPrintf) {
  for (double x : {0.0, 0.004, 0.005, 0.0049999, 0.015, 0.125, 0.995, 1.0, 9.995, 99.995, 100.0, 12.345,
                   999999.99, 0.1 + 0.2})
    expect_as_printf(x);
  std::mt19937_64 rng(33);
  for (int i = 0; i < 2000000; ++i) {
    uint64_t total = rng() % 100000000000ull + 1;
    uint64_t v = rng() % (total + 1);
    expect_as_printf(static_cast<double>(v) * 100.0 / static_cast<double>(total));
  }
  for (int i = 0; i < 200000; ++i) expect_as_printf(static_cast<double>(i) / 1000.0);
  for (int i = 0; i < 200000; ++i) expect_as_printf(static_cast<double>(i) / 200.0 + 0.005);
}

TEST(Fixed2Text, DeclinesOutsideItsRange) {
  char out[16];
  EXPECT_EQ(fixed2_text(-0.0, out), 0u);
  EXPECT_EQ(fixed2_text(-1.0, out), 0u);
  EXPECT_EQ(fixed2_text(1e6, out), 0u);
  EXPECT_EQ(fixed2_text(0.125, out), 0u);  // an exact tie: printf's rounding decides
  EXPECT_EQ(fixed2_text(0.0, out), 4u);
}

}  // namespace
}  // namespace cperf
