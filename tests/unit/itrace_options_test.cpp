// --itrace strings: the verdicts are perf 7.2's (`perf script --itrace=S` exit 0 or 129, run
// on this machine when the test was written).
#include <gtest/gtest.h>

#include "format/itrace_options.h"

namespace cperf {
namespace {

TEST(ItraceOptions, AcceptsWhatPerfAccepts) {
  for (const char* s : {"", "i", "i100", "i100ns", "i10us", "i1ms", "i5i", "i5t", "i10ms", "y", "y20us",
                        "iybxwpe", "ce", "cr", "g", "g16", "G", "G8", "l", "l64", "s100", "e+o",
                        "e+o-l", "e+x", "d+a", "d+a+e+o", "d+x", "Z", "T", "A", "I", "q", "qq", "M",
                        "f", "m", "t", "a", "o", "p", "w", "i 100 us", "i,100,us", "i0nss1000000",
                        "i100,i", "ig4l8"})
    EXPECT_TRUE(itrace_options_valid(s)) << s;
}

TEST(ItraceOptions, RefusesWhatPerfRefuses) {
  for (const char* s : {"i10x", "i10m", "g0", "g1025", "L0", "s", "e-", "K", "h", "xyz"})
    EXPECT_FALSE(itrace_options_valid(s)) << s;
}

}  // namespace
}  // namespace cperf
